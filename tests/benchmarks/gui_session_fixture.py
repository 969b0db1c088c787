"""A realistic long conversation for the GUI benchmarks: Markdown, code, tool calls."""

from __future__ import annotations

import json

from agent_core import Message, Session

PARAGRAPH = (
    "The **session store** keeps every message in *SQLite*; this answer explains how the "
    "pieces fit together, with `inline code`, a [link](https://example.org) and a list:\n\n"
    "- first point about the design\n- second point, a little longer than the first one\n"
    "- third point\n"
)
CODE = (
    "```python\nimport sqlite3\n\n\ndef open_store(path: str) -> sqlite3.Connection:\n"
    "    connection = sqlite3.connect(path)\n    connection.execute('PRAGMA journal_mode=WAL')\n"
    "    return connection\n```\n"
)
TABLE = "| key | value |\n|-----|-------|\n| a | 1 |\n| b | 2 |\n"


def long_session(count: int = 2000, session_id: str = "bench") -> Session:
    """`count` messages: user questions, Markdown answers with code, tool calls and results."""
    messages: list[Message] = []
    number = 0
    while len(messages) < count:
        number += 1
        messages.append(Message("user", f"Question {number}: how does part {number} work?"))
        if number % 4 == 0:
            call_id = f"call{number}"
            arguments = json.dumps({"path": f"src/module_{number}.py", "limit": 200})
            messages.append(
                Message(
                    "assistant",
                    "",
                    metadata={
                        "tool_calls": [
                            {
                                "id": call_id,
                                "type": "function",
                                "function": {"name": "read_file", "arguments": arguments},
                            }
                        ]
                    },
                )
            )
            output = "\n".join(f"{line:4d}  code line {line}" for line in range(1, 40))
            messages.append(
                Message(
                    "tool",
                    output,
                    metadata={
                        "tool_call_id": call_id,
                        "name": "read_file",
                        "display": {
                            "content": output,
                            "single_line": f"39 lines of module_{number}",
                        },
                        "is_error": False,
                    },
                )
            )
        body = PARAGRAPH + (CODE if number % 2 else TABLE) + f"\nThat covers part {number}."
        messages.append(
            Message(
                "assistant",
                body,
                metadata={
                    "model": "bench-model",
                    "usage": {"input_tokens": 100, "output_tokens": 80},
                },
            )
        )
    return Session(session_id, messages[:count], {"title": "Benchmark chat"})
