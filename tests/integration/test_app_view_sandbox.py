"""The view helper's Chromium sandbox, read from the real helper process and its renderer: on
whenever the system allows it (always for a normal user where user namespaces are allowed),
and when off, said in the helper's ``ready`` and matched by what Chromium actually runs."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

from agent_desktop.app_views.sandbox import RUNS_AS_ROOT, user_namespaces_allowed
from agent_desktop.app_views.wire import Decoder, encode

pytestmark = pytest.mark.integration

PAGE = "<!DOCTYPE html><html><body><p>sandboxed?</p></body></html>"


@pytest.fixture
def helper(tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    environment = {
        **os.environ,
        "HOME": str(tmp_path),
        # A flag a user's shell might carry: the helper decides the sandbox itself.
        "QTWEBENGINE_CHROMIUM_FLAGS": "--no-sandbox",
    }
    environment.pop("QTWEBENGINE_DISABLE_SANDBOX", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "agent_desktop.app_views.helper"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=environment,
    )
    yield process
    if process.stdin is not None:
        process.stdin.close()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def next_message(process: subprocess.Popen[bytes], decoder: Decoder, op: str) -> dict[str, Any]:
    assert process.stdout is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 1.0)
        if not ready:
            continue
        data = os.read(process.stdout.fileno(), 1 << 20)
        assert data, "the helper ended"
        for message in decoder.feed(data):
            if message.get("op") == op:
                return message
    raise AssertionError(f"no {op!r} from the helper within 60 s")


def chromium_processes(helper_pid: int) -> list[psutil.Process]:
    """The helper's QtWebEngineProcess children: zygotes, and the renderers forked from them
    (which keep their zygote's command line)."""
    return [
        child
        for child in psutil.Process(helper_pid).children(recursive=True)
        if "QtWebEngineProcess" in child.name() or "QtWebEngineProcess" in child.cmdline()[0]
    ]


def seccomp_mode(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    line = next(line for line in status.splitlines() if line.startswith("Seccomp:"))
    return int(line.split()[1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's /proc")
def test_the_helpers_renderer_runs_sandboxed_whenever_the_system_allows_it(helper):
    decoder = Decoder()
    ready = next_message(helper, decoder, "ready")
    assert helper.stdin is not None
    helper.stdin.write(
        encode({"op": "open", "view": "v", "html": PAGE, "width": 200, "height": 100})
    )
    helper.stdin.flush()
    next_message(helper, decoder, "frame")  # the page's renderer is running
    processes = chromium_processes(helper.pid)
    assert processes

    if os.geteuid() != 0 and user_namespaces_allowed():
        assert ready["sandbox_off_because"] is None  # a normal user: on, whatever the shell said
    if ready["sandbox_off_because"] is None:
        assert not [p.pid for p in processes if "--no-sandbox" in p.cmdline()]
        # The renderer runs under Chromium's seccomp-bpf filter (mode 2).
        assert 2 in {seccomp_mode(process.pid) for process in processes}
    else:
        assert os.geteuid() == 0 or not user_namespaces_allowed()
        assert ready["sandbox_off_because"] == (
            RUNS_AS_ROOT if os.geteuid() == 0 else "no_user_namespaces"
        )
        assert all("--no-sandbox" in process.cmdline() for process in processes)
        assert {seccomp_mode(process.pid) for process in processes} == {0}
