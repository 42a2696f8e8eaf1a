"""numba, set up once for every kernel: the threading layer, and compilations reported to ``compiling``.

Each compiled module imports numba's names from here, so that the set-up runs
before its first kernel is compiled or called.
"""

import os

import numba
from numba import njit, prange, types  # noqa: F401  (the kernels' compiler, from here)
from numba.core import event
from numba.typed import Dict  # noqa: F401

from .compiling import compiling

if "NUMBA_THREADING_LAYER" not in os.environ:
    # GNU OpenMP (numba's default here) kills a process forked after a parallel kernel ran, and
    # --jobs forks workers; the workqueue layer survives fork and is as fast for these loops.
    # It is not thread-safe: callers that run kernels from several threads must serialise them.
    numba.config.THREADING_LAYER = "workqueue"


class _CompileWatch(event.Listener):
    """Passes on numba's "a kernel is being compiled" (a cache miss: seconds) to ``compiling``."""

    def on_start(self, ev: event.Event) -> None:
        compiling()

    def on_end(self, ev: event.Event) -> None:
        pass


event.register("numba:compile", _CompileWatch())


def threads() -> int:
    """Return how many threads the parallel kernels use (NUMBA_NUM_THREADS, default the cores)."""
    return max(1, int(numba.config.NUMBA_NUM_THREADS))
