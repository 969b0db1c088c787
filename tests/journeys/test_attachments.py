"""Attachments you can see: drag a picture in, send it, see its thumbnail, click to open it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRect
from PySide6.QtGui import QColor, QDragEnterEvent, QDragLeaveEvent, QDropEvent, QImage
from PySide6.QtWidgets import QApplication, QLabel

from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.qt_drop import file_mime
from tests.support.screenshots import shots_folder
from tests.support.server_behaviours import openai_text
from tests.support.wire_servers import WireServer

pytestmark = pytest.mark.gui

SHOTS = shots_folder("20")


@pytest.fixture
def picture(tmp_path) -> Path:
    image = QImage(320, 200, QImage.Format.Format_RGB32)
    image.fill(QColor("#3a7bd5"))
    path = tmp_path / "architecture-diagram.png"
    assert image.save(str(path))
    return path


def test_a_dropped_picture_is_sent_shown_as_a_thumbnail_and_opens_on_click(
    journey, picture, tmp_path
):
    with WireServer() as server:
        journey.use_local_server(f"{server.url}/v1")
        server.enqueue(openai_text("A blue rectangle."))
        window = journey.start()
        composer = window.composer

        # Dragging over the window shows where the files will go; leaving takes it back.
        mime = file_mime([picture])
        point = window.rect().center()
        buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
        enter = QDragEnterEvent(point, Qt.DropAction.CopyAction, mime, buttons, modifiers)
        QApplication.sendEvent(window, enter)
        assert composer.property("dropTarget") is True
        assert composer.edit.placeholderText().startswith("Drop the files here")
        QApplication.sendEvent(window, QDragLeaveEvent())
        assert composer.property("dropTarget") is False
        assert composer.edit.placeholderText().startswith("Message the agent")

        QApplication.sendEvent(window, enter)
        drop = QDropEvent(QPointF(point), Qt.DropAction.CopyAction, mime, buttons, modifiers)
        QApplication.sendEvent(window, drop)
        journey.wait_until(lambda: len(composer.chips()) == 1)
        assert composer.property("dropTarget") is False

        journey.type_text("What is in this picture?", composer.edit)
        journey.press(Qt.Key.Key_Return, widget=composer.edit)
        journey.wait_until(lambda: server.posts, timeout=20)
        journey.wait_until(lambda: not composer.stop_button.isVisible(), timeout=20)

        sent = server.posts[0].body["messages"][-1]
        image_parts = [p for p in sent["content"] if p.get("type") == "image_url"]
        assert image_parts, sent
        assert image_parts[0]["image_url"]["url"].startswith("data:image/png;base64,")

        view = window.chat_view
        row = next(
            r for r in range(view.chat_model.rowCount()) if view.chat_model.item(r).role == "user"
        )
        item = view.chat_model.item(row)
        part = item.attachments[0]
        delegate = view.itemDelegate()
        journey.wait_until(lambda: delegate.thumbnail(part) is not None)
        thumbnail = delegate.thumbnail(part)
        assert max(thumbnail.width(), thumbnail.height()) == 48  # scaled while decoding
        layout = delegate.layout(item, view.visualRect(view.chat_model.index(row)))
        chip: QRect = layout.chip_rects[0]
        journey.settle(0.2)
        if SHOTS.parent.is_dir():
            SHOTS.mkdir(parents=True, exist_ok=True)
            journey.screenshot(SHOTS / "sent-attachment.png")

        journey.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=chip.center())
        preview = journey.wait_until(
            lambda: (
                journey.has_widget("Attachment architecture-diagram.png")
                and journey.find_widget("Attachment architecture-diagram.png")
            )
        )
        shown = journey.find_widget("Attachment preview", QLabel)
        journey.wait_until(lambda: shown.pixmap() is not None and not shown.pixmap().isNull())
        assert shown.pixmap().width() == 320  # the whole picture, not the thumbnail
        if SHOTS.parent.is_dir():
            journey.screenshot(SHOTS / "attachment-preview.png", preview)

        # Save as… writes the original bytes where the user chose (the dialog is the OS's;
        # here the chosen path is handed over as the dialog would).
        target = tmp_path / "saved" / "copy.png"
        preview.write_to(target)
        journey.wait_until(lambda: target.exists() and "Saved to" in preview.status.text())
        assert target.read_bytes() == picture.read_bytes()
        preview.close()

        # Up in the empty message box edits the message: the notice says its picture goes too.
        composer.edit.setFocus()
        journey.press(Qt.Key.Key_Up, widget=composer.edit)
        assert composer.edit.toPlainText() == "What is in this picture?"
        journey.wait_until(
            lambda: (
                "Its attachments go with it: “architecture-diagram.png”."
                in window.notice.label.text()
            )
        )


def test_a_missing_attachment_says_so_instead_of_opening_nothing(journey):
    journey.use_local_server("http://127.0.0.1:9/v1")
    window = journey.start()
    window.chat_view.attachment_activated.emit(
        {"type": "image", "asset_id": "0" * 32, "name": "gone.png"}
    )
    journey.settle(0.05)
    assert "no attachment" in window.notice.label.text()


def test_the_same_file_attached_twice_is_kept_once_and_the_user_told(journey, picture, tmp_path):
    journey.use_local_server("http://127.0.0.1:9/v1")
    window = journey.start()
    copy = tmp_path / "same-picture-other-name.png"
    copy.write_bytes(picture.read_bytes())
    composer = window.composer

    composer.attach_files([picture])
    composer.attach_files([picture, copy])
    journey.wait_until(lambda: not composer.preparing())

    assert len(composer.chips()) == 1
    message = composer.message_label.text()
    assert "“architecture-diagram.png” is already attached." in message
    assert "“same-picture-other-name.png” is already attached (as “architecture-diagram.png”)" in (
        message
    )
    # The one kept still reads back whole from the store.
    assert (
        window.app.sessions.assets.read_bytes(composer.attachments[0]["asset_id"])
        == picture.read_bytes()
    )


def test_a_pasted_image_for_a_model_that_takes_no_images_comes_with_a_warning(journey):
    # Seen walking the app: a pasted image went to a model the picker marks as not taking
    # images, without a word.
    from PySide6.QtGui import QGuiApplication

    with WireServer() as server:
        server.models = {
            "object": "list",
            "data": [
                {
                    "id": "text-only",
                    "architecture": {"input_modalities": ["text"]},
                    "supported_parameters": ["tools"],
                }
            ],
        }
        journey.use_local_server(f"{server.url}/v1", model="text-only")
        window = journey.start()
        composer = window.composer
        journey.click(window.column.model_picker)  # the picker lists what each model takes
        journey.wait_until(lambda: window.agent_bar.listed, timeout=20)
        journey.press(Qt.Key.Key_Escape)

        image = QImage(64, 48, QImage.Format.Format_RGB32)
        image.fill(QColor("#3a7bd5"))
        QGuiApplication.clipboard().setImage(image)
        journey.press(Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier, widget=composer.edit)
        journey.wait_until(lambda: len(composer.chips()) == 1)
        journey.wait_until(composer.message_label.isVisible)
        assert "The model text-only does not take images" in composer.message_label.text()
        journey.screenshot(SHOTS / "image-for-a-model-without-images.png")
