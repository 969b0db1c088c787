"""What a loaded plugin offers, described by asking it: its kind, version, author, the tools it
adds and the settings it adds. Runs where the plugin's code may run: in the description probe
(`plugin_description_probe`) and in `agent-desktop plugin check`; the app asks through
`plugin_description.describe_in_probe`.
"""

from __future__ import annotations

import asyncio
import inspect
import tempfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from agent_core.hooks import PLUGIN_FAULTS
from agent_core.secret_names import is_secret_name

#: What kind of tool an adapter shows the core (its class name → the words for it).
_TOOL_FLAVOURS = {
    "AgentAdapterToolPlugin": "agent-adapter tool",
    "OpenHandsToolPlugin": "OpenHands tool",
    "NodeToolPlugin": "Node tool",
}


def describe_target(target: dict[str, Any]) -> list[dict[str, Any]]:
    """In the probe: load the plugins of `target` and describe each."""
    from agent_app.plugin_discovery import check_source, discover_distribution  # noqa: PLC0415 - the probe sets its import path first
    from agent_app.plugin_installs import activate, unpack_wheel  # noqa: PLC0415 - as above

    scratch = Path(tempfile.mkdtemp(prefix="plugin-description-"))
    if "wheels" in target:
        site = scratch / "site"
        for wheel in target["wheels"]:
            unpack_wheel(Path(wheel), site)
        activate(site)
        records = discover_distribution(str(target["name"]))
    elif "distribution" in target:
        activate(Path(target["env_dir"]))
        records = discover_distribution(str(target["distribution"]))
    else:
        paths = SimpleNamespace(cache_dir=scratch / "cache", log_dir=scratch / "logs")
        records = check_source(str(target.get("folder") or target["source"]), paths)
    return [describe_record(record) for record in records]


def describe_record(record: Any) -> dict[str, Any]:
    """One discovered plugin, described by asking it."""
    described: dict[str, Any] = {
        "name": record.name,
        "title": record.title,
        "kind": record.kind,
        "flavour": record.kind,
        "version": record.version or "",
        "source": record.source,
        "error": record.error,
        "tools": [],
        "settings": [],
    }
    if not record.ok:
        return described
    try:
        instance = record.plugin() if inspect.isclass(record.plugin) else record.plugin
        described["flavour"] = _TOOL_FLAVOURS.get(type(instance).__name__, record.kind)
        described["settings"] = _settings(instance)
        if record.kind == "tool":
            described["tools"] = _tools(instance)
    except PLUGIN_FAULTS as error:  # said as the plugin's problem; the rest stays
        described["error"] = f"asking it what it offers failed: {type(error).__name__}: {error}"
    return described


def _settings(instance: Any) -> list[dict[str, Any]]:
    schema = getattr(instance, "get_config_schema", None)
    declared = schema() if callable(schema) else {}
    elements = _config_elements(instance)
    # What a person reads as the setting's name: its form field's label, else the schema's title.
    labels = {str(e.get("key")): str(e.get("label")) for e in elements if e.get("label")}
    settings = []
    for key, entry in (declared or {}).items():
        entry = entry if isinstance(entry, dict) else {"default": entry}
        settings.append(
            {
                "key": str(key),
                "title": labels.get(str(key)) or str(entry.get("title") or key),
                "type": str(entry.get("type") or "string"),
                "description": str(entry.get("description") or entry.get("label") or ""),
                "default": entry.get("default"),
                "secret": entry.get("secret") is True or is_secret_name(str(key)),
            }
        )
    known = {setting["key"] for setting in settings}
    for element in elements:
        key = str(element.get("key") or "")
        if key and key not in known:
            known.add(key)
            settings.append(
                {
                    "key": key,
                    "title": labels.get(key) or key,
                    "type": str(element.get("type") or "string"),
                    "description": str(element.get("label") or element.get("description") or ""),
                    "default": element.get("default"),
                    "secret": element.get("type") in ("secret", "password"),
                }
            )
    return settings


def _config_elements(instance: Any) -> list[dict[str, Any]]:
    """The plugin's ``config`` UI elements, asked as the core asks (newest signature first)."""
    hook = getattr(instance, "get_ui_elements", None)
    if not callable(hook):
        return []
    attempts: tuple[tuple[Any, ...], ...] = (({}, None), ({},), ())
    for arguments in attempts:
        try:
            elements = hook(*arguments)
        except TypeError:
            continue
        return [
            element
            for element in elements or []
            if isinstance(element, dict) and (element.get("ui_type") or "config") == "config"
        ]
    return []


def _tools(instance: Any) -> list[dict[str, str]]:
    declared = getattr(instance, "declared_tools", None)
    if callable(declared):  # an agent-adapter plugin: its tools, without starting it
        return [{"name": tool.name, "description": tool.description} for tool in declared()]
    init = getattr(instance, "init", None)
    state = init({}) if callable(init) else {}
    prepared = None
    prepare = getattr(instance, "prepare_async", None)
    if callable(prepare):
        prepared = asyncio.run(prepare({}, state))
    listed = (
        instance.get_tool_schemas(state, prepared=prepared)
        if prepared is not None
        else instance.get_tool_schemas(state)
    )
    tools = []
    for schema in listed or []:
        function = schema.get("function") or schema if isinstance(schema, dict) else {}
        tools.append(
            {
                "name": str(function.get("name") or ""),
                "description": str(function.get("description") or ""),
            }
        )
    return tools
