"""Math and diagrams: drawing time per small equation and per diagram (on the worker thread),
and the GUI thread's longest frame while an answer with 200 equations streams into a chat view.

Budgets (issue [8/10]): ≤ 5 ms a small equation, ≤ 20 ms a diagram, no frame > 50 ms while the
200 equations stream. Idle memory is held by tests/gui/test_idle_memory.py (ziamath, mmdr and
QtSvg are not loaded before the first figure). Run with ``--benchmark-enable -s``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QApplication
from tests.support.message_source import ShownMessages

from agent_core import Message, Session
from agent_desktop.conversation.chat_model import ChatModel
from agent_desktop.conversation.chat_view import ChatView
from agent_desktop.conversation.figures import DIAGRAM, MATH_INLINE, FigureStyle, draw_figure
from agent_desktop.conversation.markdown_render import warm_up

pytestmark = pytest.mark.gui

STYLE = FigureStyle("light", False, False, "#1d1d1f", "#f4f5f7", 14, 1.0)
SMALL_EQUATIONS = ["x^2", "a + b = c", "\\frac{1}{2}", "e^{i\\pi}", "\\sqrt{2}", "\\alpha_1"]
FLOWCHART = "flowchart LR\n    A[Start] --> B{Ok?}\n    B -->|yes| C[Done]\n    B -->|no| A"
EQUATIONS = 200
CHUNK = 40


def drawing_times(kind: str, sources: list[str], rounds: int) -> list[float]:
    for source in sources:  # warm-up: imports, fonts, caches
        draw_figure(kind, source, STYLE)
    timings = []
    for _ in range(rounds):
        for source in sources:
            started = time.perf_counter()
            drawn = draw_figure(kind, source, STYLE)
            timings.append((time.perf_counter() - started) * 1000)
            assert drawn.image is not None
    return timings


def test_a_small_equation_is_drawn_within_5_ms(benchmark, budget_report):
    rounds = 20 if not benchmark.disabled else 1
    timings = benchmark.pedantic(
        drawing_times, args=(MATH_INLINE, SMALL_EQUATIONS, rounds), rounds=1, iterations=1
    )
    if not benchmark.disabled:
        budget_report.record("small equation drawn", timings, None, target=5)


def test_a_diagram_is_drawn_within_20_ms(benchmark, budget_report):
    rounds = 15 if not benchmark.disabled else 1
    timings = benchmark.pedantic(
        drawing_times, args=(DIAGRAM, [FLOWCHART], rounds), rounds=1, iterations=1
    )
    if not benchmark.disabled:
        budget_report.record("flowchart drawn", timings, None, target=20)


def answer_with_equations(count: int) -> str:
    return "".join(
        f"Step {number}: $x_{{{number}}}^2 + y = \\frac{{{number}}}{{2}}$ so it holds.\n\n"
        if number % 10
        else f"$$\\sum_{{k=1}}^{{{number}}} k = \\frac{{{number}({number}+1)}}{{2}}$$\n\n"
        for number in range(1, count + 1)
    )


class Frames:
    """Each frame's wall time and the GUI thread's own CPU time in it, in ms: on a loaded machine
    the wall time also counts waiting for a core; the CPU time is the work the frame did."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def time(self, frame: Callable[[], object]) -> None:
        started, started_cpu = time.perf_counter(), time.thread_time()
        frame()
        self.wall.append((time.perf_counter() - started) * 1000)
        self.cpu.append((time.thread_time() - started_cpu) * 1000)


def stream_into(view: ChatView, answer: str, session_id: str) -> Frames:
    """Stream `answer` into a new chat in `CHUNK`-character partials, a frame each (what the
    GUI thread does for one: coalesced rows, the figures' and renders' poll, the paint), then
    the frames until every drawing has arrived."""
    model = view.chat_model
    model.show(ShownMessages(Session(session_id, [Message("user", "Derive it")])))
    request = {"request_id": session_id, "session_id": session_id}
    frames = Frames()

    def frame() -> None:
        model.flush()
        QApplication.processEvents()
        view.viewport().repaint()

    # The question is on screen before the answer's first piece arrives, as in the app. Untimed:
    # a process's first paint of a row creates PySide's Python enum types (~85 ms once), which
    # would otherwise land on whichever answer streams first and not on its figures.
    frame()
    for end in range(CHUNK, len(answer) + CHUNK, CHUNK):
        message = {"role": "assistant", "content": answer[:end]}
        model.apply_event({"type": "partial", **request, "message": message})
        frames.time(frame)
    model.apply_event({"type": "assistant", **request, "message": {**message, "content": answer}})
    while view._delegate.collect_renders():  # drawings still on their way
        frames.time(frame)
    assert model.item(model.rowCount() - 1).text == answer
    return frames


def test_streaming_an_answer_with_200_equations_keeps_frames_under_50_ms(
    benchmark, budget_report, qtbot
):
    """Baseline: the same answer with its `$` taken out (the same text, no formula)."""
    warm_up()  # as the app does on a worker at start: Markdown and Pygments are loaded
    view = ChatView(ChatModel())
    view.resize(900, 700)
    qtbot.add_widget(view)
    view.show()
    qtbot.wait_exposed(view)
    answer = answer_with_equations(EQUATIONS)
    plain = answer.replace("$", "")

    def stream_both() -> tuple[Frames, Frames]:
        return stream_into(view, answer, "math"), stream_into(view, plain, "plain")

    math, without = benchmark.pedantic(stream_both, rounds=1, iterations=1)
    print(
        f"\n{EQUATIONS} equations streamed in {len(math.wall)} frames: longest "
        f"{max(math.wall):.1f} ms wall, {max(math.cpu):.1f} ms GUI-thread CPU; the same text "
        f"without math: {max(without.wall):.1f} ms, {max(without.cpu):.1f} ms; median frame "
        f"{statistics.median(math.wall):.1f} ms ({statistics.median(without.wall):.1f} ms)"
    )
    if not benchmark.disabled:
        budget_report.record("streaming 200 equations: longest frame", max(math.wall), None, 50)
        budget_report.record(
            "streaming 200 equations: longest frame's CPU", max(math.cpu), None, 50
        )
        budget_report.record(
            "streaming 200 equations: longest frame vs no math",
            max(math.wall),
            max(without.wall),
            1.5,
        )
