"""Desktop integration files in resources/: valid by the freedesktop validators, and consistent.

The validators run as real subprocesses (`desktop-file-validate` from desktop-file-utils,
`appstreamcli` from appstream, `update-mime-database` from shared-mime-info; .ci/run installs
them). These tests need no bundle and stay fast.
"""

from __future__ import annotations

import configparser
import os
import struct
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RESOURCES = REPO / "resources"
DESKTOP_FILE = RESOURCES / "agent-desktop.desktop"
APP_ID = "io.github.agent_desktop.AgentDesktop"
METAINFO = RESOURCES / f"{APP_ID}.metainfo.xml"
MIME_XML = RESOURCES / "mime" / "agent-desktop.xml"
SESSION_MIME_TYPE = "application/x-agent-desktop-session+json"
HICOLOR = RESOURCES / "icons" / "hicolor"
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def run_tool(*command: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, timeout=60, check=False
    )


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(DESKTOP_FILE, encoding="utf-8")
    return parser["Desktop Entry"]


def metainfo() -> ET.Element:
    return ET.parse(METAINFO).getroot()


def project() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text())["project"]


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG file"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def test_desktop_file_passes_desktop_file_validate():
    result = run_tool("desktop-file-validate", DESKTOP_FILE)
    assert result.returncode == 0, result.stdout + result.stderr
    # Hints are printed with exit code 0; none are expected either.
    assert result.stdout.strip() == "", result.stdout


def test_metainfo_passes_appstreamcli_validate():
    result = run_tool("appstreamcli", "validate", "--no-net", "--no-color", METAINFO)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Validation was successful" in result.stdout


def test_installed_tree_passes_appstreamcli_validate_tree(tmp_path):
    """Desktop file, metainfo and icon installed the way a distribution package lays them out."""
    share = tmp_path / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    (share / "metainfo").mkdir()
    (share / "applications" / DESKTOP_FILE.name).write_bytes(DESKTOP_FILE.read_bytes())
    (share / "metainfo" / METAINFO.name).write_bytes(METAINFO.read_bytes())
    for size in (64, 128):
        icon = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "agent-desktop.png"
        icon.parent.mkdir(parents=True)
        icon.write_bytes((HICOLOR / f"{size}x{size}" / "apps" / "agent-desktop.png").read_bytes())

    result = run_tool("appstreamcli", "validate-tree", "--no-net", "--no-color", tmp_path)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "Validation was successful" in result.stdout


def test_metainfo_matches_the_desktop_file_the_project_and_the_mime_type():
    root = metainfo()
    entry = desktop_entry()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable[@type='desktop-id']") == DESKTOP_FILE.name
    assert root.findtext("icon[@type='stock']") == entry["Icon"]
    assert root.findtext("name") == entry["Name"]
    assert root.findtext("provides/binary") in project()["scripts"]
    assert root.findtext("provides/mediatype") == SESSION_MIME_TYPE
    assert root.findtext("project_license") == project()["license"]["text"]
    newest_release = root.find("releases/release")
    assert newest_release is not None
    assert newest_release.get("version") == project()["version"]


def test_metainfo_screenshots_are_shipped_in_resources():
    images = list(metainfo().iterfind("screenshots/screenshot/image"))
    assert images, "the metainfo lists no screenshot"
    for image in images:
        url = image.text or ""
        shipped = RESOURCES / "screenshots" / url.rsplit("/", 1)[-1]
        assert shipped.is_file(), f"{url} has no file in resources/screenshots/"
        assert png_size(shipped) == (int(image.get("width", 0)), int(image.get("height", 0)))


def test_desktop_file_launches_the_project_script_and_opens_exported_sessions():
    entry = desktop_entry()
    command = entry["Exec"].split()[0]
    assert command in project()["scripts"]
    assert entry["TryExec"] == command
    assert "%F" in entry["Exec"].split() or "%f" in entry["Exec"].split()
    assert SESSION_MIME_TYPE in entry["MimeType"].split(";")


def test_session_mime_type_registers_with_update_mime_database(tmp_path):
    (tmp_path / "packages").mkdir()
    (tmp_path / "packages" / MIME_XML.name).write_bytes(MIME_XML.read_bytes())

    result = run_tool("update-mime-database", tmp_path)

    # update-mime-database reports bad definitions on stderr but still exits 0.
    assert result.returncode == 0, result.stderr
    assert "Error" not in result.stderr, result.stderr
    globs = (tmp_path / "globs2").read_text().splitlines()
    assert f"60:{SESSION_MIME_TYPE}:*.agent-session.json" in globs
    subclasses = (tmp_path / "subclasses").read_text().splitlines()
    assert f"{SESSION_MIME_TYPE} application/json" in subclasses


# Asks Qt's MIME database (what KDE and Qt file dialogs use) for each file given.
MIME_QUERY = """
import sys
from PySide6.QtCore import QMimeDatabase
database = QMimeDatabase()
print(" ".join(database.mimeTypeForFile(path).name() for path in sys.argv[1:]))
"""


def test_a_real_export_is_recognised_by_name_and_by_content(tmp_path):
    from agent_app.application import AgentApplication
    from agent_app.paths import resolve_paths

    application = AgentApplication(resolve_paths(tmp_path / "data"), plugins=[])
    try:
        session = application.sessions.create_session()
        exported = application.sessions.export_session(session.session_id, "json")
    finally:
        application.close()
    named = tmp_path / "Chat.agent-session.json"
    unnamed = tmp_path / "download"
    plain = tmp_path / "settings.json"
    named.write_text(exported)
    unnamed.write_text(exported)
    plain.write_text('{"theme": "dark"}')
    (tmp_path / "mime" / "packages").mkdir(parents=True)
    (tmp_path / "mime" / "packages" / MIME_XML.name).write_bytes(MIME_XML.read_bytes())
    assert run_tool("update-mime-database", tmp_path / "mime").returncode == 0

    result = subprocess.run(
        [sys.executable, "-c", MIME_QUERY, str(named), str(unnamed), str(plain)],
        env={**os.environ, "XDG_DATA_DIRS": f"{tmp_path}:/usr/share"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [SESSION_MIME_TYPE, SESSION_MIME_TYPE, "application/json"]


def test_mime_xml_declares_exactly_the_session_type():
    types = [node.get("type") for node in ET.parse(MIME_XML).getroot()]
    assert types == [SESSION_MIME_TYPE]
    assert ET.parse(MIME_XML).getroot().tag == f"{MIME_NS}mime-info"


@pytest.mark.parametrize("size", ICON_SIZES)
def test_icon_png_exists_for_each_hicolor_size(size):
    icon = HICOLOR / f"{size}x{size}" / "apps" / f"{desktop_entry()['Icon']}.png"
    assert icon.is_file(), f"missing {icon}; run: uv run python packaging/render_icons.py"
    assert png_size(icon) == (size, size)


def test_scalable_icon_is_an_svg_named_like_the_desktop_icon():
    svg = HICOLOR / "scalable" / "apps" / f"{desktop_entry()['Icon']}.svg"
    root = ET.parse(svg).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 512 512"
