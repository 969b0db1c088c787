"""Start the app through its real entry point (`agent_desktop.__main__.main`: the data-folder
lock, the window shown first, qasync, `open_application`) in this process, report what the user
sees once it is ready, and quit.

Run as ``python -m tests.support.start_probe --data-dir DIR``; prints one JSON line:
``{"shown", "titles", "flagged", "notice", "read_only", "claimed", "loop"}`` (the loop is
named by its class). Integration tests run it
as a subprocess after faults (kills, read-only files, damaged rows) to prove the app starts.
With ``START_PROBE_SAVES=1`` it then also saves the settings and starts a new chat, as a user
would, and adds what each said: ``"settings_saved"`` / ``"chat_started"`` (True or the error's
sentence).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from agent_desktop import __main__ as entry


def try_saves(app: Any) -> dict[str, Any]:
    outcome: dict[str, Any] = {}
    for key, save in (
        ("settings_saved", app.configuration.save_settings),
        ("chat_started", app.sessions.store_new_session),
    ):
        try:
            save()
            outcome[key] = True
        except Exception as error:  # noqa: BLE001 - the sentence the user would read is the result
            outcome[key] = f"{type(error).__name__}: {error}"
    return outcome


async def report(window: Any, options: Any, claim: Any) -> int:
    from agent_desktop.sidebar.session_list import SESSION_ROLE

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
                    "read_only": app.sessions.store.read_only,
                    "claimed": claim.claimed,
                    "loop": type(asyncio.get_running_loop()).__name__,
                    **(try_saves(app) if os.environ.get("START_PROBE_SAVES") else {}),
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
