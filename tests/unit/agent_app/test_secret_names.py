"""One rule says which settings hold credentials; the core's error redaction and the config's
move of plaintext keys to the keyring both follow it (the forms' masking is in
tests/gui/test_forms.py)."""

from __future__ import annotations

import pytest

from agent_app.config import holds_secret, move_plaintext_secrets
from agent_app.secrets import SecretStore
from agent_core.errors import redact_secrets
from agent_core.secret_names import is_secret_name

SECRET_NAMES = [
    "api_key",
    "apiKey",
    "x-api-key",
    "X-API-Key",
    "authorization",
    "Proxy-Authorization",
    "client_secret",
    "token",
    "access_token",
    "GITHUB_TOKEN",
    "password",
    "DB_PASSWORD",
    "credentials",
    "providers.work.api_key",
]
ORDINARY_NAMES = [
    "max_tokens",
    "max_output_tokens",
    "token_url",
    "tokenizer",
    "secret_name",
    "password_hint",
    "model",
    "base_url",
]
VALUE = "value-0123456789"


@pytest.mark.parametrize("name", SECRET_NAMES)
def test_credential_names_are_secret(name):
    assert is_secret_name(name)


@pytest.mark.parametrize("name", ORDINARY_NAMES)
def test_other_names_are_not(name):
    assert not is_secret_name(name)


@pytest.mark.parametrize("name", SECRET_NAMES + ORDINARY_NAMES)
def test_the_core_redacts_exactly_the_secret_settings(name):
    config = {"providers": {"work": {name: VALUE}}}

    redacted = redact_secrets(f"the server said: {VALUE}", config)

    assert (VALUE not in redacted) == is_secret_name(name)


@pytest.mark.parametrize("name", SECRET_NAMES + ORDINARY_NAMES)
def test_the_config_keeps_exactly_the_secret_settings_in_the_keyring(name, memory_keyring):
    data = {"plugins": {"demo": {name: VALUE}}}

    moved = move_plaintext_secrets(data, SecretStore())

    assert bool(moved) == is_secret_name(name) == holds_secret(f"plugins.demo.{name}")
    assert (data["plugins"]["demo"][name] == VALUE) != is_secret_name(name)
