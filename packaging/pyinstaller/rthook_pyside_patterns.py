"""PyInstaller runtime hook: PySide6 is first imported where its support modules' patterns are kept.

PyInstaller's own PySide6 runtime hook, which runs after this one, imports QtCore and with it
shiboken's support modules, which compile their regular expressions: 25-40 ms of CPU at every
start. Imported here first, inside the entry point's `kept_in`, those patterns are built from the
programs kept in the app's cache folder from the second start on, as in the installed app.
"""

import sys

from agent_app.paths import resolve_paths
from agent_desktop.__main__ import data_dir_argument
from agent_desktop.system.pyside_support_bytecode import kept_in

with kept_in(resolve_paths(data_dir_argument(sys.argv[1:])).cache_dir):
    import PySide6.QtCore  # noqa: F401  # what PyInstaller's PySide6 hook imports next
