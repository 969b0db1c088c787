"""A core tool plugin with one tool per behaviour the tool loop must handle.

Real tools, not mocks: they compute, keep state, sleep, stream, start real subprocesses and
raise. Each records what happened to it so tests can check that cancellation reached it.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from typing import Any

READ_ONLY = {"readOnlyHint": True, "destructiveHint": False, "openWorldHint": False}


def _schema(name: str, properties: dict[str, Any], annotations: dict[str, Any] | None = None):
    schema: dict[str, Any] = {
        "type": "function",
        "function": {
            "name": name,
            "description": name,
            "parameters": {"type": "object", "properties": properties},
        },
    }
    if annotations is not None:
        schema["annotations"] = annotations
    return schema


class Unserializable:
    def __repr__(self) -> str:
        return "<Unserializable thing>"


class Workbench:
    """Tool plugin `workbench`."""

    name = "workbench"
    version = "1.0.0"

    def __init__(self) -> None:
        self.notes: list[str] = []
        self.events: list[str] = []
        self.subprocess_pids: list[int] = []
        self.token_was_set = threading.Event()

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def get_tool_schemas(self, state: dict[str, Any], *, prepared: Any = None) -> list[dict]:
        number = {"type": "number"}
        return [
            _schema("add", {"a": number, "b": number}, READ_ONLY),
            _schema("write_note", {"text": {"type": "string"}}, {"destructiveHint": False}),
            _schema("explode", {}),
            _schema("hang", {}),
            _schema("count_slowly", {"upto": {"type": "integer"}}),
            _schema("run_sleep_process", {}),
            _schema("wait_for_cancel", {}),
            _schema("odd_result", {}),
        ]

    def format_tool_call_preview(self, tool_name: str, payload: Any, state: Any, **_: Any) -> str:
        if tool_name == "write_note" and isinstance(payload, dict):
            return f"Write note: {payload.get('text')}"
        return ""

    async def stream_tool_async(
        self, tool_name: str, payload: Any, state: Any, *, cancellation: Any = None, **_: Any
    ) -> AsyncIterator[dict[str, Any]]:
        if tool_name == "count_slowly":
            for number in range(int(payload.get("upto", 3))):
                self.events.append(f"count {number}")
                yield {"part": {"type": "text", "text": f"{number}\n"}}
                await asyncio.sleep(0.05)
            yield {"success": True, "result": "counted"}
            return
        yield await self.execute_tool_async(tool_name, payload, state, cancellation=cancellation)

    async def execute_tool_async(
        self, tool_name: str, payload: Any, state: Any, *, cancellation: Any = None, **_: Any
    ) -> dict[str, Any]:
        if tool_name == "add":
            return {"success": True, "result": payload["a"] + payload["b"]}
        if tool_name == "write_note":
            self.notes.append(payload["text"])
            return {"success": True, "result": f"noted ({len(self.notes)} notes)"}
        if tool_name == "explode":
            raise RuntimeError("kaboom: the workbench caught fire")
        if tool_name == "hang":
            self.events.append("hang started")
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:
                self.events.append("hang cancelled")
                raise
        if tool_name == "run_sleep_process":
            process = await asyncio.create_subprocess_exec("sleep", "60")
            self.subprocess_pids.append(process.pid)
            try:
                await process.wait()
            except asyncio.CancelledError:
                # The tool owns its subprocess: killed and reaped, never orphaned.
                process.kill()
                await process.wait()
                self.events.append("process killed")
                raise
            return {"success": True, "result": "slept"}
        if tool_name == "wait_for_cancel":
            # A blocking tool in a worker thread: it can only stop by watching the token.
            await asyncio.to_thread(self._wait_for_token, cancellation)
            return {"success": False, "error": "stopped"}
        if tool_name == "odd_result":
            return {"success": True, "result": Unserializable()}
        return {"success": False, "error": f"unknown tool {tool_name}"}

    def _wait_for_token(self, cancellation: threading.Event) -> None:
        if cancellation.wait(30):
            self.token_was_set.set()

    def format_tool_result(self, result: dict[str, Any], state: Any) -> Any:
        if isinstance(result.get("result"), Unserializable):
            return {"type": "odd", "value": result["result"]}  # not JSON-serializable
        if result.get("success"):
            return f"Result: {result.get('result')}"
        return f"Error: {result.get('error')}"
