"""The memory plugin on a real SQLite file: scopes, the budget, the secrets it never keeps, the
per-chat switch, the `remember` tool, and export/import."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_app.secrets import remember_secret_value
from agent_core import Session
from agent_memory import MemoryFeature, MemoryStore, MemoryStoreError, MemoryTools, RequestScope
from agent_memory.feature import ACTION_CHAT_SWITCH, ACTION_DELETE, ACTION_UPDATE
from agent_memory.listing import approximate_tokens, memory_listing
from agent_memory.settings import memory_store


@pytest.fixture
def config(tmp_path: Path) -> dict[str, Any]:
    return {"memory_path": str(tmp_path / "memory.sqlite3"), "agent_id": "writer"}


def store_of(config: dict[str, Any]) -> MemoryStore:
    return memory_store(config)


def test_a_request_sees_the_app_its_agent_and_its_project_items_only(config):
    store = store_of(config)
    store.add("Prefers metric units", "app")
    store.add("Writes in British English", "agent", "writer")
    store.add("Coder's habit", "agent", "coder")
    store.add("Thesis is about moss", "project", "/home/me/thesis")
    store.add("Other project", "project", "/home/me/other")

    seen = store.for_request(RequestScope(agent_id="writer", project="/home/me/thesis"))

    assert sorted(item.text for item in seen) == [
        "Prefers metric units",
        "Thesis is about moss",
        "Writes in British English",
    ]
    outside = store.for_request(RequestScope(agent_id="writer"))
    assert "Thesis is about moss" not in [item.text for item in outside]


def test_a_remembered_item_holding_a_known_key_is_kept_redacted(config):
    key = "sk-memory-test-0123456789abcdef"
    remember_secret_value(key)
    result = MemoryTools().execute_tool(
        "remember",
        {"text": f"My API key is {key}"},
        {"config": config},
        tool_call={"id": "call-1"},
        context={"session": {"session_id": "chat-1"}},
    )
    assert result["success"] is True
    stored = store_of(config).all()[0]
    assert key not in stored.text
    assert "[redacted]" in stored.text
    assert key not in Path(config["memory_path"]).read_bytes().decode("utf-8", "replace")
    assert (stored.source_session, stored.source_call) == ("chat-1", "call-1")


def test_a_secret_named_value_of_the_agents_config_is_redacted_too(config):
    config["api_key"] = "plain-config-secret-value"
    item = store_of(config).add("the key is plain-config-secret-value", "app")
    assert "plain-config-secret-value" not in item.text


def test_the_listing_keeps_to_the_budget_newest_first_and_counts_what_is_left_out(config):
    store = store_of(config)
    for number in range(40):
        store.add(f"Fact number {number} about the user's long-running work", "app")
    listing = memory_listing(store.all(), budget_tokens=200)
    assert approximate_tokens(listing) <= 200
    assert "Fact number 39 " in listing  # the newest first
    assert "Fact number 0 " not in listing
    assert "older notes are left out" in listing
    assert memory_listing(store.all(), budget_tokens=10) == ""


def test_the_feature_puts_the_items_after_the_instructions_unless_memory_is_off(config):
    store_of(config).add("Prefers metric units", "app")
    feature = MemoryFeature()
    native = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi"}]

    messages, _ = feature.initialize_request(native, {}, context={"config": config})
    assert [m["role"] for m in messages] == ["system", "system", "user"]
    assert "- Prefers metric units" in messages[1]["content"]

    off = {**config, "memory": {"enabled": False}}
    assert feature.initialize_request(native, {}, context={"config": off})[0] == native
    assert MemoryTools().is_enabled(off, [], [], {}) is False


def test_the_chat_switch_turns_memory_off_for_that_chat_and_on_again(config):
    feature = MemoryFeature()
    session = Session("chat", [], {"config_overrides": {"model": "m"}})
    result = feature.execute_action(ACTION_CHAT_SWITCH, session, [], {}, {"config": config}, {})
    overrides = result["session_metadata"]["config_overrides"]
    assert overrides == {"model": "m", "memory": {"enabled": False}}
    off = Session("chat", [], {"config_overrides": overrides})
    again = feature.execute_action(ACTION_CHAT_SWITCH, off, [], {}, {"config": config}, {})
    assert again["session_metadata"]["config_overrides"] == {"model": "m"}


def test_settings_actions_change_and_forget_an_item(config):
    item = store_of(config).add("Likes tea", "app")
    feature = MemoryFeature()
    context = {"config": config}
    changed = feature.execute_action(
        ACTION_UPDATE,
        Session("s", [], {}),
        [],
        {"id": item.id, "text": "Likes coffee"},
        context,
        {},
    )
    assert changed["status"] == "ok"
    assert [i.text for i in store_of(config).all()] == ["Likes coffee"]
    records = next(e for e in feature.get_ui_elements(config) if e.get("type") == "records")
    assert records["records"] == [{"id": item.id, "text": "Likes coffee", "detail": "all chats"}]

    feature.execute_action(ACTION_DELETE, Session("s", [], {}), [], {"id": item.id}, context, {})
    assert store_of(config).all() == []
    missing = feature.execute_action(
        ACTION_DELETE, Session("s", [], {}), [], {"id": item.id}, context, {}
    )
    assert missing["status"] == "error"
    assert f"#{item.id}" in missing["message"]


def test_remember_refuses_a_project_scope_outside_a_project_and_says_what_to_do(config):
    result = MemoryTools().execute_tool(
        "remember", {"text": "x", "scope": "project"}, {"config": config}
    )
    assert result["success"] is False
    assert "not in a project" in result["error"]
    assert store_of(config).all() == []


def test_export_and_import_carry_the_items_once(config, tmp_path):
    store = store_of(config)
    store.add("Prefers metric units", "app")
    store.add("Thesis is about moss", "project", "/home/me/thesis")
    other = memory_store({**config, "memory_path": str(tmp_path / "other.sqlite3")})
    assert other.import_data(store.export_data()) == 2
    assert other.import_data(store.export_data()) == 0
    assert {(i.text, i.scope) for i in other.all()} == {
        ("Prefers metric units", "app"),
        ("Thesis is about moss", "project"),
    }
    with pytest.raises(MemoryStoreError, match="not a memory export"):
        other.import_data({"format": "something-else"})


def test_without_a_place_to_keep_memories_the_tool_says_so(tmp_path):
    result = MemoryTools().execute_tool("remember", {"text": "x"}, {"config": {}})
    assert result["success"] is False
    assert "memory_path" in result["error"]


def test_settings_export_to_a_folder_and_import_from_the_file(config, tmp_path):
    from agent_memory.feature import ACTION_EXPORT, ACTION_IMPORT

    store_of(config).add("Prefers metric units", "app")
    feature = MemoryFeature()
    exported = feature.execute_action(
        ACTION_EXPORT, Session("s", [], {}), [], {"source": str(tmp_path)}, {"config": config}, {}
    )
    assert exported["status"] == "ok"
    [written] = tmp_path.glob("memory-export-*.json")
    other = {**config, "memory_path": str(tmp_path / "other.sqlite3")}
    imported = feature.execute_action(
        ACTION_IMPORT, Session("s", [], {}), [], {"source": str(written)}, {"config": other}, {}
    )
    assert imported["message"] == f"Imported 1 new item from {written.name}."
    assert [item.text for item in memory_store(other).all()] == ["Prefers metric units"]
    (tmp_path / "bad.json").write_text("{nope")
    bad = feature.execute_action(
        ACTION_IMPORT,
        Session("s", [], {}),
        [],
        {"source": str(tmp_path / "bad.json")},
        {"config": other},
        {},
    )
    assert bad["status"] == "error"
    assert "not a memory export" in bad["message"]
