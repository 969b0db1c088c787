"""Enablement: tags from every plugin kind, is_enabled, tag constraints, config overrides."""

from __future__ import annotations

from typing import Any

from tests.support.core_test_plugins import StreamingProvider

from agent_core import AgentCore


def plugin(
    name: str,
    *,
    tags: list[str] = (),  # type: ignore[assignment]
    required: list[str] = (),  # type: ignore[assignment]
    forbidden: list[str] = (),  # type: ignore[assignment]
    enabled: Any = None,
    default_enabled: bool = True,
    models: list[dict[str, Any]] | None = None,
    seen_contexts: list[dict[str, Any]] | None = None,
) -> Any:
    """A feature/extension/tool with the given enablement behaviour."""

    class Plugin:
        version = "1.0.0"

        def get_tags(self, config, models):
            return list(tags)

        def required_tags(self):
            return list(required)

        def forbidden_tags(self):
            return list(forbidden)

        def is_enabled(self, config, tags, models, context):
            if seen_contexts is not None:
                seen_contexts.append(context)
            return enabled(config, tags) if callable(enabled) else enabled

        def get_models(self, config, current):
            return [*current, *(models or [])]

    instance = Plugin()
    instance.name = name  # type: ignore[attr-defined]
    instance.default_enabled = default_enabled  # type: ignore[attr-defined]
    return instance


def _core() -> AgentCore:
    core = AgentCore()
    core.register_provider(StreamingProvider)
    return core


def test_tags_are_aggregated_from_provider_extensions_features_and_tools() -> None:
    core = _core()
    core.register_extension(plugin("ext", tags=["ext-tag"]))
    core.register_feature(plugin("feat", tags=["feat-tag"]))
    core.register_tool(plugin("tool", tags=["tool-tag"]))

    assert core.get_tags({}) == ["ext-tag", "feat-tag", "streaming", "tool-tag"]


def test_required_and_forbidden_tags_decide_when_is_enabled_is_none() -> None:
    core = _core()
    core.register_tool(plugin("provides", tags=["vision"]))
    core.register_feature(plugin("needs_vision", required=["vision"]))
    core.register_feature(plugin("needs_audio", required=["audio"]))
    core.register_feature(plugin("hates_streaming", forbidden=["streaming"]))

    enabled = core.get_enabled_plugins({})

    assert enabled == {
        "providers": ["streamer"],
        "extensions": [],
        "features": ["needs_vision"],
        "tools": ["provides"],
    }


def test_is_enabled_true_bypasses_tags_and_false_disables() -> None:
    core = _core()
    core.register_feature(plugin("forced_on", required=["missing"], enabled=True))
    core.register_feature(plugin("forced_off", enabled=False))
    core.register_feature(plugin("by_config", enabled=lambda config, tags: bool(config.get("on"))))

    assert core.get_enabled_plugins({})["features"] == ["forced_on"]
    assert core.get_enabled_plugins({"on": True})["features"] == ["forced_on", "by_config"]


def test_is_enabled_sees_tags_models_and_the_enablement_context() -> None:
    contexts: list[dict[str, Any]] = []
    core = _core()
    core.register_feature(plugin("watcher", seen_contexts=contexts))
    core.register_tool(plugin("tool"))

    core.get_enabled_plugins({"disabled_plugins": ["nothing"], "force_enabled_plugins": ["tool"]})

    assert contexts[-1] == {
        "enabled_plugin_ids": {
            "providers": ["streamer"],
            "extensions": [],
            "features": ["watcher"],
            "tools": ["tool"],
        },
        "disabled_plugins": ["nothing"],
        "force_enabled_plugins": ["tool"],
    }


def test_config_overrides_disable_force_and_opt_in() -> None:
    core = _core()
    core.register_feature(plugin("plain"))
    core.register_feature(plugin("stubborn", enabled=False))
    core.register_feature(plugin("opt_in", default_enabled=False))

    assert core.get_enabled_plugins({})["features"] == ["plain"]
    config = {
        "disabled_plugins": ["plain"],
        "force_enabled_plugins": ["stubborn"],
        "enabled_plugins": ["opt_in"],
    }
    assert core.get_enabled_plugins(config)["features"] == ["stubborn", "opt_in"]


def test_enablement_iterates_to_a_fixed_point() -> None:
    # base -> "a" -> needs_a -> "b" -> needs_b: disabling base must switch off the whole chain,
    # which takes several rounds.
    core = _core()
    core.register_feature(plugin("needs_b", required=["b"]))
    core.register_feature(plugin("needs_a", required=["a"], tags=["b"]))
    core.register_feature(plugin("base", tags=["a"]))

    assert core.get_enabled_plugins({})["features"] == ["needs_b", "needs_a", "base"]
    assert core.get_enabled_plugins({"disabled_plugins": ["base"]})["features"] == []
    assert "b" not in core.get_tags({"disabled_plugins": ["base"]})


def test_models_flow_from_provider_through_enabled_plugins() -> None:
    core = _core()
    core.register_extension(plugin("ext", models=[{"id": "from-ext"}]))
    core.register_feature(plugin("feat", models=[{"id": "from-feature"}]))
    core.register_feature(plugin("off", models=[{"id": "never"}], enabled=False))

    assert core.get_models({}) == [{"id": "stream-1"}, {"id": "from-ext"}, {"id": "from-feature"}]


def test_a_raising_enablement_hook_disables_only_that_plugin() -> None:
    def explode(config: Any, tags: Any) -> Any:
        raise RuntimeError("bad logic")

    core = _core()
    core.register_feature(plugin("fragile", enabled=explode))
    core.register_feature(plugin("healthy"))

    assert core.get_enabled_plugins({})["features"] == ["healthy"]
    assert core.plugin_errors[-1]["plugin"] == "fragile"
    assert core.plugin_errors[-1]["hook"] == "is_enabled"
    events = list(core.stream_request(core.create_session(), {"reply": "still works"}))
    assert events[-1]["type"] == "final"


def test_disabled_plugins_take_no_part_in_requests() -> None:
    log: list[str] = []

    class Noisy:
        name = "noisy"
        version = "1.0.0"

        def init(self, config, state):
            log.append("init")
            return state

    core = _core()
    core.register_feature(Noisy)

    list(core.stream_request(core.create_session(), {"reply": "x", "disabled_plugins": ["noisy"]}))
    assert log == []
    list(core.stream_request(core.create_session(), {"reply": "x"}))
    assert log == ["init"]
