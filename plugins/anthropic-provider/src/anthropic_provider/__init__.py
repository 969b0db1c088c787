"""Anthropic Messages API provider: Claude with streaming, tools, images and extended thinking."""

from anthropic_provider.provider import AnthropicProvider

__all__ = ["AnthropicProvider"]
