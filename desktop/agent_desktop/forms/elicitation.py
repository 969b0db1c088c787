"""A tool server asks the user for input (MCP elicitation): a form built from its JSON schema by
the forms engine that builds plugin settings, or a link to open after the user saw its host.

The answer is one of "accept" (with the form's values), "decline" and "cancel", as the protocol
has them. Dialogs are opened window-modally and awaited (`dialog_result`), never `exec()`ed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication, Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton, QVBoxLayout, QWidget

from agent_desktop.forms.action_dialogs import dialog_result
from agent_desktop.toolkit.theme import current_palette

if TYPE_CHECKING:
    from agent_desktop.forms.fields import FormWidget

ACCEPT, DECLINE, CANCEL = "accept", "decline", "cancel"
_DECLINED = 2  # the dialog's result code for "Decline" (Accepted is 1, Rejected 0)


def schema_elements(schema: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Form elements from an elicitation's `requestedSchema` (a flat object of primitives).

    The protocol forbids asking for secrets this way: a field named like one (`api_key`) is
    drawn masked by the forms engine and the server receives a keyring reference, not the text.
    """
    required = set(schema.get("required") or [])
    elements = []
    for key, definition in (schema.get("properties") or {}).items():
        entry = dict(definition) if isinstance(definition, Mapping) else {}
        if isinstance(entry.get("oneOf"), list):  # titled enum: [{"const", "title"}]
            entry["options"] = [
                {"value": option.get("const"), "label": option.get("title", option.get("const"))}
                for option in entry["oneOf"]
                if isinstance(option, Mapping)
            ]
        elements.append({**entry, "key": key, "required": key in required})
    return elements


class _Dialog(QDialog):
    def __init__(self, title: str, message: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setMinimumWidth(460)
        self.layout_ = QVBoxLayout(self)
        heading = QLabel(title)
        font = heading.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        heading.setFont(font)
        self.layout_.addWidget(heading)
        text = QLabel(message)
        text.setWordWrap(True)
        text.setTextFormat(Qt.TextFormat.PlainText)  # the server's words, never its markup
        text.setAccessibleName(self.tr("Server's question"))
        self.layout_.addWidget(text)
        self.buttons = QDialogButtonBox()
        self.decline_button = self.buttons.addButton(
            self.tr("Decline"), QDialogButtonBox.ButtonRole.DestructiveRole
        )
        self.decline_button.clicked.connect(lambda: self.done(_DECLINED))
        cancel = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.setToolTip(self.tr("Answer later: the tool is told the request was cancelled"))
        self.buttons.rejected.connect(self.reject)

    def finish_layout(self, accept_label: str) -> QPushButton:
        accept = self.buttons.addButton(accept_label, QDialogButtonBox.ButtonRole.AcceptRole)
        accept.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.layout_.addWidget(self.buttons)
        return accept


class ElicitationFormDialog(_Dialog):
    """The server's question and a form for its schema; Submit / Decline / Cancel."""

    def __init__(
        self,
        server: str,
        message: str,
        schema: Mapping[str, Any],
        parent: Any,
        title: str | None = None,
    ) -> None:
        super().__init__(
            title
            or QCoreApplication.translate("Elicitation", "{server} asks for input").format(
                server=server
            ),
            message,
            parent,
        )
        self.setObjectName("elicitationDialog")
        from agent_desktop.forms.fields import build_form  # noqa: PLC0415 - the forms engine loads with the first form (test_idle_memory)

        self.form: FormWidget = build_form(schema_elements(schema), {})
        self.layout_.addWidget(self.form, 1)
        if self.form.problems:
            problems = QLabel(
                self.tr("Some fields could not be shown:") + "\n" + "\n".join(self.form.problems)
            )
            problems.setWordWrap(True)
            problems.setStyleSheet(f"color: {current_palette().warning};")
            self.layout_.addWidget(problems)
        self.submit_button = self.finish_layout("Submit")

    def accept(self) -> None:
        if self.form.validate():
            return  # the problems are shown beside their fields
        super().accept()


class ElicitationLinkDialog(_Dialog):
    """The server wants the user to open a web page: its host is shown before anything opens."""

    def __init__(self, server: str, message: str, url: str, parent: Any) -> None:
        host = urlsplit(url).hostname or url
        super().__init__(
            QCoreApplication.translate(
                "Elicitation", "{server} asks you to open a web page"
            ).format(server=server),
            message,
            parent,
        )
        self.setObjectName("elicitationLinkDialog")
        where = QLabel(
            self.tr("The page is on {host}.\nFull address: {url}").format(host=host, url=url)
        )
        where.setWordWrap(True)
        where.setTextFormat(Qt.TextFormat.PlainText)
        where.setAccessibleName(self.tr("Page address"))
        self.layout_.addWidget(where)
        self.open_button = self.finish_layout(f"Open {host}")


async def ask_user(
    request: Mapping[str, Any], parent: Any, *, title: str | None = None
) -> dict[str, Any]:
    """Show a server's request for input and return the protocol's answer."""
    server = str(
        request.get("server") or QCoreApplication.translate("Elicitation", "A tool server")
    )
    message = str(request.get("message") or "")
    dialog: ElicitationFormDialog | ElicitationLinkDialog
    if request.get("mode") == "url":
        url = str(request.get("url") or "")
        if urlsplit(url).scheme not in ("https", "http"):
            return {"action": DECLINE}  # only web pages are opened, never files or apps
        dialog = ElicitationLinkDialog(server, message, url, parent)
    else:
        dialog = ElicitationFormDialog(
            server, message, request.get("schema") or {}, parent, title=title
        )
    code = await dialog_result(dialog)
    dialog.deleteLater()
    if code == QDialog.DialogCode.Accepted:
        if isinstance(dialog, ElicitationLinkDialog):
            QDesktopServices.openUrl(QUrl(str(request.get("url"))))
            return {"action": ACCEPT}
        return {"action": ACCEPT, "content": dialog.form.values()}
    return {"action": DECLINE if code == _DECLINED else CANCEL}


async def ask_in_window(
    parent: QWidget, say: Callable[[str], None], request: dict[str, Any]
) -> dict[str, Any]:
    """The application's elicitation handler: a tool server's form (or link) as a dialog."""
    say(
        QCoreApplication.translate("Elicitation", "{server} is asking for your input").format(
            server=request.get("server")
        )
    )
    return await ask_user(request, parent)
