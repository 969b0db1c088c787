"""The view helper: the one process that loads QtWebEngine, started by `host.ViewHelper`.

Each view is a page of its own, in a profile of its own (in memory only: no cookies, storage or
cache shared with another view or kept on disk), rendered offscreen. The page is a host shell
this module writes: an ``<iframe sandbox="allow-scripts allow-forms">`` (an opaque origin: no
cookies, storage, pop-ups, downloads or navigation of the shell) whose ``srcdoc`` is the
server's HTML, under the content-security policy built from the resource's ``_meta.ui.csp``
(the frame inherits it). The shell's own script runs in an isolated JavaScript world the view
cannot see: it relays the view's ``postMessage`` JSON-RPC to the app (at most
`MESSAGES_PER_SECOND`, the rest dropped and reported) and the app's messages to the view. A
request interceptor refuses every request to an origin the server did not declare, and every
``file:`` (or other local) address; navigation away from the view and new windows are refused.

Frames: the page is grabbed at `FRAMES_PER_SECOND` and sent (PNG) when it changed; input comes
back from the row and is sent to the page as Qt events. A renderer that stops answering for
`HANG_SECONDS` (a view spinning forever) is killed, and its row told why.

Run as ``python -m agent_desktop.app_views.helper``; messages in `wire`'s framing on standard
input and output (see `host` for the list). The app's process never imports this module.
"""

from __future__ import annotations

import base64
import json
import os
import signal
import sys
import time
from typing import Any

from agent_desktop.app_views.policy import content_security_policy, refusal
from agent_desktop.app_views.sandbox import helper_sandbox
from agent_desktop.app_views.wire import Decoder, encode

FRAMES_PER_SECOND = 10
MESSAGES_PER_SECOND = 100
MAX_VIEW_MESSAGE_CHARS = 4_000_000
# A renderer busy loading several views on a loaded machine can be slow to answer; a view that
# spins forever is still stopped within seconds.
HANG_SECONDS = 8.0
WATCH_INTERVAL_MS = 500
# How Chromium's console words what the frame's sandbox or the content-security policy stopped.
BLOCKED_MESSAGE_STARTS = ("Refused to", "Blocked ", "Fetch API cannot load")
SANDBOX_OFF_FLAGS = ("--no-sandbox", "--disable-seccomp-filter-sandbox", "--disable-setuid-sandbox")


def _prepare_environment() -> str | None:
    """Set what Qt reads as it loads; why Chromium's sandbox is off (None: it is on)."""
    # Offscreen always: frames are what the row shows, on any platform the app runs on.
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    # The sandbox is decided here alone: an inherited flag that turns it off is dropped.
    flags = [
        flag
        for flag in os.environ.get("QTWEBENGINE_CHROMIUM_FLAGS", "").split()
        if flag not in SANDBOX_OFF_FLAGS
    ]
    os.environ["QTWEBENGINE_CHROMIUM_FLAGS"] = " ".join([*flags, "--disable-gpu", "--no-first-run"])
    return helper_sandbox()


SANDBOX_OFF_BECAUSE = _prepare_environment()

from PySide6.QtCore import (  # noqa: E402 - the environment above must be set before Qt loads
    QBuffer,
    QByteArray,
    QEvent,
    QFile,
    QIODevice,
    QObject,
    QPoint,
    QPointF,
    QSocketNotifier,
    Qt,
    QTimer,
    QUrl,
    Signal,
    Slot,
)
from PySide6.QtGui import QColor, QImage, QKeyEvent, QMouseEvent, QWheelEvent  # noqa: E402
from PySide6.QtWebChannel import QWebChannel  # noqa: E402
from PySide6.QtWebEngineCore import (  # noqa: E402
    QWebEnginePage,
    QWebEngineProfile,
    QWebEngineScript,
    QWebEngineSettings,
    QWebEngineUrlRequestInfo,
    QWebEngineUrlRequestInterceptor,
)
from PySide6.QtWebEngineWidgets import QWebEngineView  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

SHELL = """<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{csp}">
<style>html, body {{ margin: 0; padding: 0; overflow: hidden; background: {background}; }}
iframe {{ border: 0; display: block; width: 100vw; height: 100vh; }}</style></head>
<body><iframe id="view" sandbox="allow-scripts allow-forms"></iframe></body></html>"""

# Runs in the isolated world, after qwebchannel.js: the view's frame cannot reach `host`.
RELAY = """
new QWebChannel(qt.webChannelTransport, (channel) => {
  const host = channel.objects.host;
  const frame = document.getElementById('view');
  let second = Date.now(), count = 0, flooded = false;
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow) { return; }
    const now = Date.now();
    if (now - second >= 1000) { second = now; count = 0; flooded = false; }
    count += 1;
    if (count > %(limit)d) { if (!flooded) { flooded = true; host.flooded(count); } return; }
    let text;
    try { text = JSON.stringify(event.data); } catch (error) { return; }
    if (typeof text === 'string' && text.length <= %(max_chars)d) { host.fromView(text); }
  });
  host.toView.connect((text) => frame.contentWindow.postMessage(JSON.parse(text), '*'));
  host.html((html) => { frame.srcdoc = html; });
});
"""


def _send(message: dict[str, Any]) -> None:
    sys.stdout.buffer.write(encode(message))
    sys.stdout.buffer.flush()


class Interceptor(QWebEngineUrlRequestInterceptor):
    """Refuses every request of one view that its server did not declare, and says so."""

    def __init__(self, view_id: str, csp: dict[str, Any] | None, parent: QObject) -> None:
        super().__init__(parent)
        self._view_id = view_id
        self._csp = csp

    def interceptRequest(self, info: QWebEngineUrlRequestInfo) -> None:
        url = info.requestUrl().toString()
        why = refusal(url, self._csp)
        if why is not None:
            info.block(True)
            _send({"op": "refused", "view": self._view_id, "what": f"a request to {url}: {why}"})


class ShellPage(QWebEnginePage):
    """The shell: loads once, then refuses navigation away and every new window."""

    def __init__(self, view_id: str, profile: QWebEngineProfile, parent: QObject) -> None:
        super().__init__(profile, parent)
        self._view_id = view_id
        self._shell_loaded = False

    def acceptNavigationRequest(
        self, url: QUrl | str, kind: QWebEnginePage.NavigationType, is_main_frame: bool
    ) -> bool:
        address = url.toString() if isinstance(url, QUrl) else url
        if is_main_frame and not self._shell_loaded:
            self._shell_loaded = True
            return True
        if not is_main_frame and address == "about:srcdoc":
            return True
        _send(
            {
                "op": "refused",
                "view": self._view_id,
                "what": f"navigating to {address}: views open links through the app, which asks",
            }
        )
        return False

    def javaScriptConsoleMessage(
        self,
        level: QWebEnginePage.JavaScriptConsoleMessageLevel,
        message: str,
        line: int,
        source: str,
    ) -> None:
        # Chromium says in the console what the sandbox and the policy stopped: the row names it.
        if message.startswith(BLOCKED_MESSAGE_STARTS):
            _send({"op": "refused", "view": self._view_id, "what": message.strip()})

    def createWindow(self, kind: QWebEnginePage.WebWindowType) -> QWebEnginePage:
        _send({"op": "refused", "view": self._view_id, "what": "opening a window"})
        return None  # type: ignore[return-value] # Qt's way of refusing a window


class Relay(QObject):
    """The shell script's end of the web channel (isolated world only)."""

    toView = Signal(str)

    def __init__(self, view_id: str, html: str, parent: QObject) -> None:
        super().__init__(parent)
        self._view_id = view_id
        self._html = html

    @Slot(result=str)
    def html(self) -> str:
        return self._html

    @Slot(str)
    def fromView(self, text: str) -> None:
        try:
            message = json.loads(text)
        except ValueError:
            return
        if isinstance(message, dict):
            _send({"op": "message", "view": self._view_id, "message": message})

    @Slot(int)
    def flooded(self, count: int) -> None:
        _send(
            {
                "op": "refused",
                "view": self._view_id,
                "what": f"more than {MESSAGES_PER_SECOND} messages in a second (the rest of "
                "that second was dropped)",
            }
        )


def _channel_script() -> str:
    source = QFile(":/qtwebchannel/qwebchannel.js")
    if not source.open(QIODevice.OpenModeFlag.ReadOnly):
        raise RuntimeError("QtWebChannel's qwebchannel.js is missing from this Qt")
    text = bytes(source.readAll().data()).decode()
    return text + RELAY % {"limit": MESSAGES_PER_SECOND, "max_chars": MAX_VIEW_MESSAGE_CHARS}


class View(QObject):
    """One view: its profile, shell page, widget, relay and frame pump."""

    def __init__(self, view_id: str, request: dict[str, Any], script: str) -> None:
        super().__init__()
        self.view_id = view_id
        csp = request.get("csp") if isinstance(request.get("csp"), dict) else None
        self.profile = QWebEngineProfile(self)  # off the record: memory only, its own
        self.profile.setHttpCacheType(QWebEngineProfile.HttpCacheType.MemoryHttpCache)
        self.profile.setPersistentCookiesPolicy(
            QWebEngineProfile.PersistentCookiesPolicy.NoPersistentCookies
        )
        self.interceptor = Interceptor(view_id, csp, self)
        self.profile.setUrlRequestInterceptor(self.interceptor)
        settings = self.profile.settings()
        for attribute, on in (
            (QWebEngineSettings.WebAttribute.JavascriptCanOpenWindows, False),
            (QWebEngineSettings.WebAttribute.LocalContentCanAccessFileUrls, False),
            (QWebEngineSettings.WebAttribute.LocalContentCanAccessRemoteUrls, False),
            (QWebEngineSettings.WebAttribute.LocalStorageEnabled, False),
            (QWebEngineSettings.WebAttribute.PluginsEnabled, False),
            (QWebEngineSettings.WebAttribute.ScreenCaptureEnabled, False),
            (QWebEngineSettings.WebAttribute.JavascriptCanAccessClipboard, False),
            (QWebEngineSettings.WebAttribute.PdfViewerEnabled, False),
        ):
            settings.setAttribute(attribute, on)
        self.page = ShellPage(view_id, self.profile, self)
        self.relay = Relay(view_id, str(request.get("html") or ""), self)
        self.channel = QWebChannel(self)
        self.channel.registerObject("host", self.relay)
        world = QWebEngineScript.ScriptWorldId.ApplicationWorld
        self.page.setWebChannel(self.channel, world)
        injected = QWebEngineScript()
        injected.setName("relay")
        injected.setWorldId(world)
        injected.setInjectionPoint(QWebEngineScript.InjectionPoint.DocumentReady)
        injected.setRunsOnSubFrames(False)
        injected.setSourceCode(script)
        self.page.scripts().insert(injected)
        background = str(request.get("background") or "#ffffff")
        self.page.setBackgroundColor(QColor(background))
        self.page.renderProcessTerminated.connect(self._on_renderer_ended)
        self.widget = QWebEngineView()
        self.widget.setPage(self.page)
        self.widget.resize(int(request.get("width") or 600), int(request.get("height") or 300))
        self.widget.show()
        shell = SHELL.format(csp=content_security_policy(csp), background=background)
        self.page.setHtml(shell, QUrl("about:blank"))
        self._last_frame = QImage()
        self._answered_at = time.monotonic()
        self._ended = False
        self.frames = QTimer(self)
        self.frames.timeout.connect(self._send_frame)
        self.frames.start(1000 // FRAMES_PER_SECOND)
        self.watch = QTimer(self)
        self.watch.timeout.connect(self._check_renderer)
        self.watch.start(WATCH_INTERVAL_MS)

    def deliver(self, message: dict[str, Any]) -> None:
        self.relay.toView.emit(json.dumps(message))

    def resize(self, width: int, height: int) -> None:
        self.widget.resize(max(1, width), max(1, height))

    def set_background(self, color: str) -> None:
        """The window's theme changed: the shell behind the view takes its new colour."""
        chosen = QColor(color)
        if not chosen.isValid():
            return
        self.page.setBackgroundColor(chosen)
        self.page.runJavaScript(
            f"document.body.style.background = '{chosen.name()}';",
            QWebEngineScript.ScriptWorldId.ApplicationWorld,
        )

    def _send_frame(self) -> None:
        image = self.widget.grab().toImage()
        if image.isNull() or image == self._last_frame:
            return
        self._last_frame = image
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        # PySide's stubs say bytes; at run time only a str format is accepted.
        image.save(buffer, "PNG")  # type: ignore[call-overload]
        _send(
            {
                "op": "frame",
                "view": self.view_id,
                "width": image.width(),
                "height": image.height(),
                "png": base64.b64encode(bytes(data.data())).decode(),
            }
        )

    def _check_renderer(self) -> None:
        """Ask the page's renderer for a trivial answer; one silent too long is killed."""
        if self._ended:
            return
        if time.monotonic() - self._answered_at > HANG_SECONDS:
            pid = self.page.renderProcessPid()
            self._ended = True
            if pid > 0:
                os.kill(pid, signal.SIGKILL)
            _send(
                {
                    "op": "ended",
                    "view": self.view_id,
                    "why": f"the view stopped answering for {HANG_SECONDS:g} s and was stopped",
                }
            )
            return
        self.page.runJavaScript(
            "1", QWebEngineScript.ScriptWorldId.ApplicationWorld, self._answered
        )

    def _answered(self, _result: object) -> None:
        self._answered_at = time.monotonic()

    def _on_renderer_ended(
        self, status: QWebEnginePage.RenderProcessTerminationStatus, code: int
    ) -> None:
        if self._ended:
            return
        self._ended = True
        _send({"op": "ended", "view": self.view_id, "why": f"the view's page crashed ({code})"})

    def input(self, event: dict[str, Any]) -> None:
        target = self.widget.focusProxy() or self.widget
        kind = event.get("kind")
        position = QPointF(float(event.get("x", 0)), float(event.get("y", 0)))
        buttons = Qt.MouseButton(int(event.get("buttons", 0)))
        button = Qt.MouseButton(int(event.get("button", 0)))
        modifiers = Qt.KeyboardModifier(int(event.get("modifiers", 0)))
        mouse_types = {
            "press": QEvent.Type.MouseButtonPress,
            "release": QEvent.Type.MouseButtonRelease,
            "move": QEvent.Type.MouseMove,
            "double": QEvent.Type.MouseButtonDblClick,
        }
        if kind in mouse_types:
            sent: QEvent = QMouseEvent(
                mouse_types[kind], position, position, button, buttons, modifiers
            )
        elif kind == "wheel":
            sent = QWheelEvent(
                position,
                position,
                QPoint(0, 0),
                QPoint(int(event.get("dx", 0)), int(event.get("dy", 0))),
                buttons,
                modifiers,
                Qt.ScrollPhase.NoScrollPhase,
                False,
            )
        elif kind in ("key_press", "key_release"):
            key_type = QEvent.Type.KeyPress if kind == "key_press" else QEvent.Type.KeyRelease
            sent = QKeyEvent(
                key_type, int(event.get("key", 0)), modifiers, str(event.get("text", ""))
            )
        else:
            return
        QApplication.sendEvent(target, sent)

    def close(self) -> None:
        self.frames.stop()
        self.watch.stop()
        self.widget.close()
        self.widget.deleteLater()
        self.deleteLater()


class Helper(QObject):
    """Reads the app's messages from standard input and runs the views they ask for."""

    def __init__(self) -> None:
        super().__init__()
        self._decoder = Decoder()
        self._views: dict[str, View] = {}
        self._script = _channel_script()
        self._notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._read)

    def _read(self) -> None:
        data = os.read(sys.stdin.fileno(), 1 << 20)
        if not data:  # the app closed our input: it ended us, or it died
            QApplication.quit()
            return
        for message in self._decoder.feed(data):
            self._handle(message)

    def _handle(self, message: dict[str, Any]) -> None:
        op, view_id = message.get("op"), str(message.get("view") or "")
        if op == "ping":
            _send({"op": "pong", "n": message.get("n")})
        elif op == "open":
            if view_id in self._views:
                self._views.pop(view_id).close()
            self._views[view_id] = View(view_id, message, self._script)
        elif op == "quit":
            QApplication.quit()
        elif view_id in self._views:
            view = self._views[view_id]
            if op == "send":
                view.deliver(dict(message.get("message") or {}))
            elif op == "input":
                view.input(dict(message.get("event") or {}))
            elif op == "resize":
                view.resize(int(message.get("width", 1)), int(message.get("height", 1)))
            elif op == "background":
                view.set_background(str(message.get("background") or ""))
            elif op == "close":
                self._views.pop(view_id).close()


def main() -> None:
    app = QApplication([sys.argv[0], "--webEngineArgs", "--disable-gpu"])
    app.setQuitOnLastWindowClosed(False)
    helper = Helper()
    _send({"op": "ready", "pid": os.getpid(), "sandbox_off_because": SANDBOX_OFF_BECAUSE})
    app.exec()
    del helper


if __name__ == "__main__":
    main()
