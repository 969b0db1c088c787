"""Attachments of sessions: content-addressed blobs on disk, metadata rows in the session store.

The bytes of an attachment live once per content under `<assets>/<sha[:2]>/<sha256>`; each
attachment of each session is a row (`asset_id`, name, mime, size, sha256). A blob is removed
when the last row using it goes. File names are only ever metadata — no name, id or digest a
caller passes can make the store read or write outside its folder.

Messages refer to attachments from `multipartContent` parts:
`{"type": "image" | "file", "asset_id": ..., "name": ..., "mime": ...}`.
`resolve_part` turns such a part into bytes / a data URL / text, and
`inline_parts_for_provider` adds `data_url` or `text` to every asset part so providers never need
this module.
"""

from __future__ import annotations

import base64
import binascii
import builtins
import errno
import hashlib
import logging
import mimetypes
import os
import re
import stat
import tempfile
import threading
import time
import unicodedata
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from agent_app.settings import DEFAULT_MAX_ATTACHMENT_BYTES
from agent_app.sizes import format_size
from agent_app.store import SessionStore
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_core import Message

logger = logging.getLogger(__name__)

_CHUNK_BYTES = 1024 * 1024
_MAX_NAME_BYTES = 200
_ASSET_ID = re.compile(r"[0-9a-f]{32}")
_DIGEST = re.compile(r"[0-9a-f]{64}")
_MIME = re.compile(r"[A-Za-z0-9][\w.+-]*/[\w.+-]+")
_RESERVED_NAME_CHARACTERS = re.compile(r'[<>:"/\\|?*]')
_TEXT_MIMES = {
    "application/json",
    "application/xml",
    "application/javascript",
    "application/x-yaml",
    "application/yaml",
    "application/toml",
    "application/x-sh",
    "application/sql",
}


class AssetError(RuntimeError):
    """An attachment problem; the message says what failed and what to do."""


class AssetTooLargeError(AssetError):
    pass


class AssetNotFoundError(AssetError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


class AssetMissingError(AssetError):
    """The attachment's record exists but its bytes vanished from disk."""


class AssetInputError(AssetError):
    """The given file cannot be attached (not a regular file, unreadable, ...)."""


def sanitize_name(name: str) -> str:
    """A display-safe file name: last path component, no control or reserved characters,
    no leading dots, at most 200 UTF-8 bytes with the extension kept."""
    name = unicodedata.normalize("NFC", str(name))
    name = re.split(r"[/\\]", name)[-1]
    name = "".join(
        character
        for character in name
        if unicodedata.category(character)[0] != "C" or character == " "
    )
    name = _RESERVED_NAME_CHARACTERS.sub("_", name).strip().lstrip(".").strip()
    if not name:
        return "attachment"
    if len(name.encode("utf-8")) <= _MAX_NAME_BYTES:
        return name
    stem, dot, extension = name.rpartition(".")
    if not dot or not stem or len(extension.encode("utf-8")) > 16:
        stem, extension = name, ""
    suffix = f".{extension}" if extension else ""
    budget = _MAX_NAME_BYTES - len(suffix.encode("utf-8"))
    shortened = stem.encode("utf-8")[:budget].decode("utf-8", "ignore").rstrip()
    return (shortened or "attachment") + suffix


def _clean_mime(mime: str | None, name: str) -> str:
    if mime and _MIME.fullmatch(mime.strip()):
        return mime.strip().lower()
    guessed, _encoding = mimetypes.guess_type(name, strict=False)
    return guessed or "application/octet-stream"


class SessionAssetStore:
    """Attachments of sessions. Thread-safe within one process."""

    def __init__(
        self,
        store: SessionStore,
        root: Path,
        *,
        max_bytes: int = DEFAULT_MAX_ATTACHMENT_BYTES,
    ) -> None:
        self.store = store
        self.root = Path(root)
        self.max_bytes = max_bytes
        self._lock = threading.RLock()

    # The store travels inside request configs, which plugins may copy: a copy is the same store.
    def __copy__(self) -> SessionAssetStore:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> SessionAssetStore:
        return self

    # ------------------------------------------------------------------ adding

    def add_file(self, session_id: str, path: str | os.PathLike[str]) -> dict[str, Any]:
        """Copy the file at `path` into the store for `session_id`; returns the asset record."""
        source = Path(path)
        try:
            info = source.stat()
        except FileNotFoundError:
            raise AssetInputError(
                QT_TRANSLATE_NOOP(
                    "Errors", "Cannot attach {source}: the file does not exist."
                ).format(source=source)
            ) from None
        except OSError as error:
            raise AssetInputError(
                QT_TRANSLATE_NOOP("Errors", "Cannot attach {source}: {reason}.").format(
                    source=source, reason=error.strerror
                )
            ) from None
        if stat.S_ISDIR(info.st_mode):
            raise AssetInputError(
                QT_TRANSLATE_NOOP(
                    "Errors", "Cannot attach {source}: it is a folder, not a file."
                ).format(source=source)
            )
        if not stat.S_ISREG(info.st_mode):
            raise AssetInputError(
                QT_TRANSLATE_NOOP(
                    "Errors", "Cannot attach {source}: it is not a regular file."
                ).format(source=source)
            )
        name = sanitize_name(source.name)
        self._check_size(info.st_size, name)
        try:
            with source.open("rb") as handle:
                return self._add_stream(session_id, handle, name, None)
        except PermissionError:
            raise AssetInputError(
                QT_TRANSLATE_NOOP(
                    "Errors", "Cannot attach {source}: permission to read it was denied."
                ).format(source=source)
            ) from None

    def add_bytes(
        self, session_id: str, data: bytes, filename: str, mime: str | None = None
    ) -> dict[str, Any]:
        """Store `data` as an attachment named `filename`; returns the asset record."""
        name = sanitize_name(filename)
        self._check_size(len(data), name)
        return self._add_stream(session_id, _BytesReader(data), name, mime)

    def _check_size(self, size: int, name: str) -> None:
        if size > self.max_bytes:
            shown, limit = format_size(size), format_size(self.max_bytes)
            if shown == limit:  # rounding would make the two look equal: say it exactly
                shown, limit = f"{size:,} bytes", f"{self.max_bytes:,} bytes"
            raise AssetTooLargeError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "{name} is {shown}, larger than the attachment limit of "
                    "{limit}. Nothing was stored; attach a smaller file or raise "
                    "the limit in Settings.",
                ).format(name=repr(name), shown=shown, limit=limit)
            )

    def _add_stream(
        self, session_id: str, handle: IO[bytes] | _BytesReader, name: str, mime: str | None
    ) -> dict[str, Any]:
        # A hidden (deleted or still importing) session may get attachments: restoring shows them.
        if not self.store.session_exists(session_id, include_deleted=True):
            raise AssetInputError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "Cannot attach {name}: there is no conversation with id {session_id}.",
                ).format(name=repr(name), session_id=repr(session_id))
            )
        incoming = _own_folder(self.root / ".incoming")
        descriptor, temporary_name = tempfile.mkstemp(dir=incoming)
        temporary = Path(temporary_name)
        digest = hashlib.sha256()
        size = 0
        try:
            with os.fdopen(descriptor, "wb") as output:
                while chunk := handle.read(_CHUNK_BYTES):
                    size += len(chunk)
                    self._check_size(size, name)
                    digest.update(chunk)
                    output.write(chunk)
                output.flush()
                os.fsync(output.fileno())
            sha256 = digest.hexdigest()
            record = {
                "asset_id": uuid.uuid4().hex,
                "session_id": session_id,
                "name": name,
                "mime": _clean_mime(mime, name),
                "size": size,
                "sha256": sha256,
            }
            with self._lock:
                blob = self._blob_path(sha256)
                if blob.exists():
                    temporary.unlink()
                else:
                    _own_folder(blob.parent)
                    os.replace(temporary, blob)
                try:
                    self.store.insert_asset(record)
                except BaseException:
                    self._remove_blob_if_unused(sha256)
                    raise
            return record
        except OSError as error:
            raise AssetError(
                QT_TRANSLATE_NOOP(
                    "Errors", "Could not store {name}: {reason} Nothing was stored."
                ).format(name=repr(name), reason=_explain_os_error(error))
            ) from None
        finally:
            temporary.unlink(missing_ok=True)

    # ------------------------------------------------------------------ reading

    def get(self, asset_id: str) -> dict[str, Any]:
        """The record of `asset_id`; AssetNotFoundError when there is none."""
        record = self.store.get_asset(asset_id) if _ASSET_ID.fullmatch(str(asset_id)) else None
        if record is None:
            raise AssetNotFoundError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "There is no attachment with id {asset_id}; it may have been removed.",
                ).format(asset_id=repr(asset_id))
            )
        return record

    def list(self, session_id: str) -> list[dict[str, Any]]:
        return self.store.list_assets(session_id)

    def open(self, asset_id: str) -> IO[bytes]:
        """A binary file object with the attachment's bytes (close it when done)."""
        record = self.get(asset_id)
        blob = self._blob_path(record["sha256"])
        if blob.parent.is_symlink():
            raise AssetMissingError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "The folder holding {name} in the asset store was replaced by "
                    "a link; it is not read. Attach the file again.",
                ).format(name=repr(record["name"]))
            )
        try:
            descriptor = os.open(blob, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except FileNotFoundError:
            raise AssetMissingError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "The attachment {name} is no longer in the asset store (its "
                    "file was removed from disk). Attach it again.",
                ).format(name=repr(record["name"]))
            ) from None
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise AssetMissingError(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "The stored file of {name} was replaced by a link; it is not "
                        "read. Attach the file again.",
                    ).format(name=repr(record["name"]))
                ) from None
            raise AssetError(
                QT_TRANSLATE_NOOP(
                    "Errors", "Could not read the attachment {name}: {reason}"
                ).format(name=repr(record["name"]), reason=_explain_os_error(error))
            ) from None
        return os.fdopen(descriptor, "rb")

    def read_bytes(self, asset_id: str) -> bytes:
        with self.open(asset_id) as handle:
            return handle.read()

    def _blob_path(self, sha256: str) -> Path:
        if not _DIGEST.fullmatch(sha256):
            raise AssetError(
                QT_TRANSLATE_NOOP(
                    "Errors", "The stored digest {sha256} is malformed; the record is damaged."
                ).format(sha256=repr(sha256))
            )
        return self.root / sha256[:2] / sha256

    # ------------------------------------------------------------------ removing

    def delete(self, asset_id: str) -> None:
        """Remove one attachment; its blob goes when no other attachment uses the same bytes."""
        record = self.get(asset_id)
        with self._lock:
            self.store.delete_asset(asset_id)
            self._remove_blob_if_unused(record["sha256"])

    def purge_deleted_sessions(self, deleted_before: float) -> builtins.list[str]:
        """Remove sessions deleted before `deleted_before` for good, and the attachment bytes
        only they used. Returns the removed session ids."""
        with self._lock:
            digests = self.store.digests_of_deleted_sessions(deleted_before)
            purged = self.store.purge_deleted(deleted_before)
            for digest in digests:
                self._remove_blob_if_unused(digest)
        return purged

    def purge_session(self, session_id: str) -> None:
        """Remove one session for good, with the attachment bytes only it used."""
        with self._lock:
            digests = {record["sha256"] for record in self.store.list_assets(session_id)}
            self.store.purge_session(session_id)
            for digest in digests:
                self._remove_blob_if_unused(digest)

    def remove_unreferenced_blobs(self, *, older_than_seconds: float = 0.0) -> int:
        """Delete files no attachment row refers to: blobs of purged sessions, and what a crash
        left half-added. Returns how many were removed.

        `older_than_seconds` spares recent files, so another running copy of the app that is
        adding an attachment right now is not disturbed.
        """
        if self.store.read_only or not self.root.is_dir():
            return 0
        cutoff = time.time() - older_than_seconds
        removed = 0
        with self._lock:
            referenced = self.store.referenced_digests()
            for folder in self.root.iterdir():
                if not folder.is_dir() or folder.is_symlink():
                    continue
                incoming = folder.name == ".incoming"
                for file in folder.iterdir():
                    unused = incoming or (
                        _DIGEST.fullmatch(file.name) is not None and file.name not in referenced
                    )
                    if unused and file.lstat().st_mtime <= cutoff:
                        file.unlink()
                        removed += 1
        return removed

    def _remove_blob_if_unused(self, sha256: str) -> None:
        if not self.store.digest_is_referenced(sha256):
            self._blob_path(sha256).unlink(missing_ok=True)


def _own_folder(folder: Path) -> Path:
    """`folder` as a real folder of the asset store: a link planted in its place is removed
    (only the link; what it points to is not touched), so no write follows it elsewhere."""
    if folder.is_symlink():
        logger.warning("Removing the link %s planted in the asset store", folder)
        folder.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class _BytesReader:
    """Chunked reads over bytes without copying them into a BytesIO."""

    def __init__(self, data: bytes) -> None:
        self._view = memoryview(data)
        self._offset = 0

    def read(self, size: int) -> bytes:
        chunk = bytes(self._view[self._offset : self._offset + size])
        self._offset += len(chunk)
        return chunk


# ---------------------------------------------------------------------- parts for providers


@dataclass(frozen=True)
class ResolvedPart:
    """The content of a multipart part: its bytes plus name and mime type."""

    name: str
    mime: str
    data: bytes

    @property
    def data_url(self) -> str:
        return f"data:{self.mime};base64,{base64.b64encode(self.data).decode('ascii')}"

    @property
    def is_text(self) -> bool:
        return self.text is not None

    @property
    def text(self) -> str | None:
        """The bytes as text when the part is a text file (UTF-8), else None."""
        textual = self.mime.startswith("text/") or self.mime in _TEXT_MIMES
        if not textual and self.mime != "application/octet-stream":
            return None
        try:
            return self.data.decode("utf-8")
        except UnicodeDecodeError:
            return None


def resolve_part(part: dict[str, Any], store: SessionAssetStore | None) -> ResolvedPart:
    """The content of a part that carries `asset_id`, `data_url` or `text`.

    Raises AssetNotFoundError / AssetMissingError for an attachment that is gone, and AssetError
    for a part that names no content.
    """
    name = str(part.get("name") or "attachment")
    if isinstance(part.get("data_url"), str):
        return _decode_data_url(part["data_url"], name)
    if isinstance(part.get("text"), str):
        return ResolvedPart(name, part.get("mime") or "text/plain", part["text"].encode("utf-8"))
    asset_id = part.get("asset_id")
    if not asset_id:
        raise AssetError(
            QT_TRANSLATE_NOOP(
                "Errors", "The attachment part {name} names no asset and carries no content."
            ).format(name=repr(name))
        )
    if store is None:
        raise AssetError(
            QT_TRANSLATE_NOOP(
                "Errors", "The attachment {name} cannot be read: no asset store is open."
            ).format(name=repr(name))
        )
    record = store.get(str(asset_id))
    return ResolvedPart(record["name"], record["mime"], store.read_bytes(record["asset_id"]))


def _decode_data_url(url: str, name: str) -> ResolvedPart:
    header, comma, payload = url.partition(",")
    if not url.startswith("data:") or not comma:
        raise AssetError(
            QT_TRANSLATE_NOOP("Errors", "The attachment {name} has a malformed data URL.").format(
                name=repr(name)
            )
        )
    mime = header[5:].split(";")[0] or "text/plain"
    try:
        data = (
            base64.b64decode(payload, validate=True)
            if header.endswith(";base64")
            else payload.encode("utf-8")
        )
    except binascii.Error:
        raise AssetError(
            QT_TRANSLATE_NOOP(
                "Errors", "The attachment {name} has a data URL that is not base64."
            ).format(name=repr(name))
        ) from None
    return ResolvedPart(name, mime, data)


def inline_parts_for_provider(
    messages: Sequence[Message | dict[str, Any]], store: SessionAssetStore | None
) -> list[Any]:
    """Copies of `messages` whose asset parts carry their content for the provider.

    Images and binary files get `data_url`, text files get `text`. An attachment that is gone
    becomes a text part saying so (the conversation can go on), and is logged.
    """
    result: list[Any] = []
    for message in messages:
        as_object = isinstance(message, Message)
        data = message.to_dict() if isinstance(message, Message) else dict(message)
        parts = data.get("multipartContent")
        if parts:
            data["multipartContent"] = [_inline_part(part, store) for part in parts]
        result.append(Message.from_dict(data) if as_object else data)
    return result


def without_inlined_content(messages: Sequence[Message]) -> list[Message]:
    """`messages` with the content `inline_parts_for_provider` added to asset parts taken out
    again: the asset id stays the reference, the store keeps the bytes."""
    result: list[Message] = []
    for message in messages:
        parts = message.multipart_content
        if parts and any(isinstance(part, dict) and part.get("asset_id") for part in parts):
            data = message.to_dict()
            data["multipartContent"] = [
                {k: v for k, v in part.items() if k not in ("data_url", "text")}
                if isinstance(part, dict) and part.get("asset_id")
                else part
                for part in parts
            ]
            message = Message.from_dict(data)
        result.append(message)
    return result


def _inline_part(part: Any, store: SessionAssetStore | None) -> Any:
    if not isinstance(part, dict) or not part.get("asset_id"):
        return part
    if "data_url" in part or "text" in part:
        return part
    try:
        resolved = resolve_part(part, store)
    except AssetError as error:
        logger.warning("Attachment left out of the request: %s", error)
        return {
            "type": "text",
            "text": f"[Attachment {part.get('name')!r} is unavailable: {error}]",
        }
    inlined = dict(part)
    text = None if part.get("type") == "image" else resolved.text
    if text is not None:
        inlined["text"] = text
    else:
        inlined["data_url"] = resolved.data_url
    return inlined


def _explain_os_error(error: OSError) -> str:
    if error.errno == errno.ENOSPC:
        return "the disk is full (free some space and try again)."
    if error.errno in (errno.EACCES, errno.EPERM):
        return "permission was denied."
    return f"{error.strerror or error}."
