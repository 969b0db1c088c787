"""Tool calls that local models print as text instead of using the tool API, made real again.

Small local models (and servers without a tool-call parser for them) often answer with the call
written out. The shapes recognised are the common ones:

- Hermes / Qwen: ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` (one or more);
- ``<function_call>{...}</function_call>`` and Llama 3.1's ``<function=name>{...}</function>``;
- Mistral: ``[TOOL_CALLS][{"name": ..., "arguments": {...}}]``;
- a fenced block (```json / ```tool_call / ```) holding such an object or a list of them;
- the whole answer being such an object or list (Llama 3.x JSON tool calling).

Only calls to tools that were offered are taken (anything else stays text), ``parameters`` is
accepted for ``arguments``, and the recognised text is removed from the answer.
"""

from __future__ import annotations

import json
import re
from typing import Any

_TAGGED = re.compile(
    r"<(?P<tag>tool_call|function_call)>\s*(?P<body>.*?)\s*</(?P=tag)>", re.DOTALL | re.IGNORECASE
)
_FUNCTION_TAG = re.compile(
    r"<function=(?P<name>[\w.\-]+)>\s*(?P<body>.*?)\s*</function>", re.DOTALL
)
_FENCED = re.compile(r"```(?:json|tool_call|tool_code)?[ \t]*\n(?P<body>.*?)\n?```", re.DOTALL)
_MISTRAL = re.compile(r"\[TOOL_CALLS\]\s*(?P<body>\[.*\])", re.DOTALL)


def recover_tool_calls(text: str, tool_names: set[str]) -> tuple[str, list[dict[str, Any]]]:
    """``(text left, tool calls)`` recovered from ``text``; ``(text, [])`` when none is there."""
    if not text or not tool_names:
        return text, []
    calls: list[tuple[str, Any]] = []
    remaining = text
    for pattern in (_TAGGED, _FUNCTION_TAG, _MISTRAL, _FENCED):
        remaining = pattern.sub(lambda match: _take(match, tool_names, calls), remaining)
    if not calls:
        whole = _calls_in(_parse(text.strip()), tool_names)
        if whole:
            return "", _numbered(whole)
    return (remaining.strip(), _numbered(calls)) if calls else (text, [])


def _take(match: re.Match[str], tool_names: set[str], calls: list[tuple[str, Any]]) -> str:
    """The replacement of one recognised piece: "" when it held calls, itself otherwise."""
    groups = match.groupdict()
    data = _parse(groups["body"])
    if groups.get("name"):
        data = {"name": groups["name"], "arguments": data if data is not None else {}}
    found = _calls_in(data, tool_names)
    if not found:
        return match.group(0)
    calls.extend(found)
    return ""


def _parse(body: str) -> Any:
    try:
        return json.loads(body)
    except ValueError:
        return None


def _calls_in(data: Any, tool_names: set[str]) -> list[tuple[str, Any]]:
    """``(name, arguments)`` of every call to an offered tool in ``data`` (an object or list);
    empty if anything in it is not such a call."""
    items = data if isinstance(data, list) else [data]
    found = []
    for item in items:
        if not isinstance(item, dict):
            return []
        function = item.get("function")
        if not isinstance(function, dict):
            function = item
        name = function.get("name")
        if not isinstance(name, str) or name not in tool_names:
            return []
        arguments = function.get("arguments", function.get("parameters", {}))
        found.append((name, arguments))
    return found


def _numbered(found: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "id": f"text_call_{index}",
            "type": "function",
            "function": {
                "name": name,
                "arguments": arguments
                if isinstance(arguments, str)
                else json.dumps(arguments, ensure_ascii=False),
            },
        }
        for index, (name, arguments) in enumerate(found)
    ]
