"""Freed heap memory goes back to the system (glibc), in a fresh process as the app runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# A worker thread fills 60 MB in 100 KB pieces (on the heap, below glibc's mmap threshold) and
# frees nine in ten of them: the holes stay resident until they are handed back.
PROBE = """
import json, os, threading
from agent_desktop.system.heap import release_freed_memory, share_heap_arenas

def rss_mb():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

share_heap_arenas()
kept = []
def churn():
    pieces = [bytearray(100_000) for _ in range(600)]
    kept.extend(pieces[::10])
thread = threading.Thread(target=churn)
thread.start()
thread.join()
before = rss_mb()
release_freed_memory()
release_freed_memory()  # again: nothing left to give back, and no harm done
print(json.dumps({"before": before, "after": rss_mb(), "kept": len(kept)}))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's heap (Linux)")
def test_memory_freed_by_a_worker_goes_back_to_the_system() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["kept"] == 60
    assert figures["before"] - figures["after"] > 30  # of the 54 MB freed


# A worker thread makes a 20 MB copy twice, as a streamed giant answer's copies come and go:
# the first is its own memory mapping; freeing it makes glibc keep later ones of that size on
# the heap, where the second one ends up at the heap's end when it is freed.
GIANT_COPY_PROBE = """
import json, os, threading
from agent_desktop.system.heap import release_freed_memory, share_heap_arenas

def rss_mb():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

share_heap_arenas()
def copy_twice():
    for _ in range(2):
        copy = bytearray(20_000_000)
        del copy
before = rss_mb()
thread = threading.Thread(target=copy_twice)
thread.start()
thread.join()
release_freed_memory()
print(json.dumps({"growth": rss_mb() - before}))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's heap (Linux)")
def test_a_giant_copy_freed_by_a_worker_goes_back_to_the_system() -> None:
    result = subprocess.run(
        [sys.executable, "-c", GIANT_COPY_PROBE],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    growth = json.loads(result.stdout.strip().splitlines()[-1])["growth"]
    assert growth < 10, f"{growth:.1f} MB of a freed 20 MB copy stayed resident"
