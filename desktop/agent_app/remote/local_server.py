"""An agent server on this computer that the desktop starts: `agent-desktop serve` as a child.

The child keeps its data in ``<app data>/agent-server`` and its token in its own keyring entry.
A server without settings of its own starts with a copy of the app's (its providers and agents,
`settings_from`): a chat on it answers as the app's chats do. The copy holds what the app's files
hold, keyring references and never keys: the server reads the keys from the same keyring.
The token it makes on its first start reaches the desktop only through the child's stdout pipe
(a pipe between the two processes: never a file, never a log line); the desktop shows it once
and keeps it, as for any server, in its own keyring through `RemoteConnections`. Reading the
server's keyring entry instead would fail whenever the server keeps its token elsewhere.

Pipes are read on worker threads (a blocking ``readline`` never runs on the GUI thread); a
child that ends without being asked is reported with the last line it wrote to stderr.

A server that stops with the app runs under the app's process supervisor
(`helper_programs.supervised`): it ends with the app even when the app crashes or is killed,
and whatever it started ends with it. `stop()` sends SIGTERM to the server itself (it lets
running answers finish); the supervisor, seeing it end, ends the rest. A stop by the app's death
gives the server the same grace first. A server kept running after the app quits is not
supervised: a session of its own, nothing ties it to the app.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from agent_app.paths import resolve_paths
from agent_core.helper_programs import supervised, supervised_program

SERVER_FOLDER = "agent-server"
LISTENING_PREFIX = "Agent server listening on "
TOKEN_PREFIX = "Access token"
#: How the line starts when the server made the token on this start (it ends with the token).
NEW_TOKEN_PREFIX = "Access token (shown once"
#: How long a server stopped by the app's death may take to finish its answers: its own default
#: drain time (``--drain-seconds``), and a little for uvicorn to close.
STOP_GRACE_SECONDS = 35.0


class LocalServerError(RuntimeError):
    """The server did not start; the message is what it wrote (its refusal says what to do)."""


@dataclass(frozen=True)
class StartedServer:
    url: str
    token: str | None
    """The token the server made on this start; None when it kept the one it made before."""


class LocalAgentServer:
    """One `agent-desktop serve` child over `home`, listening on `bind` (``HOST:PORT``); a
    `home` without settings takes a copy of those in `settings_from` (the app's config folder)."""

    def __init__(
        self,
        home: Path,
        bind: str,
        *,
        keep_running: bool,
        on_died: Callable[[str, str], None],
        settings_from: Path | None = None,
    ) -> None:
        self.home = home
        self.settings_from = settings_from
        self.bind = bind
        self.keep_running = keep_running
        self.on_died = on_died  # (server address, its last stderr line), on the loop's thread
        self.url = ""
        self.process: subprocess.Popen[str] | None = None
        self._stderr_lines: list[str] = []
        self._stop_asked = False

    def command(self) -> list[str]:
        return [
            sys.executable, "-m", "agent_desktop", "serve",
            "--bind", self.bind,
            "--data-dir", str(self.home),
        ]  # fmt: skip

    async def start(self) -> StartedServer:
        """Start the child and wait (off the loop's thread) until it listens."""
        await asyncio.to_thread(self._take_app_settings)
        process = self._spawn()
        loop = asyncio.get_running_loop()
        return await asyncio.to_thread(self._wait_until_listening, process, loop)

    def _take_app_settings(self) -> None:
        """Copy the app's config and settings files into a server home that has none."""
        if self.settings_from is None:
            return
        server = resolve_paths(self.home)
        if server.config_path.exists() or server.settings_path.exists():
            return  # the server was set up on its own: its settings stay its own
        server.config_dir.mkdir(parents=True, exist_ok=True)
        for target in (server.config_path, server.settings_path):
            source = self.settings_from / target.name
            if source.exists():
                shutil.copyfile(source, target)

    def _spawn(self) -> subprocess.Popen[str]:
        """Start the child. Called on the loop's thread, which lives as long as the app: the
        supervisor's death signal follows the thread that started it, and a worker thread
        may end sooner (a fork and exec: it does not keep the loop waiting)."""
        self.home.mkdir(parents=True, exist_ok=True)
        command = self.command()
        if not self.keep_running:
            command = supervised(command, grace_seconds=STOP_GRACE_SECONDS)
        self.process = subprocess.Popen(
            command,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            # A server kept after the app quits is not stopped with the app's terminal.
            start_new_session=self.keep_running,
        )
        return self.process

    def _wait_until_listening(
        self, process: subprocess.Popen[str], loop: asyncio.AbstractEventLoop
    ) -> StartedServer:
        stderr_reader = threading.Thread(
            target=self._follow_stderr, args=(process, loop), daemon=True
        )
        stderr_reader.start()
        started = self._read_start(process)
        if started is None:
            stderr_reader.join()
            raise LocalServerError(
                "\n".join(self._stderr_lines).strip()
                or f"agent-desktop serve ended ({_ending(process.returncode)})."
            )
        return started

    def _read_start(self, process: subprocess.Popen[str]) -> StartedServer | None:
        assert process.stdout is not None
        url = ""
        for line in process.stdout:
            if line.startswith(LISTENING_PREFIX):
                url = line.removeprefix(LISTENING_PREFIX).strip()
            elif line.startswith(TOKEN_PREFIX) and url:
                self.url = url
                made = line.startswith(NEW_TOKEN_PREFIX)
                # Later lines are not read; the pipe is drained so the child never blocks on it.
                threading.Thread(target=_drain, args=(process.stdout,), daemon=True).start()
                return StartedServer(url, line.rpartition(": ")[2].strip() if made else None)
        process.wait()
        return None

    def _follow_stderr(
        self, process: subprocess.Popen[str], loop: asyncio.AbstractEventLoop
    ) -> None:
        assert process.stderr is not None
        for line in process.stderr:
            if line.strip():
                self._stderr_lines.append(line.rstrip())
                del self._stderr_lines[:-20]  # the refusal or the last words are enough
        code = process.wait()
        if self.url and not self._stop_asked:
            last = self._stderr_lines[-1] if self._stderr_lines else _ending(code)
            loop.call_soon_threadsafe(self.on_died, self.url, last)

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def server_pid(self) -> int | None:
        """The `agent-desktop serve` process (under the supervisor when it is supervised)."""
        if self.process is None or self.keep_running:
            return self.process.pid if self.process is not None else None
        return supervised_program(self.process.pid)

    def stop(self) -> None:
        """SIGTERM to the server (it lets running answers finish; the supervisor then ends
        what it left), unless it is kept running."""
        self._stop_asked = True
        if self.running and not self.keep_running:
            server_pid = self.server_pid
            if server_pid is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(server_pid, signal.SIGTERM)


def _drain(stream: IO[str]) -> None:
    for _line in stream:
        continue


def _ending(code: int) -> str:
    if code < 0:
        return f"ended by signal {signal.Signals(-code).name}"
    return f"exit code {code}"
