"""How the last request of a chat ended, when it did not end with an answer.

A failed request leaves a record in the session metadata (``last_error``): one plain sentence
(the plugin's own, naming the server the user configured), the technical part for a "Details"
view, and how it ended (``timeout``, ``stream_cut``, ``failed``). It is saved with the chat, so
the chat shows it again after a restart, and it is cleared when the next request starts.

An answer with no text and no tool calls is marked ``empty`` in its metadata; the chat shows it
as "The model returned nothing" rather than as an empty bubble.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, NamedTuple

from agent_app.ui_text import QT_TRANSLATE_NOOP

if TYPE_CHECKING:  # the chat view reads the labels below on the first paint: stay light
    from agent_core import Session

LAST_ERROR_KEY = "last_error"
#: How a request ended, from a provider's failure kind; anything else "failed".
ENDINGS_BY_KIND = {"timeout": "timeout", "stream_cut": "stream_cut"}
#: How a request stopped before its end: the user's Stop (or Esc), or the app quitting.
STOPPED = "stopped"
QUIT = "quit"
#: What the chat and the status bar call each ending.
ENDING_LABELS = {
    STOPPED: QT_TRANSLATE_NOOP("TurnOutcome", "stopped by you"),
    QUIT: QT_TRANSLATE_NOOP("TurnOutcome", "stopped when the app quit"),
    "timeout": QT_TRANSLATE_NOOP("TurnOutcome", "timed out"),
    "stream_cut": QT_TRANSLATE_NOOP("TurnOutcome", "connection cut"),
    "failed": QT_TRANSLATE_NOOP("TurnOutcome", "failed"),
}
EMPTY_ANSWER = QT_TRANSLATE_NOOP("TurnOutcome", "The model returned nothing.")


def failure_record(error: dict[str, Any]) -> dict[str, Any]:
    """The ``last_error`` record of an ``error`` event's error dict."""
    kind = error.get("kind")
    # A plugin that classified its failure wrote a sentence for people; show that first.
    sentence = str((error.get("detail") if kind else None) or error.get("message") or "")
    details = []
    if error.get("plugin"):
        details.append(f"Plugin: {error['plugin']} (in {error.get('hook') or 'a hook'})")
    if kind:
        details.append(f"Kind: {kind}")
    if error.get("technical"):
        details.append(str(error["technical"]))
    return {
        "message": sentence or "The request failed.",
        "details": "\n".join(details),
        "ending": ENDINGS_BY_KIND.get(str(kind), "failed"),
        "at": time.time(),
    }


def is_empty_answer(message: dict[str, Any]) -> bool:
    """An assistant message that brought neither text nor a tool call (nor was cut short)."""
    metadata = message.get("metadata") or {}
    content = message.get("content")
    text = content if isinstance(content, str) else ""
    return (
        message.get("role") == "assistant"
        and not text.strip()
        and not metadata.get("tool_calls")
        and not metadata.get("incomplete")
        and not metadata.get("stopped")
    )


class TurnOutcome(NamedTuple):
    """What the chat shows under the last turn: ``kind`` is ``error`` or ``empty``."""

    kind: str
    message: str
    details: str = ""
    ending: str = "failed"


def turn_outcome(session: Session | None) -> TurnOutcome | None:
    """The failure or empty answer that ended the session's last request, if any."""
    if session is None:
        return None
    record = session.metadata.get(LAST_ERROR_KEY)
    if isinstance(record, dict) and record.get("message"):
        return TurnOutcome(
            "error",
            str(record["message"]),
            str(record.get("details") or ""),
            str(record.get("ending") or "failed"),
        )
    if session.messages:
        last = session.messages[-1]
        if last.role == "assistant" and (last.metadata or {}).get("empty"):
            model = (last.metadata or {}).get("model")
            details = f"Model: {model}" if model else ""
            return TurnOutcome("empty", EMPTY_ANSWER, details, "empty")
    return None
