"""The Tasks view (Tools button → Running tasks…): tool calls running as tasks on their servers,
across chats, this run's and those an earlier run left running; open a task's chat or cancel it
(the server is sent `tasks/cancel`). It is handed the `ToolTasks` service, how to open a chat,
and how to run a coroutine on the window's loop."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from agent_app.tool_tasks import RunningTask, ToolTasks
    from agent_desktop.toolkit.window_support import Spawn


class TasksView(QDialog):
    """The running tasks, one line each: the tool, its server and its chat."""

    def __init__(
        self,
        tool_tasks: ToolTasks,
        open_chat: Callable[[str], None],
        spawn: Spawn,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.tool_tasks = tool_tasks
        self.open_chat = open_chat
        self.spawn = spawn
        self.setWindowTitle(self.tr("Running tasks"))
        self.list = QListWidget(self)
        self.list.setAccessibleName(self.tr("Running tasks"))
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.open_button = QPushButton(self.tr("Open chat"), self)
        self.cancel_button = QPushButton(self.tr("Cancel task"), self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.cancel_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.open_button.clicked.connect(self._open_chosen)
        self.cancel_button.clicked.connect(self._cancel_chosen)
        self.list.currentItemChanged.connect(self._follow_choice)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        self.resize(520, 300)
        self._follow_choice()

    def reload(self) -> None:
        self.spawn(self._fill())

    async def _fill(self) -> None:
        running = await self.tool_tasks.running()
        self.list.clear()
        for task in running:
            title = task.title or QCoreApplication.translate("TasksView", "New chat")
            item = QListWidgetItem(
                QCoreApplication.translate("TasksView", "{task} — in “{chat}”").format(
                    task=task.label, chat=title
                )
            )
            item.setData(Qt.ItemDataRole.UserRole, task)
            self.list.addItem(item)
        if running:
            self.list.setCurrentRow(0)
        self.status.setText("" if running else self.tr("No task is running."))
        self._follow_choice()

    def _chosen(self) -> RunningTask | None:
        item = self.list.currentItem()
        task: RunningTask | None = item.data(Qt.ItemDataRole.UserRole) if item else None
        return task

    def _follow_choice(self, *_: Any) -> None:
        chosen = self._chosen() is not None
        self.open_button.setEnabled(chosen)
        self.cancel_button.setEnabled(chosen)

    def _open_chosen(self) -> None:
        task = self._chosen()
        if task is not None:
            self.open_chat(task.session_id)

    def _cancel_chosen(self) -> None:
        task = self._chosen()
        if task is not None:
            self.spawn(self._cancel(task))

    async def _cancel(self, task: RunningTask) -> None:
        self.cancel_button.setEnabled(False)
        try:
            await self.tool_tasks.cancel(task)
        except Exception as error:  # noqa: BLE001 - shown in the view: the server refused or is gone
            self.status.setText(
                self.tr("Could not cancel {task}: {error}").format(task=task.label, error=error)
            )
            self._follow_choice()
            return
        await self._fill()  # without the task: cancelled, it is not running for the user
        self.status.setText(
            self.tr("Asked the server to cancel {task}; its chat shows how it ended.").format(
                task=task.label
            )
        )
