"""Attachments from ``multipartContent`` parts, checked before anything is sent.

The application inlines asset-store parts before a request: images carry ``"data_url"``, text files
carry ``"text"``. Parts in the platform's older shape (``{"type": "image", "content": {"url"}}``)
are accepted too. Anything a provider cannot send fails here with a sentence naming the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openai_provider.errors import ProviderError


@dataclass(frozen=True)
class Attachment:
    """One resolved part: an image, a binary document, or a text file to inline."""

    kind: str  # "image" | "document" | "text"
    name: str
    mime: str
    url: str = ""  # data URL or remote URL (image/document)
    text: str = ""  # inlined text file content

    @property
    def is_data_url(self) -> bool:
        return self.url.startswith("data:")

    def base64_payload(self) -> tuple[str, str]:
        """``(media type, base64 data)`` of a base64 data URL."""
        header, _, payload = self.url.partition(",")
        if not header.startswith("data:") or ";base64" not in header or not payload:
            raise ProviderError(
                f"The attachment “{self.name}” is not a base64 data URL and cannot be sent inline.",
                kind="attachment",
            )
        media_type = header[len("data:") :].split(";", 1)[0] or self.mime
        return media_type, payload


def text_file_block(attachment: Attachment) -> str:
    """How an inlined text file reads to the model: its name, then its content."""
    return f'<file name="{attachment.name}">\n{attachment.text}\n</file>'


def resolve_parts(parts: Any) -> list[Attachment]:
    """Turn a message's ``multipartContent`` into attachments, or raise a clear error."""
    if not parts:
        return []
    if not isinstance(parts, list):
        raise ProviderError(
            "A message's attachments (multipartContent) must be a list.", kind="attachment"
        )
    return [_resolve_part(part) for part in parts if not _is_plain_text(part)]


def text_of_parts(parts: Any) -> str:
    """Text parts (``{"type": "text", "text"}``) of ``multipartContent``, joined."""
    if not isinstance(parts, list):
        return ""
    return "\n".join(str(p.get("text", "")) for p in parts if _is_plain_text(p))


def _is_plain_text(part: Any) -> bool:
    return isinstance(part, dict) and part.get("type") == "text" and "asset_id" not in part


def _resolve_part(part: Any) -> Attachment:
    if not isinstance(part, dict):
        raise ProviderError("An attachment part must be an object.", kind="attachment")
    name = str(part.get("name") or part.get("asset_id") or "attachment")
    mime = str(part.get("mime") or "")
    nested = part.get("content")
    if not isinstance(nested, dict):
        nested = {}
    url = part.get("data_url") or part.get("url") or nested.get("url") or ""
    if isinstance(part.get("image_url"), dict):
        url = url or part["image_url"].get("url", "")
    kind = part.get("type")
    if url and not mime and url.startswith("data:"):
        mime = url[len("data:") :].split(";", 1)[0]
    if kind in ("image", "image_url") or (kind == "file" and mime.startswith("image/") and url):
        if not url:
            raise ProviderError(
                f"The image “{name}” was not loaded from the session's files, so it cannot be "
                "sent. Attach it again.",
                kind="attachment",
            )
        return Attachment("image", name, mime or "image/png", url=url)
    if kind == "file":
        if isinstance(part.get("text"), str):
            return Attachment("text", name, mime or "text/plain", text=part["text"])
        if url:
            return Attachment("document", name, mime or "application/octet-stream", url=url)
        raise ProviderError(
            f"The file “{name}” has neither text nor data to send. Attach it again, or paste "
            "its content into the message.",
            kind="attachment",
        )
    raise ProviderError(
        f"The attachment “{name}” has an unknown type {kind!r}; only images and files can be sent.",
        kind="attachment",
    )


def unsupported_document(attachment: Attachment, server_label: str) -> ProviderError:
    return ProviderError(
        f"{server_label} cannot read “{attachment.name}” ({attachment.mime}). Send it as text, "
        "or use a provider that accepts this file type.",
        kind="attachment",
    )


def tool_result_content(message: dict[str, Any]) -> tuple[str, list[Attachment]]:
    """Text and images of a core tool-result message.

    ``content`` is the tool's formatted result: a string, a list of content parts, or an explicit
    ``{"type": "provider_native_tool_result", "content": [parts]}`` envelope. Images may also come
    as ``multipartContent`` parts.
    """
    content = message.get("content")
    if isinstance(content, dict) and isinstance(content.get("content"), list):
        content = content["content"]
    texts: list[str] = []
    images: list[Attachment] = []
    if isinstance(content, list):
        for part in content:
            if not isinstance(part, dict):
                texts.append(str(part))
            elif part.get("type") in ("text", "input_text"):
                texts.append(str(part.get("text", "")))
            else:
                images.append(_resolve_part(part))
    elif content is not None:
        texts.append(content if isinstance(content, str) else str(content))
    extra = resolve_parts(message.get("multipartContent"))
    images.extend(a for a in extra if a.kind == "image")
    texts.extend(text_file_block(a) for a in extra if a.kind == "text")
    return "\n".join(texts), images
