"""The chat's Tools button: how a server's state reads, the button's count, and resource
templates filled in (the journey in tests/journeys/test_mcp.py drives the real window)."""

from __future__ import annotations

import pytest

from agent_desktop.tool_servers.status_button import (
    expand_template,
    state_words,
    summary,
    template_parameters,
)

pytestmark = pytest.mark.gui


@pytest.mark.parametrize(
    ("status", "words"),
    [
        ({"state": "running", "tools": ["a", "b"]}, "ready · 2 tools"),
        ({"state": "running", "tools": ["a"]}, "ready · 1 tool"),
        ({"state": "starting"}, "starting…"),
        (
            {"state": "failed", "error": "MCP server 'gh' exited before the handshake.\nExit 1"},
            "failed: exited before the handshake",
        ),
        (
            {
                "state": "failed",
                "error": "MCP server 'gh' exited before the handshake.",
                "stderr_tail": "starting\nfatal: GITHUB_TOKEN is not set\n",
            },
            "failed: exited before the handshake (stderr: fatal: GITHUB_TOKEN is not set)",
        ),
        ({"state": "failed", "auth": {"state": "sign_in_needed"}}, "sign-in needed"),
        ({"state": "stopped", "enabled": False}, "turned off"),
        ({"state": "stopped"}, "not started yet"),
    ],
)
def test_a_server_state_in_a_few_words(status, words):
    assert state_words(status) == words


def test_the_button_counts_ready_servers_among_the_enabled():
    ready = {"state": "running", "enabled": True}
    assert summary([ready, ready]) == "Tools"
    assert summary([ready, {"state": "failed"}, {"state": "starting"}]) == "Tools 1/3"
    assert summary([ready, {"state": "stopped", "enabled": False}]) == "Tools"


def test_resource_templates_are_filled_in():
    template = "notes://release/{version}/{+path}"
    assert template_parameters(template) == ["version", "path"]
    assert (
        expand_template(template, {"version": "3.1 beta", "path": "docs/a b.md"})
        == "notes://release/3.1%20beta/docs/a%20b.md"
    )


def test_the_mcp_page_counts_one_tool_in_the_singular():
    from agent_desktop.settings.mcp_panels import describe_status

    assert describe_status({"state": "running", "tools": ["a"]}) == "Running · 1 tool"
    assert describe_status({"state": "running", "tools": ["a", "b"]}) == "Running · 2 tools"


def test_a_server_started_again_after_failing_still_says_why_it_failed():
    from agent_desktop.settings.mcp_panels import describe_status
    from agent_desktop.tool_servers.status_button import state_words

    failed = {
        "state": "failed",
        "error": "MCP server 'gh' exited before the MCP handshake finished.\nExit code: 1.",
        "stderr_tail": "starting\nfatal: GITHUB_TOKEN is not set",
    }
    assert describe_status(failed) == (
        "Failed: exited before the MCP handshake finished (stderr: fatal: GITHUB_TOKEN is not set)"
    )
    # Its back-off passed: it starts again, and the reason stays in sight until that ends.
    retrying = {"state": "starting", "error": None, "stderr_tail": "", "last_failure": failed}
    assert describe_status(retrying) == (
        "Starting… It failed before: exited before the MCP handshake finished "
        "(stderr: fatal: GITHUB_TOKEN is not set)"
    )
    assert state_words(retrying) == (
        "starting again — failed: exited before the MCP handshake finished "
        "(stderr: fatal: GITHUB_TOKEN is not set)"
    )
    assert describe_status({"state": "starting", "last_failure": None}) == "Starting…"
