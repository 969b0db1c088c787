"""Message / Session dict round trips and shape checks; protocol defaults; hook adapters."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent_core import (
    AgentCore,
    FeaturePlugin,
    Message,
    ProviderPlugin,
    ProviderRequestCancelled,
    Session,
    ToolPlugin,
)
from agent_core.hooks import adapt
from agent_core.types import copy_data

json_scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=8)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3)
    ),
    max_leaves=10,
)
json_objects = st.dictionaries(st.text(max_size=6), json_values, min_size=1, max_size=4)
messages = st.builds(
    Message,
    role=st.sampled_from(["system", "user", "assistant", "tool"]),
    content=json_values,
    metadata=st.none() | json_objects,
    multipart_content=st.none() | st.lists(json_objects, min_size=1, max_size=3),
    tool_result=st.none() | json_objects,
)
sessions = st.builds(
    Session,
    session_id=st.text(min_size=1, max_size=12),
    messages=st.lists(messages, max_size=5),
    metadata=st.dictionaries(st.text(max_size=6), json_values, max_size=4),
)


@settings(max_examples=40, deadline=None)
@given(message=messages)
def test_message_dicts_round_trip(message: Message) -> None:
    data = message.to_dict()

    assert Message.from_dict(data) == message
    assert ("multipartContent" in data) == bool(message.multipart_content)
    assert ("toolResult" in data) == bool(message.tool_result)


@settings(max_examples=40, deadline=None)
@given(session=sessions)
def test_session_dicts_round_trip_as_deep_copies(session: Session) -> None:
    data = session.to_dict()
    restored = Session.from_dict(data)

    assert restored == session
    data["metadata"]["changed"] = True
    for message in data["messages"]:
        message.setdefault("metadata", {})["changed"] = True
    assert "changed" not in restored.metadata
    assert all("changed" not in (message.metadata or {}) for message in restored.messages)


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ([], "a message must be a dict"),
        (
            {"role": "user", "content": "x", "multipartContent": {}},
            "multipartContent must be a list",
        ),
        ({"role": "user", "content": "x", "toolResult": []}, "toolResult must be an object"),
        ({"role": "user", "content": "x", "metadata": "m"}, "metadata must be an object"),
    ],
)
def test_wrong_message_shapes_raise_type_error(data: Any, problem: str) -> None:
    with pytest.raises(TypeError, match=problem):
        Message.from_dict(data)


def test_wrong_session_shapes_raise_type_error() -> None:
    with pytest.raises(TypeError, match="messages must be a list"):
        Session.from_dict({"session_id": "s", "messages": {}})
    with pytest.raises(TypeError, match="metadata must be an object"):
        Session.from_dict({"session_id": "s", "metadata": []})


def test_session_helpers_return_new_sessions() -> None:
    core = AgentCore()
    empty = core.create_session(metadata={"title": "t"})
    one = core.add_message(empty, "user", "hi", {"a": 1}, multipart_content=[{"type": "image"}])
    two = core.add_message(one, "assistant", "hello")

    assert empty.messages == []
    assert len(empty.session_id) == 32
    assert one.messages[0].to_dict() == {
        "role": "user",
        "content": "hi",
        "metadata": {"a": 1},
        "multipartContent": [{"type": "image"}],
    }
    assert [message.content for message in core.slice_session(two, 1).messages] == ["hello"]
    assert core.slice_session(two, 0, 1).metadata == {"title": "t"}
    with pytest.raises(ValueError, match="Unknown message role 'robot'"):
        core.add_message(empty, "robot", "beep")


def test_protocol_defaults_are_the_spec_defaults() -> None:
    class Bare(ProviderPlugin, FeaturePlugin):  # type: ignore[misc]
        name = "bare"
        version = "0"

    provider: Any = ProviderPlugin
    assert provider.to_native_messages(
        None, [{"role": "user", "content": "x", "extra": 1}], {}
    ) == [{"role": "user", "content": "x"}]
    assert provider.from_native_messages(None, [{"content": "y"}, {"other": 1}, "junk"], {}) == [
        {"role": "assistant", "content": "y", "metadata": {}}
    ]
    assert ToolPlugin.format_tool_result(None, {"success": True, "result": 3}, {}) == "Result: 3"  # type: ignore[arg-type]
    assert ToolPlugin.to_display_format(None, "t", {}, {}) == {"type": "text", "content": "t"}  # type: ignore[arg-type]
    assert ProviderRequestCancelled("r").request_id == "r"


def test_adapt_drops_only_what_a_hook_does_not_take() -> None:
    def short(messages, native):
        return ("short", messages, native)

    def positional_state(messages, native, state):
        return ("state", state)

    def keyword_state(messages, native, *, state=None, context=None):
        return ("kw", state, context)

    def everything(*args, **kwargs):
        return (args, kwargs)

    spec = (2, ("state",), ("context",))
    assert adapt(short, spec)("m", "n", "s", context="c") == ("short", "m", "n")
    assert adapt(positional_state, spec)("m", "n", "s", context="c") == ("state", "s")
    assert adapt(keyword_state, spec)("m", "n", "s", context="c") == ("kw", "s", "c")
    assert adapt(everything, spec) is everything


def test_copy_data_copies_like_deepcopy_without_sharing_anything() -> None:
    class Marker:
        def __init__(self, value: int) -> None:
            self.value = value

    original: dict[str, Any] = {
        "tool_calls": [{"id": "a", "function": {"name": "add", "arguments": "{}"}}],
        "usage": {"input_tokens": 3, "cost": 0.5, "cached": False, "note": None},
        "pair": (1, [2]),
        "ordered": OrderedDict(b=1, a=[2]),
        "marker": Marker(1),
    }

    copied = copy_data(original)

    assert copied == {**original, "marker": copied["marker"]}
    assert copied["marker"] is not original["marker"]
    assert copied["marker"].value == 1
    assert type(copied["ordered"]) is OrderedDict
    assert type(copied["pair"]) is tuple
    copied["tool_calls"][0]["function"]["name"] = "changed"
    copied["usage"]["input_tokens"] = 99
    copied["pair"][1].append(3)
    copied["ordered"]["a"].append(3)
    assert original["tool_calls"][0]["function"]["name"] == "add"
    assert original["usage"]["input_tokens"] == 3
    assert original["pair"] == (1, [2])
    assert original["ordered"]["a"] == [2]
    # Data that contains itself is copied as deepcopy copies it.
    looped: dict[str, Any] = {"name": "loop"}
    looped["self"] = looped
    copied_loop = copy_data(looped)
    assert copied_loop["self"] is copied_loop
    assert copied_loop is not looped


def test_a_message_and_its_dict_share_no_data() -> None:
    metadata = {"tool_calls": [{"id": "a"}], "display": {"type": "text"}}
    message = Message.from_dict({"role": "assistant", "content": "hi", "metadata": metadata})
    metadata["tool_calls"][0]["id"] = "changed"

    as_dict = message.to_dict()
    as_dict["metadata"]["display"]["type"] = "changed"

    assert message.metadata == {"tool_calls": [{"id": "a"}], "display": {"type": "text"}}
