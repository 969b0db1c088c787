"""Export a session as Markdown or JSON (attachments included), and import a JSON export.

Exports pass through `redact`, so a key pasted into a conversation never leaves in an export.
The JSON form is `{"format": "agent-desktop-session", "version": 1, "session": <Session.to_dict>,
"assets": [{asset_id, name, mime, size, sha256, data_base64}]}`.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import hashlib
import json
import time
import uuid
from pathlib import Path
from typing import Any

from agent_app.assets import AssetError, SessionAssetStore
from agent_app.branches import BRANCHES_KEY

# A chat's request config and picked provider: never taken from a file.
from agent_app.config import CONFIG_OVERRIDES_KEY
from agent_app.model_choice import CHAT_MODEL_KEY
from agent_app.secrets import redact, redact_data
from agent_app.store import (
    AGENT_ID_KEY,
    DAMAGED_KEY,
    FLAGGED_KEY,
    OFFSET_KEY,
    TITLE_KEY,
    SessionStore,
)
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_app.untrusted_json import NotPlainJson, deeper_than, not_unicode, refuse_constant
from agent_core import Message, Session

# Marks an imported message that the exporting app could not read (its text says so).
DAMAGED_IN_EXPORT_KEY = "damaged_in_export"

EXPORT_FORMAT = "agent-desktop-session"
EXPORT_VERSION = 1
# Deeper than any chat holds, and well below where Python's recursion stops while the store
# encodes a message (about 450 levels).
MAX_IMPORT_NESTING = 200
_ROLE_HEADINGS = {"user": "You", "assistant": "Assistant", "system": "System", "tool": "Tool"}


class ExportError(ValueError):
    """An export or import that cannot be done; the message says why and what to do."""


def export_markdown(session: Session, assets: SessionAssetStore) -> str:
    """A readable Markdown transcript; attachments are listed by name, type and size."""
    title = session.metadata.get("title") or "Conversation"
    lines = [f"# {title}", "", f"_Exported {time.strftime('%Y-%m-%d %H:%M')}_", ""]
    for message in session.messages:
        lines.extend(_markdown_message(message, assets))
    return redact("\n".join(lines).rstrip() + "\n")


def _markdown_message(message: Message, assets: SessionAssetStore) -> list[str]:
    metadata = message.metadata or {}
    heading = _ROLE_HEADINGS.get(message.role, message.role.title())
    if message.role == "tool" and metadata.get("name"):
        heading = f"Tool result: {metadata['name']}"
    lines = [f"## {heading}", ""]
    text = _plain_text(message.content)
    if text:
        fence = "```" if message.role == "tool" else ""
        lines.extend([fence, text, fence, ""] if fence else [text, ""])
    for call in metadata.get("tool_calls") or []:
        function = call.get("function") or {}
        lines.extend(
            [
                f"**Tool call:** `{function.get('name', '?')}`",
                "",
                "```json",
                _pretty_arguments(function.get("arguments")),
                "```",
                "",
            ]
        )
    for part in message.multipart_content or []:
        if isinstance(part, dict) and part.get("type") in ("image", "file"):
            lines.extend([_attachment_line(part, assets), ""])
    return lines


def _plain_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            part["text"]
            for part in content
            if isinstance(part, dict) and isinstance(part.get("text"), str)
        )
    return "" if content is None else json.dumps(content, ensure_ascii=False)


def _pretty_arguments(arguments: Any) -> str:
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except json.JSONDecodeError:
            return str(arguments)
    return json.dumps(arguments, indent=2, ensure_ascii=False)


def _attachment_line(part: dict[str, Any], assets: SessionAssetStore) -> str:
    name = part.get("name") or "attachment"
    asset_id = part.get("asset_id")
    if not asset_id:
        return f"*Attachment: {name}*"
    try:
        record = assets.get(str(asset_id))
    except AssetError:
        return f"*Attachment: {name} (no longer available)*"
    return f"*Attachment: {record['name']} ({record['mime']}, {record['size']} bytes)*"


def export_json(session: Session, assets: SessionAssetStore) -> str:
    """The session and the bytes of every attachment its messages refer to, as JSON."""
    data = _portable(session).to_dict()
    exported_assets = []
    for asset_id in _referenced_asset_ids(session):
        try:
            record = assets.get(asset_id)
            content = assets.read_bytes(asset_id)
        except AssetError as error:
            exported_assets.append({"asset_id": asset_id, "missing": str(error)})
            continue
        exported_assets.append(
            {
                "asset_id": asset_id,
                "name": record["name"],
                "mime": record["mime"],
                "size": record["size"],
                "sha256": record["sha256"],
                "data_base64": base64.b64encode(content).decode("ascii"),
            }
        )
    document = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported_at": time.time(),
        "session": redact_data(data),
        "assets": exported_assets,
    }
    return json.dumps(document, ensure_ascii=False, indent=1)


def _portable(session: Session) -> Session:
    metadata = {
        key: value
        for key, value in session.metadata.items()
        if key not in (OFFSET_KEY, FLAGGED_KEY)
    }
    return Session(session.session_id, session.messages, metadata)


def _referenced_asset_ids(session: Session) -> list[str]:
    seen: dict[str, None] = {}
    for message in session.messages:
        for part in message.multipart_content or []:
            if isinstance(part, dict) and part.get("asset_id"):
                seen[str(part["asset_id"])] = None
    return list(seen)


def import_json(
    path: Path,
    store: SessionStore,
    assets: SessionAssetStore,
    notices: list[str] | None = None,
    already_present: list[str] | None = None,
) -> Session:
    """Import an export made by `export_json` as a new session; returns it.

    A chat that is already here unchanged (the file was exported from this app and nothing was
    added since) is not copied again: it is returned as it is, its id added to
    `already_present`. A changed one is imported as a copy; if the original is still here under
    the same title, the copy's title says it was imported.

    A copy gets a fresh id and its attachments new asset ids; everything is checked before
    anything is stored. A file is untrusted: per-chat settings it carries (`config_overrides`:
    where requests go, keys, workspace; the provider and model picked for it) are dropped and
    named in `notices`, so only the user's own settings ever apply.
    """
    return import_document(
        _read_export(Path(path)), Path(path), store, assets, notices, already_present
    )


def import_document(
    document: dict[str, Any],
    path: Path,
    store: SessionStore,
    assets: SessionAssetStore,
    notices: list[str] | None = None,
    already_present: list[str] | None = None,
) -> Session:
    """`import_json` for a document `parse_export` checked (`path` names where it came from)."""
    try:
        session = Session.from_dict(document["session"])
    except (TypeError, KeyError) as error:
        raise ExportError(
            QT_TRANSLATE_NOOP(
                "Errors", "{path} does not hold a valid conversation ({error})."
            ).format(path=path, error=error)
        ) from None
    blobs = _decoded_assets(document.get("assets") or [], path)
    original = _same_chat_here(store, session)
    if original is not None:
        if already_present is not None:
            already_present.append(original.session_id)
        if notices is not None:
            notices.append(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "“{title}” is already in your chats, unchanged: it was opened instead of "
                    "copied.",
                ).format(title=original.metadata.get("title") or path.name)
            )
        return original
    metadata = {
        key: value
        for key, value in session.metadata.items()
        if key not in (OFFSET_KEY, CONFIG_OVERRIDES_KEY, CHAT_MODEL_KEY)
    }
    if store.session_exists(session.session_id):
        title = str(store.load_session(session.session_id, limit=1).metadata.get("title") or "")
        if title and title == metadata.get("title"):
            metadata["title"] = f"{title} (imported)"
    dropped = session.metadata.get(CONFIG_OVERRIDES_KEY)
    dropped_names = sorted(dropped) if isinstance(dropped, dict) else ["?"] if dropped else []
    if CHAT_MODEL_KEY in session.metadata:
        dropped_names.append("model")
    if dropped_names and notices is not None:
        names = ", ".join(dropped_names)
        notices.append(
            QT_TRANSLATE_NOOP(
                "Errors",
                "“{title}”: the chat's own settings in the file ({names}) were not applied. An "
                "imported chat keeps its messages and attachments and uses your settings.",
            ).format(title=session.metadata.get("title") or path.name, names=names)
        )
    return _write_new_session(store, assets, metadata, session.messages, blobs)


def fork_session(
    store: SessionStore, assets: SessionAssetStore, source: Session, upto: int, title: str
) -> Session:
    """A new chat holding `source`'s messages up to and including message `upto`.

    The fork is the path shown, without the other versions of it. Its attachments are its own
    copies (each chat owns its attachments, so deleting the original leaves the fork whole).
    """
    messages = [
        dataclasses.replace(message, metadata=_without_versions(message.metadata))
        for message in source.messages[: upto + 1]
    ]
    blobs: dict[str, tuple[str, str, bytes]] = {}
    for message in messages:
        for part in message.multipart_content or []:
            asset_id = part.get("asset_id") if isinstance(part, dict) else None
            if isinstance(asset_id, str) and asset_id not in blobs:
                record = assets.get(asset_id)
                blobs[asset_id] = (record["name"], record["mime"], assets.read_bytes(asset_id))
    metadata = _without_versions(source.metadata)
    metadata.pop(OFFSET_KEY, None)
    metadata.update(title=title, forked_from=source.session_id)
    return _write_new_session(store, assets, metadata, messages, blobs)


def _same_chat_here(store: SessionStore, session: Session) -> Session | None:
    """The chat the file was exported from, if it is here with exactly these messages."""
    if not store.session_exists(session.session_id):
        return None
    here = store.load_session(session.session_id)
    same = [m.to_dict() for m in here.messages] == [m.to_dict() for m in session.messages]
    return here if same else None


def _without_versions(metadata: dict[str, Any] | None) -> dict[str, Any]:
    return {key: value for key, value in (metadata or {}).items() if key != BRANCHES_KEY}


def _write_new_session(
    store: SessionStore,
    assets: SessionAssetStore,
    metadata: dict[str, Any],
    messages: list[Message],
    blobs: dict[str, tuple[str, str, bytes]],
) -> Session:
    """Store a new chat with its attachments (keyed by their old ids), whole or not at all."""
    new_id = uuid.uuid4().hex
    # The chat is created hidden (as if deleted) and shown only once every message and
    # attachment is stored: a copy cut short never shows half a chat, and what it left is
    # removed at the next start like any deleted chat.
    store.create_session(
        new_id,
        title=str(metadata.get("title") or ""),
        agent_id=metadata.get("agent_id"),
        metadata=metadata,
        hidden=True,
    )
    renamed: dict[str, dict[str, Any]] = {}
    try:
        for old_id, (name, mime, content) in blobs.items():
            renamed[old_id] = assets.add_bytes(new_id, content, name, mime)
        stored = [_storable(_remap_parts(message, renamed)) for message in messages]
        store.save_session(Session(new_id, stored, metadata))
        store.restore_session(new_id)
    except BaseException:
        assets.purge_session(new_id)
        raise
    return store.load_session(new_id)


def _storable(message: Message) -> Message:
    """An imported message marked damaged (a placeholder written by the exporting app) is kept
    as a message of its own: the store skips `damaged` rows, which would drop it silently."""
    metadata = message.metadata or {}
    if not metadata.get(DAMAGED_KEY):
        return message
    kept = {key: value for key, value in metadata.items() if key != DAMAGED_KEY}
    return dataclasses.replace(message, metadata={**kept, DAMAGED_IN_EXPORT_KEY: True})


def _read_export(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ExportError(
            QT_TRANSLATE_NOOP("Errors", "Cannot import {path}: the file does not exist.").format(
                path=path
            )
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise ExportError(
            QT_TRANSLATE_NOOP(
                "Errors", "Cannot import {path}: it could not be read ({error})."
            ).format(path=path, error=error)
        ) from None
    return parse_export(text, path)


def parse_export(text: str, path: Path) -> dict[str, Any]:
    """The session export in `text` (read from `path`), checked before anything is stored;
    ExportError says what is wrong with it."""
    try:
        document = json.loads(text, parse_constant=refuse_constant)
    except RecursionError:
        raise _too_deep(path) from None
    except NotPlainJson as error:
        raise ExportError(
            QT_TRANSLATE_NOOP(
                "Errors", "Cannot import {path}: {error}, so it was not imported."
            ).format(path=path, error=error)
        ) from None
    except json.JSONDecodeError:
        raise ExportError(
            QT_TRANSLATE_NOOP(
                "Errors",
                "Cannot import {path}: it is not a JSON session export. Only "
                "files exported as JSON by Agent Desktop can be imported "
                "(Markdown exports are for reading).",
            ).format(path=path)
        ) from None
    if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
        raise ExportError(
            QT_TRANSLATE_NOOP(
                "Errors", "Cannot import {path}: it is not an Agent Desktop session export."
            ).format(path=path)
        )
    if document.get("version") != EXPORT_VERSION:
        raise ExportError(
            QT_TRANSLATE_NOOP(
                "Errors",
                "Cannot import {path}: it was written in export version "
                "{version}, this app reads version {supported}. Update the "
                "app.",
            ).format(path=path, version=repr(document.get("version")), supported=EXPORT_VERSION)
        )
    _check_storable(document, path)
    return document


def _too_deep(path: Path) -> ExportError:
    return ExportError(
        f"Cannot import {path}: it is nested too deeply (more than {MAX_IMPORT_NESTING} levels) "
        "for a chat, so it was not imported."
    )


def _check_storable(document: dict[str, Any], path: Path) -> None:
    """Refuse, before anything is stored, what JSON allows but a chat cannot hold: nesting
    deeper than `MAX_IMPORT_NESTING` (copying, storing and drawing it would exhaust Python's
    recursion) and text with a lone surrogate (no UTF-8 file or database can hold it)."""
    if deeper_than(document, MAX_IMPORT_NESTING):
        raise _too_deep(path)
    reason = not_unicode(document) or _misshapen(document)
    if reason is not None:
        raise ExportError(
            QT_TRANSLATE_NOOP(
                "Errors", "Cannot import {path}: {reason}, so it was not imported."
            ).format(path=path, reason=reason)
        )


def _misshapen(document: dict[str, Any]) -> str | None:
    """What in `document` is not where or what a chat keeps it (the store would refuse it
    half-way with a database error, or keep a message nothing can show); None when all is."""
    session = document.get("session")
    if not isinstance(session, dict):
        return None  # said by `Session.from_dict`'s own words
    if not isinstance(session.get("session_id", ""), str):
        return "the conversation's id is not text"
    metadata = session.get("metadata")
    for key in (TITLE_KEY, AGENT_ID_KEY):
        if isinstance(metadata, dict) and not isinstance(metadata.get(key), str | None):
            return f"the conversation's {key} is not text"
    messages = session.get("messages")
    for number, message in enumerate(messages if isinstance(messages, list) else [], 1):
        if isinstance(message, dict) and not isinstance(message.get("role"), str):
            return f"the role of message {number} is not text"
    if not isinstance(document.get("assets"), list | None):
        return "its attachments are not a list"
    return None


def _decoded_assets(entries: list[Any], path: Path) -> dict[str, tuple[str, str, bytes]]:
    decoded: dict[str, tuple[str, str, bytes]] = {}
    for entry in entries:
        if not isinstance(entry, dict) or "data_base64" not in entry:
            continue  # attachments that were already missing at export time
        name = str(entry.get("name") or "attachment")
        try:
            content = base64.b64decode(entry["data_base64"], validate=True)
        except (binascii.Error, TypeError):
            raise ExportError(
                QT_TRANSLATE_NOOP(
                    "Errors", "Cannot import {path}: the attachment {name} is damaged."
                ).format(path=path, name=repr(name))
            ) from None
        if entry.get("sha256") and hashlib.sha256(content).hexdigest() != entry["sha256"]:
            raise ExportError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "Cannot import {path}: the attachment {name} does not match its checksum.",
                ).format(path=path, name=repr(name))
            )
        decoded[str(entry.get("asset_id"))] = (name, str(entry.get("mime") or ""), content)
    return decoded


def _remap_parts(message: Message, renamed: dict[str, dict[str, Any]]) -> Message:
    if not message.multipart_content:
        return message
    parts = []
    for part in message.multipart_content:
        record = renamed.get(str(part.get("asset_id"))) if isinstance(part, dict) else None
        if record is not None:
            part = {**part, "asset_id": record["asset_id"], "name": record["name"]}
        parts.append(part)
    data = message.to_dict()
    data["multipartContent"] = parts
    return Message.from_dict(data)
