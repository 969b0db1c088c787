"""Plugin discovery at start-up, measured as whole processes (figures printed, no pass/fail).

    uv run pytest tests/benchmarks/test_plugin_import.py --benchmark-enable -s

A fresh interpreter imports every first-party plugin package and runs
``agent_app.plugin_discovery.discover_plugins`` (which loads every entry point); the baseline is a
fresh interpreter that only imports ``agent_core``. Runs alternate so both see the same machine
load; the medians of wall time (process launch to exit) and the peak RSS of each child are
printed with their ratio. Discovery must stay nearly free: the provider and MCP plugins import
their SDKs only when a request, model list or server connection needs them.

Children run with bytecode caching on (this machine sets PYTHONDONTWRITEBYTECODE, which would
recompile every module on each start), in a temporary cache folder, after one unmeasured warm-up
start of each kind.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

RUNS = 7
PYCACHE = Path(tempfile.gettempdir()) / "agent-desktop-bench-pycache"
FIRST_PARTY_PLUGINS = (
    "scripted_provider",
    "openai_provider",
    "anthropic_provider",
    "file_tools",
    "shell_tool",
    "web_fetch_tool",
    "think_finish_tools",
    "mcp_tools",
    "compaction_feature",
    "file_completion_feature",
    "agent_skills",
    "agent_memory",
    "agent_projects",
)
#: Modules that cost tens of MB and up to a second each; discovery should import none of them.
SDK_MODULES = ("openai", "anthropic", "mcp", "mcp_types", "httpx", "httpx2", "anyio", "pydantic")

# A fresh interpreter: `baseline` imports agent_core only; `discovery <packages>` also imports
# the plugin packages and runs discovery. The peak RSS comes from VmHWM: getrusage's ru_maxrss
# would carry over the (larger) pytest parent's peak, which Linux keeps across fork and exec.
CHILD = """
import json, re, sys
import agent_core
failed = []
if sys.argv[1] == "discovery":
    import importlib
    from types import SimpleNamespace
    from agent_app.plugin_discovery import discover_plugins
    for package in sys.argv[2].split(","):
        importlib.import_module(package)
    catalog = discover_plugins(
        SimpleNamespace(user_plugins_dir=None), SimpleNamespace(plugin_folders=[])
    )
    failed = [f"{record.name}: {record.error}" for record in catalog.failed()]
with open("/proc/self/status") as status:
    peak_kb = int(re.search(r"VmHWM:\\s+(\\d+) kB", status.read()).group(1))
print(json.dumps({"rss_mb": peak_kb / 1024, "modules": sorted(sys.modules), "failed": failed}))
"""
BASELINE = ("baseline",)
DISCOVERY = ("discovery", ",".join(FIRST_PARTY_PLUGINS))


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    return env


def _run_child(arguments: tuple[str, ...]) -> tuple[float, dict]:
    """Seconds from launch to exit of a fresh interpreter running `CHILD`, and its report."""
    started = time.perf_counter()
    output = subprocess.run(
        [sys.executable, "-c", CHILD, *arguments],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=120,
    )
    seconds = time.perf_counter() - started
    assert output.returncode == 0, output.stderr
    return seconds, json.loads(output.stdout.strip().splitlines()[-1])


def _measure() -> dict[str, list[tuple[float, dict]]]:
    runs: dict[str, list[tuple[float, dict]]] = {"baseline": [], "discovery": []}
    _run_child(BASELINE)  # warm-up: writes the bytecode caches
    _run_child(DISCOVERY)
    for _ in range(RUNS):
        runs["baseline"].append(_run_child(BASELINE))
        runs["discovery"].append(_run_child(DISCOVERY))
    return runs


@pytest.mark.benchmark(group="plugin-discovery")
def test_plugin_discovery_vs_bare_core_import(benchmark):
    runs = benchmark.pedantic(_measure, rounds=1, iterations=1)

    seconds = {kind: statistics.median(s for s, _ in results) for kind, results in runs.items()}
    rss = {kind: max(r["rss_mb"] for _, r in results) for kind, results in runs.items()}
    print(f"\nplugin discovery in a fresh process (median of {RUNS} alternating runs)")
    print(
        f"  baseline  (import agent_core)      {seconds['baseline'] * 1e3:7.0f} ms  "
        f"{rss['baseline']:6.1f} MB RSS"
    )
    print(
        f"  discovery (all plugins + discover) {seconds['discovery'] * 1e3:7.0f} ms  "
        f"{rss['discovery']:6.1f} MB RSS"
    )
    print(
        f"  ratio discovery / baseline         {seconds['discovery'] / seconds['baseline']:7.2f}x"
        f"        {rss['discovery'] / rss['baseline']:5.2f}x"
    )

    report = runs["discovery"][-1][1]
    # Which plugin keeps an SDK out of discovery is asserted per plugin in its unit tests; here
    # the heavy modules discovery still imports are only shown.
    heavy = sorted(set(SDK_MODULES) & set(report["modules"]))
    print(f"  heavy modules imported by discovery: {', '.join(heavy) or 'none'}")
    assert report["failed"] == [], report["failed"]
