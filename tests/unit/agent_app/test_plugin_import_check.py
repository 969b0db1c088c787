"""Plugin folders are imported only once a probe process survived it: one that ends the process
or hangs at import is named and left out; the verdict is kept until the folder's files change.

Real plugin folders, real probe processes; each plugin module writes a line to a log file
whenever it is imported, so the tests see where (probe or this process) and how often.
"""

from __future__ import annotations

import os
import sys
import time
import uuid
from pathlib import Path

import pytest
from tests.support.plugin_fixtures import write_plugin_folder
from tests.support.processes import processes_with, unique_sleep_seconds, wait_for_processes_with

from agent_app.paths import resolve_paths
from agent_app.plugin_discovery import discover_plugins
from agent_app.plugin_import_check import CHECKS_FILE_NAME
from agent_app.settings import Settings

TIME_LIMIT_SECONDS = 1.0
PLUGIN = """
import os, sys, time
with open({log!r}, "a") as log:
    log.write(f"{{os.getpid()}}\\n")
{fault}

class Plugin:
    name = {name!r}
    def get_tool_schemas(self, state, *, prepared=None):
        return []
"""
FAULTS = {
    "none": "",
    "exit": "os._exit(3)",
    "hang": "time.sleep(3600)",
    # A big SDK: three seconds of work at import, past the time limit, but never idle.
    "busy": "end = time.monotonic() + 3\nwhile time.monotonic() < end:\n    pass",
    # Slow only while the machine is "busy" (the marker file is there).
    "hang while busy": "if os.path.exists({marker!r}):\n    time.sleep(3600)",
    # Only in the app's process (the probe has not imported pytest): the probe gets through.
    "hang in the app only": "if 'pytest' in sys.modules:\n    time.sleep(3600)",
    # A process that leaves the probe's session, then the hang.
    "detach and hang": (
        "import subprocess\nsubprocess.Popen(['setsid', 'sleep', {seconds!r}])\ntime.sleep(3600)"
    ),
}


@pytest.fixture(autouse=True)
def restore_import_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))


def plugin_folder(tmp_path: Path, fault: str, **details: str) -> tuple[Path, str, Path]:
    """A plugin folder whose module does `fault` at import: (folder, entry, import log)."""
    module = f"import_check_{uuid.uuid4().hex[:10]}"
    log = tmp_path / f"{module}.log"
    source = PLUGIN.format(log=str(log), fault=FAULTS[fault].format(**details), name=module)
    folder = write_plugin_folder(
        tmp_path / module, {"entries": [f"{module}.Plugin"]}, {f"{module}.py": source}
    )
    return folder, f"{module}.Plugin", log


def discover(folder: Path):
    """Discovery of `folder` as a start-up would run it; the folder's record and the seconds."""
    settings = Settings(
        plugin_folders=[str(folder)], plugin_hook_time_limit_seconds=TIME_LIMIT_SECONDS
    )
    started = time.monotonic()
    catalog = discover_plugins(resolve_paths(), settings)
    record = next(record for record in catalog if str(folder) in record.source)
    return record, time.monotonic() - started


def importers(log: Path) -> list[str]:
    """Who imported the plugin, in order: "probe" or "app" (this process)."""
    if not log.exists():
        return []
    pids = log.read_text().split()
    return ["app" if int(pid) == os.getpid() else "probe" for pid in pids]


def test_a_plugin_that_ends_the_process_at_import_is_named_and_left_out(tmp_path):
    folder, entry, log = plugin_folder(tmp_path, "exit")

    record, _ = discover(folder)  # this process lives on: the probe ended, not us

    assert not record.ok
    assert record.name == folder.name
    assert f"importing {entry!r} ended the process (exit code 3)" in record.error
    assert "left out until its files change" in record.error
    assert importers(log) == ["probe"]


def test_a_plugin_that_hangs_at_import_is_named_and_left_out_within_the_time_limit(tmp_path):
    folder, entry, log = plugin_folder(tmp_path, "hang")

    record, seconds = discover(folder)

    assert f"importing {entry!r} did not finish within 1 seconds" in record.error
    assert seconds < TIME_LIMIT_SECONDS + 10
    assert importers(log) == ["probe"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="CPU use is read from /proc")
def test_an_import_that_keeps_working_past_the_time_limit_is_slow_not_hung(tmp_path):
    folder, _, log = plugin_folder(tmp_path, "busy")

    record, _ = discover(folder)

    assert record.ok, record.error
    assert importers(log) == ["probe", "app"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the supervisor needs Linux")
def test_what_a_hanging_plugin_started_while_imported_ends_with_its_probe(tmp_path):
    seconds = unique_sleep_seconds()
    folder, _, _ = plugin_folder(tmp_path, "detach and hang", seconds=seconds)

    record, _ = discover(folder)

    assert "did not finish within 1 seconds" in record.error
    assert wait_for_processes_with(seconds, False), processes_with(seconds)


def test_a_plugin_that_hangs_only_in_the_app_is_stopped_by_the_time_limit(tmp_path):
    folder, entry, log = plugin_folder(tmp_path, "hang in the app only")

    record, seconds = discover(folder)

    assert not record.ok
    assert f"importing {entry!r} did not finish within 1 seconds" in record.error
    assert seconds < TIME_LIMIT_SECONDS + 10
    assert importers(log) == ["probe", "app"]


def test_the_verdict_is_kept_until_the_plugins_files_change(tmp_path):
    folder, _, log = plugin_folder(tmp_path, "none")
    record, _ = discover(folder)
    assert record.ok
    assert importers(log) == ["probe", "app"]
    assert (resolve_paths().cache_dir / CHECKS_FILE_NAME).is_file()

    # The next start: no probe; the module is imported afresh (a new process would). Files
    # beside the plugin's package (the rest of a checkout) are not what importing it runs.
    (folder / "src" / "unrelated").mkdir()
    (folder / "src" / "unrelated" / "notes.py").write_text("x = 1\n")
    del sys.modules[record.entry.rpartition(".")[0]]
    record, _ = discover(folder)
    assert record.ok
    assert importers(log) == ["probe", "app", "app"]

    # A changed file is checked again, and found to end the process now.
    (module_file,) = folder.glob("src/*.py")
    module_file.write_text(module_file.read_text().replace("\n\nclass", "\nos._exit(4)\n\nclass"))
    del sys.modules[record.entry.rpartition(".")[0]]
    record, _ = discover(folder)
    assert "ended the process (exit code 4)" in record.error
    assert importers(log) == ["probe", "app", "app", "probe"]


def test_a_failed_verdict_is_kept_too_so_the_next_start_does_not_wait_again(tmp_path):
    folder, _, log = plugin_folder(tmp_path, "hang")
    first, _ = discover(folder)

    again, seconds = discover(folder)

    assert first.error in again.error
    assert seconds < TIME_LIMIT_SECONDS
    assert importers(log)[:1] == ["probe"]  # and no import in this process


def wait_for(condition, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_an_import_that_overran_on_a_busy_machine_is_back_at_the_start_after(tmp_path):
    busy = tmp_path / "busy"
    busy.touch()
    folder, entry, log = plugin_folder(tmp_path, "hang while busy", marker=str(busy))
    first, _ = discover(folder)
    assert f"importing {entry!r} did not finish within 1 seconds" in first.error
    busy.unlink()  # the machine is quiet again

    # The next start does not wait for it: it is left out, and checked again in the background.
    again, seconds = discover(folder)
    assert not again.ok
    assert "or a check in the background finds that it imports in time" in again.error
    assert seconds < TIME_LIMIT_SECONDS
    wait_for(lambda: importers(log) == ["probe", "probe"])
    checks = resolve_paths().cache_dir / CHECKS_FILE_NAME
    wait_for(lambda: '"problem": null' in checks.read_text())

    back, _ = discover(folder)
    assert back.ok
    assert importers(log) == ["probe", "probe", "app"]


def test_an_import_that_still_overruns_stays_left_out(tmp_path):
    folder, entry, log = plugin_folder(tmp_path, "hang")
    discover(folder)
    discover(folder)
    wait_for(lambda: importers(log) == ["probe", "probe"])
    time.sleep(TIME_LIMIT_SECONDS + 1)  # the background check overran as well

    still, _ = discover(folder)
    assert f"importing {entry!r} did not finish within 1 seconds" in still.error
