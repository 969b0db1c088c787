"""Another program's SQLite database, found where the app keeps its own (a shared folder, a
mistaken --data-dir): the store must recognise it and never change a byte of it."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def write_another_programs_database(path: Path) -> bytes:
    """A small database of another program at `path` (a table named like one of ours among
    it); returns its bytes, to compare with afterwards."""
    path.parent.mkdir(parents=True, exist_ok=True)
    other_program = sqlite3.connect(path)
    other_program.execute("CREATE TABLE sessions (user TEXT, token TEXT)")
    other_program.execute("INSERT INTO sessions VALUES ('ana', 'x')")
    other_program.commit()
    other_program.close()
    return path.read_bytes()
