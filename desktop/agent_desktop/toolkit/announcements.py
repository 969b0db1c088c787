"""Say a state change to screen readers: the answer finished, an approval is needed, an error.

A screen reader follows the keyboard's focus; what happens elsewhere (an answer arriving while
the user types the next question) is said only when the app announces it. Qt 6.8+ sends an
announcement through the platform's accessibility bridge (AT-SPI on Linux, UIA on Windows,
NSAccessibility on macOS); `announce` is that, polite by default (said after what is being
read), assertive for what needs the user now.

`announced` carries each one too, so the window's own tests can check what was said.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class _Announcements(QObject):
    announced = Signal(str, bool)  # message, assertive


ANNOUNCEMENTS = _Announcements()


def announce(source: QObject, message: str, *, assertive: bool = False) -> None:
    """Announce `message` from `source` (the widget the news is about)."""
    # With the first announcement, not the window's first paint: PySide builds QAccessible's
    # hundreds of enum members when the class is first imported (~2.5 ms).
    from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent  # noqa: PLC0415 - see above

    event = QAccessibleAnnouncementEvent(source, message)
    politeness = QAccessible.AnnouncementPoliteness
    event.setPoliteness(politeness.Assertive if assertive else politeness.Polite)
    QAccessible.updateAccessibility(event)
    ANNOUNCEMENTS.announced.emit(message, assertive)
