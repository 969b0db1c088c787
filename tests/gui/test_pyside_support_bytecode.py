"""shiboken's embedded sources compile once, then load from the app's cache at each start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from agent_desktop.system.pyside_support_bytecode import kept_code

ROOT = Path(__file__).resolve().parents[2]

SOURCE = b"def answer():\n    return 42\n"
NAME = "shibokensupport/example.py"


class CountingCompile:
    """The built-in compile, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, *arguments):
        self.calls += 1
        return compile(*arguments)


@pytest.fixture(autouse=True)
def writing_bytecode(monkeypatch):
    """As on a user's machine (this one may set PYTHONDONTWRITEBYTECODE)."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def _answer(code) -> int:
    namespace: dict = {}
    exec(code, namespace)
    return namespace["answer"]()


def test_a_source_compiles_once_and_is_then_read_from_the_folder(tmp_path):
    compiling = CountingCompile()
    first = kept_code(tmp_path, SOURCE, NAME, 0, compiling)
    again = kept_code(tmp_path, SOURCE, NAME, 0, compiling)
    assert compiling.calls == 1
    assert _answer(first) == _answer(again) == 42
    assert again.co_filename == NAME  # tracebacks name shiboken's file, as before


def test_a_changed_source_or_other_future_flags_compile_anew(tmp_path):
    import __future__

    compiling = CountingCompile()
    kept_code(tmp_path, SOURCE, NAME, 0, compiling)
    changed = kept_code(tmp_path, SOURCE.replace(b"42", b"43"), NAME, 0, compiling)
    annotations = __future__.annotations.compiler_flag
    with_flags = kept_code(tmp_path, SOURCE, NAME, annotations, compiling)
    assert compiling.calls == 3
    assert _answer(changed) == 43
    assert with_flags.co_consts[0].co_flags & annotations  # the function compiled with it


def test_a_damaged_file_is_compiled_anew_and_replaced(tmp_path):
    compiling = CountingCompile()
    kept_code(tmp_path, SOURCE, NAME, 0, compiling)
    (kept,) = tmp_path.iterdir()
    kept.write_bytes(kept.read_bytes()[:-9])  # cut short, as by a full disk
    assert _answer(kept_code(tmp_path, SOURCE, NAME, 0, compiling)) == 42
    assert _answer(kept_code(tmp_path, SOURCE, NAME, 0, compiling)) == 42
    assert compiling.calls == 2


def test_nothing_is_kept_where_python_is_told_to_write_no_bytecode(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert _answer(kept_code(tmp_path, SOURCE, NAME, 0)) == 42
    assert list(tmp_path.iterdir()) == []


def test_a_file_in_the_way_of_the_folder_still_gives_the_code(tmp_path):
    # Where the folder should be there is a file: nothing can be kept, the start goes on.
    blocked = tmp_path / "blocked"
    blocked.write_text("not a folder", encoding="utf-8")
    assert _answer(kept_code(blocked / "pyside-support", SOURCE, NAME, 0)) == 42
    assert blocked.read_text(encoding="utf-8") == "not a folder"


# `agent-desktop` to its first paint, counting the embedded sources the built-in compile gets.
COMPILES_PROBE = """
import builtins, json, sys
real_compile = builtins.compile
compiled = []
def counting(source, filename, *arguments, **options):
    if isinstance(filename, str) and (
        filename == "signature_bootstrap.py" or filename.startswith("shibokensupport/")
    ):
        compiled.append(filename)
    return real_compile(source, filename, *arguments, **options)
builtins.compile = counting
from agent_desktop.__main__ import run_app
run_app(["--exit-when-shown", "--data-dir", sys.argv[1]])
print(json.dumps(compiled))
"""


def _embedded_sources_compiled(data_dir: Path) -> list[str]:
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    environment.pop("PYTHONDONTWRITEBYTECODE", None)  # as on a user's machine
    result = subprocess.run(
        [sys.executable, "-c", COMPILES_PROBE, str(data_dir)],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_entry_point_compiles_shibokens_sources_only_at_its_first_start(tmp_path):
    # shiboken compiles its bootstrap and thirteen support modules whenever PySide6 is first
    # imported: 134 M instructions of each start to the first paint, unless kept.
    first = _embedded_sources_compiled(tmp_path / "data")
    assert "signature_bootstrap.py" in first
    assert "shibokensupport/signature/loader.py" in first
    assert _embedded_sources_compiled(tmp_path / "data") == []
