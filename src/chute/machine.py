"""What a run may ask of this machine: how many worker processes, and the environment of a child chute.

Kept apart from ``parallel`` so that commands which start no pool load none of its machinery.
"""

from __future__ import annotations

import os
from pathlib import Path

from .errors import ChuteError


def max_jobs() -> int:
    """Return the most worker processes a run may ask for: four per core."""
    return 4 * (os.cpu_count() or 1)


def check_jobs(jobs: int) -> int:
    """Return ``jobs`` if it is a sensible number of processes; raise ChuteError otherwise."""
    if not isinstance(jobs, int) or jobs < 1:
        raise ChuteError(f"jobs must be at least 1, not {jobs!r}")
    if jobs > max_jobs():
        raise ChuteError(f"jobs must be at most {max_jobs()} (four per core), not {jobs}")
    return jobs


def this_chute_env(**extra: str) -> dict[str, str]:
    """Return the environment of a child process that runs this same chute (its folder first on PYTHONPATH,
    wherever it was loaded from: a checkout's ``src``, an installed package), with ``extra`` set."""
    here = str(Path(__file__).resolve().parents[1])
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH")) if p), **extra}
