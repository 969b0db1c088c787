"""SecretStore against a real Secret Service: gnome-keyring under its own `dbus-run-session`.

The test runs a child process on a private D-Bus session with a fresh HOME, so the user's real
keyring is never touched. gnome-keyring creates and unlocks a throwaway login keyring there.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.integration

SECRET = "sk-real-secret-service-0123456789"

CHILD = textwrap.dedent(
    f"""
    import json, subprocess, sys
    from pathlib import Path

    daemon = subprocess.run(
        ["gnome-keyring-daemon", "--unlock", "--components=secrets", "--daemonize"],
        input=b"throwaway-password", capture_output=True, timeout=30,
    )
    if daemon.returncode != 0:
        print(json.dumps({{"daemon_error": daemon.stderr.decode(errors="replace")}}))
        sys.exit(0)

    import keyring
    from agent_app.application import AgentApplication
    from agent_app.paths import resolve_paths
    from agent_app.secrets import SecretStore

    result = {{}}
    store = SecretStore()
    result["backend"] = type(keyring.get_keyring()).__name__
    result["available"] = store.available
    result["problem"] = store.problem
    store.set("manual", "{SECRET}")
    result["read_back"] = store.get("manual")
    result["fresh_store_reads_it"] = SecretStore().get("manual")
    store.delete("manual")
    result["after_delete"] = store.get("manual")

    paths = resolve_paths(sys.argv[1])
    paths.ensure_exist()
    paths.config_path.write_text(json.dumps(
        {{"providers": {{"openai": {{"provider": "openai", "api_key": "{SECRET}"}}}}}}
    ))
    app = AgentApplication(paths, plugins=[])
    result["reference"] = app.config.providers["openai"].api_key
    result["notices"] = app.notices
    result["config_file"] = paths.config_path.read_text()
    result["resolved"] = app.resolve_request_config(
        {{"api_key": app.config.providers["openai"].api_key}}
    )["api_key"]
    result["in_keyring"] = keyring.get_password("agent-desktop", "providers.openai.api_key")
    app.close()
    print(json.dumps(result))
    """
)


def test_secrets_round_trip_through_gnome_keyring(tmp_path):
    missing = [
        tool for tool in ("dbus-run-session", "gnome-keyring-daemon") if not shutil.which(tool)
    ]
    if missing:
        pytest.skip(f"cannot start a Secret Service here: {', '.join(missing)} not installed")
    home = tmp_path / "home"
    runtime = tmp_path / "run"
    home.mkdir()
    runtime.mkdir(mode=0o700)
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DBUS_SESSION_BUS_ADDRESS", "PYTHON_KEYRING_BACKEND", "AGENT_DESKTOP_HOME")
    }
    environment.update(
        HOME=str(home),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_RUNTIME_DIR=str(runtime),
    )
    completed = subprocess.run(
        ["dbus-run-session", "--", sys.executable, "-c", CHILD, str(tmp_path / "app")],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    result = json.loads(completed.stdout.strip().splitlines()[-1])
    if "daemon_error" in result:
        pytest.skip(f"gnome-keyring-daemon could not start here: {result['daemon_error']}")

    assert result["backend"] == "Keyring"  # keyring.backends.SecretService.Keyring
    assert result["available"] is True
    assert result["problem"] is None
    assert result["read_back"] == SECRET
    assert result["fresh_store_reads_it"] == SECRET
    assert result["after_delete"] is None

    assert result["reference"] == "${keyring:providers.openai.api_key}"
    assert SECRET not in result["config_file"]
    assert result["in_keyring"] == SECRET
    assert result["resolved"] == SECRET
    assert any(
        "were moved to the system keyring (providers.openai.api_key)" in notice
        for notice in result["notices"]
    )
    assert not any(SECRET in notice for notice in result["notices"])
    # The keyring file gnome-keyring wrote is encrypted and the app's files hold references
    # only: the secret is nowhere on disk in plain bytes.
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
