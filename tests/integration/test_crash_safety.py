"""SIGKILL a writer mid-save: every committed message survives and nothing is corrupt."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from agent_app.store import SessionStore

pytestmark = pytest.mark.integration

WRITER = textwrap.dedent(
    """
    import sys

    from agent_app.paths import resolve_paths
    from agent_app.store import SessionStore
    from agent_core import Message, Session

    paths = resolve_paths(sys.argv[1])
    paths.ensure_exist()
    store = SessionStore(paths.database_path)
    store.create_session("appended")
    store.create_session("streaming")
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
        # ... and the streaming checkpoint of an answer still arriving.
        store.save_draft("streaming", {"role": "assistant", "content": f"partial {index}"})
        print(f"drafted {index}", flush=True)
        index += 1
    """
)


def test_sigkill_during_saves_loses_nothing_committed(tmp_path):
    paths = resolve_paths(tmp_path / "home")
    database = paths.database_path
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(tmp_path / "home")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    appended = saved = drafted = -1
    try:
        assert writer.stdout is not None
        for line in writer.stdout:
            kind, number = line.split()
            if kind == "appended":
                appended = int(number)
            elif kind == "saved":
                saved = int(number)
            else:
                drafted = int(number)
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
    assert {item["session_id"] for item in store.search_sessions("message")} == {"appended"}
    store.close()

    # On the next start the application turns the last checkpoint into a kept, incomplete answer.
    app = AgentApplication(paths, plugins=[])
    [recovered] = app.sessions.load_session("streaming").messages
    assert int(recovered.content.split()[1]) >= drafted
    assert recovered.metadata["incomplete"] is True
    app.close()
