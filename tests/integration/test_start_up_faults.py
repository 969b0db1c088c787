"""The app always starts with whatever it can read: faults first, then a real start.

Each test damages a data folder the way a crash, a full or read-only disk or a hostile file
would, then starts the app through its real entry point in a subprocess
(`tests.support.start_probe`: the data-folder lock, the window shown first, qasync,
`open_application`) and checks what the user sees: the window, every committed chat, a notice
saying what was set aside and where the original is kept.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from tests.support.app_process import start_app

from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from agent_app.store import MIGRATIONS, SessionStore
from agent_core import Message, Session

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]


def seed(home: Path, titles: list[str]) -> None:
    """Chats committed earlier: one user and one assistant message each."""
    paths = resolve_paths(home)
    paths.ensure_exist()
    store = SessionStore(paths.database_path)
    for index, title in enumerate(titles):
        store.save_session(
            Session(
                f"chat-{index}",
                [Message("user", f"question {index}"), Message("assistant", f"answer {index}")],
                {"title": title},
            )
        )
    store.close()


def run_until_killed(script: str, home: Path, kill_after_lines: int) -> list[str]:
    """Run `script` (argv[1] = home), SIGKILL it after it printed `kill_after_lines` lines."""
    writer = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script), str(home)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    try:
        assert writer.stdout is not None
        for line in writer.stdout:
            lines.append(line.strip())
            if len(lines) >= kill_after_lines:
                writer.send_signal(signal.SIGKILL)
                break
        else:
            pytest.fail(
                f"the writer stopped early: {writer.stderr.read() if writer.stderr else ''}"
            )
    finally:
        writer.kill()
        writer.wait(timeout=30)
        for stream in (writer.stdout, writer.stderr):
            if stream is not None:
                stream.close()
    return lines


# ------------------------------------------------------------------------------ SIGKILL


STREAMING_WRITER = """
    import sys
    from agent_app.paths import resolve_paths
    from agent_app.store import SessionStore

    paths = resolve_paths(sys.argv[1])
    paths.ensure_exist()
    store = SessionStore(paths.database_path)
    store.create_session("text", title="text answer")
    store.create_session("parts", title="parts answer")
    index = 0
    while True:
        # What the tool loop does while a provider streams: the user's message committed, the
        # partial answer checkpointed, as plain text and as a list of content parts.
        store.append_message("text", {"role": "user", "content": f"question {index}"})
        store.save_draft("text", {"role": "assistant", "content": f"partial {index}"})
        store.append_message("parts", {"role": "user", "content": f"question {index}"})
        store.save_draft(
            "parts",
            {"role": "assistant", "content": [{"type": "text", "text": f"partial {index}"}]},
        )
        print(index, flush=True)
        index += 1
"""


def test_sigkill_while_streaming_text_and_parts_then_the_app_starts_with_every_chat(tmp_path):
    home = tmp_path / "home"
    kill_after = random.Random().randint(5, 120)

    committed = run_until_killed(STREAMING_WRITER, home, kill_after)

    seen = start_app(home)
    assert seen["shown"], f"killed after {kill_after} lines"
    assert sorted(seen["titles"]) == ["parts answer", "text answer"]
    assert "cut off" in seen["notice"]
    store = SessionStore(resolve_paths(home).database_path)
    parts = store.load_session("parts").messages
    questions = [message for message in parts if message.role == "user"]
    assert len(questions) >= len(committed)
    recovered = parts[-1]
    assert recovered.metadata
    assert recovered.metadata["recovered"] is True
    assert isinstance(recovered.content, list)
    assert recovered.content[0]["text"].startswith("partial ")
    assert store.load_session("text").messages[-1].content.startswith("partial ")
    store.close()


IMPORT_WRITER = """
    import sys
    from pathlib import Path
    from agent_app.application import AgentApplication
    from agent_app.paths import resolve_paths

    app = AgentApplication(resolve_paths(sys.argv[1]), plugins=[])
    export = Path(sys.argv[1]) / "chat.agent-session.json"
    index = 0
    while True:
        print(f"start {index}", flush=True)
        app.sessions.import_session(export)
        print(f"done {index}", flush=True)
        index += 1
"""


def test_sigkill_while_importing_leaves_only_whole_chats(tmp_path):
    home = tmp_path / "home"
    app = AgentApplication(resolve_paths(home), plugins=[])
    session = app.sessions.create_session()
    app.sessions.assets.add_bytes(session.session_id, b"x" * 200_000, "notes.txt", "text/plain")
    messages = [Message("user" if i % 2 else "assistant", f"line {i}") for i in range(60)]
    app.sessions.save_session(Session(session.session_id, messages, {"title": "imported chat"}))
    export = app.sessions.export_session(session.session_id, "json")
    app.sessions.delete_session(session.session_id)
    app.close()
    (home / "chat.agent-session.json").write_text(export, encoding="utf-8")
    kill_after = random.Random().randint(2, 30)

    lines = run_until_killed(IMPORT_WRITER, home, kill_after)

    seen = start_app(home)
    finished = sum(1 for line in lines if line.startswith("done"))
    assert seen["shown"]
    # Every chat shown is whole; an import cut short shows nothing at all.
    assert finished <= len(seen["titles"]) <= finished + 1, (kill_after, lines[-2:])
    store = SessionStore(resolve_paths(home).database_path)
    for listed in store.list_sessions():
        assert listed["message_count"] == 60, (kill_after, listed)
    store.close()


SETTINGS_WRITER = """
    import sys
    from agent_app.paths import resolve_paths
    from agent_app.settings import Settings, save_settings

    path = resolve_paths(sys.argv[1]).settings_path
    index = 0
    while True:
        save_settings(Settings(theme="dark", window_geometry="g" * (index % 5000)), path)
        print(index, flush=True)
        index += 1
"""


def test_sigkill_while_saving_settings_then_start_cleans_temporary_files(tmp_path):
    home = tmp_path / "home"
    settings_path = resolve_paths(home).settings_path
    settings_path.parent.mkdir(parents=True)
    # What kills during earlier saves left behind (a kill mid-write rarely lands in a test run).
    for leftover in ("abc123", "def456", "xyz789"):
        (settings_path.parent / f".settings.json.{leftover}").write_text('{"theme": "da')

    run_until_killed(SETTINGS_WRITER, home, random.Random().randint(5, 300))

    seen = start_app(home)
    assert seen["shown"]
    assert list(settings_path.parent.glob(".settings.json.*")) == []
    assert json.loads(settings_path.read_text())["theme"] == "dark"
    assert not list(settings_path.parent.glob("*.bak"))


MIGRATION_WRITER = """
    import sys
    from agent_app.paths import resolve_paths
    from agent_app.store import MIGRATIONS, SessionStore

    def slow_upgrade(connection):
        connection.execute("CREATE TABLE upgrade_rows (value TEXT)")
        index = 0
        while True:  # a long migration, killed before it can commit
            connection.execute("INSERT INTO upgrade_rows VALUES (?)", ("x" * 200,))
            if index % 2000 == 0:
                print(f"migrating {index}", flush=True)
            index += 1

    database = resolve_paths(sys.argv[1]).database_path
    SessionStore(database, migrations=(*MIGRATIONS, (MIGRATIONS[-1][0] + 1, slow_upgrade)))
"""


def test_sigkill_during_migrations_keeps_one_backup_and_every_chat(tmp_path):
    home = tmp_path / "home"
    titles = [f"chat {index}" for index in range(5)]
    seed(home, titles)

    for _attempt in range(3):
        run_until_killed(MIGRATION_WRITER, home, random.Random().randint(1, 4))

    database = resolve_paths(home).database_path
    backups = sorted(path.name for path in database.parent.iterdir() if ".bak" in path.name)
    assert backups == [f"sessions.sqlite3.v{MIGRATIONS[-1][0]}.bak"]
    seen = start_app(home)
    assert seen["shown"]
    assert not seen["read_only"]
    assert sorted(seen["titles"]) == titles


# ------------------------------------------------------------------------------ damaged data


def test_invalid_utf8_in_a_row_is_flagged_and_every_chat_is_listed_and_searchable(tmp_path):
    home = tmp_path / "home"
    titles = [f"chat {index}" for index in range(5)]
    seed(home, titles)
    database = resolve_paths(home).database_path
    connection = sqlite3.connect(database)
    with connection:
        connection.execute(
            "UPDATE messages SET body = CAST(? AS TEXT), text = CAST(? AS TEXT) "
            "WHERE session_id = 'chat-2' AND position = 1",
            (b'{"role":"assistant","content":"caf\xe9 answer"}', b"caf\xe9 answer"),
        )
    connection.close()

    seen = start_app(home)

    assert seen["shown"]
    assert sorted(seen["titles"]) == titles
    assert seen["flagged"] == ["chat 2"]
    assert "could not be read" in seen["notice"]
    store = SessionStore(database)
    assert {hit["session_id"] for hit in store.search_sessions("answer")} >= {"chat-0", "chat-2"}
    damaged = store.load_session("chat-2")
    assert damaged.messages[1].content == "caf\ufffd answer"
    assert damaged.metadata["flagged"]
    store.close()


def _private_mounts(commands: list[str]) -> list[str] | None:
    """A wrapper running the app in its own mount namespace after `commands`, or None when
    this machine does not allow it."""
    if shutil.which("unshare") is None:
        return None
    probe = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "true"], capture_output=True
    )
    if probe.returncode != 0:
        return None
    script = " && ".join([*commands, 'exec "$@"'])
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh"]


def test_a_read_only_database_file_opens_read_only_with_every_chat(tmp_path):
    home = tmp_path / "home"
    titles = [f"chat {index}" for index in range(5)]
    seed(home, titles)
    database = resolve_paths(home).database_path
    # A read-only bind mount of the file: unlike chmod, root cannot write through it either.
    wrapper = _private_mounts(
        [f"mount --bind '{database}' '{database}'", f"mount -o remount,ro,bind '{database}'"]
    )
    if wrapper is None:
        if os.geteuid() == 0:
            pytest.skip("needs mount namespaces (unshare) when run as root: chmod binds no root")
        database.chmod(0o444)

    seen = start_app(home, wrapper=wrapper)

    assert seen["shown"]
    assert seen["read_only"]
    assert sorted(seen["titles"]) == titles
    assert "cannot be written" in seen["notice"]
    assert "read-only" in seen["notice"]


def five_chats_and_a_mount_point(tmp_path: Path) -> tuple[Path, list[str], Path]:
    """A data folder in use holding five chats, and an empty folder to mount a copy of it on."""
    home = tmp_path / "home"
    titles = [f"chat {index}" for index in range(5)]
    seed(home, titles)
    AgentApplication(resolve_paths(home), plugins=[]).close()  # every folder exists, as in use
    mounted = tmp_path / "mounted"
    mounted.mkdir()
    return home, titles, mounted


def test_a_read_only_mount_opens_read_only_with_every_chat(tmp_path):
    home, titles, mounted = five_chats_and_a_mount_point(tmp_path)
    # The whole data folder on a tmpfs remounted read-only (EROFS for every write).
    wrapper = _private_mounts(
        [
            f"mount -t tmpfs -o size=64m tmpfs '{mounted}'",
            f"cp -a '{home}/.' '{mounted}/'",
            f"mount -o remount,ro '{mounted}'",
        ]
    )
    if wrapper is None:
        if os.geteuid() == 0:
            pytest.skip("needs mount namespaces (unshare) when run as root: chmod binds no root")
        shutil.copytree(home, mounted, dirs_exist_ok=True)
        for folder, _dirs, _files in os.walk(mounted):
            Path(folder).chmod(0o555)

    seen = start_app(mounted, wrapper=wrapper)

    assert seen["shown"]
    assert seen["read_only"]
    assert sorted(seen["titles"]) == titles
    assert "read-only" in seen["notice"]
    assert not seen["claimed"]  # no lock file can be written there; the notice says so


def test_a_full_disk_opens_read_only_with_every_chat_and_saves_say_why_they_fail(tmp_path):
    home, titles, mounted = five_chats_and_a_mount_point(tmp_path)
    # The data folder on a small tmpfs, then filled up to the last block.
    wrapper = _private_mounts(
        [
            f"mount -t tmpfs -o size=8m tmpfs '{mounted}'",
            f"cp -a '{home}/.' '{mounted}/'",
            f"(dd if=/dev/zero of='{mounted}/filler' bs=4k 2>/dev/null || true)",
        ]
    )
    if wrapper is None:
        pytest.skip("needs mount namespaces (unshare) for a small tmpfs to fill")

    seen = start_app(mounted, wrapper=wrapper, try_saves=True)

    assert seen["shown"]
    assert seen["read_only"]
    assert sorted(seen["titles"]) == titles
    assert "the disk holding it is full" in seen["notice"]
    assert "Free some space" in seen["notice"]
    assert "the disk is full. Free some space and save again" in seen["settings_saved"]
    assert "opened read-only" in seen["chat_started"]


# ------------------------------------------------------------------------------ hostile files


def _plugin_folder(root: Path, name: str, descriptor: Any, module: str | None = None) -> None:
    folder = root / name
    folder.mkdir(parents=True)
    text = descriptor if isinstance(descriptor, str) else json.dumps(descriptor)
    (folder / "agent_plugin.json").write_text(text, encoding="utf-8")
    if module is not None:
        (folder / f"{name.replace('-', '_')}.py").write_text(textwrap.dedent(module))


def test_hostile_plugin_descriptors_and_plugins_exiting_at_import_do_not_stop_start_up(tmp_path):
    home = tmp_path / "home"
    seed(home, ["kept chat"])
    paths = resolve_paths(home)
    plugins = paths.user_plugins_dir
    _plugin_folder(
        plugins,
        "deps-not-a-list",
        {"entries": ["deps_not_a_list.P"], "local_workspace_dependencies": "../.."},
    )
    _plugin_folder(
        plugins,
        "deps-a-dict",
        {"entries": ["deps_a_dict.P"], "local_workspace_dependencies": {"path": "/"}},
    )
    _plugin_folder(
        plugins,
        "deps-outside",
        {"entries": ["deps_outside.P"], "local_workspace_dependencies": [{"path": "../../.."}]},
    )
    _plugin_folder(
        plugins, "exits-on-import", {"entries": ["exits_on_import.P"]}, "import sys\nsys.exit(3)\n"
    )
    _plugin_folder(
        plugins,
        "interrupts-on-import",
        {"entries": ["interrupts_on_import.P"]},
        "raise KeyboardInterrupt\n",
    )
    _plugin_folder(plugins, "deeply-nested", "[" * 100_000)
    # A valid settings file written with a byte-order mark, and a config nested 100k deep.
    paths.settings_path.write_text('\ufeff{"theme": "dark"}', encoding="utf-8")
    paths.config_path.write_text("[" * 100_000, encoding="utf-8")

    seen = start_app(home)

    assert seen["shown"]
    assert seen["titles"] == ["kept chat"]
    notice = seen["notice"]
    for name in ("deps-not-a-list", "deps-a-dict", "deps-outside", "deeply-nested"):
        assert f"'{name}'" in notice, name
    assert "points outside the plugin folder" in notice
    assert "'P'" in notice
    assert "SystemExit" in notice
    assert "KeyboardInterrupt" in notice
    assert f"The config file {paths.config_path}" in notice
    assert "nested too deeply" in notice
    assert "The original is kept as" in notice
    assert list(paths.config_dir.glob("config.json.broken-*.bak"))
    assert not list(paths.config_dir.glob("settings.json.*.bak"))  # the BOM file was read
    assert json.loads(paths.settings_path.read_text(encoding="utf-8-sig"))["theme"] == "dark"


def test_huge_numbers_in_settings_are_set_aside_with_a_notice(tmp_path):
    home = tmp_path / "home"
    seed(home, ["kept chat"])
    paths = resolve_paths(home)
    paths.settings_path.write_text('{"max_tool_iterations": ' + "9" * 5000 + "}")
    paths.config_path.write_text(
        '\ufeff{"agents": {"default": {"label": "Mine"}}}', encoding="utf-8"
    )

    seen = start_app(home)

    assert seen["shown"]
    assert seen["titles"] == ["kept chat"]
    assert f"The settings file {paths.settings_path}" in seen["notice"]
    [kept] = paths.config_dir.glob("settings.json.broken-*.bak")
    assert str(kept) in seen["notice"]
    assert kept.read_text().endswith("9}")
    assert not list(paths.config_dir.glob("config.json.*.bak"))
