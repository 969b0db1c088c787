"""Workspace-confined file tools: read, list, glob, grep, write, edit."""

from file_tools.plugin import FileTools
from file_tools.workspace import WorkspaceError, confine, resolve_workspace

__all__ = ["FileTools", "WorkspaceError", "confine", "resolve_workspace"]
