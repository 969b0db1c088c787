"""A schedule runs in the real window with a fake clock: due every minute, it answers in a new
chat the user can open, the window says it finished; a sleep past three due times gives one
catch-up run, not three."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
)

from agent_app.model_choice import ModelChoice
from agent_app.paths import resolve_paths
from agent_app.schedules import Schedule, ScheduleStore
from tests.support.screenshots import shots_folder

ANSWER = "Three headlines, all quiet."
SCRIPTED = {
    "providers": {
        "scripted": {"provider": "scripted", "label": "Scripted", "script": [ANSWER]},
    },
    "agents": {"default": {"label": "Default", "provider": "scripted"}},
}
# Tomorrow, so the app's own ticks on the real clock (it runs them too) find nothing due.
START = (datetime.now(UTC) + timedelta(days=1)).replace(hour=8, minute=59, second=30, microsecond=0)


class FakeClock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def answers(window) -> list[str]:
    return [
        str(item.text)
        for item in window.chat_model.items()
        if item.kind == "message" and item.role == "assistant"
    ]


def test_a_schedule_every_minute_runs_once_per_due_time_and_catches_up_once(journey):
    journey.write_config(SCRIPTED)
    store = ScheduleStore(resolve_paths(journey.data_dir).schedules_path)
    saved = store.save(
        Schedule(
            agent_id="default",
            title="Morning news",
            prompt="What is new?",
            recurrence="FREQ=MINUTELY",
            time_zone="Europe/Berlin",
        ),
        now=START,
    )
    assert saved.id is not None
    window = journey.start()
    runs = window.schedule_runs
    journey.wait_until(lambda: runs.runner is not None)
    clock = FakeClock(START + timedelta(seconds=40))
    runs.runner.clock = clock

    journey.run(runs.runner.tick())
    journey.wait_until(lambda: store.history(saved.id)[0].status == "done")

    [run] = store.history(saved.id)
    # No tray offscreen: the window's notice says it.
    journey.wait_until(lambda: "Scheduled run finished" in window.notice.label.text())
    assert "Morning news" in window.notice.label.text()
    journey.act(lambda: window.open_session(run.session_id))
    journey.wait_until(lambda: ANSWER in answers(window))

    # Asleep from 9:00:40 to 9:03:40: due 9:01, 9:02 and 9:03 passed; one run stands for them.
    clock.now += timedelta(minutes=3)
    journey.run(runs.runner.tick())
    journey.wait_until(lambda: len(store.history(saved.id)) == 2)
    journey.wait_until(lambda: store.history(saved.id)[0].status == "done")
    catch_up = store.history(saved.id)[0]
    assert catch_up.due_time == START.replace(hour=9, minute=3, second=0)
    assert catch_up.missed == 2
    journey.run(runs.runner.tick())
    assert len(store.history(saved.id)) == 2

    # Reopened, the app shows the scheduled answer in its chat and keeps the history.
    window = journey.restart()
    journey.act(lambda: window.open_session(catch_up.session_id))
    journey.wait_until(lambda: answers(window) == [ANSWER])
    assert [r.status for r in store.history(saved.id)] == ["done", "done"]


PROOF = shots_folder("schedules")


def test_schedule_this_chat_from_the_session_menu_and_read_its_history(journey):
    journey.write_config(SCRIPTED)
    window = journey.start()
    journey.type_text("Hello", window.composer.edit)
    journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
    journey.wait_until(lambda: ANSWER in answers(window))
    session_id = window.shown_session_id()
    runs = window.schedule_runs
    journey.wait_until(lambda: runs.runner is not None)

    action = next(
        a
        for a in window.session_menu.actions()
        if a.text().replace("&", "") == "Schedule this chat…"
    )
    journey.act(action.trigger)
    journey.wait_until(lambda: journey.has_widget("Prompt", QPlainTextEdit))
    prompt = journey.find_widget("Prompt", QPlainTextEdit)
    journey.act(lambda: prompt.setFocus())
    journey.type_text("Any news since?", prompt)
    name = journey.find_widget("Name", QLineEdit)
    # Named after the chat it answers in, until the user renames it.
    chat_title = window.title_label.text()  # the title shown above the chat
    assert chat_title
    assert name.text() == chat_title
    # Nothing to edit, delete or open yet in the Schedules window behind the editor.
    schedules_window = prompt.window().parentWidget().window()
    for label in ("Edit…", "Delete", "Open the run's chat"):
        assert not journey.find_widget(label, QPushButton).isEnabled(), label
    journey.act(name.clear)
    journey.type_text("Follow-up", name)
    repeat = journey.find_widget("Repeat", QComboBox)
    journey.act(lambda: repeat.setCurrentIndex(repeat.findText("Every N minutes")))
    target = journey.find_widget("Answer in", QComboBox)
    assert target.currentText().startswith("The chat “")
    editor = prompt.window()
    PROOF.mkdir(parents=True, exist_ok=True)
    journey.screenshot(PROOF / "schedule-editor.png", editor)
    journey.click("Save")

    store = runs.runner.store
    journey.wait_until(lambda: len(store.schedules()) == 1)
    [saved] = store.schedules()
    assert (saved.title, saved.prompt, saved.session_id) == (
        "Follow-up",
        "Any news since?",
        session_id,
    )
    assert saved.recurrence == "FREQ=MINUTELY;INTERVAL=30"
    schedules_list = journey.find_widget("Schedules", QListWidget)
    journey.wait_until(lambda: schedules_list.count() == 1)
    assert schedules_list.item(0).text() == "Follow-up"

    # Due (fake clock): it answers in this chat, and the history says so.
    assert saved.not_before is not None
    runs.runner.clock = FakeClock(saved.not_before + timedelta(minutes=31))
    journey.run(runs.runner.tick())
    journey.wait_until(
        lambda: store.history(saved.id) and store.history(saved.id)[0].status == "done"
    )
    # The chat shown gets the scheduled answer below the first.
    journey.wait_until(lambda: len(answers(window)) == 2)
    dialog = schedules_list.window()
    journey.run(dialog.show_history())
    history = journey.find_widget("History", QTableWidget)
    assert history.rowCount() == 1
    assert history.item(0, 1).text() == "Done"
    assert dialog is schedules_window
    assert journey.find_widget("Edit…", QPushButton).isEnabled()  # the schedule is selected
    assert journey.find_widget("Delete", QPushButton).isEnabled()
    open_run = journey.find_widget("Open the run's chat", QPushButton)
    assert not open_run.isEnabled()  # no run selected yet
    done_cell = history.visualItemRect(history.item(0, 1)).center()
    journey.act(
        lambda: journey.qtbot.mouseClick(
            history.viewport(), Qt.MouseButton.LeftButton, pos=done_cell
        )
    )
    assert open_run.isEnabled()
    journey.screenshot(PROOF / "schedule-history.png", dialog)


def test_the_schedule_editor_picks_a_model_and_the_run_answers_with_it(journey):
    night = {"provider": "scripted", "label": "Night shift", "model": "night-model"}
    journey.write_config(
        {
            "providers": {**SCRIPTED["providers"], "night": {**night, "script": ["Night answer."]}},
            "agents": SCRIPTED["agents"],
        }
    )
    window = journey.start()
    runs = window.schedule_runs
    journey.wait_until(lambda: runs.runner is not None)
    action = next(
        a for a in window.session_menu.actions() if a.text().replace("&", "") == "Schedules…"
    )
    journey.act(action.trigger)
    journey.click("Add…")
    journey.wait_until(lambda: journey.has_widget("Prompt", QPlainTextEdit))
    prompt = journey.find_widget("Prompt", QPlainTextEdit)
    editor = prompt.window()
    journey.act(lambda: prompt.setFocus())
    journey.type_text("Overnight report", prompt)
    repeat = journey.find_widget("Repeat", QComboBox)
    journey.act(lambda: repeat.setCurrentIndex(repeat.findText("Every day")))
    assert editor.model.text() == "The agent's own model"
    # Framed like a button (a flat picker read as a label): its edge differs from its inside.
    drawn = editor.model.grab().toImage()
    middle = drawn.height() // 2
    assert drawn.pixelColor(0, middle) != drawn.pixelColor(4, middle)
    journey.click(editor.model)
    popup = editor.model.popup
    journey.wait_until(lambda: popup.isVisible() and popup.tree.topLevelItemCount() == 2, 30)
    assert not popup.pin_button.isVisible()  # a schedule picks a model; pinning is the composer's
    journey.type_text("night-model", popup.filter)
    journey.press(Qt.Key.Key_Return, widget=popup.filter)
    journey.wait_until(lambda: editor.model.text().startswith("night-model"))
    assert "Night shift" in editor.model.text()
    PROOF.mkdir(parents=True, exist_ok=True)
    journey.screenshot(PROOF / "schedule-editor-with-model.png", editor)
    journey.click("Save")

    store = runs.runner.store
    journey.wait_until(lambda: len(store.schedules()) == 1)
    [saved] = store.schedules()
    assert saved.model == ModelChoice("night", "night-model")
    runs.runner.clock = FakeClock(saved.not_before + timedelta(days=1))
    journey.run(runs.runner.tick())
    journey.wait_until(lambda: [r.status for r in store.history(saved.id)] == ["done"])
    answer = window.app.sessions.load_session(store.history(saved.id)[0].session_id).messages[-1]
    assert (answer.content, answer.metadata.get("model")) == ("Night answer.", "night-model")


RECORDING_SYSTEMCTL = '#!/bin/sh\necho "$@" >> "{log}"\n{fail}\n'


def test_run_schedules_when_the_app_is_closed_installs_and_removes_the_user_service(
    journey, tmp_path, monkeypatch
):
    # No systemd user session here: a stand-in systemctl records what it is asked.
    folder = tmp_path / "bin"
    folder.mkdir()
    log = tmp_path / "systemctl.log"
    systemctl = folder / "systemctl"
    systemctl.write_text(RECORDING_SYSTEMCTL.format(log=log, fail="exit 0"))
    systemctl.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}:/usr/bin:/bin")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    journey.write_config(SCRIPTED)
    window = journey.start()
    journey.wait_until(lambda: window.schedule_runs.runner is not None)
    action = next(
        a for a in window.session_menu.actions() if a.text().replace("&", "") == "Schedules…"
    )
    journey.act(action.trigger)
    box = journey.find_widget("Run schedules when the app is closed")
    journey.wait_until(box.isEnabled)
    assert not box.isChecked()
    journey.click(box)
    units = tmp_path / "home" / ".config" / "systemd" / "user"
    journey.wait_until(lambda: list(units.glob("agent-desktop-schedules-*.service")), 20)
    [unit] = units.glob("agent-desktop-schedules-*.service")
    assert f"schedules run --data-dir {journey.data_dir}" in unit.read_text()
    journey.wait_until(lambda: f"--user enable --now {unit.name}" in log.read_text(), 20)
    journey.wait_until(box.isEnabled)
    PROOF.mkdir(parents=True, exist_ok=True)
    journey.screenshot(PROOF / "schedules-run-when-the-app-is-closed.png", box.window())

    journey.click(box)
    journey.wait_until(lambda: not unit.exists(), 20)
    assert f"--user disable --now {unit.name}" in log.read_text()

    # A desktop without a systemd user session: said, and the box stays off.
    systemctl.write_text(
        RECORDING_SYSTEMCTL.format(log=log, fail="echo 'Failed to connect to bus' >&2; exit 1")
    )
    journey.wait_until(box.isEnabled)
    journey.click(box)
    dialog = box.window()
    journey.wait_until(lambda: "Failed to connect to bus" in dialog.service_problem.text(), 20)
    assert "agent-desktop schedules run" in dialog.service_problem.text()
    assert dialog.service_problem.isVisible()
    journey.wait_until(lambda: not box.isChecked(), 10)
