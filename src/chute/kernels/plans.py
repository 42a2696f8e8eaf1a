"""The guard's plans (``strategies.guard.Plans``): each guess's figures over a set of words, compiled."""

from __future__ import annotations

import numpy as np

from ._numba import njit


@njit(cache=True, nogil=True)
def plan_figures(codes, at, S, cost, solved, n_patterns, parts, cand, score):
    """Fill, for the guess at row ``at[i]`` of ``codes`` (guesses x words) over the words ``S``: its unsolved
    bins ``parts[i]``, whether it is one of the words ``cand[i]``, and the tree search's heuristic
    ``score[i]`` (the sum over its bins of m * cost[m], less cost[1] for the solved one): ``tree_numpy.figures``."""
    n = len(S)
    count = np.zeros(n_patterns, dtype=np.int64)
    seen = np.empty(n, dtype=np.int64)
    for i in range(len(at)):
        row = at[i]
        k = 0
        for j in range(n):
            c = codes[row, S[j]]
            if count[c] == 0:
                seen[k] = c
                k += 1
            count[c] += 1
        total = 0
        hit = 0
        for t in range(k):
            c = seen[t]
            m = count[c]
            total += m * cost[m]
            if c == solved:
                hit = 1
            count[c] = 0
        parts[i] = k - hit
        cand[i] = hit
        score[i] = total - hit * cost[1]
