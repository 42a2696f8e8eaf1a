"""Partition figures: per guess, how it splits the candidates (entropy, expected size, worst bin,
parts; one board's figures for the multi-board policy; the look-ahead's best second guess per bin)."""

from __future__ import annotations

import numpy as np

from ._numba import njit, prange


@njit(cache=True, nogil=True, inline="always")
def _add_bin(h, e, big, k, c, clog_c, m, uniform):
    """Return the running figures (h, e, largest bin, bins) with one more bin of ``c`` words (mass ``m``)."""
    k += 1
    if c > big:
        big = c
    if uniform:
        h += clog_c
        e += c * c
    else:
        if m > 0:
            h -= m * np.log2(m)
        e += m * c
    return h, e, big, k


@njit(cache=True, nogil=True, inline="always")
def _store(r, h, e, big, k, cols, uniform, entropy, expected, worst, parts):
    """Write row ``r``'s figures: entropy in bits and expected size (from h and e), largest bin, bins."""
    if uniform:
        entropy[r] = np.log2(cols) - h / cols
        expected[r] = e / cols
    else:
        entropy[r] = h
        expected[r] = e
    worst[r] = big
    parts[r] = k


@njit(cache=True, nogil=True)
def _rows_sparse(codes, weights, clog, counts, mass, lo, hi, entropy, expected, worst, parts):
    """Fill the figures of rows ``lo..hi``: each row touches only the bins its codes hit, and clears them after."""
    cols = codes.shape[1]
    uniform = weights.shape[0] == 0
    for r in range(lo, hi):
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
                counts[p] = 0  # count each bin once, and leave the scratch clean
                m = 0.0
                if not uniform:
                    m = mass[p]
                    mass[p] = 0.0
                h, e, big, k = _add_bin(h, e, big, k, c, clog[c], m, uniform)
        _store(r, h, e, big, k, cols, uniform, entropy, expected, worst, parts)


@njit(cache=True, nogil=True)
def _clog(cols):
    """Return c * log2(c) for c = 0..cols."""
    clog = np.zeros(cols + 1)
    for c in range(2, cols + 1):
        clog[c] = c * np.log2(c)
    return clog


@njit(parallel=True, cache=True)
def row_stats(codes, weights, n_patterns, n_chunks, entropy, expected, worst, parts):
    """Fill per-row partition figures: entropy (bits), expected bin size, largest bin, bins.

    ``weights`` are the candidates' probabilities (summing to 1), or empty for
    uniform.  Time is rows x columns at any word length (a row never scans
    every pattern), and memory one ``n_patterns`` scratch table per chunk of
    rows: no rows x patterns temporaries.
    """
    rows, cols = codes.shape
    clog = _clog(cols)
    uniform = weights.shape[0] == 0
    step = (rows + n_chunks - 1) // n_chunks
    for chunk in prange(n_chunks):
        lo = chunk * step
        hi = min(rows, lo + step)
        if lo < hi:
            counts = np.zeros(n_patterns, np.int64)
            mass = np.zeros(n_patterns if not uniform else 1, np.float64)
            _rows_sparse(codes, weights, clog, counts, mass, lo, hi, entropy, expected, worst, parts)


@njit(cache=True, nogil=True)
def row_stats_sparse(codes, weights, n_patterns, entropy, expected, worst, parts):
    """Fill the same per-row figures as ``row_stats``, serially (few candidates, many rankings in one process)."""
    rows, cols = codes.shape
    counts = np.zeros(n_patterns, np.int64)
    mass = np.zeros(n_patterns if weights.shape[0] else 1, np.float64)
    _rows_sparse(codes, weights, _clog(cols), counts, mass, 0, rows, entropy, expected, worst, parts)


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
                s = 0.0  # sum of c log2 c (or of M log2 M)
                q = 0.0  # sum of c^2 (or of M c)
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


@njit(cache=True, nogil=True)
def _rows_figures(codes_t, clog, n_patterns, start, stop, ent, sq, ones, parts):
    """Fill ``ent[r]`` (summed c*log2 c), ``sq[r]`` (summed c*c), ``ones[r]`` (bins of one), ``parts[r]`` (bins), rows start..stop."""
    n = codes_t.shape[0]
    counts = np.zeros(n_patterns, dtype=np.int32)
    for r in range(start, stop):
        for j in range(n):
            counts[codes_t[j, r]] += 1
        s = 0.0
        q = 0.0
        big = 0
        k = 0
        m = 0
        for j in range(n):
            c = counts[codes_t[j, r]]
            if c > 0:
                s, q, big, m = _add_bin(s, q, big, m, c, clog[c], 0.0, True)
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


@njit(cache=True, nogil=True)
def _rows_figures_weighted(codes_t, w, n_patterns, start, stop, ent, size, ones, parts):
    """Fill rows start..stop with weighted figures: bits, expected candidates left, chance of a bin of one, bins.

    ``w`` holds the candidates' probabilities (summing to 1).
    """
    n = codes_t.shape[0]
    counts = np.zeros(n_patterns, dtype=np.int32)
    mass = np.zeros(n_patterns, dtype=np.float64)
    for r in range(start, stop):
        for j in range(n):
            p = codes_t[j, r]
            counts[p] += 1
            mass[p] += w[j]
        h = 0.0
        e = 0.0
        one = 0.0
        k = 0
        for j in range(n):
            p = codes_t[j, r]
            c = counts[p]
            if c > 0:
                m = mass[p]
                k += 1
                if m > 0:
                    h -= m * np.log2(m)
                e += m * c
                if c == 1:
                    one += m
                counts[p] = 0
                mass[p] = 0.0
        ent[r] = h
        size[r] = e
        ones[r] = one
        parts[r] = k


@njit(cache=True, nogil=True)
def board_figures_weighted(codes_t, w, n_patterns, ent, size, ones, parts):
    """Fill, for every guess column of ``codes_t``, the weighted figures of ``_rows_figures_weighted``."""
    _rows_figures_weighted(codes_t, w, n_patterns, 0, codes_t.shape[1], ent, size, ones, parts)


@njit(parallel=True, cache=True)
def board_figures_weighted_parallel(codes_t, w, n_patterns, ent, size, ones, parts):
    """Return nothing; the same as ``board_figures_weighted`` split over threads."""
    g = codes_t.shape[1]
    block = 512
    n_blocks = (g + block - 1) // block
    for b in prange(n_blocks):
        start = b * block
        _rows_figures_weighted(codes_t, w, n_patterns, start, min(g, start + block), ent, size, ones, parts)


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
