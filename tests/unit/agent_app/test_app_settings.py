"""Settings load tolerantly (the app always starts) and save only non-default values atomically."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from agent_app.settings import Settings, load_settings, save_settings


def test_missing_file_gives_defaults_without_problems(tmp_path):
    settings, problems = load_settings(tmp_path / "settings.json")
    assert settings == Settings()
    assert problems == []


def test_only_non_default_values_are_written(tmp_path):
    path = tmp_path / "settings.json"
    settings = Settings(theme="dark", max_tool_iterations=7, tool_approvals={"shell": "always"})
    save_settings(settings, path)
    assert json.loads(path.read_text()) == {
        "max_tool_iterations": 7,
        "theme": "dark",
        "tool_approvals": {"shell": "always"},
    }
    loaded, problems = load_settings(path)
    assert loaded == settings
    assert problems == []


def test_broken_json_is_backed_up_and_defaults_used(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"theme": "dark",')
    settings, problems = load_settings(path)
    assert settings == Settings()
    assert len(problems) == 1
    assert "could not be read" in problems[0]
    backups = list(tmp_path.glob("settings.json.broken-*.bak"))
    assert len(backups) == 1
    assert backups[0].read_text() == '{"theme": "dark",'
    assert backups[0].name in problems[0]


def test_bad_keys_are_reported_and_good_keys_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps(
            {"theme": "purple", "send_key": "ctrl_enter", "max_tool_iterations": -3, "colour": 1}
        )
    )
    settings, problems = load_settings(path)
    assert settings.send_key == "ctrl_enter"
    assert settings.theme == "system"
    assert settings.max_tool_iterations == 25
    assert len(problems) == 1
    for key in ("'theme'", "'max_tool_iterations'", "'colour'"):
        assert key in problems[0]
    assert list(tmp_path.glob("settings.json.invalid-*.bak"))


def test_a_json_array_is_not_settings(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[1, 2]")
    settings, problems = load_settings(path)
    assert settings == Settings()
    assert "does not hold a JSON object" in problems[0]


def test_assignment_is_validated():
    settings = Settings()
    with pytest.raises(ValidationError):
        settings.theme = "neon"  # type: ignore[assignment]


@pytest.mark.parametrize("keys", ["", "Ctrl+Alt+Space", "Meta+Q", "Ctrl+Shift+J", "Alt++"])
def test_a_quick_entry_shortcut_is_one_combination_holding_ctrl_alt_or_meta(keys):
    assert Settings(quick_entry_shortcut=keys).quick_entry_shortcut == keys


@pytest.mark.parametrize(
    ("keys", "said"),
    [
        ("J", "hold Ctrl, Alt or Meta"),
        ("Shift+J", "hold Ctrl, Alt or Meta"),
        ("Ctrl+J, Ctrl+K", "one key combination"),
        ("Hyper+J", "write it like Ctrl"),
        ("Ctrl+", "write it like Ctrl"),
    ],
)
def test_a_quick_entry_shortcut_that_would_take_typing_away_is_refused(keys, said):
    with pytest.raises(ValidationError, match=said):
        Settings(quick_entry_shortcut=keys)


def test_settings_the_window_could_not_use_are_ignored_named_and_kept(tmp_path):
    path = tmp_path / "settings.json"
    written = (
        '{"last_session_id": "\\ud800", "window_geometry": "pos\\u00e9", '
        '"splitter_state": "AAAA/w==", "send_key": "ctrl_enter"}'
    )
    path.write_text(written, encoding="utf-8")

    settings, problems = load_settings(path)

    assert settings.last_session_id is None
    assert settings.window_geometry == ""
    assert settings.splitter_state == "AAAA/w=="
    assert settings.send_key == "ctrl_enter"
    [problem] = problems
    assert "'last_session_id' has an unusable value (it holds text that is not valid" in problem
    assert "'window_geometry' has an unusable value" in problem
    [kept] = tmp_path.glob("settings.json.invalid-*.bak")
    assert kept.read_text(encoding="utf-8") == written
    save_settings(settings, path)
    assert json.loads(path.read_text(encoding="utf-8"))["send_key"] == "ctrl_enter"
