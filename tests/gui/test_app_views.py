"""MCP App views' pieces that need no helper: the policy a view's page is held to, and the
framing of the helper's messages."""

from __future__ import annotations

import pytest

from agent_desktop.app_views.policy import content_security_policy, refusal
from agent_desktop.app_views.wire import Decoder, WireError, encode


def test_without_a_declaration_a_view_reaches_nothing_on_the_network():
    policy = content_security_policy(None)
    assert "default-src 'none'" in policy
    assert "connect-src 'none'" in policy
    assert "frame-src 'none'" in policy
    assert refusal("https://cdn.example.com/app.js", None) is not None
    assert refusal("data:image/png;base64,AAAA", None) is None


def test_declared_origins_are_allowed_by_kind_and_nothing_else():
    csp = {
        "connectDomains": ["https://api.example.com"],
        "resourceDomains": ["https://*.cdn.example.com"],
    }
    policy = content_security_policy(csp)
    assert "connect-src https://api.example.com" in policy
    assert "script-src 'unsafe-inline' https://*.cdn.example.com" in policy
    assert refusal("https://api.example.com/v1/data", csp) is None
    assert refusal("https://eu.cdn.example.com/app.js", csp) is None
    assert refusal("https://api.example.com:8443/", csp) is not None  # another port
    assert refusal("http://api.example.com/", csp) is not None  # another scheme
    assert refusal("https://evil.example.net/", csp) == (
        "its server did not declare that origin in the view's _meta.ui.csp"
    )
    assert refusal("file:///etc/passwd", csp) == "file: addresses are never open to views"


def test_an_origin_cannot_smuggle_a_directive_into_the_policy():
    policy = content_security_policy({"connectDomains": ["https://a.example; script-src *"]})
    assert "script-src *" not in policy
    assert "connect-src 'none'" in policy


def test_messages_arrive_whole_however_the_bytes_are_cut():
    data = encode({"op": "frame", "png": "x" * 10_000}) + encode({"op": "pong"})
    decoder = Decoder()
    received = [
        message
        for start in range(0, len(data), 777)
        for message in decoder.feed(data[start : start + 777])
    ]
    assert [message["op"] for message in received] == ["frame", "pong"]
    with pytest.raises(WireError, match="over the limit"):
        Decoder().feed(b"\xff\xff\xff\xff")


def test_without_the_web_engine_a_view_says_why_and_no_helper_starts(qapp, monkeypatch):
    from agent_desktop.app_views import host

    monkeypatch.setattr(host.importlib.util, "find_spec", lambda name: None)
    helper = host.ViewHelper(1.0)
    told: list[str] = []
    helper.helper_ended.connect(told.append)
    helper.open("v", {"html": "<p>hi</p>"}, 100, 100, "#ffffff")
    assert not helper.running
    assert told == [host.NO_WEB_ENGINE]
    assert "QtWebEngine" in told[0]
