"""Drive `AgentApplication.send_request` with the scripted provider and collect the events."""

from __future__ import annotations

from typing import Any

from agent_app.application import AgentApplication
from agent_core import Message, Session


def with_user_message(session: Session, text: str) -> Session:
    return Session(
        session.session_id, [*session.messages, Message("user", text)], dict(session.metadata)
    )


def script_overrides(script: list[Any]) -> dict[str, Any]:
    return {"provider": "scripted", "script": script}


def tool_turn(*calls: tuple[str, Any], content: str = "") -> dict[str, Any]:
    """A scripted assistant turn that calls tools: `tool_turn(("add", {"a": 1, "b": 2}))`."""
    return {
        "content": content,
        "tool_calls": [{"name": name, "arguments": arguments} for name, arguments in calls],
    }


async def collect(
    app: AgentApplication, session: Session, script: list[Any], **kwargs: Any
) -> list[dict[str, Any]]:
    return [event async for event in app.send_request(session, script_overrides(script), **kwargs)]


def types(events: list[dict[str, Any]]) -> list[str]:
    return [event["type"] for event in events]


def of_type(events: list[dict[str, Any]], event_type: str) -> list[dict[str, Any]]:
    return [event for event in events if event["type"] == event_type]


class ApprovalDesk:
    """An approval handler answering from a list of decisions, recording every request."""

    def __init__(self, *answers: str | tuple[str, str]):
        self.answers = list(answers)
        self.requests: list[dict[str, Any]] = []

    async def __call__(self, request: dict[str, Any]) -> dict[str, Any]:
        self.requests.append(request)
        answer = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        decision, reason = answer if isinstance(answer, tuple) else (answer, None)
        return {"decision": decision, "reason": reason}
