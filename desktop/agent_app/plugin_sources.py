"""Plugin sources as the platform's config names them, brought into the plugin cache.

The config file's ``plugins`` list holds sources in the platform's three spellings:

- ``"path:/abs/folder"``: a plugin folder with an ``agent_plugin.json``;
- ``"git+<url>[@<ref>]"``: a git repository (any URL git clones: ``https://``, ``ssh://``,
  ``file://``, a local path) whose root holds the ``agent_plugin.json``; ``@ref`` names a
  branch or tag;
- ``"package.module.Class"``: a dotted class path of an installed package.

Folders and repositories are copied into ``plugin_cache_dir`` (config key; by default the
``plugin-sources`` folder of the cache folder), one entry per descriptor fingerprint: the
descriptor, the plugin's files and those of its ``local_workspace_dependencies`` (folders inside
it, each imported from the cached copy with the plugin). A changed file makes a new entry; the
app then loads the copy, never the live folder. A repository is cloned once: its entry is named
in ``sources.json`` of the cache, so later starts (and a machine offline) use the cached copy;
removing the entry fetches it again.

Entries no source of the config uses any more (a folder's older fingerprints, a repository
dropped from the config) are removed at start, on a thread of their own (`prune_cache`), once
they went unused for a day: another app process started earlier (the window beside a terminal's
``agent-desktop plugin``) may still import from the entry it loaded.

A source is untrusted like any plugin: what it holds is code and a descriptor, never
configuration; nothing in it decides where requests go or which key they carry.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from agent_app.paths import write_atomically

DESCRIPTOR_FILE_NAME = "agent_plugin.json"
CACHE_INDEX_FILE_NAME = "sources.json"
DEFAULT_CACHE_FOLDER_NAME = "plugin-sources"
GIT_TIME_LIMIT_SECONDS = 120.0
#: How long a cache entry no source uses is kept (since it was last used) before it is removed.
UNUSED_ENTRY_GRACE_SECONDS = 24 * 3600.0
# Not part of a plugin: version control, byte code, tool caches.
_SKIPPED = (".git", "__pycache__", ".venv", ".mypy_cache", ".pytest_cache", ".ruff_cache")

SourceKind = Literal["path", "git", "class"]

logger = logging.getLogger(__name__)


class SourceError(ValueError):
    """A source that cannot be read or fetched; the message says which and what to do."""


@dataclass(frozen=True)
class PluginSource:
    """One entry of the config's ``plugins`` list, read."""

    text: str
    kind: SourceKind
    location: str  # the folder, the repository URL, or the dotted class path
    ref: str | None = None  # a git branch or tag

    @property
    def label(self) -> str:
        return f"plugin source {self.text}"


def parse_source(text: Any) -> PluginSource:
    """Read one source; SourceError naming it and the accepted spellings when it is none."""
    if not isinstance(text, str) or not text.strip():
        raise SourceError(f"plugin source {text!r} is not text; {_SPELLINGS}")
    text = text.strip()
    if text.startswith("path:"):
        folder = Path(text.removeprefix("path:")).expanduser()
        if not folder.is_absolute():
            raise SourceError(f"plugin source {text!r}: the folder must be an absolute path")
        return PluginSource(text, "path", str(folder))
    if text.startswith("git+"):
        url, ref = _split_ref(text.removeprefix("git+"))
        if not url:
            raise SourceError(f"plugin source {text!r} names no repository; {_SPELLINGS}")
        return PluginSource(text, "git", url, ref)
    names = text.split(".")
    if len(names) > 1 and all(name.isidentifier() for name in names):
        return PluginSource(text, "class", text)
    raise SourceError(f"plugin source {text!r} is not one the app knows; {_SPELLINGS}")


_SPELLINGS = (
    'use "path:/absolute/folder", "git+<repository URL>[@branch or tag]" or a dotted class '
    'path such as "my_package.MyPlugin"'
)


def _split_ref(url: str) -> tuple[str, str | None]:
    """``url@ref`` → (url, ref): the ``@`` after the last ``/`` (``ssh://git@host/x`` has one
    before it, which is the user)."""
    head, slash, tail = url.rpartition("/")
    if "@" not in tail:
        return url, None
    name, _, ref = tail.partition("@")
    return f"{head}{slash}{name}", ref or None


def default_cache_dir(cache_dir: Path) -> Path:
    return cache_dir / DEFAULT_CACHE_FOLDER_NAME


def configured_cache_dir(config: Any, cache_dir: Path) -> Path:
    """``plugin_cache_dir`` of the config when it names a folder, else the default."""
    extra = getattr(config, "model_extra", None) or {}
    chosen = extra.get("plugin_cache_dir")
    if isinstance(chosen, str) and chosen.strip():
        return Path(chosen).expanduser()
    return default_cache_dir(cache_dir)


# ------------------------------------------------------------------------------- fingerprints


def descriptor_dependency_folders(folder: Path, descriptor: dict[str, Any]) -> list[Path]:
    """The folders of the descriptor's ``local_workspace_dependencies`` (inside `folder`)."""
    folders = []
    for dependency in descriptor.get("local_workspace_dependencies") or []:
        relative = dependency.get("path") if isinstance(dependency, dict) else None
        if not isinstance(relative, str):
            raise SourceError('each "local_workspace_dependencies" item needs a "path"')
        target = (folder / relative).resolve()
        if not target.is_relative_to(folder.resolve()) or not target.is_dir():
            raise SourceError(
                f"local workspace dependency {relative!r} is not a folder inside {folder}"
            )
        folders.append(target)
    return folders


def fingerprint(folder: Path) -> str:
    """A digest of the plugin in `folder`: its descriptor and the contents of every file of it
    and of its local workspace dependencies (by content, so a copy has the same fingerprint)."""
    raw, descriptor = _read_descriptor(folder)
    digest = hashlib.sha256(raw)
    for root in [folder, *descriptor_dependency_folders(folder, descriptor)]:
        for path in sorted(_plugin_files(root)):
            digest.update(str(path.relative_to(folder)).encode("utf-8", "surrogateescape"))
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _read_descriptor(folder: Path) -> tuple[bytes, dict[str, Any]]:
    """The bytes of the plugin descriptor in `folder` and the JSON object they hold."""
    descriptor_path = folder / DESCRIPTOR_FILE_NAME
    try:
        raw = descriptor_path.read_bytes()
        descriptor = json.loads(raw)
    except OSError as error:
        raise SourceError(f"{descriptor_path} cannot be read: {error.strerror}") from error
    except ValueError as error:
        raise SourceError(f"{descriptor_path} is not valid JSON: {error}") from error
    if not isinstance(descriptor, dict):
        raise SourceError(f"{descriptor_path} must hold a JSON object")
    return raw, descriptor


def check_source(source: PluginSource) -> None:
    """Refuse a ``path:`` source whose folder holds no plugin, with SourceError saying why and
    what to do, before it goes into the config (where it would fail only at the next start).
    Repositories and class paths are checked when they load: fetching or importing one here
    would run what it holds, or wait on the network."""
    if source.kind != "path":
        return
    folder = Path(source.location)
    if not folder.is_dir():
        raise SourceError(f"the folder {folder} does not exist; choose a plugin folder")
    try:
        _read_descriptor(folder)
    except SourceError as error:
        raise SourceError(
            f"{folder} is not a plugin folder: {error}; choose the folder that holds the "
            f"plugin's {DESCRIPTOR_FILE_NAME}"
        ) from error


def _plugin_files(root: Path) -> list[Path]:
    found: list[Path] = []
    for current, folders, files in os.walk(root):
        folders[:] = [name for name in folders if name not in _SKIPPED]
        found.extend(Path(current) / name for name in files if not name.endswith(".pyc"))
    return found


# ------------------------------------------------------------------------------- the cache


def cached_folder(source: PluginSource, cache_dir: Path) -> Path:
    """The cached copy of a ``path:`` or ``git+`` source, made now if there is none yet; its
    time of last use is now (`prune_cache` keeps what was used lately)."""
    entry = _cached_folder(source, cache_dir)
    os.utime(entry)
    return entry


def _cached_folder(source: PluginSource, cache_dir: Path) -> Path:
    if source.kind == "path":
        return _cache_copy(Path(source.location), cache_dir)
    if source.kind == "git":
        index = _read_index(cache_dir)
        kept = index.get(source.text)
        if isinstance(kept, str) and (cache_dir / kept / DESCRIPTOR_FILE_NAME).is_file():
            return cache_dir / kept
        with tempfile.TemporaryDirectory(prefix="clone-", dir=_ensure(cache_dir)) as scratch:
            checkout = Path(scratch) / "checkout"
            _clone(source, checkout)
            entry = _cache_copy(checkout, cache_dir, name=_repository_name(source.location))
        index[source.text] = entry.name
        write_atomically(cache_dir / CACHE_INDEX_FILE_NAME, json.dumps(index, indent=2).encode())
        return entry
    raise SourceError(f"{source.text!r} is a class path, not a folder")


def refetch(source: PluginSource, cache_dir: Path) -> Path:
    """Clone the ``git+`` `source` again (its newest commit) into a cache entry of its own,
    which later starts use; returns it."""
    if source.kind != "git":
        raise SourceError(
            f"{source.text} is read afresh at every start (a folder) or is part of an "
            "installed package (a class path): there is nothing to fetch again"
        )
    index = _read_index(cache_dir)
    index.pop(source.text, None)
    write_atomically(cache_dir / CACHE_INDEX_FILE_NAME, json.dumps(index, indent=2).encode())
    return cached_folder(source, cache_dir)


def prune_cache(
    cache_dir: Path, in_use: set[str], *, grace_seconds: float = UNUSED_ENTRY_GRACE_SECONDS
) -> list[str]:
    """Remove the cache entries not `in_use` (names of entries this start loaded) that went
    unused for `grace_seconds`, with their lines in the repositories' index, and staging
    folders an interrupted start left; returns the names removed."""
    try:
        children = sorted(cache_dir.iterdir())
    except FileNotFoundError:
        return []
    oldest_kept = time.time() - grace_seconds
    removed = []
    for child in children:
        if not child.is_dir() or child.name in in_use or child.stat().st_mtime > oldest_kept:
            continue
        shutil.rmtree(child)
        removed.append(child.name)
    index = _read_index(cache_dir)
    kept_index = {text: name for text, name in index.items() if name not in removed}
    if kept_index != index:
        write_atomically(
            cache_dir / CACHE_INDEX_FILE_NAME, json.dumps(kept_index, indent=2).encode()
        )
    return removed


def prune_cache_in_background(cache_dir: Path, in_use: set[str]) -> threading.Thread:
    """`prune_cache` on a thread of its own: a start never waits for it."""

    def prune() -> None:
        try:
            removed = prune_cache(cache_dir, in_use)
        except OSError as error:  # tried again at the next start
            logger.warning("The plugin cache %s was not cleaned up: %s", cache_dir, error)
            return
        if removed:
            logger.info("Removed unused plugin cache entries: %s", ", ".join(removed))

    thread = threading.Thread(target=prune, name="plugin cache cleanup", daemon=True)
    thread.start()
    return thread


def _ensure(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _cache_copy(folder: Path, cache_dir: Path, *, name: str | None = None) -> Path:
    if not folder.is_dir():
        raise SourceError(f"the folder {folder} does not exist (fix or remove the source)")
    digest = fingerprint(folder)
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", name or folder.name).strip("-.") or "plugin"
    entry = cache_dir / f"{slug}-{digest[:16]}"
    if (entry / DESCRIPTOR_FILE_NAME).is_file():
        return entry
    staging = Path(tempfile.mkdtemp(prefix=f".{slug}-", dir=_ensure(cache_dir)))
    try:
        shutil.copytree(
            folder, staging, ignore=shutil.ignore_patterns(*_SKIPPED), dirs_exist_ok=True
        )
        staging.rename(entry)  # whole or not at all: a half copy is never loaded
    except OSError:
        shutil.rmtree(staging, ignore_errors=True)
        if not (entry / DESCRIPTOR_FILE_NAME).is_file():  # not made meanwhile by another start
            raise
    return entry


def _repository_name(url: str) -> str:
    return url.rstrip("/").rpartition("/")[2].removesuffix(".git") or "repository"


def _read_index(cache_dir: Path) -> dict[str, Any]:
    try:
        index = json.loads((cache_dir / CACHE_INDEX_FILE_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):  # none yet, or unreadable: sources are fetched again
        return {}
    return index if isinstance(index, dict) else {}


def _clone(source: PluginSource, checkout: Path) -> None:
    git = shutil.which("git")
    if git is None:
        raise SourceError(f"{source.text}: git is needed to fetch it; install git")
    command = [git, "clone", "--quiet", "--depth", "1"]
    if source.ref:
        command += ["--branch", source.ref]
    command += ["--", source.location, str(checkout)]
    try:
        subprocess.run(
            command,
            check=True,
            capture_output=True,
            text=True,
            timeout=GIT_TIME_LIMIT_SECONDS,
            env={**os.environ, "GIT_TERMINAL_PROMPT": "0"},  # never wait for a password
        )
    except subprocess.TimeoutExpired as error:
        raise SourceError(
            f"{source.text}: fetching did not finish within {GIT_TIME_LIMIT_SECONDS:g} seconds"
        ) from error
    except subprocess.CalledProcessError as error:
        said = (error.stderr or "").strip().splitlines()
        reason = said[-1] if said else f"git exited with {error.returncode}"
        raise SourceError(f"{source.text} could not be fetched: {reason}") from error
