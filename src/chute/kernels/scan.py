"""Partitions of a candidate set, compiled: per guess, the figures of the bins it makes (``scan``, by
classes of equal columns in ``scan_classes``), partition hashes, the best few guesses, a guess's bins, and
the guesses its bounds refute (``refuted_by_bounds``).

Every kernel works on the guess x answer matrix ``M`` (rows: guesses,
columns: answers), its transpose ``MT`` where given, and a candidate set
``S`` of answer columns; ``tree_numpy`` gives the same results in numpy.
"""

from __future__ import annotations

import numpy as np

from ._numba import njit
from .constants import FNV_OFFSET, FNV_PRIME, GOLDEN, SOLVED_LABEL

_FNV_OFFSET = np.uint64(FNV_OFFSET)
_FNV_PRIME = np.uint64(FNV_PRIME)
_GOLDEN = np.uint64(GOLDEN)
_INF = 10**9  # as ``TreeSearch``: no tree within the rows
# Below this many candidates, comparing every pair of codes (vectorised over the
# guesses) beats growing the bins one candidate at a time.
PAIRS_MAX = 40
# guesses whose bins grow together in ``_scan_grow`` (their counts stay in the L1/L2 cache)
GROW_BLOCK = 128
GROW_PATTERNS_MAX = 3**7  # longer words: counts per pattern, guess by guess
# Past this many candidates, or a 25th of the answers if more, counting each guess's bins row by row
# beats growing them: a guess's row of codes is read whole once the candidates cover its cache lines,
# while growing costs the same for every candidate (measured on Wordle's lists, crossing near 200, and
# a 10k x 10k list, near 400)
GROW_MAX = 200
GROW_MAX_SHARE = 25


@njit(cache=True, nogil=True)
def scan(M, MT, S, rows, all_rows, hw, solved, n_patterns, nb_out, cand_out, score_out):
    """Fill, per guess ``rows[k]``, figures of the partition it makes of ``S``.

    ``nb_out``: bins other than the solved one; ``cand_out``: 1 if the guess
    is in ``S``; ``score_out``: the sum over the candidates outside the solved
    bin of ``hw[size of their bin]``.  ``MT`` is ``M`` transposed (or empty);
    ``all_rows`` says that ``rows`` is every guess in order.
    """
    n = S.shape[0]
    K = rows.shape[0]
    if MT.shape[0] == 0 or n > max(GROW_MAX, M.shape[1] // GROW_MAX_SHARE):  # no transposed copy, or many
        _scan_counts(M, S, rows, hw, solved, n_patterns, nb_out, cand_out, score_out)
    elif n > PAIRS_MAX and n_patterns <= GROW_PATTERNS_MAX:
        _scan_grow(MT, S, rows, all_rows, hw, solved, n_patterns, nb_out, cand_out, score_out)
    else:
        C = np.empty((n, K), dtype=MT.dtype)
        if all_rows:
            for j in range(n):
                src = MT[S[j]]
                dst = C[j]
                for k in range(K):  # not ``C[j] = MT[S[j]]``: its check compiles a message into each kernel
                    dst[k] = src[k]
        else:
            for j in range(n):
                src = MT[S[j]]
                dst = C[j]
                for k in range(K):
                    dst[k] = src[rows[k]]
        _scan_pairs(C, hw, solved, nb_out, cand_out, score_out)


@njit(cache=True, nogil=True)
def scan_classes(M, MT, S, rows, all_rows, hw, solved, n_patterns, nb_out, cand_out, score_out, reps_out):
    """Fill ``reps_out`` with the first row of each distinct column of codes over ``S`` (in the order of
    ``rows``) and the first entries of the figure arrays with ``scan``'s figures of those rows; return
    how many.

    Guesses that give every candidate of ``S`` the same codes split ``S`` and
    every subset of it alike, with the same figures: only these
    representatives need scanning and trying, here and below.
    """
    K = rows.shape[0]
    hashes = _column_hashes(M, MT, S, rows, all_rows)
    size = 16
    while size < 2 * K:
        size *= 2
    mask = np.uint64(size - 1)
    table = np.zeros(size, dtype=np.uint64)
    count = 0
    for k in range(K):
        h = _mix(hashes[k]) | np.uint64(1)  # 0 marks an empty slot
        slot = h & mask
        while True:
            t = table[slot]
            if t == 0:
                table[slot] = h
                reps_out[count] = rows[k]
                count += 1
                break
            if t == h:
                break
            slot = (slot + np.uint64(1)) & mask
    if count == K:  # every column distinct: the rows as given (every row, in order, reads faster)
        scan(M, MT, S, rows, all_rows, hw, solved, n_patterns, nb_out, cand_out, score_out)
    else:
        scan(
            M,
            MT,
            S,
            reps_out[:count],
            count < 0,
            hw,
            solved,
            n_patterns,
            nb_out[:count],
            cand_out[:count],
            score_out[:count],
        )
    return count


@njit(cache=True, nogil=True, inline="always")
def _mix(z):
    """Return a 64-bit value mixed by splitmix64's finaliser."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, nogil=True)
def _code_keys(n):
    """Return n fixed random odd 64-bit keys: a column of codes hashes to the sum of (code + 1) x key."""
    keys = np.empty(n, dtype=np.uint64)
    for j in range(n):
        keys[j] = _mix(np.uint64(j + 1) * _GOLDEN) | np.uint64(1)
    return keys


@njit(cache=True, nogil=True)
def _column_hashes(M, MT, S, rows, all_rows):
    """Return, per guess ``rows[k]``, the sum over the candidates j of (code + 1) x a fixed random key of j."""
    n = S.shape[0]
    K = rows.shape[0]
    keys = _code_keys(n)
    hashes = np.zeros(K, dtype=np.uint64)
    if MT.shape[0] == 0:
        for k in range(K):
            row = M[rows[k]]
            h = np.uint64(0)
            for j in range(n):
                h += (np.uint64(row[S[j]]) + np.uint64(1)) * keys[j]
            hashes[k] = h
        return hashes
    for j in range(n):
        src = MT[S[j]]
        key = keys[j]
        if all_rows:
            for k in range(K):
                hashes[k] += (np.uint64(src[k]) + np.uint64(1)) * key
        else:
            for k in range(K):
                hashes[k] += (np.uint64(src[rows[k]]) + np.uint64(1)) * key
    return hashes


@njit(cache=True, nogil=True)
def _scan_grow(MT, S, rows, all_rows, hw, solved, n_patterns, nb_out, cand_out, score_out):
    """``scan`` for larger sets, from the transposed matrix: the bins of a block of guesses grow
    one candidate at a time, each step adding what that bin's growth costs (no pass over the
    patterns, no chain of dependent counts)."""
    n = S.shape[0]
    K = rows.shape[0]
    B = GROW_BLOCK
    delta = np.zeros(n + 1, dtype=np.int64)  # the score's growth as a bin goes from m to m + 1
    for m in range(n):
        delta[m] = (m + 1) * hw[m + 1] - m * hw[m]
    counts = np.zeros(n_patterns * B, dtype=np.int32)
    nbv = np.zeros(B, dtype=np.int64)
    scv = np.zeros(B, dtype=np.int64)
    cv = np.zeros(B, dtype=np.int64)
    codes = np.empty(B, dtype=np.int64)
    for k0 in range(0, K, B):
        bl = min(B, K - k0)
        nbv[:] = 0
        scv[:] = 0
        cv[:] = 0
        for j in range(n):
            src = MT[S[j]]
            for kk in range(bl):
                codes[kk] = src[rows[k0 + kk]]
            for kk in range(bl):
                c = codes[kk]
                idx = c * B + kk
                m = counts[idx]
                scv[kk] += delta[m]
                nbv[kk] += m == 0
                cv[kk] += c == solved
                counts[idx] = m + 1
        counts[:] = 0
        for kk in range(bl):
            cand = cv[kk]
            nb_out[k0 + kk] = nbv[kk] - cand
            cand_out[k0 + kk] = cand
            score_out[k0 + kk] = scv[kk] - cand * hw[1]


@njit(cache=True, nogil=True)
def _scan_pairs(C, hw, solved, nb_out, cand_out, score_out):
    """``scan`` for small sets: ``C[j, k]`` is the code guess ``k`` gives candidate ``j``.

    Candidate j's rank in its bin (how many earlier candidates share its code)
    is all a guess's figures need: a rank of 0 opens a bin, and a bin growing
    from m to m + 1 words adds (m + 1) hw[m + 1] - m hw[m] to the score, as in
    ``_scan_grow``.  One 8-bit count per guess, compared pair by pair.
    """
    n, K = C.shape
    growth = np.zeros(n + 1, dtype=np.int64)
    for m in range(n):
        growth[m] = (m + 1) * hw[m + 1] - m * hw[m]
    rank = np.empty(K, dtype=np.uint8)  # n <= PAIRS_MAX: 8-bit lanes, 32 to a vector
    for k in range(K):
        nb_out[k] = 0
        cand_out[k] = 0
        score_out[k] = 0
    for j in range(n):
        cj = C[j]
        rank[:] = 0
        for i in range(j):
            ci = C[i]
            for k in range(K):
                rank[k] += cj[k] == ci[k]
        for k in range(K):
            r = rank[k]
            nb_out[k] += r == 0
            score_out[k] += growth[r]
            if cj[k] == solved:
                cand_out[k] = 1
    for k in range(K):
        cand = cand_out[k]
        nb_out[k] -= cand
        score_out[k] -= cand * hw[1]  # the solved bin (one word) is not scored


@njit(cache=True, nogil=True)
def _scan_counts(M, S, rows, hw, solved, n_patterns, nb_out, cand_out, score_out):
    """``scan`` from the matrix alone (no transposed copy): count the bins of each guess row."""
    n = S.shape[0]
    counts = np.zeros(n_patterns, dtype=np.int32)
    touched = np.empty(n, dtype=np.int64)
    sweep = n_patterns <= 4 * n
    for k in range(rows.shape[0]):
        row = M[rows[k]]
        nb = 0
        sc = 0
        if sweep:
            for j in range(n):
                counts[np.int64(row[S[j]])] += 1
            cand = 1 if counts[solved] > 0 else 0
            for c in range(n_patterns):
                m = counts[c]
                if m:
                    nb += 1
                    sc += m * hw[m]
                    counts[c] = 0
        else:
            for j in range(n):
                c = np.int64(row[S[j]])
                if counts[c] == 0:
                    touched[nb] = c
                    nb += 1
                counts[c] += 1
            cand = 1 if counts[solved] > 0 else 0
            for i in range(nb):
                c = touched[i]
                m = counts[c]
                sc += m * hw[m]
                counts[c] = 0
        if cand:
            sc -= hw[1]
        nb_out[k] = nb - cand
        cand_out[k] = cand
        score_out[k] = sc


@njit(cache=True, nogil=True)
def partition_hash(row, S, solved, n_patterns, label):
    """Return a hash of the partition one guess row makes of ``S`` (bins labelled by first
    appearance, the solved bin marked): equal for guesses that split ``S`` the same way.

    ``label`` is scratch space of ``n_patterns`` entries, all -1, left so.
    """
    n = S.shape[0]
    hsh = _FNV_OFFSET
    t = 0
    for j in range(n):
        c = np.int64(row[S[j]])
        if c == solved:
            lab = np.uint64(SOLVED_LABEL)
        else:
            if label[c] < 0:
                label[c] = t
                t += 1
            lab = np.uint64(label[c])
        hsh = (hsh ^ lab) * _FNV_PRIME
    for j in range(n):
        label[np.int64(row[S[j]])] = -1
    return hsh


@njit(cache=True, nogil=True)
def all_hashes(M, S, rows, solved, n_patterns, out):
    """Fill ``out[k]`` with the partition hash of guess ``rows[k]``."""
    label = np.full(n_patterns, -1, dtype=np.int64)
    for k in range(rows.shape[0]):
        out[k] = partition_hash(M[rows[k]], S, solved, n_patterns, label)


@njit(cache=True, nogil=True, inline="always")
def _before(s1, c1, s2, c2):
    """Return whether figures (score s1, candidate c1) rank strictly before (s2, c2)."""
    return s1 < s2 or (s1 == s2 and c1 > c2)


@njit(cache=True, nogil=True)
def select_top(M, S, rows, score, cand, K, dedupe, solved, n_patterns, out):
    """Fill ``out`` with the positions of the ``K`` best guesses, best first; return how many.

    Best means the lowest score, then a candidate, then the lowest position.
    With ``dedupe``, of guesses that split ``S`` the same way only the first
    is kept (only guesses with equal figures can split it the same way, so
    partitions are hashed only on a tie).
    """
    label = np.full(n_patterns, -1, dtype=np.int64)
    hashes = np.zeros(K, dtype=np.uint64)  # 0: not computed yet
    count = 0
    for k in range(score.shape[0]):
        s = score[k]
        c = cand[k]
        if count == K:
            w = out[count - 1]
            if not _before(s, c, score[w], cand[w]):
                continue
        # first kept entry not ranking before (s, c): the start of the tied run
        lo, hi = 0, count
        while lo < hi:
            mid = (lo + hi) // 2
            w = out[mid]
            if _before(score[w], cand[w], s, c):
                lo = mid + 1
            else:
                hi = mid
        pos = lo
        hk = np.uint64(0)
        dup = False
        while pos < count and score[out[pos]] == s and cand[out[pos]] == c:
            if dedupe:
                if hk == 0:
                    hk = partition_hash(M[rows[k]], S, solved, n_patterns, label) | np.uint64(1)
                if hashes[pos] == 0:
                    hashes[pos] = partition_hash(M[rows[out[pos]]], S, solved, n_patterns, label) | np.uint64(1)
                if hashes[pos] == hk:
                    dup = True
                    break
            pos += 1
        if dup or pos >= K:
            continue
        if count < K:
            count += 1
        for i in range(count - 1, pos, -1):
            out[i] = out[i - 1]
            hashes[i] = hashes[i - 1]
        out[pos] = k
        hashes[pos] = hk
    return count


@njit(cache=True, nogil=True)
def split(M, g, S, solved, n_patterns):
    """Return the candidates of ``S`` grouped by the pattern guess ``g`` gives them.

    Returns ``(words, starts, codes)``: bin ``i`` is ``words[starts[i]:starts[i+1]]``
    and shows pattern ``codes[i]``; bins come largest first (then by code),
    each keeping the order of ``S``.
    """
    n = S.shape[0]
    row = M[g]
    counts = np.zeros(n_patterns, dtype=np.int64)
    for j in range(n):
        counts[np.int64(row[S[j]])] += 1
    nb = 0
    for c in range(n_patterns):
        if counts[c] > 0:
            nb += 1
    codes = np.empty(nb, dtype=np.int64)
    sizes = np.empty(nb, dtype=np.int64)
    i = 0
    for c in range(n_patterns):
        if counts[c] > 0:
            codes[i] = c
            sizes[i] = counts[c]
            i += 1
    order = np.argsort(-sizes, kind="mergesort")
    codes = codes[order]
    starts = np.empty(nb + 1, dtype=np.int64)
    offset = np.zeros(n_patterns, dtype=np.int64)
    pos = 0
    for i in range(nb):
        starts[i] = pos
        offset[codes[i]] = pos
        pos += counts[codes[i]]
    starts[nb] = pos
    words = np.empty(n, dtype=S.dtype)
    for j in range(n):
        c = np.int64(row[S[j]])
        words[offset[c]] = S[j]
        offset[c] += 1
    return words, starts, codes


@njit(cache=True, nogil=True)
def refuted_by_bounds(M, S, rows, order, nb, cand, best, r1, max_parts, up_rows, up_neg, solved, n_patterns, out):
    """Fill ``out[i]`` with 1 where guess row ``rows[order[i]]`` is proven to cost ``best`` or more over ``S``
    with ``r1`` rows left after it, else 0; return how many are proven.

    The proof is ``TreeSearch``'s, without its memo: ``3n - 2c - p`` from the
    guess's figures (``nb``, ``cand``), then its bins' size bounds, then, with
    three rows or more left, each of its bins of three words or more in turn,
    largest first, that refutes it alone, bounded as ``TreeSearch.bound``
    bounds it against a target: from the rows whose ceiling could keep the bin
    from refuting the guess (``up_rows``, highest ceiling first, ``-up_neg``
    their ceilings), a bin's scan stopping at the first row that keeps it.
    """
    n = S.shape[0]
    counts = np.zeros(n_patterns, dtype=np.int64)
    offset = np.zeros(n_patterns, dtype=np.int64)
    seen = np.zeros(n_patterns, dtype=np.int64)
    touched = np.empty(n, dtype=np.int64)
    big = np.empty(n, dtype=np.int64)  # the codes of the bins of three words or more, largest first
    words = np.empty(n, dtype=S.dtype)
    stamp = 0
    proven = 0
    for i in range(order.shape[0]):
        k = order[i]
        out[i] = 0
        if 3 * n - 2 * cand[k] - nb[k] >= best:
            out[i] = 1
            proven += 1
            continue
        row = M[rows[k]]
        t = 0
        for j in range(n):
            c = np.int64(row[S[j]])
            if counts[c] == 0:
                touched[t] = c
                t += 1
            counts[c] += 1
        total = n
        nbig = 0
        for q in range(t):
            c = touched[q]
            m = counts[c]
            if c == solved:
                continue
            if m == 1:
                total += 1
            elif r1 <= 1:
                total = _INF
            elif m == 2:
                total += 3
            else:
                total += max(2 * m - 1, 3 * m - 2 - max_parts)
                # insertion by size, then code, as ``split`` orders the bins
                p = nbig
                while p > 0 and (counts[big[p - 1]] < m or (counts[big[p - 1]] == m and big[p - 1] > c)):
                    big[p] = big[p - 1]
                    p -= 1
                big[p] = c
                nbig += 1
        if total < best and r1 >= 3 and nbig:
            pos = 0
            for b in range(nbig):
                offset[big[b]] = pos
                pos += counts[big[b]]
            for j in range(n):
                c = np.int64(row[S[j]])
                if counts[c] > 2 and c != solved:
                    words[offset[c]] = S[j]
                    offset[c] += 1
            start = 0
            for b in range(nbig):
                m = counts[big[b]]
                blb = max(2 * m - 1, 3 * m - 2 - max_parts)
                target = 3 * m - (blb + best - total)  # the bin refutes the guess if no row shows more 2c + p
                lo, hi = 0, up_neg.shape[0]  # rows whose ceiling is above target: -ceiling < -target
                while lo < hi:
                    mid = (lo + hi) // 2
                    if up_neg[mid] < -target:
                        lo = mid + 1
                    else:
                        hi = mid
                kept = False
                for q in range(lo):
                    h = M[up_rows[q]]
                    stamp += 1
                    parts = 0
                    hit = 0
                    for j in range(start, start + m):
                        c = np.int64(h[words[j]])
                        if seen[c] != stamp:
                            seen[c] = stamp
                            parts += 1
                            if c == solved:
                                hit = 1
                    if parts + hit > target:  # 2c + p, the solved pattern counted among the parts
                        kept = True  # this bin alone does not refute the guess
                        break
                start += m
                if not kept:
                    total = best
                    break
        for q in range(t):
            counts[touched[q]] = 0
        if total >= best:
            out[i] = 1
            proven += 1
    return proven
