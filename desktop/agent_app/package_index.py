"""Plugins from a package index by name: the wheels to install, fetched and verified.

The app installs a plugin named on a package index (PyPI by default, any index speaking the
simple repository API: PEP 691's JSON, or PEP 503's HTML) without pip or uv, so the bundle
does it as a checkout does. For the plugin and each requirement it declares that neither the
app nor the plugin environment satisfies, the index's newest wheel that runs here (its tags
match this Python and platform, its ``Requires-Python`` allows this Python, not yanked, not a
pre-release unless asked for) is downloaded, and kept only when its SHA-256 is the one the
index lists: a file the index gives no hash for is refused. The wheels are handed to
`plugin_installs` in the order to install them (dependencies first).

A requirement the app already satisfies is never fetched (the app's own packages win); one the
app has in another version (``pydantic<2``) is refused with why, as for a wheel file. Only
wheels are installed: a package with nothing but a source archive is refused, naming it.

Blocking (network and disk): call it off the GUI thread.
"""

from __future__ import annotations

import hashlib
import html.parser
import json
import re
import sys
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from packaging.requirements import InvalidRequirement, Requirement
from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.tags import Tag, sys_tags
from packaging.utils import (
    InvalidWheelFilename,
    NormalizedName,
    canonicalize_name,
    parse_wheel_filename,
)
from packaging.version import Version

from agent_app.plugin_installs import (
    InstallRefused,
    WheelFacts,
    installed_version,
    needed_requirements,
    read_wheel,
)

INDEX_TIME_LIMIT_SECONDS = 30.0
JSON_CONTENT_TYPE = "application/vnd.pypi.simple.v1+json"
_ACCEPT = f"{JSON_CONTENT_TYPE}, application/vnd.pypi.simple.v1+html;q=0.2, text/html;q=0.1"
_CHUNK_BYTES = 1 << 16
# A requirement a user types: a name, optionally with extras and a version specifier.
_REQUIREMENT_START = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*\s*(\[|[<>=!~]|$)")


def is_package_requirement(text: str) -> bool:
    """Whether `text` names a package on an index (``tide-tables``, ``tide-tables>=1.2``),
    rather than a wheel file, a plugin source or a dotted class path (``pkg.Class``)."""
    text = text.strip()
    if not _REQUIREMENT_START.match(text) or text.endswith(".whl"):
        return False
    try:
        requirement = Requirement(text)
    except InvalidRequirement:
        return False
    dotted = "." in requirement.name and not requirement.specifier and not requirement.extras
    return not dotted


@dataclass(frozen=True)
class IndexFile:
    """One file a project page of the index lists."""

    filename: str
    url: str
    sha256: str | None
    requires_python: str | None
    yanked: bool


@dataclass(frozen=True)
class FetchedWheel:
    """A wheel downloaded and verified, with what it says about itself."""

    path: Path
    facts: WheelFacts


class PackageIndex:
    """The simple repository API of one index (its base URL ends in ``/simple/`` on PyPI)."""

    def __init__(self, url: str, *, time_limit: float = INDEX_TIME_LIMIT_SECONDS) -> None:
        self.url = url.rstrip("/") + "/"
        self.time_limit = time_limit

    def project_files(self, name: str) -> list[IndexFile]:
        """The files of project `name`; InstallRefused when the index has no such project or
        cannot be reached."""
        import httpx  # noqa: PLC0415 - httpx (with click, rich, pygments) loads on first use

        page_url = urllib.parse.urljoin(self.url, f"{canonicalize_name(name)}/")
        try:
            with httpx.Client(timeout=self.time_limit, follow_redirects=True) as client:
                response = client.get(page_url, headers={"Accept": _ACCEPT})
        except httpx.HTTPError as error:
            raise InstallRefused(
                f"the package index {self.url} could not be reached ({error}); check the "
                "connection, or the index address in Settings → General"
            ) from error
        if response.status_code == 404:
            raise InstallRefused(
                f"the package index {self.url} has no package called {name!r}; check its spelling"
            )
        if response.is_error:
            raise InstallRefused(
                f"the package index {self.url} answered {response.status_code} "
                f"{response.reason_phrase} for {name!r}; try again later"
            )
        content_type = response.headers.get("content-type", "").partition(";")[0].strip()
        body, final_url = response.content, str(response.url)
        try:
            if content_type == JSON_CONTENT_TYPE:
                return _files_from_json(json.loads(body), final_url)
            return _files_from_html(body.decode("utf-8"), final_url)
        except (ValueError, UnicodeDecodeError, KeyError, TypeError) as error:
            raise InstallRefused(
                f"the package index's page for {name!r} ({page_url}) cannot be read ({error})"
            ) from error

    def best_wheel(self, requirement: Requirement) -> tuple[IndexFile, Version]:
        """The newest wheel of `requirement` that installs here, and its version."""
        files = self.project_files(requirement.name)
        supported = _supported_tags()
        here = Version(".".join(map(str, sys.version_info[:3])))
        candidates: list[tuple[Version, int, IndexFile]] = []
        for file in files:
            try:
                _name, version, _build, tags = parse_wheel_filename(file.filename)
            except InvalidWheelFilename:
                continue  # a source archive, or a file that is no wheel
            if file.yanked or not requirement.specifier.contains(version):
                continue
            if file.requires_python and not _allows(file.requires_python, here):
                continue
            rank = min((supported.get(tag, len(supported)) for tag in tags), default=0)
            if rank < len(supported):
                candidates.append((version, -rank, file))
        if not candidates:
            raise InstallRefused(_no_wheel_reason(requirement, files, self.url))
        version, _rank, file = max(candidates, key=lambda found: (found[0], found[1]))
        return file, version

    def download(self, file: IndexFile, folder: Path) -> Path:
        """Download `file` into `folder`, verified against the index's SHA-256."""
        if not file.sha256:
            raise InstallRefused(
                f"the package index gives no SHA-256 for {file.filename}, so it cannot be "
                "verified; it was not installed"
            )
        import httpx  # noqa: PLC0415 - httpx (with click, rich, pygments) loads on first use

        folder.mkdir(parents=True, exist_ok=True)
        target = folder / file.filename
        digest = hashlib.sha256()
        try:
            with (
                httpx.Client(timeout=self.time_limit, follow_redirects=True) as client,
                client.stream("GET", file.url) as response,
                target.open("wb") as out,
            ):
                response.raise_for_status()
                for chunk in response.iter_bytes(_CHUNK_BYTES):
                    digest.update(chunk)
                    out.write(chunk)
        except (httpx.HTTPError, OSError) as error:
            raise InstallRefused(
                f"{file.filename} could not be downloaded from {file.url} ({error})"
            ) from error
        if digest.hexdigest() != file.sha256.lower():
            target.unlink()
            raise InstallRefused(
                f"{file.filename} from {file.url} is not the file the index lists (its SHA-256 "
                "differs); it was not installed"
            )
        return target

    def fetch(self, requirement_text: str, env_dir: Path, folder: Path) -> list[FetchedWheel]:
        """The wheels to install for `requirement_text` and whatever it needs that the app and
        the plugin environment lack, dependencies first and the plugin last; InstallRefused
        saying why when one cannot be had or clashes with what the app runs."""
        try:
            requirement = Requirement(requirement_text)
        except InvalidRequirement as error:
            raise InstallRefused(f"{requirement_text!r} is not a package name ({error})") from error
        chosen: dict[NormalizedName, FetchedWheel] = {}
        order: list[NormalizedName] = []
        self._fetch_one(requirement, env_dir, folder, chosen, order, needed_by=None)
        return [chosen[name] for name in order]

    def _fetch_one(
        self,
        requirement: Requirement,
        env_dir: Path,
        folder: Path,
        chosen: dict[NormalizedName, FetchedWheel],
        order: list[NormalizedName],
        needed_by: str | None,
    ) -> None:
        key = canonicalize_name(requirement.name)
        if key in chosen:
            version = Version(chosen[key].facts.version)
            if not requirement.specifier.contains(version, prereleases=True):
                raise InstallRefused(
                    f"{needed_by} needs {requirement}, and {requirement.name} {version} is "
                    "needed by another of the packages to install: they cannot be installed "
                    "together"
                )
            return
        file, _version = self.best_wheel(requirement)
        wheel = self.download(file, folder)
        facts = read_wheel(wheel)
        chosen[key] = FetchedWheel(wheel, facts)
        for needed in needed_requirements(facts, requirement.extras):
            have = installed_version(needed.name, env_dir)
            if have is not None:
                continue  # the app's (or the plugin environment's): checked when installing
            self._fetch_one(needed, env_dir, folder, chosen, order, f"{facts.name} {facts.version}")
        order.append(key)


def _supported_tags() -> dict[Tag, int]:
    """The wheel tags this Python runs, the most specific first (rank 0)."""
    ranks: dict[Tag, int] = {}
    for tag in sys_tags():
        ranks.setdefault(tag, len(ranks))
    return ranks


def _allows(requires_python: str, here: Version) -> bool:
    try:
        return SpecifierSet(requires_python).contains(here, prereleases=True)
    except InvalidSpecifier:
        return False  # unreadable: not a file to install


def _no_wheel_reason(requirement: Requirement, files: list[IndexFile], index: str) -> str:
    python = f"Python {sys.version_info[0]}.{sys.version_info[1]} on {sys.platform}"
    if not files:
        return f"the package index {index} lists no files for {requirement.name}"
    if not any(file.filename.endswith(".whl") for file in files):
        return (
            f"{requirement.name} has only source archives on the package index, and the app "
            "installs wheels only; ask its author to publish a wheel"
        )
    return (
        f"the package index has no wheel of {requirement} that runs on {python} (none matches "
        "this Python, its platform or the version asked for)"
    )


def _files_from_json(page: dict[str, Any], page_url: str) -> list[IndexFile]:
    """PEP 691: ``{"files": [{"filename", "url", "hashes", "requires-python", "yanked"}]}``."""
    files = []
    for entry in page["files"]:
        yanked = entry.get("yanked", False)
        files.append(
            IndexFile(
                filename=str(entry["filename"]),
                url=urllib.parse.urljoin(page_url, str(entry["url"])),
                sha256=(entry.get("hashes") or {}).get("sha256"),
                requires_python=entry.get("requires-python") or None,
                yanked=bool(yanked),
            )
        )
    return files


def _files_from_html(text: str, page_url: str) -> list[IndexFile]:
    """PEP 503: one anchor per file, its hash in the URL's fragment (``#sha256=…``)."""
    parser = _AnchorParser()
    parser.feed(text)
    files = []
    for attributes, filename in parser.anchors:
        href = attributes.get("href") or ""
        url, _, fragment = urllib.parse.urljoin(page_url, href).partition("#")
        algorithm, _, value = fragment.partition("=")
        files.append(
            IndexFile(
                filename=filename.strip() or url.rpartition("/")[2],
                url=url,
                sha256=value if algorithm == "sha256" and value else None,
                requires_python=attributes.get("data-requires-python") or None,
                yanked="data-yanked" in attributes,
            )
        )
    return files


class _AnchorParser(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.anchors: list[tuple[dict[str, str | None], str]] = []
        self._open: dict[str, str | None] | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._open, self._text = dict(attrs), []

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._open is not None:
            self.anchors.append((self._open, "".join(self._text)))
            self._open = None
