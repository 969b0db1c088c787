"""Journeys: the real window, started the way `agent-desktop` starts it, driven like a user.

Each journey gets a fresh data dir (the suite-wide `isolated_home`), the window built and shown
before the application loads (as `agent_desktop.__main__.main` does), and the application attached
through `open_application`, the entry point's own start-up path. Plugins are discovered through
their entry points, exactly as for a user. Widgets are found the way a user finds them: by visible
text or accessible name (`find_button`, `find_widget`), and driven with clicks and keys.

`journey.restart()` closes the window and the application and starts both again over the same
data dir, for journeys that check what survives a restart.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

from agent_desktop.__main__ import open_application
from agent_desktop.toolkit.theme import ThemeManager
from agent_desktop.toolkit.translations import SOURCE_LANGUAGE, SYSTEM, Translations
from agent_desktop.window.main_window import MainWindow
from tests.support.qt_async import QtAsync, qt_async_harness

pytestmark = pytest.mark.gui


def _visible_text(widget: QWidget) -> str:
    text = getattr(widget, "text", None)
    if callable(text):
        try:
            value = text()
        except TypeError:
            return ""
        if isinstance(value, str):
            return value.replace("&", "")
    return ""


class Journey:
    """One user's session with the app: the window, the application, the loop and the robot."""

    def __init__(self, qt_async: QtAsync, qtbot: Any, data_dir: Path) -> None:
        self.qt_async = qt_async
        self.qtbot = qtbot
        self.data_dir = data_dir
        self.window: MainWindow | None = None
        self.app: Any = None
        self._notifier: Any = None
        self.screenshots: list[Path] = []
        self._app_look: tuple[str, Any] | None = None
        self.translations: Translations | None = None

    # ------------------------------------------------------------------ lifecycle
    def start(self, files: list[Path] | None = None) -> MainWindow:
        qt_app = QApplication.instance()
        if self._app_look is None:
            # The theme styles the whole QApplication; put it back afterwards so tests that
            # run later in this process see Qt's defaults, as they would alone.
            self._app_look = (qt_app.styleSheet(), qt_app.palette())
        # As the entry point's `run`: closing the window (Quit) must not stop Qt's loop, which
        # keeps running while the application closes.
        qt_app.setQuitOnLastWindowClosed(False)
        theme = ThemeManager(qt_app)
        # The system's language (the `journey` fixture sets an English one; a journey may set
        # another), then the one chosen in Settings once they load, as at a real start.
        # One for the journey: a restart installs its language in place of the last one's.
        if self.translations is None:
            self.translations = Translations(qt_app, self.data_dir / "cache")
        self.translations.use(SYSTEM)
        window = MainWindow(theme=theme, translations=self.translations)
        theme.apply(guess_system_scheme=True)  # once the window is built, as the entry point
        window.show()
        self.qtbot.wait_exposed(window)
        options = argparse.Namespace(data_dir=self.data_dir, files=files or [], self_test=False)
        self.app, self._notifier = self.run(open_application(window, options), timeout=30)
        self.window = window
        self.settle()
        return window

    def stop(self) -> None:
        if self.window is None:
            return
        window, self.window = self.window, None
        self.settle()
        # As the entry point quits: the window closes, the application closes (chats still
        # running end and say so in the closed window), then the window goes.
        window.close()
        self._notifier.uninstall()
        self.run(self.app.aclose(), timeout=30)
        window.deleteLater()
        self.settle(0.05)

    def restore_app_look(self) -> None:
        if self._app_look is not None:
            qt_app = QApplication.instance()
            qt_app.setStyleSheet(self._app_look[0])
            qt_app.setPalette(self._app_look[1])
            qt_app.setQuitOnLastWindowClosed(True)
        if self.translations is not None:
            # Later tests in this process read English, as they would alone.
            self.translations.use(SOURCE_LANGUAGE)

    def restart(self) -> MainWindow:
        self.stop()
        return self.start()

    # ------------------------------------------------------------------ the loop
    def run(self, awaitable: Any, timeout: float = 20.0) -> Any:
        return self.qt_async.run(awaitable, timeout=timeout)

    def act(self, action: Callable[[], Any]) -> Any:
        """Do `action` (a click, a key) while the event loop runs, as every event of the real
        app is handled: slots that start tasks find the loop."""

        async def inside_the_loop() -> Any:
            result = action()
            await asyncio.sleep(0)
            return result

        return self.run(inside_the_loop())

    def settle(self, seconds: float = 0.3) -> None:
        """Let timers and tasks started by the last action run on the loop."""
        self.qt_async.run(asyncio.sleep(seconds))

    def wait_until(self, condition: Callable[[], Any], timeout: float = 10.0) -> Any:
        return self.run(self.qt_async.until(condition, timeout), timeout=timeout + 5)

    # ------------------------------------------------------------------ finding widgets
    def widgets(self, root: QWidget | None = None) -> list[QWidget]:
        """Every visible widget: the window's and those of open dialogs and popups."""
        roots = [root] if root is not None else QApplication.topLevelWidgets()
        found: list[QWidget] = []
        for top in roots:
            if not top.isVisible():
                continue
            found.append(top)
            found.extend(child for child in top.findChildren(QWidget) if child.isVisible())
        return found

    def find_widget(self, name: str, kind: type[QWidget] = QWidget) -> QWidget:
        """The visible widget whose text or accessible name is `name` (exact, `&` ignored)."""
        matches = [
            widget
            for widget in self.widgets()
            if isinstance(widget, kind) and name in (_visible_text(widget), widget.accessibleName())
        ]
        if not matches:
            shown = sorted(
                {
                    _visible_text(widget) or widget.accessibleName()
                    for widget in self.widgets()
                    if isinstance(widget, kind)
                }
                - {""}
            )
            raise LookupError(f"no visible {kind.__name__} named {name!r}; visible: {shown}")
        return matches[0]

    def find_button(self, name: str) -> QAbstractButton:
        return self.find_widget(name, QAbstractButton)  # type: ignore[return-value]

    def has_widget(self, name: str, kind: type[QWidget] = QWidget) -> bool:
        try:
            self.find_widget(name, kind)
        except LookupError:
            return False
        return True

    # ------------------------------------------------------------------ a user's hands
    def click(self, name_or_widget: str | QWidget) -> None:
        widget = (
            self.find_button(name_or_widget) if isinstance(name_or_widget, str) else name_or_widget
        )
        self.act(lambda: self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(5, 5)))
        self.settle(0.05)

    def type_text(self, text: str, widget: QWidget | None = None) -> None:
        target = widget or QApplication.focusWidget()
        assert target is not None, "nothing has keyboard focus to type into"
        self.act(lambda: self.qtbot.keyClicks(target, text))

    def press(
        self,
        key: Qt.Key,
        modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
        widget: QWidget | None = None,
    ) -> None:
        target = widget or QApplication.focusWidget() or self.window
        self.act(lambda: self.qtbot.keyClick(target, key, modifier))
        self.settle(0.05)

    def screenshot(self, path: Path, widget: QWidget | None = None) -> Path:
        image = (widget or self.window).grab()
        image.save(str(path))
        self.screenshots.append(path)
        return path

    # ------------------------------------------------------------------ files a user has
    def write_config(self, config: dict[str, Any]) -> Path:
        """Write `config.json` before start, as a user who set the app up earlier would have."""
        path = self.app.paths.config_path if self.app else _config_path(self.data_dir)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(config, indent=2), encoding="utf-8")
        return path

    def use_local_server(self, base_url: str, model: str = "local-model") -> Path:
        """A config with one OpenAI-compatible server as the default agent's provider, as
        "Use this server" on the first-run pane leaves it. `base_url` ends in `/v1`."""
        return self.write_config(
            {
                "providers": {
                    "local": {
                        "provider": "openai_compatible",
                        "label": "Local server",
                        "base_url": base_url,
                        "model": model,
                    }
                },
                "agents": {"default": {"label": "Default", "provider": "local"}},
            }
        )


def _config_path(data_dir: Path) -> Path:
    from agent_app.paths import resolve_paths

    return resolve_paths(data_dir).config_path


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


@pytest.fixture
def journey(
    qapp: Any, qtbot: Any, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Journey]:
    """A user's session; call `journey.start()` (after preparing files) to launch the app.
    The system's language is English whatever the machine's (a journey may set `LANG`)."""
    for variable in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    for harness in qt_async_harness(qapp, running_between_runs=True):
        user = Journey(harness, qtbot, data_dir)
        try:
            yield user
        finally:
            user.stop()
            user.restore_app_look()
