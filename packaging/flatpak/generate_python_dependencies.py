"""Write the Flatpak module that installs Agent Desktop's Python dependencies from PyPI wheels.

flatpak-builder builds offline, so every wheel must be listed with its URL and checksum. This
script takes both from uv.lock (the project's pins): `uv export` names the packages the app needs
at run time (no dev tools, no workspace members), and for each one the best wheel for the
runtime's CPython on each architecture is picked from the lock's wheel list.

    uv run python packaging/flatpak/generate_python_dependencies.py            # rewrite the module
    uv run python packaging/flatpak/generate_python_dependencies.py --output F # write elsewhere

Run it after uv.lock changes (packaging/flatpak/build-flatpak.sh does so before each build).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.tags import Tag, compatible_tags, cpython_tags
from packaging.utils import canonicalize_name, parse_wheel_filename

REPO = Path(__file__).resolve().parents[2]
MODULE_FILE = Path(__file__).resolve().parent / "python3-dependencies.json"
# The Python of the runtime named in the manifest (org.kde.Platform 6.9 is built on the
# freedesktop 24.08 runtime: CPython 3.12, glibc 2.40).
RUNTIME_PYTHON = (3, 12)
RUNTIME_GLIBC_MINOR = 40
ARCHES = ("x86_64", "aarch64")


class NoWheelError(RuntimeError):
    pass


@dataclass(frozen=True)
class Pin:
    name: str
    version: str
    marker: Marker | None


def runtime_pins() -> list[Pin]:
    """The run-time dependencies of the app and its plugins, exactly as locked."""
    exported = subprocess.run(
        [
            "uv",
            "export",
            "--frozen",
            "--no-dev",
            "--no-emit-workspace",
            "--no-hashes",
            "--no-header",
            "--no-annotate",
            "--format",
            "requirements.txt",
        ],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    pins = []
    for line in exported.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", "-")):
            continue
        requirement = Requirement(line)
        (specifier,) = requirement.specifier  # uv export pins each package with ==
        pins.append(Pin(canonicalize_name(requirement.name), specifier.version, requirement.marker))
    return pins


def marker_environment(arch: str) -> dict[str, str]:
    major, minor = RUNTIME_PYTHON
    return {
        "implementation_name": "cpython",
        "implementation_version": f"{major}.{minor}.0",
        "os_name": "posix",
        "platform_machine": arch,
        "platform_python_implementation": "CPython",
        "platform_system": "Linux",
        "python_full_version": f"{major}.{minor}.0",
        "python_version": f"{major}.{minor}",
        "sys_platform": "linux",
    }


def supported_tags(arch: str) -> list[Tag]:
    """Wheel tags the runtime's CPython accepts on `arch`, most preferred first."""
    platforms = [f"manylinux_2_{minor}_{arch}" for minor in range(RUNTIME_GLIBC_MINOR, 16, -1)]
    platforms.append(f"manylinux2014_{arch}")
    if arch == "x86_64":
        platforms += ["manylinux2010_x86_64", "manylinux1_x86_64"]
    abi = f"cp{RUNTIME_PYTHON[0]}{RUNTIME_PYTHON[1]}"
    return [
        *cpython_tags(RUNTIME_PYTHON, abis=[abi], platforms=platforms),
        *compatible_tags(RUNTIME_PYTHON, abi, platforms),
    ]


def locked_wheels() -> dict[tuple[str, str], list[dict]]:
    lock = tomllib.loads((REPO / "uv.lock").read_text())
    return {
        (canonicalize_name(package["name"]), package["version"]): package.get("wheels", [])
        for package in lock["package"]
    }


def best_wheel(wheels: list[dict], tags: list[Tag]) -> dict | None:
    rank = {tag: index for index, tag in enumerate(tags)}
    ranked = []
    for wheel in wheels:
        filename = wheel["url"].rsplit("/", 1)[-1]
        wheel_tags = parse_wheel_filename(filename)[3]
        best = min((rank[tag] for tag in wheel_tags if tag in rank), default=None)
        if best is not None:
            ranked.append((best, filename, wheel))
    return min(ranked, key=lambda item: item[:2])[2] if ranked else None


def flatpak_sources(pins: list[Pin]) -> list[dict]:
    wheels_by_pin = locked_wheels()
    # url -> the architectures that need that wheel (a pure wheel serves all of them)
    chosen: dict[str, dict] = {}
    missing = []
    for pin in pins:
        for arch in ARCHES:
            if pin.marker is not None and not pin.marker.evaluate(marker_environment(arch)):
                continue
            wheel = best_wheel(wheels_by_pin.get((pin.name, pin.version), []), supported_tags(arch))
            if wheel is None:
                missing.append(f"{pin.name}=={pin.version} ({arch})")
                continue
            entry = chosen.setdefault(wheel["url"], {"wheel": wheel, "arches": []})
            entry["arches"].append(arch)
    if missing:
        raise NoWheelError(
            "no wheel in uv.lock fits the Flatpak runtime's CPython "
            f"{RUNTIME_PYTHON[0]}.{RUNTIME_PYTHON[1]} for: {', '.join(missing)}; "
            "pick versions that publish manylinux wheels, or add a source build module"
        )
    sources = []
    for url, entry in sorted(chosen.items(), key=lambda item: item[0].rsplit("/", 1)[-1]):
        algorithm, digest = entry["wheel"]["hash"].split(":", 1)
        if algorithm != "sha256":
            raise NoWheelError(f"{url} is locked with a {algorithm} hash; Flatpak needs sha256")
        source = {"type": "file", "url": url, "sha256": digest}
        if len(entry["arches"]) < len(ARCHES):
            source["only-arches"] = sorted(entry["arches"])
        sources.append(source)
    return sources


def build_module(pins: list[Pin]) -> dict:
    return {
        "name": "python3-dependencies",
        "buildsystem": "simple",
        "build-commands": [
            "pip3 install --verbose --exists-action=i --no-index --no-deps --no-build-isolation "
            '--find-links="file://${PWD}" --prefix=${FLATPAK_DEST} *.whl'
        ],
        "sources": flatpak_sources(pins),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=MODULE_FILE, help="where to write it")
    options = parser.parse_args(argv)
    try:
        module = build_module(runtime_pins())
    except NoWheelError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as error:
        print(f"error: `uv export` failed (is uv.lock current?):\n{error.stderr}", file=sys.stderr)
        return 1
    options.output.write_text(json.dumps(module, indent=2) + "\n")
    print(f"wrote {options.output} ({len(module['sources'])} wheels)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
