"""Request plumbing shared by the SDK-based providers: open with one rate-limit retry, relay a
stream while watching for a cut, and translate SDK exceptions into :class:`ProviderError`.

Both ``openai`` and ``anthropic`` SDKs are Stainless-generated, so their exception classes line up;
a :class:`SdkServer` names the SDK module and its base error class. The SDKs (and ``httpx2``) are
imported on first use, never when the plugin loads: discovery at start-up imports every plugin,
and importing an SDK costs 0.5–1.5 s and 40–80 MB.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import ipaddress
import json
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable
from types import ModuleType
from typing import Any, ClassVar, TypeVar
from urllib.parse import urlsplit

from openai_provider.errors import (
    ProviderError,
    map_sdk_error,
    not_api_error,
    scrub,
    sentence,
    server_message,
    stream_cut_error,
    technical_details,
)
from openai_provider.streaming import COMPLETED, STREAM_CUT

T = TypeVar("T")

#: Longest ``retry-after`` waited out once before a rate limit is reported.
MAX_RATE_LIMIT_WAIT = 30.0
#: Pause before the single rate-limit retry when the server names none.
DEFAULT_RATE_LIMIT_WAIT = 1.0


@functools.cache
def shared_ssl_context() -> ssl.SSLContext:
    """One TLS context for every SDK client: building one costs ~60 ms, reusing it nothing, and
    a fresh SDK client per request would otherwise pay that before the first token."""
    import httpx2  # noqa: PLC0415 - httpx2 loads with the SDK, on the first request

    return httpx2.create_ssl_context()


def timeout_seconds(config: dict[str, Any], default: float) -> float:
    """The ``timeout`` setting as positive seconds, or a clear error naming the bad value."""
    value = config.get("timeout")
    if value is None or value == "":
        return default
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        seconds = 0.0
    if seconds <= 0:
        raise ProviderError(
            f"The timeout must be a positive number of seconds, not {value!r}.", kind="config"
        )
    return seconds


def server_label(config: dict[str, Any], base_url: str, known_label: str | None) -> str:
    """What messages call the server: the name the user gave the provider entry, else the
    known server at that exact address, else its host ("the server at 192.168.1.5:8080").

    Never the vendor of the wire format: a proxy speaking Anthropic's API is not Anthropic.
    """
    given = config.get("provider_label")
    if isinstance(given, str) and given.strip():
        return given.strip()
    if known_label:
        return known_label
    return f"the server at {urlsplit(base_url).netloc or base_url}"


def is_local_address(base_url: str) -> bool:
    """Whether the address is this machine or the local network (where local models run)."""
    host = urlsplit(base_url).hostname or ""
    if host == "localhost" or host.endswith((".local", ".lan", ".internal")):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


class SdkServer:
    """Where and how a request goes; subclasses fill these in from the provider config."""

    #: Import name of the SDK package and the name of its base exception class.
    sdk_name: ClassVar[str]
    base_error_name: ClassVar[str]
    label: str
    base_url: str
    api_key: str
    model: str
    timeout: float

    @property
    def sdk(self) -> ModuleType:
        """The SDK module, imported on the first request (later calls find it in sys.modules)."""
        return importlib.import_module(self.sdk_name)

    @property
    def base_error(self) -> type[Exception]:
        """The SDK's base exception class (every error it raises on purpose)."""
        error_class: type[Exception] = getattr(self.sdk, self.base_error_name)
        return error_class

    def error(self, error: Exception) -> ProviderError:
        """The plain-words failure for an SDK exception (the key scrubbed out)."""
        mapped = map_sdk_error(
            error,
            self.sdk,
            base_url=self.base_url,
            server_label=self.label,
            model=self.model,
            api_key=self.api_key,
            timeout=self.timeout,
        )
        if mapped is not None:
            return mapped
        return ProviderError(
            sentence(f"{self.label} reported an error — see Details, then retry."),
            kind="server",
            details=technical_details(
                self.base_url, cause=scrub(f"{type(error).__name__}: {error}", self.api_key)
            ),
        )

    def mid_stream_error(self, error: Exception) -> ProviderError:
        """A failure after part of the answer arrived (the partial is kept, marked incomplete)."""
        import httpx2  # noqa: PLC0415 - httpx2 loads with the SDK, on the first request

        if isinstance(error, self.sdk.APITimeoutError):
            return self.error(error)
        if isinstance(error, self.sdk.APIConnectionError | httpx2.TransportError):
            detail = scrub(str(error.__cause__ or error), self.api_key)
            return stream_cut_error(self.label, self.base_url, detail)
        detail = scrub(server_message(error), self.api_key)
        return ProviderError(
            sentence(
                f"{self.label} stopped mid-answer with an error — the partial answer is kept; "
                "retry to get a whole one."
            ),
            kind="server",
            details=technical_details(self.base_url, said=detail),
        )

    def not_api(self, body: str, content_type: str = "") -> ProviderError:
        """The error for an answer that is not the API: a web page, plain text, other JSON."""
        text = body.strip()
        if "html" in content_type.lower() or text[:1] == "<":
            what = "a web page"
        elif "json" in content_type.lower() or text[:1] in "{[":
            what = "JSON that is not the API's"
        elif not text:
            what = "an empty body"
        else:
            what = "plain text"
        sample = scrub(text, self.api_key)
        return not_api_error(self.label, self.base_url, what, f"({content_type}) {sample}")

    def whole_body(self, body: bytes, content_type: str) -> dict[str, Any]:
        """A non-stream answer to a streamed request, as JSON; a not-the-API error otherwise.

        Some servers ignore ``stream: true`` and answer with the whole JSON message.
        """
        text = body.decode("utf-8", "replace")
        try:
            data = json.loads(text)
        except ValueError:
            raise self.not_api(text, content_type) from None
        if not isinstance(data, dict):
            raise self.not_api(text, content_type)
        if "error" in data and isinstance(data["error"], dict | str):
            said = scrub(server_message(_Body(data)), self.api_key)
            raise ProviderError(
                sentence(f"{self.label} answered with an error — see Details, then retry."),
                kind="server",
                provider_message=said,
                details=technical_details(self.base_url, said=said),
            )
        return data

    async def open(self, create: Callable[[], Awaitable[T]]) -> T:
        """Start a request; after a rate limit, wait what the server asks (briefly) and retry
        once."""
        try:
            return await create()
        except self.sdk.RateLimitError as error:
            mapped = self.error(error)
            if mapped.retry_after is not None and mapped.retry_after > MAX_RATE_LIMIT_WAIT:
                raise mapped from None
            wait = DEFAULT_RATE_LIMIT_WAIT if mapped.retry_after is None else mapped.retry_after
        except self.base_error as error:
            raise self.error(error) from None
        await asyncio.sleep(wait)
        try:
            return await create()
        except self.base_error as error:
            raise self.error(error) from None

    async def relay(
        self,
        stream: Any,
        is_last: Callable[[dict[str, Any]], bool],
        whole_answer: Callable[[dict[str, Any]], dict[str, Any]],
    ) -> AsyncIterator[dict[str, Any]]:
        """Yield the stream's items as wire dicts; a stream that breaks off after the first
        item yields the :data:`STREAM_CUT` marker, then raises.

        A body that is not an event stream is read whole: a JSON answer (``whole_answer`` turns
        it into the native final) is yielded as one :data:`COMPLETED` chunk; a web page or
        plain text raises the not-the-API error. Events that are not JSON raise it too.
        """
        import httpx2  # noqa: PLC0415 - httpx2 loads with the SDK, on the first request

        response = getattr(stream, "response", None)
        content_type = str(response.headers.get("content-type") or "") if response else ""
        if response is not None and "event-stream" not in content_type.lower():
            try:
                body = await response.aread()
            except httpx2.TransportError as error:
                raise stream_cut_error(self.label, self.base_url, str(error)) from None
            finally:
                await stream.close()
            yield {
                "object": COMPLETED,
                "message": whole_answer(self.whole_body(body, content_type)),
            }
            return
        received = 0
        finished = False
        try:
            async for item in stream:
                data = item.to_dict()
                received += 1
                finished = finished or is_last(data)
                yield data
        except (self.base_error, httpx2.TransportError) as error:
            # The anthropic SDK lets a socket that breaks mid-body through as an httpx2 error.
            if not received:
                raise self.error(error) from None
            yield {"object": STREAM_CUT}
            raise self.mid_stream_error(error) from None
        except ValueError as error:  # an event whose data is not JSON (the SDK's json.loads)
            if received:
                yield {"object": STREAM_CUT}
            raise not_api_error(
                self.label, self.base_url, "events that are not JSON", str(error)
            ) from None
        finally:
            await stream.close()
        if not finished:
            if not received:
                return  # an empty stream: an empty answer (the provider may ask again unstreamed)
            yield {"object": STREAM_CUT}
            raise stream_cut_error(self.label, self.base_url, "the stream ended before the answer")

    async def complete(self, create: Callable[[], Awaitable[Any]]) -> dict[str, Any]:
        """A non-streamed answer as a wire dict; a web page or plain text raises not-the-API."""
        answer = await self.open(create)
        if isinstance(answer, str):  # the SDK hands back bodies it could not read as JSON
            raise self.not_api(answer)
        data: dict[str, Any] = answer.to_dict()
        return data


class _Body:
    """An error body in the shape :func:`server_message` reads (``.body``)."""

    def __init__(self, body: dict[str, Any]) -> None:
        self.body = body
