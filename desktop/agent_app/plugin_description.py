"""What a plugin is, read before it is enabled or installed, without running it in the app.

A plugin's tools and settings are only known by asking it (`get_tool_schemas`,
`get_config_schema`, its ``config`` UI elements), which runs its code. So the asking happens in
a short-lived process of its own (`plugin_description_probe`, under the process supervisor and
a time limit), which loads the plugin the way the app does and prints what it found: for each
plugin its name, kind (and which kind of tool: agent-adapter, OpenHands, Node), version, the
tools it adds (names and descriptions) and the settings it adds (key, type, description,
default, whether a secret). A plugin that hangs, crashes or ends that process changes nothing
in the app.

What can be described (`target`): wheels not installed yet (``{"wheels": [paths], "name":
distribution}``, unpacked into a temporary folder of the probe), an installed distribution
(``{"distribution": name, "env_dir": folder}``), a plugin folder (``{"folder": path}``) or a
plugin source (``{"source": "git+…"}``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from agent_app import plugin_description_probe
from agent_app.plugin_installs import InstallRefused
from agent_core.helper_programs import helper_command, stop_supervised, supervised

DESCRIPTION_TIME_LIMIT_SECONDS = 60.0


def describe_in_probe(
    target: dict[str, Any], seconds: float = DESCRIPTION_TIME_LIMIT_SECONDS
) -> list[dict[str, Any]]:
    """What the plugins of `target` are (see the module docstring), asked in a probe process;
    InstallRefused saying why when the probe could not tell."""
    request = json.dumps({"sys_path": list(sys.path), "target": target})
    command = helper_command(
        plugin_description_probe.__name__,
        plugin_description_probe.__file__,
        standard_library_only=False,
    )
    probe = subprocess.Popen(
        supervised(command),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        out, err = probe.communicate(request.encode("utf-8"), timeout=seconds)
    except subprocess.TimeoutExpired as error:
        stop_supervised(probe.pid)
        probe.communicate()
        raise InstallRefused(
            f"reading what the plugin is did not finish within {seconds:g} seconds (it may "
            "wait for something at import); it was stopped"
        ) from error
    answers = [
        line.removeprefix(plugin_description_probe.ANSWER)
        for line in out.decode("utf-8", "replace").splitlines()
        if line.startswith(plugin_description_probe.ANSWER)
    ]
    if not answers:
        said = err.decode("utf-8", "replace").strip().splitlines()
        reason = said[-1] if said else f"it ended with exit code {probe.returncode}"
        raise InstallRefused(f"what the plugin is could not be read: {reason}")
    answer = json.loads(answers[-1])
    if "error" in answer:
        raise InstallRefused(str(answer["error"]))
    return list(answer["plugins"])
