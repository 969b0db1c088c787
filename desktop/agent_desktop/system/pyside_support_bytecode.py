"""PySide's support modules and their patterns kept compiled in the app's cache, not compiled at
every start.

shiboken6 carries its bootstrap and its support package (`shibokensupport`: the signature loader,
parser and mapping) as sources inside its library. Unless a `files.dir` folder beside it holds
them as files (the bundle ships that: packaging/README.md), it compiles all fourteen with the
built-in `compile` whenever a process first imports PySide6: 134 M instructions, a sixth of the
installed app's start to its first paint, and nothing in it differs from one start to the next.

While the entry point first imports PySide6 (`kept_in`), a `compile` of one of these sources
returns the code object kept from an earlier start, when the source and the compiler are the
same; otherwise it compiles as before and keeps the result. Python's own modules get the same
from `__pycache__`; this is that, for the sources Python's importer never sees.

The support modules then compile their regular expressions (the signature parser's and the stub
formatter's, some of them long): Python's `re` parses and compiles each in Python, 25-40 ms of CPU
at every start, a tenth of the app's start to its first paint. While PySide imports, a pattern
compiled at an earlier start by the same Python is built from the program `re` made for it then
(`KeptRegexes`), which is what `re` hands to its C engine after its own work. Unlike the
bytecode, the programs are kept where Python writes no bytecode: they are not Python's bytecode
files. (In the bundle PyInstaller's PySide6 runtime hook imports QtCore before the entry point
runs: the bundle's own hook, packaging/pyinstaller/rthook_pyside_patterns.py, imports it first
inside `kept_in`.)
"""

from __future__ import annotations
import __future__

import _sre  # type: ignore[import-not-found]  # no stubs: the C engine of `re`
import builtins
import marshal
import os
import re._compiler  # type: ignore[import-not-found]
import sys
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib._bootstrap_external import MAGIC_NUMBER
from pathlib import Path
from typing import Any

# The names shiboken compiles its embedded sources under.
_BOOTSTRAP = "signature_bootstrap.py"
_SUPPORT_PACKAGE = "shibokensupport/"

# The `from __future__` flags `compile` takes from the code calling it (unless told not to):
# part of what the compiled code is, so part of what a kept one must match. Those of
# `nested_scopes` and `generators` are obsolete, and not taken.
_FUTURE_FLAGS = 0
for _feature in set(__future__.all_feature_names) - {"nested_scopes", "generators"}:
    _FUTURE_FLAGS |= getattr(__future__, _feature).compiler_flag


def _is_embedded_source(source: object, filename: object, mode: str) -> bool:
    return (
        mode == "exec"
        and isinstance(source, bytes)
        and isinstance(filename, str)
        and (filename == _BOOTSTRAP or filename.startswith(_SUPPORT_PACKAGE))
    )


@contextmanager
def kept_in(cache_dir: Path) -> Iterator[None]:
    """Around the process's first import of PySide6 (before any other thread runs): shiboken's
    embedded sources and the patterns its modules compile are compiled once into a folder of
    the app's `cache_dir` and loaded from there at later starts."""
    folder = cache_dir / "pyside-support"
    real_compile = builtins.compile
    patterns = KeptRegexes(folder / "patterns.marshal")

    def compile_or_reuse(
        source: Any, filename: Any, mode: str, flags: int = 0, *more: Any, **options: Any
    ) -> Any:
        if more or options or flags or not _is_embedded_source(source, filename, mode):
            return real_compile(source, filename, mode, flags, *more, **options)
        # The flags a direct call would have inherited: those of the code calling `compile`.
        inherited = sys._getframe(1).f_code.co_flags & _FUTURE_FLAGS
        return kept_code(folder, source, filename, inherited, real_compile)

    builtins.compile = compile_or_reuse
    try:
        with patterns.in_use():
            yield
    finally:
        builtins.compile = real_compile
    patterns.keep()


def kept_code(
    folder: Path,
    source: bytes,
    filename: str,
    future_flags: int,
    compile_source: Callable[..., Any] = compile,
) -> Any:
    """The code of `source` (compiled as `filename` with `future_flags`): the one kept in
    `folder` when it was compiled from the same source by this Python, else compiled now with
    `compile_source` and kept for the next start."""
    stamp = b"".join(
        (
            MAGIC_NUMBER,  # this Python's bytecode
            future_flags.to_bytes(4, "little"),
            len(source).to_bytes(8, "little"),
            zlib.crc32(source).to_bytes(4, "little"),
        )
    )
    path = folder / (filename.replace("/", ".") + ".code")
    code = _kept(path, stamp)
    if code is not None:
        return code
    code = compile_source(source, filename, "exec", future_flags, True)
    if not sys.dont_write_bytecode:
        _keep(path, stamp + marshal.dumps(code))
    return code


def _kept(path: Path, stamp: bytes) -> Any:
    """The code kept at `path` under `stamp`; None when there is none, it was kept for another
    source or Python, or the file is damaged (it is then compiled and kept anew)."""
    try:
        kept = path.read_bytes()
    except OSError:
        return None
    if not kept.startswith(stamp):
        return None
    try:
        return marshal.loads(memoryview(kept)[len(stamp) :])
    except (EOFError, ValueError, TypeError):
        return None


def _keep(path: Path, data: bytes) -> None:
    """Write whole or not at all: a start reading the folder meanwhile never finds half."""
    # A read-only or full disk: this start has its code, the next compiles again.
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        partial.write_bytes(data)
        os.replace(partial, path)
    except OSError:
        partial.unlink(missing_ok=True)


# What a kept pattern's program was made by: this Python and its regular expression engine.
_PATTERN_STAMP = (sys.version, _sre.MAGIC, _sre.CODESIZE)


class _RecordingEngine:
    """Stands for `_sre` in `re._compiler` while a pattern compiles: what `re` hands its C
    engine (the pattern, its flags, program and groups) is kept as the engine gets it."""

    def __init__(self) -> None:
        self.arguments: tuple[Any, ...] | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(_sre, name)

    def compile(self, *arguments: Any) -> Any:
        self.arguments = arguments
        return _sre.compile(*arguments)

    def taken(self) -> tuple[Any, ...] | None:
        """What the engine got since last taken (None: nothing reached it)."""
        arguments, self.arguments = self.arguments, None
        return arguments


class KeptRegexes:
    """Regular expressions compiled while `in_use`, kept in one file at `path` for the next start.

    A pattern compiled before by this Python is built by the engine from the program `re` made
    for it then, without parsing it again; a new one is compiled by `re` as always, and kept
    when `keep` is called."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.programs: dict[tuple[str | bytes, int], tuple[Any, ...]] = _kept_programs(path)
        self.added = False

    @contextmanager
    def in_use(self) -> Iterator[None]:
        real_compile = re._compiler.compile
        engine = _RecordingEngine()

        def compile_or_reuse(pattern: Any, flags: int = 0) -> Any:
            if not isinstance(pattern, (str, bytes)) or flags & re.DEBUG:
                return real_compile(pattern, flags)
            key = (pattern, int(flags))  # a RegexFlag is an int to marshal
            program = self.programs.get(key)
            if program is not None:
                try:
                    return _sre.compile(*program)
                except (TypeError, ValueError, RuntimeError, OverflowError):
                    # A program the engine refuses (a file changed by hand): compiled anew
                    # below and kept in its place, rather than a start that fails in PySide6.
                    self.added = True
            re._compiler._sre = engine
            try:
                compiled = real_compile(pattern, flags)
            finally:
                re._compiler._sre = _sre
            arguments = engine.taken()
            if arguments is not None:
                # The program's opcodes are named int constants: kept as the ints they are.
                source, engine_flags, program, *groups = arguments
                self.programs[key] = (source, int(engine_flags), list(map(int, program)), *groups)
                self.added = True
            return compiled

        re._compiler.compile = compile_or_reuse
        try:
            yield
        finally:
            re._compiler.compile = real_compile

    def keep(self) -> None:
        """Write the programs down when patterns were compiled that were not kept yet."""
        if self.added:
            _keep(self.path, marshal.dumps((_PATTERN_STAMP, self.programs)))
            self.added = False


def _kept_programs(path: Path) -> dict[tuple[str | bytes, int], tuple[Any, ...]]:
    """The programs kept at `path` by this Python; none when there are none, they were made by
    another Python, or the file is damaged (they are then compiled and kept anew)."""
    try:
        stamp, programs = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return programs if stamp == _PATTERN_STAMP and isinstance(programs, dict) else {}
