"""The settings dialog over a real AgentApplication: generated plugin pages, atomic OK, Cancel."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import keyring
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QPushButton
from tests.support.screenshots import shots_folder
from tests.support.slow_keyring import SlowKeyring

from agent_app.application import AgentApplication
from agent_app.config import McpServerConfig, ProviderConfig
from agent_app.secrets import SecretStore
from agent_desktop.forms.fields import FormWidget
from agent_desktop.settings.dialog import SettingsDialog, gather_plugin_facts, open_settings_dialog
from compaction_feature import CompactionFeature
from mcp_tools import McpTools
from scripted_provider import ScriptedProvider

pytestmark = pytest.mark.gui


SCREENSHOTS = shots_folder("screenshots")
SECRET = "tok-3f9a-very-secret"


class EveryKindFeature:
    """A feature plugin declaring one setting of every kind, an unknown kind and a bad element."""

    name = "every_kind"
    version = "2.1.0"

    def get_config_schema(self) -> dict[str, Any]:
        return {
            "every.enabled": {"type": "boolean", "default": True, "description": "Master switch."},
            "every.limit": {"type": "integer", "default": 10, "description": "From the schema."},
            "every.greeting": {"type": "string", "required": True, "description": "Said first."},
            "every.only_in_schema": {"type": "string", "default": "", "description": "No element."},
        }

    def get_ui_elements(self, config, context=None):
        return [
            {"type": "checkbox", "key": "every.enabled", "label": "Enabled"},
            {"type": "text", "key": "every.greeting", "label": "Greeting", "required": True},
            {"type": "textarea", "key": "every.notes", "label": "Notes"},
            {
                "type": "number",
                "key": "every.ratio",
                "label": "Ratio",
                "min": 0,
                "max": 1,
                "step": 0.05,
                "default": 0.5,
            },
            {"type": "integer", "key": "every.limit", "label": "Limit", "min": 1, "max": 100},
            {
                "type": "slider",
                "key": "every.level",
                "label": "Level",
                "min": 0,
                "max": 10,
                "default": 3,
            },
            {
                "type": "select",
                "key": "every.style",
                "label": "Style",
                "default": "short",
                "options": [
                    {"value": "short", "label": "Short"},
                    {"value": "long", "label": "Long"},
                ],
            },
            {
                "type": "multi-select",
                "key": "every.tags",
                "label": "Tags",
                "options": ["alpha", "beta", "gamma"],
            },
            {"type": "password", "key": "every.api_token", "label": "API token"},
            {"type": "path", "key": "every.folder", "label": "Folder", "mode": "folder"},
            {"type": "model", "key": "every.model", "label": "Model"},
            {"type": "object", "key": "every.extra", "label": "Extra"},
            {"type": "hologram", "key": "every.hologram", "label": "Hologram"},
            {"type": "select", "label": "No key at all", "options": ["x"]},
        ]

    def init(self, config, state):
        return state


@pytest.fixture
def app_plugins():
    return [CompactionFeature, EveryKindFeature]


@pytest.fixture
def mcp_app():
    """An app with the MCP tools plugin, whose importer the MCP page uses."""
    application = AgentApplication(plugins=[ScriptedProvider, McpTools])
    yield application
    application.close()


@pytest.fixture
def dialog(qtbot, app):
    settings_dialog = SettingsDialog(app)
    qtbot.add_widget(settings_dialog)
    settings_dialog.apply_plugin_facts(gather_plugin_facts(app.agents, None))
    settings_dialog.show()
    return settings_dialog


def press_ok(qtbot, dialog) -> None:
    """OK, then wait as a user does until the dialog no longer says "Saving…" (it has closed,
    or it shows what keeps the change from being saved)."""
    dialog.accept()
    qtbot.waitUntil(lambda: not dialog.saving)


def config_file(app) -> str:
    return app.paths.config_path.read_text(encoding="utf-8")


def test_plugin_page_has_every_kind_and_reports_problems(dialog):
    page = dialog.plugin_pages["every_kind"]
    fields = page.form.fields
    kinds = {key: field.spec.kind for key, field in fields.items()}
    assert kinds == {
        "every.enabled": "checkbox",
        "every.greeting": "text",
        "every.notes": "textarea",
        "every.ratio": "number",
        "every.limit": "integer",
        "every.level": "slider",
        "every.style": "select",
        "every.tags": "multiselect",
        "every.api_token": "secret",
        "every.folder": "path",
        "every.model": "model",
        "every.extra": "json",
        "every.hologram": "text",
        "every.only_in_schema": "text",
    }
    # The schema fills what the element leaves out.
    assert fields["every.limit"].spec.description == "From the schema."
    assert page.form.values()["every.limit"] == 10
    # Model choices come from the provider's get_models.
    assert fields["every.model"].combo.itemData(0) == "scripted-1"
    notes = [label.text() for label in page.form.findChildren(QLabel, "formNote")]
    assert notes == ["Unknown field type 'hologram': edited as plain text."]
    problems = dialog.plugins.problems.toPlainText()
    assert "every_kind" in problems
    assert "No key at all" in problems
    assert "no 'key'" in problems
    assert "compaction" in dialog.plugin_pages
    rows = {
        dialog.plugins.tree.topLevelItem(i).text(0): dialog.plugins.tree.topLevelItem(i)
        for i in range(dialog.plugins.tree.topLevelItemCount())
    }
    # Plugins are listed by name in words; the test-only scripted provider is not listed.
    assert rows["Every kind"].text(2) == "2.1.0"
    assert rows["Every kind"].text(3) == "on"
    assert rows["Every kind"].text(5) == "Loaded"
    assert not any("scripted" in title.lower() for title in rows)


def test_values_round_trip_to_the_file_and_secrets_to_the_keyring(
    qtbot, dialog, app, memory_keyring
):
    form = dialog.plugin_pages["every_kind"].form
    form.fields["every.greeting"].edit.setText("Hello there")
    form.fields["every.limit"].spin.setValue(42)
    form.fields["every.tags"].set_value(["beta", "gamma"])
    form.fields["every.style"].set_value("long")
    form.fields["every.api_token"].edit.setText(SECRET)
    form.fields["every.hologram"].edit.setText("3d")
    press_ok(qtbot, dialog)
    assert dialog.result() == 1

    text = config_file(app)
    assert SECRET not in text
    saved = json.loads(text)["agents"]["default"]["every"]
    assert saved["greeting"] == "Hello there"
    assert saved["limit"] == 42
    assert saved["tags"] == ["beta", "gamma"]
    assert saved["style"] == "long"
    assert saved["hologram"] == "3d"
    assert saved["api_token"] == "${keyring:agents.default.every_kind.every.api_token}"
    # Defaults left alone are not written.
    assert "ratio" not in saved
    assert "level" not in saved
    assert app.secrets.get("agents.default.every_kind.every.api_token") == SECRET
    assert SECRET in memory_keyring.secrets.values()
    # The effective config resolves the reference in memory only.
    resolved = app.resolve_request_config(app.build_agent_config("default"))
    assert resolved["every"]["api_token"] == SECRET

    reopened = SettingsDialog(app)
    reopened.apply_plugin_facts(gather_plugin_facts(app.agents, None))
    again = reopened.plugin_pages["every_kind"].form
    assert again.values()["every.greeting"] == "Hello there"
    assert again.fields["every.api_token"].edit.text() == ""
    assert "stored in the system keyring" in again.fields["every.api_token"].edit.placeholderText()
    reopened.deleteLater()


def test_validation_errors_keep_the_dialog_open_and_change_nothing(qtbot, dialog, app):
    before = config_file(app)
    form = dialog.plugin_pages["every_kind"].form
    form.fields["every.api_token"].edit.setText(SECRET)
    press_ok(qtbot, dialog)  # Greeting is required and empty
    assert dialog.isVisible()
    assert dialog.banner.isVisible()
    assert "Every kind" in dialog.banner.text()
    assert dialog.stack.currentWidget().widget() is dialog.plugin_pages["every_kind"]
    errors = [
        label.text() for label in form.findChildren(QLabel, "formError") if label.isVisibleTo(form)
    ]
    # The application's check, shown beside the field.
    assert len(errors) == 1
    assert errors[0].startswith("Needed: the plugin “Every kind” is on for the agent")
    assert "Every kind › Default › Greeting: Needed" in dialog.banner.text()
    assert config_file(app) == before
    assert app.secrets.get("agents.default.every_kind.every.api_token") is None


def test_plugin_pages_are_checked_by_enablement_not_by_being_touched(qtbot, dialog, app):
    page = dialog.plugin_pages["every_kind"]
    # On for the default agent, Greeting required and empty: OK says so though the page was
    # never opened.
    dialog.general.form.fields["theme"].set_value("dark")
    press_ok(qtbot, dialog)
    assert dialog.result() != 1
    assert "Every kind" in dialog.banner.text()
    assert dialog.stack.currentWidget().widget() is page
    # Turned off for the agent: its empty required field no longer blocks OK, even with another
    # of its fields changed (which is still checked and saved).
    dialog.agents.form.fields["plugins"].set_value(["compaction"])
    page.form.fields["every.limit"].spin.setValue(12)
    press_ok(qtbot, dialog)
    assert dialog.result() == 1, dialog.banner.text()
    assert app.settings.theme == "dark"
    saved = json.loads(config_file(app))["agents"]["default"]
    assert saved["disabled_plugins"] == ["every_kind"]
    assert saved["every"] == {"limit": 12}


def test_the_applications_problem_opens_the_plugin_page_on_the_agent_missing_it(qtbot, app):
    app.config.agents["writer"] = app.config.agents["default"].model_copy(
        update={"label": "Writer"}
    )
    app.configuration.save_config()
    dialog = SettingsDialog(app)
    qtbot.add_widget(dialog)
    dialog.apply_plugin_facts(gather_plugin_facts(app.agents, None))
    page = dialog.plugin_pages["every_kind"]
    assert page.agent_id == "default"
    page.form.fields["every.greeting"].edit.setText("Hello")
    press_ok(qtbot, dialog)  # the writer has the plugin on too, and no greeting
    assert dialog.result() != 1
    assert dialog.stack.currentWidget().widget() is page
    assert page.agent_id == "writer"
    assert page.agent_combo.currentText() == "Writer"
    errors = [label.text() for label in page.form.findChildren(QLabel, "formError") if label.text()]
    assert len(errors) == 1
    assert "“Writer”" in errors[0]
    assert "Every kind › Writer › Greeting" in dialog.banner.text()
    page.form.fields["every.greeting"].edit.setText("Hi")
    press_ok(qtbot, dialog)
    assert dialog.result() == 1, dialog.banner.text()
    saved = json.loads(config_file(app))["agents"]
    assert saved["default"]["every"] == {"greeting": "Hello"}
    assert saved["writer"]["every"] == {"greeting": "Hi"}


def test_a_change_to_a_plugin_no_agent_uses_is_still_checked(qtbot, dialog, app):
    page = dialog.plugin_pages["every_kind"]
    dialog.agents.form.fields["plugins"].set_value(["compaction"])
    page.form.fields["every.notes"].edit.setPlainText("n")
    page.form.fields["every.extra"].edit.setPlainText("{not json")
    press_ok(qtbot, dialog)
    assert dialog.result() != 1  # what was typed is checked, the empty Greeting is not
    shown = [label.text() for label in page.form.findChildren(QLabel, "formError") if label.text()]
    assert shown == [
        "Not valid JSON (line 1, column 2): Expecting property name enclosed in double quotes."
    ]
    page.form.fields["every.extra"].edit.setPlainText('{"a": 1}')
    press_ok(qtbot, dialog)
    assert dialog.result() == 1, dialog.banner.text()
    saved = json.loads(config_file(app))["agents"]["default"]["every"]
    assert saved == {"notes": "n", "extra": {"a": 1}}


def test_cancel_changes_nothing(dialog, app):
    before = config_file(app)
    settings_before = app.settings.model_dump()
    dialog.general.form.fields["theme"].set_value("dark")
    dialog.plugin_pages["every_kind"].form.fields["every.greeting"].edit.setText("x")
    dialog.providers.form.fields["api_key"].edit.setText(SECRET)
    dialog.reject()
    assert config_file(app) == before
    assert app.settings.model_dump() == settings_before
    assert app.secrets.get("providers.local.api_key") is None


def test_general_agents_providers_and_tools(qtbot, app):
    app.settings.tool_approvals = {"write_file": "always", "shell": "always"}
    app.configuration.save_settings()
    dialog = SettingsDialog(app)
    qtbot.add_widget(dialog)
    dialog.apply_plugin_facts(gather_plugin_facts(app.agents, None))
    dialog.plugin_pages["every_kind"].form.fields["every.greeting"].edit.setText("hi")
    dialog.general.form.fields["theme"].set_value("dark")
    dialog.general.form.fields["max_attachment_bytes"].spin.setValue(8)
    # A provider key goes to the keyring under the provider's name.
    dialog.providers.form.fields["api_key"].edit.setText(SECRET)
    dialog.providers.form.fields["base_url"].edit.setText("http://127.0.0.1:9/v1")
    # A new agent with its own prompt and without the compaction plugin.
    dialog.agents.add_clicked()
    assert dialog.agents.current_id == "agent"
    agent_form = dialog.agents.form
    # The form of the agent left behind is gone from the page at once, not drawn underneath.
    shown_forms = [form for form in dialog.agents.findChildren(FormWidget) if not form.isHidden()]
    assert shown_forms == [agent_form]
    agent_form.fields["system_prompt"].edit.setPlainText("Write tersely.")
    agent_form.fields["plugins"].set_value(["every_kind"])
    agent_form.fields["parameters"].edit.setPlainText('{"temperature": 0.2}')
    # Revoke one remembered approval.
    revoke = dialog.tools.approvals.findChild(QPushButton, "revoke:write_file")
    revoke.click()
    press_ok(qtbot, dialog)
    # The new agent has "Every kind" on, which needs a greeting: its form for that agent is
    # shown with the field marked.
    assert dialog.result() != 1
    page = dialog.plugin_pages["every_kind"]
    assert page.agent_id == "agent"
    assert "Every kind" in dialog.banner.text()
    page.form.fields["every.greeting"].edit.setText("hello")
    press_ok(qtbot, dialog)
    assert dialog.result() == 1

    assert app.settings.theme == "dark"
    assert app.settings.max_attachment_bytes == 8 * 1024 * 1024
    assert app.settings.tool_approvals == {"shell": "always"}
    assert json.loads(app.paths.settings_path.read_text())["tool_approvals"] == {"shell": "always"}
    text = config_file(app)
    assert SECRET not in text
    saved = json.loads(text)
    assert saved["providers"]["local"]["api_key"] == "${keyring:providers.local.api_key}"
    assert saved["providers"]["local"]["base_url"] == "http://127.0.0.1:9/v1"
    assert app.secrets.get("providers.local.api_key") == SECRET
    writer = saved["agents"]["agent"]
    assert writer["system_prompt"] == "Write tersely."
    assert writer["parameters"] == {"temperature": 0.2}
    assert writer["disabled_plugins"] == ["compaction"]
    enabled = app.agents.build_core("agent").get_enabled_plugins(app.build_agent_config("agent"))
    assert "compaction" not in enabled["features"]
    assert "every_kind" in enabled["features"]


def test_removing_a_provider_removes_its_key(qtbot, app):
    app.secrets.set("providers.local.api_key", SECRET)
    app.config.providers["local"].api_key = "${keyring:providers.local.api_key}"
    app.config.agents["default"].provider = None
    # Every kind's required Greeting is empty: the agent must not have it on to save anything.
    app.config.agents["default"].disabled_plugins = ["every_kind"]
    app.configuration.save_config()
    dialog = SettingsDialog(app)
    qtbot.add_widget(dialog)
    dialog.providers.remove_current()
    press_ok(qtbot, dialog)
    assert dialog.result() == 1, dialog.banner.text()
    assert "local" not in json.loads(config_file(app))["providers"]
    assert app.secrets.get("providers.local.api_key") is None


def test_mcp_import_and_edit(qtbot, mcp_app):
    app = mcp_app
    dialog = SettingsDialog(app)
    qtbot.add_widget(dialog)
    page = dialog.mcp_servers
    added, problem = page.import_json("{not json")
    assert added == []
    assert "not valid JSON" in problem
    added, problem = page.import_json(
        json.dumps(
            {
                "mcpServers": {
                    "time": {
                        "command": "uvx",
                        "args": ["mcp-server-time", "--local-timezone", "Europe/Oslo"],
                    }
                }
            }
        )
    )
    assert (added, problem) == (["time"], None)
    assert page.form.fields["args"].edit.text() == "mcp-server-time --local-timezone Europe/Oslo"
    page.form.fields["args"].edit.setText("mcp-server-time --local-timezone 'America/New_York'")
    page.form.fields["command"].edit.clear()
    press_ok(qtbot, dialog)
    assert dialog.result() != 1
    assert "MCP servers" in dialog.banner.text()
    shown = [label.text() for label in page.form.findChildren(QLabel, "formError") if label.text()]
    assert shown == ["Give a command to start the server, or its URL."]
    page.form.fields["command"].edit.setText("uvx")
    press_ok(qtbot, dialog)
    saved = json.loads(config_file(app))["mcp_servers"]["time"]
    assert saved["args"] == ["mcp-server-time", "--local-timezone", "America/New_York"]


def test_an_oauth_client_secret_goes_to_the_keyring_and_the_client_id_to_the_config(qtbot, mcp_app):
    app = mcp_app
    dialog = SettingsDialog(app)
    qtbot.add_widget(dialog)
    page = dialog.mcp_servers
    page.import_json(json.dumps({"mcpServers": {"gh": {"url": "https://mcp.example.test/mcp"}}}))
    client_id = page.form.fields["oauth_client_id"]
    client_secret = page.form.fields["oauth_client_secret"]
    assert client_id.spec.label == "OAuth client ID"
    assert "does not let apps register themselves" in client_id.spec.description
    assert client_secret.spec.kind == "secret"
    client_id.edit.setText("Iv1.owner-gave-this")
    client_secret.edit.setText(SECRET)
    assert client_secret.edit.echoMode() == QLineEdit.EchoMode.Password
    press_ok(qtbot, dialog)
    assert dialog.result() == 1

    saved = json.loads(config_file(app))["mcp_servers"]["gh"]
    assert saved["oauth_client_id"] == "Iv1.owner-gave-this"
    assert saved["oauth_client_secret"] == "${keyring:mcp_servers.gh.oauth_client_secret}"
    assert SECRET not in config_file(app)
    assert app.secrets.get("mcp_servers.gh.oauth_client_secret") == SECRET


def test_mcp_environment_and_headers_are_tables_with_secret_values(qtbot, mcp_app):
    app = mcp_app
    dialog = SettingsDialog(app)
    qtbot.add_widget(dialog)
    page = dialog.mcp_servers
    page.import_json(json.dumps({"mcpServers": {"gh": {"command": "gh-mcp"}}}))
    # Built from the model: titles and descriptions come from McpServerConfig.
    assert set(page.form.fields) == {
        "enabled",
        "command",
        "args",
        "env",
        "url",
        "headers",
        "oauth_client_id",
        "oauth_client_secret",
        "oauth_client_metadata_url",
    }
    env = page.form.fields["env"]
    assert env.spec.kind == "keyvalue"
    qtbot.mouseClick(env.add_button, Qt.MouseButton.LeftButton)
    row = env.rows[-1]
    qtbot.keyClicks(row.name, "LOG_LEVEL")
    row.value.setText("debug")
    assert not row.secret.isChecked()
    typed = env.add_row()
    qtbot.keyClicks(typed.name, "SERVICE_API_KEY")
    assert typed.secret.isChecked()  # ticked as the credential's name is typed
    qtbot.mouseClick(typed.secret, Qt.MouseButton.LeftButton, pos=QPoint(4, 8))
    qtbot.keyClicks(typed.name, "_HINT")
    assert not typed.secret.isChecked()  # the user's own choice stays
    env.remove_row(typed)
    token = env.add_row("GITHUB_TOKEN", SECRET)
    assert token.secret.isChecked()  # a credential's name ticks Secret by itself
    assert token.value.echoMode() == QLineEdit.EchoMode.Password
    env.add_row("HOME_DIR", "${env:HOME}")
    press_ok(qtbot, dialog)
    assert dialog.result() == 1

    saved = json.loads(config_file(app))["mcp_servers"]["gh"]
    assert saved["env"] == {
        "LOG_LEVEL": "debug",
        "GITHUB_TOKEN": "${keyring:mcp_servers.gh.env.GITHUB_TOKEN}",
        "HOME_DIR": "${env:HOME}",
    }
    assert SECRET not in config_file(app)
    assert app.secrets.get("mcp_servers.gh.env.GITHUB_TOKEN") == SECRET

    # Reopened: the stored secret shows as stored; un-ticking it and removing it deletes it.
    again = SettingsDialog(app)
    qtbot.add_widget(again)
    again.mcp_servers.select("gh")
    env = again.mcp_servers.form.fields["env"]
    stored = next(row for row in env.rows if row.name.text() == "GITHUB_TOKEN")
    assert stored.value.text() == ""
    assert "stored" in stored.value.placeholderText()
    qtbot.mouseClick(stored.remove, Qt.MouseButton.LeftButton)
    headers = again.mcp_servers.form.fields["headers"]
    headers.add_row("Authorization", "Bearer abc")
    headers.add_row("Authorization", "Bearer def")
    press_ok(qtbot, again)
    assert again.result() != 1
    shown = [label.text() for label in again.findChildren(QLabel, "formError") if label.text()]
    assert shown == ["Each name once: Authorization appears more than once."]
    headers.remove_row(headers.rows[-1])
    press_ok(qtbot, again)
    assert again.result() == 1
    saved = json.loads(config_file(app))["mcp_servers"]["gh"]
    assert "GITHUB_TOKEN" not in saved["env"]
    assert saved["headers"] == {"Authorization": "${keyring:mcp_servers.gh.headers.Authorization}"}
    assert app.secrets.get("mcp_servers.gh.env.GITHUB_TOKEN") is None
    assert app.secrets.get("mcp_servers.gh.headers.Authorization") == "Bearer abc"


def test_opens_without_blocking_and_loads_plugins_in_the_background(qtbot, app, qt_loop):
    from PySide6.QtWidgets import QWidget

    window = QWidget()
    qtbot.add_widget(window)
    window.show()

    async def scenario():
        opened = []
        open_settings_dialog(window, app, opened=opened.append)
        await qt_loop.until(lambda: opened)
        dialog = opened[0]
        assert dialog.isVisible()
        await dialog.loading_task
        return dialog

    dialog = qt_loop.run(scenario())
    assert "every_kind" in dialog.plugin_pages
    titles = [dialog.nav.item(row).text() for row in range(dialog.nav.count())]
    assert titles[:6] == list(SettingsDialog.PAGE_NAMES)
    assert "Loading plugin settings…" not in titles
    assert "PLUGIN SETTINGS" in titles
    dialog.reject()


def test_a_slow_keyring_read_never_blocks_opening_settings(qtbot, app, qt_loop):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QWidget

    app.config.providers["local"].api_key = "${keyring:providers.local.api_key}"
    app.configuration.save_config()
    backend = SlowKeyring(slow_reads=True)
    backend.secrets[("agent-desktop", "providers.local.api_key")] = SECRET
    keyring.set_keyring(backend)
    app.configuration.secrets = SecretStore()  # not probed yet: the probe waits on the keyring too
    window = QWidget()
    qtbot.add_widget(window)
    window.show()
    ticks: list[bool] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(backend.reading.is_set()))
    timer.start(10)

    shown = []

    def opened(dialog):
        # The key's field as first drawn (from the model, before the plugin describes it).
        shown.append(dialog.providers.form.fields["api_key"].edit.placeholderText())
        dialog.reject()

    async def scenario():
        open_settings_dialog(window, app, opened=opened)  # comes back at once
        await qt_loop.until(backend.reading.is_set)
        await qt_loop.until(lambda: ticks.count(True) >= 10)
        assert shown == []  # still looking at the keyring, and the window runs meanwhile
        backend.let_through()
        await qt_loop.until(lambda: shown)

    qt_loop.run(scenario(), timeout=30)
    timer.stop()
    assert "stored in the system keyring" in shown[0]


def test_dialog_opens_even_when_the_agent_cannot_be_built(qtbot, app):
    app.config.agents["default"].provider = "missing"
    dialog = SettingsDialog(app)
    qtbot.add_widget(dialog)
    dialog.apply_plugin_facts(gather_plugin_facts(app.agents, None))
    assert "could not be loaded" in dialog.plugins.problems.toPlainText()
    assert dialog.plugin_pages == {}


def _shot(widget, tmp_path, name: str) -> None:
    QApplication.processEvents()
    target = tmp_path / name
    assert widget.grab().save(str(target))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(target, SCREENSHOTS / name)


def test_screenshots(qtbot, dialog, tmp_path):
    qtbot.waitExposed(dialog)
    dialog.app.settings.tool_approvals = {"write_file": "always"}
    dialog.tools.refresh()
    dialog.show_page(dialog.tools)
    _shot(dialog, tmp_path, "settings-tools.png")
    dialog.mcp_servers.import_json(
        json.dumps({"mcpServers": {"time": {"command": "uvx", "args": ["mcp-server-time"]}}})
    )
    dialog.show_page(dialog.mcp_servers)
    _shot(dialog, tmp_path, "settings-mcp.png")
    dialog.show_page(dialog.providers)
    _shot(dialog, tmp_path, "settings-providers.png")
    page = dialog.plugin_pages["every_kind"]
    dialog.show_page(page)
    page.form.validate()
    _shot(dialog, tmp_path, "settings-plugin-page.png")
    dialog.show_page(dialog.plugins)
    _shot(dialog, tmp_path, "settings-plugins.png")
    dialog.show_page(dialog.agents)
    _shot(dialog, tmp_path, "settings-agents.png")
    dialog.show_page(dialog.general)
    _shot(dialog, tmp_path, "settings-general.png")


@pytest.mark.integration
def test_mcp_test_connection_with_a_real_server(qtbot, qt_loop):
    import sys

    from mcp_tools import McpTools

    application = AgentApplication(plugins=[ScriptedProvider, McpTools])
    try:
        dialog = SettingsDialog(application)
        qtbot.add_widget(dialog)
        page = dialog.mcp_servers
        assert page.test_button.isEnabled()
        servers = {
            "time": {
                "command": sys.executable,
                "args": ["-m", "mcp_server_time", "--local-timezone", "UTC"],
            },
            "broken": {
                "command": sys.executable,
                "args": ["-c", "import sys; sys.stderr.write('no such server'); sys.exit(3)"],
            },
        }
        assert page.import_json(json.dumps({"mcpServers": servers})) == (["time", "broken"], None)

        async def test(name):
            page.reload_list(select=name)
            page.start_test()
            return await page.test_task

        working = qt_loop.run(test("time"), timeout=60)
        assert working.startswith("Connected: ")
        assert "get_current_time" in working
        assert page.test_result.text() == working
        failing = qt_loop.run(test("broken"), timeout=60)
        assert failing.startswith("Could not connect")
        assert failing.count("no such server") == 1  # its stderr, once
        page.reload_list(select="time")  # another server: the last result is not left beside it
        assert page.test_result.text() == ""
        assert not page.test_button.isHidden()
        for _name in ("time", "broken"):
            page.reload_list(select=page.current_id)
            page.remove_current()
        assert page.current_id is None  # no server: nothing to test, no log to show
        assert page.test_button.isHidden()
        assert page.status_log is not None
        assert page.status_log.isHidden()
        dialog.reject()
    finally:
        qt_loop.run(application.aclose(), timeout=30)


def test_untouched_plugin_fields_do_not_overwrite_other_pages(qtbot, app):
    app.config.agents["default"].model = "scripted-old"
    app.configuration.save_config()
    dialog = SettingsDialog(app)
    qtbot.add_widget(dialog)
    dialog.apply_plugin_facts(gather_plugin_facts(app.agents, None))
    # A provider's settings live on the Providers page only, never on a plugin page of its own.
    assert "scripted" not in dialog.plugin_pages
    dialog.plugin_pages["every_kind"].form.fields["every.greeting"].edit.setText("hi")
    dialog.agents.form.fields["model"].set_value("scripted-new")
    press_ok(qtbot, dialog)
    assert dialog.result() == 1
    assert json.loads(config_file(app))["agents"]["default"]["model"] == "scripted-new"


class RaisingFeature:
    name = "raising"
    version = "0.0.1"

    def init(self, config, state):
        return state

    def get_ui_elements(self, config, context=None):
        raise RuntimeError("the settings file of this plugin is corrupt")


def test_a_plugin_that_raises_is_reported_and_the_dialog_opens(qtbot):
    application = AgentApplication(plugins=[ScriptedProvider, EveryKindFeature, RaisingFeature])
    try:
        application.config.providers["local"] = ProviderConfig(provider="scripted")
        application.config.agents["default"].provider = "local"
        dialog = SettingsDialog(application)
        qtbot.add_widget(dialog)
        dialog.apply_plugin_facts(gather_plugin_facts(application.agents, None))
        problems = dialog.plugins.problems.toPlainText()
        assert "plugin 'raising' failed in get_ui_elements" in problems
        assert "corrupt" in problems
        assert "every_kind" in dialog.plugin_pages
    finally:
        application.close()


def test_dark_theme_screenshot(qtbot, qapp, app, tmp_path):
    from agent_desktop.toolkit.theme import ThemeManager

    theme = ThemeManager(qapp, "dark")
    theme.apply()
    try:
        dialog = SettingsDialog(app)
        qtbot.add_widget(dialog)
        dialog.apply_plugin_facts(gather_plugin_facts(app.agents, None))
        dialog.show()
        qtbot.waitExposed(dialog)
        page = dialog.plugin_pages["every_kind"]
        dialog.show_page(page)
        page.form.validate()
        _shot(dialog, tmp_path, "settings-plugin-page-dark.png")
    finally:
        theme.set_preference("light")


def test_opens_on_the_window_agent(qtbot, app):
    from agent_app.config import AgentConfig

    app.config.agents["writer"] = AgentConfig(label="Writer", provider="local")
    dialog = SettingsDialog(app, agent_id="writer")
    qtbot.add_widget(dialog)
    dialog.apply_plugin_facts(gather_plugin_facts(app.agents, "writer"))
    assert dialog.agents.current_id == "writer"
    page = dialog.plugin_pages["every_kind"]
    assert page.agent_id == "writer"
    assert page.agent_combo.currentData() == "writer"
    page.form.fields["every.greeting"].edit.setText("for the writer")
    page.agent_combo.setCurrentIndex(page.agent_combo.findData("default"))
    assert page.agent_id == "default"
    assert page.form.fields["every.greeting"].edit.text() == ""
    page.form.fields["every.greeting"].edit.setText("for default")
    press_ok(qtbot, dialog)
    saved = json.loads(config_file(app))["agents"]
    assert saved["writer"]["every"]["greeting"] == "for the writer"
    assert saved["default"]["every"]["greeting"] == "for default"


def test_mcp_import_preview_says_what_is_added_and_skipped(qtbot, mcp_app, tmp_path):
    dialog = SettingsDialog(mcp_app)
    qtbot.add_widget(dialog)
    page = dialog.mcp_servers
    page.import_button.click()
    claude = {
        "mcpServers": {
            "time": {"command": "uvx", "args": ["mcp-server-time"]},
            "github": {"command": "npx", "args": ["-y", "gh"], "disabled": True},
            "old": {"type": "sse", "url": "http://127.0.0.1:9/sse"},
        }
    }
    page.importer.box.setPlainText(json.dumps(claude))
    page.importer.preview_button.click()
    shown = page.importer.message.text()
    assert "+ time: uvx mcp-server-time" in shown
    assert "+ github: npx -y gh (off: disabled in the file)" in shown
    assert "– old is skipped: MCP server 'old' uses the old SSE transport" in shown
    assert page.importer.add_button.text() == "Add 2 servers"
    assert "time" not in dialog.draft_config.mcp_servers  # a preview adds nothing
    page.importer.add_button.click()
    assert dialog.draft_config.mcp_servers["github"].enabled is False
    assert dialog.draft_config.mcp_servers["time"].args == ["mcp-server-time"]
    assert "old" not in dialog.draft_config.mcp_servers

    vs_code = {"servers": {"files": {"type": "stdio", "command": "files-server"}}}
    assert page.import_json(json.dumps(vs_code)) == (["files"], None)
    assert "servers" not in dialog.draft_config.mcp_servers
    dialog.show_page(page)
    page.import_json(json.dumps(claude))
    _shot(dialog, tmp_path, "settings-mcp-import.png")


def test_server_names_with_spaces_or_dots_become_the_same_ids_typed_or_imported(qtbot, mcp_app):
    """Typing "walk echo" was refused while importing "my.server" was accepted as it was."""
    dialog = SettingsDialog(mcp_app)
    qtbot.add_widget(dialog)
    page = dialog.mcp_servers
    qtbot.keyClicks(page.new_id, "walk echo")
    qtbot.mouseClick(page.add_button, Qt.MouseButton.LeftButton)
    assert "walk-echo" in dialog.draft_config.mcp_servers
    assert page.current_id == "walk-echo"
    assert not page.side_message.isVisible()

    page.import_button.click()
    page.importer.box.setPlainText(json.dumps({"mcpServers": {"my.server": {"command": "srv"}}}))
    page.importer.preview_button.click()
    assert "+ my-server: srv (“my.server” in the file)" in page.importer.message.text()
    page.importer.add_button.click()
    assert "my-server" in dialog.draft_config.mcp_servers
    assert "my.server" not in dialog.draft_config.mcp_servers


@pytest.mark.integration
def test_mcp_page_shows_a_running_servers_status_and_log(qtbot, qt_loop, tmp_path):
    import sys

    application = AgentApplication(plugins=[ScriptedProvider, McpTools])
    legacy = {
        "command": sys.executable,
        "args": ["-m", "tests.support.mcp_legacy_server"],
        "cwd": str(Path(__file__).resolve().parents[2]),
    }
    try:
        application.config.mcp_servers["legacy"] = McpServerConfig(**legacy)
        qt_loop.run(application.tool_servers.start(), timeout=60)
        dialog = SettingsDialog(application)
        qtbot.add_widget(dialog)
        dialog.show()
        page = dialog.mcp_servers
        dialog.show_page(page)
        page.select("legacy")
        panel = page.status_log
        panel.refresh()
        assert panel.status.text() == (
            "Running · 6 tools\nrender is hidden from the model: it can only run as an MCP task "
            "(taskSupport: required), which this app cannot run yet."
        )
        panel.toggle.click()
        assert "stderr: legacy test server ready" in panel.log.toPlainText()
        assert "start: ready with 6 tools" in panel.log.toPlainText()
        _shot(dialog, tmp_path, "settings-mcp-log.png")
    finally:
        qt_loop.run(application.aclose(), timeout=30)


def test_argument_rules_and_mcp_server_trust_on_the_tools_page(qtbot, app):
    from agent_app.config import McpServerConfig
    from agent_app.tool_trust import ToolRule

    git = ToolRule(tool="shell", kind="command_prefix", value="git status", definition="d1")
    docs = ToolRule(tool="write_file", kind="path_under", value="docs")
    app.settings.tool_rules = [git, docs]
    app.config.mcp_servers["files"] = McpServerConfig(command="files-server")
    app.config.agents["default"].disabled_plugins = ["every_kind"]  # it would need a greeting
    app.configuration.save_settings()
    app.configuration.save_config()
    dialog = SettingsDialog(app)
    qtbot.add_widget(dialog)
    dialog.apply_plugin_facts(gather_plugin_facts(app.agents, None))
    rules = dialog.tools.rules
    shown = [rules.table.topLevelItem(i).text(1) for i in range(rules.table.topLevelItemCount())]
    assert shown == ["commands starting with “git status”", "paths under “docs”"]
    rules.table.findChild(QPushButton, f"revoke-rule:{docs.rule_id}").click()
    assert rules.table.topLevelItemCount() == 1
    trust = dialog.tools.server_trust.choices["files"]
    assert trust.currentData() == "ask"  # a server's hints are not obeyed unless chosen
    trust.setCurrentIndex(trust.findData("trust_read_only"))
    # A rule made while the dialog is open (an approval answered meanwhile) is kept.
    late = ToolRule(tool="web_fetch", kind="url_domain", value="docs.python.org")
    app.settings.tool_rules = [*app.settings.tool_rules, late]
    press_ok(qtbot, dialog)
    assert dialog.result() == 1

    assert app.settings.tool_rules == [git, late]
    assert app.settings.mcp_server_trust == {"files": "trust_read_only"}
    saved = json.loads(app.paths.settings_path.read_text())
    assert [rule["value"] for rule in saved["tool_rules"]] == ["git status", "docs.python.org"]
    assert saved["mcp_server_trust"] == {"files": "trust_read_only"}


def test_agent_parameters_are_the_fields_its_provider_declares(qtbot, qt_async):
    from agent_app.settings_facts import gather_provider_forms
    from anthropic_provider import AnthropicProvider
    from openai_provider import OpenAICompatibleProvider

    application = AgentApplication(plugins=[OpenAICompatibleProvider, AnthropicProvider])
    try:
        application.config.providers["local"] = ProviderConfig(
            provider="openai_compatible", base_url="http://127.0.0.1:9/v1"
        )
        application.config.providers["claude"] = ProviderConfig(provider="anthropic")
        application.config.agents["default"].provider = "local"
        application.config.agents["default"].parameters = {"temperature": 0.7, "seed": 7}
        application.config.agents["default"].model = "walk-model"  # served by "local" only
        dialog = SettingsDialog(application)
        qtbot.add_widget(dialog)
        dialog.set_provider_forms(gather_provider_forms(application.plugins)[0])
        page = dialog.agents
        form = page.form
        # The provider's own fields, not JSON; where it connects and its key are not offered.
        assert form.fields["parameters.temperature"].spec.label == "Temperature"
        assert form.fields["parameters.temperature"].value() == 0.7
        assert form.fields["parameters.max_tokens"].value() is None  # "(not set)": provider's
        assert not {"parameters.api_key", "parameters.base_url", "parameters.model"} & set(
            form.fields
        )
        assert form.fields["parameters"].spec.label == "Other parameters (JSON)"
        assert form.fields["parameters"].value() == {"seed": 7}
        # Only undeclared extras are JSON: a declared one typed there is pointed to its field.
        form.fields["parameters"].edit.setPlainText('{"seed": 7, "temperature": 1}')
        press_ok(qtbot, dialog)
        assert dialog.result() != 1
        shown = [label.text() for label in form.findChildren(QLabel, "formError") if label.text()]
        assert shown == ["temperature has its own field above; set it there."]
        form.fields["parameters"].edit.setPlainText('{"seed": 8}')
        form.fields["parameters.max_tokens"].spin.setValue(512)
        # Choosing Anthropic draws its parameters (thinking budget) instead.
        combo = form.fields["provider"].combo
        combo.setCurrentIndex(combo.findData("claude"))
        assert "parameters.thinking_budget" in page.form.fields
        assert page.form.fields["parameters.max_tokens"].value() == 512
        # The model of the provider left behind is not kept: Anthropic's default answers.
        assert page.form.fields["model"].value() in (None, "")
        press_ok(qtbot, dialog)
        assert dialog.result() != 1  # the agent now needs Anthropic's key
        assert "Providers › claude › API key: " in dialog.banner.text()
        dialog.providers.form.fields["api_key"].edit.setText("${env:ANTHROPIC_API_KEY}")
        press_ok(qtbot, dialog)
        assert dialog.result() == 1, dialog.banner.text()
        agent = json.loads(config_file(application))["agents"]["default"]
        assert agent["provider"] == "claude"
        assert agent.get("model") is None
        assert agent["parameters"] == {"temperature": 0.7, "max_tokens": 512, "seed": 8}
    finally:
        application.close()


def test_another_provider_for_an_agent_never_keeps_the_old_providers_model(qtbot, qt_async):
    # Seen walking the app: switched to Anthropic, the agent kept "mock-gpt" (listed by the
    # old provider) and sent it to /v1/messages.
    from agent_app.settings_facts import PluginFacts
    from anthropic_provider import AnthropicProvider
    from openai_provider import OpenAICompatibleProvider

    application = AgentApplication(plugins=[OpenAICompatibleProvider, AnthropicProvider])
    try:
        application.config.providers["local"] = ProviderConfig(
            provider="openai_compatible", base_url="http://127.0.0.1:9/v1"
        )
        application.config.providers["claude"] = ProviderConfig(provider="anthropic")
        application.config.agents["default"].provider = "local"
        application.config.agents["default"].model = "mock-gpt"
        dialog = SettingsDialog(application)
        qtbot.add_widget(dialog)
        # The dialog lists the models of the agent's provider as it opens.
        dialog.apply_plugin_facts(PluginFacts(models=[{"id": "mock-gpt", "name": "mock-gpt"}]))
        page = dialog.agents
        combo = page.form.fields["provider"].combo
        combo.setCurrentIndex(combo.findData("claude"))
        assert page.form.fields["model"].value() in (None, "")  # Anthropic's default answers

        # With the new provider's models listed and no default set for it: its first one.
        dialog.providers.models_by_entry["local"] = [{"id": "mock-gpt"}, {"id": "local-b"}]
        dialog.providers.models_by_entry["claude"] = [{"id": "claude-a"}, {"id": "claude-b"}]
        combo = page.form.fields["provider"].combo
        combo.setCurrentIndex(combo.findData("local"))
        assert page.form.fields["model"].value() == "mock-gpt"
        combo = page.form.fields["provider"].combo
        combo.setCurrentIndex(combo.findData("claude"))
        assert page.form.fields["model"].value() == "claude-a"
    finally:
        application.close()


def test_a_stored_keys_placeholder_shows_whole_at_the_first_size(qtbot, app):
    app.secrets.set("providers.local.api_key", SECRET)
    app.config.providers["local"].api_key = "${keyring:providers.local.api_key}"
    app.configuration.save_config()
    opened = SettingsDialog(app)
    qtbot.add_widget(opened)
    opened.apply_plugin_facts(gather_plugin_facts(app.agents, None))
    opened.show()
    opened.resize(920, 640)  # its first size on a screen that has room (this one is smaller)
    opened.show_page(opened.providers)
    edit = opened.providers.form.fields["api_key"].edit
    qtbot.waitUntil(lambda: edit.isVisible() and edit.width() > 150)
    placeholder = edit.placeholderText()
    assert "stored in the system keyring" in placeholder
    # What the line edit has for text (its frame and inner margins of a few pixels taken off).
    assert edit.fontMetrics().horizontalAdvance(placeholder) <= edit.width() - 10
    assert "replace" in edit.toolTip()


def test_the_agents_add_and_remove_stay_in_view_beside_a_long_form(qtbot, dialog):
    dialog.resize(920, 560)
    dialog.nav.setCurrentRow(dialog.pages.index(dialog.agents))
    qtbot.waitUntil(lambda: dialog.agents.isVisible())
    page = dialog.agents
    # The agent's form is taller than the dialog: it scrolls, the list's buttons do not.
    assert page.form is not None
    assert page.form.sizeHint().height() > dialog.stack.height()
    for button in (page.add_button, page.remove_button):
        shown = button.visibleRegion().boundingRect()
        assert shown.size() == button.size(), f"{button.text()} is scrolled out of view"


def test_the_plugin_tables_status_column_shows_whole_without_scrolling_sideways(qtbot, dialog):
    # A walk found "Status" cut off on the right behind a horizontal scrollbar (Japanese).
    dialog.show_page(dialog.plugins)
    dialog.resize(610, 600)  # room for every column but the source's whole text
    tree = dialog.plugins.tree
    qtbot.wait_until(lambda: tree.topLevelItemCount() > 0)
    header = tree.header()
    status = len(dialog.plugins.COLUMNS) - 1
    qtbot.wait_until(
        lambda: (
            header.sectionPosition(status) + header.sectionSize(status) <= tree.viewport().width()
        )
    )
    assert header.sectionSize(status) >= tree.sizeHintForColumn(status)
    assert not tree.horizontalScrollBar().isVisible()
