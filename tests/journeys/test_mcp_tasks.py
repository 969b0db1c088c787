"""MCP Tasks journeys: a long tool call that runs as a task on its server outlives a quit, its
row re-attaches after the restart and the result lands in the chat (and reaches the model);
another task is cancelled from the Tasks view, or from its own row (re-attached after a
restart), and the server receives tasks/cancel."""

from __future__ import annotations

from typing import Any

import pytest

from tests.journeys.test_mcp import (
    answer_when_asked,
    app_config,
    provider,  # noqa: F401 - the fixture the journeys here use
    send,
    server_state,
    tool_call_recording,
    tool_rows,
)
from tests.support.mcp_http_server import serve_mcp_over_http
from tests.support.mcp_tasks import TasksOnTheServer
from tests.support.screenshots import shots_folder

pytestmark = pytest.mark.gui


def start_task(journey: Any, tasks: TasksOnTheServer, scene: str) -> str:
    """Ask for a render; once its task is polled, its id."""
    known = set(tasks.tasks)
    send(journey, f"render a {scene}")
    journey.wait_until(
        lambda: journey.has_widget("Allow once") or set(tasks.tasks) - known, timeout=15
    )
    answer_when_asked(journey)
    journey.wait_until(lambda: set(tasks.tasks) - known, timeout=15)
    (task_id,) = set(tasks.tasks) - known
    journey.wait_until(lambda: task_id in [polled for polled, _ in tasks.polls], timeout=10)
    return task_id


def test_a_task_outlives_a_restart_and_another_is_cancelled_from_the_tasks_view(
    journey,
    provider,  # noqa: F811 - the fixture
):
    tasks = TasksOnTheServer(poll_interval_ms=150, polls_to_finish=100_000)
    with serve_mcp_over_http(tasks=tasks) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        provider.enqueue(tool_call_recording("mcp__render__render", {"scene": "city"}))
        journey.write_config(app_config(provider, {"render": settings}))
        window = journey.start()
        journey.wait_until(lambda: server_state(journey, "render") == "running", timeout=90)
        city = start_task(journey, tasks, "city")
        (row,) = tool_rows(window)
        journey.wait_until(lambda: "polls to go" in row.output, timeout=10)  # its progress
        assert row.state == "running"

        window = journey.restart()  # quit while it runs, start again
        assert tasks.cancels == []
        journey.wait_until(lambda: len(tool_rows(window)) == 1, timeout=15)
        (row,) = tool_rows(window)
        assert row.state == "running"  # re-attached: the task goes on
        # Its progress comes into the row again.
        journey.wait_until(lambda: "polls to go" in tool_rows(window)[0].output, timeout=30)
        tasks.tasks[city].polls_left = 1  # the render finishes
        journey.wait_until(lambda: tool_rows(window)[0].state == "success", timeout=15)
        assert tool_rows(window)[0].output == "rendered city"

        # The chat goes on: the model reads the task's result.
        provider.enqueue("openai_text_stream")
        send(journey, "thanks")
        journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=15)
        messages = provider.posts[-1].body["messages"]
        (result,) = [message for message in messages if message["role"] == "tool"]
        assert result["content"] == "rendered city"

        # Another task, cancelled from Tools → Running tasks….
        provider.enqueue(
            tool_call_recording("mcp__render__render", {"scene": "forest"}), "openai_text_stream"
        )
        forest = start_task(journey, tasks, "forest")
        button = journey.find_widget("Tool servers")
        journey.act(lambda: button.menu_.aboutToShow.emit())  # what opening the menu does
        (entry,) = [
            action for action in button.menu_.actions() if action.text() == "Running tasks…"
        ]
        journey.act(entry.trigger)
        view = journey.find_widget("Running tasks").window()
        journey.wait_until(lambda: view.list.count() == 1, timeout=10)
        assert view.list.item(0).text() == "render · render — in “render a city”"
        journey.click("Cancel task")
        journey.wait_until(lambda: tasks.cancels == [forest], timeout=10)
        # The list drops the cancelled task at once, not when its call has ended.
        journey.wait_until(lambda: view.status.text().startswith("Asked the server"), timeout=5)
        assert view.list.count() == 0
        journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=15)
        cancelled = tool_rows(window)[-1]
        assert cancelled.state == "cancelled"  # the user's own cancel, not a failure
        assert f"Cancelled by you: the task {forest} stopped" in cancelled.output
        assert cancelled.single_line == "render › render: cancelled by you"


def task_row_controls(journey: Any, window: Any) -> Any:
    """The progress bar and Cancel of the chat's one tool row, once it has them."""
    journey.wait_until(lambda: len(tool_rows(window)) == 1, timeout=15)
    return journey.wait_until(
        lambda: window.chat_view.task_controls(tool_rows(window)[0].key), timeout=15
    )


def test_two_tasks_outlive_a_quit_one_is_cancelled_from_its_row_the_other_ends(
    journey,
    provider,  # noqa: F811 - the fixture
):
    tasks = TasksOnTheServer(poll_interval_ms=150, polls_to_finish=100_000)
    shots = shots_folder("mcp-tasks")
    shots.mkdir(parents=True, exist_ok=True)
    with serve_mcp_over_http(tasks=tasks) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        provider.enqueue(tool_call_recording("mcp__render__render", {"scene": "city"}))
        journey.write_config(app_config(provider, {"render": settings}))
        window = journey.start()
        journey.wait_until(lambda: server_state(journey, "render") == "running", timeout=90)
        city = start_task(journey, tasks, "city")
        # The row shows the task's progress as a busy bar with the server's words, and Cancel.
        controls = task_row_controls(journey, window)
        journey.wait_until(lambda: "polls to go" in controls.message.text(), timeout=10)
        assert controls.bar.maximum() == 0  # busy: the task says no total
        assert controls.cancel_button.isVisible()
        journey.screenshot(shots / "progress-bar-in-a-task-row.png")

        journey.click("New chat")
        provider.enqueue(tool_call_recording("mcp__render__render", {"scene": "forest"}))
        forest = start_task(journey, tasks, "forest")

        window = journey.restart()  # quit while both run, start again
        assert tasks.cancels == []
        chats = {
            running.task["task_id"]: running.session_id
            for running in journey.run(journey.app.tool_tasks.running())
        }
        assert set(chats) == {city, forest}

        journey.act(lambda: window.open_session(chats[forest]))
        controls = task_row_controls(journey, window)  # re-attached, with its Cancel
        assert tool_rows(window)[0].state == "running"
        journey.wait_until(lambda: "polls to go" in controls.message.text(), timeout=30)
        journey.wait_until(lambda: controls.cancel_button.isVisible(), timeout=5)
        journey.screenshot(shots / "cancel-in-a-re-attached-row.png")
        journey.click(controls.cancel_button)
        journey.wait_until(lambda: tasks.cancels == [forest], timeout=10)
        journey.wait_until(lambda: tool_rows(window)[0].state == "cancelled", timeout=15)
        (cancelled,) = tool_rows(window)
        assert f"Cancelled by you: the task {forest} stopped" in cancelled.output
        assert window.chat_view.task_controls(cancelled.key) is None  # ended: no bar, no Cancel

        journey.act(lambda: window.open_session(chats[city]))
        task_row_controls(journey, window)
        tasks.tasks[city].polls_left = 1  # the other render finishes
        journey.wait_until(lambda: tool_rows(window)[0].state == "success", timeout=15)
        assert tool_rows(window)[0].output == "rendered city"
        assert tasks.cancels == [forest]  # only the one the user cancelled
