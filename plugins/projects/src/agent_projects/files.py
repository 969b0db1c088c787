"""The files of a project folder: which are walked, and the rule that keeps reads inside it.

Hidden folders and the usual build and dependency folders are not walked. A link is followed
only when it leads to a place inside the project folder: a link pointing outside (to a home
folder, say) is never read, so a project's files cannot reach what the project does not hold.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

SKIPPED_FOLDERS = frozenset({"node_modules", "__pycache__", "venv", "dist", "build", "target"})
#: A file larger than this is not indexed or read (logs, data dumps).
MAX_FILE_BYTES = 1024 * 1024
#: At most this many files of a project are indexed; the rest are counted.
MAX_FILES = 20_000


class ProjectFileError(ValueError):
    """A file of the project that is not read; the message says why."""


def inside(path: Path, root: Path) -> bool:
    """Whether `path`, links resolved, lies in `root`."""
    try:
        return path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # a link loop
        return False


def project_files(root: Path) -> Iterator[tuple[str, os.stat_result]]:
    """(path relative to `root`, its stat) of each file to index, in a stable order."""
    for folder, folders, files in os.walk(root, followlinks=False):
        folders[:] = sorted(
            name
            for name in folders
            if not name.startswith(".")
            and name not in SKIPPED_FOLDERS
            and not os.path.islink(os.path.join(folder, name))  # a linked folder is not entered
        )
        for name in sorted(files):
            if name.startswith("."):
                continue
            path = Path(folder) / name
            if path.is_symlink() and not inside(path, root):
                continue  # pointing outside the project: not followed
            try:
                found = path.stat()
            except OSError:
                continue  # a broken link, or gone meanwhile
            yield path.relative_to(root).as_posix(), found


def read_text(root: Path, relative: str) -> str:
    """The text of the project file `relative`; ProjectFileError when it is outside the
    project (by path or by link), missing, too large or not text."""
    target = root / relative
    if ".." in Path(relative).parts or Path(relative).is_absolute() or not inside(target, root):
        raise ProjectFileError(f"{relative} is outside the project folder; it is not read")
    if not target.is_file():
        raise ProjectFileError(f"the project has no file {relative}")
    size = target.stat().st_size
    if size > MAX_FILE_BYTES:
        raise ProjectFileError(f"{relative} has {size:,} bytes; larger files are not read")
    data = target.resolve().read_bytes()
    if b"\x00" in data[:8192]:
        raise ProjectFileError(f"{relative} is not a text file")
    return data.decode("utf-8", errors="replace")
