"""The chat's "Tools" button: the tool servers' live state, their logs and their resources.

The button (beside the model picker) reads "Tools 2/3" while some servers are not ready; its
menu lists each server with its state (ready, starting, failed: why, sign-in needed) and tool
count, opens its log, and opens the resource browser. Everything is read from the application's
`tool_server_*` methods, which only look at what the servers already reported (no I/O).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from PySide6.QtCore import QCoreApplication, QLocale, Qt, Signal
from PySide6.QtGui import QAction, QFontDatabase, QImage, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from agent_app.tool_servers import FAILED_STATES, failure_reason
from agent_desktop.composer.completion import attach_resource
from agent_desktop.forms.elicitation import ask_user
from agent_desktop.tool_servers.tasks_view import TasksView
from agent_desktop.toolkit.timers import SelfStoppingTimer

if TYPE_CHECKING:
    from agent_app.tool_servers import ToolServers
    from agent_app.tool_tasks import ToolTasks
    from agent_desktop.composer.message_composer import Composer
    from agent_desktop.toolkit.window_support import Spawn

REFRESH_MS = 1000
LOG_REFRESH_MS = 1000
PREVIEW_CHARS = 4000
PREVIEW_IMAGE_SIDE = 320
READY = "running"
_TEMPLATE_PARAMETER = re.compile(r"\{(\+?)([A-Za-z0-9_.]+)\}")


STDERR_SHOWN_CHARS = 100


def state_words(status: Mapping[str, Any]) -> str:
    """A server's state in a few words: ready · 5 tools, starting…, failed: why, sign-in needed."""
    auth = status.get("auth") or {}
    state = str(status.get("state") or "")
    if auth.get("state") == "sign_in_needed":
        return QCoreApplication.translate("ToolServers", "sign-in needed")
    if state == READY:
        return ToolServersButton.tr("ready · %n tool(s)", "", len(status.get("tools") or []))  # type: ignore[arg-type]  # the class as context: lupdate sees plurals
    last_failure = status.get("last_failure")
    if state == "starting" and isinstance(last_failure, Mapping):  # started again after failing
        reason, said = failure_reason(last_failure)
        return QCoreApplication.translate(
            "ToolServers", "starting again — failed: {reason} (stderr: {said})"
        ).format(reason=reason, said=said[:STDERR_SHOWN_CHARS] or "—")
    if state == "starting":
        return QCoreApplication.translate("ToolServers", "starting…")
    if state in FAILED_STATES:
        reason, said = failure_reason(status)
        if said:  # what the server itself said last is most often why (a missing token)
            return QCoreApplication.translate(
                "ToolServers", "failed: {reason} (stderr: {said})"
            ).format(reason=reason, said=said[:STDERR_SHOWN_CHARS])
        return QCoreApplication.translate("ToolServers", "failed: {reason}").format(reason=reason)
    if not status.get("enabled", True):
        return QCoreApplication.translate("ToolServers", "turned off")
    return QCoreApplication.translate("ToolServers", "not started yet")


def ready_of_enabled(statuses: Sequence[Mapping[str, Any]]) -> tuple[int, int]:
    """How many enabled servers are ready, of how many are enabled."""
    enabled = [s for s in statuses if s.get("enabled", True)]
    return sum(1 for s in enabled if s.get("state") == READY), len(enabled)


def summary(statuses: Sequence[Mapping[str, Any]]) -> str:
    """The button's text: "Tools" when every enabled server is ready, else "Tools 2/3"."""
    ready, enabled = ready_of_enabled(statuses)
    if ready == enabled:
        return QCoreApplication.translate("ToolServers", "Tools")
    return QCoreApplication.translate("ToolServers", "Tools {ready}/{enabled}").format(
        ready=ready, enabled=enabled
    )


def expand_template(template: str, values: Mapping[str, str]) -> str:
    """An RFC 6570 template's ``{name}`` (percent-encoded) and ``{+name}`` (reserved characters
    kept) filled in; the two forms MCP servers use for resource templates."""

    def fill(match: re.Match[str]) -> str:
        value = str(values.get(match.group(2), ""))
        return quote(value, safe=":/?#[]@!$&'()*+,;=" if match.group(1) else "")

    return _TEMPLATE_PARAMETER.sub(fill, template)


def template_parameters(template: str) -> list[str]:
    return [match.group(2) for match in _TEMPLATE_PARAMETER.finditer(template)]


class ToolServersButton(QToolButton):
    """The chat's tool menu: live server states, logs, the resource browser (which attaches
    resources to `composer`'s message)."""

    # Every enabled server just became ready: a chat's "1 of 2 ready" notice is no longer true.
    all_ready = Signal()

    def __init__(self, tool_servers: ToolServers, composer: Composer, spawn: Spawn) -> None:
        super().__init__()
        self._were_all_ready = True
        self.tool_servers = tool_servers
        self.composer = composer
        self.spawn = spawn
        self.setAccessibleName(self.tr("Tool servers"))
        self.setToolTip(self.tr("Tool servers: their state, logs and resources"))
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.setAutoRaise(True)
        self.menu_ = QMenu(self)
        self.menu_.setAccessibleName(self.tr("Tool servers menu"))
        self.menu_.aboutToShow.connect(self.fill_menu)
        self.setMenu(self.menu_)
        self.log_dialogs: dict[str, ServerLogDialog] = {}
        self.browser: ResourceBrowser | None = None
        self.tasks_view: TasksView | None = None  # set by `install_tool_servers_button`
        self.timer = SelfStoppingTimer(self.refresh, REFRESH_MS, self)
        self.timer.start()
        self.refresh()

    def refresh(self) -> None:
        statuses = self.tool_servers.status()
        self.setVisible(bool(statuses))
        if statuses:
            self.setText(summary(statuses))
        ready, enabled = ready_of_enabled(statuses)
        if ready == enabled and not self._were_all_ready:
            self.all_ready.emit()
        self._were_all_ready = ready == enabled

    def fill_menu(self) -> None:
        self.menu_.clear()
        statuses = self.tool_servers.status()
        for status in statuses:
            server = str(status["name"])
            submenu = self.menu_.addMenu(f"{server} — {state_words(status)}")
            assert submenu is not None
            submenu.setAccessibleName(self.tr("Tool server {server}").format(server=server))
            error = str(status.get("error") or "").strip()
            if error and status.get("state") != READY:
                submenu.setToolTip(error)
                submenu.setToolTipsVisible(True)
            log = QAction(self.tr("Show log"), submenu)
            log.triggered.connect(lambda _=False, s=status: self.show_log(s))
            submenu.addAction(log)
            browse = QAction(self.tr("Browse resources…"), submenu)
            browse.setEnabled(status.get("state") == READY)
            browse.triggered.connect(lambda _=False, s=server: self.browse_resources(s))
            submenu.addAction(browse)
        if not statuses:
            none = self.menu_.addAction(self.tr("No tool servers are set up"))
            assert none is not None
            none.setEnabled(False)
        self.menu_.addSeparator()
        every = self.menu_.addAction(self.tr("Browse resources…"))
        assert every is not None
        every.triggered.connect(lambda: self.browse_resources(None))
        if self.tasks_view is not None:
            tasks = self.menu_.addAction(self.tr("Running tasks…"))
            assert tasks is not None
            tasks.triggered.connect(self.show_tasks)

    def show_tasks(self) -> None:
        """The Tasks view: tool calls running as tasks, across chats (open, cancel)."""
        assert self.tasks_view is not None
        self.tasks_view.show()
        self.tasks_view.raise_()
        self.tasks_view.reload()

    def show_log(self, status: Mapping[str, Any]) -> None:
        server = str(status["name"])
        dialog = self.log_dialogs.get(server)
        if dialog is None:
            dialog = ServerLogDialog(lambda: self.tool_servers.log(dict(status)), server, self)
            self.log_dialogs[server] = dialog
        dialog.show()
        dialog.raise_()

    def browse_resources(self, server: str | None) -> ResourceBrowser:
        if self.browser is None:
            self.browser = ResourceBrowser(self.tool_servers, self.composer, self.spawn, self)
        self.browser.fill(select_server=server)
        self.browser.show()
        self.browser.raise_()
        return self.browser


class ServerLogDialog(QDialog):
    """One server's log (stderr, its log messages, starts and failures), refreshed live."""

    def __init__(self, read: Callable[[], str], server: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Log of {server}").format(server=server))
        self.read = read
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setAccessibleName(self.tr("Log of {server}").format(server=server))
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(720, 420)
        self.timer = SelfStoppingTimer(self.refresh, LOG_REFRESH_MS, self)

    def refresh(self) -> None:
        text = self.read() or self.tr("(nothing logged yet)")
        if text != self.text.toPlainText():
            bar = self.text.verticalScrollBar()
            at_end = bar.value() == bar.maximum()
            self.text.setPlainText(text)
            if at_end:
                bar.setValue(bar.maximum())

    def showEvent(self, event: Any) -> None:
        self.refresh()
        self.timer.start()
        super().showEvent(event)

    def hideEvent(self, event: Any) -> None:
        self.timer.stop()
        super().hideEvent(event)


class ResourceBrowser(QDialog):
    """Every running server's resources and resource templates: name, MIME type, description,
    a preview of the chosen one, and Attach (the same path as `@` in the composer)."""

    def __init__(
        self, tool_servers: ToolServers, composer: Composer, spawn: Spawn, parent: QWidget
    ) -> None:
        super().__init__(parent)
        self.tool_servers = tool_servers
        self.composer = composer
        self.spawn = spawn
        self.setWindowTitle(self.tr("Tool server resources"))
        self.tree = QTreeWidget()
        self.tree.setAccessibleName(self.tr("Resources"))
        self.tree.setHeaderLabels([self.tr("Name"), self.tr("Type"), self.tr("Description")])
        self.tree.setColumnWidth(0, 320)
        self.tree.setColumnWidth(1, 130)
        self.tree.currentItemChanged.connect(self._chosen)
        self.tree.itemDoubleClicked.connect(lambda *_: self.attach())
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setAccessibleName(self.tr("Resource preview"))
        self.picture = QLabel()
        self.picture.setAccessibleName(self.tr("Resource picture"))
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.hide()
        preview_box = QWidget()
        preview_layout = QVBoxLayout(preview_box)
        preview_layout.setContentsMargins(0, 0, 0, 0)
        preview_layout.addWidget(self.picture)
        preview_layout.addWidget(self.preview)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.tree)
        splitter.addWidget(preview_box)
        splitter.setSizes([260, 200])
        self.message = QLabel("")
        self.message.setAccessibleName(self.tr("Resource browser message"))
        self.message.setWordWrap(True)
        self.attach_button = QPushButton(self.tr("Attach"))
        self.attach_button.setAccessibleName(self.tr("Attach resource"))
        self.attach_button.setEnabled(False)
        self.attach_button.clicked.connect(self.attach)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addWidget(self.message, 1)
        buttons.addWidget(self.attach_button)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)
        self.resize(760, 560)
        self._preview_generation = 0

    # ------------------------------------------------------------------ listing
    def fill(self, select_server: str | None = None) -> None:
        self.tree.clear()
        by_server: dict[str, QTreeWidgetItem] = {}

        def server_item(name: str) -> QTreeWidgetItem:
            if name not in by_server:
                item = QTreeWidgetItem(self.tree, [name])
                by_server[name] = item
            return by_server[name]

        for resource in self.tool_servers.resources():
            item = QTreeWidgetItem(
                server_item(resource["server"]),
                [
                    str(resource.get("title") or resource["name"]),
                    str(resource.get("mime") or ""),
                    str(resource.get("description") or resource["uri"]),
                ],
            )
            item.setData(0, Qt.ItemDataRole.UserRole, resource)
            item.setToolTip(0, str(resource["uri"]))
        for template in self.tool_servers.resource_templates():
            item = QTreeWidgetItem(
                server_item(template["server"]),
                [
                    self.tr("{name} (template)").format(
                        name=template.get("title") or template["name"]
                    ),
                    str(template.get("mime") or ""),
                    str(template.get("description") or template["uri_template"]),
                ],
            )
            item.setData(0, Qt.ItemDataRole.UserRole, template)
            item.setToolTip(0, str(template["uri_template"]))
        self.tree.expandAll()
        if not by_server:
            self.message.setText(self.tr("No running tool server offers resources."))
            return
        self.message.setText("")
        first = by_server.get(select_server or "") or next(iter(by_server.values()))
        self.tree.setCurrentItem(first.child(0) or first)

    def chosen(self) -> dict[str, Any] | None:
        item = self.tree.currentItem()
        data = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        return data if isinstance(data, dict) else None

    # ------------------------------------------------------------------ preview
    def _chosen(self, *_: Any) -> None:
        entry = self.chosen()
        self.attach_button.setEnabled(entry is not None)
        self.picture.hide()
        self._preview_generation += 1
        if entry is None:
            self.preview.setPlainText("")
        elif "uri_template" in entry:
            names = ", ".join(template_parameters(entry["uri_template"])) or self.tr("none")
            self.preview.setPlainText(
                entry["uri_template"]
                + "\n\n"
                + self.tr(
                    "A template: Attach asks for its parameters ({names}), then reads the resource."
                ).format(names=names)
            )
        else:
            self.preview.setPlainText(self.tr("Reading {uri}…").format(uri=entry["uri"]))
            self.spawn(self._load_preview(entry, self._preview_generation))

    async def _load_preview(self, resource: dict[str, Any], generation: int) -> None:
        try:
            data, mime = await self.tool_servers.read_resource(resource)
        except Exception as error:  # noqa: BLE001 - the server's reason, shown where the preview would be
            if generation == self._preview_generation:
                self.preview.setPlainText(self.tr("Could not read it: {error}").format(error=error))
            return
        if generation != self._preview_generation:
            return  # another resource was chosen meanwhile
        if mime.startswith("image/"):
            image = QImage.fromData(data)
            if not image.isNull():
                side = PREVIEW_IMAGE_SIDE
                pixmap = QPixmap.fromImage(image)
                if pixmap.width() > side or pixmap.height() > side:
                    pixmap = pixmap.scaled(
                        side,
                        side,
                        Qt.AspectRatioMode.KeepAspectRatio,
                        Qt.TransformationMode.SmoothTransformation,
                    )
                self.picture.setPixmap(pixmap)
                self.picture.show()
            size = QLocale().formattedDataSize(len(data))
            self.preview.setPlainText(f"{resource['uri']}\n{mime}, {size}")
            return
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            size = QLocale().formattedDataSize(len(data))
            self.preview.setPlainText(
                f"{resource['uri']}\n"
                + self.tr("{mime}, {size} (binary)").format(mime=mime, size=size)
            )
            return
        cut = len(text) > PREVIEW_CHARS
        self.preview.setPlainText(
            text[:PREVIEW_CHARS]
            + ("\n\n" + self.tr("… (%n characters in all)", "", len(text)) if cut else "")
        )

    # ------------------------------------------------------------------ attach
    def attach(self) -> None:
        entry = self.chosen()
        if entry is not None:
            self.spawn(self._attach(entry))

    async def _attach(self, entry: dict[str, Any]) -> None:
        resource = entry
        if "uri_template" in entry:
            filled = await self._fill_template(entry)
            if filled is None:
                return
            resource = filled
        composer = self.composer
        chips_before = len(composer.chips())
        self.message.setText(self.tr("Attaching {name}…").format(name=resource["name"]))
        await attach_resource(composer, self.tool_servers, resource)
        attached = len(composer.chips()) > chips_before
        self.message.setText(
            self.tr("Attached {name} to the message.").format(name=resource["name"])
            if attached
            else composer.message_label.text() or self.tr("It was not attached.")
        )

    async def _fill_template(self, template: dict[str, Any]) -> dict[str, Any] | None:
        """Ask for the template's parameters (a form from the forms engine); the resource."""
        names = template_parameters(template["uri_template"])
        values: dict[str, str] = {}
        if names:
            request = {
                "server": template["server"],
                "message": template.get("description") or template["uri_template"],
                "schema": {
                    "type": "object",
                    "properties": {name: {"type": "string", "title": name} for name in names},
                    "required": names,
                },
            }
            answer = await ask_user(
                request, self, title=self.tr("{name}: parameters").format(name=template["name"])
            )
            if answer.get("action") != "accept":
                return None
            values = {key: str(value) for key, value in (answer.get("content") or {}).items()}
        uri = expand_template(template["uri_template"], values)
        name = f"{template['name']}-{'-'.join(values.values())}" if values else template["name"]
        return {
            "plugin": template["plugin"],
            "server": template["server"],
            "uri": uri,
            "name": name,
            "mime": template.get("mime"),
        }


def install_tool_servers_button(
    tool_servers: ToolServers,
    composer: Composer,
    spawn: Spawn,
    *,
    tool_tasks: ToolTasks,
    open_chat: Callable[[str], None],
) -> ToolServersButton:
    """The Tools button in the composer's row, beside the model picker; its menu opens the
    Tasks view (`tool_tasks`, a chat opened with `open_chat`)."""
    button = ToolServersButton(tool_servers, composer, spawn)
    button.tasks_view = TasksView(tool_tasks, open_chat, spawn, composer.window())
    composer.accessory_row.addWidget(button)
    return button
