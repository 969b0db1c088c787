"""Applied settings changes as events (napari's `EventedSettings`, qutebrowser's
`config.changed`): whoever shows a setting subscribes to its key and follows it at once, instead
of the settings dialog poking widgets or everything being re-read.

Keys are `Settings` field names (`theme`, `send_key`, `tool_rules`…), config sections
(`providers`, `agents`, `mcp_servers`, `plugins`) and `secrets` (a secret under no config
section was stored or removed). Qt-free: the window's listeners run on the thread that applied
the change (the GUI thread, from the settings dialog's OK).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agent_app.config import AppConfig
    from agent_app.settings import Settings

logger = logging.getLogger(__name__)

CONFIG_SECTIONS = ("providers", "agents", "mcp_servers", "plugins", "disabled_plugins")
#: The key of a change that stored or removed a secret under no config section.
SECRETS_KEY = "secrets"


@dataclass(frozen=True)
class SettingsChanged:
    """One applied change: the keys whose values differ now, and notices worth telling (a key
    kept for this session only)."""

    keys: frozenset[str]
    notices: tuple[str, ...] = field(default=())


Listener = Callable[[SettingsChanged], None]


def changed_keys(
    settings: Settings, config: AppConfig, new_settings: Settings, new_config: AppConfig
) -> frozenset[str]:
    """The `Settings` fields and config sections whose values differ between old and new."""
    before, after = settings.model_dump(), new_settings.model_dump()
    keys = {key for key in after if before.get(key) != after[key]}
    keys.update(
        section
        for section in CONFIG_SECTIONS
        if getattr(config, section) != getattr(new_config, section)
    )
    return frozenset(keys)


def section_of_secret(name: str) -> str | None:
    """The config section a secret ("providers.<id>.api_key") is under, or None (a plugin's
    own secret, such as an agent-adapter plugin's)."""
    section = name.split(".", 1)[0]
    return section if section in CONFIG_SECTIONS else None


def sections_of_secrets(names: Iterable[str]) -> frozenset[str]:
    """The config sections whose secrets `names` ("providers.<id>.api_key") are: a key entered
    again under the same `${keyring:…}` reference changes no file, yet what uses that provider
    must follow it."""
    return frozenset(
        section for section in (section_of_secret(name) for name in names) if section is not None
    )


class SettingsEvents:
    """Listeners of applied settings changes, each for the keys it shows (or all)."""

    def __init__(self) -> None:
        self._listeners: list[tuple[frozenset[str] | None, Listener]] = []

    def subscribe(
        self, listener: Listener, keys: Iterable[str] | None = None
    ) -> Callable[[], None]:
        """Call `listener` after every applied change touching one of `keys` (any change when
        None). Returns a function that unsubscribes it."""
        entry = (frozenset(keys) if keys is not None else None, listener)
        self._listeners.append(entry)
        return lambda: self._listeners.remove(entry) if entry in self._listeners else None

    def emit(self, change: SettingsChanged) -> None:
        """Tell the listeners concerned. One that fails is logged with its name; the others
        are still told (the change is applied and saved either way)."""
        for keys, listener in list(self._listeners):
            if keys is not None and not keys & change.keys:
                continue
            try:
                listener(change)
            except Exception:  # a listener's bug must not hide the change from the rest
                logger.exception(
                    "A listener of settings changes (%s) failed for %s",
                    getattr(listener, "__qualname__", repr(listener)),
                    sorted(change.keys),
                )
