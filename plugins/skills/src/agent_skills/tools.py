"""Tool plugin `skill_tools`: `load_skill` (a skill's instructions) and `read_skill_file` (a file
beside them, confined to the skill's folder).

Both only read. What a skill says is untrusted text handed to the model like any tool result: it
changes no setting and runs nothing. Its scripts run only when the model calls the shell or file
tools, which ask the user as for any command. The tools are offered only when this agent has a
skill to load.
"""

from __future__ import annotations

import copy
from typing import Any

from agent_core.tool_arguments import tool_arguments
from agent_skills.catalog import (
    Skill,
    SkillFileError,
    enabled_skills,
    read_skill_file,
    skill_files,
)
from agent_skills.names import LOAD_SKILL, READ_SKILL_FILE

_READ_ONLY = {
    "readOnlyHint": True,
    "destructiveHint": False,
    "idempotentHint": True,
    "openWorldHint": False,
}
_NAME_PARAMETER = {"type": "string", "description": "The skill's name, as listed."}

TOOL_SCHEMAS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": LOAD_SKILL,
            "description": (
                "Load a skill's instructions (its SKILL.md) and the list of files beside them. "
                "Call it when a request matches a listed skill's description."
            ),
            "parameters": {
                "type": "object",
                "properties": {"name": _NAME_PARAMETER},
                "required": ["name"],
                "additionalProperties": False,
            },
        },
        "annotations": {"title": "Load skill", **_READ_ONLY},
    },
    {
        "type": "function",
        "function": {
            "name": READ_SKILL_FILE,
            "description": (
                "Read a text file of a loaded skill, by its path inside the skill's folder "
                "(like references/guide.md)."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "name": _NAME_PARAMETER,
                    "path": {"type": "string", "description": "Path inside the skill's folder."},
                },
                "required": ["name", "path"],
                "additionalProperties": False,
            },
        },
        "annotations": {"title": "Read skill file", **_READ_ONLY},
    },
]


class SkillTools:
    """Tool plugin `skill_tools`: the model's way to load the skills the `skills` feature lists."""

    kind = "tool"
    name = "skill_tools"
    display_name = "Skill tools"
    version = "0.1.0"

    def get_config_schema(self) -> dict[str, Any]:
        return {}

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return []

    def is_enabled(
        self,
        config: dict[str, Any],
        tags: list[str],
        models: list[dict[str, Any]],
        context: dict[str, Any],
    ) -> bool | None:
        # Two tool schemas cost tokens in every request: offered only with a skill to load.
        return None if enabled_skills(config).skills else False

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def get_tool_schemas(
        self, state: dict[str, Any], *, prepared: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return copy.deepcopy(TOOL_SCHEMAS)

    def format_tool_call_preview(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> str:
        try:
            arguments = tool_arguments(payload)
        except ValueError:
            return ""
        if tool_name == LOAD_SKILL:
            return f"Load skill {arguments.get('name', '')}"
        if tool_name == READ_SKILL_FILE:
            return f"Read {arguments.get('path', '')} of skill {arguments.get('name', '')}"
        return ""

    def execute_tool(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> dict[str, Any]:
        try:
            arguments = tool_arguments(payload)
            skill = self._skill(state, arguments.get("name"))
            if tool_name == LOAD_SKILL:
                return _loaded(skill)
            if tool_name == READ_SKILL_FILE:
                path = str(arguments.get("path") or "")
                text = read_skill_file(skill, path)
                return {"success": True, "skill": skill.name, "path": path, "result": text}
        except (ValueError, OSError) as error:
            return {
                "success": False,
                "tool": tool_name,
                "skill": _requested_name(payload),
                "error": str(error),
            }
        return {
            "success": False,
            "error": f"Unknown tool {tool_name!r}; this plugin offers {LOAD_SKILL!r} and "
            f"{READ_SKILL_FILE!r}.",
        }

    def _skill(self, state: dict[str, Any], name: Any) -> Skill:
        if not isinstance(name, str) or not name.strip():
            raise SkillFileError("'name' is required: the name of a listed skill")
        offered = enabled_skills(state.get("config") or {})
        skill = offered.named(name.strip())
        if skill is None:
            names = ", ".join(s.name for s in offered.skills) or "none"
            raise SkillFileError(f"no skill named {name!r} is enabled; the skills are: {names}")
        return skill

    def format_tool_result(self, result: dict[str, Any], state: dict[str, Any]) -> str:
        if not result.get("success"):
            return f"Error: {result.get('error')}"
        return str(result.get("result", ""))

    def to_display_format(
        self, text: str, result: dict[str, Any], state: dict[str, Any]
    ) -> dict[str, Any]:
        skill = result.get("skill") or "?"
        if not result.get("success"):
            single_line = f"Skill {skill}: {result.get('error')}"
        elif "path" in result:
            single_line = f"Skill {skill}: read {result['path']}"
        else:
            single_line = f"Used skill {skill}"
        return {"type": "text", "content": text, "single_line": single_line}


def _loaded(skill: Skill) -> dict[str, Any]:
    files, more = skill_files(skill)
    parts = [f"Skill {skill.name!r} (folder: {skill.folder})", "", skill.body()]
    if files:
        parts += ["", f"Files beside SKILL.md (read them with {READ_SKILL_FILE}):"]
        parts += [f"- {path}" for path in files]
        if more:
            parts.append(f"- … and {more} more")
    return {"success": True, "skill": skill.name, "result": "\n".join(parts)}


def _requested_name(payload: Any) -> str | None:
    try:
        name = tool_arguments(payload).get("name")
    except ValueError:
        return None
    return name if isinstance(name, str) else None
