"""Errors the core reports: plugin failures (named by plugin and hook) and bad configuration."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from agent_core.secret_names import is_secret_name

_MIN_SECRET_LENGTH = 6


class AgentCoreError(Exception):
    """An error with the event/dict shape ``{"type", "message", "plugin", "hook"}``."""

    error_type = "core_error"

    def __init__(self, message: str, *, plugin: str | None = None, hook: str | None = None):
        super().__init__(message)
        self.message = message
        self.plugin = plugin
        self.hook = hook

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.error_type,
            "message": self.message,
            "plugin": self.plugin,
            "hook": self.hook,
        }


class ConfigurationError(AgentCoreError):
    """The config asks for something that is not there (e.g. an unregistered provider)."""

    error_type = "configuration_error"


class PluginHookError(AgentCoreError):
    """A plugin hook raised or returned something unusable. `__cause__` holds the original."""

    error_type = "plugin_error"

    def __init__(self, plugin: str, hook: str, cause: BaseException | str):
        detail = cause if isinstance(cause, str) else _describe(cause)
        super().__init__(f"Plugin '{plugin}' failed in {hook}: {detail}", plugin=plugin, hook=hook)
        self.cause = cause if isinstance(cause, BaseException) else None
        # The plugin's own sentence, for UIs that show plugin and hook separately.
        self.detail = (str(cause) or detail) if self.cause is not None else detail
        # A plugin may classify its failure (e.g. a provider's "auth", "rate_limit").
        kind = getattr(self.cause, "kind", None)
        self.kind = kind if isinstance(kind, str) else None
        # ...and keep the technical part (status, address, the server's words) apart from its
        # sentence, for a "Details" view.
        technical = getattr(self.cause, "details", None)
        self.technical = technical if isinstance(technical, str) and technical else None

    def to_dict(self) -> dict[str, Any]:
        error = super().to_dict()
        error["detail"] = self.detail
        if self.kind is not None:
            error["kind"] = self.kind
        if self.technical is not None:
            error["technical"] = self.technical
        return error


def _describe(exc: BaseException) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def redact_secrets(text: str, config: Any) -> str:
    """Replace every secret-looking config value (api keys, tokens, ...) found in `text`."""
    for secret in sorted(set(_secret_values(config)), key=len, reverse=True):
        text = text.replace(secret, "***")
    return text


def _secret_values(value: Any, depth: int = 0) -> Iterator[str]:
    if depth > 6:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, str) and isinstance(key, str) and is_secret_name(key):
                if len(item) >= _MIN_SECRET_LENGTH:
                    yield item
            elif isinstance(item, dict | list):
                yield from _secret_values(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            yield from _secret_values(item, depth + 1)
