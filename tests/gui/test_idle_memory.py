"""What the idle window holds: checked in a fresh process started through the real entry point.

The idle RSS figure itself is a benchmark (tests/benchmarks/test_long_chats.py, `-k idle`);
these tests hold the cuts that reach it, so a change that quietly undoes one fails here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from agent_app.application import AgentApplication
from agent_app.config import AgentConfig, ProviderConfig
from agent_app.paths import resolve_paths
from agent_desktop.__main__ import FULL_COLLECTION_EVERY
from agent_desktop.system.module_sources import mentions_pyside
from scripted_provider import ScriptedProvider

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]

# Runs `agent-desktop` (its `run_app`) until the start-up work is done (it ends by freezing the
# collector's objects), then reports what the process holds and quits through the window.
IDLE_PROBE = """
import gc, json, linecache, os, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
qt_app = QApplication([sys.argv[0]])
plain_module, pyside_module = sys.argv[2], sys.argv[3]

def report_when_settled():
    if not gc.get_freeze_count():
        QTimer.singleShot(100, report_when_settled)
        return
    sys.path.insert(0, os.path.dirname(sys.argv[4]))
    __import__(plain_module)
    __import__(pyside_module)
    features = sys.modules["PySide6.support.feature"].pyside_feature_dict
    report = {
        "modules": sorted(sys.modules),
        "kept_sources": sorted(linecache.cache),
        "plain_module_feature": features.get(plain_module),
        "pyside_module_feature": features.get(pyside_module),
        "main_window_feature": features.get("agent_desktop.window.main_window"),
        "collector_thresholds": gc.get_threshold(),
        "workers_may_collect": gc.isenabled(),
    }
    print("REPORT " + json.dumps(report), flush=True)
    for window in qt_app.topLevelWidgets():
        window.close()

QTimer.singleShot(0, report_when_settled)
from agent_desktop.__main__ import run_app
code = run_app(["--data-dir", sys.argv[1]])
sys.stdout.flush()
os._exit(code)
"""


@pytest.fixture(scope="module")
def idle(tmp_path_factory) -> dict:
    home = tmp_path_factory.mktemp("idle-home")
    app = AgentApplication(resolve_paths(home), plugins=[ScriptedProvider])
    app.config.providers["offline"] = ProviderConfig(provider="scripted", label="Offline")
    app.config.agents["default"] = AgentConfig(provider="offline")
    app.configuration.save_config()
    app.close()
    return _idle_report(home, tmp_path_factory)


@pytest.fixture(scope="module")
def first_run_idle(tmp_path_factory) -> dict:
    """The same report for a first start: nothing configured, the first-run pane shown."""
    return _idle_report(tmp_path_factory.mktemp("first-run-home"), tmp_path_factory)


def _idle_report(home: Path, tmp_path_factory) -> dict:
    modules = tmp_path_factory.mktemp("modules")
    (modules / "idle_plain_module.py").write_text("VALUE = 1\n")
    (modules / "idle_pyside_module.py").write_text("import PySide6.QtCore\n")
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            IDLE_PROBE,
            str(home),
            "idle_plain_module",
            "idle_pyside_module",
            str(modules / "idle_plain_module.py"),
        ],
        capture_output=True,
        text=True,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    line = next(line for line in result.stdout.splitlines() if line.startswith("REPORT "))
    return json.loads(line.removeprefix("REPORT "))


def test_module_sources_read_at_import_are_not_kept(idle):
    # PySide reads every imported module's source; linecache kept ~400 files (15 MiB) of it.
    kept = idle["kept_sources"]
    assert not [path for path in kept if "agent_desktop" in path or "agent_app" in path]
    assert len(kept) < 20, kept


def test_pyside_still_tells_modules_that_use_it_from_those_that_do_not(idle):
    # PySide's `__feature__` defaults: 0 for a module using PySide6, -1 to leave one alone.
    assert idle["pyside_module_feature"] == 0
    assert idle["main_window_feature"] == 0
    assert idle["plain_module_feature"] == -1


def test_the_keyring_loads_only_when_a_secret_is_first_needed(idle):
    # `keyring` and its backend discovery (importlib_metadata, email, http: ~75 modules, 5 MiB)
    # are imported by the first secret looked up, not by a start with no secrets.
    modules = set(idle["modules"])
    assert "keyring" not in modules
    assert "agent_app.secrets" in modules  # the store exists; it has not needed the keyring


def test_the_first_run_says_where_keys_go_without_loading_the_keyring(first_run_idle):
    # The pane asks a helper process; the client loads here when a key is first stored.
    modules = set(first_run_idle["modules"])
    assert "agent_desktop.first_run.welcome" in modules
    assert "keyring" not in modules
    assert "secretstorage" not in modules


def test_a_first_run_loads_markdown_and_pygments_once_set_up(first_run_idle, idle):
    # The welcome pane draws no Markdown: a first run idling there does without their 4 MB;
    # a configured start loads them off the GUI thread before the first chat paints.
    assert {"markdown_it", "pygments"} & set(first_run_idle["modules"]) == set()
    assert {"markdown_it", "pygments"} <= set(idle["modules"])


def test_math_and_diagrams_load_nothing_before_the_first_figure(idle):
    # ziamath and mmdr run in the figure helper process, started by the first formula or
    # diagram; the window neither imports them nor starts the helper before.
    modules = set(idle["modules"])
    assert {"ziamath", "mmdr"}.isdisjoint(modules)


def test_forms_and_the_first_run_pane_load_when_first_shown(idle):
    # A configured start shows neither an input form (Settings, an action's inputs, a tool
    # server's question) nor the first-run pane; their modules are imported by the first one.
    modules = set(idle["modules"])
    assert "agent_desktop.forms.action_dialogs" in modules  # the actions are listed…
    assert "agent_desktop.forms.fields" not in modules  # …their forms are not built
    assert "agent_desktop.first_run.flow" in modules
    assert "agent_desktop.first_run.welcome" not in modules


def test_full_collections_are_rare_once_start_up_has_settled(idle):
    # Each full collection walks every object made since start-up with the window waiting
    # (5-20 ms with a hundred chats answering); Python's default runs one per ten middle ones.
    _young, _middle, full = idle["collector_thresholds"]
    assert full == FULL_COLLECTION_EVERY >= 100


def test_a_loader_that_fails_to_give_its_source_does_not_fail_the_import():
    class BrokenLoader:
        def get_source(self, name: str) -> str:
            raise RuntimeError(f"no source for {name}")

    broken = ModuleType("broken")
    broken.__loader__ = BrokenLoader()  # type: ignore[assignment]
    assert mentions_pyside(broken) is False
    assert mentions_pyside(sys) is False  # built in: no source
    with_source = ModuleType("with_source")
    with_source.__loader__ = SimpleNamespace(get_source=lambda name: "import PySide6\n")  # type: ignore[assignment]
    assert mentions_pyside(with_source) is True


def test_pythons_own_modules_are_not_read_and_others_are_read_undecoded():
    # PySide asks about every module imported after it (~90 before the first paint, a third of
    # them Python's own library, which never mentions PySide6): 7 ms of reading went to 3 ms.
    read: list[str] = []

    def module_at(origin: str, source: bytes) -> ModuleType:
        def get_data(path: str) -> bytes:
            read.append(path)
            return source

        def no_source(name: str) -> str:
            raise AssertionError("the file's bytes are enough")

        loader = SimpleNamespace(get_data=get_data, get_source=no_source)
        module = ModuleType(Path(origin).stem)
        module.__spec__ = ModuleSpec(module.__name__, loader, origin=origin)  # type: ignore[arg-type]
        module.__loader__ = loader  # type: ignore[assignment]
        return module

    standard_library = Path(os.__file__).parent
    assert mentions_pyside(module_at(str(standard_library / "plain.py"), b"PySide6")) is False
    assert read == []
    installed = standard_library / "site-packages" / "uses_qt.py"
    assert mentions_pyside(module_at(str(installed), b"from PySide6 import QtCore\n")) is True
    elsewhere = "/opt/plugins/plain.py"
    assert mentions_pyside(module_at(elsewhere, "# caf\xc3\xa9\n".encode())) is False
    assert read == [str(installed), elsewhere]


def test_only_the_gui_thread_collects_cyclic_garbage(idle):
    # Left automatic, a collection runs on whichever thread allocates: a worker then destroyed
    # Qt objects caught in cycles, and one such destruction deadlocked against the GUI thread.
    assert idle["workers_may_collect"] is False
