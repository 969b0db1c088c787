"""Who may run a tool call: the approval policy.

Read-only tools (MCP `readOnlyHint`) run. A tool the user chose to "always allow" (kept in
`settings.tool_approvals`) runs, until revoked. A tool allowed "for this session" runs for the rest
of that session (remembered in memory only). Anything else is put to the approval handler the GUI
installs; without one (headless), it is denied.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from agent_app.ports import ApprovalSettings

Decision = Literal["allow_once", "allow_session", "allow_always", "deny"]
ApprovalHandler = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]

ALWAYS = "always"
DECISIONS: tuple[str, ...] = ("allow_once", "allow_session", "allow_always", "deny")
HEADLESS_DENIAL = (
    "no one is available to approve tools that may change things (no approval handler is set)"
)


@dataclass(frozen=True)
class Verdict:
    """The outcome for one tool call: whether it runs, why, and the user's reason for a denial."""

    allowed: bool
    basis: Literal[
        "read_only", "always", "session", "user", "headless", "handler_failed", "nothing_to_run"
    ]
    reason: str | None = None

    def denial_text(self) -> str:
        """What the model is told when the call did not run."""
        if self.basis == "user":
            reason = (self.reason or "").strip()
            if reason:
                return f"The user denied this tool call: {reason}"
            return "The user denied this tool call."
        return f"The tool call was not run: {self.reason}"


def is_read_only(annotations: dict[str, Any] | None) -> bool:
    return (annotations or {}).get("readOnlyHint") is True


class ApprovalPolicy:
    """Decides per tool call; `app` supplies `settings` and `save_settings()`."""

    def __init__(self, app: ApprovalSettings):
        self._app = app
        self.handler: ApprovalHandler | None = None
        self._session_allowed: set[tuple[str, str]] = set()

    def set_handler(self, handler: ApprovalHandler | None) -> None:
        self.handler = handler

    def automatic_verdict(
        self, session_id: str, tool_name: str, annotations: dict[str, Any] | None
    ) -> Verdict | None:
        """The verdict when no one needs to be asked, else None."""
        if is_read_only(annotations):
            return Verdict(True, "read_only")
        if self._app.settings.tool_approvals.get(tool_name) == ALWAYS:
            return Verdict(True, "always")
        if (session_id, tool_name) in self._session_allowed:
            return Verdict(True, "session")
        if self.handler is None:
            return Verdict(False, "headless", HEADLESS_DENIAL)
        return None

    async def ask(self, request: dict[str, Any]) -> Verdict:
        """Put `request` to the handler and remember "session" / "always" answers."""
        if self.handler is None:
            return Verdict(False, "headless", HEADLESS_DENIAL)
        try:
            answer = await self.handler(request)
        except Exception as exc:  # a broken dialog must deny, never run the tool
            return Verdict(
                False, "handler_failed", f"the approval dialog failed ({type(exc).__name__}: {exc})"
            )
        decision = answer.get("decision") if isinstance(answer, dict) else None
        if decision not in DECISIONS:
            return Verdict(
                False, "handler_failed", f"the approval answer {answer!r} is not a known decision"
            )
        tool_name = request["tool_name"]
        if decision == "deny":
            reason = answer.get("reason")
            return Verdict(False, "user", reason if isinstance(reason, str) else None)
        if decision == "allow_session":
            self._session_allowed.add((request["session_id"], tool_name))
        elif decision == "allow_always":
            self._app.settings.tool_approvals = {
                **self._app.settings.tool_approvals,
                tool_name: ALWAYS,
            }
            self._app.save_settings()
        return Verdict(True, "user")

    def revoke(self, tool_name: str) -> bool:
        """Take back an "always allow" (and any per-session allowance); True if one existed."""
        approvals = dict(self._app.settings.tool_approvals)
        existed = approvals.pop(tool_name, None) is not None
        if existed:
            self._app.settings.tool_approvals = approvals
            self._app.save_settings()
        session_entries = {entry for entry in self._session_allowed if entry[1] == tool_name}
        self._session_allowed -= session_entries
        return existed or bool(session_entries)
