#!/usr/bin/env bash
# Build the Agent Desktop Flatpak from this checkout and install it for the current user.
#
#   packaging/flatpak/build-flatpak.sh             build and install (flatpak run io.github.agent_desktop.AgentDesktop)
#   packaging/flatpak/build-flatpak.sh --bundle    also write packaging/dist/agent-desktop.flatpak
#
# Needs: flatpak, flatpak-builder, uv, and the Flathub remote for the KDE runtime
#   flatpak remote-add --user --if-not-exists flathub https://dl.flathub.org/repo/flathub.flatpakrepo
# Everything the build writes stays in the ignored folders packaging/build/ and packaging/dist/.
set -euo pipefail

app_id="io.github.agent_desktop.AgentDesktop"
make_bundle=0
for argument in "$@"; do
    case "$argument" in
        --bundle) make_bundle=1 ;;
        -h | --help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown option '$argument' (see --help)" >&2; exit 2 ;;
    esac
done

cd "$(dirname "$0")/../.."
for tool in uv flatpak flatpak-builder; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "error: $tool is not installed (Debian/Ubuntu: apt install flatpak flatpak-builder; uv: pip install uv)" >&2
        exit 1
    fi
done

work="packaging/build/flatpak"
rm -rf "$work/wheels"
# The app and every first-party plugin as wheels (the manifest installs them with pip).
uv build --all-packages --wheel --quiet --out-dir "$work/wheels"
# Third-party wheels (URL + sha256) from uv.lock, for the runtime's Python.
uv run --no-sync python packaging/flatpak/generate_python_dependencies.py

flatpak-builder --user --install-deps-from=flathub --force-clean --install \
    --state-dir "$work/state" --repo "$work/repo" "$work/build-dir" "packaging/flatpak/$app_id.yml"

if ((make_bundle)); then
    mkdir -p packaging/dist
    flatpak build-bundle --runtime-repo=https://dl.flathub.org/repo/flathub.flatpakrepo \
        "$work/repo" "packaging/dist/agent-desktop.flatpak" "$app_id"
    echo "bundle: packaging/dist/agent-desktop.flatpak"
fi
echo "installed; start it with: flatpak run $app_id"
