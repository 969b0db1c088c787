"""An MCP `CallToolResult` as what the model reads and what the user sees.

Every content block is kept: text as is; images shown in the tool row, described to the model
in words and sent to it as image parts (providers drop them for models that read no images);
resource links and embedded resources named with their URI; `structuredContent`
kept whole (pretty JSON in the row, and the model's text when the tool sent no text of its own).
The model's text is capped per server, and the cut is said in the text itself.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass, field
from typing import Any

# Images above this size are described, not kept for display (they would bloat the session).
MAX_SHOWN_IMAGE_BYTES = 2_000_000
# The image types every vision API reads; others (SVG, BMP…) reach the model as their description.
MODEL_IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp")


@dataclass
class ToolOutput:
    text: str
    images: list[dict[str, str]] = field(default_factory=list)  # {"mime", "data" (base64)}
    structured: Any = None


def _decoded_size(data: str) -> int:
    try:
        return len(base64.b64decode(data, validate=True))
    except (binascii.Error, ValueError):
        return len(data) * 3 // 4


def convert(result: Any) -> ToolOutput:
    """Text for the model and pictures for the row, from the SDK's `CallToolResult`."""
    import mcp_types  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

    output = ToolOutput(text="", structured=result.structured_content)
    texts: list[str] = []
    for block in result.content:
        if isinstance(block, mcp_types.TextContent):
            texts.append(block.text)
        elif isinstance(block, mcp_types.ImageContent):
            size = _decoded_size(block.data)
            if size <= MAX_SHOWN_IMAGE_BYTES:
                output.images.append({"mime": block.mime_type, "data": block.data})
                texts.append(f"[image: {block.mime_type}, {size:,} bytes, shown to the user]")
            else:
                texts.append(f"[image: {block.mime_type}, {size:,} bytes, too large to show]")
        elif isinstance(block, mcp_types.AudioContent):
            texts.append(f"[audio: {block.mime_type}, {_decoded_size(block.data):,} bytes]")
        elif isinstance(block, mcp_types.ResourceLink):
            kind = f", {block.mime_type}" if block.mime_type else ""
            texts.append(f"[resource link: {block.name} <{block.uri}>{kind}]")
        elif isinstance(block, mcp_types.EmbeddedResource):
            resource = block.resource
            if isinstance(resource, mcp_types.TextResourceContents):
                texts.append(f"[resource <{resource.uri}>]\n{resource.text}")
            else:
                size = _decoded_size(resource.blob)
                mime = resource.mime_type or "unknown type"
                texts.append(f"[binary resource <{resource.uri}>: {mime}, {size:,} bytes]")
        else:
            texts.append(f"[{getattr(block, 'type', 'unknown')} content]")
    output.text = "\n".join(texts)
    if not output.text and output.structured is not None:
        output.text = pretty_json(output.structured)
    return output


def model_image_parts(images: list[dict[str, str]]) -> list[dict[str, Any]]:
    """Chat-completions ``image_url`` parts (data URLs) of the images a model can read."""
    return [
        {"type": "image_url", "image_url": {"url": f"data:{image['mime']};base64,{image['data']}"}}
        for image in images
        if image.get("mime") in MODEL_IMAGE_TYPES
    ]


def pretty_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, default=str)


def capped(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, the cut said in words at the end."""
    if len(text) <= limit:
        return text
    return (
        text[:limit]
        + f"\n\n[Output truncated: the tool returned {len(text):,} characters; the first "
        f"{limit:,} are shown. The limit is the server's 'max_output_chars' setting.]"
    )
