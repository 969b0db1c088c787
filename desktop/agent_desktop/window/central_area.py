"""The window's central area: the sidebar beside a stack of pages (the chat column, the first-run
pane when it is needed), with the notices under the stack so start-up notices show on the
first-run pane as well as in a chat."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QSplitter, QStackedWidget, QVBoxLayout, QWidget

from agent_desktop.window.notices import WindowNotices


def lay_out_central_area(
    window: QMainWindow, sidebar: QWidget, chat_page: QWidget
) -> tuple[QStackedWidget, QSplitter, WindowNotices]:
    """Lay out `sidebar` and `chat_page` (the stack's first page) in `window`: returns the
    stack, the splitter (sidebar | pages; `geometry.WindowLayout` keeps its state) and the
    notices. Plain tuples here and in the other window parts' builders: a NamedTuple class
    costs tens of KiB of the idle window's memory."""
    stack = QStackedWidget()
    stack.setObjectName("centralArea")
    stack.addWidget(chat_page)
    pages = QWidget()
    layout = QVBoxLayout(pages)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(0)
    layout.addWidget(stack, 1)
    splitter = QSplitter()  # horizontal
    splitter.setObjectName("mainSplitter")
    splitter.setHandleWidth(1)
    splitter.addWidget(sidebar)
    splitter.addWidget(pages)
    splitter.setStretchFactor(1, 1)
    splitter.setSizes([270, 910])
    splitter.setCollapsible(1, False)
    window.setCentralWidget(splitter)
    return stack, splitter, WindowNotices(layout)
