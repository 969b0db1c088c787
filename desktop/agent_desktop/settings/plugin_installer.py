"""Settings → Plugins: install a plugin wheel, or add a plugin source, without a terminal.

One field takes what the user has: a package name on the package index (Settings → General
names it), a wheel file (typed, or picked with Choose wheel…), a ``path:/folder``, a ``git+``
URL or a dotted class path. A package is fetched from the index with what it needs, and a wheel
is checked against the app and installed into the per-user plugin environment, off the GUI
thread; its plugins run at once
(their settings pages show when Settings opens next); a source is checked (a folder must hold a
plugin) and goes into the dialog's draft `plugins` list: it is written to the config on OK, like
every other page, and loads at the next start. The outcome, a refusal included, is said in
words under the field.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from agent_app.package_index import is_package_requirement
from agent_app.plugin_installs import InstallRefused
from agent_app.plugin_manager import WHEEL_SUFFIX, Installed, PluginManager, sources_with
from agent_app.plugin_sources import SourceError
from agent_desktop.toolkit.off_gui_thread import run_off_gui_thread


class PluginInstaller(QWidget):
    """The field, its buttons and the outcome line. `installed` is emitted after a change."""

    installed = Signal(list)  # the names of the plugins taken into this run (none: a source)
    details_wanted = Signal(str)  # what the field names, to be shown before it is installed

    def __init__(self, manager: PluginManager, draft_sources: list[str]) -> None:
        super().__init__()
        self.manager = manager
        self.draft_sources = draft_sources  # the dialog's draft: written on OK, not before
        self.field = QLineEdit()
        self.field.setAccessibleName(self.tr("Plugin to install"))
        self.field.setPlaceholderText(
            self.tr(
                "A package name, a wheel file (.whl), path:/folder, git+URL or package.PluginClass"
            )
        )
        self.field.returnPressed.connect(self.install)
        self.choose_button = QPushButton(self.tr("Choose wheel…"))
        self.choose_button.clicked.connect(self._choose_wheel)
        self.details_button = QPushButton(self.tr("Details"))
        self.details_button.setToolTip(
            self.tr("See what it is (kind, tools, settings) before installing it")
        )
        self.details_button.clicked.connect(self._details)
        self.install_button = QPushButton(self.tr("Install"))
        self.install_button.clicked.connect(self.install)
        self.outcome = QLabel()
        self.outcome.setObjectName("pluginInstallOutcome")
        self.outcome.setWordWrap(True)
        self.outcome.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.field, 1)
        row.addWidget(self.choose_button)
        row.addWidget(self.details_button)
        row.addWidget(self.install_button)
        stack = QVBoxLayout(self)
        stack.setContentsMargins(0, 0, 0, 0)
        stack.addLayout(row)
        stack.addWidget(self.outcome)

    def _choose_wheel(self) -> None:
        dialog = QFileDialog(self, self.tr("Choose a plugin wheel"))
        dialog.setNameFilter(self.tr("Python wheels (*.whl)"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.fileSelected.connect(self.field.setText)
        dialog.open()  # not exec(): no nested event loop

    def _details(self) -> None:
        text = self.field.text().strip()
        if not text:
            self._say(self.tr("Type or choose what to install first."))
            return
        self.details_wanted.emit(text)

    def install(self) -> None:
        text = self.field.text().strip()
        if not text:
            self._say(self.tr("Type or choose what to install first."))
            return
        self.install_button.setEnabled(False)
        if text.endswith(WHEEL_SUFFIX):
            self._say(self.tr("Installing {wheel}…").format(wheel=Path(text).name))
            run_off_gui_thread(self, lambda: self._install_wheel(Path(text)), self._wheel_done)
            return
        if is_package_requirement(text):
            self._say(self.tr("Fetching {name} from the package index…").format(name=text))
            run_off_gui_thread(self, lambda: self._install_package(text), self._wheel_done)
            return
        self._say(self.tr("Checking {source}…").format(source=text))
        current = list(self.draft_sources)
        run_off_gui_thread(self, lambda: self._checked_sources(current, text), self._source_done)

    def _install_wheel(self, wheel: Path) -> Installed | str:
        """On a worker: the installed wheel, or why it was refused."""
        try:
            return self.manager.install_wheel(wheel.expanduser())
        except InstallRefused as refusal:
            return str(refusal)

    def _install_package(self, requirement: str) -> Installed | str:
        """On a worker: the package installed from the index, or why it was refused."""
        try:
            return self.manager.install_package(requirement)
        except InstallRefused as refusal:
            return str(refusal)

    def _wheel_done(self, outcome: Installed | str) -> None:
        if isinstance(outcome, str):
            self._finish(outcome)
            return
        facts = outcome.facts
        template = self.tr(
            "Installed {name} {version} by {author}: it adds {plugins}. Its settings show the "
            "next time Settings opens."
        )
        self._finish(
            template.format(
                name=facts.name,
                version=facts.version,
                author=facts.author or self.tr("an unnamed author"),
                plugins=", ".join(outcome.plugins),
            )
        )
        self.field.clear()
        self.installed.emit(list(outcome.plugins))

    @staticmethod
    def _checked_sources(current: list[str], text: str) -> tuple[str, list[str]] | str:
        """On a worker: (the source as read, the sources with it), or why it was refused."""
        try:
            sources = sources_with(current, text).plugin_sources or current
        except SourceError as error:
            return str(error)
        return text, sources

    def _source_done(self, outcome: tuple[str, list[str]] | str) -> None:
        if isinstance(outcome, str):
            self._finish(outcome)
            return
        text, sources = outcome
        self.draft_sources[:] = sources
        added = self.tr(
            "Added the plugin source {source}: it is saved when you press OK and loads at the "
            "next start."
        )
        self._finish(added.format(source=text))
        self.field.clear()
        self.installed.emit([])

    def _finish(self, message: str) -> None:
        self.install_button.setEnabled(True)
        self._say(message)

    def _say(self, message: str) -> None:
        self.outcome.setText(message)
        self.outcome.show()
