"""`RuntimeAPI`: what a tool plugin receives in `initialize(runtime)`.

The contract lists secrets, state, an HTTP client and a wallet. A runtime fills in what it has:

- ``secrets``: ``await retrieve(namespace, key)``, ``store(namespace, key, value)``,
  ``delete(namespace, key)`` (a plugin may only use its own namespace);
- ``state``: ``await get(key, default=None)``, ``set(key, value)``, ``delete(key)``,
  ``keys()`` (JSON values, kept across restarts);
- ``http``: an ``httpx.AsyncClient``-like client (also reachable as ``http_client``);
- ``config``: the plugin's own ``config`` block from the runtime's ``tool_plugins`` settings
  (``{}`` when there is none), references such as ``${MY_TOOL_API_KEY}`` already resolved;
- ``wallet``: ``None`` in runtimes without one (Agent Desktop has none).
"""

from __future__ import annotations

from typing import Any, Protocol


class SecretsAPI(Protocol):
    async def retrieve(self, namespace: str, key: str) -> str | None: ...

    async def store(self, namespace: str, key: str, value: str) -> None: ...

    async def delete(self, namespace: str, key: str) -> None: ...


class StateAPI(Protocol):
    async def get(self, key: str, default: Any = None) -> Any: ...

    async def set(self, key: str, value: Any) -> None: ...

    async def delete(self, key: str) -> None: ...

    async def keys(self) -> list[str]: ...


class RuntimeAPI:
    """The runtime services handed to one plugin (see the module docstring)."""

    def __init__(
        self,
        *,
        secrets: SecretsAPI,
        state: StateAPI,
        http: Any = None,
        config: dict[str, Any] | None = None,
        wallet: Any = None,
    ) -> None:
        self.secrets = secrets
        self.state = state
        self.http = http
        self.config: dict[str, Any] = dict(config or {})
        self.wallet = wallet

    @property
    def http_client(self) -> Any:
        """The same client as `http`."""
        return self.http
