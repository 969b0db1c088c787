"""The agent servers the user connected to: their addresses in a file, their tokens in the keyring.

`remote-servers.json` in the config folder lists ``{"url", "label"}`` per server; the token of
each is kept in the secret store under ``remote-server-token <url>`` (the keyring, or for this
session only when there is none: `SecretStore.store` says which).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit

from agent_app.paths import write_atomically
from agent_app.secrets import SecretStore
from agent_app.untrusted_json import refuse_constant

log = logging.getLogger(__name__)

FILE_NAME = "remote-servers.json"


class RemoteServer(NamedTuple):
    url: str
    label: str
    certificate: str | None = None
    """The PEM certificate pinned on first connect (https servers)."""


class ConnectionInputError(ValueError):
    """An address that is not an agent server's; the message says what to type."""


def normalized_url(text: str) -> str:
    """`text` as a server address (``http(s)://host:port``); `ConnectionInputError` if not one."""
    url = text.strip().rstrip("/")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConnectionInputError(
            "Type the address the server printed, such as http://127.0.0.1:8765."
        )
    return url


def token_name(url: str) -> str:
    return f"remote-server-token {url}"


class RemoteConnections:
    """The servers in `config_dir`'s file, their tokens in `secrets`."""

    def __init__(self, config_dir: Path, secrets: SecretStore) -> None:
        self.path = config_dir / FILE_NAME
        self.secrets = secrets

    def servers(self) -> list[RemoteServer]:
        try:
            raw: Any = json.loads(
                self.path.read_text(encoding="utf-8"), parse_constant=refuse_constant
            )
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as error:  # unreadable or not JSON: connect again
            log.warning("The list of agent servers %s cannot be read: %s", self.path, error)
            return []
        entries = raw.get("servers") if isinstance(raw, dict) else None
        return [
            RemoteServer(
                str(entry["url"]),
                str(entry.get("label") or entry["url"]),
                entry["certificate"] if isinstance(entry.get("certificate"), str) else None,
            )
            for entry in entries or []
            if isinstance(entry, dict) and isinstance(entry.get("url"), str)
        ]

    def add(self, url: str, token: str, certificate: str | None = None) -> tuple[RemoteServer, str]:
        """Keep the server, its pinned `certificate` and its token; (the server, "" or why
        the token is kept for this session only)."""
        url = normalized_url(url)
        _where, session_only_reason = self.secrets.store(token_name(url), token.strip())
        server = RemoteServer(url, urlsplit(url).netloc, certificate)
        kept = [item for item in self.servers() if item.url != url]
        self._write([*kept, server])
        return server, session_only_reason

    def token(self, url: str) -> str | None:
        return self.secrets.get(token_name(url))

    def remove(self, url: str) -> None:
        self._write([item for item in self.servers() if item.url != url])
        self.secrets.delete(token_name(url))

    def _write(self, servers: list[RemoteServer]) -> None:
        data = {"servers": [server._asdict() for server in servers]}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(self.path, json.dumps(data, indent=2).encode("utf-8"))
