"""Workspace-confined file tools: read, list, glob, grep, write, edit."""
