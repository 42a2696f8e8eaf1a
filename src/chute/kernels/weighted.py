"""Bounds for the weighted tree search: per guess, a lower bound on the weighted total and a partition key."""

from __future__ import annotations

import numpy as np

from ._numba import njit


@njit(cache=True, nogil=True)
def weighted_bounds(M, MT, rows, S, w, solved, n_patterns, lb, key):
    """Fill ``lb[i]`` and ``key[i]`` for guess row ``rows[i]`` over the candidate columns ``S`` (weights ``w``).

    The codes are read from ``MT`` (``M`` transposed, or empty: then from ``M``),
    where the few words' rows stay in the processor's cache from guess to guess.

    lb: W + sum over the bins that do not solve of W_b + (W_b - the heaviest word
    of b when b holds two or more): each word of a bin needs a guess more, and
    all but one of them two.  A guess that leaves every word in one bin without
    solving any tells nothing: ``lb`` is infinite.  key: a hash of the
    partition (which words go together, and which is solved), so that guesses
    splitting alike are searched once.
    """
    n = len(S)
    total = 0.0
    for j in range(n):
        total += w[j]
    count = np.zeros(n_patterns, dtype=np.int64)
    mass = np.zeros(n_patterns, dtype=np.float64)
    heavy = np.zeros(n_patterns, dtype=np.float64)
    label = np.full(n_patterns, -1, dtype=np.int64)
    codes = np.empty(n, dtype=np.int64)
    transposed = MT.shape[0] > 0
    for i in range(len(rows)):
        g = rows[i]
        if transposed:
            for j in range(n):
                codes[j] = MT[S[j], g]
        else:
            for j in range(n):
                codes[j] = M[g, S[j]]
        for j in range(n):
            p = codes[j]
            count[p] += 1
            mass[p] += w[j]
            if w[j] > heavy[p]:
                heavy[p] = w[j]
        bound = total
        bins = 0
        h = np.int64(1469598103934665603)
        next_label = 0
        for j in range(n):
            p = codes[j]
            if label[p] < 0:
                label[p] = next_label
                next_label += 1
                bins += 1
                if p != solved:
                    bound += mass[p]
                    if count[p] >= 2:
                        bound += mass[p] - heavy[p]
            h = (h ^ (label[p] * 2 + (1 if p == solved else 0))) * np.int64(1099511628211)
        if bins == 1 and codes[0] != solved and n > 1:
            bound = np.inf
        lb[i] = bound
        key[i] = h
        for j in range(n):
            p = codes[j]
            count[p] = 0
            mass[p] = 0.0
            heavy[p] = 0.0
            label[p] = -1
