"""File dialogs open in Documents (or home), then where the user last chose, per purpose."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog, QWidget

from agent_desktop.toolkit import file_dialog_folders
from agent_desktop.toolkit.file_dialog_folders import default_folder, open_in_remembered_folder

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def forget_folders(monkeypatch):
    monkeypatch.setattr(file_dialog_folders, "_last_folders", {})


def test_a_dialog_starts_in_documents_or_home_not_the_working_folder(qtbot, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # where a terminal started the app
    parent = QWidget()
    qtbot.add_widget(parent)
    dialog = QFileDialog(parent, "Export chat")
    open_in_remembered_folder(dialog, "export")
    assert dialog.directory().absolutePath() == default_folder()
    assert dialog.directory().absolutePath() != str(tmp_path)


def test_the_folder_chosen_last_is_where_the_next_dialog_of_that_purpose_opens(qtbot, tmp_path):
    parent = QWidget()
    qtbot.add_widget(parent)
    chosen = tmp_path / "exports"
    chosen.mkdir()
    first = QFileDialog(parent, "Export chat")
    open_in_remembered_folder(first, "export")
    first.setDirectory(str(chosen))
    first.accepted.emit()  # what accepting the dialog in that folder emits

    again = QFileDialog(parent, "Export chat")
    open_in_remembered_folder(again, "export")
    other_purpose = QFileDialog(parent, "Attach files")
    open_in_remembered_folder(other_purpose, "attach")
    assert again.directory().absolutePath() == str(chosen)
    assert other_purpose.directory().absolutePath() == default_folder()
