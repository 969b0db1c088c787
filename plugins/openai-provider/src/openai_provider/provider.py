"""Provider ``openai_compatible``: any chat-completions server through the official ``openai`` SDK.

Config keys (flat, as the application resolves them): ``preset``, ``base_url``, ``api_key``,
``model``, ``temperature``, ``max_tokens``, ``timeout`` (seconds), ``request_options`` (extra JSON
body fields, e.g. ``{"think": true}`` for Ollama) and ``tools`` (the core's tool schemas).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any, ClassVar

import openai

from openai_provider import messages as conversion
from openai_provider.capabilities import model_tags
from openai_provider.errors import ProviderError
from openai_provider.model_list import ModelListCache
from openai_provider.presets import (
    CUSTOM_SERVER_LABEL,
    PRESETS,
    Preset,
    detect_local_servers,
    resolve_server,
)
from openai_provider.runtime import ActiveRequests, iterate_in_thread, run_in_thread
from openai_provider.sdk_requests import SdkServer, shared_ssl_context, timeout_seconds
from openai_provider.streaming import StreamDraft, final_from_completion
from openai_provider.usage import annotate_turn, display_elements, display_format

DEFAULT_TIMEOUT = 120.0
MODEL_LIST_TIMEOUT = 3.0
#: Local servers ignore the key, but the SDK insists on one; this placeholder is never a secret.
NO_KEY = "no-key"
_DRAFT = "openai_draft"


class ServerSettings(SdkServer):
    """Everything a request needs to reach the server, resolved from the provider config."""

    sdk = openai
    base_error = openai.OpenAIError

    def __init__(self, config: dict[str, Any]) -> None:
        self.base_url, self.preset = resolve_server(config)
        self.label = self.preset.label if self.preset else CUSTOM_SERVER_LABEL
        self.api_key = str(config.get("api_key") or "")
        self.model = str(config.get("model") or "")
        self.timeout = timeout_seconds(config, DEFAULT_TIMEOUT)
        self.accepts_documents = bool(self.preset and self.preset.accepts_documents)

    def client(self) -> openai.AsyncOpenAI:
        return openai.AsyncOpenAI(
            api_key=self.api_key or NO_KEY,
            base_url=self.base_url,
            timeout=self.timeout,
            max_retries=0,  # retries are ours: one wait on a rate limit, nothing hidden
            http_client=openai.DefaultAsyncHttpxClient(verify=shared_ssl_context()),
        )

    def sync_client(self, timeout: float) -> openai.OpenAI:
        return openai.OpenAI(
            api_key=self.api_key or NO_KEY,
            base_url=self.base_url,
            timeout=timeout,
            max_retries=0,
            http_client=openai.DefaultHttpxClient(verify=shared_ssl_context()),
        )


class OpenAICompatibleProvider:
    """Chat completions against OpenAI, OpenRouter, Groq, Gemini, Ollama, LM Studio, llama.cpp,
    vLLM or any other server speaking the same API."""

    name = "openai_compatible"
    version = "0.1.0"

    #: Model lists by base URL, shared by every instance.
    _models: ClassVar[ModelListCache] = ModelListCache()

    def __init__(self) -> None:
        self._requests = ActiveRequests()

    # ------------------------------------------------------------------ description
    def get_config_schema(self) -> dict[str, Any]:
        return {
            "preset": {
                "type": "string",
                "default": "openai",
                "enum": [p.key for p in PRESETS] + ["custom"],
                "description": "Known server whose address is used when base_url is empty.",
            },
            "base_url": {"type": "string", "description": "Server address ending in /v1."},
            "api_key": {"type": "string", "description": "API key (stored in the keyring)."},
            "model": {"type": "string", "required": True, "description": "Model id."},
            "temperature": {"type": "number", "description": "Sampling temperature, 0–2."},
            "max_tokens": {"type": "integer", "description": "Longest answer, in tokens."},
            "timeout": {
                "type": "number",
                "default": DEFAULT_TIMEOUT,
                "description": "Seconds to wait for the server before giving up.",
            },
            "request_options": {
                "type": "object",
                "description": 'Extra request body fields, e.g. {"think": true} for Ollama.',
            },
        }

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        models = (context or {}).get("models") or []
        return [
            {
                "type": "select",
                "key": "preset",
                "label": "Server",
                "options": [{"value": p.key, "label": p.label} for p in PRESETS]
                + [{"value": "custom", "label": "Custom address"}],
                "default": "openai",
            },
            {
                "type": "text",
                "key": "base_url",
                "label": "Base URL",
                "description": "Leave empty to use the server preset's address.",
                "placeholder": "http://localhost:11434/v1",
            },
            {
                "type": "model",
                "key": "model",
                "label": "Model",
                "options": [
                    {"value": m["id"], "label": m.get("name") or m["id"]}
                    for m in models
                    if isinstance(m, dict) and m.get("id")
                ],
            },
            {
                "type": "secret",
                "key": "api_key",
                "label": "API key",
                "description": "Not needed for local servers.",
            },
            {
                "type": "number",
                "key": "temperature",
                "label": "Temperature",
                "min": 0.0,
                "max": 2.0,
                "step": 0.1,
            },
            {"type": "number", "key": "max_tokens", "label": "Max tokens", "min": 1, "step": 1},
            {
                "type": "number",
                "key": "timeout",
                "label": "Timeout (seconds)",
                "min": 1,
                "default": DEFAULT_TIMEOUT,
            },
            *display_elements(),
        ]

    def get_models(self, config: dict[str, Any]) -> list[dict[str, Any]]:
        """The server's models, cached per base URL; the configured model when listing fails."""
        server = ServerSettings(config)
        fallback = [_descriptor(server.model, {})] if server.model else []
        return self._models.get(
            server.base_url, lambda: _fetch_models(server), fallback, (openai.OpenAIError,)
        )

    def get_tags(self, config: dict[str, Any], models: list[dict[str, Any]]) -> list[str]:
        model = str(config.get("model") or "")
        descriptor = next((m for m in models or [] if m.get("id") == model), None)
        return model_tags(model, descriptor)

    def accepted_tool_schema_formats(
        self, config: dict[str, Any], state: dict[str, Any] | None = None
    ) -> list[str]:
        return ["openai.chat_completions"]

    def emitted_tool_call_formats(
        self, config: dict[str, Any], state: dict[str, Any] | None = None
    ) -> list[str]:
        return ["openai.chat_completions"]

    @staticmethod
    async def detect_local_servers(timeout: float = 0.5) -> list[dict[str, Any]]:
        """Local servers (Ollama, LM Studio, llama.cpp, vLLM) answering ``GET /models`` now."""
        return await detect_local_servers(timeout)

    # ------------------------------------------------------------------ conversion
    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        ServerSettings(config)  # a bad preset or timeout fails here, before any request
        return {"config": config}

    def to_native_messages(
        self,
        messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> list[dict[str, Any]]:
        server = _server(state)
        return conversion.to_native(
            messages, accepts_documents=server.accepts_documents, server_label=server.label
        )

    def from_native_messages(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> list[dict[str, Any]]:
        return conversion.from_native(native_messages)

    def initialize_request(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        request_id: str | None = None,
        context: dict[str, Any] | None = None,
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        server = _server(state)
        if not server.model:
            raise ProviderError(
                "No model is chosen for this provider. Pick one in the provider settings.",
                kind="config",
            )
        if server.preset and server.preset.needs_api_key and not server.api_key:
            raise ProviderError(
                f"No API key is set for {server.label}. Add it in the provider settings.",
                kind="config",
            )
        return native_messages, {key: value for key, value in state.items() if key != _DRAFT}

    def to_display_format(self, message: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return display_format(message)

    # ------------------------------------------------------------------ requests
    async def astream_api(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        request_id: str | None = None,
    ) -> AsyncIterator[dict[str, Any]]:
        source = self._stream_chunks(native_messages, state)
        async for chunk in self._requests.stream(source, request_id):
            yield chunk

    def stream_api(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        request_id: str | None = None,
    ) -> Iterator[dict[str, Any]]:
        yield from iterate_in_thread(
            lambda: self.astream_api(native_messages, state, request_id=request_id)
        )

    async def acall_api(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        request_id: str | None = None,
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
        server = _server(state)

        async def complete() -> dict[str, Any]:
            client = server.client()
            try:
                params = _request_params(native_messages, state, stream=False)
                completion = await server.open(lambda: client.chat.completions.create(**params))
                return completion.to_dict()
            finally:
                await client.close()

        completion = await self._requests.run(complete, request_id)
        final = final_from_completion(completion, server.model)
        annotate_turn(final, native_messages)
        return [], [final], [*native_messages, final], state

    def call_api(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        request_id: str | None = None,
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
        return run_in_thread(lambda: self.acall_api(native_messages, state, request_id=request_id))

    def process_chunk(
        self,
        native_chunk: dict[str, Any],
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
        draft = state.get(_DRAFT)
        if draft is None:
            draft = StreamDraft()
            state = {**state, _DRAFT: draft}
        changed = draft.add(native_chunk)
        partials = [draft.partial()] if changed else []
        return partials, [], native_messages, state

    def finalize(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
        draft: StreamDraft | None = state.get(_DRAFT)
        if draft is None:
            return [], native_messages, state
        final = draft.final(_server(state).model)
        annotate_turn(final, native_messages)
        new_state = {key: value for key, value in state.items() if key != _DRAFT}
        return [final], [*native_messages, final], new_state

    def cancel_request(self, request_id: str) -> bool:
        return self._requests.cancel(request_id)

    async def _stream_chunks(
        self, native_messages: list[dict[str, Any]], state: dict[str, Any]
    ) -> AsyncIterator[dict[str, Any]]:
        server = _server(state)
        params = _request_params(native_messages, state, stream=True)
        client = server.client()
        try:
            stream = await server.open(lambda: client.chat.completions.create(**params))
            async for chunk in server.relay(stream, _is_last_chunk):
                yield chunk
        finally:
            await client.close()


def _is_last_chunk(chunk: dict[str, Any]) -> bool:
    return any(choice.get("finish_reason") for choice in chunk.get("choices") or [])


def _server(state: dict[str, Any]) -> ServerSettings:
    return ServerSettings(state.get("config") or {})


def _fetch_models(server: ServerSettings) -> list[dict[str, Any]]:
    with server.sync_client(min(server.timeout, MODEL_LIST_TIMEOUT)) as client:
        entries = [model.to_dict() for model in client.models.list()]
    return [_descriptor(str(entry["id"]), entry) for entry in entries if entry.get("id")]


def _descriptor(model_id: str, entry: dict[str, Any]) -> dict[str, Any]:
    descriptor: dict[str, Any] = {
        "id": model_id,
        "name": entry.get("name") or model_id,
        "provider": OpenAICompatibleProvider.name,
    }
    architecture = entry.get("architecture")
    if isinstance(architecture, dict) and isinstance(architecture.get("input_modalities"), list):
        descriptor["input_modalities"] = architecture["input_modalities"]
    if isinstance(entry.get("supported_parameters"), list):
        descriptor["supported_parameters"] = entry["supported_parameters"]
    if entry.get("context_length"):
        descriptor["context_length"] = entry["context_length"]
    return descriptor


def _request_params(
    native_messages: list[dict[str, Any]], state: dict[str, Any], *, stream: bool
) -> dict[str, Any]:
    config = state.get("config") or {}
    server = _server(state)
    params: dict[str, Any] = {
        "model": server.model,
        "messages": conversion.wire_messages(native_messages),
    }
    if stream:
        params["stream"] = True
        params["stream_options"] = {"include_usage": True}
    tools = conversion.tool_schemas(config.get("tools"))
    if tools:
        params["tools"] = tools
    if config.get("temperature") is not None:
        params["temperature"] = float(config["temperature"])
    if config.get("max_tokens"):
        preset: Preset | None = server.preset
        key = preset.max_tokens_parameter if preset else "max_tokens"
        params[key] = int(config["max_tokens"])
    extra = config.get("request_options")
    if extra:
        if not isinstance(extra, dict):
            raise ProviderError(
                "request_options must be an object of extra request fields.", kind="config"
            )
        params["extra_body"] = extra
    return params
