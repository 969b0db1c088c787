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
    and kept nowhere. A module without readable source does not (as in PySide's version)."""
    loader = getattr(module, "__loader__", None)
    get_source = getattr(loader, "get_source", None)
    if get_source is None:
        return False
    try:
        source = get_source(getattr(module, "__name__", ""))
    # This runs inside every import: a loader failing in its own way must not fail the import
    # (PySide's version fails the import; any answer here is only a default for a feature
    # the app does not use).
    except Exception:  # noqa: BLE001 - a default for a feature the app does not use
        return False
    return isinstance(source, str) and "PySide6" in source
