"""Tool plugin `project_tools`: `search_project`, full-text search over the chat's project.

Offered only to a chat of a project (config ``project_dir``, set by the application). It only
reads, inside the project folder (links leading outside are not followed). Each hit names the
file and line, for the model to cite (`notes/plan.md:12`); the row lists them.
"""

from __future__ import annotations

import copy
import sqlite3
from pathlib import Path
from typing import Any

from agent_core.tool_arguments import tool_arguments
from agent_projects.index import ProjectIndex

SEARCH_PROJECT = "search_project"
#: The scheme of a link to a project's file in an answer (the app opens it only inside one of
#: the user's project folders; Markdown links may not use file: itself).
PROJECT_FILE_LINK = "project-file:"
MAX_LIMIT = 50

TOOL_SCHEMAS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": SEARCH_PROJECT,
            "description": (
                "Search the text of this chat's project files for words; returns the files that "
                "hold them, with the line of the first match. Cite each result in your answer "
                "with the Markdown link it comes with, [path:line](project-file:…): the user "
                "opens the file from it."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "Words to find (all of them)."},
                    "limit": {"type": "integer", "description": "Most files returned; 10."},
                },
                "required": ["query"],
                "additionalProperties": False,
            },
        },
        "annotations": {
            "title": "Search project",
            "readOnlyHint": True,
            "destructiveHint": False,
            "idempotentHint": True,
            "openWorldHint": False,
        },
    }
]


def file_link(root: Path, relative: str) -> str:
    """The link an answer cites file `relative` of the project in `root` with."""
    return PROJECT_FILE_LINK + (root / relative).as_uri().removeprefix("file:")


def project_root(config: dict[str, Any]) -> Path | None:
    folder = config.get("project_dir")
    return Path(folder) if isinstance(folder, str) and folder else None


class ProjectTools:
    """Tool plugin `project_tools`: `search_project` for a chat of a project."""

    kind = "tool"
    name = "project_tools"
    display_name = "Project tools"
    version = "0.1.0"

    def get_config_schema(self) -> dict[str, Any]:
        return {}

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return []

    def is_enabled(
        self,
        config: dict[str, Any],
        tags: list[str],
        models: list[dict[str, Any]],
        context: dict[str, Any],
    ) -> bool | None:
        return None if project_root(config) is not None else False

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def get_tool_schemas(
        self, state: dict[str, Any], *, prepared: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return copy.deepcopy(TOOL_SCHEMAS)

    def format_tool_call_preview(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> str:
        try:
            arguments = tool_arguments(payload)
        except ValueError:
            return ""
        return f"Search project for {arguments.get('query', '')!r}"

    def execute_tool(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> dict[str, Any]:
        if tool_name != SEARCH_PROJECT:
            return {"success": False, "error": f"Unknown tool {tool_name!r}."}
        config = state.get("config") or {}
        root = project_root(config)
        index_path = config.get("project_index_path")
        try:
            arguments = tool_arguments(payload)
            query = arguments.get("query")
            if not isinstance(query, str) or not query.strip():
                raise ValueError("'query' is required: the words to find in the project's files")
            if root is None or not root.is_dir():
                raise ValueError("this chat has no project folder to search")
            if not isinstance(index_path, str) or not index_path:
                raise ValueError("the application gives the project index no place to be kept")
            limit = arguments.get("limit", 10)
            limit = max(1, min(MAX_LIMIT, limit if isinstance(limit, int) else 10))
            legacy = config.get("project_index_legacy_path")
            index = ProjectIndex(
                Path(index_path), Path(legacy) if isinstance(legacy, str) and legacy else None
            )
            hits = index.search(root, query, limit)
        except (ValueError, OSError) as error:
            return {"success": False, "error": str(error)}
        except sqlite3.Error as error:
            return {
                "success": False,
                "error": f"the project index in {index_path} cannot be used ({error}); "
                "the search works again once the app's session database can be written",
            }
        lines = [
            f"- [{hit.citation()}]({file_link(root, hit.path)}): {hit.snippet}" for hit in hits
        ]
        head = (
            f"{len(hits)} of the project's files hold {query!r} (cite each with its link):"
            if hits
            else f"No file of the project holds {query!r}."
        )
        return {
            "success": True,
            "query": query,
            "files": [{"path": hit.path, "line": hit.line} for hit in hits],
            "folder": str(root),
            "result": "\n".join([head, *lines]),
        }

    def format_tool_result(self, result: dict[str, Any], state: dict[str, Any]) -> str:
        if not result.get("success"):
            return f"Error: {result.get('error')}"
        return str(result.get("result", ""))

    def to_display_format(
        self, text: str, result: dict[str, Any], state: dict[str, Any]
    ) -> dict[str, Any]:
        if not result.get("success"):
            single = f"Project search failed: {result.get('error')}"
            return {"type": "text", "content": text, "single_line": single}
        files = result.get("files") or []
        count = f"{len(files)} file{'' if len(files) == 1 else 's'}"
        single = f"Searched the project for {result.get('query')!r}: {count}"
        shown: dict[str, Any] = {"type": "text", "content": text, "single_line": single}
        if files and result.get("folder"):
            # The best hit opens from the row's menu (the app opens files of projects only).
            best = files[0]["path"]
            shown["link"] = (Path(str(result["folder"])) / best).as_uri()
            shown["link_label"] = f"Open {best}"
        return shown
