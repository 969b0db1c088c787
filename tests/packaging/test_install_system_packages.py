""".ci/install-system-packages on every kind of machine: the real script run by bash against fake
`dpkg-query`, `apt-get` and `id` (small shell scripts that record how they were called) on a PATH
that holds nothing else but the few tools the script uses.

dpkg-query behaves as the real one does: for a name dpkg has never heard of it prints nothing on
stdout, complains on stderr and exits 1 (a fresh machine); removed packages whose configuration
stayed are listed, but not as installed.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / ".ci" / "install-system-packages"
BASH = shutil.which("bash")
# What the script itself runs besides bash builtins and the faked tools.
REAL_TOOLS = ("awk", "grep", "tail")


@dataclass
class Run:
    exit_code: int
    stderr: str
    asked_about: list[str]  # the names dpkg-query was given
    apt_get_calls: list[list[str]]


class FakeMachine:
    """A PATH with fake package tools; `run()` runs the script on it."""

    def __init__(self, folder: Path) -> None:
        self.bin = folder / "bin"
        self.bin.mkdir()
        self.dpkg_log = folder / "dpkg-query.log"
        self.apt_log = folder / "apt-get.log"
        for tool in REAL_TOOLS:
            found = shutil.which(tool)
            assert found, f"{tool} is needed to run the script"
            (self.bin / tool).symlink_to(found)
        self.installed: set[str] = set()
        self.removed_keeping_config: set[str] = set()
        self.uid = 0
        self.has_dpkg = True
        self.has_apt = True
        self.update_exit = 0
        self.install_exit = 0

    def _write(self, name: str, body: str) -> None:
        path = self.bin / name
        path.write_text("#!/bin/sh\n" + body)
        path.chmod(0o755)

    def _fake_dpkg_query(self) -> str:
        # Only the package names are recorded (the first two arguments are -W and the format).
        installed = " ".join(sorted(self.installed))
        removed = " ".join(sorted(self.removed_keeping_config))
        return f"""shift 2
status=0
for name in "$@"; do
    echo "$name" >> '{self.dpkg_log}'
    case " {installed} " in *" $name "*) echo "$name install ok installed"; continue ;; esac
    case " {removed} " in *" $name "*) echo "$name deinstall ok config-files"; continue ;; esac
    echo "dpkg-query: no packages found matching $name" >&2
    status=1
done
exit $status
"""

    def _fake_apt_get(self) -> str:
        return f"""printf '%s\\n' "$*" >> '{self.apt_log}'
case "$1" in
    update) [ {self.update_exit} -eq 0 ] || echo "E: Could not resolve 'deb.debian.org'" >&2
            exit {self.update_exit} ;;
    install) [ {self.install_exit} -eq 0 ] || echo "E: Unable to locate package weston" >&2
             exit {self.install_exit} ;;
esac
"""

    def run(self) -> Run:
        if self.has_dpkg:
            self._write("dpkg-query", self._fake_dpkg_query())
        if self.has_apt:
            self._write("apt-get", self._fake_apt_get())
        self._write("id", f'[ "$1" = -u ] && echo {self.uid}\n')
        result = subprocess.run(
            [BASH, str(SCRIPT)],
            env={"PATH": str(self.bin), "HOME": str(self.bin.parent)},
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
        assert result.stdout == "", "the script speaks on stderr only"
        return Run(
            exit_code=result.returncode,
            stderr=result.stderr,
            asked_about=_lines(self.dpkg_log),
            apt_get_calls=[line.split() for line in _lines(self.apt_log)],
        )


def _lines(path: Path) -> list[str]:
    return path.read_text().splitlines() if path.exists() else []


def _install_call(packages: list[str]) -> list[str]:
    return ["install", "-y", "-qq", "--no-install-recommends", *packages]


@pytest.fixture
def machine(tmp_path: Path) -> FakeMachine:
    return FakeMachine(tmp_path)


def test_a_machine_that_has_never_heard_of_the_packages_gets_all_of_them(machine):
    run = machine.run()

    assert run.exit_code == 0, run.stderr
    assert len(run.asked_about) > 20
    assert run.apt_get_calls == [["update", "-qq"], _install_call(run.asked_about)]
    assert f"system packages: installing {' '.join(run.asked_about)}" in run.stderr


def test_only_the_missing_packages_are_installed(machine):
    machine.installed = {"libegl1", "xvfb", "openbox"}
    machine.removed_keeping_config = {"weston"}  # removed: its configuration does not count

    run = machine.run()

    missing = [name for name in run.asked_about if name not in machine.installed]
    assert "weston" in missing
    assert len(missing) == len(run.asked_about) - 3
    assert run.exit_code == 0, run.stderr
    assert run.apt_get_calls == [["update", "-qq"], _install_call(missing)]


def test_nothing_is_done_or_said_when_everything_is_installed(machine):
    machine.run()  # learns the names the script asks about
    machine.installed = set(_lines(machine.dpkg_log))
    machine.dpkg_log.unlink()
    machine.apt_log.unlink(missing_ok=True)

    run = machine.run()

    assert run.exit_code == 0
    assert run.stderr == ""
    assert run.apt_get_calls == []


def test_without_root_the_install_command_is_named(machine):
    machine.uid = 1000
    machine.installed = {"xvfb"}

    run = machine.run()

    missing = [name for name in run.asked_about if name != "xvfb"]
    assert run.exit_code == 0
    assert run.apt_get_calls == []
    assert f"sudo apt-get install {' '.join(missing)}" in run.stderr


def test_without_apt_get_the_missing_packages_are_named(machine):
    machine.has_apt = False

    run = machine.run()

    assert run.exit_code == 0
    assert "there is no apt-get here" in run.stderr
    assert f"install {' '.join(run.asked_about)} with this system's package manager" in run.stderr
    assert "sudo apt-get" not in run.stderr


def test_without_dpkg_the_packages_are_named_as_what_to_look_for(machine):
    machine.has_dpkg = False

    run = machine.run()

    assert run.exit_code == 0
    assert run.apt_get_calls == []
    assert "not a Debian/Ubuntu system; install the equivalents of: libegl1 " in run.stderr


def test_a_failed_update_is_said_and_the_install_still_tried(machine):
    machine.update_exit = 100

    run = machine.run()

    assert run.exit_code == 0, run.stderr
    assert run.apt_get_calls == [["update", "-qq"], _install_call(run.asked_about)]
    assert "apt-get update failed" in run.stderr
    assert "E: Could not resolve 'deb.debian.org'" in run.stderr


def test_a_failed_install_says_why_and_fails(machine):
    machine.install_exit = 100

    run = machine.run()

    assert run.exit_code == 1
    assert "apt-get install failed" in run.stderr
    assert "E: Unable to locate package weston" in run.stderr
    assert f"apt-get install {' '.join(run.asked_about)}" in run.stderr
