"""Suite-wide fixtures: no test touches the real user's directories or keyring."""

from __future__ import annotations

import os

# Set before anything imports Qt or qasync: offscreen rendering and a deterministic binding.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

import subprocess
import tempfile
from pathlib import Path

import keyring
import pytest
from hypothesis import settings as hypothesis_settings

from agent_core.collector import collect_due_generations
from tests.support.keyring_backend import MemoryKeyring

# A test that crashes or hangs its process ends the run with its name, in one process or many.
pytest_plugins = ["tests.support.crash_and_hang_guard"]

# Property tests check what holds, not how fast: on a loaded 2-core machine an example took
# over Hypothesis's 200 ms per-example deadline and failed a correct test. Speed is measured in
# tests/benchmarks.
hypothesis_settings.register_profile("agent-desktop", deadline=None)
hypothesis_settings.load_profile("agent-desktop")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the option
def pytest_cmdline_main(config: pytest.Config) -> None:
    """`uv run pytest` (the whole suite) spreads its test files over the machine's cores: most
    tests wait on servers, subprocesses and windows, and one process ran the suite in 20 minutes.
    A run of chosen paths stays in one process (a debugger works there), as do runs that say
    `-n`, and benchmark runs: timing needs the machine to itself."""
    if hasattr(config, "workerinput"):
        return  # a worker of a parallel run: it runs the tests it is sent
    options = config.option
    whole_suite = config.args_source == pytest.Config.ArgsSource.TESTPATHS
    measuring = getattr(options, "benchmark_enable", False)
    if whole_suite and not measuring and options.numprocesses is None and not options.usepdb:
        options.numprocesses = "auto"
        options.dist = "loadfile"  # a file's tests share its servers and module fixtures


def pytest_sessionstart(session: pytest.Session) -> None:
    """Install the system packages the tests need (X server, window manager, keyring, …) when
    some are missing, as .ci/run does: `uv run pytest` is the whole set-up on a fresh machine.
    In parallel runs the coordinating process does it once, before the workers start."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        _install_missing_system_packages()
    _keep_temporary_files_in_the_runs_folder(session.config)


def _install_missing_system_packages() -> None:
    script = Path(__file__).resolve().parents[1] / ".ci" / "install-system-packages"
    result = subprocess.run(["bash", str(script)], check=False, timeout=900)
    if result.returncode != 0:
        print(f"{script} failed (exit code {result.returncode}); some tests may fail.")


def _keep_temporary_files_in_the_runs_folder(config: pytest.Config) -> None:
    """Temporary files of the tests and of the processes they start (screenshots, the app's
    local socket, …) go into this run's folder, which pytest prunes, not loose into /tmp. Set
    before collection: test modules make folders when imported."""
    folder = config._tmp_path_factory.mktemp("tmp")  # type: ignore[attr-defined]
    os.environ["TMPDIR"] = str(folder)
    tempfile.tempdir = None  # asked again: tempfile caches the folder it found first


@pytest.fixture(autouse=True)
def isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Point every platformdirs-derived path of the app at a fresh temporary folder."""
    home = tmp_path_factory.mktemp("agent-desktop-home")
    monkeypatch.setenv("AGENT_DESKTOP_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def memory_keyring() -> MemoryKeyring:
    """Install an in-process keyring backend for the duration of each test."""
    previous = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


@pytest.fixture(scope="session")
def qapp(qapp):
    """pytest-qt's QApplication, set up as the app's entry point sets up its own: cyclic garbage
    is collected on this (the GUI) thread only. At the end, what a test copied leaves the
    clipboard while Python still runs: Qt deletes the clipboard's data at process exit, and a
    Python-made one (the full-text viewer's) then crashed the process (exit code 139)."""
    from PySide6.QtGui import QClipboard

    from agent_desktop.system.gui_thread_collection import collect_on_gui_thread

    collect_on_gui_thread(qapp)
    yield qapp
    clipboard = qapp.clipboard()
    clipboard.clear(QClipboard.Mode.Clipboard)
    if clipboard.supportsSelection():  # X11's selection holds what was last selected
        clipboard.clear(QClipboard.Mode.Selection)


@pytest.fixture(autouse=True)
def collect_due_garbage():
    """Between tests the GUI thread's collection timer may not have run (no events processed):
    collect what is due here, on the main thread, so garbage does not pile up over a run."""
    yield
    collect_due_generations()


@pytest.fixture(autouse=True)
def theme_left_as_found():
    """A test that applies a theme leaves the application's look as it found it: the scheme the
    chat's painting reads (`current_palette`), Qt's palette and the stylesheet. One restoring
    only Qt's palette and stylesheet once left dark rows painted on a light window for every
    later test in its process (a code-block test measured that as text drawn at the edge)."""
    import sys

    theme = sys.modules.get("agent_desktop.toolkit.theme")
    qt_widgets = sys.modules.get("PySide6.QtWidgets")
    application = qt_widgets.QApplication.instance() if qt_widgets else None
    scheme = theme.current_palette() if theme else None
    palette = application.palette() if application else None
    sheet = application.styleSheet() if application else None
    yield
    theme = sys.modules.get("agent_desktop.toolkit.theme")
    if theme is None:
        return
    if scheme is None:
        scheme = theme.LIGHT
    if theme.current_palette() is not scheme:
        theme._current = scheme
    if application is not None and palette is not None:
        if application.palette() != palette:
            application.setPalette(palette)
        if application.styleSheet() != sheet:
            application.setStyleSheet(sheet)
