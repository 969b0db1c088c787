"""Forms built from plugin UI elements: one widget per field kind, validation beside the field.

Plugins describe settings and action inputs as plain dicts (`get_ui_elements` config elements,
`get_config_schema` entries, `dialog.inputs`, an action's `inputs` map). `build_form` turns such a
list into a `FormWidget`. Elements it cannot understand never stop the form from opening: an
unknown `type` becomes a text field with a visible note, a malformed element is skipped and listed
in `FormWidget.problems` so the caller can report it.

Secrets never reach the returned values: a password field yields a `${keyring:<name>}` reference
and keeps the typed text until `apply_secrets()` writes it to the `SecretStore`.
"""

from __future__ import annotations

import json
import math
import re
import shlex
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QKeySequenceEdit,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from agent_app.secrets import NO_KEYRING_CHOICES
from agent_app.settings_facts import looks_secret
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_core.secret_names import is_secret_name
from agent_desktop.toolkit.theme import current_palette
from agent_desktop.toolkit.window_language import in_window_language

KEYRING_REFERENCE = re.compile(r"^\$\{keyring:(?P<name>[^}]+)\}$")
ENV_REFERENCE = re.compile(r"^\$\{env:[A-Za-z_][A-Za-z0-9_]*\}$")

# Spellings seen in plugins and JSON-schema entries, mapped to the field kinds this module draws.
KIND_ALIASES: dict[str, str] = {
    "checkbox": "checkbox",
    "boolean": "checkbox",
    "bool": "checkbox",
    "toggle": "checkbox",
    "switch": "checkbox",
    "text": "text",
    "string": "text",
    "str": "text",
    "textarea": "textarea",
    "multiline": "textarea",
    "number": "number",
    "float": "number",
    "integer": "integer",
    "int": "integer",
    "slider": "slider",
    "range": "slider",
    "select": "select",
    "choice": "select",
    "dropdown": "select",
    "enum": "select",
    "radio": "select",
    "multi-select": "multiselect",
    "multiselect": "multiselect",
    "multi_select": "multiselect",
    "password": "secret",
    "secret": "secret",
    "path": "path",
    "file": "path",
    "folder": "path",
    "directory": "path",
    "model": "model",
    "object": "json",
    "array": "json",
    "json": "json",
    "lines": "lines",
    "shortcut": "shortcut",
    "keysequence": "shortcut",
    "words": "words",
    "keyvalue": "keyvalue",
    "key-value": "keyvalue",
    "records": "records",
    "action": "action",
}

UNSET_TEXT = QT_TRANSLATE_NOOP("Forms", "(not set)")
SAME_NOTE = QT_TRANSLATE_NOOP("Forms", "See the note above.")
# A model id is not short ("meta-llama/Llama-3.3-70B-Instruct-Turbo"): its field takes the row.
COMPACT_KINDS = frozenset({"number", "integer", "select", "slider"})
COMPACT_WIDTH = 200
#: Longer captions wrap, so the fields keep their room in a narrow window.
CAPTION_WIDTH = 160
SPIN_HEIGHT = 30
MIN_LIST_WIDTH = 120
INT_LIMIT = 2**31 - 2


class PluginActions(Protocol):
    """Runs an action of the plugin that owns a `records` or `action` field (on the
    application's workers) and calls `done` with its result dict on the GUI thread."""

    def run(
        self, action_id: str, params: dict[str, Any], done: Callable[[dict[str, Any]], None]
    ) -> None: ...


class SecretStoreLike(Protocol):
    """What a form asks about secrets: a `SecretStore`, or (in the settings dialog) a
    `KeyringGlance` that answers from memory."""

    @property
    def available(self) -> bool: ...

    @property
    def problem(self) -> str | None: ...

    def has(self, name: str) -> bool: ...

    def session_only(self, name: str) -> bool: ...


class SecretWriter(SecretStoreLike, Protocol):
    def set(self, name: str, value: str) -> None: ...

    def delete(self, name: str) -> None: ...


class MalformedElement(ValueError):
    """An element that cannot be drawn; the message says what is wrong with it."""


@dataclass
class FieldSpec:
    """A UI element normalized into what the form needs to draw and check one field."""

    key: str
    kind: str
    label: str
    description: str = ""
    default: Any = None
    required: bool = False
    options: list[tuple[Any, str]] = field(default_factory=list)
    minimum: float | None = None
    maximum: float | None = None
    step: float | None = None
    placeholder: str = ""
    path_mode: str = "file"
    secret_name: str = ""
    declared_type: str = ""
    note: str = ""
    unavailable: str = ""
    """Why the field cannot be used here (the platform lacks what it needs): shown, disabled."""
    element: Mapping[str, Any] = field(default_factory=dict)
    """The element as declared, for kinds that read more than the keys above (`records`,
    `action`)."""


# --------------------------------------------------------------------------- element parsing


def _number_or_none(element: Mapping[str, Any], *names: str) -> float | None:
    for name in names:
        if name in element and element[name] is not None:
            value = element[name]
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise MalformedElement(f"'{name}' must be a number, got {value!r}")
            return float(value)
    return None


def _options(element: Mapping[str, Any]) -> list[tuple[Any, str]]:
    raw = element.get("options")
    if raw is None:
        raw = element.get("enum")
    if raw is None and isinstance(element.get("items"), Mapping):
        raw = element["items"].get("enum")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise MalformedElement(f"'options' must be a list, got {type(raw).__name__}")
    options: list[tuple[Any, str]] = []
    for option in raw:
        if isinstance(option, Mapping):
            if "value" not in option:
                raise MalformedElement(f"option {dict(option)!r} has no 'value'")
            options.append((option["value"], str(option.get("label", option["value"]))))
        elif isinstance(option, str | int | float | bool):
            options.append((option, str(option)))
        else:
            raise MalformedElement(f"option {option!r} is neither a value nor {{value, label}}")
    return options


def _humanize(key: str) -> str:
    words = re.sub(r"[._-]+", " ", key.rsplit(".", 1)[-1]).strip()
    return words[:1].upper() + words[1:] if words else key


def parse_element(element: Any, *, secret_namespace: str = "") -> FieldSpec:
    """Normalize one UI element (config element, dialog input or schema entry) into a FieldSpec.

    Raises MalformedElement when the element cannot be drawn at all.
    """
    if not isinstance(element, Mapping):
        raise MalformedElement(f"an element must be an object, got {type(element).__name__}")
    key = element.get("key", element.get("name"))
    if not isinstance(key, str) or not key.strip():
        raise MalformedElement("it has no 'key' (or 'name') string")
    declared = element.get("type")
    if declared is not None and not isinstance(declared, str):
        raise MalformedElement(f"'type' must be a string, got {declared!r}")
    declared = (declared or "").strip().lower()
    options = _options(element)
    note = ""
    if declared in KIND_ALIASES:
        kind = KIND_ALIASES[declared]
    elif not declared:
        kind = "select" if options else "text"
    else:
        kind = "text"
        note = f"Unknown field type '{declared}': edited as plain text."
    if kind == "json" and options:
        # A JSON-schema array of enum items is a multi-select.
        kind = "multiselect" if declared == "array" else "select"
    items = element.get("items")
    if kind == "json" and isinstance(items, Mapping) and items.get("type") == "string":
        kind = "lines"  # a list of strings has a schema: one per line, no JSON to type
    values = element.get("additionalProperties")
    if kind == "json" and isinstance(values, Mapping) and values.get("type") == "string":
        kind = "keyvalue"  # a map of strings (environment, headers): a table of names and values
    if kind == "text" and options and not note:
        kind = "select"
    if kind == "text" and looks_secret(element, key):
        kind = "secret"
    if kind in {"select", "multiselect"} and not options:
        raise MalformedElement(f"a {declared or kind} field needs a non-empty 'options' list")
    if declared in {"folder", "directory"}:
        path_mode = "folder"
    else:
        path_mode = str(element.get("mode", element.get("path_type", "file"))).lower()
        path_mode = "folder" if path_mode in {"folder", "directory", "dir"} else "file"
    minimum = _number_or_none(element, "min", "minimum")
    maximum = _number_or_none(element, "max", "maximum")
    step = _number_or_none(element, "step", "multipleOf")
    if minimum is not None and maximum is not None and minimum > maximum:
        raise MalformedElement(f"'min' ({minimum:g}) is greater than 'max' ({maximum:g})")
    if step is not None and step <= 0:
        raise MalformedElement(f"'step' must be positive, got {step:g}")
    label = element.get("label") or element.get("title") or _humanize(key)
    secret_name = str(element.get("secret_name") or "")
    if kind in ("secret", "keyvalue") and not secret_name:
        secret_name = f"{secret_namespace}.{key}" if secret_namespace else key
    return FieldSpec(
        key=key,
        kind=kind,
        label=str(label),
        description=str(element.get("description") or element.get("help") or ""),
        default=element.get("default"),
        required=bool(element.get("required", False)),
        options=options,
        minimum=minimum,
        maximum=maximum,
        step=step,
        placeholder=str(element.get("placeholder") or ""),
        path_mode=path_mode,
        secret_name=secret_name,
        declared_type=declared,
        note=str(element.get("unavailable") or note),
        unavailable=str(element.get("unavailable") or ""),
        element=dict(element) if kind in ("records", "action") else {},
    )


def describe_element(element: Any) -> str:
    """A short name for an element in problem reports."""
    if isinstance(element, Mapping):
        for name in ("label", "key", "name", "id"):
            if isinstance(element.get(name), str):
                return repr(element[name])
    return repr(element)[:60]


def merge_config_elements(ui_elements: Iterable[Any], schema_entries: Iterable[Any]) -> list[Any]:
    """Merge a plugin's `config` UI elements with its `get_config_schema` entries.

    UI elements decide presentation and order; schema entries fill in what an element leaves out
    (type, default, description) and add fields for keys no element mentions. Non-dict items pass
    through unchanged so the form reports them as malformed.
    """
    schema_by_key: dict[str, dict[str, Any]] = {}
    for entry in schema_entries:
        if isinstance(entry, Mapping) and isinstance(entry.get("key"), str):
            schema_by_key.setdefault(entry["key"], dict(entry))
    merged: list[Any] = []
    seen: set[str] = set()
    for element in ui_elements:
        key = element.get("key", element.get("name")) if isinstance(element, Mapping) else None
        if isinstance(key, str) and key in seen:
            continue
        if isinstance(key, str) and key in schema_by_key:
            schema = schema_by_key[key]
            element = {
                **{
                    name: schema[name]
                    for name in ("type", "default", "description", "enum")
                    if name in schema
                },
                **element,
            }
        if isinstance(key, str):
            seen.add(key)
        merged.append(element)
    for key, entry in schema_by_key.items():
        if key not in seen:
            merged.append({name: value for name, value in entry.items() if name != "plugin"})
    return merged


# --------------------------------------------------------------------------- field widgets


class _WheelScrollsPast(QObject):
    """Lets the mouse wheel scroll the page past a number, slider or list field it passes over.

    Qt's spin boxes, sliders and combo boxes take wheel turns as edits even without focus:
    scrolling a long settings page over "Temperature" changed it. They now take the wheel only
    once clicked or tabbed into; otherwise the turn goes on to the page's scroll area.
    """

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.Wheel or not isinstance(watched, QWidget):
            return False
        if watched.hasFocus():
            return False
        page = watched.parentWidget()
        while page is not None and not isinstance(page, QAbstractScrollArea):
            page = page.parentWidget()
        if page is None:
            event.ignore()
        else:  # handed over, not left to propagate: Qt propagates only wheel events it made
            QApplication.sendEvent(page.verticalScrollBar(), event)
        return True


_WHEEL_SCROLLS_PAST = _WheelScrollsPast()


def takes_wheel_only_when_focused(widget: QWidget) -> None:
    """See `_WheelScrollsPast`; wheel focus is dropped too, so a turn does not focus it."""
    widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    widget.installEventFilter(_WHEEL_SCROLLS_PAST)


class _Field:
    """One editable field: the input widget plus value access and checking."""

    def __init__(self, spec: FieldSpec) -> None:
        self.spec = spec
        self.widget: QWidget = QWidget()

    def value(self) -> Any:
        """The typed value, or None when the field is not set."""
        raise NotImplementedError

    def set_value(self, value: Any) -> None:
        raise NotImplementedError

    def problem(self) -> str | None:
        """What is wrong with the current input, beyond 'required but empty'."""
        return None

    def is_empty(self) -> bool:
        return self.value() in (None, "", [], {})

    def pending_secrets(self) -> dict[str, str | None]:
        """{keyring name: new secret, or None to delete} this field wants written."""
        return {}


class _CheckboxField(_Field):
    def __init__(self, spec: FieldSpec) -> None:
        super().__init__(spec)
        self.box = QCheckBox()
        self.widget = self.box

    def value(self) -> Any:
        return self.box.isChecked()

    def set_value(self, value: Any) -> None:
        self.box.setChecked(bool(value))

    def is_empty(self) -> bool:
        return False


class _TextField(_Field):
    def __init__(self, spec: FieldSpec) -> None:
        super().__init__(spec)
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(spec.placeholder)
        self.widget = self.edit

    def value(self) -> Any:
        text = self.edit.text()
        return text if text else None

    def set_value(self, value: Any) -> None:
        self.edit.setText("" if value is None else str(value))


class _TextAreaField(_Field):
    def __init__(self, spec: FieldSpec) -> None:
        super().__init__(spec)
        self.edit = QPlainTextEdit()
        self.edit.setPlaceholderText(spec.placeholder)
        self.edit.setTabChangesFocus(True)
        line = self.edit.fontMetrics().lineSpacing()
        self.edit.setFixedHeight(line * 5 + 12)
        self.widget = self.edit

    def value(self) -> Any:
        text = self.edit.toPlainText()
        return text if text else None

    def set_value(self, value: Any) -> None:
        self.edit.setPlainText("" if value is None else str(value))


class _JsonField(_TextAreaField):
    """Objects and arrays from a config schema, edited as JSON text."""

    def __init__(self, spec: FieldSpec) -> None:
        super().__init__(spec)
        if not spec.placeholder:
            self.edit.setPlaceholderText("{ }" if spec.declared_type == "object" else "[ ]")

    def value(self) -> Any:
        text = self.edit.toPlainText().strip()
        if not text:
            return None
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return text

    def set_value(self, value: Any) -> None:
        self.edit.setPlainText("" if value is None else json.dumps(value, indent=2))

    def problem(self) -> str | None:
        text = self.edit.toPlainText().strip()
        if not text:
            return None
        try:
            parsed = json.loads(text)
        except json.JSONDecodeError as error:
            return QCoreApplication.translate(
                "Forms", "Not valid JSON (line {line}, column {column}): {error}."
            ).format(line=error.lineno, column=error.colno, error=error.msg)
        expected = {"object": dict, "array": list}.get(self.spec.declared_type)
        if expected is not None and not isinstance(parsed, expected):
            return (
                QCoreApplication.translate("Forms", "Enter a JSON object.")
                if expected is dict
                else QCoreApplication.translate("Forms", "Enter a JSON array.")
            )
        return None


class _LinesField(_TextAreaField):
    """A list of strings, one per line (blank lines and surrounding spaces dropped)."""

    def value(self) -> Any:
        lines = [line.strip() for line in self.edit.toPlainText().splitlines()]
        return [line for line in lines if line] or None

    def set_value(self, value: Any) -> None:
        items = value if isinstance(value, list | tuple) else []
        self.edit.setPlainText("\n".join(str(item) for item in items))


class _WordsField(_TextField):
    """A list of words typed on one line, split as a shell would (quote a word with spaces)."""

    def value(self) -> Any:
        text = self.edit.text().strip()
        if not text:
            return None
        try:
            return shlex.split(text)
        except ValueError:
            return text  # `problem` says why it cannot be split

    def set_value(self, value: Any) -> None:
        items = value if isinstance(value, list | tuple) else []
        self.edit.setText(shlex.join(str(item) for item in items))

    def problem(self) -> str | None:
        try:
            shlex.split(self.edit.text())
        except ValueError as error:
            return QCoreApplication.translate(
                "Forms", "This cannot be split into words: {error}. Close the quote."
            ).format(error=error)
        return None


class _NumberField(_Field):
    """Integer and decimal input. An optional field without a default can be left unset."""

    def __init__(self, spec: FieldSpec) -> None:
        super().__init__(spec)
        self.integer = spec.kind == "integer"
        self.can_unset = not spec.required and spec.default is None
        step = spec.step or 1.0
        low = spec.minimum if spec.minimum is not None else -INT_LIMIT
        high = spec.maximum if spec.maximum is not None else INT_LIMIT
        self.sentinel: float | None = low - step if self.can_unset else None
        bottom = self.sentinel if self.sentinel is not None else low
        self.spin: QSpinBox | QDoubleSpinBox
        if self.integer:
            self.spin = QSpinBox()
            self.spin.setRange(int(bottom), int(high))
            self.spin.setSingleStep(max(1, int(step)))
        else:
            self.spin = QDoubleSpinBox()
            decimals = 2 if spec.step is None else max(0, min(8, -math.floor(math.log10(step))))
            self.spin.setDecimals(max(decimals, 2) if spec.step is None else decimals)
            self.spin.setRange(bottom, high)
            self.spin.setSingleStep(step)
        if self.can_unset:
            self.spin.setSpecialValueText(QCoreApplication.translate("Forms", UNSET_TEXT))
        self.spin.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToNearestValue)
        self.spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.spin.setMinimumHeight(SPIN_HEIGHT)  # as tall as the themed line edits
        takes_wheel_only_when_focused(self.spin)
        self.widget = self.spin
        self.set_value(None)

    def value(self) -> Any:
        raw = self.spin.value()
        if self.can_unset and raw == self.spin.minimum():
            return None
        return int(raw) if self.integer else float(raw)

    def set_value(self, value: Any) -> None:
        if value is None or isinstance(value, bool):
            self._set_spin(self.spin.minimum())
            return
        try:
            number = float(value)
        except (TypeError, ValueError):
            self._set_spin(self.spin.minimum())
            return
        self._set_spin(number)

    def _set_spin(self, number: float) -> None:
        if isinstance(self.spin, QSpinBox):
            self.spin.setValue(int(number))
        else:
            self.spin.setValue(number)


class _SliderField(_Field):
    def __init__(self, spec: FieldSpec) -> None:
        super().__init__(spec)
        self.low = spec.minimum if spec.minimum is not None else 0.0
        self.high = spec.maximum if spec.maximum is not None else 100.0
        self.step = spec.step or 1.0
        self.integer = float(self.step).is_integer() and float(self.low).is_integer()
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, round((self.high - self.low) / self.step))
        self.slider.setMinimumWidth(240)
        takes_wheel_only_when_focused(self.slider)
        self.readout = QLabel()
        self.readout.setMinimumWidth(48)
        self.readout.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.slider.valueChanged.connect(self._show_value)
        container = QWidget()
        row = QHBoxLayout(container)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.slider, 1)
        row.addWidget(self.readout)
        self.widget = container
        self.set_value(spec.default)
        self._show_value()

    def value(self) -> Any:
        number = self.low + self.slider.value() * self.step
        return round(number) if self.integer else round(number, 10)

    def set_value(self, value: Any) -> None:
        try:
            number = float(value) if value is not None else self.low
        except (TypeError, ValueError):
            number = self.low
        self.slider.setValue(round((min(max(number, self.low), self.high) - self.low) / self.step))

    def _show_value(self) -> None:
        value = self.value()
        self.readout.setText(str(value) if self.integer else f"{value:g}")


class _SelectField(_Field):
    def __init__(self, spec: FieldSpec) -> None:
        super().__init__(spec)
        self.combo = QComboBox()
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        takes_wheel_only_when_focused(self.combo)
        self.can_unset = not spec.required and spec.default is None
        if self.can_unset:
            self.combo.addItem(QCoreApplication.translate("Forms", UNSET_TEXT), None)
        for value, label in spec.options:
            self.combo.addItem(label, value)
        self.widget = self.combo

    def value(self) -> Any:
        return self.combo.currentData()

    def set_value(self, value: Any) -> None:
        for index in range(self.combo.count()):
            if self.combo.itemData(index) == value:
                self.combo.setCurrentIndex(index)
                return
        if value is not None:
            # A stored value the plugin no longer offers stays visible instead of being dropped.
            self.combo.addItem(
                QCoreApplication.translate("_SelectField", "{value} (not offered)").format(
                    value=value
                ),
                value,
            )
            self.combo.setCurrentIndex(self.combo.count() - 1)


class _CheckList(QListWidget):
    """A list as tall as its options (up to a few rows), measured once styles are applied."""

    MAX_ROWS = 6

    def sizeHint(self) -> QSize:
        rows = min(self.count(), self.MAX_ROWS)
        row_height = (self.sizeHintForRow(0) if self.count() else 20) + 2 * self.spacing()
        return QSize(super().sizeHint().width(), rows * row_height + 2 * self.frameWidth() + 6)

    def minimumSizeHint(self) -> QSize:
        # As tall as its rows, but free to narrow: a list's natural width (256) would push a
        # narrow page's fields out of sight.
        return QSize(MIN_LIST_WIDTH, self.sizeHint().height())


class _MultiSelectField(_Field):
    def __init__(self, spec: FieldSpec) -> None:
        super().__init__(spec)
        self.list = _CheckList()
        self.list.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        for value, label in spec.options:
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, value)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.list.addItem(item)
        self.list.setSpacing(1)
        self.widget = self.list

    def _items(self) -> list[QListWidgetItem]:
        return [self.list.item(index) for index in range(self.list.count())]

    def value(self) -> Any:
        return [
            item.data(Qt.ItemDataRole.UserRole)
            for item in self._items()
            if item.checkState() == Qt.CheckState.Checked
        ]

    def set_value(self, value: Any) -> None:
        chosen = list(value) if isinstance(value, list | tuple) else []
        for item in self._items():
            checked = item.data(Qt.ItemDataRole.UserRole) in chosen
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)


class _SecretField(_Field):
    """A masked field. The form's value is a keyring reference; the text goes to the keyring.

    `${env:VAR}` references are accepted as-is: they are not secrets themselves.
    """

    def __init__(self, spec: FieldSpec, secrets: SecretStoreLike | None) -> None:
        super().__init__(spec)
        self.secrets = secrets
        if secrets is not None and not secrets.available:
            # Said where the key is typed, before anything is saved: what happens to it and
            # what else the user can do.
            headline = getattr(secrets, "headline", None) or secrets.problem
            spec.note = (
                (
                    in_window_language(headline)
                    if headline
                    else QCoreApplication.translate("Forms", "No system keyring is available.")
                )
                + " "
                + QCoreApplication.translate("Secrets", NO_KEYRING_CHOICES)
            )
        self.secret_name = spec.secret_name
        self.stored = False
        self.removed = False
        self.edit = QLineEdit()
        self.edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.edit.setPlaceholderText(
            spec.placeholder or QCoreApplication.translate("Forms", "Not set")
        )
        self.edit.textChanged.connect(self._mask_unless_reference)
        self.clear_button = QPushButton(QCoreApplication.translate("_SecretField", "Remove"))
        self.clear_button.setToolTip(
            QCoreApplication.translate(
                "_SecretField", "Remove the stored secret from the system keyring"
            )
        )
        self.clear_button.clicked.connect(self._remove)
        container = QWidget()
        row = QHBoxLayout(container)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.edit, 1)
        row.addWidget(self.clear_button)
        self.widget = container

    def set_value(self, value: Any) -> None:
        self.edit.clear()
        self.removed = False
        text = "" if value is None else str(value)
        match = KEYRING_REFERENCE.match(text)
        if match:
            self.secret_name = match.group("name")
            self.stored = self.secrets is not None and self.secrets.has(self.secret_name)
        elif ENV_REFERENCE.match(text):
            self.edit.setText(text)
        elif text:
            # A plain secret found in the config: it moves to the keyring on the next save.
            self.edit.setText(text)
        self._refresh()

    def _mask_unless_reference(self, text: str) -> None:
        """`${env:VAR}` names where the key is, it is no secret: shown, so typos can be seen."""
        reference = text.lstrip().startswith("${")
        self.edit.setEchoMode(
            QLineEdit.EchoMode.Normal if reference else QLineEdit.EchoMode.Password
        )

    def _remove(self) -> None:
        self.edit.clear()
        self.removed = True
        self.stored = False
        self._refresh()

    def _refresh(self) -> None:
        # Short enough to show whole beside Remove at the Settings dialog's first size.
        if self.stored and self.secrets is not None and self.secrets.session_only(self.secret_name):
            self.edit.setPlaceholderText(
                QCoreApplication.translate("_SecretField", "•••• kept for this session only")
            )
        elif self.stored:
            self.edit.setPlaceholderText(
                QCoreApplication.translate("_SecretField", "•••• stored in the system keyring")
            )
        else:
            self.edit.setPlaceholderText(
                self.spec.placeholder or QCoreApplication.translate("Forms", "Not set")
            )
        self.edit.setToolTip(
            QCoreApplication.translate("Forms", "Type a new key to replace the stored one")
            if self.stored
            else ""
        )
        self.clear_button.setEnabled(self.stored or bool(self.edit.text()))

    def typed_text(self) -> str:
        return self.edit.text()

    def value(self) -> Any:
        text = self.edit.text()
        if ENV_REFERENCE.match(text):
            return text
        if text or self.stored:
            return f"${{keyring:{self.secret_name}}}"
        return None

    def problem(self) -> str | None:
        text = self.edit.text()
        if text and not ENV_REFERENCE.match(text) and self.secrets is None:
            return QCoreApplication.translate(
                "Forms", "Secrets cannot be stored here: no keyring is connected to this form."
            )
        return None

    def pending_secrets(self) -> dict[str, str | None]:
        text = self.edit.text()
        if text and not ENV_REFERENCE.match(text):
            return {self.secret_name: text}
        if self.removed:
            return {self.secret_name: None}
        return {}


class _KeyValueRow(QWidget):
    """One name = value pair of a `_KeyValueField`, with its Secret tick and a remove button."""

    def __init__(self, field_: _KeyValueField) -> None:
        super().__init__()
        self.stored_name = ""  # the keyring name of a secret value already stored
        self.name = QLineEdit()
        self.name.setPlaceholderText(self.tr("NAME"))
        self.name.setAccessibleName(self.tr("{label} name").format(label=field_.spec.label))
        self.value = QLineEdit()
        self.value.setAccessibleName(self.tr("{label} value").format(label=field_.spec.label))
        self.secret = QCheckBox(self.tr("Secret"))
        self.secret.setToolTip(
            self.tr("Keep the value in the system keyring, not in the config file")
        )
        self.secret.toggled.connect(self._show_masked)
        # A name typed like a credential ticks Secret, until the user ticks it themselves.
        self.secret_chosen = False
        self.secret.clicked.connect(self._chosen)
        self.name.textChanged.connect(self._name_typed)
        self.remove = QPushButton("✕")
        self.remove.setAccessibleName(
            self.tr("Remove from {label}").format(label=field_.spec.label)
        )
        self.remove.setFixedWidth(32)
        self.remove.clicked.connect(lambda: field_.remove_row(self))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.name, 1)
        row.addWidget(self.value, 1)
        row.addWidget(self.secret)
        row.addWidget(self.remove)
        for signal in (self.name.textChanged, self.value.textChanged, self.secret.toggled):
            signal.connect(field_.edited)
        self._show_masked(False)

    def _chosen(self) -> None:
        self.secret_chosen = True

    def _name_typed(self, name: str) -> None:
        if not self.secret_chosen and not self.stored_name:
            self.secret.setChecked(is_secret_name(name))

    def _show_masked(self, secret: bool) -> None:
        mode = QLineEdit.EchoMode.Password if secret else QLineEdit.EchoMode.Normal
        self.value.setEchoMode(mode)
        if secret and self.stored_name:
            self.value.setPlaceholderText(self.tr("•••••••• stored (type to replace)"))
        else:
            self.value.setPlaceholderText(self.tr("value, or ${env:VARIABLE}"))


class _KeyValueField(_Field):
    """A map of strings (an MCP server's environment or HTTP headers) as rows of name and value.

    A value ticked Secret goes to the keyring as `<secret name>.<NAME>`; the map then holds its
    `${keyring:…}` reference. Names that look like credentials (TOKEN, API_KEY…) start ticked.
    """

    def __init__(self, spec: FieldSpec, secrets: SecretStoreLike | None) -> None:
        super().__init__(spec)
        self.secrets = secrets
        if secrets is not None and not secrets.available:
            headline = getattr(secrets, "headline", None) or secrets.problem
            spec.note = (
                QCoreApplication.translate("Forms", "For values ticked Secret: {problem}").format(
                    problem=headline
                    or QCoreApplication.translate("Forms", "No system keyring is available.")
                )
                + " "
                + QCoreApplication.translate("Secrets", NO_KEYRING_CHOICES)
            )
        self.rows: list[_KeyValueRow] = []
        self.dropped_secrets: set[str] = set()
        self.on_edit: Callable[..., None] | None = None
        container = QWidget()
        self.rows_layout = QVBoxLayout(container)
        self.rows_layout.setContentsMargins(0, 0, 0, 0)
        self.rows_layout.setSpacing(4)
        self.add_button = QPushButton(QCoreApplication.translate("_KeyValueField", "Add"))
        self.add_button.setAccessibleName(
            QCoreApplication.translate("_KeyValueField", "Add to {label}").format(label=spec.label)
        )
        self.add_button.clicked.connect(lambda: self.add_row())
        self.rows_layout.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.widget = container

    def edited(self, *_args: Any) -> None:
        if self.on_edit is not None:
            self.on_edit()

    def add_row(self, name: str = "", value: str = "") -> _KeyValueRow:
        row = _KeyValueRow(self)
        match = KEYRING_REFERENCE.match(value)
        if match:
            row.stored_name = match.group("name")
            row.secret.setChecked(True)
        else:
            row.value.setText(value)
        row.name.setText(name)
        self.rows.append(row)
        self.rows_layout.insertWidget(self.rows_layout.count() - 1, row)
        self._fit_names()
        self.edited()
        return row

    def _fit_names(self) -> None:
        """Names as wide as the longest one (within limits): a name cut short reads wrong."""
        if not self.rows:
            return
        metrics = self.rows[0].name.fontMetrics()
        longest = max(metrics.horizontalAdvance(row.name.text() or "NAME") for row in self.rows)
        width = min(max(longest + 24, 70), 200)
        for row in self.rows:
            row.name.setMinimumWidth(width)

    def remove_row(self, row: _KeyValueRow) -> None:
        if row.stored_name:
            self.dropped_secrets.add(row.stored_name)
        self.rows.remove(row)
        self.rows_layout.removeWidget(row)
        row.hide()
        row.deleteLater()
        self.edited()

    def _secret_name(self, row: _KeyValueRow) -> str:
        return f"{self.spec.secret_name}.{row.name.text().strip()}"

    def value(self) -> Any:
        result: dict[str, str] = {}
        for row in self.rows:
            name, text = row.name.text().strip(), row.value.text()
            if not name:
                continue
            if row.secret.isChecked() and text and not ENV_REFERENCE.match(text):
                result[name] = f"${{keyring:{self._secret_name(row)}}}"
            elif row.secret.isChecked() and not text and row.stored_name:
                result[name] = f"${{keyring:{row.stored_name}}}"
            else:
                result[name] = text
        return result or None

    def set_value(self, value: Any) -> None:
        for row in list(self.rows):
            self.rows.remove(row)
            self.rows_layout.removeWidget(row)
            row.deleteLater()
        self.dropped_secrets.clear()
        for name, text in (value or {}).items() if isinstance(value, Mapping) else ():
            self.add_row(str(name), "" if text is None else str(text))

    def problem(self) -> str | None:
        names = [row.name.text().strip() for row in self.rows]
        if any(not name and row.value.text() for name, row in zip(names, self.rows, strict=True)):
            return QCoreApplication.translate("Forms", "Every value needs a name.")
        repeated = sorted({name for name in names if name and names.count(name) > 1})
        if repeated:
            return QCoreApplication.translate(
                "Forms", "Each name once: {names} appears more than once."
            ).format(names=", ".join(repeated))
        return None

    def pending_secrets(self) -> dict[str, str | None]:
        changes: dict[str, str | None] = dict.fromkeys(self.dropped_secrets)
        for row in self.rows:
            text = row.value.text()
            if not row.name.text().strip():
                continue
            if row.secret.isChecked() and text and not ENV_REFERENCE.match(text):
                changes[self._secret_name(row)] = text
                if row.stored_name and row.stored_name != self._secret_name(row):
                    changes.setdefault(row.stored_name, None)
            elif row.stored_name and not (row.secret.isChecked() and not text):
                changes.setdefault(row.stored_name, None)  # un-ticked or replaced by plain text
        return changes


class _PathField(_Field):
    def __init__(self, spec: FieldSpec) -> None:
        super().__init__(spec)
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(
            spec.placeholder
            or (
                QCoreApplication.translate("Forms", "Choose a folder…")
                if spec.path_mode == "folder"
                else QCoreApplication.translate("Forms", "Choose a file…")
            )
        )
        self.browse = QPushButton(QCoreApplication.translate("_PathField", "Browse…"))
        self.browse.clicked.connect(self._browse)
        container = QWidget()
        row = QHBoxLayout(container)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.edit, 1)
        row.addWidget(self.browse)
        self.widget = container
        self.picker: QFileDialog | None = None

    def _browse(self) -> None:
        picker = QFileDialog(
            self.widget,
            QCoreApplication.translate("PathField", "Choose {label}").format(label=self.spec.label),
            self.edit.text(),
        )
        if self.spec.path_mode == "folder":
            picker.setFileMode(QFileDialog.FileMode.Directory)
            picker.setOption(QFileDialog.Option.ShowDirsOnly, True)
        else:
            picker.setFileMode(QFileDialog.FileMode.AnyFile)
        picker.fileSelected.connect(self.edit.setText)
        picker.finished.connect(picker.deleteLater)
        self.picker = picker
        picker.open()

    def value(self) -> Any:
        text = self.edit.text().strip()
        return text if text else None

    def set_value(self, value: Any) -> None:
        self.edit.setText("" if value is None else str(value))


class _ModelField(_Field):
    """An editable list of the models the provider reports; any model id may be typed."""

    def __init__(self, spec: FieldSpec, models: Iterable[Any] | None) -> None:
        super().__init__(spec)
        self.combo = QComboBox()
        self.combo.setEditable(True)
        self.combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        takes_wheel_only_when_focused(self.combo)
        self.set_models(models)
        line_edit = self.combo.lineEdit()
        if line_edit is not None:
            line_edit.setPlaceholderText(
                spec.placeholder or QCoreApplication.translate("Forms", "Model id")
            )
        self.widget = self.combo

    def set_models(self, models: Iterable[Any] | None) -> None:
        """Offer `models` (descriptors or ids), keeping whatever is typed or chosen now."""
        current = self.value()
        self.combo.clear()
        for model in models or []:
            if isinstance(model, Mapping):
                model_id = model.get("id") or model.get("name") or model.get("model")
                if not model_id:
                    continue
                label = model.get("label") or model.get("display_name") or model_id
                self.combo.addItem(str(label), str(model_id))
            else:
                self.combo.addItem(str(model), str(model))
        # The list opens as wide as its longest id (it was the field's width, ids cut short).
        view = self.combo.view()
        longest = max(0, view.sizeHintForColumn(0))  # -1 with no models
        view.setMinimumWidth(longest + view.verticalScrollBar().sizeHint().width())
        self.set_value(current)

    def value(self) -> Any:
        text = self.combo.currentText().strip()
        if not text:
            return None
        index = self.combo.findText(text)
        return self.combo.itemData(index) if index >= 0 else text

    def set_value(self, value: Any) -> None:
        if value is None:
            self.combo.setCurrentIndex(-1)
            self.combo.setEditText("")
            return
        index = self.combo.findData(str(value))
        if index >= 0:
            self.combo.setCurrentIndex(index)
        else:
            self.combo.setEditText(str(value))


def _key_box_accessible(class_name: str, widget: QObject) -> Any:
    """Qt has no accessible interface for its key box: a screen reader was told no role at all.
    It is a field the user types into (keys), so it says so."""
    from PySide6.QtGui import QAccessible  # noqa: PLC0415 - see below
    from PySide6.QtWidgets import QAccessibleWidget  # noqa: PLC0415 - see below

    if class_name == "QKeySequenceEdit" and isinstance(widget, QWidget):
        return QAccessibleWidget(widget, QAccessible.Role.EditableText)
    return None


@lru_cache(maxsize=1)
def _describe_key_boxes_to_assistive_technology() -> None:
    # Imported where first needed: building QAccessible's classes costs the first paint.
    from PySide6.QtGui import QAccessible  # noqa: PLC0415 - see above

    QAccessible.installFactory(_key_box_accessible)


class _ShortcutField(_Field):
    """A key combination, recorded by pressing it (Qt's portable text, e.g. "Ctrl+Alt+Space")."""

    def __init__(self, spec: FieldSpec) -> None:
        super().__init__(spec)
        _describe_key_boxes_to_assistive_technology()
        self.keys = QKeySequenceEdit()
        self.keys.setMaximumSequenceLength(1)
        self.keys.setClearButtonEnabled(True)
        self.keys.setMaximumWidth(COMPACT_WIDTH + 60)
        self.widget = self.keys

    def value(self) -> Any:
        text = self.keys.keySequence().toString(QKeySequence.SequenceFormat.PortableText)
        return text or None

    def set_value(self, value: Any) -> None:
        self.keys.setKeySequence(
            QKeySequence(str(value or ""), QKeySequence.SequenceFormat.PortableText)
        )


# --------------------------------------------------------------------------- the form


class _RecordsField(_Field):
    """A plugin's list of records (remembered items, say): searched, edited and deleted in
    place. The records are the plugin's own data, not settings: the field has no value, and an
    edit or a deletion runs the plugin's `update_action` / `delete_action` at once, the way a
    generated form cannot otherwise express a list editor. Element keys: `records` (a list of
    `{id, text, detail}`), `update_action`, `delete_action`, `empty_text`."""

    def __init__(self, spec: FieldSpec, actions: PluginActions | None) -> None:
        super().__init__(spec)
        self.actions = actions
        element = spec.element
        self.update_action = str(element.get("update_action") or "")
        self.delete_action = str(element.get("delete_action") or "")
        self.widget = QWidget()
        layout = QVBoxLayout(self.widget)
        layout.setContentsMargins(0, 0, 0, 0)
        self.search = QLineEdit()
        self.search.setPlaceholderText(QApplication.translate("RecordsField", "Search"))
        self.search.setAccessibleName(
            QApplication.translate("RecordsField", "Search {label}").format(
                label=spec.label.lower()
            )
        )
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        layout.addWidget(self.search)
        self.list = QListWidget()
        self.list.setAccessibleName(spec.label)
        self.list.setWordWrap(True)
        self.list.setMinimumHeight(160)
        layout.addWidget(self.list)
        buttons = QHBoxLayout()
        self.edit_button = QPushButton(QApplication.translate("RecordsField", "Edit"))
        self.delete_button = QPushButton(QApplication.translate("RecordsField", "Delete"))
        # Named with the list: a window has other Delete buttons (a chat row's, say).
        self.edit_button.setAccessibleName(
            QApplication.translate("RecordsField", "Edit the selected {label}").format(
                label=spec.label.lower()
            )
        )
        self.delete_button.setAccessibleName(
            QApplication.translate("RecordsField", "Delete the selected {label}").format(
                label=spec.label.lower()
            )
        )
        for button in (self.edit_button, self.delete_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.status = QLabel(str(element.get("empty_text") or ""))
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.status)
        self.edit_button.clicked.connect(self._edit_current)
        self.delete_button.clicked.connect(self._delete_current)
        self.edit_button.setEnabled(bool(self.update_action and actions))
        self.delete_button.setEnabled(bool(self.delete_action and actions))
        records = element.get("records")
        for record in records if isinstance(records, list) else []:
            if isinstance(record, Mapping) and "id" in record:
                self._add(record)
        if self.list.count():
            self.status.clear()
        self.list.itemChanged.connect(self._text_changed)

    def _add(self, record: Mapping[str, Any]) -> None:
        item = QListWidgetItem(str(record.get("text") or ""))
        item.setData(Qt.ItemDataRole.UserRole, record["id"])
        item.setData(Qt.ItemDataRole.UserRole + 1, item.text())  # as stored: put back on failure
        item.setToolTip(str(record.get("detail") or ""))
        if self.update_action and self.actions is not None:
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        self.list.addItem(item)

    def value(self) -> Any:
        return None

    def set_value(self, value: Any) -> None:
        """The records come with the element; nothing of them is kept in settings."""

    def is_empty(self) -> bool:
        return False

    def texts(self) -> list[str]:
        """The records shown (those the search leaves), in order."""
        return [
            self.list.item(row).text()
            for row in range(self.list.count())
            if not self.list.item(row).isHidden()
        ]

    def select(self, record_id: Any) -> bool:
        """Show and select the record `record_id` (a chat row links to it); False if gone."""
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == record_id:
                self.search.clear()
                self.list.setCurrentItem(item)
                self.list.scrollToItem(item)
                return True
        return False

    def _filter(self, text: str) -> None:
        words = text.casefold().split()
        for row in range(self.list.count()):
            item = self.list.item(row)
            haystack = f"{item.text()} {item.toolTip()}".casefold()
            item.setHidden(not all(word in haystack for word in words))

    def _edit_current(self) -> None:
        item = self.list.currentItem()
        if item is not None:
            self.list.editItem(item)

    def _text_changed(self, item: QListWidgetItem) -> None:
        stored = item.data(Qt.ItemDataRole.UserRole + 1)
        if item.text() == stored or self.actions is None:
            return
        record_id = item.data(Qt.ItemDataRole.UserRole)

        def done(result: dict[str, Any]) -> None:
            record = result.get("record")
            self.list.blockSignals(True)
            if result.get("status") == "ok" and isinstance(record, Mapping):
                item.setText(str(record.get("text") or ""))  # as kept (secrets blanked)
                item.setData(Qt.ItemDataRole.UserRole + 1, item.text())
            else:
                item.setText(str(stored))
            self.list.blockSignals(False)
            self.status.setText(str(result.get("message") or ""))

        self.actions.run(self.update_action, {"id": record_id, "text": item.text()}, done)

    def _delete_current(self) -> None:
        item = self.list.currentItem()
        if item is None or self.actions is None:
            return
        record_id = item.data(Qt.ItemDataRole.UserRole)

        def done(result: dict[str, Any]) -> None:
            if result.get("status") == "ok":
                self.list.takeItem(self.list.row(item))
            self.status.setText(str(result.get("message") or ""))

        self.actions.run(self.delete_action, {"id": record_id}, done)


class _ActionField(_Field):
    """A button running one of the plugin's actions at once (install a skill, say): with
    `ask` "folder" or "file" the user first picks a path (`filter` names the files), passed as
    the action's `source`. Not a setting: the field has no value; the result is said beside it."""

    def __init__(self, spec: FieldSpec, actions: PluginActions | None) -> None:
        super().__init__(spec)
        self.actions = actions
        element = spec.element
        self.action_id = str(element.get("action") or "")
        self.ask = str(element.get("ask") or "")
        self.filter = str(element.get("filter") or "")
        self.widget = QWidget()
        layout = QVBoxLayout(self.widget)
        layout.setContentsMargins(0, 0, 0, 0)
        self.button = QPushButton(QApplication.translate("ActionField", "Choose…"))
        self.button.setAccessibleName(spec.label)
        self.button.setEnabled(bool(self.action_id and actions is not None))
        if spec.unavailable:  # a disabled button says itself why, where the pointer rests
            self.button.setToolTip(spec.unavailable)
        self.button.clicked.connect(self._clicked)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignLeft)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.hide()  # until there is something to say: an empty line would only gape
        layout.addWidget(self.status)

    def value(self) -> Any:
        return None

    def set_value(self, value: Any) -> None:
        """An action keeps nothing in settings."""

    def is_empty(self) -> bool:
        return False

    def _clicked(self) -> None:
        if self.ask not in ("folder", "file"):
            self.run({})
            return
        chooser = QFileDialog(self.widget, self.spec.label)
        if self.ask == "folder":
            chooser.setFileMode(QFileDialog.FileMode.Directory)
            chooser.setOption(QFileDialog.Option.ShowDirsOnly, True)
        else:
            chooser.setFileMode(QFileDialog.FileMode.ExistingFile)
            if self.filter:
                chooser.setNameFilter(self.filter)
        chooser.fileSelected.connect(lambda path: self.run({"source": path}))
        chooser.finished.connect(chooser.deleteLater)
        chooser.open()  # not exec(): the event loop keeps running

    def run(self, params: dict[str, Any]) -> None:
        """Run the action with `params`; its message is shown under the button."""
        if self.actions is None:
            return
        self.button.setEnabled(False)
        self.status.setText(QApplication.translate("ActionField", "Working…"))
        self.status.show()

        def done(result: dict[str, Any]) -> None:
            self.button.setEnabled(True)
            self.status.setText(str(result.get("message") or result.get("status") or ""))

        self.actions.run(self.action_id, params, done)


class FormWidget(QWidget):
    """A grid of labelled fields with help text and inline errors. See `build_form`."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.fields: dict[str, _Field] = {}
        self.problems: list[str] = []
        self._error_labels: dict[str, QLabel] = {}
        self._notes_shown: set[str] = set()
        palette = current_palette()
        # Inputs the app theme leaves to the platform style get the same look as line edits.
        # (Spin boxes keep the platform look: a style sheet would lose their arrows.)
        self.setStyleSheet(
            f"QPlainTextEdit, QListWidget {{ background: {palette.surface}; "
            f"border: 1px solid {palette.border}; border-radius: 7px; padding: 3px; }}"
            f"QPlainTextEdit:focus {{ border-color: {palette.accent}; }}"
        )
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(16)
        self._grid.setVerticalSpacing(4)
        self._grid.setColumnStretch(1, 1)
        self._row = 0

    # -- construction
    def _add_field(self, spec: FieldSpec, field_: _Field) -> None:
        palette = current_palette()
        caption = QLabel(spec.label + (" *" if spec.required else ""))
        caption.setObjectName("formLabel")
        caption.setBuddy(field_.widget if not isinstance(field_, _SliderField) else field_.slider)
        caption.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        caption.setContentsMargins(0, 5, 0, 0)
        caption.setWordWrap(True)
        caption.setMaximumWidth(CAPTION_WIDTH)
        # A wrapping label would break even short captions; only long ones wrap.
        natural = caption.fontMetrics().horizontalAdvance(caption.text()) + 4
        caption.setMinimumWidth(min(natural, CAPTION_WIDTH))
        if spec.description:
            caption.setToolTip(spec.description)
            field_.widget.setToolTip(spec.description)
        field_.widget.setObjectName(f"field:{spec.key}")
        # The input itself carries the label's name, so screen readers (and journeys) find it.
        inputs = (getattr(field_, name, None) for name in ("edit", "combo", "spin", "box", "keys"))
        named = next((widget for widget in inputs if isinstance(widget, QWidget)), field_.widget)
        if not named.accessibleName():
            named.setAccessibleName(spec.label)
        # An editable list's typing field takes the keyboard itself: it carries the name too.
        typing_field = named.lineEdit() if isinstance(named, QComboBox) else None
        if typing_field is not None and not typing_field.accessibleName():
            typing_field.setAccessibleName(spec.label)
        if spec.unavailable:
            field_.widget.setEnabled(False)
        top = self._row
        self._grid.addWidget(caption, top, 0)
        if spec.kind in COMPACT_KINDS:
            # Short values read better in a field sized to them than stretched across the page.
            field_.widget.setMinimumWidth(COMPACT_WIDTH)
            self._grid.addWidget(field_.widget, top, 1, Qt.AlignmentFlag.AlignLeft)
        else:
            self._grid.addWidget(field_.widget, top, 1)
        self._row += 1
        if spec.note:
            # The same long note twice (no keyring, for two fields) is said once.
            text = (
                QCoreApplication.translate("Forms", SAME_NOTE)
                if spec.note in self._notes_shown
                else spec.note
            )
            self._notes_shown.add(spec.note)
            note = self._add_hint(text, "formNote", f"color: {palette.warning};")
            # A note may name a command to use instead: it can be copied from here.
            note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        if spec.description:
            self._add_hint(spec.description, "formDescription", f"color: {palette.muted};")
        error = self._add_hint("", "formError", f"color: {palette.error}; font-weight: 600;")
        error.hide()
        self._error_labels[spec.key] = error
        self._grid.setRowMinimumHeight(self._row, 6)
        self._row += 1
        self.fields[spec.key] = field_
        self._connect_changes(field_)

    def _add_hint(self, text: str, name: str, style: str) -> QLabel:
        hint = QLabel(text)
        hint.setObjectName(name)
        hint.setWordWrap(True)
        hint.setTextFormat(Qt.TextFormat.PlainText)
        hint.setStyleSheet(f"QLabel {{ {style} font-size: 90%; }}")
        self._grid.addWidget(hint, self._row, 1)
        self._row += 1
        return hint

    def _connect_changes(self, field_: _Field) -> None:
        key = field_.spec.key

        def edited(*_args: Any) -> None:
            # An error beside a field goes away as soon as the user works on that field.
            label = self._error_labels.get(key)
            if label is not None and label.isVisibleTo(self):
                label.hide()
                label.clear()
            self.changed.emit()

        signals = [
            (getattr(field_, "box", None), "toggled"),
            (getattr(field_, "edit", None), "textChanged"),
            (getattr(field_, "spin", None), "valueChanged"),
            (getattr(field_, "slider", None), "valueChanged"),
            (getattr(field_, "combo", None), "currentIndexChanged"),
            (getattr(field_, "list", None), "itemChanged"),
            (getattr(field_, "keys", None), "keySequenceChanged"),
        ]
        combo = getattr(field_, "combo", None)
        if isinstance(combo, QComboBox) and combo.isEditable():
            signals.append((combo, "editTextChanged"))
        for owner, signal_name in signals:
            if owner is not None:
                getattr(owner, signal_name).connect(edited)
        if isinstance(field_, _KeyValueField):
            field_.on_edit = edited

    # -- values
    def values(self) -> dict[str, Any]:
        """Typed values of every field that is set (unset optional fields are left out).

        Secret fields give a `${keyring:<name>}` reference, never the secret.
        """
        result: dict[str, Any] = {}
        for key, field_ in self.fields.items():
            value = field_.value()
            if value is not None:
                result[key] = value
        return result

    def set_values(self, values: Mapping[str, Any]) -> None:
        for key, field_ in self.fields.items():
            field_.set_value(values.get(key, field_.spec.default))

    def validate(
        self, keys: Iterable[str] | None = None, *, required: bool = True
    ) -> dict[str, str]:
        """Check the fields `keys` (all by default) — whether each must be filled in only when
        `required`; show each error beside its field and return {key: error}."""
        errors: dict[str, str] = {}
        checked = set(self.fields if keys is None else keys)
        for key, field_ in self.fields.items():
            if key not in checked:
                continue
            problem = field_.problem()
            if problem is None and required and field_.spec.required and field_.is_empty():
                problem = QCoreApplication.translate("Forms", "{field} is required.").format(
                    field=field_.spec.label
                )
            if problem is not None:
                errors[key] = problem
        self.show_errors(errors)
        return errors

    def show_errors(self, errors: Mapping[str, str]) -> None:
        for key, label in self._error_labels.items():
            message = errors.get(key)
            label.setText(message or "")
            label.setVisible(bool(message))
        first = next((self.fields[key] for key in self.fields if errors.get(key)), None)
        if first is not None:
            # Once the page holding the form is on screen (the dialog may be switching to it).
            QTimer.singleShot(0, first.widget, lambda: _scroll_into_view(first.widget))

    def set_models(self, models: Iterable[Any]) -> None:
        """Fill every model field with `models` (e.g. once the provider has listed them)."""
        blocked = self.blockSignals(True)  # new choices are no edit of the user's
        try:
            for field_ in self.fields.values():
                if isinstance(field_, _ModelField):
                    field_.set_models(models)
        finally:
            self.blockSignals(blocked)

    # -- secrets
    def pending_secrets(self) -> dict[str, str | None]:
        """{keyring name: new secret, or None to delete} for every secret field that changed."""
        changes: dict[str, str | None] = {}
        for field_ in self.fields.values():
            changes.update(field_.pending_secrets())
        return changes


def _scroll_into_view(widget: QWidget) -> None:
    """Scroll the page holding `widget` so that it shows (a field marked in red far below)."""
    page = widget.parentWidget()
    while page is not None and not isinstance(page, QScrollArea):
        page = page.parentWidget()
    if page is not None:
        page.ensureWidgetVisible(widget, 0, 60)


def apply_secret_changes(secrets: SecretWriter, changes: Mapping[str, str | None]) -> None:
    """Write (or delete) secrets collected from forms."""
    for name, secret in changes.items():
        if secret is None:
            if secrets.has(name):
                secrets.delete(name)
        else:
            secrets.set(name, secret)


def _make_field(
    spec: FieldSpec,
    secrets: SecretStoreLike | None,
    models: Iterable[Any] | None,
    plugin_actions: PluginActions | None = None,
) -> _Field:
    builders: dict[str, Callable[[], _Field]] = {
        "checkbox": lambda: _CheckboxField(spec),
        "text": lambda: _TextField(spec),
        "textarea": lambda: _TextAreaField(spec),
        "json": lambda: _JsonField(spec),
        "lines": lambda: _LinesField(spec),
        "words": lambda: _WordsField(spec),
        "keyvalue": lambda: _KeyValueField(spec, secrets),
        "number": lambda: _NumberField(spec),
        "integer": lambda: _NumberField(spec),
        "slider": lambda: _SliderField(spec),
        "select": lambda: _SelectField(spec),
        "multiselect": lambda: _MultiSelectField(spec),
        "secret": lambda: _SecretField(spec, secrets),
        "path": lambda: _PathField(spec),
        "model": lambda: _ModelField(spec, models),
        "shortcut": lambda: _ShortcutField(spec),
        "records": lambda: _RecordsField(spec, plugin_actions),
        "action": lambda: _ActionField(spec, plugin_actions),
    }
    return builders[spec.kind]()


def build_form(
    elements: Iterable[Any],
    values: Mapping[str, Any],
    *,
    secrets: SecretStoreLike | None = None,
    models: Iterable[Any] | None = None,
    parent: QWidget | None = None,
    secret_namespace: str = "",
    owner: str = "",
    plugin_actions: PluginActions | None = None,
) -> FormWidget:
    """Build a form with one field per element, filled from `values` (then element defaults).

    `secrets` is the SecretStore that password fields report on and `pending_secrets()` is meant
    for; `models` fills model fields; `secret_namespace` prefixes keyring names of secret fields
    that do not name their own (`<namespace>.<key>`); `owner` names the plugin in problem
    reports for elements that do not carry a `plugin` key; `plugin_actions` runs the owner's
    actions that `records` fields (an edit, a deletion) and `action` buttons name.
    """
    form = FormWidget(parent)
    model_list = list(models or [])
    for position, element in enumerate(elements):
        try:
            spec = parse_element(element, secret_namespace=secret_namespace)
        except MalformedElement as error:
            plugin = element.get("plugin") if isinstance(element, Mapping) else None
            plugin = plugin or owner
            where = f"plugin '{plugin}', " if plugin else ""
            form.problems.append(
                f"{where}element {position + 1} ({describe_element(element)}) was skipped: {error}."
            )
            continue
        if spec.key in form.fields:
            form.problems.append(
                f"element {position + 1} ({describe_element(element)}) was skipped: "
                f"the key '{spec.key}' is already used by another field."
            )
            continue
        form._add_field(spec, _make_field(spec, secrets, model_list, plugin_actions))
    form._grid.setRowStretch(form._row, 1)
    form.set_values(values)
    return form
