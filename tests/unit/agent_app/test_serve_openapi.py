"""The OpenAPI file in the repository describes exactly the routes the server serves."""

from __future__ import annotations

import json
from pathlib import Path
from typing import cast

from starlette.routing import Route

from agent_app.serve.http_api import build_api
from agent_app.serve.runtime import HeadlessRuntime

OPENAPI = Path(__file__).resolve().parents[3] / "desktop" / "agent-server-openapi.json"
HTTP_METHODS = {"get", "post", "put", "patch", "delete"}


def _served() -> set[tuple[str, str]]:
    # The routes only hold the runtime; building them touches nothing of it.
    api = build_api(cast(HeadlessRuntime, None))
    pairs = set()
    for route in api.routes:
        assert isinstance(route, Route)
        for method in route.methods or ():
            if method != "HEAD":
                pairs.add((method.lower(), route.path))
    return pairs


def test_every_served_route_is_documented_and_nothing_else() -> None:
    spec = json.loads(OPENAPI.read_text(encoding="utf-8"))
    documented = {
        (method, path)
        for path, item in spec["paths"].items()
        for method in item
        if method in HTTP_METHODS
    }
    assert documented == _served()


def test_every_operation_names_its_token_refusal_and_an_error_shape() -> None:
    spec = json.loads(OPENAPI.read_text(encoding="utf-8"))
    assert spec["security"] == [{"bearer": []}]
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method in HTTP_METHODS:
                assert "401" in operation["responses"], (method, path)
                assert operation["operationId"], (method, path)
