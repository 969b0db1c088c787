"""The code of the faulty plugins (copied into a plugin folder by `faulty_plugins`).

Each hook first calls `strike(kind, hook)`, which fails as the control file says; otherwise
the hook behaves as a harmless plugin of its kind would.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any


def strike(kind: str, hook: str) -> None:
    control = os.environ.get("FAULT_CONTROL")
    if not control or not Path(control).exists():
        return
    fault = json.loads(Path(control).read_text(encoding="utf-8") or "{}")
    if fault.get("kind") != kind or fault.get("hook") != hook:
        return
    mode = fault.get("mode")
    if mode == "raise":
        raise RuntimeError(f"the {kind} broke in {hook}")
    if mode == "exit":
        sys.exit(f"the {kind} exited in {hook}")
    if mode == "interrupt":
        raise KeyboardInterrupt
    if mode == "block":
        time.sleep(3600)
    if mode == "crash":  # a hard crash, as from a C extension: no Python code runs after it
        import faulthandler

        faulthandler._sigsegv()


class FaultyFeature:
    name = "faulty-feature"
    kind = "feature"

    def init(self, config: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        strike("feature", "init")
        return state

    def prepare_tools(self, config: Any, tools: list[Any], context: Any = None) -> list[Any]:
        strike("feature", "prepare_tools")
        return tools

    def to_native_messages(
        self, messages: Any, native: Any, state: Any, context: Any = None
    ) -> Any:
        strike("feature", "to_native_messages")
        return native

    def initialize_request(self, native: Any, state: Any, context: Any = None) -> Any:
        strike("feature", "initialize_request")
        return native, state

    def finalize(self, finals: Any, native: Any, state: Any, context: Any = None) -> Any:
        strike("feature", "finalize")
        return finals, native, state

    def from_native_messages(
        self, native_messages: Any, messages: Any, state: Any, context: Any = None
    ) -> Any:
        strike("feature", "from_native_messages")
        return messages

    def aclose(self) -> None:
        strike("feature", "aclose")


class FaultyExtension:
    name = "faulty-extension"
    kind = "extension"

    def init(self, config: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        strike("extension", "init")
        return state

    def to_native_messages(
        self, messages: Any, native: Any, state: Any, context: Any = None
    ) -> Any:
        strike("extension", "to_native_messages")
        return native

    def initialize_request(self, native: Any, state: Any, context: Any = None) -> Any:
        strike("extension", "initialize_request")
        return native, state

    def process_chunk(self, chunk: Any, partials: Any, finals: Any, native: Any, state: Any) -> Any:
        strike("extension", "process_chunk")
        return partials, finals, native, state

    def finalize(self, finals: Any, native: Any, state: Any, context: Any = None) -> Any:
        strike("extension", "finalize")
        return finals, native, state

    def from_native_messages(
        self, native_messages: Any, messages: Any, state: Any, context: Any = None
    ) -> Any:
        strike("extension", "from_native_messages")
        return messages


class FaultyTool:
    name = "faulty-tool"
    kind = "tool"

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        strike("tool", "init")
        return {}

    def prepare(self, config: Any, state: Any, context: Any = None) -> dict[str, Any]:
        strike("tool", "prepare")
        return {}

    def get_tool_schemas(self, state: Any, prepared: Any = None) -> list[Any]:
        strike("tool", "get_tool_schemas")
        return [
            {
                "type": "function",
                "function": {
                    "name": "faulty_echo",
                    "description": "Echo",
                    "parameters": {"type": "object", "properties": {}},
                },
            }
        ]

    def execute_tool(self, tool_call: Any, state: Any, prepared: Any = None, **_: Any) -> str:
        return "echo"


try:  # the first-party scripted provider, with hooks that fail on demand
    from scripted_provider import ScriptedProvider
except ImportError:  # pragma: no cover - the workspace always installs it
    ScriptedProvider = object  # type: ignore[misc,assignment]


class FaultyProvider(ScriptedProvider):  # type: ignore[misc,valid-type]
    name = "faulty-provider"
    kind = "provider"

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        strike("provider", "init")
        return super().init(config)  # type: ignore[no-any-return]

    def process_chunk(self, chunk: Any, native: Any, state: Any) -> Any:
        strike("provider", "process_chunk")
        return super().process_chunk(chunk, native, state)

    def cancel_request(self, request_id: str) -> bool:
        strike("provider", "cancel_request")
        return super().cancel_request(request_id)  # type: ignore[no-any-return]
