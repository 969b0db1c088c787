"""`agent-desktop serve`: the application layer without Qt, on the platform's HTTP API.

Its own data folder (``--data-dir``, else `SERVE_HOME_VARIABLE`, else the platform's data folder
for ``agent-desktop-serve``), config and keyring entries. ``--bind`` defaults to loopback; a bind
beyond loopback needs TLS (``--tls-cert``/``--tls-key``, or ``--tls-self-signed``) and otherwise
refuses, saying how, or to use an SSH tunnel. Nothing here imports Qt (a test holds to it).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import logging
import os
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from agent_app.paths import resolve_paths
from agent_app.secrets import RedactingFilter
from agent_app.serve.guard import HEADER_TIMEOUT_SECONDS

SERVE_HOME_VARIABLE = "AGENT_DESKTOP_SERVE_HOME"
DEFAULT_PORT = 8765
DEFAULT_BIND = f"127.0.0.1:{DEFAULT_PORT}"
#: How long a stopping server lets running answers finish (their events wait for the client).
DEFAULT_DRAIN_SECONDS = 30.0

log = logging.getLogger("agent_app.serve")


class ServeRefusal(Exception):
    """The server will not start as asked; the message says why and what to do instead."""


@dataclass(frozen=True)
class Bind:
    host: str
    port: int

    @property
    def loopback(self) -> bool:
        if self.host == "localhost":
            return True
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return False

    @property
    def url_host(self) -> str:
        return f"[{self.host}]" if ":" in self.host else self.host


def parse_bind(text: str) -> Bind:
    host, colon, port = text.rpartition(":")
    if not colon or not port.isdigit() or int(port) > 65535:
        raise ServeRefusal(
            f"--bind {text!r} is not HOST:PORT (for example 127.0.0.1:{DEFAULT_PORT})."
        )
    host = host.strip("[]") or "127.0.0.1"
    return Bind(host, int(port))


def parse_serve_args(arguments: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="agent-desktop serve",
        description="Run the agent without a window, serving the platform's HTTP API.",
    )
    parser.add_argument(
        "--bind", default=DEFAULT_BIND, help=f"HOST:PORT to listen on (default {DEFAULT_BIND})"
    )
    parser.add_argument("--data-dir", type=Path, help="keep the server's data in this folder")
    parser.add_argument("--tls-cert", type=Path, help="PEM certificate (with --tls-key)")
    parser.add_argument("--tls-key", type=Path, help="PEM private key of --tls-cert")
    parser.add_argument(
        "--tls-self-signed",
        action="store_true",
        help="make (once) and use a self-signed certificate; its fingerprint is printed to pin",
    )
    parser.add_argument(
        "--token-file",
        type=Path,
        help="keep the access token in this file (mode 0600) instead of the keyring",
    )
    parser.add_argument(
        "--revoke-token",
        action="store_true",
        help="delete the access token and exit (a running server then refuses every request)",
    )
    parser.add_argument(
        "--slow-client-seconds",
        type=float,
        default=HEADER_TIMEOUT_SECONDS,
        help="disconnect a client whose request head or body stalls this long "
        "(default %(default)s)",
    )
    parser.add_argument(
        "--drain-seconds",
        type=float,
        default=DEFAULT_DRAIN_SECONDS,
        help="how long stopping waits for running answers (default %(default)s)",
    )
    return parser.parse_args(arguments)


def serve_home(data_dir: Path | None) -> Path:
    if data_dir is not None:
        return data_dir.expanduser().absolute()
    from_environment = os.environ.get(SERVE_HOME_VARIABLE)
    if from_environment:
        return Path(from_environment).expanduser().absolute()
    import platformdirs  # noqa: PLC0415 - only when no folder was given

    return Path(platformdirs.user_data_dir("agent-desktop-serve", appauthor=False))


def main(arguments: list[str]) -> int:
    """Run `agent-desktop serve ARGUMENTS`; the exit code."""
    options = parse_serve_args(arguments)
    home = serve_home(options.data_dir)
    from agent_app.serve.access_token import (  # noqa: PLC0415 - keyring after the options
        AccessToken,
        TokenError,
        TokenSource,
        keyring_entry_for,
    )

    token = AccessToken(TokenSource(keyring_entry_for(home), options.token_file))
    try:
        if options.revoke_token:
            revoked = token.revoke()
            print(
                "The access token was revoked: a running server refuses every request now; "
                "restart it to make and show a new token."
                if revoked
                else "There was no access token to revoke."
            )
            return 0
        bind = parse_bind(options.bind)
        tls = _tls_files(options, bind, home)
        created = token.ensure()
    except (ServeRefusal, TokenError) as refusal:
        print(f"agent-desktop serve: {refusal}", file=sys.stderr)
        return 2
    paths = resolve_paths(home)
    _configure_logging(paths.log_dir)
    listener = _listen(bind)
    if listener is None:
        return 2
    port = listener.getsockname()[1]
    scheme = "https" if tls else "http"
    print(f"Agent server listening on {scheme}://{Bind(bind.host, port).url_host}:{port}")
    print(f"Data folder: {home}")
    if tls:
        from agent_app.serve.tls import fingerprint  # noqa: PLC0415 - only with TLS

        print(f"TLS certificate SHA-256 fingerprint: {fingerprint(tls[0].read_bytes())}")
    if created:
        print(
            f"Access token (shown once, kept in {token.source.described}): {created}\n"
            "Give it to the desktop's 'Connect to an agent server…'; "
            "'agent-desktop serve --revoke-token' revokes it."
        )
    else:
        print(f"Access token: the one kept in {token.source.described}.")
    sys.stdout.flush()
    from agent_app.serve.server import serve  # noqa: PLC0415 - the server stack loads once the options are good

    return asyncio.run(serve(bind.loopback, listener, tls, token, paths, options))


def _tls_files(options: argparse.Namespace, bind: Bind, home: Path) -> tuple[Path, Path] | None:
    if options.tls_self_signed:
        from agent_app.serve.tls import self_signed_certificate  # noqa: PLC0415 - only with TLS

        return self_signed_certificate(home / "tls", bind.host)
    if (options.tls_cert is None) != (options.tls_key is None):
        raise ServeRefusal("Give both --tls-cert and --tls-key, or neither.")
    if options.tls_cert is not None:
        for path in (options.tls_cert, options.tls_key):
            if not path.is_file():
                raise ServeRefusal(f"The TLS file {path} does not exist.")
        return options.tls_cert, options.tls_key
    if not bind.loopback:
        raise ServeRefusal(
            f"Listening on {bind.host} lets other computers reach the agent, and without TLS "
            "its token and chats would cross the network readable by anyone on the way. "
            "Add --tls-cert FILE --tls-key FILE, or --tls-self-signed (its fingerprint is "
            "printed for the desktop to pin), or keep the default loopback bind and reach it "
            f"through an SSH tunnel: ssh -N -L {DEFAULT_PORT}:127.0.0.1:{bind.port} <this host>"
        )
    return None


def _listen(bind: Bind) -> socket.socket | None:
    family = socket.AF_INET6 if ":" in bind.host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    host = "127.0.0.1" if bind.host == "localhost" else bind.host
    try:
        listener.bind((host, bind.port))
    except OSError as error:
        listener.close()
        print(
            f"agent-desktop serve: cannot listen on {bind.host}:{bind.port} "
            f"({error.strerror or error}); choose another --bind.",
            file=sys.stderr,
        )
        return None
    listener.listen(128)
    listener.setblocking(False)
    return listener


def _configure_logging(log_dir: Path) -> None:
    log_dir.mkdir(parents=True, exist_ok=True)
    formatter = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    handlers: list[logging.Handler] = [
        logging.StreamHandler(sys.stderr),
        logging.FileHandler(log_dir / "serve.log", encoding="utf-8"),
    ]
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    for handler in handlers:
        handler.setFormatter(formatter)
        handler.addFilter(RedactingFilter())
        root.addHandler(handler)
