"""A page listing named entries (agents, providers, MCP servers) with a form for the chosen one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from agent_desktop.forms.fields import (
    FormWidget,
    build_form,
)
from agent_desktop.settings.common import (
    SIDE_WIDTH,
    SettingsPage,
    discard,
    entry_id_from,
    heading,
    note,
    page_layout,
    page_words,
    scrolling,
)

if TYPE_CHECKING:
    from agent_desktop.settings.common import SettingsHost


class CollectionPage(SettingsPage):
    """A list of named entries (agents, providers, MCP servers) with a form for the chosen one.

    Subclasses say which elements describe an entry and how to read and write its values.
    Only entries whose form the user worked on are checked and written back: an untouched form
    (an unused plugin's, say) can never keep OK from saving.
    """

    #: Marked in PAGE_WORDS like the title; `noun` also names the list for tests and styles.
    subtitle = ""
    noun = "entry"
    fixed_ids: frozenset[str] = frozenset()
    #: New entries are named by typing an id (MCP servers); otherwise `add_clicked` makes one.
    typed_ids = True
    #: The config section the entries live in (its unreadable entries are listed on the page).
    section = ""
    # Only the entry's form scrolls: the list and its Add/Remove stay in view beside a long form.
    scrolls_itself = True

    def __init__(self, dialog: SettingsHost) -> None:
        super().__init__(dialog)
        self.form: FormWidget | None = None
        self.current_id: str | None = None
        self.touched_ids: set[str] = set()
        layout = page_layout(self)
        self.shown_noun = page_words(self.noun)
        layout.addWidget(heading(self.title, page_words(self.subtitle)))
        body = QHBoxLayout()
        body.setSpacing(16)
        side = QVBoxLayout()
        self.list = QListWidget()
        self.list.setObjectName(f"{self.noun}List")
        self.list.setAccessibleName(self.title)
        self.list.setFixedWidth(SIDE_WIDTH)
        self.list.currentItemChanged.connect(self._selection_changed)
        side.addWidget(self.list, 1)
        self.new_id = QLineEdit()
        self.new_id.setPlaceholderText(self.tr("New {noun} id").format(noun=self.shown_noun))
        self.new_id.setAccessibleName(self.new_id.placeholderText())
        self.new_id.returnPressed.connect(self.add_from_field)
        self.new_id.setFixedWidth(SIDE_WIDTH)
        side.addWidget(self.new_id)
        self.new_id.setVisible(self.typed_ids)
        # One under the other: side by side they would widen the list's column.
        buttons = QVBoxLayout()
        self.add_button = QPushButton(self.tr("Add"))
        self.add_button.setAccessibleName(self.tr("Add {noun}").format(noun=self.shown_noun))
        self.add_button.clicked.connect(self.add_from_field if self.typed_ids else self.add_clicked)
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.clicked.connect(self.remove_current)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        side.addLayout(buttons)
        self.side_message = note("", "error")
        self.side_message.setFixedWidth(SIDE_WIDTH)
        self.side_message.hide()
        side.addWidget(self.side_message)
        self.set_aside_note = note(self.set_aside_text(), "error")
        self.set_aside_note.setObjectName("setAsideEntries")
        self.set_aside_note.setFixedWidth(SIDE_WIDTH)
        self.set_aside_note.setVisible(bool(self.set_aside_note.text()))
        side.addWidget(self.set_aside_note)
        self.extra_side = QVBoxLayout()
        side.addLayout(self.extra_side)
        body.addLayout(side)
        detail_pane = QWidget()
        self.detail = QVBoxLayout(detail_pane)
        self.detail.setContentsMargins(0, 0, 0, 0)
        self.detail_title = QLabel()
        self.detail_title.setStyleSheet("font-weight: 600;")
        self.detail.addWidget(self.detail_title)
        self.form_host = QVBoxLayout()
        self.detail.addLayout(self.form_host)
        self.detail.addStretch(1)
        body.addWidget(scrolling(detail_pane), 1)
        layout.addLayout(body, 1)
        self.reload_list()

    def set_aside_text(self) -> str:
        """The entries of this page's section that could not be read (kept in the file)."""
        broken = [
            entry
            for entry in self.dialog.app.config.set_aside
            if self.section and entry.section == self.section
        ]
        if not broken:
            return ""
        lines = [f"“{entry.entry_id or entry.section}”: {entry.reason}" for entry in broken]
        return (
            "Could not be read, kept in the config file unchanged:\n"
            + "\n".join(lines)
            + "\nFix them in config.json."
        )

    # -- subclass hooks
    def entry_ids(self) -> list[str]:
        raise NotImplementedError

    def elements(self, entry_id: str) -> list[dict[str, Any]]:
        raise NotImplementedError

    def read(self, entry_id: str) -> dict[str, Any]:
        raise NotImplementedError

    def write(self, entry_id: str, values: dict[str, Any]) -> dict[str, str]:
        """Store form values into the draft; {field: error} when they do not fit."""
        raise NotImplementedError

    def create(self, entry_id: str) -> None:  # type: ignore[override]
        raise NotImplementedError

    def delete(self, entry_id: str) -> None:
        raise NotImplementedError

    def models(self, entry_id: str) -> list[Any]:
        return []

    def updated(self, entry: Any, values: dict[str, Any]) -> Any:
        """`entry` (a pydantic model) with the current form's values laid over it: a field left
        unset takes the model's default; keys the form does not show are kept as they are."""
        data = entry.model_dump(exclude_none=True)
        fields = self.form.fields if self.form is not None else {}
        for key in fields:
            if values.get(key) is None:
                data.pop(key, None)
            else:
                data[key] = values[key]
        return type(entry).model_validate(data)

    def add_clicked(self) -> None:
        """Add an entry without a typed id (pages with `typed_ids = False`)."""
        raise NotImplementedError

    def form_built(self) -> None:
        """Called after the form of `current_id` was built (subclasses add to it)."""

    def label_for(self, entry_id: str) -> str:
        return entry_id

    def secret_namespace(self, entry_id: str) -> str:
        return ""

    # -- list handling
    def reload_list(self, select: str | None = None) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        for entry_id in self.entry_ids():
            item = QListWidgetItem(self.label_for(entry_id))
            item.setToolTip(self.label_for(entry_id))  # a long name is cut in the narrow list
            item.setData(Qt.ItemDataRole.UserRole, entry_id)
            self.list.addItem(item)
        self.list.blockSignals(False)
        target = select if select is not None else self.current_id
        ids = self.entry_ids()
        if target not in ids:
            target = ids[0] if ids else None
        self.current_id = None
        if target is None:
            self._show(None)
            return
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == target:
                self.list.setCurrentRow(row)
                break

    def _selection_changed(self, current: QListWidgetItem | None, previous: Any) -> None:
        if current is None:
            return
        wanted = current.data(Qt.ItemDataRole.UserRole)
        if wanted == self.current_id:
            return
        if self.current_id is not None and self.store_current():
            # Stay on the entry with errors so they can be fixed first.
            self.list.blockSignals(True)
            for row in range(self.list.count()):
                if self.list.item(row).data(Qt.ItemDataRole.UserRole) == self.current_id:
                    self.list.setCurrentRow(row)
            self.list.blockSignals(False)
            return
        self._show(wanted)

    def _show(self, entry_id: str | None) -> None:
        if self.form is not None:
            discard(self.form_host, self.form)
            self.form = None
        self.current_id = entry_id
        self.remove_button.setEnabled(entry_id is not None and entry_id not in self.fixed_ids)
        if entry_id is None:
            self.detail_title.setText(
                self.tr("No {noun} yet: add one on the left.").format(noun=self.shown_noun)
            )
            return
        self.detail_title.setText(self.label_for(entry_id))
        self.form = build_form(
            self.elements(entry_id),
            self.read(entry_id),
            secrets=self.dialog.secrets,
            models=self.models(entry_id),
            secret_namespace=self.secret_namespace(entry_id),
        )
        self.form.changed.connect(lambda: self.touched_ids.add(entry_id))
        self.form_host.addWidget(self.form)
        self.form_built()

    def rebuild_form(self) -> None:
        """Build the current entry's form again (its elements changed), unless being edited."""
        if self.current_id is not None and self.current_id not in self.touched_ids:
            self._show(self.current_id)

    def select(self, entry_id: str) -> None:
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == entry_id:
                self.list.setCurrentRow(row)

    def show_problems(self, entry_id: str, errors: dict[str, str]) -> None:
        """Show problems the application found beside the fields of `entry_id`."""
        self.select(entry_id)
        if self.form is not None and self.current_id == entry_id:
            self.form.show_errors(errors)

    def store_current(self) -> dict[str, str]:
        if self.form is None or self.current_id is None:
            return {}
        if self.current_id not in self.touched_ids:
            return {}
        errors = self.form.validate()
        if errors:
            return errors
        errors = self.write(self.current_id, self.form.values())
        if errors:
            self.form.show_errors(errors)
            return errors
        self.dialog.pending_secrets.update(self.form.pending_secrets())
        return {}

    def commit(self) -> dict[str, str]:
        return self.store_current()

    def add_from_field(self) -> None:
        entry_id = entry_id_from(self.new_id.text())
        problem = None
        if not entry_id:
            problem = self.tr("Type an id for the new {noun} first.").format(noun=self.shown_noun)
        elif entry_id in self.entry_ids():
            problem = self.tr("There is already a {noun} “{entry_id}”.").format(
                noun=self.shown_noun, entry_id=entry_id
            )
        elif self.store_current():
            problem = self.tr("Fix the highlighted fields of “{current_id}” first.").format(
                current_id=self.current_id
            )
        self.side_message.setText(problem or "")
        self.side_message.setVisible(problem is not None)
        if problem:
            return
        self.create(entry_id)
        self.new_id.clear()
        self.added(entry_id)

    def added(self, entry_id: str) -> None:
        """Show a newly created entry."""
        self.current_id = None
        self.reload_list(select=entry_id)

    def remove_current(self) -> None:
        if self.current_id is None or self.current_id in self.fixed_ids:
            return
        self.delete(self.current_id)
        self.current_id = None
        if self.form is not None:
            discard(self.form_host, self.form)
            self.form = None
        self.reload_list()
