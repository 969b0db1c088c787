"""What the application's tool loop costs on top of the core calls it makes.

Two budgets, each with a baseline that drives the very same `AgentCore` calls by hand with
nothing else (no events to a consumer, no store, no approval, no drafts):

- one reply of 2,000 streamed chunks;
- 20 rounds of assistant tool call → read-only tool → result, then a reply.

The figure is `AgentApplication.send_request` consuming every event, with every finished
message committed to SQLite. Both are timed in alternating runs (tests/benchmarks/budgets.py);
target: ≤ 1.5× the baseline.

    uv run pytest tests/benchmarks/test_tool_loop.py --benchmark-enable -s
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from tests.benchmarks.budgets import BudgetReport, alternate
from tests.support.tool_loop_harness import script_overrides, tool_turn, with_user_message
from tests.support.workbench_tools import Workbench

from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from agent_core import Message, Session
from scripted_provider import ScriptedProvider

LONG_REPLY = [{"content": "x" * 2000, "chunk_size": 1}]
ROUNDS = 20
RUNS = 7  # alternating runs of each
TOOL_ROUNDS = [*(tool_turn(("add", {"a": n, "b": 1})) for n in range(ROUNDS)), "done"]


@pytest.fixture
def app(tmp_path: Path):
    application = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, Workbench]
    )
    application.settings.max_tool_iterations = ROUNDS + 5
    # The user marked `add` safe (a plugin's read-only hint is a third party's word): the tool
    # runs unasked, as the baseline runs it. Without this every call was refused for want of
    # an approver, and the figure timed a loop that never ran a tool.
    application.settings.tool_approvals = {"add": "always"}
    yield application
    application.close()


async def through_the_loop(app: AgentApplication, script: list[Any]) -> list[str]:
    """The types of the events `send_request` gave, and each tool result's text after them."""
    session = with_user_message(app.sessions.create_session(), "go")
    seen: list[str] = []
    async for event in app.send_request(session, script_overrides(script)):
        seen.append(event["type"])
        if event["type"] == "tool_result":
            seen.append(event["message"]["content"])
    return seen


async def by_hand(app: AgentApplication, script: list[Any]) -> list[str]:
    """The same provider turns and tool calls through the core, keeping only the messages;
    the types of the events and each tool result's text, as `through_the_loop`."""
    core = app.agents.build_core()
    config = app.resolve_request_config(app.build_agent_config(), script_overrides(script))
    session = Session("bench", [Message("user", "go")])
    seen: list[str] = []
    while True:
        messages: list[dict[str, Any]] = []
        async for event in core.astream_request(session, config):
            seen.append(event["type"])
            if event["type"] == "final":
                messages = event["messages"]
        assistant = messages[-1]
        session = Session("bench", [*session.messages, Message.from_dict(assistant)])
        calls = (assistant.get("metadata") or {}).get("tool_calls") or []
        if not calls:
            return seen
        for call in calls:
            async for event in core.astream_tool_call(call, config):
                seen.append(event["type"])
                if event["type"] == "tool_result":
                    seen.append(event["message"]["content"])
                    session = Session(
                        "bench", [*session.messages, Message.from_dict(event["message"])]
                    )


def compare(
    benchmark: Any, budget_report: BudgetReport, name: str, app: AgentApplication, script: list
) -> None:
    runs = 1 if benchmark.disabled else RUNS  # the default run is a smoke test

    def measure() -> tuple[list[float], list[float]]:
        return alternate(
            lambda: asyncio.run(through_the_loop(app, script)),
            lambda: asyncio.run(by_hand(app, script)),
            runs=runs,
        )

    figure, baseline = benchmark.pedantic(measure, rounds=1, iterations=1)
    budget_report.record(name, figure, baseline, target=1.5)
    # Both did the same work: the same tools ran, with the same results.
    results = [text for text in asyncio.run(by_hand(app, script)) if text.startswith("Result")]
    assert results == [f"Result: {n + 1}" for n in range(len(script) - 1)]
    through_the_app = asyncio.run(through_the_loop(app, script))
    assert [text for text in through_the_app if text.startswith("Result")] == results
    assert through_the_app[-1] == "request_completed"


@pytest.mark.benchmark(group="tool-loop")
def test_one_streamed_reply_through_send_request_vs_by_hand(
    benchmark: Any, budget_report: BudgetReport, app: AgentApplication
) -> None:
    compare(benchmark, budget_report, "tool loop: a 2,000-chunk reply", app, LONG_REPLY)


@pytest.mark.benchmark(group="tool-loop")
def test_tool_rounds_through_send_request_vs_by_hand(
    benchmark: Any, budget_report: BudgetReport, app: AgentApplication
) -> None:
    compare(benchmark, budget_report, "tool loop: 20 tool rounds", app, TOOL_ROUNDS)
