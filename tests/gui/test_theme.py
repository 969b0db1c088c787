"""Light and dark themes, following the operating system's colour scheme."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QColor, QGuiApplication, QIcon, QImage, QPalette
from PySide6.QtWidgets import QApplication, QMenu, QToolBar, QToolButton

from agent_desktop.composer.message_composer import Composer
from agent_desktop.toolkit.icons import ui_icon
from agent_desktop.toolkit.theme import (
    DARK,
    HIGH_CONTRAST,
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
def test_ui_icons_are_drawn_in_the_requested_colour_on_transparency(manager, name):
    manager.set_preference("light")
    image = ui_icon(name, "error").pixmap(48, 48).toImage()  # LIGHT.error is #c93434
    pixels = [image.pixelColor(x, y) for x in range(48) for y in range(48)]
    inked = [pixel for pixel in pixels if pixel.alpha() > 200]
    # A line icon: mostly transparent, with strokes in the given colour.
    assert 0.02 < len(inked) / len(pixels) < 0.5
    assert all(abs(pixel.red() - 0xC9) < 8 and pixel.green() < 0x40 for pixel in inked)
    assert image.pixelColor(0, 0).alpha() == 0


def _icon_ink(icon, mode=None) -> set[str]:
    """The colours of the opaque pixels of `icon` drawn at 24 px."""
    image = (icon.pixmap(24, 24) if mode is None else icon.pixmap(24, 24, mode)).toImage()
    return {
        image.pixelColor(x, y).name()
        for x in range(24)
        for y in range(24)
        if image.pixelColor(x, y).alpha() == 255
    }


def _relative_luminance(colour: str) -> float:
    channels = [QColor(colour).redF(), QColor(colour).greenF(), QColor(colour).blueF()]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2's contrast ratio of two colours, 1 to 21."""
    lighter, darker = sorted((_relative_luminance(first), _relative_luminance(second)))[::-1]
    return (lighter + 0.05) / (darker + 0.05)


# What the app draws on what, by palette role (the stylesheet, the painted chat rows, the
# sidebar's rows, the icons): ink first, ground second.
GROUNDS = [
    "window",
    "surface",
    "sidebar",
    "user_bubble",
    "code_background",
    "code_header",
    "tool_background",
    "tool_header_hover",
    "selection",
]
DRAWN_PAIRS = [
    *[(ink, ground) for ink in ("text", "muted") for ground in GROUNDS],
    # States in tool rows (hovered too), notices, the sidebar's flags on a selected row, the
    # turn outcome panel (on the bubble colour), approval prompts.
    *[(ink, ground) for ink in ("error", "warning", "success") for ground in GROUNDS],
    # Focus rings, links and accent borders.
    *[("accent", ground) for ground in ("window", "surface", "sidebar", "user_bubble")],
    # New chat, Send (on the accent) and Stop (on the error colour): text and icon.
    ("accent_text", "accent"),
    ("accent_text", "error"),
    # What cannot be used now, on the window and in menus.
    ("disabled", "window"),
    ("disabled", "surface"),
]


@pytest.mark.parametrize(
    ("ink", "ground"), DRAWN_PAIRS, ids=[f"{i}-on-{g}" for i, g in DRAWN_PAIRS]
)
def test_high_contrast_colours_meet_wcag_aaa_on_every_ground_they_are_drawn_on(ink, ground):
    ratio = contrast_ratio(getattr(HIGH_CONTRAST, ink), getattr(HIGH_CONTRAST, ground))
    assert ratio >= 7.0, f"{ink} on {ground}: {ratio:.1f}:1"


@pytest.mark.parametrize("scheme", [LIGHT, DARK, HIGH_CONTRAST], ids=lambda p: p.name)
def test_an_icon_is_drawn_in_the_foreground_of_the_theme_it_is_painted_in(manager, scheme):
    # Icons made under the light theme stayed its grey after a switch to high contrast.
    manager.set_preference("light")
    icon, on_accent = ui_icon("settings"), ui_icon("send", "accent_text")
    manager.set_preference(scheme.name)
    assert _icon_ink(icon) == {QColor(scheme.muted).name()}
    assert _icon_ink(on_accent) == {QColor(scheme.accent_text).name()}
    assert _icon_ink(icon, QIcon.Mode.Disabled) == {QColor(scheme.disabled).name()}


def test_send_and_stop_icons_are_drawn_in_the_ink_of_their_high_contrast_buttons(manager, qtbot):
    # A walk found Send's arrow white on the high-contrast theme's yellow: invisible.
    manager.set_preference(HIGH_CONTRAST.name)
    composer = Composer()
    qtbot.add_widget(composer)
    for button, ground in ((composer.send_button, "accent"), (composer.stop_button, "error")):
        (ink,) = _icon_ink(button.icon())
        assert contrast_ratio(ink, getattr(HIGH_CONTRAST, ground)) >= 7.0


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


def _picture(button: QToolButton) -> QImage:
    picture = QImage(button.size(), QImage.Format.Format_ARGB32)
    picture.fill(QColor("white"))
    button.render(picture)
    return picture


@pytest.mark.parametrize(
    "direction", [Qt.LayoutDirection.LeftToRight, Qt.LayoutDirection.RightToLeft]
)
def test_a_menu_buttons_arrow_keeps_clear_of_its_text(manager, qtbot, direction):
    # A walk found the Tools button's "ツール 0/1" running into its menu arrow.
    manager.set_preference("light")
    button = QToolButton()
    qtbot.add_widget(button)
    button.setLayoutDirection(direction)
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    button.setMenu(QMenu(button))
    button.setText("ツール 0/1")
    button.ensurePolished()
    button.resize(button.sizeHint())
    with_text = _picture(button)
    button.setText("")  # the same size without text: what is left is the arrow
    arrow_only = _picture(button)
    width, height = with_text.width(), with_text.height()
    arrow = {
        x
        for x in range(width)
        for y in range(height)
        if QColor(arrow_only.pixel(x, y)).lightness() < 160  # ink, not the button's ground
    }
    text = {
        x
        for x in range(width)
        for y in range(height)
        if with_text.pixel(x, y) != arrow_only.pixel(x, y)
    }
    assert arrow
    assert text
    gap = 4  # pixels between them, so the arrow reads as the button's, not as the text's last glyph
    assert min(arrow) - max(text) >= gap or min(text) - max(arrow) >= gap


def test_a_number_field_is_framed_in_the_high_contrast_ink(manager, qtbot):
    """A walk found the high-contrast number fields frameless: a number floating on black."""
    from PySide6.QtWidgets import QSpinBox

    manager.set_preference(HIGH_CONTRAST.name)
    field = QSpinBox()
    field.setRange(0, 999)
    field.resize(120, 32)
    qtbot.add_widget(field)
    field.show()
    qtbot.wait_exposed(field)
    image = field.grab().toImage()
    left_edge = {image.pixelColor(0, y).name() for y in range(8, image.height() - 8)}
    assert left_edge == {QColor(HIGH_CONTRAST.border).name()}


def test_an_icon_is_drawn_from_as_many_pixels_as_it_covers_on_its_device(manager, monkeypatch):
    # The engine reads the scale from the painter's transform, not its device (asking PySide
    # for the device builds every paint-device class it has): a 16 px icon on a screen of
    # pixel ratio 2 comes from a 32 px image, and under a painter's zoom from as many more.
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QPainter, QPixmap

    import agent_desktop.toolkit.icons as icons

    drawn: list[tuple[int, int]] = []
    tinted = icons._tinted

    def recording(name: str, colour: str, width: int, height: int) -> QPixmap:
        drawn.append((width, height))
        return tinted(name, colour, width, height)

    monkeypatch.setattr(icons, "_tinted", recording)
    screen = QPixmap(64, 64)
    screen.setDevicePixelRatio(2)
    painter = QPainter(screen)
    ui_icon("search").paint(painter, QRect(0, 0, 16, 16))
    painter.translate(4, 4)
    painter.scale(1.5, 1.5)
    ui_icon("search").paint(painter, QRect(0, 0, 16, 16))
    painter.rotate(90)
    ui_icon("search").paint(painter, QRect(0, 0, 16, 16))
    painter.end()

    assert drawn == [(32, 32), (48, 48), (48, 48)]
