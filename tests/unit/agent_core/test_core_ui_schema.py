"""UI schema, config schema and completions; legacy `get_ui_elements` shapes; normalization."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.support.core_test_plugins import StreamingProvider
from tests.support.spec_example_plugins import SummarizeRangeFeature

from agent_core import AgentCore
from agent_core.ui_schema import flatten_ui_elements, normalize_ui_element


def _ui_plugin(name: str, hook: Any) -> Any:
    class Plugin:
        version = "1.0.0"

    instance = Plugin()
    instance.name = name  # type: ignore[attr-defined]
    instance.get_ui_elements = hook  # type: ignore[attr-defined]
    return instance


def test_every_documented_get_ui_elements_shape_is_called_correctly() -> None:
    seen: dict[str, Any] = {}

    def no_args():
        seen["none"] = ()
        return [{"key": "a"}]

    def config_only(config):
        seen["config"] = (config,)
        return [{"key": "b"}]

    def canonical(config, context=None):
        seen["canonical"] = (config, context)
        return [{"key": "c"}]

    def legacy_three(config, tags, models):
        seen["three"] = (config, tags, models)
        return [{"key": "d"}]

    def legacy_four(config, tags, models, context):
        seen["four"] = (config, tags, models, context)
        return [{"key": "e"}]

    core = AgentCore()
    core.register_provider(StreamingProvider)
    for index, hook in enumerate([no_args, config_only, canonical, legacy_three, legacy_four]):
        core.register_feature(_ui_plugin(f"p{index}", hook))
    config = {"reply": "x"}

    schema = core.get_ui_schema(config)

    assert [element["key"] for element in schema] == ["a", "b", "c", "d", "e"]
    assert seen["config"] == (config,)
    assert seen["canonical"][1]["tags"] == ["streaming"]
    assert set(seen["canonical"][1]) == {"tags", "models", "available_tools", "tools"}
    assert seen["three"] == (config, ["streaming"], [{"id": "stream-1"}])
    assert seen["four"][3]["models"] == [{"id": "stream-1"}]


def test_ui_schema_normalizes_and_deduplicates() -> None:
    shared = [
        {"key": "model", "type": "text"},
        {"ui_type": "", "key": "temperature", "type": "number"},
        {"ui_type": "status_bar", "data": "metadata.usage", "plugin": "custom"},
        {"ui_type": "message_action", "id": "copy"},
    ]

    class Extension:
        name = "ext"
        version = "1.0.0"

        def get_ui_elements(self, config, context=None):
            return shared

    class Provider(StreamingProvider):
        def get_ui_elements(self, config, context=None):
            return [
                {"key": "model", "type": "select", "options": ["a"]},
                {"ui_type": "session_action", "id": "p"},
            ]

    core = AgentCore()
    core.register_provider(Provider)
    core.register_extension(Extension)
    core.register_feature(SummarizeRangeFeature)

    schema = core.get_ui_schema({})

    assert schema == [
        {
            "key": "model",
            "type": "select",
            "options": ["a"],
            "ui_type": "config",
            "plugin": "streamer",
        },
        {"ui_type": "session_action", "id": "p", "plugin": "streamer"},
        {"ui_type": "config", "key": "temperature", "type": "number", "plugin": "ext"},
        {"ui_type": "status_bar", "data": "metadata.usage", "plugin": "custom"},
        {"ui_type": "message_action", "id": "copy", "plugin": "ext", "action_owner": "ext"},
        {
            **SummarizeRangeFeature().get_ui_elements({}, [], [])[0],
            "plugin": "my_feature",
            "action_owner": "my_feature",
        },
    ]
    schema[0]["options"].append("mutated")
    schema[5]["dialog"]["inputs"].clear()
    again = core.get_ui_schema({})
    assert again[0]["options"] == ["a"]
    assert again[5]["dialog"]["inputs"]
    assert shared[0] == {"key": "model", "type": "text"}


def test_a_failing_ui_hook_drops_only_that_plugin() -> None:
    def broken(config, context=None):
        raise KeyError("oops")

    core = AgentCore()
    core.register_provider(StreamingProvider)
    core.register_feature(_ui_plugin("broken", broken))
    core.register_feature(_ui_plugin("fine", lambda config, context=None: [{"key": "k"}]))

    assert [element["plugin"] for element in core.get_ui_schema({})] == ["fine"]
    assert core.plugin_errors[-1]["hook"] == "get_ui_elements"


def test_config_schema_is_flattened_with_key_and_plugin() -> None:
    core = AgentCore()
    core.register_provider(StreamingProvider)
    core.register_feature(SummarizeRangeFeature)

    assert core.get_config_schema() == [
        {"type": "boolean", "default": True, "key": "enabled", "plugin": "my_feature"},
        {"type": "integer", "default": 100, "key": "max_items", "plugin": "my_feature"},
    ]


class FileCompletion:
    name = "files"
    version = "1.0.0"

    def get_completions(self, config, text):
        if not text.endswith("@"):
            return []
        return [{"replacement": "@file:README.md", "start": len(text) - 1, "display": "README.md"}]

    def apply_completion(self, config, text, completion):
        return f"[{completion['replacement']}]"


class Silent:
    name = "silent"
    version = "1.0.0"

    def apply_completion(self, config, text, completion):
        raise AssertionError("completions go to the feature that made them")


def test_completions_are_routed_back_to_their_feature() -> None:
    core = AgentCore()
    core.register_provider(StreamingProvider)
    core.register_feature(Silent)
    core.register_feature(FileCompletion)

    (completion,) = core.get_completions({}, "look at @")

    assert completion == {
        "plugin": "files",
        "replacement": "@file:README.md",
        "start": 8,
        "display": "README.md",
    }
    assert core.get_completions({}, "nothing") == []
    assert core.apply_completion({}, "look at @file:README.md", completion) == "[@file:README.md]"
    assert core.apply_completion({"disabled_plugins": ["files"]}, "x", completion) == ""


# ---------------------------------------------------------------------------------- properties
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3)
    ),
    max_leaves=8,
)
elements = st.dictionaries(
    st.sampled_from(["ui_type", "key", "plugin", "action_owner", "label", "options"]),
    json_values
    | st.sampled_from(["config", "session_action", "message_action", "status_bar", "", None]),
    max_size=6,
)
kinds = st.sampled_from(["provider", "extension", "feature", "tool"])


@settings(max_examples=40, deadline=None)
@given(element=elements, kind=kinds, plugin=st.text(min_size=1, max_size=6))
def test_normalizing_any_element_follows_the_rules(
    element: dict[str, Any], kind: str, plugin: str
) -> None:
    original = deepcopy(element)

    normalized = normalize_ui_element(element, plugin, kind)

    assert element == original
    assert normalized["ui_type"] == (element.get("ui_type") or "config")
    assert normalized["plugin"] == element.get("plugin", plugin)
    if normalized["ui_type"] in ("session_action", "message_action") and kind in (
        "extension",
        "feature",
    ):
        assert normalized["action_owner"] == element.get("action_owner", plugin)
    else:
        assert ("action_owner" in normalized) == ("action_owner" in element)
    untouched = {key for key in element if key not in ("ui_type", "plugin", "action_owner")}
    assert all(normalized[key] == element[key] for key in untouched)


@settings(max_examples=40, deadline=None)
@given(
    contributions=st.lists(
        st.tuples(
            st.text(min_size=1, max_size=4), kinds, st.lists(elements | json_values, max_size=5)
        ),
        max_size=4,
    )
)
def test_flattening_any_contributions_keeps_config_keys_unique(contributions: list[Any]) -> None:
    flattened = flatten_ui_elements(contributions)

    config_keys = [
        element["key"]
        for element in flattened
        if element["ui_type"] == "config" and isinstance(element.get("key"), str)
    ]
    assert len(config_keys) == len(set(config_keys))
    dict_count = sum(
        isinstance(element, dict) for _, _, items in contributions for element in items
    )
    assert len(flattened) <= dict_count
    assert all(element["ui_type"] for element in flattened)
