"""The chat view driven with the pinned event shapes of `app.send_request(...)`."""

from __future__ import annotations

import itertools
import json

import pytest
from PySide6.QtCore import QEvent, QLocale, QObject, QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu
from tests.support.message_source import ShownMessages

from agent_core import Message, Session
from agent_desktop.conversation.chat_model import ITEM_ROLE, ChatModel
from agent_desktop.conversation.chat_view import ChatView
from agent_desktop.conversation.message_body import BodySource

pytestmark = pytest.mark.gui

REQUEST = {"request_id": "r1", "session_id": "s1"}


def event(kind: str, **fields):
    return {"type": kind, **REQUEST, **fields}


def tool_call_message(call_id: str, name: str, arguments: dict) -> dict:
    return {
        "role": "assistant",
        "content": "",
        "metadata": {
            "tool_calls": [
                {
                    "id": call_id,
                    "type": "function",
                    "function": {"name": name, "arguments": json.dumps(arguments)},
                }
            ]
        },
    }


def tool_result(call_id: str, name: str, content: str, single_line: str, is_error=False):
    return {
        "role": "tool",
        "content": content,
        "metadata": {
            "tool_call_id": call_id,
            "name": name,
            "display": {"type": "text", "content": content, "single_line": single_line},
            "is_error": is_error,
        },
    }


@pytest.fixture
def view(qtbot):
    model = ChatModel()
    model.show(ShownMessages(Session("s1", [Message("user", "hi")])))
    chat = ChatView(model)
    chat.resize(800, 600)
    qtbot.add_widget(chat)
    chat.show()
    qtbot.wait_exposed(chat)
    return chat


def test_partials_are_coalesced_into_one_streaming_row(view, qtbot):
    model = view.chat_model
    repaints = []
    model.dataChanged.connect(lambda *_: repaints.append(1))
    text = ""
    for word in ["Hello", " there", ",", " friend"] * 50:
        text += word
        model.apply_event(event("partial", message={"role": "assistant", "content": text}))
    qtbot.wait_until(lambda: model.item(model.rowCount() - 1).text == text)
    assert model.rowCount() == 2
    assert model.item(1).streaming
    assert len(repaints) < 10  # 200 partials, a handful of frames
    final = {"role": "assistant", "content": text, "metadata": {"model": "m1"}}
    model.apply_event(event("assistant", message=final))
    assert model.rowCount() == 2
    assert not model.item(1).streaming
    assert model.item(1).message_index == 1
    assert model.item(1).text == text


def test_tool_row_collapsed_shows_preview_then_single_line_and_expands(view, qtbot):
    model = view.chat_model
    model.apply_event(event("assistant", message=tool_call_message("c1", "shell", {"cmd": "ls"})))
    model.apply_event(
        event(
            "tool_call",
            tool_call_id="c1",
            tool_name="shell",
            arguments={"cmd": "ls"},
            preview="$ ls",
            annotations={},
        )
    )
    row = model.tool_item("c1")
    assert row is not None
    assert not row.expanded
    assert row.summary == "$ ls"
    assert model.rowCount() == 2  # the empty assistant text gets no row of its own
    model.apply_event(event("tool_started", tool_call_id="c1"))
    assert row.state == "running"
    model.apply_event(event("tool_partial", tool_call_id="c1", part={"text": "a.py\n"}))
    model.apply_event(event("tool_partial", tool_call_id="c1", part="b.py\n"))
    qtbot.wait_until(lambda: row.output == "a.py\nb.py\n")
    model.apply_event(
        event("tool_result", message=tool_result("c1", "shell", "a.py\nb.py", "2 files"))
    )
    assert row.state == "success"
    assert row.summary == "2 files"
    collapsed_height = view.visualRect(model.index(1)).height()
    header = view.row_layout(1).header
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=header.center())
    assert row.expanded
    qtbot.wait_until(lambda: view.visualRect(model.index(1)).height() > collapsed_height + 40)
    layout = view.row_layout(1)
    assert not layout.arguments.isEmpty()
    assert not layout.output.isEmpty()
    assert view._delegate.document(row, 300, "arguments").toPlainText() == '{\n  "cmd": "ls"\n}'
    assert "b.py" in view._delegate.document(row, 300, "output").toPlainText()
    view.setCurrentIndex(model.index(1))
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert not row.expanded


def test_failed_tool_shows_error_state(view):
    model = view.chat_model
    model.apply_event(event("assistant", message=tool_call_message("c2", "read", {"p": "x"})))
    model.apply_event(
        event("tool_result", message=tool_result("c2", "read", "No such file", "failed", True))
    )
    assert model.tool_item("c2").state == "error"


def test_approval_prompt_is_keyboard_reachable_and_reports_choice(view, qtbot):
    model = view.chat_model
    model.apply_event(event("assistant", message=tool_call_message("c3", "write", {"p": "f"})))
    decisions = []
    view.approval_decided.connect(lambda call_id, decision: decisions.append((call_id, decision)))
    prompt = view.show_approval("c3")
    assert prompt is not None
    assert prompt.isVisible()
    assert model.tool_item("c3").state == "awaiting_approval"
    row_rect = view.visualRect(model.index(model.row_of(model.tool_item("c3"))))
    assert row_rect.contains(prompt.geometry())
    # The prompt never takes the keyboard by itself; the shortcut puts it on "Deny" first.
    assert not any(button.hasFocus() for button in prompt.buttons.values())
    prompt.take_focus()
    qtbot.wait_until(lambda: prompt.buttons["deny"].hasFocus())
    qtbot.keyClick(prompt.buttons["deny"], Qt.Key.Key_Backtab)
    assert prompt.buttons["allow_always"].hasFocus()
    qtbot.keyClick(prompt.buttons["allow_always"], Qt.Key.Key_Backtab)
    assert prompt.buttons["allow_session"].hasFocus()
    qtbot.keyClick(prompt.buttons["allow_session"], Qt.Key.Key_Space)
    assert decisions == [("c3", {"decision": "allow_session", "reason": None})]
    assert view.approval_prompt("c3") is None


def test_enter_presses_the_approval_button_the_shortcut_focused(view, qtbot):
    # Seen walking the app: Ctrl+Shift+A then Enter did nothing; only Space pressed the button.
    model = view.chat_model
    model.apply_event(event("assistant", message=tool_call_message("c5", "write", {"p": "f"})))
    decisions = []
    view.approval_decided.connect(lambda call_id, decision: decisions.append(decision))
    prompt = view.show_approval("c5")
    prompt.take_focus()
    qtbot.wait_until(lambda: prompt.buttons["deny"].hasFocus())
    released = []
    view.approval_released_keyboard.connect(lambda: released.append(True))
    qtbot.keyClick(prompt.buttons["deny"], Qt.Key.Key_Return)
    assert decisions == [{"decision": "deny", "reason": None}]
    assert released == [True]  # the window gives the keyboard back to the composer


def test_a_prompt_answered_by_mouse_leaves_the_keyboard_where_it_was(view, qtbot):
    model = view.chat_model
    model.apply_event(event("assistant", message=tool_call_message("c6", "write", {"p": "f"})))
    released = []
    view.approval_released_keyboard.connect(lambda: released.append(True))
    prompt = view.show_approval("c6")
    qtbot.mouseClick(prompt.buttons["deny"], Qt.MouseButton.LeftButton)
    assert view.approval_prompt("c6") is None
    assert released == []


def test_deny_with_reason(view, qtbot):
    model = view.chat_model
    model.apply_event(event("assistant", message=tool_call_message("c4", "rm", {"p": "/"})))
    decisions = []
    view.approval_decided.connect(lambda call_id, decision: decisions.append(decision))
    prompt = view.show_approval("c4")
    qtbot.keyClicks(prompt.reason, "too risky")
    qtbot.keyClick(prompt.reason, Qt.Key.Key_Return)
    assert decisions == [{"decision": "deny", "reason": "too risky"}]
    assert model.tool_item("c4").state == "denied"
    assert model.tool_item("c4").summary == "too risky"


def test_footer_template_renders_dotted_path(view):
    model = view.chat_model
    usage = {"input_tokens": 12, "output_tokens": 34}
    model.apply_event(
        event(
            "assistant",
            message={"role": "assistant", "content": "ok", "metadata": {"usage": usage}},
        )
    )
    view.set_footer_elements(
        [
            {
                "ui_type": "message_footer",
                "data": "metadata.usage.output_tokens",
                "template": "{{data}} tokens out",
            }
        ]
    )
    assert view._delegate.footer_text(model.item(1)) == "34 tokens out"
    assert view._delegate.footer_text(model.item(0)) == ""  # the user message has no usage
    assert view.row_layout(1).footer_text == "34 tokens out"


def test_footer_leaves_out_the_model_the_header_names(view):
    """The OpenAI plugin's footer ends with the model; without usage it is only the model."""
    model = view.chat_model
    view.set_footer_elements(
        [{"ui_type": "message_footer", "data": "metadata.usage_summary", "template": "{{data}}"}]
    )
    for summary in ("120 in · 30 out · local-model", "local-model"):
        metadata = {"model": "local-model", "usage_summary": summary}
        model.apply_event(
            event("assistant", message={"role": "assistant", "content": "ok", "metadata": metadata})
        )
    assert view._delegate.footer_text(model.item(1)) == "120 in · 30 out"
    assert model.item(2).text == "ok"
    assert view.row_layout(2).footer_text == ""


def test_an_answers_header_names_the_model_picked_and_keeps_the_servers_name_for_pointing(view):
    """One model label: the provider and model the request went to; the server's own name
    for it ("local-model" from a proxy) only when pointed at the header."""
    model = view.chat_model
    model.provider_label = {"claude": "Claude"}.get
    metadata = {
        "model": "local-model",
        "answered_by": {"provider": "claude", "model": "claude-second"},
        "usage_summary": "120 in · 30 out · local-model",
    }
    view.set_footer_elements(
        [{"ui_type": "message_footer", "data": "metadata.usage_summary", "template": "{{data}}"}]
    )
    model.apply_event(
        event("assistant", message={"role": "assistant", "content": "ok", "metadata": metadata})
    )
    answer = model.item(1)
    assert view._delegate.header_label(answer) == "Assistant  ·  claude-second · Claude"
    assert view._delegate.footer_text(answer) == "120 in · 30 out"
    header = view.row_layout(1).header
    assert view.header_tooltip(header.center()) == (
        "The server named the model that answered “local-model”."
    )
    assert view.header_tooltip(view.row_layout(1).body.center()) is None
    # The same name twice says nothing new: no tooltip.
    same = {
        "model": "claude-second",
        "answered_by": {"provider": "claude", "model": "claude-second"},
    }
    model.apply_event(
        event("assistant", message={"role": "assistant", "content": "again", "metadata": same})
    )
    assert view.header_tooltip(view.row_layout(2).header.center()) is None


def test_pointing_at_an_answers_header_shows_the_servers_name_as_its_tooltip(view):
    # Qt's own tooltip event on the viewport: the delegate answers it (no override of the
    # view's viewportEvent, which would be handed every event of the window's first paint).
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    metadata = {"model": "local-model", "answered_by": {"provider": "p", "model": "second"}}
    view.chat_model.apply_event(
        event("assistant", message={"role": "assistant", "content": "ok", "metadata": metadata})
    )
    view.show()
    header = view.row_layout(1).header.center()
    viewport = view.viewport()
    pointed = QHelpEvent(QEvent.Type.ToolTip, header, viewport.mapToGlobal(header))
    assert QApplication.sendEvent(viewport, pointed)
    assert QToolTip.isVisible()
    assert QToolTip.text() == "The server named the model that answered “local-model”."
    QToolTip.hideText()


def test_an_answer_from_before_the_pick_was_kept_names_the_servers_model(view):
    model = view.chat_model
    metadata = {"model": "local-model"}
    model.apply_event(
        event("assistant", message={"role": "assistant", "content": "ok", "metadata": metadata})
    )
    assert view._delegate.header_label(model.item(1)) == "Assistant  ·  local-model"


def test_reasoning_is_collapsed_until_clicked(view, qtbot):
    model = view.chat_model
    message = {"role": "assistant", "content": "answer", "metadata": {"reasoning": "step one"}}
    model.apply_event(event("assistant", message=message))
    item = model.item(1)
    assert not item.reasoning_expanded
    assert view.row_layout(1).reasoning.isEmpty()
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.row_layout(1).reasoning_toggle.center()
    )
    assert item.reasoning_expanded
    assert not view.row_layout(1).reasoning.isEmpty()


def test_auto_scroll_follows_until_the_user_scrolls_up(view, qtbot):
    model = view.chat_model
    for number in range(40):
        model.apply_event(
            event("assistant", message={"role": "assistant", "content": f"line {number}\n" * 3})
        )
    bar = view.verticalScrollBar()
    qtbot.wait_until(lambda: bar.maximum() > 0 and bar.value() == bar.maximum())
    bar.setValue(bar.maximum() // 2)
    assert not view.is_following()
    qtbot.wait(50)  # rows above the viewport get their exact heights (scroll compensated)
    top = view.indexAt(QPoint(10, 10))
    top_offset = view.visualRect(top).top()
    model.apply_event(event("partial", message={"role": "assistant", "content": "more\n" * 30}))
    qtbot.wait_until(lambda: model.item(model.rowCount() - 1).streaming)
    qtbot.wait(50)
    assert view.indexAt(QPoint(10, 10)) == top
    assert view.visualRect(top).top() == top_offset
    assert bar.value() < bar.maximum()
    view.follow_bottom()
    model.apply_event(event("partial", message={"role": "assistant", "content": "more\n" * 60}))
    qtbot.wait_until(lambda: bar.value() == bar.maximum())


def test_code_block_copy_button_copies_the_code(view, qtbot):
    model = view.chat_model
    text = "Look:\n\n```python\nprint('hi')\n```\n"
    model.apply_event(event("assistant", message={"role": "assistant", "content": text}))
    assert view.code_blocks_of(1) == ("print('hi')",)
    editor = view.open_selectable_text(1)
    assert editor is not None
    assert "print('hi')" in editor.toPlainText()
    assert editor.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse
    with qtbot.waitSignal(view.copied) as copied:
        editor.anchorClicked.emit(__import__("PySide6.QtCore").QtCore.QUrl("copy:0"))
    assert QGuiApplication.clipboard().text() == "print('hi')"
    # The user sees that it worked, where the pointer is.
    assert copied.args == ["Code copied"]
    from PySide6.QtWidgets import QToolTip

    assert QToolTip.isVisible()
    assert QToolTip.text() == "Code copied"


def test_message_actions_and_context_menu_hook(view, qtbot):
    model = view.chat_model
    model.apply_event(event("assistant", message={"role": "assistant", "content": "reply"}))
    hooked = []

    def add_entry(index: int, menu: QMenu) -> None:
        hooked.append(index)
        menu.addAction("Plugin action")

    view.message_context_menu_requested.connect(add_entry)
    menu = view.build_message_menu(model.index(1))
    labels = [action.text() for action in menu.actions() if action.text()]
    assert labels == ["Copy", "Regenerate", "Delete", "Fork chat from here", "Plugin action"]
    assert hooked == [1]
    requested = []
    view.action_requested.connect(lambda name, index: requested.append((name, index)))
    menu.actions()[1].trigger()
    assert requested == [("regenerate", 1)]
    menu.actions()[0].trigger()
    assert QGuiApplication.clipboard().text() == "reply"
    user_menu = view.build_message_menu(model.index(0))
    assert [a.text() for a in user_menu.actions()][:2] == ["Copy", "Edit"]
    # Hover actions in the row header do the same.
    header = view.row_layout(1).actions
    qtbot.mouseMove(view.viewport(), pos=header[0][1].center() + QPoint(0, 1))
    delete_rect = dict(view.row_layout(1).actions)["delete"]
    qtbot.mouseMove(view.viewport(), pos=delete_rect.center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=delete_rect.center())
    assert requested[-1] == ("delete", 1)


def test_error_event_becomes_a_notice_and_keeps_the_partial(view, qtbot):
    model = view.chat_model
    model.apply_event(event("partial", message={"role": "assistant", "content": "half an ans"}))
    model.apply_event(
        event(
            "error",
            error={
                "type": "HTTPError",
                "message": "Server said 500",
                "plugin": "openai",
                "hook": "stream_api",
            },
            message={"role": "assistant", "content": "half an answer"},
        )
    )
    kinds = [(item.kind, item.text) for item in model.items()]
    assert kinds[1] == ("message", "half an answer")
    assert model.item(1).stopped
    assert kinds[2][0] == "notice"
    assert "Server said 500" in kinds[2][1]
    assert "openai" in kinds[2][1]


def test_a_giant_code_block_shows_its_head_renders_off_thread_and_copies_whole(view, qtbot):
    lines = [f"value_{number} = compute({number})" for number in range(100_000)]
    code = "\n".join(lines)
    text = f"The file:\n\n```python\n{code}\n```\n"
    model = view.chat_model
    model.apply_event(event("assistant", message={"role": "assistant", "content": text}))
    view.executeDelayedItemsLayout()
    layout = view.row_layout(1)
    assert layout.show_all_text.startswith("Show all  (2.9 MB · 100,005 lines)")
    assert layout.height < 3000  # the head, not 100,000 lines
    # The head's Markdown and highlighting come from the worker thread, then replace the
    # plain stand-in; the Copy link copies the whole block, not the head's part of it.
    qtbot.wait_until(lambda: view._delegate.cached_document(model.item(1), 600).rich)
    assert view.code_blocks_of(1) == (code,)


def test_a_giant_line_of_code_shows_its_start_in_the_head():
    # Minified code: one line of megabytes. Cutting the head at the last line break before it
    # showed an empty code block.
    from agent_desktop.conversation.message_body import ELIDE_CHARACTERS, body_source

    line = "".join(f"a{number}=b({number});" for number in range(100_000))
    source = body_source(f"Minified:\n\n```js\n{line}\n```\n", 1)
    assert source.elided
    shown = source.text.split("```js\n", 1)[1].removesuffix("\n```")
    assert ELIDE_CHARACTERS // 2 < len(shown) <= ELIDE_CHARACTERS
    assert line.startswith(shown)
    assert not shown[-1].isalnum()  # between two words, not inside one
    assert source.full_code_block == line


@pytest.mark.parametrize(
    "line",
    ["result = compute(" + ", ".join(f"argument_{n}" for n in range(40)) + ")", "a0=b(0);" * 400],
    ids=["long line", "minified line"],
)
def test_a_code_block_with_a_long_line_stays_within_its_row(view, qtbot, line):
    # Unwrapped, the line widened the block past the row: text clipped, Copy out of sight.
    model = view.chat_model
    text = f"Here:\n\n```js\n{line}\n```\n"
    model.apply_event(event("assistant", message={"role": "assistant", "content": text}))
    view.executeDelayedItemsLayout()
    width = view.viewport().width() - 80
    qtbot.wait_until(lambda: view._delegate.cached_document(model.item(1), width).rich)
    document = view._delegate.cached_document(model.item(1), width).document
    assert document.size().width() <= width
    assert view.code_blocks_of(1) == (line,)


def test_heads_made_ahead_on_a_worker_are_the_heads_made_when_drawn():
    from agent_desktop.conversation.message_body import body_source, prepare_body_sources

    code = "\n".join(f"value_{number} = compute({number})" for number in range(20_000))
    text = f"The file:\n\n```python\n{code}\n```\n"
    made_when_drawn = body_source(text, 7)
    prepare_body_sources([text, "short"])
    made_ahead = body_source(text, 7)
    assert made_ahead is not made_when_drawn
    for name in BodySource.__slots__:
        assert getattr(made_ahead, name) == getattr(made_when_drawn, name), name
    assert made_ahead.elided
    assert made_ahead.lines == 20_005
    assert body_source(text[:-1], 8).text_version == 8  # another text is not mistaken for it


def test_a_giant_answer_streaming_in_gets_the_heads_made_from_its_whole_text():
    # Each frame only the added text is looked at; the result is what the whole text gives.
    from agent_desktop.conversation.message_body import body_source

    code = "".join(f"value_{number} = compute({number})\n" for number in range(3_000))
    text = f"The file:\n\n```python\n{code}```\nIt computes.\n" + "More words. " * 2_000
    source = body_source(text[:50], 0)
    cuts = [*range(300, len(text), 7_777), len(code) + 22, len(code) + 24, len(text)]
    for version, cut in enumerate(sorted(cuts), start=1):
        source = body_source(text[:cut], version, previous=source)
        whole = body_source(text[:cut], version)
        for name in ("characters", "code_block", "elided", "lines", "text", "text_version"):
            assert getattr(source, name) == getattr(whole, name), (name, cut)
        assert source.full_code_block == whole.full_code_block
    assert source.full_code_block == code.removesuffix("\n")
    edited = body_source("Another answer\n" * 500, 99, previous=source)  # not a continuation
    assert edited.lines == 501
    assert edited.code_block is None


def test_show_all_opens_the_whole_text_filled_progressively(view, qtbot):
    text = "".join(f"line {number} of a long answer\n" for number in range(60_000))
    model = view.chat_model
    model.apply_event(event("assistant", message={"role": "assistant", "content": text}))
    view.executeDelayedItemsLayout()
    menu = view.build_message_menu(model.index(1))
    [show_all] = [a for a in menu.actions() if a.objectName() == "messageAction_show_all"]
    show_all.trigger()
    [viewer] = view._viewers
    qtbot.add_widget(viewer)
    assert not viewer.loaded()  # the window is up before the text is in
    qtbot.wait_until(viewer.loaded, timeout=20_000)
    assert viewer.editor.toPlainText().rstrip("\n") == text.rstrip("\n")
    assert viewer.status.text() == f"{len(text):,} characters · 60,001 lines"


def test_an_answer_streaming_on_keeps_its_rendering_until_the_next_one_arrives(view, qtbot):
    """Past the length rendered on the worker thread, a frame with more text shows the
    Markdown of the text so far, not plain text: switching to plain text and back made every
    paragraph gap jump, frame after frame, while an answer streamed."""
    from agent_desktop.conversation.message_body import BACKGROUND_RENDER_CHARACTERS

    model = view.chat_model
    paragraph = "word " * 40 + "\n\n"
    text = paragraph * (BACKGROUND_RENDER_CHARACTERS // len(paragraph) + 2)
    model.apply_event(event("partial", message={"role": "assistant", "content": text}))
    model.flush()
    item = model.item(model.rowCount() - 1)
    delegate = view._delegate
    qtbot.wait_until(lambda: delegate.cached_document(item, 600).rich)
    rendered_height = delegate.cached_document(item, 600).document.size().height()

    text += paragraph
    model.apply_event(event("partial", message={"role": "assistant", "content": text}))
    model.flush()
    shown = delegate.cached_document(item, 600)
    assert shown.rich
    assert shown.document.size().height() == rendered_height  # the text so far, as rendered
    qtbot.wait_until(lambda: delegate.cached_document(item, 600).source == text)
    assert delegate.cached_document(item, 600).rich


def test_a_giant_answer_streams_without_rendering_its_whole_text_again(view, qtbot):
    model = view.chat_model
    chunk = "word " * 200 + "\n"
    text = ""
    for _ in range(200):
        text += chunk
        model.apply_event(event("partial", message={"role": "assistant", "content": text}))
        model.flush()
        view.viewport().repaint()
    item = model.item(model.rowCount() - 1)
    source = view._delegate.body_source(item)
    assert source.elided
    assert len(source.text) <= 4000
    assert view.row_layout(model.rowCount() - 1).show_all_text.startswith("Show all  (200 KB")


def test_the_prompt_says_what_the_tool_claims_and_offers_the_suggested_rule(view, qtbot):
    model = view.chat_model
    model.apply_event(event("assistant", message=tool_call_message("c9", "shell", {"c": "git"})))
    decisions = []
    view.approval_decided.connect(lambda call_id, decision: decisions.append(decision))
    details = {
        "destructive": True,
        "open_world": True,
        "changed_since_approval": True,
        "mcp_server": "files",
        "tool_description": "<b>Trusted</b> helper",
        "suggested_rule": {"kind": "command_prefix", "value": "git status", "label": "x"},
    }
    prompt = view.show_approval("c9", details)
    shown = [label.text() for label in prompt.warnings]
    assert any("changed since you approved" in text for text in shown)
    assert any("delete or overwrite" in text for text in shown)
    assert any("outside this computer" in text for text in shown)
    assert any("“<b>Trusted</b> helper”" in text for text in shown)  # shown as text, not markup
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in prompt.warnings)
    assert prompt.buttons["allow_rule"].text() == "Always allow x"
    qtbot.mouseClick(prompt.buttons["allow_rule"], Qt.MouseButton.LeftButton)
    assert decisions == [{"decision": "allow_rule", "reason": None}]


def test_a_prompt_whose_buttons_wrap_is_as_tall_as_they_need(view, qtbot):
    # Seen walking the app at 1000 px: Deny and Edit… wrapped onto a second line and covered
    # the reason field, the prompt being only as tall as one line of buttons.
    model = view.chat_model
    model.apply_event(
        event("assistant", message=tool_call_message("c10", "write_file", {"path": "notes.txt"}))
    )
    rule = {"kind": "path_prefix", "value": ".", "label": "files in the agent's workspace folder"}
    prompt = view.show_approval("c10", {"destructive": True, "suggested_rule": rule})
    view.resize(620, 600)
    qtbot.wait_until(lambda: prompt.width() < prompt.sizeHint().width())
    deny, reason = prompt.buttons["deny"], prompt.reason
    qtbot.wait_until(lambda: prompt.height() == view.row_layout(1).prompt.height())
    assert deny.geometry().bottom() < reason.geometry().top()
    assert reason.geometry().bottom() <= prompt.rect().bottom()


def test_a_long_history_is_a_bounded_window_paged_by_scrolling(qtbot):
    from tests.benchmarks.gui_session_fixture import long_session

    from agent_desktop.conversation.chat_model import HISTORY_PAGE_MESSAGES, MAX_ROWS

    full = long_session(1500, "s1")
    model = ChatModel()
    shown = ShownMessages(Session("s1", full.messages[-150:]), index_offset=1350)
    model.show(shown)
    view = ChatView(model)
    view.resize(800, 600)
    qtbot.add_widget(view)
    view.show()
    qtbot.wait_exposed(view)
    assert model.window() == (1500 - HISTORY_PAGE_MESSAGES, 1500)
    shown.session, shown.index_offset = full, 0  # the conversation paged the rest in
    model.history_prepended(1350)
    bar = view.verticalScrollBar()
    seen_rows = []

    def scrolled_up_to_the_first_message() -> bool:
        top = view.indexAt(QPoint(10, 1)).data(ITEM_ROLE)
        bar.setValue(max(0, bar.value() - 3000))
        seen_rows.append(model.rowCount())
        # What was at the top stays in view while pages come in above it.
        assert top is None or view.visualRect(model.index(model.row_of(top))).bottom() > -3000
        return model.window()[0] == 0 and bar.value() == 0

    qtbot.wait_until(scrolled_up_to_the_first_message, timeout=30_000)
    assert max(seen_rows) <= MAX_ROWS + HISTORY_PAGE_MESSAGES * 2
    assert model.item(0).message_index == 0
    assert model.can_load_newer()  # the newest ones were let go meanwhile

    view.follow_bottom()  # Ctrl+End
    assert model.window()[1] == 1500
    assert not model.can_load_newer()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    assert model.window()[0] == 0
    assert view.reveal_message(700)  # a search result far from both ends
    assert model.item(view.currentIndex().row()).message_index == 700
    assert view.revealed_key() == model.item(view.currentIndex().row()).key


class PaintWatcher(QObject):
    """Notes each paint of a widget in `events`."""

    def __init__(self, events: list[str]) -> None:
        super().__init__()
        self.events = events

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.events.append("painted")
        return False


def test_scrolling_a_page_a_frame_lays_all_rows_out_once_a_frame_at_most(qtbot, monkeypatch):
    """Scrolled a page a frame through a long chat, each frame found heights twice (the rows
    just above the viewport, the rows painted) and paged older messages in: three relayouts
    of 600 rows in one frame, the longest frames. After a relayout, handing heights over and
    paging in wait until the rows are painted (or, unpainted, a while: made longer than the
    test here)."""
    from tests.benchmarks.gui_session_fixture import long_session

    from agent_desktop.conversation import chat_layout

    monkeypatch.setattr(chat_layout, "UNPAINTED_RELAYOUT_WAIT_MS", 600_000, raising=False)
    model = ChatModel()
    model.show(ShownMessages(long_session(1500, "s1")))
    view = ChatView(model)
    view.resize(800, 600)
    qtbot.add_widget(view)
    view.show()
    qtbot.wait_exposed(view)
    qtbot.wait(200)  # the first heights are handed over
    bar = view.verticalScrollBar()
    events: list[str] = []
    watcher = PaintWatcher(events)
    view.viewport().installEventFilter(watcher)
    note_relayout = view._refinement.note_relayout

    def noted_relayout() -> None:
        events.append("laid out")
        note_relayout()

    monkeypatch.setattr(view._refinement, "note_relayout", noted_relayout)
    first_shown = model.window()[0]
    for _frame in range(120):
        bar.setValue(bar.value() - bar.pageStep())
        view.viewport().repaint()
        QApplication.processEvents()
    assert model.window()[0] <= first_shown - 3 * 100  # pages of older messages came in
    view.viewport().removeEventFilter(watcher)
    relayouts = events.count("laid out")
    assert relayouts >= 3
    back_to_back = sum(
        1 for before, after in itertools.pairwise(events) if before == after == "laid out"
    )
    assert back_to_back == 0, f"{back_to_back} of {relayouts} relayouts followed another unpainted"


def test_the_delegate_paints_from_the_model_and_its_paint_state_in_any_item_view(qtbot):
    """The delegate needs no ChatView: rows, hover and renders come from the model, the paint
    state and its signals."""
    from PySide6.QtWidgets import QListView

    from agent_desktop.conversation.chat_delegate import ChatDelegate
    from agent_desktop.conversation.chat_layout import PaintState
    from agent_desktop.conversation.message_body import BACKGROUND_RENDER_CHARACTERS

    giant = "word " * (BACKGROUND_RENDER_CHARACTERS // 4)
    model = ChatModel()
    model.show(ShownMessages(Session("s1", [Message("user", "hi"), Message("assistant", giant)])))
    plain = QListView()
    state = PaintState()
    delegate = ChatDelegate(model, state, plain)
    renders = []
    delegate.renders_pending.connect(lambda: renders.append(True))
    plain.setModel(model)
    plain.setItemDelegate(delegate)
    plain.resize(700, 500)
    qtbot.add_widget(plain)
    plain.show()
    qtbot.wait_exposed(plain)
    qtbot.wait_until(lambda: bool(renders))  # the giant answer goes to the worker thread
    plain.scrollToTop()
    before = plain.viewport().grab().toImage()
    state.hovered_row = 0  # pointed at: the user message's actions show
    plain.viewport().repaint()
    after = plain.viewport().grab().toImage()
    assert before != after


def repeated_id_history() -> list[Message]:
    """Two turns whose calls are both `call_1` (different tools), as many servers send them."""
    return [
        Message("user", "echo please"),
        Message.from_dict(tool_call_message("call_1", "echo", {"text": "ping"})),
        Message.from_dict(tool_result("call_1", "echo", "ECHO: ping", "ECHO: ping")),
        Message("assistant", "It said ECHO: ping"),
        Message("user", "run shell please"),
        Message.from_dict(tool_call_message("call_1", "shell", {"cmd": "ls"})),
        Message.from_dict(tool_result("call_1", "shell", "a.py", "1 file")),
        Message("assistant", "One file."),
    ]


def tool_rows(model: ChatModel) -> list[tuple[str, str, tuple[int, int] | None]]:
    tools = [item for item in model.items() if item.kind == "tool"]
    return [(item.tool_name, item.summary, item.call_key) for item in tools]


def test_calls_sharing_an_id_across_turns_keep_their_own_rows_when_reopened(view):
    model = view.chat_model
    history = repeated_id_history()
    # A third turn calling twice with one id (a server numbering by turn, not by call).
    both = tool_call_message("call_0", "read", {"p": "a"})
    both["metadata"]["tool_calls"] += tool_call_message("call_0", "read", {"p": "b"})["metadata"][
        "tool_calls"
    ]
    history += [
        Message("user", "read both"),
        Message.from_dict(both),
        Message.from_dict(tool_result("call_0", "read", "A", "read a")),
        Message.from_dict(tool_result("call_0", "read", "B", "read b")),
    ]
    model.show(ShownMessages(Session("s1", history)))

    assert tool_rows(model) == [
        ("echo", "ECHO: ping", (1, 0)),
        ("shell", "1 file", (5, 0)),
        ("read", "read a", (9, 0)),
        ("read", "read b", (9, 1)),
    ]
    # Each row in its own turn: under its question, above its answer.
    shown = [item.text if item.kind == "message" else item.tool_name for item in model.items()]
    assert shown == [
        "echo please",
        "echo",
        "It said ECHO: ping",
        "run shell please",
        "shell",
        "One file.",
        "read both",
        "read",
        "read",
    ]


def test_a_live_call_repeating_an_id_gets_the_approval_and_result_on_its_own_row(view, qtbot):
    model = view.chat_model
    history = repeated_id_history()[:4]
    model.show(ShownMessages(Session("s1", history)))
    model.add_user_message(Message("user", "run shell please"), 4)
    call = tool_call_message("call_1", "shell", {"cmd": "ls"})
    model.apply_event(event("assistant", message=call, message_index=5))
    shell = {"tool_call_id": "call_1", "call_key": (5, 0), "tool_name": "shell"}
    model.apply_event(event("tool_call", **shell, preview="$ ls"))
    old, new = model.tool_item((1, 0)), model.tool_item((5, 0))
    assert old is not new
    assert (old.summary, new.summary) == ("ECHO: ping", "$ ls")

    prompt = view.show_approval((5, 0), {"tool_name": "shell"})
    assert prompt is not None
    assert new.state == "awaiting_approval"
    assert old.state == "success"
    new_rect = view.visualRect(model.index(model.row_of(new)))
    qtbot.wait_until(lambda: new_rect.contains(prompt.geometry()))
    assert view.approval_prompt((1, 0)) is None
    assert view.approval_prompt((5, 0)) is prompt

    view.dismiss_approval((5, 0))
    model.apply_event(event("tool_started", tool_call_id="call_1", call_key=(5, 0)))
    result = tool_result("call_1", "shell", "a.py", "1 file")
    model.apply_event(event("tool_result", message=result, call_key=(5, 0), message_index=6))
    assert (old.summary, old.state) == ("ECHO: ping", "success")
    assert (new.summary, new.state) == ("1 file", "success")
    assert [name for name, _summary, _key in tool_rows(model)] == ["echo", "shell"]


def test_a_page_boundary_between_a_call_and_its_result_shows_the_call_once(view):
    from agent_desktop.conversation.chat_model import HISTORY_PAGE_MESSAGES

    model = view.chat_model
    history = repeated_id_history()[:3]  # question, echo call_1, its result
    while len(history) < HISTORY_PAGE_MESSAGES - 2:
        history.append(Message("user" if len(history) % 2 else "assistant", f"m{len(history)}"))
    history += repeated_id_history()[4:]  # the shell turn, call_1 again
    model.show(ShownMessages(Session("s1", history)))
    assert model.window()[0] == 2  # the newest page starts with the echo result, not its call
    assert tool_rows(model)[0] == ("echo", "ECHO: ping", None)
    model.load_older()
    assert tool_rows(model) == [
        ("echo", "ECHO: ping", (1, 0)),
        ("shell", "1 file", (len(history) - 3, 0)),
    ]
    assert model.tool_item((1, 0)).arguments == json.dumps({"text": "ping"})


def test_a_chat_emptied_while_its_rows_are_laid_out_stops_the_layout_work(qtbot):
    """The idle-time layout follows the model: emptied (the chat shown was deleted) mid-way, it
    stops, rather than laying out row -1 of nothing at every tick."""
    answer = "A paragraph long enough to wrap over a few lines of the view. " * 20
    model = ChatModel()
    model.show(ShownMessages(Session("s1", [Message("assistant", answer) for _ in range(200)])))
    chat = ChatView(model)
    chat.resize(800, 600)
    qtbot.add_widget(chat)
    chat.show()
    qtbot.wait_exposed(chat)
    assert chat._refinement._refiner.isActive()  # 200 long rows are not laid out in one slice

    model.show(ShownMessages(None))  # pytest-qt fails the test on an exception in a slot
    qtbot.wait(50)
    assert not chat._refinement._refiner.isActive()

    model.show(ShownMessages(Session("s2", [Message("assistant", answer)] * 3)))
    qtbot.wait_until(lambda: chat.row_layout(0).height > 100)  # the next chat is laid out


def test_the_tool_server_notice_says_how_the_servers_are_now(view):
    model = view.chat_model
    model.apply_event({"type": "notice", "text": "0 of 1 tool servers ready — 'raw' failed"})
    model.apply_event({"type": "notice", "text": "Every tool server is ready now."})
    notices = [item.text for item in model.items() if item.role == "tool_servers"]
    assert notices == ["Every tool server is ready now."]


def test_a_reopened_chat_still_shows_how_long_each_call_took(view):
    # A walk saw "done · 0.1 s" become "done" after leaving the chat and coming back.
    quick, slow = (tool_result(call, "echo", "ok", "ok") for call in ("c1", "c2"))
    quick["metadata"]["duration_seconds"] = 0.01
    slow["metadata"]["duration_seconds"] = 1.24
    history = [
        Message("user", "echo twice"),
        Message.from_dict(tool_call_message("c1", "echo", {})),
        Message.from_dict(quick),
        Message.from_dict(tool_call_message("c2", "echo", {})),
        Message.from_dict(slow),
    ]
    view.chat_model.show(ShownMessages(Session("s1", history)))
    quick_row, slow_row = view.chat_model.tool_item("c1"), view.chat_model.tool_item("c2")
    assert quick_row is not None
    assert slow_row is not None
    delegate = view._delegate
    previous = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.German))  # the user's locale writes the number
    try:
        assert delegate.with_duration("done", slow_row.seconds) == "done · 1,2 s"
        assert delegate.with_duration("done", quick_row.seconds) == "done · < 0,1 s"
    finally:
        QLocale.setDefault(previous)


def test_the_tool_servers_notice_goes_once_every_server_is_ready(view):
    # A walk saw "0 of 1 tool servers ready" stay after the Tools button said all were ready.
    model = view.chat_model
    model.apply_event(event("notice", text="0 of 1 tool servers ready — 'x' is still starting"))
    assert [item.role for item in model.items()] == ["user", "tool_servers"]
    model.drop_server_readiness()
    assert [item.role for item in model.items()] == ["user"]


def test_the_tools_button_says_when_every_enabled_server_became_ready():
    from agent_desktop.tool_servers.status_button import ready_of_enabled

    starting = [{"state": "starting"}, {"state": "running"}, {"state": "x", "enabled": False}]
    assert ready_of_enabled(starting) == (1, 2)
    assert ready_of_enabled([{**starting[0], "state": "running"}, *starting[1:]]) == (2, 2)


def test_a_theme_change_lays_the_rows_out_again_and_repaints_them(view, qtbot):
    # The relayout repaints the viewport itself (the view no longer asks for it: that made
    # PySide build every widget class before the window's first paint).
    from PySide6.QtCore import QEvent, QObject

    class PaintCounter(QObject):
        paints = 0

        def eventFilter(self, watched: QObject, happened: QEvent) -> bool:
            if happened.type() == QEvent.Type.Paint:
                self.paints += 1
            return False

    counter = PaintCounter()
    view.viewport().installEventFilter(counter)
    qtbot.wait(50)  # paints the show asked for are over
    counter.paints = 0
    laid_out = view.row_layout(0)

    view.theme_changed()

    qtbot.wait_until(lambda: counter.paints > 0)
    assert view.row_layout(0) is not laid_out  # measured anew, for the new theme's fonts


def test_a_streaming_giant_answer_draws_only_the_lines_in_sight(view, qtbot, monkeypatch):
    """Its head is one paragraph taller than the chat: each frame draws the lines the viewport
    shows, not every line of the paragraph."""
    from PySide6.QtGui import QAbstractTextDocumentLayout

    drawn: list[int] = []
    real_draw = QAbstractTextDocumentLayout.draw

    def counting_draw(layout, painter, context):
        document = layout.document()
        block, lines = document.begin(), 0
        while block.isValid():
            top = layout.blockBoundingRect(block).top()
            for number in range(block.layout().lineCount()):
                line = block.layout().lineAt(number).rect().translated(0, top)
                clip = context.clip
                lines += not clip.isValid() or line.intersects(clip)
            block = block.next()
        drawn.append(lines)
        real_draw(layout, painter, context)

    monkeypatch.setattr(QAbstractTextDocumentLayout, "draw", counting_draw)
    view.resize(800, 200)
    model = view.chat_model
    text = "word " * 5000  # one paragraph; its head is 4,000 characters
    model.apply_event(event("partial", message={"role": "assistant", "content": text}))
    model.flush()
    view.viewport().repaint()
    body = view.row_layout(model.rowCount() - 1).body
    line_height = view.fontMetrics().lineSpacing()
    assert body.height() > 2 * view.viewport().height()  # most of the head is out of sight
    drawn.clear()
    view.viewport().repaint()
    assert drawn
    assert max(drawn) <= view.viewport().height() // line_height + 2


def counted_relayouts(view, monkeypatch) -> list[int]:
    """A list that gains an entry each time the view lays its rows out again."""
    relayouts: list[int] = []
    refinement = view._refinement  # told of each relayout by the view's doItemsLayout
    real_note = refinement.note_relayout

    def counting_note():
        relayouts.append(1)
        real_note()

    monkeypatch.setattr(refinement, "note_relayout", counting_note)
    return relayouts


def test_an_answer_streaming_past_the_head_its_row_shows_does_not_lay_the_rows_out_again(
    view, qtbot, monkeypatch
):
    """Once the head is full its row keeps its height: a partial repaints the row (its size
    grows on the Show all line) without laying every row of the chat out again."""
    relayouts = counted_relayouts(view, monkeypatch)
    model = view.chat_model
    text = "word " * 2000  # past the head (4,000 characters) from the first partial
    model.apply_event(event("partial", message={"role": "assistant", "content": text}))
    qtbot.wait_until(lambda: model.item(model.rowCount() - 1).text == text)
    qtbot.wait(100)  # the new row's relayouts and paints are done
    assert relayouts  # a row that changed its height is laid out with the others
    relayouts.clear()
    for _ in range(5):
        text += "word " * 100
        model.apply_event(event("partial", message={"role": "assistant", "content": text}))
        model.flush()
        QApplication.processEvents()
        view.viewport().repaint()
    assert relayouts == []
    row = model.rowCount() - 1
    assert view.row_layout(row).show_all_text.startswith("Show all  (13 KB")


def test_an_answer_starting_to_stream_lays_the_rows_out_once(view, qtbot, monkeypatch):
    """The new streaming row is measured for real when Qt first asks its size, not estimated
    and corrected after its first paint by a second relayout of every row."""
    qtbot.wait(300)  # the shown chat's own relayouts are done
    relayouts = counted_relayouts(view, monkeypatch)
    model = view.chat_model
    text = "A first line of the answer.\n" * 30
    model.apply_event(event("partial", message={"role": "assistant", "content": text}))
    qtbot.wait_until(lambda: model.item(model.rowCount() - 1).text == text)
    qtbot.wait(300)  # the relayouts and paints that follow are done
    assert view.row_layout(model.rowCount() - 1).body.height() > 0
    assert len(relayouts) == 1


def test_a_message_sent_lays_the_rows_out_once(view, qtbot, monkeypatch):
    """The user's new row, the last, is measured for real when Qt first asks its size, not
    estimated and corrected after its first paint by a second relayout of every row."""
    qtbot.wait(300)  # the shown chat's own relayouts are done
    relayouts = counted_relayouts(view, monkeypatch)
    model = view.chat_model
    model.add_user_message(Message("user", "A question of a few lines.\n" * 12), 1)
    view.follow_bottom()
    qtbot.wait(300)  # the relayouts and paints that follow are done
    assert view.row_layout(model.rowCount() - 1).body.height() > 0
    assert len(relayouts) == 1
