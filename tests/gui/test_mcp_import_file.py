"""Settings → MCP servers → Import JSON… reads another app's file as well as pasted text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from agent_desktop.settings.mcp_panels import ImportPreview
from mcp_tools import McpTools

pytestmark = pytest.mark.gui

CLAUDE_DESKTOP = {
    "mcpServers": {
        "time": {"command": "uvx", "args": ["mcp-server-time"]},
        "files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem"]},
    }
}


@pytest.fixture
def preview(qtbot):
    widget = ImportPreview(McpTools().preview_import, lambda: ["time"])
    qtbot.add_widget(widget)
    widget.show()
    return widget


def test_a_chosen_file_is_read_and_previewed(qtbot, preview, tmp_path: Path):
    path = tmp_path / "claude_desktop_config.json"
    path.write_text(json.dumps(CLAUDE_DESKTOP), encoding="utf-8")
    dialog = preview.choose_file()
    assert isinstance(dialog, QFileDialog)
    assert dialog.isVisible()  # opened, not run in a loop of its own
    dialog.fileSelected.emit(str(path))  # what choosing the file does
    dialog.reject()
    qtbot.waitUntil(lambda: bool(preview.pending), timeout=5000)
    assert list(preview.pending) == ["time", "files"]
    assert "time: uvx mcp-server-time (replaces the server of that name)" in preview.message.text()
    assert preview.add_button.isEnabled()


def test_a_file_that_is_not_text_is_named_with_what_to_do(qtbot, preview, tmp_path: Path):
    path = tmp_path / "config.json"
    path.write_bytes(b"\xff\xfe\x00binary")
    preview.load_file(str(path))
    qtbot.waitUntil(lambda: "Could not read" in preview.message.text(), timeout=5000)
    assert preview.message.text().startswith("Could not read “config.json”: ")
    assert preview.message.text().endswith("Choose another file or paste its text.")
    assert preview.pending == {}
