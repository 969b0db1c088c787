"""AgentApplication on real files: sessions, actions, lifecycle, plugins, export/import."""

from __future__ import annotations

import hashlib
import json
from typing import ClassVar

import pytest
from tests.support.foreign_database import write_another_programs_database

from agent_app.application import AgentApplication
from agent_app.config import AgentConfig, ProviderConfig, UnknownAgentError
from agent_app.export import ExportError
from agent_app.paths import resolve_paths
from agent_app.store import SessionNotFoundError, StoreReadOnlyError
from agent_core import AgentCore, Message, Session
from scripted_provider import ScriptedProvider

LAYER_TWO_KEYS = {"app", "application", "base_config", "session_asset_store", "runtime_state_root"}


class NotesFeature:
    """A feature plugin with a manual action and lifecycle actions, recording what it saw."""

    name = "notes"
    version = "1.0"
    seen_contexts: ClassVar[list[dict]] = []

    def get_actions(self, state):
        return [
            {
                "id": "tag",
                "label": "Tag",
                "inputs": {"label": {"type": "string", "required": True}},
            },
            {"id": "stamp_new", "label": "Stamp", "trigger": ["session_create"]},
            {"id": "count_saves", "label": "Count", "trigger": ["session_save_prepare"]},
        ]

    def execute_action(self, action_id, session, native_messages, params, context, state):
        NotesFeature.seen_contexts.append(dict(context))
        if action_id == "tag":
            return {
                "native_messages": native_messages,
                "session_metadata": {"tag": params["label"]},
                "display": {"format": "markdown", "body": "Tagged."},
            }
        if action_id == "stamp_new":
            return {"native_messages": native_messages, "session_metadata": {"stamped": True}}
        saves = int(session.metadata.get("saves", 0)) + 1
        return {"native_messages": native_messages, "session_metadata": {"saves": saves}}


class ClosableTool:
    """A tool plugin with state that must be shut down once."""

    name = "closable"
    version = "1.0"
    instances: ClassVar[list[ClosableTool]] = []

    def __init__(self):
        self.closed = 0
        ClosableTool.instances.append(self)

    def get_tool_schemas(self, state, prepared=None):
        return []

    async def aclose(self):
        self.closed += 1


class FailingCloseTool:
    name = "failing_close"
    version = "1.0"

    def get_tool_schemas(self, state, prepared=None):
        return []

    def close(self):
        raise RuntimeError("socket already gone")


class BrokenPlugin:
    name = "broken"
    version = "0.0"

    def __init__(self):
        raise RuntimeError("missing native library")

    def get_tool_schemas(self, state, prepared=None):
        return []


class DetectingProvider(ScriptedProvider):
    name = "detecting"

    @staticmethod
    async def detect_local_servers(timeout: float = 0.5):
        return [{"name": "Fake local", "base_url": "http://127.0.0.1:9/v1", "models": ["m"]}]


@pytest.fixture
def app(tmp_path):
    NotesFeature.seen_contexts = []
    ClosableTool.instances = []
    application = AgentApplication(
        resolve_paths(tmp_path / "home"),
        plugins=[ScriptedProvider, NotesFeature, ClosableTool, FailingCloseTool, BrokenPlugin],
    )
    application.config.providers["offline"] = ProviderConfig(provider="scripted")
    application.config.agents["default"] = AgentConfig(provider="offline")
    application.config.agents["other"] = AgentConfig(provider="offline", model="other-model")
    yield application
    application.close()


def test_plugins_are_instantiated_once_and_broken_ones_reported(app):
    assert len(ClosableTool.instances) == 1
    core = app.agents.build_core()
    assert isinstance(core, AgentCore)
    assert app.agents.build_core("other") is core
    assert app.plugins.instance("closable") is ClosableTool.instances[0]
    assert core.plugins()["tools"][0] is ClosableTool.instances[0]
    assert app.plugins.instance("broken") is None
    assert any(
        "'broken'" in notice
        and "failed as it started: RuntimeError: missing native library" in notice
        for notice in app.notices
    )
    assert {record.name for record in app.plugins.catalog} >= {"scripted", "notes", "broken"}


async def test_aclose_shuts_plugins_down_once_and_isolates_failures(tmp_path):
    ClosableTool.instances = []
    application = AgentApplication(
        resolve_paths(tmp_path), plugins=[FailingCloseTool, ClosableTool]
    )
    await application.aclose()
    await application.aclose()
    assert ClosableTool.instances[0].closed == 1


def test_create_session_fires_session_create_and_persists(app):
    session = app.sessions.create_session()
    assert session.metadata["agent_id"] == "default"
    assert session.metadata["stamped"] is True
    assert app.sessions.load_session(session.session_id).metadata["stamped"] is True
    context = NotesFeature.seen_contexts[-1]
    assert set(context) >= LAYER_TWO_KEYS
    assert context["app"] is app
    assert context["application"] is app
    assert context["session_asset_store"] is app.sessions.assets
    assert context["runtime_state_root"] == str(app.paths.runtime_state_root)
    assert context["base_config"]["agent_id"] == "default"
    assert context["lifecycle"] == "session_create"
    assert context["core"] is app.agents.build_core()


def test_unknown_agent_id_is_a_clear_error(app):
    with pytest.raises(UnknownAgentError, match="no agent 'ghost'"):
        app.sessions.create_session("ghost")
    with pytest.raises(UnknownAgentError):
        app.agents.build_core("ghost")
    with pytest.raises(UnknownAgentError):
        app.update_agent("ghost", Session("x"))


def test_save_runs_save_prepare_then_stores(app):
    session = app.sessions.create_session()
    grown = Session(
        session.session_id,
        [*session.messages, Message("user", "hello there")],
        session.metadata,
    )
    saved = app.sessions.save_session(grown)
    assert saved.metadata["saves"] == 1
    loaded = app.sessions.load_session(session.session_id)
    assert loaded.metadata["saves"] == 1
    assert loaded.messages[0].content == "hello there"
    assert app.sessions.save_session(loaded).metadata["saves"] == 2


def test_lifecycle_is_skipped_not_fatal_when_the_agent_cannot_be_configured(app):
    app.config.providers["keyed"] = ProviderConfig(provider="scripted", api_key="${env:NOPE_KEY}")
    app.config.agents["keyed"] = AgentConfig(provider="keyed")
    session = app.sessions.create_session("keyed")
    assert "stamped" not in session.metadata
    saved = app.sessions.save_session(
        Session(session.session_id, [Message("user", "x")], session.metadata)
    )
    assert app.sessions.load_session(saved.session_id).messages[0].content == "x"


def test_session_action_runs_with_layer_two_context_and_is_persisted(app):
    session = app.sessions.create_session()
    result = app.sessions.execute_session_action(session.session_id, "tag", {"label": "work"})
    assert result["display"]["body"] == "Tagged."
    assert result["session"].metadata["tag"] == "work"
    assert app.sessions.load_session(session.session_id).metadata["tag"] == "work"
    context = NotesFeature.seen_contexts[-2]  # the action, then save-prepare
    assert set(context) >= LAYER_TWO_KEYS
    assert context["trigger_source"] == "application"
    assert context["config"]["provider"] == "scripted"
    assert context["config"]["session_asset_store"] is app.sessions.assets


def test_session_action_errors_come_back_as_results(app):
    session = app.sessions.create_session()
    missing = app.sessions.execute_session_action(session.session_id, "tag", {})
    assert missing["status"] == "error"
    unknown = app.sessions.execute_session_action(session.session_id, "no_such_action", {})
    assert unknown["error"]["type"] == "unknown_action"
    app.config.agents["default"] = AgentConfig(provider="vanished")
    broken = app.sessions.execute_session_action(session.session_id, "tag", {"label": "x"})
    assert broken["error"]["type"] == "config_error"
    assert "vanished" in broken["error"]["message"]
    with pytest.raises(SessionNotFoundError):
        app.sessions.execute_session_action("nope", "tag", {"label": "x"})


async def test_async_session_action_runs_off_the_loop(app):
    session = app.sessions.create_session()
    result = await app.sessions.aexecute_session_action(
        session.session_id, "tag", {"label": "async"}
    )
    assert result["session"].metadata["tag"] == "async"


def test_update_agent_switches_without_saving(app):
    session = app.sessions.create_session()
    core, base_config, switched = app.update_agent("other", session)
    assert core is app.agents.build_core()
    assert base_config["model"] == "other-model"
    assert switched.metadata["agent_id"] == "other"
    assert app.sessions.load_session(session.session_id).metadata["agent_id"] == "default"


def test_resolved_config_carries_app_keys_and_secrets_only_in_memory(app, monkeypatch):
    app.secrets.set("providers.offline.api_key", "sk-in-memory-only-123")
    app.config.providers["offline"].api_key = "${keyring:providers.offline.api_key}"
    app.configuration.save_config()
    resolved = app.resolve_request_config(app.build_agent_config(), {"model": "x"})
    assert resolved["api_key"] == "sk-in-memory-only-123"
    assert resolved["model"] == "x"
    assert resolved["runtime_state_root"] == str(app.paths.runtime_state_root)
    assert "sk-in-memory" not in app.paths.config_path.read_text()


def test_listing_search_rename_delete_restore(app):
    first = app.sessions.create_session()
    app.sessions.save_session(
        Session(first.session_id, [Message("user", "quantum physics")], first.metadata)
    )
    second = app.sessions.create_session()
    app.sessions.save_session(
        Session(second.session_id, [Message("user", "gardening")], second.metadata)
    )
    assert [item["session_id"] for item in app.sessions.list_sessions()][:2] == [
        second.session_id,
        first.session_id,
    ]
    assert [item["session_id"] for item in app.sessions.search_sessions("quantum")] == [
        first.session_id
    ]
    app.sessions.rename_session(first.session_id, "  Physics  ")
    assert app.sessions.load_session(first.session_id).metadata["title"] == "Physics"
    app.settings.last_session_id = first.session_id
    app.sessions.delete_session(first.session_id)
    assert app.settings.last_session_id is None
    assert first.session_id not in {item["session_id"] for item in app.sessions.list_sessions()}
    app.sessions.restore_session(first.session_id)
    assert first.session_id in {item["session_id"] for item in app.sessions.list_sessions()}


def test_deleted_sessions_and_their_attachments_are_gone_after_restart(tmp_path):
    paths = resolve_paths(tmp_path)
    app = AgentApplication(paths, plugins=[])
    session = app.sessions.create_session()
    record = app.sessions.assets.add_bytes(session.session_id, b"private bytes", "a.txt")
    app.sessions.delete_session(session.session_id)
    app.close()
    reopened = AgentApplication(paths, plugins=[])
    with pytest.raises(SessionNotFoundError):
        reopened.sessions.load_session(session.session_id)
    assert not list(paths.assets_dir.rglob(record["sha256"]))
    reopened.close()


def test_export_and_import_round_trip_with_attachments(app, tmp_path):
    app.secrets.set("providers.openai.api_key", "sk-abcdefghijklmnopqrstuv")  # the user's key
    session = app.sessions.create_session()
    record = app.sessions.assets.add_bytes(session.session_id, b"\x89PNG fake", "shot.png")
    message = Message(
        "user",
        "see picture; my key is sk-abcdefghijklmnopqrstuv",
        multipart_content=[
            {
                "type": "image",
                "asset_id": record["asset_id"],
                "name": "shot.png",
                "mime": "image/png",
            }
        ],
    )
    reply = Message(
        "assistant",
        "",
        metadata={
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "read_file", "arguments": '{"path": "a"}'},
                }
            ]
        },
    )
    app.sessions.save_session(Session(session.session_id, [message, reply], session.metadata))
    app.sessions.rename_session(session.session_id, "Pictures")

    markdown = app.sessions.export_session(session.session_id, "markdown")
    assert markdown.startswith("# Pictures")
    assert "*Attachment: shot.png (image/png, 9 bytes)*" in markdown
    assert "`read_file`" in markdown
    assert "sk-abcdefghij" not in markdown

    exported = app.sessions.export_session(session.session_id, "json")
    assert "sk-abcdefghij" not in exported
    path = tmp_path / "export.json"
    path.write_text(exported)
    # Into this app the unchanged chat would only be opened again: import it after deleting it.
    app.sessions.delete_session(session.session_id)
    imported = app.sessions.import_session(path)
    assert imported.session_id != session.session_id
    assert imported.metadata["title"] == "Pictures"
    part = imported.messages[0].multipart_content[0]
    assert part["asset_id"] != record["asset_id"]
    assert app.sessions.assets.read_bytes(part["asset_id"]) == b"\x89PNG fake"
    assert imported.messages[1].metadata["tool_calls"][0]["function"]["name"] == "read_file"

    with pytest.raises(ExportError, match="Unknown export format"):
        app.sessions.export_session(session.session_id, "pdf")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("# just markdown", "not a JSON session export"),
        (json.dumps({"format": "other"}), "not an Agent Desktop session export"),
        (json.dumps({"format": "agent-desktop-session", "version": 9}), "export version 9"),
        (
            json.dumps(
                {"format": "agent-desktop-session", "version": 1, "session": {}, "assets": []}
            ),
            "not hold a valid conversation",
        ),
        (
            json.dumps(
                {
                    "format": "agent-desktop-session",
                    "version": 1,
                    "session": {"session_id": "x", "messages": []},
                    "assets": [
                        {"asset_id": "a", "name": "n", "data_base64": "aGk=", "sha256": "0" * 64}
                    ],
                }
            ),
            "does not match its checksum",
        ),
    ],
)
def test_bad_imports_are_explained_and_store_nothing(app, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    before = app.sessions.list_sessions()
    with pytest.raises(ExportError, match=message):
        app.sessions.import_session(path)
    assert app.sessions.list_sessions() == before


async def test_detect_local_servers_asks_provider_classes(tmp_path):
    application = AgentApplication(resolve_paths(tmp_path), plugins=[DetectingProvider])
    servers = await application.plugins.detect_local_servers()
    assert servers == [
        {
            "name": "Fake local",
            "base_url": "http://127.0.0.1:9/v1",
            "models": ["m"],
            "plugin": "detecting",
        }
    ]
    await application.aclose()


def test_build_context_keeps_owned_keys_over_extra(app, caplog):
    session = app.sessions.create_session()
    context = app.agents.build_context(session, config={}, extra={"app": "impostor", "terminal": 1})
    assert context["app"] is app
    assert context["terminal"] == 1
    assert "reserved by the application" in caplog.text


def test_startup_problems_become_notices(tmp_path):
    paths = resolve_paths(tmp_path)
    paths.ensure_exist()
    paths.settings_path.write_text("{nope")
    paths.database_path.write_bytes(b"garbage" * 1000)
    app = AgentApplication(paths, plugins=[])
    assert any("settings file" in notice for notice in app.notices)
    assert any("session database" in notice and "damaged" in notice for notice in app.notices)
    assert app.sessions.store.read_only
    with pytest.raises(StoreReadOnlyError, match="Could not save"):
        app.sessions.create_session()
    app.close()


def test_an_answer_cut_off_by_a_crash_is_kept_on_next_start(tmp_path):
    paths = resolve_paths(tmp_path)
    app = AgentApplication(paths, plugins=[])
    session = app.sessions.create_session()
    app.sessions.store.append_message(session.session_id, {"role": "user", "content": "hi"})
    app.sessions.store.save_draft(
        session.session_id, {"role": "assistant", "content": "Hello, I was"}
    )
    app.sessions.store.close()  # the process dies here: no clean shutdown, the draft stays

    reopened = AgentApplication(paths, plugins=[])
    messages = reopened.sessions.load_session(session.session_id).messages
    assert messages[-1].content == "Hello, I was"
    assert messages[-1].metadata["incomplete"] is True
    assert any("cut off" in notice for notice in reopened.notices)
    reopened.close()


def test_a_draft_with_list_metadata_is_set_aside_and_the_app_starts(tmp_path):
    paths = resolve_paths(tmp_path)
    app = AgentApplication(paths, plugins=[])
    session = app.sessions.create_session()
    # What a provider's odd partial plus a crash mid-answer leaves behind.
    app.sessions.store.save_draft(
        session.session_id, {"role": "assistant", "content": "Hi", "metadata": ["m"]}
    )
    app.sessions.store.close()

    reopened = AgentApplication(paths, plugins=[])

    [notice] = [notice for notice in reopened.notices if "set aside" in notice]
    assert "1 partial answer " in notice
    assert str(paths.data_dir / "set-aside") in notice
    [kept] = (paths.data_dir / "set-aside").iterdir()
    assert json.loads(kept.read_text(encoding="utf-8"))["metadata"] == ["m"]
    assert reopened.sessions.load_session(session.session_id).messages == []
    reopened.close()


def test_another_programs_database_in_the_stores_place_is_named_and_left_unchanged(tmp_path):
    paths = resolve_paths(tmp_path)
    before = hashlib.sha256(write_another_programs_database(paths.database_path)).hexdigest()

    app = AgentApplication(paths, plugins=[])

    [notice] = [notice for notice in app.notices if "not an Agent Desktop" in notice]
    assert str(paths.database_path) in notice
    assert app.sessions.list_sessions() == []
    app.close()
    assert hashlib.sha256(paths.database_path.read_bytes()).hexdigest() == before


def test_a_config_holding_a_lone_surrogate_is_set_aside_and_the_app_starts(tmp_path):
    paths = resolve_paths(tmp_path)
    paths.ensure_exist()
    paths.config_path.write_text('{"agents": {"work": {"label": "W\\ud800"}}}', encoding="utf-8")

    app = AgentApplication(paths, plugins=[])

    [notice] = [notice for notice in app.notices if "agents.work" in notice]
    assert "not valid Unicode" in notice
    assert "work" not in app.config.agents
    app.close()


class TrimFeature:
    """A feature whose action drops the first message, while the test appends one meanwhile."""

    name = "trim"
    version = "1.0"

    def get_actions(self, state):
        return [{"id": "trim", "label": "Trim"}]

    def execute_action(self, action_id, session, native_messages, params, context, state):
        # Another writer (the tool loop) commits a message while the action runs.
        context["app"].sessions.store.append_message(
            session.session_id, {"role": "assistant", "content": "late"}
        )
        return {"native_messages": native_messages[1:]}


def test_an_action_never_overwrites_messages_stored_while_it_ran(tmp_path):
    app = AgentApplication(resolve_paths(tmp_path), plugins=[ScriptedProvider, TrimFeature])
    app.config.providers["offline"] = ProviderConfig(provider="scripted")
    app.config.agents["default"] = AgentConfig(provider="offline")
    session = app.sessions.create_session()
    app.sessions.save_session(
        Session(
            session.session_id, [Message("user", "a"), Message("assistant", "b")], session.metadata
        )
    )
    result = app.sessions.execute_session_action(session.session_id, "trim", {})
    assert result["error"]["type"] == "session_changed"
    kept = app.sessions.load_session(session.session_id)
    assert [message.content for message in kept.messages] == ["a", "b", "late"]
    app.close()
