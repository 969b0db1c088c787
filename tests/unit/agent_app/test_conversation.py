"""The Qt-free Conversation over a real AgentApplication (scripted provider, real SQLite store)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, ClassVar

import pytest
from tests.support.tool_loop_harness import tool_turn
from tests.support.workbench_tools import Workbench

from agent_app.application import AgentApplication
from agent_app.config import AgentConfig, ProviderConfig
from agent_app.conversation import Conversation, ConversationBusy, Conversations
from agent_app.paths import resolve_paths
from compaction_feature import CompactionFeature
from scripted_provider import ScriptedProvider

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)


def scripted_app(tmp_path: Path, script: list[Any]) -> AgentApplication:
    app = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, Workbench, CompactionFeature]
    )
    app.config.providers["scripted"] = ProviderConfig(provider="scripted", script=script)
    app.config.agents["default"] = AgentConfig(provider="scripted")
    return app


@pytest.fixture
async def make_app(tmp_path: Path):
    made: list[AgentApplication] = []

    def make(script: list[Any]) -> AgentApplication:
        made.append(scripted_app(tmp_path / str(len(made)), script))
        return made[-1]

    yield make
    for app in made:
        await app.aclose()


class Recorder:
    def __init__(self, conversation: Conversation) -> None:
        self.events: list[dict[str, Any]] = []
        conversation.subscribe(self.events.append)

    def types(self) -> list[str]:
        return [event["type"] for event in self.events]

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [event for event in self.events if event["type"] == kind]


def texts(conversation: Conversation) -> list[str]:
    assert conversation.session is not None
    return [str(message.content) for message in conversation.session.messages]


async def test_send_streams_the_answer_and_stores_both_messages(make_app) -> None:
    app = make_app(["Hello there, how can I help?"])
    chat = Conversation(app.sessions, app, app.plugin_queries)
    seen = Recorder(chat)

    await chat.send("Hi")

    assert texts(chat) == ["Hi", "Hello there, how can I help?"]
    assert seen.of("user_message")[0]["message_index"] == 0
    assert seen.of("assistant")[0]["message_index"] == 1
    assert "partial" in seen.types()
    assert chat.title == "Hi"
    assert not chat.busy
    stored = app.sessions.load_session(chat.session_id)
    assert [m.content for m in stored.messages] == texts(chat)


async def test_edit_regenerate_and_delete_change_the_one_live_session(make_app) -> None:
    app = make_app(["first answer", "second answer", "third answer"])
    chat = Conversation(app.sessions, app, app.plugin_queries)
    await chat.send("question")
    seen = Recorder(chat)

    assert chat.begin_edit(0) == "question"
    await chat.send("better question")
    assert texts(chat) == ["better question", "first answer"]
    assert "history_reset" in seen.types()

    await chat.regenerate(1)
    assert texts(chat) == ["better question", "first answer"]  # turn 0 again: same history

    await chat.delete(1)
    assert texts(chat) == ["better question"]
    assert [m.content for m in app.sessions.load_session(chat.session_id).messages] == [
        "better question"
    ]
    with pytest.raises(IndexError):
        await chat.delete(5)


async def test_deleting_a_tool_call_takes_its_results_along(make_app) -> None:
    app = make_app([tool_turn(("add", {"a": 1, "b": 2})), "done"])
    chat = Conversation(app.sessions, app, app.plugin_queries)
    await chat.send("look")
    roles = [m.role for m in chat.session.messages]
    assert roles == ["user", "assistant", "tool", "assistant"]

    await chat.delete(1)

    assert [m.role for m in chat.session.messages] == ["user", "assistant"]


async def next_approval(chat: Conversation) -> dict[str, Any]:
    for _ in range(500):
        if chat.awaiting_approval:
            break
        await asyncio.sleep(0.01)
    [request] = chat.pending_approvals()
    return request


def same_id_turn(*calls: tuple[str, Any], call_id: str = "call_1") -> dict[str, Any]:
    """A turn whose calls all carry `call_id`, as servers that number each turn's calls do."""
    return {
        "content": "",
        "tool_calls": [
            {"id": call_id, "name": name, "arguments": arguments} for name, arguments in calls
        ],
    }


async def test_calls_that_repeat_an_earlier_turns_id_are_told_apart(make_app) -> None:
    app = make_app(
        [
            same_id_turn(("add", {"a": 1, "b": 2})),
            "three",
            same_id_turn(("write_note", {"text": "x"})),
            "noted",
        ]
    )
    chats = Conversations(app.sessions, app, app.plugin_queries)
    app.set_approval_handler(chats.ask_approval)
    chat = chats.new()
    seen = Recorder(chat)
    first = asyncio.ensure_future(chat.send("add"))
    asked = await next_approval(chat)
    assert (asked["tool_call_id"], asked["call_key"]) == ("call_1", (1, 0))
    chat.decide(asked["call_key"], {"decision": "allow_once"})
    await asyncio.wait_for(first, 10)
    second = asyncio.ensure_future(chat.send("note"))
    asked = await next_approval(chat)
    assert asked["tool_call_id"] == "call_1"  # the model's own id, kept
    # The call is known by its message (user 0, assistant 1, tool 2, assistant 3, user 4,
    # assistant 5) and its position there, as the events and the approval say.
    assert asked["call_key"] == (5, 0)
    chat.decide((1, 0), {"decision": "deny"})  # the earlier call of that id: not waiting
    assert chat.awaiting_approval
    chat.decide(asked["call_key"], {"decision": "allow_once"})
    await asyncio.wait_for(second, 10)

    assert [event["call_key"] for event in seen.of("tool_call")] == [(1, 0), (5, 0)]
    assert [event["call_key"] for event in seen.of("tool_result")] == [(1, 0), (5, 0)]
    assert [event["message_index"] for event in seen.of("assistant")][::2] == [1, 5]
    assert [event["call_key"] for event in seen.of("approval_settled")] == [(1, 0), (5, 0)]
    # Each result went back with the id the model gave, after its own call.
    stored = app.sessions.load_session(chat.session_id).messages
    assert [(m.role, (m.metadata or {}).get("tool_call_id")) for m in stored] == [
        ("user", None),
        ("assistant", None),
        ("tool", "call_1"),
        ("assistant", None),
        ("user", None),
        ("assistant", None),
        ("tool", "call_1"),
        ("assistant", None),
    ]
    assert stored[2].metadata["name"] == "add"
    assert stored[6].metadata["name"] == "write_note"


async def test_deleting_a_turn_keeps_the_results_of_another_turns_calls_of_that_id(
    make_app,
) -> None:
    app = make_app(
        [
            same_id_turn(("add", {"a": 1, "b": 2})),
            "three",
            same_id_turn(("add", {"a": 2, "b": 2}), ("add", {"a": 3, "b": 3})),
            "four and six",
        ]
    )
    chat = Conversation(app.sessions, app, app.plugin_queries)
    await chat.send("first")
    await chat.send("second")
    roles = [m.role for m in chat.session.messages]
    assert roles[4:] == ["user", "assistant", "tool", "tool", "assistant"]

    await chat.delete(5)  # the second turn's calls (both `call_1`) and their two results

    assert [m.role for m in chat.session.messages] == [
        "user",
        "assistant",
        "tool",
        "assistant",
        "user",
        "assistant",
    ]
    assert chat.session.messages[2].metadata["tool_call_id"] == "call_1"


async def test_a_chat_waiting_for_approval_does_not_hold_up_another(make_app) -> None:
    app = make_app([tool_turn(("write_note", {"text": "x"})), "noted"])
    chats = Conversations(app.sessions, app, app.plugin_queries)
    app.set_approval_handler(chats.ask_approval)
    waiting, other = chats.new(), chats.new()
    first = asyncio.ensure_future(waiting.send("write it"))
    for _ in range(200):
        if waiting.awaiting_approval:
            break
        await asyncio.sleep(0.01)
    assert waiting.awaiting_approval
    assert waiting.busy
    assert chats.waiting_for_approval() == {waiting.session_id}

    # Streams and finishes while the first chat waits.
    await asyncio.wait_for(other.send("meanwhile", overrides={"script": ["Streamed."]}), 10)

    assert texts(other) == ["meanwhile", "Streamed."]
    assert not other.busy
    assert not other.awaiting_approval
    request = waiting.pending_approvals()[0]
    waiting.decide(request["call_key"], {"decision": "allow_once"})
    await asyncio.wait_for(first, 10)
    assert texts(waiting)[-1] == "noted"
    assert chats.waiting_for_approval() == set()


async def test_a_long_chat_opens_on_its_newest_page_and_pages_in_the_rest(make_app) -> None:
    app = make_app(["a1", "a2", "a3"])
    chat = Conversation(app.sessions, app, app.plugin_queries)
    for text in ("q1", "q2", "q3"):
        await chat.send(text)
    chats = Conversations(app.sessions, app, app.plugin_queries)
    opened = chats.open(chat.session_id, page=2)
    seen = Recorder(opened)
    assert opened.index_offset == 4
    assert texts(opened) == ["q3", "a3"]

    await opened.load_full_history()

    assert seen.of("history_prepended")[0]["count"] == 4
    assert opened.index_offset == 0
    assert len(texts(opened)) == 6


async def compacted_chat(make_app) -> tuple[AgentApplication, Conversation]:
    """user (with an image) → answer → user → tool round → answer → user → answer."""
    # Turn 0 is also the summarizer's answer (its request holds one user message).
    app = make_app(["The summary.", tool_turn(("add", {"a": 1, "b": 2})), "Seen it.", "Fine."])
    chat = Conversation(app.sessions, app, app.plugin_queries)
    record = app.sessions.assets.add_bytes(
        chat.ensure_session().session_id, PNG, "dot.png", "image/png"
    )
    await chat.send("Look at this picture", [record])  # turn 0 answers "The summary."
    await chat.send("Now read the note")  # turn 1: a tool call, then turn 2
    await chat.send("Thanks")  # turn 3
    return app, chat


async def test_compaction_with_attachments_and_tools_anywhere_and_undo(make_app) -> None:
    app, chat = await compacted_chat(make_app)
    before = texts(chat)
    assert "tool" in [m.role for m in chat.session.messages]
    seen = Recorder(chat)

    result = await chat.run_action("compact_range", {"start": 2, "end": 5})

    assert result["status"] == "ok", result
    assert "history_reset" in seen.types()
    summary = [t for t in texts(chat) if t.startswith("[Summary of")]
    assert summary
    assert "The summary." in summary[0]
    # The summary goes to the model as user text but says what it is (item 5: it was shown
    # as "You"): the core keeps the metadata the plugin gave its native message.
    summary_message = next(m for m in chat.session.messages if m.content == summary[0])
    assert summary_message.role == "user"
    assert summary_message.metadata["summary_of"] == 4
    # The attachment outside the range is still a reference to the store, not inlined data.
    first = chat.session.messages[0]
    assert first.multipart_content[0].get("asset_id")
    assert "data_url" not in first.multipart_content[0]
    assert [m.content for m in app.sessions.load_session(chat.session_id).messages] == texts(chat)

    undone = await chat.run_action("undo_compaction")

    assert undone["status"] == "ok", undone
    assert texts(chat) == before


async def test_compacting_everything_and_up_to_a_message(make_app) -> None:
    _app, chat = await compacted_chat(make_app)
    count = len(texts(chat))

    up_to = await chat.run_action("compact_up_to", {"message_index": 3})
    assert up_to["status"] == "ok", up_to
    assert len(texts(chat)) < count

    full = await chat.run_action("compact_full")
    assert full["status"] == "ok", full
    assert len(texts(chat)) == 1
    assert texts(chat)[0].startswith("[Summary of")


async def test_a_cancelled_action_frees_the_chat_and_changes_nothing(make_app) -> None:
    app = make_app([{"content": "Slow summary.", "delay": 1.5}, "a1", "a2"])
    chat = Conversation(app.sessions, app, app.plugin_queries)
    await chat.send("q1")
    await chat.send("q2")
    before = texts(chat)
    seen = Recorder(chat)

    running = asyncio.ensure_future(chat.run_action("compact_full", label="Compact full history"))
    await asyncio.sleep(0.2)
    assert chat.busy
    assert chat.action is not None
    with pytest.raises(ConversationBusy):
        await chat.send("not now")
    chat.stop()
    result = await asyncio.wait_for(running, 1)

    assert result["status"] == "cancelled"
    assert not chat.busy
    assert seen.of("action_finished")[0]["result"]["status"] == "cancelled"
    await asyncio.sleep(1.6)  # the abandoned summary arrives and is dropped
    assert texts(chat) == before
    assert [m.content for m in app.sessions.load_session(chat.session_id).messages] == before
    # Another action runs at once.
    again = await chat.run_action("compact_full")
    assert again["status"] == "ok", again


async def test_stop_keeps_the_partial_answer(make_app) -> None:
    app = make_app([{"content": "word " * 200, "delay": 0.01, "chunk_size": 5}])
    chat = Conversation(app.sessions, app, app.plugin_queries)
    seen = Recorder(chat)
    sending = asyncio.ensure_future(chat.send("talk"))
    for _ in range(300):
        if seen.of("partial"):
            break
        await asyncio.sleep(0.01)
    chat.stop()
    await asyncio.wait_for(sending, 10)

    assert "request_cancelled" in seen.types()
    assert chat.session.messages[-1].role == "assistant"
    assert (chat.session.messages[-1].metadata or {}).get("stopped")
    assert not chat.busy


async def test_versions_switch_at_once_and_are_saved_without_blocking_the_loop(make_app) -> None:
    app = make_app(["an answer"])
    chat = Conversation(app.sessions, app, app.plugin_queries)
    await chat.send("first question")
    chat.begin_edit(0)
    await chat.send("edited question")
    assert texts(chat) == ["edited question", "an answer"]

    switching = asyncio.ensure_future(chat.switch_version(0, -1))
    await asyncio.sleep(0)
    assert texts(chat) == ["first question", "an answer"]  # shown before the save finishes
    await switching

    stored = app.sessions.load_session(chat.session_id)
    assert [m.content for m in stored.messages] == ["first question", "an answer"]


async def test_chat_metadata_is_in_effect_at_once_and_then_stored(make_app) -> None:
    app = make_app(["ok"])
    chat = Conversation(app.sessions, app, app.plugin_queries)
    await chat.send("hi")

    saving = asyncio.ensure_future(chat.set_metadata("system_prompt", "Be brief."))
    await asyncio.sleep(0)
    assert chat.session.metadata["system_prompt"] == "Be brief."
    await saving

    assert app.sessions.load_session(chat.session_id).metadata["system_prompt"] == "Be brief."
    await chat.set_metadata("system_prompt", None)
    assert "system_prompt" not in app.sessions.load_session(chat.session_id).metadata


class SessionCreateHooks:
    """A feature whose `session_create` action takes `seconds` (plugin code: it may), or
    raises; and a tool whose `prepare_async` notes the loop it runs on."""

    name = "session_create_hooks"
    version = "1.0"
    seconds = 0.0
    fails = False

    def get_actions(self, state):
        return [{"id": "warm_up", "label": "Warm up", "trigger": ["session_create"]}]

    def execute_action(self, action_id, session, native_messages, params, context, state):
        import time

        if self.fails:
            raise RuntimeError("the warm-up file is missing")
        time.sleep(self.seconds)
        return {"native_messages": native_messages, "session_metadata": {"warmed": True}}


class LoopNotingTool:
    name = "loop_noting"
    version = "1.0"
    loops: ClassVar[list[asyncio.AbstractEventLoop]] = []

    def init(self, config):
        return {}

    async def prepare_async(self, config, state, *, context=None):
        self.loops.append(asyncio.get_running_loop())
        return {}

    def get_tool_schemas(self, state, *, prepared=None):
        return []


def hooked_app(tmp_path: Path, *, seconds: float = 0.0, fails: bool = False) -> AgentApplication:
    feature = type("Hooks", (SessionCreateHooks,), {"seconds": seconds, "fails": fails})
    app = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, feature, LoopNotingTool]
    )
    app.config.providers["scripted"] = ProviderConfig(provider="scripted", script=["hi"] * 3)
    app.config.agents["default"] = AgentConfig(provider="scripted")
    return app


async def test_a_slow_session_create_action_runs_off_the_loop_and_is_shared(tmp_path) -> None:
    app = hooked_app(tmp_path, seconds=2.0)
    LoopNotingTool.loops.clear()
    try:
        chat = Conversation(app.sessions, app, app.plugin_queries)
        seen = Recorder(chat)
        loop = asyncio.get_running_loop()
        longest = 0.0

        async def ticking() -> None:
            nonlocal longest
            while True:
                before = loop.time()
                await asyncio.sleep(0.01)
                longest = max(longest, loop.time() - before)

        ticker = asyncio.ensure_future(ticking())
        sending = asyncio.ensure_future(chat.send("hello"))
        await asyncio.sleep(0.1)
        # At once: the chat is stored (listed), the message shows, the chat counts as busy.
        assert [row["session_id"] for row in app.sessions.list_sessions()] == [chat.session_id]
        assert texts(chat) == ["hello"]
        assert chat.busy
        with pytest.raises(ConversationBusy):
            await chat.send("again")
        await asyncio.gather(sending, chat.aensure_session())
        ticker.cancel()

        assert texts(chat) == ["hello", "hi"]
        assert chat.session.metadata["warmed"] is True  # the action ran, once, and was kept
        assert chat.title == "hello"  # so was what the chat got meanwhile
        assert app.sessions.load_session(chat.session_id).metadata["warmed"] is True
        assert len(app.sessions.list_sessions()) == 1  # every caller got the same new chat
        assert longest < 1.5  # the 2 s action ran off the loop (on it, one stall would be 2 s)
        # Tools are prepared on the app's own loop, as for a request (not on a private loop
        # in a worker, where a plugin's servers would be bound to a loop that then closes).
        assert LoopNotingTool.loops
        assert set(LoopNotingTool.loops) == {loop}
        assert "metadata_changed" in seen.types()
    finally:
        await app.aclose()


async def test_a_failing_or_stuck_session_create_action_is_named_and_the_chat_opens(
    tmp_path,
) -> None:
    for case, app in (
        ("raises", hooked_app(tmp_path / "raises", fails=True)),
        ("blocks", hooked_app(tmp_path / "blocks", seconds=3.0)),
    ):
        app.agents.build_core().hook_time_limit = 0.5
        try:
            chat = Conversation(app.sessions, app, app.plugin_queries)
            seen = Recorder(chat)
            await chat.send("hello")

            assert texts(chat) == ["hello", "hi"], case
            # (a stuck plugin is then also named as left out of the request and the save)
            notice = seen.of("plugin_disabled")[0]
            assert notice["plugin"] == "session_create_hooks", case
            assert notice["hook"] == "execute_action", case
            assert "session_create" in notice["message"], case
            expected = "warm-up file is missing" if case == "raises" else "did not return within"
            assert expected in notice["message"], case
            assert "warmed" not in chat.session.metadata
        finally:
            await app.aclose()


async def test_a_message_stopped_while_the_new_chat_is_prepared_is_kept(tmp_path) -> None:
    app = hooked_app(tmp_path, seconds=1.0)
    try:
        chat = Conversation(app.sessions, app, app.plugin_queries)
        sending = asyncio.ensure_future(chat.send("keep me"))
        await asyncio.sleep(0.2)
        assert chat.busy  # the chat's session_create action is still running
        chat.stop()
        with pytest.raises(asyncio.CancelledError):
            await sending
        assert not chat.busy
        await chat.aensure_session()
        for _ in range(100):
            if app.sessions.load_session(chat.session_id).messages:
                break
            await asyncio.sleep(0.02)
        # Stored, as a stopped request's message is; nothing answered it.
        assert [m.content for m in app.sessions.load_session(chat.session_id).messages] == [
            "keep me"
        ]
        assert texts(chat) == ["keep me"]
    finally:
        await app.aclose()
