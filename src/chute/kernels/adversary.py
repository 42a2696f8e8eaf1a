"""The Absurdle search's scans (``search.absurdle``): each guess's largest bucket over a set, whether some guess
leaves every word of a set alone, and whether some guess leaves every bucket the adversary may keep so.  Their
numpy twins are in ``adversary_numpy``."""

from __future__ import annotations

import numpy as np

from ._numba import Dict, njit, prange, types
from .hard import filter_allowed


@njit(parallel=True, cache=True)
def largest_bins(M, rows, S, n_patterns, worst, parts):
    """Fill, per guess ``rows[k]``, the size of the largest bucket it makes of the answer columns ``S`` and how
    many buckets."""
    n = rows.shape[0]
    for k in prange(n):
        counts = np.zeros(n_patterns, dtype=np.int32)
        row = M[rows[k]]
        big = 0
        nb = 0
        for j in range(S.shape[0]):
            c = row[S[j]]
            counts[c] += 1
            if counts[c] == 1:
                nb += 1
            if counts[c] > big:
                big = counts[c]
        worst[k] = big
        parts[k] = nb


@njit(cache=True, nogil=True)
def _splits(M, rows, n_rows, B, seen, mark):
    """Return whether one of the first ``n_rows`` of ``rows`` shows every word of ``B`` its own colours (``seen``:
    a table of patterns, ``mark[0]`` a value above every one it holds; both are advanced)."""
    for k in range(n_rows):
        row = M[rows[k]]
        mark[0] += 1
        m = mark[0]
        alone = True
        for j in range(B.shape[0]):
            c = row[B[j]]
            if seen[c] == m:
                alone = False
                break
            seen[c] = m
        if alone:
            return True
    return False


@njit(cache=True, nogil=True)
def splits(M, rows, S, n_patterns):
    """Return whether one of ``rows`` shows every word of the answer columns ``S`` its own colours."""
    return _splits(M, rows, rows.shape[0], S, np.zeros(n_patterns, dtype=np.int64), np.zeros(1, dtype=np.int64))


@njit(cache=True, nogil=True)
def _hash(B, n):
    """Return a hash of the first ``n`` words of ``B`` (to find a bucket met before; equality is checked)."""
    h = np.uint64(1469598103934665603)
    for j in range(n):
        h = (h ^ np.uint64(B[j])) * np.uint64(1099511628211)
    return np.int64(h >> np.uint64(1))


@njit(cache=True, nogil=True)
def _demand(g_letters, code, out):
    """Fill ``out`` with what Wordle's hard mode demands after ``g_letters`` showed ``code``: per position the green
    letter (plus one; 0 none), then per letter how many times the clue revealed it."""
    out[:] = 0
    n = g_letters.shape[0]
    rest = code
    for i in range(n):
        tile = rest % 3
        rest //= 3
        if tile == 2:
            out[i] = g_letters[i] + 1
        if tile > 0:
            out[n + g_letters[i]] += 1


@njit(cache=True)
def corners_in_three(M, cands, S, n_patterns, green, splitters, parts_desc, letters, rule, wins):
    """Return whether one of ``cands`` (guess rows) leaves every bucket the adversary may keep of ``S`` winnable in
    two rows: split by one of ``splitters`` (the guesses by their colours over S, most first; ``parts_desc`` their
    counts), the only guesses that may show a bucket of S as many colours as it has words.  ``rule`` 1 (hard) or
    2 (strict) keeps only the splitters the rule allows after the candidate's clue (``letters``: the guesses' letter
    numbers).  A bucket met before (many guesses leave the same; in hard mode, with the same demands) is answered
    from its first time.  ``wins`` (zeros, one per candidate) is marked where a candidate wins: every candidate's
    when it holds more than one entry, else the search stops at the first."""
    first = wins.shape[0] < cands.shape[0]
    # the splitters' colours over S, gathered once (rows of |S| bytes stay in cache); a bucket is then a list of
    # positions in S, and a splitter one of positions in ``splitters``
    n_spl = splitters.shape[0]
    sub = np.empty((n_spl, S.shape[0]), dtype=M.dtype)
    for k in range(n_spl):
        r = M[splitters[k]]
        for j in range(S.shape[0]):
            sub[k, j] = r[S[j]]
    at = np.arange(n_spl)
    spl_letters = letters[splitters]
    allowed = np.empty(n_spl, dtype=np.int64)
    seen = np.zeros(n_patterns, dtype=np.int64)
    mark = np.zeros(1, dtype=np.int64)
    counts = np.zeros(n_patterns, dtype=np.int64)
    bucket = np.empty(S.shape[0], dtype=S.dtype)
    store = np.empty(S.shape[0] * 64, dtype=S.dtype)  # the buckets met, end to end (grown when full)
    used = 0
    met = Dict.empty(key_type=types.int64, value_type=types.int64)  # hash -> index into starts
    starts = np.empty(1024, dtype=np.int64)
    sizes = np.empty(1024, dtype=np.int64)
    outcomes = np.empty(1024, dtype=np.bool_)
    demand = np.zeros(letters.shape[1] + 26, dtype=np.int64)  # hard mode's demand of the clue (else zeros)
    demands = np.zeros((1024, demand.shape[0]), dtype=np.int64)
    n_met = 0
    for k in range(cands.shape[0]):
        row = M[cands[k]]
        counts[:] = 0
        big = 0
        for j in range(S.shape[0]):
            c = row[S[j]]
            counts[c] += 1
            if counts[c] > big:
                big = counts[c]
        if big == 1:
            wins[0 if first else k] = 1
            if first:
                return True
            continue
        others = 0  # tied buckets other than the all-green one
        for c in range(n_patterns):
            if counts[c] == big and c != green:
                others += 1
        # splitters that show S at least ``big`` colours: those with parts_desc >= big
        lo, hi = 0, parts_desc.shape[0]
        while lo < hi:
            mid = (lo + hi) // 2
            if parts_desc[mid] >= big:
                lo = mid + 1
            else:
                hi = mid
        won = True
        for c in range(n_patterns):
            if counts[c] != big or c == green:
                continue
            m = 0
            for j in range(S.shape[0]):
                if row[S[j]] == c:
                    bucket[m] = j
                    m += 1
            if rule == 2:  # strict: the splitters consistent with this clue, different for every guess
                n_allowed = filter_allowed(spl_letters, at[:lo], letters[cands[k]], c, True, allowed)
                if not _splits(sub, allowed, n_allowed, bucket[:m], seen, mark):
                    won = False
                    break
                continue
            if rule == 1:  # hard: what the clue demands (greens in place, letters used) decides the splitters
                _demand(letters[cands[k]], c, demand)
            h = _hash(bucket, m) ^ _hash(demand, demand.shape[0])
            known = -1
            if h in met:
                i = met[h]
                if sizes[i] == m:
                    same = True
                    for j in range(m):
                        if store[starts[i] + j] != bucket[j]:
                            same = False
                            break
                    for j in range(demand.shape[0]):
                        if demands[i, j] != demand[j]:
                            same = False
                    if same:
                        known = i
            if known >= 0:
                split = outcomes[known]
            else:
                if rule == 1:
                    n_allowed = filter_allowed(spl_letters, at[:lo], letters[cands[k]], c, False, allowed)
                    split = _splits(sub, allowed, n_allowed, bucket[:m], seen, mark)
                else:
                    split = _splits(sub, at, lo, bucket[:m], seen, mark)
                if n_met == starts.shape[0]:
                    demands = np.concatenate((demands, np.empty_like(demands)))
                    starts = np.concatenate((starts, np.empty(n_met, dtype=np.int64)))
                    sizes = np.concatenate((sizes, np.empty(n_met, dtype=np.int64)))
                    outcomes = np.concatenate((outcomes, np.empty(n_met, dtype=np.bool_)))
                if used + m > store.shape[0]:
                    store = np.concatenate((store, np.empty(store.shape[0] + m, dtype=S.dtype)))
                store[used : used + m] = bucket[:m]
                starts[n_met] = used
                sizes[n_met] = m
                outcomes[n_met] = split
                demands[n_met] = demand
                if h not in met:
                    met[h] = n_met
                n_met += 1
                used += m
            if not split:
                won = False
                break
        if won:
            wins[0 if first else k] = 1
            if first:
                return True
    return wins.any()
