"""Token usage, cost and the footer / status-bar elements that show them.

The cost of a turn is what the server reported (``usage["cost"]``, from gateways such as
OpenRouter) when it did; otherwise it comes from the price table: US dollars per million tokens
(input, output), matched on the longest model-name prefix after any ``vendor/`` routing prefix.
A model the table does not know, on a server that reports nothing, has an unknown cost
(``cost_usd`` is ``None``), and the status bar says so.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

PRICES_PER_MILLION: dict[str, tuple[float, float]] = {
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4o": (2.50, 10.00),
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1": (2.00, 8.00),
    "gpt-5-nano": (0.05, 0.40),
    "gpt-5-mini": (0.25, 2.00),
    "gpt-5": (1.25, 10.00),
    "o3-mini": (1.10, 4.40),
    "o3": (2.00, 8.00),
    "o4-mini": (1.10, 4.40),
    "claude-opus-4-5": (5.00, 25.00),
    "claude-opus-4": (15.00, 75.00),
    "claude-sonnet-4": (3.00, 15.00),
    "claude-3-7-sonnet": (3.00, 15.00),
    "claude-3-5-sonnet": (3.00, 15.00),
    "claude-haiku-4-5": (1.00, 5.00),
    "claude-3-5-haiku": (0.80, 4.00),
    "claude-3-haiku": (0.25, 1.25),
    # Family prices for newer models the table does not name yet.
    "claude-opus": (5.00, 25.00),
    "claude-sonnet": (3.00, 15.00),
    "claude-haiku": (1.00, 5.00),
    "gemini-2.5-pro": (1.25, 10.00),
    "gemini-2.5-flash-lite": (0.10, 0.40),
    "gemini-2.5-flash": (0.30, 2.50),
    "gemini-2.0-flash": (0.10, 0.40),
    "llama-3.3-70b-versatile": (0.59, 0.79),
    "llama-3.1-8b-instant": (0.05, 0.08),
    "deepseek-chat": (0.27, 1.10),
    "deepseek-reasoner": (0.55, 2.19),
}


def price_of(model: str | None) -> tuple[float, float] | None:
    if not model:
        return None
    name = model.rsplit("/", 1)[-1].lower()
    best = max(
        (prefix for prefix in PRICES_PER_MILLION if name.startswith(prefix)), key=len, default=None
    )
    return PRICES_PER_MILLION[best] if best else None


def cost_usd(model: str | None, usage: dict[str, Any] | None) -> float | None:
    """The server's reported cost, else the price table's; ``None`` when neither knows."""
    if not usage:
        return None
    reported = usage.get("cost")
    if isinstance(reported, int | float) and not isinstance(reported, bool):
        return float(reported)
    price = price_of(model)
    if price is None:
        return None
    input_price, output_price = price
    return (
        int(usage.get("input_tokens") or 0) * input_price
        + int(usage.get("output_tokens") or 0) * output_price
    ) / 1_000_000


def session_usage(turns: Iterable[tuple[str | None, dict[str, Any] | None]]) -> dict[str, Any]:
    """Sum ``(model, usage)`` pairs into ``{"input_tokens", "output_tokens", "cost_usd",
    "unpriced_turns"}``.

    ``cost_usd`` is ``None`` when no turn had a known cost; ``unpriced_turns`` counts the turns
    whose cost is unknown (they add tokens only).
    """
    input_tokens = output_tokens = unpriced = 0
    total_cost: float | None = None
    for model, usage in turns:
        if not usage:
            continue
        input_tokens += int(usage.get("input_tokens") or 0)
        output_tokens += int(usage.get("output_tokens") or 0)
        cost = cost_usd(model, usage)
        if cost is None:
            unpriced += 1
        else:
            total_cost = (total_cost or 0.0) + cost
    return {
        "input_tokens": input_tokens,
        "output_tokens": output_tokens,
        "cost_usd": None if total_cost is None else round(total_cost, 6),
        "unpriced_turns": unpriced,
    }


def _count(tokens: int) -> str:
    return f"{tokens / 1000:.1f}k" if tokens >= 10_000 else f"{tokens:,}"


def message_summary(model: str | None, usage: dict[str, Any] | None) -> str:
    """Footer text of one assistant message, e.g. ``"1,204 in · 88 out · gpt-4o"``; the cost
    is named when the server reported it (``"… · $0.0012 · …"``)."""
    pieces = []
    if usage:
        pieces.append(f"{_count(int(usage.get('input_tokens') or 0))} in")
        pieces.append(f"{_count(int(usage.get('output_tokens') or 0))} out")
        if isinstance(usage.get("cost"), int | float):
            pieces.append(format_cost(float(usage["cost"])))
    if model:
        pieces.append(model)
    return " · ".join(pieces)


def session_summary(totals: dict[str, Any]) -> str:
    """Status-bar text, e.g. ``"Session: 12.4k tokens · $0.0310"``, ``"… · cost unknown"``, or
    ``"… · $0.0310 + unknown"`` when some turns have no known cost; empty while no server has
    reported any usage (not "Session: 0 tokens")."""
    tokens = int(totals.get("input_tokens") or 0) + int(totals.get("output_tokens") or 0)
    if not tokens and totals.get("cost_usd") is None:
        return ""
    text = f"Session: {_count(tokens)} tokens"
    unpriced = int(totals.get("unpriced_turns") or 0)
    if totals.get("cost_usd") is None:
        return f"{text} · cost unknown" if unpriced else text
    text += f" · {format_cost(totals['cost_usd'])}"
    return f"{text} + unknown" if unpriced else text


def format_cost(cost: float) -> str:
    if cost >= 1:
        return f"${cost:.2f}"
    if cost >= 0.0001:
        return f"${cost:.4f}"
    return "< $0.0001" if cost > 0 else "$0"


def display_elements() -> list[dict[str, Any]]:
    """The message footer and status bar elements both providers contribute."""
    return [
        {
            "ui_type": "message_footer",
            "key": "usage_footer",
            "label": "Tokens and model",
            "data": "metadata.usage_summary",
            "template": "{{data}}",
        },
        {
            "ui_type": "status_bar",
            "key": "session_usage",
            "label": "Session tokens and cost",
            "data": "metadata.session_usage_summary",
            "template": "{{data}}",
            "details": "metadata.session_usage",
        },
        {
            "ui_type": "message_footer",
            "key": "provider_notice",
            "label": "How the answer was fetched",
            "data": "metadata.provider_notice",
            "template": "{{data}}",
        },
    ]


def annotate_final(
    metadata: dict[str, Any], history: Iterable[tuple[str | None, dict[str, Any] | None]]
) -> None:
    """Add the footer and running session totals to a final assistant message's metadata.

    ``history`` holds ``(model, usage)`` of the earlier assistant messages of the session.
    """
    model, usage = metadata.get("model"), metadata.get("usage")
    totals = session_usage([*history, (model, usage)])
    metadata["usage_summary"] = message_summary(model, usage)
    metadata["session_usage"] = totals
    metadata["session_usage_summary"] = session_summary(totals)


def annotate_turn(final: dict[str, Any], history: list[dict[str, Any]]) -> None:
    """:func:`annotate_final` for a native final, with the earlier native assistant turns."""
    annotate_final(
        final,
        [(m.get("model"), m.get("usage")) for m in history if m.get("role") == "assistant"],
    )


def display_format(message: dict[str, Any]) -> dict[str, Any]:
    """``to_display_format`` of both providers: the text, a one-line gist, the usage footer."""
    content = message.get("content")
    text = content if isinstance(content, str) else ""
    lines = text.strip().splitlines()
    display: dict[str, Any] = {"content": text, "single_line": lines[0][:120] if lines else ""}
    summary = (message.get("metadata") or {}).get("usage_summary")
    if summary:
        display["footer"] = summary
    return display
