"""`@file:` path completions inside the agent's workspace folder.

Typing `@file:` followed by part of a path lists the matching files and folders of the agent's
workspace (the same folder the file tools work in, resolved by `file_tools.workspace`). Accepting
a folder keeps completing inside it; accepting a file closes the reference and the completion
carries `attach_path`, which the desktop uses to attach that file to the message.

The application passes `runtime_state_root` (or `workspace_dir`) in the config it asks with.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from file_tools.workspace import WorkspaceError, confine, resolve_workspace

TRIGGER = re.compile(r"(?:^|(?<=\s))@file:(?P<path>\S*)$")
MAX_RESULTS = 50


def _size_label(size: int) -> str:
    value = float(size)
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{size} bytes" if unit == "bytes" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} bytes"


class FileCompletionFeature:
    """Feature plugin `file_completion`."""

    name = "file_completion"
    version = "0.1.0"
    priority = 100

    def get_config_schema(self) -> dict[str, Any]:
        return {}

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return []

    def init(self, config: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return state

    def get_completions(self, config: dict[str, Any], text: str) -> list[dict[str, Any]]:
        match = TRIGGER.search(text)
        if match is None:
            return []
        typed = match.group("path")
        folder_part, _, name_part = typed.rpartition("/")
        try:
            workspace = resolve_workspace(
                config, {"runtime_state_root": config.get("runtime_state_root")}
            )
            folder = confine(workspace, folder_part or ".")
        except WorkspaceError:
            return []
        if not folder.is_dir():
            return []
        show_hidden = name_part.startswith(".")
        candidates: list[tuple[bool, str, Path]] = []
        for entry in folder.iterdir():
            if not entry.name.lower().startswith(name_part.lower()):
                continue
            if entry.name.startswith(".") and not show_hidden:
                continue
            relative = f"{folder_part}/{entry.name}" if folder_part else entry.name
            try:
                resolved = confine(workspace, relative)
            except WorkspaceError:
                continue  # a symlink leading out of the workspace is not offered
            candidates.append((not resolved.is_dir(), entry.name.lower(), resolved))
        candidates.sort()
        completions: list[dict[str, Any]] = []
        for is_file, _, resolved in candidates[:MAX_RESULTS]:
            relative = resolved.relative_to(workspace).as_posix()
            if is_file:
                completions.append(
                    {
                        "replacement": f"@file:{relative}",
                        "start": match.start(),
                        "display": resolved.name,
                        "display_meta": _size_label(resolved.stat().st_size),
                        "kind": "file",
                        "attach_path": str(resolved),
                    }
                )
            else:
                completions.append(
                    {
                        "replacement": f"@file:{relative}/",
                        "start": match.start(),
                        "display": f"{resolved.name}/",
                        "display_meta": "folder",
                        "kind": "folder",
                    }
                )
        return completions

    def apply_completion(
        self, config: dict[str, Any], text: str, completion: dict[str, Any]
    ) -> str:
        # A chosen file ends the reference, so typing goes on after a space; a folder keeps
        # the reference open for the next path segment.
        if completion.get("kind") == "file" and completion.get("attach_path"):
            return f"{completion['replacement']} "
        return ""
