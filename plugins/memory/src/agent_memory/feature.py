"""Feature plugin `memory`: remembered items go before the conversation, within a budget.

Items come from the store the application names (``memory_path``): those of the whole app,
of the request's agent and of its project, newest first, as one system message after the
instructions, never stored with the chat (an item deleted applies to the next turn). Memory is
off for an agent with ``memory.enabled``, and for one chat with the session action
`memory_chat_switch`, which keeps ``memory.enabled`` in that chat's own overrides.

The settings page is generated from `get_ui_elements`: on or off, the budget, and the items as a
`records` element (list, search, edit, delete), whose edits run the actions `memory_update` and
`memory_delete` at once.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from agent_core import Session
from agent_core.native_messages import after_instructions
from agent_memory.listing import memory_listing
from agent_memory.settings import (
    DEFAULT_BUDGET_TOKENS,
    memory_settings,
    memory_store,
    request_scope,
)
from agent_memory.store import MemoryItem, MemoryStore, MemoryStoreError, checked_text

ACTION_UPDATE = "memory_update"
ACTION_DELETE = "memory_delete"
ACTION_CHAT_SWITCH = "memory_chat_switch"
ACTION_EXPORT = "memory_export"
ACTION_IMPORT = "memory_import"
EXPORT_FILE = "memory-export-{stamp}.json"
MAX_IMPORT_BYTES = 10 * 1024 * 1024
#: The session metadata key of a chat's own request overrides (the application's name for it).
CHAT_OVERRIDES_KEY = "config_overrides"


class MemoryFeature:
    """Feature plugin `memory`: the remembered items in each request's context."""

    kind = "feature"
    name = "memory"
    display_name = "Memory"
    version = "0.1.0"
    priority = 110  # after skills: what the user chose to keep is closest to the chat

    def get_config_schema(self) -> dict[str, Any]:
        return {
            "memory.enabled": {
                "type": "boolean",
                "default": True,
                "description": "Remember what you approve, and give it to this agent's model.",
            },
            "memory.budget_tokens": {
                "type": "integer",
                "default": DEFAULT_BUDGET_TOKENS,
                "description": "Most tokens the remembered items may take in each request.",
            },
        }

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        elements: list[dict[str, Any]] = [
            {
                "type": "checkbox",
                "key": "memory.enabled",
                "label": "Remember across chats",
                "description": "The model may propose to remember something; you approve or "
                "edit each proposal. Turn it off for one chat in the Session menu.",
            },
            {
                "type": "integer",
                "key": "memory.budget_tokens",
                "label": "Token budget for remembered items",
                "min": 0,
                "max": 100_000,
                "step": 100,
            },
        ]
        try:
            items = memory_store(config).all()
        except (MemoryStoreError, OSError) as error:
            elements[0]["description"] += f" The items cannot be listed: {error}."
            items = []
        elements.append(
            {
                "type": "records",
                "key": "memory.items",
                "label": "Remembered items",
                "description": "Changes here apply at once, to every agent that sees the item.",
                "records": [_record(item) for item in items],
                "update_action": ACTION_UPDATE,
                "delete_action": ACTION_DELETE,
                "empty_text": "Nothing is remembered yet.",
            }
        )
        elements.append(
            {
                "type": "action",
                "key": "memory.export",
                "label": "Export remembered items…",
                "action": ACTION_EXPORT,
                "ask": "folder",
                "description": "Writes every item to a JSON file in the folder you choose "
                "(secrets the app knows are blanked).",
            }
        )
        elements.append(
            {
                "type": "action",
                "key": "memory.import",
                "label": "Import remembered items…",
                "action": ACTION_IMPORT,
                "ask": "file",
                "filter": "Memory exports (*.json)",
                "description": "Adds the items of an export that are not here yet.",
            }
        )
        elements.append(
            {
                "ui_type": "session_action",
                "id": ACTION_CHAT_SWITCH,
                "action_id": ACTION_CHAT_SWITCH,
                "label": "Memory on or off for this chat",
                "description": "Turn memory off (or back on) for this chat only.",
                "order": 60,
                # The Session menu checks it while memory is on for the shown chat.
                "checked_unless_metadata_false": f"{CHAT_OVERRIDES_KEY}.memory.enabled",
            }
        )
        return elements

    def init(self, config: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return state

    def initialize_request(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        config = (context or {}).get("config") or {}
        listing = self.listing(config)
        if not listing:
            return native_messages, state
        return after_instructions(native_messages, listing), state

    def listing(self, config: dict[str, Any]) -> str:
        """What this request's model is told it remembers (empty: nothing)."""
        settings = memory_settings(config)
        if not settings["enabled"]:
            return ""
        store = memory_store(config)
        items = [
            # Cleaned again: a secret the app learnt after the item was kept.
            MemoryItem(**{**item.to_dict(), "text": store.clean(item.text)})
            for item in store.for_request(request_scope(config))
        ]
        return memory_listing(items, settings["budget_tokens"])

    def get_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            {
                "id": ACTION_UPDATE,
                "label": "Change a remembered item",
                "inputs": {
                    "id": {"type": "integer", "required": True},
                    "text": {"type": "string", "required": True},
                },
            },
            {
                "id": ACTION_DELETE,
                "label": "Forget a remembered item",
                "inputs": {"id": {"type": "integer", "required": True}},
            },
            {
                "id": ACTION_CHAT_SWITCH,
                "label": "Memory on or off for this chat",
                "inputs": {},
            },
            {
                "id": ACTION_EXPORT,
                "label": "Export remembered items",
                "inputs": {"source": {"type": "string", "required": True}},
            },
            {
                "id": ACTION_IMPORT,
                "label": "Import remembered items",
                "inputs": {"source": {"type": "string", "required": True}},
            },
        ]

    def execute_action(
        self,
        action_id: str,
        session: Session,
        native_messages: list[dict[str, Any]],
        params: dict[str, Any],
        context: dict[str, Any] | None,
        state: dict[str, Any],
    ) -> dict[str, Any]:
        config = (context or {}).get("config") or {}
        unchanged = list(native_messages)
        try:
            if action_id == ACTION_CHAT_SWITCH:
                return {"native_messages": unchanged, **_switched(session)}
            store = memory_store(config)
            if action_id in (ACTION_EXPORT, ACTION_IMPORT):
                return {"native_messages": unchanged, **_carried(action_id, store, params)}
            item_id = params.get("id")
            if not isinstance(item_id, int) or isinstance(item_id, bool):
                raise MemoryStoreError(f"'id' must be the number of an item, not {item_id!r}")
            if action_id == ACTION_UPDATE:
                item = store.update(item_id, checked_text(params.get("text")))
                return {
                    "native_messages": unchanged,
                    "status": "ok",
                    "message": f"Item #{item.id} now reads: {item.text}",
                    "record": _record(item),
                }
            if action_id == ACTION_DELETE:
                if not store.delete(item_id):
                    raise MemoryStoreError(f"there is no remembered item #{item_id}")
                return {
                    "native_messages": unchanged,
                    "status": "ok",
                    "message": f"Item #{item_id} is forgotten.",
                }
        except (MemoryStoreError, OSError, ValueError) as error:
            return {
                "native_messages": unchanged,
                "status": "error",
                "message": str(error),
                "error": {"type": "memory", "message": str(error)},
            }
        return {
            "native_messages": unchanged,
            "status": "error",
            "message": f"Unknown action {action_id!r} of the memory plugin.",
            "error": {"type": "unknown_action", "message": f"Unknown action {action_id!r}."},
        }


def _carried(action_id: str, store: MemoryStore, params: dict[str, Any]) -> dict[str, Any]:
    """Export every item into the folder `source`, or import the export file `source`."""
    source = params.get("source")
    if not isinstance(source, str) or not source:
        raise MemoryStoreError("'source' must be a folder (export) or a file (import)")
    if action_id == ACTION_EXPORT:
        target = Path(source) / EXPORT_FILE.format(stamp=time.strftime("%Y%m%d-%H%M%S"))
        document = store.export_data()
        target.write_text(json.dumps(document, indent=2, ensure_ascii=False), "utf-8")
        count = len(document["items"])
        return {"status": "ok", "message": f"Exported {_items(count)} to {target}."}
    path = Path(source)
    if path.stat().st_size > MAX_IMPORT_BYTES:
        raise MemoryStoreError(f"{path.name} is larger than a memory export can be")
    try:
        document = json.loads(path.read_text("utf-8"))
    except (UnicodeError, json.JSONDecodeError) as error:
        raise MemoryStoreError(f"{path.name} is not a memory export (not JSON: {error})") from error
    added = store.import_data(document)
    return {"status": "ok", "message": f"Imported {_items(added, 'new ')} from {path.name}."}


def _items(count: int, kind: str = "") -> str:
    """ "1 item", "3 new items" """
    return f"{count} {kind}item{'' if count == 1 else 's'}"


def _switched(session: Session) -> dict[str, Any]:
    """Memory off for this chat if it was on, else on: the chat's own `memory.enabled`."""
    metadata = getattr(session, "metadata", None) or {}
    overrides = metadata.get(CHAT_OVERRIDES_KEY)
    overrides = dict(overrides) if isinstance(overrides, dict) else {}
    block = overrides.get("memory")
    was_off = isinstance(block, dict) and block.get("enabled") is False
    if was_off:
        overrides.pop("memory")
    else:
        overrides["memory"] = {"enabled": False}
    return {
        "session_metadata": {CHAT_OVERRIDES_KEY: overrides},
        "status": "ok",
        "message": "Memory is on again for this chat."
        if was_off
        else "Memory is off for this chat: nothing is remembered or recalled here.",
    }


def _record(item: MemoryItem) -> dict[str, Any]:
    return {"id": item.id, "text": item.text, "detail": item.where()}
