"""What memory this process may still use, and a pattern matrix refused before it is allocated when it cannot fit."""

from __future__ import annotations

import os

from ..errors import ChuteError
from ..files import human_bytes

# Headroom a command needs beside its largest array (the interpreter, numpy, numba, the word lists).
MEMORY_HEADROOM = 250 * 2**20


def memory_limits() -> list[tuple[int, str]]:
    """Return what bounds this process's allocations: (bytes, what) for the machine's available memory and for
    the process's own limit (``ulimit -v``), each where known."""
    found = []
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    found.append((int(line.split()[1]) * 1024, "this machine has {free} available"))
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource  # noqa: PLC0415 (platform: where the system has it)

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft != resource.RLIM_INFINITY:
            with open("/proc/self/statm", encoding="ascii") as f:
                used = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
            found.append((max(soft - used, 0), "this process may use {free} more (its ulimit -v)"))
    except (ImportError, OSError, ValueError, IndexError, AttributeError):
        pass
    return found


def check_memory(nbytes: int, what: str) -> None:
    """Raise a ChuteError naming ``what`` if ``nbytes`` (plus headroom) cannot be allocated here."""
    found = memory_limits()
    if not found:
        return
    free, said = min(found)
    if nbytes + MEMORY_HEADROOM > free:
        raise ChuteError(
            f"{what} needs {human_bytes(nbytes)} plus about {human_bytes(MEMORY_HEADROOM)} for chute itself, and "
            f"{said.format(free=human_bytes(free))}: use shorter word lists"
        )


def most_words(known: int = 0) -> int | None:
    """Return how many distinct words a list may hold before its pattern matrix (one byte a cell at least) can no
    longer fit: with ``known`` words in the other list, ``free / known``; else ``sqrt(free)`` (a list is at least
    as large as the answers it holds). None when the memory is unknown."""
    found = memory_limits()
    if not found:
        return None
    free = max(min(n for n, _ in found) - MEMORY_HEADROOM, 1)
    return free // known if known else int(free**0.5)
