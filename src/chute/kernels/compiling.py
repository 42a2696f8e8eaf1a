"""Telling the player, once, that the compiled kernels are being built for this machine.

numba compiles a kernel the first time it runs on a machine and caches it (in
the package's ``__pycache__``); that first time costs seconds per command, up
to a minute for a tree search, with nothing on the screen.  A front end names
who hears of it for the length of a command (``told_when_compiling``);
``chute.kernels`` reports each compilation its cache could not spare
(``compiling``).  This module imports nothing heavy, so the command line can
listen before it knows whether a kernel will run.
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib.util import find_spec
from pathlib import Path

from ..language import Note

COMPILING = Note("compiling_kernels")


class _Hearer:
    """Who hears ``COMPILING``, in which process, and whether it was told."""

    def __init__(self, notify: Callable[[Note], None]):
        self.notify = notify
        self.pid = os.getpid()
        self.told: set[Note] = set()


_hearers: list[_Hearer] = []
_lock = threading.Lock()


@contextmanager
def told_when_compiling(notify: Callable[[Note], None]) -> Iterator[None]:
    """Within the block, have ``notify`` hear ``COMPILING`` once, when this process first compiles a kernel (and
    ``shared_cache.WAITING`` once, when it first waits for another process compiling one)."""
    hearer = _Hearer(notify)
    with _lock:
        _hearers.append(hearer)
    try:
        yield
    finally:
        with _lock:
            _hearers.remove(hearer)


def compiling() -> None:
    """Tell the hearers of this process that a kernel is being compiled (not read from the cache), once each."""
    tell(COMPILING)


def tell(note: Note) -> None:
    """Tell the hearers of this process ``note`` (a kernel compiled, or waited for), once each.

    Worker processes forked from the one that listens stay silent: the player
    hears one line, from the process that owns the terminal.
    """
    pid = os.getpid()
    with _lock:
        due = [h for h in _hearers if h.pid == pid and note not in h.told]
        for hearer in due:
            hearer.told.add(note)
    for hearer in due:
        hearer.notify(note)


KERNELS_FOLDER = Path(__file__).resolve().parent


def kernels_key(folder: Path = KERNELS_FOLDER) -> str:
    """Return a short key of the kernels' sources in ``folder`` (this one), numba's, Python's version and numba's
    cache folder: what a stamp saying "compiled" holds for (another key: compiled again)."""

    numba = find_spec("numba")  # its files, not its metadata: reading that costs every command time
    parts = [sys.version, os.environ.get("NUMBA_CACHE_DIR", ""), str(folder)]
    sources = sorted(folder.glob("*.py")) + ([Path(numba.origin)] if numba is not None and numba.origin else [])
    for path in sources:
        st = path.stat()
        parts.append(f"{path.name}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.blake2b("\n".join(parts).encode(), digest_size=10).hexdigest()
