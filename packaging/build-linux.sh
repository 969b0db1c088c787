#!/usr/bin/env bash
# Build the one-folder Linux bundle of Agent Desktop from a checkout (needs only uv and network
# access to PyPI; PyInstaller is fetched for the build and never added to the project).
#
#   packaging/build-linux.sh             build packaging/dist/agent-desktop/ and print its size
#   packaging/build-linux.sh --test      ... then run the packaging smoke test on it
#   packaging/build-linux.sh --archive   ... and pack it as packaging/dist/agent-desktop-<version>-linux-<arch>.tar.gz
#
# Everything the build writes stays in the ignored folders packaging/build/ and packaging/dist/.
set -euo pipefail

PYINSTALLER_VERSION="6.22.3"
HOOKS_CONTRIB_VERSION="2026.9"

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
}

run_test=0
make_archive=0
for argument in "$@"; do
    case "$argument" in
        --test) run_test=1 ;;
        --archive) make_archive=1 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "error: unknown option '$argument' (see --help)" >&2; exit 2 ;;
    esac
done

cd "$(dirname "$0")/.."
if ! command -v uv >/dev/null 2>&1; then
    echo "error: uv is not installed; install it with 'pip install uv' and run again" >&2
    exit 1
fi

bundle="packaging/dist/agent-desktop"
mkdir -p packaging/build
# One build at a time in this checkout (several test runs may ask for a fresh bundle at once).
exec 9>packaging/build/build.lock
flock 9
# PyInstaller keeps a cache of analysed binaries; keep it inside the ignored build folder.
export PYINSTALLER_CONFIG_DIR="$PWD/packaging/build/pyinstaller-cache"
# The Qt hooks start Qt while analysing; no display is needed for that.
export QT_QPA_PLATFORM=offscreen

uv sync --quiet
fingerprint="$(uv run --no-sync python packaging/bundle_fingerprint.py)"
started=$(date +%s)
uv run --no-sync \
    --with "pyinstaller==${PYINSTALLER_VERSION}" \
    --with "pyinstaller-hooks-contrib==${HOOKS_CONTRIB_VERSION}" \
    pyinstaller --noconfirm --log-level WARN \
    --distpath packaging/dist --workpath packaging/build/work \
    packaging/pyinstaller/agent-desktop.spec
finished=$(date +%s)
printf '%s\n' "$fingerprint" >packaging/build/bundle.fingerprint

webengine_files="$(find "$bundle" -iname '*webengine*' | head -5)"
if [[ -n "$webengine_files" ]]; then
    echo "error: the bundle contains QtWebEngine files, which must stay out:" >&2
    echo "$webengine_files" >&2
    exit 1
fi

size_bytes=$(du -sb "$bundle" | cut -f1)
file_count=$(find "$bundle" -type f | wc -l)
echo "bundle: $bundle"
echo "bundle size: $((size_bytes / 1024 / 1024)) MiB unpacked (${size_bytes} bytes, ${file_count} files)"
echo "built in $((finished - started)) s"

if ((make_archive)); then
    version="$("$bundle/agent-desktop" --version | grep -oE '[0-9]+(\.[0-9]+)+' | head -1)"
    archive="packaging/dist/agent-desktop-${version:-unknown}-linux-$(uname -m).tar.gz"
    tar -C packaging/dist -czf "$archive" agent-desktop
    echo "archive: $archive ($(($(stat -c %s "$archive") / 1024 / 1024)) MiB)"
fi

exec 9>&- # release the build lock: the test may need to rebuild if sources changed meanwhile
if ((run_test)); then
    uv run --no-sync pytest tests/packaging -m packaging -q
fi
