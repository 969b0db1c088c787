"""Qt's own messages (warnings, criticals, fatal errors) go to the app's log at their levels.

Installed before the QApplication is built (qutebrowser's `log.qt_message_handler`), so a platform
plugin that cannot load, or a painter used wrongly, is in the log with its category and, when Qt
knows it, its source place. A fatal message is also written to the crash dump: Qt aborts right
after, and the next start's crash report then says why.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

from agent_app.secrets import redact
from agent_desktop.system.crash_dump import CrashDump

_LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}

MessageHandler = Callable[[QtMsgType, QMessageLogContext, str], None]


def qt_message_handler(crash_dump: CrashDump | None) -> MessageHandler:
    """A handler logging each Qt message to `qt` (`qt.<category>` for categorised ones)."""

    def handle(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        category = context.category or "default"
        logger = logging.getLogger("qt" if category == "default" else f"qt.{category}")
        level = _LEVELS.get(kind, logging.WARNING)
        if not logger.isEnabledFor(level):
            return
        place = f" ({context.file}:{context.line}, {context.function})" if context.file else ""
        logger.log(level, "%s%s", message, place)
        if kind == QtMsgType.QtFatalMsg and crash_dump is not None:
            crash_dump.note(redact(f"Qt fatal error: {message}{place}"))

    return handle


def install_qt_message_handler(crash_dump: CrashDump | None) -> Callable[[], None]:
    """Route Qt's messages to the log from now on; returns a function that puts back the
    handler there was before (tests)."""
    previous = qInstallMessageHandler(qt_message_handler(crash_dump))

    def put_back() -> None:
        qInstallMessageHandler(previous)

    return put_back
