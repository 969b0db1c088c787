"""Core messages ⇄ Anthropic Messages API messages, and tool schemas for the request.

Native messages are Messages-API turns (``{"role": "user" | "assistant", "content": [blocks]}``).
System messages stay in the list as ``{"role": "system"}`` until :func:`wire_request` lifts them
into the request's ``system`` field. Tool results are ``tool_result`` blocks in a user turn, and
may hold images. Assistant turns carry a few keys the API never sees (usage, model, reasoning,
summaries). Signed thinking blocks are kept in ``metadata["thinking_blocks"]`` so a tool-use turn
can be sent back exactly as the API requires.
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
from openai_provider.errors import ProviderError
from openai_provider.messages import CARRIED_METADATA, normalize_tool_calls

SERVER_LABEL = "Anthropic"
#: Assistant metadata carried through the native history and back (besides tool calls).
ANTHROPIC_CARRIED = (*CARRIED_METADATA, "thinking_blocks")
_DOCUMENT_TYPES = ("application/pdf",)
_IMAGE_TYPES = ("image/jpeg", "image/png", "image/gif", "image/webp")


def to_native(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    native: list[dict[str, Any]] = []
    for message in messages:
        role = message.get("role", "user")
        if role == "system":
            native.append({"role": "system", "content": content_text(message.get("content"))})
        elif role == "assistant":
            converted = _assistant_to_native(message)
            if converted["content"]:
                native.append(converted)
        elif role == "tool":
            native.append({"role": "user", "content": [_tool_result_block(message)]})
        else:
            native.append({"role": "user", "content": _user_blocks(message)})
    return native


def _assistant_to_native(message: dict[str, Any]) -> dict[str, Any]:
    metadata = message.get("metadata") or {}
    blocks: list[dict[str, Any]] = [
        dict(block) for block in metadata.get("thinking_blocks") or [] if isinstance(block, dict)
    ]
    text = content_text(message.get("content"))
    if text:
        blocks.append({"type": "text", "text": text})
    for call in normalize_tool_calls(metadata.get("tool_calls")):
        blocks.append(
            {
                "type": "tool_use",
                "id": call["id"],
                "name": call["function"]["name"],
                "input": _arguments_object(call["function"]["arguments"]),
            }
        )
    native: dict[str, Any] = {"role": "assistant", "content": blocks}
    for key in CARRIED_METADATA:
        if metadata.get(key) is not None:
            native[key] = metadata[key]
    return native


def _arguments_object(arguments: str) -> dict[str, Any]:
    try:
        parsed = json.loads(arguments or "{}")
    except ValueError:
        return {}  # the model produced broken JSON; the tool already answered with an error
    return parsed if isinstance(parsed, dict) else {"value": parsed}


def image_block(attachment: Attachment) -> dict[str, Any]:
    if attachment.is_data_url:
        media_type, data = attachment.base64_payload()
        if media_type not in _IMAGE_TYPES:
            raise ProviderError(
                f"Anthropic takes JPEG, PNG, GIF and WebP images; “{attachment.name}” is "
                f"{media_type}. Convert it, or attach it as a file.",
                kind="attachment",
            )
        return {
            "type": "image",
            "source": {"type": "base64", "media_type": media_type, "data": data},
        }
    return {"type": "image", "source": {"type": "url", "url": attachment.url}}


def _tool_result_block(message: dict[str, Any]) -> dict[str, Any]:
    metadata = message.get("metadata") or {}
    text, images = tool_result_content(message)
    content: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
    content.extend(image_block(image) for image in images)
    block: dict[str, Any] = {
        "type": "tool_result",
        "tool_use_id": str(metadata.get("tool_call_id") or ""),
        "content": content or [{"type": "text", "text": "(no output)"}],
    }
    if metadata.get("is_error"):
        block["is_error"] = True
    return block


def _user_blocks(message: dict[str, Any]) -> list[dict[str, Any]]:
    text = content_text(message.get("content"))
    parts = message.get("multipartContent")
    extra_text = text_of_parts(parts)
    if extra_text:
        text = f"{text}\n{extra_text}" if text else extra_text
    blocks: list[dict[str, Any]] = []
    for attachment in resolve_parts(parts):
        if attachment.kind == "text":
            blocks.append({"type": "text", "text": text_file_block(attachment)})
        elif attachment.kind == "image":
            blocks.append(image_block(attachment))
        elif attachment.mime in _DOCUMENT_TYPES and attachment.is_data_url:
            media_type, data = attachment.base64_payload()
            blocks.append(
                {
                    "type": "document",
                    "source": {"type": "base64", "media_type": media_type, "data": data},
                    "title": attachment.name,
                }
            )
        else:
            raise unsupported_document(attachment, SERVER_LABEL)
    # Text after the attachments: Anthropic recommends the question below images and documents.
    blocks.append({"type": "text", "text": text or "(see attachments)"})
    return blocks


def from_native(native_messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Convert native messages (normally this turn's finals) to core messages."""
    core: list[dict[str, Any]] = []
    for native in native_messages:
        if not isinstance(native, dict) or "role" not in native:
            continue
        content = native.get("content")
        blocks = content if isinstance(content, list) else []
        metadata: dict[str, Any] = {}
        if native["role"] == "assistant":
            tool_calls = [
                {
                    "id": block.get("id", ""),
                    "type": "function",
                    "function": {
                        "name": block.get("name", ""),
                        "arguments": block.get("arguments_text")
                        or json.dumps(block.get("input") or {}),
                    },
                }
                for block in blocks
                if block.get("type") == "tool_use"
            ]
            if tool_calls:
                metadata["tool_calls"] = tool_calls
            signed = [
                _wire_block(b)
                for b in blocks
                if b.get("type") == "redacted_thinking"
                or (b.get("type") == "thinking" and b.get("signature"))
            ]
            if signed:
                metadata["thinking_blocks"] = signed
            for key in CARRIED_METADATA:
                if native.get(key) is not None:
                    metadata[key] = native[key]
        text = (
            content
            if isinstance(content, str)
            else "\n\n".join(b.get("text", "") for b in blocks if b.get("type") == "text")
        )
        core.append({"role": native["role"], "content": text, "metadata": metadata})
    return core


_BLOCK_KEYS = {
    "text": ("type", "text"),
    "thinking": ("type", "thinking", "signature"),
    "redacted_thinking": ("type", "data"),
    "tool_use": ("type", "id", "name", "input"),
    "tool_result": ("type", "tool_use_id", "content", "is_error"),
    "image": ("type", "source"),
    "document": ("type", "source", "title"),
}


def _wire_block(block: dict[str, Any]) -> dict[str, Any]:
    keys = _BLOCK_KEYS.get(block.get("type", ""))
    return {k: block[k] for k in keys if k in block} if keys else dict(block)


def wire_request(native_messages: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """``(system prompt, messages)`` as the API takes them.

    System messages are joined into the system prompt; consecutive turns of one role are merged
    (tool results of parallel calls, or a tool result followed by a user message).
    """
    system_parts: list[str] = []
    wire: list[dict[str, Any]] = []
    for message in native_messages:
        role = message.get("role")
        if role == "system":
            if message.get("content"):
                system_parts.append(str(message["content"]))
            continue
        content = message.get("content")
        blocks = (
            [{"type": "text", "text": content}]
            if isinstance(content, str)
            else [_wire_block(b) for b in content or [] if isinstance(b, dict)]
        )
        blocks = [b for b in blocks if b.get("type") != "text" or b.get("text")]
        if not blocks:
            continue
        if wire and wire[-1]["role"] == role:
            wire[-1]["content"].extend(blocks)
        else:
            wire.append({"role": role, "content": blocks})
    return "\n\n".join(system_parts), wire


def tool_schemas(tools: Any) -> list[dict[str, Any]]:
    """Anthropic tool definitions from the core's OpenAI-style schemas (no MCP annotations)."""
    schemas = []
    for tool in tools or []:
        if not isinstance(tool, dict):
            continue
        function = tool.get("function") if tool.get("type") == "function" else tool
        if not isinstance(function, dict) or not function.get("name"):
            continue
        definition: dict[str, Any] = {
            "name": function["name"],
            "input_schema": function.get("parameters") or {"type": "object", "properties": {}},
        }
        if function.get("description"):
            definition["description"] = function["description"]
        schemas.append(definition)
    return schemas
