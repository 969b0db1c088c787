"""API keys and other secrets: kept in the OS keyring, never in a file, log, export or error.

`SecretStore` wraps `keyring` under the service name `agent-desktop`. Without a usable keyring
backend it says so plainly (`problem`) and keeps secrets in memory for this run only; `store` says
where a secret went, so nobody is told a key was kept when it was not. Every value that passes
through a store, and every resolved `${env:…}` reference, is remembered (in memory) so that
`redact` can blank it out of any text the app writes: the session database, log records, error
messages, exports. Redaction is by value only: guessing secrets from their shape damages ordinary
text (`SECRET_KEY = os.environ[...]`) and still misses keys of unknown shapes.
"""

from __future__ import annotations

import logging
import operator
import sys
import threading
from collections.abc import Iterable
from typing import Any

from agent_app.ui_text import QT_TRANSLATE_NOOP

SERVICE_NAME = "agent-desktop"
REDACTED = "[redacted]"

# Shorter values would blank out ordinary words; no real key or token is this short.
_MINIMUM_SECRET_LENGTH = 8
# `Authorization` header schemes: the credential after the scheme is a secret on its own too.
_AUTH_SCHEMES = ("bearer ", "basic ", "token ")

_known_secret_values: set[str] = set()
_known_secret_values_lock = threading.Lock()
# The known values, longest first (a value inside a longer one is replaced after it), sorted
# once each time one is learnt: `redact` runs for every text of every message stored.
_longest_first: tuple[str, ...] = ()
log = logging.getLogger(__name__)


def remember_secret_value(value: str) -> None:
    """Make `redact` blank out `value` wherever it appears from now on (this process only)."""
    values = {value.strip()}
    for scheme in _AUTH_SCHEMES:
        if value.lower().startswith(scheme):
            values.add(value[len(scheme) :].strip())
    global _longest_first
    with _known_secret_values_lock:
        _known_secret_values.update(item for item in values if len(item) >= _MINIMUM_SECRET_LENGTH)
        _longest_first = tuple(sorted(_known_secret_values, key=len, reverse=True))


def redact(text: str) -> str:
    """`text` with every known secret value (keyring entries, resolved references, credentials
    of Authorization headers) replaced; all other text is left exactly as it is."""
    if not text:
        return text
    for value in _longest_first:  # a tuple replaced whole, never changed: no lock needed
        if value in text:
            text = text.replace(value, REDACTED)
    return text


def redact_data(data: Any) -> Any:
    """A JSON-like structure with `redact` applied to every string in it. What holds a known
    secret is copied with it blanked; the rest is `data`'s own (never changed in place): a
    message stored with no secret in it was copied whole for nothing (tuples become lists)."""
    if isinstance(data, str):
        return redact(data)
    if isinstance(data, dict):
        copied: dict[Any, Any] | None = None
        for key, value in data.items():
            clean = redact_data(value)
            if clean is not value:
                if copied is None:
                    copied = dict(data)
                copied[key] = clean
        return data if copied is None else copied
    if isinstance(data, list | tuple):
        items = [redact_data(value) for value in data]
        if type(data) is list and all(map(operator.is_, items, data)):
            return data
        return items
    return data


class RedactingFilter(logging.Filter):
    """A logging filter that redacts secrets from every record's final message."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if record.exc_info and record.exc_info[1] is not None:
            # The formatter renders the traceback later; render it now so it can be cleaned too.
            formatter = logging.Formatter()
            cleaned += "\n" + redact(formatter.formatException(record.exc_info))
            record.exc_info = None
            record.exc_text = None
        record.msg = cleaned
        record.args = None
        return True


class SecretAccessError(RuntimeError):
    """The keyring refused to hand out or store a secret. The message is safe to show."""


KEYRING = "keyring"
SESSION = "session"

#: What a user without a working keyring can do, said where a key is typed.
NO_KEYRING_CHOICES = QT_TRANSLATE_NOOP(
    "Secrets",
    "Your choices: keep the key for this session only (enter it again after a restart); type "
    "${env:VARIABLE} to read it from an environment variable on every start; or unlock or "
    "install a keyring (GNOME Keyring, KWallet) and restart.",
)


class SecretStore:
    """Named secrets in the OS keyring, or in memory for this run when no keyring is usable."""

    def __init__(self, service: str = SERVICE_NAME) -> None:
        self.service = service
        self._memory: dict[str, str] = {}
        self._lock = threading.Lock()
        # Values read from or written to the keyring this run: a request resolving its
        # `${keyring:…}` references on the GUI's loop then reads memory, not the keyring (the
        # first read happens off the GUI thread: tool servers start, Settings opens). Held as
        # long as `redact` holds the same values anyway.
        self._seen: dict[str, str] = {}
        # Apart from `_lock`: probing may wait on the keyring, and a thread asking about the
        # secrets held in memory (`session_only`) must not wait behind it.
        self._probe_lock = threading.Lock()
        self._probe: tuple[bool, str | None] | None = None

    @property
    def available(self) -> bool:
        """Whether a system keyring holds the secrets (else they live in memory this run)."""
        return self._probed()[0]

    @property
    def problem(self) -> str | None:
        """Why no system keyring is used, in plain words; None when one is."""
        return self._probed()[1]

    @property
    def headline(self) -> str | None:
        """Why no system keyring is used, in one sentence (without what it means); None when
        one is."""
        problem = self.problem
        if problem is None:
            return None
        # A backend's error (in brackets) may hold full stops of its own.
        reason, found, _rest = problem.partition(").")
        if found:
            return reason + found
        sentence, found, _rest = problem.partition(". ")
        return sentence + "." if found else problem

    def headline_at_a_glance(self) -> str | None:
        """`headline`, asked by a short-lived helper process while this one has not loaded the
        keyring client: a first run says where a key would go, and a user who never types one
        never pays for the client. Waits for the keyring: call it off the GUI thread."""
        with self._probe_lock:
            if self._probe is None and "keyring" not in sys.modules:
                self._probe = _probe_in_a_helper(self.service)
        return self.headline

    def _probed(self) -> tuple[bool, str | None]:
        # The backend is looked for on first use, not at start-up: loading the Secret Service
        # client costs ~9 MB, which a user without any API key never needs to pay. `keyring`
        # itself is imported then too (its backend discovery loads ~75 modules, 5 MiB): every
        # keyring call below comes after `available`.
        with self._probe_lock:
            if self._probe is None:
                self._probe = probe_keyring(self.service)
            return self._probe

    def set(self, name: str, value: str) -> None:
        """Store `value` under `name`. When the keyring refuses, raise SecretAccessError."""
        remember_secret_value(value)
        if not self.available:
            with self._lock:
                self._memory[name] = value
            return
        import keyring  # noqa: PLC0415 - keyring loads with the first secret looked up (test_idle_memory)
        from keyring.errors import KeyringError  # noqa: PLC0415 - keyring loads with the first secret looked up (test_idle_memory)

        try:
            keyring.set_password(self.service, name, value)
        except KeyringError as error:
            raise SecretAccessError(
                f"The system keyring refused to store the secret {name!r} ({_describe(error)}). "
                "Unlock the keyring and try again."
            ) from None
        with self._lock:
            self._memory.pop(name, None)
            self._seen[name] = value

    def store(self, name: str, value: str, *, session_only: bool = False) -> tuple[str, str]:
        """Store `value` under `name` wherever it can be kept; never refuses.

        Returns (KEYRING or SESSION, why it is session-only: "" when in the keyring). A keyring
        that refuses (locked, broken) leaves the secret in memory for this run, with the reason.
        """
        if session_only or not self.available:
            remember_secret_value(value)
            with self._lock:
                self._memory[name] = value
            reason = (
                str(self.headline)
                if not self.available
                else QT_TRANSLATE_NOOP("Errors", "you chose this session only")
            )
            return SESSION, reason
        try:
            self.set(name, value)
        except SecretAccessError as error:
            with self._lock:
                self._memory[name] = value
            return SESSION, str(error)
        return KEYRING, ""

    def session_only(self, name: str) -> bool:
        """Whether `name` is held in memory for this run only (not in a keyring)."""
        with self._lock:
            return name in self._memory

    def get(self, name: str, *, fresh: bool = False) -> str | None:
        """The secret stored under `name`, or None. When the keyring refuses, raise.

        A secret kept for this session wins over the keyring: it is the one typed last. With
        `fresh`, the keyring is asked again even for a value read before (another process may
        have changed or deleted it since).
        """
        with self._lock:
            if name in self._memory:
                return self._memory[name]
            if name in self._seen and not fresh:
                return self._seen[name]
        if not self.available:
            return None
        import keyring  # noqa: PLC0415 - keyring loads with the first secret looked up (test_idle_memory)
        from keyring.errors import KeyringError  # noqa: PLC0415 - keyring loads with the first secret looked up (test_idle_memory)

        try:
            value = keyring.get_password(self.service, name)
        except KeyringError as error:
            raise SecretAccessError(
                f"The system keyring refused to give out the secret {name!r} "
                f"({_describe(error)}). Unlock the keyring and try again."
            ) from None
        with self._lock:
            if value is None:
                self._seen.pop(name, None)
            else:
                remember_secret_value(value)
                self._seen[name] = value
        return value

    def has(self, name: str) -> bool:
        """Whether a secret is stored under `name`; a keyring that refuses to say counts as no."""
        try:
            return self.get(name) is not None
        except SecretAccessError:
            return False

    def delete(self, name: str) -> None:
        """Remove the secret `name`; removing one that is not there is not an error."""
        with self._lock:
            held_here = self._memory.pop(name, None) is not None
            self._seen.pop(name, None)
        if not self.available or held_here:
            return
        import keyring  # noqa: PLC0415 - keyring loads with the first secret looked up (test_idle_memory)
        from keyring.errors import KeyringError, PasswordDeleteError  # noqa: PLC0415 - keyring loads with the first secret looked up (test_idle_memory)

        try:
            keyring.delete_password(self.service, name)
        except PasswordDeleteError:
            if keyring.get_password(self.service, name) is not None:
                raise SecretAccessError(
                    f"The system keyring refused to delete the secret {name!r}."
                ) from None
        except KeyringError as error:
            raise SecretAccessError(
                f"The system keyring refused to delete the secret {name!r} ({_describe(error)})."
            ) from None


class KeyringGlance:
    """What a settings form shows about secrets, answered from memory: whether a keyring is
    used (and why not), and which of the secrets looked up beforehand it holds.

    Taken off the GUI thread (asking the keyring may wait until it is unlocked); a name not
    looked up then (an entry added since) counts as not stored.
    """

    def __init__(self, store: SecretStore, names: Iterable[str]) -> None:
        self._store = store
        self.available = store.available
        self.problem = store.problem
        self.headline = store.headline
        held: set[str] = set()
        for name in names:
            try:
                if store.has(name):
                    held.add(name)
            # A backend failing in its own way: the secret shows as not stored, Settings opens.
            except Exception as error:  # noqa: BLE001 - logged; the secret shows as not stored
                log.warning("Could not look up the secret %r: %s", name, _describe(error))
        self._held = frozenset(held)

    def has(self, name: str) -> bool:
        return name in self._held

    def session_only(self, name: str) -> bool:
        return self._store.session_only(name)


class PluginSecrets:
    """A plugin's own corner of a `SecretStore` (names prefixed with the plugin's name), for
    credentials the plugin gets at run time, such as a tool server's OAuth tokens."""

    def __init__(self, store: SecretStore, plugin: str) -> None:
        self._store = store
        self._prefix = f"plugin:{plugin}:"

    def get(self, name: str) -> str | None:
        return self._store.get(self._prefix + name)

    def store(self, name: str, value: str) -> tuple[str, str]:
        return self._store.store(self._prefix + name, value)

    def delete(self, name: str) -> None:
        self._store.delete(self._prefix + name)

    def remember(self, value: str) -> None:
        """Blank `value` out of everything the app writes (a token inside a stored record)."""
        remember_secret_value(value)


#: The first sentences of `probe_keyring`'s answers, which `SecretStore.headline` cuts out:
#: marked too, so the window can show a headline in its own language.
KEYRING_HEADLINES = (
    QT_TRANSLATE_NOOP("Errors", "No system keyring is available."),
    QT_TRANSLATE_NOOP("Errors", "The system keyring cannot be used ({reason})."),
    # As a settings change names it inside its notice's brackets, without the full stop.
    QT_TRANSLATE_NOOP("Errors", "No system keyring is available"),
)


def probe_keyring(service: str) -> tuple[bool, str | None]:
    """Whether the system keyring can keep secrets of `service`, and if not why, in words."""
    import keyring  # noqa: PLC0415 - keyring loads with the first secret looked up (test_idle_memory)

    backend = keyring.get_keyring()
    if backend.priority <= 0:
        log.info("Keyring backend %s cannot keep secrets", type(backend).__module__)
        return False, QT_TRANSLATE_NOOP(
            "Errors",
            "No system keyring is available. API keys are kept "
            "in memory for this run only and must be entered again after a restart. Install "
            "and unlock a keyring service (for example GNOME Keyring or KWallet) to keep them.",
        )
    try:
        backend.get_password(service, "__availability_probe__")
    # KeyringError, or a backend failing its own way (D-Bus gone): either way not usable.
    except Exception as error:  # noqa: BLE001 - the reason is the answer: no keyring
        return False, QT_TRANSLATE_NOOP(
            "Errors",
            "The system keyring cannot be used ({reason}). API keys are kept in "
            "memory for this run only. Unlock or repair the keyring and restart to keep them.",
        ).format(reason=_describe(error))
    return True, None


def _probe_in_a_helper(service: str) -> tuple[bool, str | None]:
    """`probe_keyring` in a process of its own (`agent_app.keyring_probe`); here when it fails."""
    import json  # noqa: PLC0415 - secrets loads before the first paint; json and subprocess need not
    import subprocess  # noqa: PLC0415 - secrets loads before the first paint; json and subprocess need not

    module = "agent_app.keyring_probe"
    # As a module, never as a file: run from its folder, `secrets.py` would shadow the
    # standard library's. -I: no user site-packages, no PYTHON* variables, no working folder.
    command = (
        [sys.executable, "-m", module]
        if getattr(sys, "frozen", False)
        else [sys.executable, "-I", "-m", module]
    )
    try:
        finished = subprocess.run(
            [*command, service], capture_output=True, text=True, timeout=30, check=True
        )
        available, problem = json.loads(finished.stdout.strip().splitlines()[-1])
        return bool(available), problem if problem is None else str(problem)
    except (OSError, subprocess.SubprocessError, ValueError, IndexError, TypeError) as error:
        log.warning("The keyring probe process failed (%s); asking the keyring here", error)
        return probe_keyring(service)


def _describe(error: BaseException) -> str:
    text = redact(str(error)).strip()
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
