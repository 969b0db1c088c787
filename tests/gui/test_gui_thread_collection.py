"""Cyclic garbage is collected on the GUI thread only: a worker that allocates never destroys a
Qt object (one destroyed so deadlocked the GUI tests: Qt's lock against the interpreter's)."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument

pytestmark = pytest.mark.gui


def test_a_document_in_a_reference_cycle_is_destroyed_on_the_gui_thread_not_by_a_worker(qtbot):
    destroyed_on: list[str] = []

    def abandon_a_document_in_a_cycle() -> None:
        document = QTextDocument()
        document.setHtml("<p>an answer</p>")
        document.itself = document  # type: ignore[attr-defined]  # only the collector frees it
        document.destroyed.connect(
            lambda: destroyed_on.append(threading.current_thread().name),
            Qt.ConnectionType.DirectConnection,  # told on the thread that destroys it
        )

    abandon_a_document_in_a_cycle()
    kept: list[object] = []

    def allocate() -> None:  # as the Markdown renderer or a plugin does: enough for collections
        kept.append([[] for _ in range(20_000)])

    worker = threading.Thread(target=allocate, name="allocating worker")
    worker.start()
    worker.join()
    assert destroyed_on == []
    qtbot.wait_until(lambda: bool(destroyed_on), timeout=5_000)  # the GUI thread's collection timer
    assert destroyed_on == [threading.main_thread().name]
