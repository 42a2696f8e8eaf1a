"""Matrix layout: a cache-friendly transpose (numpy's copy of ``a.T`` walks memory with a large stride)."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

BLOCK = 64          # a 64 x 64 tile of one-byte codes fits in the L1 cache both ways


@njit(cache=True, nogil=True)
def _transpose_rows(a, out, i0, i1):
    """Copy rows i0..i1 of ``a`` into the columns of ``out``, tile by tile."""
    m = a.shape[1]
    for j0 in range(0, m, BLOCK):
        j1 = min(m, j0 + BLOCK)
        for i in range(i0, i1):
            for j in range(j0, j1):
                out[j, i] = a[i, j]


@njit(cache=True, nogil=True)
def transpose_serial(a, out):
    """Fill ``out`` with ``a`` transposed, on one thread."""
    n = a.shape[0]
    for i0 in range(0, n, BLOCK):
        _transpose_rows(a, out, i0, min(n, i0 + BLOCK))


@njit(parallel=True, cache=True)
def transpose_parallel(a, out):
    """Fill ``out`` with ``a`` transposed, tiles of rows spread over threads."""
    n = a.shape[0]
    for b in prange((n + BLOCK - 1) // BLOCK):
        i0 = b * BLOCK
        _transpose_rows(a, out, i0, min(n, i0 + BLOCK))


def transposed(a: np.ndarray, threads: bool = True) -> np.ndarray:
    """Return a C-contiguous copy of ``a.T`` (equal to ``np.ascontiguousarray(a.T)``)."""
    out = np.empty((a.shape[1], a.shape[0]), dtype=a.dtype)
    if a.size:
        (transpose_parallel if threads else transpose_serial)(np.ascontiguousarray(a), out)
    return out
