"""The Schedules window: each schedule with its history, and the editor for one schedule.

The store is read and written off the GUI thread (`asyncio.to_thread`); the dialog only shows
what came back. Opening a run's chat is the window's `open_chat`.
"""

from __future__ import annotations

import asyncio
import os
import zoneinfo
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QLocale, Qt, QTime
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from agent_app.model_choice import ModelChoice
from agent_app.schedule_service import ScheduleService, ServiceError
from agent_app.schedules import (
    MISSED_RUN_ONCE,
    MISSED_SKIP,
    Schedule,
    ScheduledRun,
    ScheduleError,
    ScheduleStore,
)
from agent_desktop.composer.model_picker import ModelPicker
from agent_desktop.schedules.recurrence import (
    DAILY,
    HOURLY,
    MINUTES,
    WEEKDAYS,
    WEEKLY,
    Recurrence,
    from_rule,
    to_rule,
)

if TYPE_CHECKING:
    from agent_app.model_catalog import ProviderModels

Spawn = Callable[[Coroutine[Any, Any, Any]], Any]
#: Every configured provider with its models (the model catalog's listing, off the GUI thread).
ListModels = Callable[..., Awaitable[list["ProviderModels"]]]  # (refresh=bool)


def local_zone_name() -> str:
    """The IANA name of this computer's time zone (UTC when it cannot be told)."""
    named = os.environ.get("TZ", "").lstrip(":")
    if named in zoneinfo.available_timezones():
        return named
    localtime = Path("/etc/localtime")
    if localtime.is_symlink():
        target = str(localtime.resolve())
        if "zoneinfo/" in target:
            return target.split("zoneinfo/", 1)[1]
    return "UTC"


class ScheduleEditor(QDialog):
    """One schedule's fields; `schedule()` is what the user set."""

    def __init__(
        self,
        parent: QWidget | None,
        base: Schedule,
        agents: list[tuple[str, str]],
        chat_title: str | None,
        *,
        list_models: ListModels,
        spawn: Spawn,
    ) -> None:
        super().__init__(parent)
        self.base = base
        self.list_models = list_models
        self.spawn = spawn
        self.model_choice: ModelChoice | None = base.model
        self.provider_labels: dict[str, str] = {}
        self.setWindowTitle(self.tr("Schedule"))
        form = QFormLayout(self)
        self.title = QLineEdit(base.title)
        self.title.setAccessibleName(self.tr("Name"))
        form.addRow(self.tr("Name"), self.title)
        self.prompt = QPlainTextEdit(base.prompt)
        self.prompt.setAccessibleName(self.tr("Prompt"))
        form.addRow(self.tr("Prompt"), self.prompt)
        self.agent = QComboBox()
        self.agent.setAccessibleName(self.tr("Agent"))
        for agent_id, label in agents:
            self.agent.addItem(label, agent_id)
        self.agent.setCurrentIndex(max(0, self.agent.findData(base.agent_id)))
        form.addRow(self.tr("Agent"), self.agent)
        # The composer's model picker: the same list of every provider's models.
        self.model = ModelPicker()
        self.model.setObjectName("formModelPicker")  # framed: a field, not the composer's label
        self.model.setAccessibleName(self.tr("Model"))
        self.model.opened.connect(lambda: self.spawn(self._list_models()))
        self.model.refresh_requested.connect(lambda: self.spawn(self._list_models(refresh=True)))
        self.model.picked.connect(self._pick_model)
        self.agents_model = QPushButton(self.tr("Use the agent's model"))
        self.agents_model.clicked.connect(lambda: self._pick_model(None))
        model_row = QHBoxLayout()
        model_row.addWidget(self.model, 1)
        model_row.addWidget(self.agents_model)
        form.addRow(self.tr("Model"), model_row)
        self._show_model()
        self.target = QComboBox()
        self.target.setAccessibleName(self.tr("Answer in"))
        self.target.addItem(self.tr("A new chat each run"), None)
        if base.session_id is not None:
            shown = chat_title or self.tr("this chat")
            self.target.addItem(self.tr("The chat “{title}”").format(title=shown), base.session_id)
            self.target.setCurrentIndex(1)
        form.addRow(self.tr("Answer in"), self.target)
        choice = from_rule(base.recurrence) or Recurrence(WEEKDAYS)
        self.repeat = QComboBox()
        self.repeat.setAccessibleName(self.tr("Repeat"))
        for kind, label in (
            (DAILY, self.tr("Every day")),
            (WEEKDAYS, self.tr("Weekdays")),
            (WEEKLY, self.tr("Weekly on")),
            (MINUTES, self.tr("Every N minutes")),
            (HOURLY, self.tr("Hourly")),
        ):
            self.repeat.addItem(label, kind)
        self.repeat.setCurrentIndex(self.repeat.findData(choice.kind))
        form.addRow(self.tr("Repeat"), self.repeat)
        self.weekday = QComboBox()
        self.weekday.setAccessibleName(self.tr("Day"))
        for day in range(7):
            self.weekday.addItem(QLocale().dayName(day + 1), day)
        self.weekday.setCurrentIndex(choice.weekday)
        form.addRow(self.tr("Day"), self.weekday)
        self.every = QSpinBox()
        self.every.setRange(1, 1440)
        self.every.setValue(choice.every_minutes)
        self.every.setAccessibleName(self.tr("Minutes"))
        form.addRow(self.tr("Minutes"), self.every)
        self.at = QTimeEdit(QTime(choice.hour, choice.minute))
        self.at.setDisplayFormat("HH:mm")
        self.at.setAccessibleName(self.tr("At"))
        form.addRow(self.tr("At"), self.at)
        self.zone = QComboBox()
        self.zone.setEditable(True)
        self.zone.setAccessibleName(self.tr("Time zone"))
        self.zone.addItems(sorted(zoneinfo.available_timezones()))
        self.zone.setCurrentText(base.time_zone)
        form.addRow(self.tr("Time zone"), self.zone)
        self.missed = QComboBox()
        self.missed.setAccessibleName(self.tr("Missed runs"))
        self.missed.addItem(self.tr("Run once on return"), MISSED_RUN_ONCE)
        self.missed.addItem(self.tr("Skip"), MISSED_SKIP)
        self.missed.setCurrentIndex(self.missed.findData(base.missed))
        form.addRow(self.tr("Missed runs"), self.missed)
        self.enabled = QCheckBox(self.tr("Enabled"))
        self.enabled.setChecked(base.enabled)
        form.addRow(self.enabled)
        where = QLabel(
            self.tr(
                "Schedules run while Agent Desktop runs, also hidden in the tray. To run them "
                "with the window closed, turn on “Run schedules when the app is closed” in the "
                "Schedules window, or run “agent-desktop serve” on this data folder."
            )
        )
        where.setWordWrap(True)
        form.addRow(where)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.hide()
        form.addRow(self.problem)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.repeat.currentIndexChanged.connect(self._show_fields)
        self._show_fields()

    async def _list_models(self, *, refresh: bool = False) -> None:
        popup = self.model.popup
        popup.pin_button.hide()  # pinning is the composer's; a schedule only picks
        popup.show_listing()
        listed = await self.list_models(refresh=refresh)
        self.provider_labels = {provider.provider_id: provider.label for provider in listed}
        popup.show_models(listed, [], [], self.model_choice)
        self._show_model()

    def _pick_model(self, choice: ModelChoice | None) -> None:
        self.model_choice = choice
        self._show_model()

    def _show_model(self) -> None:
        choice = self.model_choice
        if choice is None:
            self.model.show_choice(None, "")
            self.model.setText(self.tr("The agent's own model"))
            self.model.setToolTip(self.tr("Runs use the model of the schedule's agent."))
        else:
            label = self.provider_labels.get(choice.provider_id, choice.provider_id)
            self.model.show_choice(choice, label)
        self.agents_model.setEnabled(choice is not None)

    def _show_fields(self) -> None:
        kind = self.repeat.currentData()
        form = self.layout()
        assert isinstance(form, QFormLayout)
        form.setRowVisible(self.weekday, kind == WEEKLY)
        form.setRowVisible(self.every, kind == MINUTES)
        form.setRowVisible(self.at, kind != MINUTES)

    def schedule(self) -> Schedule:
        at = self.at.time()
        choice = Recurrence(
            self.repeat.currentData(),
            at.hour(),
            at.minute(),
            self.weekday.currentData(),
            self.every.value(),
        )
        return Schedule(
            id=self.base.id,
            title=self.title.text().strip(),
            agent_id=self.agent.currentData() or self.base.agent_id,
            model=self.model_choice,
            prompt=self.prompt.toPlainText(),
            recurrence=to_rule(choice),
            time_zone=self.zone.currentText().strip(),
            session_id=self.target.currentData(),
            missed=self.missed.currentData(),
            enabled=self.enabled.isChecked(),
        )

    def show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.show()


class SchedulesDialog(QDialog):
    """Every schedule (checked: enabled), and the history of the one selected."""

    def __init__(
        self,
        parent: QWidget | None,
        store: ScheduleStore,
        *,
        agents: list[tuple[str, str]],
        list_models: ListModels,
        spawn: Spawn,
        open_chat: Callable[[str], None],
        service: ScheduleService | None = None,
    ) -> None:
        super().__init__(parent)
        self.store = store
        self.agents = agents
        self.list_models = list_models
        self.service = service
        self.spawn = spawn
        self.open_chat = open_chat
        self.shown: list[Schedule] = []
        self.runs: list[ScheduledRun] = []
        self.setWindowTitle(self.tr("Schedules"))
        self.resize(760, 420)
        layout = QHBoxLayout(self)
        left = QVBoxLayout()
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Schedules"))
        left.addWidget(self.list)
        row = QHBoxLayout()
        add_button = QPushButton(self.tr("Add…"))
        add_button.clicked.connect(self.add)
        self.edit_button = QPushButton(self.tr("Edit…"))
        self.edit_button.clicked.connect(self.edit)
        self.delete_button = QPushButton(self.tr("Delete"))
        self.delete_button.clicked.connect(self.delete)
        for button in (add_button, self.edit_button, self.delete_button):
            row.addWidget(button)
        left.addLayout(row)
        self.when_closed = QCheckBox(self.tr("Run schedules when the app is closed"))
        self.when_closed.setToolTip(
            self.tr(
                "Installs a user service that runs this data folder's schedules at login, "
                "without a window (systemd on Linux). A run is never started twice."
            )
        )
        self.when_closed.setEnabled(False)  # until the service's state is known
        self.when_closed.toggled.connect(lambda on: self.spawn(self._run_when_closed(on)))
        self.service_problem = QLabel()
        self.service_problem.setWordWrap(True)
        self.service_problem.hide()
        left.addWidget(self.when_closed)
        left.addWidget(self.service_problem)
        layout.addLayout(left, 1)
        right = QVBoxLayout()
        right.addWidget(QLabel(self.tr("History")))
        self.history = QTableWidget(0, 3)
        self.history.setAccessibleName(self.tr("History"))
        self.history.setHorizontalHeaderLabels([self.tr("Due"), self.tr("Status"), self.tr("Note")])
        self.history.horizontalHeader().setStretchLastSection(True)
        self.history.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.history.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        right.addWidget(self.history)
        self.open_run_button = QPushButton(self.tr("Open the run's chat"))
        self.open_run_button.clicked.connect(self._open_run_chat)
        right.addWidget(self.open_run_button)
        layout.addLayout(right, 2)
        self.list.currentRowChanged.connect(lambda _row: self.spawn(self.show_history()))
        self.list.currentRowChanged.connect(lambda _row: self._enable_buttons())
        self.history.itemSelectionChanged.connect(self._enable_buttons)
        self.list.itemChanged.connect(self._toggled)
        self._enable_buttons()

    def _enable_buttons(self) -> None:
        """Edit, Delete and Open the run's chat only when there is something for them to act on."""
        self.edit_button.setEnabled(self._selected() is not None)
        self.delete_button.setEnabled(self._selected() is not None)
        self.open_run_button.setEnabled(self._selected_run_chat() is not None)

    # ------------------------------------------------------------------ reading
    async def refresh(self) -> None:
        self.shown = await asyncio.to_thread(self.store.schedules)
        self.list.blockSignals(True)
        self.list.clear()
        for schedule in self.shown:
            item = QListWidgetItem(schedule.title or schedule.prompt)
            item.setCheckState(_checked(schedule.enabled))
            self.list.addItem(item)
        self.list.blockSignals(False)
        if self.shown:
            self.list.setCurrentRow(0)
        await self.show_history()

    async def show_service(self) -> None:
        """Whether the user service runs this folder's schedules (asked off the GUI thread)."""
        if self.service is None:
            self.when_closed.hide()
            return
        installed = await asyncio.to_thread(self.service.installed)
        self.when_closed.blockSignals(True)
        self.when_closed.setChecked(installed)
        self.when_closed.blockSignals(False)
        self.when_closed.setEnabled(True)

    async def _run_when_closed(self, on: bool) -> None:
        assert self.service is not None
        self.when_closed.setEnabled(False)
        self.service_problem.hide()
        try:
            await asyncio.to_thread(self.service.install if on else self.service.uninstall)
        except ServiceError as problem:
            self.service_problem.setText(str(problem))
            self.service_problem.show()
            self.when_closed.blockSignals(True)
            self.when_closed.setChecked(not on)
            self.when_closed.blockSignals(False)
        self.when_closed.setEnabled(True)

    async def show_history(self) -> None:
        schedule = self._selected()
        self.runs = (
            await asyncio.to_thread(self.store.history, schedule.id)
            if schedule is not None and schedule.id is not None
            else []
        )
        self.history.setRowCount(len(self.runs))
        for row, run in enumerate(self.runs):
            due = run.due_time.astimezone().strftime("%Y-%m-%d %H:%M")
            self.history.setItem(row, 0, QTableWidgetItem(due))
            self.history.setItem(row, 1, QTableWidgetItem(self.status_text(run)))
            self.history.setItem(row, 2, QTableWidgetItem(self.note(run)))
        self.history.resizeColumnToContents(0)
        self._enable_buttons()

    def status_text(self, run: ScheduledRun) -> str:
        return {
            "running": self.tr("Running"),
            "needs_you": self.tr("Needs you"),
            "done": self.tr("Done"),
            "failed": self.tr("Failed"),
            "skipped": self.tr("Skipped"),
        }[run.status]

    def note(self, run: ScheduledRun) -> str:
        if run.error:
            return run.error
        if run.missed:
            return self.tr("Also stands for missed due times: {count}").format(count=run.missed)
        return ""

    def _selected(self) -> Schedule | None:
        row = self.list.currentRow()
        return self.shown[row] if 0 <= row < len(self.shown) else None

    # ------------------------------------------------------------------ changing
    def add(self, session_id: str | None = None, chat_title: str | None = None) -> ScheduleEditor:
        agent_id = self.agents[0][0] if self.agents else "default"
        base = Schedule(
            agent_id=agent_id,
            prompt="",
            recurrence=to_rule(Recurrence(WEEKDAYS)),
            time_zone=local_zone_name(),
            session_id=session_id or None,
            title=chat_title or "",  # scheduling a chat: named after it until the user renames
        )
        return self._open_editor(base, chat_title)

    def edit(self) -> None:
        schedule = self._selected()
        if schedule is not None:
            self._open_editor(schedule, None)

    def _open_editor(self, base: Schedule, chat_title: str | None) -> ScheduleEditor:
        editor = ScheduleEditor(
            self, base, self.agents, chat_title, list_models=self.list_models, spawn=self.spawn
        )
        editor.accepted.connect(lambda: self.spawn(self._save(editor)))
        editor.open()
        return editor

    async def _save(self, editor: ScheduleEditor) -> None:
        try:
            await asyncio.to_thread(self.store.save, editor.schedule())
        except ScheduleError as problem:
            editor.show_problem(str(problem))
            editor.open()
            return
        await self.refresh()

    def delete(self) -> None:
        schedule = self._selected()
        if schedule is not None and schedule.id is not None:
            self.spawn(self._delete(schedule.id))

    async def _delete(self, schedule_id: int) -> None:
        await asyncio.to_thread(self.store.delete, schedule_id)
        await self.refresh()

    def _toggled(self, item: QListWidgetItem) -> None:
        schedule = self.shown[self.list.row(item)]
        enabled = item.checkState() == _checked(True)
        self.spawn(self._set_enabled(schedule, enabled))

    async def _set_enabled(self, schedule: Schedule, enabled: bool) -> None:
        await asyncio.to_thread(self.store.save, replace(schedule, enabled=enabled))
        await self.refresh()

    def _selected_run_chat(self) -> str | None:
        """The chat of the run selected in the history (None: no run selected, or it made none)."""
        row = self.history.currentRow()
        if not self.history.selectedItems() or not 0 <= row < len(self.runs):
            return None
        session_id = self.runs[row].session_id
        return str(session_id) if session_id is not None else None

    def _open_run_chat(self) -> None:
        session_id = self._selected_run_chat()
        if session_id is not None:
            self.open_chat(session_id)


def _checked(enabled: bool) -> Qt.CheckState:
    return Qt.CheckState.Checked if enabled else Qt.CheckState.Unchecked
