"""The routes of `agent-desktop serve` (Starlette): the platform's HTTP runtime and what a
client needs besides. `desktop/agent-server-openapi.json` describes every route; a test holds the
two together.

The platform's own: ``POST /sessions/{session_id}/send`` starts a run in the background and
``GET /events`` reads what it publishes (`since_id`, `session_id`, `request_id`; a bootstrap
with none of them; see `agent_app.serve.event_store`). ``wait`` (seconds, at most
`LONG_POLL_SECONDS`) is ours: the read then returns as soon as there is an event, instead of
the client asking again and again.

Every answer is JSON; a failure is ``{"error": <what failed and what to do>}`` with its status.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from agent_app.assets import AssetError, AssetNotFoundError, AssetTooLargeError
from agent_app.conversation import ConversationBusy
from agent_app.serve.access_token import AccessToken, TokenError
from agent_app.serve.event_store import EventIdError, parse_event_id
from agent_app.serve.guard import BodyRefused
from agent_app.serve.plugin_settings import ServerPluginSettings, SettingsRefused
from agent_app.serve.runtime import HeadlessRuntime, RuntimeInputError
from agent_app.store import SessionNotFoundError, StoreError

log = logging.getLogger("agent_app.serve")

LONG_POLL_SECONDS = 25.0
_FILE_NAME = re.compile(r"[^/\\\x00]{1,200}")
Handler = Callable[[Request], Awaitable[Response]]


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def json_body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if not raw:
        return {}
    try:
        body = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as problem:
        raise RuntimeInputError(f"The body is not JSON ({problem}); send a JSON object.") from None
    if not isinstance(body, dict):
        raise RuntimeInputError("The body must be a JSON object.")
    return body


def build_api(runtime: HeadlessRuntime, token: AccessToken | None = None) -> Starlette:
    """The Starlette application over `runtime` (wrap it in `RequestGuard` to serve it);
    `token` is the one the guard checks (``DELETE /token`` revokes it)."""

    def handled(handler: Handler) -> Handler:
        """Map what can go wrong to a status and a sentence; never a traceback to the client."""

        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)
            except BodyRefused as refused:
                return error(refused.status, refused.reason)
            except SettingsRefused as refused:
                return JSONResponse(
                    {"error": str(refused), "problems": refused.problems}, status_code=400
                )
            except (SessionNotFoundError, AssetNotFoundError) as missing:
                return error(404, str(missing).strip("'\""))
            except AssetTooLargeError as too_large:
                return error(413, str(too_large))
            except (RuntimeInputError, EventIdError, AssetError) as bad:
                return error(400, str(bad))
            except ConversationBusy as busy:
                return error(409, str(busy))
            except StoreError as failed:
                log.error(
                    "The session store failed on %s %s: %s",
                    request.method,
                    request.url.path,
                    failed,
                )
                return error(503, f"The session store failed: {failed}")

        return endpoint

    async def read_events(request: Request) -> Response:
        query = request.query_params
        since_id, session_id, request_id = (
            query.get("since_id"),
            query.get("session_id"),
            query.get("request_id"),
        )
        wait = _seconds(query.get("wait"))
        waiter = runtime.new_events
        answer = await asyncio.to_thread(
            runtime.events.read, since_id=since_id, session_id=session_id, request_id=request_id
        )
        bootstrap = since_id is None and session_id is None and request_id is None
        if wait and not answer["events"] and not bootstrap and not runtime.closing:
            with suppress(TimeoutError):  # a long poll that times out answers with no events
                async with asyncio.timeout(wait):
                    await waiter.wait()
            after = answer["next_since_id"] if since_id is None else since_id
            parse_event_id(after)
            answer = await asyncio.to_thread(
                runtime.events.read, since_id=after, session_id=session_id, request_id=request_id
            )
        return JSONResponse(answer)

    async def list_sessions(request: Request) -> Response:
        limit = _count(request.query_params.get("limit"), 50)
        offset = _count(request.query_params.get("offset"), 0)
        sessions = await asyncio.to_thread(runtime.app.sessions.list_sessions, None, limit, offset)
        return JSONResponse({"sessions": sessions})

    async def create_session(request: Request) -> Response:
        body = await json_body(request)
        agent_id = _optional_text(body, "agent_id")
        created = runtime.create_session(agent_id, _optional_text(body, "title") or "")
        return JSONResponse(created, status_code=201)

    async def read_session(request: Request) -> Response:
        conversation = await runtime.conversation(request.path_params["session_id"])
        session = conversation.ensure_session()
        described = runtime.describe(conversation)
        model = await runtime.chat_model(conversation)
        return JSONResponse({**described, "model": model, "session": session.to_dict()})

    async def list_models(request: Request) -> Response:
        refresh = request.query_params.get("refresh", "") in ("1", "true")
        return JSONResponse(await runtime.models(refresh))

    async def choose_model(request: Request) -> Response:
        raw = await request.body()
        stored = None if raw.strip() in (b"", b"null") else await json_body(request)
        chosen = await runtime.choose_model(request.path_params["session_id"], stored)
        return JSONResponse(chosen)

    async def rename_session(request: Request) -> Response:
        body = await json_body(request)
        title = _optional_text(body, "title")
        if not title or not title.strip():
            raise RuntimeInputError('Send {"title": "<the new title>"}.')
        conversation = await runtime.conversation(request.path_params["session_id"])
        conversation.rename(title.strip())
        return JSONResponse(runtime.describe(conversation))

    async def delete_session(request: Request) -> Response:
        session_id = request.path_params["session_id"]
        await runtime.conversation(session_id)  # 404 for an unknown chat
        await runtime.delete_session(session_id)
        return Response(status_code=204)

    async def read_plugin_settings(request: Request) -> Response:
        settings = ServerPluginSettings(runtime.app)
        return JSONResponse(await settings.describe(request.query_params.get("agent_id")))

    async def change_plugin_settings(request: Request) -> Response:
        body = await json_body(request)
        values, secrets = body.get("values") or {}, body.get("secrets") or {}
        if not isinstance(values, dict):
            raise RuntimeInputError('"values" must be an object of {"<setting key>": value}.')
        if not isinstance(secrets, dict) or not all(
            isinstance(text, str | None) for text in secrets.values()
        ):
            raise RuntimeInputError(
                '"secrets" must be an object of {"<keyring name>": "<secret>" or null}.'
            )
        settings = ServerPluginSettings(runtime.app)
        changed = await settings.update(
            request.query_params.get("agent_id"), request.path_params["plugin"], values, secrets
        )
        return JSONResponse(changed)

    async def run_plugin_settings_action(request: Request) -> Response:
        body = await json_body(request)
        action_id = _optional_text(body, "action_id")
        params = body.get("params") or {}
        if not action_id or not isinstance(params, dict):
            raise RuntimeInputError('Send {"action_id": "<action>", "params": {...}}.')
        settings = ServerPluginSettings(runtime.app)
        result = await settings.run_action(
            request.query_params.get("agent_id"), request.path_params["plugin"], action_id, params
        )
        return JSONResponse({"result": result})

    async def revoke_token(_request: Request) -> Response:
        if token is None:
            return error(409, "This server's access token cannot be revoked from here.")
        try:
            await asyncio.to_thread(token.revoke)
        except TokenError as problem:
            return error(409, str(problem))
        log.warning("The access token was revoked by a client; restart to make a new one")
        return Response(status_code=204)

    async def send(request: Request) -> Response:
        body = await json_body(request)
        text = body.get("message", body.get("content"))
        if not isinstance(text, str):
            raise RuntimeInputError('Send {"message": "<text>"} (and "attachments": [asset ids]).')
        asset_ids = body.get("attachments") or []
        if not isinstance(asset_ids, list) or not all(isinstance(a, str) for a in asset_ids):
            raise RuntimeInputError('"attachments" must be a list of asset ids from /uploads.')
        overrides = body.get("overrides")
        if overrides is not None and not isinstance(overrides, dict):
            raise RuntimeInputError('"overrides" must be a JSON object of config keys.')
        session_id = request.path_params["session_id"]
        since_id = await runtime.send(session_id, text, asset_ids, overrides)
        return JSONResponse(
            {"status": "started", "session_id": session_id, "since_id": since_id},
            status_code=202,
        )

    async def cancel(request: Request) -> Response:
        stopped = await runtime.cancel(request.path_params["session_id"])
        return JSONResponse({"cancelled": stopped})

    async def decide(request: Request) -> Response:
        body = await json_body(request)
        call_key = body.get("call_key")
        decision = body.get("decision")
        if (
            not isinstance(call_key, list)
            or len(call_key) != 2
            or not all(isinstance(part, int) for part in call_key)
        ):
            raise RuntimeInputError(
                '"call_key" must be the [message index, call position] of the approval event.'
            )
        if not isinstance(decision, str):
            raise RuntimeInputError(
                '"decision" must be allow_once, allow_session, allow_always, allow_rule or deny.'
            )
        answer = {"decision": decision}
        if isinstance(body.get("reason"), str):
            answer["reason"] = body["reason"]
        found = await runtime.decide(
            request.path_params["session_id"], (call_key[0], call_key[1]), answer
        )
        if not found:
            return error(
                404, "No tool call with this call_key is waiting for approval in this chat."
            )
        return JSONResponse({"decided": True})

    async def ui_schema(request: Request) -> Response:
        return JSONResponse(await runtime.ui_schema(request.path_params["session_id"]))

    async def run_action(request: Request) -> Response:
        body = await json_body(request)
        action_id = _optional_text(body, "action_id")
        if not action_id:
            raise RuntimeInputError(
                'Send {"action_id": ..., "params": {...}, "action_owner": ...}.'
            )
        params = body.get("params") or {}
        if not isinstance(params, dict):
            raise RuntimeInputError('"params" must be a JSON object.')
        result = await runtime.run_action(
            request.path_params["session_id"],
            action_id,
            params,
            _optional_text(body, "action_owner"),
        )
        return JSONResponse({"result": result})

    async def upload(request: Request) -> Response:
        session_id = request.path_params["session_id"]
        name = request.query_params.get("name", "")
        if not _FILE_NAME.fullmatch(name) or name in (".", ".."):
            raise RuntimeInputError(
                "Give the file's name as ?name=<file name> (no folders, no '/' or '\\')."
            )
        await runtime.conversation(session_id)
        data = await request.body()
        mime = request.headers.get("content-type")
        record = await asyncio.to_thread(
            runtime.app.sessions.assets.add_bytes, session_id, data, name, mime
        )
        return JSONResponse(record, status_code=201)

    async def list_uploads(request: Request) -> Response:
        session_id = request.path_params["session_id"]
        await runtime.conversation(session_id)
        records = await asyncio.to_thread(runtime.app.sessions.assets.list, session_id)
        return JSONResponse({"uploads": records})

    routes = [
        Route("/events", handled(read_events), methods=["GET"]),
        Route("/models", handled(list_models), methods=["GET"]),
        Route("/token", handled(revoke_token), methods=["DELETE"]),
        Route("/settings/plugins", handled(read_plugin_settings), methods=["GET"]),
        Route("/settings/plugins/{plugin}", handled(change_plugin_settings), methods=["PUT"]),
        Route(
            "/settings/plugins/{plugin}/actions",
            handled(run_plugin_settings_action),
            methods=["POST"],
        ),
        Route("/sessions", handled(list_sessions), methods=["GET"]),
        Route("/sessions", handled(create_session), methods=["POST"]),
        Route("/sessions/{session_id}", handled(read_session), methods=["GET"]),
        Route("/sessions/{session_id}", handled(rename_session), methods=["PATCH"]),
        Route("/sessions/{session_id}", handled(delete_session), methods=["DELETE"]),
        Route("/sessions/{session_id}/model", handled(choose_model), methods=["PUT"]),
        Route("/sessions/{session_id}/send", handled(send), methods=["POST"]),
        Route("/sessions/{session_id}/cancel", handled(cancel), methods=["POST"]),
        Route("/sessions/{session_id}/approvals", handled(decide), methods=["POST"]),
        Route("/sessions/{session_id}/ui-schema", handled(ui_schema), methods=["GET"]),
        Route("/sessions/{session_id}/actions", handled(run_action), methods=["POST"]),
        Route("/sessions/{session_id}/uploads", handled(upload), methods=["POST"]),
        Route("/sessions/{session_id}/uploads", handled(list_uploads), methods=["GET"]),
    ]
    return Starlette(routes=routes)


def _seconds(value: str | None) -> float:
    if value is None:
        return 0.0
    try:
        seconds = float(value)
    except ValueError:
        raise RuntimeInputError(f"wait={value[:20]!r} is not a number of seconds.") from None
    return max(0.0, min(seconds, LONG_POLL_SECONDS))


def _count(value: str | None, default: int) -> int:
    if value is None:
        return default
    if not value.isdigit():
        raise RuntimeInputError(f"{value[:20]!r} is not a whole number.")
    return min(int(value), 1000)


def _optional_text(body: dict[str, Any], key: str) -> str | None:
    value = body.get(key)
    if value is not None and not isinstance(value, str):
        raise RuntimeInputError(f'"{key}" must be text.')
    return value
