"""Tools written against the real OpenHands SDK (`from openhands.sdk import ...`) run here.

The SDK needs Python >= 3.12 and the app's own environment may be older, so this test builds a
Python 3.12 environment from the project's files: `uv venv --python 3.12` in a temp folder, then
`uv pip install` of the project's ``openhands`` extra (read from pyproject.toml) and the few
runtime dependencies `agent_app` imports, with the app's source on the path. The guide's
GrepTool, written with the SDK's imports, is discovered from a plugin folder and run through
`AgentCore` there. uv's cache keeps repeated runs fast (about a minute cold).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from tests.compat.openhands_tool import REAL_SDK_IMPORTS, write_grep_plugin_folder

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
# What `agent_app` (discovery, the OpenHands adapter, the core) imports besides the SDK's own.
APP_RUNTIME_PACKAGES = ("keyring", "platformdirs", "rich", "httpx", "pydantic")
INSTALL_TIMEOUT_SECONDS = 900
RUN_TIMEOUT_SECONDS = 300


def python_312() -> str:
    """A Python 3.12 interpreter: what uv finds (no downloads), else pyenv's."""
    environment = {**os.environ, "UV_PYTHON_DOWNLOADS": "never"}
    found = subprocess.run(
        ["uv", "python", "find", "3.12"], capture_output=True, text=True, env=environment
    )
    if found.returncode == 0 and found.stdout.strip():
        return found.stdout.strip()
    pyenv_root = os.environ.get("PYENV_ROOT") or str(Path.home() / ".pyenv")
    candidates = sorted(Path(pyenv_root).glob("versions/3.12*/bin/python3.12"))
    if candidates:
        return str(candidates[-1])
    raise AssertionError(
        "No Python 3.12 found (uv python find 3.12, pyenv versions). The OpenHands SDK needs "
        f"it; install it with pyenv or uv. uv said: {found.stderr.strip()}"
    )


def requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extra = project["optional-dependencies"]["openhands"]
    runtime = [
        requirement
        for requirement in project["dependencies"]
        if requirement.split(">")[0].split("<")[0].split("=")[0].strip() in APP_RUNTIME_PACKAGES
    ]
    return [*extra, *runtime]


@pytest.fixture(scope="module")
def sdk_python(tmp_path_factory: pytest.TempPathFactory) -> str:
    venv = tmp_path_factory.mktemp("openhands-sdk") / "venv"
    uv = shutil.which("uv")
    assert uv, "uv is needed to build the Python 3.12 environment (.ci/run installs it)"
    subprocess.run(
        [uv, "venv", "--quiet", "--python", python_312(), str(venv)],
        check=True,
        timeout=INSTALL_TIMEOUT_SECONDS,
    )
    python = str(venv / "bin" / "python")
    installed = subprocess.run(
        [uv, "pip", "install", "--quiet", "--python", python, *requirements()],
        capture_output=True,
        text=True,
        timeout=INSTALL_TIMEOUT_SECONDS,
    )
    assert installed.returncode == 0, f"installing the openhands extra failed:\n{installed.stderr}"
    return python


def test_a_tool_written_against_the_real_sdk_runs(sdk_python, tmp_path):
    folder = write_grep_plugin_folder(tmp_path / "grep-plugin", REAL_SDK_IMPORTS, "sdk_grep")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "notes.txt").write_text("hay\nneedle here\n", encoding="utf-8")
    source_paths = [
        ROOT / "desktop",
        ROOT / "plugins" / "agent-adapter-contracts" / "src",
        ROOT / "plugins" / "scripted-provider" / "src",
    ]
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(str(path) for path in source_paths),
        "PYTHONDONTWRITEBYTECODE": "1",
        # litellm (an SDK dependency) fetches a price list at import unless told not to.
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "OPENHANDS_SUPPRESS_BANNER": "1",
    }

    ran = subprocess.run(
        [
            sdk_python,
            str(Path(__file__).parent / "openhands_tool" / "run_with_real_sdk.py"),
            str(folder),
            str(tmp_path / "docs"),
        ],
        capture_output=True,
        text=True,
        env=environment,
        cwd=tmp_path,
        timeout=RUN_TIMEOUT_SECONDS,
    )

    assert ran.returncode == 0, ran.stderr[-3000:]
    seen = json.loads(ran.stdout.strip().splitlines()[-1])
    assert seen.get("adapter") is True, seen
    assert seen["sdk_base"] == ["openhands.sdk.tool.tool"]  # the real SDK's ToolDefinition
    assert seen["schema_names"] == ["grep"]
    assert seen["responses_name"] == "grep"
    assert seen["visualize_type"] == "rich.text"
    result = seen["result"]
    assert result["metadata"]["is_error"] is False, result
    assert result["content"].startswith("Found 1 matching lines.")
    assert "needle here" in result["content"]
