"""The tool loop end to end: scripted provider, real core, real store, real tool plugin."""

from __future__ import annotations

import asyncio
import enum
import json
import threading
from itertools import groupby
from pathlib import Path
from typing import Any, ClassVar

import keyring
import pytest
from tests.support.keyring_backend import MemoryKeyring
from tests.support.tool_loop_harness import (
    ApprovalDesk,
    collect,
    of_type,
    script_overrides,
    tool_turn,
    types,
    with_user_message,
)
from tests.support.workbench_tools import Workbench

import agent_core.core
from agent_app.application import AgentApplication
from agent_app.config import AgentConfig, ProviderConfig
from agent_app.paths import resolve_paths
from agent_app.secrets import SERVICE_NAME
from agent_app.store import SessionStore
from agent_app.tool_loop import _RequestRun, generic_preview, json_safe, parse_arguments
from agent_app.turn_outcome import LAST_ERROR_KEY
from agent_core import Message, Session
from agent_core.chunk_pipeline import ChunkPipeline
from agent_core.content import repair_surrogates
from scripted_provider import ScriptedProvider
from think_finish_tools import ThinkFinishTools


@pytest.fixture
async def app(tmp_path: Path):
    application = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, Workbench]
    )
    # A test plugin's read-only hint is a third party's word: the user marks `add` safe.
    application.settings.tool_approvals = {"add": "always"}
    yield application
    await application.aclose()


def workbench(app: AgentApplication) -> Workbench:
    return app.plugins.instance("workbench")


def stored_messages(app: AgentApplication, session_id: str) -> list[dict[str, Any]]:
    """The session as a fresh connection to the database file sees it."""
    store = SessionStore(app.paths.database_path)
    try:
        return [message.to_dict() for message in store.load_session(session_id).messages]
    finally:
        store.close()


async def test_multi_step_loop_events_and_persistence(app: AgentApplication) -> None:
    desk = ApprovalDesk("allow_once")
    app.set_approval_handler(desk)
    session = with_user_message(app.sessions.create_session(), "add then note")
    script = [
        tool_turn(("add", {"a": 2, "b": 3}), content="Adding."),
        tool_turn(("write_note", {"text": "sum is 5"})),
        "All done: 5.",
    ]

    events = await collect(app, session, script)

    # A partial is the answer so far: of the provider's partials (3, 2 and 3 here; the scripted
    # provider repeats the text on its tool-call chunks, a tool-call-only turn streams empty
    # text) those ready at once are shown as their last, so each turn shows one to all of them.
    runs = [len(list(run)) for kind, run in groupby(types(events)) if kind == "partial"]
    assert [kind for kind, _run in groupby(types(events))] == [
        "request_started",
        "partial",
        "assistant",
        "tool_call",
        "tool_started",
        "tool_result",
        "partial",
        "assistant",
        "tool_call",
        "tool_approval_required",
        "tool_started",
        "tool_result",
        "partial",
        "assistant",
        "request_completed",
    ]
    assert all(1 <= shown <= made for shown, made in zip(runs, (3, 2, 3), strict=True))
    # The last partial of each turn shows its whole text so far.
    last_partials = [
        events[index - 1]["message"]["content"]
        for index, event in enumerate(events)
        if event["type"] == "assistant"
    ]
    assert last_partials == ["Adding.", "", "All done: 5."]
    request_id = events[0]["request_id"]
    assert all(e["request_id"] == request_id for e in events)
    assert all(e["session_id"] == session.session_id for e in events)

    add_call, note_call = of_type(events, "tool_call")
    assert add_call["tool_name"] == "add"
    assert add_call["arguments"] == {"a": 2, "b": 3}
    assert add_call["preview"] == "add(a=2, b=3)"  # the tool gives none: generic summary
    assert add_call["annotations"]["readOnlyHint"] is True
    assert note_call["preview"] == "Write note: sum is 5"
    assert note_call["annotations"] == {"destructiveHint": False}
    # Which call: the assistant message's index in the session (user 0, assistant 1, tool 2,
    # assistant 3) and the call's position in it.
    assert (add_call["call_key"], note_call["call_key"]) == ((1, 0), (3, 0))
    [approval] = of_type(events, "tool_approval_required")
    assert approval["tool_call_id"] == note_call["tool_call_id"]
    assert desk.requests == [
        {
            "request_id": request_id,
            "session_id": session.session_id,
            "tool_call_id": note_call["tool_call_id"],
            "call_key": (3, 0),
            "tool_name": "write_note",
            "arguments": {"text": "sum is 5"},
            "preview": "Write note: sum is 5",
            "annotations": {"destructiveHint": False},
            "destructive": False,
            "open_world": False,
            "mcp_server": None,
            "tool_description": "write_note",  # a third party's words, shown as such
            "changed_since_approval": False,
            "suggested_rule": None,
        }
    ]
    add_result, note_result = of_type(events, "tool_result")
    assert add_result["message"]["content"] == "Result: 5"
    assert add_result["message"]["metadata"]["is_error"] is False
    assert add_result["message"]["metadata"]["display"]["single_line"] == "Result: 5"
    assert note_result["message"]["content"] == "Result: noted (1 notes)"
    assert workbench(app).notes == ["sum is 5"]

    final_session = events[-1]["session"]
    stored = stored_messages(app, session.session_id)
    assert [m["role"] for m in stored] == [
        "user", "assistant", "tool", "assistant", "tool", "assistant",
    ]  # fmt: skip
    # How long each call ran is kept with its result: the chat shows it after a reload too.
    for tool in (stored[2], stored[4]):
        assert 0 <= tool["metadata"]["duration_seconds"] < 60
    assert stored == [m.to_dict() for m in final_session.messages]
    assert stored[1]["metadata"]["tool_call_previews"] == [
        {"tool_call_id": add_call["tool_call_id"], "tool_name": "add", "preview": "add(a=2, b=3)"}
    ]
    assert stored[5]["content"] == "All done: 5."
    assert app.sessions.store.load_draft(session.session_id) is None


async def test_a_long_answer_is_shown_once_per_batch_of_chunks_not_once_per_chunk(
    app: AgentApplication,
) -> None:
    """A partial is the answer so far: of those ready at once only the last is shown, so the
    window's consumers run per batch (the scripted stream waits on the loop between chunks,
    like a socket)."""
    session = with_user_message(app.sessions.create_session(), "write a lot")
    answer = "x" * 2000

    events = await collect(app, session, [{"content": answer, "chunk_size": 1}])

    partials = of_type(events, "partial")
    assert 1 <= len(partials) <= len(answer) / 2
    texts = [partial["message"]["content"] for partial in partials]
    assert texts == sorted(texts, key=len)  # each shows more of the answer, in order
    assert texts[-1] == answer
    assert of_type(events, "assistant")[0]["message"]["content"] == answer


async def test_a_turn_asks_the_core_for_no_event_of_a_superseded_partial(
    app: AgentApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The core makes and hands out, of a run of partials ready at once, the last one only
    (the one the loop shows), and so may read the stream far ahead of the window."""
    pipelines: list[ChunkPipeline[Any]] = []

    class NotedPipeline(ChunkPipeline[Any]):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            pipelines.append(self)

    monkeypatch.setattr(agent_core.core, "ChunkPipeline", NotedPipeline)
    session = with_user_message(app.sessions.create_session(), "write a lot")

    events = await collect(app, session, [{"content": "x" * 300, "chunk_size": 1}])

    assert of_type(events, "assistant")[0]["message"]["content"] == "x" * 300
    assert len(pipelines) == 1
    assert pipelines[0]._supersedes is not None


async def test_each_message_is_committed_before_its_event(app: AgentApplication) -> None:
    session = with_user_message(app.sessions.create_session(), "count")
    script = [tool_turn(("add", {"a": 1, "b": 1})), "two"]
    checked = []

    async for event in app.send_request(session, script_overrides(script)):
        if event["type"] == "partial":
            # The user's message is stored before the provider streams anything.
            assert stored_messages(app, session.session_id)[0]["content"] == "count"
        if event["type"] in ("assistant", "tool_result"):
            assert event["message"] in stored_messages(app, session.session_id)
            checked.append(event["message"]["role"])

    assert checked == ["assistant", "tool", "assistant"]


async def test_draft_checkpoint_while_streaming(app: AgentApplication) -> None:
    session = with_user_message(app.sessions.create_session(), "stream")
    script = [{"content": "a long answer " * 4, "chunk_size": 4, "delay": 0.01}]
    drafts = []

    async for event in app.send_request(session, script_overrides(script)):
        if event["type"] == "partial":
            drafts.append(app.sessions.store.load_draft(session.session_id))

    # The first partial is checkpointed at once, later ones at most about once a second.
    assert drafts[0] == {"role": "assistant", "content": "a lo"}  # the partial as-is
    # (The provider's closing partial may be read after the answer was stored, draft cleared.)
    kept = [draft for draft in drafts if draft is not None]
    assert all(draft == drafts[0] for draft in kept)
    assert drafts[len(kept) :] == [None] * (len(drafts) - len(kept))
    assert len(drafts) > 5
    assert app.sessions.store.load_draft(session.session_id) is None


async def test_a_finished_turn_is_stored_in_one_trip_off_the_loop(
    app: AgentApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each trip off the loop costs a thread hand-off (milliseconds on a busy machine), and a
    tool loop makes one set per round: the checkpoint is cleared and the tool calls described on
    the trip that stores the answer. The commits take the runner's lean trips (off_loop.py),
    not `asyncio.to_thread`'s."""
    trips: list[str] = []
    commits: list[str] = []
    to_thread = asyncio.to_thread
    commit_trip = app.tool_loop.commits.run

    async def counted(function: Any, /, *args: Any, **kwargs: Any) -> Any:
        trips.append(getattr(function, "__name__", repr(function)))
        return await to_thread(function, *args, **kwargs)

    async def counted_commit(function: Any, /, *args: Any) -> Any:
        commits.append(getattr(function, "__name__", repr(function)))
        return await commit_trip(function, *args)

    monkeypatch.setattr(asyncio, "to_thread", counted)
    monkeypatch.setattr(app.tool_loop.commits, "run", counted_commit)
    session = with_user_message(app.sessions.create_session(), "go")
    script = [tool_turn(("add", {"a": 1, "b": 2})), "done"]

    events = await collect(app, session, script)

    assert types(events)[-1] == "request_completed"
    assert not {"clear_draft", "_catalog_facts", "_store_message"} & set(trips)
    assert commits.count("_store_message") + commits.count("described_and_stored") == 3
    assert len(commits) == 3
    assert app.sessions.store.load_draft(session.session_id) is None
    assert [m.role for m in app.sessions.load_session(session.session_id).messages] == [
        "user",
        "assistant",
        "tool",
        "assistant",
    ]


async def test_the_loop_never_waits_for_the_store_while_answers_stream(
    app: AgentApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another chat's commit holds the store's lock for as long as a 5 MB answer takes to
    encode: a store call on the loop would freeze every chat and the window meanwhile."""
    loop_thread = threading.get_ident()
    on_the_loop: list[str] = []
    for name in ("save_session", "append_message", "save_draft", "clear_draft"):
        original = getattr(app.sessions.store, name)

        def watched(*args: Any, _original: Any = original, _name: str = name, **kw: Any) -> Any:
            if threading.get_ident() == loop_thread:
                on_the_loop.append(_name)
            return _original(*args, **kw)

        monkeypatch.setattr(app.sessions.store, name, watched)
    session = with_user_message(app.sessions.create_session(), "stream")
    script = [{"content": "an answer " * 4, "chunk_size": 4}]
    events = await collect(app, session, script)
    assert stored_messages(app, session.session_id)[-1]["content"] == "an answer " * 4
    assert "partial" in types(events)
    assert on_the_loop == []


async def test_malformed_arguments_go_back_to_the_model(app: AgentApplication) -> None:
    app.set_approval_handler(ApprovalDesk("deny"))  # must not even be asked
    session = with_user_message(app.sessions.create_session(), "broken json")
    script = [tool_turn(("write_note", '{"text": "unterminated')), "Sorry, fixed."]

    events = await collect(app, session, script)

    [call] = of_type(events, "tool_call")
    assert call["arguments"] == '{"text": "unterminated'
    assert "tool_approval_required" not in types(events)
    [result] = of_type(events, "tool_result")
    assert result["message"]["metadata"]["is_error"] is True
    assert "was not run because" in result["message"]["content"]
    assert "JSON object" in result["message"]["content"]
    assert of_type(events, "assistant")[-1]["message"]["content"] == "Sorry, fixed."
    assert types(events)[-1] == "request_completed"
    assert workbench(app).notes == []


async def test_unknown_tool_is_an_error_result_and_the_loop_goes_on(
    app: AgentApplication,
) -> None:
    session = with_user_message(app.sessions.create_session(), "unknown")
    script = [tool_turn(("teleport", {"to": "mars"})), "I cannot teleport."]

    events = await collect(app, session, script)

    [result] = of_type(events, "tool_result")
    content = result["message"]["content"]
    assert "there is no tool named 'teleport'" in content
    assert "add" in content  # the model is told what exists
    assert result["message"]["metadata"]["is_error"] is True
    assert of_type(events, "assistant")[-1]["message"]["content"] == "I cannot teleport."


async def test_tool_that_raises(app: AgentApplication) -> None:
    app.set_approval_handler(ApprovalDesk("allow_once"))
    session = with_user_message(app.sessions.create_session(), "explode")

    events = await collect(app, session, [tool_turn(("explode", {})), "It broke."])

    [result] = of_type(events, "tool_result")
    metadata = result["message"]["metadata"]
    assert metadata["is_error"] is True
    assert "kaboom: the workbench caught fire" in result["message"]["content"]
    assert metadata["error"]["plugin"] == "workbench"
    assert types(events)[-2:] == ["assistant", "request_completed"]


async def test_hanging_async_tool_times_out(app: AgentApplication) -> None:
    app.settings.tool_timeout_seconds = 0.2
    app.set_approval_handler(ApprovalDesk("allow_once"))
    session = with_user_message(app.sessions.create_session(), "hang")

    events = await collect(app, session, [tool_turn(("hang", {})), "Gave up."])

    [result] = of_type(events, "tool_result")
    assert result["message"]["content"].startswith(
        "The tool 'hang' did not finish within 0.2 seconds and was stopped."
    )
    assert result["message"]["metadata"]["is_error"] is True
    assert result["message"]["metadata"]["timed_out"] is True
    assert workbench(app).events == ["hang started", "hang cancelled"]
    assert of_type(events, "assistant")[-1]["message"]["content"] == "Gave up."


async def test_blocking_tool_in_a_thread_gets_the_cancellation_token_on_timeout(
    app: AgentApplication,
) -> None:
    app.settings.tool_timeout_seconds = 0.2
    app.set_approval_handler(ApprovalDesk("allow_once"))
    session = with_user_message(app.sessions.create_session(), "block")

    events = await collect(app, session, [tool_turn(("wait_for_cancel", {})), "ok"])

    assert of_type(events, "tool_result")[0]["message"]["metadata"]["timed_out"] is True
    assert workbench(app).token_was_set.wait(5)


async def test_non_json_result_is_stored_readably(app: AgentApplication) -> None:
    app.set_approval_handler(ApprovalDesk("allow_once"))
    session = with_user_message(app.sessions.create_session(), "odd")

    events = await collect(app, session, [tool_turn(("odd_result", {})), "fine"])

    [result] = of_type(events, "tool_result")
    assert result["message"]["content"] == {"type": "odd", "value": "<Unserializable thing>"}
    stored = stored_messages(app, session.session_id)
    assert stored[2]["content"] == {"type": "odd", "value": "<Unserializable thing>"}
    assert types(events)[-1] == "request_completed"


async def test_iteration_limit(app: AgentApplication) -> None:
    app.settings.max_tool_iterations = 2
    session = with_user_message(app.sessions.create_session(), "loop forever")
    script = [tool_turn(("add", {"a": n, "b": 1})) for n in range(5)]

    events = await collect(app, session, script)

    assert len(of_type(events, "tool_result")) == 2
    error = of_type(events, "error")[0]["error"]
    assert error["type"] == "tool_iteration_limit"
    assert "Stopped after 2 rounds of tool calls" in error["message"]
    assert types(events)[-2:] == ["error", "request_completed"]
    roles = [m["role"] for m in stored_messages(app, session.session_id)]
    assert roles == ["user", "assistant", "tool", "assistant", "tool"]


async def test_a_call_failing_again_with_the_same_arguments_stops_the_loop_once(
    app: AgentApplication,
) -> None:
    # Seen walking the app: a model repeating one failing call filled the chat with 25
    # identical rows before the round limit stopped it.
    session = with_user_message(app.sessions.create_session(), "add one")
    script = [tool_turn(("add", {"a": 1})) for _ in range(25)]  # "b" is missing: it fails

    events = await collect(app, session, script)

    assert len(of_type(events, "tool_result")) == 2
    [error] = [event["error"] for event in of_type(events, "error")]
    assert error["type"] == "repeated_tool_failure"
    assert error["message"].startswith("The tool 'add' failed again with the same arguments")
    assert types(events)[-2:] == ["error", "request_completed"]
    stored = stored_messages(app, session.session_id)
    assert [m["role"] for m in stored] == ["user", "assistant", "tool", "assistant", "tool"]
    assert error["message"] not in str(stored[2]["content"])
    assert str(stored[4]["content"]).endswith(error["message"])  # the model reads it too


async def test_a_failing_call_with_new_arguments_is_no_repetition(app: AgentApplication) -> None:
    app.settings.max_tool_iterations = 3
    session = with_user_message(app.sessions.create_session(), "add")
    script = [tool_turn(("add", {"a": n})) for n in range(5)]

    events = await collect(app, session, script)

    assert len(of_type(events, "tool_result")) == 3
    assert [e["error"]["type"] for e in of_type(events, "error")] == ["tool_iteration_limit"]


async def test_provider_error_keeps_the_partial_and_the_session(app: AgentApplication) -> None:
    session = with_user_message(app.sessions.create_session(), "fail")
    script = [{"content": "Half an answ", "chunk_size": 4, "error": "connection reset"}]

    events = await collect(app, session, script)

    [error] = of_type(events, "error")
    assert "connection reset" in error["error"]["message"]
    assert error["error"]["plugin"] == "scripted"
    assert types(events)[-1] == "request_completed"
    stored = stored_messages(app, session.session_id)
    assert stored[-1]["content"] == "Half an answ"
    assert stored[-1]["metadata"]["incomplete"] is True
    assert app.sessions.store.load_draft(session.session_id) is None


async def test_streaming_tool_parts_and_stream_false(app: AgentApplication) -> None:
    app.set_approval_handler(ApprovalDesk("allow_session"))
    session = with_user_message(app.sessions.create_session(), "count")
    script = [tool_turn(("count_slowly", {"upto": 3})), "Counted.", tool_turn(("count_slowly", {}))]

    events = await collect(app, session, script)

    parts = of_type(events, "tool_partial")
    assert [part["part"]["text"] for part in parts] == ["0\n", "1\n", "2\n"]
    assert types(events).index("tool_started") < types(events).index("tool_partial")
    assert of_type(events, "tool_result")[0]["message"]["content"] == "Result: counted"

    quiet = await collect(
        app, with_user_message(events[-1]["session"], "again"), script, stream=False
    )
    assert "partial" not in types(quiet)
    assert "tool_partial" not in types(quiet)
    assert of_type(quiet, "tool_result")[0]["message"]["content"] == "Result: counted"


async def test_session_overrides_only_tune_the_model_never_reroute(app: AgentApplication) -> None:
    app.config.agents["default"].provider = None
    session = app.sessions.create_session()
    session = with_user_message(session, "hello")
    session.metadata["config_overrides"] = {
        "provider": "scripted",
        "script": ["from session"],
        "model": "tuned-by-chat",
    }

    events = [event async for event in app.send_request(session, {"provider": "scripted"})]

    # `provider` and `script` from the chat are refused; the chat's model choice is kept.
    assert of_type(events, "assistant")[0]["message"]["content"] == "Echo: hello"
    assert of_type(events, "assistant")[0]["message"]["metadata"].get("model") in (
        None,
        "tuned-by-chat",
    )


def test_generic_preview_and_argument_parsing() -> None:
    long_text = "x" * 300
    preview = generic_preview("write", {"path": "a.txt", "text": long_text})

    assert preview.startswith('write(path="a.txt", text="xxx')
    assert preview.endswith("…)")
    assert len(preview) < 120
    assert generic_preview("run", "raw text\nwith lines") == "run(raw text with lines)"
    assert parse_arguments({"function": {"arguments": '{"a": 1}'}}) == {"a": 1}
    assert parse_arguments({"function": {"arguments": ""}}) == {}
    assert parse_arguments({"function": {"arguments": "[1, 2]"}}) == "[1, 2]"
    assert parse_arguments({"function": {"arguments": "{bad"}}) == "{bad"
    assert json.loads(json.dumps(parse_arguments({"function": {"arguments": {"k": 2}}}))) == {
        "k": 2
    }


class RecordingProvider(ScriptedProvider):
    """The scripted provider, keeping the core messages it was asked to convert."""

    name = "recording"
    seen: ClassVar[list[list[dict[str, Any]]]] = []

    def to_native_messages(self, messages: list[dict[str, Any]], state: Any, **kwargs: Any):
        RecordingProvider.seen.append(messages)
        return super().to_native_messages(messages, state, **kwargs)


async def test_attachments_are_inlined_for_the_provider_only(tmp_path: Path) -> None:
    app = AgentApplication(resolve_paths(tmp_path / "home"), plugins=[RecordingProvider])
    try:
        session = app.sessions.create_session()
        image = app.sessions.assets.add_bytes(
            session.session_id, b"\x89PNG\r\n\x1a\nfake", "dot.png"
        )
        notes = app.sessions.assets.add_bytes(session.session_id, b"remember the milk", "notes.txt")
        parts = [
            {
                "type": "image",
                "asset_id": image["asset_id"],
                "name": "dot.png",
                "mime": "image/png",
            },
            {
                "type": "file",
                "asset_id": notes["asset_id"],
                "name": "notes.txt",
                "mime": "text/plain",
            },
        ]
        user = Message("user", "look", multipart_content=parts)
        session = Session(session.session_id, [user], dict(session.metadata))
        RecordingProvider.seen.clear()

        events = [
            event
            async for event in app.send_request(
                session, {"provider": "recording", "script": ["ok"]}
            )
        ]

        [sent] = RecordingProvider.seen[-1][:1]
        image_part, text_part = sent["multipartContent"]
        assert image_part["data_url"].startswith("data:image/png;base64,")
        assert text_part["text"] == "remember the milk"
        stored = app.sessions.load_session(session.session_id).messages[0].to_dict()
        assert stored["multipartContent"] == parts  # the store keeps references, not bytes
        assert events[-1]["session"].messages[0].multipart_content == parts
    finally:
        await app.aclose()


async def test_a_successful_finish_call_ends_the_loop(tmp_path: Path) -> None:
    app = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, ThinkFinishTools]
    )
    script = [
        tool_turn(("finish", {})),  # invalid: the model is told and tries again
        tool_turn(("finish", {"message": "All set."})),
        "never played",
    ]
    try:
        events = await collect(app, with_user_message(app.sessions.create_session(), "go"), script)
    finally:
        await app.aclose()

    failed, finished = of_type(events, "tool_result")
    assert failed["message"]["metadata"]["is_error"] is True
    assert finished["message"]["metadata"]["display"]["single_line"] == "Finished: All set."
    assert types(events)[-2:] == ["tool_result", "request_completed"]
    assert len(of_type(events, "assistant")) == 2


async def test_a_second_request_in_a_busy_session_is_refused(app: AgentApplication) -> None:
    app.set_approval_handler(ApprovalDesk("allow_once"))
    session = with_user_message(app.sessions.create_session(), "hang")
    first = app.send_request(session, script_overrides([tool_turn(("hang", {}))]))
    async for event in first:
        if event["type"] == "tool_started":
            break

    second = await collect(app, with_user_message(session, "hello?"), ["hi"])

    assert types(second) == ["request_started", "error", "request_completed"]
    assert second[1]["error"]["type"] == "request_in_progress"
    assert second[-1]["session"].messages[-1].content == "hello?"
    await first.aclose()  # walking away stops the first request
    assert app.tool_loop.active_request_ids == []
    stored = app.sessions.load_session(session.session_id).messages
    assert [m.role for m in stored] == ["user", "assistant", "tool"]


def test_json_safe_gives_what_json_would_read_back_and_keeps_a_giant_text_as_it_is() -> None:
    class Level(enum.IntEnum):
        HIGH = 3

    class Name(str):
        pass

    value = {
        "list": [1, 2.5, True, None, (1, 2)],
        1: "int key",
        None: "none key",
        False: "bool key",
        1.5: "float key",
        "enum": Level.HIGH,
        "subclass": Name("hi"),
        "set": {1},
        "bytes": [{"z": b"raw"}],
        "emoji split in two": "\ud83d\ude00 and a lone \ud83d",
    }
    through_json = json.loads(
        repair_surrogates(json.dumps(value, ensure_ascii=False, default=repr))
    )
    assert json_safe(value) == through_json
    assert json.dumps(json_safe(value)) == json.dumps(through_json)
    giant = "word " * 1_000_000
    assert json_safe({"content": giant})["content"] is giant  # not copied
    with pytest.raises(TypeError):
        json_safe({(1, 2): "a tuple key"})


class ThreadNotingKeyring(MemoryKeyring):
    """The in-process keyring, noting the thread of each read."""

    def __init__(self) -> None:
        super().__init__()
        self.read_on: list[str] = []

    def get_password(self, service: str, username: str) -> str | None:
        self.read_on.append(threading.current_thread().name)
        return super().get_password(service, username)


async def test_a_request_reads_the_keyring_off_the_loops_thread(tmp_path: Path) -> None:
    # The first read may import the keyring library, wake its service over D-Bus or wait for
    # the user to unlock it: on the loop's thread the window would freeze meanwhile.
    backend = ThreadNotingKeyring()
    backend.secrets[(SERVICE_NAME, "providers.offline.api_key")] = "sk-held-in-the-keyring-1"
    keyring.set_keyring(backend)  # the suite's keyring fixture puts its own back afterwards
    application = AgentApplication(resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider])
    application.config.providers["offline"] = ProviderConfig(
        provider="scripted", api_key="${keyring:providers.offline.api_key}"
    )
    application.config.agents["default"] = AgentConfig(provider="offline")
    try:
        # A chat kept from an earlier run, asked again after a restart.
        session = with_user_message(application.sessions.store_new_session(), "hello")
        events = await collect(application, session, ["Hello there."])
        assert of_type(events, "assistant")[0]["message"]["content"] == "Hello there."
        assert backend.read_on  # the key was read from the keyring…
        assert threading.current_thread().name not in backend.read_on  # …never on the loop's
    finally:
        await application.aclose()


class CatalogCounter(Workbench):
    """The workbench, counting its `init` calls: one per tool catalog the core builds."""

    name = "workbench"

    def __init__(self) -> None:
        super().__init__()
        self.catalogs = 0

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        self.catalogs += 1
        return super().init(config)


async def test_a_tool_round_builds_the_tool_catalog_once_per_core_call(tmp_path: Path) -> None:
    """Each round asks the tools for their catalog twice: for the provider's turn, and for the
    calls' previews and facts together, the catalog the call then runs from (nobody was asked
    meanwhile). A round built a third one to run the call."""
    application = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, CatalogCounter]
    )
    application.settings.tool_approvals = {"add": "always"}
    rounds = 3
    script = [*(tool_turn(("add", {"a": n, "b": 1})) for n in range(rounds)), "done"]
    try:
        events = await collect(
            application, with_user_message(application.sessions.create_session(), "go"), script
        )
        counter = application.plugins.instance("workbench")
        results = [event["message"]["content"] for event in of_type(events, "tool_result")]
        assert results == ["Result: 1", "Result: 2", "Result: 3"]
        assert counter.catalogs == 2 * rounds + 1  # and the last turn's, which calls nothing
    finally:
        await application.aclose()


async def test_tool_rounds_resolve_the_request_config_again_only_when_settings_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Resolving copies the whole config: a round reuses the last round's unless the settings
    were applied anew meanwhile (here while the user answers the second call's approval)."""
    application = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, Workbench]
    )
    configuration = application.configuration
    resolved: list[dict[str, Any]] = []
    resolve = configuration.resolve_request_config

    def counted(*args: Any, **kwargs: Any) -> dict[str, Any]:
        config = resolve(*args, **kwargs)
        resolved.append(config)
        return config

    monkeypatch.setattr(configuration, "resolve_request_config", counted)
    asked = 0

    async def approve(request: dict[str, Any]) -> dict[str, Any]:
        nonlocal asked
        asked += 1
        if asked == 2:  # settings applied while the loop runs: a new configuration
            configuration.config = configuration.config.model_copy(deep=True)
        return {"decision": "allow_once", "reason": None}

    application.set_approval_handler(approve)
    script = [*(tool_turn(("write_note", {"text": f"note {n}"})) for n in range(4)), "done"]
    try:
        events = await collect(
            application, with_user_message(application.sessions.create_session(), "go"), script
        )
        assert types(events)[-1] == "request_completed"
        assert len(of_type(events, "tool_result")) == 4
        # Rounds 1-2 share one config; the settings changed during round 2's call, so round 3
        # resolves anew, and rounds 3-5 share that one. (The configs of the turns carry the
        # request's script; the others are for the chat's actions and the tool servers.)
        rounds = [config for config in resolved if "script" in config]
        assert len(rounds) == 2
        assert rounds[0] is not rounds[1]
    finally:
        await application.aclose()


async def test_a_tool_round_commits_its_two_messages_and_nothing_else(
    app: AgentApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every commit is a trip through SQLite's log: a round stores the answer that calls the
    tool and the tool's result, each once, the streaming checkpoint cleared with the answer.
    A turn with no text yet leaves no checkpoint (a recovery would drop it)."""
    store = app.sessions.store
    writes: list[str] = []
    write = store._write

    def counted(what: str = "the change", **options: Any) -> Any:
        writes.append(what)
        return write(what, **options)

    monkeypatch.setattr(store, "_write", counted)
    statements: list[str] = []
    rounds = 3
    session = with_user_message(app.sessions.create_session(), "go")
    script = [*(tool_turn(("add", {"a": n, "b": 1})) for n in range(rounds)), "done"]
    writes.clear()  # creating the chat is not the request's
    for connection in (store._connection, store._short_append_connection()):
        connection.set_trace_callback(statements.append)

    events = await collect(app, session, script)

    # A commit clears the checkpoint only when there may be one (the first turn's, for one left
    # from before the request, and the last's, which had text), and no task note was kept.
    assert sum("DELETE FROM drafts" in statement for statement in statements) == 2
    assert not any("DELETE FROM tool_tasks" in statement for statement in statements)

    assert [event["message"]["content"] for event in of_type(events, "tool_result")] == [
        "Result: 1",
        "Result: 2",
        "Result: 3",
    ]
    # The chat as sent, 2 messages per round, the last answer (and its checkpoint: it has text).
    assert writes.count("the message") == 2 * rounds + 1
    assert writes.count("the partial answer") == 1
    assert len(writes) == 1 + 2 * rounds + 1 + 1
    assert app.sessions.store.load_draft(session.session_id) is None
    assert [m.role for m in app.sessions.load_session(session.session_id).messages] == [
        "user",
        *(["assistant", "tool"] * rounds),
        "assistant",
    ]


async def test_a_tool_rounds_commits_write_no_search_index_yet_search_finds_every_result(
    app: AgentApplication,
) -> None:
    """A round's commits leave their short messages queued for the search index, indexed
    together by a later write (here the last answer's checkpoint), once the writes pause or
    before a search looks: two transactions write the index, the chat as sent and that batch,
    not every commit; a search right after the request finds every tool result."""
    store = app.sessions.store
    rounds = 3
    session = with_user_message(app.sessions.create_session(), "go")
    script = [*(tool_turn(("add", {"a": n, "b": 1})) for n in range(rounds)), "done"]
    statements: list[str] = []
    for connection in (store._connection, store._short_append_connection()):
        connection.set_trace_callback(statements.append)

    await collect(app, session, script)

    transactions = "\n".join(statements).split("BEGIN IMMEDIATE")
    indexing = [text for text in transactions if "INSERT INTO message_search" in text]
    assert len(transactions) > 2 * rounds
    assert len(indexing) == 2
    found = app.sessions.search_sessions("Result")
    assert sorted(result["message_index"] for result in found) == [2, 4, 6]


async def test_a_failure_is_still_kept_with_the_chat_when_nothing_else_is_saved_at_the_end(
    app: AgentApplication,
) -> None:
    """The end of a request writes the chat only when something changed since it was stored:
    the failure shown under the last turn is such a change."""
    session = with_user_message(app.sessions.create_session(), "fail")

    await collect(app, session, [{"content": "Half", "error": "connection reset"}])

    stored = app.sessions.load_session(session.session_id)
    assert "connection reset" in json.dumps(stored.metadata[LAST_ERROR_KEY])
    assert stored.messages[-1].metadata["incomplete"] is True


class ChatReader:
    """A tool plugin whose `read_chat` tool records the conversation its context gives it."""

    name = "chat_reader"
    version = "1.0.0"

    def __init__(self) -> None:
        self.seen: list[list[dict[str, Any]]] = []

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {}

    def get_tool_schemas(self, state: dict[str, Any], *, prepared: Any = None) -> list[dict]:
        read_only = {"readOnlyHint": True, "destructiveHint": False, "openWorldHint": False}
        return [
            {
                "type": "function",
                "function": {"name": "read_chat", "parameters": {"type": "object"}},
                "annotations": read_only,
            }
        ]

    def execute_tool(self, tool_name, payload, state, *, context=None, **_):
        self.seen.append(context["session"]["messages"])
        return {"success": True, "result": f"read {len(context['session']['messages'])}"}


async def test_each_tool_call_reads_the_conversation_so_far_each_message_copied_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tool's context holds the conversation so far as dicts; a loop of many rounds made each
    call a copy of the whole conversation (its length times the rounds in all): each message is
    copied once a request now."""
    application = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, ChatReader]
    )
    application.settings.tool_approvals = {"read_chat": "always"}
    copies = 0
    building = False
    to_dict, session_dict = Message.to_dict, _RequestRun._session_dict

    def counted(message: Message) -> dict[str, Any]:
        nonlocal copies
        copies += building
        return to_dict(message)

    def watched(run: _RequestRun) -> Any:
        nonlocal building
        building = True
        try:
            return session_dict(run)
        finally:
            building = False

    monkeypatch.setattr(Message, "to_dict", counted)
    monkeypatch.setattr(_RequestRun, "_session_dict", watched)
    rounds = 4
    script = [*(tool_turn(("read_chat", {})) for _ in range(rounds)), "done"]
    try:
        session = with_user_message(application.sessions.create_session(), "go")
        events = await collect(application, session, script)
        reader = application.plugins.instance("chat_reader")
        # Each call sees every message before it: the user's, then each round's call and result.
        assert [len(messages) for messages in reader.seen] == [2, 4, 6, 8]
        final = events[-1]["session"]
        assert reader.seen[-1] == [message.to_dict() for message in final.messages[:8]]
        assert copies <= 2 * rounds  # the 2 messages of each round, not 2 + 4 + 6 + 8
    finally:
        await application.aclose()


async def test_a_tool_round_builds_the_application_context_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The application's layered context was built three times a round: for the provider's
    turn, for the previews' catalog and for the call. It depends only on the round's agent
    config and the application, so it is built once a round; what the tools read of the
    conversation is still made when each preview and call runs."""
    application = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, ChatReader]
    )
    application.settings.tool_approvals = {"read_chat": "always"}
    built = 0
    build_context = application.agents.build_context

    def counted(*args: Any, **kwargs: Any) -> dict[str, Any]:
        nonlocal built
        built += 1
        return build_context(*args, **kwargs)

    rounds = 3
    script = [*(tool_turn(("read_chat", {})) for _ in range(rounds)), "done"]
    try:
        session = with_user_message(application.sessions.create_session(), "go")
        monkeypatch.setattr(application.agents, "build_context", counted)
        events = await collect(application, session, script)
        assert types(events)[-1] == "request_completed"
        # And the last turn's (it calls nothing), and the save's at the end (its actions).
        assert built == rounds + 2
        assert [len(messages) for messages in application.plugins.instance("chat_reader").seen] == [
            2,
            4,
            6,
        ]
    finally:
        await application.aclose()


async def test_a_call_asked_about_reads_the_conversation_as_it_is_when_it_runs(
    tmp_path: Path,
) -> None:
    """The round's context is built once, before the user is asked: the second call of a turn,
    approved after the first ran, still reads the first call's result, and each call gets the
    application's layers (its `app`, the agent's config)."""
    application = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, LayerReader]
    )
    desk = ApprovalDesk("allow_once")
    application.set_approval_handler(desk)
    script = [tool_turn(("read_chat", {}), ("read_chat", {})), "done"]
    try:
        session = with_user_message(application.sessions.create_session(), "go")
        events = await collect(application, session, script)
        assert len(desk.requests) == 2  # the user was asked before each call
        reader = application.plugins.instance("layer_reader")
        assert [[m["role"] for m in messages] for messages in reader.seen] == [
            ["user", "assistant"],
            ["user", "assistant", "tool"],
        ]
        assert reader.seen[1][2]["content"] == "Result: read 2"
        assert reader.layers == [(application, "default")] * 2
        assert types(events)[-1] == "request_completed"
    finally:
        await application.aclose()


class LayerReader(ChatReader):
    """`read_chat`, also recording the application and the agent its context names."""

    name = "layer_reader"

    def __init__(self) -> None:
        super().__init__()
        self.layers: list[tuple[Any, Any]] = []

    def execute_tool(self, tool_name, payload, state, *, context=None, **_):
        self.layers.append((context["app"], context["base_config"].get("agent_id")))
        return super().execute_tool(tool_name, payload, state, context=context)
