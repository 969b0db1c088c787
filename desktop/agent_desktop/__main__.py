"""Entry point of `agent-desktop`: options, logging, Qt + qasync boot, one AgentApplication.

Start-up order is chosen for speed: the window is shown first (only PySide6 and the widget
modules are imported before that; asyncio, qasync, agent_core and agent_app come after); the
application with its plugins and their SDKs is then built on a worker thread.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from agent_desktop.system.crash_dump import CrashDump

log = logging.getLogger("agent_desktop")

SELF_TEST_REPLY = "Self-test reply: the window, the loop and the scripted provider work."
SELF_TEST_TIMEOUT_SECONDS = 30


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("agent-desktop")
    except PackageNotFoundError:
        return "0.0.0+unknown"


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="agent-desktop",
        allow_abbrev=False,  # EARLY_OPTIONS are matched exactly
        description="Agent Desktop: a native client for the plugin-driven AI agent platform.",
    )
    parser.add_argument(
        "--data-dir", type=Path, help="keep all data, settings and logs below this folder"
    )
    parser.add_argument(
        "files", nargs="*", type=Path, help="exported chats (.agent-session.json) to import"
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument(
        "--exit-when-shown",
        action="store_true",
        help="quit as soon as the window has painted (for start-up timing)",
    )
    parser.add_argument(
        "--quick-entry",
        action="store_true",
        help="bring the running window forward with its message box ready (start the app "
        "when it is not running); for a shortcut made in the desktop's keyboard settings",
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="start offscreen, run one scripted turn, exit 0 on success",
    )
    return parser.parse_known_args(argv)[0]


# Options that change what happens before the window shows; any other start parses its options
# once the window is on screen (argparse's first run costs a few milliseconds of start-up).
EARLY_OPTIONS = frozenset({"-h", "--help", "--version", "--self-test", "--quick-entry"})


def main(argv: list[str] | None = None) -> NoReturn:
    """Run the app, then end the process without Python tearing Qt down.

    Qt's Wayland client can wait for ever in its display's destructor at interpreter exit (its
    event thread waits on a read the GUI thread prepared and never finished; 2 of 25 starts on a
    loaded machine hung so). When `run_app` returns, everything of ours is closed: chats are
    saved, tool servers stopped, the data folder released.
    """
    code = run_app(sys.argv[1:] if argv is None else argv)
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def run_app(arguments: list[str]) -> int:
    """Everything `agent-desktop` does, from its options to the exit code."""
    if arguments[:1] == ["plugin"]:
        # Install, list, remove and check plugins: the application layer only, no Qt.
        from agent_app.plugin_cli import main as plugin_main

        return plugin_main(arguments[1:])
    if arguments[:1] == ["schedules"]:
        # The headless scheduler the user service starts: no Qt in this process either.
        from agent_app.schedule_service import main as schedules_main

        return schedules_main(arguments[1:])
    if arguments[:1] == ["serve"]:
        # The headless runtime: the application layer only, Qt never imported in this process.
        from agent_app.serve.cli import main as serve_main

        return serve_main(arguments[1:])
    options = parse_args(arguments) if EARLY_OPTIONS.intersection(arguments) else None
    if options is not None and options.version:
        print(f"agent-desktop {_version()}")
        return 0
    if options is not None and options.self_test:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        if options.data_dir is None:
            import tempfile

            options.data_dir = Path(tempfile.mkdtemp(prefix="agent-desktop-self-test-"))
    # No cyclic collection until the GUI thread's own collector takes over, right after the
    # first paint (`collect_on_gui_thread`): importing Qt makes a hundred thousand objects and no
    # garbage worth the passes Python would make over them (3% of the start's work).
    gc.disable()
    crash_dump = start_crash_reporting(
        options.data_dir if options is not None else data_dir_argument(arguments)
    )
    try:
        return show_window_and_run(arguments, options, crash_dump)
    finally:
        if crash_dump is not None:
            crash_dump.end()


def data_dir_argument(arguments: list[str]) -> str | None:
    """The `--data-dir` among `arguments`, found without argparse (it would cost start-up time
    before the window shows; `parse_args` reads the same option after)."""
    for index, argument in enumerate(arguments):
        if argument == "--data-dir" and index + 1 < len(arguments):
            return arguments[index + 1]
        if argument.startswith("--data-dir="):
            return argument.partition("=")[2]
    return None


def start_crash_reporting(data_dir: str | Path | None) -> CrashDump | None:
    """Before Qt starts: faulthandler writing to a crash dump in the log folder, and the hooks
    for exceptions nothing caught, in any thread (logged; the user is told once the window is
    attached, see `open_application`). Returns the crash dump to end at a normal exit."""
    from agent_app.paths import resolve_paths
    from agent_desktop.system.crash import ExceptionNotifier
    from agent_desktop.system.crash_dump import CrashDump

    crash_dump = CrashDump.start(resolve_paths(data_dir).log_dir)
    ExceptionNotifier().install()
    return crash_dump


def show_window_and_run(
    arguments: list[str], options: argparse.Namespace | None, crash_dump: CrashDump | None
) -> int:
    """Qt, the window on screen, then the application and its loop until the app quits."""
    # qasync picks the first Qt binding it finds unless told; this must precede its import.
    os.environ["QT_API"] = "pyside6"
    from agent_app.paths import resolve_paths
    from agent_desktop.system import pyside_support_bytecode

    data_dir = options.data_dir if options is not None else data_dir_argument(arguments)
    paths = resolve_paths(data_dir)
    with pyside_support_bytecode.kept_in(paths.cache_dir):
        from PySide6.QtWidgets import QApplication

    from agent_desktop.system.module_sources import look_at_imports_without_keeping_sources

    look_at_imports_without_keeping_sources()  # before our modules are imported: 15 MiB
    from agent_desktop.system.heap import share_heap_arenas

    share_heap_arenas()  # before any thread starts, the font helper's included
    from agent_desktop.system.qt_messages import install_qt_message_handler

    install_qt_message_handler(crash_dump)  # before the QApplication: its start is logged too
    existing = QApplication.instance()
    qt_app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0]])
    qt_app.setApplicationName("Agent Desktop")
    qt_app.setOrganizationName("agent-desktop")
    qt_app.setDesktopFileName("agent-desktop")
    claim = None
    if options is not None and options.quick_entry:
        # Meant for a running copy: hand over at once, without a window flashing up first.
        claim = claim_data_folder(options.data_dir)
        if claim.taken:
            return hand_over_to_running_copy(claim, options)
    from agent_desktop.system.font_loading import load_fonts_in_background

    # Qt loads the system's fonts on a helper thread while the window's modules import and
    # build: the window's first text would load them on the GUI thread.
    load_fonts_in_background()
    # The window goes on screen before anything heavy loads: the application (database,
    # plugins and their SDKs) is built on a worker thread while the window is already painted.
    from agent_desktop.toolkit.theme import ThemeManager
    from agent_desktop.toolkit.translations import SYSTEM, Translations
    from agent_desktop.window.main_window import MainWindow

    theme = ThemeManager(qt_app)
    translations = Translations(qt_app, paths.cache_dir)
    translations.use(SYSTEM)  # the language chosen in Settings applies with them (`attach`)
    # No config yet: the welcome pane comes next, so no chat is drawn before it.
    first_launch = not paths.config_path.exists()
    window = MainWindow(theme=theme, translations=translations, first_launch=first_launch)
    # The stylesheet once the window is built: set before, it styles each widget anew every
    # time the widget joins a parent (a sixth of the CPU time to the first paint).
    theme.apply(guess_system_scheme=True)  # exact once the settings apply (`window.attach`)
    window.show()
    qt_app.processEvents()
    shown_at = time.perf_counter()
    from agent_desktop.system.gui_thread_collection import collect_on_gui_thread

    # From the first paint on, before any worker starts (none may destroy a Qt object). Started
    # with Qt, its timer came due while a slow machine still built the window, and its first
    # collection walked every object Qt's import had made before the window could paint.
    collect_on_gui_thread(qt_app)
    if options is None:
        options = parse_args(arguments)
    if options.exit_when_shown:
        print(f"shown {shown_at:.6f}", flush=True)
        return 0
    # After the first paint (resolving the folders costs start-up time): a second launch on
    # this data folder shows its window only for a moment before handing over.
    claim = claim or claim_data_folder(options.data_dir)
    if claim.taken:
        window.hide()
        return hand_over_to_running_copy(claim, options)
    import asyncio

    from agent_desktop.system.event_loop import run_on_gui_loop

    try:
        code = int(run_on_gui_loop(run(window, options, claim)))
    except asyncio.CancelledError:
        code = 0
    claim.release()
    wait_for_plugin_threads()
    return code


def claim_data_folder(data_dir: Path | None) -> Any:
    """Lock the data folder so only one copy of the app uses it (see `single_instance`)."""
    from agent_app.paths import resolve_paths
    from agent_desktop.system.single_instance import DataFolderClaim

    return DataFolderClaim(resolve_paths(data_dir).data_dir).claim()


def hand_over_to_running_copy(claim: Any, options: argparse.Namespace) -> int:
    """A copy of the app already uses this data folder: bring its window forward and exit."""
    from agent_app.paths import chosen_home
    from agent_desktop.system.single_instance import can_hand_over, hand_over

    folder = chosen_home(options.data_dir) or claim.data_dir  # the folder the user gave
    if hand_over(claim.data_dir, list(options.files), quick_entry=options.quick_entry):
        print(
            f"Agent Desktop is already running with the data folder {folder}; its "
            "window was brought to the front.",
            flush=True,
        )
        return 0
    if can_hand_over():
        reason = (
            f"Agent Desktop is already running with the data folder {folder} "
            f"({claim.owner()}), but it did not answer. Wait until it has started, or close "
            "it, then try again."
        )
    else:
        reason = (
            f"Agent Desktop is already running with the data folder {folder} "
            f"({claim.owner()}). Switch to its window: only one copy can use a data folder "
            "at a time."
        )
    print(reason, file=sys.stderr, flush=True)
    if os.environ.get("QT_QPA_PLATFORM") != "offscreen":
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(None, "Agent Desktop", reason)  # no event loop runs yet
    return 1


# How long quitting waits for worker threads still running plugin code.
_QUIT_WAIT_SECONDS = 3.0


def wait_for_plugin_threads() -> None:
    """Give worker threads still running plugin code a moment to finish, then name the stuck.

    A hook that never returns keeps its (non-daemon) worker thread alive; Python would wait for
    it at exit and the app would hang after its window closed. `main` ends the process without
    that wait.
    """
    import threading

    deadline = time.monotonic() + _QUIT_WAIT_SECONDS
    for thread in threading.enumerate():
        if thread is threading.main_thread() or thread.daemon:
            continue
        thread.join(max(0.0, deadline - time.monotonic()))
    stuck = [
        thread.name
        for thread in threading.enumerate()
        if thread is not threading.main_thread() and not thread.daemon and thread.is_alive()
    ]
    if stuck:
        log.error("Quitting while plugin code still runs in threads %s", ", ".join(stuck))


def load_application(data_dir: Path | None) -> tuple[Any, Path | None]:
    """Runs on a worker thread: paths, log file, and the AgentApplication (no widgets)."""
    from agent_app.application import AgentApplication
    from agent_app.paths import resolve_paths
    from agent_desktop.system.logging_setup import configure_logging

    paths = resolve_paths(data_dir)
    try:
        log_path: Path | None = configure_logging(paths.log_dir)
    except OSError as error:  # a read-only disk: the app starts, logging to stderr only
        logging.basicConfig(level=logging.INFO)
        log.warning("No log file in %s: %s", paths.log_dir, error)
        log_path = None
    return AgentApplication(paths), log_path


async def run(window: Any, options: argparse.Namespace, claim: Any) -> int:
    import asyncio

    from PySide6.QtWidgets import QApplication

    from agent_desktop.system.single_instance import ActivationListener, can_hand_over

    qt_app = QApplication.instance()
    assert isinstance(qt_app, QApplication)  # main() built it
    quitting = asyncio.Event()
    # Closing the window ends `run` instead of stopping Qt's loop at once: the loop must keep
    # running while plugins close (each within `AgentApplication.close_deadline_seconds`).
    qt_app.setQuitOnLastWindowClosed(False)
    qt_app.lastWindowClosed.connect(quitting.set)
    qt_app.aboutToQuit.connect(quitting.set)
    app, notifier = await open_application(window, options)
    listener = None
    if claim.claimed and can_hand_over():
        listener = ActivationListener(
            claim.data_dir, window.activate_from_another_launch, window.quick_entry
        )
    elif claim.problem:
        window.show_error(claim.problem)
    if options.quick_entry:
        window.quick_entry()
    try:
        if options.self_test:
            return await self_test(window, app)
        await quitting.wait()
        return 0
    finally:
        if listener is not None:
            listener.close()
        notifier.uninstall()
        await app.aclose()


# Middle-generation collections between two full ones, once start-up has settled.
FULL_COLLECTION_EVERY = 100


async def warm_up_and_settle(loop: Any, warm_up: Any | None) -> None:
    """Load Markdown and Pygments on a worker (`warm_up`, unless None), then move everything
    alive by now (modules, plugins, widgets: it lives as long as the process) out of the cyclic
    collector's reach.
    A full collection then walks only what came later: with long chats and many streams the
    pauses it makes on the GUI thread drop from a fifth of a second to a few milliseconds."""
    import gc

    from agent_desktop.system.heap import release_freed_memory

    if warm_up is not None:
        await loop.run_in_executor(None, warm_up)
    gc.freeze()
    # A full collection walks everything made since; with a hundred chats answering that is
    # 20,000 objects and 5-20 ms with the window waiting (36 ms on a busy machine), three to
    # five times a run at Python's default of one per ten middle ones. Cycles die young, in
    # the collections that still run as often as before.
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)
    release_freed_memory()


async def open_application(window: Any, options: argparse.Namespace) -> tuple[Any, Any]:
    """Build the application off the GUI thread and attach the shown window to it.

    Returns the application and the installed exception notifier; the caller uninstalls the
    notifier and closes the application. Journey tests start the app through this function.
    """
    import asyncio
    from functools import partial

    from agent_app.paths import resolve_paths
    from agent_desktop.conversation.markdown_render import warm_up
    from agent_desktop.system.crash import ExceptionNotifier
    from agent_desktop.system.crash_report import take_last_crash

    loop = asyncio.get_running_loop()
    # Before the log file opens: the log's last lines are still the crashed run's.
    last_crash = await loop.run_in_executor(
        None, take_last_crash, resolve_paths(options.data_dir).log_dir
    )
    app, log_path = await loop.run_in_executor(None, load_application, options.data_dir)
    # Installed before the window was built when started by `main`; journeys start here.
    notifier = ExceptionNotifier.installed() or ExceptionNotifier()
    # Through the loop: a worker thread's exception must not touch the window itself.
    notifier.tell_user(partial(loop.call_soon_threadsafe, window.show_error), log_path)
    notifier.install()
    loop.set_exception_handler(notifier.loop_failed)
    try:
        window.attach(app)
        if last_crash is not None:
            from agent_desktop.window.crash_notice import show_crash_notice

            log.warning("The previous run closed unexpectedly; report: %s", last_crash.path)
            show_crash_notice(window.notice, last_crash)
        log.info("window ready (data in %s)", app.paths.data_dir)
        window.refresh_agent_ui()
        if window.unsent_text is not None:  # what was typed but not sent last time
            window.spawn(window.unsent_text.restore())
        if window.conversations is not None:
            # Tasks an earlier run left running on their servers: results land in their chats,
            # and the sidebar's previews follow.
            window.spawn(
                window.conversations.follow_tool_tasks(
                    app.tool_tasks, lambda _session_id: window.refresh_sessions()
                )
            )
        # Schedules a second after the window is up: no schedule needs its first look sooner,
        # and the start-up's own work goes first.
        loop.call_later(1.0, lambda: window.spawn(window.schedule_runs.run()))
        # Plugins that start once (agent-adapter `initialize`) may reach the network: not awaited.
        window.spawn(window.start_plugins(), ends_with_window=False)
        # Markdown and Pygments load off the GUI thread now, not when the first chat paints; on a
        # first run once the welcome pane is done: it draws no Markdown, and a user who leaves
        # without setting up never pays their 4 MB.
        if window.first_run.needed():
            window.spawn(warm_up_and_settle(loop, None), ends_with_window=False)
            window.first_run.finished.connect(
                lambda: window.spawn(asyncio.to_thread(warm_up), ends_with_window=False)
            )
        else:
            window.spawn(warm_up_and_settle(loop, warm_up), ends_with_window=False)
        # Tool servers (MCP) start in the background, so the first chat finds them ready.
        window.spawn(app.tool_servers.start(), ends_with_window=False)
        if options.files:
            # Awaited (the window is live meanwhile): the chats the app was opened with are
            # there before anything else happens in it, e.g. the self-test's message.
            await window.import_sessions(options.files)
    except BaseException:
        notifier.uninstall()
        await app.aclose()
        raise
    return app, notifier


async def self_test(window: Any, app: Any) -> int:
    """One scripted turn through the real window and application; 0 when the reply shows."""
    import asyncio

    from agent_app.config import AgentConfig, ProviderConfig

    app.config.providers["self-test"] = ProviderConfig(provider="scripted", label="Self-test")
    app.config.agents["default"] = AgentConfig(provider="self-test")
    window.setup_done()
    window.request_defaults = {"provider": "scripted", "script": [SELF_TEST_REPLY]}
    try:
        await asyncio.wait_for(
            window.send_message("Hello from the self-test"), SELF_TEST_TIMEOUT_SECONDS
        )
    except TimeoutError:
        print("self-test FAILED: no reply within the time limit", file=sys.stderr)
        return 1
    texts = [item.text for item in window.chat_model.items() if item.role == "assistant"]
    image = window.grab()
    if SELF_TEST_REPLY not in texts or image.isNull():
        print(f"self-test FAILED: assistant rows {texts!r}", file=sys.stderr)
        return 1
    window.close()
    print("self-test passed")
    return 0


if __name__ == "__main__":
    main()
