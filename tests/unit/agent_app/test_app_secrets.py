"""Secrets: keyring first, memory only when no keyring works, never in text the app writes."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys

import keyring
import pytest
from keyring.backends import fail
from tests.support.keyring_backend import MemoryKeyring
from tests.support.refusing_keyring import RefusingKeyring

from agent_app.secrets import (
    REDACTED,
    RedactingFilter,
    SecretAccessError,
    SecretStore,
    redact,
    redact_data,
    remember_secret_value,
)


def test_secrets_go_to_the_keyring_under_the_app_service(memory_keyring):
    store = SecretStore()
    assert store.available
    assert store.problem is None
    store.set("providers.openai.api_key", "sk-live-0123456789abcdef")
    assert memory_keyring.secrets[("agent-desktop", "providers.openai.api_key")] == (
        "sk-live-0123456789abcdef"
    )
    assert store.get("providers.openai.api_key") == "sk-live-0123456789abcdef"
    assert store.has("providers.openai.api_key")
    store.delete("providers.openai.api_key")
    assert not store.has("providers.openai.api_key")
    store.delete("providers.openai.api_key")  # deleting twice is fine


def test_without_a_usable_backend_secrets_stay_in_memory_and_the_app_says_so(tmp_path):
    keyring.set_keyring(fail.Keyring())
    store = SecretStore()
    assert not store.available
    assert "No system keyring is available" in store.problem
    assert "memory for this run only" in store.problem
    store.set("key", "value-1234")
    assert store.get("key") == "value-1234"
    assert not list(tmp_path.iterdir())
    store.delete("key")
    assert store.get("key") is None


def test_the_headline_is_the_first_sentence_of_the_problem():
    keyring.set_keyring(fail.Keyring())
    assert SecretStore().headline == "No system keyring is available."
    keyring.set_keyring(RefusingKeyring(refuse_probe=True))
    headline = SecretStore().headline
    assert headline.startswith("The system keyring cannot be used (KeyringLocked")
    assert headline.endswith(").")


def test_keyring_refusing_the_probe_falls_back_with_reason():
    keyring.set_keyring(RefusingKeyring(refuse_probe=True))
    store = SecretStore()
    assert not store.available
    assert "KeyringLocked" in store.problem


def test_keyring_refusing_access_gives_clear_errors_without_the_secret():
    keyring.set_keyring(RefusingKeyring())
    store = SecretStore()
    assert store.available
    with pytest.raises(SecretAccessError, match="refused to store the secret 'openai'") as stored:
        store.set("openai", "sk-secret-value-1234567890")
    assert "sk-secret-value" not in str(stored.value)
    assert "Unlock the keyring" in str(stored.value)
    with pytest.raises(SecretAccessError, match="refused to give out"):
        store.get("openai")
    with pytest.raises(SecretAccessError, match="refused to delete"):
        store.delete("openai")


def test_redact_removes_known_values_and_leaves_everything_else_as_it_is(memory_keyring):
    SecretStore().set("custom", "hunter2-correct-horse")
    remember_secret_value("Bearer header-token-abcdef123")
    text = (
        "key hunter2-correct-horse then sk-proj-ABCDEFGHIJKLMNOPQRSTUV and "
        "Authorization: Bearer header-token-abcdef123 and api_key=plainvalue99 "
        '{"password": "pa55word!"} but ${keyring:kept} stays; SECRET_KEY = os.environ["K"]'
    )
    cleaned = redact(text)

    assert "hunter2-correct-horse" not in cleaned
    assert "header-token-abcdef123" not in cleaned
    assert cleaned.count(REDACTED) == 2
    # Text that only looks like a credential is the user's content: it is kept exactly.
    for kept in (
        "sk-proj-ABCDEFGHIJKLMNOPQRSTUV",
        "api_key=plainvalue99",
        '{"password": "pa55word!"}',
        "${keyring:kept}",
        'SECRET_KEY = os.environ["K"]',
        "Authorization: ",
    ):
        assert kept in cleaned


def test_short_values_are_not_remembered_so_words_survive():
    remember_secret_value("abc")
    remember_secret_value("")
    assert redact("abc abcdef") == "abc abcdef"


def test_redact_data_walks_nested_structures():
    SecretStore().set("nested", "nested-secret-xyz")
    data = {"a": ["x nested-secret-xyz", {"b": "nested-secret-xyz"}], "n": 3}
    assert redact_data(data) == {"a": [f"x {REDACTED}", {"b": REDACTED}], "n": 3}


def test_redact_data_copies_only_what_holds_a_secret():
    """Every message stored is redacted, and most hold no secret: each was copied whole for
    nothing. What holds one is copied with it blanked; the data given is never changed."""
    SecretStore().set("copied", "copied-secret-xyz")
    clean = {"role": "tool", "content": "Result: 5", "metadata": {"calls": [{"n": 1}, "two"]}}
    assert redact_data(clean) is clean
    holding = {"a": {"b": "x copied-secret-xyz"}, "c": ["plain", {"d": 1}], "e": ("f",)}
    redacted = redact_data(holding)
    assert redacted == {"a": {"b": f"x {REDACTED}"}, "c": ["plain", {"d": 1}], "e": ["f"]}
    assert redacted["c"] is holding["c"]
    assert holding["a"] == {"b": "x copied-secret-xyz"}


def test_redact_replaces_a_longer_secret_before_one_inside_it():
    """The known values are sorted once when one is learnt, not for every text redacted."""
    remember_secret_value("inner-secret-1")
    remember_secret_value("outer-inner-secret-1-tail")
    assert redact("a outer-inner-secret-1-tail b inner-secret-1") == f"a {REDACTED} b {REDACTED}"


def test_logging_filter_redacts_messages_and_tracebacks(caplog):
    SecretStore().set("log", "log-secret-abcdef")
    logger = logging.getLogger("agent_app.test_redaction")
    logger.addFilter(RedactingFilter())
    try:
        with caplog.at_level(logging.INFO, logger=logger.name):
            logger.info("using %s", "log-secret-abcdef")
            try:
                raise ValueError("bad key log-secret-abcdef")
            except ValueError:
                logger.exception("request failed")
    finally:
        logger.filters.clear()
    assert "log-secret-abcdef" not in caplog.text
    assert caplog.text.count(REDACTED) == 3  # message, source line, exception text
    assert "ValueError" in caplog.text


def test_ordinary_prose_is_not_redacted():
    text = "The secret: chocolate. Our token economy works. Keys are sk-short."
    assert redact(text) == text


START_AN_APP_WITHOUT_KEYS = """
import sys
from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from scripted_provider import ScriptedProvider
app = AgentApplication(resolve_paths(sys.argv[1]), plugins=[ScriptedProvider])
app.close()
print(sorted(m for m in sys.modules if m.startswith(("secretstorage", "keyring.backends.Secret"))))
"""


def test_starting_without_any_key_does_not_load_the_keyring_backend(tmp_path):
    output = subprocess.run(
        [sys.executable, "-c", START_AN_APP_WITHOUT_KEYS, str(tmp_path / "home")],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert output.stdout.strip().splitlines()[-1] == "[]"


def test_a_missing_keyring_is_a_start_up_notice_only_when_the_config_uses_it(tmp_path):
    from agent_app.application import AgentApplication
    from agent_app.config import ProviderConfig
    from agent_app.paths import resolve_paths
    from scripted_provider import ScriptedProvider

    keyring.set_keyring(fail.Keyring())
    paths = resolve_paths(tmp_path / "home")
    app = AgentApplication(paths, plugins=[ScriptedProvider])
    assert not any("keyring" in notice for notice in app.notices)
    app.config.providers["cloud"] = ProviderConfig(
        provider="scripted", api_key="${keyring:providers.cloud.api_key}"
    )
    app.configuration.save_config()
    app.close()

    reopened = AgentApplication(paths, plugins=[ScriptedProvider])
    try:
        assert any("No system keyring is available" in notice for notice in reopened.notices)
    finally:
        reopened.close()


class CountingKeyring(MemoryKeyring):
    """A keyring backend that counts how often it is asked for a secret."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    def get_password(self, service: str, username: str) -> str | None:
        self.reads += 1
        return super().get_password(service, username)


def test_a_secret_is_read_from_the_keyring_once_then_from_memory():
    backend = CountingKeyring()
    keyring.set_keyring(backend)
    store = SecretStore()
    assert store.available  # the probe is one read
    backend.secrets[("agent-desktop", "providers.a.api_key")] = "sk-read-once-1"
    reads = backend.reads
    assert store.get("providers.a.api_key") == "sk-read-once-1"
    assert store.get("providers.a.api_key") == "sk-read-once-1"
    assert backend.reads == reads + 1  # a request on the GUI's loop then waits on nothing
    store.set("providers.b.api_key", "sk-written-2")
    assert store.get("providers.b.api_key") == "sk-written-2"
    assert backend.reads == reads + 1
    store.delete("providers.a.api_key")
    assert store.get("providers.a.api_key") is None
    assert ("agent-desktop", "providers.a.api_key") not in backend.secrets


def test_a_glance_at_the_keyring_asks_a_helper_process_and_loads_nothing_here(tmp_path):
    # The first-run pane says where a key would go; the keyring client (about 13 MB) then
    # loads only in the helper, which here finds no backend that can keep secrets.
    probe = """
import json, sys
from agent_app.secrets import SecretStore
headline = SecretStore("agent-desktop-test").headline_at_a_glance()
print(json.dumps([headline, "keyring" in sys.modules]))
"""
    environment = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
    }
    finished = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=environment, check=True
    )
    headline, keyring_loaded_here = json.loads(finished.stdout.strip().splitlines()[-1])
    assert headline == "No system keyring is available."
    assert keyring_loaded_here is False


def test_a_glance_asks_in_this_process_once_the_keyring_is_loaded(memory_keyring):
    # A process that already holds the client asks it directly (and tests' in-process
    # backends are the ones asked).
    keyring.set_keyring(fail.Keyring())
    assert SecretStore("agent-desktop-test").headline_at_a_glance() == (
        "No system keyring is available."
    )
    keyring.set_keyring(memory_keyring)
    assert SecretStore("agent-desktop-test").headline_at_a_glance() is None
