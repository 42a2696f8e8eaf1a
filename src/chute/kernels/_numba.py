"""numba, set up once for every kernel: the threading layer, and compilations reported to ``compiling``.

Each compiled module imports numba's names from here, so that the set-up runs
before its first kernel is compiled or called.
"""

import os

import numba
from numba import prange, types  # noqa: F401  (the kernels' names, from here)
from numba.core import event
from numba.typed import Dict  # noqa: F401

from . import wants_threadsafe
from .compiling import compiling
from .shared_cache import guard, release


def njit(*args, **options):
    """Return ``numba.njit``'s kernel (or decorator) with its disk cache shared safely between processes."""
    if len(args) == 1 and callable(args[0]) and not options:
        return guard(numba.njit(args[0]))
    return lambda fn: guard(numba.njit(*args, **options)(fn))


def _openmp() -> bool:
    """Return whether numba's OpenMP threading layer loads here (it needs the system's libgomp)."""
    try:
        from numba.np.ufunc import omppool  # noqa: F401, PLC0415
    except ImportError:
        return False
    return True


if "NUMBA_THREADING_LAYER" not in os.environ:
    # GNU OpenMP (numba's default here) kills a process forked after a parallel kernel ran, and
    # --jobs forks workers; the workqueue layer survives fork and is as fast for these loops.
    # It is not thread-safe: a server, which serves requests in threads and forks no worker, asks
    # for OpenMP (``prefer_threadsafe``) and, without it, runs one request's kernels at a time.
    numba.config.THREADING_LAYER = "omp" if wants_threadsafe() and _openmp() else "workqueue"


class _CompileWatch(event.Listener):
    """Passes on numba's "a kernel is being compiled" (a cache miss: seconds) to ``compiling``."""

    def on_start(self, ev: event.Event) -> None:
        compiling()

    def on_end(self, ev: event.Event) -> None:
        # failed, nothing will be saved: let the processes waiting for it compile it themselves (numba 0.68's
        # ``Event.is_failed`` says the opposite of its name, so the exception is read directly)
        if getattr(ev, "_exc_details", None) is not None:
            release(getattr(ev.data.get("dispatcher"), "_cache", None))


event.register("numba:compile", _CompileWatch())


def threads() -> int:
    """Return how many threads the parallel kernels use (NUMBA_NUM_THREADS, default the cores)."""
    return max(1, int(numba.config.NUMBA_NUM_THREADS))
