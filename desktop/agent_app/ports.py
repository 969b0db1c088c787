"""The narrow faces the services see of each other, where a concrete service would be too much.

`ApprovalPolicy` sees the settings and a way to save them (`Configuration`), `ToolServers` where
an agent's config comes from (`Agents`), a `Conversation` the platform's request calls
(`AgentApplication`). Each receives exactly what it uses, so a test can hand it a small stand-in
and a reader sees at a glance what it may touch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from agent_app.settings import Settings
    from agent_core import AgentCore, Session


class ApprovalSettings(Protocol):
    """Where "always allow" answers are kept: the settings and a way to save them."""

    @property
    def settings(self) -> Settings: ...

    def save_settings(self) -> None: ...


class RequestConfigs(Protocol):
    """Where an agent's config comes from: flat and unresolved, then resolved for a request."""

    def build_agent_config(self, agent_id: str | None = None) -> dict[str, Any]: ...

    def resolve_request_config(
        self, base_config: dict[str, Any], overrides: dict[str, Any] | None = None
    ) -> dict[str, Any]: ...


class Requests(Protocol):
    """The platform's request calls a chat makes (the application's own face)."""

    def send_request(self, *args: Any, stream: bool = True, **kwargs: Any) -> Any: ...

    def cancel_request(self, request_id: str, reason: str = ...) -> bool: ...

    def update_agent(
        self, agent_id: str | None, session: Session
    ) -> tuple[AgentCore, dict[str, Any], Session]: ...
