"""After a hard crash, the next start says so once, in the window's notice bar, with the report
at hand.

Non-modal (qutebrowser shows its crash dialog on the next start; a notice does not stand between
the user and the chat): "Open report" opens `last-crash.txt` in the user's text viewer, "Copy
report" puts its text (secrets already blanked out) on the clipboard for a bug report; the notice
stays after copying, and says so where no viewer could be started.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication

from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.system.crash_report import CrashReport
from agent_desktop.window.notice_bar import NoticeBar

CRASH_SENTENCE = QT_TRANSLATE_NOOP("CrashNotice", "Agent Desktop closed unexpectedly last time.")
COPIED_SENTENCE = QT_TRANSLATE_NOOP(
    "CrashNotice", "The crash report is on the clipboard (secrets are left out of it)."
)
NOT_OPENED_SENTENCE = QT_TRANSLATE_NOOP(
    "CrashNotice",
    "No app to show text files was found; open the file above yourself, or copy the report.",
)


def _translate(text: str) -> str:
    return QCoreApplication.translate("CrashNotice", text)


def open_in_system_viewer(path: Path) -> bool:
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


def show_crash_notice(
    bar: NoticeBar,
    report: CrashReport,
    open_file: Callable[[Path], bool] = open_in_system_viewer,
) -> None:
    """Say in `bar` that the last run crashed, offering to open or copy its report. A notice
    already shown (a start-up problem) is kept below the sentence, not replaced. Copying, or
    opening where no app can show the file, says so and keeps the report at hand."""
    if report.path is not None:
        kept = " " + QCoreApplication.translate(
            "CrashNotice", "Its report is kept in {path}; nothing was sent anywhere."
        ).format(path=report.path)
    else:
        kept = " " + QCoreApplication.translate(
            "CrashNotice", "Its report could not be kept in the log folder; copy it now to keep it."
        )
    earlier = bar.label.text() if bar.isVisible() else ""
    path = report.path

    def show(outcome: str = "") -> None:
        text = _translate(CRASH_SENTENCE) + kept + (f" {outcome}" if outcome else "")
        text += f"\n{earlier}" if earlier else ""
        copy = QCoreApplication.translate("CrashNotice", "Copy report")
        if path is None:
            bar.show_notice(text, copy, copy_report)
        else:
            bar.show_notice(
                text,
                QCoreApplication.translate("CrashNotice", "Open report"),
                open_report,
                more_actions=[(copy, copy_report)],
            )

    def copy_report() -> None:
        QGuiApplication.clipboard().setText(report.text)
        show(_translate(COPIED_SENTENCE))

    def open_report() -> None:
        if path is not None and not open_file(path):
            show(_translate(NOT_OPENED_SENTENCE))

    show()
