"""Which plugins take part in a request: tags, models, `is_enabled` and config overrides.

Resolution for one config:

1. models: the provider's `get_models(config)`, then each enabled extension's and feature's
   `get_models(config, models)`;
2. tags: the provider's `get_tags(config, models)` plus the tags of every enabled extension,
   feature and tool;
3. each candidate is decided in this order: listed in `force_enabled_plugins` → enabled; listed
   in `disabled_plugins` → disabled; `default_enabled = False` and not listed in
   `enabled_plugins` → disabled; `is_enabled(config, tags, models, context)` True → enabled,
   False → disabled, None → all `required_tags()` present and no `forbidden_tags()` present;
4. repeat from 1 with the new enabled set until it no longer changes (a fixed point). Tag sets
   that never settle stop after a bounded number of rounds with the last set, logged.

A hook that raises counts as "contributes nothing" (tags/models) or "disabled" (`is_enabled`,
tag lists) and is reported through the `report` callback.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from agent_core.hooks import PLUGIN_FAULTS, PluginHandle

logger = logging.getLogger(__name__)

FailureReporter = Callable[[PluginHandle, str, BaseException], None]

KIND_KEYS = {
    "provider": "providers",
    "extension": "extensions",
    "feature": "features",
    "tool": "tools",
}


@dataclass(frozen=True)
class Enablement:
    """The outcome of resolution: enabled plugins in execution order, tags and models."""

    provider: PluginHandle
    extensions: tuple[PluginHandle, ...]
    features: tuple[PluginHandle, ...]
    tools: tuple[PluginHandle, ...]
    tags: tuple[str, ...]
    models: tuple[dict[str, Any], ...]

    def enabled_ids(self) -> dict[str, list[str]]:
        """Enabled plugin names per kind: providers, extensions, features, tools."""
        return {
            "providers": [self.provider.name],
            "extensions": [handle.name for handle in self.extensions],
            "features": [handle.name for handle in self.features],
            "tools": [handle.name for handle in self.tools],
        }


def _id_list(config: dict[str, Any], key: str) -> frozenset[str]:
    value = config.get(key) or ()
    if isinstance(value, str):
        return frozenset([value])
    return frozenset(item for item in value if isinstance(item, str))


def _string_list(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, Iterable):
        return [item for item in value if isinstance(item, str)]
    return []


def resolve_enablement(
    config: dict[str, Any],
    provider: PluginHandle,
    extensions: Sequence[PluginHandle],
    features: Sequence[PluginHandle],
    tools: Sequence[PluginHandle],
    report: FailureReporter,
) -> Enablement:
    """Resolve the enabled plugins for `config`; see the module docstring for the rules."""
    extensions = sorted(extensions, key=lambda handle: handle.sort_key)
    features = sorted(features, key=lambda handle: handle.sort_key)
    candidates = [*extensions, *features, *tools]
    forced = _id_list(config, "force_enabled_plugins")
    disabled = _id_list(config, "disabled_plugins")
    opted_in = _id_list(config, "enabled_plugins")

    def call(handle: PluginHandle, hook: str, fallback: Any, *args: Any) -> Any:
        try:
            return handle.hook(hook)(*args)
        except PLUGIN_FAULTS as exc:
            report(handle, hook, exc)
            return fallback

    provider_models = call(provider, "get_models", [], config)
    provider_models = list(provider_models) if isinstance(provider_models, list) else []

    def allowed(handle: PluginHandle) -> bool | None:
        """Config-level decision, or None when the plugin's own logic decides."""
        if handle.name in forced:
            return True
        if handle.name in disabled:
            return False
        if not handle.default_enabled and handle.name not in opted_in:
            return False
        return None

    enabled = [handle for handle in candidates if allowed(handle) is not False]
    tag_lists = {
        id(handle): (
            frozenset(
                _string_list(
                    call(
                        handle,
                        "required_tags",
                        None,
                    )
                )
            ),
            frozenset(_string_list(call(handle, "forbidden_tags", None))),
        )
        for handle in candidates
    }
    rounds = len(candidates) + 2
    for _ in range(rounds):
        enabled_set = {id(handle) for handle in enabled}
        models = provider_models
        for handle in (*extensions, *features):
            if id(handle) in enabled_set:
                amended = call(handle, "get_models", models, config, models)
                models = list(amended) if isinstance(amended, list) else models
        tags = set(_string_list(call(provider, "get_tags", [], config, models)))
        for handle in enabled:
            tags.update(_string_list(call(handle, "get_tags", [], config, models)))
        sorted_tags = sorted(tags)
        context = {
            "enabled_plugin_ids": _ids_by_kind(provider, enabled),
            "disabled_plugins": sorted(disabled),
            "force_enabled_plugins": sorted(forced),
        }
        decided = []
        for handle in candidates:
            decision = allowed(handle)
            if decision is None:
                verdict = call(handle, "is_enabled", False, config, sorted_tags, models, context)
                if verdict is None:
                    required, forbidden = tag_lists[id(handle)]
                    decision = required <= tags and not (forbidden & tags)
                else:
                    decision = bool(verdict)
            if decision:
                decided.append(handle)
        if decided == enabled:
            break
        enabled = decided
    else:
        logger.warning(
            "Plugin enablement did not settle after %d rounds; using the last set: %s",
            rounds,
            ", ".join(handle.name for handle in enabled),
        )
    enabled_set = {id(handle) for handle in enabled}
    return Enablement(
        provider=provider,
        extensions=tuple(handle for handle in extensions if id(handle) in enabled_set),
        features=tuple(handle for handle in features if id(handle) in enabled_set),
        tools=tuple(handle for handle in tools if id(handle) in enabled_set),
        tags=tuple(sorted_tags),
        models=tuple(models),
    )


def _ids_by_kind(provider: PluginHandle, enabled: Sequence[PluginHandle]) -> dict[str, list[str]]:
    ids: dict[str, list[str]] = {key: [] for key in KIND_KEYS.values()}
    ids["providers"].append(provider.name)
    for handle in enabled:
        ids[KIND_KEYS[handle.kind]].append(handle.name)
    return ids
