"""Import a plugin folder's entries in a process of its own and say how far it got.

Run by `agent_app.plugin_import_check` (``python -I -S plugin_import_probe.py``, or the
bundle's ``agent-desktop -m agent_app.plugin_import_probe``) with a JSON object on stdin:
``{"sys_path": [...], "entries": ["pkg.module.Class", ...]}``. It prints ``importing <entry>``
before each entry (``raised <error type>`` after one that raised) and ``imported`` after the
last, then ends at once (``os._exit``): a plugin's exit handlers or leftover threads cannot hold
the probe up.

Raising at import (even `SystemExit`) counts as getting through: the app imports the plugin
again and reports that error itself. What the probe finds out is what the app cannot survive
in its own process: a plugin that ends the process (``os._exit``, a crash) or never finishes.

Standard library only until the plugin's own imports: it starts in milliseconds.
"""

from __future__ import annotations

import importlib
import json
import os
import sys

IMPORTING = "importing "
IMPORTED = "imported"
RAISED = "raised "


def main() -> None:
    request = json.load(sys.stdin)
    sys.path[:] = request["sys_path"]
    for entry in request["entries"]:
        print(f"{IMPORTING}{entry}", flush=True)
        module_name, _, attribute = entry.rpartition(".")
        try:
            getattr(importlib.import_module(module_name), attribute)
        except BaseException as error:  # noqa: BLE001 - the app imports it again and reports it
            print(f"{RAISED}{type(error).__name__}", flush=True)
    print(IMPORTED, flush=True)
    os._exit(0)


if __name__ == "__main__":
    main()
