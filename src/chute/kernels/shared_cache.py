"""One compilation of a kernel at a time across processes: the others wait for it and read it from numba's cache.

numba looks for a kernel in its disk cache the first time it runs in a
process and, on a miss, compiles it (seconds) and saves it.  Two processes
that miss together (``chute serve`` and its warm-up process, the workers of
``--jobs``, a command run while another compiles) would each compile the
same kernel and both rewrite its index.  ``guard`` wraps a kernel's cache so
that a miss takes a lock file beside the kernel's cache index first: a
process that finds it held waits (telling the player, ``WAITING``), then
reads what the other saved; the lock is let go once the kernel is saved, or
its compilation failed, or the process ended.
"""

from __future__ import annotations

import os
import threading

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no lock, each process compiles as numba would
    fcntl = None  # type: ignore[assignment]

from ..language import Note
from .compiling import tell

WAITING = Note("waiting_for_compile")

_held: dict[int, int] = {}  # id(a kernel's cache) -> the lock file held while this process compiles it
_lock = threading.Lock()


def guard(dispatcher):
    """Return the dispatcher with its disk cache shared safely between processes (unchanged without a cache)."""
    cache = getattr(dispatcher, "_cache", None)
    load, save = getattr(cache, "load_overload", None), getattr(cache, "save_overload", None)
    index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
    if load is None or save is None or index is None:
        return dispatcher
    path = f"{index}.lock"

    def load_overload(sig, target_context):
        found = load(sig, target_context)
        if found is not None:
            return found
        fd = _take(path)
        if fd is None:  # no lock to be had (a read-only cache): compile as numba would
            return None
        found = load(sig, target_context)  # saved by the process just waited for
        if found is not None:
            _let_go(fd)
            return found
        with _lock:
            _held[id(cache)] = fd
        return None

    def save_overload(sig, data):
        try:
            save(sig, data)
        finally:
            release(cache)

    cache.load_overload = load_overload
    cache.save_overload = save_overload
    return dispatcher


def on_disk(dispatcher) -> bool:
    """Return whether the kernel runs without being compiled in this process: loaded here already, or saved in
    numba's cache (for some signature of it; True when it has no cache, where numba compiles it anyway)."""
    if getattr(dispatcher, "overloads", None):
        return True
    index = getattr(getattr(getattr(dispatcher, "_cache", None), "_cache_file", None), "_index_path", None)
    return index is None or os.path.exists(index)


def saved_signatures(dispatcher) -> list[tuple]:
    """Return the argument types of each signature of the kernel saved in numba's cache for its current source
    (none when nothing is saved, or the saved index is stale or unreadable)."""
    cache_file = getattr(getattr(dispatcher, "_cache", None), "_cache_file", None)
    try:
        index = cache_file._load_index() if cache_file is not None else {}
    except Exception:  # noqa: BLE001 - an unreadable index is an empty one: numba compiles again
        return []
    return [key[0] for key in index if isinstance(key, tuple) and key and isinstance(key[0], tuple)]


def release(cache) -> None:
    """Let go of the lock this process took to compile a kernel (if it holds one); a kernel compiles one
    signature at a time in a process (numba's compiler lock)."""
    with _lock:
        fd = _held.pop(id(cache), None)
    if fd is not None:
        _let_go(fd)


def _take(path: str) -> int | None:
    """Return the open lock file at ``path``, locked by this process; wait while another process holds it
    (None: no lock to be had)."""
    if fcntl is None:
        return None
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            tell(WAITING)
            fcntl.flock(fd, fcntl.LOCK_EX)
    except OSError:
        os.close(fd)
        return None
    return fd


def _let_go(fd: int) -> None:
    """Unlock and close a lock file."""
    try:
        fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
