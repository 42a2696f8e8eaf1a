"""Compiled loops (numba) and their numpy twins, each checked against the plain Python rule; importing the folder compiles nothing.

One home each: scoring (``score``), partition figures (``partition``), the
tree searches' scans, hard-mode sets and small compiled searches (``scan``,
``hard``, ``small_trees``) with their numpy twins (``tree_numpy``), the
weighted search's bounds (``weighted``), the guard's plans and cost tables
(``plans``), the two-deep estimate of ``expected-guesses`` (``expected``).
numba is set up in ``_numba``, which every compiled module imports, and
``compiling`` tells the player when a kernel is compiled.
"""

import sys


def loaded() -> bool:
    """Return whether the compiled kernels are loaded in this process (numba's start-up already paid)."""
    return f"{__name__}._numba" in sys.modules
