"""After Quit nothing of ours still runs: no thread in our code, no process we started.

The real entry point (`run_app`, everything `agent-desktop` does before the process ends) in a
process of its own, offscreen, with an MCP server that never finishes starting while a worker
thread waits in the MCP plugin's sync hook for it; the window is then closed. `main` ends the
process with `os._exit` after `run_app`, which would hide anything left running: the driver
looks before that.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from agent_app.paths import resolve_paths

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]

DRIVER = """
import asyncio, json, sys, threading, time
from pathlib import Path

import psutil

import agent_desktop.__main__ as entry

ours = [str(Path(entry.__file__).parents[1]), str(Path(sys.argv[2]) / "plugins")]
opened = entry.open_application
calls = []


async def open_then_quit(window, options):
    app, notifier = await opened(window, options)
    mcp = app.plugins.instance("mcp_tools")
    state = mcp.init(app.resolve_request_config(app.build_agent_config(None), {}))

    def sync_hook_on_a_worker():
        calls.append(mcp.execute_tool("mcp__never__anything", {}, state))

    threading.Thread(target=sync_hook_on_a_worker, name="worker in the MCP plugin").start()

    def the_server_runs():
        # The server itself: the app starts short-lived helpers too (the keyring probe), which
        # may end between being listed and being read.
        for child in psutil.Process().children(recursive=True):
            try:
                if "time.sleep(120)" in " ".join(child.cmdline()):
                    return True
            except psutil.NoSuchProcess:
                continue
        return False

    async def quit_when_the_server_is_starting():
        while not the_server_runs():
            await asyncio.sleep(0.05)
        window.close()

    asyncio.ensure_future(quit_when_the_server_is_starting())
    return app, notifier


entry.open_application = open_then_quit
started = time.monotonic()
code = entry.run_app(["--data-dir", sys.argv[1]])
seconds = time.monotonic() - started
frames = sys._current_frames()
threads = []
for thread in threading.enumerate():
    if thread is threading.main_thread():
        continue
    frame = frames.get(thread.ident)
    files = []
    while frame is not None:
        files.append(frame.f_code.co_filename)
        frame = frame.f_back
    threads.append({
        "name": thread.name,
        "daemon": thread.daemon,
        "in_our_code": [f for f in files if f.startswith(tuple(ours))],
    })
children = [" ".join(p.cmdline()) for p in psutil.Process().children(recursive=True)]
print(json.dumps({"code": code, "calls": calls, "threads": threads, "children": children}))
sys.stdout.flush()
import os
os._exit(0)
"""


def test_quitting_while_an_mcp_server_starts_and_a_worker_waits_on_it_leaves_nothing_running(
    tmp_path,
):
    home = tmp_path / "home"
    paths = resolve_paths(home)
    paths.ensure_exist()
    never_starts = {
        "command": sys.executable,
        "args": ["-c", "import time; time.sleep(120)"],  # never answers `initialize`
        "startup_timeout": 90,
    }
    paths.config_path.write_text(json.dumps({"mcp_servers": {"never": never_starts}}))

    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(DRIVER), str(home), str(ROOT)],
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["code"] == 0
    assert report["children"] == []
    assert [t for t in report["threads"] if not t["daemon"] or t["in_our_code"]] == []
    # The worker's call ended, told why.
    (call,) = report["calls"]
    assert call["success"] is False
    log = (paths.log_dir / "agent-desktop.log").read_text()
    assert "did not close within" not in log
    assert "still runs in threads" not in log
