"""Start the app through its real entry point (`agent_desktop.__main__.main`: the data-folder
lock, the window shown first, qasync, `open_application`) in this process, report what the user
sees once it is ready, and quit.

Run as ``python -m tests.support.start_probe --data-dir DIR``; prints one JSON line:
``{"shown", "titles", "flagged", "notice", "read_only"}``. Integration tests run it as a
subprocess after faults (kills, read-only files, damaged rows) to prove the app starts.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from agent_desktop import __main__ as entry


async def report(window: Any, options: Any, claim: Any) -> int:
    from agent_desktop.sessions_sidebar import SESSION_ROLE

    app, notifier = await entry.open_application(window, options)
    try:
        sessions = [
            window.sidebar.list.item(row).data(SESSION_ROLE)
            for row in range(window.sidebar.list.count())
        ]
        notice = window.notice.label.text() if window.notice.isVisible() else ""
        print(
            json.dumps(
                {
                    "shown": window.isVisible(),
                    "titles": [session["title"] for session in sessions],
                    "flagged": [session["title"] for session in sessions if session["flagged"]],
                    "notice": notice,
                    "read_only": app.store.read_only,
                    "claimed": claim.claimed,
                }
            ),
            flush=True,
        )
    finally:
        notifier.uninstall()
        await app.aclose()
    return 0


if __name__ == "__main__":
    entry.run = report
    sys.exit(entry.main(sys.argv[1:]))
