"""Load a plugin in a process of its own and print what it is (`agent_app.plugin_description`).

Run as ``python -I plugin_description_probe.py`` (or the bundle's ``agent-desktop -m
agent_app.plugin_description_probe``) with ``{"sys_path": [...], "target": {...}}`` on stdin.
The import path is set before anything else is imported: run as a file, the folder of this
module comes first on it, and its modules (``secrets``, ``config``) would hide the standard
library's. The answer is one line, ``description {"plugins": [...]}`` or ``description
{"error": "..."}``, after whatever the plugin printed; then the process ends at once
(``os._exit``): a plugin's exit handlers or leftover threads cannot hold it up.
"""

from __future__ import annotations

import json
import os
import sys

ANSWER = "description "


def main() -> None:
    request = json.load(sys.stdin)
    sys.path[:] = request["sys_path"]
    from agent_app.plugin_offers import describe_target  # noqa: PLC0415 - after the path is set

    answer: dict[str, object]
    try:
        answer = {"plugins": describe_target(request["target"])}
    except Exception as error:  # noqa: BLE001 - said to the app, which shows it
        answer = {"error": f"{type(error).__name__}: {error}"}
    print(ANSWER + json.dumps(answer, default=repr), flush=True)
    os._exit(0)


if __name__ == "__main__":
    main()
