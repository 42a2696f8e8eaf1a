"""Compiled loops (numba) and their numpy twins, each checked against the plain Python rule; importing the folder compiles nothing.

One home each: scoring (``score``), partition figures (``partition``), the
tree searches' scans, hard-mode sets and small compiled searches (``scan``,
``hard``, ``small_trees``, ``ruled_trees``) with their numpy twins (``tree_numpy``), the
weighted search's bounds (``weighted``), the guard's plans and cost tables
(``plans``), the two-deep estimate of ``expected-guesses`` (``expected``), the
Absurdle search's scans (``adversary``, with its twins ``adversary_numpy``).
numba is set up in ``_numba``, which every compiled module imports, and
``compiling`` tells the player when a kernel is compiled.
"""

import os
import sys
from importlib import import_module

from .shared_cache import on_disk

# Whether this process asked for kernels that several threads may call at once (``prefer_threadsafe``).
_threadsafe_asked = False
THREADSAFE_LAYERS = ("omp", "tbb", "safe", "threadsafe")


def loaded() -> bool:
    """Return whether the compiled kernels are loaded in this process (numba's start-up already paid)."""
    return f"{__name__}._numba" in sys.modules


def ready(module: str, name: str) -> bool:
    """Return whether the kernel ``name`` of ``module`` (in this folder) runs without a compilation in this
    process: loaded here, or saved in numba's cache by an earlier process (asking loads numba)."""

    return on_disk(getattr(import_module(f"{__name__}.{module}"), name))


def prefer_threadsafe() -> None:
    """Ask, before the kernels load, for a threading layer that several threads may call at once (a server).

    numba's default here, workqueue, survives the fork of ``--jobs`` but not
    two threads; OpenMP is the reverse, and a server forks no worker.
    """
    global _threadsafe_asked
    _threadsafe_asked = True


def threadsafe() -> bool:
    """Return whether several threads may call the compiled kernels at once in this process."""
    if not loaded():
        return (
            _threadsafe_asked
            and "NUMBA_THREADING_LAYER" not in os.environ
            or os.environ.get("NUMBA_THREADING_LAYER", "") in THREADSAFE_LAYERS
        )
    import numba  # noqa: PLC0415 (numba: loaded on first use)

    return str(numba.config.THREADING_LAYER) in THREADSAFE_LAYERS  # type: ignore[attr-defined]


def wants_threadsafe() -> bool:
    """Return whether ``prefer_threadsafe`` was asked in this process (read by ``_numba`` as numba is set up)."""
    return _threadsafe_asked
