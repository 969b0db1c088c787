"""The Flatpak manifest: accepted by flatpak-builder, complete, consistent with the project.

No Flatpak is built here (no Flatpak remote is reachable); `flatpak-builder --show-manifest`
parses the manifest and its included module files, the wheel list is regenerated from uv.lock to
prove every run-time dependency has a wheel for the runtime's Python on each architecture, and
the app module's install commands run into a temporary prefix whose desktop files must validate.
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name, parse_wheel_filename

from tests.packaging.bundle_build import load_packaging_module

REPO = Path(__file__).resolve().parents[2]
FLATPAK_DIR = REPO / "packaging" / "flatpak"
APP_ID = "io.github.agent_desktop.AgentDesktop"
MANIFEST = FLATPAK_DIR / f"{APP_ID}.yml"
GENERATOR = FLATPAK_DIR / "generate_python_dependencies.py"
ARCHES = ("x86_64", "aarch64")


@pytest.fixture(scope="module")
def shown_manifest() -> dict:
    result = subprocess.run(
        ["flatpak-builder", "--show-manifest", str(MANIFEST)],
        cwd=FLATPAK_DIR,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    # Unknown keys only produce a warning; the manifest must have none.
    assert "WARNING" not in result.stderr, result.stderr
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def generated_module(tmp_path_factory) -> dict:
    output = tmp_path_factory.mktemp("flatpak") / "python3-dependencies.json"
    result = subprocess.run(
        ["uv", "run", "--no-sync", "python", str(GENERATOR), "--output", str(output)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(output.read_text())


def test_manifest_names_the_app_its_runtime_and_its_command(shown_manifest):
    metainfo_id = ET.parse(REPO / "resources" / f"{APP_ID}.metainfo.xml").getroot().findtext("id")
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    assert shown_manifest["id"] == APP_ID == metainfo_id
    assert shown_manifest["runtime"] == "org.kde.Platform"
    assert shown_manifest["sdk"] == "org.kde.Sdk"
    assert shown_manifest["command"] in scripts
    assert "--share=network" in shown_manifest["finish-args"]
    assert "--socket=wayland" in shown_manifest["finish-args"]


def test_manifest_includes_the_python_wheels_module(shown_manifest):
    names = [module["name"] for module in shown_manifest["modules"]]
    assert names == ["python3-dependencies", "agent-desktop"]
    wheels = shown_manifest["modules"][0]["sources"]
    assert wheels
    for source in wheels:
        assert source["url"].startswith("https://files.pythonhosted.org/"), source
        assert re.fullmatch(r"[0-9a-f]{64}", source["sha256"]), source


def test_every_resource_the_build_commands_install_exists(shown_manifest):
    commands = " ".join(shown_manifest["modules"][1]["build-commands"])
    paths = set(re.findall(r"\bresources/[\w./${}-]+", commands))
    assert paths, "the app module installs no resources"
    sizes = re.search(r"for size in ([\d ]+);", commands)
    assert sizes is not None
    for path in paths:
        concrete = path.replace("${FLATPAK_ID}", APP_ID).rstrip("/")
        for size in sizes.group(1).split() if "${size}" in concrete else [""]:
            target = REPO / concrete.replace("${size}", size)
            assert target.exists(), f"the manifest installs {target}, which does not exist"


def test_committed_wheel_module_has_the_generated_shape(generated_module):
    committed = json.loads((FLATPAK_DIR / "python3-dependencies.json").read_text())
    assert committed["name"] == generated_module["name"] == "python3-dependencies"
    assert committed["build-commands"] == generated_module["build-commands"]


def test_generated_wheels_cover_every_runtime_dependency_on_each_arch(generated_module):
    available: dict[str, set[str]] = {arch: set() for arch in ARCHES}
    for source in generated_module["sources"]:
        filename = source["url"].rsplit("/", 1)[-1]
        name = canonicalize_name(parse_wheel_filename(filename)[0])
        for arch in source.get("only-arches", ARCHES):
            assert arch in filename or "none-any" in filename, filename
            available[arch].add(name)

    generator = load_packaging_module("flatpak/generate_python_dependencies.py")
    pins = generator.runtime_pins()
    for arch in ARCHES:
        environment = generator.marker_environment(arch)
        needed = {
            pin.name for pin in pins if pin.marker is None or pin.marker.evaluate(environment)
        }
        assert {"pyside6-essentials", "shiboken6", "qasync", "keyring"} <= needed
        assert needed <= available[arch], f"{arch}: no wheel for {needed - available[arch]}"


def test_app_module_installs_a_valid_desktop_integration_tree(shown_manifest, tmp_path):
    """Run the app module's install commands (all but pip) as flatpak-builder would."""
    build_dir = tmp_path / "build"
    build_dir.mkdir()
    shutil.copytree(REPO / "resources", build_dir / "resources")
    app = tmp_path / "app"
    environment = {**os.environ, "FLATPAK_DEST": str(app), "FLATPAK_ID": APP_ID}
    for command in shown_manifest["modules"][1]["build-commands"]:
        if command.startswith("pip3 "):
            continue  # installs the wheels; needs the runtime's Python
        result = subprocess.run(
            ["bash", "-e", "-c", command],
            cwd=build_dir,
            env=environment,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert result.returncode == 0, f"{command}\n{result.stderr}"

    desktop_file = app / "share" / "applications" / f"{APP_ID}.desktop"
    assert f"Icon={APP_ID}" in desktop_file.read_text().splitlines()
    for size in ("16x16", "48x48", "512x512"):
        assert (app / "share" / "icons" / "hicolor" / size / "apps" / f"{APP_ID}.png").is_file()
    assert (app / "share" / "mime" / "packages" / f"{APP_ID}.xml").is_file()
    assert (app / "lib" / "python3.12" / "resources" / "themes").is_dir()
    metainfo = ET.parse(app / "share" / "metainfo" / f"{APP_ID}.metainfo.xml").getroot()
    assert metainfo.findtext("launchable") == f"{APP_ID}.desktop"
    validation = subprocess.run(
        ["appstreamcli", "validate-tree", "--no-net", "--no-color", str(app)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert validation.returncode == 0, validation.stdout
    desktop_validation = subprocess.run(
        ["desktop-file-validate", str(desktop_file)], capture_output=True, text=True, check=False
    )
    assert desktop_validation.returncode == 0, desktop_validation.stdout


def test_the_cleanup_keeps_what_the_mcp_app_view_helper_runs(shown_manifest):
    """The view helper loads QtWebEngine: its renderer program and resources stay."""
    kept = [
        "/lib/python3.12/site-packages/PySide6/Qt/libexec/QtWebEngineProcess",
        "/lib/python3.12/site-packages/PySide6/Qt/lib/libQt6WebEngineCore.so.6",
        "/lib/python3.12/site-packages/PySide6/Qt/resources/qtwebengine_resources.pak",
        "/lib/python3.12/site-packages/PySide6/QtWebEngineWidgets.abi3.so",
    ]
    for path in kept:
        removed_by = [
            pattern
            for pattern in shown_manifest.get("cleanup", [])
            if fnmatch.fnmatch(path, pattern) or path.startswith(pattern.rstrip("/") + "/")
        ]
        assert not removed_by, f"{path} is cleaned up by {removed_by}"
