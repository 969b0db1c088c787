"""Plugin session and message actions: menus, forms, running without blocking, results."""

from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QMenu, QToolBar, QVBoxLayout, QWidget
from tests.support.screenshots import shots_folder

from agent_app.conversation import Conversation
from agent_core import Message, Session
from agent_desktop.forms.action_dialogs import (
    ActionResultDialog,
    ConfirmActionDialog,
    SessionActionRunner,
    SessionActionsController,
    collect_actions,
    describe_error,
)
from compaction_feature import CompactionFeature

pytestmark = pytest.mark.gui

SCREENSHOTS = shots_folder("screenshots")
SLOW_SECONDS = 0.6
SUMMARY = "Alice planned a trip to Oslo in May and booked the train."


class FormDemoFeature:
    """Actions that exercise forms, display blocks, errors and slowness."""

    name = "form_demo"
    version = "1.0.0"

    def init(self, config, state):
        return state

    def get_actions(self, state):
        return [
            {
                "id": "prefix_messages",
                "label": "Prefix messages",
                "inputs": {
                    "prefix": {"type": "string", "required": True},
                    "count": {"type": "integer", "default": 1},
                    "mode": {"type": "string", "enum": ["upper", "lower"]},
                },
            },
            {"id": "show_info", "label": "Show info", "inputs": {}},
            {"id": "explode", "label": "Explode", "inputs": {}},
            {"id": "slow", "label": "Slow", "inputs": {}},
            {
                "id": "tag_message",
                "label": "Tag",
                "inputs": {
                    "message_index": {"type": "integer", "required": True},
                    "tag": {"type": "string", "default": "★"},
                },
            },
        ]

    def get_ui_elements(self, config, context=None):
        return [
            {
                "ui_type": "session_action",
                "action_id": "prefix_messages",
                "label": "Prefix messages…",
                "description": "Put a prefix in front of the first messages.",
                "order": 10,
                "dialog": {
                    "kind": "form",
                    "title": "Prefix messages",
                    "submit_label": "Prefix",
                    "inputs": [
                        {
                            "name": "prefix",
                            "type": "text",
                            "label": "Prefix",
                            "required": True,
                            "placeholder": "e.g. [draft]",
                        },
                        {
                            "name": "count",
                            "type": "integer",
                            "label": "How many",
                            "min": 1,
                            "max": 5,
                            "default": 1,
                        },
                        {
                            "name": "mode",
                            "type": "select",
                            "label": "Case",
                            "options": [
                                {"value": "upper", "label": "Upper case"},
                                {"value": "lower", "label": "Lower case"},
                            ],
                            "default": "upper",
                        },
                    ],
                },
            },
            {
                "ui_type": "session_action",
                "action_id": "show_info",
                "label": "Show info",
                "order": 5,
                "icon": "search",
            },
            {"ui_type": "session_action", "action_id": "explode", "label": "Explode", "order": 90},
            {"ui_type": "session_action", "action_id": "slow", "label": "Slow", "order": 95},
            {"ui_type": "message_action", "action_id": "tag_message", "label": "Tag message"},
        ]

    def execute_action(self, action_id, session, native_messages, params, context, state):
        if action_id == "prefix_messages":
            prefix = params["prefix"]
            prefix = prefix.upper() if params.get("mode") == "upper" else prefix.lower()
            changed = [
                {**m, "content": f"{prefix} {m['content']}"} if i < params["count"] else m
                for i, m in enumerate(native_messages)
            ]
            return {
                "native_messages": changed,
                "status": "ok",
                "message": f"Prefixed {params['count']} messages.",
            }
        if action_id == "show_info":
            return {
                "native_messages": native_messages,
                "display": {
                    "format": "markdown",
                    "title": "Session info",
                    "variant": "info",
                    "body": f"This session has **{len(native_messages)} messages**.",
                },
            }
        if action_id == "explode":
            return {
                "native_messages": native_messages,
                "status": "error",
                "error": {"type": "quota_exceeded", "message": "The daily quota is used up."},
            }
        if action_id == "slow":
            time.sleep(SLOW_SECONDS)
            changed = [{**native_messages[0], "content": "changed late"}, *native_messages[1:]]
            return {"native_messages": changed, "status": "ok"}
        if action_id == "tag_message":
            index = params["message_index"]
            changed = [
                {**m, "content": f"{params['tag']} {m['content']}"} if i == index else m
                for i, m in enumerate(native_messages)
            ]
            return {"native_messages": changed, "status": "ok", "message": f"Tagged {index}."}
        return {"native_messages": native_messages}


@pytest.fixture
def app_plugins():
    return [CompactionFeature, FormDemoFeature]


@pytest.fixture
def app(app):
    """The shared app (tests/gui/conftest.py), its scripted model answering with SUMMARY."""
    app.config.agents["default"].parameters = {"script": [SUMMARY]}
    app.configuration.save_config()
    return app


@pytest.fixture
def session(app):
    created = app.sessions.create_session()
    messages = [
        Message("user", "Let's plan a trip to Oslo."),
        Message("assistant", "Sure, when would you like to go?"),
        Message("user", "In May, by train."),
        Message("assistant", "I booked the night train for 3 May."),
        Message("user", "Great, thanks!"),
    ]
    return app.sessions.save_session(Session(created.session_id, messages, created.metadata))


class Host(QWidget):
    """Stands in for the main window: a menu, a toolbar, a status line, the shown chat's
    conversation (counting the times it asked for the chat to be shown again), a selection."""

    def __init__(self, app, session_id):
        super().__init__()
        self.app = app
        self.conversation = Conversation(
            app.sessions, app, app.plugin_queries, app.sessions.load_session(session_id)
        )
        self.conversation.subscribe(self._on_event)
        self.menu = QMenu("Session", self)
        self.menu.addAction("Rename…")
        self.toolbar = QToolBar()
        self.status = QLabel()
        self.shown: Session | None = None
        self.refreshes = 0
        self.selected: tuple[int, int] | None = None  # messages chosen on screen
        layout = QVBoxLayout(self)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.status)
        self.runner = SessionActionRunner(
            self,
            conversation=lambda: self.conversation,
            selected_range=lambda: self.selected,
            show_status=self.status.setText,
        )
        self.controller = SessionActionsController(
            self.runner, menu=self.menu, toolbar=self.toolbar
        )
        core = app.agents.build_core()
        config = app.build_agent_config()
        self.controller.set_actions(core.get_ui_schema(config), core.get_actions(config))

    def _on_event(self, event):
        if event["type"] == "history_reset":
            self.refreshes += 1
            self.shown = self.conversation.session

    def action(self, action_id):
        return next(a for a in self.controller.session_actions if a.action_id == action_id)


@pytest.fixture
def host(qtbot, app, session):
    widget = Host(app, session.session_id)
    qtbot.add_widget(widget)
    widget.resize(600, 400)
    widget.show()
    return widget


def test_menu_and_toolbar_follow_order_with_labels_and_descriptions(host):
    labels = [a.text() for a in host.menu.actions()]
    assert labels == [
        "Rename…",
        "",
        "Show info",
        "Prefix messages…",
        "Compact range…",
        "Compact full history",
        "Undo compaction",
        "Explode",
        "Slow",
    ]
    assert [a.text() for a in host.toolbar.actions()] == labels[2:]
    prefix = host.menu.actions()[3]
    assert prefix.toolTip() == "Put a prefix in front of the first messages."
    assert not host.menu.actions()[2].icon().isNull()
    # Replacing the actions leaves the window's own items alone.
    host.controller.set_actions([])
    assert [a.text() for a in host.menu.actions()] == ["Rename…"]
    assert host.toolbar.actions() == []


def test_form_validates_then_runs_and_refreshes(host, app, session, qt_loop, tmp_path):
    async def scenario():
        task = host.runner.trigger(host.action("prefix_messages"))
        dialog = await qt_loop.until(lambda: host.runner.form_dialog)
        assert dialog.windowTitle() == "Prefix messages"
        assert dialog.run_button.text() == "Prefix"
        assert dialog.form.values() == {"count": 1, "mode": "upper"}
        dialog.run_button.click()  # the prefix is required
        assert dialog.isVisible()
        errors = [
            label.text() for label in dialog.form.findChildren(QLabel, "formError") if label.text()
        ]
        assert errors == ["Prefix is required."]
        dialog.form.fields["prefix"].edit.setText("[draft]")
        assert not any(
            label.isVisibleTo(dialog) for label in dialog.form.findChildren(QLabel, "formError")
        )
        dialog.form.fields["count"].spin.setValue(2)
        QApplication.processEvents()
        _shot(dialog, tmp_path, "action-form.png")
        dialog.run_button.click()
        return await task

    result = qt_loop.run(scenario())
    assert result["status"] == "ok"
    assert host.refreshes == 1
    assert [m.content for m in host.shown.messages[:3]] == [
        "[DRAFT] Let's plan a trip to Oslo.",
        "[DRAFT] Sure, when would you like to go?",
        "In May, by train.",
    ]
    assert app.sessions.load_session(session.session_id).messages[0].content.startswith("[DRAFT]")
    assert host.status.text() == "Prefixed 2 messages."


def test_cancelled_form_runs_nothing(host, app, session, qt_loop):
    async def scenario():
        task = host.runner.trigger(host.action("prefix_messages"))
        dialog = await qt_loop.until(lambda: host.runner.form_dialog)
        dialog.reject()
        return await task

    assert qt_loop.run(scenario()) is None
    assert host.refreshes == 0
    assert app.sessions.load_session(session.session_id).messages == session.messages


def test_display_block_is_shown_as_markdown(host, qt_loop, tmp_path):
    result = qt_loop.run(host.runner.run(host.action("show_info")))
    assert result["display"]["title"] == "Session info"
    shown = host.runner.result_dialog
    assert shown.isVisible()
    assert shown.heading.text() == "Session info"
    assert "This session has 5 messages." in shown.body.toPlainText()
    assert "**" not in shown.body.toPlainText()
    _shot(shown, tmp_path, "action-result.png")
    shown.close()


def test_error_dict_in_plain_words(host, qt_loop):
    qt_loop.run(host.runner.run(host.action("explode")))
    shown = host.runner.result_dialog
    assert shown.heading.text() == "“Explode” failed"
    assert shown.body.toPlainText().startswith("The daily quota is used up.")
    assert "form_demo" in shown.body.toPlainText()
    assert describe_error({"type": "rate_limited"}) == "The action failed (rate limited)."


def test_runs_without_blocking_and_can_be_cancelled(host, app, session, qt_loop):
    ticks = []

    async def scenario():
        task = host.runner.trigger(host.action("slow"))
        progress = await qt_loop.until(lambda: host.runner.progress_dialog)
        assert progress.isVisible()
        # The event loop keeps turning while the action runs.
        for _ in range(5):
            await qt_loop.until(lambda: True)
            ticks.append(time.monotonic())
        progress.cancel_button.click()
        result = await task
        # The chat is free at once; what the plugin code still produces is dropped.
        assert not host.conversation.busy
        await asyncio.sleep(SLOW_SECONDS + 0.5)
        return result

    result = qt_loop.run(scenario())
    assert result["status"] == "cancelled"
    assert len(ticks) == 5
    assert host.runner.progress_dialog is None
    assert host.refreshes == 0
    assert host.status.text() == "“Slow” was cancelled."
    assert app.sessions.load_session(session.session_id).messages == session.messages


def test_message_action_receives_the_message_index(host, app, session, qt_loop):
    menu = QMenu()
    menu.addAction("Copy")
    host.controller.add_message_actions(2, menu)
    texts = [a.text() for a in menu.actions()]
    assert texts == ["Copy", "", "Compact messages up to here", "Tag message"]
    tag = menu.actions()[3]

    async def scenario():
        tag.trigger()
        await qt_loop.until(lambda: host.refreshes)

    qt_loop.run(scenario())
    assert host.shown.messages[2].content == "★ In May, by train."
    assert host.status.text() == "Tagged 2."


def test_compaction_through_the_application_and_undo(host, app, session, qt_loop):
    # Without messages chosen on screen the range action says how to choose them.
    assert qt_loop.run(host.runner.run(host.action("compact_range"))) is None
    assert host.status.text().startswith("Select the messages for “Compact range” first")
    host.selected = (0, 3)

    async def compact():
        task = host.runner.trigger(host.action("compact_range"))
        dialog = await qt_loop.until(lambda: host.runner.form_dialog)
        assert set(dialog.form.fields) == {"instructions"}  # the range is never typed
        dialog.form.fields["instructions"].edit.setPlainText("Keep the date.")
        dialog.run_button.click()
        return await task

    result = qt_loop.run(compact())
    assert result["status"] == "ok", result
    compacted = app.sessions.load_session(session.session_id)
    assert [m.role for m in compacted.messages] == ["user", "user"]
    assert compacted.messages[0].content.endswith(SUMMARY)
    assert compacted.messages[1].content == "Great, thanks!"
    assert compacted.metadata["compaction_count"] == 1
    assert host.runner.result_dialog.heading.text() == "History compacted"
    host.runner.result_dialog.close()

    result = qt_loop.run(host.runner.run(host.action("undo_compaction")))
    assert result["status"] == "ok"
    restored = app.sessions.load_session(session.session_id)
    assert [m.content for m in restored.messages] == [m.content for m in session.messages]
    assert restored.metadata["compaction_count"] == 0
    assert [m.content for m in host.shown.messages] == [m.content for m in restored.messages]


def test_compact_up_to_here_from_a_message(host, app, session, qt_loop):
    menu = QMenu()
    host.controller.add_message_actions(1, menu)
    compact = next(a for a in menu.actions() if a.text() == "Compact messages up to here")

    async def scenario():
        compact.trigger()
        await qt_loop.until(lambda: host.refreshes)

    qt_loop.run(scenario())
    messages = app.sessions.load_session(session.session_id).messages
    assert len(messages) == 4
    assert messages[0].content.endswith(SUMMARY)


def test_summarizer_agent_through_update_agent(app, session, qt_loop, host):
    from agent_app.config import AgentConfig

    app.config.agents["summarizer"] = AgentConfig(
        label="Summarizer", provider="local", parameters={"script": ["From the summarizer."]}
    )
    app.config.agents["default"].parameters = {"compaction": {"agent_id": "summarizer"}}
    app.configuration.save_config()

    async def compact_after_confirming():
        task = host.runner.trigger(host.action("compact_full"))
        confirm = await qt_loop.until(lambda: host.findChild(ConfirmActionDialog))
        assert "Replace every message" in confirm.findChild(QLabel).text()
        confirm.accept()
        return await task

    result = qt_loop.run(compact_after_confirming())
    assert result["status"] == "ok", result
    messages = app.sessions.load_session(session.session_id).messages
    assert len(messages) == 1
    assert messages[0].content.endswith("From the summarizer.")


def test_no_session_no_run(qtbot, app):
    status = []
    runner = SessionActionRunner(
        QWidget(),
        conversation=lambda: Conversation(app.sessions, app, app.plugin_queries),
        show_status=status.append,
    )
    sessions, _ = collect_actions([{"ui_type": "session_action", "action_id": "x"}])
    import asyncio

    assert asyncio.run(runner.run(sessions[0])) is None
    assert status == ["Open or start a conversation first, then run the action on it."]


def test_inputs_map_is_used_when_there_is_no_dialog():
    sessions, messages = collect_actions(
        [
            {"ui_type": "session_action", "action_id": "a", "plugin": "p", "order": 2},
            {"ui_type": "session_action", "action_id": "a", "plugin": "p", "order": 2},
            {"ui_type": "message_action", "action_id": "m", "action_owner": "p"},
            {"ui_type": "config", "key": "k"},
            {"ui_type": "session_action"},
        ],
        [
            {
                "id": "a",
                "action_owner": "p",
                "inputs": {"n": {"type": "integer", "required": True}},
            },
            {
                "id": "m",
                "action_owner": "p",
                "inputs": {"message_index": {"type": "integer"}, "note": {"type": "string"}},
            },
        ],
    )
    assert [(a.action_id, a.owner) for a in sessions] == [("a", "p")]
    assert sessions[0].inputs == [{"type": "integer", "required": True, "key": "n"}]
    # Nothing required is left once the message index is filled in: no form.
    assert messages[0].inputs == []


def _shot(widget: Any, tmp_path: Path, name: str) -> None:
    QApplication.processEvents()
    target = tmp_path / name
    assert widget.grab().save(str(target))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(target, SCREENSHOTS / name)


def test_result_dialog_variants(qtbot):
    sessions, _ = collect_actions([{"ui_type": "session_action", "action_id": "x", "label": "X"}])
    dialog = ActionResultDialog(sessions[0], {"status": "ok", "message": "plain"})
    qtbot.add_widget(dialog)
    assert dialog.body.toPlainText() == "plain"
