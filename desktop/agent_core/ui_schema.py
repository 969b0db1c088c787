"""Normalization of plugin UI elements into the flat `get_ui_schema` list.

Rules (spec `BasePlugin.get_ui_elements` and the UI-elements page):

- a missing or falsy `ui_type` becomes ``"config"``;
- `plugin` is added (the contributing plugin's name) when absent;
- `session_action` / `message_action` elements from extensions and features get `action_owner`
  (the contributing plugin's name) when absent, so the action can be routed back to it;
- config elements are de-duplicated on their (string) `key`: the first contribution wins
  (provider, then extensions, features and tools in execution order); keyless ones are kept;
- every element is a deep copy: callers may change the result without touching plugin data.
"""

from __future__ import annotations

from collections.abc import Iterable
from copy import deepcopy
from typing import Any

ACTION_UI_TYPES = frozenset({"session_action", "message_action"})
ACTION_OWNER_KINDS = frozenset({"extension", "feature"})


def normalize_ui_element(element: dict[str, Any], plugin: str, kind: str) -> dict[str, Any]:
    """Return a normalized deep copy of one element contributed by `plugin` of `kind`."""
    normalized = deepcopy(element)
    if not normalized.get("ui_type"):
        normalized["ui_type"] = "config"
    normalized.setdefault("plugin", plugin)
    ui_type = normalized["ui_type"]
    if isinstance(ui_type, str) and ui_type in ACTION_UI_TYPES and kind in ACTION_OWNER_KINDS:
        normalized.setdefault("action_owner", plugin)
    return normalized


def flatten_ui_elements(
    contributions: Iterable[tuple[str, str, Iterable[Any]]],
) -> list[dict[str, Any]]:
    """Normalize and flatten ``(plugin, kind, elements)`` contributions in order.

    Non-dict elements are skipped; config elements are de-duplicated on `key`.
    """
    flattened: list[dict[str, Any]] = []
    seen_config_keys: set[str] = set()
    for plugin, kind, elements in contributions:
        for element in elements:
            if not isinstance(element, dict):
                continue
            normalized = normalize_ui_element(element, plugin, kind)
            key = normalized.get("key")
            if normalized["ui_type"] == "config" and isinstance(key, str):
                if key in seen_config_keys:
                    continue
                seen_config_keys.add(key)
            flattened.append(normalized)
    return flattened
