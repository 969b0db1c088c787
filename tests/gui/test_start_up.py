"""What the window's first paint may cost: checked in a fresh process, as a user starts it.

The cold-start figure itself is a benchmark (tests/benchmarks/test_gui_performance.py); these
tests hold the design that reaches it, so a change that quietly undoes it fails here.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]

# Builds and paints the window as `agent-desktop` does before the application loads, then
# reports what had been imported or built by then.
PROBE = """
import sys
from PySide6 import QtCore, QtWidgets
app = QtWidgets.QApplication([sys.argv[0]])
from agent_desktop.window.main_window import MainWindow
from agent_desktop.toolkit.theme import ThemeManager
theme = ThemeManager(app)
window = MainWindow(theme=theme)
theme.apply(guess_system_scheme=True)
window.show()
app.processEvents()
report = {
    "qt_namespace_built": "Qt" in vars(QtCore),
    "modules": sorted(sys.modules),
    "widgets": len(window.findChildren(QtWidgets.QWidget)),
}
import json
print(json.dumps(report))
"""


def _probe_output(probe: str, *arguments: str) -> str:
    """The last line `probe` printed, run by this Python in the checkout with Qt offscreen."""
    result = subprocess.run(
        [sys.executable, "-c", probe, *arguments],
        capture_output=True,
        text=True,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    return result.stdout.strip().splitlines()[-1]


def _first_paint() -> dict:
    return json.loads(_probe_output(PROBE))


@pytest.fixture(scope="module")
def first_paint() -> dict:
    return _first_paint()


def test_the_qt_enum_namespace_is_not_built_before_the_first_paint(first_paint):
    # PySide turns `Qt` into ~90 Python enums on first access (~12 ms): see toolkit.lazy_qt.
    assert first_paint["qt_namespace_built"] is False


HEAVY = (
    "asyncio",
    "agent_core",
    "agent_app.application",
    "pydantic",
    "markdown_it",
    "pygments",
    "httpx",
    "dataclasses",
    "json",
    "agent_desktop.first_run.welcome",
    "agent_desktop.conversation.approval",
    "agent_desktop.conversation.markdown_render",
    "agent_desktop.settings.dialog",
    # Only to compile or read a translation's source (toolkit.translations).
    "subprocess",
    "xml.etree.ElementTree",
    # The long-message renderer's thread pool (with queue and heapq), first used after the paint.
    "concurrent.futures",
    # Its failed look for Jython's `org.python.core` searches the whole of sys.path.
    "copy",
)


def test_heavy_modules_wait_until_the_window_is_on_screen(first_paint):
    loaded = set(first_paint["modules"])
    for heavy in HEAVY:
        assert heavy not in loaded, f"{heavy} is imported before the first paint"


def test_what_the_entry_point_sets_up_before_the_window_loads_nothing_heavy(tmp_path):
    # `agent-desktop` itself, up to its first paint: what it installs first (the GUI-thread
    # collector, from agent_core's lean package) must not bring the core along (~0.25 s).
    probe = (
        "import sys\n"
        "from agent_desktop.__main__ import run_app\n"
        "run_app(['--exit-when-shown', '--data-dir', sys.argv[1]])\n"
        "print(sorted(sys.modules))\n"
    )
    # Measured on the second start: a checkout's first compiles the English catalogue into the
    # data folder's cache (with lrelease, a subprocess), as a bundle's build does once for all.
    for _start in range(2):
        output = _probe_output(probe, str(tmp_path / "data"))
    loaded = set(ast.literal_eval(output))
    heavy = [*(name for name in HEAVY if name != "agent_core"), "agent_core.core"]
    assert [name for name in heavy if name in loaded] == []


def test_the_first_run_pane_is_built_only_when_needed(first_paint):
    # The configured-user start shows the chat; the pane's widgets are not created for it.
    assert first_paint["widgets"] < 80


def test_crash_reporting_starts_before_qt_with_nothing_heavy(tmp_path):
    # `agent-desktop` opens its crash dump and installs its exception hooks before Qt starts:
    # only standard modules the first paint loads anyway may come with them.
    probe = (
        "import faulthandler, json, sys\n"
        "from agent_desktop.__main__ import start_crash_reporting\n"
        "start_crash_reporting(sys.argv[1])\n"
        "loaded = sorted(sys.modules)\n"
        "print(json.dumps({'modules': loaded, 'enabled': faulthandler.is_enabled()}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path / "home")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    report = json.loads(result.stdout)
    assert report["enabled"] is True
    assert list((tmp_path / "home" / "logs").glob("crash-*.dump"))
    loaded = set(report["modules"])
    for heavy in ("PySide6", "dataclasses", "platformdirs", "logging.handlers", "asyncio"):
        assert heavy not in loaded, f"{heavy} is imported with the crash reporting"


FIRST_LAUNCH_PROBE = """
import json, sys
from agent_desktop.__main__ import run_app
run_app(['--exit-when-shown', '--data-dir', sys.argv[1]])
from PySide6.QtWidgets import QApplication
from agent_desktop.window.main_window import MainWindow
window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
print(json.dumps({
    "state": window.state_label.text(),
    "chat_shown": window.stack.currentWidget() is window.chat_page,
}))
"""


@pytest.mark.parametrize("configured", [False, True])
def test_a_first_launch_draws_no_chat_before_the_welcome_pane(tmp_path, configured):
    # Seen walking the app: the chat with "Starting…" flashed before the welcome pane.
    data_dir = tmp_path / "data"
    if configured:
        from agent_app.paths import resolve_paths

        config = resolve_paths(data_dir).config_path
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text("{}", encoding="utf-8")
    shown = json.loads(_probe_output(FIRST_LAUNCH_PROBE, str(data_dir)))
    if configured:  # a returning user's chat is on screen at once, as before
        assert shown == {"state": "Starting…", "chat_shown": True}
    else:
        assert not shown["chat_shown"]
        assert shown["state"] != "Starting…"


def test_the_attached_window_leaves_libraries_for_later_unloaded(tmp_path):
    """httpx brings its command line's click, rich and pygments (about 4 MB of an idle window),
    dateutil its six (a megabyte): the application, the window's remote chats and its
    schedules load them on first use (a server chat, a download, a schedule), not on import."""
    script = (
        "import json, sys\n"
        "import agent_app.application, agent_desktop.window.remote_chats\n"
        "import agent_desktop.window.schedule_runs\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=True,
    )
    loaded = set(json.loads(result.stdout.strip().splitlines()[-1]))
    assert "agent_desktop.window.schedule_runs" in loaded
    assert not {"httpx", "click", "rich", "dateutil", "six"} & loaded


# `agent-desktop` up to its first paint, then what PySide had built and what the window was
# styled with while it was built.
STYLE_AND_CLASSES_PROBE = """
import json, sys
from PySide6 import QtCore, QtGui, QtWidgets
import agent_desktop.window.main_window as main_window
build = main_window.MainWindow.__init__
sheets_while_built = []
def building(self, *args, **kwargs):
    build(self, *args, **kwargs)
    sheets_while_built.append(QtWidgets.QApplication.instance().styleSheet())
main_window.MainWindow.__init__ = building
from agent_desktop.__main__ import run_app
run_app(['--exit-when-shown', '--data-dir', sys.argv[1]])
print(json.dumps({
    "sheets_while_built": sheets_while_built,
    "styled_when_shown": bool(QtWidgets.QApplication.instance().styleSheet()),
    "classes": sorted(
        name
        for module in (QtWidgets, QtGui, QtCore)
        for name, value in vars(module).items()
        if isinstance(value, type)
    ),
}))
"""


@pytest.fixture(scope="module")
def entry_point_first_paint(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return json.loads(_probe_output(STYLE_AND_CLASSES_PROBE, str(tmp_path_factory.mktemp("data"))))


def test_the_window_is_styled_once_it_is_built(entry_point_first_paint):
    # A stylesheet set before styles each widget anew whenever it joins a parent: a sixth of
    # the CPU time to the first paint. Set after, each widget is styled once, before it shows.
    assert entry_point_first_paint["sheets_while_built"] == [""]
    assert entry_point_first_paint["styled_when_shown"] is True


def test_the_first_paint_makes_pyside_build_no_class_it_does_not_use(entry_point_first_paint):
    # Handing Python a widget or paint device whose class PySide has not built yet (a painter's
    # device(), a view's viewport()) makes it build every widget and paint-device class it
    # knows to find the match: ~20 ms of a start. None of these is used by the window.
    built = set(entry_point_first_paint["classes"])
    assert not built & {"QWizard", "QCalendarWidget", "QMdiArea", "QPdfWriter", "QLCDNumber"}
    # PySide builds a class (and its enums) when a module imports it: these are imported where
    # first used (announcing, a file dialog, retranslating, an older chat's date).
    later = {
        "QAccessible",
        "QFileDialog",
        "QTableWidget",
        "QTreeWidgetItemIterator",
        "QDateTime",
    }
    assert not built & later
    # An icon's pixmap is copied with `copy()`: `QPixmap(pixmap)` made PySide build QImage (its
    # overloads take one) and its enums for the first paint.
    assert "QImage" not in built


def test_no_qt_event_reaches_python_before_the_first_paint(entry_point_first_paint):
    # The first QEvent handed to a Python override (`event`, `changeEvent`, `viewportEvent`)
    # makes PySide build its ~50 event classes and their enums (7 M instructions): the widgets
    # of the first paint react to events through filters installed once it is done
    # (toolkit.event_reactions), and no module of the first paint imports an event class.
    built = set(entry_point_first_paint["classes"])
    assert not built & {"QEvent", "QPaintEvent", "QResizeEvent", "QShowEvent", "QHelpEvent"}


def test_a_window_styled_after_it_is_built_looks_as_one_built_styled(qapp):
    # The entry point styles the window once it is built: the first paint must not differ in
    # one pixel from a window built under the stylesheet.
    from agent_desktop.toolkit.theme import ThemeManager
    from agent_desktop.window.main_window import MainWindow

    sheet, palette = qapp.styleSheet(), qapp.palette()
    qapp.setStyleSheet("")
    theme = ThemeManager(qapp, "dark")
    try:
        styled_after = MainWindow(theme=theme)
        theme.apply()
        styled_before = MainWindow(theme=theme)
        images = []
        for window in (styled_after, styled_before):
            window.show()
            qapp.processEvents()
            images.append(window.grab().toImage())
            window.hide()  # not closed: closing saves the chats of an attached window
            window.deleteLater()
        assert images[0].size() == images[1].size()
        assert images[0] == images[1]
    finally:
        qapp.setPalette(palette)
        qapp.setStyleSheet(sheet)
        theme.deleteLater()


# `agent-desktop` up to its first paint on a machine slow enough that building the window takes
# longer than the GUI-thread collector's interval: the collections run by then.
SLOW_BUILD_PROBE = """
import gc, json, sys, time
import agent_desktop.window.main_window as main_window
from agent_desktop.system.gui_thread_collection import COLLECTION_CHECK_MS
build = main_window.MainWindow.__init__
def slow_build(self, *args, **kwargs):
    build(self, *args, **kwargs)
    time.sleep(2 * COLLECTION_CHECK_MS / 1000)
main_window.MainWindow.__init__ = slow_build
from agent_desktop.__main__ import run_app
collections = []
gc.callbacks.append(lambda phase, info: phase == "start" and collections.append(info))
run_app(['--exit-when-shown', '--data-dir', sys.argv[1]])
print(json.dumps(collections))
"""


def test_no_cyclic_collection_runs_before_the_first_paint(tmp_path):
    # Its first collection walks every object importing Qt made (10-20 ms of a loaded start):
    # the GUI-thread collector starts once the window has painted.
    assert json.loads(_probe_output(SLOW_BUILD_PROBE, str(tmp_path / "data"))) == []


# `agent-desktop` up to its first paint: the Python threads started by then, and the system's
# threads right after the font helper was started.
THREADS_BEFORE_THE_FIRST_PAINT_PROBE = """
import json, os, sys, threading
import agent_desktop.__main__ as entry_point
import agent_desktop.system.font_loading as font_loading
python_threads = []
start = threading.Thread.start
def recording_start(self):
    python_threads.append(self.name)
    start(self)
threading.Thread.start = recording_start
system_threads = []
load = font_loading.load_fonts_in_background
def loading():
    load()
    tasks = os.listdir("/proc/self/task")
    system_threads.extend(open(f"/proc/self/task/{task}/comm").read().strip() for task in tasks)
font_loading.load_fonts_in_background = loading
entry_point.run_app(['--exit-when-shown', '--data-dir', sys.argv[1]])
print(json.dumps({"python": python_threads, "system": system_threads}))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt uses fontconfig on Linux")
def test_qt_loads_the_fonts_on_a_thread_that_never_takes_pythons_lock(tmp_path):
    # The first text laid out makes Qt load the fonts: fontconfig's configuration and Qt's font
    # database (57 M instructions, a quarter of the first paint's extra work) load on a helper
    # thread while the window is built. A Python thread would take the interpreter's lock to
    # start and to end, and the GUI thread, importing, waited each time until the helper was
    # scheduled: no Python thread starts before the first paint, the helper is a thread of the
    # C library.
    threads = json.loads(_probe_output(THREADS_BEFORE_THE_FIRST_PAINT_PROBE, str(tmp_path / "d")))
    assert threads["python"] == []
    assert "fonts" in threads["system"]


# `agent-desktop` to its first paint, writing bytecode as on a user's machine (this one may set
# PYTHONDONTWRITEBYTECODE; the checkout's modules' own go to a temporary folder): the embedded
# sources of shiboken the built-in compile is given, and the patterns its modules compile.
EMBEDDED_SOURCES_PROBE = """
import builtins, json, sys
sys.dont_write_bytecode = False
sys.pycache_prefix = sys.argv[2]
real_compile = builtins.compile
compiled = []
def counting(source, filename, *arguments, **options):
    if isinstance(filename, str) and (
        filename == "signature_bootstrap.py" or filename.startswith("shibokensupport/")
    ):
        compiled.append(filename)
    return real_compile(source, filename, *arguments, **options)
builtins.compile = counting
import re._compiler, traceback
real_pattern_compile = re._compiler.compile
def counting_patterns(pattern, flags=0):
    frames = traceback.extract_stack()
    if any(frame.filename.startswith("shibokensupport/") for frame in frames):
        compiled.append("pattern")
    return real_pattern_compile(pattern, flags)
re._compiler.compile = counting_patterns
from agent_desktop.__main__ import run_app
run_app(["--exit-when-shown", "--data-dir", sys.argv[1]])
print(json.dumps(compiled))
"""


def test_shibokens_embedded_sources_compile_only_at_the_first_start(tmp_path):
    # shiboken compiles its bootstrap and thirteen support modules whenever a process first
    # imports PySide6 (134 M instructions of each start to the first paint), and they compile
    # patterns (the stub formatter's are long: 25-40 ms of CPU): the entry point keeps their
    # bytecode and the patterns' programs in the cache folder (system.pyside_support_bytecode).
    arguments = (str(tmp_path / "data"), str(tmp_path / "pycache"))
    first = json.loads(_probe_output(EMBEDDED_SOURCES_PROBE, *arguments))
    assert "signature_bootstrap.py" in first
    assert "shibokensupport/signature/loader.py" in first
    assert "pattern" in first
    assert json.loads(_probe_output(EMBEDDED_SOURCES_PROBE, *arguments)) == []
