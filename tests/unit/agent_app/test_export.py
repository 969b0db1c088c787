"""Export/import: any session survives a JSON round trip; Markdown reads well and leaks nothing."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_app.assets import AssetTooLargeError, SessionAssetStore
from agent_app.export import export_json, export_markdown, import_json
from agent_app.secrets import SecretStore
from agent_app.store import SessionStore
from agent_core import Message, Session

plain_text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=60)
messages = st.builds(
    Message,
    role=st.sampled_from(["system", "user", "assistant", "tool"]),
    content=plain_text,
    metadata=st.none()
    | st.dictionaries(st.sampled_from(["model", "name", "note"]), plain_text, max_size=2),
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(history=st.lists(messages, max_size=6), title=plain_text)
def test_any_session_survives_a_json_round_trip(tmp_path, history, title):
    store = SessionStore(tmp_path / "sessions.sqlite3")
    assets = SessionAssetStore(store, tmp_path / "assets")
    try:
        original = Session("original", history, {"title": title, "agent_id": "default"})
        store.save_session(original)
        path = tmp_path / "export.json"
        path.write_text(export_json(store.load_session("original"), assets), encoding="utf-8")
        imported = import_json(path, store, assets)
        assert imported.session_id != "original"
        assert imported.to_dict()["messages"] == original.to_dict()["messages"]
        assert imported.metadata == original.metadata
    finally:
        store.close()


def test_markdown_lists_roles_tool_results_and_redacts_stored_secrets(tmp_path):
    SecretStore().set("providers.x.api_key", "live-key-0123456789")
    store = SessionStore(tmp_path / "sessions.sqlite3")
    assets = SessionAssetStore(store, tmp_path / "assets")
    session = Session(
        "s",
        [
            Message("user", "Use live-key-0123456789 please"),
            Message("tool", "file contents", metadata={"name": "read_file"}),
            Message("assistant", "Done."),
        ],
        {"title": "Keys"},
    )
    markdown = export_markdown(session, assets)
    assert "live-key-0123456789" not in markdown
    assert "## You" in markdown
    assert "## Tool result: read_file" in markdown
    assert "```\nfile contents\n```" in markdown
    assert "## Assistant\n\nDone." in markdown
    store.close()


def test_a_failing_import_removes_only_what_it_added(tmp_path):
    store = SessionStore(tmp_path / "sessions.sqlite3")
    assets = SessionAssetStore(store, tmp_path / "assets", max_bytes=10)
    store.save_session(Session("mine", [Message("user", "keep")], {}))
    store.save_session(Session("binned", [Message("user", "restorable")], {}))
    store.delete_session("binned")
    document = {
        "format": "agent-desktop-session",
        "version": 1,
        "session": {"session_id": "x", "messages": [{"role": "user", "content": "hi"}]},
        "assets": [{"asset_id": "a", "name": "big.bin", "data_base64": "eHh4eHh4eHh4eHh4"}],
    }
    path = tmp_path / "export.json"
    path.write_text(json.dumps(document))
    with pytest.raises(AssetTooLargeError):
        import_json(path, store, assets)
    assert [item["session_id"] for item in store.list_sessions()] == ["mine"]
    store.restore_session("binned")  # a deleted session stays restorable
    assert store.load_session("binned").messages[0].content == "restorable"
    store.close()


def test_an_imported_message_marked_damaged_is_kept(tmp_path):
    store = SessionStore(tmp_path / "sessions.sqlite3")
    assets = SessionAssetStore(store, tmp_path / "assets", max_bytes=1000)
    placeholder = (
        "[Message 2 could not be read (JSONDecodeError); the stored data is kept unchanged.]"
    )
    document = {
        "format": "agent-desktop-session",
        "version": 1,
        "session": {
            "session_id": "x",
            "messages": [
                {"role": "user", "content": "hi"},
                {"role": "assistant", "content": placeholder, "metadata": {"damaged": True}},
                {"role": "user", "content": "still there?"},
            ],
        },
        "assets": [],
    }
    path = tmp_path / "export.json"
    path.write_text(json.dumps(document))

    imported = import_json(path, store, assets)

    assert [message.content for message in imported.messages] == ["hi", placeholder, "still there?"]
    assert imported.messages[1].metadata == {"damaged_in_export": True}
    store.close()


def test_an_import_cut_short_leaves_no_visible_chat(tmp_path, monkeypatch):
    store = SessionStore(tmp_path / "sessions.sqlite3")
    assets = SessionAssetStore(store, tmp_path / "assets", max_bytes=1000)
    document = {
        "format": "agent-desktop-session",
        "version": 1,
        "session": {"session_id": "x", "messages": [{"role": "user", "content": "hi"}]},
        "assets": [],
    }
    path = tmp_path / "export.json"
    path.write_text(json.dumps(document))
    seen_during_import: list[list[str]] = []
    original = store.save_session

    def save_then_look(session, **kwargs):
        original(session, **kwargs)
        seen_during_import.append([item["session_id"] for item in store.list_sessions()])

    monkeypatch.setattr(store, "save_session", save_then_look)

    imported = import_json(path, store, assets)

    assert seen_during_import == [[]]  # written whole while hidden ...
    assert [item["session_id"] for item in store.list_sessions()] == [imported.session_id]
    store.close()
