"""File → Export all my data…'s progress window: the export runs off the GUI thread, Cancel
stops it and leaves no file; a refused archive is said in words and nothing is imported."""

from __future__ import annotations

import threading
import zipfile
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QProgressDialog, QPushButton, QWidget
from tests.unit.agent_app.test_data_archive import user_data

from agent_desktop.toolkit.translations import SOURCE_LANGUAGE, Translations
from agent_desktop.window.data_transfer import DataTransfer


def test_cancel_stops_the_export_and_leaves_no_file(qtbot, qt_async, tmp_path: Path):
    data = user_data(tmp_path / "data")
    on_worker = threading.Event()
    release = threading.Event()
    gui_thread = threading.get_ident()
    worker_threads: list[int] = []

    def slow_memory_export(plugin: str, action_id: str, params: dict[str, Any]) -> dict[str, Any]:
        worker_threads.append(threading.get_ident())
        on_worker.set()
        release.wait(10)
        return {"status": "error", "message": "no memory here"}

    slow = replace(data, run_plugin_action=slow_memory_export)
    parent = QWidget()
    qtbot.addWidget(parent)
    said: list[str] = []
    transfer = DataTransfer(parent, lambda: slow, qt_async.loop.create_task, said.append, print)
    target = tmp_path / "all.zip"

    async def export_and_cancel() -> None:
        task = qt_async.loop.create_task(transfer.export_to(target))
        await qt_async.until(on_worker.is_set, 10)
        progress = parent.findChild(QProgressDialog)
        assert progress is not None
        assert progress.isVisible()  # the window stays responsive: the dialog is drawn
        cancel = next(b for b in progress.findChildren(QPushButton) if b.text() == "Cancel")
        qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
        release.set()
        await task

    qt_async.run(export_and_cancel(), timeout=20)
    assert worker_threads
    assert worker_threads[0] != gui_thread
    assert said == ["The export was cancelled; no file was written."]
    assert list(tmp_path.iterdir()) == [tmp_path / "data"]


def test_a_refused_archive_is_said_and_nothing_is_imported(qtbot, qt_async, tmp_path: Path):
    data = user_data(tmp_path / "data")
    hostile = tmp_path / "hostile.zip"
    with zipfile.ZipFile(hostile, "w") as archive:
        archive.writestr("manifest.json", '{"format": "agent-desktop-data", "version": 9}')
    parent = QWidget()
    qtbot.addWidget(parent)
    said: list[str] = []
    transfer = DataTransfer(parent, lambda: data, qt_async.loop.create_task, said.append, print)

    qt_async.run(transfer.read(hostile), timeout=20)
    assert len(said) == 1
    assert said[0].startswith("Nothing was imported: hostile.zip was written by a newer")
    assert data.store.list_sessions() == []


def test_a_refused_archive_is_said_in_the_window_language(qapp, qtbot, qt_async, tmp_path: Path):
    """read_archive's errors are marked English; Import data shows them in German when the
    window speaks German (the shipped catalogue), the file's name and Python's reason kept."""
    data = user_data(tmp_path / "data")
    not_a_zip = tmp_path / "notes.zip"
    not_a_zip.write_text("just some notes", encoding="utf-8")
    parent = QWidget()
    qtbot.addWidget(parent)
    said: list[str] = []
    transfer = DataTransfer(parent, lambda: data, qt_async.loop.create_task, said.append, print)
    installed = Translations(qapp, tmp_path / "cache")
    try:
        installed.use("de")
        qt_async.run(transfer.read(not_a_zip), timeout=20)
    finally:
        installed.use(SOURCE_LANGUAGE)  # later tests read English
    assert said == [
        "Nichts wurde importiert: notes.zip ist keine ZIP-Datei (File is not a zip file); "
        "wählen Sie eine Datei, die mit „Alle meine Daten exportieren“ erstellt wurde."
    ]
    assert data.store.list_sessions() == []


def test_what_an_import_left_out_is_said_in_the_window_language(qapp, tmp_path: Path):
    """The import's notes (tool servers left out, schedules off) are marked English too: a German
    window shows them in German."""
    import json

    from agent_app.data_archive import ARCHIVE_FORMAT, PARTS, import_archive, read_archive
    from agent_desktop.toolkit.window_language import in_window_language

    archive = tmp_path / "all.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("manifest.json", json.dumps({"format": ARCHIVE_FORMAT, "version": 1}))
        config = {"mcp_servers": {"files": {"command": "run-me"}}}
        zipped.writestr("settings/config.json", json.dumps(config))
    report = import_archive(read_archive(archive), user_data(tmp_path / "data"), set(PARTS))
    (note,) = [note for note in report.notes if note.startswith("Tool servers")]
    installed = Translations(qapp, tmp_path / "cache")
    try:
        installed.use("de")
        shown = in_window_language(note)
    finally:
        installed.use(SOURCE_LANGUAGE)  # later tests read English
    assert shown.startswith("Werkzeugserver wurden nicht importiert")
