"""The Providers page: one place for every connection to a model server.

A provider entry is added from a preset (local servers found running, cloud services), never by
typing an id. Its form is the provider plugin's own (the same form engine as every plugin page);
what is typed belongs to that entry only, and keys go to `providers.<id>.<key>` in the keyring.
"Test connection" asks the server for its models in a worker thread and says what failed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QHBoxLayout, QMenu, QPushButton

from agent_app.config import PROVIDER, ProviderConfig
from agent_app.provider_presets import (
    CLOUD_PRESETS,
    PRESET_WORDS,
    ProviderPreset,
    detected_preset,
    new_provider_id,
)
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.settings.collection import CollectionPage
from agent_desktop.settings.common import note, validation_message
from agent_desktop.settings.model_form import model_elements
from agent_desktop.toolkit.theme import current_palette

if TYPE_CHECKING:
    from agent_desktop.settings.common import SettingsHost


def _wording(element: Mapping[str, Any] | None) -> dict[str, Any]:
    """The model's words for a field a plugin declares without them."""
    if element is None:
        return {}
    return {key: element[key] for key in ("label", "placeholder") if key in element}


class ProvidersPage(CollectionPage):
    title = QT_TRANSLATE_NOOP("SettingsPages", "Providers")
    subtitle = QT_TRANSLATE_NOOP(
        "SettingsPages",
        "Connections to model servers. Each provider keeps its own address, key and model. "
        "Keys go to the system keyring, never to the config file; ${env:VARIABLE} reads one "
        "from the environment instead.",
    )
    noun = QT_TRANSLATE_NOOP("SettingsPages", "provider")
    section = "providers"
    typed_ids = False

    def __init__(self, dialog: SettingsHost) -> None:
        self.detected: list[dict[str, Any]] = []
        self.models_by_entry: dict[str, list[Any]] = {}
        self.test_task: asyncio.Task[Any] | None = None
        super().__init__(dialog)
        self.add_button.setText(self.tr("Add provider…"))
        self.add_menu = QMenu(self)
        self.add_menu.setObjectName("addProviderMenu")
        self.test_button = QPushButton(self.tr("Test connection"))
        self.test_button.setToolTip(self.tr("Ask the server for its models with these settings"))
        self.test_button.clicked.connect(self.start_test)
        # Under the entry's title, not below its long form: the answer is seen without scrolling.
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_button, 0, Qt.AlignmentFlag.AlignTop)
        self.test_result = note("")
        self.test_result.setObjectName("providerTestResult")
        self.test_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        test_row.addWidget(self.test_result, 1)
        self.detail.insertLayout(1, test_row)
        self.test_button.setVisible(self.current_id is not None)

    # -- entries
    def entry_ids(self) -> list[str]:
        return list(self.dialog.draft_config.providers)

    def label_for(self, entry_id: str) -> str:
        return self.dialog.draft_config.providers[entry_id].label or entry_id

    def secret_namespace(self, entry_id: str) -> str:
        return f"providers.{entry_id}"

    def elements(self, entry_id: str) -> list[dict[str, Any]]:
        """`ProviderConfig`'s fields; once the plugin has described itself, its own fields
        instead (they say what this server takes), worded from the model where they are not."""
        own = model_elements(ProviderConfig, PROVIDER)
        plugin = self.dialog.draft_config.providers[entry_id].provider
        declared = self.dialog.provider_forms.get(plugin)
        if declared is None:
            return own
        wording = {element["key"]: element for element in own}
        return [
            wording["label"],  # the entry's name: every provider has one
            *(
                {**_wording(wording.get(element.get("key"))), **element}
                if isinstance(element, Mapping)
                else element
                for element in declared
            ),
        ]

    def models(self, entry_id: str) -> list[Any]:
        return self.models_by_entry.get(entry_id, [])

    def read(self, entry_id: str) -> dict[str, Any]:
        values: dict[str, Any] = self.dialog.draft_config.providers[entry_id].model_dump(
            exclude_none=True
        )
        values["request_options"] = values.get("request_options") or None
        if (
            values.get("base_url")
            and "preset" not in values
            and self._offers_custom_preset(entry_id)
        ):
            # An address of its own is a custom server, not the plugin's default preset.
            values["preset"] = "custom"
        return values

    def _offers_custom_preset(self, entry_id: str) -> bool:
        for element in self.elements(entry_id):
            if element.get("key") == "preset":
                options = element.get("options") or []
                return any(
                    (option.get("value") if isinstance(option, dict) else option) == "custom"
                    for option in options
                )
        return False

    def write(self, entry_id: str, values: dict[str, Any]) -> dict[str, str]:
        provider = self.dialog.draft_config.providers[entry_id]
        data = provider.model_dump(exclude_none=True)
        assert self.form is not None
        for key, field in self.form.fields.items():
            value = values.get(key)
            if value is None or (key not in data and value == field.spec.default):
                data.pop(key, None)  # unset, or a default left alone: not written to the file
            else:
                data[key] = value
        data["request_options"] = data.get("request_options") or {}
        try:
            self.dialog.draft_config.providers[entry_id] = ProviderConfig.model_validate(data)
        except ValidationError as error:
            return {"label": validation_message(error)}
        self.list.currentItem().setText(self.label_for(entry_id))
        return {}

    def form_built(self) -> None:
        assert self.current_id is not None
        plugin = self.dialog.draft_config.providers[self.current_id].provider
        kind = self.dialog.plugin_title(plugin)
        self.detail_title.setText(f"{self.label_for(self.current_id)}  ·  {kind}")
        if hasattr(self, "test_button"):
            self.test_button.setVisible(True)
            self.test_result.setText("")

    def delete(self, entry_id: str) -> None:
        provider = self.dialog.draft_config.providers.pop(entry_id)
        for key, value in provider.model_dump(exclude_none=True).items():
            if value == f"${{keyring:providers.{entry_id}.{key}}}":
                self.dialog.deleted_secrets[f"providers.{entry_id}.{key}"] = None

    def _show(self, entry_id: str | None) -> None:
        super()._show(entry_id)
        if entry_id is None and hasattr(self, "test_button"):
            self.test_button.setVisible(False)
            self.test_result.setText("")

    # -- adding from presets
    def presets(self) -> list[tuple[str, ProviderPreset]]:
        """(section, preset) offered by "Add provider…": local servers found, then services."""
        loaded = set(self.dialog.provider_plugin_names())
        offered = [(self.tr("Found on this computer"), detected_preset(s)) for s in self.detected]
        offered += [(self.tr("Services"), p) for p in CLOUD_PRESETS if p.plugin in loaded]
        offered += [
            (
                self.tr("For tests"),
                ProviderPreset(self.dialog.plugin_title(name), name, needs_key=False),
            )
            for name in sorted(loaded)
            if self.dialog.is_for_testing(name) and self.dialog.developer_mode()
        ]
        return offered

    def fill_add_menu(self) -> None:
        self.add_menu.clear()
        section = None
        for heading_text, preset in self.presets():
            if heading_text != section:
                # Not addSection: styled menus draw a section as a bare line, its text lost.
                if section is not None:
                    self.add_menu.addSeparator()
                header = self.add_menu.addAction(heading_text)
                header.setEnabled(False)
                bold = header.font()
                bold.setBold(True)
                header.setFont(bold)
                section = heading_text
            where = f"  —  {preset.base_url}" if preset.base_url and not preset.needs_key else ""
            shown_title = QCoreApplication.translate(PRESET_WORDS, preset.title)
            action = self.add_menu.addAction(shown_title + where)
            action.triggered.connect(lambda _=False, chosen=preset: self.add_preset(chosen))
        if not self.detected:
            hint = self.add_menu.addAction(
                self.tr("No local server found running (Ollama, LM Studio…)")
            )
            hint.setEnabled(False)

    def add_preset(self, preset: ProviderPreset) -> str | None:
        if self.store_current():
            self.side_message.setText(
                self.tr("Fix the highlighted fields of “{current_id}” first.").format(
                    current_id=self.current_id
                )
            )
            self.side_message.show()
            return None
        self.side_message.hide()
        entry_id = new_provider_id(preset.title, self.entry_ids())
        self.dialog.draft_config.providers[entry_id] = ProviderConfig.model_validate(preset.entry())
        if preset.model:
            self.models_by_entry[entry_id] = [{"id": preset.model, "name": preset.model}]
        self.added(entry_id)
        return entry_id

    def add_clicked(self) -> None:
        # popup(), not exec(): no nested event loop under the qasync loop.
        self.fill_add_menu()
        self.add_menu.popup(self.add_button.mapToGlobal(self.add_button.rect().bottomLeft()))

    def set_detected(self, servers: list[dict[str, Any]]) -> None:
        self.detected = list(servers)

    # -- test connection
    def start_test(self) -> None:
        if self.current_id is None or self.form is None:
            return
        self.touched_ids.add(self.current_id)
        if self.store_current():
            return
        entry = self.dialog.draft_config.providers[self.current_id].model_dump(exclude_none=True)
        typed = {**self.dialog.pending_secrets, **self.form.pending_secrets()}
        self.test_result.setStyleSheet(f"color: {current_palette().muted};")
        self.test_result.setText(self.tr("Connecting…"))
        self.test_button.setEnabled(False)
        self.test_task = asyncio.ensure_future(self.run_test(self.current_id, entry, typed))

    async def run_test(
        self, entry_id: str, entry: dict[str, Any], typed: dict[str, str | None]
    ) -> dict[str, Any]:
        try:
            outcome: dict[str, Any] = await self.dialog.app.configuration.test_provider_connection(
                entry, typed
            )
        finally:
            self.test_button.setEnabled(True)
        palette = current_palette()
        if outcome["ok"]:
            models = outcome["models"]
            self.models_by_entry[entry_id] = models
            names = [str(m.get("id", m)) if isinstance(m, dict) else str(m) for m in models]
            shown = ", ".join(names[:8]) + (" …" if len(names) > 8 else "")
            text = (
                self.tr("Connected: %n model(s) ({models}).", "", len(names)).format(models=shown)
                if names
                else self.tr("Connected: no models.")
            )
            if self.current_id == entry_id and self.form is not None:
                self.form.set_models(models)
        else:
            text = f"Failed: {outcome['error']}"
        if self.current_id == entry_id:
            colour = palette.success if outcome["ok"] else palette.error
            self.test_result.setStyleSheet(f"color: {colour};")
            self.test_result.setText(text)
        return outcome
