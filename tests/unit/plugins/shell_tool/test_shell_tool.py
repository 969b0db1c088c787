"""The shell tool with real subprocesses: streaming, exit codes, caps, timeouts, and no orphans."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap
import threading
import time
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import psutil
import pytest
from tests.support.processes import processes_with, unique_sleep_seconds, wait_for_processes_with

from shell_tool import ShellTool


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    folder = tmp_path / "workspace"
    folder.mkdir()
    return folder


def make(workspace: Path, **config: Any) -> tuple[ShellTool, dict[str, Any]]:
    plugin = ShellTool()
    return plugin, plugin.init({"workspace_dir": str(workspace), **config})


async def run(workspace: Path, command: str, **config: Any) -> tuple[list[str], dict, str, dict]:
    plugin, state = make(workspace, **config)
    parts, result = [], {}
    async for item in plugin.stream_tool_async("shell", {"command": command}, state):
        if "part" in item:
            parts.append(item["part"])
        else:
            result = item
    text = plugin.format_tool_result(result, state)
    return parts, result, text, plugin.to_display_format(text, result, state)


async def wait_until_gone(pid: int) -> bool:
    for _ in range(100):
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        await asyncio.sleep(0.02)
    return False


def test_entry_point_schema_and_preview():
    (entry,) = [e for e in entry_points(group="agent_core.plugins") if e.name == "shell"]
    assert entry.load() is ShellTool
    (schema,) = ShellTool().get_tool_schemas({})
    assert schema["function"]["name"] == "shell"
    assert schema["annotations"]["readOnlyHint"] is False
    assert schema["annotations"]["destructiveHint"] is True
    preview = ShellTool().format_tool_call_preview
    assert preview("shell", {"command": "ls -la"}, {}) == "$ ls -la"
    assert preview("shell", '{"command": "cd src\\nmake test"}', {}) == "$ cd src …"


async def test_output_streams_live_while_the_command_runs(workspace: Path):
    plugin, state = make(workspace)
    command = "echo first; while [ ! -f go ]; do sleep 0.02; done; echo second"
    stream = plugin.stream_tool_async("shell", {"command": command}, state)
    first = await anext(stream)
    assert first == {"part": "first\n"}  # arrived while the command still waits for `go`
    (workspace / "go").touch()
    rest = [item async for item in stream]
    assert rest[:-1] == [{"part": "second\n"}]
    assert rest[-1]["success"] is True
    assert rest[-1]["output"] == "first\nsecond\n"


async def test_success_result_text_and_single_line(workspace: Path):
    parts, result, text, display = await run(workspace, "pwd; echo oops >&2")
    assert result["exit_code"] == 0
    assert "".join(parts) == f"{workspace.resolve()}\noops\n"
    assert text.startswith(f"{workspace.resolve()}\noops\n[Exit code 0. Took ")
    assert display == {"type": "text", "content": text, "single_line": "pwd; echo oops >&2"}


async def test_non_zero_exit_is_an_error_with_the_output(workspace: Path):
    _, result, text, display = await run(workspace, "echo broken; exit 3")
    assert result["success"] is False
    assert text.startswith("broken\n[The command exited with code 3. Took ")
    assert display["single_line"] == "echo broken; exit 3 (exit 3)"


async def test_megabytes_of_output_are_capped_with_a_note(workspace: Path):
    parts, result, text, _ = await run(
        workspace,
        "head -c 3000000 /dev/zero | tr '\\0' x; echo; echo THE-END",
        shell_max_output_bytes=10_000,
    )
    assert result["output_bytes"] == 3_000_009
    assert result["cut_bytes"] == 3_000_009 - 10_000
    assert sum(len(part) for part in parts) == 5_000  # only the head streams
    assert "[… 2,990,009 bytes of output cut …]" in text
    assert text.split("[Exit code")[0].rstrip().endswith("THE-END")
    assert len(text) < 10_200


async def test_timeout_kills_the_command_and_its_children(workspace: Path):
    plugin, state = make(workspace)
    stream = plugin.stream_tool_async(
        "shell", {"command": "sleep 60 & echo $!; wait", "timeout": 0.5}, state
    )
    child_pid = int((await anext(stream))["part"])
    result = [item async for item in stream][-1]
    assert result["ended"] == "timeout"
    assert result["error"] == "The command was killed after 0.5 s (timeout)."
    text = plugin.format_tool_result(result, state)
    assert plugin.to_display_format(text, result, state)["single_line"] == (
        "sleep 60 & echo $!; wait (timed out)"
    )
    assert await wait_until_gone(child_pid)


async def test_cancelling_the_task_kills_the_process_group(workspace: Path):
    plugin, state = make(workspace)
    child_pid: list[int] = []

    async def consume() -> None:
        async for item in plugin.stream_tool_async(
            "shell", {"command": "sleep 60 & echo $!; wait"}, state
        ):
            child_pid.append(int(item["part"]))

    task = asyncio.create_task(consume())
    while not child_pid:
        await asyncio.sleep(0.01)
    assert psutil.pid_exists(child_pid[0])
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await wait_until_gone(child_pid[0])


async def test_cancellation_token_stops_the_command(workspace: Path):
    plugin, state = make(workspace)
    token = threading.Event()
    stream = plugin.stream_tool_async(
        "shell", {"command": "sleep 60 & echo $!; wait"}, state, cancellation=token
    )
    child_pid = int((await anext(stream))["part"])
    token.set()
    result = [item async for item in stream][-1]
    assert result["ended"] == "cancelled"
    assert result["error"] == "The command was stopped (cancelled)."
    assert await wait_until_gone(child_pid)


async def test_background_jobs_left_behind_are_stopped(workspace: Path):
    parts, result, _, _ = await run(workspace, "sleep 60 > /dev/null 2>&1 & echo $!")
    assert result["success"] is True
    assert await wait_until_gone(int(parts[0]))


async def test_refusals_are_clear_errors(workspace: Path):
    plugin, state = make(workspace)
    cases = {
        "": "'command' is required",
        '{"command": "ls", "timeout": -1}': "'timeout' must be a number of seconds above 0.",
        "[1]": "The arguments must be a JSON object.",
    }
    for payload, expected in cases.items():
        result = await plugin.execute_tool_async("shell", payload, state)
        assert result["success"] is False
        assert expected in result["error"]
        text = plugin.format_tool_result(result, state)
        assert text == f"Error: {result['error']}"
        assert plugin.to_display_format(text, result, state)["single_line"].endswith(
            result["error"]
        )
    unknown = await plugin.execute_tool_async("bash", {"command": "ls"}, state)
    assert unknown["error"] == "Unknown tool 'bash'; this plugin offers 'shell'."
    no_workspace = await ShellTool().execute_tool_async("shell", {"command": "ls"}, {})
    assert no_workspace["error"].startswith("No workspace folder")


async def test_default_workspace_comes_from_the_app_context(tmp_path: Path):
    plugin = ShellTool()
    context = {"runtime_state_root": str(tmp_path), "session": {"metadata": {"agent_id": "coder"}}}
    result = await plugin.execute_tool_async(
        "shell", {"command": "pwd"}, plugin.init({}), context=context
    )
    assert result["output"].strip() == str((tmp_path / "workspaces" / "coder").resolve())


async def test_blocking_hook_works_from_a_worker_thread(workspace: Path):
    plugin, state = make(workspace)
    result = await asyncio.to_thread(
        plugin.execute_tool, "shell", {"command": "echo threaded"}, state
    )
    assert result["output"] == "threaded\n"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="child subreapers are Linux's")
@pytest.mark.parametrize("how", ["the command ends", "timeout", "task cancelled", "token set"])
async def test_a_command_that_detached_into_its_own_session_ends_with_the_call(
    workspace: Path, how: str
):
    plugin, state = make(workspace)
    seconds = unique_sleep_seconds()
    # `setsid` leaves the command's process group and session: no group signal reaches it,
    # and it keeps the output pipe open. The command itself ends a second later, or is stopped.
    then = "sleep 1" if how == "the command ends" else "sleep 60"
    command = f"setsid sleep {seconds} & echo started; {then}"
    payload: dict[str, Any] = {"command": command}
    if how == "timeout":
        payload["timeout"] = 1
    token = threading.Event()
    stream = plugin.stream_tool_async("shell", payload, state, cancellation=token)
    started = time.monotonic()
    assert (await anext(stream))["part"] == "started\n"
    assert await asyncio.to_thread(wait_for_processes_with, seconds, True), "it never started"
    if how == "task cancelled":
        task = asyncio.create_task(anext(stream))
        await asyncio.sleep(0.2)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    else:
        if how == "token set":
            token.set()
        result = [item async for item in stream][-1]
        expected = {"the command ends": "exit", "timeout": "timeout", "token set": "cancelled"}
        assert result["ended"] == expected[how]
    assert time.monotonic() - started < 10  # not held until a timeout by the detached one
    assert processes_with(seconds) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="child subreapers are Linux's")
def test_a_detached_command_ends_when_the_app_is_killed(workspace: Path):
    seconds = unique_sleep_seconds()
    app = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                f"""
                import asyncio
                from shell_tool import ShellTool

                async def main():
                    plugin = ShellTool()
                    state = plugin.init({{"workspace_dir": {str(workspace)!r}}})
                    command = "setsid sleep {seconds} & echo started; sleep 60"
                    payload = {{"command": command}}
                    async for item in plugin.stream_tool_async("shell", payload, state):
                        print(item, flush=True)

                asyncio.run(main())
                """
            ),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert "started" in app.stdout.readline()  # type: ignore[union-attr]
        assert wait_for_processes_with(seconds, True), "the detached command never started"
    finally:
        app.kill()  # no cleanup of its own runs: only the supervisor's death signal is left
        app.wait()
    assert wait_for_processes_with(seconds, False), processes_with(seconds)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="child subreapers are Linux's")
async def test_the_supervisor_passes_on_the_exit_code_and_output(workspace: Path):
    _, result, _, _ = await run(workspace, "echo out; echo err >&2; exit 3")
    assert result["exit_code"] == 3
    assert result["output"] == "out\nerr\n"  # nothing of the supervisor's own
