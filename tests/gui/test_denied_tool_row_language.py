"""A denied tool call's row says so in the window's language (the walk found "The user denied
this tool call: …" in English in a Japanese window), while the model is told in English."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_app.approval import Verdict
from agent_desktop.conversation.chat_model import ChatItem, _apply_tool_result
from agent_desktop.toolkit.translations import SOURCE_LANGUAGE, Translations

pytestmark = pytest.mark.gui


def test_a_denied_calls_row_is_in_the_window_language_and_the_model_reads_english(
    qapp, tmp_path: Path
):
    told_the_model = Verdict(allowed=False, basis="user", reason="本番では不可").denial_text()
    assert told_the_model == "The user denied this tool call: 本番では不可"
    message = {
        "role": "tool",
        "content": told_the_model,
        "metadata": {"denied": True, "is_error": True},
    }
    row = ChatItem("tool", "call-1", tool_call_id="call-1", tool_name="shell")
    installed = Translations(qapp, tmp_path / "cache")
    try:
        installed.use("ja")
        _apply_tool_result(row, message)
    finally:
        installed.use(SOURCE_LANGUAGE)  # later tests read English
    assert row.state == "denied"
    assert row.output == "ユーザーがこのツール呼び出しを拒否しました: 本番では不可"
    assert message["content"] == told_the_model  # the conversation keeps the model's text
