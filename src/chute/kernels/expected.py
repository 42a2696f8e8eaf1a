"""The two-deep estimate of ``strategies.expected.second_guesses``, compiled: each guess's sums of m x f(H)."""

from __future__ import annotations

import math

import numpy as np

from ._numba import njit, prange

CHUNKS = 8  # rows are spread over this many scratch tables (one per worker at most)


@njit(parallel=True, cache=True, error_model="numpy")
def second_sums(codes, members, local, w, wlog, n_bins, n_patterns, solved, spread, power, out):
    """Fill ``out[r, b]`` with the sum of m x f(H) over the patterns (not the solving one) that guess row ``r``
    of ``codes`` shows on the words of bin ``b`` (``members[j]`` for ``local[j] == b``): m the words' mass
    (``w``), H = log2(m) - sum(w log2 w) / m their entropy (``wlog``), f(H) = 1 + spread x H ** power."""
    rows = codes.shape[0]
    size = n_bins * n_patterns
    chunks = min(rows, CHUNKS)
    for chunk in prange(chunks):
        mass = np.zeros(size)
        mlog = np.zeros(size)
        seen = np.zeros(size, dtype=np.uint8)
        touched = np.empty(len(members), dtype=np.int64)
        for r in range(chunk, rows, chunks):
            t = 0
            for j in range(len(members)):
                k = local[j] * n_patterns + codes[r, members[j]]
                if seen[k] == 0:
                    seen[k] = 1
                    touched[t] = k
                    t += 1
                mass[k] += w[j]
                mlog[k] += wlog[j]
            for q in range(t):
                k = touched[q]
                if k % n_patterns != solved:
                    m = mass[k]
                    safe = m if m > 0 else 1.0
                    h = max(math.log2(safe) - mlog[k] / safe, 0.0)
                    out[r, k // n_patterns] += m * (1.0 + spread * h**power)
                mass[k] = 0.0
                mlog[k] = 0.0
                seen[k] = 0
