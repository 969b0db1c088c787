"""The session store killed (SIGKILL) while its upkeep merges the search index and checkpoints
the log: the next open loses no answer that was saved, and the database and its search index
are whole (SQLite rolls a merge cut short back from the log)."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from agent_app.store import SessionStore

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]

# Saves a long chat, then answers with short pauses, so that the upkeep merges and checkpoints
# between them; says "saved N" after each answer is committed and "merging" as a merge step of
# the upkeep starts.
WRITER = textwrap.dedent(
    """
    import sys
    import time

    from agent_app import store_upkeep
    from agent_app.store import SessionStore
    from agent_core import Message, Session

    store_upkeep.IDLE_SECONDS = 0.05
    merge_step = store_upkeep.StoreUpkeep._merge_step

    def announced_merge_step(self, connection, index):
        print("merging", flush=True)
        return merge_step(self, connection, index)

    store_upkeep.StoreUpkeep._merge_step = announced_merge_step
    store = SessionStore(sys.argv[1])
    words = " ".join(f"w{number}" for number in range(60))
    messages = [Message("user", f"{words} m{number}") for number in range(3000)]
    store.save_session(Session("long", messages, {"title": "Long"}))
    number = 0
    while True:
        store.append_message("long", {"role": "assistant", "content": f"answer{number} kept"})
        print(f"saved {number}", flush=True)
        number += 1
        time.sleep(0.08)  # past IDLE_SECONDS: the upkeep works only in such pauses
    """
)


def test_killed_while_the_upkeep_merges_loses_no_saved_answer(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    saved = -1
    merges_seen = 0
    deadline = time.monotonic() + 120
    try:
        assert writer.stdout is not None
        for line in writer.stdout:
            if line.startswith("saved "):
                saved = int(line.split()[1])
            elif line.startswith("merging") and saved >= 20:
                merges_seen += 1
                if merges_seen == 5:  # a few steps into merging the chat's index
                    writer.send_signal(signal.SIGKILL)
                    break
            assert time.monotonic() < deadline, "the upkeep never merged"
    finally:
        writer.kill()
        writer.wait()
    assert writer.returncode == -signal.SIGKILL

    store = SessionStore(path)
    try:
        assert not store.read_only, store.problem
        # Every answer said to be saved is there (one more may be, committed before the kill).
        assert store.message_count("long") >= 3000 + saved + 1
        assert store.search_sessions(f"answer{saved}")[0]["session_id"] == "long"
        # The index matches the messages (FTS5 raises SQLITE_CORRUPT_VTAB if not), and the file
        # is whole.
        connection = store._connection
        connection.execute("INSERT INTO message_search(message_search) VALUES ('integrity-check')")
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        store.close()
