"""What the project search costs: indexing a folder of 2,000 text files the first time, and a
search afterwards (which walks the folder to catch changed files first). Removing the old text
of a file by its path scanned the whole index: the first indexing took 20 s, now about 1.5 s.
The index lives in the session database, so the store's start-up check also reads it: opening
the store with that index in it stays well under a second."""

from __future__ import annotations

import time

from agent_app.store import SessionStore
from agent_projects import ProjectIndex

FILES = 2_000
WORDS = ["moss", "lichen", "fern", "rock", "river", "stone", "tree", "leaf", "root", "branch"]


def test_two_thousand_files_are_indexed_and_searched_quickly(tmp_path):
    root = tmp_path / "project"
    for number in range(FILES):
        folder = root / f"part-{number % 40}"
        folder.mkdir(parents=True, exist_ok=True)
        lines = (" ".join(WORDS[(number + i + j) % 10] for j in range(12)) for i in range(40))
        (folder / f"note-{number}.md").write_text("\n".join(lines), "utf-8")
    SessionStore(tmp_path / "sessions.sqlite3").close()  # the app's store, made at start-up
    index = ProjectIndex(tmp_path / "sessions.sqlite3")

    started = time.perf_counter()
    index.refresh(root)
    first = time.perf_counter() - started
    (root / "late.md").write_text("zebra arrives later", "utf-8")
    started = time.perf_counter()
    hits = index.search(root, "zebra")
    again = time.perf_counter() - started

    started = time.perf_counter()
    store = SessionStore(tmp_path / "sessions.sqlite3")
    store_opened = time.perf_counter() - started
    store.close()
    assert store.problem is None

    print(
        f"\n{FILES:,} files: first index {first * 1000:.0f} ms; search after one added "
        f"{again * 1000:.0f} ms; the session store opened with the index in "
        f"{store_opened * 1000:.0f} ms"
    )
    assert [hit.path for hit in hits] == ["late.md"]
    assert first < 8.0
    assert again < 2.0
    assert store_opened < 1.0
