"""Compacts conversation history into one summary message, with undo.

Session actions: "Compact range" (start, end, instructions), "Compact full history",
"Undo compaction"; message action "Compact messages up to here". The summary is written by the
session's own agent through `context["core"]`, or by a dedicated summarizer agent
(`compaction.agent_id`) through `context["app"].update_agent` when the application is present.

The compacted messages stay recoverable: each compaction is recorded in the session metadata
(`compactions`, a stack of records holding the original native messages), so "Undo compaction"
puts the originals back in place of the summary. `last_compaction` and `compaction_count` are
kept in the session metadata too.

With `compaction.auto` on, the `auto_compact` action runs on `session_save_prepare` and compacts
everything but the newest `compaction.keep_recent` messages once the context passes
`compaction.token_threshold` tokens.

Settings live in the agent's `compaction` block: `enabled`, `agent_id`, `prompt`, `auto`,
`token_threshold`, `keep_recent`.
"""

from __future__ import annotations

import json
import re
import uuid
from datetime import UTC, datetime
from typing import Any

from agent_core import Message, Session
from agent_core.content import content_text

CONFIG_BLOCK = "compaction"
DEFAULT_PROMPT = (
    "Summarize the conversation excerpt below so that it can replace the excerpt in the "
    "conversation history. Keep every fact, decision, open question, file name, number and "
    "code identifier that later turns may rely on; drop pleasantries and repetition. Write "
    "in the third person, as compact notes."
)
DEFAULT_TOKEN_THRESHOLD = 100_000
DEFAULT_KEEP_RECENT = 4
MAX_CHARS_PER_MESSAGE = 4_000
SUMMARY_HEADER = "[Summary of {count} earlier messages, compacted]"
#: A summary message's metadata: how many messages it stands for (the chat names it a summary).
SUMMARY_OF_KEY = "summary_of"
MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+\-.!|~])")

ACTION_COMPACT_RANGE = "compact_range"
ACTION_COMPACT_FULL = "compact_full"
ACTION_COMPACT_UP_TO = "compact_up_to"
ACTION_UNDO = "undo_compaction"
ACTION_AUTO = "auto_compact"


def _error(native_messages: list[dict[str, Any]], kind: str, message: str) -> dict[str, Any]:
    return {
        "native_messages": list(native_messages),
        "status": "error",
        "message": message,
        "error": {"type": kind, "message": message},
    }


def _noop(native_messages: list[dict[str, Any]], message: str) -> dict[str, Any]:
    return {"native_messages": list(native_messages), "status": "noop", "message": message}


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _clip(text: str) -> str:
    if len(text) <= MAX_CHARS_PER_MESSAGE:
        return text
    return text[:MAX_CHARS_PER_MESSAGE] + f" […{len(text) - MAX_CHARS_PER_MESSAGE} more characters]"


class CompactionFeature:
    """Feature plugin `compaction`."""

    name = "compaction"
    version = "0.1.0"
    priority = 100

    # ------------------------------------------------------------------ description
    def get_config_schema(self) -> dict[str, Any]:
        return {
            "compaction.enabled": {
                "type": "boolean",
                "default": True,
                "description": "Offer the compaction actions for this agent.",
            },
            "compaction.agent_id": {
                "type": "string",
                "default": "",
                "description": "Agent that writes the summaries; empty uses the session's agent.",
            },
            "compaction.prompt": {
                "type": "string",
                "default": DEFAULT_PROMPT,
                "description": "Instructions given to the summarizer.",
            },
            "compaction.auto": {
                "type": "boolean",
                "default": False,
                "description": "Compact automatically when a session is saved past the threshold.",
            },
            "compaction.token_threshold": {
                "type": "integer",
                "default": DEFAULT_TOKEN_THRESHOLD,
                "description": "Context size (tokens) above which automatic compaction runs.",
            },
            "compaction.keep_recent": {
                "type": "integer",
                "default": DEFAULT_KEEP_RECENT,
                "description": "Newest messages automatic compaction leaves untouched.",
            },
        }

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        elements: list[dict[str, Any]] = [
            {"type": "checkbox", "key": "compaction.enabled", "label": "Enable compaction"},
            {
                "type": "text",
                "key": "compaction.agent_id",
                "label": "Summarizer agent",
                "placeholder": "The session's own agent",
            },
            {"type": "textarea", "key": "compaction.prompt", "label": "Summary instructions"},
            {"type": "checkbox", "key": "compaction.auto", "label": "Compact automatically"},
            {
                "type": "integer",
                "key": "compaction.token_threshold",
                "label": "Token threshold",
                "min": 1_000,
                "max": 10_000_000,
                "step": 1_000,
            },
            {
                "type": "integer",
                "key": "compaction.keep_recent",
                "label": "Keep newest messages",
                "min": 0,
                "max": 1_000,
            },
        ]
        if not _settings(config)["enabled"]:
            return elements
        return [
            *elements,
            {
                "ui_type": "session_action",
                "id": ACTION_COMPACT_RANGE,
                "action_id": ACTION_COMPACT_RANGE,
                "label": "Compact range…",
                "description": "Replace the selected messages with one summary.",
                "icon": "compress",
                "order": 40,
                "dialog": {
                    "kind": "form",
                    "title": "Compact the selected messages",
                    "submit_label": "Compact",
                    "inputs": [
                        {
                            "name": "start",
                            "type": "integer",
                            "label": "First message",
                            "min": 0,
                            "default": 0,
                            "description": "The first selected message.",
                        },
                        {
                            "name": "end",
                            "type": "integer",
                            "label": "Last message",
                            "min": 0,
                            "description": "The last selected message.",
                        },
                        {
                            "name": "instructions",
                            "type": "textarea",
                            "label": "Instructions",
                            "placeholder": "Optional: what the summary must keep",
                        },
                    ],
                },
            },
            {
                "ui_type": "session_action",
                "id": ACTION_COMPACT_FULL,
                "action_id": ACTION_COMPACT_FULL,
                "label": "Compact full history",
                "description": "Replace the whole conversation with one summary.",
                "icon": "compress",
                "order": 41,
                "dialog": {
                    "kind": "confirm",
                    "title": "Compact the full history",
                    "message": "Replace every message of this chat with one summary written by "
                    "the model? “Undo compaction” puts them back.",
                    "submit_label": "Compact",
                },
            },
            {
                "ui_type": "session_action",
                "id": ACTION_UNDO,
                "action_id": ACTION_UNDO,
                "label": "Undo compaction",
                "description": "Put back the messages the last compaction summarized.",
                "icon": "undo",
                "order": 42,
                "enabled_if_metadata": "compactions",
            },
            {
                "ui_type": "message_action",
                "id": ACTION_COMPACT_UP_TO,
                "action_id": ACTION_COMPACT_UP_TO,
                "label": "Compact messages up to here",
                "description": "Summarize this message and every message before it.",
                "icon": "compress",
                "order": 40,
            },
        ]

    def get_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            {
                "id": ACTION_COMPACT_RANGE,
                "label": "Compact range",
                "description": "Replace a range of messages with one summary.",
                "inputs": {
                    "start": {"type": "integer", "required": False},
                    "end": {"type": "integer", "required": False},
                    "instructions": {"type": "string", "required": False},
                },
            },
            {
                "id": ACTION_COMPACT_FULL,
                "label": "Compact full history",
                "description": "Replace the whole conversation with one summary.",
                "inputs": {"instructions": {"type": "string", "required": False}},
            },
            {
                "id": ACTION_COMPACT_UP_TO,
                "label": "Compact messages up to here",
                "description": "Summarize a message and every message before it.",
                "inputs": {"message_index": {"type": "integer", "required": True}},
            },
            {
                "id": ACTION_UNDO,
                "label": "Undo compaction",
                "description": "Put back the messages the last compaction summarized.",
                "inputs": {},
            },
            {
                "id": ACTION_AUTO,
                "label": "Automatic compaction",
                "description": "Compact old messages when the context passes the threshold.",
                "inputs": {},
                "trigger": ["session_save_prepare"],
            },
        ]

    # ------------------------------------------------------------------ pass-through hooks
    def init(self, config: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return state

    # ------------------------------------------------------------------ actions
    def execute_action(
        self,
        action_id: str,
        session: Session,
        native_messages: list[dict[str, Any]],
        params: dict[str, Any],
        context: dict[str, Any] | None,
        state: dict[str, Any],
    ) -> dict[str, Any]:
        known = {
            ACTION_COMPACT_RANGE,
            ACTION_COMPACT_FULL,
            ACTION_COMPACT_UP_TO,
            ACTION_UNDO,
            ACTION_AUTO,
        }
        if action_id not in known:
            return _error(native_messages, "unknown_action", f"Unknown action: {action_id}")
        if not isinstance(context, dict):
            return _error(native_messages, "invalid_context", "Context is required")
        if context.get("core") is None:
            return _error(native_messages, "missing_core", "Context must include 'core'")
        settings = _settings(context.get("base_config") or {}, context.get("config") or {})
        if not settings["enabled"]:
            return _error(
                native_messages,
                "disabled",
                "Compaction is turned off for this agent. Turn it on in Settings → Plugins → "
                "compaction.",
            )
        params = params or {}
        offset = len(native_messages) - len(session.messages)
        if offset < 0:
            return _error(
                native_messages,
                "history_mismatch",
                f"The provider history has {len(native_messages)} messages but the session has "
                f"{len(session.messages)}, so message positions cannot be matched.",
            )
        if action_id == ACTION_UNDO:
            return self._undo(session, native_messages)
        last = len(session.messages) - 1
        if action_id == ACTION_AUTO:
            return self._auto(session, native_messages, context, settings, offset)
        # What the action's params say, unchecked until _range_problem has looked at it.
        start: Any
        end: Any
        if action_id == ACTION_COMPACT_FULL:
            start, end = 0, last
        elif action_id == ACTION_COMPACT_UP_TO:
            start, end = 0, params.get("message_index", params.get("end"))
        else:
            start = params.get("start", 0)
            end = params.get("end", last)
        start = 0 if start is None else start
        end = last if end is None else end
        problem = _range_problem(start, end, len(session.messages))
        if problem:
            return _error(native_messages, "invalid_range", problem)
        instructions = params.get("instructions") or ""
        if not isinstance(instructions, str):
            return _error(native_messages, "invalid_params", "'instructions' must be text.")
        return self._compact(
            session, native_messages, context, settings, offset, start, end, instructions
        )

    def _compact(
        self,
        session: Session,
        native_messages: list[dict[str, Any]],
        context: dict[str, Any],
        settings: dict[str, Any],
        offset: int,
        start: int,
        end: int,
        instructions: str,
    ) -> dict[str, Any]:
        start, end = _widen_to_whole_tool_rounds(session.messages, start, end)
        originals = native_messages[offset + start : offset + end + 1]
        try:
            summary = _summarize(
                session, session.messages[start : end + 1], context, settings, instructions
            )
        except SummaryError as error:
            return _error(native_messages, error.kind, str(error))
        count = end - start + 1
        summary_text = f"{SUMMARY_HEADER.format(count=count)}\n\n{summary}"
        # Sent to the model as the user's words (every provider takes that); its metadata
        # says it is a summary, so the chat shows it as one, not as something the user wrote.
        summary_message = {
            "role": "user",
            "content": summary_text,
            "metadata": {SUMMARY_OF_KEY: count},
        }
        records = list(session.metadata.get("compactions") or [])
        created_at = _now()
        records.append(
            {
                "id": uuid.uuid4().hex,
                "created_at": created_at,
                "start": start,
                "count": count,
                "summary": summary_text,
                "originals": originals,
            }
        )
        new_native = [
            *native_messages[: offset + start],
            summary_message,
            *native_messages[offset + end + 1 :],
        ]
        previous_count = session.metadata.get("compaction_count")
        message = (
            f"Compacted messages {start}–{end} ({count} messages) into one summary. "
            "“Undo compaction” puts them back."
        )
        return {
            "native_messages": new_native,
            "session_metadata": {
                "last_compaction": created_at,
                "compaction_count": (previous_count if isinstance(previous_count, int) else 0) + 1,
                "compactions": records,
            },
            "status": "ok",
            "message": message,
            "display": {
                "format": "markdown",
                "title": "History compacted",
                "body": f"{count} messages were replaced by this summary:\n\n"
                + _quoted_markdown(summary),
                "variant": "info",
                "presentation": "inline",
                "dismissible": True,
            },
        }

    def _undo(self, session: Session, native_messages: list[dict[str, Any]]) -> dict[str, Any]:
        records = list(session.metadata.get("compactions") or [])
        if not records:
            return _noop(native_messages, "This session has no compaction to undo.")
        record = records[-1]
        position = _find_summary(native_messages, record)
        if position is None:
            return _error(
                native_messages,
                "summary_not_found",
                "The summary written by the last compaction is no longer in the session (it was "
                "edited or deleted), so the original messages cannot be put back in place.",
            )
        originals = list(record.get("originals") or [])
        restored = [*native_messages[:position], *originals, *native_messages[position + 1 :]]
        remaining = records[:-1]
        return {
            "native_messages": restored,
            "session_metadata": {
                "compactions": remaining,
                "compaction_count": len(remaining),
                "last_compaction": remaining[-1]["created_at"] if remaining else None,
            },
            "status": "ok",
            "message": f"Restored {len(originals)} messages in place of the summary.",
        }

    def _auto(
        self,
        session: Session,
        native_messages: list[dict[str, Any]],
        context: dict[str, Any],
        settings: dict[str, Any],
        offset: int,
    ) -> dict[str, Any]:
        if not settings["auto"]:
            return _noop(native_messages, "Automatic compaction is off.")
        tokens = estimate_tokens(session.messages)
        if tokens <= settings["token_threshold"]:
            return _noop(
                native_messages,
                f"The context ({tokens} tokens) is below the threshold "
                f"({settings['token_threshold']}).",
            )
        end = len(session.messages) - 1 - settings["keep_recent"]
        if end < 1:
            return _noop(native_messages, "Too few messages to compact.")
        return self._compact(session, native_messages, context, settings, offset, 0, end, "")


# ---------------------------------------------------------------------- helpers


class SummaryError(RuntimeError):
    """The summary could not be produced; `kind` is the error dict's type."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def _settings(*configs: dict[str, Any]) -> dict[str, Any]:
    """The compaction block: the first config that has one wins (base config, then config)."""
    block: dict[str, Any] = {}
    for config in configs:
        candidate = config.get(CONFIG_BLOCK) if isinstance(config, dict) else None
        if isinstance(candidate, dict) and candidate:
            block = candidate
            break

    def number(name: str, default: int) -> int:
        value = block.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        return default

    return {
        "enabled": block.get("enabled", True) is not False,
        "agent_id": str(block.get("agent_id") or ""),
        "prompt": str(block.get("prompt") or DEFAULT_PROMPT),
        "auto": block.get("auto") is True,
        "token_threshold": number("token_threshold", DEFAULT_TOKEN_THRESHOLD),
        "keep_recent": number("keep_recent", DEFAULT_KEEP_RECENT),
    }


def _range_problem(start: Any, end: Any, size: int) -> str | None:
    for name, value in (("start", start), ("end", end)):
        if isinstance(value, bool) or not isinstance(value, int):
            return f"'{name}' must be a whole number (a message index), got {value!r}."
    if size < 2:
        return "The session needs at least two messages before it can be compacted."
    if not 0 <= start < size or not 0 <= end < size:
        return f"Message indices go from 0 to {size - 1}; got {start}–{end}."
    if end <= start:
        return f"The range {start}–{end} must cover at least two messages (end after start)."
    return None


def _widen_to_whole_tool_rounds(messages: list[Message], start: int, end: int) -> tuple[int, int]:
    """Never split an assistant tool call from its results: providers reject orphans."""
    while start > 0 and messages[start].role == "tool":
        start -= 1
    while end + 1 < len(messages) and messages[end + 1].role == "tool":
        end += 1
    return start, end


def estimate_tokens(messages: list[Message]) -> int:
    """Context size: the provider's last reported usage, else about four characters a token."""
    for message in reversed(messages):
        usage = (message.metadata or {}).get("usage")
        if message.role == "assistant" and isinstance(usage, dict):
            reported = sum(
                value
                for key in ("input_tokens", "output_tokens")
                if isinstance(value := usage.get(key), int)
            )
            if reported:
                return reported
    return sum(len(content_text(message.content, " ")) for message in messages) // 4


def _transcript(messages: list[Message]) -> str:
    lines: list[str] = []
    for message in messages:
        metadata = message.metadata or {}
        text = _clip(content_text(message.content, " "))
        if message.role == "tool":
            lines.append(f"TOOL RESULT ({metadata.get('name') or 'tool'}): {text}")
            continue
        if text:
            lines.append(f"{message.role.upper()}: {text}")
        for call in metadata.get("tool_calls") or []:
            function = call.get("function") or {}
            arguments = function.get("arguments")
            if not isinstance(arguments, str):
                arguments = json.dumps(arguments)
            name = function.get("name")
            lines.append(f"{message.role.upper()} CALLED {name}({_clip(arguments)})")
    return "\n\n".join(lines)


def _summarize(
    session: Session,
    excerpt: list[Message],
    context: dict[str, Any],
    settings: dict[str, Any],
    instructions: str,
) -> str:
    prompt = settings["prompt"]
    if instructions.strip():
        prompt += f"\n\nAlso follow these instructions: {instructions.strip()}"
    request = Session(
        session_id=f"{session.session_id}:compaction",
        messages=[
            Message(
                role="user",
                content=f"{prompt}\n\n<conversation>\n{_transcript(excerpt)}\n</conversation>",
            )
        ],
        metadata={"purpose": "compaction"},
    )
    core = context["core"]
    config = context.get("config") or {}
    app = context.get("app")
    agent_id = settings["agent_id"]
    try:
        if agent_id and app is not None:
            core, base_config, _ = app.update_agent(agent_id, session)
            config = app.resolve_request_config(base_config, None)
        elif agent_id:
            raise SummaryError(
                "misconfigured",
                f"The summarizer agent {agent_id!r} can only be used from the application; clear "
                "compaction.agent_id to summarize with the session's own agent.",
            )
        _, finals = core.send_request(request, config)
    except SummaryError:
        raise
    except Exception as error:  # any plugin failure becomes a plain-words action error
        raise SummaryError(
            "summary_failed", f"The summary request failed ({type(error).__name__}: {error})."
        ) from error
    texts = [
        content_text(final.get("content"), " ").strip()
        for final in finals
        if isinstance(final, dict) and final.get("role") == "assistant"
    ]
    summary = "\n\n".join(text for text in texts if text)
    if not summary:
        raise SummaryError(
            "empty_summary", "The summarizer answered with no text; nothing changed."
        )
    return summary


def _quoted_markdown(text: str) -> str:
    """`text` as a markdown block quote that keeps its line breaks and shows markup literally."""
    escaped = MARKDOWN_SPECIAL.sub(r"\\\1", text)
    return "\n".join(f"> {line}  " for line in escaped.splitlines() or [""])


def _find_summary(native_messages: list[dict[str, Any]], record: dict[str, Any]) -> int | None:
    summary = record.get("summary")
    matches = [
        index
        for index, message in enumerate(native_messages)
        if content_text(message.get("content"), " ") == summary
    ]
    if not matches:
        return None
    expected = record.get("start")
    # The same summary text twice is unlikely; prefer the one where the compaction put it.
    return min(matches, key=lambda index: abs(index - expected) if isinstance(expected, int) else 0)
