"""`agent-desktop plugin new` writes a plugin of each kind that the app loads and that runs,
its own test included."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from agent_app.paths import resolve_paths
from agent_app.plugin_cli import main as plugin_cli
from agent_app.plugin_discovery import check_source
from agent_app.plugin_scaffold import KINDS

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def restore_import_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))


@pytest.mark.parametrize("kind", [kind for kind in KINDS if kind != "node-tool"])
def test_each_python_kind_loads_as_that_kind_with_its_settings(kind: str, tmp_path: Path) -> None:
    name = f"my-{kind}-{tmp_path.name[-6:].strip('_')}".replace("_", "-")
    assert plugin_cli(["new", name, "--kind", kind, "--into", str(tmp_path)]) == 0
    [record] = check_source(str(tmp_path / name), resolve_paths(tmp_path / "home"))
    assert record.ok, record.error
    assert record.kind == kind
    package = name.replace("-", "_")
    assert f"{package}.greeting" in record.plugin().get_config_schema()


@pytest.mark.parametrize("kind", ["tool", "node-tool"])
def test_the_scaffold_runs_its_own_test_straight_away(kind: str, tmp_path: Path) -> None:
    if kind == "node-tool" and shutil.which("node") is None:
        pytest.skip("Node.js is not installed")
    started = time.monotonic()
    assert plugin_cli(["new", "weather-now", "--kind", kind, "--into", str(tmp_path)]) == 0
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "1 passed" in ran.stdout
    print(f"scaffold to a passing test ({kind}): {time.monotonic() - started:.1f} s")


def test_a_name_or_folder_that_cannot_be_used_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert plugin_cli(["new", "9lives", "--into", str(tmp_path)]) == 1
    assert "'9lives' cannot name a plugin" in capsys.readouterr().err
    (tmp_path / "taken").mkdir()
    assert plugin_cli(["new", "taken", "--into", str(tmp_path)]) == 1
    assert "exists already" in capsys.readouterr().err
