"""Which settings hold credentials, by their name: the one rule the core (redacting errors), the
application (moving plaintext keys to the keyring) and the forms (masking a field) all follow."""

from __future__ import annotations

import re

# At the end of the name, so `api_key`, `x-api-key`, `client_secret`, `GITHUB_TOKEN` and
# `Authorization` are credentials but `max_tokens`, `token_url` and `secret_name` are not.
_SECRET_NAME = re.compile(r"(api[_-]?key|token|secret|password|authorization|credentials?)$", re.I)


def is_secret_name(name: str) -> bool:
    """Whether a setting, header or environment variable called `name` holds a credential (for a
    dotted path, its last part decides)."""
    return _SECRET_NAME.search(name.rsplit(".", 1)[-1].strip()) is not None
