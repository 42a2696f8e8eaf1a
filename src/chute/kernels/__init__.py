"""Compiled kernels (numba), one home each: scoring (``score``), partition figures (``partition``),
the tree searches (``tree``, ``weighted``), the guard's plans (``plans``), the two-deep estimate of
``expected-guesses`` (``expected``).

Kept apart so that importing chute never pays numba's start-up cost unless a
matrix must be built or a kernel is called.  Every kernel is checked against
the plain Python rule in the tests (``feedback.score``, ``rules.violation``).
"""

import os

import numba
from numba.core import event

from ..compiling import compiling

if "NUMBA_THREADING_LAYER" not in os.environ:
    # GNU OpenMP (numba's default here) kills a process forked after a parallel kernel ran, and
    # --jobs forks workers; the workqueue layer survives fork and is as fast for these loops.
    # It is not thread-safe: callers that run kernels from several threads must serialise them.
    numba.config.THREADING_LAYER = "workqueue"


class _CompileWatch(event.Listener):
    """Passes on numba's "a kernel is being compiled" (a cache miss: seconds) to ``chute.compiling``."""

    def on_start(self, ev: event.Event) -> None:
        compiling()

    def on_end(self, ev: event.Event) -> None:
        pass


event.register("numba:compile", _CompileWatch())


def threads() -> int:
    """Return how many threads the parallel kernels use (NUMBA_NUM_THREADS, default the cores)."""
    return max(1, int(numba.config.NUMBA_NUM_THREADS))
