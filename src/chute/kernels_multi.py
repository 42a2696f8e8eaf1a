"""Compiled kernels (numba) for multi-board play: one board's partition figures for every guess.

Kept apart from ``multiboard`` so that importing chute never pays numba's
start-up cost until a multi-board choice is actually computed.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .kernels import _score_code


@njit(cache=True, nogil=True)
def _rows_figures(codes_t, clog, n_patterns, start, stop, ent, sq, ones, parts):
    """Fill ``ent[r]`` (summed c*log2 c), ``sq[r]`` (summed c*c) and ``ones[r]`` (bins of one), ``parts[r]`` (bins) for rows start..stop."""
    n = codes_t.shape[0]
    counts = np.zeros(n_patterns, dtype=np.int32)
    for r in range(start, stop):
        for j in range(n):
            counts[codes_t[j, r]] += 1
        s = 0.0
        q = 0
        k = 0
        m = 0
        for j in range(n):
            c = counts[codes_t[j, r]]
            if c > 0:
                s += clog[c]
                q += c * c
                m += 1
                if c == 1:
                    k += 1
                counts[codes_t[j, r]] = 0
        ent[r] = s
        sq[r] = q
        ones[r] = k
        parts[r] = m


@njit(cache=True, nogil=True)
def board_figures(codes_t, clog, n_patterns, ent, sq, ones, parts):
    """Fill, for every guess column of ``codes_t`` (candidates x guesses), the bins' c*log2 c and c*c sums, bins of one and bins."""
    _rows_figures(codes_t, clog, n_patterns, 0, codes_t.shape[1], ent, sq, ones, parts)


@njit(parallel=True, cache=True)
def board_figures_parallel(codes_t, clog, n_patterns, ent, sq, ones, parts):
    """Return nothing; the same as ``board_figures`` split over threads (for large candidate sets)."""
    g = codes_t.shape[1]
    block = 512
    n_blocks = (g + block - 1) // block
    for b in prange(n_blocks):
        start = b * block
        stop = min(g, start + block)
        _rows_figures(codes_t, clog, n_patterns, start, stop, ent, sq, ones, parts)


@njit(cache=True, nogil=True)
def codes_serial(guesses, secrets, out):
    """Fill ``out[i, j]`` with the code of guess ``i`` against secret ``j`` on one thread (fork-safe)."""
    n = guesses.shape[1]
    pow3 = np.empty(n, dtype=np.int64)
    p = 1
    for i in range(n):
        pow3[i] = p
        p *= 3
    for i in range(guesses.shape[0]):
        for j in range(secrets.shape[0]):
            out[i, j] = _score_code(guesses[i], secrets[j], pow3)
