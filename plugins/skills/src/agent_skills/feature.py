"""Feature plugin `skills`: each enabled skill's name and description go before the conversation.

Progressive disclosure: the model sees only the list (within the agent's token budget) and loads
a skill's instructions with `load_skill` when it decides a request needs them. The list is added
for each provider turn as a system message after the instructions (it is never stored, so a skill
installed or turned off applies to the next turn), and only when `load_skill` is offered in that
turn: a list the model cannot act on would only cost tokens.

The settings page is generated from `get_ui_elements`: skills on or off for the agent, the ones
turned off, the budget, and the folders that are not usable skills with the reason.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agent_core.native_messages import after_instructions, approximate_tokens
from agent_skills.catalog import (
    DEFAULT_BUDGET_TOKENS,
    Skill,
    discover_skills,
    enabled_skills,
    skill_roots,
    skill_settings,
)
from agent_skills.install import SkillInstallError, install_skill, remove_installed_skill
from agent_skills.names import LOAD_SKILL, READ_SKILL_FILE

#: The action the app runs for a skill folder or .zip dropped on the window or chosen in
#: Settings → Skills (`source`: its path); it installs into the app's skills folder.
ACTION_INSTALL = "skills_install"
#: Takes an installed skill out of the app's skills folder again (`name`): the Undo of an
#: install from the window.
ACTION_REMOVE = "skills_remove"

OPTION_SUMMARY_CHARS = 40
INTRODUCTION = (
    "Skills are available: folders of instructions for particular tasks. When a request matches "
    f"a skill's description, call {LOAD_SKILL} with its name before you act, and "
    f"{READ_SKILL_FILE} for a file its instructions name. A skill is guidance, not permission: "
    "its scripts run only through your shell and file tools, which ask the user as usual."
)
LIST_HEADING = "Available skills (name: when to use it):"


def skills_listing(skills: tuple[Skill, ...], budget_tokens: int) -> str:
    """The text the model gets: introduction and one line per skill, cut to the budget (the
    lines that do not fit are counted, so the model knows the list is partial)."""
    if not skills:
        return ""
    lines = [INTRODUCTION, "", LIST_HEADING]
    used = approximate_tokens("\n".join(lines))
    for index, skill in enumerate(skills):
        line = f"- {skill.name}: {skill.description}"
        cost = approximate_tokens(line) + 1
        if used + cost > budget_tokens:
            if index == 0:  # not even one skill fits: say nothing rather than an empty list
                return ""
            left_out = len(skills) - index
            lines.append(f"({left_out} more skills are not listed, to keep within the budget.)")
            break
        lines.append(line)
        used += cost
    return "\n".join(lines)


def _offered_tool_names(context: dict[str, Any] | None) -> set[str]:
    names: set[str] = set()
    for descriptor in (context or {}).get("tools") or []:
        name = getattr(descriptor, "tool_name", None)
        if name is None and isinstance(descriptor, dict):
            name = descriptor.get("name")
        if isinstance(name, str):
            names.add(name)
    return names


class SkillsFeature:
    """Feature plugin `skills`: the list of enabled skills in each request's context."""

    kind = "feature"
    name = "skills"
    display_name = "Skills"
    version = "0.1.0"
    priority = 100

    def get_config_schema(self) -> dict[str, Any]:
        return {
            "skills.enabled": {
                "type": "boolean",
                "default": True,
                "description": "Offer the installed skills to this agent's model.",
            },
            "skills.disabled": {
                "type": "array",
                "items": {"type": "string"},
                "default": [],
                "description": "Skills this agent does not offer.",
            },
            "skills.budget_tokens": {
                "type": "integer",
                "default": DEFAULT_BUDGET_TOKENS,
                "description": "Most tokens the list of skills may take in each request.",
            },
        }

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        found = discover_skills(config)
        folders = ", ".join(str(folder) for _source, folder in skill_roots(config))
        description = f"Skills are looked for in: {folders}."
        if found.problems:
            unusable = "; ".join(str(problem) for problem in found.problems)
            description += f" Not usable: {unusable}."
        elements: list[dict[str, Any]] = [
            {
                "type": "checkbox",
                "key": "skills.enabled",
                "label": "Offer skills to the model",
                "description": description,
            }
        ]
        if found.skills:
            elements.append(
                {
                    "type": "multiselect",
                    "key": "skills.disabled",
                    "label": "Skills turned off for this agent",
                    "options": [_option(skill) for skill in found.skills],
                }
            )
        for ask, label in (("folder", "Install from a folder…"), ("file", "Install from a .zip…")):
            elements.append(
                {
                    "type": "action",
                    "key": f"skills.install_{ask}",
                    "label": label,
                    "action": ACTION_INSTALL,
                    "ask": ask,
                    "filter": "Skill archives (*.zip)",
                    "description": "Copies the skill into the app's skills folder; it is "
                    "offered from the next message. Dropping it on the window does the same.",
                }
            )
        elements.append(
            {
                "type": "integer",
                "key": "skills.budget_tokens",
                "label": "Token budget for the list of skills",
                "min": 0,
                "max": 100_000,
                "step": 100,
            }
        )
        return elements

    def init(self, config: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return state

    def initialize_request(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        if LOAD_SKILL not in _offered_tool_names(context):
            return native_messages, state
        config = (context or {}).get("config") or {}
        listing = self.listing(config)
        if not listing:
            return native_messages, state
        return after_instructions(native_messages, listing), state

    def get_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            {
                "id": ACTION_INSTALL,
                "label": "Install a skill",
                "description": "Install a skill from a folder or a .zip into the app's skills.",
                "inputs": {"source": {"type": "string", "required": True}},
            },
            {
                "id": ACTION_REMOVE,
                "label": "Remove an installed skill",
                "description": "Remove a skill installed into the app's skills folder.",
                "inputs": {"name": {"type": "string", "required": True}},
            },
        ]

    def execute_action(
        self,
        action_id: str,
        session: Any,
        native_messages: list[dict[str, Any]],
        params: dict[str, Any],
        context: dict[str, Any] | None,
        state: dict[str, Any],
    ) -> dict[str, Any]:
        unchanged = list(native_messages)
        config = (context or {}).get("config") or {}
        if action_id not in (ACTION_INSTALL, ACTION_REMOVE):
            return _failed(unchanged, "unknown_action", f"Unknown action {action_id!r}.")
        skills_dir = config.get("skills_dir")
        if not isinstance(skills_dir, str) or not skills_dir:
            return _failed(
                unchanged, "no_skills_dir", "The app gives skills no folder to be installed in."
            )
        if action_id == ACTION_REMOVE:
            return _remove(unchanged, params.get("name"), Path(skills_dir))
        source = params.get("source")
        if not isinstance(source, str) or not source:
            return _failed(unchanged, "invalid_params", "'source' must be a folder or .zip path.")
        try:
            skill = install_skill(Path(source), Path(skills_dir))
        except (SkillInstallError, OSError) as error:
            return _failed(unchanged, "install_failed", f"The skill was not installed: {error}")
        return {
            "native_messages": unchanged,
            "status": "ok",
            "message": f"Installed the skill “{skill.name}”: {skill.description}",
            "skill": skill.name,
        }

    def listing(self, config: dict[str, Any]) -> str:
        """What this agent's model is told about skills for `config` (empty: nothing)."""
        offered = enabled_skills(config)
        return skills_listing(offered.skills, skill_settings(config)["budget_tokens"])


def _remove(native_messages: list[dict[str, Any]], name: Any, skills_dir: Path) -> dict[str, Any]:
    if not isinstance(name, str) or not name:
        return _failed(native_messages, "invalid_params", "'name' must be a skill's name.")
    try:
        remove_installed_skill(name, skills_dir)
    except (SkillInstallError, OSError) as error:
        return _failed(native_messages, "remove_failed", f"The skill was not removed: {error}")
    return {
        "native_messages": native_messages,
        "status": "ok",
        "message": f"Removed the skill “{name}”.",
        "skill": name,
    }


def _failed(native_messages: list[dict[str, Any]], kind: str, message: str) -> dict[str, Any]:
    return {
        "native_messages": native_messages,
        "status": "error",
        "message": message,
        "error": {"type": kind, "message": message},
    }


def _option(skill: Skill) -> dict[str, str]:
    summary = skill.description
    if len(summary) > OPTION_SUMMARY_CHARS:
        summary = summary[: OPTION_SUMMARY_CHARS - 1].rstrip() + "…"
    return {"value": skill.name, "label": f"{skill.name} — {summary}"}
