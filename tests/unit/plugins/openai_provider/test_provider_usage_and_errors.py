"""Prices, session totals, summaries; error sentences and key scrubbing."""

from __future__ import annotations

import openai
import pytest

from openai_provider.errors import map_sdk_error, retry_after_seconds, scrub
from openai_provider.usage import annotate_final, cost_usd, price_of, session_summary


def test_prices_match_the_longest_prefix_after_a_vendor_prefix():
    assert price_of("gpt-4o-mini-2024-07-18") == (0.15, 0.60)
    assert price_of("openai/gpt-4o") == (2.50, 10.00)
    assert price_of("claude-sonnet-9") == (3.00, 15.00)
    assert price_of("llama3.2:3b") is None
    assert cost_usd("llama3.2:3b", {"input_tokens": 10, "output_tokens": 10}) is None


def test_session_totals_mix_priced_and_unpriced_turns():
    metadata = {"model": "gpt-4o", "usage": {"input_tokens": 1000, "output_tokens": 100}}
    annotate_final(
        metadata, [("qwen3:8b", {"input_tokens": 50, "output_tokens": 5}), ("gpt-4o", None)]
    )
    assert metadata["session_usage"] == {
        "input_tokens": 1050,
        "output_tokens": 105,
        "cost_usd": pytest.approx(0.0035),
        "unpriced_turns": 1,
    }
    assert metadata["usage_summary"] == "1,000 in · 100 out · gpt-4o"
    assert metadata["session_usage_summary"] == "Session: 1,155 tokens · $0.0035 + unknown"


def test_session_summary_without_any_price_says_the_cost_is_unknown():
    totals = {"input_tokens": 20_000, "output_tokens": 500, "cost_usd": None, "unpriced_turns": 2}
    assert session_summary(totals) == "Session: 20.5k tokens · cost unknown"
    assert session_summary({**totals, "unpriced_turns": 0}) == "Session: 20.5k tokens"
    no_usage_reported = {"input_tokens": 0, "output_tokens": 0, "cost_usd": None}
    assert session_summary({**no_usage_reported, "unpriced_turns": 0}) == ""


def test_the_cost_the_server_reports_wins_over_the_price_table():
    assert cost_usd("qwen3:8b", {"input_tokens": 10, "output_tokens": 10, "cost": 0.0021}) == 0.0021
    assert cost_usd("gpt-4o", {"input_tokens": 1000, "output_tokens": 0, "cost": 0.5}) == 0.5
    metadata = {"model": "local", "usage": {"input_tokens": 5, "output_tokens": 5, "cost": 0.01}}
    annotate_final(metadata, [])
    assert metadata["usage_summary"] == "5 in · 5 out · $0.0100 · local"
    assert metadata["session_usage_summary"] == "Session: 10 tokens · $0.0100"


def test_scrub_masks_the_key_and_its_halves():
    key = "sk-abcdefghijklmnopqrstuvwxyz"
    text = f"bad key {key}; also {key[:14]}…"
    assert key not in scrub(text, key)
    assert key[:14] not in scrub(text, key)
    assert scrub("nothing", "") == "nothing"


@pytest.mark.parametrize(
    ("headers", "seconds"),
    [
        ({"retry-after-ms": "250"}, 0.25),
        ({"retry-after": "3"}, 3.0),
        ({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}, None),
        ({}, None),
    ],
)
def test_retry_after(headers, seconds):
    assert retry_after_seconds(headers) == seconds


def test_non_sdk_errors_are_not_mapped():
    mapped = map_sdk_error(
        ValueError("x"), openai, base_url="u", server_label="S", model="m", api_key=None
    )
    assert mapped is None
