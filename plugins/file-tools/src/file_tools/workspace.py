"""The per-agent workspace folder and the rule that keeps every path inside it.

Shared by the file tools and the shell tool so both agree on where an agent may work.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

WORKSPACES_FOLDER = "workspaces"
# The platform's default agent id (the one every config has). This plugin depends on nothing but
# the standard library, like any third-party tool plugin may, so it spells the convention itself
# instead of importing the application.
DEFAULT_AGENT_ID = "default"


class WorkspaceError(ValueError):
    """A path or workspace setting the tools refuse; the message says why and what to do."""


def _agent_id(config: dict[str, Any], context: dict[str, Any]) -> str:
    session = context.get("session") or {}
    metadata = session.get("metadata") if isinstance(session, dict) else None
    agent_id = config.get("agent_id") or (metadata or {}).get("agent_id") or DEFAULT_AGENT_ID
    # An agent id becomes one folder name: nothing that could climb or nest.
    return re.sub(r"[^A-Za-z0-9._-]", "_", str(agent_id)).lstrip(".") or DEFAULT_AGENT_ID


def resolve_workspace(config: dict[str, Any], context: dict[str, Any] | None = None) -> Path:
    """The workspace folder for this call, created if missing.

    ``config["workspace_dir"]`` wins; otherwise ``<runtime_state_root>/workspaces/<agent_id>``
    with the root from the application's context (or the request config, where the app also
    puts it).
    """
    context = context or {}
    configured = config.get("workspace_dir") or (context.get("config") or {}).get("workspace_dir")
    if configured:
        if "\x00" in str(configured):
            raise WorkspaceError("The workspace_dir setting contains a NUL byte; fix the setting.")
        folder = Path(str(configured)).expanduser()
        if not folder.is_absolute():
            raise WorkspaceError(
                f"The workspace_dir setting {str(configured)!r} is not an absolute path; "
                "set it to a full folder path."
            )
    elif context.get("runtime_state_root") or config.get("runtime_state_root"):
        root = context.get("runtime_state_root") or config["runtime_state_root"]
        folder = Path(str(root)) / WORKSPACES_FOLDER / _agent_id(config, context)
    else:
        raise WorkspaceError(
            "No workspace folder: set workspace_dir in this tool's settings "
            "(the application normally supplies one per agent)."
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WorkspaceError(
            f"Cannot create the workspace folder {folder}: {exc.strerror}."
        ) from exc
    return folder.resolve()


def confine(workspace: Path, raw_path: Any) -> Path:
    """``raw_path`` resolved inside ``workspace`` (symlinks followed), or a WorkspaceError.

    Relative paths are taken from the workspace; absolute ones must already lie inside it.
    """
    if not isinstance(raw_path, str) or not raw_path.strip():
        raise WorkspaceError("A path is required (relative to the workspace folder).")
    if "\x00" in raw_path:
        raise WorkspaceError(f"The path {raw_path!r} contains a NUL byte; paths cannot.")
    root = workspace.resolve()
    joined = root / raw_path
    resolved = joined.resolve()
    if resolved.is_relative_to(root):
        return resolved
    if Path(os.path.normpath(joined)).is_relative_to(root):
        raise WorkspaceError(
            f"The path {raw_path!r} goes through a symbolic link that points outside the "
            "workspace; only files inside the workspace folder can be used."
        )
    raise WorkspaceError(
        f"The path {raw_path!r} is outside the workspace folder; use a path inside it "
        "(relative paths start at the workspace)."
    )


def relative_display(workspace: Path, path: Path) -> str:
    """``path`` relative to the workspace, POSIX style, ``.`` for the workspace itself."""
    relative = path.relative_to(workspace.resolve()).as_posix()
    return relative or "."
