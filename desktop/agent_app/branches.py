"""Versions of a conversation: editing a message or regenerating an answer keeps the old one.

A session stays a list of messages, the path the user is looking at; that is what the model sees
and what search finds. Where that path forked, the versions not shown are kept whole in the
metadata of the message just before the fork (for a fork at the first message, in the session's
metadata), under `branches`:

    {"active": 1, "versions": [[...message dicts...], null, [...]]}

`versions[i]` is version i's tail: every message from the fork point on, each with its own
`branches` if it forked further. The active version's slot is null: its messages are the
session's own from the fork point on. Switching versions swaps the live tail with a kept one, so
nothing is lost and every version can be switched to again. Because the versions live in message
metadata, the store keeps them in the row it already has, and export/import carry them as they
are (the tree survives a round trip without a format change).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from agent_core import Message, Session

BRANCHES_KEY = "branches"


@dataclasses.dataclass(frozen=True)
class VersionInfo:
    """Where the fork at a message stands: version `number` (1-based) of `total`."""

    number: int
    total: int


def version_info(session: Session, index: int) -> VersionInfo | None:
    """The versions of the path from message `index` on; None when it never forked there."""
    branches = _branches(_holder_metadata(session, index))
    if branches is None:
        return None
    return VersionInfo(number=branches["active"] + 1, total=len(branches["versions"]))


def start_new_version(session: Session, index: int) -> Session:
    """Keep messages `index`… as a version and return the session cut before them.

    The caller then adds the new version's messages (the edited message, or the regenerated
    answer when the tool loop writes it); the kept version can be switched back to.
    """
    _check_index(session, index)
    tail = [message.to_dict() for message in session.messages[index:]]
    branches = _branches(_holder_metadata(session, index)) or {"active": 0, "versions": [None]}
    versions = list(branches["versions"])
    versions[branches["active"]] = tail
    versions.append(None)
    updated = {"active": len(versions) - 1, "versions": versions}
    return _with_branches(session, index, updated, session.messages[:index])


def switch_version(session: Session, index: int, number: int) -> Session:
    """Show version `number` (1-based) of the path from message `index` on."""
    branches = _branches(_holder_metadata(session, index))
    if branches is None:
        raise ValueError(f"Message {index + 1} has no other versions.")
    versions = list(branches["versions"])
    if not 1 <= number <= len(versions):
        raise ValueError(f"There is no version {number} here (there are {len(versions)}).")
    target = number - 1
    if target == branches["active"]:
        return session
    versions[branches["active"]] = [message.to_dict() for message in session.messages[index:]]
    tail = [Message.from_dict(data) for data in versions[target] or []]
    versions[target] = None
    updated = {"active": target, "versions": versions}
    return _with_branches(session, index, updated, [*session.messages[:index], *tail])


def _check_index(session: Session, index: int) -> None:
    if not 0 <= index <= len(session.messages):
        raise IndexError(f"There is no message {index + 1} in this chat.")


def _holder_metadata(session: Session, index: int) -> dict[str, Any]:
    if index == 0:
        return session.metadata or {}
    if not 0 < index <= len(session.messages):
        return {}
    return session.messages[index - 1].metadata or {}


def _branches(metadata: dict[str, Any]) -> dict[str, Any] | None:
    """The fork record, if it is well formed (it comes from files too: trust nothing)."""
    branches = metadata.get(BRANCHES_KEY)
    if not isinstance(branches, dict):
        return None
    versions, active = branches.get("versions"), branches.get("active")
    if not isinstance(versions, list) or len(versions) < 2 or not isinstance(active, int):
        return None
    if not 0 <= active < len(versions) or versions[active] is not None:
        return None
    if any(not isinstance(v, list) for i, v in enumerate(versions) if i != active):
        return None
    return {"active": active, "versions": versions}


def _with_branches(
    session: Session, index: int, branches: dict[str, Any], messages: list[Message]
) -> Session:
    if index == 0:
        metadata = {**(session.metadata or {}), BRANCHES_KEY: branches}
        return dataclasses.replace(session, messages=list(messages), metadata=metadata)
    holder = messages[index - 1]
    holder_metadata = {**(holder.metadata or {}), BRANCHES_KEY: branches}
    messages = list(messages)
    messages[index - 1] = dataclasses.replace(holder, metadata=holder_metadata)
    return dataclasses.replace(session, messages=messages)
