"""The streaming checkpoints of every answer being written, saved together.

While an answer streams in, the answer so far is kept in the store (`SessionStore.save_drafts`)
so that a crash loses at most about a second of it (`recover_drafts` turns it into a message at
the next start). Each answer used to save its own, a trip to a worker thread and a transaction
per answer per second: with a hundred chats answering, a hundred trips a second queued on the
store's lock, and the GUI thread took each one's return. The writer keeps the newest partial of
each answering chat and writes them all in one transaction, on one trip off the loop, at most
once every `DRAFT_INTERVAL_SECONDS`; a chat's first checkpoint of a turn goes at once (with
whatever else is waiting) and its caller waits for it, as before.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from copy import deepcopy
from functools import partial
from typing import Any

logger = logging.getLogger(__name__)

DRAFT_INTERVAL_SECONDS = 1.0


class DraftWriter:
    """Writes the answering chats' checkpoints with `save_all` ({session id: partial}, called
    on a worker thread), all of them together. Used on the app's loop only."""

    def __init__(
        self,
        save_all: Callable[[dict[str, dict[str, Any]]], None],
        interval: float = DRAFT_INTERVAL_SECONDS,
    ) -> None:
        self._save_all = save_all
        self._interval = interval
        self._offered: dict[str, dict[str, Any]] = {}  # the newest partial of each chat, unwritten
        self._awaited: dict[str, asyncio.Future[None]] = {}  # chats whose caller waits for it
        self._trip: asyncio.Future[None] | None = None  # the write under way
        self._trip_chats: frozenset[str] = frozenset()
        self._next_trip: asyncio.TimerHandle | None = None
        self._last_trip: float | None = None  # when the last write started (the loop's clock)

    def offer(self, session_id: str, message: dict[str, Any]) -> None:
        """Keep `message` (the answer so far of `session_id`) for the next write, instead of
        one the chat offered before that was not written yet."""
        self._offered[session_id] = message
        self._plan()

    async def write_now(self, session_id: str, message: dict[str, Any]) -> None:
        """Offer `message` and wait until it is written: at once, or right after the write
        under way, with whatever else waits to be written."""
        self._offered[session_id] = message
        written = self._awaited.get(session_id)
        if written is None:
            written = self._awaited[session_id] = asyncio.get_running_loop().create_future()
        self._plan()
        await asyncio.shield(written)

    async def settle(self, session_id: str) -> None:
        """Drop what `session_id` offered and was not written, and wait for a write of it
        that is under way: after this nothing of the chat is written until it offers again,
        so a commit that clears its checkpoint leaves none behind."""
        self._offered.pop(session_id, None)
        awaited = self._awaited.pop(session_id, None)
        if awaited is not None and not awaited.done():
            awaited.set_result(None)
        trip = self._trip
        if trip is not None and session_id in self._trip_chats:
            # Its failure was told to whoever waited for it, or logged.
            await asyncio.wait([trip])

    def _plan(self) -> None:
        """Start the next write when it is due, else have it start then."""
        if self._trip is not None or not self._offered:
            return  # the write under way plans the next one when it ends
        loop = asyncio.get_running_loop()
        due = self._last_trip + self._interval if self._last_trip is not None else loop.time()
        if self._awaited or loop.time() >= due:
            self._start_trip()
        elif self._next_trip is None:
            self._next_trip = loop.call_at(due, self._start_trip)

    def _start_trip(self) -> None:
        if self._next_trip is not None:
            self._next_trip.cancel()
            self._next_trip = None
        if self._trip is not None or not self._offered:
            return
        # A snapshot of each (the texts themselves are not copied): a provider may go on
        # changing the partial it handed over while the worker encodes it.
        drafts = {session_id: deepcopy(message) for session_id, message in self._offered.items()}
        awaited, self._offered, self._awaited = self._awaited, {}, {}
        loop = asyncio.get_running_loop()
        self._last_trip = loop.time()
        self._trip_chats = frozenset(drafts)
        self._trip = trip = asyncio.ensure_future(asyncio.to_thread(self._save_all, drafts))
        trip.add_done_callback(partial(self._trip_ended, awaited))

    def _trip_ended(
        self, awaited: dict[str, asyncio.Future[None]], trip: asyncio.Future[None]
    ) -> None:
        self._trip, self._trip_chats = None, frozenset()
        error = None if trip.cancelled() else trip.exception()
        for written in awaited.values():
            if written.done():
                continue
            if trip.cancelled():
                written.cancel()
            elif error is None:
                written.set_result(None)
            else:
                written.set_exception(error)
        if error is not None and not awaited:
            # No answer waits for these: it goes on, its next checkpoint tried a second later.
            logger.warning("The answers' checkpoints could not be saved: %s", error)
        self._plan()
