"""The session database: one SQLite file (WAL, foreign keys on) holding every conversation.

Layout: `sessions` (one row each; title and agent id as columns, the rest of the session metadata
as JSON), `messages` (one row per message, ordered by `position`, the message dict as JSON plus a
plain-text column for search), `drafts` (the streaming partial checkpoint of a session), `assets`
(attachment metadata; the bytes live in `SessionAssetStore`'s blob folder) and two FTS5 indexes
(message text, session titles).

Search stays fast however big a message is: the message index holds each text in pieces of at
most `SEARCH_CHUNK_CHARS` characters, cut between words (never inside one), each piece's rowid
being `message id << CHUNK_BITS | piece number`. So a snippet is made from one small piece (a
5 MB message costs what a 4 KB one does) with its matches marked by the index's own
`highlight()`, results come newest first straight from the index's rowid order (`ORDER BY rowid
DESC`, stopping after one page), and a message's pieces are found by a rowid range. Triggers
queue inserted or changed messages in `messages_to_index`; every write transaction indexes the
queue before it commits, except a short appended message (`SHORT_MESSAGE_CHARS`: an answer, a
tool call or its result): it stays queued, in the message's own transaction, and
is indexed with the others queued by the store's upkeep once the writes pause, by the next
write, or by a search before it looks (`index_queued`), so a search always finds it. A tool
loop's commits thus write no index segment each, nor make FTS5 merge the newest segments (its
crisis merge) inside one of them every 128 answers. The price: the words of a multi-word search
must occur within one piece (a few thousand characters) of a giant message, not anywhere in it.
Searches run on their own read connection (WAL), so a search on a worker thread never waits for
a write or holds one up (but for indexing what is queued, at most the upkeep's next step).

Nothing is ever lost on bad input:
- every write is one transaction, so a failing write (full disk, I/O error) leaves the previous
  state intact and raises `StoreWriteError` saying what happened;
- a damaged database file is copied aside and opened read-only with `problem` set;
- another program's SQLite database at our path is never written (not even its header): the
  store runs empty and read-only in memory, `problem` saying so;
- a row whose JSON cannot be read (or session metadata that is not an object) flags its session
  at start-up; the session still loads (the damaged message, or one whose role is not text,
  becomes a placeholder that is never written back, so the original row stays as it was);
- a row that is not valid UTF-8 is read with the bad bytes replaced and its session flagged;
- a database that cannot be written (read-only file, folder or disk) opens read-only with every
  readable conversation, from a private copy when SQLite cannot read it in place;
- before a schema migration the database is copied to one `.bak` file per schema version;
- a partial answer left by a crash that cannot be read is copied, byte for byte, into the
  `set-aside` folder beside the database and left out (see `recover_drafts`).

Timestamps are Unix seconds (float). Messages are addressed by their index (`position`).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import re
import shutil
import sqlite3
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from agent_app.paths import back_up_file, unused_name, write_atomically
from agent_app.secrets import redact, redact_data
from agent_app.store_upkeep import INDEX_SETTINGS, StoreUpkeep
from agent_app.text_pieces import last_word_break, word_pieces, word_start
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_app.untrusted_json import refuse_constant
from agent_core import Message, Session
from agent_core.content import content_text

logger = logging.getLogger(__name__)

Migration = tuple[int, Callable[[sqlite3.Connection], None]]

# Session metadata keys that live in their own columns or are computed on load; never stored in
# the metadata JSON.
TITLE_KEY = "title"
AGENT_ID_KEY = "agent_id"
OFFSET_KEY = "message_offset"
FLAGGED_KEY = "flagged"
DAMAGED_KEY = "damaged"
UNREADABLE_METADATA_KEY = "unreadable_metadata"
_COMPUTED_KEYS = frozenset({TITLE_KEY, AGENT_ID_KEY, OFFSET_KEY, FLAGGED_KEY})

_PREVIEW_CHARACTERS = 160
_SHORT_APPEND_STATEMENTS = 16  # what appending a short message runs, with room to spare
_SQLITE_HEADER = b"SQLite format 3\x00"
# Every database of ours has these (schema 1 made them all in one transaction).
_OUR_TABLES = frozenset({"schema_version", "sessions", "messages", "drafts", "assets"})
_FOREIGN_TABLES_SHOWN = 3
_CORRUPTION_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


class StoreError(RuntimeError):
    """A session-store failure; the message says what failed and what to do."""


class StoreReadOnlyError(StoreError):
    """The database was opened read-only because it is damaged or from a newer version."""


class StoreWriteError(StoreError):
    """A write failed; the previous state is intact."""


class StoreConflictError(StoreError):
    """The stored session changed underneath a change; nothing was overwritten."""


class SessionNotFoundError(StoreError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


class MigrationError(StoreError):
    pass


def _create_schema_v1(connection: sqlite3.Connection) -> None:
    statements = [
        """CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            session_id TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL DEFAULT '',
            agent_id TEXT,
            metadata TEXT NOT NULL DEFAULT '{}',
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            deleted_at REAL,
            flagged TEXT
        )""",
        "CREATE INDEX sessions_by_update ON sessions(deleted_at, updated_at)",
        """CREATE TABLE messages (
            id INTEGER PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            role TEXT NOT NULL,
            body TEXT NOT NULL,
            text TEXT NOT NULL DEFAULT '',
            created_at REAL NOT NULL,
            UNIQUE (session_id, position)
        )""",
        """CREATE TABLE drafts (
            session_id TEXT PRIMARY KEY REFERENCES sessions(session_id) ON DELETE CASCADE,
            body TEXT NOT NULL,
            updated_at REAL NOT NULL
        )""",
        """CREATE TABLE assets (
            asset_id TEXT PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            mime TEXT NOT NULL,
            size INTEGER NOT NULL,
            sha256 TEXT NOT NULL,
            created_at REAL NOT NULL
        )""",
        "CREATE INDEX assets_by_session ON assets(session_id)",
        "CREATE INDEX assets_by_content ON assets(sha256)",
        """CREATE VIRTUAL TABLE message_search USING fts5(
            text, content='messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
        )""",
        """CREATE TRIGGER messages_indexed AFTER INSERT ON messages BEGIN
            INSERT INTO message_search(rowid, text) VALUES (new.id, new.text);
        END""",
        """CREATE TRIGGER messages_unindexed AFTER DELETE ON messages BEGIN
            INSERT INTO message_search(message_search, rowid, text)
            VALUES ('delete', old.id, old.text);
        END""",
        """CREATE TRIGGER messages_reindexed AFTER UPDATE OF text ON messages BEGIN
            INSERT INTO message_search(message_search, rowid, text)
            VALUES ('delete', old.id, old.text);
            INSERT INTO message_search(rowid, text) VALUES (new.id, new.text);
        END""",
        """CREATE VIRTUAL TABLE title_search USING fts5(
            title, content='sessions', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
        )""",
        """CREATE TRIGGER sessions_indexed AFTER INSERT ON sessions BEGIN
            INSERT INTO title_search(rowid, title) VALUES (new.id, new.title);
        END""",
        """CREATE TRIGGER sessions_unindexed AFTER DELETE ON sessions BEGIN
            INSERT INTO title_search(title_search, rowid, title)
            VALUES ('delete', old.id, old.title);
        END""",
        """CREATE TRIGGER sessions_reindexed AFTER UPDATE OF title ON sessions BEGIN
            INSERT INTO title_search(title_search, rowid, title)
            VALUES ('delete', old.id, old.title);
            INSERT INTO title_search(rowid, title) VALUES (new.id, new.title);
        END""",
    ]
    for statement in statements:
        connection.execute(statement)


SEARCH_CHUNK_CHARS = 4000
_SEARCH_INDEXES = ("message_search", "title_search")
CHUNK_BITS = 20  # up to a million pieces (4 GB of text) per message
SEARCH_PAGE = 50
# An appended message whose JSON is at most this long is short: it is indexed for search after
# its commit, not in it (see the module docstring), and written on a connection that keeps its
# statements prepared (`_short_appends`). A longer one, whose indexing is the slow part of its
# save, is indexed in its own transaction as before. Also about what one upkeep step indexes.
SHORT_MESSAGE_CHARS = 64 * 1024


def search_chunks(text: str) -> list[str]:
    """`text` in pieces of at most SEARCH_CHUNK_CHARS, cut between words (see `word_pieces`):
    each half of a word cut in two would be another word to the index, and the word could not
    be found."""
    return word_pieces(text, SEARCH_CHUNK_CHARS)


def _index_queued_messages(connection: sqlite3.Connection, *, at_most: int | None = None) -> bool:
    """Index the texts of the messages queued by the triggers (inside the open transaction);
    with `at_most`, stop once that many characters were indexed. True when none is left."""
    queued = connection.execute("SELECT id FROM messages_to_index ORDER BY id").fetchall()
    if not queued:
        return True
    indexed: list[tuple[int]] = []
    characters = 0
    for (message_id,) in queued:
        if at_most is not None and characters >= at_most:
            break
        row = connection.execute("SELECT text FROM messages WHERE id = ?", (message_id,)).fetchone()
        if row is not None:
            characters += len(row[0])
            connection.executemany(
                "INSERT INTO message_search(rowid, text) VALUES (?, ?)",
                (
                    ((message_id << CHUNK_BITS) + number, piece)
                    for number, piece in enumerate(search_chunks(row[0]))
                ),
            )
        indexed.append((message_id,))
    if len(indexed) == len(queued):
        connection.execute("DELETE FROM messages_to_index")
        return True
    connection.executemany("DELETE FROM messages_to_index WHERE id = ?", indexed)
    return False


def _create_schema_v2(connection: sqlite3.Connection) -> None:
    """Message search over bounded pieces (see the module docstring)."""
    for trigger in ("messages_indexed", "messages_unindexed", "messages_reindexed"):
        connection.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    connection.execute("DROP TABLE IF EXISTS message_search")
    pieces_of_old = (
        f"DELETE FROM message_search WHERE rowid BETWEEN old.id << {CHUNK_BITS} "
        f"AND (old.id << {CHUNK_BITS}) + {(1 << CHUNK_BITS) - 1};"
    )
    statements = [
        """CREATE VIRTUAL TABLE message_search USING fts5(
            text, tokenize='unicode61 remove_diacritics 2', prefix='2 3'
        )""",
        "CREATE TABLE messages_to_index (id INTEGER PRIMARY KEY)",
        """CREATE TRIGGER messages_indexed AFTER INSERT ON messages BEGIN
            INSERT OR IGNORE INTO messages_to_index(id) VALUES (new.id);
        END""",
        f"""CREATE TRIGGER messages_reindexed AFTER UPDATE OF text ON messages BEGIN
            {pieces_of_old}
            INSERT OR IGNORE INTO messages_to_index(id) VALUES (new.id);
        END""",
        f"""CREATE TRIGGER messages_unindexed AFTER DELETE ON messages BEGIN
            {pieces_of_old}
            DELETE FROM messages_to_index WHERE id = old.id;
        END""",
        "INSERT INTO messages_to_index(id) SELECT id FROM messages",
    ]
    for statement in statements:
        connection.execute(statement)
    _index_queued_messages(connection)


def _repiece_long_messages_v3(connection: sqlite3.Connection) -> None:
    """Index again the messages that schema 2 cut into pieces every SEARCH_CHUNK_CHARS
    characters, even inside a word: each half of a word cut in two was another word to the
    index, and the word could not be found. Their pieces are now cut between words. A shorter
    message is one piece either way and is left as it is."""
    for (message_id,) in connection.execute(
        "SELECT id FROM messages WHERE length(text) > ?", (SEARCH_CHUNK_CHARS,)
    ).fetchall():
        first = message_id << CHUNK_BITS
        connection.execute(
            "DELETE FROM message_search WHERE rowid BETWEEN ? AND ?",
            (first, first + (1 << CHUNK_BITS) - 1),
        )
        connection.execute("INSERT OR IGNORE INTO messages_to_index(id) VALUES (?)", (message_id,))
    _index_queued_messages(connection)


def _create_tool_tasks_v4(connection: sqlite3.Connection) -> None:
    """Tool calls that became tasks on their servers, kept from the moment the server named the
    task until the call's result is stored (see `SessionStore.keep_tool_task`): a crash in
    between loses no task id."""
    connection.execute(
        """CREATE TABLE tool_tasks (
            session_id TEXT NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
            call_key TEXT NOT NULL,
            body TEXT NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (session_id, call_key)
        )"""
    )


MIGRATIONS: tuple[Migration, ...] = (
    (1, _create_schema_v1),
    (2, _create_schema_v2),
    (3, _repiece_long_messages_v3),
    (4, _create_tool_tasks_v4),
)


def message_text(message: dict[str, Any]) -> str:
    """The searchable plain text of a message dict: its text content and attachment names."""
    pieces: list[str] = []
    content = message.get("content")
    if isinstance(content, str):
        pieces.append(content)
    elif isinstance(content, list):
        pieces.extend(
            part["text"]
            for part in content
            if isinstance(part, dict) and isinstance(part.get("text"), str)
        )
    elif isinstance(content, dict):  # a tool's result envelope (text and image parts)
        pieces.append(content_text(content, "\n"))
    for part in message.get("multipartContent") or []:
        if isinstance(part, dict):
            for key in ("text", "name"):
                if isinstance(part.get(key), str):
                    pieces.append(part[key])
    text = "\n".join(pieces)
    if text.isascii():  # a flag, no scan: a 5 MB answer is not copied twice more
        return text
    return text.encode("utf-8", "replace").decode("utf-8")


def draft_keeps_anything(partial: dict[str, Any]) -> bool:
    """Whether a streaming checkpoint of `partial` would give anything back after a crash:
    `recover_drafts` keeps a draft only when it has text (a partial holding only the calls being
    written, or nothing yet, is dropped, as calls that never ran must not reach the next turn)."""
    return bool(message_text(partial).strip())


_MARKDOWN_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
# Underscores inside a word are part of it (`value_0` in code), around one they are emphasis.
_MARKDOWN_MARKUP = re.compile(
    r"```[\w+-]*|[*~`]+|(?<!\w)_+|_+(?!\w)|^\s{0,3}(?:#{1,6}|>|[-+*]|\d+[.)])\s+", re.M
)
# In snippets, underscores stay (they are part of identifiers in code) and table pipes go.
_SNIPPET_MARKUP = re.compile(r"```[\w+-]*|[*~`|]+|:?-{3,}:?|^\s{0,3}(?:#{1,6}|>)\s+", re.M)
_MATCH_START, _MATCH_END = "\x02", "\x03"
# A link in a snippet becomes its text unless the match is in its address (`f[x](match)` in
# code, or a URL): then it stays as written.
_SNIPPET_LINK = re.compile(f"!?\\[([^\\]]*)\\]\\([^){_MATCH_START}{_MATCH_END}]*\\)")


def plain_preview(text: str | None) -> str:
    """A one-line preview of message text with Markdown markup taken out ("**b**" → "b")."""
    if not text:
        return ""
    text = _MARKDOWN_LINK.sub(r"\1", text)
    text = _MARKDOWN_MARKUP.sub("", text)
    return " ".join(text.split())


def readable_snippet(marked: str) -> tuple[str, list[tuple[int, int]]]:
    """A snippet from `marked_snippet` (matches between \\x02 and \\x03) as one line of plain
    text with Markdown markup taken out, and the (start, end) character spans of the matches."""
    text = _SNIPPET_LINK.sub(r"\1", marked)
    text = " ".join(_SNIPPET_MARKUP.sub(" ", text).split())
    plain: list[str] = []
    spans: list[tuple[int, int]] = []
    length = start = 0
    for piece in re.split(f"([{_MATCH_START}{_MATCH_END}])", text):
        if piece == _MATCH_START:
            start = length
        elif piece == _MATCH_END:  # kept even if emptied by markup removal: numbers stay
            spans.append((start, length))
        else:
            plain.append(piece)
            length += len(piece)
    return "".join(plain), spans


# A message text longer than this is JSON-encoded in slices of this size (see `_encode_json`).
ENCODE_SLICE_CHARACTERS = 262_144
# Stands for a giant text while the rest of its message is encoded (random: no real text is it).
_GIANT_TEXT_MARK = f"\x00giant text {uuid.uuid4().hex}\x00"


def _dumps(value: Any, *, ensure_ascii: bool = False) -> str:
    return json.dumps(value, ensure_ascii=ensure_ascii, separators=(",", ":"), allow_nan=False)


def _dumps_giant_content(message: dict[str, Any], *, ensure_ascii: bool = False) -> str:
    """`_dumps(message)` for a message whose `content` is a giant text, made slice by slice.

    `json.dumps` of a 5 MB text is one call of 10-30 ms holding the interpreter lock: every
    other thread, the window's too, waits for it meanwhile (a streaming answer's checkpoint
    does it once a second). Between slices of 256 K characters the lock can change hands.
    JSON escapes character by character, so the slices' encodings joined are the whole's."""
    text: str = message["content"]
    skeleton = _dumps({**message, "content": _GIANT_TEXT_MARK}, ensure_ascii=ensure_ascii)
    before, after = skeleton.split(_dumps(_GIANT_TEXT_MARK, ensure_ascii=ensure_ascii), 1)
    pieces = [before, '"']
    for start in range(0, len(text), ENCODE_SLICE_CHARACTERS):
        piece = text[start : start + ENCODE_SLICE_CHARACTERS]
        pieces.append(_dumps(piece, ensure_ascii=ensure_ascii)[1:-1])
    pieces += ['"', after]
    return "".join(pieces)


def _encode_json(value: Any, what: str) -> str:
    """`value` as JSON for a row; known secret values never reach the file (see `redact`)."""
    return _encode_redacted(redact_data(value), what)


def _encode_redacted(value: Any, what: str) -> str:
    """`_encode_json` of a value already redacted (a message whose search text is made from the
    same redacted copy): each redaction pass copies the message and scans every text in it
    once per known secret."""
    encode: Callable[..., str] = _dumps
    if (
        type(value) is dict
        and type(value.get("content")) is str
        and len(value["content"]) > ENCODE_SLICE_CHARACTERS
    ):
        encode = _dumps_giant_content
    try:
        return encode(value)
    except UnicodeEncodeError:
        return encode(value, ensure_ascii=True)
    except (TypeError, ValueError) as error:
        raise StoreWriteError(
            QT_TRANSLATE_NOOP(
                "Errors",
                "{what} could not be saved because it holds a value that is "
                "not plain JSON ({error}). Nothing was changed.",
            ).format(what=what, error=error)
        ) from None


def _query_words(text: str) -> list[str]:
    printable = "".join(character if character.isprintable() else " " for character in text)
    return printable.replace('"', " ").split()


def _fts_query(text: str) -> str | None:
    """A safe FTS5 query from user text: every word must occur; the last may be a prefix."""
    words = _query_words(text)
    if not words:
        return None
    quoted = [f'"{word}"' for word in words]
    if len(words[-1]) > 1:  # a one-letter start would match a large part of the vocabulary
        quoted[-1] += "*"
    return " ".join(quoted)


SNIPPET_CHARS = 160
# What FTS5's highlight() puts around each match it found in a piece: random, so no stored text
# holds them (a text may hold \x02 or \x03, which `marked_snippet` uses).
_FOUND_START = f"\x02{uuid.uuid4().hex}\x02"
_FOUND_END = f"\x03{uuid.uuid4().hex}\x03"


def found_spans(highlighted: str) -> tuple[str, list[tuple[int, int]]]:
    """The text of a piece from `highlight(…, _FOUND_START, _FOUND_END)` without the marks,
    and the (start, end) spans the index matched (a word, or an identifier's words together)."""
    text: list[str] = []
    spans: list[tuple[int, int]] = []
    length = 0
    for number, part in enumerate(highlighted.split(_FOUND_START)):
        if number == 0:
            found, after = "", part
        else:
            found, _, after = part.partition(_FOUND_END)
            spans.append((length, length + len(found)))
        text += [found, after]
        length += len(found) + len(after)
    return "".join(text), spans


def marked_snippet(text: str, spans: list[tuple[int, int]]) -> tuple[str, int | None]:
    """At most SNIPPET_CHARS characters of `text` around the rarest of the matched `spans` (the
    word that made this piece a match), cut between words, the spans in it between \\x02 and
    \\x03; and the number of the rarest one among the marked ones (None without spans).

    The match is always in it: it starts at most a third of the snippet before the match, ends
    at least at the match's end (a word longer than the snippet is shown from its start), and
    is cut at a space, else at another character ending a word (a giant line of code may have
    no space), else at an underscore, else inside a word. It reads only `text` (one indexed
    piece, at most SEARCH_CHUNK_CHARS long), so it costs the same whatever the message's size."""
    counts: dict[str, int] = {}
    for start, end in spans:
        word = text[start:end].casefold()
        counts[word] = counts.get(word, 0) + 1
    match_start, match_end = min(
        spans, key=lambda span: counts[text[span[0] : span[1]].casefold()], default=(0, 0)
    )
    match_end = min(match_end, match_start + SNIPPET_CHARS)
    start = max(0, match_start - min(SNIPPET_CHARS // 3, SNIPPET_CHARS - (match_end - match_start)))
    if start > 0:
        found = word_start(text, start, match_start)
        underscore = text.find("_", start, match_start)
        start = found if found >= 0 else underscore + 1 if underscore >= 0 else match_start
    end = min(len(text), start + SNIPPET_CHARS)
    if end < len(text):
        cut = max(text.rfind(character, match_end, end) for character in " \n\t")
        if cut < 0:
            cut = last_word_break(text, match_end, end)
        if cut < 0:
            cut = text.rfind("_", match_end, end)
        end = cut if cut >= 0 else end
    shown = [(max(a, start), min(b, end)) for a, b in spans if a < end and b > start]
    pieces = ["…" if start > 0 else ""]
    cursor = start
    for a, b in shown:
        pieces += [_unmarked(text[cursor:a]), _MATCH_START, _unmarked(text[a:b]), _MATCH_END]
        cursor = b
    pieces += [_unmarked(text[cursor:end]), "…" if end < len(text) else ""]
    match = next((number for number, (a, _) in enumerate(shown) if a == match_start), None)
    return "".join(pieces), match


def _unmarked(text: str) -> str:
    return text.replace(_MATCH_START, " ").replace(_MATCH_END, " ")


def _text_start(message: str, characters: int) -> str:
    """SQL for the first `characters` of the text of `message` (a query for one message
    row) read from its first search piece: `substr` of the text itself would read all of
    a 5 MB message from the file. A database whose search index has another layout (one
    opened read-only at schema 1) reads the text."""
    return f"""coalesce(
        (SELECT substr(text, 1, {characters}) FROM message_search
         WHERE rowid = (SELECT m.id {message}) << {CHUNK_BITS}),
        substr((SELECT m.text {message}), 1, {characters}), '')"""


class SessionStore:
    """All persistent session data in one SQLite file. Safe to share between threads."""

    def __init__(self, path: Path, *, migrations: Sequence[Migration] = MIGRATIONS) -> None:
        self.path = Path(path)
        self.read_only = False
        self.problem: str | None = None
        self.backup_path: Path | None = None
        self._migrations = tuple(sorted(migrations))
        self.flagged_notice: str | None = None
        """Set when opening flagged conversations holding unreadable data (a start-up notice)."""
        self._lock = threading.RLock()
        self._search_lock = threading.Lock()
        self._search_connection: sqlite3.Connection | None = None
        self._snapshot_dir: tempfile.TemporaryDirectory[str] | None = None
        self._upkeep: StoreUpkeep | None = None
        # Whether messages may wait in `messages_to_index` (appended, or left by a crash).
        self._queued_for_index = False
        # The connection short messages are appended on (see `_write`), opened by the first.
        self._short_appends: sqlite3.Connection | None = None
        foreign_tables = self._foreign_tables()
        if foreign_tables is not None:
            self._open_foreign(foreign_tables)
            return
        unwritable = self._unwritable_reason()
        if unwritable is not None:
            self._open_read_only(
                f"The session database {self.path} cannot be written ({unwritable}). It was "
                "opened read-only: every conversation can be read, nothing new is saved. Make "
                "the file and its folder writable, then restart the app."
            )
            return
        try:
            self._connection = self._connect(self.path)
            self._check_integrity()
            self._migrate()
            self._flag_unreadable_rows()
            self._start_upkeep()
        except sqlite3.DatabaseError as error:
            if _is_corruption(error):
                self._open_damaged(str(error))
            elif _disk_is_full(self.path.parent, error):
                self._open_read_only(
                    f"The session database {self.path} could not be opened for writing: the "
                    "disk holding it is full. It was opened read-only: every conversation can be "
                    "read, nothing new is saved. Free some space, then restart the app."
                )
            else:
                self._open_read_only(
                    f"The session database {self.path} could not be opened for writing ({error}). "
                    "It was opened read-only; close other copies of the app or check the file's "
                    "permissions, then restart."
                )
        except (MigrationError, StoreWriteError) as error:
            self._open_read_only(str(error))

    # ------------------------------------------------------------------ opening

    def _foreign_tables(self) -> list[str] | None:
        """The tables of the SQLite database at `path` when another program made it, else None.

        Ours holds every table of schema 1; an empty file or database is ours to fill. Only
        read (without writing a byte, not even the header's journal mode): a file that is not
        SQLite at all, or that SQLite cannot read, goes the damaged database's way.
        """
        wal = Path(f"{self.path}-wal")
        try:
            with self.path.open("rb") as file:
                if file.read(len(_SQLITE_HEADER)) != _SQLITE_HEADER:
                    return None
            # `immutable` reads the file alone, leaving no -wal or -shm file beside it; only
            # when a write-ahead log is there (its tables may still be in it) is it read too.
            reading = "mode=ro" if wal.is_file() and wal.stat().st_size else "immutable=1"
            connection = sqlite3.connect(f"{self.path.absolute().as_uri()}?{reading}", uri=True)
        except (OSError, sqlite3.DatabaseError):
            return None
        try:
            tables = [
                row[0]
                for row in connection.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
                )
            ]
        except sqlite3.DatabaseError:
            return None
        finally:
            connection.close()
        if not tables or _OUR_TABLES.issubset(tables):
            return None
        return tables

    def _open_foreign(self, tables: list[str]) -> None:
        """Leave another program's database as it is and run with an empty history.

        Not a fresh store beside it: chats saved there would vanish from view once the file
        is moved away (a fresh database is then made at the usual place), which would look
        like losing them."""
        shown = ", ".join(tables[:_FOREIGN_TABLES_SHOWN])
        hidden = len(tables) - _FOREIGN_TABLES_SHOWN
        more = f" and {hidden} more" if hidden > 0 else ""
        self.read_only = True
        self.problem = (
            f"{self.path} is not an Agent Desktop session database (it holds another program's "
            f"tables: {shown}{more}), so it was left exactly as it is: nothing is written to it. "
            "Until it is moved, no chat can be started or saved. Start the app with another "
            "data folder (--data-dir), or move that file elsewhere and start it again; a new "
            "database is then made in its place."
        )
        self._open_empty()

    def _unwritable_reason(self) -> str | None:
        """Why the database cannot be written (a read-only file, folder or disk), or None."""
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            return f"its folder cannot be created: {error.strerror or error}"
        if self.path.exists() and not os.access(self.path, os.W_OK):
            return "the file is read-only"
        # SQLite writes its journal files beside the database.
        if not os.access(folder, os.W_OK | os.X_OK):
            return f"the folder {folder} is read-only"
        return None

    @staticmethod
    def _connect(
        path: Path, *, read_only: bool = False, keep_statements: bool = False
    ) -> sqlite3.Connection:
        if read_only:
            connection = sqlite3.connect(
                f"{path.absolute().as_uri()}?mode=ro",
                uri=True,
                isolation_level=None,
                check_same_thread=False,
            )
            connection.text_factory = _decode_text
            connection.execute("PRAGMA query_only = ON")
            return connection
        # No statement cache on the writing connection: a cached statement keeps a copy of the
        # values last bound to it until it runs again, and a giant answer's JSON (its draft,
        # its commit) stayed resident that way, megabytes per statement that wrote one. Only
        # `keep_statements`, for the connection that binds short messages alone, has one.
        connection = sqlite3.connect(
            path,
            isolation_level=None,
            check_same_thread=False,
            timeout=10.0,
            cached_statements=_SHORT_APPEND_STATEMENTS if keep_statements else 0,
        )
        connection.text_factory = _decode_text
        connection.execute("PRAGMA journal_mode = WAL")
        # WAL with NORMAL sync survives a killed process; only power loss may drop the last
        # commits, never corrupt the file.
        connection.execute("PRAGMA synchronous = NORMAL")
        connection.execute("PRAGMA foreign_keys = ON")
        return connection

    def _start_upkeep(self) -> None:
        """Checkpoints and index merges move off the commits to `StoreUpkeep`'s thread (see
        store_upkeep.py): a commit no longer copies the log into the file or rewrites index
        segments while an answer waits to be saved. The index settings are stored in each
        index, so they are set here, each time, for databases made before them."""
        self._connection.execute("PRAGMA wal_autocheckpoint = 0")
        unset = [
            (index, key, value)
            for index in _SEARCH_INDEXES
            for key, value in INDEX_SETTINGS.items()
            if self._connection.execute(
                f"SELECT 1 FROM {index}_config WHERE k = ? AND v = ?", (key, value)
            ).fetchone()
            is None
        ]
        if unset:
            with self._write("the search index settings") as connection:
                for index, key, value in unset:
                    connection.execute(
                        f"INSERT INTO {index}({index}, rank) VALUES (?, ?)", (key, value)
                    )
        self._queued_for_index = (
            self._connection.execute("SELECT 1 FROM messages_to_index LIMIT 1").fetchone()
            is not None
        )
        self._upkeep = StoreUpkeep(
            self.path,
            self._lock,
            _SEARCH_INDEXES,
            connect=self._connect,
            index_step=self._index_queued_step,
        )

    def _check_integrity(self) -> None:
        result = self._connection.execute("PRAGMA quick_check(1)").fetchone()
        if result is None or result[0] != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {result[0] if result else '?'}")

    def _schema_version(self) -> int:
        has_table = self._connection.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
        ).fetchone()
        if not has_table:
            return 0
        row = self._connection.execute("SELECT max(version) FROM schema_version").fetchone()
        return int(row[0] or 0)

    @property
    def schema_version(self) -> int:
        with self._lock:
            return self._schema_version()

    def _migrate(self) -> None:
        current = self._schema_version()
        latest = self._migrations[-1][0] if self._migrations else 0
        if current > latest:
            raise MigrationError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "The session database {path} was written by a newer version "
                    "of the app (schema {current}; this version knows up to "
                    "{latest}). It was opened read-only so nothing is lost; "
                    "update the app to edit it.",
                ).format(path=self.path, current=current, latest=latest)
            )
        pending = [(version, step) for version, step in self._migrations if version > current]
        if not pending:
            return
        if current > 0:
            self.backup_path = self._copy_database(f"v{current}")
        for version, step in pending:
            connection = self._connection
            try:
                connection.execute("BEGIN IMMEDIATE")
                if version == pending[0][0] and current == 0:
                    connection.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
                step(connection)
                connection.execute("INSERT INTO schema_version(version) VALUES (?)", (version,))
                connection.execute("COMMIT")
            except sqlite3.Error as error:
                connection.execute("ROLLBACK")
                kept = (
                    " "
                    + QT_TRANSLATE_NOOP("Errors", "A copy was kept as {name}.").format(
                        name=self.backup_path.name
                    )
                    if self.backup_path
                    else ""
                )
                raise MigrationError(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "Upgrading the session database {path} to schema {version} "
                        "failed ({error}). It was left at schema {schema_version} and "
                        "opened read-only.{kept}",
                    ).format(
                        path=self.path,
                        version=version,
                        error=error,
                        schema_version=self._schema_version(),
                        kept=kept,
                    )
                ) from error

    def _copy_database(self, label: str) -> Path:
        """A consistent copy (WAL content included) beside the database file.

        One copy per label: a migration interrupted and retried replaces its own earlier copy
        (the database is still at the same version, so the copies are equal) instead of adding
        another. The copy is written under a temporary name and renamed when complete.
        """
        target = self.path.with_name(f"{self.path.name}.{label}.bak")
        partial = target.with_name(f"{target.name}.partial")
        partial.unlink(missing_ok=True)
        copy = sqlite3.connect(partial)
        try:
            self._connection.backup(copy)
        finally:
            copy.close()
        os.replace(partial, target)
        return target

    def _open_damaged(self, reason: str) -> None:
        self._close_connection()
        try:
            self.backup_path = back_up_file(self.path, "damaged")
            wal = Path(f"{self.path}-wal")
            if wal.exists():
                shutil.copy2(wal, Path(f"{self.backup_path}-wal"))
            kept = f"a copy was saved as {self.backup_path.name}"
        except OSError as error:
            kept = f"no copy could be made ({error.strerror or error}); the file was left as it is"
        self._open_read_only(
            f"The session database {self.path} is damaged ({reason}). It was opened read-only "
            f"so nothing more can be lost, and {kept}. "
            "Conversations that can still be read are shown. To start over with an empty "
            f"history, quit the app and move {self.path.name} to another folder; a fresh one "
            "is created on the next start."
        )

    def _open_read_only(self, problem: str) -> None:
        """Open for reading only; every readable conversation stays visible.

        A WAL database on a read-only folder cannot be read in place (SQLite needs to create
        its shared-memory file), so a private copy in a temporary folder is read instead. Only
        when nothing is readable does an empty in-memory database keep the app usable.
        """
        self._close_connection()
        self.read_only = True
        self.problem = problem
        for open_copy in (self._connect_read_only, self._connect_snapshot):
            try:
                self._connection = open_copy()
                self._connection.execute("SELECT count(*) FROM sessions").fetchone()
                return
            except (sqlite3.DatabaseError, OSError) as error:
                logger.warning("Reading %s with %s failed: %s", self.path, open_copy, error)
                self._close_connection()
        self._open_empty()

    def _open_empty(self) -> None:
        """An empty read-only database in memory, so listings and searches answer nothing."""
        self._connection = sqlite3.connect(
            ":memory:", isolation_level=None, check_same_thread=False
        )
        for _version, step in self._migrations:
            step(self._connection)
        self._connection.execute("PRAGMA query_only = ON")

    def _connect_read_only(self) -> sqlite3.Connection:
        return self._connect(self.path, read_only=True)

    def _connect_snapshot(self) -> sqlite3.Connection:
        """A read-only connection to a private copy of the database (and its WAL)."""
        self._snapshot_dir = tempfile.TemporaryDirectory(prefix="agent-desktop-readonly-")
        copy = Path(self._snapshot_dir.name) / self.path.name
        shutil.copyfile(self.path, copy)
        wal = Path(f"{self.path}-wal")
        if wal.exists():
            shutil.copyfile(wal, Path(f"{copy}-wal"))
        connection = sqlite3.connect(copy, isolation_level=None, check_same_thread=False)
        connection.text_factory = _decode_text
        connection.execute("PRAGMA query_only = ON")
        return connection

    def _close_connection(self) -> None:
        with self._search_lock:
            if self._search_connection is not None:
                self._search_connection.close()
                self._search_connection = None
        connection = getattr(self, "_connection", None)
        if connection is not None:
            connection.close()
            self._connection = None  # type: ignore[assignment]
        if self._short_appends is not None:
            self._short_appends.close()
            self._short_appends = None
        if self._snapshot_dir is not None:
            self._snapshot_dir.cleanup()
            self._snapshot_dir = None

    def start_fresh(self) -> Path:
        """Move a damaged database aside and start an empty one. Returns where the old file went."""
        with self._lock:
            if not self.read_only:
                raise StoreError(
                    QT_TRANSLATE_NOOP(
                        "Errors", "The session database is healthy; there is nothing to replace."
                    )
                )
            self._close_connection()
            stamp = time.strftime("%Y%m%d-%H%M%S")
            kept = self.path.with_name(f"{self.path.name}.replaced-{stamp}")
            for suffix in ("", "-wal", "-shm"):
                source = Path(f"{self.path}{suffix}")
                if source.exists():
                    source.rename(Path(f"{kept}{suffix}"))
            self.read_only = False
            self.problem = None
            self._connection = self._connect(self.path)
            self._migrate()
            self._start_upkeep()
            return kept

    def _flag_unreadable_rows(self) -> None:
        """Flag conversations holding rows that are not JSON or not valid UTF-8 text."""
        self._connection.create_function("is_valid_utf8", 1, _is_valid_utf8, deterministic=True)
        with self._write("the marks on damaged conversations") as connection:
            flagged = connection.execute(
                """UPDATE sessions SET flagged = 'Some stored data of this conversation could not '
                       || 'be read; the damaged parts are shown as placeholders and kept unchanged.'
                   WHERE flagged IS NULL AND (
                       (CASE WHEN json_valid(metadata) THEN json_type(metadata) END)
                           IS NOT 'object'
                       OR NOT is_valid_utf8(CAST(metadata AS BLOB))
                       OR NOT is_valid_utf8(CAST(title AS BLOB)) OR session_id IN (
                       SELECT DISTINCT session_id FROM messages WHERE NOT json_valid(body)
                           OR NOT is_valid_utf8(CAST(body AS BLOB))))"""
            ).rowcount
        if flagged:
            self.flagged_notice = (
                f"{flagged} conversation(s) in {self.path} hold data that could not be read. "
                "They are listed and marked; the damaged parts are shown as placeholders and "
                "the stored data is kept unchanged."
            )

    def close(self) -> None:
        """Close the database; the write-ahead log is folded into the main file first."""
        # Before taking the lock: a merge step of the upkeep may be waiting for it.
        if self._upkeep is not None:
            self._upkeep.close()
            self._upkeep = None
        with self._lock:
            if self._connection is not None and not self.read_only:
                self._connection.execute("PRAGMA optimize")
                # Busy readers elsewhere just leave the log for the next checkpoint.
                self._connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._close_connection()

    # ------------------------------------------------------------------ writing

    @contextmanager
    def _write(
        self, what: str = "the change", *, short_append: bool = False
    ) -> Iterator[sqlite3.Connection]:
        """One write transaction. On failure everything in it is rolled back. The messages
        queued for the search index are indexed in it, but in the append of a short message
        (`short_append`), which leaves them queued and runs on a connection of its own that
        keeps its statements prepared: parsing them anew was half of SQLite's time in a tool
        round's commits, and no value bound there is big enough to matter kept."""
        with self._lock:
            if self.read_only:
                raise StoreReadOnlyError(
                    QT_TRANSLATE_NOOP("Errors", "Could not save {what}: {reason}").format(
                        what=what,
                        reason=self.problem
                        or QT_TRANSLATE_NOOP("Errors", "the database is read-only."),
                    )
                )
            connection = self._short_append_connection() if short_append else self._connection
            try:
                connection.execute("BEGIN IMMEDIATE")
                if not short_append and self._queued_for_index:
                    # Before the change: rewriting a queued message (an edit, a version switch,
                    # a chat saved whole) queues it again, and an upsert's conflict policy
                    # overrides the queue trigger's OR IGNORE, so it failed as a duplicate.
                    _index_queued_messages(connection)
                yield connection
                if not short_append:
                    _index_queued_messages(connection)
                connection.execute("COMMIT")
                if not short_append:
                    self._queued_for_index = False
                if self._upkeep is not None:
                    self._upkeep.wrote()
            except sqlite3.Error as error:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise StoreWriteError(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "Could not save {what}: {reason} The previous version is kept unchanged.",
                    ).format(what=what, reason=_explain_write_error(error))
                ) from error
            except BaseException:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise

    def _short_append_connection(self) -> sqlite3.Connection:
        """The connection short messages are appended on (see `_write`); the write lock held."""
        if self._short_appends is None:
            self._short_appends = self._connect(self.path, keep_statements=True)
        return self._short_appends

    def create_session(
        self,
        session_id: str,
        *,
        title: str = "",
        agent_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        hidden: bool = False,
    ) -> None:
        """Create an empty session; `hidden` creates it deleted (see `restore_session`), for
        content that must appear whole or not at all."""
        now = time.time()
        stored = _encode_json(_storable_metadata(metadata or {}), "The session metadata")
        title = redact(title)
        with self._write("the new conversation") as connection:
            connection.execute(
                """INSERT INTO sessions(session_id, title, agent_id, metadata, created_at,
                   updated_at, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?)""",
                (session_id, title, agent_id, stored, now, now, now if hidden else None),
            )

    def save_session(self, session: Session, *, expected_message_count: int | None = None) -> None:
        """Write the whole session (created if new) in one transaction.

        Only rows that changed are rewritten. A session loaded with a `limit` carries
        `metadata["message_offset"]`; rows before that offset are left untouched. Damaged
        placeholders (metadata `damaged`) are never written, so the original rows stay.
        With `expected_message_count`, the save is refused (StoreConflictError) when the stored
        session meanwhile has a different number of messages, so nothing appended is lost.
        """
        metadata = session.metadata
        offset = int(metadata.get(OFFSET_KEY) or 0)
        title = redact(str(metadata.get(TITLE_KEY) or ""))
        agent_id = metadata.get(AGENT_ID_KEY)
        stored_metadata = _encode_json(_storable_metadata(metadata), "The session metadata")

        def rows() -> Iterator[tuple[str, int, str, str, str]]:
            # Made one at a time as they are written: a 50,000-message chat never holds a
            # second encoded copy, nor gives the cyclic collector 50,000 rows to walk.
            for index, message in enumerate(session.messages):
                data = redact_data(message.to_dict())
                if (data.get("metadata") or {}).get(DAMAGED_KEY):
                    continue
                body = _encode_redacted(data, f"Message {offset + index + 1}")
                yield (session.session_id, offset + index, message.role, body, message_text(data))

        now = time.time()
        label = f"the conversation {title!r}" if title else "the conversation"
        with self._write(label) as connection:
            if expected_message_count is not None:
                stored = connection.execute(
                    "SELECT count(*) FROM messages WHERE session_id = ?", (session.session_id,)
                ).fetchone()[0]
                if stored != expected_message_count:
                    raise StoreConflictError(
                        QT_TRANSLATE_NOOP(
                            "Errors",
                            "Could not save {label}: it changed while this change was "
                            "being made ({stored} messages stored, "
                            "{expected_message_count} expected). Nothing was overwritten; "
                            "try again.",
                        ).format(
                            label=label,
                            stored=stored,
                            expected_message_count=expected_message_count,
                        )
                    )
            connection.execute(
                """INSERT INTO sessions(session_id, title, agent_id, metadata, created_at,
                       updated_at) VALUES (?, ?, ?, ?, ?, ?)
                   ON CONFLICT(session_id) DO UPDATE SET title = excluded.title,
                       agent_id = excluded.agent_id, metadata = excluded.metadata,
                       updated_at = excluded.updated_at""",
                (session.session_id, title, agent_id, stored_metadata, now, now),
            )
            connection.executemany(
                f"""INSERT INTO messages(session_id, position, role, body, text, created_at)
                    VALUES (?, ?, ?, ?, ?, {now})
                    ON CONFLICT(session_id, position) DO UPDATE SET role = excluded.role,
                        body = excluded.body, text = excluded.text
                    WHERE messages.body IS NOT excluded.body""",
                rows(),
            )
            connection.execute(
                "DELETE FROM messages WHERE session_id = ? AND position >= ?",
                (session.session_id, offset + len(session.messages)),
            )

    def append_message(
        self,
        session_id: str,
        message: dict[str, Any],
        *,
        answers_task_of: tuple[int, int] | None = None,
        clear_draft: bool = False,
    ) -> int:
        """Commit one finished message at the end of the session; returns its index. With
        `answers_task_of` (a tool call's key), the task kept for that call (`keep_tool_task`) is
        let go in the same transaction: the message is its result, or the note that it runs
        on. With `clear_draft`, the session's streaming checkpoint goes in the same transaction
        (the message is the answer it stood for): one commit instead of two, and no moment when
        both or neither are stored."""
        try:
            Message.check_dict(message)
        except (TypeError, KeyError) as error:
            raise StoreWriteError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "The message could not be saved: it is not a valid message "
                    "({error}). Nothing was changed.",
                ).format(error=error)
            ) from None
        message = redact_data(message)
        body = _encode_redacted(message, "The message")
        text = message_text(message)
        short = len(body) <= SHORT_MESSAGE_CHARS
        with self._write("the message", short_append=short) as connection:
            row = connection.execute(
                "SELECT (SELECT max(position) FROM messages WHERE session_id = ?), "
                "(SELECT 1 FROM sessions WHERE session_id = ?)",
                (session_id, session_id),
            ).fetchone()
            if row[1] is None:
                raise SessionNotFoundError(_not_found(session_id))
            position = 0 if row[0] is None else row[0] + 1
            now = time.time()
            connection.execute(
                """INSERT INTO messages(session_id, position, role, body, text, created_at)
                   VALUES (?, ?, ?, ?, ?, ?)""",
                (session_id, position, message["role"], body, text, now),
            )
            connection.execute(
                "UPDATE sessions SET updated_at = ? WHERE session_id = ?", (now, session_id)
            )
            if answers_task_of is not None:
                connection.execute(
                    "DELETE FROM tool_tasks WHERE session_id = ? AND call_key = ?",
                    (session_id, json.dumps(list(answers_task_of))),
                )
            if clear_draft:
                connection.execute("DELETE FROM drafts WHERE session_id = ?", (session_id,))
            self._queued_for_index = self._queued_for_index or short
        return position

    def index_queued(self) -> None:
        """Index every message still queued for search (see the module docstring): a search
        calls this first, so it finds every message stored. Nothing to do costs nothing."""
        if self._queued_for_index and not self.read_only:
            with self._write("the search index"):
                pass  # the write indexes the queue before it commits

    def _index_queued_step(self, connection: sqlite3.Connection) -> bool:
        """One step of the upkeep's indexing, in the upkeep's transaction on `connection` (the
        write lock held): about `SHORT_MESSAGE_CHARS` characters of the queued messages. True
        when none is left."""
        done = _index_queued_messages(connection, at_most=SHORT_MESSAGE_CHARS)
        if done:
            self._queued_for_index = False
        return done

    def keep_tool_task(
        self, session_id: str, call_key: tuple[int, int], note: dict[str, Any]
    ) -> None:
        """Keep, durably and at once, that the tool call `call_key` of the chat runs as a task
        on its server: `note` is the tool result message that stands for it if the app ends
        before the call does (its metadata holds the task's handle). A crash loses no task id:
        the next start (`recover_tool_tasks`) stores the note as the call's result."""
        body = _encode_json(note, "The running task")
        with self._write("the running task") as connection:
            connection.execute(
                """INSERT OR REPLACE INTO tool_tasks(session_id, call_key, body, created_at)
                   VALUES (?, ?, ?, ?)""",
                (session_id, json.dumps(list(call_key)), body, time.time()),
            )

    def recover_tool_tasks(self) -> int:
        """Store the note of each tool call a crash cut off while it ran as a task (kept by
        `keep_tool_task`, never answered) as the call's result, at the end of its chat where
        the result would have come; returns how many. Call only when no request runs (at
        start-up): the task is then followed again like one the app quit during."""
        with self._write("the running tasks") as connection:
            kept = connection.execute(
                "SELECT session_id, body FROM tool_tasks ORDER BY created_at"
            ).fetchall()
            now = time.time()
            for session_id, body in kept:
                note = json.loads(body)
                connection.execute(
                    """INSERT INTO messages(session_id, position, role, body, text, created_at)
                       VALUES (?, (SELECT coalesce(max(position) + 1, 0) FROM messages
                           WHERE session_id = ?), 'tool', ?, ?, ?)""",
                    (session_id, session_id, body, message_text(note), now),
                )
            connection.execute("DELETE FROM tool_tasks")
        return len(kept)

    def replace_message(self, session_id: str, position: int, message: dict[str, Any]) -> None:
        """Write `message` over the stored message at `position` (a tool result that arrived
        after a restart in place of the note that it was still running)."""
        message = redact_data(message)
        body = _encode_redacted(message, f"Message {position + 1}")
        with self._write("the message") as connection:
            changed = connection.execute(
                "UPDATE messages SET role = ?, body = ?, text = ? "
                "WHERE session_id = ? AND position = ?",
                (message["role"], body, message_text(message), session_id, position),
            ).rowcount
            if not changed:
                raise SessionNotFoundError(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "Message {number} of the conversation is no longer stored (the "
                        "message or its conversation was deleted); nothing was "
                        "written.",
                    ).format(number=position + 1)
                )

    def running_tool_tasks(self) -> list[dict[str, Any]]:
        """The tool results that stand for a task still running on its server (metadata `task`
        with state `running`), across the conversations not deleted, newest chat first:
        ``{"session_id", "title", "message_index", "task"}``."""
        rows = self._read(
            """SELECT m.session_id, s.title, m.position,
                   json_extract(m.body, '$.metadata.task') AS task
               FROM messages AS m JOIN sessions AS s ON s.session_id = m.session_id
               WHERE m.role = 'tool' AND s.deleted_at IS NULL AND json_valid(m.body)
                   AND json_extract(m.body, '$.metadata.task.state') = 'running'
               ORDER BY s.updated_at DESC, m.position"""
        )
        return [
            {
                "session_id": row["session_id"],
                "title": row["title"] or "",
                "message_index": row["position"],
                "task": json.loads(row["task"]),  # json_extract gave an object's JSON
            }
            for row in rows
        ]

    def save_draft(self, session_id: str, partial_message: dict[str, Any]) -> None:
        """Checkpoint the streaming partial of a session (replaces the previous checkpoint)."""
        body = _encode_json(partial_message, "The partial answer")
        with self._write("the partial answer") as connection:
            connection.execute(
                """INSERT INTO drafts(session_id, body, updated_at) VALUES (?, ?, ?)
                   ON CONFLICT(session_id) DO UPDATE SET body = excluded.body,
                       updated_at = excluded.updated_at""",
                (session_id, body, time.time()),
            )

    def clear_draft(self, session_id: str) -> None:
        with self._write("the partial answer") as connection:
            connection.execute("DELETE FROM drafts WHERE session_id = ?", (session_id,))

    def recover_drafts(self) -> DraftRecovery:
        """Turn partial answers left by a crash into messages.

        Call only when no request is running (at start-up). Each non-empty draft becomes an
        assistant message at the end of its session, marked `incomplete` and `recovered`. A
        draft that cannot be read (not JSON, metadata that is not an object, ...) is never
        guessed at: its stored bytes are copied unchanged into the set-aside folder beside the
        database and the row removed, so start-up goes on and the next start does not say it
        again. When no copy can be made the row stays where it is.
        """
        recovered: list[str] = []
        unreadable: list[tuple[str, bytes, str, str]] = []
        with self._write("the recovered partial answers") as connection:
            drafts = connection.execute(
                """SELECT drafts.session_id, CAST(drafts.body AS BLOB), sessions.title
                   FROM drafts LEFT JOIN sessions USING (session_id)"""
            ).fetchall()
            for session_id, body, title in drafts:
                try:
                    message = _recovered_message(body)
                except ValueError as error:
                    unreadable.append((session_id, body, str(error), title or ""))
                    continue
                if message is not None:
                    encoded, text = message
                    connection.execute(
                        """INSERT INTO messages(session_id, position, role, body, text, created_at)
                           VALUES (?, (SELECT coalesce(max(position) + 1, 0) FROM messages
                               WHERE session_id = ?), 'assistant', ?, ?, ?)""",
                        (session_id, session_id, encoded, text, time.time()),
                    )
                    recovered.append(session_id)
                connection.execute("DELETE FROM drafts WHERE session_id = ?", (session_id,))
            notice = self._set_aside_drafts(connection, unreadable)
        return DraftRecovery(recovered, self.set_aside_folder, notice)

    @property
    def set_aside_folder(self) -> Path:
        """Where stored data the app cannot read is kept, unchanged, for the user to inspect."""
        return self.path.parent / SET_ASIDE_FOLDER_NAME

    def _set_aside_drafts(
        self, connection: sqlite3.Connection, unreadable: list[tuple[str, bytes, str, str]]
    ) -> str | None:
        """Copy each unreadable draft's bytes into the set-aside folder and remove its row
        (inside the caller's transaction); returns the notice saying what went where."""
        if not unreadable:
            return None
        folder = self.set_aside_folder
        kept: list[str] = []
        left: list[str] = []
        failure = ""
        for session_id, body, reason, title in unreadable:
            try:
                copy = unused_name(folder, f"draft-{_file_name_part(session_id)}", ".json")
                write_atomically(copy, body)
            except OSError as error:
                left.append(reason)
                failure = str(error.strerror or error)
                continue
            connection.execute("DELETE FROM drafts WHERE session_id = ?", (session_id,))
            # A person knows a chat by its title; the file name alone is an id.
            chat = f"of “{title}” " if title else ""
            kept.append(f"the one {chat}as {copy.name} ({reason})")
        sentences = []
        if kept:
            shown = "; ".join(kept[:_SET_ASIDE_NAMES_SHOWN])
            more = len(kept) - _SET_ASIDE_NAMES_SHOWN
            sentences.append(
                f"{_partial_answers(len(kept))} left when the app last stopped could not be read "
                f"and {'was' if len(kept) == 1 else 'were'} set aside, unchanged, in {folder}: "
                f"{shown}{f'; and {more} more' if more > 0 else ''}."
            )
        if left:
            sentences.append(
                f"{_partial_answers(len(left))} left when the app last stopped could not be "
                f"read ({left[0]}) and no copy could be made in {folder} ({failure}), so "
                f"{'it was' if len(left) == 1 else 'they were'} left in the database, unchanged."
            )
        return " ".join(sentences)

    def rename_session(self, session_id: str, title: str) -> None:
        title = redact(title)
        with self._write("the new title") as connection:
            cursor = connection.execute(
                "UPDATE sessions SET title = ?, updated_at = ? WHERE session_id = ?",
                (title, time.time(), session_id),
            )
            if cursor.rowcount == 0:
                raise SessionNotFoundError(_not_found(session_id))

    def delete_session(self, session_id: str) -> None:
        """Hide the session (undo with `restore_session`); `purge_deleted` removes it for good."""
        self._set_deleted(session_id, time.time())

    def restore_session(self, session_id: str) -> None:
        self._set_deleted(session_id, None)

    def _set_deleted(self, session_id: str, deleted_at: float | None) -> None:
        with self._write("the deletion") as connection:
            cursor = connection.execute(
                "UPDATE sessions SET deleted_at = ? WHERE session_id = ?", (deleted_at, session_id)
            )
            if cursor.rowcount == 0:
                raise SessionNotFoundError(_not_found(session_id))

    def purge_session(self, session_id: str) -> None:
        """Remove one session for good (no undo); its messages, draft and asset rows go too."""
        with self._write("the removal of the conversation") as connection:
            connection.execute("DELETE FROM sessions WHERE session_id = ?", (session_id,))

    def purge_deleted(self, deleted_before: float | None = None) -> list[str]:
        """Remove sessions deleted before `deleted_before` (default: all); returns their ids.

        Their messages, drafts and asset rows go with them (foreign keys cascade); the caller
        removes asset blobs no longer referenced.
        """
        cutoff = time.time() + 1 if deleted_before is None else deleted_before
        with self._write("the removal of deleted conversations") as connection:
            purged = [
                row[0]
                for row in connection.execute(
                    "SELECT session_id FROM sessions WHERE deleted_at IS NOT NULL "
                    "AND deleted_at < ?",
                    (cutoff,),
                )
            ]
            connection.executemany(
                "DELETE FROM sessions WHERE session_id = ?", [(item,) for item in purged]
            )
        return purged

    # ------------------------------------------------------------------ reading

    def _read(self, sql: str, parameters: Sequence[Any] | dict[str, Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._fetch_all(self._connection, sql, parameters)

    def _fetch_all(
        self, connection: sqlite3.Connection, sql: str, parameters: Sequence[Any] | dict[str, Any]
    ) -> list[sqlite3.Row]:
        try:
            cursor = connection.execute(sql, parameters)
            cursor.row_factory = sqlite3.Row
            return cursor.fetchall()
        except sqlite3.DatabaseError as error:
            if not _is_corruption(error):
                raise
            raise StoreError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "Part of the session database {path} is damaged and could not "
                    "be read ({error}). Restart the app: it keeps a copy of the "
                    "file and opens what can still be read.",
                ).format(path=self.path, error=error)
            ) from error

    def session_exists(self, session_id: str, *, include_deleted: bool = False) -> bool:
        condition = "" if include_deleted else " AND deleted_at IS NULL"
        return bool(
            self._read(f"SELECT 1 FROM sessions WHERE session_id = ?{condition}", (session_id,))
        )

    def titles_of(self, session_ids: Sequence[str]) -> dict[str, str]:
        """The title of each of `session_ids` that exists and is not deleted."""
        if not session_ids:
            return {}
        marks = ", ".join("?" for _ in session_ids)
        rows = self._read(
            f"SELECT session_id, title FROM sessions WHERE session_id IN ({marks})"
            " AND deleted_at IS NULL",
            list(session_ids),
        )
        return {row[0]: row[1] for row in rows}

    def message_count(self, session_id: str) -> int:
        return int(
            self._read("SELECT count(*) FROM messages WHERE session_id = ?", (session_id,))[0][0]
        )

    def largest_message_bytes(self, session_id: str, *, newest: int | None = None) -> int:
        """Size of the biggest stored message of the session (of its `newest` messages): read
        from the rows' headers, not their contents, so it is cheap whatever their size."""
        with self._lock:
            rows = self._read(
                "SELECT id FROM messages WHERE session_id = ? ORDER BY position DESC LIMIT ?",
                (session_id, -1 if newest is None else newest),
            )
            largest = 0
            for row in rows:
                try:
                    body = self._connection.blobopen("messages", "body", row["id"], readonly=True)
                    with body:
                        largest = max(largest, len(body))
                except sqlite3.DatabaseError as error:  # loading it reports what is damaged
                    logger.warning("could not read the size of a stored message: %s", error)
        return largest

    def load_session(self, session_id: str, *, limit: int | None = None) -> Session:
        """The session with all messages, or only the newest `limit` of them.

        With a limit, `metadata["message_offset"]` is the index of the first message returned.
        """
        with self._lock:
            found = self._read(
                "SELECT title, agent_id, metadata, flagged FROM sessions WHERE session_id = ?",
                (session_id,),
            )
            if not found:
                raise SessionNotFoundError(_not_found(session_id))
            if limit is None:
                rows = self._read(_message_query("session_id = ?"), (session_id,))
            else:
                rows = self._read(
                    _message_query("session_id = ? ORDER BY position DESC LIMIT ?"),
                    (session_id, max(limit, 0)),
                )
        head = found[0]
        metadata, damaged_metadata = _decode_metadata(head["metadata"])
        messages = []
        damaged = damaged_metadata
        for row in rows:
            message = _decode_message(row)
            damaged = damaged or bool((message.metadata or {}).get(DAMAGED_KEY))
            messages.append(message)
        metadata[TITLE_KEY] = head["title"]
        metadata[AGENT_ID_KEY] = head["agent_id"]
        if limit is not None:
            metadata[OFFSET_KEY] = rows[0]["position"] if rows else self.message_count(session_id)
        flagged = head["flagged"]
        if damaged and not flagged:
            flagged = "Some stored data of this conversation could not be read."
        if flagged:
            metadata[FLAGGED_KEY] = flagged
        return Session(session_id=session_id, messages=messages, metadata=metadata)

    def load_messages(self, session_id: str, start: int, end: int) -> list[Message]:
        """Messages with index in [start, end), for paging older history into view."""
        rows = self._read(
            _message_query("session_id = ? AND position >= ? AND position < ?"),
            (session_id, start, end),
        )
        return [_decode_message(row) for row in rows]

    def load_draft(self, session_id: str) -> dict[str, Any] | None:
        rows = self._read("SELECT body FROM drafts WHERE session_id = ?", (session_id,))
        if not rows:
            return None
        try:
            draft = json.loads(rows[0]["body"])
        except json.JSONDecodeError:
            return None
        return draft if isinstance(draft, dict) else None

    _FIRST_QUESTION = """FROM messages m WHERE m.session_id = s.session_id AND m.role = 'user'
        ORDER BY m.position LIMIT 1"""
    _LAST_MESSAGE = """FROM messages m WHERE m.session_id = s.session_id
        ORDER BY m.position DESC LIMIT 1"""
    _LISTING_COLUMNS = f"""
        s.session_id, s.agent_id, s.created_at, s.updated_at, s.flagged,
        CASE WHEN s.title != '' THEN s.title
            ELSE {_text_start(_FIRST_QUESTION, 80)} END AS title,
        -- Positions run 0..n-1 (every writer keeps them so): one index lookup, where count(*)
        -- walked a 50,000-message chat's index (2-6 ms, 180 cold) at every list refresh.
        coalesce((SELECT max(m.position) + 1 FROM messages m
            WHERE m.session_id = s.session_id), 0) AS message_count,
        {_text_start(_LAST_MESSAGE, _PREVIEW_CHARACTERS)} AS preview"""

    # Sessions with a message or title matching :query.
    _MATCHES = f"""
        WITH matches AS (
            SELECT m.session_id FROM message_search
            JOIN messages m ON m.id = message_search.rowid >> {CHUNK_BITS}
            WHERE message_search MATCH :query
            UNION SELECT s.session_id FROM title_search JOIN sessions s ON s.id = title_search.rowid
            WHERE title_search MATCH :query
        )"""

    def list_sessions(
        self, query: str | None = None, limit: int = 50, offset: int = 0
    ) -> list[dict[str, Any]]:
        """Sessions newest first; with `query`, only those whose title or messages match it."""
        parameters: dict[str, Any] = {"limit": limit, "offset": offset}
        prefix = join = ""
        if query and query.strip():
            fts = _fts_query(query)
            if fts is None:
                return []
            parameters["query"] = fts
            prefix = self._MATCHES
            self.index_queued()
            join = "JOIN matches USING (session_id)"
        # On the reading connection: the list is drawn on the GUI thread, and must not wait
        # while another thread writes (and indexes) a 5 MB answer.
        with self._reading() as connection:
            rows = self._fetch_all(
                connection,
                f"""{prefix} SELECT {self._LISTING_COLUMNS} FROM sessions s {join}
                    WHERE s.deleted_at IS NULL ORDER BY s.updated_at DESC
                    LIMIT :limit OFFSET :offset""",
                parameters,
            )
        return [_listing(row) for row in rows]

    def search_sessions(self, text: str, limit: int = SEARCH_PAGE) -> list[dict[str, Any]]:
        """The first page of matches for every word of `text` (the last may be a word's start).

        Sessions whose title matches come first (newest first, `message_index` None), then
        matching messages, newest first, one result each. Every result has `session_id`,
        `title`, `updated_at`, `message_index`, `role`, `snippet` (one line of plain text around
        the match, Markdown markup taken out), `highlights` (the matched words' character
        spans in the snippet, in order) and `match` (the one of them the snippet is about: the
        rarest, which made the message a match; it is always in the snippet). Safe to call
        from any thread; the time does not depend on how big the matching messages are (see
        the module docstring).
        """
        query = _fts_query(text)
        if query is None or limit <= 0:
            return []
        self.index_queued()
        with self._reading() as connection:
            try:
                return self._search(connection, query, limit)
            except sqlite3.DatabaseError as error:
                if not _is_corruption(error):
                    raise
                raise StoreError(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "Searching the session database {path} failed because part of "
                        "it is damaged ({error}). Restart the app: it keeps a copy of "
                        "the file and opens what can still be read.",
                    ).format(path=self.path, error=error)
                ) from error

    def _search(
        self, connection: sqlite3.Connection, query: str, limit: int
    ) -> list[dict[str, Any]]:
        results = []
        for session_id, title, updated_at, highlighted in connection.execute(
            """SELECT s.session_id, s.title, s.updated_at, highlight(title_search, 0, ?, ?)
               FROM title_search JOIN sessions s ON s.id = title_search.rowid
               WHERE title_search MATCH ? AND s.deleted_at IS NULL
               ORDER BY s.updated_at DESC LIMIT ?""",
            (_FOUND_START, _FOUND_END, query, limit),
        ):
            results.append(_search_result(session_id, title, updated_at, None, "", highlighted))
        for message_id, highlighted in self._newest_matching_messages(connection, query, limit):
            if len(results) >= limit:
                break
            row = connection.execute(
                """SELECT m.session_id, m.position, m.role, s.title, s.updated_at
                   FROM messages m JOIN sessions s USING (session_id) WHERE m.id = ?""",
                (message_id,),
            ).fetchone()
            if row is None:
                continue
            session_id, position, role, title, updated_at = row
            results.append(
                _search_result(session_id, title, updated_at, position, role, highlighted)
            )
        untitled = {result["session_id"] for result in results if not result["title"]}
        for session_id in untitled:
            first = connection.execute(
                "SELECT substr(text, 1, 80) FROM messages WHERE session_id = ? AND role = 'user' "
                "ORDER BY position LIMIT 1",
                (session_id,),
            ).fetchone()
            for result in results:
                if result["session_id"] == session_id:
                    result["title"] = plain_preview(first[0]) if first else ""
        return results

    @staticmethod
    def _newest_matching_messages(
        connection: sqlite3.Connection, query: str, limit: int
    ) -> Iterator[tuple[int, str]]:
        """(message id, its newest matching piece with the matches marked by `_FOUND_START` and
        `_FOUND_END`) of matching messages in visible sessions, newest first. A giant message
        matching in a thousand pieces is stepped over in one query (the next batch starts below
        its first piece), so its size never shows in the time taken. The marks come from the
        index itself (`highlight()`, cheap on the rows the query returns), so the snippet shows
        exactly the words it matched, however it splits words."""
        bound = 1 << 62
        while True:
            pieces = connection.execute(
                f"""SELECT rowid, highlight(message_search, 0, ?, ?) FROM message_search
                    WHERE message_search MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT {limit}""",
                (_FOUND_START, _FOUND_END, query, bound),
            ).fetchall()
            if not pieces:
                return
            newest: dict[int, str] = {}
            for piece, highlighted in pieces:
                newest.setdefault(piece >> CHUNK_BITS, highlighted)
            marks = ",".join("?" * len(newest))
            visible = {
                row[0]
                for row in connection.execute(
                    # CROSS JOIN keeps the planner from walking the sessions' messages.
                    f"""SELECT m.id FROM messages m CROSS JOIN sessions s USING (session_id)
                        WHERE m.id IN ({marks}) AND s.deleted_at IS NULL""",
                    tuple(newest),
                )
            }
            for message_id, highlighted in newest.items():
                if message_id in visible:
                    yield message_id, highlighted
            bound = min(newest) << CHUNK_BITS

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """The connection searches and listings run on: a read connection of its own when the
        database is a healthy file (WAL lets it read while the main one writes), else the
        main one."""
        if self.read_only:
            with self._lock:
                yield self._connection
            return
        with self._search_lock:
            if self._search_connection is None:
                self._search_connection = self._connect(self.path, read_only=True)
            yield self._search_connection

    # ------------------------------------------------------------------ asset rows

    def insert_asset(self, record: dict[str, Any]) -> None:
        with self._write(f"the attachment {record['name']!r}") as connection:
            connection.execute(
                """INSERT INTO assets(asset_id, session_id, name, mime, size, sha256, created_at)
                   VALUES (:asset_id, :session_id, :name, :mime, :size, :sha256, :created_at)""",
                {"created_at": time.time(), **record},
            )

    def get_asset(self, asset_id: str) -> dict[str, Any] | None:
        rows = self._read(
            "SELECT asset_id, session_id, name, mime, size, sha256 FROM assets WHERE asset_id = ?",
            (asset_id,),
        )
        return dict(rows[0]) if rows else None

    def list_assets(self, session_id: str) -> list[dict[str, Any]]:
        rows = self._read(
            "SELECT asset_id, session_id, name, mime, size, sha256 FROM assets "
            "WHERE session_id = ? ORDER BY created_at, asset_id",
            (session_id,),
        )
        return [dict(row) for row in rows]

    def delete_asset(self, asset_id: str) -> None:
        with self._write("the attachment removal") as connection:
            connection.execute("DELETE FROM assets WHERE asset_id = ?", (asset_id,))

    def referenced_digests(self) -> set[str]:
        """Every content digest still referenced by some asset row."""
        return {row[0] for row in self._read("SELECT DISTINCT sha256 FROM assets")}

    def digests_of_deleted_sessions(self, deleted_before: float) -> set[str]:
        """Content digests of the attachments of sessions deleted before `deleted_before`."""
        rows = self._read(
            "SELECT DISTINCT a.sha256 FROM assets a JOIN sessions s USING (session_id) "
            "WHERE s.deleted_at IS NOT NULL AND s.deleted_at < ?",
            (deleted_before,),
        )
        return {row[0] for row in rows}

    def digest_is_referenced(self, sha256: str) -> bool:
        return bool(self._read("SELECT 1 FROM assets WHERE sha256 = ? LIMIT 1", (sha256,)))


# Less free space than this is a full disk: SQLite then fails with "disk I/O error" while it
# creates its shared-memory file, or with "database or disk is full".
_FULL_DISK_BYTES = 1 << 20


def _disk_is_full(folder: Path, error: sqlite3.DatabaseError) -> bool:
    if "full" in str(error):
        return True
    try:
        return shutil.disk_usage(folder).free < _FULL_DISK_BYTES
    except OSError:
        return False


def _is_corruption(error: sqlite3.DatabaseError) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return (code & 0xFF) in _CORRUPTION_CODES
    # Errors raised by our own integrity check carry no code.
    return "integrity check failed" in str(error) or "not a database" in str(error)


def _explain_write_error(error: sqlite3.Error) -> str:
    code = (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF
    if code == sqlite3.SQLITE_FULL:
        return "the disk is full (free some space and try again)."
    if code == sqlite3.SQLITE_READONLY:
        return "the database file cannot be written (check its permissions)."
    if code == sqlite3.SQLITE_IOERR:
        return (
            f"the disk refused the write ({error}); it may be full or failing. Free some space "
            "or check the disk, then try again."
        )
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return "another program is holding the database (close other copies of the app)."
    if code == sqlite3.SQLITE_CONSTRAINT:
        return f"the data does not fit the stored conversation ({error})."
    return f"{error}."


def _not_found(session_id: str) -> str:
    return QT_TRANSLATE_NOOP(
        "Errors", "There is no conversation with id {session_id}; it may have been deleted."
    ).format(session_id=repr(session_id))


SET_ASIDE_FOLDER_NAME = "set-aside"
_SET_ASIDE_NAMES_SHOWN = 3


@dataclasses.dataclass(frozen=True)
class DraftRecovery:
    """What `SessionStore.recover_drafts` did."""

    recovered: list[str]
    """The sessions whose partial answer became their last message."""
    folder: Path
    """Where unreadable drafts are kept (see `SessionStore.set_aside_folder`)."""
    notice: str | None = None
    """Says which drafts could not be read and where they are kept; None when all could be."""


def _partial_answers(count: int) -> str:
    return "1 partial answer" if count == 1 else f"{count} partial answers"


def _file_name_part(text: str) -> str:
    """`text` as part of a file name on any system (a session id may hold any character)."""
    return re.sub(r"[^\w.-]", "_", text)[:80] or "unnamed"


def _recovered_message(body: bytes) -> tuple[str, str] | None:
    """The stored JSON and search text of the assistant message a draft's stored `body`
    becomes, or None when nothing had arrived. Raises ValueError saying why the draft cannot
    be read."""
    try:
        draft = json.loads(body.decode("utf-8"), parse_constant=refuse_constant)
    except UnicodeDecodeError:
        raise ValueError("it is not valid UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"it is not valid JSON: {error.msg}") from None
    except RecursionError:
        raise ValueError("it is nested too deeply to read") from None
    if not isinstance(draft, dict):
        raise ValueError(f"it is a JSON {type(draft).__name__}, not an object")
    try:
        # The checks a stored message passes (metadata an object, parts a list, ...).
        Message.from_dict({**draft, "role": "assistant", "content": draft.get("content")})
        if not draft_keeps_anything(draft):
            return None
    except TypeError as error:
        raise ValueError(str(error)) from None
    except RecursionError:
        raise ValueError("it is nested too deeply to read") from None
    metadata = {
        key: value
        for key, value in (draft.get("metadata") or {}).items()
        if key != "tool_calls"  # calls that never ran must not reach the next turn
    }
    metadata.update(incomplete=True, recovered=True)
    content = draft.get("content")
    message = {
        "role": "assistant",
        # A list of parts (text, images) stays a list: it is what the provider sent.
        "content": content if isinstance(content, list) else str(content or ""),
        "metadata": metadata,
    }
    return _encode_json(message, "The recovered answer"), message_text(message)


def _storable_metadata(metadata: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in metadata.items() if key not in _COMPUTED_KEYS}


def _decode_metadata(raw: str) -> tuple[dict[str, Any], bool]:
    try:
        metadata = json.loads(raw)
    except json.JSONDecodeError:
        return {UNREADABLE_METADATA_KEY: raw}, True
    if not isinstance(metadata, dict):
        return {UNREADABLE_METADATA_KEY: raw}, True
    return metadata, False


class _DamagedText(str):
    """Text read from a row that was not valid UTF-8 (the bad bytes shown as U+FFFD)."""


def _decode_text(raw: bytes) -> str:
    """The connection's text factory: one bad byte must not make a whole listing fail."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return _DamagedText(raw.decode("utf-8", "replace"))


def _is_valid_utf8(raw: bytes | None) -> bool:
    if raw is None:
        return True
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


# A message text this long is taken out of its JSON by SQLite (see `_message_query`).
GIANT_TEXT_CHARACTERS = 1_000_000


def _message_query(selection: str) -> str:
    """Messages (`selection`: the WHERE clause on `messages`, with any ORDER BY / LIMIT), in
    order. A giant text is taken out of its JSON by SQLite, whose parser runs without Python's
    interpreter lock: `json.loads` of a 6 MB body holds it for 20-50 ms in one call, and every
    other thread (the window's too) waits meanwhile; `content` is then the text, `body` the
    rest of the message."""
    return f"""
        SELECT position, role,
            CASE WHEN giant THEN json_remove(body, '$.content') ELSE body END AS body,
            CASE WHEN giant THEN json_extract(body, '$.content') END AS content
        FROM (SELECT position, role, body,
                  CASE WHEN length(body) > {GIANT_TEXT_CHARACTERS} AND json_valid(body)
                      THEN json_type(body, '$.content') = 'text' ELSE 0 END AS giant
              FROM messages WHERE {selection})
        ORDER BY position"""


def _decode_message(row: sqlite3.Row) -> Message:
    position, role, body, content = row["position"], row["role"], row["body"], row["content"]
    try:
        data = json.loads(body)
        if content is not None:
            data["content"] = content if type(content) is str else str.__str__(content)
        message = Message.from_dict(data)
        if not isinstance(message.role, str):  # every reader of a message takes it as text
            raise TypeError("the role is not text")
    except (json.JSONDecodeError, TypeError, KeyError, ValueError, RecursionError) as error:
        reason = type(error).__name__
    else:
        if not isinstance(body, _DamagedText) and not isinstance(content, _DamagedText):
            return message
        # Readable except for some bytes: shown with U+FFFD, marked damaged so it is never
        # written back over the original row.
        return dataclasses.replace(
            message, metadata={**(message.metadata or {}), DAMAGED_KEY: True}
        )
    return Message(
        role=role if role in ("system", "user", "assistant", "tool") else "assistant",
        content=f"[Message {position + 1} could not be read ({reason}); the stored data is kept "
        "unchanged.]",
        metadata={DAMAGED_KEY: True},
    )


def _search_result(
    session_id: str,
    title: str,
    updated_at: float,
    message_index: int | None,
    role: str,
    highlighted: str,
) -> dict[str, Any]:
    """A result from the matched text as `highlight()` marked it (see `search_sessions`)."""
    marked, match = marked_snippet(*found_spans(highlighted))
    snippet, highlights = readable_snippet(marked)
    return {
        "session_id": session_id,
        "title": title,
        "updated_at": updated_at,
        "message_index": message_index,
        "role": role,
        "snippet": snippet,
        "highlights": highlights,
        "match": highlights[match] if match is not None else None,
    }


def _listing(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "session_id": row["session_id"],
        "title": row["title"],
        "agent_id": row["agent_id"],
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
        "message_count": row["message_count"],
        "preview": plain_preview(row["preview"]),
        "flagged": row["flagged"] is not None
        or any(isinstance(row[key], _DamagedText) for key in ("title", "preview")),
    }
