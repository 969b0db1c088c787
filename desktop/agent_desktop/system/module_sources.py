"""PySide's look at every imported module's source, made without keeping the source.

PySide6 lets a module opt into `from __feature__ import snake_case`; to know which modules its
features may switch, it reads the source of every module imported after PySide6 itself
(`inspect.getsource`, looking for "PySide6" in it). `inspect` reads through `linecache`, which
keeps the lines of every file it read for the life of the process: about 400 files, 15 MiB of
an idle window's 118 MiB (measured with tests/benchmarks/test_long_chats.py), read once and
never again. `look_at_imports_without_keeping_sources` makes PySide answer the same question
from the file without keeping it; a traceback still finds the lines of any file it shows.
"""

from __future__ import annotations

import linecache
import logging
import os
import sys
from types import ModuleType

log = logging.getLogger(__name__)

# Where PySide6 keeps its `__feature__` support (the same module as `__feature__`).
_FEATURE_MODULE = "PySide6.support.feature"


def look_at_imports_without_keeping_sources() -> None:
    """Call right after importing PySide6, before the app's own modules are imported. Also
    drops the lines kept so far (PySide6's and shiboken's own modules)."""
    feature = sys.modules.get(_FEATURE_MODULE)
    if feature is None or not callable(getattr(feature, "_mod_uses_pyside", None)):
        log.info("PySide6 checks imported modules another way here: left as it is")
        return
    feature._mod_uses_pyside = mentions_pyside  # type: ignore[attr-defined]
    linecache.clearcache()


def mentions_pyside(module: ModuleType) -> bool:
    """Whether the module's source mentions PySide6 (PySide's own test), read from its loader
    and kept nowhere. A module without readable source does not (as in PySide's version), nor
    does one of Python's own library, which is not read."""
    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None)
    if isinstance(origin, str) and _in_standard_library(origin):
        return False
    loader = getattr(module, "__loader__", None)
    get_data = getattr(loader, "get_data", None)
    try:
        if isinstance(origin, str) and origin.endswith(".py") and get_data is not None:
            # The file's bytes: Python source is ASCII-compatible (PEP 263), so the name is found
            # without decoding the file (a third of the time of reading the source).
            return b"PySide6" in get_data(origin)
        get_source = getattr(loader, "get_source", None)
        source = get_source(getattr(module, "__name__", "")) if get_source is not None else None
    # This runs inside every import: a loader failing in its own way must not fail the import
    # (PySide's version fails the import; any answer here is only a default for a feature
    # the app does not use).
    except Exception:  # noqa: BLE001 - a default for a feature the app does not use
        return False
    return isinstance(source, str) and "PySide6" in source


# Python's own library (where `os` lives): a third of the modules the window's first paint
# imports, none mentioning PySide6. Packages installed beside it are read as any other.
_STANDARD_LIBRARY = os.path.dirname(os.__file__) + os.sep
_INSTALLED_PACKAGES = ("site-packages", "dist-packages")


def _in_standard_library(origin: str) -> bool:
    return origin.startswith(_STANDARD_LIBRARY) and not origin[len(_STANDARD_LIBRARY) :].startswith(
        _INSTALLED_PACKAGES
    )
