"""The narrow faces of the application that the tool loop and the approval policy see.

They receive exactly what they use, not the whole `AgentApplication` (which satisfies both), so a
test can hand them a small stand-in and a reader sees at a glance what they may touch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from agent_app.assets import SessionAssetStore
    from agent_app.plugin_host import PluginHost
    from agent_app.settings import Settings
    from agent_app.store import SessionStore
    from agent_app.tool_servers import ToolServers
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


class ToolLoopHost(Protocol):
    """What one request needs: the core, the effective config, the store and the settings."""

    @property
    def settings(self) -> Settings: ...

    @property
    def store(self) -> SessionStore: ...

    @property
    def assets(self) -> SessionAssetStore: ...

    def build_core(self, agent_id: str | None = None) -> AgentCore: ...

    def build_agent_config(self, agent_id: str | None = None) -> dict[str, Any]: ...

    async def aread_configured_secrets(self) -> None: ...

    def resolve_request_config(
        self, base_config: dict[str, Any], overrides: dict[str, Any] | None = None
    ) -> dict[str, Any]: ...

    def build_context(
        self,
        session: Session,
        *,
        config: dict[str, Any],
        base_config: dict[str, Any] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> dict[str, Any]: ...

    async def asave_session_reporting(
        self, session: Session, *, expected_message_count: int | None = None
    ) -> tuple[Session, list[dict[str, Any]]]: ...

    @property
    def tool_servers(self) -> ToolServers:
        """Whether they are ready yet, for the chat's notice."""
        ...

    @property
    def plugins(self) -> PluginHost:
        """The plugin behind a tool: whether its hints are trusted depends on who wrote it."""
        ...
