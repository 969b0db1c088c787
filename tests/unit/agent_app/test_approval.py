"""The approval policy on its own: every decision path, persisted "always" and revocation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_app.approval import ApprovalPolicy, Verdict
from agent_app.settings import Settings, load_settings, save_settings


class SettingsFile:
    """The two things the policy needs from the application: settings and a way to save them."""

    def __init__(self, path: Path):
        self.path = path
        self.settings, _ = load_settings(path)

    def save_settings(self) -> None:
        save_settings(self.settings, self.path)


@pytest.fixture
def owner(tmp_path: Path) -> SettingsFile:
    return SettingsFile(tmp_path / "settings.json")


def request(tool_name: str = "shell", session_id: str = "s1") -> dict[str, Any]:
    return {
        "request_id": "r1",
        "session_id": session_id,
        "tool_call_id": "call_1",
        "tool_name": tool_name,
        "arguments": {"command": "ls"},
        "preview": "$ ls",
        "annotations": {},
    }


def answering(decision: str, reason: str | None = None, log: list | None = None):
    async def handler(approval_request: dict[str, Any]) -> dict[str, Any]:
        if log is not None:
            log.append(approval_request)
        return {"decision": decision, "reason": reason}

    return handler


def test_read_only_runs_and_headless_denies(owner: SettingsFile) -> None:
    policy = ApprovalPolicy(owner)

    assert policy.automatic_verdict("s1", "grep", {"readOnlyHint": True}) == Verdict(
        True, "read_only"
    )
    denied = policy.automatic_verdict("s1", "shell", {"readOnlyHint": False})
    assert denied is not None
    assert not denied.allowed
    assert denied.basis == "headless"
    assert "no approval handler" in denied.denial_text()


async def test_allow_once_asks_every_time(owner: SettingsFile) -> None:
    asked: list[dict[str, Any]] = []
    policy = ApprovalPolicy(owner)
    policy.set_handler(answering("allow_once", log=asked))

    assert policy.automatic_verdict("s1", "shell", {}) is None
    assert (await policy.ask(request())).allowed
    assert policy.automatic_verdict("s1", "shell", {}) is None
    assert asked == [request()]


async def test_allow_session_is_remembered_for_that_session_only(owner: SettingsFile) -> None:
    policy = ApprovalPolicy(owner)
    policy.set_handler(answering("allow_session"))

    assert (await policy.ask(request(session_id="s1"))).allowed

    assert policy.automatic_verdict("s1", "shell", {}) == Verdict(True, "session")
    assert policy.automatic_verdict("s2", "shell", {}) is None
    assert policy.automatic_verdict("s1", "write_file", {}) is None
    assert owner.settings.tool_approvals == {}


async def test_allow_always_persists_and_revoke_takes_it_back(owner: SettingsFile) -> None:
    policy = ApprovalPolicy(owner)
    policy.set_handler(answering("allow_always"))

    assert (await policy.ask(request())).allowed

    reloaded, problems = load_settings(owner.path)
    assert problems == []
    assert reloaded.tool_approvals == {"shell": "always"}
    fresh_policy = ApprovalPolicy(SettingsFile(owner.path))
    assert fresh_policy.automatic_verdict("other-session", "shell", {}) == Verdict(True, "always")

    assert policy.revoke("shell") is True
    assert load_settings(owner.path)[0].tool_approvals == {}
    assert policy.automatic_verdict("s1", "shell", {}) is None
    assert policy.revoke("shell") is False


async def test_deny_with_and_without_reason(owner: SettingsFile) -> None:
    policy = ApprovalPolicy(owner)
    policy.set_handler(answering("deny", "not on the production box"))
    verdict = await policy.ask(request())
    assert not verdict.allowed
    assert verdict.denial_text() == "The user denied this tool call: not on the production box"

    policy.set_handler(answering("deny"))
    assert (await policy.ask(request())).denial_text() == "The user denied this tool call."


async def test_a_failing_or_confused_handler_denies(owner: SettingsFile) -> None:
    async def broken(approval_request: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("dialog vanished")

    policy = ApprovalPolicy(owner)
    policy.set_handler(broken)
    verdict = await policy.ask(request())
    assert not verdict.allowed
    assert "dialog vanished" in verdict.denial_text()

    policy.set_handler(answering("sure"))
    verdict = await policy.ask(request())
    assert not verdict.allowed
    assert "not a known decision" in verdict.denial_text()
    assert owner.settings == Settings()
