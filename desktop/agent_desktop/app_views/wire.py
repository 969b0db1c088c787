"""The messages between the app and its view helper: JSON objects, each after its length (four
bytes, big-endian), over the helper's standard input and output. No Qt here."""

from __future__ import annotations

import json
import struct
from typing import Any

# A frame of a full-screen view as PNG in base64 stays well below this; more is a broken peer.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024
_LENGTH = struct.Struct(">I")


class WireError(ValueError):
    """The peer sent something that is not a message of this protocol."""


def encode(message: dict[str, Any]) -> bytes:
    body = json.dumps(message, separators=(",", ":")).encode()
    return _LENGTH.pack(len(body)) + body


class Decoder:
    """Collects bytes as they arrive and hands out each whole message."""

    def __init__(self) -> None:
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        self._buffer += data
        messages: list[dict[str, Any]] = []
        while len(self._buffer) >= _LENGTH.size:
            (length,) = _LENGTH.unpack_from(self._buffer)
            if length > MAX_MESSAGE_BYTES:
                raise WireError(f"a message of {length:,} bytes is over the limit")
            end = _LENGTH.size + length
            if len(self._buffer) < end:
                break
            body = bytes(self._buffer[_LENGTH.size : end])
            del self._buffer[:end]
            try:
                message = json.loads(body)
            except ValueError as exc:
                raise WireError(f"a message is not JSON: {exc}") from None
            if not isinstance(message, dict):
                raise WireError("a message is not a JSON object")
            messages.append(message)
        return messages
