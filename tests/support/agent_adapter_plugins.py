"""An agent-adapter tool plugin written the way that model's authors write them."""

from __future__ import annotations

from typing import Any

from agent_app.adapters.agent_adapter import RuntimeAPI, ToolDefinition, ToolPlugin


class NotesPlugin(ToolPlugin):
    """A small agent-adapter plugin: notes kept in its runtime state, guarded by a secret."""

    def __init__(self) -> None:
        self.initialize_calls = 0
        self.shutdown_calls = 0
        self.runtime: RuntimeAPI | None = None
        self.token: str | None = None

    @property
    def name(self) -> str:
        return "notes-plugin"

    @property
    def namespace(self) -> str:
        return "notes"

    @property
    def tools(self) -> list[ToolDefinition]:
        return [
            ToolDefinition(
                "notes__add",
                "Add a note",
                {"type": "object", "properties": {"text": {"type": "string"}}},
            ),
            ToolDefinition(
                "notes__list",
                "List notes",
                {"type": "object", "properties": {}},
                annotations={"readOnlyHint": True, "title": "List notes"},
            ),
        ]

    async def initialize(self, runtime: RuntimeAPI) -> None:
        self.initialize_calls += 1
        self.runtime = runtime
        self.token = await runtime.secrets.retrieve("notes", "token")
        if self.token is None:
            raise RuntimeError("set the notes token first")

    async def execute(self, tool_name: str, args: dict[str, Any]) -> dict[str, Any]:
        assert self.runtime is not None
        notes = await self.runtime.state.get("notes", [])
        if tool_name == "notes__add":
            notes = [*notes, args["text"]]
            await self.runtime.state.set("notes", notes)
            return {"added": args["text"], "count": len(notes)}
        return {"notes": notes}

    async def shutdown(self) -> None:
        self.shutdown_calls += 1
