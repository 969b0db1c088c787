"""A chat's own model: which configured provider and which of its models (lean: the window's
first paint imports it, before pydantic, dataclasses or the application load)."""

from __future__ import annotations

from typing import Any, NamedTuple

CHAT_MODEL_KEY = "chat_model"
"""The session metadata key of the model a chat was given in the model picker:
``{"provider": <configured provider id>, "model": <model id>}``."""

ANSWERED_BY_KEY = "answered_by"
"""Message metadata of an answer: the configured provider and model the request went to
(``{"provider": …, "model": …}``), what its header names. The server's own name for the model
(``metadata["model"]``) may differ: a proxy or a local server answers as "local-model"."""

#: How many models one message may be sent to at once ("Ask several").
MIN_COMPARED, MAX_COMPARED = 2, 4


class ModelChoice(NamedTuple):
    """A model of one configured provider, as picked for a chat."""

    provider_id: str
    model: str

    def stored(self) -> dict[str, str]:
        return {"provider": self.provider_id, "model": self.model}


def chat_model_choice(stored: Any) -> ModelChoice | None:
    """The chat's picked model from its stored metadata value (None: the agent's own)."""
    if not isinstance(stored, dict):
        return None
    provider_id, model = stored.get("provider"), stored.get("model")
    if not (isinstance(provider_id, str) and isinstance(model, str) and provider_id and model):
        return None
    return ModelChoice(provider_id, model)


def answered_by(config: dict[str, Any]) -> ModelChoice | None:
    """The configured provider and model a request with `config` goes to (None: the provider
    picks its own default model, or no provider is configured)."""
    provider_id, model = config.get("provider_id"), config.get("model")
    if isinstance(provider_id, str) and isinstance(model, str) and provider_id and model:
        return ModelChoice(provider_id, model)
    return None
