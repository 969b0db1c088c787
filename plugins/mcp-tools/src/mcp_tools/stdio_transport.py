"""An MCP stdio transport that keeps what the SDK's hides: the exit code and the stderr tail.

The SDK's ``stdio_client`` sends stderr to a file and never exposes the process, so a server
that dies could only be reported as "connection closed". Users need to see why it died, so this
transport owns the process: stderr is read into a ring buffer, the exit code is kept, and
``ProcessWatch.ended`` fires the moment stdout closes (a crash between calls shows up in the
status without waiting for the next call). Shutdown follows the MCP spec order like the SDK:
close stdin, wait, then terminate the whole process group.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import AsyncGenerator
from contextlib import asynccontextmanager, suppress

import anyio
import mcp_types
from anyio.abc import Process
from anyio.streams.text import TextReceiveStream
from mcp.client._transport import TransportStreams
from mcp.client.stdio import get_default_environment
from mcp.os.posix.utilities import terminate_posix_process_tree
from mcp.shared.message import SessionMessage

from mcp_tools.command_path import resolve_command
from mcp_tools.process_watch import ProcessWatch

STDERR_LINE_CHARS = 500
EXIT_GRACE_SECONDS = 2.0
TERMINATE_GRACE_SECONDS = 2.0


async def _wait_for_exit(process: Process, timeout: float) -> bool:
    with anyio.move_on_after(timeout):
        # Not process.wait(): it also waits for the pipes, which the server's children may keep.
        while process.returncode is None:  # noqa: ASYNC110 - returncode, not wait() (above)
            await anyio.sleep(0.01)
        return True
    return process.returncode is not None


async def _stop_process(process: Process) -> None:
    if process.stdin is not None:
        with suppress(OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
            await process.stdin.aclose()
    if await _wait_for_exit(process, EXIT_GRACE_SECONDS):
        return
    if sys.platform == "win32":
        process.kill()
    else:
        await terminate_posix_process_tree(process, TERMINATE_GRACE_SECONDS)
    await _wait_for_exit(process, TERMINATE_GRACE_SECONDS)


@asynccontextmanager
async def stdio_transport(
    command: str,
    args: list[str],
    env: dict[str, str],
    cwd: str | None,
    watch: ProcessWatch,
) -> AsyncGenerator[TransportStreams, None]:
    """Start the server and yield the (read, write) message streams the MCP client drives.

    Raises OSError when the command cannot be started (not found, not executable).
    """
    environment = get_default_environment() | env
    executable, additions = resolve_command(command, environment)
    if executable != command:
        watch.log.add("start", f"{command!r} is not on PATH; using {executable}")
    process = await anyio.open_process(
        [executable, *args],
        env=environment | additions,
        cwd=cwd,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, so stopping reaches its children too
    )
    watch.pid = process.pid
    read_writer, read_stream = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    write_stream, write_reader = anyio.create_memory_object_stream[SessionMessage](0)

    async def read_stdout() -> None:
        assert process.stdout is not None
        buffer = ""
        try:
            async with read_writer:
                async for chunk in TextReceiveStream(process.stdout, errors="replace"):
                    *lines, buffer = (buffer + chunk).split("\n")
                    for line in lines:
                        if not line.strip():
                            continue
                        try:
                            message: SessionMessage | Exception = SessionMessage(
                                mcp_types.jsonrpc_message_adapter.validate_json(line, by_name=False)
                            )
                        except ValueError as exc:
                            message = exc  # the session reports a garbled line as an error
                        await read_writer.send(message)
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            pass  # the session or our own shutdown closed the stream; nothing is left to read
        finally:
            await _wait_for_exit(process, EXIT_GRACE_SECONDS)
            watch.exit_code = process.returncode
            watch.ended.set()

    async def read_stderr() -> None:
        assert process.stderr is not None
        buffer = ""
        with suppress(anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            async for chunk in TextReceiveStream(process.stderr, errors="replace"):
                *lines, buffer = (buffer + chunk).split("\n")
                for line in lines:
                    watch.add_stderr(line[:STDERR_LINE_CHARS])
        if buffer:
            watch.add_stderr(buffer[:STDERR_LINE_CHARS])

    async def write_stdin() -> None:
        assert process.stdin is not None
        with suppress(anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            async with write_reader:
                async for session_message in write_reader:
                    line = session_message.message.model_dump_json(
                        by_alias=True, exclude_unset=True
                    )
                    await process.stdin.send((line + "\n").encode())

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(read_stdout)
        tasks.start_soon(read_stderr)
        tasks.start_soon(write_stdin)
        try:
            yield read_stream, write_stream
        finally:
            # Shielded: a cancelled caller must still not leave a live server behind.
            with anyio.CancelScope(shield=True):
                await write_stream.aclose()
                await read_stream.aclose()
                await _stop_process(process)
                watch.exit_code = process.returncode
                with anyio.move_on_after(1.0):
                    # stderr reaches EOF once every process in the group is gone.
                    await watch.ended.wait()
            tasks.cancel_scope.cancel()
            watch.ended.set()
