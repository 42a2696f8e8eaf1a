"""The tree search's primitives in numpy: what ``kernels/tree.py`` (and ``kernels/weighted.py``, the weighted
search's bounds) gives a search, without loading numba.

A review of a game whose opener is known searches a few small sets, where
loading the compiler takes ten times as long as the work.  ``TreeSearch``
starts on these and moves to the
compiled kernels once its scans would pass ``COMPILED_AFTER`` cells or have
taken ``NUMPY_SECONDS``; a ``WeightedSearch`` (a review under a prior) moves
with its equal-weights search.  Each function takes the kernel's arguments
(the transposed matrix ``MT`` read only where given: ``None`` while a
search has no copy) and gives its results, values and order
alike, floats to the last bit (the tests compare them), so that a search is
the same search on either.
"""

from __future__ import annotations

import numpy as np

from .constants import FNV_OFFSET, FNV_PRIME, GOLDEN, SOLVED_LABEL

_M64 = (1 << 64) - 1
_FNV_OFFSET = FNV_OFFSET
_FNV_PRIME = FNV_PRIME
_GOLDEN = np.uint64(GOLDEN)
_SOLVED_LABEL = SOLVED_LABEL
PAIRS_MAX = 40  # words below which ``figures`` compares pairs of words rather than sorting (measured)
COUNT_SHARE = 4  # words x this >= patterns: ``figures`` counts each guess's patterns rather than sorting ...
COUNT_CELLS = 1 << 16  # ... in blocks of guesses of this many cells (words or patterns x guesses: in cache)


def word_cost_table(n: int) -> np.ndarray:
    """Return the heuristic cost per word of a bin of m candidates, m = 0..n, as integers (x1000).

    A guess scores the sum over its unsolved bins of m * w(m), with
    w(m) = 1 + log2 m: ranking by it is ranking by entropy with a one-guess
    bonus for a candidate.  Integers keep equal partitions exactly tied.
    """
    m = np.maximum(np.arange(n + 1, dtype=np.float64), 1.0)
    return np.rint(1000.0 * (1.0 + np.log2(m))).astype(np.int64)


def figures(codes: np.ndarray, cost: np.ndarray, solved: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return, per row of codes (guesses x words), its unsolved bins, whether it is a candidate, and its score.

    The score is the tree search's heuristic: the sum over the words outside
    the solved bin of ``cost[size of their bin]`` (lower is better).
    """
    return _figures_of_columns(codes.T, cost, solved)


def _figures_by_sorting(codes: np.ndarray, cost: np.ndarray, solved: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return ``figures`` by sorting each guess's codes and measuring the runs."""
    k, n = codes.shape
    if n == 0:
        zero = np.zeros(k, dtype=np.int64)
        return zero, zero.copy(), zero.copy()
    ordered = np.sort(codes, axis=1)
    starts = np.ones(ordered.shape, dtype=bool)
    starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    run = np.cumsum(starts, axis=1) - 1 + (np.arange(k) * n)[:, None]
    sizes = np.bincount(run.ravel(), minlength=k * n)
    cand = (ordered[:, -1] == solved).astype(np.int64)  # the solved code is the largest
    score = (sizes * cost[sizes]).reshape(k, n).sum(axis=1) - cand * cost[1]
    return starts.sum(axis=1) - cand, cand, score


def _figures_by_pairs(columns: np.ndarray, cost: np.ndarray, solved: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return ``figures`` from each word's codes (``columns``: words x guesses) by comparing every pair of
    words, a pass over the guesses each: quicker than sorting every guess's codes while the words are few."""
    n, k = columns.shape
    sizes = np.ones((n, k), dtype=np.int16)
    bins = np.zeros(k, dtype=np.int64)
    equal = np.empty(k, dtype=bool)
    alone = np.empty(k, dtype=bool)
    for j in range(n):
        alone[:] = True
        for i in range(j):
            np.equal(columns[i], columns[j], out=equal)
            sizes[i] += equal
            sizes[j] += equal
            alone &= ~equal
        bins += alone
    cand = (columns == solved).any(axis=0).astype(np.int64)
    score = cost[sizes].sum(axis=0) - cand * cost[1]
    return bins - cand, cand, score


def _columns(M: np.ndarray, MT: np.ndarray | None, S, rows, all_rows: bool) -> np.ndarray:
    """Return the codes of ``rows`` (``all_rows``: every guess) against each word of ``S``: words x guesses.

    The words' rows of the transposed matrix ``MT`` when given (a prior's large matrix has those copied as
    searches first read them), else their columns of every guess first, then the guesses: a matrix's rows
    are long, and picking a few entries of each costs more than copying the columns whole.
    """
    columns = MT[S] if MT is not None and MT.shape[0] else np.ascontiguousarray(M[:, S].T)
    return columns if all_rows else columns[:, rows]


def _figures_by_counting(
    columns: np.ndarray, cost: np.ndarray, solved: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return ``figures`` from the words' codes (words x guesses) by counting each guess's patterns in a
    (guesses x patterns) histogram, COUNT_CELLS at a time: quicker than sorting once the words are a quarter of
    the patterns or more, and as quick as the compiled kernel there (BENCHMARKS.md, "First use")."""
    n, k = columns.shape
    patterns = solved + 1  # the solved code is the largest
    parts, cand, score = (np.empty(k, dtype=np.int64) for _ in range(3))
    step = max(1, COUNT_CELLS // max(n, patterns))
    for a in range(0, k, step):
        block = columns[:, a : a + step].astype(np.intp)
        b = block.shape[1]
        block += np.arange(b, dtype=np.intp) * patterns  # each guess's patterns a range of its own
        counts = np.bincount(block.ravel(order="K"), minlength=b * patterns).reshape(b, patterns)
        hit = (counts[:, solved] > 0).astype(np.int64)
        parts[a : a + b] = np.count_nonzero(counts, axis=1) - hit
        cand[a : a + b] = hit
        score[a : a + b] = (counts * cost[counts]).sum(axis=1) - hit * cost[1]
    return parts, cand, score


def _figures_of_columns(columns: np.ndarray, cost: np.ndarray, solved: int):
    """Return ``figures`` from the words' codes (words x guesses): pairs of words while they are few, counted
    patterns once the words are a quarter of the patterns or more, else sorted codes (each layout made contiguous, at
    no cost when it is)."""
    if 0 < len(columns) <= PAIRS_MAX:
        return _figures_by_pairs(np.ascontiguousarray(columns), cost, solved)
    if len(columns) * COUNT_SHARE >= solved + 1:
        return _figures_by_counting(columns, cost, solved)
    return _figures_by_sorting(np.ascontiguousarray(columns.T), cost, solved)


def scan(M, MT, S, rows, all_rows, hw, solved, n_patterns, nb_out, cand_out, score_out) -> None:
    """Fill, per guess ``rows[k]``, the figures of the partition it makes of ``S`` (``kernels.tree.scan``)."""
    nb, cand, score = _figures_of_columns(_columns(M, MT, S, rows, all_rows), hw, solved)
    nb_out[: len(nb)] = nb
    cand_out[: len(nb)] = cand
    score_out[: len(nb)] = score


def _code_keys(n: int) -> np.ndarray:
    """Return the kernels' n fixed random odd 64-bit keys (splitmix64 of (j + 1) x the golden ratio)."""
    z = np.arange(1, n + 1, dtype=np.uint64) * _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return (z ^ (z >> np.uint64(31))) | np.uint64(1)


def scan_classes(M, MT, S, rows, all_rows, hw, solved, n_patterns, nb_out, cand_out, score_out, reps_out) -> int:
    """Fill ``reps_out`` with the first row of each distinct column of codes over ``S`` (in the order of
    ``rows``) and the figure arrays with those rows' figures; return how many (``kernels.tree.scan_classes``,
    whose hash of a column this computes too)."""
    columns = _columns(M, MT, S, rows, all_rows)
    hashes = np.zeros(columns.shape[1], dtype=np.uint64)
    for key, codes in zip(_code_keys(len(S)).tolist(), columns):
        hashes += (codes.astype(np.uint64) + np.uint64(1)) * np.uint64(key)
    order = np.argsort(hashes, kind="stable")
    first = np.ones(len(order), dtype=bool)
    first[1:] = hashes[order[1:]] != hashes[order[:-1]]
    kept = np.sort(order[first])
    count = len(kept)
    reps_out[:count] = rows[kept]
    nb, cand, score = _figures_of_columns(columns[:, kept], hw, solved)
    nb_out[:count] = nb
    cand_out[:count] = cand
    score_out[:count] = score
    return count


def split(M, g, S, solved, n_patterns) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return ``(words, starts, codes)``: the candidates of ``S`` grouped by the pattern guess ``g`` gives them,
    bins largest first (then by code), each in the order of ``S`` (``kernels.tree.split``)."""
    row = np.asarray(M[g][S], dtype=np.int64)
    counts = np.bincount(row, minlength=n_patterns)
    present = np.flatnonzero(counts)
    codes = present[np.argsort(-counts[present], kind="stable")]
    rank = np.empty(n_patterns, dtype=np.int64)
    rank[codes] = np.arange(len(codes))
    words = np.asarray(S)[np.argsort(rank[row], kind="stable")]
    starts = np.zeros(len(codes) + 1, dtype=np.int64)
    np.cumsum(counts[codes], out=starts[1:])
    return words, starts, codes.astype(np.int64)


def partition_hash(row, S, solved, n_patterns, label) -> int:
    """Return ``kernels.tree.partition_hash``: the FNV-1a hash of the bins' labels by first appearance, the
    solved bin marked (``label`` is unused: the kernel's scratch)."""
    codes = np.asarray(row[S], dtype=np.int64)
    order = np.argsort(codes, kind="stable")
    ordered = codes[order]
    starts = np.ones(len(codes), dtype=bool)
    starts[1:] = ordered[1:] != ordered[:-1]
    group = np.empty(len(codes), dtype=np.int64)
    group[order] = np.cumsum(starts) - 1
    first = order[starts]  # each bin's first candidate (a stable sort keeps the order of S)
    label_of = np.empty(len(first), dtype=np.int64)
    label_of[np.argsort(first, kind="stable")] = np.arange(len(first))
    labels = label_of[group]
    hit = codes == solved
    if hit.any():  # the solved bin takes no label of its own
        mark = labels[hit][0]
        labels[labels > mark] -= 1
        labels[hit] = _SOLVED_LABEL
    h = _FNV_OFFSET
    for lab in labels.tolist():
        h = ((h ^ lab) * _FNV_PRIME) & _M64
    return h


def all_hashes(M, S, rows, solved, n_patterns, out) -> None:
    """Fill ``out[k]`` with the partition hash of guess ``rows[k]``."""
    for k, g in enumerate(np.asarray(rows).tolist()):
        out[k] = partition_hash(M[g], S, solved, n_patterns, None)


def select_top(M, S, rows, score, cand, K, dedupe, solved, n_patterns, out) -> int:
    """Fill ``out`` with the positions of the ``K`` best guesses, best first (the lowest score, then a
    candidate, then the lowest position), with ``dedupe`` only the first of guesses that split ``S`` alike;
    return how many (``kernels.tree.select_top``)."""
    order = np.lexsort((np.arange(len(score)), -np.asarray(cand), np.asarray(score)))
    if not dedupe:
        count = min(K, len(order))
        out[:count] = order[:count]
        return count
    count = 0
    seen: set[tuple[int, int, int]] = set()
    for k in order.tolist():
        key = (int(score[k]), int(cand[k]), partition_hash(M[rows[k]], S, solved, n_patterns, None))
        if key in seen:
            continue
        seen.add(key)
        out[count] = k
        count += 1
        if count == K:
            break
    return count


_WEIGHTED_OFFSET = 1469598103934665603  # where the weighted kernel's partition key starts


def weighted_bounds(M, MT, rows, S, w, solved, n_patterns, lb, key) -> None:
    """Fill ``lb[i]`` and ``key[i]`` for guess ``rows[i]`` over the words ``S`` weighing ``w``
    (``kernels.weighted.weighted_bounds``: the same floats, summed in the same order, and the same keys).

    Word after word, per guess: the word opens a bin unless it equals a word before it, whose bin it joins
    (comparing it with those words, a pass over the guesses each: the sets a weighted search solves hold
    tens of words), and the bin's weight, size and heaviest word grow as the kernel's do.
    """
    n, k = len(S), len(rows)
    w = np.asarray(w, dtype=np.float64).tolist()
    total = 0.0
    for x in w:
        total += x  # word after word, as the kernel adds them
    lb[:k] = total
    key[:k] = np.uint64(_WEIGHTED_OFFSET).view(np.int64)
    if n == 0 or k == 0:
        return
    columns = _columns(M, MT, S, rows, False)  # words x guesses
    at = np.arange(k)
    first = np.empty((n, k), dtype=np.int64)  # per word and guess, the first word of its bin ...
    label = np.empty((n, k), dtype=np.int64)  # ... and the bin's label: the bins in the order they open
    mass: np.ndarray = np.zeros(n * k)  # per bin (its first word x guesses): its weight, its heaviest word, its size
    heavy: np.ndarray = np.zeros(n * k)
    count: np.ndarray = np.zeros(n * k, dtype=np.int64)
    bins = np.zeros(k, dtype=np.int64)
    equal = np.empty(k, dtype=bool)
    for j in range(n):
        owner = first[j]
        owner[:] = j
        for i in range(j - 1, -1, -1):  # the first word it equals is the last one written
            np.equal(columns[i], columns[j], out=equal)
            np.copyto(owner, i, where=equal)
        opens = owner == j
        label[j] = np.where(opens, bins, label.ravel()[np.minimum(owner, j - 1) * k + at] if j else 0)
        bins += opens
        cell = owner * k + at
        mass[cell] += w[j]
        heavy[cell] = np.maximum(heavy[cell], w[j])
        count[cell] += 1
    mass, heavy, count = mass.reshape(n, k), heavy.reshape(n, k), count.reshape(n, k)
    unsolved = columns != solved
    bound = lb[:k]
    for j in range(n):  # bin after bin, as the kernel adds them (adding 0.0 changes nothing)
        counted = (first[j] == j) & unsolved[j]
        bound += np.where(counted, mass[j], 0.0)
        bound += np.where(counted & (count[j] >= 2), mass[j] - heavy[j], 0.0)
    if n > 1:
        bound[(bins == 1) & unsolved[0]] = np.inf  # one bin and nothing solved: the guess tells nothing
    h = np.full(k, _WEIGHTED_OFFSET, dtype=np.uint64)
    prime = np.uint64(_FNV_PRIME)
    for j in range(n):
        h = (h ^ (label[j] * 2 + ~unsolved[j]).astype(np.uint64)) * prime
    key[:k] = h.view(np.int64)
