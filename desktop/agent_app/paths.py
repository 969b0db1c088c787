"""Where the application keeps its files, and how it writes them safely.

Every path comes from `resolve_paths`. Precedence: an explicit `data_dir` (the `--data-dir`
option) over the `AGENT_DESKTOP_HOME` environment variable over the platform's user folders.
With a data dir or home, everything lives below it, so one folder holds a whole installation.

The entry point resolves the log folder before Qt starts (the crash dump is opened there), so this
module stays light: no dataclasses, and platformdirs only when no data dir or home is given.
"""

from __future__ import annotations

import errno
import glob
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

APP_NAME = "agent-desktop"
HOME_ENVIRONMENT_VARIABLE = "AGENT_DESKTOP_HOME"


class AppPaths(NamedTuple):
    """The folders of one installation. Nothing is created until `ensure_exist()`."""

    data_dir: Path
    config_dir: Path
    cache_dir: Path
    log_dir: Path
    runtime_state_root: Path
    workspaces_dir: Path
    user_plugins_dir: Path

    @property
    def database_path(self) -> Path:
        return self.data_dir / "sessions.sqlite3"

    @property
    def schedules_path(self) -> Path:
        """Schedules and their run history (`agent_app.schedules`)."""
        return self.data_dir / "schedules.sqlite3"

    @property
    def assets_dir(self) -> Path:
        return self.data_dir / "assets"

    @property
    def skills_dir(self) -> Path:
        """Where skills installed through the app live (the skills plugin also reads others)."""
        return self.data_dir / "skills"

    @property
    def projects_path(self) -> Path:
        """The user's projects: folders, instructions, pinned files, which chats are theirs."""
        return self.data_dir / "projects.json"

    @property
    def legacy_project_index_path(self) -> Path:
        """Where the first versions kept the projects' full-text index, in a file of its own:
        the projects plugin moves it into the session database (`database_path`) and removes it."""
        return self.data_dir / "project-index.sqlite3"

    @property
    def memory_path(self) -> Path:
        """The remembered items the memory plugin keeps (a SQLite file of its own)."""
        return self.data_dir / "memory.sqlite3"

    @property
    def settings_path(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def config_path(self) -> Path:
        return self.config_dir / "config.json"

    def ensure_exist(self) -> list[str]:
        """Create the folders; returns a sentence for each that could not be created (a
        read-only disk): the app then starts with what it can read."""
        problems = []
        for folder in (
            self.data_dir,
            self.config_dir,
            self.cache_dir,
            self.log_dir,
            self.runtime_state_root,
            self.workspaces_dir,
            self.user_plugins_dir,
        ):
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                problems.append(
                    f"The folder {folder} could not be created ({error.strerror or error}); "
                    "what would be kept there is not saved in this run."
                )
        return problems


def chosen_home(data_dir: str | os.PathLike[str] | None = None) -> Path | None:
    """The one folder the user chose for everything (`data_dir` > `$AGENT_DESKTOP_HOME`), or
    None when the platform's folders are used. Messages name this folder: it is the one the
    user typed, while the data itself is in its `data` sub-folder."""
    home = data_dir if data_dir is not None else os.environ.get(HOME_ENVIRONMENT_VARIABLE)
    return Path(home).expanduser().absolute() if home else None


def resolve_paths(data_dir: str | os.PathLike[str] | None = None) -> AppPaths:
    """The folders to use: `data_dir` > `$AGENT_DESKTOP_HOME` > platformdirs."""
    root = chosen_home(data_dir)
    if root is not None:
        return AppPaths(
            data_dir=root / "data",
            config_dir=root / "config",
            cache_dir=root / "cache",
            log_dir=root / "logs",
            runtime_state_root=root / "state",
            workspaces_dir=root / "workspaces",
            user_plugins_dir=root / "plugins",
        )
    import platformdirs  # noqa: PLC0415 - platformdirs (2-5 ms) only for a start without a data dir or home

    dirs = platformdirs.PlatformDirs(APP_NAME, appauthor=False)
    data = Path(dirs.user_data_dir)
    return AppPaths(
        data_dir=data,
        config_dir=Path(dirs.user_config_dir),
        cache_dir=Path(dirs.user_cache_dir),
        log_dir=Path(dirs.user_log_dir),
        runtime_state_root=Path(dirs.user_state_dir),
        workspaces_dir=data / "workspaces",
        user_plugins_dir=data / "plugins",
    )


class FileSaveError(OSError):
    """A file could not be written; the message says why in plain words and what to do."""

    def __str__(self) -> str:
        return str(self.strerror)


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that readers see either the old or the new file, never half.

    The bytes go to a temporary file in the same folder, are flushed to disk, and the temporary
    file is renamed over the target. On any failure the target is untouched, the temporary file
    is removed, and a `FileSaveError` says what happened (full disk, read-only folder, ...).
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary_name = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as error:
        raise FileSaveError(error.errno, explain_save_error(path, error)) from error
    temporary = Path(temporary_name)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise FileSaveError(error.errno, explain_save_error(path, error)) from error
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def explain_save_error(path: Path, error: OSError) -> str:
    """A plain sentence for a failed save of `path`: what happened and what to do."""
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        reason = "the disk is full. Free some space and save again"
    elif error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        reason = (
            f"the folder {path.parent} cannot be written (a read-only disk or missing "
            "permissions). Make it writable and save again"
        )
    else:
        reason = f"{error.strerror or error}. Try again"
    return f"Could not save {path}: {reason}; the previous version of the file is kept unchanged."


def remove_leftover_temporaries(path: Path) -> None:
    """Delete the temporary files a killed `write_atomically` of `path` left beside it.

    Call at start-up only: one running copy of the app owns the folder then (see the
    single-instance lock), so no save of this file is in flight.
    """
    try:
        leftovers = list(path.parent.glob(f".{glob.escape(path.name)}.*"))
    except OSError:
        return
    for leftover in leftovers:
        try:
            leftover.unlink()
        except OSError:
            continue  # a read-only folder: nothing is cleaned, nothing is lost


def unused_name(folder: Path, stem: str, suffix: str) -> Path:
    """`folder/<stem>-<timestamp><suffix>`, numbered when that name is taken."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = folder / f"{stem}-{stamp}{suffix}"
    counter = 1
    while candidate.exists():
        candidate = folder / f"{stem}-{stamp}-{counter}{suffix}"
        counter += 1
    return candidate


def back_up_file(path: Path, reason: str) -> Path:
    """Copy `path` beside itself as `<name>.<reason>-<timestamp>.bak` and return the copy's path."""
    backup = unused_name(path.parent, f"{path.name}.{reason}", ".bak")
    shutil.copy2(path, backup)
    return backup


def set_aside(path: Path, reason: str) -> str:
    """Keep a copy of a file the app could not use; returns a sentence saying where it is.

    Never raises: when no copy can be made (a read-only or full disk) the sentence says the
    original was left untouched instead.
    """
    try:
        backup = back_up_file(path, reason)
    except OSError as error:
        return (
            f"No copy could be made ({error.strerror or error}); the original file was left "
            "as it is."
        )
    return f"The original is kept as {backup}."
