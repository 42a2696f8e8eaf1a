"""Compiled kernels (numba) for the decision-tree search: partitions of a candidate set.

Imported only by ``tree_search`` when a search runs, so that ``import chute`` never
pays numba's start-up cost.  Every kernel works on the guess x answer matrix
``M`` (rows: guesses, columns: answers) and a candidate set ``S`` of answer
columns.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.typed import Dict

from .score import _score_code, powers_of_3

_FNV_OFFSET = np.uint64(14695981039346656037)
_FNV_PRIME = np.uint64(1099511628211)


# Below this many candidates, comparing every pair of codes (vectorised over the
# guesses) beats growing the bins one candidate at a time.
PAIRS_MAX = 40
# guesses whose bins grow together in ``_scan_grow`` (their counts stay in the L1/L2 cache)
GROW_BLOCK = 128
GROW_PATTERNS_MAX = 3**7     # longer words: counts per pattern, guess by guess
# Past this many candidates, or a 25th of the answers if more, counting each guess's bins row by row
# beats growing them: a guess's row of codes is read whole once the candidates cover its cache lines,
# while growing costs the same for every candidate (measured on Wordle's lists, crossing near 200, and
# a 10k x 10k list, near 400; this 2-core AMD EPYC, 2026-11-27)
GROW_MAX = 200
GROW_MAX_SHARE = 25
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


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
    if MT.shape[0] == 0 or n > max(GROW_MAX, M.shape[1] // GROW_MAX_SHARE):   # no transposed copy, or many
        _scan_counts(M, S, rows, hw, solved, n_patterns, nb_out, cand_out, score_out)
    elif n > PAIRS_MAX and n_patterns <= GROW_PATTERNS_MAX:
        _scan_grow(MT, S, rows, all_rows, hw, solved, n_patterns, nb_out, cand_out, score_out)
    else:
        C = np.empty((n, K), dtype=MT.dtype)
        if all_rows:
            for j in range(n):
                C[j] = MT[S[j]]
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
        h = _mix(hashes[k]) | np.uint64(1)     # 0 marks an empty slot
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
    if count == K:          # every column distinct: the rows as given (every row, in order, reads faster)
        scan(M, MT, S, rows, all_rows, hw, solved, n_patterns, nb_out, cand_out, score_out)
    else:
        scan(M, MT, S, reps_out[:count], False, hw, solved, n_patterns, nb_out[:count], cand_out[:count],
             score_out[:count])
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
    delta = np.zeros(n + 1, dtype=np.int64)     # the score's growth as a bin goes from m to m + 1
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
    rank = np.empty(K, dtype=np.uint8)        # n <= PAIRS_MAX: 8-bit lanes, 32 to a vector
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
        score_out[k] -= cand * hw[1]        # the solved bin (one word) is not scored


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
            lab = np.uint64(1 << 30)
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
    hashes = np.zeros(K, dtype=np.uint64)        # 0: not computed yet
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
def filter_allowed(letters, allowed, g_letters, code, strict, out):
    """Fill ``out`` with the guesses of ``allowed`` still legal after one clue; return how many.

    ``strict`` (Termo): the guess must be consistent with the clue (scoring
    ``g_letters`` against it gives ``code``).  Otherwise (Wordle hard mode):
    the clue's greens stay in place and every letter it revealed is used at
    least as often as shown.
    """
    n = g_letters.shape[0]
    pow3 = powers_of_3(n)
    tiles = np.empty(n, dtype=np.int64)
    rest = code
    for i in range(n):
        tiles[i] = rest % 3
        rest //= 3
    need = np.zeros(26, dtype=np.int64)
    for i in range(n):
        if tiles[i] > 0:
            need[g_letters[i]] += 1
    have = np.zeros(26, dtype=np.int64)
    count = 0
    for k in range(allowed.shape[0]):
        w = letters[allowed[k]]
        ok = True
        if strict:
            ok = _score_code(g_letters, w, pow3) == code
        else:
            for i in range(n):
                if tiles[i] == 2 and w[i] != g_letters[i]:
                    ok = False
                    break
            if ok:
                for i in range(n):
                    have[w[i]] += 1
                for i in range(n):
                    if have[g_letters[i]] < need[g_letters[i]]:
                        ok = False
                for i in range(n):
                    have[w[i]] = 0
        if ok:
            out[count] = allowed[k]
            count += 1
    return count


# -- hard mode's allowed guesses as bitsets: one bit per guess row -----------------------------------

_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN_INDEX = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DEBRUIJN_INDEX[((1 << _i) * 0x03F79D71B4CB0A89 % (1 << 64)) >> 58] = _i


def hard_masks(letters: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the bitsets of Wordle's hard-mode rule over guess rows (``letters``: rows x length letter numbers).

    ``at[i, a]``: the guesses with letter ``a`` at position ``i``; ``least[a, c]``:
    the guesses using letter ``a`` at least ``c`` times.
    """
    n, length = letters.shape
    words = (n + 63) // 64
    at = np.zeros((length, 26, words), dtype=np.uint64)
    least = np.zeros((26, length + 1, words), dtype=np.uint64)
    rows = np.arange(n)
    word_of, bit = rows // 64, (rows % 64).astype(np.uint64)
    one = np.uint64(1)
    for i in range(length):
        np.bitwise_or.at(at[i], (letters[:, i], word_of), one << bit)
    counts = np.zeros((n, 26), dtype=np.int64)
    for i in range(length):
        counts[rows, letters[:, i]] += 1
    for a in range(26):
        for c in range(length + 1):
            pick = counts[:, a] >= c
            np.bitwise_or.at(least[a, c], word_of[pick], one << bit[pick])
    return at, least


@njit(cache=True, nogil=True)
def rows_to_bits(rows, bits):
    """Fill ``bits`` (zeroed here) with one bit per row of ``rows``."""
    bits[:] = 0
    for k in range(rows.shape[0]):
        r = rows[k]
        bits[r >> 6] |= np.uint64(1) << np.uint64(r & 63)


@njit(cache=True, nogil=True)
def filter_allowed_hard(parent_bits, at, least, g_letters, code, index, out):
    """Fill ``out`` with the rows of ``parent_bits`` still legal under hard mode after one clue; return how many.

    The same rule as ``filter_allowed`` (greens stay in place, every revealed
    letter used at least as often as shown), as an AND of bitsets; rows come
    out in ascending order.
    """
    n = g_letters.shape[0]
    need = np.zeros(26, dtype=np.int64)
    rest = code
    mask = parent_bits.copy()
    for i in range(n):
        tile = rest % 3
        rest //= 3
        if tile > 0:
            need[g_letters[i]] += 1
        if tile == 2:
            mask &= at[i, g_letters[i]]
    for i in range(n):
        a = g_letters[i]
        if need[a] > 0:
            mask &= least[a, need[a]]
            need[a] = 0
    count = 0
    for w in range(mask.shape[0]):
        x = mask[w]
        while x != 0:
            low = x & (~x + np.uint64(1))
            out[count] = (w << 6) + index[(low * _DEBRUIJN) >> np.uint64(58)]
            count += 1
            x ^= low
    return count


_INF = 10**9


@njit(cache=True, nogil=True, inline="always")
def _size_lb(m, r, max_parts):
    """Return ``TreeSearch._size_lb``: a lower bound on the cost of m candidates with r rows left."""
    if m <= 0:
        return 0
    if r <= 0:
        return _INF
    if m == 1:
        return 1
    if r == 1:
        return _INF
    return max(2 * m - 1, 3 * m - 2 - max_parts)


@njit(cache=True, nogil=True)
def _splits_all(row, B, solved, mark, stamp):
    """Return whether one guess row gives every candidate of ``B`` its own pattern, none solved.

    ``mark`` is scratch of one entry per pattern; ``stamp`` a value none of it holds yet.
    """
    for j in range(B.shape[0]):
        c = np.int64(row[B[j]])
        if c == solved or mark[c] == stamp:
            return False
        mark[c] = stamp
    return True


@njit(cache=True, nogil=True)
def _bin_key(B):
    """Return a 128-bit key of a sorted candidate set (two independent 64-bit hashes)."""
    h1 = _FNV_OFFSET
    h2 = np.uint64(0x9E3779B97F4A7C15)
    for j in range(B.shape[0]):
        x = np.uint64(B[j])
        h1 = (h1 ^ x) * _FNV_PRIME
        z = h2 + x + np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        h2 = z ^ (z >> np.uint64(31))
    return (h1, h2 ^ np.uint64(B.shape[0]))


@njit(cache=True, nogil=True)
def _candidate_splits_rest(M, B, ans_rows, solved, mark, stamp):
    """Return (whether a candidate of ``B`` gives every other candidate its own unsolved pattern, next stamp)."""
    m = B.shape[0]
    for j in range(m):
        row = M[ans_rows[B[j]]]
        stamp += 1
        ok = True
        for i in range(m):
            if i == j:
                continue
            c = np.int64(row[B[i]])
            if c == solved or mark[c] == stamp:
                ok = False
                break
            mark[c] = stamp
        if ok:
            return True, stamp
    return False, stamp



@njit(cache=True, nogil=True)
def _settled_by_a_candidate(M, MT, S, rows, ans_rows, hw, solved, n_patterns):
    """Return ``(2n - 1, row)`` for a candidate of ``S`` that tells every other apart (optimal), else ``(2n, row)``
    for one that leaves a single pair, the lowest row each time; else ``(0, -1)``."""
    n = S.shape[0]
    cnb = np.empty(n, dtype=np.int64)
    ccand = np.empty(n, dtype=np.int64)
    csc = np.empty(n, dtype=np.int64)
    crow = np.empty(n, dtype=rows.dtype)     # the same type as rows: one compiled scan
    for j in range(n):
        crow[j] = ans_rows[S[j]]
    scan(M, MT, S, crow, False, hw, solved, n_patterns, cnb, ccand, csc)
    for left in (1, 2):
        best_c = -1
        for j in range(n):
            if cnb[j] == n - left and (best_c < 0 or crow[j] < best_c):
                best_c = crow[j]
        if best_c >= 0:
            return 2 * n - 2 + left, np.int64(best_c)
    return 0, np.int64(-1)


@njit(cache=True, nogil=True)
def _viable_order(n, nb, cand, sc, beta):
    """Return (the positions of the guesses worth trying, in order, ``3n - max(2c + p)``): those whose bound
    ``3n - 2c - p`` is under ``beta``, by score, candidates first, then position (``np.lexsort`` in ``_choices``)."""
    K = nb.shape[0]
    top = 0
    count = 0
    for k in range(K):
        v = nb[k] + 2 * cand[k]
        if v > top:
            top = v
        if 3 * n - 2 * cand[k] - nb[k] < beta:
            count += 1
    viable = np.empty(count, dtype=np.int64)
    keys = np.empty(count, dtype=np.int64)
    i = 0
    for k in range(K):
        if 3 * n - 2 * cand[k] - nb[k] < beta:
            viable[i] = k
            keys[i] = 2 * sc[k] + (1 - cand[k])
            i += 1
    return viable[np.argsort(keys, kind="mergesort")], 3 * n - top


@njit(cache=True, nogil=True)
def _count_bins(row, S, counts, code_of, touched):
    """Return how many patterns guess ``row`` shows ``S``: ``counts`` (zero before) gets each one's size,
    ``code_of`` each candidate's pattern, ``touched`` the patterns met, in order."""
    nt = 0
    for j in range(S.shape[0]):
        c = np.int64(row[S[j]])
        code_of[j] = c
        if counts[c] == 0:
            touched[nt] = c
            nt += 1
        counts[c] += 1
    return nt

@njit(cache=True, nogil=True)
def _bin_members(S, code_of, c, members):
    """Return the candidates of ``S`` that show pattern ``c`` (``code_of``: each one's), in order, in ``members``."""
    p = 0
    for j in range(S.shape[0]):
        if code_of[j] == c:
            members[p] = S[j]
            p += 1
    return members[:p]

@njit(cache=True, nogil=True)
def _two_rows_bound(counts, touched, nt, solved, max_parts):
    """Return (the least the bins ``_count_bins`` found can cost with two rows left, how many have three words or
    more): one word costs 1, two 3, more at least ``_size_lb``; the solved bin nothing."""
    total = 0
    big = 0
    for t in range(nt):
        c = touched[t]
        m = counts[c]
        if c == solved:
            continue
        if m == 1:
            total += 1
        elif m == 2:
            total += 3
        else:
            total += _size_lb(m, 2, max_parts)
            big += 1
    return total, big

@njit(cache=True, nogil=True)
def _two_rows(M, MT, B, rows, every, ans_rows, solved, mark, stamp, memo):
    """Return the least total of ``B`` (3+ candidates) with two rows left, and the next stamp.

    ``2m - 1`` when a candidate tells the others apart, ``2m`` when another
    guess tells them all apart, else INF (as ``TreeSearch.solve`` with r = 2).
    ``memo`` keeps the totals of the sets met before, by 128-bit key.  ``rows``
    holds a guess of each way to split ``B``; ``every`` says it is every guess in order.
    """
    key = _bin_key(B)
    if key in memo:
        return memo[key], stamp
    value, stamp = _two_rows_search(M, MT, B, rows, every, ans_rows, solved, mark, stamp)
    memo[key] = value
    return value, stamp


@njit(cache=True, nogil=True)
def _two_rows_search(M, MT, B, rows, every, ans_rows, solved, mark, stamp):
    """Return ``_two_rows`` without the memo."""
    m = B.shape[0]
    found, stamp = _candidate_splits_rest(M, B, ans_rows, solved, mark, stamp)
    if found:
        return 2 * m - 1, stamp
    if MT.shape[0]:
        return (2 * m if _some_guess_splits_all(MT, B, rows, every, solved) else _INF), stamp
    for k in range(rows.shape[0]):
        stamp += 1
        if _splits_all(M[rows[k]], B, solved, mark, stamp):
            return 2 * m, stamp
    return _INF, stamp


@njit(cache=True, nogil=True)
def _some_guess_splits_all(MT, B, rows, every, solved):
    """Return whether a guess of ``rows`` gives each candidate of ``B`` (3 or more) its own pattern,
    none solved.

    From the transposed matrix: the guesses that tell the first two
    candidates apart, then of those the ones that tell the third from both,
    and so on: the survivors shrink fast, and usually none is left.
    """
    m = B.shape[0]
    K = rows.shape[0]
    survivors = np.empty(K, dtype=np.int64)
    first = MT[B[0]]
    second = MT[B[1]]
    third = MT[B[2]]
    count = 0
    for k in range(K):        # the first three candidates at once, without branches
        g = k if every else np.int64(rows[k])
        a = first[g]
        b = second[g]
        c = third[g]
        survivors[count] = g
        count += (a != b) & (a != c) & (b != c) & (a != solved) & (b != solved) & (c != solved)
    for j in range(3, m):
        src = MT[B[j]]
        kept = 0
        for t in range(count):
            g = survivors[t]
            c = src[g]
            if c == solved:
                continue
            ok = True
            for i in range(j):
                if MT[B[i], g] == c:
                    ok = False
                    break
            if ok:
                survivors[kept] = g
                kept += 1
        count = kept
        if count == 0:
            return False
    return count > 0


@njit(cache=True, nogil=True)
def solve_three(M, MT, S, rows, every, split_rows, split_every, ans_rows, hw, solved, n_patterns, max_parts,
                lb, beta, memo):
    """Return ``(total, guess row)``: ``TreeSearch.solve`` of ``S`` with three rows left, normal mode,
    every guess tried (deduplicated by partition), compiled.

    ``rows`` are the guesses to try (``every``: all of them, in order); ``split_rows``
    (``split_every``) the ones a set of two rows left may use, where contiguous rows of
    the transposed matrix are cheaper to compare than a gathered subset.
    ``lb`` is a lower bound already known; ``memo`` (``two_rows_memo()``) the totals of
    sets with two rows left met before.  As in the Python search, a total
    ``>= beta`` is only a lower bound, and then the row is -1; the guesses are
    tried in the same order, so the same guess is returned.
    """
    n = S.shape[0]
    K = rows.shape[0]
    settled, by = _settled_by_a_candidate(M, MT, S, rows, ans_rows, hw, solved, n_patterns)
    if by >= 0:
        return settled, by
    lb = max(lb, 2 * n, _size_lb(n, 3, max_parts))
    if lb >= beta:
        return lb, -1
    mark = np.zeros(n_patterns, dtype=np.int64)
    stamp = 0
    nb = np.empty(K, dtype=np.int64)
    cand = np.empty(K, dtype=np.int64)
    sc = np.empty(K, dtype=np.int64)
    scan(M, MT, S, rows, every, hw, solved, n_patterns, nb, cand, sc)
    order, bound = _viable_order(n, nb, cand, sc, beta)
    lb = max(lb, bound)
    if lb >= beta:
        return lb, -1
    count = order.shape[0]
    best = beta
    best_g = -1
    label = np.full(n_patterns, -1, dtype=np.int64)
    counts = np.zeros(n_patterns, dtype=np.int64)
    code_of = np.empty(n, dtype=np.int64)
    touched = np.empty(n, dtype=np.int64)
    members = np.empty(n, dtype=S.dtype)
    seen = set()
    seen.add(np.uint64(0))
    seen.discard(np.uint64(0))
    for idx in range(count):
        k = order[idx]
        if 3 * n - 2 * cand[k] - nb[k] >= best:
            continue
        g = rows[k]
        row = M[g]
        # the bins' sizes, and lower bounds of their totals (exact for one or two words)
        nt = _count_bins(row, S, counts, code_of, touched)
        bound, big = _two_rows_bound(counts, touched, nt, solved, max_parts)
        total = n + bound
        seen_before = False
        if total < best and big:
            # guesses that split S alike have equal totals: only the first can improve the best
            h = partition_hash(row, S, solved, n_patterns, label)
            seen_before = h in seen
            if not seen_before:
                seen.add(h)
                for t in range(nt):
                    c = touched[t]
                    m = counts[c]
                    if c == solved or m <= 2 or total >= best:
                        continue
                    value, stamp = _two_rows(M, MT, _bin_members(S, code_of, c, members), split_rows, split_every, ans_rows, solved,
                                             mark, stamp, memo)
                    total += min(value, _INF) - _size_lb(m, 2, max_parts)
        for t in range(nt):
            counts[touched[t]] = 0
        if not seen_before and total < best:
            best = total
            best_g = g
            if best <= lb:
                break
    if best_g >= 0:
        return best, best_g
    return max(lb, beta), -1



@njit(cache=True, nogil=True)
def _demand_key(g_letters, code, parent_key, strict):
    """Return a 128-bit key of the guesses a hard mode allows after guess ``g_letters`` showed ``code``, from the
    key of the guesses allowed before (``parent_key``): Wordle's rule keeps the greens in place and each
    revealed letter used as often (a grey letter demands nothing); Termo's strict rule demands the whole clue."""
    h1 = _FNV_OFFSET ^ np.uint64(7 if strict else 3)
    h2 = _GOLDEN
    n = g_letters.shape[0]
    need = np.zeros(26, dtype=np.int64)
    rest = code
    for i in range(n):
        tile = rest % 3
        rest //= 3
        if strict:
            v = np.uint64(((g_letters[i] + 1) << 2) | tile) + np.uint64(i << 16)
        else:
            if tile > 0:
                need[g_letters[i]] += 1
            v = np.uint64(g_letters[i] + 1 if tile == 2 else 0) + np.uint64(i << 8)
        h1 = (h1 ^ v) * _FNV_PRIME
        h2 = _mix(h2 + v + _GOLDEN)
    for a in range(26):
        if need[a] > 0:
            v = np.uint64((a << 16) | (need[a] << 24))
            h1 = (h1 ^ v) * _FNV_PRIME
            h2 = _mix(h2 + v + _GOLDEN)
    for j in range(2):
        h1 = (h1 ^ parent_key[j]) * _FNV_PRIME
        h2 = _mix(h2 + parent_key[j] + _GOLDEN)
    return (h1, h2)


@njit(cache=True, nogil=True, inline="always")
def _pair_key(a, b):
    """Return a 128-bit key of two 128-bit keys (a bin's, and its allowed guesses')."""
    return (_mix(a[0] ^ b[0]) ^ (b[1] * _FNV_PRIME), _mix(a[1] + b[1] + _GOLDEN) ^ b[0])


@njit(cache=True, nogil=True)
def _hard_child_key(B, g_letters, code, parent_key, out):
    """Fill ``out`` with a 128-bit key of a bin and the guesses Wordle's hard mode allows it next; return it
    as a tuple.

    The allowed guesses are those of the parent set (``parent_key``) with the
    clue's greens in place and each letter it revealed used as often: the
    key hashes the bin with those constraints (``_demand_key``), not the
    guesses themselves.
    """
    key = _pair_key(_bin_key(B), _demand_key(g_letters, code, parent_key, False))
    out[0] = key[0]
    out[1] = key[1]
    return key


@njit(cache=True, nogil=True)
def solve_three_ruled(M, MT, S, rows, every, ans_rows, hw, solved, n_patterns, max_parts, lb, beta,
                      strict, letters, parent_bits, at, least, index, parent_key, memo):
    """Return ``(total, guess row, cells scanned)``: ``TreeSearch.solve`` of ``S`` with three rows left in a
    hard mode, every allowed guess tried, compiled.

    ``rows`` are the guesses allowed at this node (``every``: all of them, in
    order).  After guess ``g`` shows a bin its pattern, the guesses allowed
    next are those of ``rows`` that keep the clue (``strict``: Termo's rule,
    consistent with it; else Wordle's, from ``parent_bits``, the bitset of
    ``rows``, and ``hard_masks``' ``at`` and ``least``), as ``filter_allowed``
    and ``filter_allowed_hard`` give them.  Two rows left, a bin of ``m``
    words costs ``2m - 1`` when one of them tells the others apart, ``2m``
    when an allowed guess tells them all apart, else it cannot finish.  The
    guesses are tried in the Python search's order (equal partitions are not
    skipped: they leave different guesses allowed), so the same guess is
    returned; a total ``>= beta`` is only a lower bound, and then the row is -1.
    ``memo`` (``two_rows_memo()``, Wordle's rule only) keeps the totals of
    bins met before by a key of the bin, the clue's constraints and
    ``parent_key`` (two 64-bit words naming ``rows``): many guesses leave a
    bin the same guesses allowed (a grey clue adds no constraint).
    """
    n = S.shape[0]
    K = rows.shape[0]
    settled, by = _settled_by_a_candidate(M, MT, S, rows, ans_rows, hw, solved, n_patterns)
    if by >= 0:
        return settled, by, 0
    lb = max(lb, 2 * n, _size_lb(n, 3, max_parts))
    if lb >= beta:
        return lb, -1, 0
    nb = np.empty(K, dtype=np.int64)
    cand = np.empty(K, dtype=np.int64)
    sc = np.empty(K, dtype=np.int64)
    scan(M, MT, S, rows, every, hw, solved, n_patterns, nb, cand, sc)
    cells = n * K
    order, bound = _viable_order(n, nb, cand, sc, beta)
    lb = max(lb, bound)
    if lb >= beta:
        return lb, -1, cells
    count = order.shape[0]
    best = beta
    best_g = -1
    mark = np.zeros(n_patterns, dtype=np.int64)
    stamp = 0
    counts = np.zeros(n_patterns, dtype=np.int64)
    code_of = np.empty(n, dtype=np.int64)
    touched = np.empty(n, dtype=np.int64)
    members = np.empty(n, dtype=S.dtype)
    child = np.empty(K, dtype=np.int32)
    key_out = np.empty(2, dtype=np.uint64)
    for idx in range(count):
        k = order[idx]
        if 3 * n - 2 * cand[k] - nb[k] >= best:
            continue
        g = rows[k]
        row = M[g]
        nt = _count_bins(row, S, counts, code_of, touched)
        bound, _ = _two_rows_bound(counts, touched, nt, solved, max_parts)
        total = n + bound
        for t in range(nt):
            c = touched[t]
            m = counts[c]
            if c == solved or m <= 2 or total >= best:
                continue
            B = _bin_members(S, code_of, c, members)
            found, stamp = _candidate_splits_rest(M, B, ans_rows, solved, mark, stamp)
            if found:
                value = 2 * m - 1
            elif not strict and _hard_child_key(B, letters[g], c, parent_key, key_out) in memo:
                value = memo[(key_out[0], key_out[1])]
            else:
                if strict:
                    kept = filter_allowed(letters, rows, letters[g], c, True, child)
                else:
                    kept = filter_allowed_hard(parent_bits, at, least, letters[g], c, index, child)
                cells += m * kept
                value = _INF
                allowed = child[:kept]
                if MT.shape[0]:
                    if kept and _some_guess_splits_all(MT, B, allowed, False, solved):
                        value = 2 * m
                else:
                    for q in range(kept):
                        stamp += 1
                        if _splits_all(M[allowed[q]], B, solved, mark, stamp):
                            value = 2 * m
                            break
                if not strict:
                    memo[(key_out[0], key_out[1])] = value
            total += value - _size_lb(m, 2, max_parts)
        for t in range(nt):
            counts[touched[t]] = 0
        if total < best:
            best = total
            best_g = g
            if best <= lb:
                break
    if best_g >= 0:
        return best, best_g, cells
    return max(lb, beta), -1, cells


@njit(cache=True, nogil=True)
def _allowed_after(rows, strict, letters, parent_bits, at, least, index, g, code, out):
    """Return how many guesses of ``rows`` a hard mode allows after guess row ``g`` showed ``code``, written
    to ``out`` in ascending order (``filter_allowed``, or ``filter_allowed_hard`` from ``parent_bits``)."""
    if strict:
        return filter_allowed(letters, rows, letters[g], code, True, out)
    return filter_allowed_hard(parent_bits, at, least, letters[g], code, index, out)


@njit(cache=True, nogil=True)
def _bins_of_guess(row, S, g, rows, r1, best, max_parts, n_patterns, solved, strict, letters, parent_bits, at,
                   least, index, parent_key, sets, memo, counts, code_of, touched, members, child, pend):
    """Return (the least guess row ``g`` (``row``: its codes) can cost ``S``, how many of its bins wait for a
    search, how many patterns it shows); the bins taken largest first, then by pattern (as ``split``
    gives them), and no more once the total reaches ``best``.

    A bin of one word costs 1, of two 3, a larger one its result in ``memo``
    (keyed by the bin and the guesses allowed there, ``r1`` rows left) or,
    not known yet, a lower bound: then its pattern, bound, key and allowed
    set's key wait in a row of ``pend``.  ``sets`` names each allowed set by
    its content (``solve_four_ruled``).  ``counts`` is left for the caller to
    clear (``touched``: the patterns met).
    """
    n = S.shape[0]
    nt = _count_bins(row, S, counts, code_of, touched)
    order = np.empty(nt, dtype=np.int64)
    for t in range(nt):
        order[t] = -counts[touched[t]] * n_patterns + touched[t]
    order.sort()
    total = n
    pending = 0
    for t in range(nt):
        c = order[t] % n_patterns
        m = counts[c]
        if c == solved:
            continue
        if m == 1:
            total += 1
        elif m == 2:
            total += 3
        else:
            dk = _demand_key(letters[g], c, parent_key, strict)
            if dk in sets:
                sk = sets[dk]
            else:
                kept = _allowed_after(rows, strict, letters, parent_bits, at, least, index, g, c, child)
                sk = _bin_key(child[:kept])
                sets[dk] = sk
            key = _pair_key(_bin_key(_bin_members(S, code_of, c, members)), sk)
            blb = _size_lb(m, r1, max_parts)
            known = False
            if key in memo:
                val, gg = memo[key]
                if gg != -1:
                    total += val
                    known = True
                else:
                    blb = max(blb, val)
            if not known:
                total += blb
                pend[pending, 0] = c
                pend[pending, 1] = blb
                pend[pending, 2] = np.int64(key[0])
                pend[pending, 3] = np.int64(key[1])
                pend[pending, 4] = np.int64(sk[0])
                pend[pending, 5] = np.int64(sk[1])
                pending += 1
        if total >= best:      # the bins left only add to it: the guess cannot do better
            break
    return total, pending, nt


@njit(cache=True, nogil=True)
def _loop_buffers(S, rows, parent_bits, n_patterns):
    """Return the scratch arrays of a compiled hard-mode loop over a node's guesses (``solve_four_ruled``,
    ``solve_five_ruled``): counts per pattern (zero), each candidate's pattern, the patterns met, a bin's
    members, a child's allowed rows, their bitset and key, and the bins waiting for a search
    (``_bins_of_guess``)."""
    n = S.shape[0]
    return (np.zeros(n_patterns, dtype=np.int64), np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64),
            np.empty(n, dtype=S.dtype), np.empty(rows.shape[0], dtype=np.int32),
            np.empty(parent_bits.shape[0], dtype=np.uint64), np.empty(2, dtype=np.uint64),
            np.empty((n, 6), dtype=np.int64))


@njit(cache=True, nogil=True)
def _pending_bin(S, g, rows, pend, p, strict, letters, parent_bits, at, least, index, code_of, members, child,
                 child_bits, child_key):
    """Return (the candidates of the ``p``-th bin waiting in ``pend``, the guesses allowed there), filling
    ``child_bits`` (Wordle's rule) and ``child_key`` for its search."""
    c = pend[p, 0]
    B = _bin_members(S, code_of, c, members)
    kept = _allowed_after(rows, strict, letters, parent_bits, at, least, index, g, c, child)
    allowed = child[:kept]
    if not strict:
        rows_to_bits(allowed, child_bits)
    child_key[0] = np.uint64(pend[p, 4])
    child_key[1] = np.uint64(pend[p, 5])
    return B, allowed


@njit(cache=True, nogil=True)
def solve_four_ruled(M, MT, S, rows, order, nb, cand, ans_rows, hw, solved, n_patterns, max_parts, lb, beta,
                     strict, letters, parent_bits, at, least, index, parent_key, budget, memo2, memo3, sets):
    """Return ``(total, guess row, cells scanned, sets searched, over budget)``: ``TreeSearch.solve`` of ``S``
    with four rows left in a hard mode, from its guesses to try on, compiled.

    The node's own scan and order are given (``order``: positions in
    ``rows``, the guesses allowed here; ``nb``, ``cand``: their figures);
    this tries them in that order, as the Python loop does: the bins largest
    first, lower bounds for the bins not solved yet (``_bins_of_guess``),
    then each such bin with three rows left by ``solve_three_ruled`` within
    what the best total so far leaves.  ``memo3`` keeps those bins' results
    by a key of the bin and of the guesses allowed there ((total, row), row
    -1 when the total is only a lower bound); ``sets`` maps a key of (the
    guesses allowed here, a clue's demand) to a key of the guesses it leaves,
    named by content so that equal sets share their results.
    ``parent_key``: two 64-bit words naming ``rows``.  Once the cells scanned
    pass ``budget`` the search stops and says so (what the memos hold stays
    sound).  A total ``>= beta`` is only a lower bound, and then the row is -1.
    """
    n = S.shape[0]
    best = beta
    best_g = -1
    cells = 0
    searched = 0
    counts, code_of, touched, members, child, child_bits, child_key, pend = _loop_buffers(S, rows, parent_bits,
                                                                                         n_patterns)
    # False, known only when it runs: a constant would be typed apart from the flag Python passes, and the
    # kernel it goes to compiled twice (13 s more on a fresh install)
    not_every = S.shape[0] < 0
    for idx in range(order.shape[0]):
        k = order[idx]
        if 3 * n - 2 * cand[k] - nb[k] >= best:
            continue
        g = rows[k]
        total, pending, nt = _bins_of_guess(M[g], S, g, rows, np.int64(3), best, max_parts, n_patterns, solved, strict,
                                            letters, parent_bits, at, least, index, parent_key, sets, memo3,
                                            counts, code_of, touched, members, child, pend)
        for p in range(pending if total < best else 0):
            blb = pend[p, 1]
            B, allowed = _pending_bin(S, g, rows, pend, p, strict, letters, parent_bits, at, least, index,
                                      code_of, members, child, child_bits, child_key)
            val, gg, sub_cells = solve_three_ruled(M, MT, B, allowed, not_every, ans_rows, hw, solved, n_patterns,
                                                   max_parts, blb, best - (total - blb), strict, letters,
                                                   child_bits, at, least, index, child_key, memo2)
            memo3[(np.uint64(pend[p, 2]), np.uint64(pend[p, 3]))] = (np.int64(val), np.int64(gg))
            cells += sub_cells
            searched += 1
            total += val - blb
            if cells > budget or total >= best:
                break
        for t in range(nt):
            counts[touched[t]] = 0
        if cells > budget:
            return max(lb, best), np.int64(-1), cells, searched, True
        if total < best:
            best = total
            best_g = g
            if best <= lb:
                break
    if best_g >= 0:
        return best, np.int64(best_g), cells, searched, False
    return max(lb, beta), np.int64(-1), cells, searched, False


@njit(cache=True, nogil=True)
def solve_four_node(M, MT, S, rows, every, K, ans_rows, hw, solved, n_patterns, max_parts, lb, beta, strict,
                    letters, parent_bits, at, least, index, parent_key, budget, memo2, memo3, sets):
    """Return ``solve_four_ruled``'s five figures for ``S`` (three words or more) with four rows left in a
    hard mode, the node's own steps compiled too: a candidate that settles ``S``, the bounds from its size
    and from one scan of ``rows`` (``every``: all guesses, in order), then the guesses to try in the
    Python search's order: every viable one (``K`` = 0, exact) or the best ``K`` by the heuristic."""
    n = S.shape[0]
    settled, by = _settled_by_a_candidate(M, MT, S, rows, ans_rows, hw, solved, n_patterns)
    if by >= 0:
        return settled, by, 0, 0, False
    lb = max(lb, 2 * n, _size_lb(n, 4, max_parts))
    if lb >= beta:
        return lb, np.int64(-1), 0, 0, False
    nrows = rows.shape[0]
    nb = np.empty(nrows, dtype=np.int64)
    cand = np.empty(nrows, dtype=np.int64)
    sc = np.empty(nrows, dtype=np.int64)
    scan(M, MT, S, rows, every, hw, solved, n_patterns, nb, cand, sc)
    cells = n * nrows
    if K > 0:             # the best K by the heuristic, picked once the bound lets the node go on
        top = 0
        for k in range(nrows):
            top = max(top, nb[k] + 2 * cand[k])
        bound = 3 * n - top
        order = np.empty(0, dtype=np.int64)
    else:
        order, bound = _viable_order(n, nb, cand, sc, beta)
    lb = max(lb, bound)
    if lb >= beta:
        return lb, np.int64(-1), cells, 1, False
    if K > 0:
        out = np.empty(nrows, dtype=np.int64)
        order = out[:select_top(M, S, rows, sc, cand, min(K, nrows), False, solved, n_patterns, out)]
    val, g, sub_cells, searched, over = solve_four_ruled(M, MT, S, rows, order, nb, cand, ans_rows, hw, solved,
                                                         n_patterns, max_parts, lb, beta, strict, letters,
                                                         parent_bits, at, least, index, parent_key,
                                                         budget - cells, memo2, memo3, sets)
    return val, g, cells + sub_cells, searched + 1, over


@njit(cache=True, nogil=True)
def solve_five_ruled(M, MT, S, rows, order, nb, cand, K4, ans_rows, hw, solved, n_patterns, max_parts, lb, beta,
                     strict, letters, parent_bits, at, least, index, parent_key, budget, memo2, memo3, memo4,
                     sets):
    """Return ``solve_four_ruled``'s five figures for ``S`` with five rows left: its guesses tried the same way,
    each bin with four rows left searched by ``solve_four_node`` (``K4``: guesses it tries, 0 for every
    viable one) and kept in ``memo4``."""
    n = S.shape[0]
    best = beta
    best_g = -1
    cells = 0
    searched = 0
    counts, code_of, touched, members, child, child_bits, child_key, pend = _loop_buffers(S, rows, parent_bits,
                                                                                         n_patterns)
    # False, known only when it runs: a constant would be typed apart from the flag Python passes, and the
    # kernel it goes to compiled twice (13 s more on a fresh install)
    not_every = S.shape[0] < 0
    for idx in range(order.shape[0]):
        k = order[idx]
        if 3 * n - 2 * cand[k] - nb[k] >= best:
            continue
        g = rows[k]
        total, pending, nt = _bins_of_guess(M[g], S, g, rows, np.int64(4), best, max_parts, n_patterns, solved, strict,
                                            letters, parent_bits, at, least, index, parent_key, sets, memo4,
                                            counts, code_of, touched, members, child, pend)
        over = False
        for p in range(pending if total < best else 0):
            blb = pend[p, 1]
            B, allowed = _pending_bin(S, g, rows, pend, p, strict, letters, parent_bits, at, least, index,
                                      code_of, members, child, child_bits, child_key)
            val, gg, sub_cells, sub_searched, over = solve_four_node(
                M, MT, B.copy(), allowed.copy(), not_every, K4, ans_rows, hw, solved, n_patterns, max_parts, blb,
                best - (total - blb), strict, letters, child_bits.copy(), at, least, index, child_key.copy(),
                budget - cells, memo2, memo3, sets)
            cells += sub_cells
            searched += sub_searched
            if over:
                break
            memo4[(np.uint64(pend[p, 2]), np.uint64(pend[p, 3]))] = (np.int64(val), np.int64(gg))
            total += val - blb
            if total >= best:
                break
        for t in range(nt):
            counts[touched[t]] = 0
        if over or cells > budget:
            return max(lb, best), np.int64(-1), cells, searched, True
        if total < best:
            best = total
            best_g = g
            if best <= lb:
                break
    if best_g >= 0:
        return best, np.int64(best_g), cells, searched, False
    return max(lb, beta), np.int64(-1), cells, searched, False


_MEMO_KEY = types.UniTuple(types.uint64, 2)
_TOTAL_ROW = types.UniTuple(types.int64, 2)


@njit(cache=True)
def two_rows_memo():
    """Return an empty memo for ``solve_three``: 128-bit key of a candidate set -> its total with two rows left.

    Made by a cached kernel: ``Dict.empty`` called from Python compiles its
    constructor again in every process (0.15-0.25 s of the first search).
    """
    return Dict.empty(key_type=_MEMO_KEY, value_type=types.int64)


@njit(cache=True)
def rows_left_memo():
    """Return an empty memo for ``solve_four_ruled`` and ``solve_five_ruled``: 128-bit key of a bin and its allowed
    guesses -> (total, row) with three (or four) rows left."""
    return Dict.empty(key_type=_MEMO_KEY, value_type=_TOTAL_ROW)


@njit(cache=True)
def allowed_sets_memo():
    """Return an empty memo for ``solve_four_ruled``: 128-bit key of (allowed guesses, a clue's demand) -> the
    128-bit key of the guesses it leaves."""
    return Dict.empty(key_type=_MEMO_KEY, value_type=_MEMO_KEY)
