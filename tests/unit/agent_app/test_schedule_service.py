"""The user service that runs schedules with the app closed: the systemd user unit it writes
and the `systemctl --user` commands it runs (a stand-in `systemctl` on PATH records them: this
machine has no systemd user session), the LaunchAgent it would write on macOS, and a service
manager that is not there said in words."""

from __future__ import annotations

import plistlib
import shlex
import sys
from pathlib import Path

import pytest

from agent_app.paths import resolve_paths
from agent_app.schedule_service import ScheduleService, ServiceError, data_home_of

RECORDING_SYSTEMCTL = """#!/bin/sh
echo "$@" >> "{log}"
exit {code}
"""


@pytest.fixture
def systemctl(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A `systemctl` first on PATH that records its arguments (and exits with `code`)."""

    def make(code: int = 0, say: str = "") -> Path:
        folder = tmp_path / "bin"
        folder.mkdir(exist_ok=True)
        log = tmp_path / "systemctl.log"
        script = folder / "systemctl"
        body = RECORDING_SYSTEMCTL.format(log=log, code=code)
        if say:
            body = body.replace("exit", f"echo '{say}' >&2\nexit")
        script.write_text(body)
        script.chmod(0o755)
        monkeypatch.setenv("PATH", f"{folder}:{Path(sys.executable).parent}:/usr/bin:/bin")
        return log

    return make


def test_the_unit_runs_the_headless_scheduler_on_the_windows_data_folder(tmp_path: Path) -> None:
    data_home = tmp_path / "my data"
    paths = resolve_paths(data_home)
    assert data_home_of(paths) == data_home
    service = ScheduleService(data_home_of(paths), tmp_path / "home", platform="linux")
    unit = service.unit_text()
    exec_start = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    command = shlex.split(exec_start.removeprefix("ExecStart="))
    assert command == [
        sys.executable, "-m", "agent_desktop", "schedules", "run", "--data-dir", str(data_home)
    ]  # fmt: skip
    assert "Restart=on-failure" in unit
    assert "WantedBy=default.target" in unit
    other = ScheduleService(tmp_path / "other", tmp_path / "home", platform="linux")
    assert other.name != service.name  # one service per data folder


def test_installing_writes_the_unit_and_enables_it_and_removing_undoes_both(
    tmp_path: Path, systemctl
) -> None:
    log = systemctl()
    service = ScheduleService(tmp_path / "data", tmp_path / "home", platform="linux")
    assert not service.installed()
    service.install()
    unit = tmp_path / "home" / ".config" / "systemd" / "user" / f"{service.name}.service"
    assert service.path == unit
    assert unit.read_text() == service.unit_text()
    assert service.installed()
    service.uninstall()
    assert not unit.exists()
    assert not service.installed()
    assert log.read_text().splitlines() == [
        "--user daemon-reload",
        f"--user enable --now {service.name}.service",
        f"--user disable --now {service.name}.service",
        "--user daemon-reload",
    ]


def test_no_user_service_manager_is_said_with_what_to_do_instead(tmp_path: Path, systemctl) -> None:
    systemctl(code=1, say="Failed to connect to bus: No medium found")
    service = ScheduleService(tmp_path / "data", tmp_path / "home", platform="linux")
    with pytest.raises(ServiceError) as refused:
        service.install()
    assert "Failed to connect to bus" in str(refused.value)
    assert "agent-desktop schedules run" in str(refused.value)
    assert not service.path.exists()  # nothing is left to look installed
    assert not service.installed()


def test_on_macos_a_launch_agent_runs_the_same_command(tmp_path: Path) -> None:
    service = ScheduleService(tmp_path / "data", tmp_path / "home", platform="darwin")
    agent = plistlib.loads(service.plist_bytes())
    assert agent["ProgramArguments"][-4:] == [
        "schedules",
        "run",
        "--data-dir",
        str(tmp_path / "data"),
    ]
    assert agent["RunAtLoad"] is True
    assert service.path.parent == tmp_path / "home" / "Library" / "LaunchAgents"
