"""Hard modes' nodes nearest the row limit, compiled: the fewest guesses for a set with two or three rows left
under a hard-mode rule (``solve_three_ruled``), and the nodes with four and five rows left (``solve_four_ruled``,
``solve_four_node``, ``solve_five_ruled``), whose bins each carry the guesses their clue still allows.

A kernel links the code of every kernel it calls and compiles it again, so the thin wrappers here are
inlined where they are called (``inline="always"``): one copy of the code they wrap."""

from __future__ import annotations

import numpy as np

from ._numba import njit
from .hard import (
    _allowed_after,
    _bin_key,
    _demand_key,
    _hard_child_key,
    _pair_key,
    filter_allowed,
    filter_allowed_hard,
    rows_to_bits,
)
from .scan import select_top
from .small_trees import (
    _INF,
    _bin_buffers,
    _bin_members,
    _bins_bound,
    _candidate_splits_rest,
    _count_bins,
    _recalled,
    _remember,
    _scanned,
    _settled_by_a_candidate,
    _size_lb,
    _some_guess_splits_all,
    _sort,
    _splits_all,
    _viable_order,
    _worth_trying,
)


@njit(cache=True, nogil=True)
def solve_three_ruled(
    M,
    MT,
    S,
    rows,
    every,
    ans_rows,
    hw,
    solved,
    n_patterns,
    max_parts,
    lb,
    beta,
    strict,
    letters,
    parent_bits,
    at,
    least,
    index,
    parent_key,
    memo,
):
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
    ``memo`` (``empty_memo()``, Wordle's rule only) keeps the totals of
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
    nb, cand, sc = _scanned(M, MT, S, rows, every, hw, solved, n_patterns)
    cells = n * K
    order, bound = _viable_order(n, nb, cand, sc, beta)
    lb = max(lb, bound)
    if lb >= beta:
        return lb, -1, cells
    count = order.shape[0]
    best = beta
    best_g = -1
    mark = np.zeros(n_patterns, dtype=np.int64)
    stamp = np.int64(0)  # typed as the stamps returned: a constant 0 would compile the callees twice
    counts, code_of, touched, members = _bin_buffers(S, n_patterns)
    child = np.empty(K, dtype=np.int32)
    key_out = np.empty(2, dtype=np.uint64)
    for idx in range(count):
        g = _worth_trying(order[idx], rows, n, nb, cand, best)
        if g < 0:
            continue
        row = M[g]
        nt, bound, _ = _bins_bound(row, S, counts, code_of, touched, solved, max_parts)
        total = n + bound
        for t in range(nt):
            c = touched[t]
            m = counts[c]
            if c == solved or m <= 2 or total >= best:
                continue
            B = _bin_members(S, code_of, c, members)
            found, stamp = _candidate_splits_rest(M, B, ans_rows, solved, mark, stamp)
            held, value = False, 2 * m - 1
            if not found and not strict:
                held, value, _ = _recalled(memo, _hard_child_key(B, letters[g], c, parent_key, key_out))
            if not found and not held:
                if strict:
                    kept = filter_allowed(letters, rows, letters[g], c, True, child)
                else:
                    kept = filter_allowed_hard(parent_bits, at, least, letters[g], c, index, child)
                cells += m * kept
                value = _INF
                allowed = child[:kept]
                if MT.shape[0]:  # ``m < 0``: False, typed as the flag of the normal search's call
                    if kept and _some_guess_splits_all(MT, B, allowed, m < 0, solved):
                        value = 2 * m
                else:
                    for q in range(kept):
                        stamp += 1
                        if _splits_all(M[allowed[q]], B, solved, mark, stamp):
                            value = 2 * m
                            break
                if not strict:
                    _remember(memo, (key_out[0], key_out[1]), value, 0)
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
def _bins_of_guess(
    row,
    S,
    g,
    rows,
    r1,
    best,
    max_parts,
    n_patterns,
    solved,
    strict,
    letters,
    parent_bits,
    at,
    least,
    index,
    parent_key,
    sets,
    memo,
    counts,
    code_of,
    touched,
    members,
    child,
    pend,
):
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
    _sort(order)
    total = n
    pending = 0
    for t in range(nt):
        c = order[t] % n_patterns
        m = counts[c]
        if c == solved:
            continue
        if m <= 2:
            total += 2 * m - 1  # one word: 1 guess; two: 1 + 2
        else:
            dk = _demand_key(letters[g], c, parent_key, strict)
            held, s0, s1 = _recalled(sets, dk)
            if held:
                sk = (np.uint64(s0), np.uint64(s1))
            else:
                kept = _allowed_after(rows, strict, letters, parent_bits, at, least, index, g, c, child)
                sk = _bin_key(child[:kept])
                _remember(sets, dk, sk[0], sk[1])
            key = _pair_key(_bin_key(_bin_members(S, code_of, c, members)), sk)
            blb = _size_lb(m, r1, max_parts)
            known = False
            held, val, gg = _recalled(memo, key)
            if held:
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
        if total >= best:  # the bins left only add to it: the guess cannot do better
            break
    return total, pending, nt


@njit(cache=True, nogil=True)
def _loop_buffers(S, rows, parent_bits, n_patterns):
    """Return the scratch arrays of a compiled hard-mode loop over a node's guesses (``solve_four_ruled``,
    ``solve_five_ruled``): counts per pattern (zero), each candidate's pattern, the patterns met, a bin's
    members, a child's allowed rows, their bitset and key, and the bins waiting for a search
    (``_bins_of_guess``)."""
    n = S.shape[0]
    # the last, False, known only when it runs: a constant would be typed apart from the flag Python passes
    # to the search of a bin, and that kernel compiled twice (seconds more on a fresh install)
    counts, code_of, touched, members = _bin_buffers(S, n_patterns)
    return (
        counts,
        code_of,
        touched,
        members,
        np.empty(rows.shape[0], dtype=np.int32),
        np.empty(parent_bits.shape[0], dtype=np.uint64),
        np.empty(2, dtype=np.uint64),
        np.empty((n, 6), dtype=np.int64),
        n < 0,
    )


@njit(cache=True, nogil=True, inline="always")
def _guess_bins(
    k,
    n,
    nb,
    cand,
    best,
    M,
    S,
    rows,
    rows_left,
    max_parts,
    n_patterns,
    solved,
    strict,
    letters,
    parent_bits,
    at,
    least,
    index,
    parent_key,
    sets,
    memo,
    counts,
    code_of,
    touched,
    members,
    child,
    pend,
):
    """Return (the guess ``rows[k]``, ``_bins_of_guess``'s three figures) in a hard-mode loop over a node's
    guesses, or a guess of -1 when its bound from the node's scan already reaches ``best``."""
    g = _worth_trying(k, rows, n, nb, cand, best)
    if g < 0:
        return g, best, 0, 0
    total, pending, nt = _bins_of_guess(
        M[g],
        S,
        g,
        rows,
        rows_left,
        best,
        max_parts,
        n_patterns,
        solved,
        strict,
        letters,
        parent_bits,
        at,
        least,
        index,
        parent_key,
        sets,
        memo,
        counts,
        code_of,
        touched,
        members,
        child,
        pend,
    )
    return g, total, pending, nt


@njit(cache=True, nogil=True, inline="always")
def _better(total, g, best, best_g, lb):
    """Return (the best total, its guess, whether it reaches the lower bound ``lb``) once guess ``g`` has
    cost ``total``."""
    if total < best:
        return total, g, total <= lb
    return best, best_g, False


@njit(cache=True, nogil=True, inline="always")
def _loop_result(best, best_g, lb, beta, cells, searched):
    """Return a hard-mode loop's five figures: its best total and guess, or the bound and -1 when no guess
    beat ``beta``."""
    if best_g >= 0:
        return best, np.int64(best_g), cells, searched, False
    return max(lb, beta), np.int64(-1), cells, searched, False


@njit(cache=True, nogil=True, inline="always")
def _pending_bin(
    S, g, rows, pend, p, strict, letters, parent_bits, at, least, index, code_of, members, child, child_bits, child_key
):
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


@njit(cache=True, nogil=True, inline="always")
def solve_four_ruled(
    M,
    MT,
    S,
    rows,
    order,
    nb,
    cand,
    ans_rows,
    hw,
    solved,
    n_patterns,
    max_parts,
    lb,
    beta,
    strict,
    letters,
    parent_bits,
    at,
    least,
    index,
    parent_key,
    budget,
    memo2,
    memo3,
    sets,
):
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
    n, best, best_g, cells, searched = S.shape[0], beta, np.int64(-1), 0, 0
    counts, code_of, touched, members, child, child_bits, child_key, pend, not_every = _loop_buffers(
        S, rows, parent_bits, n_patterns
    )
    for idx in range(order.shape[0]):
        g, total, pending, nt = _guess_bins(
            order[idx],
            n,
            nb,
            cand,
            best,
            M,
            S,
            rows,
            np.int64(3),
            max_parts,
            n_patterns,
            solved,
            strict,
            letters,
            parent_bits,
            at,
            least,
            index,
            parent_key,
            sets,
            memo3,
            counts,
            code_of,
            touched,
            members,
            child,
            pend,
        )
        if g < 0:
            continue
        for p in range(pending if total < best else 0):
            blb = pend[p, 1]
            B, allowed = _pending_bin(
                S,
                g,
                rows,
                pend,
                p,
                strict,
                letters,
                parent_bits,
                at,
                least,
                index,
                code_of,
                members,
                child,
                child_bits,
                child_key,
            )
            val, gg, sub_cells = solve_three_ruled(
                M,
                MT,
                B,
                allowed,
                not_every,
                ans_rows,
                hw,
                solved,
                n_patterns,
                max_parts,
                blb,
                best - (total - blb),
                strict,
                letters,
                child_bits,
                at,
                least,
                index,
                child_key,
                memo2,
            )
            _remember(memo3, (np.uint64(pend[p, 2]), np.uint64(pend[p, 3])), val, gg)
            cells += sub_cells
            searched += 1
            total += val - blb
            if cells > budget or total >= best:
                break
        for t in range(nt):
            counts[touched[t]] = 0
        if cells > budget:
            return max(lb, best), np.int64(-1), cells, searched, True
        best, best_g, settled = _better(total, g, best, best_g, lb)
        if settled:
            break
    return _loop_result(best, best_g, lb, beta, cells, searched)


@njit(cache=True, nogil=True)
def solve_four_node(
    M,
    MT,
    S,
    rows,
    every,
    K,
    ans_rows,
    hw,
    solved,
    n_patterns,
    max_parts,
    lb,
    beta,
    strict,
    letters,
    parent_bits,
    at,
    least,
    index,
    parent_key,
    budget,
    memo2,
    memo3,
    sets,
):
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
    nb, cand, sc = _scanned(M, MT, S, rows, every, hw, solved, n_patterns)
    cells = n * nrows
    if K > 0:  # the best K by the heuristic, picked once the bound lets the node go on
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
        # ``K < 0``: False typed as the flag Python passes (a constant compiles a second select_top)
        order = out[: select_top(M, S, rows, sc, cand, min(K, nrows), K < 0, solved, n_patterns, out)]
    val, g, sub_cells, searched, over = solve_four_ruled(
        M,
        MT,
        S,
        rows,
        order,
        nb,
        cand,
        ans_rows,
        hw,
        solved,
        n_patterns,
        max_parts,
        lb,
        beta,
        strict,
        letters,
        parent_bits,
        at,
        least,
        index,
        parent_key,
        budget - cells,
        memo2,
        memo3,
        sets,
    )
    return val, g, cells + sub_cells, searched + 1, over


@njit(cache=True, nogil=True)
def solve_five_ruled(
    M,
    MT,
    S,
    rows,
    order,
    nb,
    cand,
    K4,
    ans_rows,
    hw,
    solved,
    n_patterns,
    max_parts,
    lb,
    beta,
    strict,
    letters,
    parent_bits,
    at,
    least,
    index,
    parent_key,
    budget,
    memo2,
    memo3,
    memo4,
    sets,
):
    """Return ``solve_four_ruled``'s five figures for ``S`` with five rows left: its guesses tried the same way,
    each bin with four rows left searched by ``solve_four_node`` (``K4``: guesses it tries, 0 for every
    viable one) and kept in ``memo4``.

    Its loop is ``solve_four_ruled``'s with another search per bin: numba cannot take that search as an
    argument and still cache the kernel, so the two loops share their steps as helpers instead."""
    n, best, best_g, cells, searched = S.shape[0], beta, np.int64(-1), 0, 0
    counts, code_of, touched, members, child, child_bits, child_key, pend, not_every = _loop_buffers(
        S, rows, parent_bits, n_patterns
    )
    for idx in range(order.shape[0]):
        g, total, pending, nt = _guess_bins(
            order[idx],
            n,
            nb,
            cand,
            best,
            M,
            S,
            rows,
            np.int64(4),
            max_parts,
            n_patterns,
            solved,
            strict,
            letters,
            parent_bits,
            at,
            least,
            index,
            parent_key,
            sets,
            memo4,
            counts,
            code_of,
            touched,
            members,
            child,
            pend,
        )
        if g < 0:
            continue
        over = False
        for p in range(pending if total < best else 0):
            blb = pend[p, 1]
            B, allowed = _pending_bin(
                S,
                g,
                rows,
                pend,
                p,
                strict,
                letters,
                parent_bits,
                at,
                least,
                index,
                code_of,
                members,
                child,
                child_bits,
                child_key,
            )
            val, gg, sub_cells, sub_searched, over = solve_four_node(
                M,
                MT,
                B.copy(),
                allowed.copy(),
                not_every,
                K4,
                ans_rows,
                hw,
                solved,
                n_patterns,
                max_parts,
                blb,
                best - (total - blb),
                strict,
                letters,
                child_bits.copy(),
                at,
                least,
                index,
                child_key.copy(),
                budget - cells,
                memo2,
                memo3,
                sets,
            )
            cells += sub_cells
            searched += sub_searched
            if over:
                break
            _remember(memo4, (np.uint64(pend[p, 2]), np.uint64(pend[p, 3])), val, gg)
            total += val - blb
            if total >= best:
                break
        for t in range(nt):
            counts[touched[t]] = 0
        if over or cells > budget:
            return max(lb, best), np.int64(-1), cells, searched, True
        best, best_g, settled = _better(total, g, best, best_g, lb)
        if settled:
            break
    return _loop_result(best, best_g, lb, beta, cells, searched)
