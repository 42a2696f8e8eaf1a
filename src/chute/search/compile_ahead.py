"""The tree search's kernels compiled in processes of their own before a first search: the compiler's memory is
never added to the matrix's.

numba compiles a kernel the first time it runs on a machine, and keeps what it
compiled for the life of the process, more than a small matrix itself.  A
first search in the player's process would hold that beside its own data
(BENCHMARKS.md, "Memory").  So before a first search loads its kernels, child
processes (``warm_kernels``) run the same searches on made-up words of the
same length and rule, one part of them each (``PARTS``), which
compiles every kernel the search calls into numba's cache; each child holds
only its part, and the search then reads them all from the cache.  A stamp in
chute's cache says it was done for these kernels, numba and Python, so later
searches skip the children; below ``AHEAD_BYTES`` of matrix a search also
skips them when numba's cache holds its kernels for these codes already
(compiled by another chute cache's search, or the page's warm-up).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .. import kernels
from ..errors import ChuteError
from ..files import write_atomic
from ..game.pattern_codes import code_dtype
from ..kernels.compiling import compiling, kernels_key
from ..kernels.shared_cache import saved_signatures
from ..machine import this_chute_env

AHEAD_BYTES = 64 * 2**20  # a smaller matrix asks numba's cache first (a larger one: the stamp alone)
STARTED = "compiling"  # the line the child writes as it starts compiling (its parent tells the player)

# the parts a first search compiles in turn, each in a process of its own (``_run_part``): numba keeps what
# it compiled for the life of the process, so a part holds only its own kernels and those it reads back from the
# cache (its predecessors'), each within the memory target where every part at once was over it
PARTS = (("rank",), ("two rows",), ("three rows",), ("four rows",), ("openers",), ("exact", "five rows", "refuted"))


def parts(rule: str | None) -> list[int]:
    """Return the parts that compile something under ``rule`` (the search of two rows left is normal mode's)."""
    return [k for k, names in enumerate(PARTS) if rule is None or names != ("two rows",)]


def stamp_path(cache_dir: Path, length: int, rule: str | None, transposed: bool = False) -> Path:
    """Return the file that says the kernels of a search of ``length``-letter words under ``rule`` are compiled
    (``transposed``: for a search reading the matrix through its transposed copy only, whose kernels are
    compiled for a matrix by columns)."""
    layout = "-columns" if transposed else ""
    return cache_dir / f"tree-kernels-{code_dtype(length).name}-{rule or 'normal'}{layout}-{kernels_key()}.ok"


def compile_first(nbytes: int, length: int, rule: str | None, cache_dir: Path | None, transposed: bool = False) -> bool:
    """Return whether child processes compiled the search's kernels, run when a search over a matrix of ``nbytes``
    (read through its transposed copy only, if ``transposed``) is about to load them and none are loaded in this
    process yet, unless its stamp says they were compiled (or, below ``AHEAD_BYTES``, numba's cache holds them).

    The player hears the usual note when a child starts compiling; a child that fails stops the others and
    changes nothing (the search compiles what it needs itself, as without them).
    """
    if kernels.loaded() or cache_dir is None:
        return False
    stamp = stamp_path(cache_dir, length, rule, transposed)
    if stamp.exists() or nbytes < AHEAD_BYTES and compiled_before(length, rule):
        return False
    for part in parts(rule):
        if not _run_part(part, length, rule, transposed):
            return False
    try:
        write_atomic(stamp, "compiled\n", "stamp")
    except ChuteError:
        pass  # a read-only cache: the next search runs the child again, and it finds them compiled
    return True


def compiled_before(length: int, rule: str | None) -> bool:
    """Return whether numba's cache holds the search of a node's last three rows (the largest kernel) for the
    codes of ``length``-letter words under ``rule``: an earlier process compiled the search's kernels there."""
    from ..kernels import ruled_trees, small_trees  # noqa: PLC0415 (numba: loaded on first use)

    kernel = small_trees.solve_three if rule is None else ruled_trees.solve_three_ruled
    codes = code_dtype(length).name
    return any(str(getattr(sig[0], "dtype", "")) == codes for sig in saved_signatures(kernel) if sig)


def _run_part(part: int, length: int, rule: str | None, transposed: bool) -> bool:
    """Return whether the child compiling ``part`` of the kernels ended well, telling the player when it starts
    compiling."""
    env = this_chute_env()
    argv = [sys.executable, "-m", "chute.search.warm_kernels", str(length), rule or "", "--part", str(part)]
    try:
        child = subprocess.Popen(
            argv + (["--transposed"] if transposed else []),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
    except OSError:
        return False
    assert child.stderr is not None
    try:
        for line in child.stderr:
            if line.strip() == STARTED:
                compiling()
    finally:
        child.stderr.close()
        status = child.wait()
    return status == 0
