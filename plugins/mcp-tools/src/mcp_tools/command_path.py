"""Find `npx`, `uvx`, `node` … where version managers put them.

A desktop app started from the menu does not get the PATH a login shell builds (nvm, fnm, volta,
asdf, mise, pyenv, bun and Homebrew add theirs in shell start-up files), so a server configured as
``"command": "npx"`` fails with "not found" although it works in a terminal. A bare command not on
PATH is looked for in those folders; when found, its folder goes first on the server's PATH so
that what it runs in turn (``npx`` runs ``node``) is found too.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path


def _version_key(folder: Path) -> tuple[int, ...]:
    """`v20.11.1` → (20, 11, 1): the newest installed version sorts last."""
    return tuple(int(number) for number in re.findall(r"\d+", folder.name)[:3])


# Per-version installs: (glob of the version folders, the bin folder inside one).
_VERSIONED = (
    (".nvm/versions/node/*", "bin"),
    (".local/share/fnm/node-versions/*", "installation/bin"),
)
_USER_BIN_DIRS = (
    ".volta/bin",
    ".asdf/shims",
    ".local/share/mise/shims",
    ".local/share/fnm/aliases/default/bin",
    ".bun/bin",
    ".pyenv/shims",
    ".local/bin",
    ".cargo/bin",
)
_SYSTEM_BIN_DIRS = ("/opt/homebrew/bin", "/usr/local/bin")


def version_manager_dirs(home: Path) -> list[Path]:
    """Folders where version managers and user-level installers put executables, best first."""
    found: list[Path] = []
    for pattern, bin_dir in _VERSIONED:
        versions = sorted(home.glob(pattern), key=_version_key, reverse=True)  # newest first
        found.extend(version / bin_dir for version in versions)
    found.extend(home / relative for relative in _USER_BIN_DIRS)
    found.extend(Path(folder) for folder in _SYSTEM_BIN_DIRS)
    return [folder for folder in found if folder.is_dir()]


def resolve_command(
    command: str, env: dict[str, str], home: Path | None = None
) -> tuple[str, dict[str, str]]:
    """The command to start and the environment changes it needs.

    A command with a folder in it, or one found on the server's PATH, is left alone.
    """
    path = env.get("PATH", os.environ.get("PATH", ""))
    if os.sep in command or shutil.which(command, path=path):
        return command, {}
    for folder in version_manager_dirs(home or Path.home()):
        candidate = folder / command
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate), {"PATH": os.pathsep.join([str(folder), path])}
    return command, {}
