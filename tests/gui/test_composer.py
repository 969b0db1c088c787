"""The composer: send keys, and attach / paste / drop all producing the same asset records."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel
from tests.support.qt_drop import drop_files, file_mime

from agent_app.assets import SessionAssetStore
from agent_app.store import SessionStore
from agent_desktop.composer.message_composer import AttachmentChip, AttachmentIntake, Composer

pytestmark = pytest.mark.gui


@pytest.fixture
def store(tmp_path):
    sessions = SessionStore(tmp_path / "sessions.sqlite3")
    sessions.create_session("s1", title="t")
    yield SessionAssetStore(sessions, tmp_path / "assets", max_bytes=1000)
    sessions.close()


@pytest.fixture
def composer(qtbot, store):
    widget = Composer(AttachmentIntake(store, lambda: "s1"))
    widget.resize(700, 160)
    qtbot.add_widget(widget)
    widget.show()
    return widget


def stored(composer, qtbot):
    """Wait until the attachments are stored (on a worker thread)."""
    qtbot.wait_until(lambda: not composer.preparing())


def sent(composer):
    received = []
    composer.send_requested.connect(lambda text, records: received.append((text, records)))
    return received


def test_a_click_in_the_box_padding_focuses_the_text(composer, qtbot):
    other = QLabel("elsewhere")
    qtbot.add_widget(other)
    composer.window().activateWindow()
    composer.clearFocus()
    assert not composer.edit.hasFocus()
    qtbot.mouseClick(
        composer, Qt.MouseButton.LeftButton, pos=composer.rect().bottomRight() - QPoint(3, 3)
    )
    qtbot.waitUntil(composer.edit.hasFocus, timeout=2000)


def test_enter_sends_and_shift_enter_breaks_the_line(composer, qtbot):
    received = sent(composer)
    qtbot.keyClicks(composer.edit, "first")
    qtbot.keyClick(composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(composer.edit, "second")
    assert received == []
    qtbot.keyClick(composer.edit, Qt.Key.Key_Return)
    assert received == [("first\nsecond", [])]
    assert composer.text() == ""


def test_ctrl_enter_setting(composer, qtbot):
    received = sent(composer)
    composer.set_send_key("ctrl_enter")
    qtbot.keyClicks(composer.edit, "a")
    qtbot.keyClick(composer.edit, Qt.Key.Key_Return)
    assert received == []
    assert composer.text() == "a\n"
    qtbot.keyClick(composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert received == [("a", [])]


def test_the_text_box_grows_with_its_lines_and_starts_at_one(composer):
    edit = composer.edit
    empty_height = edit.height()
    edit._fit_height()  # what the document itself says for an empty box
    assert edit.height() == empty_height
    composer.set_text("one\ntwo\nthree")
    assert edit.height() > empty_height
    composer.set_text("\n".join(str(n) for n in range(40)))
    tallest = edit.height()
    composer.set_text("\n".join(str(n) for n in range(80)))
    assert edit.height() == tallest  # capped at MAX_VISIBLE_LINES, then it scrolls
    composer.set_text("")
    assert edit.height() == empty_height


def test_the_empty_box_counts_the_themes_border_from_the_start(qtbot, store):
    """The theme's border is set when the box is polished, after its first height was counted."""
    widget = Composer(AttachmentIntake(store, lambda: "s1"))
    widget.setStyleSheet("QPlainTextEdit#composerEdit { border: 7px solid black; }")
    qtbot.add_widget(widget)
    widget.show()
    shown = widget.edit.height()
    widget.edit._fit_height()  # what the document and the border say
    assert widget.edit.height() == shown


def test_the_box_counts_a_new_font_and_border_once_it_follows_them(composer, qtbot):
    # The window has the box follow style and font changes once it has painted (an override
    # of its `event` was handed every event of the first paint).
    from PySide6.QtGui import QFont

    edit = composer.edit
    composer.show()
    edit.follow_style_and_font()
    small = edit.height()
    font = QFont(edit.font())
    font.setPointSizeF(font.pointSizeF() * 3)
    edit.setFont(font)
    larger = edit.height()
    assert larger > small
    composer.setStyleSheet("QPlainTextEdit#composerEdit { border: 9px solid black; }")
    bordered = edit.height()
    assert bordered > larger
    edit._fit_height()  # what the document, the font and the border say
    assert edit.height() == bordered


def test_busy_shows_stop_instead_of_send(composer, qtbot):
    received = sent(composer)
    stops = []
    composer.stop_requested.connect(lambda: stops.append(1))
    composer.set_busy(True)
    assert composer.stop_button.isVisible()
    assert not composer.send_button.isVisible()
    qtbot.keyClicks(composer.edit, "queued")
    qtbot.keyClick(composer.edit, Qt.Key.Key_Return)
    assert received == []
    qtbot.mouseClick(composer.stop_button, Qt.MouseButton.LeftButton)
    assert stops == [1]


def _files(tmp_path: Path) -> list[Path]:
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    image = tmp_path / "dot.png"
    picture = QImage(4, 4, QImage.Format.Format_RGB32)
    picture.fill(QColor("red"))
    picture.save(str(image))
    return [text, image]


def _records(composer):
    return [(r["name"], r["size"], r["mime"], r["sha256"]) for r in composer.attachments]


def test_picker_paste_and_drop_produce_the_same_records(composer, qtbot, tmp_path, store):
    paths = _files(tmp_path)
    # picker: the non-modal dialog's filesSelected
    composer.open_file_picker()
    dialog = composer._file_dialog
    assert isinstance(dialog, QFileDialog)
    assert dialog.isVisible()
    dialog.filesSelected.emit([str(p) for p in paths])
    dialog.reject()
    stored(composer, qtbot)
    picked = _records(composer)
    assert [name for name, *_ in picked] == ["notes.txt", "dot.png"]
    assert len(composer.chips()) == 2
    composer._clear_chips()
    # paste
    composer.edit.insertFromMimeData(file_mime(paths))
    stored(composer, qtbot)
    pasted = _records(composer)
    composer._clear_chips()
    # drop onto the text field (Qt routes drops through insertFromMimeData too)
    assert drop_files(composer.edit.viewport(), paths)
    stored(composer, qtbot)
    dropped = _records(composer)
    assert picked == pasted == dropped
    assert len(store.list("s1")) == 6
    text_chip, image_chip = composer.chips()
    assert image_chip.findChild(QLabel, "chipThumbnail") is not None
    assert text_chip.findChild(QLabel, "chipThumbnail") is None
    assert "notes.txt, 5 bytes" in text_chip.accessibleName()


def test_pasted_image_data_becomes_an_image_attachment(composer, store, qtbot):
    picture = QImage(8, 8, QImage.Format.Format_RGB32)
    picture.fill(QColor("blue"))
    mime = QMimeData()
    mime.setImageData(picture)
    composer.edit.insertFromMimeData(mime)
    stored(composer, qtbot)
    assert [(r["name"], r["mime"]) for r in composer.attachments] == [
        ("pasted-image.png", "image/png")
    ]
    assert store.read_bytes(composer.attachments[0]["asset_id"]).startswith(b"\x89PNG")


def test_too_large_or_unreadable_file_gives_a_message_and_stores_nothing(
    composer, tmp_path, store, qtbot
):
    big = tmp_path / "big.bin"
    big.write_bytes(b"x" * 5000)
    composer.attach_files([big, tmp_path / "missing.txt"])
    stored(composer, qtbot)
    assert composer.attachments == []
    assert store.list("s1") == []
    message = composer.message_label.text()
    assert composer.message_label.isVisible()
    assert "big.bin" in message
    assert "limit" in message
    assert "missing.txt" in message
    assert "does not exist" in message


def test_removing_a_chip_deletes_the_unsent_asset(composer, tmp_path, store, qtbot):
    paths = _files(tmp_path)
    composer.attach_files(paths[:1])
    stored(composer, qtbot)
    chip = composer.chips()[0]
    remove = chip.findChild(type(composer.attach_button), "chipRemove")
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
    assert composer.attachments == []
    assert composer.chips() == []
    qtbot.wait_until(lambda: store.list("s1") == [])  # deleted on a worker thread


def test_send_carries_the_attachment_records(composer, tmp_path, qtbot):
    received = sent(composer)
    composer.attach_files(_files(tmp_path)[:1])
    qtbot.keyClick(composer.edit, Qt.Key.Key_Return)  # not yet: still preparing
    assert received == []
    assert "still being prepared" in composer.message_label.text()
    stored(composer, qtbot)
    qtbot.keyClick(composer.edit, Qt.Key.Key_Return)  # attachments alone may be sent
    assert received[0][0] == ""
    assert received[0][1][0]["name"] == "notes.txt"
    assert composer.chips() == []


def test_completion_hook(composer, qtbot):
    qtbot.keyClicks(composer.edit, "see @fi")
    assert composer.text_before_cursor() == "see @fi"
    composer.insert_completion(4, "@file.txt ")
    assert composer.text() == "see @file.txt "
    assert composer.text_before_cursor() == "see @file.txt "


def test_a_big_dropped_file_is_hashed_off_the_gui_thread_behind_a_preparing_chip(
    qtbot, tmp_path, monkeypatch
):
    import threading

    sessions = SessionStore(tmp_path / "sessions.sqlite3")
    sessions.create_session("s1", title="t")
    assets = SessionAssetStore(sessions, tmp_path / "assets", max_bytes=100 * 1024 * 1024)
    composer = Composer(AttachmentIntake(assets, lambda: "s1"))
    qtbot.add_widget(composer)
    composer.show()
    big = tmp_path / "disk-image.bin"
    with big.open("wb") as handle:  # 50 MB the store really reads and hashes (sparse on disk)
        handle.truncate(50 * 1024 * 1024)
    threads = []
    add_file = assets.add_file

    def add_file_noting_the_thread(session_id, path):
        threads.append(threading.current_thread())
        return add_file(session_id, path)

    monkeypatch.setattr(assets, "add_file", add_file_noting_the_thread)

    assert drop_files(composer.edit.viewport(), [big])
    # The drop returned at once: a chip says the file is being prepared, nothing is stored yet.
    preparing = composer.findChildren(AttachmentChip)
    assert [chip.accessibleName() for chip in preparing] == [
        "Attachment disk-image.bin, preparing…"
    ]
    assert composer.attachments == []
    qtbot.wait_until(lambda: not composer.preparing(), timeout=60_000)
    assert threads
    assert threads[0] is not threading.main_thread()
    assert [chip.accessibleName() for chip in composer.chips()] == [
        "Attachment disk-image.bin, 50.0 MB"
    ]
    assert assets.read_bytes(composer.attachments[0]["asset_id"])[:4] == b"\0\0\0\0"
    sessions.close()


def test_the_send_arrow_points_the_way_the_text_reads(composer):
    def arrow() -> QImage:
        return composer.send_button.icon().pixmap(24, 24).toImage()

    left_to_right = arrow()
    QApplication.setLayoutDirection(Qt.LayoutDirection.RightToLeft)  # as Arabic sets it
    try:
        right_to_left = arrow()
    finally:
        QApplication.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
    assert right_to_left != left_to_right
    assert right_to_left == left_to_right.flipped(Qt.Orientation.Horizontal)
