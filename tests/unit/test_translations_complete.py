"""Every string a person reads in the GUI goes through Qt's translation, and every shipped
language translates all of them (the CI check of the translations).

The first check reads `desktop/agent_desktop` as Python syntax: a string literal (or f-string)
handed straight to a call that puts words on screen (setText, setToolTip, QLabel(...),
addAction, QMessageBox...) is a string nobody can translate. A `tr()`/`translate()` around an
f-string is one too: `lupdate` cannot collect it. The second reads the `.ts` sources: each
must hold every marked string, finished (`pyside6-lupdate` is run on a copy of the sources).
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import typing
from pathlib import Path
from xml.etree import ElementTree

import pytest

from agent_app.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
GUI = ROOT / "desktop" / "agent_desktop"
TRANSLATIONS = ROOT / "resources" / "translations"
#: Where lupdate looks for marked strings: the GUI, and the layers below that mark words the
#: GUI shows (`agent_core.ui_text.QT_TRANSLATE_NOOP`).
MARKED_SOURCES = [ROOT / "desktop" / name for name in ("agent_desktop", "agent_app", "agent_core")]

#: Methods whose string arguments are shown as they are (argument positions; None: all).
SHOWN_ARGUMENTS: dict[str, tuple[int, ...] | None] = {
    "setText": (0,),
    "setPlainText": (0,),
    "drawText": None,
    "setToolTip": (0,),
    "setStatusTip": (0,),
    "setWhatsThis": (0,),
    "setWindowTitle": (0,),
    "setPlaceholderText": (0,),
    "setAccessibleName": (0,),
    "setAccessibleDescription": (0,),
    "setTitle": (0,),
    "setLabelText": (0,),
    "setInformativeText": (0,),
    "setDetailedText": (0,),
    "setHeaderLabels": (0,),
    "setHorizontalHeaderLabels": (0,),
    "setVerticalHeaderLabels": (0,),
    "setTabText": (1,),
    "addTab": (1,),
    "addItem": (0,),
    "addAction": (0, 1),
    "addMenu": (0, 1),
    "addButton": (0,),
    "addRow": (0,),
    "showMessage": (0,),
    "setSpecialValueText": (0,),
    "setNameFilter": (0,),
    "setNameFilters": (0,),
    "setSuffix": (0,),
    "setPrefix": (0,),
    "information": (1, 2),
    "warning": (1, 2),
    "critical": (1, 2),
    "question": (1, 2),
    "getText": (1, 2),
    "getOpenFileName": (1,),
    "getOpenFileNames": (1,),
    "getSaveFileName": (1,),
    "getExistingDirectory": (1,),
    # The settings pages' title and subtitle, and their notes.
    "heading": (0, 1),
    "note": (0,),
}
#: Widgets whose constructor's first argument (the second after an icon) is shown text.
SHOWN_BY_CONSTRUCTOR = {
    "QLabel",
    "QPushButton",
    "QToolButton",
    "QCheckBox",
    "QRadioButton",
    "QGroupBox",
    "QAction",
    "QMenu",
    "QCommandLinkButton",
    "QFileDialog",
    # Rows of lists, trees and tables (a tree row takes a list of its columns' texts).
    "QListWidgetItem",
    "QTreeWidgetItem",
    "QTableWidgetItem",
}
#: The calls lupdate collects strings from.
LUPDATE_NAMES = {"tr", "translate", "QT_TRANSLATE_NOOP", "QT_TR_NOOP"}
#: Text that is the same in every language: names and signs, not words.
NOT_WORDS = {"Agent Desktop", "MCP", "JSON", "URL", "ID", "OK"}


def shown_literal(node: ast.expr) -> str | None:
    """Why `node` is text nobody can translate, or None when it is fine."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value.strip()
        looks_like_an_address = " " not in text and ("://" in text or text[:1] in "/~.")
        if any(ch.isalpha() for ch in text) and text not in NOT_WORDS and not looks_like_an_address:
            return f"string {node.value!r} is not marked for translation"
    if isinstance(node, ast.JoinedStr):
        words = [
            part.value
            for part in node.values
            if isinstance(part, ast.Constant) and any(ch.isalpha() for ch in str(part.value))
        ]  # f"{name} — {state}" only arranges texts
        return (
            "f-string is shown untranslated (translate a template, then .format())"
            if words
            else None
        )
    if isinstance(node, ast.BinOp):
        return shown_literal(node.left) or shown_literal(node.right)
    if isinstance(node, ast.IfExp):  # "on" if enabled else "off"
        return shown_literal(node.body) or shown_literal(node.orelse)
    if isinstance(node, ast.List | ast.Tuple):
        for item in node.elts:
            found = shown_literal(item)
            if found:
                return found
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
    ):
        return shown_literal(node.func.value)
    return None


def called_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def problems_in(source: str, filename: str) -> list[str]:
    problems = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        name = called_name(node)
        # A wrapper (`_tr(text)`, `_translate(text)`) hides its literal from lupdate.
        wraps_translation = "translate" in name.lower() or name.strip("_").lower() == "tr"
        if name not in LUPDATE_NAMES and wraps_translation:
            if any(isinstance(argument, ast.Constant) for argument in node.args):
                problems.append(
                    f"{filename}:{node.lineno}: {name}() with a literal: lupdate collects only "
                    "tr(), translate() and QT_TRANSLATE_NOOP()"
                )
            continue
        if (
            name in ("translate", "QT_TRANSLATE_NOOP")
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and not isinstance(node.args[0], ast.Constant)
        ):
            problems.append(
                f"{filename}:{node.lineno}: {name}() with a named context: lupdate files the "
                "text only under a literal context"
            )
        if name == "translate" and len(node.args) > 3:
            problems.append(
                f"{filename}:{node.lineno}: translate() with a count: lupdate files it without "
                "plural forms; use ClassName.tr(text, '', count) with a QObject class"
            )
        owner = node.func.value if isinstance(node.func, ast.Attribute) else None
        if name == "tr" and not (
            isinstance(owner, ast.Name) and (owner.id == "self" or owner.id[:1].isupper())
        ):
            problems.append(
                f"{filename}:{node.lineno}: tr() on another object: lupdate files it under that "
                "expression, not its class; use self.tr() or ClassName.tr()"
            )
        if name in ("tr", "translate"):
            text_at = 0 if name == "tr" else 1
            if len(node.args) > text_at and isinstance(node.args[text_at], ast.JoinedStr):
                problems.append(
                    f"{filename}:{node.lineno}: {name}() around an f-string (lupdate misses it)"
                )
            continue
        if name in SHOWN_BY_CONSTRUCTOR:
            positions: tuple[int, ...] | None = (0, 1)
        elif name in SHOWN_ARGUMENTS:
            positions = SHOWN_ARGUMENTS[name]
        else:
            continue
        arguments = [
            argument
            for index, argument in enumerate(node.args)
            if positions is None or index in positions
        ]
        arguments += [keyword.value for keyword in node.keywords if keyword.arg == "text"]
        for argument in arguments:
            found = shown_literal(argument)
            if found:
                problems.append(f"{filename}:{node.lineno}: {name}(): {found}")
    return problems


def test_the_check_finds_unmarked_text_and_accepts_marked_text() -> None:
    unmarked = """
label = QLabel("Ready")
button.setToolTip(f"Open {name}")
menu.addAction("Delete")
box.setText("Saved at " + when)
QMessageBox.warning(parent, "Agent Desktop", "{n} failed".format(n=n))
self.tr(f"{count} chats")
_translate("Copy report")
QCoreApplication.translate("Menus", "%n chats", "", count)
self.widget.tr("Loading")
_tr("Running tasks")
state.setText("on" if enabled else "off")
QTreeWidgetItem([name, "Loaded"])
table.setHorizontalHeaderLabels(["Plugin", "Kind"])
heading("Plugins", subtitle)
QCoreApplication.translate(CONTEXT, "Open a link?")
"""
    marked = """
label = QLabel(self.tr("Ready"))
button.setToolTip(self.tr("Open {name}").format(name=name))
menu.addAction(QCoreApplication.translate("Menus", "Delete"))
box.setText(self.tr("%n chats", "", count))
box.setText(SessionList.tr("%n chats", "", count))
QMessageBox.warning(parent, "Agent Desktop", self.tr("Failed"))
status.setText("…")
status.setText(name)
QTreeWidgetItem([name, self.tr("Loaded")])
state.setText(self.tr("on") if enabled else self.tr("off"))
"""
    assert len(problems_in(unmarked, "unmarked.py")) == 15
    assert problems_in(marked, "marked.py") == []


def test_every_string_the_gui_shows_is_marked_for_translation() -> None:
    problems = []
    for path in sorted(GUI.rglob("*.py")):
        problems += problems_in(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert problems == [], "\n".join(problems)


#: Below the GUI: agent_app and agent_core write errors the window shows as they are.
BELOW_THE_GUI = [ROOT / "desktop" / "agent_app", ROOT / "desktop" / "agent_core"]
#: The exceptions whose message the window shows (the notice bar, the composer's attachment
#: problems, an import's report, the chat's error row). When the window starts showing another
#: exception's message, add its class here.
SHOWN_ERRORS = {
    "ArchiveError",
    "AssetError",
    "AssetInputError",
    "AssetMissingError",
    "AssetNotFoundError",
    "AssetTooLargeError",
    "ConfigError",
    "ConversationBusy",
    "ExportError",
    "MigrationError",
    "RemoteServerError",
    "SessionNotFoundError",
    "StoreConflictError",
    "StoreError",
    "StoreReadOnlyError",
    "StoreWriteError",
    "UnknownAgentError",
}
#: Modules whose `"message"` entries are read by programs, not people: the MCP App views'
#: JSON-RPC errors.
MESSAGES_FOR_PROGRAMS = {"desktop/agent_app/app_views.py"}


def unmarked_errors_in(source: str, filename: str) -> list[str]:
    """English the window would show untranslated: the message of a raised `SHOWN_ERRORS`
    exception, or an event's or error's `"message"` entry, written as a literal or an f-string
    rather than marked with `QT_TRANSLATE_NOOP` (then `.format()`)."""
    problems = []
    for node in ast.walk(ast.parse(source, filename)):
        messages: list[ast.expr] = []
        if (
            isinstance(node, ast.Raise)
            and isinstance(node.exc, ast.Call)
            and node.exc.args
            and called_name(node.exc) in SHOWN_ERRORS
        ):
            messages.append(node.exc.args[0])
        if isinstance(node, ast.Dict) and filename not in MESSAGES_FOR_PROGRAMS:
            messages += [
                value
                for key, value in zip(node.keys, node.values, strict=True)
                if isinstance(key, ast.Constant) and key.value == "message"
            ]
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "append"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id.endswith("notices")
        ):  # `notices.append(...)`: the notices a change or the start returns for the window
            messages += node.args
        for message in messages:
            found = shown_literal(message)
            if found:
                problems.append(
                    f"{filename}:{message.lineno}: {found}: mark it with "
                    'QT_TRANSLATE_NOOP("Errors", template).format(...) (agent_core.ui_text)'
                )
    return problems


def test_the_error_check_finds_english_errors_and_accepts_marked_ones() -> None:
    unmarked = """
raise AssetInputError(f"Cannot attach {source}: it is a folder, not a file.")
raise ExportError("Cannot import it.")
raise StoreError("Damaged: " + detail)
notice = {"type": "error", "message": f"Stopped after {rounds} rounds."}
raise ConfigError(f"{setting} refers to the keyring secret {name!r}, which is not stored.")
notices.append(f"Kept for this session only, not stored: {names}.")
"""
    marked = """
raise AssetInputError(
    QT_TRANSLATE_NOOP("Errors", "Cannot attach {source}: a folder.").format(source=source)
)
raise ExportError(BUSY_MESSAGE)
raise StoreError(str(error))
raise TypeError(f"expected a dict, not {kind}")  # a programming error, for developers
notice = {"type": "error", "message": QT_TRANSLATE_NOOP("Errors", "Stopped.")}
notice = {"type": "error", "message": f"{kind}: {error}"}  # only arranges texts
notices.append(f"{error} {advice}")
"""
    assert len(unmarked_errors_in(unmarked, "unmarked.py")) == 6
    assert unmarked_errors_in(marked, "marked.py") == []


def test_every_error_written_below_the_gui_for_the_window_is_marked_for_translation() -> None:
    problems = []
    for folder in BELOW_THE_GUI:
        for path in sorted(folder.rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            problems += unmarked_errors_in(path.read_text(encoding="utf-8"), name)
    assert problems == [], "\n".join(problems)


def shipped_languages() -> list[str]:
    return sorted(path.stem.removeprefix("agent_desktop_") for path in TRANSLATIONS.glob("*.ts"))


def test_the_language_setting_offers_exactly_the_shipped_languages() -> None:
    offered = typing.get_args(Settings.model_fields["language"].annotation)
    assert sorted(set(offered) - {"system"}) == shipped_languages()


def _unfinished(ts_file: Path) -> list[str]:
    missing = []
    for context in ElementTree.parse(ts_file).getroot().iter("context"):
        for message in context.iter("message"):
            translation = message.find("translation")
            forms = [] if translation is None else list(translation.iter("numerusform"))
            texts = [form.text for form in forms] if forms else [getattr(translation, "text", "")]
            if (
                translation is None
                or translation.get("type") in ("unfinished", "vanished", "obsolete")
                or not all(text and text.strip() for text in texts)
            ):
                missing.append(f"{context.findtext('name')}: {message.findtext('source')!r}")
    return missing


@pytest.mark.parametrize("language", shipped_languages())
def test_each_language_translates_every_marked_string(language: str, tmp_path: Path) -> None:
    """lupdate, run on a copy of the source, adds what the code marks and the `.ts` lacks
    (unfinished) and flags what it no longer marks (vanished): both fail here."""
    source = TRANSLATIONS / f"agent_desktop_{language}.ts"
    updated = tmp_path / source.name
    shutil.copy(source, updated)
    lupdate = Path(sys.executable).parent / "pyside6-lupdate"
    # English is the source language: its catalogue holds only the plural forms.
    only_plurals = ["-pluralonly"] if language == "en" else []
    subprocess.run(
        [
            str(lupdate),
            "-silent",
            "-extensions",
            "py",
            "-locations",
            "none",
            *only_plurals,
            *map(str, MARKED_SOURCES),
            "-ts",
            str(updated),
        ],
        check=True,
        timeout=300,
    )
    missing = _unfinished(updated)
    assert missing == [], (
        f"{len(missing)} strings are missing or unfinished in {source.name} (update it with "
        f"pyside6-lupdate, see resources/translations/README.md): " + "; ".join(missing[:40])
    )


#: A key combination or key name written in Latin letters ("Ctrl+Enter", "Shift+Enter", "Enter").
KEY_NAMES = re.compile(r"(?:(?:Ctrl|Shift|Alt|Meta)\+)+[A-Za-z0-9]+|\bEnter\b")
LEFT_TO_RIGHT_ISOLATE, POP_ISOLATE = "\u2066", "\u2069"


def test_key_names_in_right_to_left_translations_read_left_to_right() -> None:
    """In Arabic "Shift+Enter" beside Arabic words read "Enter+Shift" or glued to "و": each key
    name sits in a left-to-right isolate (U+2066 … U+2069)."""
    loose = []
    for context in (
        ElementTree.parse(TRANSLATIONS / "agent_desktop_ar.ts").getroot().iter("context")
    ):
        for message in context.iter("message"):
            text = message.findtext("translation") or ""
            for match in KEY_NAMES.finditer(text):
                before, after = text[: match.start()], text[match.end() :]
                if not (before.endswith(LEFT_TO_RIGHT_ISOLATE) and after.startswith(POP_ISOLATE)):
                    loose.append(f"{message.findtext('source')!r}: {text!r}")
    assert loose == [], "\n".join(loose)
