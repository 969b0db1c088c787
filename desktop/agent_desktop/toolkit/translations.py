"""The window's language: our catalogue and Qt's own, the locale's formats and text direction.

Sources are Qt Linguist files, `resources/translations/agent_desktop_<language>.ts`. A bundle
ships them compiled (`.qm` beside each `.ts`, made by the packaging spec); a checkout compiles
the one it needs with PySide6's `lrelease` into the cache folder when the `.qm` there is missing
or older than its source, so `uv run agent-desktop` on a fresh clone is translated too.

Switching language needs no restart: `Translations.use` swaps the translators, the default
`QLocale` (dates, numbers, sizes) and the layout direction (Arabic mirrors the window), then
retranslates the texts widgets already show (`retranslate_widgets`): every text that is a
catalogue string in the language left is replaced by the same string in the new one, so the
widgets need no code of their own for it. Text drawn at paint time is translated as it is drawn.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Iterable
from functools import lru_cache, partial
from pathlib import Path
from typing import TYPE_CHECKING

import PySide6
from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from agent_desktop.toolkit.lazy_qt import Qt
from agent_desktop.toolkit.theme import RESOURCES_DIR

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

log = logging.getLogger(__name__)

TRANSLATIONS_DIR = RESOURCES_DIR / "translations"
CATALOGUE = "agent_desktop"
#: The language the source strings are written in. Its catalogue holds only the plural forms
#: ("%n tool(s)" is "1 tool", "2 tools"), so it is installed like any other.
SOURCE_LANGUAGE = "en"
#: The setting's value for "whatever the system's locale says".
SYSTEM = "system"
#: Languages written right to left: the window mirrors for them.
RIGHT_TO_LEFT = frozenset({"ar", "fa", "he", "ur"})
#: A `lrelease` that takes longer than this is stuck (it compiles a file in milliseconds).
_COMPILE_TIMEOUT_SECONDS = 30


def shipped_languages(folder: Path = TRANSLATIONS_DIR) -> list[str]:
    """The languages with a catalogue source in `folder` ("ja", "zh_CN", ...), sorted."""
    prefix = f"{CATALOGUE}_"
    return sorted(path.stem.removeprefix(prefix) for path in folder.glob(f"{prefix}*.ts"))


def system_language(environment: dict[str, str] | None = None) -> str:
    """The locale the user's session asks for, as POSIX reads it (`LC_ALL` over `LC_MESSAGES`
    over `LANG`); Qt's idea of the system locale when none is set (Windows, macOS)."""
    environment = dict(os.environ) if environment is None else environment
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environment.get(variable, "")
        if value:
            # "ja_JP.UTF-8", "sr_RS@latin": the language and country are what a catalogue names.
            return value.split(".")[0].split("@")[0]
    return QLocale.system().name()


def best_language(wanted: str, available: Iterable[str]) -> str:
    """The catalogue for locale `wanted` ("zh_CN", "ja_JP", "de"): the exact one, else one of
    the same language ("ja" for "ja_JP", "zh_CN" for "zh_SG"), else the source language."""
    available = list(available)
    if wanted in available:
        return wanted
    language = wanted.split("_")[0]
    if language in available:
        return language
    same_language = [code for code in available if code.split("_")[0] == language]
    return same_language[0] if same_language else SOURCE_LANGUAGE


def compiled_catalogue(language: str, cache_dir: Path, source_dir: Path = TRANSLATIONS_DIR) -> Path:
    """The `.qm` file for `language`: the shipped one when it is as new as its source (or
    nothing here could compile it), else one compiled into `cache_dir` (again only when its
    source changed since)."""
    source = source_dir / f"{CATALOGUE}_{language}.ts"
    shipped = source.with_suffix(".qm")
    if shipped.exists() and (
        shipped.stat().st_mtime >= source.stat().st_mtime or not _lrelease().exists()
    ):
        return shipped  # a bundle's (which has no compiler: its copies keep no times)
    compiled = cache_dir / "translations" / shipped.name
    if compiled.exists() and compiled.stat().st_mtime >= source.stat().st_mtime:
        return compiled
    compiled.parent.mkdir(parents=True, exist_ok=True)
    # Only a checkout whose sources changed compiles: subprocess is not loaded at each start.
    import subprocess

    try:
        done = subprocess.run(
            [str(_lrelease()), "-silent", str(source), "-qm", str(compiled)],
            capture_output=True,
            text=True,
            timeout=_COMPILE_TIMEOUT_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired as error:
        raise RuntimeError(
            f"The translation {source} was not compiled: lrelease took over "
            f"{_COMPILE_TIMEOUT_SECONDS} s; the window stays in English. Start the app again."
        ) from error
    if done.returncode != 0 or not compiled.exists():
        raise RuntimeError(
            f"The translation {source} could not be compiled (lrelease: "
            f"{(done.stderr or done.stdout).strip()[:300] or done.returncode}); "
            "the window stays in English. Check the file's XML, or reinstall PySide6."
        )
    return compiled


def _lrelease() -> Path:
    """PySide6's `lrelease` (a bundle leaves it out)."""
    return Path(PySide6.__file__).parent / "lrelease"


class Catalogue:
    """What one language's `.ts` source says: per translated text, its context and source, and
    the templates with `{name}` fields to recognise formatted texts by."""

    def __init__(self, entries: list[tuple[str, str, str]]) -> None:
        self.source_of: dict[str, tuple[str, str]] = {}
        self.templates: list[tuple[re.Pattern[str], str, str]] = []
        for context, source, shown in entries:
            self.source_of.setdefault(shown, (context, source))
            if "{" in shown:
                pattern = _template_pattern(shown)
                if pattern is not None:
                    self.templates.append((pattern, context, source))
        # The most specific template first: "{label}: {tool_name}" also matches "Check 2 to 4
        # models: the message goes to each of them." and would keep its words, changing the colon.
        self.templates.sort(key=lambda template: -len(_FIELD.sub("", template[2])))

    @classmethod
    def read(cls, language: str, source_dir: Path = TRANSLATIONS_DIR) -> Catalogue:
        """The catalogue of `language`; the source language's is every marked string itself."""
        if language == SOURCE_LANGUAGE:
            # Another language's source lists every marked string with its context.
            others = [code for code in shipped_languages(source_dir) if code != SOURCE_LANGUAGE]
            entries = _entries(source_dir / f"{CATALOGUE}_{others[0]}.ts") if others else []
            return cls([(context, source, source) for context, source, _ in entries])
        return cls(_entries(source_dir / f"{CATALOGUE}_{language}.ts"))

    def retranslated(self, text: str, *, values_too: bool = False) -> str | None:
        """`text` in the language now installed, when it is a string of this catalogue (a
        formatted one keeps the values it was given, themselves retranslated with
        `values_too`); None for any other text."""
        if not text:
            return None
        found = self.source_of.get(text)
        if found is not None:
            return QCoreApplication.translate(found[0], found[1])
        for pattern, context, source in self.templates:
            match = pattern.fullmatch(text)
            if match is not None:
                template = QCoreApplication.translate(context, source)
                values = match.groupdict()
                if values_too:
                    values = {
                        name: self.retranslated(value, values_too=True) or value
                        for name, value in values.items()
                    }
                return template.format(**values)
        return None


@lru_cache(maxsize=1)
def marked_english() -> Catalogue:
    """Every marked string in English: to recognise what agent_app and agent_core write
    (`agent_desktop.toolkit.window_language`)."""
    return Catalogue.read(SOURCE_LANGUAGE)


def _entries(path: Path) -> list[tuple[str, str, str]]:
    """(context, source, translation) of each finished singular message in a `.ts` file."""
    # Read when a language is left or English texts are recognised, never for the first paint.
    from xml.etree import ElementTree

    entries = []
    for context in ElementTree.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            if message.get("numerus") == "yes":
                continue  # counts are written anew with their number
            translation = message.find("translation")
            source = message.findtext("source") or ""
            if translation is None or translation.get("type") in ("unfinished", "vanished"):
                continue
            entries.append((name, source, translation.text or source))
    return entries


_FIELD = re.compile(r"\{(\w+)\}")


def _template_pattern(template: str) -> re.Pattern[str] | None:
    """A pattern matching `template` formatted with any values, naming each field's group."""
    names = _FIELD.findall(template)
    if not names or len(set(names)) != len(names):
        return None  # a field used twice cannot be one named group
    parts = _FIELD.split(template)
    pattern = "".join(
        f"(?P<{part}>.+?)" if index % 2 else re.escape(part) for index, part in enumerate(parts)
    )
    return re.compile(pattern, re.DOTALL)


class Translations:
    """Installs the window's language on `qt_app`: our catalogue, Qt's own (standard buttons,
    text-field menus), the default locale and the layout direction. `cache_dir` holds the
    catalogues compiled on this machine from the sources in `source_dir`."""

    def __init__(
        self, qt_app: QCoreApplication, cache_dir: Path, source_dir: Path = TRANSLATIONS_DIR
    ) -> None:
        self.qt_app = qt_app
        self.cache_dir = cache_dir
        self.source_dir = source_dir
        self.language: str | None = None  # none installed yet
        self.translators: list[QTranslator] = []

    def use(self, preference: str) -> str:
        """Show the window in `preference` ("system", or a shipped language); returns the
        language used. Texts already shown are retranslated."""
        wanted = system_language() if preference in ("", SYSTEM) else preference
        language = best_language(wanted, shipped_languages(self.source_dir))
        if language == self.language:
            return language
        left = Catalogue.read(self.language, self.source_dir) if self.language else None
        for translator in self.translators:
            self.qt_app.removeTranslator(translator)
        self.translators = []
        self.language = language
        locale = QLocale(wanted if wanted.split("_")[0] == language.split("_")[0] else language)
        QLocale.setDefault(locale)
        if language in shipped_languages(self.source_dir):
            self._install(language)
        right_to_left = language.split("_")[0] in RIGHT_TO_LEFT
        if right_to_left or QGuiApplication.isRightToLeft():
            # Qt's enums are built on first use (~12 ms): not for a start left to right.
            QGuiApplication.setLayoutDirection(
                Qt.LayoutDirection.RightToLeft if right_to_left else Qt.LayoutDirection.LeftToRight
            )
        if left is not None:
            retranslate_widgets(left, QApplication.allWidgets())
        return language

    def _install(self, language: str) -> None:
        qt_own = QTranslator(self.qt_app)
        qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if qt_own.load(QLocale(language), "qtbase", "_", qt_folder):
            self.translators.append(qt_own)
        elif language != SOURCE_LANGUAGE:  # Qt's own words are English already
            log.info("Qt has no translation of its own for %s in %s", language, qt_folder)
        ours = QTranslator(self.qt_app)
        try:
            path = compiled_catalogue(language, self.cache_dir, self.source_dir)
        except (OSError, RuntimeError) as error:
            log.error("No %s translation: %s", language, error)
        else:
            if ours.load(str(path)):
                self.translators.append(ours)
            else:
                log.error(
                    "The translation %s could not be loaded; the window stays in English", path
                )
        for translator in self.translators:
            self.qt_app.installTranslator(translator)


def retranslate_widgets(left: Catalogue, widgets: Iterable[QWidget]) -> None:
    """Give each widget's texts that are strings of `left` (the catalogue of the language left)
    in the language now installed: titles, labels, buttons, tooltips, placeholders, accessible
    names, tabs, combo box items, list, tree and table rows and headers, and menu actions.
    Other texts (names, messages) stay."""
    # Here, not at the top: PySide builds each class on first use, and most of these are not
    # on the window's first paint (the tree and table widgets alone cost 3 ms of it).
    from PySide6.QtWidgets import (
        QAbstractButton,
        QComboBox,
        QGroupBox,
        QLabel,
        QLineEdit,
        QListWidget,
        QMenu,
        QPlainTextEdit,
        QTableWidget,
        QTabWidget,
        QTextEdit,
        QTreeWidget,
    )

    def renew(current: str, apply: Callable[[str], object]) -> None:
        new = left.retranslated(current)
        if new is not None and new != current:
            apply(new)

    for widget in widgets:
        renew(widget.windowTitle(), widget.setWindowTitle)
        renew(widget.toolTip(), widget.setToolTip)
        renew(widget.accessibleName(), widget.setAccessibleName)
        renew(widget.accessibleDescription(), widget.setAccessibleDescription)
        if isinstance(widget, QLabel | QAbstractButton):
            renew(widget.text(), widget.setText)
        if isinstance(widget, QLineEdit | QTextEdit | QPlainTextEdit):
            renew(widget.placeholderText(), widget.setPlaceholderText)
        if isinstance(widget, QGroupBox):
            renew(widget.title(), widget.setTitle)
        if isinstance(widget, QMenu):
            renew(widget.title(), widget.setTitle)
        if isinstance(widget, QTabWidget):
            for index in range(widget.count()):
                renew(widget.tabText(index), partial(widget.setTabText, index))
        if isinstance(widget, QComboBox):
            for index in range(widget.count()):
                renew(widget.itemText(index), partial(widget.setItemText, index))
        if isinstance(widget, QListWidget):
            for row in range(widget.count()):
                item = widget.item(row)
                renew(item.text(), item.setText)
                renew(item.toolTip(), item.setToolTip)
        if isinstance(widget, QTreeWidget):
            _retranslate_tree(renew, widget)
        if isinstance(widget, QTableWidget):
            cells = [widget.horizontalHeaderItem(column) for column in range(widget.columnCount())]
            cells += [widget.verticalHeaderItem(row) for row in range(widget.rowCount())]
            cells += [
                widget.item(row, column)
                for row in range(widget.rowCount())
                for column in range(widget.columnCount())
            ]
            for cell in cells:
                if cell is not None:
                    renew(cell.text(), cell.setText)
                    renew(cell.toolTip(), cell.setToolTip)
        for action in widget.actions():
            _retranslate_action(left, action)
        widget.update()


def _retranslate_tree(
    renew: Callable[[str, Callable[[str], object]], None], tree: QTreeWidget
) -> None:
    from PySide6.QtWidgets import QTreeWidgetItemIterator

    items: list[QTreeWidgetItem] = []
    header = tree.headerItem()
    if header is not None:
        items.append(header)
    walk = QTreeWidgetItemIterator(tree)
    while walk.value() is not None:
        items.append(walk.value())
        walk += 1
    for item in items:
        for column in range(item.columnCount()):
            renew(item.text(column), partial(item.setText, column))
            renew(item.toolTip(column), partial(item.setToolTip, column))


def _retranslate_action(left: Catalogue, action: QAction) -> None:
    # Without a tooltip of its own an action shows its text: that one follows the text.
    own_tooltip = action.toolTip() != action.text().replace("&", "")
    for current, write in (
        (action.text(), action.setText),
        (action.toolTip() if own_tooltip else "", action.setToolTip),
        (action.statusTip(), action.setStatusTip),
    ):
        new = left.retranslated(current)
        if new is not None and new != current:
            write(new)
