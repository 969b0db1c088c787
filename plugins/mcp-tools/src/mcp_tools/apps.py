"""The client side of MCP Apps (``io.modelcontextprotocol/ui``, specification 2026-01-26).

A tool may name an interactive view in its definition (``_meta.ui.resourceUri``, or the older
flat ``_meta["ui/resourceUri"]``): a ``ui://`` resource of mime type
``text/html;profile=mcp-app`` that the host reads with ``resources/read`` and shows in the tool's
row. ``_meta.ui.visibility`` says who may call the tool: ``"model"`` (offered to the model) and
``"app"`` (callable from the server's own views); both when it is absent.

This module reads those fields and describes a result's view; the Qt side renders it. What the
view gets is kept in the tool message's display dict (``app_view``), so a reopened chat can show
the view again; the message's text stays the fallback that models, exports and search read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mcp.client.extension import ClientExtension

UI_EXTENSION = "io.modelcontextprotocol/ui"
APP_MIME_TYPE = "text/html;profile=mcp-app"
UI_SCHEME = "ui://"
# The flat key servers of the first drafts used; the SDK's helpers still write both.
FLAT_RESOURCE_URI_KEY = "ui/resourceUri"
MODEL = "model"
APP = "app"
DEFAULT_VISIBILITY = (MODEL, APP)
APP_ONLY_REASON = "only its server's app view may call it (MCP Apps visibility without 'model')"


def ui_extension() -> ClientExtension:
    """The capability that tells servers this client renders MCP App views (SDK loaded)."""
    from mcp.client.extension import advertise  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

    return advertise(UI_EXTENSION, {"mimeTypes": [APP_MIME_TYPE]})


@dataclass(frozen=True)
class ToolUi:
    """What a tool's ``_meta`` says about views: the view's resource and who may call it."""

    resource_uri: str | None = None
    visibility: tuple[str, ...] = DEFAULT_VISIBILITY

    @property
    def for_model(self) -> bool:
        return MODEL in self.visibility

    @property
    def for_app(self) -> bool:
        return APP in self.visibility


def _ui_part(meta: Any) -> dict[str, Any]:
    ui = meta.get("ui") if isinstance(meta, dict) else None
    return ui if isinstance(ui, dict) else {}


def resource_uri(meta: Any) -> str | None:
    """The ``ui://`` resource a tool's (or a result's) ``_meta`` names, else None; any other
    scheme is not a view (the host only reads views from the server itself)."""
    uri = _ui_part(meta).get("resourceUri")
    if uri is None and isinstance(meta, dict):
        uri = meta.get(FLAT_RESOURCE_URI_KEY)
    return uri if isinstance(uri, str) and uri.startswith(UI_SCHEME) else None


def tool_ui(meta: Any) -> ToolUi:
    """The view and visibility of a tool from its ``_meta`` (absent or malformed: defaults)."""
    visibility = _ui_part(meta).get("visibility")
    if isinstance(visibility, list) and all(isinstance(who, str) for who in visibility):
        chosen = tuple(who for who in DEFAULT_VISIBILITY if who in visibility)
    else:
        chosen = DEFAULT_VISIBILITY
    return ToolUi(resource_uri=resource_uri(meta), visibility=chosen)


def resource_ui(meta: Any) -> dict[str, Any]:
    """A view resource's security and look: ``csp`` (lists of origins by kind),
    ``permissions`` and ``prefersBorder``, only the parts of the right shape."""
    ui = _ui_part(meta)
    found: dict[str, Any] = {}
    csp = ui.get("csp")
    if isinstance(csp, dict):
        found["csp"] = {
            kind: [origin for origin in origins if isinstance(origin, str)]
            for kind, origins in csp.items()
            if kind in ("connectDomains", "resourceDomains", "frameDomains", "baseUriDomains")
            and isinstance(origins, list)
        }
    permissions = ui.get("permissions")
    if isinstance(permissions, dict):
        found["permissions"] = {
            name: {}
            for name in permissions
            if name in ("camera", "microphone", "geolocation", "clipboardWrite")
        }
    if isinstance(ui.get("prefersBorder"), bool):
        found["prefersBorder"] = ui["prefersBorder"]
    return found
