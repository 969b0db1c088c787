"""Schedules with the window closed: a headless scheduler, and the user service that runs it.

`agent-desktop schedules run [--data-dir DIR]` runs the data folder's schedules with no window
and no Qt: the same application layer, the same `ScheduleRunner` and `ChatRuns` as the window.
The window and this process may both look at the same moment: a run is claimed by inserting its
(schedule, due time) row (`ScheduleStore`), so each due time runs once between them.

No one is there to approve a tool in this process: a tool call that was not allowed in advance
(a rule, "always") is refused with a reason the model reads, and the run's history says it
needed you.

`ScheduleService` installs the user service that starts it at login and keeps it running: a
systemd user unit on Linux (enabled with ``systemctl --user``), a LaunchAgent on macOS, a Task
Scheduler entry on Windows (those two written and started, not tested here). "Run schedules
when the app is closed" in the Schedules window turns it on and off.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import logging
import plistlib
import shlex
import signal
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agent_app.paths import AppPaths, resolve_paths, write_atomically

log = logging.getLogger("agent_app.schedules")

#: What the model reads when a scheduled run's tool needed an approval no one gave.
NOBODY_TO_ASK = (
    "No one was there to approve this tool: schedules that run while the app is closed use only "
    "approvals given in advance (rules and 'always' in Settings → Tools). Say what you would "
    "have done; the user can run it from the chat."
)
SYSTEMCTL_TIMEOUT_SECONDS = 30

Run = Callable[[Sequence[str]], subprocess.CompletedProcess[str]]


class ServiceError(RuntimeError):
    """The user service cannot be installed or removed; the message says why and what to do."""


def _run(command: Sequence[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        list(command),
        capture_output=True,
        text=True,
        timeout=SYSTEMCTL_TIMEOUT_SECONDS,
        check=False,
    )


def data_home_of(paths: AppPaths) -> Path | None:
    """The folder `--data-dir` names for `paths`, or None for the default folders."""
    root = paths.data_dir.parent
    return root if paths.config_dir == root / "config" else None


def scheduler_command(data_home: Path | None) -> list[str]:
    """How to start the headless scheduler for `data_home` (a bundle is its own executable)."""
    start = (
        [sys.executable]
        if getattr(sys, "frozen", False)
        else [sys.executable, "-m", "agent_desktop"]
    )
    folder = ["--data-dir", str(data_home)] if data_home is not None else []
    return [*start, "schedules", "run", *folder]


@dataclass(frozen=True)
class ScheduleService:
    """The user service that runs the schedules of one data folder (`data_home`, None: the
    default folders); `platform` as `sys.platform` says, `home` the user's home folder."""

    data_home: Path | None
    home: Path
    platform: str = sys.platform
    run: Run = _run

    @property
    def name(self) -> str:
        """One service per data folder: two folders never share one."""
        folder = str(self.data_home) if self.data_home is not None else "default"
        return f"agent-desktop-schedules-{hashlib.sha256(folder.encode()).hexdigest()[:12]}"

    @property
    def path(self) -> Path:
        """The file that describes the service (Windows keeps it in the Task Scheduler)."""
        if self.platform == "darwin":
            return self.home / "Library" / "LaunchAgents" / f"io.github.{self.name}.plist"
        return self.home / ".config" / "systemd" / "user" / f"{self.name}.service"

    def description(self) -> str:
        where = str(self.data_home) if self.data_home is not None else "the default data folder"
        return f"Agent Desktop schedules ({where})"

    def unit_text(self) -> str:
        """The systemd user unit: started at login, started again if it stops by accident."""
        command = " ".join(shlex.quote(part) for part in scheduler_command(self.data_home))
        return (
            "[Unit]\n"
            f"Description={self.description()}\n"
            "\n"
            "[Service]\n"
            f"ExecStart={command}\n"
            "Restart=on-failure\n"
            "RestartSec=10\n"
            "\n"
            "[Install]\n"
            "WantedBy=default.target\n"
        )

    def plist_bytes(self) -> bytes:
        """The macOS LaunchAgent: run at login, kept alive."""
        return plistlib.dumps(
            {
                "Label": f"io.github.{self.name}",
                "ProgramArguments": scheduler_command(self.data_home),
                "RunAtLoad": True,
                "KeepAlive": {"SuccessfulExit": False},
            }
        )

    # ------------------------------------------------------------------ on and off

    def installed(self) -> bool:
        if self.platform == "win32":
            return self.run(["schtasks", "/Query", "/TN", self.name]).returncode == 0
        return self.path.exists()

    def install(self) -> None:
        """Write the service and start it (now and at every login)."""
        if self.platform == "win32":
            command = subprocess.list2cmdline(scheduler_command(self.data_home))
            self._check(
                ["schtasks", "/Create", "/F", "/SC", "ONLOGON", "/TN", self.name, "/TR", command]
            )
            self._check(["schtasks", "/Run", "/TN", self.name])
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            if self.platform == "darwin":
                write_atomically(self.path, self.plist_bytes())
                self._check(["launchctl", "load", "-w", str(self.path)])
                return
            write_atomically(self.path, self.unit_text().encode("utf-8"))
            self._check(["systemctl", "--user", "daemon-reload"])
            self._check(["systemctl", "--user", "enable", "--now", f"{self.name}.service"])
        except ServiceError:
            # Not started: no file is left to look installed.
            self.path.unlink(missing_ok=True)
            raise

    def uninstall(self) -> None:
        """Stop the service and remove it."""
        if self.platform == "win32":
            self._check(["schtasks", "/Delete", "/F", "/TN", self.name])
            return
        if self.platform == "darwin":
            if self.path.exists():
                self._check(["launchctl", "unload", "-w", str(self.path)])
            self.path.unlink(missing_ok=True)
            return
        if self.path.exists():
            self._check(["systemctl", "--user", "disable", "--now", f"{self.name}.service"])
        self.path.unlink(missing_ok=True)
        self._check(["systemctl", "--user", "daemon-reload"])

    def _check(self, command: list[str]) -> None:
        try:
            done = self.run(command)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise ServiceError(
                f"'{command[0]}' could not be run ({error}). Schedules run while Agent Desktop "
                "runs; to run them with it closed, start 'agent-desktop schedules run' at login "
                "yourself, or run 'agent-desktop serve'."
            ) from None
        if done.returncode != 0:
            reason = (done.stderr or done.stdout).strip()[:300] or f"exit code {done.returncode}"
            raise ServiceError(
                f"'{' '.join(command[:3])}' failed: {reason}. Without a user service manager "
                "(a systemd user session), start 'agent-desktop schedules run' at login yourself, "
                "or run 'agent-desktop serve'."
            )


# ---------------------------------------------------------------------- the headless scheduler


def main(arguments: list[str]) -> int:
    """`agent-desktop schedules run [--data-dir DIR]`: run the schedules until stopped."""
    parser = argparse.ArgumentParser(
        prog="agent-desktop schedules",
        description="Run the data folder's schedules without a window (what the user service "
        "'Run schedules when the app is closed' starts).",
    )
    parser.add_argument("command", choices=["run"])
    parser.add_argument("--data-dir", type=Path, help="the data folder the window uses")
    options = parser.parse_args(arguments)
    paths = resolve_paths(options.data_dir)
    problems = paths.ensure_exist()
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    _configure_logging(paths.log_dir)
    return asyncio.run(run_schedules(paths))


async def run_schedules(paths: AppPaths) -> int:
    """Run the schedules of `paths` until SIGTERM or SIGINT; 0 when stopped so."""
    from agent_app.application import AgentApplication  # noqa: PLC0415 - after the options
    from agent_app.conversation import Conversation, Conversations  # noqa: PLC0415
    from agent_app.schedules import ChatRuns, ScheduleRunner, ScheduleStore  # noqa: PLC0415

    app = await asyncio.to_thread(AgentApplication, paths)
    for problem in [*app.notices, *await app.astart()]:
        log.warning("%s", problem)
    conversations = Conversations(app.sessions, app, app.plugin_queries)
    app.set_approval_handler(conversations.ask_approval)
    refusing: set[int] = set()

    def refuse_unasked(conversation: Conversation) -> Conversation:
        """Its approvals are refused as soon as they are asked (after the run notes them)."""
        if id(conversation) not in refusing:
            refusing.add(id(conversation))

            def answer(event: dict[str, Any]) -> None:
                if event.get("type") == "approval_requested":
                    decision = {"decision": "deny", "reason": NOBODY_TO_ASK}
                    asyncio.get_running_loop().call_soon(
                        conversation.decide, event["call_key"], decision
                    )

            conversation.subscribe(answer)
        return conversation

    store = await asyncio.to_thread(ScheduleStore, paths.schedules_path)
    runner = ScheduleRunner(
        store,
        ChatRuns(conversations, refuse_unasked),
        on_change=lambda schedule, run: log.info(
            "Scheduled run %s of %r: %s%s",
            run.id,
            schedule.title or schedule.prompt[:40],
            run.status,
            f" ({run.error})" if run.error else "",
        ),
    )
    ticking = asyncio.create_task(runner.run_forever(), name="schedules")
    loop = asyncio.get_running_loop()
    for stop_signal in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(stop_signal, ticking.cancel)
    log.info("Running the schedules of %s", paths.data_dir)
    print(f"Running the schedules of {paths.data_dir} (stop with Ctrl+C).", flush=True)
    try:
        await ticking
    except asyncio.CancelledError:
        log.info("Stopped")
    finally:
        runner.stop()
        await runner.until_idle()
        await app.aclose()
    return 0


def _configure_logging(log_dir: Path) -> None:
    from agent_app.secrets import RedactingFilter  # noqa: PLC0415 - after the options

    formatter = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    for handler in (
        logging.StreamHandler(sys.stderr),
        logging.FileHandler(log_dir / "schedules.log", encoding="utf-8"),
    ):
        handler.setFormatter(formatter)
        handler.addFilter(RedactingFilter())
        root.addHandler(handler)
