"""Quit always ends the process: the real app (its own entry point, a subprocess, on a private
X server with a window manager) is quit by the user's keys or clicks — Ctrl+Q while a tool runs
a command that would take ten minutes; Ctrl+Q or the window's close button while a compaction
waits on a model that takes a minute to answer and its progress dialog is on screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psutil
import pytest

from agent_app.paths import resolve_paths
from agent_app.store import SessionStore
from agent_core import Session
from tests.support.wire_servers import WireServer, load_recording
from tests.support.x_server import (
    click_close_button,
    visible_windows,
    window_manager,
    xdotool,
    xvfb,
)

ROOT = Path(__file__).resolve().parents[2]

# What both drivers end with: the app started by its entry point, the scene prepared once the
# application is open.
STARTS_THE_APP = """

opened = entry.open_application


async def open_and_prepare(window, options):
    app, notifier = await opened(window, options)
    asyncio.ensure_future(prepare_the_scene(window, app))
    return app, notifier


entry.open_application = open_and_prepare
sys.exit(entry.main(["--data-dir", sys.argv[1]]))
"""

# The entry point started as a user starts it (no self-test: the window on a real X server,
# Qt's own loop until the window closes); the driver only prepares the scene: a tool running a
# command that would take ten minutes. The test then presses Ctrl+Q.
DRIVER = """
import asyncio, sys
import agent_desktop.__main__ as entry


async def prepare_the_scene(window, app):
    from PySide6.QtWidgets import QPushButton
    from agent_app.config import AgentConfig, ProviderConfig

    call = {"id": "t1", "name": "shell", "arguments": {"command": "sleep 600"}}
    app.config.providers["local"] = ProviderConfig(
        provider="scripted", label="Local", script=[{"content": "", "tool_calls": [call]}]
    )
    app.config.agents["default"] = AgentConfig(provider="local")
    window.setup_done()
    window.spawn(window.conversation.send("Run the long command"))
    for _ in range(600):
        allow = [b for b in window.findChildren(QPushButton)
                 if b.text() == "Allow once" and b.isVisible()]
        if allow:
            allow[0].click()
            break
        await asyncio.sleep(0.05)
    import psutil

    for _ in range(600):  # until the command runs
        if any("sleep" in child.name() for child in psutil.Process().children(recursive=True)):
            break
        await asyncio.sleep(0.05)
    print("the tool runs", flush=True)
"""


def the_only_chat(data_dir: Path) -> Session:
    """The one chat stored in `data_dir`, as the next start of the app would read it."""
    store = SessionStore(resolve_paths(data_dir).database_path)
    try:
        (listed,) = store.list_sessions()
        return store.load_session(listed["session_id"])
    finally:
        store.close()


def start_the_app(driver: str, data_dir: Path, display: str) -> subprocess.Popen[str]:
    """The real entry point in a process of its own on the X server `display`, `driver` then
    preparing the scene (its lines on stdout say how far it got)."""
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(driver) + STARTS_THE_APP, str(data_dir)],
        cwd=ROOT,
        env={**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.integration
def test_quitting_while_a_tool_runs_ends_the_app_and_its_command(tmp_path):
    data_dir = tmp_path / "data"
    with xvfb("1600x1000x24") as display, window_manager(display):
        app = start_the_app(DRIVER, data_dir, display)
        try:
            wait_for_line(app, "the tool runs")
            commands = [
                child
                for child in psutil.Process(app.pid).children(recursive=True)
                if child.name() == "sleep"
            ]
            assert commands, "the tool's command was not running when the app was closed"
            assert xdotool(display, "getwindowfocus").split() == visible_windows(
                display, "Agent Desktop"
            )
            xdotool(display, "key", "ctrl+q")
            seconds = seconds_to_end(app, "Ctrl+Q")
        finally:
            if app.poll() is None:
                app.kill()
                app.wait()
    assert app.returncode == 0, app.stderr.read()  # type: ignore[union-attr]
    assert seconds < 20, f"the app took {seconds:.1f} s to end after Ctrl+Q"
    psutil.wait_procs(commands, timeout=10)
    assert not [command for command in commands if command.is_running()], (
        "the tool's command outlived the app"
    )
    # The chat keeps the call with a result that says the app (not the user) stopped it.
    kept = the_only_chat(data_dir)
    assert kept.messages[-1].role == "tool", [
        (m.role, m.content, m.metadata) for m in kept.messages
    ]
    assert kept.messages[-1].content == "The app quit before this tool call finished."


# The same entry point, started as a user starts it (no self-test: the window on a real X
# server, Qt's own loop until the window closes). The driver only prepares the scene: a chat
# with some history compacted through the Session menu and confirmed; then the test quits
# with the keyboard or the window manager while the progress dialog is on screen.
ACTION_DRIVER = """
import asyncio, sys
import agent_desktop.__main__ as entry


async def until(condition, what):
    for _ in range(600):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise SystemExit(f"gave up waiting for {what}")


async def prepare_the_scene(window, app):
    from PySide6.QtWidgets import QPushButton
    from agent_core import Message, Session

    session = app.sessions.create_session("default")
    history = [Message("user", "Hello"), Message("assistant", "Hi! How can I help?")]
    app.sessions.save_session(Session(session.session_id, history, session.metadata))
    window.refresh_sessions()
    window.open_session(session.session_id)
    await until(lambda: window.actions_controller.session_actions, "the session actions")
    compact = next(a for a in window.session_menu.actions() if a.text() == "Compact full history")
    compact.trigger()

    def confirm():
        buttons = window.findChildren(QPushButton)
        return [b for b in buttons if b.text() == "Compact" and b.isVisible()]

    await until(confirm, "the confirmation")
    confirm()[0].click()
    progress = lambda: window.action_runner.progress_dialog
    await until(lambda: progress() is not None and progress().isVisible(), "the progress dialog")
    print("asking the model", flush=True)
"""


def slow_model_answer(seconds: float) -> dict:
    """A chat completion that takes `seconds` to arrive (sent a little at a time)."""
    body = json.dumps(load_recording("openai_text_completion")["body"])
    return {
        "status": 200,
        "content_type": "application/json",
        "raw_chunks": ["{", *([" "] * int(seconds / 0.2)), body[1:]],
        "delay": 0.2,
    }


def local_server_config(data_dir: Path, url: str) -> None:
    from agent_app.paths import resolve_paths

    config = {
        "providers": {
            "local": {
                "provider": "openai_compatible",
                "label": "Local server",
                "base_url": f"{url}/v1",
                "model": "local-model",
            }
        },
        "agents": {"default": {"label": "Default", "provider": "local"}},
    }
    path = resolve_paths(data_dir).config_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(config), encoding="utf-8")


def wait_for_line(app: subprocess.Popen[str], text: str, seconds: float = 90) -> None:
    line = ""
    deadline = time.monotonic() + seconds
    while text not in line and time.monotonic() < deadline:
        line = app.stdout.readline()  # type: ignore[union-attr]
        if not line and app.poll() is not None:
            break
    assert text in line, app.stderr.read()  # type: ignore[union-attr]


def seconds_to_end(app: subprocess.Popen[str], what: str) -> float:
    """How long the process takes to end after `what` (at most 20 s: then the test fails)."""
    started = time.monotonic()
    try:
        app.wait(timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{what} did not end the app")
    return time.monotonic() - started


@pytest.mark.integration
@pytest.mark.parametrize("how", ["Ctrl+Q", "the close button"])
def test_quitting_while_a_compaction_waits_on_the_model_ends_the_app(tmp_path, how):
    """The user's way out with the progress dialog on screen: Ctrl+Q typed into it, or the
    main window's close button clicked. Before, the dialog was window-modal and Qt dropped
    both (the process stayed up until Cancel)."""
    data_dir = tmp_path / "data"
    with WireServer() as server, xvfb("1600x1000x24") as display, window_manager(display):
        server.models = {"object": "list", "data": [{"id": "local-model", "object": "model"}]}
        server.enqueue(slow_model_answer(seconds=60))
        local_server_config(data_dir, server.url)
        app = start_the_app(ACTION_DRIVER, data_dir, display)
        try:
            wait_for_line(app, "asking the model")
            deadline = time.monotonic() + 30
            while not server.posts and time.monotonic() < deadline:
                time.sleep(0.05)
            assert server.posts, "the compaction never asked the model"
            progress = visible_windows(display, "Compact the full history")
            assert progress, "the progress dialog is not on screen"
            if how == "Ctrl+Q":
                # Where the window manager put the keyboard: on the dialog just opened.
                assert xdotool(display, "getwindowfocus").split() == progress[:1]
                xdotool(display, "key", "ctrl+q")
            else:
                (main,) = visible_windows(display, "Agent Desktop")
                click_close_button(display, main)
            seconds = seconds_to_end(app, f"{how} with the progress dialog open")
        finally:
            if app.poll() is None:
                app.kill()
                app.wait()
        assert app.returncode == 0, app.stderr.read()  # type: ignore[union-attr]
        assert seconds < 10, f"the app took {seconds:.1f} s to end after {how}"
        # The summary request was cancelled, not left to run out: its connection is closed.
        deadline = time.monotonic() + 5
        while server.abandoned_streams < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.abandoned_streams == 1
    # Nothing of the cancelled compaction was applied: the chat is as it was.
    kept = the_only_chat(data_dir)
    assert [m.content for m in kept.messages] == ["Hello", "Hi! How can I help?"]
