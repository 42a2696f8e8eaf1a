"""The tree search's nodes nearest the row limit, compiled: the fewest guesses for a set with two or three
rows left (``solve_three``), the helpers hard modes' searches share (``ruled_trees``), and the memos of both.

A kernel links the code of every kernel it calls and compiles it again, so a thin wrapper compiled apart
holds one more copy of all it calls: the wrappers here are inlined where they are called
(``inline="always"``), so that each process compiling a hard mode's search holds one copy."""

from __future__ import annotations

import numpy as np

from ._numba import Dict, njit, types
from .hard import _bin_key
from .scan import partition_hash, scan

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


@njit(cache=True, nogil=True, inline="always")
def _check(key):
    """Return the word a memo entry keeps of its 128-bit ``key``'s second half: odd, so that none is 0."""
    return np.int64(key[1] | np.uint64(1))


@njit(cache=True, nogil=True, inline="always")
def _recalled(memo, key):
    """Return (whether ``memo`` holds the 128-bit ``key``, the two figures kept with it).

    A memo is keyed by the key's first 64-bit word; its entry keeps the
    second (``_check``) beside its figures, and a key whose first word is met
    with another second is not held (the entry is overwritten later: a memo
    is a cache).  One dict type for every memo, keyed by a number, compiles
    smaller than dicts keyed by pairs.
    """
    a, b, check = memo.get(key[0], (np.int64(0), np.int64(0), np.int64(0)))
    return check == _check(key), a, b


@njit(cache=True, nogil=True, inline="always")
def _remember(memo, key, a, b):
    """Keep the two figures ``a``, ``b`` in ``memo`` under the 128-bit ``key`` (``_recalled``)."""
    memo[key[0]] = (np.int64(a), np.int64(b), _check(key))


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


@njit(cache=True, nogil=True, inline="always")
def _settled_by_a_candidate(M, MT, S, rows, ans_rows, hw, solved, n_patterns):
    """Return ``(2n - 1, row)`` for a candidate of ``S`` that tells every other apart (optimal), else ``(2n, row)``
    for one that leaves a single pair, the lowest row each time; else ``(0, -1)``."""
    n = S.shape[0]
    cnb = np.empty(n, dtype=np.int64)
    ccand = np.empty(n, dtype=np.int64)
    csc = np.empty(n, dtype=np.int64)
    crow = np.empty(n, dtype=rows.dtype)  # the same type as rows: one compiled scan
    for j in range(n):
        crow[j] = ans_rows[S[j]]
    # ``n < 0``, False typed as the flag Python passes: a constant would compile a second scan
    scan(M, MT, S, crow, n < 0, hw, solved, n_patterns, cnb, ccand, csc)
    for left in (1, 2):
        best_c = -1
        for j in range(n):
            if cnb[j] == n - left and (best_c < 0 or crow[j] < best_c):
                best_c = crow[j]
        if best_c >= 0:
            return 2 * n - 2 + left, np.int64(best_c)
    return 0, np.int64(-1)


@njit(cache=True, nogil=True)
def _sort(a):
    """Sort ``a`` in place (Shell's sort, Knuth's gaps) and return it: as ``a.sort()`` does, in a kernel that
    compiles smaller (numba's sort holds more in each search that calls it, and compiles longer).
    ``_argsort``'s loop, repeated: sorting through it (and a copy) held more in a hard mode's search of four
    rows, the tightest of the compiling children (BENCHMARKS.md, "Memory")."""
    n = a.shape[0]
    h = 1
    while h < n // 3:
        h = 3 * h + 1
    while h >= 1:
        for i in range(h, n):
            v = a[i]
            j = i
            while j >= h and a[j - h] > v:
                a[j] = a[j - h]
                j -= h
            a[j] = v
        h //= 3
    return a


@njit(cache=True, nogil=True)
def _argsort(keys):
    """Return the positions of ``keys`` by key, then position: ``np.argsort(keys, kind="mergesort")``, stable,
    compiled smaller (``_sort``)."""
    n = keys.shape[0]
    order = np.arange(n)
    h = 1
    while h < n // 3:
        h = 3 * h + 1
    while h >= 1:
        for i in range(h, n):
            v = order[i]
            j = i
            while j >= h and (keys[order[j - h]] > keys[v] or (keys[order[j - h]] == keys[v] and order[j - h] > v)):
                order[j] = order[j - h]
                j -= h
            order[j] = v
        h //= 3
    return order


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
    return viable[_argsort(keys)], 3 * n - top


@njit(cache=True, nogil=True, inline="always")
def _scanned(M, MT, S, rows, every, hw, solved, n_patterns):
    """Return one scan's figures of the guesses ``rows`` over ``S``: unsolved bins, whether each is a
    candidate, and the heuristic score (``scan.scan``)."""
    K = rows.shape[0]
    nb = np.empty(K, dtype=np.int64)
    cand = np.empty(K, dtype=np.int64)
    sc = np.empty(K, dtype=np.int64)
    scan(M, MT, S, rows, every, hw, solved, n_patterns, nb, cand, sc)
    return nb, cand, sc


@njit(cache=True, nogil=True)
def _hash_table(count):
    """Return an empty table (zeros) for ``_seen_before`` with room for ``count`` hashes."""
    size = 16
    while size < 2 * count:
        size *= 2
    return np.zeros(size, dtype=np.uint64)


@njit(cache=True, nogil=True)
def _seen_before(table, h):
    """Return whether the partition hash ``h`` (its lowest bit set, as ``select_top`` keys them) is in ``table``,
    adding it if not: an array probed in turn from the hash, which compiles smaller than a set."""
    h = h | np.uint64(1)  # 0 marks an empty slot
    mask = np.uint64(table.shape[0] - 1)
    slot = (h >> np.uint64(1)) & mask
    while True:
        t = table[slot]
        if t == 0:
            table[slot] = h
            return False
        if t == h:
            return True
        slot = (slot + np.uint64(1)) & mask


@njit(cache=True, nogil=True)
def _bin_buffers(S, n_patterns):
    """Return the scratch arrays of a loop that counts each guess's bins of ``S``: counts per pattern (zero),
    each candidate's pattern, the patterns met, and a bin's members."""
    n = S.shape[0]
    return (
        np.zeros(n_patterns, dtype=np.int64),
        np.empty(n, dtype=np.int64),
        np.empty(n, dtype=np.int64),
        np.empty(n, dtype=S.dtype),
    )


@njit(cache=True, nogil=True)
def _worth_trying(k, rows, n, nb, cand, best):
    """Return the guess ``rows[k]`` of a node's loop, or -1 when its bound from the node's scan (every word
    outside its candidate's bin needs two guesses more, a bin of several three) already reaches ``best``."""
    if 3 * n - 2 * cand[k] - nb[k] >= best:
        return np.int64(-1)
    return np.int64(rows[k])


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
def _bins_bound(row, S, counts, code_of, touched, solved, max_parts):
    """Return (how many patterns, ``_two_rows_bound``'s bound and whether a bin needs a search) for the bins a
    guess's row of codes makes of ``S``, counted into ``counts`` (``_count_bins``)."""
    nt = _count_bins(row, S, counts, code_of, touched)
    bound, big = _two_rows_bound(counts, touched, nt, solved, max_parts)
    return nt, bound, big


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
        if c == solved:
            continue
        m = counts[c]
        if m <= 2:
            total += 2 * m - 1  # one word: 1 guess; two: 1 + 2
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
    held, value, _ = _recalled(memo, key)
    if held:
        return value, stamp
    value, stamp = _two_rows_search(M, MT, B, rows, every, ans_rows, solved, mark, stamp)
    _remember(memo, key, value, 0)
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
    for k in range(K):  # the first three candidates at once, without branches
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
def solve_three(
    M, MT, S, rows, every, split_rows, split_every, ans_rows, hw, solved, n_patterns, max_parts, lb, beta, memo
):
    """Return ``(total, guess row)``: ``TreeSearch.solve`` of ``S`` with three rows left, normal mode,
    every guess tried (deduplicated by partition), compiled.

    ``rows`` are the guesses to try (``every``: all of them, in order); ``split_rows``
    (``split_every``) the ones a set of two rows left may use, where contiguous rows of
    the transposed matrix are cheaper to compare than a gathered subset.
    ``lb`` is a lower bound already known; ``memo`` (``empty_memo()``) the totals of
    sets with two rows left met before.  As in the Python search, a total
    ``>= beta`` is only a lower bound, and then the row is -1; the guesses are
    tried in the same order, so the same guess is returned.
    """
    n = S.shape[0]
    settled, by = _settled_by_a_candidate(M, MT, S, rows, ans_rows, hw, solved, n_patterns)
    if by >= 0:
        return settled, by
    lb = max(lb, 2 * n, _size_lb(n, 3, max_parts))
    if lb >= beta:
        return lb, -1
    mark = np.zeros(n_patterns, dtype=np.int64)
    stamp = np.int64(0)  # typed as the stamps returned: a constant 0 would compile the callees twice
    nb, cand, sc = _scanned(M, MT, S, rows, every, hw, solved, n_patterns)
    order, bound = _viable_order(n, nb, cand, sc, beta)
    lb = max(lb, bound)
    if lb >= beta:
        return lb, -1
    count = order.shape[0]
    best = beta
    best_g = -1
    label = np.full(n_patterns, -1, dtype=np.int64)
    counts, code_of, touched, members = _bin_buffers(S, n_patterns)
    seen = _hash_table(count)
    for idx in range(count):
        g = _worth_trying(order[idx], rows, n, nb, cand, best)
        if g < 0:
            continue
        row = M[g]
        # the bins' sizes, and lower bounds of their totals (exact for one or two words)
        nt, bound, big = _bins_bound(row, S, counts, code_of, touched, solved, max_parts)
        total = n + bound
        seen_before = False
        if total < best and big:
            # guesses that split S alike have equal totals: only the first can improve the best
            seen_before = _seen_before(seen, partition_hash(row, S, solved, n_patterns, label))
            if not seen_before:
                for t in range(nt):
                    c = touched[t]
                    m = counts[c]
                    if c == solved or m <= 2 or total >= best:
                        continue
                    value, stamp = _two_rows(
                        M,
                        MT,
                        _bin_members(S, code_of, c, members),
                        split_rows,
                        split_every,
                        ans_rows,
                        solved,
                        mark,
                        stamp,
                        memo,
                    )
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


_ENTRY = types.UniTuple(types.int64, 3)


@njit(cache=True)
def empty_memo():
    """Return an empty memo of the compiled searches: the first word of a 128-bit key -> (two figures, the key's
    second word) (``_recalled``, ``_remember``).

    The totals of sets with two rows left (``solve_three``, ``solve_three_ruled``: (total, 0)), of bins with
    three or four (``solve_four_ruled``, ``solve_five_ruled``: (total, row)), and the key of the guesses a clue
    leaves allowed (``sets``: its two words).  Made by a cached kernel: ``Dict.empty`` called from Python
    compiles its constructor again in every process, a good part of the first search.
    """
    return Dict.empty(key_type=types.uint64, value_type=_ENTRY)


@njit(cache=True)
def entries(memo):
    """Return how many entries a memo holds: ``len``, compiled once into the cache (numba's own ``len`` of a
    typed dict, called from Python, is compiled again in every process)."""
    return len(memo)
