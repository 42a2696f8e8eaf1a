"""Compiled kernels (numba): the scoring rule over whole word arrays, and histograms.

Kept apart so that importing chute never pays numba's start-up cost unless a
matrix must be built or a kernel is called.  The rule is the same as
``feedback.score``; tests check that every cell agrees.
"""

from __future__ import annotations

import os

import numba
import numpy as np

if "NUMBA_THREADING_LAYER" not in os.environ:
    # GNU OpenMP (numba's default here) kills a process forked after a parallel kernel ran, and
    # --jobs forks workers; the workqueue layer survives fork and is as fast for these loops.
    # It is not thread-safe: callers that run kernels from several threads must serialise them.
    numba.config.THREADING_LAYER = "workqueue"

from numba import njit, prange  # noqa: E402  (after the threading layer is chosen)


@njit(cache=True, nogil=True, inline="always")
def _score_code(g, s, pow3):
    """Return the base-3 code of guess ``g`` against secret ``s`` (letters as small ints)."""
    n = g.shape[0]
    code = 0
    used = 0                       # bit j set: secret letter j is already matched
    for i in range(n):
        if g[i] == s[i]:
            code += 2 * pow3[i]
            used |= 1 << i
    for i in range(n):
        if g[i] != s[i]:
            c = g[i]
            for j in range(n):
                if s[j] == c and not (used >> j) & 1:
                    used |= 1 << j
                    code += pow3[i]
                    break
    return code


@njit(parallel=True, cache=True)
def pattern_matrix(guesses, secrets, out):
    """Fill ``out[i, j]`` with the code of guess ``i`` against secret ``j``.

    A guess whose letters are all different needs no yellow bookkeeping: a
    non-green letter is yellow exactly when the secret holds it at some
    non-green position, a bit test on the secret's non-green letters.
    Guesses with repeated letters take the general rule (``_score_code``).
    """
    n = guesses.shape[1]
    pow3 = np.empty(n, dtype=np.int64)
    p = 1
    for i in range(n):
        pow3[i] = p
        p *= 3
    for i in prange(guesses.shape[0]):
        g = guesses[i]
        seen = 0
        distinct = True
        for k in range(n):
            bit = 1 << g[k]
            if seen & bit:
                distinct = False
            seen |= bit
        if not distinct:
            for j in range(secrets.shape[0]):
                out[i, j] = _score_code(g, secrets[j], pow3)
            continue
        for j in range(secrets.shape[0]):
            s = secrets[j]
            code = 0
            greens = 0
            others = 0                 # letters of the secret at non-green positions, as bits
            for k in range(n):
                if g[k] == s[k]:
                    code += 2 * pow3[k]
                    greens |= 1 << k
                else:
                    others |= 1 << s[k]
            for k in range(n):
                if not (greens >> k) & 1 and (others >> g[k]) & 1:
                    code += pow3[k]
            out[i, j] = code


@njit(parallel=True, cache=True)
def row_stats(codes, weights, n_patterns, entropy, expected, worst, parts):
    """Fill per-row partition figures: entropy (bits), expected bin size, largest bin, bins.

    ``weights`` are the candidates' probabilities (summing to 1), or empty for
    uniform; no rows x patterns temporaries are made.
    """
    rows, cols = codes.shape
    uniform = weights.shape[0] == 0
    for r in prange(rows):
        counts = np.zeros(n_patterns, np.int64)
        mass = np.zeros(n_patterns if not uniform else 1, np.float64)
        row = codes[r]
        if uniform:
            for j in range(cols):
                counts[row[j]] += 1
        else:
            for j in range(cols):
                counts[row[j]] += 1
                mass[row[j]] += weights[j]
        h = 0.0
        e = 0.0
        big = 0
        k = 0
        for p in range(n_patterns):
            c = counts[p]
            if c > 0:
                k += 1
                if c > big:
                    big = c
                if uniform:
                    h += c * np.log2(c)
                    e += c * c
                else:
                    m = mass[p]
                    if m > 0:
                        h -= m * np.log2(m)
                    e += m * c
        if uniform:
            entropy[r] = np.log2(cols) - h / cols
            expected[r] = e / cols
        else:
            entropy[r] = h
            expected[r] = e
        worst[r] = big
        parts[r] = k


@njit(cache=True, nogil=True)
def row_stats_sparse(codes, weights, n_patterns, entropy, expected, worst, parts):
    """Fill the same per-row figures as ``row_stats`` in time proportional to rows x columns.

    For few candidates: each row touches only the bins its own codes hit (and
    clears them after), so no pass over every pattern is made.  Serial: the
    inputs are small, and a busy machine makes parallel barriers cost more
    than they save.
    """
    rows, cols = codes.shape
    uniform = weights.shape[0] == 0
    clog = np.zeros(cols + 1)
    for c in range(2, cols + 1):
        clog[c] = c * np.log2(c)
    counts = np.zeros(n_patterns, np.int64)
    mass = np.zeros(n_patterns if not uniform else 1, np.float64)
    for r in range(rows):
        row = codes[r]
        for j in range(cols):
            counts[row[j]] += 1
        if not uniform:
            for j in range(cols):
                mass[row[j]] += weights[j]
        h = 0.0
        e = 0.0
        big = 0
        k = 0
        for j in range(cols):
            p = row[j]
            c = counts[p]
            if c > 0:
                counts[p] = 0          # count each bin once, and leave the scratch clean
                k += 1
                if c > big:
                    big = c
                if uniform:
                    h += clog[c]
                    e += c * c
                else:
                    m = mass[p]
                    mass[p] = 0.0
                    if m > 0:
                        h -= m * np.log2(m)
                    e += m * c
        if uniform:
            entropy[r] = np.log2(cols) - h / cols
            expected[r] = e / cols
        else:
            entropy[r] = h
            expected[r] = e
        worst[r] = big
        parts[r] = k


@njit(parallel=True, cache=True)
def bin_best(codes, perm, starts, ends, weights, n_patterns, mode, n_chunks, best):
    """Fill ``best[c, b]``: over the rows of chunk ``c``, the best figure of a guess within bin ``b``.

    Bin ``b`` is the columns ``perm[starts[b]:ends[b]]`` of ``codes``.  Mode 0:
    the largest entropy (bits); mode 1: the smallest expected bin size.
    ``weights`` are column probabilities, or empty for uniform.  Figures are
    kept up to date as each column is counted, so no pattern table is scanned.
    """
    rows = codes.shape[0]
    n_bins = starts.shape[0]
    uniform = weights.shape[0] == 0
    step = (rows + n_chunks - 1) // n_chunks
    top = 1
    for b in range(n_bins):
        if ends[b] - starts[b] + 1 > top:
            top = ends[b] - starts[b] + 1
    clog = np.zeros(top + 1)
    for c in range(1, top + 1):
        clog[c] = c * np.log2(c)
    for chunk in prange(n_chunks):
        counts = np.zeros(n_patterns, np.int64)
        mass = np.zeros(n_patterns, np.float64)
        for b in range(n_bins):
            best[chunk, b] = -1e300 if mode == 0 else 1e300
        for r in range(chunk * step, min(rows, (chunk + 1) * step)):
            row = codes[r]
            for b in range(n_bins):
                lo = starts[b]
                hi = ends[b]
                size = hi - lo
                s = 0.0                # sum of c log2 c (or of M log2 M)
                q = 0.0                # sum of c^2 (or of M c)
                total = 0.0
                for k in range(lo, hi):
                    j = perm[k]
                    p = row[j]
                    c = counts[p]
                    if uniform:
                        s += clog[c + 1] - clog[c]
                        q += 2 * c + 1
                    else:
                        w = weights[j]
                        m = mass[p]
                        new = m + w
                        s += new * np.log2(new) - (m * np.log2(m) if m > 0 else 0.0)
                        q += new * (c + 1) - m * c
                        mass[p] = new
                        total += w
                    counts[p] = c + 1
                for k in range(lo, hi):
                    p = row[perm[k]]
                    counts[p] = 0
                    mass[p] = 0.0
                if uniform:
                    h = np.log2(size) - s / size
                    e = q / size
                else:
                    h = np.log2(total) - s / total if total > 0 else 0.0
                    e = q / total if total > 0 else 0.0
                if mode == 0:
                    if h > best[chunk, b]:
                        best[chunk, b] = h
                elif e < best[chunk, b]:
                    best[chunk, b] = e
