"""Light and dark themes, following the operating system's colour scheme."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QMenu, QToolBar

from agent_desktop.toolkit.icons import ui_icon
from agent_desktop.toolkit.theme import (
    DARK,
    LIGHT,
    UI_ICONS_DIR,
    ThemeManager,
    current_palette,
    stylesheet_for,
)

pytestmark = pytest.mark.gui


@pytest.fixture
def manager(qapp):
    theme = ThemeManager(QApplication.instance(), "system")
    yield theme
    theme.set_preference("light")
    theme.deleteLater()


def test_explicit_preferences(manager):
    manager.set_preference("dark")
    assert current_palette() is DARK
    assert QApplication.instance().palette().color(QPalette.ColorRole.Window).name() == DARK.window
    manager.set_preference("light")
    assert current_palette() is LIGHT


def test_system_preference_follows_the_os_scheme(manager, qtbot, monkeypatch):
    # The offscreen platform has no colour scheme of its own (always Unknown) and ignores
    # setColorScheme, so the OS answer is stood in for and the real change signal is emitted.
    import agent_desktop.toolkit.theme as theme_module

    hints = QGuiApplication.styleHints()
    monkeypatch.setattr(theme_module, "system_prefers_dark", lambda: False)
    assert manager.apply() is LIGHT  # a known start, whatever earlier tests left
    monkeypatch.setattr(theme_module, "system_prefers_dark", lambda: True)
    with qtbot.wait_signal(manager.changed, timeout=2000) as blocker:
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert blocker.args == [DARK]
    assert manager.palette is DARK
    monkeypatch.setattr(theme_module, "system_prefers_dark", lambda: False)
    with qtbot.wait_signal(manager.changed, timeout=2000) as blocker:
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert blocker.args == [LIGHT]
    manager.set_preference("dark")
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)  # an explicit choice is kept
    assert manager.palette is DARK


def test_stylesheet_is_filled_from_the_palette():
    sheet = stylesheet_for(DARK)
    assert DARK.accent in sheet
    assert "@accent" not in sheet
    assert "@icons_dir" not in sheet


def test_first_paint_guesses_the_system_scheme_from_the_platform_palette(manager, monkeypatch):
    # Before the first paint the scheme is read from the default palette (asking Qt for the
    # colour scheme would build PySide's Qt enums); the settings later apply it exactly.
    import agent_desktop.toolkit.theme as theme_module

    app = QApplication.instance()
    original = app.palette()
    monkeypatch.setattr(theme_module, "system_prefers_dark", lambda: False)
    try:
        dark_platform = QPalette(original)
        dark_platform.setColor(QPalette.ColorRole.Window, "#202124")
        app.setPalette(dark_platform)
        assert theme_module.platform_palette_is_dark()
        assert manager.apply(guess_system_scheme=True) is DARK
        assert manager.apply() is LIGHT  # the exact answer wins once settings apply
        light_platform = QPalette(original)
        light_platform.setColor(QPalette.ColorRole.Window, "#f4f4f4")
        app.setPalette(light_platform)
        assert not theme_module.platform_palette_is_dark()
        assert manager.apply(guess_system_scheme=True) is LIGHT
    finally:
        app.setPalette(original)


TINTABLE_ICONS = sorted(
    path.stem for path in UI_ICONS_DIR.glob("*.svg") if "currentColor" in path.read_text()
)


@pytest.mark.parametrize("name", TINTABLE_ICONS)
def test_ui_icons_are_drawn_in_the_requested_colour_on_transparency(qapp, name):
    image = ui_icon(name, "#d02020").pixmap(48, 48).toImage()
    pixels = [image.pixelColor(x, y) for x in range(48) for y in range(48)]
    inked = [pixel for pixel in pixels if pixel.alpha() > 200]
    # A line icon: mostly transparent, with strokes in the given colour.
    assert 0.02 < len(inked) / len(pixels) < 0.5
    assert all(abs(pixel.red() - 0xD0) < 8 and pixel.green() < 0x30 for pixel in inked)
    assert image.pixelColor(0, 0).alpha() == 0


def test_applying_the_same_scheme_again_does_not_restyle_every_widget(manager, qtbot):
    manager.set_preference("dark")
    emitted: list[object] = []
    manager.changed.connect(emitted.append)
    manager.set_preference("dark")  # what the settings do right after the first paint
    assert emitted == []
    manager.set_preference("light")
    assert emitted == [LIGHT]
    assert QApplication.instance().styleSheet() == stylesheet_for(LIGHT)


def _ink(image, colour: str, tolerance: int = 40) -> int:
    """How many pixels of `image` are (nearly) `colour`."""
    target = QColor(colour)
    return sum(
        1
        for x in range(image.width())
        for y in range(image.height())
        if abs(image.pixelColor(x, y).red() - target.red())
        + abs(image.pixelColor(x, y).green() - target.green())
        + abs(image.pixelColor(x, y).blue() - target.blue())
        < tolerance
    )


@pytest.mark.parametrize("scheme", [LIGHT, DARK], ids=["light", "dark"])
def test_a_disabled_toolbar_action_and_menu_item_look_disabled(manager, qtbot, scheme):
    # The walk found "Undo compaction" with nothing to undo drawn like a usable button: the
    # stylesheet's `QWidget { color }` painted every state alike.
    manager.set_preference(scheme.name)
    toolbar, menu = QToolBar(), QMenu()
    qtbot.addWidget(toolbar)
    qtbot.addWidget(menu)
    usable, unusable = QAction("Undo compaction", toolbar), QAction("Undo compaction", toolbar)
    unusable.setEnabled(False)
    for action in (usable, unusable):
        toolbar.addAction(action)
        menu.addAction(action)
    toolbar.show()
    qtbot.waitExposed(toolbar)
    usable_button = toolbar.widgetForAction(usable).grab().toImage()
    unusable_button = toolbar.widgetForAction(unusable).grab().toImage()
    assert _ink(usable_button, scheme.text) > 20
    assert _ink(unusable_button, scheme.text) == 0
    assert _ink(unusable_button, scheme.disabled) > 20

    menu.popup(toolbar.mapToGlobal(toolbar.rect().bottomLeft()))
    qtbot.waitExposed(menu)
    picture = menu.grab().toImage()
    usable_row = picture.copy(menu.actionGeometry(usable))
    unusable_row = picture.copy(menu.actionGeometry(unusable))
    assert _ink(usable_row, scheme.text) > 20
    assert _ink(unusable_row, scheme.text) == 0
    assert _ink(unusable_row, scheme.disabled) > 20
    menu.close()
    # Painted widgets read the palette: its disabled group is the fainter colour too.
    disabled = (
        QApplication.instance()
        .palette()
        .color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText)
    )
    assert disabled.name() == scheme.disabled
