"""`agent-desktop serve` in a real subprocess on loopback, and a real HTTP client for it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from agent_app.paths import resolve_paths
from agent_app.remote.client import pinned_context

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_SECONDS = 90
SCRIPTED_CONFIG = {
    "providers": {"scripted": {"provider": "scripted", "label": "Scripted"}},
    "agents": {"default": {"label": "Default", "provider": "scripted"}},
}


def lab_config(wire_url: str) -> dict[str, Any]:
    """A server whose only provider is an OpenAI-compatible one at `wire_url` ("Lab GPUs"),
    its agent on the model "lab-small"."""
    provider = {"provider": "openai_compatible", "label": "Lab GPUs", "base_url": f"{wire_url}/v1"}
    return {
        "providers": {"lab": {**provider, "model": "lab-small"}},
        "agents": {"default": {"label": "Default", "provider": "lab"}},
    }


class ServeProcess:
    """One server over `home` (its config `config` when given, else the scripted provider's,
    unless `home` has one); `start` again after `stop` listens on the same port."""

    def __init__(self, home: Path, *options: str, config: dict[str, Any] | None = None) -> None:
        self.home = home
        self.options = list(options)
        self.port = 0
        self.process: subprocess.Popen[str] | None = None
        self.stdout = ""
        self._clients: list[httpx.Client] = []
        self.paths = resolve_paths(home)
        config_path = self.paths.config_path
        if config is not None or not config_path.exists():
            config_path.parent.mkdir(parents=True, exist_ok=True)
            config_path.write_text(json.dumps(config or SCRIPTED_CONFIG), encoding="utf-8")

    @property
    def url(self) -> str:
        scheme = "https" if "--tls-self-signed" in self.options else "http"
        return f"{scheme}://127.0.0.1:{self.port}"

    @property
    def certificate(self) -> str:
        """The self-signed certificate the server made (with --tls-self-signed)."""
        return (self.home / "tls" / "server-cert.pem").read_text(encoding="ascii")

    @property
    def token(self) -> str:
        return (self.home / "token").read_text(encoding="utf-8").strip()

    def command(self, *extra: str) -> list[str]:
        return [
            sys.executable, "-m", "agent_desktop", "serve",
            "--data-dir", str(self.home),
            "--token-file", str(self.home / "token"),
            *extra,
        ]  # fmt: skip

    def start(self) -> ServeProcess:
        """Start the server and wait until it listens (its first lines are read)."""
        command = self.command("--bind", f"127.0.0.1:{self.port}", *self.options)
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            stdout=subprocess.PIPE,
            stderr=(self.home / "stderr.txt").open("a", encoding="utf-8"),
            text=True,
        )
        assert self.process.stdout is not None
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        lines = []
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError(f"the server ended: {''.join(lines)}{self.stderr()}")
            lines.append(line)
            if line.startswith("Access token"):
                break
        self.stdout = "".join(lines)
        listening = next(line for line in lines if line.startswith("Agent server listening"))
        self.port = int(listening.rsplit(":", 1)[1])
        self.wait_until_serving()
        return self

    def wait_until_serving(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        client = self.client()
        while time.monotonic() < deadline:
            try:
                if client.get("/events").status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError(f"the server never answered:\n{self.stderr()}")

    def client(self, **options: Any) -> httpx.Client:
        """An authorised client (closed when the server stops)."""
        headers = {"Authorization": f"Bearer {self.token}", **options.pop("headers", {})}
        if self.url.startswith("https"):
            options.setdefault("verify", pinned_context(self.certificate))
        client = httpx.Client(base_url=self.url, headers=headers, timeout=30, **options)
        self._clients.append(client)
        return client

    def alive(self) -> bool:
        """The process runs and answers an authorised request."""
        if self.process is None or self.process.poll() is not None:
            return False
        return self.client().get("/sessions").status_code == 200

    def stderr(self) -> str:
        path = self.home / "stderr.txt"
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def log(self) -> str:
        path = self.paths.log_dir / "serve.log"
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def stop(self, timeout: float = 60) -> int:
        """SIGTERM (as a service manager stops it) and wait; the exit code."""
        for client in self._clients:
            client.close()
        self._clients.clear()
        if self.process is None:
            return 0
        process, self.process = self.process, None
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        code = process.wait(timeout)
        if process.stdout is not None:
            process.stdout.close()
        return code
