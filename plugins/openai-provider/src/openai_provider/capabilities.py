"""Capability tags of a model: from the server's model list when it says, else from the name."""

from __future__ import annotations

from typing import Any

#: Name fragments of model families that read images.
_VISION_HINTS = (
    "gpt-4o",
    "gpt-4.1",
    "gpt-4-turbo",
    "gpt-5",
    "o3",
    "o4",
    "gemini",
    "claude",
    "vision",
    "llava",
    "bakllava",
    "pixtral",
    "-vl",
    "qwen2.5vl",
    "gemma3",
    "gemma-3",
    "minicpm-v",
    "moondream",
    "llama-4",
    "llama4",
    "mistral-small-3",
)
#: Name fragments of models that think before answering.
_REASONING_HINTS = (
    "o1",
    "o3",
    "o4",
    "gpt-5",
    "gpt-oss",
    "deepseek-r1",
    "reasoner",
    "qwq",
    "qwen3",
    "thinking",
    "magistral",
    "gemini-2.5",
    "gemini-3",
    "phi4-reasoning",
)


def _mentions(model: str, hints: tuple[str, ...]) -> bool:
    name = model.rsplit("/", 1)[-1].lower()
    return any(name.startswith(h) or h in name for h in hints)


def model_tags(model: str | None, descriptor: dict[str, Any] | None) -> list[str]:
    """``streaming`` always; ``tools``, ``vision``, ``reasoning`` when the model has them.

    A descriptor from a server that reports capabilities (OpenRouter's ``input_modalities`` and
    ``supported_parameters``) wins over the name heuristics.
    """
    descriptor = descriptor or {}
    name = model or ""
    modalities = descriptor.get("input_modalities")
    parameters = descriptor.get("supported_parameters")
    tags = ["streaming"]
    if isinstance(parameters, list):
        if "tools" in parameters:
            tags.append("tools")
        reasoning = "reasoning" in parameters or "include_reasoning" in parameters
    else:
        tags.append("tools")  # almost every chat server takes function tools; 400s say otherwise
        reasoning = _mentions(name, _REASONING_HINTS)
    if isinstance(modalities, list):
        vision = "image" in modalities
    else:
        vision = _mentions(name, _VISION_HINTS)
    if vision:
        tags.append("vision")
    if reasoning:
        tags.append("reasoning")
    return tags
