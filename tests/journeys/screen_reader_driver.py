"""A screen reader's hands: drives Agent Desktop through the AT-SPI tree only (pyatspi).

Run by tests/journeys/test_screen_reader.py with the system's Python 3 (Debian's python3-pyatspi;
its GObject bindings are built for that interpreter), on the D-Bus session where the app runs.
It finds controls as a screen reader user does, by role and accessible name, and acts through
their AT-SPI Action and EditableText interfaces: type a message and send it, approve the tool
the model asks for, read the answer, open Settings from the File menu, switch Developer mode on
and press OK. Each step prints one JSON line; announcements the app makes are printed as they
arrive. Exit code 0 when every step was done, 1 with the failing step's line otherwise.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import pyatspi  # type: ignore[import-not-found]  # Debian's python3-pyatspi (system Python)
from gi.repository import GLib  # type: ignore[import-not-found]

APP_NAME = "Agent Desktop"
MESSAGE = "Run the greeting command"
STEP_SECONDS = 30.0


def say(kind: str, **details: Any) -> None:
    print(json.dumps({"step": kind, **details}), flush=True)


def pump_events() -> None:
    """Deliver the AT-SPI events that arrived (announcements) to their listeners."""
    context = GLib.MainContext.default()
    while context.iteration(False):
        pass


def walk(node: Any, depth: int = 0) -> Iterator[Any]:
    """Every accessible under `node` (depth first), skipping what vanished meanwhile."""
    if node is None or depth > 40:
        return
    yield node
    try:
        count = node.childCount
    except Exception:  # noqa: BLE001 - a node that went away while walked (pyatspi raises many)
        return
    for index in range(count):
        try:
            child = node.getChildAtIndex(index)
        except Exception:  # noqa: BLE001 - the same: the rest of the tree is still walked
            child = None
        yield from walk(child, depth + 1)


def role_and_name(node: Any) -> tuple[str, str]:
    try:
        return node.getRoleName(), node.name or ""
    except Exception:  # noqa: BLE001 - gone while read
        return "", ""


def wait_for(what: str, find: Callable[[], Any], seconds: float = STEP_SECONDS) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        pump_events()
        found = find()
        if found:
            return found
        time.sleep(0.2)
    say("failed", waiting_for=what)
    sys.exit(1)


def the_app() -> Any:
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == APP_NAME:
            return app
    return None


def find(root: Any, role: str, name: str | Callable[[str], bool]) -> Any:
    matches = name if callable(name) else (lambda text: text == name)
    for node in walk(root):
        node_role, node_name = role_and_name(node)
        if node_role == role and matches(node_name) and _showing(node):
            return node
    return None


def _showing(node: Any) -> bool:
    try:
        return bool(node.getState().contains(pyatspi.STATE_SHOWING))
    except Exception:  # noqa: BLE001 - gone while read
        return False


def act(node: Any, wanted: tuple[str, ...] = ("press", "click", "toggle", "activate")) -> str:
    """Do the node's first action named in `wanted` (what Enter or Space would do), once the
    node is enabled and offers it."""

    def offered() -> tuple[int, str] | None:
        actions = node.queryAction()
        names = [actions.getName(index) for index in range(actions.nActions)]
        return next(
            ((index, name) for index, name in enumerate(names) if name.lower() in wanted), None
        )

    index, action_name = wait_for(f"{role_and_name(node)} to offer {wanted}", offered)
    node.queryAction().doAction(index)
    return str(action_name)


def main() -> None:
    announcements: list[str] = []

    def heard(event: Any) -> None:
        text = str(event.any_data or "")
        announcements.append(text)
        say("announced", text=text)

    pyatspi.Registry.registerEventListener(heard, "object:announcement")
    app = wait_for("the app on the accessibility bus", the_app, 60)
    say("found the app", name=app.name)

    message = wait_for("the message box", lambda: find(app, "text", "Message"))
    message.queryEditableText().setTextContents(MESSAGE)
    typed = message.queryText().getText(0, -1)
    say("typed", text=typed)
    send = wait_for("the Send button", lambda: find(app, "push button", "Send message"))
    say("pressed", button=send.name, action=act(send))

    allow = wait_for(
        "the approval prompt",
        lambda: find(app, "push button", lambda text: text.startswith("Allow once")),
    )
    say("approval asked", button=allow.name)
    say("pressed", button=allow.name, action=act(allow))

    conversation = wait_for("the conversation", lambda: find(app, "list", "Conversation"))
    answer = wait_for(
        "the answer in the conversation",
        lambda: find(conversation, "list item", lambda text: text.startswith("assistant:")),
    )
    say("read the answer", text=answer.name)

    file_menu = wait_for("the File menu", lambda: find(app, "menu item", "File"))
    say("opened", menu=file_menu.name, action=act(file_menu, ("press", "click", "showmenu")))
    settings = wait_for("Settings… in the File menu", lambda: find(app, "menu item", "Settings…"))
    say("chose", item=settings.name, action=act(settings, ("press", "click", "trigger")))
    dialog = wait_for("the Settings dialog", lambda: find(app, "dialog", "Settings"))
    developer = wait_for("Developer mode", lambda: find(dialog, "check box", "Developer mode"))
    say("toggled", control=developer.name, action=act(developer))
    checked = wait_for(
        "Developer mode checked",
        lambda: developer.getState().contains(pyatspi.STATE_CHECKED),
    )
    say("checked", control=developer.name, checked=bool(checked))
    ok = wait_for("the OK button", lambda: find(dialog, "push button", "OK"))
    say("pressed", button=ok.name, action=act(ok))
    wait_for("the dialog to close", lambda: not find(app, "dialog", "Settings"))
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline:  # late announcements
        pump_events()
        time.sleep(0.1)
    say("done", announcements=announcements)


if __name__ == "__main__":
    main()
