# The example of agent-adapter-tool-plugins.md ("Interface"), verbatim: imports, class and bodies.
from agent_adapter_contracts.tool_plugins import ToolPlugin
from agent_adapter_contracts.runtime import RuntimeAPI
from agent_adapter_contracts.types import ToolDefinition


class MyToolPlugin(ToolPlugin):
    @property
    def name(self) -> str:
        return "my-tool-plugin"

    @property
    def namespace(self) -> str:
        return "mytool"

    @property
    def tools(self) -> list[ToolDefinition]:
        return [
            ToolDefinition(
                name="mytool__search",
                description="Search an external knowledge base",
                input_schema={
                    "type": "object",
                    "properties": {
                        "query": {"type": "string"}
                    },
                    "required": ["query"],
                },
            ),
        ]

    async def initialize(self, runtime: RuntimeAPI) -> None:
        """Called once at startup. Use runtime to access secrets, state, etc."""
        self.api_key = await runtime.secrets.retrieve("mytool", "api_key")

    async def execute(self, tool_name: str, args: dict) -> dict:
        """Called when the agent invokes one of this plugin's tools."""
        if tool_name == "mytool__search":
            # Perform the search
            return {"results": [...]}
        raise ValueError(f"Unknown tool: {tool_name}")

    async def shutdown(self) -> None:
        """Called when the runtime shuts down."""
        pass
