"""Provider failures as plain sentences, with the server's own words attached.

Both provider plugins are built on Stainless-generated SDKs (``openai``, ``anthropic``) whose
exception classes have the same shape, so one mapping serves both: the caller passes its SDK
module. The API key is scrubbed from everything that ends up in a message.
"""

from __future__ import annotations

import errno
from types import ModuleType
from typing import Any

#: Phrases servers use when a prompt does not fit the model's context window.
_CONTEXT_TOO_LONG_MARKERS = (
    "context length",
    "context_length",
    "context window",
    "maximum context",
    "prompt is too long",
    "too many tokens",
    "input is too long",
    "reduce the length",
)


class ProviderError(RuntimeError):
    """A provider request failed; ``str(error)`` is a sentence a person can act on.

    ``kind`` names the failure for programs: ``auth``, ``model_not_found``, ``rate_limit``,
    ``context_too_long``, ``server``, ``bad_request``, ``connection``, ``timeout``,
    ``stream_cut``, ``attachment``, ``config``.
    """

    def __init__(
        self,
        message: str,
        *,
        kind: str,
        status: int | None = None,
        provider_message: str | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.status = status
        self.provider_message = provider_message
        self.retry_after = retry_after


def scrub(text: str, secret: str | None) -> str:
    """``text`` with every occurrence of ``secret`` (and its obvious halves) masked."""
    if not secret:
        return text
    masked = text.replace(secret, "***")
    # Servers echo partial keys ("Incorrect API key provided: sk-ab***yz"); long fragments go too.
    if len(secret) >= 16:
        for fragment in (secret[: len(secret) // 2], secret[len(secret) // 2 :]):
            masked = masked.replace(fragment, "***")
    return masked


def server_message(error: Any) -> str:
    """The human part of an SDK status error: the ``message`` of the JSON error body."""
    body = getattr(error, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return inner["message"]
        if isinstance(inner, str):
            return inner
        if isinstance(body.get("message"), str):
            return str(body["message"])
    if isinstance(body, str) and body.strip():
        return body.strip()
    return str(getattr(error, "message", "") or error)


def retry_after_seconds(headers: Any) -> float | None:
    """Seconds the server asked us to wait (``retry-after-ms`` or numeric ``retry-after``)."""
    if headers is None:
        return None
    milliseconds = headers.get("retry-after-ms")
    if milliseconds is not None:
        try:
            return max(0.0, float(milliseconds) / 1000)
        except ValueError:
            return None
    seconds = headers.get("retry-after")
    if seconds is not None:
        try:
            return max(0.0, float(seconds))
        except ValueError:
            return None  # an HTTP date: callers fall back to their own pause
    return None


def _connection_refused(error: BaseException) -> bool:
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, ConnectionRefusedError):
            return True
        if isinstance(current, OSError) and current.errno == errno.ECONNREFUSED:
            return True
        if "connection refused" in str(current).lower():
            return True
        current = current.__cause__ or current.__context__
    return False


def map_sdk_error(
    error: BaseException,
    sdk: ModuleType,
    *,
    base_url: str,
    server_label: str,
    model: str,
    api_key: str | None,
    timeout: float | None = None,
) -> ProviderError | None:
    """Translate an exception raised by ``sdk`` into a :class:`ProviderError`.

    Returns ``None`` for exceptions that did not come from the SDK (the caller re-raises those).
    """
    if isinstance(error, sdk.APITimeoutError):
        waited = f" within {timeout:g} s" if timeout else ""
        return ProviderError(
            f"{server_label} at {base_url} did not answer{waited}. The model may be busy or "
            "loading; try again, or raise the timeout in the provider settings.",
            kind="timeout",
        )
    if isinstance(error, sdk.APIConnectionError):
        if _connection_refused(error):
            return ProviderError(
                f"No server at {base_url} — is {server_label} running? Start it, or check the "
                "base URL in the provider settings.",
                kind="connection",
            )
        detail = scrub(str(error.__cause__ or error), api_key)
        return ProviderError(
            f"Could not reach {server_label} at {base_url}. Check the address and your network. "
            f"({detail})",
            kind="connection",
        )
    if not isinstance(error, sdk.APIStatusError):
        return None
    status = int(error.status_code)
    said = scrub(server_message(error), api_key)
    attached = f" Server said: {said}" if said else ""
    if status in (401, 403):
        return ProviderError(
            f"{server_label} rejected the API key (HTTP {status}). Check the key in the provider "
            f"settings.{attached}",
            kind="auth",
            status=status,
            provider_message=said,
        )
    if status == 404:
        return ProviderError(
            f"Model “{model}” was not found at {base_url} (HTTP 404). Pick a model from the list "
            f"or check its name.{attached}",
            kind="model_not_found",
            status=status,
            provider_message=said,
        )
    if status == 429:
        wait = retry_after_seconds(getattr(error.response, "headers", None))
        hint = f" Wait about {wait:g} s and try again." if wait else " Wait a moment and try again."
        return ProviderError(
            f"{server_label} is rate limiting requests (HTTP 429).{hint}{attached}",
            kind="rate_limit",
            status=status,
            provider_message=said,
            retry_after=wait,
        )
    if status in (400, 413, 422) and any(m in said.lower() for m in _CONTEXT_TOO_LONG_MARKERS):
        return ProviderError(
            f"The conversation is too long for {model}'s context window. Start a new session or "
            f"compact the history.{attached}",
            kind="context_too_long",
            status=status,
            provider_message=said,
        )
    if status >= 500:
        return ProviderError(
            f"{server_label} had a server error (HTTP {status}). Try again in a moment.{attached}",
            kind="server",
            status=status,
            provider_message=said,
        )
    return ProviderError(
        f"{server_label} refused the request (HTTP {status}).{attached}",
        kind="bad_request",
        status=status,
        provider_message=said,
    )


def stream_cut_error(server_label: str, base_url: str, detail: str = "") -> ProviderError:
    suffix = f" ({detail})" if detail else ""
    return ProviderError(
        f"The connection to {server_label} at {base_url} was cut mid-answer; the partial answer "
        f"is kept and marked incomplete. Send again to retry.{suffix}",
        kind="stream_cut",
    )
