"""Fingerprint of every input of the Linux bundle, to tell a fresh build from a stale one.

`packaging/build-linux.sh` stores it next to the build (`packaging/build/bundle.fingerprint`) and
the packaging smoke test rebuilds only when the sources changed since. Inputs: the app, the
plugins, resources, the spec, and the dependency pins (git's view: tracked files plus untracked
ones that are not ignored).

    uv run python packaging/bundle_fingerprint.py          # print it
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
INPUTS = (
    "desktop",
    "plugins",
    "resources",
    "packaging/pyinstaller",
    "packaging/linux",
    "pyproject.toml",
    "uv.lock",
)
STAMP_FILE = REPO / "packaging" / "build" / "bundle.fingerprint"


def input_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", *INPUTS],
        cwd=REPO,
        check=True,
        capture_output=True,
    ).stdout.decode()
    return sorted({name for name in listed.split("\0") if name})


def fingerprint() -> str:
    digest = hashlib.sha256()
    for name in input_files():
        path = REPO / name
        if not path.is_file():  # listed by git but deleted in the work tree
            continue
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def main() -> int:
    print(fingerprint())
    return 0


if __name__ == "__main__":
    sys.exit(main())
