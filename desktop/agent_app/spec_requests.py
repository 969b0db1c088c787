"""The spec's own shape of `send_request`, for plugins that run a request of another agent.

``app.send_request(core, session, config, overrides=None, stream=...)`` (the platform's layer-2
call, used with ``app.update_agent``) runs the full tool loop on a session that is never stored.
`spec_request_arguments` checks that call's arguments; `SpecRequestEvents` hands its events to
``async for`` on the loop or to a plain ``for`` in a worker thread (sync plugin hooks run there).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

from agent_core import AgentCore, Session


class SpecRequestEvents:
    """The events of a spec-shaped `send_request`: ``async for`` on the loop, ``for`` elsewhere.

    Iterated with ``for`` from a thread other than the loop's, each event is fetched from the
    loop the application runs on; with no such loop (a script, a test without a GUI) the
    request runs on a private `asyncio.SelectorEventLoop` in the calling thread. Iterating with
    ``for`` on the loop's own thread would freeze it, so that is refused with a clear error.
    """

    def __init__(
        self, events: AsyncIterator[dict[str, Any]], loop: asyncio.AbstractEventLoop | None
    ) -> None:
        self._events = events
        self._loop = loop

    def __aiter__(self) -> AsyncIterator[dict[str, Any]]:
        return self._events

    def __iter__(self) -> Iterator[dict[str, Any]]:
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not None:
            raise RuntimeError(
                "app.send_request(core, session, config, ...) was iterated with a plain `for` "
                "(or stream=False) on the event loop's own thread, which would freeze the app. "
                "Call it from a sync hook (they run in worker threads) or use `async for`."
            )
        loop = self._loop
        if loop is not None and loop.is_running():
            yield from self._from_loop(loop)
        else:
            yield from self._on_private_loop()

    def _from_loop(self, loop: asyncio.AbstractEventLoop) -> Iterator[dict[str, Any]]:
        events = self._events

        async def next_event() -> dict[str, Any]:
            return await events.__anext__()

        while True:
            try:
                yield asyncio.run_coroutine_threadsafe(next_event(), loop).result()
            except StopAsyncIteration:
                return

    def _on_private_loop(self) -> Iterator[dict[str, Any]]:
        loop = asyncio.SelectorEventLoop()
        events = self._events
        try:
            while True:
                try:
                    yield loop.run_until_complete(events.__anext__())
                except StopAsyncIteration:
                    return
        finally:
            loop.run_until_complete(events.aclose())  # type: ignore[attr-defined]
            loop.close()


def spec_request_arguments(
    args: tuple[Any, ...], kwargs: dict[str, Any]
) -> tuple[AgentCore, Session, dict[str, Any], dict[str, Any] | None]:
    """(core, session, config, overrides) of a spec-shaped call, or a TypeError saying why not."""
    names = ("core", "session", "config", "overrides")
    values = dict(zip(names, args, strict=False))
    for name in names:
        if name in kwargs:
            values[name] = kwargs.pop(name)
    if kwargs or len(args) > len(names):
        raise TypeError(
            "send_request takes (session, overrides=None, *, stream=True) or the spec's "
            "(core, session, config, overrides=None, stream=...); got unexpected arguments"
        )
    core, session, config = values.get("core"), values.get("session"), values.get("config")
    if not isinstance(core, AgentCore) or not isinstance(session, Session):
        raise TypeError(
            "send_request(core, session, config, overrides): expected an AgentCore and a "
            f"Session, got {type(core).__name__} and {type(session).__name__} (use "
            "app.update_agent(agent_id, session) to get both)"
        )
    if not isinstance(config, dict):
        raise TypeError(f"send_request: config must be a dict, not {type(config).__name__}")
    overrides = values.get("overrides")
    return core, session, config, overrides if isinstance(overrides, dict) else None
