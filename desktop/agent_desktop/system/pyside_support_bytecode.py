"""PySide's support modules from bytecode kept in the app's cache, not compiled at every start.

shiboken6 carries its bootstrap and its support package (`shibokensupport`: the signature loader,
parser and mapping) as sources inside its library. Unless a `files.dir` folder beside it holds
them as files (the bundle ships that: packaging/README.md), it compiles all fourteen with the
built-in `compile` whenever a process first imports PySide6: 134 M instructions, a sixth of the
installed app's start to its first paint, and nothing in it differs from one start to the next.

While the entry point first imports PySide6 (`kept_in`), a `compile` of one of these sources
returns the code object kept from an earlier start, when the source and the compiler are the
same; otherwise it compiles as before and keeps the result. Python's own modules get the same
from `__pycache__`; this is that, for the sources Python's importer never sees.
"""

from __future__ import annotations
import __future__

import builtins
import marshal
import os
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
def kept_in(folder: Path) -> Iterator[None]:
    """Around the process's first import of PySide6 (before any other thread runs): shiboken's
    embedded sources compile once into `folder` and load from there at later starts."""
    real_compile = builtins.compile

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
        yield
    finally:
        builtins.compile = real_compile


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
