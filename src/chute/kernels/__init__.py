"""Compiled kernels (numba), one home each: scoring (``score``), partition figures (``partition``),
the tree search (``tree``).

Kept apart so that importing chute never pays numba's start-up cost unless a
matrix must be built or a kernel is called.  Every kernel is checked against
the plain Python rule in the tests (``feedback.score``, ``rules.violation``).
"""

import os

import numba

if "NUMBA_THREADING_LAYER" not in os.environ:
    # GNU OpenMP (numba's default here) kills a process forked after a parallel kernel ran, and
    # --jobs forks workers; the workqueue layer survives fork and is as fast for these loops.
    # It is not thread-safe: callers that run kernels from several threads must serialise them.
    numba.config.THREADING_LAYER = "workqueue"


def threads() -> int:
    """Return how many threads the parallel kernels use (NUMBA_NUM_THREADS, default the cores)."""
    return max(1, int(numba.config.NUMBA_NUM_THREADS))
