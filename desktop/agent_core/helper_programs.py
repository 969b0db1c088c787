"""How the app runs one of its own Python modules as a program of its own (a helper process).

From a checkout or a wheel the helper is the module's file, run by the app's interpreter with
``-I`` (no user site folder, no ``PYTHON*`` variables) and, for helpers that need only the
standard library, ``-S`` (no site-packages: it starts in milliseconds). In the PyInstaller
bundle there is no ``python``: the bundle's own binary runs the module, ``agent-desktop -m
<module>``, as ``python -m`` would (``packaging/pyinstaller/launcher.py``).
"""

from __future__ import annotations

import sys

RUN_MODULE_OPTION = "-m"


def helper_command(module_name: str, module_file: str, *, standard_library_only: bool) -> list[str]:
    """The command line (without arguments) that runs `module_name`, found at `module_file`."""
    if getattr(sys, "frozen", False):
        return [sys.executable, RUN_MODULE_OPTION, module_name]
    return [sys.executable, "-I", *(["-S"] if standard_library_only else []), module_file]
