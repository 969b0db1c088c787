"""Whole-process GUI measurements for tests/benchmarks/test_gui_*.py.

Run as `python tests/benchmarks/gui_probe.py <mode> [data_dir] [session_id]`; prints one JSON
line (the parent measures wall time from process start to the `shown` line itself):

- `idle`: Agent Desktop boots fully (application attached, UI schema loaded), waits, reports RSS.
- `open`: idle, then opens `session_id`: first paint, then scrolls to the top frame by frame.
- `stream`: streams one scripted reply of N chunks through the window (longest loop stall).
- `headless`: the same stream consumed from `app.send_request` with no GUI, on plain asyncio.
- `headless-qt`: the same, on the loop the application runs on, with no window.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path

CHUNKS = 5000
CHUNK = "word "


def rss_mb() -> float:
    """Resident memory in MiB (as ps and top count it), read without importing anything that
    would itself add to the figure."""
    with open("/proc/self/statm") as statm:
        resident_pages = int(statm.read().split()[1])
    return resident_pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def stream_overrides() -> dict:
    return {"script": [{"content": CHUNK * CHUNKS, "chunk_size": len(CHUNK)}]}


class StallMonitor:
    """A 5 ms Qt timer; the longest gap between its ticks is the longest loop stall.

    `longest_cpu` is the most CPU time the GUI thread spent in one gap: on a loaded machine a
    gap also holds the time other processes had the cores, which the app did not cause.
    `longest_unqueued` is the longest gap less the time the GUI thread waited in it for a CPU
    (Linux's schedstat): the wall time a quiet machine would show, GIL waits included."""

    def __init__(self) -> None:
        from PySide6.QtCore import QTimer

        self._schedstat = open("/proc/thread-self/schedstat", "rb", buffering=0)  # noqa: SIM115 - read each tick, closed with the monitor's process
        self.reset()
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._tick)
        self._timer.start()

    def _queued(self) -> float:
        """Seconds this thread has waited for a CPU so far."""
        self._schedstat.seek(0)
        return int(self._schedstat.read().split()[1]) / 1e9

    def _tick(self) -> None:
        now, cpu, queued = time.perf_counter(), time.thread_time(), self._queued()
        gap = now - self._last
        self.longest = max(self.longest, gap)
        self.longest_cpu = max(self.longest_cpu, cpu - self._last_cpu)
        self.longest_unqueued = max(self.longest_unqueued, gap - (queued - self._last_queued))
        self._last, self._last_cpu, self._last_queued = now, cpu, queued

    def reset(self) -> None:
        self.longest = self.longest_cpu = self.longest_unqueued = 0.0
        self._last, self._last_cpu = time.perf_counter(), time.thread_time()
        self._last_queued = self._queued()


def gui(mode: str, data_dir: Path, session_id: str | None) -> None:
    os.environ["QT_API"] = "pyside6"
    from PySide6.QtWidgets import QApplication

    from agent_desktop.system.module_sources import look_at_imports_without_keeping_sources

    look_at_imports_without_keeping_sources()  # as the app does

    qt_app = QApplication([sys.argv[0]])
    from agent_desktop.system.gui_thread_collection import collect_on_gui_thread

    collect_on_gui_thread(qt_app)  # as the app does: cyclic garbage collected on this thread
    # The probe closes the window and then awaits the app's async shutdown itself: closing the
    # last window must not quit (and stop the loop) before that shutdown has finished.
    qt_app.setQuitOnLastWindowClosed(False)
    from agent_desktop.__main__ import load_application
    from agent_desktop.toolkit.theme import ThemeManager
    from agent_desktop.window.main_window import MainWindow

    theme = ThemeManager(qt_app)
    window = MainWindow(theme=theme)
    theme.apply()  # once the window is built, as the app does
    window.resize(1180, 780)
    window.show()
    qt_app.processEvents()
    from agent_desktop.system.heap import share_heap_arenas

    share_heap_arenas()  # as the app does after its first paint
    from agent_desktop.system.event_loop import run_on_gui_loop

    async def measure() -> dict:
        loop = asyncio.get_running_loop()
        app, _log = await loop.run_in_executor(None, load_application, data_dir)
        window.attach(app)
        window.resize(1180, 780)
        from agent_desktop.conversation.markdown_render import warm_up

        await loop.run_in_executor(None, warm_up)  # as the app's boot does after attaching
        await window._refresh_agent_ui()
        await asyncio.sleep(1.0)
        result: dict = {"idle_rss_mb": rss_mb()}
        if mode == "open":
            result.update(await open_session(window, session_id))
        elif mode == "stream":
            result.update(await stream(window))
        # Closed while the loop still runs: closing the last window stops Qt's loop, and
        # plugins close on the loop (with a deadline) as the app's own quit does.
        await app.aclose()
        window.close()
        return result

    print(json.dumps(run_on_gui_loop(measure())), flush=True)


async def open_session(window, session_id: str | None) -> dict:
    from PySide6.QtWidgets import QApplication

    view = window.chat_view
    # A previous run leaves this session as the last one, which the window reopens at start.
    window.new_chat()
    QApplication.processEvents()
    started = time.perf_counter()
    window.open_session(session_id)
    view.viewport().repaint()
    first_paint = time.perf_counter() - started
    await asyncio.sleep(0.3)  # the older history arrives right after the first paint
    bar = view.verticalScrollBar()
    frames = []
    cpu_frames = []
    while bar.value() > 0:
        wall, cpu = time.perf_counter(), time.thread_time()
        bar.setValue(bar.value() - 120)  # one wheel notch is 120 px here
        view.viewport().repaint()
        QApplication.processEvents()
        frames.append(time.perf_counter() - wall)
        cpu_frames.append(time.thread_time() - cpu)
        await asyncio.sleep(0)
    return {
        "rows": view.chat_model.rowCount(),
        # The view holds a window of the history: scrolled to the top, it shows message 0.
        "first_message_shown": view.chat_model.item(0).message_index,
        "first_paint_ms": first_paint * 1000,
        "scroll_frames": len(frames),
        "scroll_max_frame_ms": max(frames) * 1000,
        "scroll_max_frame_cpu_ms": max(cpu_frames) * 1000,
        "scroll_mean_frame_ms": sum(frames) / len(frames) * 1000,
        "rss_after_open_mb": rss_mb(),
    }


async def stream(window) -> dict:
    window.request_defaults = stream_overrides()
    # As in the headless run, the session exists, is named and its `session_create` actions
    # have run before the clock starts (the headless run's `create_session` runs them, and
    # configures the agent's core, before its clock; the window's run waited for both in it).
    session = window.conversation.ensure_session()
    window.sessions.rename(session.session_id, "Streaming benchmark")
    await window.conversation.aensure_session()
    monitor = StallMonitor()
    started = time.perf_counter()
    await window.send_message("stream please")
    total = time.perf_counter() - started
    text = window.chat_model.items()[-1].text
    assert len(text) == len(CHUNK) * CHUNKS, len(text)
    return {
        "stream_total_s": total,
        "stream_longest_stall_ms": monitor.longest * 1000,
        "rss_after_stream_mb": rss_mb(),
    }


def headless(data_dir: Path, on_qt_loop: bool) -> None:
    """The stream with no window: on plain asyncio, or on the same loop the app uses."""
    from agent_core import Message, Session
    from agent_desktop.__main__ import load_application

    async def consume() -> dict:
        app, _log = load_application(data_dir)
        session = app.sessions.create_session()
        session = Session(session.session_id, [Message("user", "stream please")], session.metadata)
        started = time.perf_counter()
        partials = 0
        async for event in app.send_request(session, stream_overrides()):
            partials += event["type"] == "partial"
        total = time.perf_counter() - started
        await app.aclose()
        return {"headless_total_s": total, "partials": partials}

    if on_qt_loop:
        os.environ["QT_API"] = "pyside6"
        from PySide6.QtWidgets import QApplication

        QApplication([sys.argv[0]])
        from agent_desktop.system.event_loop import run_on_gui_loop

        print(json.dumps(run_on_gui_loop(consume())), flush=True)
    else:
        print(json.dumps(asyncio.run(consume())), flush=True)


if __name__ == "__main__":
    chosen = sys.argv[1]
    if chosen in ("headless", "headless-qt"):
        headless(Path(sys.argv[2]), on_qt_loop=chosen == "headless-qt")
    else:
        gui(chosen, Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else None)
