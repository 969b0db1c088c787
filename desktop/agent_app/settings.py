"""User preferences: a pydantic model in `settings.json` in the config folder.

Loading is tolerant — the app always starts. A file that is not JSON, or that holds values of the
wrong shape, is copied aside as a backup, each bad key is reported, and defaults are used for what
could not be read. Saving writes only the values that differ from the defaults, atomically.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from agent_app.paths import remove_leftover_temporaries, set_aside, write_atomically
from agent_app.tool_trust import SERVER_TRUST_LABELS, ServerTrust, ToolRule
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_app.untrusted_json import not_unicode

DEFAULT_MAX_ATTACHMENT_BYTES = 50 * 1024 * 1024


MIB = 1024 * 1024
# The package index plugins are installed from by name (any simple repository API index).
DEFAULT_PLUGIN_INDEX_URL = "https://pypi.org/simple/"
GENERAL = QT_TRANSLATE_NOOP("Settings", "General")
TOOLS = QT_TRANSLATE_NOOP("Settings", "Tools")


def _shown(section: str, **extra: Any) -> dict[str, Any]:
    """Schema extras that put a field on a Settings page (`section`), with presentation hints:
    `option_labels` {value: words}, `unit` and `unit_scale` (shown as value / scale)."""
    return {"section": section, **extra}


#: Drawn per server on the Tools page (not a field of a section's form).
_TRUST_LABELS: dict[str, Any] = {"option_labels": SERVER_TRUST_LABELS}


class Settings(BaseModel):
    """The user's preferences. Fields with a `section` are shown on that Settings page, built
    from the title, description and constraints given here (napari's preferences do the same);
    the others are state the app keeps for itself."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    theme: Literal["system", "light", "dark", "high_contrast"] = Field(
        default="system",
        title=QT_TRANSLATE_NOOP("Settings", "Appearance"),
        json_schema_extra=_shown(
            GENERAL,
            option_labels={
                "system": QT_TRANSLATE_NOOP("Settings", "Follow the system"),
                "light": QT_TRANSLATE_NOOP("Settings", "Light"),
                "dark": QT_TRANSLATE_NOOP("Settings", "Dark"),
                "high_contrast": QT_TRANSLATE_NOOP("Settings", "High contrast"),
            },
        ),
    )
    # The languages shipped in resources/translations (tests/unit/test_translations.py holds
    # the two lists equal), each named in its own language; "system" follows the locale.
    language: Literal["system", "en", "ja", "zh_CN", "es", "de", "fr", "ar"] = Field(
        default="system",
        title=QT_TRANSLATE_NOOP("Settings", "Language"),
        json_schema_extra=_shown(
            GENERAL,
            option_labels={
                "system": QT_TRANSLATE_NOOP("Settings", "Follow the system"),
                "en": "English",
                "ja": "日本語",
                "zh_CN": "简体中文",
                "es": "Español",
                "de": "Deutsch",
                "fr": "Français",
                "ar": "العربية",
            },
        ),
    )
    send_key: Literal["enter", "ctrl_enter"] = Field(
        default="enter",
        title=QT_TRANSLATE_NOOP("Settings", "Send messages with"),
        json_schema_extra=_shown(
            GENERAL,
            option_labels={
                "enter": QT_TRANSLATE_NOOP("Settings", "Enter (Shift+Enter for a new line)"),
                "ctrl_enter": QT_TRANSLATE_NOOP("Settings", "Ctrl+Enter"),
            },
        ),
    )
    window_geometry: str = ""
    window_state: str = ""
    splitter_state: str = ""
    max_tool_iterations: int = Field(
        default=25,
        ge=1,
        le=1000,
        title=QT_TRANSLATE_NOOP("Settings", "Tool rounds per request"),
        description=QT_TRANSLATE_NOOP(
            "Settings", "The agent stops after this many rounds of tool calls in one request."
        ),
        json_schema_extra=_shown(TOOLS),
    )
    tool_timeout_seconds: float = Field(
        default=120.0,
        gt=0,
        le=86400,
        title=QT_TRANSLATE_NOOP("Settings", "Tool time limit"),
        description=QT_TRANSLATE_NOOP("Settings", "A tool that runs longer than this is stopped."),
        json_schema_extra=_shown(TOOLS, unit=QT_TRANSLATE_NOOP("Settings", "seconds")),
    )
    plugin_hook_time_limit_seconds: float = Field(
        default=30.0,
        gt=0,
        title=QT_TRANSLATE_NOOP("Settings", "Plugin time limit (seconds)"),
        description=QT_TRANSLATE_NOOP(
            "Settings",
            "A plugin hook still running after this long stops its request, so the "
            "app keeps responding.",
        ),
        json_schema_extra=_shown(GENERAL),
    )
    max_attachment_bytes: int = Field(
        default=DEFAULT_MAX_ATTACHMENT_BYTES,
        ge=1,
        le=4096 * MIB,
        title=QT_TRANSLATE_NOOP("Settings", "Largest attachment"),
        description=QT_TRANSLATE_NOOP("Settings", "Files larger than this are not attached."),
        json_schema_extra=_shown(
            GENERAL, unit=QT_TRANSLATE_NOOP("Settings", "MiB"), unit_scale=MIB
        ),
    )
    tool_approvals: dict[str, str] = Field(default_factory=dict)
    # The definition fingerprint each "always allowed" tool had when it was allowed.
    approved_tool_definitions: dict[str, str] = Field(default_factory=dict)
    tool_rules: list[ToolRule] = Field(default_factory=list)
    mcp_server_trust: dict[str, ServerTrust] = Field(
        default_factory=dict,
        title=QT_TRANSLATE_NOOP("Settings", "MCP server trust"),
        description=QT_TRANSLATE_NOOP(
            "Settings",
            "Per MCP server: whether the tools it marks read-only may run without "
            "asking (a server's hints are its own claims). Servers not listed are asked about.",
        ),
        json_schema_extra=_TRUST_LABELS,
    )
    plugin_folders: list[str] = Field(
        default_factory=list,
        title=QT_TRANSLATE_NOOP("Settings", "Extra plugin folders"),
        description=QT_TRANSLATE_NOOP(
            "Settings",
            "Folders holding agent_plugin.json plugins, one per line; loaded on the next start.",
        ),
        json_schema_extra=_shown(GENERAL),
    )
    plugin_index_url: str = Field(
        default=DEFAULT_PLUGIN_INDEX_URL,
        title=QT_TRANSLATE_NOOP("Settings", "Plugin package index"),
        description=QT_TRANSLATE_NOOP(
            "Settings",
            "Where Settings → Plugins finds a plugin installed by its package name (the "
            "address of a simple repository index).",
        ),
        json_schema_extra=_shown(GENERAL),
    )
    developer_mode: bool = Field(
        default=False,
        title=QT_TRANSLATE_NOOP("Settings", "Developer mode"),
        description=QT_TRANSLATE_NOOP(
            "Settings",
            "Also list plugins that exist for tests and demos (such as scripted replies).",
        ),
        json_schema_extra=_shown(GENERAL),
    )
    last_session_id: str | None = None
    # The model picker's pinned and recently picked models: (provider id, model id) pairs.
    pinned_models: list[tuple[str, str]] = Field(default_factory=list)
    recent_models: list[tuple[str, str]] = Field(default_factory=list)
    text_scale_percent: int = Field(
        default=100,
        ge=70,
        le=200,
        title=QT_TRANSLATE_NOOP("Settings", "Text size (%)"),
        description=QT_TRANSLATE_NOOP(
            "Settings", "Size of the chat's text, relative to the system font (View → Bigger text)."
        ),
        json_schema_extra=_shown(GENERAL),
    )
    sidebar_visible: bool = Field(
        default=True,
        title=QT_TRANSLATE_NOOP("Settings", "Show the sidebar"),
        description=QT_TRANSLATE_NOOP("Settings", "The list of chats on the left."),
        json_schema_extra=_shown(GENERAL),
    )
    tray_icon: bool = Field(
        default=True,
        title=QT_TRANSLATE_NOOP("Settings", "Show an icon in the system tray"),
        description=QT_TRANSLATE_NOOP(
            "Settings",
            "Show or hide the window and start a chat from the tray; when the window "
            "is hidden, a finished answer is announced there.",
        ),
        json_schema_extra=_shown(GENERAL),
    )
    quick_entry_shortcut: str = Field(
        default="",
        max_length=60,
        title=QT_TRANSLATE_NOOP("Settings", "Quick entry shortcut"),
        description=QT_TRANSLATE_NOOP(
            "Settings",
            "Keys that work in every app: they bring this window forward with the "
            "message box of a new chat ready (or of the chat shown, while it is empty or holds a "
            "draft). Empty: off. The command agent-desktop --quick-entry does the same.",
        ),
        json_schema_extra=_shown(GENERAL, widget="shortcut", availability="global_shortcut"),
    )

    @field_validator("quick_entry_shortcut")
    @classmethod
    def _one_combination_with_a_modifier(cls, text: str) -> str:
        return check_global_key_combination(text)

    @field_validator("plugin_index_url")
    @classmethod
    def _an_http_address(cls, text: str) -> str:
        if not text.strip().lower().startswith(("https://", "http://")):
            raise ValueError(
                "must be the http:// or https:// address of a package index, such as "
                f"{DEFAULT_PLUGIN_INDEX_URL}"
            )
        return text.strip()

    @field_validator("window_geometry", "window_state", "splitter_state")
    @classmethod
    def _saved_by_the_window(cls, text: str) -> str:
        # The window restores these from Base64 at start; other text would stop it opening.
        if not _BASE64.fullmatch(text):
            raise ValueError("must be the Base64 text the window saved")
        return text


GLOBAL_MODIFIERS = ("ctrl", "alt", "meta")
_BASE64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")


def check_global_key_combination(text: str) -> str:
    """A global shortcut ("Ctrl+Alt+Space", Qt's portable text) is one combination holding
    Ctrl, Alt or Meta: a plain key (or Shift+key) would take typing away from every other app."""
    text = text.strip()
    if not text:
        return ""
    if "," in text.replace("+,", ""):
        raise ValueError("give one key combination, not a sequence of them")
    names, _, key = text[:-1].rpartition("+") if text.endswith("++") else text.rpartition("+")
    key = "+" if text.endswith("++") else key
    modifiers = [name.strip().lower() for name in names.split("+")] if names else []
    unknown = [name for name in modifiers if name not in (*GLOBAL_MODIFIERS, "shift")]
    if unknown or not key.strip():
        raise ValueError(
            f"{text!r} is not a key combination: write it like Ctrl+Alt+Space "
            "(modifiers Ctrl, Alt, Shift, Meta, then one key)"
        )
    if not set(modifiers) & set(GLOBAL_MODIFIERS):
        raise ValueError(
            "hold Ctrl, Alt or Meta in it: a plain key would stop that key working in every "
            "other app"
        )
    return text


@dataclass
class LoadedFile:
    """What tolerant loading found: the usable data and the problems (saying where the
    original file is kept)."""

    data: dict[str, Any]
    problems: list[str] = field(default_factory=list)


def read_json_object(path: Path, what: str) -> LoadedFile:
    """Read a JSON object from `path`; a missing file is empty, an unusable one is set aside.

    A byte-order mark is accepted. Text nested too deeply or numbers too long to read (a
    damaged or hostile file) are reported like any other unreadable file, never raised.
    """
    remove_leftover_temporaries(path)
    try:
        if not path.exists():
            return LoadedFile({})
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        # ValueError covers JSON syntax errors and integers longer than Python reads.
        reason = "it is nested too deeply" if isinstance(error, RecursionError) else str(error)
        return _set_aside(path, what, f"could not be read ({reason:.200})")
    if not isinstance(data, dict):
        return _set_aside(path, what, "does not hold a JSON object")
    return LoadedFile(data)


def _set_aside(path: Path, what: str, problem: str) -> LoadedFile:
    kept = set_aside(path, "broken")
    return LoadedFile({}, [f"The {what} file {path} {problem}; defaults are used. {kept}"])


def load_settings(path: Path) -> tuple[Settings, list[str]]:
    """Load settings, never failing: returns the settings and plain-words problems found."""
    loaded = read_json_object(path, "settings")
    good: dict[str, Any] = {}
    bad_keys: list[str] = []
    for key, value in loaded.data.items():
        if key not in Settings.model_fields:
            bad_keys.append(f"{key!r} is not a known setting")
            continue
        reason = not_unicode(value)
        if reason is None:
            try:
                Settings.model_validate({key: value})
            except ValidationError as error:
                reason = error.errors()[0]["msg"]
        if reason is not None:
            bad_keys.append(f"{key!r} has an unusable value ({reason})")
            continue
        good[key] = value
    problems = list(loaded.problems)
    if bad_keys:
        problems.append(
            f"Some settings in {path} were ignored and their defaults used: "
            f"{'; '.join(bad_keys)}. {set_aside(path, 'invalid')}"
        )
    return Settings.model_validate(good), problems


def save_settings(settings: Settings, path: Path) -> None:
    """Write only the non-default values, atomically."""
    values = settings.model_dump(mode="json", exclude_defaults=True)
    write_atomically(path, (json.dumps(values, indent=2, sort_keys=True) + "\n").encode("utf-8"))
