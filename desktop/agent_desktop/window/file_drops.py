"""Files and folders dragged over any part of the window, not only the message box: while they
are dragged the box says what a drop will do; a drop attaches the files and asks about folders
and archives (`DroppedPaths`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from agent_desktop.composer.message_composer import accept_as_copy, local_paths

if TYPE_CHECKING:
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent

    from agent_desktop.composer.message_composer import Composer
    from agent_desktop.window.dropped_paths import DroppedPaths


class WindowDrops:
    """The window's drag and drop events, taken as copies (never moves) into `composer`.

    `dropped()` sorts what was dropped once the application has loaded (None before: the
    message box attaches the files itself and says it is still starting)."""

    def __init__(self, composer: Composer, dropped: Callable[[], DroppedPaths | None]) -> None:
        self.composer = composer
        self.dropped = dropped

    def enter(self, event: QDragEnterEvent) -> None:
        # With the first drag: sorting paths needs what a folder or skill is (agent_core).
        from agent_desktop.window.dropped_paths import drop_hint  # noqa: PLC0415 - see above

        paths = local_paths(event.mimeData())
        if paths and accept_as_copy(event):
            self.composer.show_drop_target(True, drop_hint(paths))

    def leave(self) -> None:
        self.composer.show_drop_target(False)

    def move(self, event: QDragMoveEvent) -> None:
        if local_paths(event.mimeData()):
            accept_as_copy(event)

    def drop(self, event: QDropEvent) -> None:
        self.composer.show_drop_target(False)
        paths = local_paths(event.mimeData())
        if paths and accept_as_copy(event):
            dropped = self.dropped()
            if dropped is None:  # still starting: the composer says so
                self.composer.attach_files(paths)
            else:
                dropped.take(paths)  # files attached; folders asked about
