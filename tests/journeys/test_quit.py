"""Quit always ends the process: the real app (its own entry point, a subprocess) is closed while
a tool runs a command that would take ten minutes."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psutil
import pytest

ROOT = Path(__file__).resolve().parents[2]

# The entry point's `--self-test` hook is replaced by this scenario: the window and application
# are the real ones, started by `main()` exactly as `agent-desktop` starts them.
DRIVER = """
import asyncio, sys
import agent_desktop.__main__ as entry


async def scenario(window, app):
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
    print("quitting while the tool runs", flush=True)
    window.close()
    return 0


entry.self_test = scenario
sys.exit(entry.main(["--self-test", "--data-dir", sys.argv[1]]))
"""


@pytest.mark.integration
def test_quitting_while_a_tool_runs_ends_the_app_and_its_command(tmp_path):
    app = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(DRIVER), str(tmp_path / "data")],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = ""
        deadline = time.monotonic() + 90
        while "quitting" not in line and time.monotonic() < deadline:
            line = app.stdout.readline()
            if not line and app.poll() is not None:
                break
        assert "quitting while the tool runs" in line, app.stderr.read()
        commands = []
        for _ in range(100):  # the driver saw it; give the process table a moment to agree
            commands = [
                child
                for child in psutil.Process(app.pid).children(recursive=True)
                if child.name() == "sleep"
            ]
            if commands:
                break
            time.sleep(0.1)
        assert commands, "the tool's command was not running when the app was closed"

        closed_at = time.monotonic()
        app.wait(timeout=30)
        seconds = time.monotonic() - closed_at
    finally:
        if app.poll() is None:
            app.kill()
    assert app.returncode == 0, app.stderr.read()
    assert seconds < 20, f"the app took {seconds:.1f} s to end after Quit"
    psutil.wait_procs(commands, timeout=10)
    assert not [command for command in commands if command.is_running()], (
        "the tool's command outlived the app"
    )
