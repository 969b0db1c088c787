"""shiboken's embedded sources and its modules' patterns compile once, then load from the app's
cache at each start."""

from __future__ import annotations

import marshal
import re
import sys

import pytest

from agent_desktop.system.pyside_support_bytecode import KeptRegexes, kept_code

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


PATTERNS = (
    (r"(?P<name>\w+)\s*=\s*(?P<value>[^,)]+)", 0),
    (r"  # a comment\n  (?P<open>\[) (?P<body>.*?) \]", re.VERBOSE | re.IGNORECASE),
    (rb"\x00+(?P<tail>[a-f0-9]{2,})$", re.MULTILINE),
)


class CountingRegexCompile:
    """`re`'s own compiling of a pattern, counting its calls."""

    def __init__(self, monkeypatch) -> None:
        self.calls = 0
        self.real = re._compiler.compile
        monkeypatch.setattr(re._compiler, "compile", self)

    def __call__(self, pattern, flags=0):
        self.calls += 1
        return self.real(pattern, flags)


def _described(pattern) -> tuple:
    samples = ("a = 1, b=two)", "  [ X ] [y]", b"\x00\x00ff\n\x00ab")
    matched = [
        pattern.search(sample).groupdict() if pattern.search(sample) else None
        for sample in samples
        if isinstance(sample, type(pattern.pattern))
    ]
    return pattern.pattern, pattern.flags, pattern.groups, dict(pattern.groupindex), matched


def test_patterns_compile_once_and_are_then_built_from_the_kept_programs(tmp_path, monkeypatch):
    path = tmp_path / "patterns.marshal"
    counting = CountingRegexCompile(monkeypatch)
    first = KeptRegexes(path)
    with first.in_use():
        compiled = [re._compiler.compile(pattern, flags) for pattern, flags in PATTERNS]
    first.keep()
    again = KeptRegexes(path)
    with again.in_use():
        rebuilt = [re._compiler.compile(pattern, flags) for pattern, flags in PATTERNS]
    assert counting.calls == len(PATTERNS)  # the second time, none was parsed and compiled
    assert [_described(p) for p in rebuilt] == [_described(p) for p in compiled]
    assert re._compiler.compile is counting  # put back as it was


def test_kept_patterns_of_another_python_or_a_damaged_file_are_compiled_anew(tmp_path, monkeypatch):
    path = tmp_path / "patterns.marshal"
    kept = KeptRegexes(path)
    with kept.in_use():
        re._compiler.compile(*PATTERNS[0])
    kept.keep()
    stamp, programs = marshal.loads(path.read_bytes())
    path.write_bytes(marshal.dumps((("another Python", *stamp[1:]), programs)))
    assert KeptRegexes(path).programs == {}
    path.write_bytes(path.read_bytes()[:-7])
    counting = CountingRegexCompile(monkeypatch)
    anew = KeptRegexes(path)
    with anew.in_use():
        assert _described(re._compiler.compile(*PATTERNS[0]))[3] == {"name": 1, "value": 2}
    assert counting.calls == 1


def test_a_kept_program_the_engine_refuses_is_compiled_anew_and_replaced(tmp_path, monkeypatch):
    """A patterns file changed by hand (a program the regular expression engine refuses) costs
    a compile, never a start that fails while PySide6 imports."""
    path = tmp_path / "patterns.marshal"
    kept = KeptRegexes(path)
    with kept.in_use():
        wanted = _described(re._compiler.compile(*PATTERNS[0]))
    kept.keep()
    stamp, programs = marshal.loads(path.read_bytes())
    for key, (source, flags, _program, *groups) in programs.items():
        programs[key] = (source, flags, [999_999], *groups)
    path.write_bytes(marshal.dumps((stamp, programs)))
    counting = CountingRegexCompile(monkeypatch)
    anew = KeptRegexes(path)
    with anew.in_use():
        assert _described(re._compiler.compile(*PATTERNS[0])) == wanted
    anew.keep()
    assert counting.calls == 1
    assert KeptRegexes(path).programs == kept.programs  # the refused program was replaced
