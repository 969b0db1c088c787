"""The app's end of the view helper: one `ViewHelper` per window, a process started when the
first view opens and ended when no view has been visible for `idle_seconds`.

The helper runs Chromium with its sandbox on whenever the system allows it (`sandbox`); its
``ready`` says why when not, and every view's row says so too.

Messages to the helper (`wire` framing on its standard input): ``open`` (a view: its page's
``html`` and ``csp``, size, background), ``send`` (a JSON-RPC message into a view), ``input``
(a mouse, wheel or key event at view coordinates), ``resize``, ``background`` (the theme
changed), ``close``, ``ping``. From it:
``ready``, ``frame`` (a PNG of a view), ``message`` (a view's JSON-RPC message), ``refused``
(what a view tried and was not allowed), ``ended`` (a view's page hung or crashed), ``pong``.
A helper that dies or stops answering pings for `HELPER_SILENCE_SECONDS` is ended and every open
view is told (its row shows a notice); the next view starts a new one.

Everything here runs on the GUI thread without waiting: QProcess's signals bring the helper's
output, and writes are buffered by Qt. This module never imports QtWebEngine.
"""

from __future__ import annotations

import base64
import importlib.util
import logging
import sys
import time
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QProcess, QTimer, Signal
from PySide6.QtGui import QImage

from agent_desktop.app_views.wire import Decoder, WireError, encode

logger = logging.getLogger(__name__)

PING_INTERVAL_MS = 2000
HELPER_SILENCE_SECONDS = 8.0
# Loading QtWebEngine takes a second or two; on a busy machine much longer.
HELPER_START_SECONDS = 30.0
STOP_GRACE_MS = 3000


def no_web_engine() -> str:
    """Why this installation shows no views, and how to get them (the row says it)."""
    return QCoreApplication.translate(
        "ViewHelper",
        "this installation has no web engine for MCP App views (the Linux bundle leaves "
        "QtWebEngine out to stay small); the tool's text result is shown instead. To see "
        "views, install the Flatpak, or run Agent Desktop from a checkout with "
        "'uv run agent-desktop'",
    )


def web_engine_installed() -> bool:
    """Whether QtWebEngine can be loaded, found without loading it."""
    if getattr(sys, "frozen", False):
        return False  # the bundle leaves it out (packaging/README.md)
    return importlib.util.find_spec("PySide6.QtWebEngineWidgets") is not None


def helper_command() -> tuple[str, list[str]]:
    """The program and arguments that start the helper."""
    return sys.executable, ["-m", "agent_desktop.app_views.helper"]


class ViewHelper(QObject):
    """Starts, feeds and ends the view helper process; views are named by their ids."""

    frame = Signal(str, QImage)
    message = Signal(str, dict)  # a view's JSON-RPC message
    refused = Signal(str, str)  # what a view tried that it may not
    view_ended = Signal(str, str)  # a view's page stopped (hung, crashed): why
    helper_ended = Signal(str)  # the helper died or hung: why (every open view is gone)
    running_changed = Signal(bool)
    sandbox_off = Signal(str)  # the helper runs without Chromium's sandbox: why (`sandbox`)

    def __init__(self, idle_seconds: float, parent: QObject | None = None):
        super().__init__(parent)
        self.idle_seconds = idle_seconds
        self._process: QProcess | None = None
        self._decoder = Decoder()
        self._ready = False
        self._pending: list[bytes] = []
        self._open: set[str] = set()
        self._visible: set[str] = set()
        self._stopping = False
        self._answered_at = 0.0
        self._pings = QTimer(self)
        self._pings.setInterval(PING_INTERVAL_MS)
        self._pings.timeout.connect(self._ping)
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.timeout.connect(self.stop)
        self.started_at: float | None = None
        # Why the running helper has no Chromium sandbox (`sandbox` names the reasons), if so.
        self.sandbox_off_because: str | None = None

    # ------------------------------------------------------------------ state
    @property
    def running(self) -> bool:
        return self._process is not None

    @property
    def pid(self) -> int | None:
        process = self._process
        pid = process.processId() if process is not None else 0
        return int(pid) or None

    # ------------------------------------------------------------------ views
    def open(
        self, view_id: str, page: dict[str, Any], width: int, height: int, background: str
    ) -> None:
        self._ensure_started()
        self._open.add(view_id)
        self._write(
            {
                "op": "open",
                "view": view_id,
                "html": page.get("html", ""),
                "csp": page.get("csp"),
                "width": width,
                "height": height,
                "background": background,
            }
        )

    def post(self, view_id: str, message: dict[str, Any]) -> None:
        if view_id in self._open:
            self._write({"op": "send", "view": view_id, "message": message})

    def input(self, view_id: str, event: dict[str, Any]) -> None:
        if view_id in self._open:
            self._write({"op": "input", "view": view_id, "event": event})

    def resize(self, view_id: str, width: int, height: int) -> None:
        if view_id in self._open:
            self._write({"op": "resize", "view": view_id, "width": width, "height": height})

    def set_background(self, view_id: str, color: str) -> None:
        if view_id in self._open:
            self._write({"op": "background", "view": view_id, "background": color})

    def close(self, view_id: str) -> None:
        if view_id in self._open:
            self._open.discard(view_id)
            self._write({"op": "close", "view": view_id})
        self.set_visible(view_id, False)

    def set_visible(self, view_id: str, visible: bool) -> None:
        """Whether a view is on screen; with none visible for `idle_seconds` the helper ends."""
        if visible:
            self._visible.add(view_id)
            self._idle.stop()
            return
        self._visible.discard(view_id)
        if not self._visible and self.running:
            self._idle.start(int(self.idle_seconds * 1000))

    # ------------------------------------------------------------------ the process
    def _ensure_started(self) -> None:
        if self._process is not None:
            return
        if not web_engine_installed():
            self.helper_ended.emit(no_web_engine())
            return
        process = QProcess(self)
        program, arguments = helper_command()
        process.setProgram(program)
        process.setArguments(arguments)
        process.setProcessChannelMode(QProcess.ProcessChannelMode.SeparateChannels)
        process.readyReadStandardOutput.connect(self._read)
        process.readyReadStandardError.connect(self._log_stderr)
        process.finished.connect(self._on_finished)
        process.errorOccurred.connect(self._on_error)
        self._process = process
        self._decoder = Decoder()
        self._ready = False
        self._stopping = False
        self._answered_at = time.monotonic()
        self.started_at = time.monotonic()
        process.start()
        self._pings.start()
        self.running_changed.emit(True)

    def _write(self, message: dict[str, Any]) -> None:
        data = encode(message)
        if self._process is None or self._stopping:
            return  # an ending helper's input is closed: it hears nothing more
        if not self._ready:
            self._pending.append(data)
            return
        self._process.write(data)

    def _ping(self) -> None:
        if self._process is None:
            return
        allowed = HELPER_SILENCE_SECONDS if self._ready else HELPER_START_SECONDS
        if time.monotonic() - self._answered_at > allowed:
            self._end(f"the view helper stopped answering for {allowed:g} s")
            return
        self._write({"op": "ping"})

    def _read(self) -> None:
        process = self._process
        if process is None:
            return
        try:
            messages = self._decoder.feed(bytes(process.readAllStandardOutput().data()))
        except WireError as error:
            self._end(f"the view helper sent something unreadable ({error})")
            return
        self._answered_at = time.monotonic()
        for message in messages:
            self._dispatch(message)

    def _dispatch(self, message: dict[str, Any]) -> None:
        op, view_id = message.get("op"), str(message.get("view") or "")
        if op == "ready":
            self._ready = True
            why = message.get("sandbox_off_because")
            self.sandbox_off_because = str(why) if why else None
            if why:
                logger.warning("MCP App views run without Chromium's sandbox (%s)", why)
                self.sandbox_off.emit(str(why))
            pending, self._pending = self._pending, []
            for data in pending:
                if self._process is not None:
                    self._process.write(data)
        elif op == "frame":
            image = QImage()
            if image.loadFromData(base64.b64decode(str(message.get("png") or ""))):
                self.frame.emit(view_id, image)
        elif op == "message" and isinstance(message.get("message"), dict):
            self.message.emit(view_id, message["message"])
        elif op == "refused":
            self.refused.emit(view_id, str(message.get("what") or ""))
        elif op == "ended":
            self._open.discard(view_id)
            self.view_ended.emit(view_id, str(message.get("why") or ""))

    def _log_stderr(self) -> None:
        process = self._process
        if process is not None:
            text = bytes(process.readAllStandardError().data()).decode(errors="replace")
            for line in text.splitlines():
                if line.strip():
                    logger.debug("view helper: %s", line)

    def _on_error(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self._end("the view helper could not start (is QtWebEngine installed?)")

    def _on_finished(self, code: int, status: QProcess.ExitStatus) -> None:
        if self._stopping:
            self._forget_process()
            return
        crashed = status == QProcess.ExitStatus.CrashExit
        self._end(
            "the view helper crashed" if crashed else f"the view helper ended (exit code {code})"
        )

    def _end(self, why: str) -> None:
        """The helper is gone or useless: kill it, and tell every view it had."""
        logger.warning("MCP App views: %s", why)
        self._stopping = True
        if self._process is not None and self._process.state() != QProcess.ProcessState.NotRunning:
            self._process.kill()
        self._forget_process()
        self.helper_ended.emit(why)

    def _forget_process(self) -> None:
        process, self._process = self._process, None
        self._pings.stop()
        self._idle.stop()
        self.sandbox_off_because = None
        self._open.clear()
        self._visible.clear()
        self._pending.clear()
        if process is not None:
            process.deleteLater()
            self.running_changed.emit(False)

    def stop(self) -> None:
        """End the helper: it quits when its input closes; killed if it has not in a while."""
        process = self._process
        if process is None:
            return
        self._stopping = True
        self._pings.stop()
        process.closeWriteChannel()
        QTimer.singleShot(STOP_GRACE_MS, process, process.kill)
