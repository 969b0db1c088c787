"""Composer completions from feature plugins: debounced, asynchronous, keyboard-driven popup.

As the user types, the text before the cursor goes to every enabled feature's
`get_completions(config, text)` (through the core) after a short pause; the answers appear in a
popup under the cursor showing `display` and `display_meta`. Accepting one inserts its
`replacement` at its `start`, then the owning feature's `apply_completion` may rewrite what was
inserted. A completion carrying `attach_path` also attaches that file to the message. Feature
templates (`get_template`) are offered too, as expansions of what was typed (see
`agent_app.templates`).

Keys while the popup is open: Up/Down choose, Enter or Tab accept, Escape closes.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPoint,
    QRect,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import QKeyEvent, QPainter, QTextCursor
from PySide6.QtWidgets import (
    QFrame,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from agent_app.templates import template_completions
from agent_desktop.forms.elicitation import ask_user
from agent_desktop.toolkit.theme import current_palette, qcolor

if TYPE_CHECKING:
    from agent_app.plugin_queries import PluginQueries
    from agent_app.tool_servers import ToolServers

DEBOUNCE_MS = 150
MAX_VISIBLE_ROWS = 8
MIN_POPUP_WIDTH = 360
MAX_POPUP_WIDTH = 720
COMPLETION_ROLE = Qt.ItemDataRole.UserRole + 1

CompletionFetcher = Callable[[str], Awaitable[list[dict[str, Any]]]]
CompletionApplier = Callable[[str, dict[str, Any]], Awaitable[str] | str]


class _CompletionDelegate(QStyledItemDelegate):
    """`display` first, its `display_meta` muted after it; a group's header (its server) muted
    and bold above its entries."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:  # type: ignore[override]
        completion = index.data(COMPLETION_ROLE) or {}
        palette = current_palette()
        painter.save()
        rect: QRect = option.rect
        text_rect = rect.adjusted(10, 0, -10, 0)
        align = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        metrics = option.fontMetrics
        header = completion.get("header")
        if header is not None:
            font = painter.font()
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(qcolor(palette.muted))
            painter.drawText(text_rect, align, str(header))
            painter.restore()
            return
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(rect, qcolor(palette.selection))
        display = metrics.elidedText(
            str(completion.get("display") or completion.get("replacement") or ""),
            Qt.TextElideMode.ElideRight,
            max(20, text_rect.width() * 2 // 3),
        )
        painter.setPen(qcolor(palette.text))
        painter.drawText(text_rect, align, display)
        meta = str(completion.get("display_meta") or "")
        if meta:
            meta_rect = text_rect.adjusted(metrics.horizontalAdvance(display) + 14, 0, 0, 0)
            painter.setPen(qcolor(palette.muted))
            shown = metrics.elidedText(meta, Qt.TextElideMode.ElideRight, meta_rect.width())
            painter.drawText(meta_rect, align, shown)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:  # type: ignore[override]
        return QSize(200, option.fontMetrics.height() + 10)


class CompletionPopup(QFrame):
    """A list floating over the window above the cursor; it never takes the keyboard focus.

    It is a child of the composer's window rather than a window of its own, so it needs no
    window-manager support and cannot steal focus from the text being typed.
    """

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("completionPopup")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        palette = current_palette()
        self.setStyleSheet(
            f"QFrame#completionPopup {{ background: {palette.surface}; "
            f"border: 1px solid {palette.border}; border-radius: 6px; }}"
            "QListWidget { border: none; background: transparent; }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.list = QListWidget()
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.list.setItemDelegate(_CompletionDelegate(self.list))
        self.list.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.list)
        self.hide()

    def set_completions(self, completions: list[dict[str, Any]]) -> None:
        """Show `completions`; those with a `group` (a tool server) under its name."""
        self.list.clear()
        group = None
        for completion in completions:
            if completion.get("group") is not None and completion["group"] != group:
                group = completion["group"]
                header = QListWidgetItem(str(group))
                header.setData(COMPLETION_ROLE, {"header": group})
                header.setFlags(Qt.ItemFlag.NoItemFlags)  # a heading: never chosen
                self.list.addItem(header)
            item = QListWidgetItem(str(completion.get("display") or completion["replacement"]))
            item.setData(COMPLETION_ROLE, completion)
            tip = completion.get("tooltip") or completion.get("display_meta")
            if tip:
                item.setToolTip(str(tip))
            self.list.addItem(item)
        self.list.setCurrentRow(-1)
        self.move_selection(1)
        rows = min(self.list.count(), MAX_VISIBLE_ROWS)
        row_height = self.list.sizeHintForRow(0) if completions else 20
        self.resize(self._fitting_width(completions), rows * row_height + 12)

    def _fitting_width(self, completions: list[dict[str, Any]]) -> int:
        """Wide enough for the longest name and its description, within the window."""
        metrics = self.list.fontMetrics()
        needed = max(
            (
                metrics.horizontalAdvance(str(c.get("display") or c.get("replacement") or ""))
                + metrics.horizontalAdvance(str(c.get("display_meta") or ""))
                + 60
                for c in completions
            ),
            default=0,
        )
        window = self.parentWidget()
        widest = window.width() - 24 if window is not None else MAX_POPUP_WIDTH
        return max(MIN_POPUP_WIDTH, min(needed, widest, MAX_POPUP_WIDTH))

    def current(self) -> dict[str, Any] | None:
        item: QListWidgetItem | None = self.list.currentItem()
        if item is None or not item.flags() & Qt.ItemFlag.ItemIsEnabled:
            return None
        completion: dict[str, Any] = item.data(COMPLETION_ROLE)
        return completion

    def move_selection(self, step: int) -> None:
        """To the next (`step` 1) or previous (-1) entry that can be chosen, round the list."""
        count = self.list.count()
        row = self.list.currentRow()
        for _ in range(count):
            row = (row + step) % count
            if self.list.item(row).flags() & Qt.ItemFlag.ItemIsEnabled:
                self.list.setCurrentRow(row)
                return


class CompletionController(QObject):
    """Watches a composer, asks for completions after a pause, runs the popup."""

    def __init__(
        self,
        composer: Any,
        fetch: CompletionFetcher,
        apply: CompletionApplier,
        *,
        debounce_ms: int = DEBOUNCE_MS,
    ) -> None:
        super().__init__(composer)
        self.composer = composer
        self.edit = composer.edit
        self.fetch = fetch
        self.apply = apply
        self.popup = CompletionPopup(self.edit)
        self.popup.list.itemClicked.connect(lambda _item: self.accept_current())
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self._request)
        self._generation = 0
        self._inserting = False
        self.pending: asyncio.Task[Any] | None = None
        self.problem: str | None = None
        self.edit.textChanged.connect(self._text_changed)
        self.edit.installEventFilter(self)

    # -- asking
    def _text_changed(self) -> None:
        if self._inserting:
            return
        self._generation += 1
        self._timer.start()

    def _request(self) -> None:
        generation = self._generation
        text = self.composer.text_before_cursor()
        self.pending = asyncio.ensure_future(self._fill(text, generation))

    async def _fill(self, text: str, generation: int) -> None:
        try:
            completions = await self.fetch(text)
        except Exception as error:  # noqa: BLE001 - a broken plugin costs the popup, never the typing
            self.problem = f"Completions failed: {type(error).__name__}: {error}"
            self.hide_popup()
            return
        self.problem = None
        if generation != self._generation:
            return  # the user typed on; a newer request is on its way
        usable = [
            completion
            for completion in completions
            if isinstance(completion, Mapping)
            and isinstance(completion.get("replacement"), str)
            and isinstance(completion.get("start"), int)
            and 0 <= completion["start"] <= len(text)
        ]
        if not usable:
            self.hide_popup()
            return
        self.popup.set_completions([dict(completion) for completion in usable])
        self._place_popup(min(completion["start"] for completion in usable))
        self.popup.show()

    def _place_popup(self, start: int) -> None:
        window = self.edit.window()
        if self.popup.parentWidget() is not window:
            self.popup.setParent(window)
        # Line the list up with the text it replaces (e.g. the "@" of "@file:").
        anchor = QTextCursor(self.edit.document())
        anchor.setPosition(min(start, self.edit.document().characterCount() - 1))
        cursor_rect = self.edit.cursorRect(anchor)
        top_left = self.edit.viewport().mapTo(window, cursor_rect.topLeft())
        bottom = self.edit.viewport().mapTo(window, cursor_rect.bottomLeft()).y()
        height = self.popup.height()
        # Above the line being typed (the composer sits at the bottom), else below it.
        y = top_left.y() - height - 4 if top_left.y() - height - 4 >= 0 else bottom + 4
        x = max(0, min(top_left.x(), window.width() - self.popup.width()))
        self.popup.move(QPoint(x, y))
        self.popup.raise_()

    def hide_popup(self) -> None:
        self.popup.hide()

    # -- accepting
    def accept_current(self) -> asyncio.Task[Any] | None:
        completion = self.popup.current()
        self.hide_popup()
        if completion is None:
            return None
        return asyncio.ensure_future(self.accept(completion))

    async def accept(self, completion: dict[str, Any]) -> None:
        start, replacement = completion["start"], completion["replacement"]
        self._inserting = True
        try:
            self.composer.insert_completion(start, replacement)
        finally:
            self._inserting = False
        applied = self.apply(self.composer.text(), completion)
        final = await applied if inspect.isawaitable(applied) else applied
        if isinstance(final, str) and final and final != replacement:
            # The feature rewrote what it inserted: replace exactly that span again.
            self._inserting = True
            try:
                self.composer.insert_completion(start, final)
            finally:
                self._inserting = False
        else:
            self._text_changed()  # e.g. a folder: offer what is inside it
        attach_path = completion.get("attach_path")
        if attach_path and hasattr(self.composer, "attach_files"):
            self.composer.attach_files([Path(str(attach_path))])

    # -- keys
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.edit and self.popup.isVisible():
            if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
                key = event.key()
                if key in (Qt.Key.Key_Down, Qt.Key.Key_Up):
                    self.popup.move_selection(1 if key == Qt.Key.Key_Down else -1)
                    return True
                if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab):
                    self.accept_current()
                    return True
                if key == Qt.Key.Key_Escape:
                    self.hide_popup()
                    return True
            elif event.type() == QEvent.Type.FocusOut:
                self.hide_popup()
        return super().eventFilter(watched, event)


def install_completer(
    composer: Any,
    app: Any,
    *,
    current_agent_id: Callable[[], str | None],
    debounce_ms: int = DEBOUNCE_MS,
) -> CompletionController:
    """Wire `composer` to the enabled features of the current agent (asked off the GUI thread
    through the application's plugin-query facade)."""
    queries: PluginQueries = app.plugin_queries

    async def fetch(text: str) -> list[dict[str, Any]]:
        found, templates = await queries.completions(current_agent_id(), text)
        servers = prompt_completions(app.tool_servers.prompts(), text)
        servers += resource_completions(app.tool_servers.resources(), text)
        return servers + found + template_completions(templates, text)

    async def apply(text: str, completion: dict[str, Any]) -> str:
        prompt = completion.get("mcp_prompt")
        if isinstance(prompt, dict):
            return await fill_prompt(app, prompt, composer)
        resource = completion.get("mcp_resource")
        if isinstance(resource, dict):
            # The typed "@…" goes; the resource becomes an attachment chip.
            await attach_resource(composer, app.tool_servers, resource)
            return ""
        return await queries.apply_completion(current_agent_id(), text, completion)

    return CompletionController(composer, fetch, apply, debounce_ms=debounce_ms)


async def attach_resource(
    composer: Any, tool_servers: ToolServers, resource: dict[str, Any]
) -> None:
    """A tool server's resource read into the session's asset store, shown as a chip."""
    await composer.attach_from(
        lambda session_id: tool_servers.attach_resource(session_id, resource)
    )


def prompt_completions(prompts: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """Tool servers' prompts as `/server:prompt` commands, when the message starts with `/`:
    grouped by server, each named by its title, its description after."""
    if not text.startswith("/") or any(character.isspace() for character in text):
        return []
    commands = []
    for prompt in sorted(prompts, key=lambda p: (str(p["server"]), str(p["name"]))):
        command = f"/{prompt['server']}:{prompt['name']}"
        if command.startswith(text) or f"/{prompt['name']}".startswith(text):
            commands.append(
                {
                    "start": 0,
                    "replacement": command,
                    "display": prompt.get("title") or prompt["name"],
                    "display_meta": prompt.get("description") or "",
                    "tooltip": command,
                    "group": prompt["server"],
                    "mcp_prompt": prompt,
                }
            )
    return commands


def resource_completions(resources: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """Tool servers' resources as `@server:name`, offered for the word being typed after `@`."""
    word = text.rsplit(None, 1)[-1] if text and not text[-1].isspace() else ""
    if not word.startswith("@"):
        return []
    query = word[1:].lower()
    offered = []
    for resource in sorted(resources, key=lambda r: (str(r["server"]), str(r["name"]))):
        label = f"@{resource['server']}:{resource['name']}"
        if label[1:].lower().startswith(query) or query in str(resource["name"]).lower():
            offered.append(
                {
                    "start": len(text) - len(word),
                    "replacement": "",
                    "display": resource.get("title") or resource["name"],
                    "display_meta": resource.get("description") or resource.get("mime") or "",
                    "tooltip": label,
                    "group": resource["server"],
                    "mcp_resource": resource,
                }
            )
    return offered


async def fill_prompt(app: Any, prompt: dict[str, Any], parent: Any) -> str:
    """Ask for the prompt's arguments (a form from its argument list), then fetch its text.

    Returns the text to put in the composer: the prompt's, or the command itself when the user
    cancels or the server refuses (the reason is shown in the composer's message line).
    """
    command = f"/{prompt['server']}:{prompt['name']}"
    arguments: dict[str, str] = {}
    if prompt.get("arguments"):
        schema = {
            "type": "object",
            "properties": {
                argument["name"]: {
                    "type": "string",
                    "title": argument.get("title") or argument["name"],
                    "description": argument.get("description") or "",
                }
                for argument in prompt["arguments"]
            },
            "required": [a["name"] for a in prompt["arguments"] if a.get("required")],
        }
        request = {
            "server": prompt["server"],
            "message": prompt.get("description")
            or QCoreApplication.translate("Completion", "Arguments for {command}").format(
                command=command
            ),
            "schema": schema,
        }
        answer = await ask_user(
            request,
            parent.window(),
            title=QCoreApplication.translate("Completion", "{command}: arguments").format(
                command=command
            ),
        )
        if answer.get("action") != "accept":
            return command
        arguments = {key: str(value) for key, value in (answer.get("content") or {}).items()}
    try:
        return str(await app.tool_servers.get_prompt(prompt, arguments))
    except Exception as error:  # noqa: BLE001 - the server's refusal, shown where the user is typing
        parent.show_message(
            QCoreApplication.translate("Completion", "The prompt {command} failed: {error}").format(
                command=command, error=error
            )
        )
        return command
