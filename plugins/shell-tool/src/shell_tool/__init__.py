"""Shell command tool with streamed output, timeout and kill on cancel.

The command runs through the shell in the agent's workspace folder. Nothing it starts outlives
the call: on Linux it runs under the process supervisor (`agent_core.process_supervisor`), a
child subreaper that ends every process the command started, even those that left its session
(``setsid sleep 999 &``), when the command ends, when the call is stopped (timeout, cancelled
task, set cancellation token, quit) and when the app dies. Elsewhere the command runs in a
process group of its own, which the same events kill; there a process that starts a session of
its own lives on. Output streams as ``{"part": text}`` while it arrives; the model gets the
first and last parts of long output with a note saying how much was cut.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import json
import os
import shutil
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from agent_core.helper_programs import stop_supervised, supervised
from agent_core.tool_arguments import ToolArgumentsError, tool_arguments
from agent_core.workers import run_on_private_loop
from file_tools.workspace import WorkspaceError, resolve_workspace

SHELL = "shell"
DEFAULT_TIMEOUT_SECONDS = 120.0
DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024
READ_CHUNK_BYTES = 64 * 1024
CANCELLATION_POLL_SECONDS = 0.05
SUPERVISOR_STOP_SECONDS = 2.0
SINGLE_LINE_CHARS = 120

TOOL_SCHEMA: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": SHELL,
        "description": (
            "Run a shell command in the workspace folder and return its output (stdout and "
            "stderr together) and exit code. Long output is cut in the middle. Commands that "
            "wait for input get none; background jobs are stopped when the command ends."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "command": {"type": "string", "description": "The command line to run."},
                "timeout": {
                    "type": "number",
                    "description": "Seconds before the command is killed (default from settings).",
                },
            },
            "required": ["command"],
            "additionalProperties": False,
        },
    },
    "annotations": {
        "title": "Run shell command",
        "readOnlyHint": False,
        "destructiveHint": True,
        "idempotentHint": False,
        "openWorldHint": True,
    },
}


class ShellToolError(Exception):
    """A call refused before anything ran."""


def _arguments(payload: Any) -> dict[str, Any]:
    try:
        return tool_arguments(payload)
    except ToolArgumentsError as exc:
        raise ShellToolError(str(exc)) from exc


def _one_line(command: str, limit: int = SINGLE_LINE_CHARS) -> str:
    lines = command.strip().splitlines() or [""]
    text = lines[0] + (" …" if len(lines) > 1 else "")
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def _stop(process: asyncio.subprocess.Process) -> None:
    """End the command and all it started (a command that has ended: its group's leftovers)."""
    if process.returncode is None:
        stop_supervised(process.pid)
    else:
        _kill_group(process.pid)


def _is_cancelled(token: Any) -> bool:
    """A cancellation token: anything with ``is_set()`` (threading/asyncio Event) or
    ``is_cancelled()``/``cancelled()``."""
    for attribute in ("is_set", "is_cancelled", "cancelled"):
        check = getattr(token, attribute, None)
        if callable(check):
            return bool(check())
    return False


class _Output:
    """Keeps the head and the tail of the output within a byte budget, counting what is cut."""

    def __init__(self, limit: int) -> None:
        self.head_limit = limit // 2
        self.tail_limit = limit - self.head_limit
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0

    def add(self, data: bytes) -> bytes:
        """Store ``data``; return the part that fits the head (the part worth streaming)."""
        self.total += len(data)
        room = self.head_limit - len(self.head)
        shown = data[: max(room, 0)]
        self.head += shown
        self.tail += data[len(shown) :]
        del self.tail[: max(len(self.tail) - self.tail_limit, 0)]
        return bytes(shown)

    @property
    def cut(self) -> int:
        return self.total - len(self.head) - len(self.tail)

    def text(self) -> str:
        head = self.head.decode("utf-8", errors="replace")
        tail = self.tail.decode("utf-8", errors="replace")
        if not self.cut:
            return head + tail
        return f"{head}\n[… {self.cut:,} bytes of output cut …]\n{tail}"


class ShellTool:
    """Tool plugin `shell`: one `shell` tool running commands in the agent's workspace."""

    name = "shell"
    version = "0.1.0"

    def get_config_schema(self) -> dict[str, Any]:
        return {
            "workspace_dir": {
                "type": "string",
                "default": "",
                "description": "Folder commands run in; empty = the agent's own workspace.",
            },
            "shell_timeout_seconds": {
                "type": "number",
                "default": DEFAULT_TIMEOUT_SECONDS,
                "description": "Seconds before a command is killed.",
            },
            "shell_max_output_bytes": {
                "type": "integer",
                "default": DEFAULT_MAX_OUTPUT_BYTES,
                "description": "Output kept for the model; the middle of longer output is cut.",
            },
        }

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return [
            {
                "type": "number",
                "key": "shell_timeout_seconds",
                "label": "Command timeout (seconds)",
                "description": "A command still running after this is killed.",
                "min": 1,
                "default": DEFAULT_TIMEOUT_SECONDS,
            },
            {
                "type": "integer",
                "key": "shell_max_output_bytes",
                "label": "Output kept (bytes)",
                "description": "Longer output keeps its start and end; the middle is cut.",
                "min": 1024,
                "default": DEFAULT_MAX_OUTPUT_BYTES,
            },
        ]

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def get_tool_schemas(
        self, state: dict[str, Any], *, prepared: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return [json.loads(json.dumps(TOOL_SCHEMA))]

    def format_tool_call_preview(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> str:
        try:
            command = _arguments(payload).get("command")
        except ShellToolError:
            return ""
        return f"$ {_one_line(command)}" if isinstance(command, str) else ""

    # ------------------------------------------------------------------ execution
    async def stream_tool_async(
        self,
        tool_name: str | None,
        payload: Any,
        state: dict[str, Any],
        *,
        cancellation: Any = None,
        context: dict[str, Any] | None = None,
        **_: Any,
    ) -> AsyncIterator[dict[str, Any]]:
        config = dict(state.get("config") or {})
        try:
            if tool_name != SHELL:
                raise ShellToolError(f"Unknown tool {tool_name!r}; this plugin offers 'shell'.")
            arguments = _arguments(payload)
            command = arguments.get("command")
            if not isinstance(command, str) or not command.strip():
                raise ShellToolError("'command' is required and must be non-empty text.")
            timeout = self._timeout(arguments, config)
            workspace = resolve_workspace(config, context)
        except (ShellToolError, WorkspaceError) as exc:
            command_given = _arguments_or_empty(payload).get("command")
            yield {
                "success": False,
                "tool": tool_name,
                "error": str(exc),
                "command": command_given if isinstance(command_given, str) else "",
            }
            return
        async for item in self._run(command, workspace, timeout, config, cancellation):
            yield item

    async def execute_tool_async(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **kwargs: Any
    ) -> dict[str, Any]:
        result: dict[str, Any] = {}
        async for item in self.stream_tool_async(tool_name, payload, state, **kwargs):
            if "part" not in item:
                result = item
        return result

    def execute_tool(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **kwargs: Any
    ) -> dict[str, Any]:
        """Blocking twin for callers in a worker thread (no event loop running there)."""
        return run_on_private_loop(self.execute_tool_async(tool_name, payload, state, **kwargs))

    @staticmethod
    def _timeout(arguments: dict[str, Any], config: dict[str, Any]) -> float:
        limit = float(config.get("shell_timeout_seconds") or DEFAULT_TIMEOUT_SECONDS)
        asked = arguments.get("timeout")
        if asked is None:
            return limit
        if isinstance(asked, bool) or not isinstance(asked, int | float) or asked <= 0:
            raise ShellToolError("'timeout' must be a number of seconds above 0.")
        return min(float(asked), limit)

    async def _run(
        self,
        command: str,
        workspace: Path,
        timeout: float,
        config: dict[str, Any],
        cancellation: Any,
    ) -> AsyncIterator[dict[str, Any]]:
        shell = shutil.which("bash") or "/bin/sh"
        output = _Output(int(config.get("shell_max_output_bytes") or DEFAULT_MAX_OUTPUT_BYTES))
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        started = time.monotonic()
        process = await asyncio.create_subprocess_exec(
            *supervised([shell, "-c", command]),
            cwd=workspace,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,  # its own process group: one signal reaches every child
        )
        assert process.stdout is not None
        ended = "exit"
        watchers = [asyncio.create_task(self._reap_leftovers(process))]
        if cancellation is not None:
            watchers.append(asyncio.create_task(self._watch_token(process, cancellation)))
        deadline = asyncio.get_running_loop().time() + timeout
        try:
            while True:
                # The timeout wraps each read, never a `yield`: a deadline firing while the
                # consumer holds a part would cancel the consumer's code instead of ours.
                try:
                    async with asyncio.timeout_at(deadline):
                        chunk = await process.stdout.read(READ_CHUNK_BYTES)
                except TimeoutError:
                    ended = "timeout"
                    break
                if not chunk:
                    break
                text = decoder.decode(output.add(chunk))
                if text:
                    yield {"part": text}
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout_at(deadline):
                    await process.wait()
        finally:
            # Reached on success, timeout, task cancellation and generator close alike; the
            # wait reaps the process so nothing outlives this call (not even a zombie).
            _stop(process)
            for watcher in watchers:
                watcher.cancel()
            try:
                async with asyncio.timeout(SUPERVISOR_STOP_SECONDS):
                    await process.wait()
            except TimeoutError:  # a supervisor that did not end: the hard way
                _kill_group(process.pid)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(SUPERVISOR_STOP_SECONDS):
                        await process.wait()
        if ended == "exit" and cancellation is not None and _is_cancelled(cancellation):
            ended = "cancelled"
        if ended == "exit" and asyncio.get_running_loop().time() >= deadline:
            ended = "timeout"
        exit_code = process.returncode
        result: dict[str, Any] = {
            "success": ended == "exit" and exit_code == 0,
            "tool": SHELL,
            "command": command,
            "ended": ended,
            "exit_code": exit_code,
            "output": output.text(),
            "output_bytes": output.total,
            "cut_bytes": output.cut,
            "seconds": round(time.monotonic() - started, 3),
            "cwd": str(workspace),
        }
        if ended == "timeout":
            result["error"] = f"The command was killed after {timeout:g} s (timeout)."
        elif ended == "cancelled":
            result["error"] = "The command was stopped (cancelled)."
        elif exit_code != 0:
            result["error"] = f"The command exited with code {exit_code}."
        yield result

    @staticmethod
    async def _reap_leftovers(process: asyncio.subprocess.Process) -> None:
        await process.wait()
        # Background jobs the command left in its group, holding the output pipe (under the
        # supervisor they are gone already: it ends only after they have).
        _kill_group(process.pid)

    @staticmethod
    async def _watch_token(process: asyncio.subprocess.Process, token: Any) -> None:
        while process.returncode is None:
            if _is_cancelled(token):
                _stop(process)
                return
            await asyncio.sleep(CANCELLATION_POLL_SECONDS)

    # ------------------------------------------------------------------ results
    def format_tool_result(self, result: dict[str, Any], state: dict[str, Any]) -> str:
        if "output" not in result:
            return f"Error: {result.get('error')}"
        output = result["output"]
        outcome = result.get("error") or f"Exit code {result['exit_code']}."
        separator = "" if not output or output.endswith("\n") else "\n"
        return f"{output}{separator}[{outcome} Took {result['seconds']:.1f} s.]"

    def to_display_format(
        self, text: str, result: dict[str, Any], state: dict[str, Any]
    ) -> dict[str, Any]:
        command = _one_line(str(result.get("command") or ""))
        ended = result.get("ended")
        if result.get("success"):
            single_line = command
        elif ended == "timeout":
            single_line = f"{command} (timed out)"
        elif ended == "cancelled":
            single_line = f"{command} (stopped)"
        elif ended == "exit":
            single_line = f"{command} (exit {result['exit_code']})"
        else:
            single_line = f"{command or 'shell'} — {result.get('error')}"
        return {"type": "text", "content": text, "single_line": single_line}


def _arguments_or_empty(payload: Any) -> dict[str, Any]:
    try:
        return _arguments(payload)
    except ShellToolError:
        return {}
