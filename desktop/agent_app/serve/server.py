"""The running server: the application, its runtime and routes, behind the guard, on uvicorn."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import uvicorn

from agent_app.application import AgentApplication
from agent_app.paths import AppPaths
from agent_app.schedules import ChatRuns, Schedule, ScheduledRun, ScheduleRunner, ScheduleStore
from agent_app.serve.access_token import AccessToken
from agent_app.serve.event_store import EventStore
from agent_app.serve.guard import GuardLimits, RequestGuard, SlowHeadersProtocol
from agent_app.serve.http_api import build_api
from agent_app.serve.runtime import HeadlessRuntime

log = logging.getLogger("agent_app.serve")

#: Connections served at once; beyond it uvicorn answers 503 at once.
MAX_CONNECTIONS = 64
KEEP_ALIVE_SECONDS = 5
EVENTS_FILE_NAME = "server-events.sqlite3"


class WakingServer(uvicorn.Server):
    """uvicorn's server that answers waiting long polls as soon as it starts stopping (one
    would otherwise hold the shutdown for the whole of its wait)."""

    def __init__(self, config: uvicorn.Config, runtime: HeadlessRuntime) -> None:
        super().__init__(config)
        self.runtime = runtime

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.runtime.closing = True
        self.runtime.wake_waiters()
        await super().shutdown(sockets)


def _log_run(schedule: Schedule, run: ScheduledRun) -> None:
    log.info(
        "Scheduled run of %r (due %s): %s%s",
        schedule.title or schedule.prompt[:40],
        run.due_time.isoformat(),
        run.status,
        f" ({run.error})" if run.error else "",
    )


async def serve(
    loopback: bool,
    listener: socket.socket,
    tls: tuple[Path, Path] | None,
    token: AccessToken,
    paths: AppPaths,
    options: argparse.Namespace,
) -> int:
    """Serve until SIGINT or SIGTERM; running answers get `options.drain_seconds` to finish."""
    drain_seconds = float(options.drain_seconds)
    slow_client_seconds = float(options.slow_client_seconds)
    app = await asyncio.to_thread(AgentApplication, paths)
    for notice in app.notices:
        log.warning("%s", notice)
    runtime = HeadlessRuntime(app, EventStore(paths.data_dir / EVENTS_FILE_NAME))
    api = build_api(runtime, token)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Any) -> AsyncIterator[None]:
        for problem in await runtime.start():
            log.warning("%s", problem)
        # Schedules run here as in the window (the store's claims keep both from running one twice).
        store = await asyncio.to_thread(ScheduleStore, paths.schedules_path)
        schedules = ScheduleRunner(
            store, ChatRuns(runtime.conversations, runtime.follow), on_change=_log_run
        )
        ticking = asyncio.create_task(schedules.run_forever(), name="schedules")
        try:
            yield
        finally:
            ticking.cancel()
            schedules.stop()
            await runtime.stop(drain_seconds)
            runtime.events.close()

    api.router.lifespan_context = lifespan
    config = uvicorn.Config(
        RequestGuard(
            api,
            token=token,
            loopback=loopback,
            limits=GuardLimits(
                upload_body_limit=app.settings.max_attachment_bytes,
                body_timeout=slow_client_seconds,
            ),
        ),
        http=type(
            "SlowHeadersProtocol",
            (SlowHeadersProtocol,),
            {"header_timeout": slow_client_seconds},
        ),
        lifespan="on",
        log_config=None,
        access_log=False,
        limit_concurrency=MAX_CONNECTIONS,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        timeout_graceful_shutdown=int(drain_seconds) + 10,
        ssl_certfile=str(tls[0]) if tls else None,
        ssl_keyfile=str(tls[1]) if tls else None,
    )
    await WakingServer(config, runtime).serve(sockets=[listener])
    return 0
