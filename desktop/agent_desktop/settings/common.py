"""What every settings page shares: the page base class, layout helpers, dotted-key access."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

# Dotted-key reads are the application's, shared with its checks of plugin settings.
from agent_app.settings_changes import delete_path as delete_path
from agent_app.settings_changes import get_path as get_path
from agent_app.settings_changes import set_path as set_path
from agent_desktop.toolkit.theme import current_palette

if TYPE_CHECKING:
    from agent_app.settings_facts import PluginFacts
    from agent_desktop.forms.fields import SecretStoreLike


MIB = 1024 * 1024
#: Width of the entry list on the Providers, Agents and MCP servers pages.
SIDE_WIDTH = 160


# --------------------------------------------------------------------------- helpers


def entry_id_from(name: str) -> str:
    """The id a typed or imported name gets: runs of spaces and dots (settings paths and tool
    names cannot hold them) become one '-'; "walk echo" -> "walk-echo"."""
    return re.sub(r"[\s.]+", "-", name.strip()).strip("-")


def validation_message(error: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(part) for part in item['loc']) or 'value'}: {item['msg']}"
        for item in error.errors()
    )


def scrolling(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    # Pages fit the width and scroll only down: a sideways scrollbar hides half of each field.
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setFrameShape(QFrame.Shape.NoFrame)
    # Not a stop of its own for Tab (a nameless pane to a screen reader): Tab goes from field to
    # field, and the area scrolls to the field that has the keyboard.
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    area.setWidget(widget)
    return area


def heading(text: str, subtitle: str = "") -> QWidget:
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 8)
    layout.setSpacing(2)
    title = QLabel(text)
    title.setObjectName("settingsPageTitle")
    font = title.font()
    font.setPointSizeF(font.pointSizeF() * 1.35)
    font.setBold(True)
    title.setFont(font)
    layout.addWidget(title)
    if subtitle:
        hint = QLabel(subtitle)
        hint.setWordWrap(True)
        hint.setStyleSheet(f"color: {current_palette().muted};")
        layout.addWidget(hint)
    return box


def page_layout(page: QWidget) -> QVBoxLayout:
    layout = QVBoxLayout(page)
    layout.setContentsMargins(24, 20, 24, 12)
    layout.setSpacing(10)
    return layout


def note(text: str, color_name: str = "muted") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setStyleSheet(f"color: {getattr(current_palette(), color_name)};")
    return label


# --------------------------------------------------------------------------- pages


def discard(host: QVBoxLayout, form: QWidget) -> None:
    """Take a form off its page at once: hidden now, deleted once the loop gets to it (until
    then it would still paint under the form that replaces it)."""
    host.removeWidget(form)
    form.hide()
    form.deleteLater()


class SettingsHost(Protocol):
    """What a page reads and writes of the dialog holding it (`SettingsDialog`): the drafts
    that OK applies, the plugin facts gathered for the pages, and the plugins as people know
    them. A page knows the dialog only through this, so the dialog may import every page."""

    app: Any
    agent_id: str
    secrets: SecretStoreLike
    draft_settings: Any
    draft_config: Any
    pending_secrets: dict[str, str | None]
    deleted_secrets: dict[str, None]
    facts: PluginFacts
    mcp_status: dict[str, Any] | None
    provider_forms: dict[str, list[Any]]

    def developer_mode(self) -> bool: ...
    def catalog_records(self) -> list[Any]: ...
    def plugin_title(self, name: str) -> str: ...
    def plugin_version(self, name: str) -> str: ...
    def plugin_names(self) -> list[str]: ...
    def provider_plugin_names(self) -> list[str]: ...
    def is_for_testing(self, name: str) -> bool: ...
    def default_enabled(self, name: str) -> bool: ...
    def mcp_plugin(self) -> Any: ...
    def all_problems(self) -> list[str]: ...


#: The context the pages' class-level words are marked in (`QT_TRANSLATE_NOOP("SettingsPages", …)`).
PAGE_WORDS = "SettingsPages"


def page_words(text: str) -> str:
    """A page's class-level word (title, subtitle, noun) in the window's language."""
    return QCoreApplication.translate(PAGE_WORDS, text) if text else ""


class SettingsPage(QWidget):
    """One page. `commit()` checks its inputs and writes them into the dialog's drafts."""

    #: The page's name in the navigation and its heading, marked in PAGE_WORDS.
    title = ""
    #: The dialog scrolls a page as a whole unless the page scrolls its own parts (a list page
    #: keeps its list and Add/Remove buttons in view while its long form scrolls).
    scrolls_itself = False

    def __init__(self, dialog: SettingsHost) -> None:
        super().__init__()
        self.dialog = dialog
        self.title = page_words(self.title)

    def commit(self) -> dict[str, str]:
        """Write the page into the drafts; {field: error} when it cannot."""
        return {}


def button_cell(button: QWidget) -> QWidget:
    """A table cell holding one button at its start (a row's Revoke, say)."""
    holder = QWidget()
    row = QHBoxLayout(holder)
    row.setContentsMargins(4, 1, 4, 1)
    row.addWidget(button)
    row.addStretch(1)
    return holder
