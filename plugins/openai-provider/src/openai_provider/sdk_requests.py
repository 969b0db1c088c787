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
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable
from types import ModuleType
from typing import Any, ClassVar, TypeVar

from openai_provider.errors import (
    ProviderError,
    map_sdk_error,
    scrub,
    server_message,
    stream_cut_error,
)
from openai_provider.streaming import STREAM_CUT

T = TypeVar("T")

#: Longest ``retry-after`` waited out once before a rate limit is reported.
MAX_RATE_LIMIT_WAIT = 30.0
#: Pause before the single rate-limit retry when the server names none.
DEFAULT_RATE_LIMIT_WAIT = 1.0


@functools.cache
def shared_ssl_context() -> ssl.SSLContext:
    """One TLS context for every SDK client: building one costs ~60 ms, reusing it nothing, and
    a fresh SDK client per request would otherwise pay that before the first token."""
    import httpx2

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
            f"{self.label} reported an error: {scrub(str(error), self.api_key)}", kind="server"
        )

    def mid_stream_error(self, error: Exception) -> ProviderError:
        """A failure after part of the answer arrived (the partial is kept, marked incomplete)."""
        import httpx2

        if isinstance(error, self.sdk.APITimeoutError):
            return self.error(error)
        if isinstance(error, self.sdk.APIConnectionError | httpx2.TransportError):
            detail = scrub(str(error.__cause__ or error), self.api_key)
            return stream_cut_error(self.label, self.base_url, detail)
        detail = scrub(server_message(error), self.api_key)
        return ProviderError(
            f"{self.label} stopped mid-answer with an error: {detail}. The partial answer is "
            "kept and marked incomplete.",
            kind="server",
        )

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
        self, stream: Any, is_last: Callable[[dict[str, Any]], bool]
    ) -> AsyncIterator[dict[str, Any]]:
        """Yield the stream's items as wire dicts; a stream that breaks off after the first
        item yields the :data:`STREAM_CUT` marker, then raises."""
        import httpx2

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
        finally:
            await stream.close()
        if not finished:
            yield {"object": STREAM_CUT}
            raise stream_cut_error(self.label, self.base_url, "the stream ended before the answer")
