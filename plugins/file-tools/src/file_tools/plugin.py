"""The file tools plugin: read, list, glob, grep, write and edit inside the agent's workspace."""

from __future__ import annotations

import copy
import difflib
import fnmatch
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_core.tool_arguments import ToolArgumentsError, tool_arguments
from file_tools.workspace import WorkspaceError, confine, relative_display, resolve_workspace

READ_FILE = "read_file"
LIST_DIRECTORY = "list_directory"
GLOB_FILES = "glob_files"
GREP_FILES = "grep_files"
WRITE_FILE = "write_file"
EDIT_FILE = "edit_file"

DEFAULT_MAX_READ_BYTES = 256 * 1024
DEFAULT_MAX_WRITE_BYTES = 10 * 1024 * 1024
DEFAULT_MAX_RESULTS = 200
MAX_GREP_FILE_BYTES = 5 * 1024 * 1024
MAX_GREP_LINE_CHARS = 300
BINARY_SNIFF_BYTES = 8192
SKIPPED_FOLDERS = frozenset({".git", ".hg", ".svn", "__pycache__", "node_modules", ".venv"})
SINGLE_LINE_CHARS = 100

_READ_ONLY = {
    "readOnlyHint": True,
    "destructiveHint": False,
    "idempotentHint": True,
    "openWorldHint": False,
}


def _schema(
    name: str,
    description: str,
    properties: dict[str, Any],
    required: list[str],
    annotations: dict[str, Any],
) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": False,
            },
        },
        "annotations": annotations,
    }


_PATH = {"type": "string", "description": "Path relative to the workspace folder."}

TOOL_SCHEMAS: list[dict[str, Any]] = [
    _schema(
        READ_FILE,
        "Read a text file from the workspace. Long files are cut; use offset/limit (lines) "
        "to read further.",
        {
            "path": _PATH,
            "offset": {"type": "integer", "minimum": 1, "description": "First line (1-based)."},
            "limit": {"type": "integer", "minimum": 1, "description": "Number of lines."},
        },
        ["path"],
        {"title": "Read file", **_READ_ONLY},
    ),
    _schema(
        LIST_DIRECTORY,
        "List a folder of the workspace: sub-folders end with '/', files show their size.",
        {"path": {**_PATH, "description": "Folder relative to the workspace; default '.'."}},
        [],
        {"title": "List folder", **_READ_ONLY},
    ),
    _schema(
        GLOB_FILES,
        "Find files in the workspace whose path matches a glob pattern such as '**/*.py'.",
        {
            "pattern": {"type": "string", "description": "Glob pattern, relative to path."},
            "path": {**_PATH, "description": "Folder to search from; default '.'."},
        },
        ["pattern"],
        {"title": "Find files", **_READ_ONLY},
    ),
    _schema(
        GREP_FILES,
        "Search the text files of the workspace for a regular expression; answers "
        "'path:line: text' per match.",
        {
            "pattern": {"type": "string", "description": "Python regular expression."},
            "path": {**_PATH, "description": "Folder or file to search; default '.'."},
            "glob": {
                "type": "string",
                "description": "Only files whose name matches, e.g. '*.md'.",
            },
            "ignore_case": {"type": "boolean", "description": "Case-insensitive search."},
        },
        ["pattern"],
        {"title": "Search files", **_READ_ONLY},
    ),
    _schema(
        WRITE_FILE,
        "Write a text file in the workspace, creating folders as needed. Replaces the whole "
        "file if it exists.",
        {"path": _PATH, "content": {"type": "string", "description": "The complete new text."}},
        ["path", "content"],
        {
            "title": "Write file",
            "readOnlyHint": False,
            "destructiveHint": True,
            "idempotentHint": True,
            "openWorldHint": False,
        },
    ),
    _schema(
        EDIT_FILE,
        "Edit a text file in the workspace by replacing an exact piece of text. old_string must "
        "occur exactly once unless replace_all is true. Answers with a unified diff.",
        {
            "path": _PATH,
            "old_string": {"type": "string", "description": "Exact text to replace."},
            "new_string": {"type": "string", "description": "Replacement text."},
            "replace_all": {"type": "boolean", "description": "Replace every occurrence."},
        },
        ["path", "old_string", "new_string"],
        {
            "title": "Edit file",
            "readOnlyHint": False,
            "destructiveHint": True,
            "idempotentHint": False,
            "openWorldHint": False,
        },
    ),
]
TOOL_NAMES = frozenset(schema["function"]["name"] for schema in TOOL_SCHEMAS)


class FileToolError(Exception):
    """A refusal or failure reported to the model as a tool error."""


def _arguments(payload: Any) -> dict[str, Any]:
    try:
        return tool_arguments(payload)
    except ToolArgumentsError as exc:
        raise FileToolError(str(exc)) from exc


def _text_argument(arguments: dict[str, Any], key: str, *, allow_empty: bool = False) -> str:
    value = arguments.get(key)
    if not isinstance(value, str) or (not allow_empty and not value):
        raise FileToolError(f"'{key}' is required and must be text.")
    return value


def _positive_int(arguments: dict[str, Any], key: str) -> int | None:
    value = arguments.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise FileToolError(f"'{key}' must be a whole number of at least 1.")
    return value


def _shorten(text: str, limit: int = SINGLE_LINE_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _count_lines(text: str) -> int:
    return len(text.splitlines())


def _human_size(size: int) -> str:
    if size < 1024:
        return f"{size} B"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KiB"
    return f"{size / (1024 * 1024):.1f} MiB"


def _looks_binary(sample: bytes) -> bool:
    return b"\x00" in sample


def _read_text(path: Path, shown: str) -> str:
    """The whole file as text (line endings kept), or a FileToolError for binary/undecodable."""
    data = path.read_bytes()
    if _looks_binary(data[:BINARY_SNIFF_BYTES]):
        raise FileToolError(f"{shown} is a binary file; the file tools handle text only.")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileToolError(
            f"{shown} is not UTF-8 text (bad byte at offset {exc.start}); it cannot be edited here."
        ) from exc


def _write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` in one step: a crash leaves the old file or the new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            shutil.copymode(path, temporary)
        else:
            os.chmod(temporary, 0o644)  # mkstemp makes 0600; a new file gets the usual mode
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _diff(before: str, after: str, shown: str) -> tuple[str, int, int]:
    """Unified diff of two texts plus the number of added and removed lines."""
    lines = list(
        difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            fromfile=f"a/{shown}",
            tofile=f"b/{shown}",
        )
    )
    added = sum(1 for line in lines if line.startswith("+") and not line.startswith("+++"))
    removed = sum(1 for line in lines if line.startswith("-") and not line.startswith("---"))
    text = "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    )
    return text, added, removed


class FileTools:
    """Tool plugin `file_tools`: text files inside the agent's workspace folder, nowhere else."""

    name = "file_tools"
    version = "0.1.0"

    def get_config_schema(self) -> dict[str, Any]:
        return {
            "workspace_dir": {
                "type": "string",
                "default": "",
                "description": "Folder the file tools may use; empty = the agent's own workspace.",
            },
            "max_read_bytes": {
                "type": "integer",
                "default": DEFAULT_MAX_READ_BYTES,
                "description": "Largest piece of a file returned by one read.",
            },
            "max_write_bytes": {
                "type": "integer",
                "default": DEFAULT_MAX_WRITE_BYTES,
                "description": "Largest file the tools will write.",
            },
            "max_search_results": {
                "type": "integer",
                "default": DEFAULT_MAX_RESULTS,
                "description": "Most entries or matches returned by list, glob and grep.",
            },
        }

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return [
            {
                "type": "folder",
                "key": "workspace_dir",
                "label": "Workspace folder",
                "description": "File and shell tools work only inside this folder. Leave empty "
                "to give each agent its own folder in the app's data.",
                "placeholder": "Agent's own workspace",
            },
            {
                "type": "integer",
                "key": "max_read_bytes",
                "label": "Largest read (bytes)",
                "description": "Longer files are cut; the model can read on with offset.",
                "min": 1024,
                "default": DEFAULT_MAX_READ_BYTES,
            },
            {
                "type": "integer",
                "key": "max_search_results",
                "label": "Most search results",
                "min": 1,
                "default": DEFAULT_MAX_RESULTS,
            },
        ]

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def get_tool_schemas(
        self, state: dict[str, Any], *, prepared: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return copy.deepcopy(TOOL_SCHEMAS)  # the caller may change what it gets

    # ------------------------------------------------------------------ previews
    def format_tool_call_preview(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> str:
        try:
            arguments = _arguments(payload)
        except FileToolError:
            return ""
        path = str(arguments.get("path") or ".")
        if tool_name == READ_FILE:
            offset, limit = arguments.get("offset"), arguments.get("limit")
            if offset or limit:
                first = offset or 1
                last = f"{first + limit - 1}" if isinstance(limit, int) else "end"
                return f"Read {path} (lines {first}–{last})"
            return f"Read {path}"
        if tool_name == LIST_DIRECTORY:
            return f"List {path}"
        if tool_name == GLOB_FILES:
            return f"Find files matching {arguments.get('pattern')!s} in {path}"
        if tool_name == GREP_FILES:
            where = f" in {path}" + (f" ({arguments['glob']})" if arguments.get("glob") else "")
            return _shorten(f"Search /{arguments.get('pattern')!s}/{where}")
        if tool_name == WRITE_FILE:
            content = arguments.get("content")
            if isinstance(content, str):
                size = len(content.encode("utf-8"))
                return f"Write {path} ({_count_lines(content)} lines, {_human_size(size)})"
            return f"Write {path}"
        if tool_name == EDIT_FILE:
            old, new = arguments.get("old_string"), arguments.get("new_string")
            if isinstance(old, str) and isinstance(new, str):
                every = " everywhere" if arguments.get("replace_all") else ""
                return (
                    f"Edit {path}: replace {_count_lines(old) or 1} line(s) with "
                    f"{_count_lines(new)} line(s){every}"
                )
            return f"Edit {path}"
        return ""

    # ------------------------------------------------------------------ execution
    def execute_tool(
        self,
        tool_name: str | None,
        payload: Any,
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
        **_: Any,
    ) -> dict[str, Any]:
        handlers: dict[str, Callable[[Path, dict[str, Any], dict[str, Any]], dict[str, Any]]] = {
            READ_FILE: self._read,
            LIST_DIRECTORY: self._list,
            GLOB_FILES: self._glob,
            GREP_FILES: self._grep,
            WRITE_FILE: self._write,
            EDIT_FILE: self._edit,
        }
        handler = handlers.get(tool_name or "")
        if handler is None:
            return {
                "success": False,
                "tool": tool_name,
                "error": f"Unknown tool {tool_name!r}; the file tools are {sorted(TOOL_NAMES)}.",
            }
        config = dict(state.get("config") or {})
        arguments: dict[str, Any] = {}
        try:
            arguments = _arguments(payload)
            workspace = resolve_workspace(config, context)
            return {"tool": tool_name, **handler(workspace, arguments, config)}
        except (FileToolError, WorkspaceError) as exc:
            return {
                "success": False,
                "tool": tool_name,
                "path": arguments.get("path"),
                "error": str(exc),
            }
        except OSError as exc:
            where = f" {exc.filename}" if exc.filename else ""
            return {
                "success": False,
                "tool": tool_name,
                "path": arguments.get("path"),
                "error": f"{exc.strerror or exc}{where}.",
            }

    def _read(
        self, workspace: Path, arguments: dict[str, Any], config: dict[str, Any]
    ) -> dict[str, Any]:
        path = confine(workspace, _text_argument(arguments, "path"))
        shown = relative_display(workspace, path)
        if not path.is_file():
            missing = "" if path.exists() else " (it does not exist)"
            raise FileToolError(f"{shown} is not a file{missing}.")
        offset = _positive_int(arguments, "offset") or 1
        limit = _positive_int(arguments, "limit")
        max_bytes = int(config.get("max_read_bytes") or DEFAULT_MAX_READ_BYTES)
        selected: list[bytes] = []
        used = 0
        note = ""
        with path.open("rb") as handle:
            if _looks_binary(handle.read(BINARY_SNIFF_BYTES)):
                size = path.stat().st_size
                raise FileToolError(
                    f"{shown} is a binary file ({_human_size(size)}); "
                    "the file tools read text only."
                )
            handle.seek(0)
            # Stops as soon as the answer is full, so a huge file costs only what is shown.
            for number, raw_line in enumerate(handle, start=1):
                if number < offset:
                    continue
                if limit is not None and number >= offset + limit:
                    note = f"[More lines follow; read on with offset={number}.]"
                    break
                if used + len(raw_line) > max_bytes:
                    if not selected:
                        selected.append(raw_line[:max_bytes] + b"\n")
                        note = f"[Line {number} is longer than {max_bytes} bytes; cut.]"
                    else:
                        note = (
                            f"[Cut at the {max_bytes}-byte read limit; read on with "
                            f"offset={number}.]"
                        )
                    break
                used += len(raw_line)
                selected.append(raw_line)
            else:
                if offset > 1 and not selected:
                    note = f"[{shown} has fewer than {offset} lines.]"
        text = b"".join(selected).decode("utf-8", errors="replace")
        if note:
            text += ("" if not text or text.endswith("\n") else "\n") + note
        return {
            "success": True,
            "result": text,
            "path": shown,
            "first_line": offset,
            "lines": len(selected),
            "truncated": bool(note) and not note.startswith(f"[{shown}"),
        }

    def _list(
        self, workspace: Path, arguments: dict[str, Any], config: dict[str, Any]
    ) -> dict[str, Any]:
        path = confine(workspace, arguments.get("path") or ".")
        shown = relative_display(workspace, path)
        if not path.is_dir():
            raise FileToolError(f"{shown} is not a folder.")
        limit = int(config.get("max_search_results") or DEFAULT_MAX_RESULTS)
        entries = sorted(path.iterdir(), key=lambda entry: (not entry.is_dir(), entry.name))
        lines = []
        for entry in entries[:limit]:
            if entry.is_symlink() and not entry.exists():
                lines.append(f"{entry.name} -> (broken link)")
            elif entry.is_symlink() and not entry.resolve().is_relative_to(workspace):
                lines.append(f"{entry.name} -> (outside the workspace)")
            elif entry.is_dir():
                lines.append(f"{entry.name}/")
            else:
                lines.append(f"{entry.name}  ({_human_size(entry.stat().st_size)})")
        if len(entries) > limit:
            lines.append(f"[{len(entries) - limit} more entries not shown.]")
        return {
            "success": True,
            "result": "\n".join(lines) if lines else f"{shown} is empty.",
            "path": shown,
            "count": len(entries),
        }

    def _glob(
        self, workspace: Path, arguments: dict[str, Any], config: dict[str, Any]
    ) -> dict[str, Any]:
        pattern = _text_argument(arguments, "pattern")
        if pattern.startswith("/") or ".." in Path(pattern).parts or "\x00" in pattern:
            raise FileToolError(
                f"The pattern {pattern!r} must stay inside the search folder (no '/' start, "
                "no '..')."
            )
        base = confine(workspace, arguments.get("path") or ".")
        if not base.is_dir():
            raise FileToolError(f"{relative_display(workspace, base)} is not a folder.")
        limit = int(config.get("max_search_results") or DEFAULT_MAX_RESULTS)
        try:
            matches = sorted(
                relative_display(workspace, match)
                for match in base.glob(pattern)
                if match.resolve().is_relative_to(workspace)
                and not SKIPPED_FOLDERS.intersection(match.relative_to(base).parts[:-1])
            )
        except ValueError as exc:  # pathlib's word for a pattern it cannot use
            raise FileToolError(f"The pattern {pattern!r} cannot be used: {exc}.") from exc
        lines = matches[:limit]
        if len(matches) > limit:
            lines.append(f"[{len(matches) - limit} more matches not shown.]")
        return {
            "success": True,
            "result": "\n".join(lines) if lines else f"No files match {pattern!r}.",
            "pattern": pattern,
            "count": len(matches),
        }

    def _grep(
        self, workspace: Path, arguments: dict[str, Any], config: dict[str, Any]
    ) -> dict[str, Any]:
        pattern = _text_argument(arguments, "pattern")
        try:
            regex = re.compile(pattern, re.IGNORECASE if arguments.get("ignore_case") else 0)
        except re.error as exc:
            raise FileToolError(
                f"The pattern {pattern!r} is not a valid regular expression: {exc}."
            ) from exc
        base = confine(workspace, arguments.get("path") or ".")
        name_glob = arguments.get("glob")
        limit = int(config.get("max_search_results") or DEFAULT_MAX_RESULTS)
        matches: list[str] = []
        files_matched = 0
        total = 0
        for file_path in self._walk_files(workspace, base):
            if name_glob and not fnmatch.fnmatch(file_path.name, str(name_glob)):
                continue
            try:
                if file_path.stat().st_size > MAX_GREP_FILE_BYTES:
                    continue
                data = file_path.read_bytes()
            except OSError:
                continue  # unreadable files are simply not searched
            if _looks_binary(data[:BINARY_SNIFF_BYTES]):
                continue
            shown = relative_display(workspace, file_path)
            found_here = False
            for number, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
                if regex.search(line):
                    total += 1
                    found_here = True
                    if len(matches) < limit:
                        matches.append(f"{shown}:{number}: {line.strip()[:MAX_GREP_LINE_CHARS]}")
            files_matched += found_here
        if total > limit:
            matches.append(f"[{total - limit} more matches not shown; narrow the search.]")
        return {
            "success": True,
            "result": "\n".join(matches) if matches else f"No matches for {pattern!r}.",
            "pattern": pattern,
            "count": total,
            "files": files_matched,
        }

    @staticmethod
    def _walk_files(workspace: Path, base: Path) -> list[Path]:
        if base.is_file():
            return [base]
        found = []
        for folder, folders, files in os.walk(base, followlinks=False):
            folders[:] = sorted(name for name in folders if name not in SKIPPED_FOLDERS)
            for name in sorted(files):
                candidate = Path(folder) / name
                if candidate.resolve().is_relative_to(workspace):
                    found.append(candidate)
        return found

    def _write(
        self, workspace: Path, arguments: dict[str, Any], config: dict[str, Any]
    ) -> dict[str, Any]:
        path = confine(workspace, _text_argument(arguments, "path"))
        content = _text_argument(arguments, "content", allow_empty=True)
        shown = relative_display(workspace, path)
        max_bytes = int(config.get("max_write_bytes") or DEFAULT_MAX_WRITE_BYTES)
        size = len(content.encode("utf-8"))
        if size > max_bytes:
            raise FileToolError(
                f"The content is {_human_size(size)}, over the {_human_size(max_bytes)} write "
                "limit; nothing was written."
            )
        if path.is_dir():
            raise FileToolError(f"{shown} is a folder; give a file path.")
        existed = path.exists()
        before = _read_text(path, shown) if existed else ""
        _write_atomically(path, content)
        diff, added, removed = _diff(before, content, shown)
        verb = "Updated" if existed else "Created"
        return {
            "success": True,
            "result": f"{verb} {shown} ({_human_size(size)}, {_count_lines(content)} lines).",
            "path": shown,
            "created": not existed,
            "diff": diff,
            "added": added,
            "removed": removed,
        }

    def _edit(
        self, workspace: Path, arguments: dict[str, Any], config: dict[str, Any]
    ) -> dict[str, Any]:
        path = confine(workspace, _text_argument(arguments, "path"))
        old = _text_argument(arguments, "old_string")
        new = _text_argument(arguments, "new_string", allow_empty=True)
        shown = relative_display(workspace, path)
        if not path.is_file():
            raise FileToolError(f"{shown} does not exist; use write_file to create it.")
        before = _read_text(path, shown)
        if old not in before and "\r\n" in before:
            # The model writes "\n"; the file keeps its Windows line endings.
            old, new = old.replace("\n", "\r\n"), new.replace("\n", "\r\n")
        occurrences = before.count(old)
        if occurrences == 0:
            raise FileToolError(
                f"old_string was not found in {shown}; read the file and copy the exact text "
                "(spaces and line breaks included)."
            )
        if occurrences > 1 and not arguments.get("replace_all"):
            raise FileToolError(
                f"old_string occurs {occurrences} times in {shown}; include more surrounding "
                "text to pick one, or set replace_all to true."
            )
        if old == new:
            raise FileToolError("old_string and new_string are the same; nothing to change.")
        after = (
            before.replace(old, new)
            if arguments.get("replace_all")
            else before.replace(old, new, 1)
        )
        _write_atomically(path, after)
        diff, added, removed = _diff(before, after, shown)
        return {
            "success": True,
            "result": diff,
            "path": shown,
            "diff": diff,
            "added": added,
            "removed": removed,
            "replacements": occurrences if arguments.get("replace_all") else 1,
        }

    # ------------------------------------------------------------------ results
    def format_tool_result(self, result: dict[str, Any], state: dict[str, Any]) -> str:
        if not result.get("success"):
            return f"Error: {result.get('error')}"
        if result.get("tool") == WRITE_FILE and result.get("diff") and not result.get("created"):
            return f"{result['result']}\n{result['diff']}"
        return str(result.get("result", ""))

    def to_display_format(
        self, text: str, result: dict[str, Any], state: dict[str, Any]
    ) -> dict[str, Any]:
        tool = result.get("tool")
        verb = {
            READ_FILE: "read",
            LIST_DIRECTORY: "list",
            GLOB_FILES: "glob",
            GREP_FILES: "grep",
            WRITE_FILE: "write",
            EDIT_FILE: "edit",
        }.get(tool or "", str(tool or "file tool"))
        if not result.get("success"):
            target = f" {result['path']}" if result.get("path") else ""
            single_line = f"{verb}{target} — {result.get('error')}"
            return {"type": "text", "content": text, "single_line": _shorten(single_line)}
        display: dict[str, Any] = {"type": "text", "content": text}
        if tool in (EDIT_FILE, WRITE_FILE):
            created = " new file" if result.get("created") else ""
            display["single_line"] = (
                f"{verb} {result['path']} (+{result['added']} −{result['removed']}){created}"
            )
            display["diff"] = result["diff"]
        elif tool == READ_FILE:
            cut = ", cut" if result.get("truncated") else ""
            display["single_line"] = f"read {result['path']} ({result['lines']} lines{cut})"
        elif tool == LIST_DIRECTORY:
            display["single_line"] = f"list {result['path']} ({result['count']} entries)"
        elif tool == GLOB_FILES:
            display["single_line"] = f"glob {result['pattern']} ({result['count']} matches)"
        else:
            display["single_line"] = _shorten(
                f"grep /{result['pattern']}/ ({result['count']} matches in {result['files']} files)"
            )
        return display
