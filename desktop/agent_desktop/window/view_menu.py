"""The View and Help menus: theme, text size and sidebar at hand; About with the app's folders.

The window hands over what these menus change (its chat view, composer, sidebar and theme) and
the application whose settings remember the choices; nothing here reaches further into either.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QActionGroup, QFont, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.toolkit.menu_shortcut_direction import add_menu

THEMES = (
    ("system", QT_TRANSLATE_NOOP("ViewMenu", "Follow the &system")),
    ("light", QT_TRANSLATE_NOOP("ViewMenu", "&Light")),
    ("dark", QT_TRANSLATE_NOOP("ViewMenu", "&Dark")),
    ("high_contrast", QT_TRANSLATE_NOOP("ViewMenu", "&High contrast")),
)
TEXT_SCALE_STEP = 10
TEXT_SCALE_LIMITS = (70, 200)


class ViewTargets(NamedTuple):
    """What the View menu acts on (a NamedTuple: dataclasses stay out of the first paint)."""

    window: QMainWindow
    text_widgets: list[QWidget]  # take the scaled font (chat view, composer box)
    sidebar: QWidget
    theme: Any  # ThemeManager, or None in tests that build a window without one
    on_text_scaled: Any  # callable: re-lay out what caches font metrics


class ViewMenu:
    """Builds View → Theme / text size / sidebar, and Help → About, on a main window."""

    def __init__(self, targets: ViewTargets) -> None:
        self.targets = targets
        self.app: Any = None
        menu_bar = targets.window.menuBar()
        self.menu = add_menu(menu_bar, QCoreApplication.translate("ViewMenu", "&View"))
        self.menu.setAccessibleName(QCoreApplication.translate("ViewMenu", "View menu"))
        theme_menu = self.menu.addMenu(QCoreApplication.translate("ViewMenu", "&Theme"))
        self.theme_actions: dict[str, QAction] = {}
        group = QActionGroup(theme_menu)
        for key, label in THEMES:
            action = QAction(
                QCoreApplication.translate("ViewMenu", label), theme_menu, checkable=True
            )
            action.triggered.connect(lambda _checked=False, key=key: self.choose_theme(key))
            group.addAction(action)
            theme_menu.addAction(action)
            self.theme_actions[key] = action
        self.menu.addSeparator()
        self.bigger = self._add(
            QCoreApplication.translate("ViewMenu", "&Bigger text"),
            ["Ctrl++", "Ctrl+="],
            self.bigger_text,
        )
        self.smaller = self._add(
            QCoreApplication.translate("ViewMenu", "&Smaller text"), ["Ctrl+-"], self.smaller_text
        )
        self.reset = self._add(
            QCoreApplication.translate("ViewMenu", "&Actual size"), ["Ctrl+0"], self.reset_text
        )
        self.menu.addSeparator()
        self.sidebar_action = QAction(
            QCoreApplication.translate("ViewMenu", "Show &sidebar"),
            self.menu,
            checkable=True,
            checked=True,
        )
        self.sidebar_action.setShortcuts([QKeySequence("Ctrl+Shift+B")])
        self.sidebar_action.toggled.connect(self.show_sidebar)
        self.menu.addAction(self.sidebar_action)

        self.help_menu = add_menu(menu_bar, QCoreApplication.translate("ViewMenu", "&Help"))
        self.help_menu.setAccessibleName(QCoreApplication.translate("ViewMenu", "Help menu"))
        about = QAction(
            QCoreApplication.translate("ViewMenu", "&About Agent Desktop"), self.help_menu
        )
        about.setMenuRole(QAction.MenuRole.AboutRole)
        about.triggered.connect(self.show_about)
        self.help_menu.addAction(about)
        self.about_dialog: QWidget | None = None
        self._base_point_size = QApplication.font().pointSizeF()

    def _add(self, text: str, shortcuts: list[str], handler: Any) -> QAction:
        action = QAction(text, self.menu)
        action.setShortcuts([QKeySequence(shortcut) for shortcut in shortcuts])
        action.triggered.connect(handler)
        self.menu.addAction(action)
        return action

    # ------------------------------------------------------------------ the application's choices
    def attach(self, app: Any) -> None:
        """Show and apply what the settings remember."""
        self.app = app
        settings = app.settings
        action = self.theme_actions.get(settings.theme)
        if action is not None:
            action.setChecked(True)
        self._apply_text_scale(settings.text_scale_percent)
        self.sidebar_action.setChecked(settings.sidebar_visible)
        self.targets.sidebar.setVisible(settings.sidebar_visible)

    def sync_theme(self, preference: str) -> None:
        """Settings changed the theme elsewhere: tick the matching entry."""
        action = self.theme_actions.get(preference)
        if action is not None:
            action.setChecked(True)

    def _remember(self, **changes: Any) -> None:
        if self.app is not None:
            self.app.configuration.update_settings(**changes)  # announced to the rest of the app

    # ------------------------------------------------------------------ theme
    def choose_theme(self, preference: str) -> None:
        if self.targets.theme is not None:
            self.targets.theme.set_preference(preference)
        self.sync_theme(preference)
        self._remember(theme=preference)

    # ------------------------------------------------------------------ text size
    def text_scale(self) -> int:
        return self.app.settings.text_scale_percent if self.app is not None else 100

    def bigger_text(self) -> None:
        self.set_text_scale(self.text_scale() + TEXT_SCALE_STEP)

    def smaller_text(self) -> None:
        self.set_text_scale(self.text_scale() - TEXT_SCALE_STEP)

    def reset_text(self) -> None:
        self.set_text_scale(100)

    def set_text_scale(self, percent: int) -> None:
        low, high = TEXT_SCALE_LIMITS
        percent = max(low, min(high, percent))
        self._apply_text_scale(percent)
        self._remember(text_scale_percent=percent)

    def _apply_text_scale(self, percent: int) -> None:
        for widget in self.targets.text_widgets:
            font = QFont(widget.font())
            font.setPointSizeF(self._base_point_size * percent / 100)
            widget.setFont(font)
        self.targets.on_text_scaled()
        low, high = TEXT_SCALE_LIMITS
        self.bigger.setEnabled(percent < high)
        self.smaller.setEnabled(percent > low)
        self.reset.setEnabled(percent != 100)

    # ------------------------------------------------------------------ sidebar
    def show_sidebar(self, shown: bool) -> None:
        self.targets.sidebar.setVisible(shown)
        if self.app is not None and self.app.settings.sidebar_visible != shown:
            self._remember(sidebar_visible=shown)

    # ------------------------------------------------------------------ help
    def show_about(self) -> None:
        from agent_desktop.window.about_dialog import AboutDialog

        if self.about_dialog is None:
            self.about_dialog = AboutDialog(self.targets.window, self.app)
        self.about_dialog.show()
        self.about_dialog.raise_()
        self.about_dialog.activateWindow()
