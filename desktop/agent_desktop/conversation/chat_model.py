"""The conversation as a flat list of rows: one per message and one per tool call.

`ChatModel` turns a chat's messages and the live events of `app.send_request(...)` into rows.
It keeps no copy of the session: it reads the messages from a `MessageSource` (the chat's
`Conversation`, which holds the one live copy) whenever it builds rows.
A tool call is its own row (collapsed by default); its `role: "tool"` result message is folded
into that row instead of getting a row of its own. A call is known by its key, the index of the
assistant message that made it and its position there (`CallKey`), never by the id the model gave
it: ids repeat across turns (many servers number each turn's calls `call_0`, ...), even within one.
A stored result pairs with the first call of the newest turn still open with its id.
Streaming `partial` and `tool_partial` events are coalesced: the newest value is kept and applied
at most once per frame (adaptive: a slow render stretches the interval so the GUI never eats more
than about a quarter of the loop).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import (
    QAbstractListModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QTimer,
    Signal,
)

from agent_desktop.toolkit.lazy_qt import USER_ROLE, Qt
from agent_desktop.toolkit.window_language import in_window_language, lines_in_window_language

if TYPE_CHECKING:
    # agent_core loads after the window is on screen (start-up time).
    from agent_app.branches import VersionInfo
    from agent_core import Message, Session

ITEM_ROLE = USER_ROLE + 1
# Which call: (the index of the assistant message that made it, its position in `tool_calls`).
# The tool loop's events carry it as `call_key` (agent_app.tool_loop.CallKey).
CallKey = tuple[int, int]
_VERSIONS = itertools.count(1)
# Streaming text is repainted at most this often (30 per second reads as fluid for text and
# halves the rendering work of 60); slow renders stretch it further, up to MAX_COALESCE_MS.
FRAME_MS = 33
MAX_COALESCE_MS = 250
# A long history is shown as a window of whole messages: pages of this many are added as the
# user scrolls, and rows past MAX_ROWS are let go at the far end (every relayout asks each row
# for its size, so the row count bounds the cost of every frame).
HISTORY_PAGE_MESSAGES = 100
MAX_ROWS = 600
LIVE_STATES = ("preparing", "running", "awaiting_approval")
# A screen reader gets the start of a giant message, not megabytes at once.
ACCESSIBLE_TEXT_CHARACTERS = 4000


class MessageSource(Protocol):
    """What the rows show, read only: the chat's live session (None for a new chat), whose first
    message is message number `index_offset` of the whole history (older ones not loaded yet)."""

    @property
    def session(self) -> Session | None: ...

    @property
    def index_offset(self) -> int: ...


class _NoMessages:
    session: Session | None = None
    index_offset = 0


class ChatItem:
    """One row. `version` changes whenever something painted changes (cache key).

    A plain class with slots rather than a dataclass: a long chat holds thousands of rows, and
    a dataclass this wide costs a millisecond to define at start-up.
    """

    __slots__ = (
        "annotations",
        "app_view",
        "arguments",
        "attachments",
        "call_key",
        "expanded",
        "images",
        "key",
        "kind",
        "link",
        "message",
        "message_index",
        "output",
        "preview",
        "progress",
        "reasoning",
        "reasoning_expanded",
        "role",
        "seconds",
        "single_line",
        "source",
        "started_at",
        "state",
        "stopped",
        "streaming",
        "task",
        "text",
        "text_version",
        "tool_call_id",
        "tool_name",
        "version",
    )

    def __init__(
        self,
        kind: str,  # "message" | "tool" | "notice"
        key: str,
        role: str = "assistant",
        text: str = "",
        message: dict[str, Any] | None = None,
        message_index: int | None = None,
        streaming: bool = False,
        stopped: bool = False,
        reasoning: str = "",
        attachments: list[dict[str, Any]] | None = None,
        tool_call_id: str = "",
        call_key: CallKey | None = None,
        tool_name: str = "",
        arguments: Any = None,
        annotations: dict[str, Any] | None = None,
        preview: str = "",
        single_line: str = "",
        output: str = "",
        # preparing (the model still writes the call) | pending | awaiting_approval | running
        # | success | error | denied | cancelled
        state: str = "pending",
    ) -> None:
        self.kind = kind
        self.key = key
        self.role = role
        self.text = text
        self.message = message if message is not None else {}
        self.message_index = message_index
        self.streaming = streaming
        self.stopped = stopped
        self.reasoning = reasoning
        self.reasoning_expanded = False
        self.attachments = attachments if attachments is not None else []
        # tool rows
        self.tool_call_id = tool_call_id  # as the model sent it; may repeat (see `call_key`)
        self.call_key = call_key  # None: a result whose call is not shown
        self.tool_name = tool_name
        self.arguments = arguments
        self.annotations = annotations if annotations is not None else {}
        self.preview = preview
        self.single_line = single_line
        self.output = output
        self.images: list[dict[str, str]] = []  # a tool result's pictures: {"mime", "data" b64}
        # What a tool result links to (its display's `link`, `link_label`): the row's menu
        # opens it (a remembered item in Settings, say).
        self.link: tuple[str, str] | None = None
        # What an MCP App view of the result needs (the display dict's `app_view`), or None.
        self.app_view: dict[str, Any] | None = None
        # How far a running call is, as its server last said: {"value", "total", "message"}
        # (`total` None: not known), or None.
        self.progress: dict[str, Any] | None = None
        # The task a running call became on its server (its handle), or None: the row can
        # then cancel it.
        self.task: dict[str, Any] | None = None
        self.state = state
        self.expanded = False
        # The index of the stored message this row was built from (None: made live), so rows
        # are let go and paged in again whole messages at a time.
        self.source: int | None = message_index
        self.started_at: float | None = None
        self.seconds: float | None = None  # how long the finished call ran
        # Globally unique per change, so render caches never confuse two rows that share a key.
        # `version` changes with anything painted; `text_version` only with text and reasoning
        # (what the row's documents are rendered from).
        self.version = next(_VERSIONS)
        self.text_version = next(_VERSIONS)

    def __repr__(self) -> str:
        return f"ChatItem({self.kind!r}, {self.key!r}, role={self.role!r}, state={self.state!r})"

    def touch(self) -> None:
        self.version = next(_VERSIONS)

    def set_text(self, text: str, reasoning: str | None = None) -> None:
        if text != self.text or (reasoning is not None and reasoning != self.reasoning):
            self.text = text
            if reasoning is not None:
                self.reasoning = reasoning
            self.text_version = next(_VERSIONS)

    @property
    def shown_name(self) -> str:
        """The tool as a person reads it (see `readable_tool_name`)."""
        return readable_tool_name(self.tool_name, self.annotations)

    @property
    def summary(self) -> str:
        """The collapsed line of a tool row: the result's single_line after, the preview before."""
        return self.single_line or self.preview

    def pretty_arguments(self) -> str:
        import json

        value = self.arguments
        if isinstance(value, str):
            try:
                value = json.loads(value) if value.strip() else {}
            except ValueError:
                return str(value)
        return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False)


MCP_TOOL_PREFIX = "mcp__"  # the platform's name for MCP tools: mcp__<server>__<tool>


def readable_tool_name(tool_name: str, annotations: dict[str, Any]) -> str:
    """What a person reads for an MCP tool (`mcp__everything__get-tiny-image`): the title its
    server gave it (MCP `title`, in the annotations), else its own name with its server
    (`get-tiny-image · everything`). Other tools keep the name the model calls them by."""
    server, _, tool = tool_name.removeprefix(MCP_TOOL_PREFIX).partition("__")
    if not (tool_name.startswith(MCP_TOOL_PREFIX) and server and tool):
        return tool_name
    title = annotations.get("title")
    if isinstance(title, str) and title.strip():
        return title.strip()
    return f"{tool} · {server}"


def as_dict(message: Message) -> dict[str, Any]:
    """The message's dict form without copying (rows only read it; `to_dict` deep-copies)."""
    data: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.metadata:
        data["metadata"] = message.metadata
    if message.multipart_content:
        data["multipartContent"] = message.multipart_content
    return data


def message_text(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, dict) and content.get("type") == "provider_native_tool_result":
        content = content.get("content")  # a tool's text and image parts
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return "" if content is None else str(content)


def has_text(text: str) -> bool:
    """Whether `text` holds more than white space (without copying a giant one, as strip does)."""
    return bool(text) and not text.isspace()


def shown_text(message: dict[str, Any]) -> str:
    """The text a finished message shows: the provider's display form (`to_display_format`,
    kept in ``metadata["display"]``) when it gave one, else the message's own text."""
    display = (message.get("metadata") or {}).get("display")
    if message.get("role") != "tool" and isinstance(display, dict):
        content = display.get("content")
        if isinstance(content, str):
            return content
    return message_text(message)


def _preview_text(preview: Any) -> str:
    if isinstance(preview, dict):
        return str(
            preview.get("single_line") or preview.get("content") or preview.get("text") or ""
        )
    return "" if preview is None else str(preview)


def _apply_tool_result(item: ChatItem, message: dict[str, Any]) -> None:
    metadata = message.get("metadata") or {}
    display = metadata.get("display") or {}
    content = display.get("content") if isinstance(display, dict) else None
    item.output = str(content) if content is not None else message_text(message)
    item.single_line = str(display.get("single_line") or "") if isinstance(display, dict) else ""
    images = display.get("images") if isinstance(display, dict) else None
    item.images = [image for image in images or [] if isinstance(image, dict)]
    link = display.get("link") if isinstance(display, dict) else None
    label = display.get("link_label") if isinstance(display, dict) else None
    item.link = (link, str(label or "Open")) if isinstance(link, str) and link else None
    task = metadata.get("task")
    view = display.get("app_view") if isinstance(display, dict) else None
    if isinstance(view, dict) and view.get("resource_uri"):
        item.app_view = view
    elif item.app_view is not None:
        # The view shown while the call waited and ran: it hears that the call was cancelled.
        item.app_view = {**item.app_view, "cancelled": _cancel_reason(metadata, item.output)}
    error = metadata.get("error")
    if isinstance(error, dict) and error.get("type") == "invalid_arguments":
        # The core's words on arguments the tool cannot take: the model read them in English.
        item.output = lines_in_window_language(item.output)
        item.single_line = in_window_language(item.single_line)
    if metadata.get("denied"):
        item.state = "denied"
        item.output = in_window_language(item.output)  # the model read it in English
    elif isinstance(display, dict) and display.get("ended") == "cancelled_by_user":
        item.state = "cancelled"  # the user cancelled its task: not a failure of the tool
    elif isinstance(task, dict) and task.get("state") == "running":
        item.state = "running"  # left running by an earlier run; its result replaces this
    else:
        item.state = "error" if metadata.get("is_error") else "success"
    item.task = task if item.state == "running" and isinstance(task, dict) else None
    item.progress = None
    from agent_app.tool_loop import DURATION_KEY  # loaded by then: the loop made this result

    stored = metadata.get(DURATION_KEY)
    if isinstance(stored, int | float):
        item.seconds = float(stored)
    elif item.started_at is not None:  # a result from before durations were kept with it
        item.seconds = time.monotonic() - item.started_at
    item.touch()


def _cancel_reason(metadata: dict[str, Any], output: str) -> str:
    """Why a call whose tool names a view ended without a result (the view's
    ``ui/notifications/tool-cancelled`` reason)."""
    if metadata.get("denied"):
        return "denied by the user"
    if metadata.get("stopped"):
        return "stopped by the user"
    if metadata.get("timed_out"):
        return "timeout"
    return output.strip().splitlines()[0] if output.strip() else "the call failed"


def keyboard_help(item: ChatItem) -> str:
    """What a screen reader says a row can do from the keyboard."""
    if item.kind == "tool":
        return QCoreApplication.translate(
            "ChatModel", "Enter shows or hides the call's arguments and output."
        )
    if item.kind != "message" or item.message_index is None:
        return ""
    if item.role == "user":
        return QCoreApplication.translate(
            "ChatModel",
            "C copies, E edits, Delete deletes, Left and Right pick an action, Enter runs it; "
            "the Menu key lists every action.",
        )
    if item.role == "assistant":
        return QCoreApplication.translate(
            "ChatModel",
            "C copies, R retries, Delete deletes, Left and Right pick an action, Enter runs it; "
            "the Menu key lists every action.",
        )
    return QCoreApplication.translate(
        "ChatModel",
        "C copies, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key "
        "lists every action.",
    )


class ChatModel(QAbstractListModel):
    """The rows of one conversation: a window [first, last) of its messages, always whole
    messages, extended a page at a time (`load_older`, `load_newer`) and trimmed to MAX_ROWS."""

    history_available = Signal()  # older messages can now be paged in

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._items: list[ChatItem] = []
        # How the user named a configured provider (an answer's header names its provider);
        # given once the application has loaded.
        self.provider_label: Callable[[str], str] = str
        self._source: MessageSource = _NoMessages()
        self._first = 0  # the window of messages shown as rows: [first, last)
        self._last = 0
        # One past the newest message the rows know of (the source may be a message ahead
        # while its event is on the way).
        self._known_end = 0
        self._next_key = 0
        self._pending_partial: dict[str, Any] | None = None
        self._pending_tool_parts: dict[CallKey | str, list[Any]] = {}
        # Rows of the calls the model is still writing whose tool shows a view (by the id the
        # model gave the call): they follow the streamed answer, and its finished message's
        # calls take them over instead of adding rows.
        self._preparing: dict[str, ChatItem] = {}
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.timeout.connect(self.flush)
        self._interval_ms = FRAME_MS
        self._flush_scheduled = False

    # ------------------------------------------------------------------ Qt model API
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._items)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> Any:
        if not index.isValid() or index.row() >= len(self._items):
            return None
        item = self._items[index.row()]
        if role == ITEM_ROLE:
            return item
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            if item.kind == "tool":
                return f"Tool {item.shown_name}: {item.summary} ({item.state})"
            return f"{item.role}: {item.text[:ACCESSIBLE_TEXT_CHARACTERS]}"
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return keyboard_help(item)
        return None

    def item(self, row: int) -> ChatItem:
        return self._items[row]

    def items(self) -> list[ChatItem]:
        return list(self._items)

    def row_of(self, item: ChatItem) -> int:
        for row in range(len(self._items) - 1, -1, -1):
            if self._items[row] is item:
                return row
        return -1

    def row_of_key(self, key: str) -> int:
        """The row whose `ChatItem.key` is `key`, or -1."""
        return next((row for row, item in enumerate(self._items) if item.key == key), -1)

    def row_of_message(self, message_index: int) -> int:
        """The row showing message `message_index` (a tool result: its call's row), or -1."""
        for row, item in enumerate(self._items):
            if item.message_index == message_index:
                return row
        return -1

    def has_running_tools(self) -> bool:
        return any(row.kind == "tool" and row.state == "running" for row in self._items)

    def tool_item(self, call: CallKey | str) -> ChatItem | None:
        """The row of a tool call: by its `CallKey`, or, for a caller that knows only the id the
        model gave it (an event without a key), the newest call with that id."""
        for item in reversed(self._items):
            if item.kind == "tool" and (
                item.call_key == call if isinstance(call, tuple) else item.tool_call_id == call
            ):
                return item
        return None

    def refresh(self, item: ChatItem) -> None:
        item.touch()
        row = self.row_of(item)
        if row >= 0:
            index = self.index(row)
            self.dataChanged.emit(index, index)

    # ------------------------------------------------------------------ whole sessions
    @property
    def _offset(self) -> int:
        """The number of the source's first loaded message in the whole history."""
        return self._source.index_offset

    def _messages(self) -> list[Message]:
        session = self._source.session
        return session.messages if session is not None else []

    def show(self, source: MessageSource) -> None:
        """Show `source`'s messages (the newest page; older ones are paged in on scrolling),
        and read them from it from now on. Called again when its messages changed in place."""
        self._source = source
        end = self._known_end = self._offset + len(self._messages())
        self._reset(max(self._offset, end - HISTORY_PAGE_MESSAGES), end)

    def _reset(self, first: int, last: int) -> None:
        self.beginResetModel()
        self._flush_timer.stop()
        self._flush_scheduled = False
        self._pending_partial = None
        self._pending_tool_parts.clear()
        self._preparing.clear()
        self._items = self._history_rows(first, last, open_calls=[])
        self._first, self._last = first, last
        self.endResetModel()

    def history_prepended(self, older_count: int) -> None:
        """The source holds the whole history now (`older_count` messages above those shown);
        they are paged in as the user scrolls up (`load_older`)."""
        if older_count:
            self.history_available.emit()

    def _end(self) -> int:
        return self._known_end

    def window(self) -> tuple[int, int]:
        """The messages shown as rows: [first, last)."""
        return self._first, self._last

    def can_load_older(self) -> bool:
        return self._first > self._offset

    def can_load_newer(self) -> bool:
        return self._last < self._end()

    def load_older(self) -> int:
        """Add a page of older messages above the rows; returns how many rows were added."""
        start = max(self._offset, self._first - HISTORY_PAGE_MESSAGES)
        open_calls: list[ChatItem] = []
        rows = self._history_rows(start, self._first, open_calls)
        self._adopt_shown_results(rows, open_calls)
        self._first = start
        if rows:
            self.beginInsertRows(QModelIndex(), 0, len(rows) - 1)
            self._items[:0] = rows
            self.endInsertRows()
        return len(rows)

    def load_newer(self) -> int:
        """Add a page of newer messages below the rows (after scrolling back down)."""
        end = min(self._end(), self._last + HISTORY_PAGE_MESSAGES)
        waiting = self._unanswered_calls()
        still_open = list(waiting)
        rows = self._history_rows(self._last, end, still_open)
        self._last = end
        self._append(rows, emit=True)
        for answered in (row for row in waiting if row not in still_open):
            self.refresh(answered)
        return len(rows)

    def _history_rows(self, start: int, end: int, open_calls: list[ChatItem]) -> list[ChatItem]:
        """Rows for messages [start, end); `open_calls` are the calls of the newest turn with no
        result yet (those above the range first, then the range's own, as it is read)."""
        messages, offset = self._messages(), self._offset
        rows: list[ChatItem] = []
        for index in range(start, end):
            rows += self._rows_for(as_dict(messages[index - offset]), index, open_calls)
        return rows

    def _unanswered_calls(self) -> list[ChatItem]:
        """The calls of the newest turn shown that have no result yet (results may come below)."""
        turn = next(
            (row.call_key[0] for row in reversed(self._items) if row.call_key is not None), None
        )
        return [
            row
            for row in self._items
            if row.call_key is not None and row.call_key[0] == turn and row.message_index is None
        ]

    def _adopt_shown_results(self, rows: list[ChatItem], open_calls: list[ChatItem]) -> None:
        """An older page ends with calls whose results head the rows shown (a page boundary fell
        between them): each result row takes its call's place rather than showing it twice."""
        for shown in self._items:
            if shown.kind != "tool" or shown.call_key is not None:
                return
            call = next((c for c in open_calls if c.tool_call_id == shown.tool_call_id), None)
            if call is None:
                return
            open_calls.remove(call)
            rows.remove(call)
            shown.call_key, shown.arguments = call.call_key, call.arguments
            shown.preview = call.preview
            self.refresh(shown)

    def show_around(self, message_index: int) -> bool:
        """Rebuild the window around message `message_index` (a search result far up)."""
        if not self._offset <= message_index < self._end():
            return False
        first = max(self._offset, message_index - HISTORY_PAGE_MESSAGES // 4)
        last = min(self._end(), first + HISTORY_PAGE_MESSAGES)
        self._reset(first, last)
        return True

    def rows_beyond_limit(self, at_bottom: bool) -> int:
        """How many rows at the bottom (or top) to let go to get back to MAX_ROWS, cut between
        whole messages; 0 when nothing can go (too few rows, or a live row among them)."""
        items = self._items
        if len(items) <= MAX_ROWS:
            return 0
        if at_bottom:
            cut = MAX_ROWS
            while 0 < cut < len(items) and items[cut].source == items[cut - 1].source:
                cut -= 1
            dropped = items[cut:]
        else:
            cut = len(items) - MAX_ROWS
            while cut < len(items) and items[cut].source == items[cut - 1].source:
                cut += 1
            dropped = items[:cut]
        if not 0 < cut < len(items) or any(
            item.source is None or item.streaming or item.state in LIVE_STATES for item in dropped
        ):
            return 0
        return len(dropped)

    def let_go(self, count: int, at_bottom: bool) -> None:
        """Remove `count` rows (from `rows_beyond_limit`) at the bottom or the top."""
        if count <= 0:
            return
        start = len(self._items) - count if at_bottom else 0
        dropped = self._items[start : start + count]
        self.beginRemoveRows(QModelIndex(), start, start + count - 1)
        del self._items[start : start + count]
        self.endRemoveRows()
        if at_bottom:
            self._last = int(dropped[0].source)  # type: ignore[arg-type]
        else:
            self._first = int(self._items[0].source)  # type: ignore[arg-type]

    def first_message_index(self) -> int | None:
        return self._offset if self._messages() else None

    def show_newest(self) -> None:
        self._ensure_at_end()

    def _ensure_at_end(self) -> None:
        """Live rows go after the newest message: bring the window back there first."""
        if self.can_load_newer():
            end = self._end()
            self._reset(max(self._first, end - HISTORY_PAGE_MESSAGES), end)

    def _new_key(self) -> str:
        self._next_key += 1
        return f"row{self._next_key}"

    def _insert(self, at: int, items: list[ChatItem]) -> None:
        if not items:
            return
        self.beginInsertRows(QModelIndex(), at, at + len(items) - 1)
        self._items[at:at] = items
        self.endInsertRows()

    def _remove(self, row: int) -> None:
        self.beginRemoveRows(QModelIndex(), row, row)
        self._items.pop(row)
        self.endRemoveRows()

    def _append(self, items: list[ChatItem], emit: bool) -> None:
        if not items:
            return
        if emit:
            first = len(self._items)
            self.beginInsertRows(QModelIndex(), first, first + len(items) - 1)
        self._items.extend(items)
        if emit:
            self.endInsertRows()

    def _message_item(self, message: dict[str, Any], index: int | None) -> ChatItem:
        metadata = message.get("metadata") or {}
        return ChatItem(
            kind="message",
            key=self._new_key(),
            role=message.get("role", "assistant"),
            text=shown_text(message),
            message=message,
            message_index=index,
            reasoning=str(metadata.get("reasoning") or ""),
            stopped=bool(metadata.get("incomplete") or metadata.get("stopped")),
            attachments=list(message.get("multipartContent") or []),
        )

    def _tool_items(self, message: dict[str, Any], index: int | None = None) -> list[ChatItem]:
        metadata = message.get("metadata") or {}
        calls = metadata.get("tool_calls") or []
        # The previews name each call as the core read it, in any wire format (Responses
        # `function_call` items carry `call_id` and no `function`).
        previews = metadata.get("tool_call_previews") or []
        if len(previews) != len(calls):
            previews = [{}] * len(calls)
        rows = []
        for position, (call, preview) in enumerate(zip(calls, previews, strict=True)):
            function = call.get("function") or {}
            call_id = str(
                preview.get("tool_call_id") or call.get("id") or call.get("call_id") or ""
            )
            rows.append(
                ChatItem(
                    kind="tool",
                    key=self._new_key(),
                    tool_call_id=call_id,
                    call_key=None if index is None else (index, position),
                    tool_name=str(
                        preview.get("tool_name")
                        or function.get("name")
                        or call.get("name")
                        or "tool"
                    ),
                    arguments=function.get("arguments", call.get("arguments", call.get("input"))),
                    preview=_preview_text(preview.get("preview")),
                )
            )
            rows[-1].source = index
        return rows

    def _rows_for(
        self, message: dict[str, Any], index: int, open_calls: list[ChatItem]
    ) -> list[ChatItem]:
        """New rows for one stored message; a tool result updates its call's row instead (the
        first of `open_calls` with its id, taken off the list)."""
        metadata = message.get("metadata") or {}
        if message.get("role") == "tool":
            call_id = str(metadata.get("tool_call_id") or "")
            row = next((call for call in open_calls if call.tool_call_id == call_id), None)
            if row is not None:
                open_calls.remove(row)
                _apply_tool_result(row, message)
                row.message_index = index
                return []
            orphan = ChatItem(
                kind="tool",
                key=self._new_key(),
                tool_call_id=call_id,
                tool_name=str(metadata.get("name") or "tool"),
                message_index=index,
            )
            _apply_tool_result(orphan, message)
            return [orphan]
        rows: list[ChatItem] = []
        text_or_no_calls = has_text(message_text(message)) or not metadata.get("tool_calls")
        # An empty answer is shown under the chat ("The model returned nothing"), not as an
        # empty bubble; its reasoning, if any, still gets a row.
        shown = text_or_no_calls and not (metadata.get("empty") and not metadata.get("reasoning"))
        if message.get("role") != "assistant" or shown:
            rows.append(self._message_item(message, index))
        tool_rows = self._tool_items(message, index)
        if tool_rows:  # a new turn: its results answer its own calls
            open_calls[:] = tool_rows
        return rows + tool_rows

    # ------------------------------------------------------------------ local edits
    def add_user_message(self, message: Message, index: int) -> None:
        self.flush()
        self._ensure_at_end()
        self._append([self._message_item(as_dict(message), index)], emit=True)
        self._record_message(index)

    def add_notice(self, text: str, role: str = "notice") -> ChatItem:
        """A line in the chat that is no message: an error ("notice") or, e.g., "tool_servers"."""
        self.flush()
        self._ensure_at_end()
        item = ChatItem(kind="notice", key=self._new_key(), role=role, text=text)
        self._append([item], emit=True)
        return item

    def _tell_server_readiness(self, text: str) -> None:
        """The chat's one line about its tool servers says how they are now: a newer word
        replaces the earlier one (no stale "0 of 1 ready" once the server is back)."""
        shown = next((item for item in self._items if item.role == "tool_servers"), None)
        if shown is None:
            self.add_notice(text, role="tool_servers")
            return
        shown.set_text(text)
        self.refresh(shown)

    def drop_server_readiness(self) -> None:
        """Every tool server is ready now: the line saying some were still starting goes."""
        for row, item in enumerate(self._items):
            if item.role == "tool_servers":
                self._remove(row)
                return

    # ------------------------------------------------------------------ live events
    def apply_event(self, event: dict[str, Any]) -> None:
        self._ensure_at_end()
        kind = event.get("type")
        if kind == "partial":
            self._pending_partial = event.get("message") or {}
            self._schedule_flush()
            return
        if kind == "tool_partial":
            parts = self._pending_tool_parts.setdefault(_call_of(event), [])
            parts.append(event.get("part"))
            self._schedule_flush()
            return
        self.flush()
        # The source numbers the messages it adds; without one (a bare model) they follow on.
        index = int(event.get("message_index", self._end()))
        if kind == "assistant":
            self._finish_assistant(event.get("message") or {}, index)
        elif kind == "tool_call_preparing":
            self._on_tool_call_preparing(event)
        elif kind == "tool_call":
            self._on_tool_call(event)
        elif kind == "tool_approval_required":
            self._set_tool_state(_call_of(event), "awaiting_approval")
        elif kind == "tool_started":
            row = self._set_tool_state(_call_of(event), "running")
            if row is not None:
                row.started_at = time.monotonic()
        elif kind == "tool_result":
            self._on_tool_result(event, index)
        elif kind == "notice":
            self._tell_server_readiness(str(event.get("text") or ""))
        elif kind == "error":
            error = event.get("error") or {}
            self._stop_streaming(event.get("message"))
            if not event.get("failure"):  # a failed turn is shown under the chat, with Retry
                self.add_notice(_error_text(error))
        elif kind in ("request_cancelled",):
            self._stop_streaming(event.get("message"))
            self._cancel_open_tools()
        elif kind == "request_completed":
            self._stop_streaming(None)
        if kind in ("request_completed", "request_cancelled") and event.get("session") is not None:
            self._follow_saved_messages()

    def _schedule_flush(self) -> None:
        if not self._flush_scheduled:
            self._flush_scheduled = True
            self._flush_timer.start(self._interval_ms)

    def report_render_cost(self, milliseconds: float) -> None:
        """Called by the view after painting a streaming row; slow renders stretch the interval."""
        self._interval_ms = int(min(MAX_COALESCE_MS, max(FRAME_MS, milliseconds * 4)))

    def flush(self) -> None:
        self._flush_timer.stop()
        self._flush_scheduled = False
        partial, self._pending_partial = self._pending_partial, None
        if partial is not None:
            item = self._streaming_item()
            metadata = partial.get("metadata") or {}
            item.set_text(message_text(partial), str(metadata.get("reasoning") or ""))
            item.message = partial
            self.refresh(item)
        tool_parts, self._pending_tool_parts = self._pending_tool_parts, {}
        for call, parts in tool_parts.items():
            row = self.tool_item(call)
            if row is not None:
                row.output += "".join(_part_text(part) for part in parts)
                for part in parts:
                    _apply_part_state(row, part)
                self.refresh(row)

    def _is_preparing(self, item: ChatItem) -> bool:
        return self._preparing.get(item.tool_call_id) is item

    def _after_answer(self) -> int:
        """Where the streamed answer's rows end: before the rows of the calls it is writing."""
        end = len(self._items)
        while end and self._is_preparing(self._items[end - 1]):
            end -= 1
        return end

    def _streaming_row(self) -> int:
        """The row of the answer being streamed, or -1."""
        end = self._after_answer()
        return end - 1 if end and self._items[end - 1].streaming else -1

    def _streaming_item(self) -> ChatItem:
        row = self._streaming_row()
        if row >= 0:
            return self._items[row]
        item = ChatItem(kind="message", key=self._new_key(), role="assistant", streaming=True)
        self._insert(self._after_answer(), [item])
        return item

    def _on_tool_call_preparing(self, event: dict[str, Any]) -> None:
        """The model is writing a call of a tool that shows a view: its row shows the view now,
        and the view reads the arguments so far (`app_view` marked ``input_partial``)."""
        call_id = str(event.get("tool_call_id") or "")
        row = self._preparing.get(call_id)
        if row is None:
            row = ChatItem(
                kind="tool",
                key=self._new_key(),
                tool_call_id=call_id,
                tool_name=str(event.get("tool_name") or "tool"),
                state="preparing",
            )
            self._preparing[call_id] = row
            self._append([row], emit=True)
        view = event.get("app_view")
        if isinstance(view, dict):
            row.app_view = view
            if isinstance(view.get("arguments"), dict):
                row.arguments = view["arguments"]
        self.refresh(row)

    def _finish_assistant(self, message: dict[str, Any], index: int) -> None:
        rows = self._rows_for(message, index, open_calls=[])
        streaming = self._streaming_row()
        at = self._after_answer()
        if streaming >= 0:
            old = self._items[streaming]
            if rows and rows[0].kind == "message":
                # The finished row takes the streaming row's place; when the text is what was
                # streamed, it keeps its key and text version so nothing is rendered again.
                final = rows.pop(0)
                if final.text == old.text and final.reasoning == old.reasoning:
                    final.key, final.text_version = old.key, old.text_version
                self._items[streaming] = final
                self.dataChanged.emit(self.index(streaming), self.index(streaming))
            else:
                self._remove(streaming)
                at -= 1
        for row in rows:
            early = self._preparing.pop(row.tool_call_id, None) if row.kind == "tool" else None
            if early is None:
                self._insert(at, [row])
                at += 1
                continue
            # The call's row showed while the model wrote it: it becomes the call's row (its
            # view stays, and hears the whole input when the call comes).
            early.call_key, early.source, early.state = row.call_key, row.source, row.state
            early.tool_name, early.arguments, early.preview = (
                row.tool_name,
                row.arguments,
                row.preview,
            )
            at = self.row_of(early) + 1
            self.refresh(early)
        self._record_message(index)

    def _stop_streaming(self, partial: dict[str, Any] | None) -> None:
        self._end_preparing()
        row = self._streaming_row()
        if row >= 0:
            item = self._items[row]
            if partial:
                item.set_text(message_text(partial))
            item.streaming = False
            item.stopped = True
            if not has_text(item.text) and not item.reasoning:
                self._remove(row)
            else:
                self.refresh(item)

    def _end_preparing(self) -> None:
        """The answer ended before the calls it was writing were whole: they never run, and
        their views hear so."""
        for item in self._preparing.values():
            item.state = "error"
            item.single_line = "stopped"
            if item.app_view is not None:
                item.app_view = {**item.app_view, "cancelled": "stopped"}
            self.refresh(item)
        self._preparing.clear()

    def _cancel_open_tools(self) -> None:
        for item in self._items:
            if item.kind == "tool" and item.state in ("pending", "running", "awaiting_approval"):
                item.state = "error"
                item.task = item.progress = None
                item.single_line = item.single_line or "stopped"
                self.refresh(item)

    def _on_tool_call(self, event: dict[str, Any]) -> ChatItem:
        row = self.tool_item(_call_of(event))
        if row is None:  # its assistant message is not shown (a bare model's event)
            row = ChatItem(
                kind="tool",
                key=self._new_key(),
                tool_call_id=str(event.get("tool_call_id") or ""),
                call_key=_key_of(event),
            )
            self._append([row], emit=True)
        row.tool_name = str(event.get("tool_name") or row.tool_name or "tool")
        if event.get("arguments") is not None:
            row.arguments = event["arguments"]
        row.preview = _preview_text(event.get("preview")) or row.preview
        row.annotations = dict(event.get("annotations") or {})
        if isinstance(event.get("app_view"), dict):  # its tool shows a view before the result
            row.app_view = event["app_view"]
        self.refresh(row)
        return row

    def _on_tool_result(self, event: dict[str, Any], index: int) -> None:
        message = event.get("message") or {}
        metadata = message.get("metadata") or {}
        call_id = str(metadata.get("tool_call_id") or "")
        call = {"tool_call_id": call_id, "call_key": event.get("call_key")}
        row = self.tool_item(_call_of(call)) or self._on_tool_call(
            {**call, "tool_name": metadata.get("name")}
        )
        _apply_tool_result(row, message)
        row.message_index = index
        self.refresh(row)
        self._record_message(index)

    def _set_tool_state(self, call: CallKey | str, state: str) -> ChatItem | None:
        row = self.tool_item(call)
        if row is not None and row.state not in ("success", "error", "denied", "cancelled"):
            row.state = state
            self.refresh(row)
        return row

    # ------------------------------------------------------------------ session bookkeeping
    def _record_message(self, index: int) -> None:
        """Message `index` has its rows; a window that reached the newest message follows it."""
        at_end = self._last >= self._known_end
        self._known_end = max(self._known_end, index + 1)
        if at_end:
            self._last = self._known_end

    def version_info(self, message_index: int) -> VersionInfo | None:
        """Versions of the chat from message `message_index` on (None: it never forked there,
        or the message before it is not loaded)."""
        from agent_app.branches import version_info

        session = self._source.session
        if session is None:
            return None
        position = message_index - self._offset
        if position < 0 or (position == 0 and self._offset > 0):
            return None
        return version_info(session, position)

    def _follow_saved_messages(self) -> None:
        """The request was saved: the rows take the messages as saved (details filled in), or
        are rebuilt when the source holds other messages than the rows know of."""
        messages, offset = self._messages(), self._offset
        if offset + len(messages) != self._known_end:
            self.show(self._source)
            return
        for item in self._items:
            position = (item.message_index or 0) - offset
            if item.message_index is not None and item.kind == "message" and position >= 0:
                item.message = as_dict(messages[position])
                item.touch()
        if self._items:
            self.dataChanged.emit(self.index(0), self.index(len(self._items) - 1))


def _key_of(event: dict[str, Any]) -> CallKey | None:
    key = event.get("call_key")
    return (int(key[0]), int(key[1])) if isinstance(key, tuple | list) and len(key) == 2 else None


def _call_of(event: dict[str, Any]) -> CallKey | str:
    """Which call a tool event is about: its key, or (an event without one) the model's id."""
    return _key_of(event) or str(event.get("tool_call_id") or "")


def _apply_part_state(row: ChatItem, part: Any) -> None:
    """What a part says beyond its text: the task the call became, how far it is."""
    if not isinstance(part, dict):
        return
    if isinstance(part.get("task"), dict):
        row.task = part["task"]
    if isinstance(part.get("progress"), dict):
        row.progress = part["progress"]


def _part_text(part: Any) -> str:
    if isinstance(part, str):
        return part
    if isinstance(part, dict):
        for key in ("text", "content", "output", "data"):
            if isinstance(part.get(key), str):
                return str(part[key])
    import json

    return json.dumps(part, ensure_ascii=False)


def _error_text(error: dict[str, Any]) -> str:
    message = in_window_language(
        str(error.get("message") or QCoreApplication.translate("ChatModel", "The request failed."))
    )
    origin = " · ".join(str(error[key]) for key in ("plugin", "hook") if error.get(key))
    return f"{message}\n({origin})" if origin else message
