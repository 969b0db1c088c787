"""SIGKILL a writer mid-save: every committed message survives and nothing is corrupt."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from agent_app.store import SessionStore

pytestmark = pytest.mark.integration

WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from agent_app.store import SessionStore
    from agent_core import Message, Session

    store = SessionStore(Path(sys.argv[1]))
    store.create_session("appended")
    bulk = []
    index = 0
    while True:
        # One finished message, committed at once (what the tool loop does) ...
        store.append_message("appended", {"role": "user", "content": f"message {index}"})
        print(f"appended {index}", flush=True)
        # ... and a whole-session save that grows each time, so the kill may land inside one.
        bulk.append(Message("assistant", f"bulk {index} " + "x" * 2000))
        store.save_session(Session("bulk", list(bulk), {"title": f"save {index}"}))
        print(f"saved {index}", flush=True)
        index += 1
    """
)


def test_sigkill_during_saves_loses_nothing_committed(tmp_path):
    database = tmp_path / "sessions.sqlite3"
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(database)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    appended = saved = -1
    try:
        assert writer.stdout is not None
        for line in writer.stdout:
            kind, number = line.split()
            if kind == "appended":
                appended = int(number)
            else:
                saved = int(number)
            if saved >= 150:
                break
        else:
            pytest.fail(
                f"the writer stopped early: {writer.stderr.read() if writer.stderr else ''}"
            )
        writer.send_signal(signal.SIGKILL)
    finally:
        writer.kill()
        writer.wait(timeout=10)
        if writer.stdout is not None:
            writer.stdout.close()
        if writer.stderr is not None:
            writer.stderr.close()
    assert writer.returncode == -signal.SIGKILL

    connection = sqlite3.connect(database)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        connection.close()

    store = SessionStore(database)
    assert not store.read_only
    kept = store.load_session("appended")
    # Every message reported as committed is there, in order; at most the ones written after
    # the last report (and before the kill) come on top.
    assert len(kept.messages) >= appended + 1
    assert [message.content for message in kept.messages] == [
        f"message {index}" for index in range(len(kept.messages))
    ]
    bulk = store.load_session("bulk")
    assert len(bulk.messages) >= saved + 1
    assert bulk.metadata["title"] == f"save {len(bulk.messages) - 1}"
    assert all(
        message.content.startswith(f"bulk {index} ") for index, message in enumerate(bulk.messages)
    )
    assert [item["session_id"] for item in store.search_sessions("message")] == ["appended"]
    store.close()
