"""SessionAssetStore: content-addressed blobs, refcounted removal, nothing escapes the store."""

from __future__ import annotations

import base64
import hashlib
import os
import resource
import signal
import time
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_app.assets import (
    AssetError,
    AssetInputError,
    AssetMissingError,
    AssetNotFoundError,
    AssetTooLargeError,
    SessionAssetStore,
    inline_parts_for_provider,
    resolve_part,
    sanitize_name,
)
from agent_app.store import SessionStore
from agent_core import Message

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


@pytest.fixture
def store(tmp_path):
    sessions = SessionStore(tmp_path / "sessions.sqlite3")
    sessions.create_session("s1")
    sessions.create_session("s2")
    yield SessionAssetStore(sessions, tmp_path / "assets", max_bytes=1024 * 1024)
    sessions.close()


def blobs(store: SessionAssetStore) -> list[str]:
    return sorted(
        path.name
        for path in store.root.rglob("*")
        if path.is_file() and ".incoming" not in str(path)
    )


def test_add_bytes_gives_a_record_and_reads_back(store):
    record = store.add_bytes("s1", PNG, "dot.png")
    assert set(record) == {"asset_id", "session_id", "name", "mime", "size", "sha256"}
    assert record["mime"] == "image/png"
    assert record["size"] == len(PNG)
    assert store.read_bytes(record["asset_id"]) == PNG
    assert store.get(record["asset_id"]) == record
    assert store.list("s1") == [record]


def test_add_file_copies_the_file(store, tmp_path):
    source = tmp_path / "notes.md"
    source.write_text("# Notes\n")
    record = store.add_file("s1", source)
    source.unlink()
    assert record["name"] == "notes.md"
    assert record["mime"] == "text/markdown"
    assert store.read_bytes(record["asset_id"]) == b"# Notes\n"


def test_same_bytes_are_stored_once_and_removed_with_the_last_reference(store):
    first = store.add_bytes("s1", b"shared content", "a.txt")
    second = store.add_bytes("s2", b"shared content", "b.txt")
    assert first["sha256"] == second["sha256"]
    assert blobs(store) == [first["sha256"]]
    store.delete(first["asset_id"])
    assert blobs(store) == [first["sha256"]]
    assert store.read_bytes(second["asset_id"]) == b"shared content"
    store.delete(second["asset_id"])
    assert blobs(store) == []
    with pytest.raises(AssetNotFoundError):
        store.get(second["asset_id"])


def test_purged_sessions_release_their_blobs(store):
    kept = store.add_bytes("s1", b"keep me", "keep.txt")
    store.add_bytes("s2", b"drop me", "drop.txt")
    store.add_bytes("s2", b"keep me", "also.txt")
    store.store.delete_session("s2")
    assert store.purge_deleted_sessions(deleted_before=time.time() + 1) == ["s2"]
    assert blobs(store) == [kept["sha256"]]
    assert store.remove_unreferenced_blobs() == 0


def test_size_limit_is_clear_and_stores_nothing(store, tmp_path):
    # One byte over: rounded sizes would both read "1.0 MB", so the message gives exact bytes.
    with pytest.raises(
        AssetTooLargeError,
        match=r"'big.bin' is 1,048,577 bytes, larger than the attachment limit of 1,048,576 bytes",
    ):
        store.add_bytes("s1", b"x" * (1024 * 1024 + 1), "big.bin")
    source = tmp_path / "big.bin"
    source.write_bytes(b"y" * (2 * 1024 * 1024))
    with pytest.raises(AssetTooLargeError, match=r"is 2\.0 MB, larger than .* of 1\.0 MB"):
        store.add_file("s1", source)
    assert store.list("s1") == []
    assert blobs(store) == []
    incoming = store.root / ".incoming"
    assert not incoming.exists() or not any(incoming.iterdir())


@pytest.mark.parametrize(
    ("given_name", "expected"),
    [
        ("../../etc/passwd", "passwd"),
        ("/absolute/path/report.pdf", "report.pdf"),
        ("..\\..\\windows\\system.ini", "system.ini"),
        ("nul\x00byte.txt", "nulbyte.txt"),
        ("..", "attachment"),
        (".hidden", "hidden"),
        ("", "attachment"),
        ('a<b>c:d"e|f?g*h.txt', "a_b_c_d_e_f_g_h.txt"),
        ("line\nbreak.txt", "linebreak.txt"),
    ],
)
def test_names_are_sanitized(store, given_name, expected):
    assert sanitize_name(given_name) == expected
    record = store.add_bytes("s1", b"data", given_name)
    assert record["name"] == expected


def test_very_long_names_keep_their_extension(store):
    name = "é" * 500 + ".tar.gz"
    cleaned = sanitize_name(name)
    assert cleaned.endswith(".gz")
    assert len(cleaned.encode("utf-8")) <= 200


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(max_size=400))
def test_no_name_can_escape_the_store(store, name):
    cleaned = sanitize_name(name)
    assert cleaned
    assert "/" not in cleaned
    assert "\\" not in cleaned
    assert "\x00" not in cleaned
    assert not cleaned.startswith(".")
    assert len(cleaned.encode("utf-8")) <= 200
    record = store.add_bytes("s1", name.encode("utf-8", "replace"), name)
    root = store.root.resolve()
    for path in root.rglob("*"):
        assert root in path.resolve().parents
    assert store.read_bytes(record["asset_id"]) == name.encode("utf-8", "replace")


@pytest.mark.parametrize("asset_id", ["../../etc/passwd", "/etc/passwd", "a" * 31, "x\x00y", ""])
def test_malformed_asset_ids_are_not_found(store, asset_id):
    with pytest.raises(AssetNotFoundError, match="no attachment with id"):
        store.read_bytes(asset_id)


def test_a_blob_replaced_by_a_symlink_is_not_followed(store, tmp_path):
    record = store.add_bytes("s1", b"original", "a.txt")
    secret = tmp_path / "outside.txt"
    secret.write_text("outside the store")
    blob = store.root / record["sha256"][:2] / record["sha256"]
    blob.unlink()
    blob.symlink_to(secret)
    with pytest.raises(AssetMissingError, match="replaced by a link"):
        store.read_bytes(record["asset_id"])


def test_vanished_attachment_is_explained(store):
    record = store.add_bytes("s1", b"bye", "gone.txt")
    (store.root / record["sha256"][:2] / record["sha256"]).unlink()
    with pytest.raises(AssetMissingError, match=r"'gone\.txt' is no longer in the asset store"):
        store.read_bytes(record["asset_id"])


def test_only_regular_files_of_existing_sessions_can_be_added(store, tmp_path):
    with pytest.raises(AssetInputError, match="it is a folder"):
        store.add_file("s1", tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(AssetInputError, match="not a regular file"):
        store.add_file("s1", fifo)
    with pytest.raises(AssetInputError, match="does not exist"):
        store.add_file("s1", tmp_path / "missing.txt")
    with pytest.raises(AssetInputError, match="no conversation with id 'ghost'"):
        store.add_bytes("ghost", b"x", "x.txt")


@contextmanager
def file_size_limit(limit: int):
    """Make the OS refuse to grow any file past `limit` bytes (EFBIG), like a full disk."""
    previous_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    previous_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, previous_limit[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, previous_limit)
        signal.signal(signal.SIGXFSZ, previous_handler)


def test_os_refusing_the_write_stores_nothing(store):
    with file_size_limit(64 * 1024), pytest.raises(AssetError, match="Nothing was stored"):
        store.add_bytes("s1", b"q" * (512 * 1024), "big.bin")
    assert store.list("s1") == []
    assert blobs(store) == []


def test_resolve_part_gives_bytes_data_url_and_text(store):
    image = store.add_bytes("s1", PNG, "dot.png")
    text = store.add_bytes("s1", "héllo".encode(), "hello.txt")
    resolved = resolve_part({"type": "image", "asset_id": image["asset_id"]}, store)
    assert resolved.data == PNG
    assert resolved.data_url == "data:image/png;base64," + base64.b64encode(PNG).decode()
    assert resolved.text is None
    assert resolve_part({"type": "file", "asset_id": text["asset_id"]}, store).text == "héllo"
    from_url = resolve_part({"type": "image", "data_url": resolved.data_url}, None)
    assert from_url.data == PNG
    assert from_url.mime == "image/png"
    with pytest.raises(AssetError, match="not base64"):
        resolve_part({"data_url": "data:image/png;base64,@@@"}, None)


def test_inline_parts_for_provider_adds_content_and_explains_missing(store):
    image = store.add_bytes("s1", PNG, "dot.png")
    text = store.add_bytes("s1", b"print(1)\n", "run.py", "text/x-python")
    gone = store.add_bytes("s1", b"vanishing", "gone.bin")
    (store.root / gone["sha256"][:2] / gone["sha256"]).unlink()
    message = Message(
        "user",
        "look",
        multipart_content=[
            {
                "type": "image",
                "asset_id": image["asset_id"],
                "name": "dot.png",
                "mime": "image/png",
            },
            {
                "type": "file",
                "asset_id": text["asset_id"],
                "name": "run.py",
                "mime": "text/x-python",
            },
            {"type": "file", "asset_id": gone["asset_id"], "name": "gone.bin"},
            {"type": "image", "content": {"url": "https://example.org/x.png"}},
        ],
    )
    [inlined] = inline_parts_for_provider([message], store)
    parts = inlined.multipart_content
    assert parts[0]["data_url"].startswith("data:image/png;base64,")
    assert parts[1]["text"] == "print(1)\n"
    assert parts[2]["type"] == "text"
    assert "'gone.bin' is unavailable" in parts[2]["text"]
    assert parts[3] == {"type": "image", "content": {"url": "https://example.org/x.png"}}
    assert "data_url" not in message.multipart_content[0]  # the original is untouched
    [as_dict] = inline_parts_for_provider([message.to_dict()], store)
    assert as_dict["multipartContent"][0]["data_url"] == parts[0]["data_url"]


def test_copies_of_a_config_share_the_store(store):
    import copy

    config = {"session_asset_store": store, "model": "m"}
    assert copy.deepcopy(config)["session_asset_store"] is store
    assert copy.copy(store) is store


def test_leftovers_of_a_crash_are_removed_once_old_enough(store):
    kept = store.add_bytes("s1", b"kept", "kept.txt")
    orphan = store.root / "ab" / ("ab" + "0" * 62)
    orphan.parent.mkdir(parents=True, exist_ok=True)
    orphan.write_bytes(b"written before the crash, never recorded")
    half = store.root / ".incoming" / "tmpabc"
    half.parent.mkdir(exist_ok=True)
    half.write_bytes(b"half a file")
    assert store.remove_unreferenced_blobs(older_than_seconds=3600) == 0  # too recent
    hour_ago = time.time() - 7200
    for path in (orphan, half):
        os.utime(path, (hour_ago, hour_ago))
    assert store.remove_unreferenced_blobs(older_than_seconds=3600) == 2
    assert blobs(store) == [kept["sha256"]]


def test_a_planted_link_in_place_of_a_shard_folder_is_not_followed(store, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    content = b"attachment bytes"
    digest = hashlib.sha256(content).hexdigest()
    store.root.mkdir(parents=True, exist_ok=True)
    (store.root / digest[:2]).symlink_to(elsewhere, target_is_directory=True)
    (store.root / ".incoming").symlink_to(elsewhere, target_is_directory=True)

    record = store.add_bytes("s1", content, "note.txt", "text/plain")

    assert list(elsewhere.iterdir()) == []
    assert not (store.root / digest[:2]).is_symlink()
    assert store.read_bytes(record["asset_id"]) == content


def test_reading_through_a_link_planted_later_is_refused(store, tmp_path):
    record = store.add_bytes("s1", b"mine", "note.txt", "text/plain")
    shard = store.root / record["sha256"][:2]
    elsewhere = tmp_path / "elsewhere"
    shard.rename(elsewhere)
    shard.symlink_to(elsewhere, target_is_directory=True)

    with pytest.raises(AssetMissingError, match="replaced by a link"):
        store.read_bytes(record["asset_id"])
