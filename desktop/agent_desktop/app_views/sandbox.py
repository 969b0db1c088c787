"""Whether the view helper's Chromium can run its own process sandbox (no Qt here).

Chromium sandboxes each page's renderer process (seccomp-bpf and Linux namespaces) unless it
is told not to. It refuses to start that sandbox for the root user; on Linux it needs user
namespaces a normal user may make, which some systems switch off and Flatpak's own sandbox
refuses. The helper runs with the sandbox on whenever it can, and otherwise says why it is off
(the row shows it, the log keeps it); the view is then still held by its frame's sandbox, its
content-security policy and the helper's request filter.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Why the sandbox is off, as the helper reports it (`host` and the row word it).
RUNS_AS_ROOT = "root"
NO_USER_NAMESPACES = "no_user_namespaces"
IN_FLATPAK = "flatpak"
# Flatpak writes this file into every sandbox it runs; its seccomp filter refuses the new user
# namespaces Chromium's own sandbox would make (the app is held by Flatpak's sandbox instead).
FLATPAK_INFO = Path("/.flatpak-info")
DISABLE_VARIABLE = "QTWEBENGINE_DISABLE_SANDBOX"
# (file under /proc/sys, the value that allows normal users namespaces, or None: any above 0)
USER_NAMESPACE_SWITCHES = (
    ("user/max_user_namespaces", None),
    ("kernel/unprivileged_userns_clone", "1"),  # Debian's own switch
    ("kernel/apparmor_restrict_unprivileged_userns", "0"),  # Ubuntu 23.10 and later
)


def user_namespaces_allowed(proc_sys: Path = Path("/proc/sys")) -> bool:
    """Whether a normal user may make user namespaces here (a switch that is missing does not
    apply to this kernel)."""
    for name, allowed in USER_NAMESPACE_SWITCHES:
        try:
            value = (proc_sys / name).read_text().strip()
        except OSError:
            continue
        if allowed is None:
            if not value.isdigit() or int(value) == 0:
                return False
        elif value != allowed:
            return False
    return True


def sandbox_off_because(
    euid: int | None, proc_sys: Path = Path("/proc/sys"), flatpak_info: Path = FLATPAK_INFO
) -> str | None:
    """Why Chromium's sandbox cannot run for a process of user `euid` (None: not a POSIX
    system), or None when it can and so stays on."""
    if euid == 0:
        return RUNS_AS_ROOT
    if flatpak_info.exists():
        return IN_FLATPAK
    if sys.platform.startswith("linux") and not user_namespaces_allowed(proc_sys):
        return NO_USER_NAMESPACES
    return None


def helper_sandbox() -> str | None:
    """Decide for this process (the helper, before Qt loads): the sandbox stays on unless it
    cannot run, then it is switched off and the reason returned."""
    why = sandbox_off_because(os.geteuid() if hasattr(os, "geteuid") else None)
    if why is None:
        os.environ.pop(DISABLE_VARIABLE, None)  # a variable inherited from a shell does not win
    else:
        os.environ[DISABLE_VARIABLE] = "1"
    return why
