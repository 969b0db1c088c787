"""Provider ``openai_compatible``: any chat-completions server through the official ``openai`` SDK.

Config keys (flat, as the application resolves them): ``preset``, ``base_url``, ``api_key``,
``model``, ``temperature``, ``max_tokens``, ``timeout`` (seconds), ``request_options`` (extra JSON
body fields, e.g. ``{"think": true}`` for Ollama), ``streaming`` (``auto`` / ``on`` / ``off``, see
``provider_base``), ``text_tool_calls`` (``auto`` / ``on`` / ``off``: recover tool calls the model
wrote as text; ``auto`` means on for local servers, off for cloud ones), ``provider_label`` (the
name the user gave the provider entry, used in messages) and ``tools`` (the core's tool schemas).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any, ClassVar

from openai_provider import messages as conversion
from openai_provider.capabilities import model_tags
from openai_provider.errors import ProviderError
from openai_provider.model_list import ModelListCache
from openai_provider.presets import (
    DEFAULT_PRESET,
    PRESETS,
    PRESETS_BY_KEY,
    Preset,
    detect_local_servers,
    normalize_url,
    resolve_server,
)
from openai_provider.provider_base import SdkProvider, streaming_element, streaming_mode
from openai_provider.sdk_requests import (
    SdkServer,
    is_local_address,
    server_label,
    shared_ssl_context,
    timeout_seconds,
)
from openai_provider.streaming import StreamDraft, final_from_completion
from openai_provider.text_tool_calls import recover_tool_calls
from openai_provider.usage import display_elements

if TYPE_CHECKING:
    import openai  # imported for real on the first request (see SdkServer.sdk)

DEFAULT_TIMEOUT = 120.0
MODEL_LIST_TIMEOUT = 3.0
#: Local servers ignore the key, but the SDK insists on one; this placeholder is never a secret.
NO_KEY = "no-key"


class ServerSettings(SdkServer):
    """Everything a request needs to reach the server, resolved from the provider config."""

    sdk_name = "openai"
    base_error_name = "OpenAIError"

    def __init__(self, config: dict[str, Any]) -> None:
        self.base_url, self.preset = resolve_server(config)
        # The preset names the server only at the preset's own address.
        named_by = self.preset
        if named_by is not None and normalize_url(named_by.base_url) != self.base_url:
            named_by = None
        self.label = server_label(config, self.base_url, named_by.label if named_by else None)
        self.api_key = str(config.get("api_key") or "")
        self.model = str(config.get("model") or "")
        self.timeout = timeout_seconds(config, DEFAULT_TIMEOUT)
        self.accepts_documents = bool(self.preset and self.preset.accepts_documents)

    def client(self) -> openai.AsyncOpenAI:
        import openai  # noqa: PLC0415 - the SDK loads on the first request (SdkServer.sdk)

        return openai.AsyncOpenAI(
            api_key=self.api_key or NO_KEY,
            base_url=self.base_url,
            timeout=self.timeout,
            max_retries=0,  # retries are ours: one wait on a rate limit, nothing hidden
            http_client=openai.DefaultAsyncHttpxClient(verify=shared_ssl_context()),
        )

    def sync_client(self, timeout: float) -> openai.OpenAI:
        import openai  # noqa: PLC0415 - the SDK loads on the first request (SdkServer.sdk)

        return openai.OpenAI(
            api_key=self.api_key or NO_KEY,
            base_url=self.base_url,
            timeout=timeout,
            max_retries=0,
            http_client=openai.DefaultHttpxClient(verify=shared_ssl_context()),
        )


class OpenAICompatibleProvider(SdkProvider):
    """Chat completions against OpenAI, OpenRouter, Groq, Gemini, Ollama, LM Studio, llama.cpp,
    vLLM or any other server speaking the same API."""

    name = "openai_compatible"
    display_name = "OpenAI-compatible server"
    version = "0.1.0"

    #: Model lists by base URL, shared by every instance.
    _models: ClassVar[ModelListCache] = ModelListCache()

    # ------------------------------------------------------------------ description
    def get_config_schema(self) -> dict[str, Any]:
        return {
            "preset": {
                "type": "string",
                "default": "openai",
                "enum": [p.key for p in PRESETS] + ["custom"],
                "description": "Known server whose address is used when Base URL is empty.",
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
            "streaming": {
                "type": "string",
                "default": "auto",
                "enum": ["auto", "on", "off"],
                "description": "Stream answers; auto asks again unstreamed when a stream is empty.",
            },
            "text_tool_calls": {
                "type": "string",
                "default": "auto",
                "enum": list(TEXT_TOOL_CALL_MODES),
                "description": "Recover tool calls the model writes as text (auto: local servers).",
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
                "placeholder": PRESETS_BY_KEY.get(
                    str(config.get("preset") or ""), DEFAULT_PRESET
                ).base_url,
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
                "description": _api_key_help(config),
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
            streaming_element(),
            {
                "type": "select",
                "key": "text_tool_calls",
                "label": "Tool calls written as text",
                "description": "Some local models print a tool call (<tool_call>{…}</tool_call>, "
                "a JSON block) instead of making it; recover such calls and run them.",
                "options": [
                    {"value": "auto", "label": "Automatic (local servers only)"},
                    {"value": "on", "label": "Recover"},
                    {"value": "off", "label": "Leave as text"},
                ],
                "default": "auto",
            },
            *display_elements(),
        ]

    def get_models(self, config: dict[str, Any]) -> list[dict[str, Any]]:
        """The server's models, cached per base URL; the configured model when listing fails."""
        server = ServerSettings(config)
        fallback = [_descriptor(server.model, {})] if server.model else []
        if server.preset and server.preset.needs_api_key and not server.api_key:
            return fallback  # the server would refuse to list without a key: don't ask it
        return self._models.get(
            server.base_url,
            lambda: _fetch_models(server),
            fallback,
            (server.base_error, ProviderError),
        )

    def get_tags(self, config: dict[str, Any], models: list[dict[str, Any]]) -> list[str]:
        model = str(config.get("model") or "")
        descriptor = next((m for m in models or [] if m.get("id") == model), None)
        return model_tags(model, descriptor)

    @staticmethod
    async def detect_local_servers(timeout: float = 0.5) -> list[dict[str, Any]]:
        """Local servers (Ollama, LM Studio, llama.cpp, vLLM) answering ``GET /models`` now."""
        return await detect_local_servers(timeout)

    def _server_for(self, config: dict[str, Any]) -> ServerSettings:
        return ServerSettings(config)

    def _list_models_now(self, server: SdkServer) -> list[dict[str, Any]]:
        assert isinstance(server, ServerSettings)
        return _fetch_models(server)

    # ------------------------------------------------------------------ conversion
    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        ServerSettings(config)  # a bad preset, timeout or mode fails here, before any request
        streaming_mode(config)
        _recovers_text_tool_calls(config)
        return {"config": config}

    def to_native_messages(
        self,
        messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> list[dict[str, Any]]:
        server = _server(state)
        tags = (context or {}).get("tags")
        return conversion.to_native(
            messages,
            accepts_documents=server.accepts_documents,
            server_label=server.label,
            # Without the request's tags (a direct call) images are sent, as the user asked.
            tool_images=tags is None or "vision" in tags,
        )

    def from_native_messages(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> list[dict[str, Any]]:
        return conversion.from_native(native_messages)

    # ------------------------------------------------------------------ requests
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
        return super().initialize_request(
            native_messages, state, request_id=request_id, context=context
        )

    def _new_draft(self) -> StreamDraft:
        return StreamDraft()

    def _fallback_model(self, state: dict[str, Any]) -> str:
        return _server(state).model

    async def _stream(
        self, native_messages: list[dict[str, Any]], state: dict[str, Any]
    ) -> AsyncIterator[dict[str, Any]]:
        server = _server(state)
        params = _request_params(native_messages, state, stream=True)
        client = server.client()

        def whole_answer(completion: dict[str, Any]) -> dict[str, Any]:
            if "choices" not in completion:
                raise server.not_api(str(completion), "application/json")
            return final_from_completion(completion, server.model)

        try:
            stream = await server.open(lambda: client.chat.completions.create(**params))
            async for chunk in server.relay(stream, _is_last_chunk, whole_answer):
                yield chunk
        finally:
            await client.close()

    async def _complete(
        self, native_messages: list[dict[str, Any]], state: dict[str, Any]
    ) -> dict[str, Any]:
        server = _server(state)
        params = _request_params(native_messages, state, stream=False)
        client = server.client()
        try:
            completion = await server.complete(lambda: client.chat.completions.create(**params))
        finally:
            await client.close()
        if "choices" not in completion:
            raise server.not_api(str(completion), "application/json")
        return final_from_completion(completion, server.model)

    def _chunk_answers(self, chunk: dict[str, Any]) -> bool:
        for choice in chunk.get("choices") or []:
            delta = choice.get("delta") or {}
            if delta.get("tool_calls") or (
                isinstance(delta.get("content"), str) and delta["content"].strip()
            ):
                return True
        return False

    def _stream_target(self, state: dict[str, Any]) -> tuple[str, str, str]:
        server = _server(state)
        return server.base_url, server.model, server.label

    def _recover(self, final: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        """Tool calls the model wrote as text become real calls, when the setting allows."""
        config = state.get("config") or {}
        if final.get("tool_calls") or final.get("incomplete"):
            return final
        if not _recovers_text_tool_calls(config):
            return final
        offered = {
            str((tool.get("function") or {}).get("name"))
            for tool in conversion.tool_schemas(config.get("tools")) or []
        }
        text, calls = recover_tool_calls(str(final.get("content") or ""), offered)
        if not calls:
            return final
        count = "a tool call" if len(calls) == 1 else f"{len(calls)} tool calls"
        return {
            **final,
            "content": text or None,
            "tool_calls": calls,
            "provider_notice": f"Recovered {count} the model wrote as text, and made it real",
        }


TEXT_TOOL_CALL_MODES = ("auto", "on", "off")


def _recovers_text_tool_calls(config: dict[str, Any]) -> bool:
    """The ``text_tool_calls`` setting; ``auto`` recovers for local servers only."""
    value = config.get("text_tool_calls")
    if isinstance(value, bool):
        return value
    mode = str(value or "auto").lower()
    if mode not in TEXT_TOOL_CALL_MODES:
        raise ProviderError(
            f"Tool calls written as text must be auto, on or off, not {value!r}. Fix it in the "
            "provider settings.",
            kind="config",
        )
    if mode == "auto":
        base_url, preset = resolve_server(config)
        return bool(preset and preset.local) or is_local_address(base_url)
    return mode == "on"


def _is_last_chunk(chunk: dict[str, Any]) -> bool:
    return any(choice.get("finish_reason") for choice in chunk.get("choices") or [])


def _server(state: dict[str, Any]) -> ServerSettings:
    return ServerSettings(state.get("config") or {})


def _api_key_help(config: dict[str, Any]) -> str:
    """What the API key field says for the server chosen: a cloud service needs one, a local
    server does not, a custom address only when it asks. With nothing chosen (the one form
    Settings draws for every entry of this plugin) it says what holds for each of them."""
    if not config.get("preset") and not config.get("base_url"):
        return (
            "A cloud service needs one (kept in the system keyring); a local server usually "
            "does not."
        )
    chosen = str(config.get("preset") or "")
    preset = PRESETS_BY_KEY.get(chosen) or (
        None if chosen == "custom" or config.get("base_url") else DEFAULT_PRESET
    )
    if preset is None:
        return "Only if your server asks for one."
    if not preset.needs_api_key:
        return "Not needed for local servers."
    return f"{preset.label} needs one; it is kept in the system keyring."


def _fetch_models(server: ServerSettings) -> list[dict[str, Any]]:
    with server.sync_client(min(server.timeout, MODEL_LIST_TIMEOUT)) as client:
        try:
            entries = [model.to_dict() for model in client.models.list()]
        except (AttributeError, TypeError, ValueError) as error:
            # The SDK trips over a body that is not the API's JSON (a web page, plain text).
            raise server.not_api(str(error)) from None
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
    if isinstance(entry.get("pricing"), dict):  # OpenRouter: dollars per token
        descriptor["pricing"] = entry["pricing"]
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
