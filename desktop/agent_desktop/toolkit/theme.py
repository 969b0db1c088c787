"""Light and dark themes that follow the operating system, and a high-contrast theme.

The colours live in one `Palette` per scheme; the stylesheet `resources/themes/app.qss` is a
template whose `@name` placeholders are filled from it, so both schemes share one set of rules.
Painted widgets (the chat delegate) read the same `Palette` through `current_palette()`.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from agent_desktop.toolkit.lazy_qt import Qt

log = logging.getLogger(__name__)

# Two levels above the `agent_desktop` package: the checkout's root, or the bundle's top folder.
RESOURCES_DIR = Path(__file__).resolve().parents[3] / "resources"
THEMES_DIR = RESOURCES_DIR / "themes"
UI_ICONS_DIR = RESOURCES_DIR / "icons" / "ui"


class Palette(NamedTuple):
    """One scheme's colours (a NamedTuple: immutable, and cheaper than a dataclass to define
    before the first paint)."""

    name: str
    window: str
    surface: str
    sidebar: str
    border: str
    text: str
    muted: str
    # Text of what cannot be used now (a disabled button, menu item or field): fainter than
    # `muted`, which secondary text that works uses.
    disabled: str
    accent: str
    accent_text: str
    user_bubble: str
    code_background: str
    code_header: str
    tool_background: str
    tool_header_hover: str
    success: str
    error: str
    warning: str
    selection: str
    pygments_style: str
    # Light text on a dark ground (dark and high contrast): pictures made for the theme, such
    # as Mermaid diagrams, take their dark variant.
    dark: bool


LIGHT = Palette(
    name="light",
    window="#f7f7f8",
    surface="#ffffff",
    sidebar="#f0f0f2",
    border="#dcdce1",
    text="#1d1d1f",
    muted="#6e6e76",
    disabled="#b4b4bb",
    accent="#2f6fed",
    accent_text="#ffffff",
    user_bubble="#eaf0fd",
    code_background="#f4f5f7",
    code_header="#e7e9ee",
    tool_background="#fafafb",
    tool_header_hover="#f0f1f4",
    success="#1f8f4e",
    error="#c93434",
    warning="#b7791f",
    selection="#cddcfb",
    pygments_style="default",
    dark=False,
)

DARK = Palette(
    name="dark",
    window="#1b1c1f",
    surface="#232428",
    sidebar="#1f2023",
    border="#3a3b41",
    text="#e6e6e9",
    muted="#9a9aa3",
    disabled="#5c5d64",
    accent="#5b8def",
    accent_text="#ffffff",
    user_bubble="#2c3447",
    code_background="#1a1b1e",
    code_header="#2d2e33",
    tool_background="#26272c",
    tool_header_hover="#2e2f35",
    success="#4cc07f",
    error="#ef6b6b",
    warning="#e0a84a",
    selection="#34507f",
    pygments_style="monokai",
    dark=True,
)

# For low vision: pure black and white, yellow for what acts and for the keyboard's focus,
# every border drawn. Every colour the app draws on another meets WCAG AAA, 7:1 (white on black
# is 21:1, yellow on black 19.6:1; tests/gui/test_theme.py lists the pairs): hence a navy
# selection and a near-black hover and bubble, on which the red of an error still reads.
HIGH_CONTRAST = Palette(
    name="high_contrast",
    window="#000000",
    surface="#000000",
    sidebar="#000000",
    border="#ffffff",
    text="#ffffff",
    muted="#e0e0e0",
    disabled="#a0a0a0",
    accent="#ffff00",
    accent_text="#000000",
    user_bubble="#1a1a1a",
    code_background="#000000",
    code_header="#1a1a1a",
    tool_background="#000000",
    tool_header_hover="#1a1a1a",
    success="#00ff66",
    error="#ff8c8c",
    warning="#ffcc00",
    selection="#000080",
    pygments_style="github-dark",
    dark=True,
)

PALETTES = {palette.name: palette for palette in (LIGHT, DARK, HIGH_CONTRAST)}

_current: Palette = LIGHT


def current_palette() -> Palette:
    return _current


def qcolor(value: str) -> QColor:
    return QColor(value)


def system_prefers_dark() -> bool:
    """The operating system's colour scheme, as Qt reports it."""
    scheme = QGuiApplication.styleHints().colorScheme()
    return scheme == Qt.ColorScheme.Dark


def platform_palette_is_dark() -> bool:
    """A guess at the OS scheme from the platform's default palette, for the first paint only:
    asking for the colour scheme itself makes PySide build its `Qt` enums (see `lazy_qt`).
    Valid only before any palette of ours is set."""
    return QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128


def stylesheet_for(palette: Palette) -> str:
    """The application stylesheet with the palette's colours ('' if the file is missing)."""
    names = ["app.qss"] + (["high_contrast.qss"] if palette is HIGH_CONTRAST else [])
    try:
        template = "\n".join((THEMES_DIR / name).read_text(encoding="utf-8") for name in names)
    except OSError as error:
        log.warning("stylesheet %s not readable (%s); using the plain Qt style", THEMES_DIR, error)
        return ""
    # Longest names first so "@accent_text" is not eaten by "@accent".
    values = {**palette._asdict(), "icons_dir": UI_ICONS_DIR.as_posix()}
    for key, value in sorted(values.items(), key=lambda kv: -len(kv[0])):
        template = template.replace(f"@{key}", str(value))
    return template


class ThemeManager(QObject):
    """Applies the chosen scheme ("system", "light", "dark" or "high_contrast") and follows
    OS changes."""

    changed = Signal(object)

    def __init__(self, app: QApplication, preference: str = "system") -> None:
        super().__init__(app)
        self._app = app
        self._preference = preference
        self._palette = _current
        self._announced: Palette | None = None  # what `changed` last carried
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._on_system_scheme_changed)

    @property
    def palette(self) -> Palette:
        """The palette this manager applied last."""
        return self._palette

    def set_preference(self, preference: str) -> None:
        self._preference = preference
        self.apply()

    def apply(self, guess_system_scheme: bool = False) -> Palette:
        """Apply the preference. Start-up passes `guess_system_scheme` (see
        `platform_palette_is_dark`); the application's settings are applied exactly later."""
        global _current
        if self._preference in PALETTES:
            chosen = PALETTES[self._preference]
        else:
            dark = platform_palette_is_dark() if guess_system_scheme else system_prefers_dark()
            chosen = DARK if dark else LIGHT
        stylesheet = stylesheet_for(chosen)
        self._palette = chosen
        if (
            chosen is self._announced
            and chosen is _current
            and stylesheet == self._app.styleSheet()
        ):
            # Setting the same stylesheet again would re-polish every widget for nothing
            # (the settings re-apply the start-up choice right after the first paint).
            return chosen
        _current = chosen
        self._app.setPalette(_qt_palette(chosen))
        self._app.setStyleSheet(stylesheet)
        self._announced = chosen
        self.changed.emit(chosen)
        return chosen

    def _on_system_scheme_changed(self, _scheme: Qt.ColorScheme) -> None:
        if self._preference == "system":
            self.apply()


def _qt_palette(palette: Palette) -> QPalette:
    qt_palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: palette.window,
        QPalette.ColorRole.Base: palette.surface,
        QPalette.ColorRole.AlternateBase: palette.sidebar,
        QPalette.ColorRole.Text: palette.text,
        QPalette.ColorRole.WindowText: palette.text,
        QPalette.ColorRole.Button: palette.surface,
        QPalette.ColorRole.ButtonText: palette.text,
        QPalette.ColorRole.Highlight: palette.selection,
        QPalette.ColorRole.HighlightedText: palette.text,
        QPalette.ColorRole.PlaceholderText: palette.muted,
        QPalette.ColorRole.ToolTipBase: palette.surface,
        QPalette.ColorRole.ToolTipText: palette.text,
        QPalette.ColorRole.Link: palette.accent,
    }
    for role, value in roles.items():
        qt_palette.setColor(role, QColor(value))
    # Widgets painted from the palette (menus, tool buttons, the chat delegate) show what is
    # disabled as such; setColor above set every colour group, the disabled one too.
    disabled = QColor(palette.disabled)
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        qt_palette.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return qt_palette
