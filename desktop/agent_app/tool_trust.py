"""How far a tool call is trusted: who vouches for its hints, pinned definitions, argument rules.

Tool annotations (`readOnlyHint`, `destructiveHint`, `openWorldHint`) are claims. They let a call
run without asking only when the claim comes from someone the user trusts: our own first-party
tool plugins, or an MCP server the user marked "trust read-only hints" (per server, in Settings →
Tools). A claim from any other MCP server or third-party plugin is shown, never obeyed. A tool that
says it is destructive or reaches the outside world is always asked about unless the user allowed
it.

What the user allows is pinned to the tool's definition (description, parameters, annotations):
when a server changes a tool after it was approved, the approval no longer applies and the user is
asked again. Argument rules allow one tool only for calls whose arguments match: shell commands
starting with a prefix, file paths under a folder, URLs on a domain.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import shlex
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict

from agent_app.ui_text import QT_TRANSLATE_NOOP

# Top-level packages of the tool plugins we ship and whose annotations we wrote ourselves. The MCP
# plugin is ours too, but its annotations are the servers' words, so it is not in this set.
FIRST_PARTY_TOOL_PACKAGES = frozenset(
    {
        "agent_memory",
        "agent_projects",
        "agent_skills",
        "file_tools",
        "shell_tool",
        "think_finish_tools",
        "web_fetch_tool",
    }
)
MCP_TOOL_PREFIX = "mcp__"
MCP_PLUGIN_NAME = "mcp_tools"

RuleKind = Literal["command_prefix", "path_under", "url_domain"]
ServerTrust = Literal["ask", "trust_read_only"]
SERVER_TRUST_LABELS: dict[str, str] = {
    "ask": QT_TRANSLATE_NOOP("Settings", "Ask before every tool (hints ignored)"),
    "trust_read_only": QT_TRANSLATE_NOOP("Settings", "Run tools it marks read-only without asking"),
}
# Characters that chain, substitute or redirect in a shell command line: a command that holds
# one of them does more than its prefix says, so no prefix rule covers it.
_SHELL_CONTROL = (";", "&", "|", "`", "$(", "${", ">", "<", "\n", "\r")
_ARGUMENT_FOR_KIND: dict[str, str] = {
    "command_prefix": "command",
    "path_under": "path",
    "url_domain": "url",
}


class ToolRule(BaseModel):
    """Allow `tool` without asking for calls whose argument matches `kind`/`value`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tool: str
    kind: RuleKind
    value: str
    definition: str = ""
    """The tool's definition fingerprint when the rule was made ("" = pinned on first use)."""

    @property
    def rule_id(self) -> str:
        return f"{self.tool}|{self.kind}|{self.value}"

    def describe(self) -> str:
        """What calls the rule covers, in words ("commands starting with “git status”")."""
        return self.description_template().format(value=self.value)

    def description_template(self) -> str:
        """`describe`'s words with `{value}` for the rule's value, marked for translation."""
        if self.kind == "command_prefix":
            return QT_TRANSLATE_NOOP("ToolRule", "commands starting with “{value}”")
        if self.kind == "path_under":
            if _normal_path(self.value) == ".":
                # Relative paths are the tools' workspace folder's: "." is that folder.
                return QT_TRANSLATE_NOOP("ToolRule", "files in the agent's workspace folder")
            return QT_TRANSLATE_NOOP("ToolRule", "paths under “{value}”")
        return QT_TRANSLATE_NOOP("ToolRule", "URLs on {value}")

    def matches(self, arguments: Any) -> bool:
        if not isinstance(arguments, dict):
            return False
        value = arguments.get(_ARGUMENT_FOR_KIND[self.kind])
        if not isinstance(value, str):
            return False
        if self.kind == "command_prefix":
            return command_matches_prefix(value, self.value)
        if self.kind == "path_under":
            return path_is_under(value, self.value)
        return url_is_on_domain(value, self.value)


@dataclass(frozen=True)
class ToolFacts:
    """One call as the approval policy sees it (read the way execution reads it)."""

    tool_name: str
    plugin_name: str = ""
    arguments: Any = None
    annotations: dict[str, Any] = field(default_factory=dict)
    definition: str = ""
    hints_trusted: bool = False
    mcp_server: str | None = None
    description: str = ""

    @property
    def destructive(self) -> bool:
        # MCP's default for a tool that is not read-only is "may be destructive".
        hints = self.annotations
        return hints.get("destructiveHint") is True or (
            hints.get("readOnlyHint") is not True and hints.get("destructiveHint") is not False
        )

    @property
    def open_world(self) -> bool:
        return self.annotations.get("openWorldHint") is True

    def runs_unasked(self) -> bool:
        """Whether the tool's own trusted word makes it safe to run without asking."""
        hints = self.annotations
        if not self.hints_trusted or hints.get("readOnlyHint") is not True:
            return False
        if hints.get("destructiveHint") is True:
            return False  # contradictory hints: believe the dangerous one
        # Our own read-only tools that reach the network (web fetch) still ask.
        return self.mcp_server is not None or not self.open_world


def definition_fingerprint(schema: Any) -> str:
    """A stable hash of a tool's whole definition (name, description, parameters, hints)."""
    text = json.dumps(schema, sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def mcp_server_of(tool_name: str, server_names: list[str]) -> str | None:
    """The configured MCP server whose prefix `tool_name` carries (longest match), or None."""
    if not tool_name.startswith(MCP_TOOL_PREFIX):
        return None
    from_name = tool_name[len(MCP_TOOL_PREFIX) :]
    best = None
    for server in server_names:
        safe = "".join(char if char.isalnum() or char in "_-" else "_" for char in server)
        if from_name.startswith(safe + "__") and (best is None or len(server) > len(best)):
            best = server
    return best


def facts_for_call(
    described: dict[str, Any],
    *,
    plugin_instance: Any,
    server_trust: dict[str, str],
    server_names: list[str],
) -> ToolFacts:
    """`ToolFacts` from one entry of `AgentCore.describe_tool_calls`."""
    descriptor = described.get("descriptor")
    metadata = getattr(descriptor, "metadata", None) or {}
    annotations = dict(metadata.get("annotations") or {})
    tool_name = str(described.get("tool_name") or "")
    plugin_name = str(described.get("plugin_name") or "")
    package = type(plugin_instance).__module__.partition(".")[0] if plugin_instance else ""
    server = None
    schema = getattr(descriptor, "schema", None)
    if package == "mcp_tools":
        # The plugin names the server in the schema; the prefix is only a fallback guess.
        named = (schema or {}).get("mcp") if isinstance(schema, dict) else None
        claimed = named.get("server") if isinstance(named, dict) else None
        server = claimed if claimed in server_names else mcp_server_of(tool_name, server_names)
        trusted = server is not None and server_trust.get(server) == "trust_read_only"
    else:
        trusted = package in FIRST_PARTY_TOOL_PACKAGES
    return ToolFacts(
        tool_name=tool_name,
        plugin_name=plugin_name,
        arguments=described.get("arguments"),
        annotations=annotations,
        definition=definition_fingerprint(schema),
        hints_trusted=trusted,
        mcp_server=server,
        description=_description(schema),
    )


def _description(schema: Any) -> str:
    if not isinstance(schema, dict):
        return ""
    function = schema.get("function")
    text = (function if isinstance(function, dict) else schema).get("description")
    return text.strip() if isinstance(text, str) else ""


# ---------------------------------------------------------------------------- argument matching


def command_matches_prefix(command: str, prefix: str) -> bool:
    """`command` is `prefix` or `prefix` plus more words, with nothing that chains commands."""
    command, prefix = command.strip(), prefix.strip()
    if not prefix or any(token in command for token in _SHELL_CONTROL):
        return False
    try:
        words, prefix_words = shlex.split(command), shlex.split(prefix)
    except ValueError:
        return False
    return words[: len(prefix_words)] == prefix_words


def _normal_path(path: str) -> str | None:
    if "\x00" in path or not path.strip():
        return None
    normal = posixpath.normpath(path.strip().replace("\\", "/"))
    if normal == ".." or normal.startswith("../"):
        return None
    return normal


def path_is_under(path: str, folder: str) -> bool:
    """`path` names `folder` or something inside it (after `..` and `.` are resolved)."""
    normal, base = _normal_path(path), _normal_path(folder)
    if normal is None or base is None:
        return False
    if base == ".":
        return not posixpath.isabs(normal)
    return normal == base or normal.startswith(base.rstrip("/") + "/")


def url_is_on_domain(url: str, domain: str) -> bool:
    """`url` is http(s) on `domain` or one of its subdomains (the real host, not userinfo)."""
    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").rstrip(".").lower()
    except ValueError:
        return False
    domain = domain.strip().rstrip(".").lower()
    if parts.scheme not in ("http", "https") or not host or not domain:
        return False
    return host == domain or host.endswith("." + domain)


def suggest_rule(facts: ToolFacts) -> ToolRule | None:
    """The narrowest useful rule for calls like this one, or None when none fits."""
    arguments = facts.arguments if isinstance(facts.arguments, dict) else {}
    command, path, url = arguments.get("command"), arguments.get("path"), arguments.get("url")
    if isinstance(command, str) and command.strip():
        if any(token in command for token in _SHELL_CONTROL):
            return None
        try:
            words = shlex.split(command)
        except ValueError:
            return None
        if not words:
            return None
        prefix_words = words[:1]
        if len(words) > 1 and not words[1].startswith("-") and "/" not in words[1]:
            prefix_words = words[:2]
        value = shlex.join(prefix_words)
        return ToolRule(tool=facts.tool_name, kind="command_prefix", value=value)
    if isinstance(url, str):
        host = (urlsplit(url.strip()).hostname or "").lower()
        if host:
            return ToolRule(tool=facts.tool_name, kind="url_domain", value=host)
        return None
    if isinstance(path, str):
        normal = _normal_path(path)
        if normal is None:
            return None
        folder = posixpath.dirname(normal) or "."
        return ToolRule(tool=facts.tool_name, kind="path_under", value=folder)
    return None
