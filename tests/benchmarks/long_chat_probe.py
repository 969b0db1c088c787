"""Whole-process measurements of long chats and giant messages for test_long_chats.py.

Run as `python tests/benchmarks/long_chat_probe.py <mode> <data_dir> [session_id] [arg]`; prints
one JSON line. The window is built as gui_probe.py builds it (the application attached, the
Markdown renderer warmed up), then:

- `open`: opens `session_id` (first paint: until its messages are drawn) and scrolls from the
  bottom to the first message (a page per frame through a long chat, in at most 150 steps past
  giant messages) while a 5 ms timer records the longest event-loop stall; RSS before and after.
- `stream`: streams `arg` characters (a Markdown text or one code block) in 5,000 chunks into
  `session_id` (or a new chat) through the window: longest stall, total time, RSS growth.
- `streams`: `arg` chats answering at once on the one loop (the window shows one of them;
  `N:hidden` shows none, the baseline): longest stall, and whether every answer was stored
  exactly.
- `window-streams`: `arg` chats sent from the window as the user sends them (a new chat, then
  Send, each through the window's own conversation, sidebar and events), all answering at once:
  longest stall from the last send until the sidebar lists them all (and while sending), and
  whether every answer was stored exactly.
- `headless`: the `stream` reply consumed with no window, on the app's loop (the baseline).
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gui_probe import StallMonitor, rss_mb

CHUNKS = 5000
SCROLL_FRAMES = 1500
STREAMS_CHUNKS = 200


def giant_text(characters: int, kind: str) -> str:
    if kind == "code":
        lines = []
        total = 0
        number = 0
        while total < characters:
            line = f"    value_{number} = compute(item_{number}, factor={number % 97})  # step"
            lines.append(line)
            total += len(line) + 1
            number += 1
        return "```python\n" + "\n".join(lines) + "\n```\n"
    paragraph = (
        "The **store** keeps every message; `inline code`, a [link](https://example.org) and "
        "some plain words to make a long paragraph that wraps over several lines of the view.\n\n"
    )
    return (paragraph * (characters // len(paragraph) + 1))[:characters]


def script(text: str, chunks: int, answers_before: int = 0) -> dict:
    return {
        "script": [{"content": text, "chunk_size": max(1, len(text) // chunks)}],
        "script_offset": answers_before,
    }


def answers(session) -> int:
    return sum(message.role == "assistant" for message in session.messages)


def build_window():
    os.environ["QT_API"] = "pyside6"
    from PySide6.QtWidgets import QApplication

    from agent_desktop.system.module_sources import look_at_imports_without_keeping_sources

    look_at_imports_without_keeping_sources()  # as the app does

    qt_app = QApplication([sys.argv[0]])
    from agent_desktop.system.gui_thread_collection import collect_on_gui_thread

    collect_on_gui_thread(qt_app)  # as the app does: cyclic garbage collected on this thread
    from agent_desktop.toolkit.theme import ThemeManager
    from agent_desktop.window.main_window import MainWindow

    theme = ThemeManager(qt_app)
    theme.apply()
    window = MainWindow(theme=theme)
    window.resize(1180, 780)
    window.show()
    qt_app.processEvents()
    from agent_desktop.system.heap import share_heap_arenas

    share_heap_arenas()  # as the app does after its first paint
    return window


async def attach(window, data_dir: Path):
    from agent_desktop.__main__ import load_application, warm_up_and_settle
    from agent_desktop.conversation.markdown_render import warm_up

    loop = asyncio.get_running_loop()
    app, _log = await loop.run_in_executor(None, load_application, data_dir)
    window.attach(app)
    await warm_up_and_settle(loop, warm_up)  # as the app's start-up does after attaching
    await window._refresh_agent_ui()
    await asyncio.sleep(0.5)
    return app


async def open_and_scroll(window, session_id: str) -> dict:
    from PySide6.QtWidgets import QApplication

    view = window.chat_view
    window.new_chat()
    QApplication.processEvents()
    await asyncio.sleep(0.2)
    rss_before = rss_mb()
    monitor = StallMonitor()
    started = time.perf_counter()
    # A chat holding a giant message is read on a worker thread: first paint is when it shows.
    await window.aopen_session(session_id)
    view.viewport().repaint()
    first_paint = time.perf_counter() - started
    model = view.chat_model
    # The older messages are read on a worker thread meanwhile; wait for them (or 20 s).
    waited = time.perf_counter()
    while model.first_message_index() not in (0, None) and time.perf_counter() - waited < 20:
        await asyncio.sleep(0.05)
    history_ready = time.perf_counter() - started
    await asyncio.sleep(0.5)
    opening_stall = monitor.longest
    monitor.reset()
    bar = view.verticalScrollBar()
    step = 120  # one wheel notch
    frames = []
    # Scroll up to the first message, older pages coming in as it goes: a wheel notch per frame
    # through a chat of up to SCROLL_FRAMES notches, else a page per frame (Page Up) so that the
    # whole of a 50,000-message chat is scrolled through; a chat of a few giant messages is
    # scrolled past in at most 150 steps.
    if not model.can_load_older():
        step = max(step, bar.maximum() // 150)
    elif model.window()[0] > SCROLL_FRAMES:
        step = bar.pageStep()
    while bar.value() > 0 or model.can_load_older():
        wall = time.perf_counter()
        bar.setValue(bar.value() - step)
        view.viewport().repaint()
        QApplication.processEvents()
        frames.append(time.perf_counter() - wall)
        await asyncio.sleep(0)
    reached = model.window()[0]
    wall = time.perf_counter()
    view.show_first_message()  # Ctrl+Home: the very first message, however far
    view.viewport().repaint()
    jump = time.perf_counter() - wall
    await asyncio.sleep(0.5)
    return {
        "rows": model.rowCount(),
        "first_paint_ms": first_paint * 1000,
        "longest_stall_ms": opening_stall * 1000,
        "history_ready_s": history_ready,
        "scroll_longest_stall_ms": monitor.longest * 1000,
        "scroll_frames": len(frames),
        "scroll_reached_message": reached,
        "scroll_max_frame_ms": max(frames, default=0) * 1000,
        "scroll_median_frame_ms": statistics.median(frames) * 1000 if frames else 0,
        "scroll_frames_over_50ms": sum(frame > 0.05 for frame in frames),
        "jump_to_first_ms": jump * 1000,
        "rss_before_mb": rss_before,
        "rss_after_mb": rss_mb(),
    }


async def settled_rss_mb() -> float:
    """Resident memory once what was freed so far is handed back (as the app does after
    start-up and after each answer): growth from here is what the answer itself keeps."""
    from agent_desktop.system.heap import release_freed_memory

    await asyncio.to_thread(release_freed_memory)
    return rss_mb()


async def stream_into(window, session_id: str | None, text: str) -> dict:
    if session_id:
        await window.aopen_session(session_id)
        waited = time.perf_counter()
        model = window.chat_view.chat_model
        while model.first_message_index() not in (0, None) and time.perf_counter() - waited < 20:
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
    else:
        window.conversation.ensure_session()
    await window.conversation.load_full_history()
    window.request_defaults = script(text, CHUNKS, answers(window.session))
    rss_before = await settled_rss_mb()
    monitor = StallMonitor()
    started = time.perf_counter()
    await window.send_message("stream please")
    total = time.perf_counter() - started
    await asyncio.sleep(0.3)
    rss_after = rss_mb()  # before the check below reads the answer back
    stored = (
        window.app.sessions.load_session(window.session.session_id, limit=1).messages[-1].content
    )
    return {
        "stream_total_s": total,
        "longest_stall_ms": monitor.longest * 1000,
        "stored_exactly": stored == text,
        "stored_characters": len(stored) if isinstance(stored, str) else -1,
        "rss_before_mb": rss_before,
        "rss_after_mb": rss_after,
    }


async def many_streams(window, count: int, shown: bool = True) -> dict:
    """`count` chats answering at once; with `shown`, one of them is open in the window and its
    events drawn (the others are in the sidebar), else none is (the baseline)."""
    from agent_core import Message, Session

    app = window.app
    texts = [f"answer {number}: " + "word " * STREAMS_CHUNKS for number in range(count)]
    sessions = []
    for number in range(count):
        created = app.sessions.create_session()
        sessions.append(Session(created.session_id, [Message("user", f"q{number}")], {}))
    window.open_session(sessions[0].session_id)

    async def run(session, text):
        async for event in app.send_request(
            session, {"script": [{"content": text, "chunk_size": 5}]}
        ):
            if shown and session.session_id == window.session.session_id:
                window.chat_model.apply_event(event)

    monitor = StallMonitor()
    started = time.perf_counter()
    await asyncio.gather(
        *(run(session, text) for session, text in zip(sessions, texts, strict=True))
    )
    total = time.perf_counter() - started
    exact = all(
        app.sessions.load_session(session.session_id).messages[-1].content == text
        for session, text in zip(sessions, texts, strict=True)
    )
    return {
        "streams_total_s": total,
        "longest_stall_ms": monitor.longest * 1000,
        "longest_stall_cpu_ms": monitor.longest_cpu * 1000,
        "longest_stall_unqueued_ms": monitor.longest_unqueued * 1000,
        "stored_exactly": exact,
    }


async def many_streams_through_the_window(window, count: int) -> dict:
    """`count` chats started from the window one after another (New chat, then Send, as a user
    does), all answering at once: every event goes the window's own way (the sidebar, the
    chat shown, approval badges)."""
    from agent_desktop.sidebar.session_actions import SESSION_LIST_LIMIT

    texts = [f"answer {number}: " + "word " * STREAMS_CHUNKS for number in range(count)]
    listed = len(window.app.sessions.list_sessions(limit=SESSION_LIST_LIMIT))
    monitor = StallMonitor()
    started = time.perf_counter()
    sending = []
    for number, text in enumerate(texts):
        window.new_chat()
        window.request_defaults = {"script": [{"content": text, "chunk_size": 5}]}
        sending.append(asyncio.ensure_future(window.send_message(f"q{number}")))
        while not window.conversation.busy:  # the send took this chat's overrides
            await asyncio.sleep(0)
    sending_stall = monitor.longest  # a hundred chats opened in a blink: no user does that
    monitor.reset()
    await asyncio.gather(*sending)
    total = time.perf_counter() - started
    # The sidebar catches up with the last answers (it may do so a moment later).
    while len(window.sidebar.session_ids()) < listed + count and time.perf_counter() - started < 60:
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.3)
    figures = {
        "streams_total_s": total,
        "longest_stall_ms": monitor.longest * 1000,
        "longest_stall_cpu_ms": monitor.longest_cpu * 1000,
        "longest_stall_unqueued_ms": monitor.longest_unqueued * 1000,
        "sending_longest_stall_ms": sending_stall * 1000,
        "sidebar_rows_added": len(window.sidebar.session_ids()) - listed,
    }
    # Checked once the figures are taken: the probe reads the store on the GUI thread, which
    # the app never does (a listing waited up to 250 ms there for the store's lock, and
    # counted as the window's stall).
    sessions = window.app.sessions.list_sessions(limit=count)
    stored = {
        window.app.sessions.load_session(session["session_id"]).messages[-1].content
        for session in sessions
    }
    return {**figures, "stored_exactly": stored == set(texts)}


def main() -> None:
    mode, data_dir = sys.argv[1], Path(sys.argv[2])
    session_id = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] != "-" else None
    argument = sys.argv[4] if len(sys.argv) > 4 else ""
    if mode == "headless":
        os.environ["QT_API"] = "pyside6"
        from PySide6.QtWidgets import QApplication

        QApplication([sys.argv[0]])
        from agent_core import Message, Session
        from agent_desktop.__main__ import load_application
        from agent_desktop.system.event_loop import run_on_gui_loop

        async def consume() -> dict:
            app, _log = load_application(data_dir)
            kind, size = argument.split(":")
            text = giant_text(int(size), kind)
            session = (
                app.sessions.load_session(session_id)
                if session_id
                else app.sessions.create_session()
            )
            session = Session(
                session.session_id,
                [*session.messages, Message("user", "stream please")],
                session.metadata,
            )
            rss_before = await settled_rss_mb()
            started = time.perf_counter()
            overrides = script(text, CHUNKS, answers(session))
            async for _event in app.send_request(session, overrides):
                pass
            total = time.perf_counter() - started
            await asyncio.sleep(0.3)
            rss_after = rss_mb()
            await app.aclose()
            return {
                "headless_total_s": total,
                "rss_before_mb": rss_before,
                "rss_after_mb": rss_after,
            }

        print(json.dumps(run_on_gui_loop(consume())), flush=True)
        return
    window = build_window()
    from agent_desktop.system.event_loop import run_on_gui_loop

    async def measure() -> dict:
        app = await attach(window, data_dir)
        result: dict = {"idle_rss_mb": rss_mb()}
        if mode == "open":
            result.update(await open_and_scroll(window, str(session_id)))
        elif mode == "stream":
            kind, size = argument.split(":")
            result.update(await stream_into(window, session_id, giant_text(int(size), kind)))
        elif mode == "streams":
            count, _, where = argument.partition(":")
            result.update(await many_streams(window, int(count), shown=where != "hidden"))
        elif mode == "window-streams":
            result.update(await many_streams_through_the_window(window, int(argument)))
        # Not window.close(): closing the last window ends the loop under this coroutine.
        await app.aclose()
        return result

    print(json.dumps(run_on_gui_loop(measure())), flush=True)


if __name__ == "__main__":
    main()
