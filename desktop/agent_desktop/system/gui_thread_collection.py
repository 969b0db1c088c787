"""Python's cyclic garbage collector, run on the GUI thread only.

Left to itself, Python collects on whichever thread allocates when a generation fills up: the
Markdown renderer, Qt's thread pool, the core's workers. A document, widget or pixmap caught in a
reference cycle is then destroyed on that worker, off the thread that owns it. One such collection
deadlocked `pytest tests/gui`: the worker, destroying a Qt object, held a Qt lock and waited for
the interpreter; the GUI thread held the interpreter and waited for that lock inside
`QTextDocument::size()`. So automatic collection is off, and a GUI-thread timer runs the
collections Python would have run (same thresholds, see `agent_core.collector`).
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QTimer

from agent_core.collector import collect_due_generations

# How often the GUI thread looks at the collector's counts: often enough that cycles do not pile
# up (Python's young generation fills every 700 objects), rarely enough to cost nothing idle.
COLLECTION_CHECK_MS = 250


def collect_on_gui_thread(qt_app: QCoreApplication) -> None:
    """From now on cyclic garbage is collected only on the calling (GUI) thread, by a timer
    that lives as long as `qt_app`. Call before any worker thread starts."""
    gc.disable()
    timer = QTimer(qt_app)
    timer.setObjectName("cyclic garbage collection")
    timer.timeout.connect(collect_due_generations)
    timer.start(COLLECTION_CHECK_MS)
