"""Starts the app through its entry point (`run_app`) on the data folder given, waits until the
start-up work has settled (it ends by freezing the collector's objects) and a few seconds more
(a first run looks for local servers meanwhile), then prints the process's resident memory as
JSON and quits through the window."""

from __future__ import annotations

import gc
import json
import os
import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

SETTLE_MS = 3000


def resident_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def main() -> None:
    qt_app = QApplication([sys.argv[0]])

    def report() -> None:
        print(json.dumps({"idle_rss_mb": resident_mb()}), flush=True)
        for window in qt_app.topLevelWidgets():
            window.close()

    def when_settled() -> None:
        if not gc.get_freeze_count():
            QTimer.singleShot(100, when_settled)
            return
        QTimer.singleShot(SETTLE_MS, report)

    QTimer.singleShot(0, when_settled)
    from agent_desktop.__main__ import run_app  # after the QApplication, as `main` does

    code = run_app(["--data-dir", sys.argv[1]])
    sys.stdout.flush()
    os._exit(code)


if __name__ == "__main__":
    main()
