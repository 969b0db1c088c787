"""Every configured provider's models, for the model picker: what each can do, and which
providers could not list theirs (and why).

Each provider is asked through its plugin's connection test (the listing itself, so a failure
comes back in words rather than as the configured model alone), all providers at once, off the
event loop. Answers are kept per provider entry until the entry changes or a refresh is asked
for: opening the picker again does not ask every server again.

The pinned and recently used models are the user's own settings (`pinned_models`,
`recent_models`), changed here and announced like any other setting.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from agent_app.model_choice import ModelChoice
from agent_core.hooks import PLUGIN_FAULTS

if TYPE_CHECKING:
    from agent_app.configuration import Configuration
    from agent_app.plugin_host import PluginHost

log = logging.getLogger(__name__)

#: How many recently used models the picker lists on top.
RECENT_LIMIT = 5
#: What a provider plugin's capability tags mean for a person choosing a model.
CAPABILITY_TAGS = ("vision", "tools", "reasoning")
_TOKENS_PER_PRICE_UNIT = 1_000_000


@dataclass(frozen=True)
class ModelInfo:
    """One model a provider lists."""

    model_id: str
    name: str
    capabilities: tuple[str, ...] = ()
    """Of `CAPABILITY_TAGS`: reads images (`vision`), calls tools, reasons before answering."""
    context_length: int | None = None
    price_per_million: tuple[float, float] | None = None
    """(input, output) in US dollars per million tokens, when the server says."""


@dataclass(frozen=True)
class ProviderModels:
    """The models of one configured provider, or why they could not be listed."""

    provider_id: str
    label: str
    default_model: str | None
    models: tuple[ModelInfo, ...]
    error: str = ""

    def offers(self, model_id: str) -> bool:
        return any(model.model_id == model_id for model in self.models)


class ModelCatalog:
    """The models of every configured provider (`configuration` has the providers and runs
    their connection tests; `plugins` has the provider plugins that tell capabilities)."""

    def __init__(self, configuration: Configuration, plugins: PluginHost) -> None:
        self._configuration = configuration
        self._plugins = plugins
        self._listed: dict[str, tuple[str, ProviderModels]] = {}
        #: Listings under way, by provider id: (the entry's fingerprint, the listing).
        self._asking: dict[str, tuple[str, asyncio.Future[ProviderModels]]] = {}

    async def providers(self, *, refresh: bool = False) -> list[ProviderModels]:
        """Each configured provider with its models, in the config's order; `refresh` asks
        every server again."""
        entries = {
            provider_id: provider.model_dump(exclude_none=True)
            for provider_id, provider in self._configuration.config.providers.items()
        }
        asked = [self._list(provider_id, entry, refresh) for provider_id, entry in entries.items()]
        return list(await asyncio.gather(*asked))

    async def _list(self, provider_id: str, entry: dict[str, Any], refresh: bool) -> ProviderModels:
        fingerprint = json.dumps(entry, sort_keys=True, default=str)
        kept = self._listed.get(provider_id)
        if kept is not None and kept[0] == fingerprint and not refresh:
            return kept[1]
        # The window asks at start, on each chat shown and when the picker opens: a second ask
        # while the server is still listing waits for that answer instead of asking again.
        asking = self._asking.get(provider_id)
        if asking is None or asking[0] != fingerprint or refresh:
            listing = asyncio.ensure_future(self._ask(provider_id, entry, fingerprint))
            asking = (fingerprint, listing)
            self._asking[provider_id] = asking
            listing.add_done_callback(lambda done: self._asked(provider_id, done))
        return await asyncio.shield(asking[1])

    def _asked(self, provider_id: str, listing: asyncio.Future[ProviderModels]) -> None:
        asking = self._asking.get(provider_id)
        if asking is not None and asking[1] is listing:
            del self._asking[provider_id]

    async def _ask(
        self, provider_id: str, entry: dict[str, Any], fingerprint: str
    ) -> ProviderModels:
        label = str(entry.get("label") or provider_id)
        outcome = await self._configuration.test_provider_connection(entry)
        models: tuple[ModelInfo, ...] = ()
        if outcome["ok"]:
            described = outcome["models"]
            models = await asyncio.to_thread(self._described, entry, described)
        listed = ProviderModels(
            provider_id,
            label,
            entry.get("model"),
            models,
            "" if outcome["ok"] else str(outcome["error"] or "the server gave no reason"),
        )
        self._listed[provider_id] = (fingerprint, listed)
        return listed

    def _described(self, entry: dict[str, Any], listed: list[Any]) -> tuple[ModelInfo, ...]:
        """The listed models with what the provider plugin says each can do (its tags)."""
        plugin = self._plugins.instance(str(entry.get("provider") or ""))
        descriptors = [
            item if isinstance(item, dict) else {"id": str(item)}
            for item in listed
            if item and (not isinstance(item, dict) or item.get("id") or item.get("name"))
        ]
        found: list[ModelInfo] = []
        for descriptor in descriptors:
            model_id = str(descriptor.get("id") or descriptor.get("name"))
            tags: list[str] = []
            get_tags = getattr(plugin, "get_tags", None)
            if get_tags is not None:
                try:
                    tags = list(get_tags({**entry, "model": model_id}, descriptors) or [])
                except PLUGIN_FAULTS as error:  # capabilities are a hint; the model stays listed
                    log.info("could not tell what %s can do: %s", model_id, error)
            found.append(
                ModelInfo(
                    model_id=model_id,
                    name=str(descriptor.get("name") or model_id),
                    capabilities=tuple(tag for tag in CAPABILITY_TAGS if tag in tags),
                    context_length=_positive_int(descriptor.get("context_length")),
                    price_per_million=_price(descriptor.get("pricing")),
                )
            )
        return tuple(found)

    # ------------------------------------------------------------------ pinned and recent
    def pinned(self) -> list[ModelChoice]:
        return [ModelChoice(*pair) for pair in self._configuration.settings.pinned_models]

    def recent(self) -> list[ModelChoice]:
        return [ModelChoice(*pair) for pair in self._configuration.settings.recent_models]

    def set_pinned(self, choice: ModelChoice, pinned: bool) -> None:
        kept = [
            pair for pair in self._configuration.settings.pinned_models if pair != _pair(choice)
        ]
        self._configuration.update_settings(
            pinned_models=[*kept, _pair(choice)] if pinned else kept
        )

    def note_used(self, choice: ModelChoice) -> None:
        """`choice` was picked: first of the recent models."""
        others = [
            pair for pair in self._configuration.settings.recent_models if pair != _pair(choice)
        ]
        self._configuration.update_settings(recent_models=[_pair(choice), *others][:RECENT_LIMIT])


def _pair(choice: ModelChoice) -> tuple[str, str]:
    return (choice.provider_id, choice.model)


def _positive_int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def _price(pricing: Any) -> tuple[float, float] | None:
    """OpenRouter's `pricing` (dollars per token, as strings) per million tokens."""
    if not isinstance(pricing, dict):
        return None
    try:
        prompt, completion = float(pricing["prompt"]), float(pricing["completion"])
    except (KeyError, TypeError, ValueError):
        return None
    if prompt < 0 or completion < 0:  # OpenRouter's "-1": the price varies by route
        return None
    return (prompt * _TOKENS_PER_PRICE_UNIT, completion * _TOKENS_PER_PRICE_UNIT)
