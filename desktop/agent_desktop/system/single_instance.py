"""One running copy of the app per data folder.

The first copy holds a lock file in the data folder (`QLockFile`: a lock left by a killed copy is
recognised by its dead process id and taken over) and listens on a local socket named after the
folder. A second launch on the same folder finds the lock taken, asks the first copy through the
socket to bring its window to the front (and import the files it was given), and exits; when the
first copy does not answer it says why instead of starting alongside it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile

log = logging.getLogger("agent_desktop.system.single_instance")

LOCK_FILE_NAME = "agent-desktop.lock"
_ANSWER_WAIT_MS = 3000


def socket_name(data_dir: Path) -> str:
    """The local socket of the copy that owns `data_dir` (short: socket paths are limited)."""
    digest = hashlib.sha256(str(data_dir.absolute()).encode("utf-8")).hexdigest()[:20]
    return f"agent-desktop-{digest}"


class DataFolderClaim:
    """The lock on one data folder, taken (or not) at start-up."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.claimed = False
        self.taken = False
        self.problem: str | None = None
        """Why the folder could not be locked (not because another copy holds it)."""
        self._lock: QLockFile | None = None

    def claim(self) -> DataFolderClaim:
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self.problem = self._unlocked(error.strerror or str(error))
            return self
        lock = QLockFile(str(self.data_dir / LOCK_FILE_NAME))
        lock.setStaleLockTime(0)  # only a lock whose process is gone is stale, never by age
        if lock.tryLock(0):
            self._lock = lock
            self.claimed = True
        elif lock.error() == QLockFile.LockError.LockFailedError:
            self.taken = True
        else:
            self.problem = self._unlocked("the lock file cannot be written there")
        return self

    def _unlocked(self, reason: str) -> str:
        return (
            f"The data folder {self.data_dir} could not be locked ({reason}), so another copy "
            "of the app could use it at the same time. Close other copies before changing "
            "conversations."
        )

    def owner(self) -> str:
        """The process id holding the lock, in words, for messages."""
        lock = QLockFile(str(self.data_dir / LOCK_FILE_NAME))
        pid = lock.getLockInfo()[0]  # (pid, host, app); pid 0 when unreadable
        return f"process {pid}" if pid else "another process"

    def release(self) -> None:
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None
            self.claimed = False


def can_hand_over() -> bool:
    """Whether Qt's local sockets are here (the PyInstaller bundle leaves QtNetwork out: it
    would bring Kerberos and TLS); without them a second launch only names the running copy."""
    return importlib.util.find_spec("PySide6.QtNetwork") is not None


def hand_over(data_dir: Path, files: list[Path], *, quick_entry: bool = False) -> bool:
    """Ask the copy that owns `data_dir` to show its window (and import `files`); with
    `quick_entry`, also to make its message box ready (`agent-desktop --quick-entry`).

    True when it took the request. Runs before any event loop: it blocks at most a few seconds.
    """
    if not can_hand_over():
        return False
    from PySide6.QtNetwork import QLocalSocket  # noqa: PLC0415 - QtNetwork loads only when another launch is talked to

    socket = QLocalSocket()
    # The running copy listens once its application has loaded: retry until then.
    deadline = time.monotonic() + _ANSWER_WAIT_MS / 1000
    while True:
        socket.connectToServer(socket_name(data_dir))
        if socket.waitForConnected(250):
            break
        if time.monotonic() > deadline:
            log.warning("The running copy did not answer: %s", socket.errorString())
            return False
        time.sleep(0.1)
    request = {
        "action": "quick_entry" if quick_entry else "activate",
        "files": [str(path.absolute()) for path in files],
    }
    socket.write((json.dumps(request) + "\n").encode("utf-8"))
    delivered = socket.waitForBytesWritten(_ANSWER_WAIT_MS)
    # The owner answers once it has acted, so the second launch exits after the window shows.
    answered = delivered and socket.waitForReadyRead(_ANSWER_WAIT_MS)
    socket.disconnectFromServer()
    return bool(answered)


class ActivationListener:
    """The owner's side of `hand_over`: calls `activate(files)` for each request, and then
    `quick_entry()` when the request asks for it."""

    def __init__(
        self,
        data_dir: Path,
        activate: Callable[[list[Path]], None],
        quick_entry: Callable[[], None] | None = None,
    ) -> None:
        from PySide6.QtNetwork import QLocalServer  # noqa: PLC0415 - QtNetwork loads only when another launch is talked to

        self._activate = activate
        self._quick_entry = quick_entry
        self._server = QLocalServer()
        name = socket_name(data_dir)
        QLocalServer.removeServer(name)  # a socket file left by a killed copy (we hold the lock)
        if not self._server.listen(name):
            log.warning("Cannot listen for other launches: %s", self._server.errorString())
        self._server.newConnection.connect(self._accept)
        self._buffers: dict[Any, bytes] = {}

    def _accept(self) -> None:
        while (socket := self._server.nextPendingConnection()) is not None:
            self._buffers[socket] = b""
            socket.readyRead.connect(lambda socket=socket: self._read(socket))
            socket.disconnected.connect(lambda socket=socket: self._forget(socket))

    def _read(self, socket: Any) -> None:
        buffered = self._buffers.get(socket, b"") + bytes(socket.readAll().data())
        line, newline, rest = buffered.partition(b"\n")
        if not newline:
            self._buffers[socket] = buffered
            return
        self._buffers[socket] = rest
        try:
            request = json.loads(line.decode("utf-8"))
            files = [Path(item) for item in request.get("files") or [] if isinstance(item, str)]
            quick_entry = request.get("action") == "quick_entry"
        except (UnicodeDecodeError, ValueError, AttributeError) as error:
            log.warning("Ignoring an unreadable request from another launch: %s", error)
            return
        self._activate(files)
        if quick_entry and self._quick_entry is not None:
            self._quick_entry()
        socket.write(b"ok\n")
        socket.flush()

    def _forget(self, socket: Any) -> None:
        self._buffers.pop(socket, None)
        socket.deleteLater()

    def close(self) -> None:
        self._server.close()
