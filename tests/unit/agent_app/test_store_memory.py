"""What the session store keeps in memory after writing a giant answer, measured in a process
of its own (resident memory is the process's)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

# Writes a 30 MB answer as a draft checkpoint and then as a committed message, drops every
# reference of its own, hands freed heap pages back, and prints how much more is resident
# than before.
_WRITE_A_GIANT_ANSWER = textwrap.dedent(
    """
    import ctypes, gc, json, sys
    from agent_app.store import SessionStore
    from agent_core import Message, Session

    libc = ctypes.CDLL("libc.so.6")

    def resident_mib():
        gc.collect()
        libc.malloc_trim(0)
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * 4096 / 2**20

    store = SessionStore(sys.argv[1])
    store.save_session(Session("s1", [Message("user", "write a lot")], {}))
    before = resident_mib()
    answer = {"role": "assistant", "content": "word " * 6_000_000}
    store.save_draft("s1", answer)
    store.append_message("s1", answer)
    store.clear_draft("s1")
    del answer
    after = resident_mib()
    print(json.dumps({"growth_mib": after - before}))
    """
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc and glibc's heap")
def test_a_written_giant_answer_is_not_kept_in_memory_by_the_store(tmp_path):
    output = subprocess.run(
        [sys.executable, "-c", _WRITE_A_GIANT_ANSWER, str(tmp_path / "sessions.sqlite3")],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    growth = json.loads(output.stdout.strip().splitlines()[-1])["growth_mib"]
    # SQLite's page cache may keep its 2 MB; a statement holding on to what was bound to it
    # kept a 30 MB copy per statement (the draft's and the message's: 60 MB and more).
    assert growth < 15, f"{growth:.1f} MiB stayed resident after writing a 30 MB answer"
