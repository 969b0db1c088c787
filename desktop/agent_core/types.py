"""Core data types and plugin protocols of the platform.

The data types are immutable: every transformation returns a new instance. Their dict forms
(`to_dict` / `from_dict`) are the platform's wire shapes and use camelCase `multipartContent` and
`toolResult` exactly as the spec does.
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any, Literal

MessageRole = Literal["system", "user", "assistant", "tool"]


@dataclass(frozen=True)
class Message:
    """One conversation message. Tool calls live in `metadata["tool_calls"]`."""

    role: MessageRole
    content: Any
    metadata: dict[str, Any] | None = None
    multipart_content: list[dict[str, Any]] | None = None
    tool_result: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {"role": self.role, "content": self.content}
        if self.metadata:
            result["metadata"] = deepcopy(self.metadata)
        if self.multipart_content:
            result["multipartContent"] = deepcopy(self.multipart_content)
        if self.tool_result:
            result["toolResult"] = deepcopy(self.tool_result)
        return result

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Message:
        if not isinstance(data, dict):
            raise TypeError(f"a message must be a dict, not {type(data).__name__}")
        multipart_content = data.get("multipartContent")
        if multipart_content is not None and not isinstance(multipart_content, list):
            raise TypeError("multipartContent must be a list or null")
        tool_result = data.get("toolResult")
        if tool_result is not None and not isinstance(tool_result, dict):
            raise TypeError("toolResult must be an object or null")
        metadata = data.get("metadata")
        if metadata is not None and not isinstance(metadata, dict):
            raise TypeError("metadata must be an object or null")
        return cls(
            role=data["role"],
            content=data["content"],
            metadata=deepcopy(metadata),
            multipart_content=deepcopy(multipart_content),
            tool_result=deepcopy(tool_result),
        )


@dataclass(frozen=True)
class PartialMessage:
    """A partial message during streaming, forwarded to the front end as-is."""

    role: str
    content: Any
    metadata: dict[str, Any] | None = None


@dataclass(frozen=True)
class Session:
    """An immutable conversation: an id, ordered messages and session-level metadata."""

    session_id: str
    messages: list[Message] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "messages": [message.to_dict() for message in self.messages],
            "metadata": deepcopy(self.metadata),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Session:
        if not isinstance(data, dict):
            raise TypeError(f"a session must be a dict, not {type(data).__name__}")
        messages = data.get("messages", [])
        if not isinstance(messages, list):
            raise TypeError("messages must be a list")
        metadata = data.get("metadata", {})
        if metadata is None:
            metadata = {}
        if not isinstance(metadata, dict):
            raise TypeError("metadata must be an object")
        return cls(
            session_id=data["session_id"],
            messages=[Message.from_dict(message) for message in messages],
            metadata=deepcopy(metadata),
        )


@dataclass(frozen=True)
class ToolDescriptor:
    """Normalized metadata for a tool schema exposed to UIs and requests."""

    plugin_name: str
    tool_name: str
    schema: dict[str, Any]
    metadata: dict[str, Any] = field(default_factory=dict)


class ProviderRequestCancelled(RuntimeError):
    """Raised when a provider request is cancelled by request id."""

    def __init__(self, request_id: str | None = None):
        super().__init__("Provider request cancelled")
        self.request_id = request_id
