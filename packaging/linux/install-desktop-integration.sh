#!/bin/sh
# Add Agent Desktop from this unpacked bundle to your application menu (for your user only):
# menu entry, icon, the file type of exported sessions, and the `agent-desktop` command.
#
#   ./install-desktop-integration.sh              install into ~/.local (XDG_DATA_HOME)
#   ./install-desktop-integration.sh --uninstall  remove what the install added
#
# Run it again after moving the bundle folder: the menu entry points at this folder.
set -eu

bundle_dir=$(cd "$(dirname "$0")" && pwd)
binary="$bundle_dir/agent-desktop"
resources="$bundle_dir/resources"
data_home="${XDG_DATA_HOME:-$HOME/.local/share}"
bin_dir="${AGENT_DESKTOP_BIN_DIR:-$HOME/.local/bin}"
app_name="agent-desktop"
metainfo_name="io.github.agent_desktop.AgentDesktop.metainfo.xml"

refresh_caches() {
    # Optional helpers: without them the desktop picks the files up at the next login.
    if command -v update-mime-database >/dev/null 2>&1; then
        update-mime-database "$data_home/mime" >/dev/null 2>&1 || true
    fi
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database "$data_home/applications" >/dev/null 2>&1 || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache --quiet "$data_home/icons/hicolor" >/dev/null 2>&1 || true
    fi
}

icon_files() {
    (cd "$resources/icons" && find hicolor -path "*/apps/$app_name.*" -type f)
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$data_home/applications/$app_name.desktop" \
        "$data_home/mime/packages/$app_name.xml" \
        "$data_home/metainfo/$metainfo_name"
    for icon in $(icon_files); do
        rm -f "$data_home/icons/$icon"
    done
    if [ -L "$bin_dir/$app_name" ]; then
        rm -f "$bin_dir/$app_name"
    fi
    refresh_caches
    echo "Agent Desktop's menu entry, icon and file type were removed."
    exit 0
fi
if [ -n "${1:-}" ]; then
    echo "error: unknown option '$1'; use no option to install or --uninstall to remove" >&2
    exit 2
fi
if [ ! -x "$binary" ] || [ ! -d "$resources" ]; then
    echo "error: run this script from the unpacked Agent Desktop bundle folder" \
        "(expected $binary and $resources)" >&2
    exit 1
fi

mkdir -p "$data_home/applications" "$data_home/mime/packages" "$data_home/metainfo" "$bin_dir"
# The menu entry names the binary by its absolute path: ~/.local/bin may not be on PATH.
sed -e "s|^Exec=$app_name|Exec=\"$binary\"|" -e "s|^TryExec=$app_name|TryExec=$binary|" \
    "$resources/$app_name.desktop" >"$data_home/applications/$app_name.desktop"
cp "$resources/mime/$app_name.xml" "$data_home/mime/packages/$app_name.xml"
cp "$resources/$metainfo_name" "$data_home/metainfo/$metainfo_name"
for icon in $(icon_files); do
    mkdir -p "$(dirname "$data_home/icons/$icon")"
    cp "$resources/icons/$icon" "$data_home/icons/$icon"
done
ln -sfn "$binary" "$bin_dir/$app_name"
refresh_caches
echo "Agent Desktop is in your application menu; the command is $bin_dir/$app_name."
