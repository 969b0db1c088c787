"""Feature templates offered as completions of what was typed."""

from __future__ import annotations

from agent_app.templates import template_completions

TEMPLATES = [
    {"plugin": "review", "template": "Review {{file}} for bugs\nList each problem."},
    {"plugin": "plan", "template": "Plan the change step by step"},
]


def test_a_typed_prefix_offers_the_whole_template():
    [offered] = template_completions(TEMPLATES, "  rev")

    assert offered == {
        "display": "Review {{file}} for bugs",
        "display_meta": "template · review",
        "replacement": "Review {{file}} for bugs\nList each problem.",
        "start": 2,
        "plugin": "review",
    }


def test_nothing_typed_or_no_match_offers_nothing():
    assert template_completions(TEMPLATES, "   ") == []
    assert template_completions(TEMPLATES, "hello") == []
    assert template_completions(TEMPLATES, "Plan the change step by step") == []
