"""How a tree search reads the pattern matrix: as it is, through its transposed copy, or (a matrix too large to
copy whole, mapped from the cache) through the transposed rows of the sets it searches, copied as each is first
read, so that the process holds each code once."""

from __future__ import annotations

import numpy as np

from ..game.engine import Engine
from .compile_ahead import AHEAD_BYTES

TRANSPOSE_BYTES = 128 * 2**20  # a larger matrix is not copied whole: only the rows its searches read
ROWS_COPIED_MAX = 1024  # ... for sets of at most this many words (larger ones scan the matrix itself),
# unless the matrix is mapped from the cache (``read_rows_only``)
# Numpy's scans read a few columns of a matrix until they have taken this much CPU, about what making its
# transpose costs; then they read the transpose, made whole (``pattern_codes.transpose``): a search pays at most
# twice the better of the two
NUMPY_TRANSPOSE_SECONDS = 0.03


def transposed_only(nbytes: int) -> bool:
    """Return whether a search over a matrix of ``nbytes`` reads it only through its transposed copy, so that the
    process holds one copy of the codes, not two: from AHEAD_BYTES, where its kernels are compiled in a process
    of their own, to TRANSPOSE_BYTES, past which no whole copy is made (the same CPU time; below, the two
    copies cost little and the kernels compiled are the usual)."""
    return AHEAD_BYTES <= nbytes <= TRANSPOSE_BYTES


class MatrixView:
    """A search's views of an engine's matrix: ``M`` (guesses x answers) and, made when a kernel needs it, ``MT``
    (answers x guesses)."""

    numpy_seconds: float = 0.0  # the CPU time the search's scans took in numpy (``TreeSearch``)

    def __init__(self, engine: Engine):
        self.engine = engine
        self.M = np.ascontiguousarray(engine.matrix)
        self._mt: np.ndarray | None = None  # the transposed matrix (``MT``), made when a kernel needs it
        self.transposed_only = False
        self.rows_only = False  # the codes read only through the rows copied of the sets searched
        if transposed_only(self.M.nbytes):
            self.read_transposed_only()
        elif self.M.nbytes > TRANSPOSE_BYTES and engine.maps_matrix():
            self.read_rows_only()

    def read_transposed_only(self) -> None:
        """Read the matrix only through its transposed copy from now on (``M`` is ``MT.T``: the same codes, by
        columns), and give the engine's matrix back to the system where it can (``Engine.give_back_matrix``)."""
        self.M = self.MT.T
        self.transposed_only = True
        self.engine.give_back_matrix()

    def read_rows_only(self) -> None:
        """Read a matrix too large to copy whole, mapped from the cache, only through the engine's transposed rows
        of the sets searched (``Engine.transposed_rows``), copied as each set is first read (``copy_rows``), so
        that the process holds each code once: the matrix's pages are given back as the rows are copied (at 9
        letters, 5,056 x 29,150 words, a review's search held both whole)."""
        copies = self.engine.rows_copies()
        if copies is None:
            return
        self._copies = copies  # its own: the engine may drop them (``forget_copies``) while it runs
        self._mt = copies[0]
        self.M = self._mt.T
        self.transposed_only = self.rows_only = True
        self.engine.give_back_matrix()

    def copy_rows(self, S: np.ndarray) -> None:
        """Copy the rows of the set ``S`` that a search reading rows only has not copied yet (no-op otherwise):
        every read of the codes goes through a set's search or a scan that calls this first."""
        if self.rows_only:
            self.engine.transposed_rows(S, self._copies)

    def codes(self, g: int, S: np.ndarray) -> np.ndarray:
        """Return the codes guess row ``g`` shows the answer columns ``S``."""
        self.copy_rows(S)
        return self.M[g, S]

    @property
    def MT(self) -> np.ndarray:
        """Return the matrix transposed (answers x guesses), which speeds up the kernels' scans of small sets;
        empty past TRANSPOSE_BYTES, where memory matters more.  The engine's, made once (a review builds two
        searches, a server a search per review), and only for the kernels."""
        if self._mt is None:
            self._mt = (
                self.engine.transposed if self.M.nbytes <= TRANSPOSE_BYTES else np.empty((0, 0), dtype=self.M.dtype)
            )
        return self._mt

    def _mt_for(self, S: np.ndarray) -> np.ndarray:
        """Return the transposed matrix a kernel given the set ``S`` reads: ``MT``, or past TRANSPOSE_BYTES one
        holding the rows of S's words (a kernel reads no other row: only its set's and its bins'), or
        for a set of more than ROWS_COPIED_MAX words none (the kernel scans the matrix itself)."""
        if self.rows_only:
            self.copy_rows(S)
            return self.MT
        if self.M.nbytes <= TRANSPOSE_BYTES or len(S) > ROWS_COPIED_MAX:
            return self.MT
        rows = self.engine.transposed_rows(S)
        return self.MT if rows is None else rows

    def _numpy_mt_for(self, S: np.ndarray) -> np.ndarray | None:
        """Return the transposed matrix numpy's primitives read for the set ``S``, or None (they read the
        matrix's columns): past TRANSPOSE_BYTES the rows of S's words (``_mt_for``); else the whole transpose
        once it is made, or once the numpy scans have taken NUMPY_TRANSPOSE_SECONDS, about what making it
        takes (so a search pays at most twice the better of the two)."""
        if self.M.nbytes > TRANSPOSE_BYTES:
            return self._mt_for(S)
        if self._mt is not None or "transposed" in vars(self.engine) or self.numpy_seconds >= NUMPY_TRANSPOSE_SECONDS:
            return self.MT
        return None
