"""Node tool plugins: tools written in JavaScript, run out of process by a Node host.

The platform's out-of-process tool protocol (NDJSON over the host's stdin and stdout, its logs
on stderr): requests ``{v: 1, id, method, params}``; answers ``{v, id, ok: true, result: {value,
state?}}`` or ``{v, id, ok: false, error: {type, detail, stack}}``; stream events ``{v, id,
event: {type: "part", payload}}`` before an answer. Methods ``init({config})``,
``get_tool_schemas({state})``, ``execute_tool({tool_name, arguments, state})``; v1 takes object
arguments only.

`NodeToolHost` is one Node process per plugin (``node node_tool_host.mjs MODULE``, the host
beside this package, which imports the plugin's module and speaks the protocol): started at the
first call, under the process supervisor (nothing it starts outlives it or the app), its stderr
appended to the plugin's log file, started again at the next call after it died. It is driven
by threads (a writer under a lock, one reader per process), so any event loop, or none, can
wait for its answers.

`NodeToolPlugin` shows the plugin to the core as an ordinary tool plugin: its calls pass the
same approval decision as every tool, parts stream into the tool row as ``tool_partial``
events, and each call has a time limit (a host that overruns it is stopped, and started again
at the next call). Trust: the plugin is given only its own settings block (the config key named
like the plugin), never the provider's keys or anything else of the agent's config. The settings
in it are those its descriptor's ``config`` declares (``{key: {type, default, description,
secret}}``, like `get_config_schema`): they get a settings page, their defaults are in effect
from the start, and a secret typed there is kept in the keyring and handed over at
``init({config})``.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import shutil
import subprocess
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from agent_app.adapters.tool_results import result_display, result_text
from agent_core.helper_programs import stop_supervised, supervised
from agent_core.secret_names import is_secret_name

logger = logging.getLogger(__name__)

PROTOCOL_VERSION = 1
HOST_SCRIPT = Path(__file__).resolve().parent.parent / "node_tool_host.mjs"
NODE_SUFFIXES = (".js", ".mjs", ".cjs")
#: How long `init` and `get_tool_schemas` may take, and a tool call unless told otherwise.
SETUP_TIME_LIMIT_SECONDS = 30.0
CALL_TIME_LIMIT_SECONDS = 120.0


class NodeToolError(RuntimeError):
    """The plugin answered with an error, or its host could not answer."""

    def __init__(self, error_type: str, detail: str, stack: str = "") -> None:
        super().__init__(f"{error_type}: {detail}")
        self.error_type = error_type
        self.detail = detail
        self.stack = stack


def find_node() -> str | None:
    """The `node` program on the PATH, or None."""
    return shutil.which("node")


@dataclass
class _Pending:
    future: Future[dict[str, Any]]
    process: subprocess.Popen[bytes]
    on_part: Callable[[Any], None] | None


class NodeToolHost:
    """One Node process speaking the protocol for one plugin module (see the module docstring).

    `generation` counts the processes started: a caller that set the plugin up (`init`) in
    one generation sets it up again in the next.
    """

    def __init__(self, plugin_name: str, module: Path, log_path: Path, node: str) -> None:
        self.plugin_name = plugin_name
        self.module = module
        self.log_path = log_path
        self.node = node
        self.generation = 0
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._pending: dict[int, _Pending] = {}
        self._ids = itertools.count(1)

    def ensure_started(self) -> int:
        """Start the process unless it runs; returns its generation."""
        with self._lock:
            self._running()
            return self.generation

    def request(
        self, method: str, params: dict[str, Any], on_part: Callable[[Any], None] | None = None
    ) -> Future[dict[str, Any]]:
        """Send one request; the future gets its `result` dict or a `NodeToolError`.
        `on_part(payload)` is called (on the reader thread) for each part streamed first."""
        future: Future[dict[str, Any]] = Future()
        with self._lock:
            process = self._running()
            request_id = next(self._ids)
            self._pending[request_id] = _Pending(future, process, on_part)
            line = {"v": PROTOCOL_VERSION, "id": request_id, "method": method, "params": params}
            try:
                stdin = process.stdin
                assert stdin is not None
                stdin.write((json.dumps(line) + "\n").encode("utf-8"))
                stdin.flush()
            except (OSError, ValueError) as error:  # it died meanwhile: said to the caller
                del self._pending[request_id]
                future.set_exception(
                    NodeToolError("HostEnded", f"the Node host stopped reading requests: {error}")
                )
        return future

    def stop(self) -> None:
        """End the process (and all it started); its waiting calls fail, saying so."""
        with self._lock:
            process, self._process = self._process, None
        if process is not None and process.poll() is None:
            stop_supervised(process.pid)

    def _running(self) -> subprocess.Popen[bytes]:
        """The live process, started now if there is none (call with the lock held)."""
        if self._process is not None and self._process.poll() is None:
            return self._process
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        # Started by the thread that reads it, which lives as long as the process: the
        # supervisor ends the program when the thread that started it ends (Linux's parent
        # death signal is per thread), and a caller's thread may be a short-lived worker.
        started: Future[subprocess.Popen[bytes]] = Future()
        threading.Thread(
            target=self._start_and_read,
            args=(started,),
            name=f"node-tool-{self.plugin_name}",
            daemon=True,
        ).start()
        try:
            process = started.result()
        except OSError as error:
            raise NodeToolError(
                "HostNotStarted", f"{self.node} could not be started: {error}"
            ) from error
        self._process = process
        self.generation += 1
        if self.generation > 1:
            logger.info("The Node host of plugin %r was started again", self.plugin_name)
        return process

    def _start_and_read(self, started: Future[subprocess.Popen[bytes]]) -> None:
        try:
            with self.log_path.open("ab") as log:  # the child keeps its own copy of the handle
                process = subprocess.Popen(
                    supervised([self.node, str(HOST_SCRIPT), str(self.module)]),
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=log,
                    cwd=self.module.parent,
                    start_new_session=True,  # its own process group: a stop reaches its children
                )
        except OSError as error:  # handed to the caller, which says why the plugin cannot run
            started.set_exception(error)
            return
        started.set_result(process)
        assert process.stdout is not None
        self._read(process, process.stdout)

    def _read(self, process: subprocess.Popen[bytes], stdout: IO[bytes]) -> None:
        for raw in stdout:
            try:
                message = json.loads(raw)
            except ValueError:
                logger.warning(
                    "Plugin %r wrote a line that is not the protocol's JSON: %.200r",
                    self.plugin_name,
                    raw,
                )
                continue
            if isinstance(message, dict):
                self._deliver(message)
        code = process.wait()
        with self._lock:
            if self._process is process:
                self._process = None
            ended = [key for key, pending in self._pending.items() if pending.process is process]
            orphans = [self._pending.pop(key) for key in ended]
        for pending in orphans:
            _settle(
                pending.future,
                error=NodeToolError(
                    "HostEnded",
                    f"the Node host of plugin {self.plugin_name!r} ended (exit code {code}) "
                    f"before answering; it is started again at the next call (its log: "
                    f"{self.log_path})",
                ),
            )

    def _deliver(self, message: dict[str, Any]) -> None:
        request_id = message.get("id")
        event = message.get("event")
        with self._lock:
            pending = self._pending.get(request_id) if isinstance(request_id, int) else None
            if pending is not None and not isinstance(event, dict):
                del self._pending[request_id]  # type: ignore[arg-type]
        if pending is None:
            return
        if isinstance(event, dict):
            if event.get("type") == "part" and pending.on_part is not None:
                pending.on_part(event.get("payload"))
            return
        if message.get("ok") is True:
            result = message.get("result")
            _settle(pending.future, result if isinstance(result, dict) else {"value": result})
            return
        error = message.get("error")
        error = error if isinstance(error, dict) else {}
        _settle(
            pending.future,
            error=NodeToolError(
                str(error.get("type") or "Error"),
                str(error.get("detail") or "the plugin reported an error without details"),
                str(error.get("stack") or ""),
            ),
        )


def _settle(
    future: Future[dict[str, Any]],
    result: dict[str, Any] | None = None,
    *,
    error: NodeToolError | None = None,
) -> None:
    """Give `future` its outcome unless the caller stopped waiting (cancelled it) first."""
    if not future.set_running_or_notify_cancel():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result or {})


def _tell(loop: asyncio.AbstractEventLoop, arrivals: asyncio.Queue[Any], item: Any) -> None:
    """Hand `item` from the host's reader thread to a call waiting on `loop`, unless that loop
    is gone (the app quit while the plugin was still answering)."""
    if not loop.is_closed():
        loop.call_soon_threadsafe(arrivals.put_nowait, item)


def normalized_schema(schema: Any) -> dict[str, Any]:
    """An OpenAI function schema from what a Node plugin lists: that form already, or
    ``{name, description, parameters | input_schema | inputSchema}``."""
    if not isinstance(schema, dict):
        raise ValueError(f"a tool schema must be an object, got {schema!r:.80}")
    if schema.get("type") == "function" and isinstance(schema.get("function"), dict):
        return schema
    name = schema.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError(f"a tool schema has no name: {schema!r:.80}")
    parameters = (
        schema.get("parameters")
        or schema.get("input_schema")
        or schema.get("inputSchema")
        or {"type": "object", "properties": {}}
    )
    normalized: dict[str, Any] = {
        "type": "function",
        "function": {
            "name": name,
            "description": str(schema.get("description") or ""),
            "parameters": parameters,
        },
    }
    if isinstance(schema.get("annotations"), dict):
        normalized["annotations"] = schema["annotations"]
    return normalized


class NodeToolPlugin:
    """A Node tool plugin shown to the core as an ordinary tool plugin."""

    kind = "tool"

    def __init__(
        self,
        name: str,
        module: Path,
        *,
        log_dir: Path,
        node: str,
        version: str | None = None,
        call_time_limit_seconds: float = CALL_TIME_LIMIT_SECONDS,
        config_schema: dict[str, dict[str, Any]] | None = None,
    ) -> None:
        self.name = name
        self.version = version or "0"
        self.config_schema = dict(config_schema or {})
        self.call_time_limit_seconds = call_time_limit_seconds
        self.host = NodeToolHost(name, module.resolve(), log_dir / "plugins" / f"{name}.log", node)
        self._state: Any = {}
        self._schemas: list[dict[str, Any]] = []
        self._set_up_for: tuple[int, str] | None = None  # (host generation, settings as JSON)

    # ------------------------------------------------------------------ core hooks

    def get_config_schema(self) -> dict[str, Any]:
        """The settings its descriptor declares, in its own block (``<name>.<key>``)."""
        schema = {}
        for key, entry in self.config_schema.items():
            described = dict(entry)
            if described.get("secret") is True or is_secret_name(key):
                described["secret"] = True
                described["secret_name"] = f"{self.name}.{key}"  # its keyring entry
            schema[f"{self.name}.{key}"] = described
        return schema

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": self.own_settings(config)}

    def own_settings(self, config: dict[str, Any]) -> dict[str, Any]:
        """The plugin's settings block: the config key named like the plugin, nothing else."""
        block = config.get(self.name)
        return dict(block) if isinstance(block, dict) else {}

    async def prepare_async(
        self, config: dict[str, Any], state: dict[str, Any], *, context: Any = None
    ) -> dict[str, Any]:
        await self._set_up(state.get("config") or {})
        return {"schemas": list(self._schemas)}

    def get_tool_schemas(
        self, state: dict[str, Any], *, prepared: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        schemas = (prepared or {}).get("schemas", self._schemas)
        return list(schemas)

    async def stream_tool_async(
        self,
        tool_name: str | None,
        payload: Any,
        state: dict[str, Any],
        *,
        cancellation: Any = None,
        context: dict[str, Any] | None = None,
        **_: Any,
    ) -> AsyncIterator[dict[str, Any]]:
        if not isinstance(payload, dict):
            yield {"success": False, "tool": tool_name, "error": "the arguments must be an object"}
            return
        try:
            await self._set_up(state.get("config") or {})
        except NodeToolError as error:
            yield {"success": False, "tool": tool_name, "error": str(error)}
            return
        loop = asyncio.get_running_loop()
        arrivals: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()

        params = {"tool_name": tool_name, "arguments": payload, "state": self._state}
        answer = self.host.request(
            "execute_tool", params, lambda part: _tell(loop, arrivals, ("part", part))
        )
        answer.add_done_callback(lambda _done: _tell(loop, arrivals, ("done", None)))
        deadline = loop.time() + self.call_time_limit_seconds
        try:
            while True:
                # The time limit wraps each wait, never a `yield` (the consumer's code runs there).
                try:
                    async with asyncio.timeout_at(deadline):
                        kind, value = await arrivals.get()
                except TimeoutError:
                    self.host.stop()
                    yield {
                        "success": False,
                        "tool": tool_name,
                        "error": (
                            f"the tool did not answer within {self.call_time_limit_seconds:g} "
                            "seconds; its Node host was stopped and starts again at the next call"
                        ),
                    }
                    return
                if kind == "done":
                    break
                yield {"part": value}
        finally:
            answer.cancel()  # stopped meanwhile: its answer, if it comes, is not waited for
        try:
            result = answer.result()
        except NodeToolError as error:
            if error.stack:
                logger.info("Plugin %r failed in %s:\n%s", self.name, tool_name, error.stack)
            yield {"success": False, "tool": tool_name, "error": str(error)}
            return
        if "state" in result:
            self._state = result["state"]
        yield {"success": True, "tool": tool_name, "result": result.get("value")}

    async def execute_tool_async(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **kwargs: Any
    ) -> dict[str, Any]:
        result: dict[str, Any] = {}
        async for item in self.stream_tool_async(tool_name, payload, state, **kwargs):
            if "part" not in item:
                result = item
        return result

    def format_tool_result(self, result: dict[str, Any], state: dict[str, Any]) -> str:
        return result_text(result)

    def to_display_format(
        self, text: str, result: dict[str, Any], state: dict[str, Any]
    ) -> dict[str, Any]:
        return result_display(text, result)

    async def aclose(self) -> None:
        await asyncio.to_thread(self.host.stop)

    # ------------------------------------------------------------------ setting up

    async def _set_up(self, settings: dict[str, Any]) -> None:
        """`init` then `get_tool_schemas` in a new host, or when the settings changed."""
        generation = await asyncio.to_thread(self.host.ensure_started)
        wanted = (generation, json.dumps(settings, sort_keys=True, default=repr))
        if self._set_up_for == wanted:
            return
        started = await self._ask("init", {"config": settings})
        self._state = started.get("state", {})
        listed = await self._ask("get_tool_schemas", {"state": self._state})
        if "state" in listed:
            self._state = listed["state"]
        value = listed.get("value")
        if not isinstance(value, list):
            raise NodeToolError(
                "BadAnswer", f"get_tool_schemas must return a list of tools, got {value!r:.80}"
            )
        try:
            self._schemas = [normalized_schema(schema) for schema in value]
        except ValueError as error:
            raise NodeToolError("BadAnswer", str(error)) from error
        self._set_up_for = wanted

    async def _ask(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        answer = self.host.request(method, params)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(answer), SETUP_TIME_LIMIT_SECONDS)
        except TimeoutError:
            self.host.stop()
            raise NodeToolError(
                "Timeout",
                f"{method} did not answer within {SETUP_TIME_LIMIT_SECONDS:g} seconds; the Node "
                "host was stopped and starts again at the next use",
            ) from None
