"""Core messages ⇄ OpenAI chat-completions messages, and tool schemas for the request.

Native messages are chat-completions message dicts. Assistant messages may carry a few keys the API
never sees (``usage``, ``model``, ``reasoning``, ``incomplete`` and the usage summaries), so the
history keeps what the footer and session totals need; :func:`wire_messages` strips them.
"""

from __future__ import annotations

import json
from typing import Any

from agent_core.content import content_text
from openai_provider.attachments import (
    Attachment,
    resolve_parts,
    text_file_block,
    text_of_parts,
    tool_result_content,
    unsupported_document,
)

#: Keys each role may send to a chat-completions endpoint.
_WIRE_KEYS = {
    "system": ("role", "content", "name"),
    "developer": ("role", "content", "name"),
    "user": ("role", "content", "name"),
    "assistant": ("role", "content", "name", "tool_calls"),
    "tool": ("role", "content", "tool_call_id"),
}
#: Assistant metadata carried through the native history and back.
CARRIED_METADATA = (
    "usage",
    "model",
    "reasoning",
    "incomplete",
    "finish_reason",
    "usage_summary",
    "session_usage",
    "session_usage_summary",
    "provider_notice",
)


def normalize_tool_calls(tool_calls: Any) -> list[dict[str, Any]]:
    """Core/OpenAI tool calls with ``arguments`` always a JSON string."""
    normalized = []
    for call in tool_calls or []:
        function = call.get("function") or {}
        arguments = function.get("arguments", "")
        if not isinstance(arguments, str):
            arguments = json.dumps(arguments)
        normalized.append(
            {
                "id": call.get("id") or "",
                "type": "function",
                "function": {"name": function.get("name", ""), "arguments": arguments or "{}"},
            }
        )
    return normalized


def to_native(
    messages: list[dict[str, Any]],
    *,
    accepts_documents: bool,
    server_label: str,
    tool_images: bool = True,
) -> list[dict[str, Any]]:
    """Convert core messages; images returned by tools follow their tool messages as a user turn.

    Chat completions takes only text in tool messages, and all tool messages answering one
    assistant turn must come straight after it, so tool images wait for the end of that run.
    ``tool_images=False`` (a model that reads no images): tools' images are left out and their
    tool messages say so; the tools' own text (which may describe them) stays.
    """
    native: list[dict[str, Any]] = []
    pending_tool_images: list[tuple[str, Attachment]] = []
    for message in messages:
        role = message.get("role", "user")
        if role != "tool" and pending_tool_images:
            native.append(_tool_images_turn(pending_tool_images))
            pending_tool_images = []
        if role == "tool":
            text, images = tool_result_content(message)
            metadata = message.get("metadata") or {}
            call_id = str(metadata.get("tool_call_id") or "")
            if images and not tool_images:
                left_out = f"({len(images)} image(s) not sent: this model reads no images.)"
                text, images = (f"{text}\n{left_out}" if text else left_out), []
            if images and not text:
                text = f"(The tool returned {len(images)} image(s); they follow.)"
            native.append({"role": "tool", "tool_call_id": call_id, "content": text})
            pending_tool_images.extend((call_id, image) for image in images)
        elif role == "assistant":
            native.append(_assistant_to_native(message))
        else:
            native.append(
                {
                    "role": role,
                    "content": _user_content(
                        message, accepts_documents=accepts_documents, server_label=server_label
                    ),
                }
            )
    if pending_tool_images:
        native.append(_tool_images_turn(pending_tool_images))
    return native


def _tool_images_turn(images: list[tuple[str, Attachment]]) -> dict[str, Any]:
    parts: list[dict[str, Any]] = []
    for call_id, image in images:
        parts.append({"type": "text", "text": f"Image “{image.name}” from tool call {call_id}:"})
        parts.append({"type": "image_url", "image_url": {"url": image.url}})
    return {"role": "user", "content": parts}


def _assistant_to_native(message: dict[str, Any]) -> dict[str, Any]:
    metadata = message.get("metadata") or {}
    content = message.get("content")
    native: dict[str, Any] = {
        "role": "assistant",
        "content": content if isinstance(content, str) else content_text(content),
    }
    tool_calls = normalize_tool_calls(metadata.get("tool_calls"))
    if tool_calls:
        native["tool_calls"] = tool_calls
        native["content"] = native["content"] or None
    for key in CARRIED_METADATA:
        if metadata.get(key) is not None:
            native[key] = metadata[key]
    return native


def _user_content(
    message: dict[str, Any], *, accepts_documents: bool, server_label: str
) -> str | list[dict[str, Any]]:
    text = content_text(message.get("content"))
    parts = message.get("multipartContent")
    extra_text = text_of_parts(parts)
    if extra_text:
        text = f"{text}\n{extra_text}" if text else extra_text
    attachments = resolve_parts(parts)
    if not attachments:
        return text
    blocks: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
    for attachment in attachments:
        if attachment.kind == "text":
            blocks.append({"type": "text", "text": text_file_block(attachment)})
        elif attachment.kind == "image":
            blocks.append({"type": "image_url", "image_url": {"url": attachment.url}})
        elif accepts_documents and attachment.mime == "application/pdf" and attachment.is_data_url:
            blocks.append(
                {"type": "file", "file": {"filename": attachment.name, "file_data": attachment.url}}
            )
        else:
            raise unsupported_document(attachment, server_label)
    return blocks


def from_native(native_messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Convert native messages (normally this turn's finals) to core messages."""
    core: list[dict[str, Any]] = []
    for native in native_messages:
        if not isinstance(native, dict) or "role" not in native:
            continue
        role = native["role"]
        metadata: dict[str, Any] = {}
        if role == "assistant":
            tool_calls = normalize_tool_calls(native.get("tool_calls"))
            if tool_calls:
                metadata["tool_calls"] = tool_calls
            for key in CARRIED_METADATA:
                if native.get(key) is not None:
                    metadata[key] = native[key]
        elif role == "tool":
            metadata["tool_call_id"] = native.get("tool_call_id")
        core.append(
            {"role": role, "content": content_text(native.get("content")), "metadata": metadata}
        )
    return core


def wire_messages(native_messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The native history as the API takes it: only the keys each role may send."""
    wire = []
    for message in native_messages:
        keys = _WIRE_KEYS.get(message.get("role", ""), ("role", "content"))
        wire.append({key: message[key] for key in keys if key in message})
    return wire


def tool_schemas(tools: Any) -> list[dict[str, Any]]:
    """Chat-completions tool list from the core's schemas (MCP ``annotations`` left out)."""
    schemas = []
    for tool in tools or []:
        if not isinstance(tool, dict):
            continue
        function = tool.get("function") if tool.get("type") == "function" else tool
        if not isinstance(function, dict) or not function.get("name"):
            continue
        cleaned = {
            key: function[key]
            for key in ("name", "description", "parameters", "strict")
            if key in function
        }
        cleaned.setdefault("parameters", {"type": "object", "properties": {}})
        schemas.append({"type": "function", "function": cleaned})
    return schemas
