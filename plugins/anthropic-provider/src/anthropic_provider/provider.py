"""Provider ``anthropic``: Claude models through the official ``anthropic`` SDK (Messages API).

Config keys: ``api_key``, ``model``, ``base_url`` (default Anthropic's API), ``temperature``,
``max_tokens`` (required by the API; default 8192), ``thinking_budget`` (tokens of extended
thinking; 0 turns it off), ``timeout`` (seconds), ``request_options`` (extra body fields),
``streaming`` (``auto`` / ``on`` / ``off``, see ``openai_provider.provider_base``),
``provider_label`` (the provider entry's name, used in messages) and ``tools`` (the core's tool
schemas). Messages name Anthropic only when the address is Anthropic's; a proxy is named by its
host.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any, ClassVar

from anthropic_provider import messages as conversion
from anthropic_provider.streaming import MessageDraft, final_from_message
from openai_provider.errors import ProviderError
from openai_provider.model_list import ModelListCache
from openai_provider.presets import normalize_url
from openai_provider.provider_base import SdkProvider, streaming_element, streaming_mode
from openai_provider.sdk_requests import (
    SdkServer,
    server_label,
    shared_ssl_context,
    timeout_seconds,
)
from openai_provider.usage import display_elements

if TYPE_CHECKING:
    import anthropic  # imported for real on the first request (see SdkServer.sdk)

DEFAULT_BASE_URL = "https://api.anthropic.com"
DEFAULT_MODEL = "claude-sonnet-4-6"
DEFAULT_MAX_TOKENS = 8192
DEFAULT_TIMEOUT = 120.0
MODEL_LIST_TIMEOUT = 3.0
#: Models without extended thinking (every Claude since 3.7 has it).
_NON_THINKING_MODELS = (
    "claude-2",
    "claude-instant",
    "claude-3-haiku",
    "claude-3-opus",
    "claude-3-sonnet",
    "claude-3-5",
)


class ServerSettings(SdkServer):
    """What a request needs to reach Anthropic, resolved from the provider config."""

    sdk_name = "anthropic"
    base_error_name = "AnthropicError"

    def __init__(self, config: dict[str, Any]) -> None:
        self.base_url = normalize_url(str(config.get("base_url") or DEFAULT_BASE_URL))
        at_anthropic = self.base_url == DEFAULT_BASE_URL
        self.label = server_label(config, self.base_url, "Anthropic" if at_anthropic else None)
        self.api_key = str(config.get("api_key") or "")
        self.model = str(config.get("model") or DEFAULT_MODEL)
        self.timeout = timeout_seconds(config, DEFAULT_TIMEOUT)

    def _require_key(self) -> str:
        if not self.api_key:
            raise ProviderError(
                f"No API key is set for {self.label}. Add it in the provider settings.",
                kind="config",
            )
        return self.api_key

    def client(self) -> anthropic.AsyncAnthropic:
        import anthropic  # noqa: PLC0415 - the SDK loads on the first request (SdkServer.sdk)

        return anthropic.AsyncAnthropic(
            api_key=self._require_key(),
            base_url=self.base_url,
            timeout=self.timeout,
            max_retries=0,  # retries are ours: one wait on a rate limit, nothing hidden
            http_client=anthropic.DefaultAsyncHttpxClient(verify=shared_ssl_context()),
        )

    def sync_client(self, timeout: float) -> anthropic.Anthropic:
        import anthropic  # noqa: PLC0415 - the SDK loads on the first request (SdkServer.sdk)

        return anthropic.Anthropic(
            api_key=self._require_key(),
            base_url=self.base_url,
            timeout=timeout,
            max_retries=0,
            http_client=anthropic.DefaultHttpxClient(verify=shared_ssl_context()),
        )


class AnthropicProvider(SdkProvider):
    """Claude through the Messages API: streaming, tools, images, documents, extended thinking."""

    name = "anthropic"
    display_name = "Anthropic"
    version = "0.1.0"

    #: Model lists by base URL, shared by every instance.
    _models: ClassVar[ModelListCache] = ModelListCache()

    # ------------------------------------------------------------------ description
    def get_config_schema(self) -> dict[str, Any]:
        return {
            "api_key": {"type": "string", "required": True, "description": "Anthropic API key."},
            "model": {"type": "string", "default": DEFAULT_MODEL, "description": "Model id."},
            "base_url": {
                "type": "string",
                "default": DEFAULT_BASE_URL,
                "description": "API address (for proxies).",
            },
            "temperature": {"type": "number", "description": "Sampling temperature, 0–1."},
            "max_tokens": {
                "type": "integer",
                "default": DEFAULT_MAX_TOKENS,
                "description": "Longest answer, in tokens.",
            },
            "thinking_budget": {
                "type": "integer",
                "default": 0,
                "description": "Tokens of extended thinking; 0 turns it off.",
            },
            "timeout": {
                "type": "number",
                "default": DEFAULT_TIMEOUT,
                "description": "Seconds to wait for the server before giving up.",
            },
            "request_options": {"type": "object", "description": "Extra request body fields."},
            "streaming": {
                "type": "string",
                "default": "auto",
                "enum": ["auto", "on", "off"],
                "description": "Stream answers; auto asks again unstreamed when a stream is empty.",
            },
        }

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        models = (context or {}).get("models") or []
        return [
            {
                "type": "model",
                "key": "model",
                "label": "Model",
                "default": DEFAULT_MODEL,
                "options": [
                    {"value": m["id"], "label": m.get("name") or m["id"]}
                    for m in models
                    if isinstance(m, dict) and m.get("id")
                ],
            },
            {"type": "secret", "key": "api_key", "label": "API key"},
            {
                "type": "text",
                "key": "base_url",
                "label": "Base URL",
                "placeholder": DEFAULT_BASE_URL,
                "description": "Only change this for a proxy.",
            },
            {
                "type": "number",
                "key": "temperature",
                "label": "Temperature",
                "min": 0.0,
                "max": 1.0,
                "step": 0.1,
            },
            {
                "type": "number",
                "key": "max_tokens",
                "label": "Max tokens",
                "min": 1,
                "step": 1,
                "default": DEFAULT_MAX_TOKENS,
            },
            {
                "type": "number",
                "key": "thinking_budget",
                "label": "Thinking budget (tokens)",
                "description": "Extended thinking; 0 turns it off, 1024 is the smallest budget.",
                "min": 0,
                "step": 1024,
                "default": 0,
            },
            {
                "type": "number",
                "key": "timeout",
                "label": "Timeout (seconds)",
                "min": 1,
                "default": DEFAULT_TIMEOUT,
            },
            streaming_element(),
            *display_elements(),
        ]

    def get_models(self, config: dict[str, Any]) -> list[dict[str, Any]]:
        """Anthropic's model list, cached per base URL; the configured model when that fails."""
        server = ServerSettings(config)
        fallback = [{"id": server.model, "name": server.model, "provider": self.name}]
        return self._models.get(
            server.base_url,
            lambda: _fetch_models(server),
            fallback,
            (server.base_error, ProviderError),
        )

    def get_tags(self, config: dict[str, Any], models: list[dict[str, Any]]) -> list[str]:
        model = str(config.get("model") or DEFAULT_MODEL)
        tags = ["streaming", "tools", "vision"]
        if not model.startswith(_NON_THINKING_MODELS):
            tags.append("reasoning")
        return tags

    def _server_for(self, config: dict[str, Any]) -> ServerSettings:
        return ServerSettings(config)

    def _list_models_now(self, server: SdkServer) -> list[dict[str, Any]]:
        assert isinstance(server, ServerSettings)
        return _fetch_models(server)

    # ------------------------------------------------------------------ conversion
    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        ServerSettings(config)  # a bad timeout or mode fails here, before any request
        streaming_mode(config)
        return {"config": config}

    def to_native_messages(
        self,
        messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> list[dict[str, Any]]:
        return conversion.to_native(messages)

    def from_native_messages(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> list[dict[str, Any]]:
        return conversion.from_native(native_messages)

    # ------------------------------------------------------------------ requests
    def _new_draft(self) -> MessageDraft:
        return MessageDraft()

    def _fallback_model(self, state: dict[str, Any]) -> str:
        return ServerSettings(state.get("config") or {}).model

    async def _stream(
        self, native_messages: list[dict[str, Any]], state: dict[str, Any]
    ) -> AsyncIterator[dict[str, Any]]:
        server = ServerSettings(state.get("config") or {})
        params = {**_request_params(native_messages, state), "stream": True}
        client = server.client()

        def whole_answer(message: dict[str, Any]) -> dict[str, Any]:
            if message.get("type") != "message":
                raise server.not_api(str(message), "application/json")
            return final_from_message(message, server.model)

        try:
            stream = await server.open(lambda: client.messages.create(**params))
            async for event in server.relay(stream, _is_last_event, whole_answer):
                yield event
        finally:
            await client.close()

    async def _complete(
        self, native_messages: list[dict[str, Any]], state: dict[str, Any]
    ) -> dict[str, Any]:
        server = ServerSettings(state.get("config") or {})
        params = _request_params(native_messages, state)
        client = server.client()
        try:
            message = await server.complete(lambda: client.messages.create(**params))
        finally:
            await client.close()
        if message.get("type") != "message":
            raise server.not_api(str(message), "application/json")
        return final_from_message(message, server.model)

    def _chunk_answers(self, chunk: dict[str, Any]) -> bool:
        kind = chunk.get("type")
        if kind == "content_block_start":
            block = chunk.get("content_block") or {}
            return block.get("type") == "tool_use" or bool(str(block.get("text") or "").strip())
        if kind == "content_block_delta":
            delta = chunk.get("delta") or {}
            return delta.get("type") == "input_json_delta" or bool(
                str(delta.get("text") or "").strip()
            )
        return False

    def _stream_target(self, state: dict[str, Any]) -> tuple[str, str, str]:
        server = ServerSettings(state.get("config") or {})
        return server.base_url, server.model, server.label


def _is_last_event(event: dict[str, Any]) -> bool:
    return event.get("type") == "message_stop"


def _fetch_models(server: ServerSettings) -> list[dict[str, Any]]:
    with server.sync_client(min(server.timeout, MODEL_LIST_TIMEOUT)) as client:
        try:
            entries = [model.to_dict() for model in client.models.list(limit=100)]
        except (AttributeError, TypeError, ValueError) as error:
            # The SDK trips over a body that is not the API's JSON (a web page, plain text).
            raise server.not_api(str(error)) from None
    return [
        {
            "id": e["id"],
            "name": e.get("display_name") or e["id"],
            "display_name": e.get("display_name") or e["id"],
            "provider": AnthropicProvider.name,
        }
        for e in entries
        if e.get("id")
    ]


def _request_params(native_messages: list[dict[str, Any]], state: dict[str, Any]) -> dict[str, Any]:
    config = state.get("config") or {}
    server = ServerSettings(config)
    system, wire = conversion.wire_request(native_messages)
    max_tokens = int(config.get("max_tokens") or DEFAULT_MAX_TOKENS)
    params: dict[str, Any] = {"model": server.model, "messages": wire, "max_tokens": max_tokens}
    if system:
        params["system"] = system
    tools = conversion.tool_schemas(config.get("tools"))
    if tools:
        params["tools"] = tools
    budget = int(config.get("thinking_budget") or 0)
    if budget:
        if budget < 1024:
            raise ProviderError(
                f"The thinking budget must be at least 1024 tokens (it is {budget}), or 0 to turn "
                "thinking off.",
                kind="config",
            )
        params["thinking"] = {"type": "enabled", "budget_tokens": budget}
        # The answer has to fit beside the thinking; temperature is fixed while thinking.
        params["max_tokens"] = max(max_tokens, budget + 1024)
    elif config.get("temperature") is not None:
        params["temperature"] = float(config["temperature"])
    extra = config.get("request_options")
    if extra:
        if not isinstance(extra, dict):
            raise ProviderError(
                "request_options must be an object of extra request fields.", kind="config"
            )
        params["extra_body"] = extra
    return params
