"""Plugins that fail on demand, for fault tests: one of each kind, loaded from a plugin folder.

`faulty-provider` is the scripted provider with failing `init`, `process_chunk` and
`cancel_request`; configure an agent with it (see `FAULTY_CONFIG`).

`install_faulty_plugins(folder)` writes a user plugin folder (an `agent_plugin.json` and this
module's code) so the application discovers the plugins the way it finds a user's own. At every
hook call each plugin reads the control file named by `$FAULT_CONTROL`
(``{"kind", "hook", "mode"}``) and, when it names itself and the hook, fails:
``raise`` (RuntimeError), ``exit`` (sys.exit), ``interrupt`` (KeyboardInterrupt), ``block``
(sleeps for an hour) or ``crash`` (a segmentation fault: the process dies hard).

`install_plugin_failing_at_import(folder, fault)` writes a user plugin whose module ends the
process (``exit``: ``os._exit(3)``) or never finishes (``hang``) while it is being imported.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

MODULE_NAME = "faulty_plugins_under_test"
CONTROL_VARIABLE = "FAULT_CONTROL"

FEATURE_HOOKS = (
    "init",
    "prepare_tools",
    "to_native_messages",
    "initialize_request",
    "finalize",
    "from_native_messages",
)
EXTENSION_HOOKS = (
    "init",
    "to_native_messages",
    "initialize_request",
    "process_chunk",
    "finalize",
    "from_native_messages",
)
TOOL_HOOKS = ("init", "prepare", "get_tool_schemas")
MODES = ("raise", "exit", "interrupt")
FAULTY_CONFIG = {
    "providers": {"faulty": {"provider": "faulty-provider", "label": "Faulty"}},
    "agents": {"default": {"label": "Default", "provider": "faulty"}},
}


def install_faulty_plugins(plugins_dir: Path) -> Path:
    """A plugin folder under `plugins_dir` holding the faulty feature, extension and tool."""
    folder = plugins_dir / "faulty-plugins"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(Path(__file__).with_name("faulty_plugin_code.py"), folder / f"{MODULE_NAME}.py")
    names = ("FaultyFeature", "FaultyExtension", "FaultyTool", "FaultyProvider")
    entries = [f"{MODULE_NAME}.{name}" for name in names]
    (folder / "agent_plugin.json").write_text(json.dumps({"entries": entries}), encoding="utf-8")
    return folder


IMPORT_FAULTS = {"exit": "import os\nos._exit(3)\n", "hang": "import time\ntime.sleep(3600)\n"}


def install_plugin_failing_at_import(plugins_dir: Path, fault: str) -> Path:
    """A user plugin folder `<fault>-at-import` whose one tool plugin fails while imported."""
    module = f"{fault}_at_import"
    folder = plugins_dir / f"{fault}-at-import"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{module}.py").write_text(
        IMPORT_FAULTS[fault] + "\n\nclass Tool:\n    def get_tool_schemas(self, state):\n"
        "        return []\n",
        encoding="utf-8",
    )
    descriptor = {"entries": [f"{module}.Tool"]}
    (folder / "agent_plugin.json").write_text(json.dumps(descriptor), encoding="utf-8")
    return folder


def set_fault(control: Path, kind: str, hook: str, mode: str) -> None:
    control.write_text(json.dumps({"kind": kind, "hook": hook, "mode": mode}), encoding="utf-8")


def clear_fault(control: Path) -> None:
    control.write_text("{}", encoding="utf-8")


def fault_summary(events: list[dict[str, Any]]) -> dict[str, Any]:
    """What a user saw of one request: the answer, plugin notices and errors."""
    return {
        "answer": [event["message"]["content"] for event in events if event["type"] == "assistant"],
        "notices": [
            [event["plugin"], event["hook"]]
            for event in events
            if event["type"] == "plugin_disabled"
        ],
        "errors": [
            [event["error"].get("plugin"), event["error"].get("hook")]
            for event in events
            if event["type"] == "error"
        ],
    }
