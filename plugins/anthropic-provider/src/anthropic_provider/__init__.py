"""Anthropic Messages API provider."""
