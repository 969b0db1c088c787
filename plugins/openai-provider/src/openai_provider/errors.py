"""Provider failures as one plain sentence, with the technical part kept apart.

Both provider plugins are built on Stainless-generated SDKs (``openai``, ``anthropic``) whose
exception classes have the same shape, so one mapping serves both: the caller passes its SDK
module. ``str(error)`` names the server the user configured (its label or host, never the vendor
behind it) and says what to do; ``error.details`` holds the HTTP status, the address and the
server's own words for a "Details" view. The API key is scrubbed from both.
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
#: Phrases proxies and gateways use for a wrong key when they answer 400 instead of 401.
_BAD_KEY_MARKERS = (
    "api key",
    "api_key",
    "apikey",
    "x-api-key",
    "invalid token",
    "token passed",
    "authentication",
    "unauthorized",
    "unauthenticated",
)


class ProviderError(RuntimeError):
    """A provider request failed; ``str(error)`` is a sentence a person can act on.

    ``kind`` names the failure for programs: ``auth``, ``model_not_found``, ``rate_limit``,
    ``context_too_long``, ``server``, ``bad_request``, ``connection``, ``timeout``,
    ``stream_cut``, ``not_api`` (a web page, plain text or non-JSON events instead of the API),
    ``attachment``, ``config``. ``details`` is the technical part (status, address, the
    server's words), for people who want to see it.
    """

    def __init__(
        self,
        message: str,
        *,
        kind: str,
        status: int | None = None,
        provider_message: str | None = None,
        retry_after: float | None = None,
        details: str = "",
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.status = status
        self.provider_message = provider_message
        self.retry_after = retry_after
        self.details = details


def sentence(text: str) -> str:
    """``text`` starting with a capital (labels such as "the server at …" may lead)."""
    return text[:1].upper() + text[1:]


def technical_details(
    base_url: str, *, status: int | None = None, said: str = "", cause: str = ""
) -> str:
    """The "Details" text: what was asked, what came back, in the server's own words."""
    lines = [f"Address: {base_url}"]
    if status is not None:
        lines.append(f"HTTP status: {status}")
    if said:
        lines.append(f"Server said: {said}")
    if cause:
        lines.append(f"Error: {cause}")
    return "\n".join(lines)


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
        message = inner.get("message") if isinstance(inner, dict) else None
        if isinstance(message, str):
            return message
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
    label = server_label
    cause = scrub(f"{type(error).__name__}: {error.__cause__ or error}", api_key)
    if isinstance(error, sdk.APITimeoutError):
        waited = f" within {timeout:g} s" if timeout else ""
        return ProviderError(
            sentence(
                f"{label} did not answer{waited} — the model may be busy or loading; try again, "
                "or raise the timeout in the provider settings."
            ),
            kind="timeout",
            details=technical_details(base_url, cause=cause),
        )
    if isinstance(error, sdk.APIConnectionError):
        if _connection_refused(error):
            return ProviderError(
                f"Nothing answers at {base_url} — start {label}, or check the base URL in the "
                "provider settings.",
                kind="connection",
                details=technical_details(base_url, cause=cause),
            )
        return ProviderError(
            sentence(
                f"{label} could not be reached — check the base URL in the provider settings "
                "and your network."
            ),
            kind="connection",
            details=technical_details(base_url, cause=cause),
        )
    if not isinstance(error, sdk.APIStatusError):
        return None
    status = int(error.status_code)
    said = scrub(server_message(error), api_key)
    details = technical_details(base_url, status=status, said=said)
    if 400 <= status < 500 and status != 429 and said.lstrip()[:1] == "<":
        # A web server's own error page (a 404 for a path it does not have): the address is off.
        return not_api_error(label, base_url, f"a web page (HTTP {status})", said)
    if status in (401, 403) or (status == 400 and _mentions(said, _BAD_KEY_MARKERS)):
        return ProviderError(
            sentence(f"{label} rejected the API key — check the key in the provider settings."),
            kind="auth",
            status=status,
            provider_message=said,
            details=details,
        )
    if status == 404:
        return ProviderError(
            sentence(
                f"{label} has no model “{model}” (or no API at this address) — pick a model "
                "from the list, or check the base URL in the provider settings."
            ),
            kind="model_not_found",
            status=status,
            provider_message=said,
            details=details,
        )
    if status == 429:
        wait = retry_after_seconds(getattr(error.response, "headers", None))
        hint = f"wait about {wait:g} s and retry" if wait else "wait a moment and retry"
        return ProviderError(
            sentence(f"{label} is limiting how often you can ask — {hint}."),
            kind="rate_limit",
            status=status,
            provider_message=said,
            retry_after=wait,
            details=details,
        )
    if status in (400, 413, 422) and _mentions(said, _CONTEXT_TOO_LONG_MARKERS):
        return ProviderError(
            f"The conversation is too long for {model} — start a new chat or compact the history.",
            kind="context_too_long",
            status=status,
            provider_message=said,
            details=details,
        )
    if status >= 500:
        return ProviderError(
            sentence(f"{label} had an internal error — retry in a moment."),
            kind="server",
            status=status,
            provider_message=said,
            details=details,
        )
    return ProviderError(
        sentence(
            f"{label} refused the request (HTTP {status}) — see Details for its reason, and "
            "check the model and options in the provider settings."
        ),
        kind="bad_request",
        status=status,
        provider_message=said,
        details=details,
    )


def _mentions(text: str, markers: tuple[str, ...]) -> bool:
    lowered = text.lower()
    return any(marker in lowered for marker in markers)


def stream_cut_error(server_label: str, base_url: str, detail: str = "") -> ProviderError:
    return ProviderError(
        sentence(
            f"{server_label} cut the connection mid-answer — the partial answer is kept; retry "
            "to get a whole one."
        ),
        kind="stream_cut",
        details=technical_details(base_url, cause=detail),
    )


def not_api_error(server_label: str, base_url: str, what: str, sample: str = "") -> ProviderError:
    """The server answered, but not in the API's format (a login page, a proxy's text...).

    ``what`` names what came back: "a web page", "plain text", "events that are not JSON".
    """
    return ProviderError(
        sentence(
            f"{server_label} answered with {what}, not the API — check the base URL in the "
            "provider settings."
        ),
        kind="not_api",
        details=technical_details(base_url, said=sample[:500]),
    )
