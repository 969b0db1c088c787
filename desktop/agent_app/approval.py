"""Who may run a tool call: the approval policy, the one decision every tool call passes.

The tool loop reads each call the way execution will (whatever its wire format) into
`ToolFacts`, then asks `automatic_verdict`. A call runs without asking when its tool's trusted
hints say it is read-only (see `agent_app.tool_trust`), when the user chose "always allow" for
the tool, when an argument rule the user made matches, or when the user allowed the tool for this
session — each only while the tool's definition is the one that was approved. Anything else is put
to the approval handler the GUI installs; without one (headless), it is denied.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from agent_app.ports import ApprovalSettings

from agent_app.tool_trust import ToolFacts, ToolRule, suggest_rule
from agent_app.ui_text import QT_TRANSLATE_NOOP

Decision = Literal["allow_once", "allow_session", "allow_always", "allow_rule", "deny"]
ApprovalHandler = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]

ALWAYS = "always"
DECISIONS: tuple[str, ...] = ("allow_once", "allow_session", "allow_always", "allow_rule", "deny")
HEADLESS_DENIAL = (
    "no one is available to approve tools that may change things (no approval handler is set)"
)


@dataclass(frozen=True)
class Verdict:
    """The outcome for one tool call: whether it runs, why, and the user's reason for a denial."""

    allowed: bool
    basis: Literal[
        "read_only",
        "always",
        "rule",
        "session",
        "user",
        "headless",
        "handler_failed",
        "nothing_to_run",
    ]
    reason: str | None = None
    #: The arguments the user edited before allowing the call; None runs it as the model wrote.
    arguments: dict[str, Any] | None = None

    def denial_text(self) -> str:
        """What the model is told when the call did not run: English, the model's text; marked,
        so the chat's tool row shows it to the person in the window's language."""
        if self.basis == "user":
            reason = (self.reason or "").strip()
            if reason:
                return QT_TRANSLATE_NOOP(
                    "Errors", "The user denied this tool call: {reason}"
                ).format(reason=reason)
            return QT_TRANSLATE_NOOP("Errors", "The user denied this tool call.")
        return QT_TRANSLATE_NOOP("Errors", "The tool call was not run: {reason}").format(
            reason=self.reason
        )


class ApprovalPolicy:
    """Decides per tool call; `configuration` keeps the remembered answers (its `settings`,
    written with `save_settings()`)."""

    def __init__(self, configuration: ApprovalSettings):
        self._configuration = configuration
        self.handler: ApprovalHandler | None = None
        # (session id, tool) → the definition fingerprint the user allowed for that session.
        self._session_allowed: dict[tuple[str, str], str] = {}

    def set_handler(self, handler: ApprovalHandler | None) -> None:
        self.handler = handler

    def automatic_verdict(self, session_id: str, facts: ToolFacts) -> Verdict | None:
        """The verdict when no one needs to be asked, else None."""
        if facts.runs_unasked():
            return Verdict(True, "read_only")
        if self._always_allowed(facts):
            return Verdict(True, "always")
        if self._matching_rule(facts) is not None:
            return Verdict(True, "rule")
        if self._session_allowed.get((session_id, facts.tool_name)) == facts.definition:
            return Verdict(True, "session")
        if self.handler is None:
            return Verdict(False, "headless", HEADLESS_DENIAL)
        return None

    def request_details(self, facts: ToolFacts) -> dict[str, Any]:
        """What the approval prompt shows besides the call itself."""
        suggested = suggest_rule(facts)
        return {
            "destructive": facts.destructive,
            "open_world": facts.open_world,
            "mcp_server": facts.mcp_server,
            # Whose word the description is matters: shown for tools we did not write.
            "tool_description": "" if facts.hints_trusted else facts.description,
            "changed_since_approval": self._changed_since_approval(facts),
            "suggested_rule": (
                {
                    "kind": suggested.kind,
                    "value": suggested.value,
                    "label": suggested.describe(),
                    "label_template": suggested.description_template(),
                }
                if suggested is not None
                else None
            ),
        }

    async def ask(
        self, request: dict[str, Any], facts: ToolFacts, handler: ApprovalHandler | None = None
    ) -> Verdict:
        """Put `request` to `handler` (by default the installed one; an MCP App view's calls
        are asked in a dialog of their own) and remember "session" / "always" / rule answers."""
        handler = handler or self.handler
        if handler is None:
            return Verdict(False, "headless", HEADLESS_DENIAL)
        try:
            answer = await handler(request)
        except Exception as exc:  # noqa: BLE001 - a broken dialog must deny, never run the tool
            return Verdict(
                False, "handler_failed", f"the approval dialog failed ({type(exc).__name__}: {exc})"
            )
        decision = answer.get("decision") if isinstance(answer, dict) else None
        if decision not in DECISIONS:
            return Verdict(
                False, "handler_failed", f"the approval answer {answer!r} is not a known decision"
            )
        tool_name = facts.tool_name
        settings = self._configuration.settings
        if decision == "deny":
            reason = answer.get("reason")
            return Verdict(False, "user", reason if isinstance(reason, str) else None)
        if decision == "allow_session":
            self._session_allowed[(request["session_id"], tool_name)] = facts.definition
        elif decision == "allow_always":
            settings.tool_approvals = {**settings.tool_approvals, tool_name: ALWAYS}
            settings.approved_tool_definitions = {
                **settings.approved_tool_definitions,
                tool_name: facts.definition,
            }
            self._configuration.save_settings()
        elif decision == "allow_rule":
            # The rule is the one this policy suggested, never one the handler made up.
            suggested = suggest_rule(facts)
            if suggested is not None:
                self.add_rule(suggested.model_copy(update={"definition": facts.definition}))
        edited = answer.get("arguments")
        return Verdict(True, "user", arguments=edited if isinstance(edited, dict) else None)

    # ------------------------------------------------------------------ what the user allowed

    def _always_allowed(self, facts: ToolFacts) -> bool:
        settings = self._configuration.settings
        if settings.tool_approvals.get(facts.tool_name) != ALWAYS:
            return False
        pinned: str | None = settings.approved_tool_definitions.get(facts.tool_name)
        if pinned is None:  # allowed before definitions were pinned: pin what it is now
            settings.approved_tool_definitions = {
                **settings.approved_tool_definitions,
                facts.tool_name: facts.definition,
            }
            self._configuration.save_settings()
            return True
        return pinned == facts.definition

    def _matching_rule(self, facts: ToolFacts) -> ToolRule | None:
        rules: list[ToolRule] = self._configuration.settings.tool_rules
        for rule in rules:
            if (
                rule.tool == facts.tool_name
                and rule.definition in ("", facts.definition)
                and rule.matches(facts.arguments)
            ):
                return rule
        return None

    def _changed_since_approval(self, facts: ToolFacts) -> bool:
        settings = self._configuration.settings
        pins = [settings.approved_tool_definitions.get(facts.tool_name) or ""]
        pins += [rule.definition for rule in settings.tool_rules if rule.tool == facts.tool_name]
        pins += [
            definition
            for (_session, tool), definition in self._session_allowed.items()
            if tool == facts.tool_name
        ]
        return any(pin and pin != facts.definition for pin in pins)

    @property
    def rules(self) -> list[ToolRule]:
        return list(self._configuration.settings.tool_rules)

    def add_rule(self, rule: ToolRule) -> None:
        """Keep `rule` (replacing one for the same tool, kind and value)."""
        settings = self._configuration.settings
        kept = [item for item in settings.tool_rules if item.rule_id != rule.rule_id]
        settings.tool_rules = [*kept, rule]
        self._configuration.save_settings()

    def revoke_rule(self, rule_id: str) -> bool:
        """Remove the argument rule `rule_id`; True when there was one."""
        rules = self._configuration.settings.tool_rules
        kept = [rule for rule in rules if rule.rule_id != rule_id]
        if len(kept) == len(rules):
            return False
        self._configuration.settings.tool_rules = kept
        self._configuration.save_settings()
        return True

    def revoke(self, tool_name: str) -> bool:
        """Take back an "always allow" (and any per-session allowance); True if one existed."""
        settings = self._configuration.settings
        approvals = dict(settings.tool_approvals)
        existed = approvals.pop(tool_name, None) is not None
        if existed:
            settings.tool_approvals = approvals
            settings.approved_tool_definitions = {
                tool: pin
                for tool, pin in settings.approved_tool_definitions.items()
                if tool != tool_name
            }
            self._configuration.save_settings()
        session_entries = [entry for entry in self._session_allowed if entry[1] == tool_name]
        for entry in session_entries:
            del self._session_allowed[entry]
        return existed or bool(session_entries)
