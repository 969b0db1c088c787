"""The built-in agent's name, the name proposed for a new agent and the Agents page's own
fields are in the window's language (the walk found "Default", "Agent 2", "Name", "System
prompt"… in English in a Japanese window); the stored ids and the stock label stay as they are."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_app import DEFAULT_AGENT_LABEL
from agent_app.config import AGENT, AgentConfig
from agent_desktop.settings.model_form import model_elements
from agent_desktop.toolkit.agent_names import agent_name, new_agent_name, stored_agent_label
from agent_desktop.toolkit.translations import SOURCE_LANGUAGE, Translations

pytestmark = pytest.mark.gui


@pytest.fixture
def japanese(qapp, tmp_path: Path):
    installed = Translations(qapp, tmp_path / "cache")
    installed.use("ja")
    yield
    installed.use(SOURCE_LANGUAGE)  # later tests read English


def test_the_built_in_agent_and_a_new_one_are_named_in_the_window_language(japanese):
    assert AgentConfig().label is None
    assert agent_name("default", DEFAULT_AGENT_LABEL) == "既定"
    assert agent_name("default", None) == "既定"
    assert agent_name("writer", "Writer") == "Writer"  # what the user wrote stays
    assert agent_name("default", "My helper") == "My helper"
    assert new_agent_name(2) == "エージェント 2"
    # The form shows the stock name translated; saving it keeps the stock label.
    assert stored_agent_label("default", "既定") == "Default"
    assert stored_agent_label("agent_2", "エージェント 2") == "エージェント 2"


def test_the_agents_pages_own_fields_are_in_the_window_language(japanese):
    fields = {element["key"]: element for element in model_elements(AgentConfig, AGENT)}
    assert [fields[key]["label"] for key in ("label", "provider", "model", "system_prompt")] == [
        "名前",
        "プロバイダー",
        "既定のモデル",
        "システムプロンプト",
    ]
    assert fields["system_prompt"]["placeholder"] == "あなたは役に立つアシスタントです…"
    assert fields["model"]["description"].startswith("空欄: プロバイダー自身の既定のモデル")
