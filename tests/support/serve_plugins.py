"""A plugin for the agent server's tests, loaded by its dotted class path from the server's
config: a `weather` tool whose settings page has a city and an API key (a secret)."""

from __future__ import annotations

from typing import Any

WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "weather",
        "description": "Today's weather in the city of the settings",
        "parameters": {"type": "object", "properties": {}},
    },
}


class WeatherTools:
    """`weather` answers for the city set on its settings page, with the key set there."""

    name = "weather_tools"
    version = "1.0.0"

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def get_config_schema(self) -> dict[str, Any]:
        return {
            "weather.city": {"type": "string", "default": "Oslo", "description": "Whose weather"},
            "weather.api_key": {"type": "string", "secret": True, "description": "Service key"},
        }

    def get_tool_schemas(self, state: dict[str, Any], *args: Any, **kwargs: Any) -> list[Any]:
        return [WEATHER_TOOL]

    def execute_tool(
        self, tool_name: Any, payload: Any, state: Any, **kwargs: Any
    ) -> dict[str, Any]:
        settings = (state or {}).get("config", {}).get("weather") or {}
        key = str(settings.get("api_key") or "")
        city = settings.get("city") or "Oslo"
        # The key itself never goes into the answer: only how long it is.
        return {"success": True, "result": f"Sunny in {city} (key of {len(key)} characters)"}

    def format_tool_result(self, result: dict[str, Any], state: Any) -> str:
        return str(result.get("result"))
