"""The tree search's kernels compiled in a process of their own before a large search: the compiler's memory is
never added to the matrix's.

numba compiles a kernel the first time it runs on a machine, and its compiler
keeps about 150 MB that the process never gives back.  A search whose matrix is
large would hold that, the matrix and its transposed copy at once (at 10,000 x
10,000 words: 522 MiB on a first run, 375 MiB once the kernels are cached).  So
before such a search loads its kernels, a child process (``warm_kernels``) runs
the same searches on made-up words of the same length and rule, which compiles
every kernel the search calls into numba's cache; the search then reads them
from there.  A stamp in chute's cache says it was done for these kernels,
numba and Python, so later searches skip the child (about a second).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

AHEAD_BYTES = 64 * 2**20        # a smaller matrix is compiled beside, as before: the child would cost more
STARTED = "compiling"           # the line the child writes as it starts compiling (its parent tells the player)


def stamp_path(cache_dir: Path, length: int, rule: str | None, transposed: bool = False) -> Path:
    """Return the file that says the kernels of a search of ``length``-letter words under ``rule`` are compiled
    (``transposed``: for a search reading the matrix through its transposed copy only, whose kernels are
    compiled for a matrix by columns)."""
    from ..kernels.compiling import kernels_key
    from ..game.engine import code_dtype
    layout = "-columns" if transposed else ""
    return cache_dir / f"tree-kernels-{code_dtype(length).name}-{rule or 'normal'}{layout}-{kernels_key()}.ok"


def compile_first(nbytes: int, length: int, rule: str | None, cache_dir: Path | None,
                  transposed: bool = False) -> bool:
    """Return whether a child process compiled the search's kernels, run when a search over a matrix of ``nbytes``
    (read through its transposed copy only, if ``transposed``) is about to load them and none are loaded in this
    process yet, unless its stamp says they were compiled.

    The player hears the usual note when the child starts compiling; a child that fails changes nothing (the
    search compiles what it needs itself, as without it).
    """
    from .. import kernels
    if nbytes < AHEAD_BYTES or kernels.loaded() or cache_dir is None:
        return False
    stamp = stamp_path(cache_dir, length, rule, transposed)
    if stamp.exists():
        return False
    from ..kernels.compiling import compiling
    here = str(Path(__file__).resolve().parents[2])       # the chute this search runs, wherever it was loaded from
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH")) if p)}
    try:
        argv = [sys.executable, "-m", "chute.search.warm_kernels", str(length), rule or ""]
        child = subprocess.Popen(argv + (["--transposed"] if transposed else []),
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 text=True, env=env)
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
    if status != 0:
        return False
    from ..errors import ChuteError
    from ..files import write_atomic
    try:
        write_atomic(stamp, "compiled\n", "stamp")
    except ChuteError:
        pass                      # a read-only cache: the next search runs the child again, and it finds them compiled
    return True
