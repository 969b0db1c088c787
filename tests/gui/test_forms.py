"""Forms built from plugin UI elements: every field kind, unknown kinds, malformed elements."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QScrollArea,
)
from tests.support.screenshots import shots_folder

from agent_desktop.forms.action_dialogs import elements_from_inputs
from agent_desktop.forms.fields import (
    FormWidget,
    apply_secret_changes,
    build_form,
    merge_config_elements,
)

pytestmark = pytest.mark.gui

SCREENSHOTS = shots_folder("screenshots")

EVERY_KIND = [
    {"type": "checkbox", "key": "enabled", "label": "Enabled", "default": True},
    {"type": "boolean", "key": "verbose", "label": "Verbose logging"},
    {"type": "text", "key": "greeting", "label": "Greeting", "placeholder": "Hello"},
    {"type": "string", "key": "nickname", "label": "Nickname", "required": True},
    {"type": "textarea", "key": "prompt", "label": "Prompt", "description": "Sent first."},
    {
        "type": "number",
        "key": "temperature",
        "label": "Temperature",
        "min": 0,
        "max": 2,
        "step": 0.1,
        "default": 0.7,
    },
    {"type": "integer", "key": "max_tokens", "label": "Max tokens", "min": 1, "max": 8192},
    {"type": "slider", "key": "threshold", "label": "Threshold", "min": 0, "max": 10, "default": 4},
    {
        "type": "select",
        "key": "style",
        "label": "Style",
        "options": ["short", "long"],
        "default": "short",
    },
    {
        "type": "select",
        "key": "effort",
        "label": "Effort",
        "default": "m",
        "options": [{"value": "l", "label": "Low"}, {"value": "m", "label": "Medium"}],
    },
    {"type": "multi-select", "key": "tags", "label": "Tags", "options": ["a", "b", "c"]},
    {"type": "password", "key": "api_key", "label": "API key"},
    {"type": "path", "key": "workspace", "label": "Workspace", "mode": "folder"},
    {"type": "model", "key": "model", "label": "Model"},
    {"type": "colour-wheel", "key": "accent", "label": "Accent"},
    {"type": "select", "key": "broken", "label": "Broken select"},
    "not even a dict",
]

MODELS = [{"id": "scripted-small", "label": "Scripted small"}, {"id": "scripted-large"}]


class FakeSecrets:
    """A SecretStore stand-in over a dict (the real store is the storage engineer's)."""

    def __init__(self) -> None:
        self.available = True
        self.problem: str | None = None
        self.data: dict[str, str] = {}

    def set(self, name: str, value: str) -> None:
        self.data[name] = value

    def delete(self, name: str) -> None:
        del self.data[name]

    def has(self, name: str) -> bool:
        return name in self.data

    def get(self, name: str) -> str | None:
        return self.data.get(name)

    def session_only(self, name: str) -> bool:
        return not self.available and name in self.data


def test_every_kind_gets_its_widget(qtbot):
    form = build_form(EVERY_KIND, {}, models=MODELS, secrets=FakeSecrets())
    qtbot.add_widget(form)
    widgets = {key: field.widget for key, field in form.fields.items()}
    assert isinstance(widgets["enabled"], QCheckBox)
    assert isinstance(widgets["prompt"], QPlainTextEdit)
    assert isinstance(widgets["tags"], QListWidget)
    assert isinstance(widgets["model"], QComboBox)
    assert widgets["model"].count() == 2
    assert form.fields["api_key"].edit.echoMode() == QLineEdit.EchoMode.Password
    assert form.fields["effort"].combo.currentText() == "Medium"
    assert "broken" not in form.fields
    assert len(form.problems) == 2
    assert any("Broken select" in problem and "options" in problem for problem in form.problems)
    assert any("must be an object" in problem for problem in form.problems)
    notes = [label.text() for label in form.findChildren(QLabel, "formNote")]
    assert notes == ["Unknown field type 'colour-wheel': edited as plain text."]
    assert isinstance(widgets["accent"], QLineEdit)


def test_a_model_list_is_as_wide_as_its_longest_id(qtbot):
    # Seen walking the app: the provider page's model list was tiny and cut the ids short.
    long_id = "meta-llama/Llama-3.3-70B-Instruct-Turbo-with-a-long-suffix"
    spec = [
        {"type": "text", "key": "base_url", "label": "Base URL"},
        {"type": "model", "key": "model", "label": "Model"},
    ]
    form = build_form(spec, {}, models=[{"id": "short"}, {"id": long_id}])
    qtbot.add_widget(form)
    form.resize(700, 300)
    form.show()
    combo = form.fields["model"].widget
    view = combo.view()
    assert view.minimumWidth() >= view.fontMetrics().horizontalAdvance(long_id)
    # The field takes the row, as the address above it does.
    assert combo.width() == form.fields["base_url"].widget.width()


def test_defaults_then_values_then_typed_output(qtbot):
    form = build_form(
        EVERY_KIND, {"max_tokens": 256, "tags": ["b"], "model": "custom-x"}, models=MODELS
    )
    qtbot.add_widget(form)
    values = form.values()
    assert values["enabled"] is True
    assert values["temperature"] == pytest.approx(0.7)
    assert values["max_tokens"] == 256
    assert values["threshold"] == 4
    assert values["style"] == "short"
    assert values["effort"] == "m"
    assert values["tags"] == ["b"]
    assert values["model"] == "custom-x"
    assert "nickname" not in values
    assert "api_key" not in values


def test_required_field_error_is_shown_beside_it(qtbot):
    form = build_form(EVERY_KIND, {}, models=MODELS)
    qtbot.add_widget(form)
    form.show()
    errors = form.validate()
    assert errors == {"nickname": "Nickname is required."}
    shown = [label for label in form.findChildren(QLabel, "formError") if label.isVisible()]
    assert [label.text() for label in shown] == ["Nickname is required."]
    form.fields["nickname"].edit.setText("Ada")
    assert form.validate() == {}
    assert not any(label.isVisible() for label in form.findChildren(QLabel, "formError"))


def test_an_environment_reference_in_a_key_field_is_shown_a_key_is_masked(qtbot):
    form = build_form(EVERY_KIND, {}, secrets=FakeSecrets(), secret_namespace="demo")
    qtbot.add_widget(form)
    edit = form.fields["api_key"].edit
    qtbot.keyClicks(edit, "${env:OPENAI_KEY}")
    assert edit.echoMode() == QLineEdit.EchoMode.Normal
    assert form.values()["api_key"] == "${env:OPENAI_KEY}"
    edit.clear()
    qtbot.keyClicks(edit, "sk-typed-key")
    assert edit.echoMode() == QLineEdit.EchoMode.Password


def test_secret_becomes_a_keyring_reference(qtbot):
    secrets = FakeSecrets()
    form = build_form(EVERY_KIND, {}, secrets=secrets, secret_namespace="demo")
    qtbot.add_widget(form)
    form.fields["api_key"].edit.setText("sk-very-secret")
    assert form.values()["api_key"] == "${keyring:demo.api_key}"
    assert "sk-very-secret" not in repr(form.values())
    apply_secret_changes(secrets, form.pending_secrets())
    assert secrets.data == {"demo.api_key": "sk-very-secret"}

    reopened = build_form(EVERY_KIND, {"api_key": "${keyring:demo.api_key}"}, secrets=secrets)
    qtbot.add_widget(reopened)
    field = reopened.fields["api_key"]
    assert field.edit.text() == ""
    assert "stored in the system keyring" in field.edit.placeholderText()
    assert reopened.values()["api_key"] == "${keyring:demo.api_key}"
    assert reopened.pending_secrets() == {}
    qtbot.mouseClick(field.clear_button, Qt.MouseButton.LeftButton)
    assert "api_key" not in reopened.values()
    apply_secret_changes(secrets, reopened.pending_secrets())
    assert secrets.data == {}


def test_without_a_keyring_the_field_says_so_and_never_refuses_the_key(qtbot):
    secrets = FakeSecrets()
    secrets.available = False
    secrets.problem = "no Secret Service is running"
    form = build_form(
        [{"type": "secret", "key": "token"}], {"token": "${env:TOKEN}"}, secrets=secrets
    )
    qtbot.add_widget(form)
    assert form.values() == {"token": "${env:TOKEN}"}
    # Said before anything is typed: why, what happens to a typed key, and the other choices.
    notes = " ".join(label.text() for label in form.findChildren(QLabel, "formNote"))
    assert "no Secret Service is running" in notes
    assert "this session only" in notes
    assert "${env:" in notes
    form.fields["token"].edit.setText("plain")
    assert form.validate() == {}
    assert form.pending_secrets() == {"token": "plain"}


def test_number_bounds_and_unset(qtbot):
    form = build_form(
        [
            {"type": "integer", "key": "start"},
            {"type": "number", "key": "ratio", "min": 0, "max": 1, "step": 0.05, "required": True},
        ],
        {},
    )
    qtbot.add_widget(form)
    assert form.values() == {"ratio": 0.0}
    form.fields["start"].spin.setValue(3)
    form.fields["ratio"].spin.setValue(5)  # clamped to the maximum
    assert form.values() == {"start": 3, "ratio": 1.0}


def test_json_field_for_schema_objects(qtbot):
    form = build_form([{"type": "object", "key": "headers"}], {"headers": {"X": "1"}})
    qtbot.add_widget(form)
    assert form.values() == {"headers": {"X": "1"}}
    form.fields["headers"].edit.setPlainText("[1, 2")
    assert "Not valid JSON" in form.validate()["headers"]
    form.fields["headers"].edit.setPlainText("[1, 2]")
    assert form.validate() == {"headers": "Enter a JSON object."}


def test_merge_config_elements_fills_from_schema():
    merged = merge_config_elements(
        [{"type": "slider", "key": "limit", "label": "Limit"}, {"key": "limit"}],
        [
            {"key": "limit", "plugin": "p", "type": "integer", "default": 5, "description": "d"},
            {"key": "mode", "plugin": "p", "type": "string", "enum": ["a", "b"]},
        ],
    )
    assert merged == [
        {"type": "slider", "default": 5, "description": "d", "key": "limit", "label": "Limit"},
        {"key": "mode", "type": "string", "enum": ["a", "b"]},
    ]


def test_inputs_map_becomes_elements():
    assert elements_from_inputs({"start": {"type": "integer", "required": False}}) == [
        {"type": "integer", "required": False, "key": "start"}
    ]


def test_screenshot_every_kind(qtbot, tmp_path):
    from PySide6.QtWidgets import QApplication, QScrollArea, QVBoxLayout, QWidget

    secrets = FakeSecrets()
    secrets.data["demo.api_key"] = "x"
    form = build_form(
        EVERY_KIND,
        {"api_key": "${keyring:demo.api_key}", "tags": ["a", "c"]},
        models=MODELS,
        secrets=secrets,
    )
    holder = QWidget()
    layout = QVBoxLayout(holder)
    scroll = QScrollArea()
    scroll.setWidget(form)
    scroll.setWidgetResizable(True)
    layout.addWidget(scroll)
    qtbot.add_widget(holder)
    holder.resize(640, 860)
    holder.show()
    qtbot.waitExposed(holder)
    form.validate()
    QApplication.processEvents()
    target = tmp_path / "form-every-kind.png"
    assert holder.grab().save(str(target))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(target, SCREENSHOTS / target.name)


def test_secret_looking_schema_keys_are_masked(qtbot):
    form = build_form(
        [
            {"key": "provider.api_key", "type": "string"},
            {"key": "auth_token"},
            {"key": "hint", "type": "string", "format": "password"},
            {"key": "tokenizer", "type": "string"},
        ],
        {},
    )
    qtbot.add_widget(form)
    kinds = {key: field.spec.kind for key, field in form.fields.items()}
    assert kinds == {
        "provider.api_key": "secret",
        "auth_token": "secret",
        "hint": "secret",
        "tokenizer": "text",
    }


def test_path_field_opens_a_non_blocking_picker(qtbot, tmp_path):
    from PySide6.QtWidgets import QFileDialog

    form = build_form(
        [
            {"type": "path", "key": "folder", "mode": "folder"},
            {"type": "file", "key": "config"},
        ],
        {"folder": str(tmp_path)},
    )
    qtbot.add_widget(form)
    form.show()
    folder = form.fields["folder"]
    qtbot.mouseClick(folder.browse, Qt.MouseButton.LeftButton)
    picker = folder.picker
    assert picker.isVisible()
    assert picker.fileMode() == QFileDialog.FileMode.Directory
    assert picker.directory().absolutePath() == str(tmp_path)
    picker.fileSelected.emit(str(tmp_path / "chosen"))
    picker.reject()
    assert form.values()["folder"] == str(tmp_path / "chosen")
    config = form.fields["config"]
    qtbot.mouseClick(config.browse, Qt.MouseButton.LeftButton)
    assert config.picker.fileMode() == QFileDialog.FileMode.AnyFile
    config.picker.reject()


def test_a_map_of_strings_is_a_table_that_says_where_secret_values_go(qtbot):
    secrets = FakeSecrets()
    secrets.available = False
    secrets.problem = "no Secret Service is running"
    element = {
        "key": "env",
        "type": "object",
        "label": "Environment",
        "additionalProperties": {"type": "string"},
    }
    form = build_form(
        [element], {"env": {"HOME_DIR": "/tmp"}}, secrets=secrets, secret_namespace="s"
    )
    qtbot.add_widget(form)
    field = form.fields["env"]
    assert field.spec.kind == "keyvalue"
    notes = " ".join(label.text() for label in form.findChildren(QLabel, "formNote"))
    assert "no Secret Service is running" in notes
    assert "this session only" in notes
    row = field.add_row()
    qtbot.keyClicks(row.name, "API_TOKEN")
    row.value.setText("t-1")
    assert form.values() == {"env": {"HOME_DIR": "/tmp", "API_TOKEN": "${keyring:s.env.API_TOKEN}"}}
    assert form.pending_secrets() == {"s.env.API_TOKEN": "t-1"}
    assert "t-1" not in repr(form.values())


def wheel_up_over(widget) -> None:
    """One notch of the mouse wheel turned up with the pointer over `widget`."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def form_on_a_short_page(qtbot, elements: list[dict]) -> tuple[FormWidget, QScrollArea]:
    """A form on a scrolling page 200 px high, as a long settings page shows it."""
    form = build_form(elements, {})
    page = QScrollArea()
    page.setWidget(form)
    page.setWidgetResizable(True)
    page.resize(400, 200)
    qtbot.add_widget(page)
    page.show()
    qtbot.waitExposed(page)
    return form, page


def test_the_wheel_scrolls_the_page_past_fields_until_one_is_clicked(qtbot):
    """Scrolling a long settings page over "Temperature" once changed it and saved it."""
    elements = [{"type": "text", "key": f"note{n}", "label": f"Note {n}"} for n in range(12)]
    elements[3:3] = [
        {"type": "number", "key": "temperature", "label": "Temperature", "step": 0.1},
        {"type": "select", "key": "mode", "options": ["fast", "slow"], "default": "slow"},
    ]
    form, page = form_on_a_short_page(qtbot, elements)
    temperature, mode = form.fields["temperature"].spin, form.fields["mode"].combo
    page.verticalScrollBar().setValue(page.verticalScrollBar().maximum() // 2)
    before = page.verticalScrollBar().value()

    wheel_up_over(temperature)  # would set it: 'not set' is its lowest value
    wheel_up_over(mode)  # would choose 'fast'

    assert form.values().get("temperature") is None
    assert form.values()["mode"] == "slow"
    assert page.verticalScrollBar().value() < before  # the page scrolled up instead
    temperature.setFocus()
    qtbot.waitUntil(temperature.hasFocus)
    wheel_up_over(temperature)
    assert form.values()["temperature"] is not None  # a field the user is in takes the wheel


def test_a_field_marked_in_red_far_down_the_page_is_scrolled_into_view(qtbot):
    """OK refused with "marked in red" while the marked field was out of sight."""
    elements = [{"type": "text", "key": f"note{n}", "label": f"Note {n}"} for n in range(15)]
    elements.append({"type": "object", "key": "headers", "label": "Headers"})
    form, page = form_on_a_short_page(qtbot, elements)
    marked = form.fields["headers"].widget
    assert marked.visibleRegion().isEmpty()

    form.show_errors({"headers": "Not valid JSON: expecting a value."})

    qtbot.waitUntil(lambda: not marked.visibleRegion().isEmpty())
    assert page.verticalScrollBar().value() > 0


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        ("authorization", "secret"),
        ("x-api-key", "secret"),
        ("client_secret", "secret"),
        ("token_url", "text"),
        ("secret_name", "text"),
    ],
)
def test_a_plugin_setting_kept_in_the_keyring_is_masked_on_its_form(qtbot, key, kind):
    # The config moves these to the keyring by the same rule (agent_core.secret_names).
    form = build_form([{"key": key, "type": "string"}], {})
    qtbot.add_widget(form)
    assert form.fields[key].spec.kind == kind
