"""Partition figures of guesses over candidates (entropy, expected size, worst bin, bins): per-row histograms
or sorted runs in numpy for small jobs, the compiled kernels for large ones."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..kernels import loaded as kernels_loaded
from ..kernels import ready as kernel_ready
from .feedback import n_patterns
from .pattern_codes import NUMPY_CELLS, compiled_preferred, uncompiled_cells

NUMPY_PARTITION_CELLS = 16_000_000  # partition figures in numpy up to this many cells while numba is not loaded
KERNEL_PATTERNS = n_patterns(8)  # the compiled partition kernels keep a table of this many patterns
# Up to this many candidates, sorting rows beats a rows x patterns histogram.
SORT_COLS = 48
# A rows x patterns histogram larger than this (cells of int64) sorts rows instead: long words.
HISTOGRAM_CELLS = 1 << 22
# ``histograms`` counts this many cells at a time (about 24 bytes a cell of temporaries, weighted): larger
# blocks held far more memory at 3 letters and were slower too (BENCHMARKS.md, "Memory")
HISTOGRAM_BLOCK_CELLS = 1 << 18
# Rows are sorted this many cells at a time (the sort's temporaries are about 40 bytes a cell).
SORT_BLOCK_CELLS = 1 << 20


def histograms(codes: np.ndarray, n_patterns: int, weights: np.ndarray | None = None) -> np.ndarray:
    """Return, per row of ``codes``, the (weighted) count of columns showing each pattern.

    Counts are int64 when unweighted; weighted (or too large for one int64 bincount) they are float64.
    """
    rows, cols = codes.shape
    weighted = weights is not None or rows * n_patterns >= 2**31
    w = None
    if weighted:
        w = np.ones(cols) if weights is None else np.asarray(weights, dtype=np.float64)
    out = np.zeros((rows, n_patterns), dtype=np.float64 if weighted else np.int64)
    # One bincount per block of rows: offset each row's codes into its own range.
    block = max(1, min(rows, HISTOGRAM_BLOCK_CELLS // max(cols, 1)))
    offsets = (np.arange(block, dtype=np.int64) * n_patterns)[:, None]
    for start in range(0, rows, block):
        part = codes[start : start + block].astype(np.int64)
        n = part.shape[0]
        part += offsets[:n]
        out[start : start + n] = np.bincount(
            part.ravel(), weights=None if w is None else np.tile(w, n), minlength=n * n_patterns
        ).reshape(n, n_patterns)
    return out


@dataclass(frozen=True)
class PartitionStats:
    """Per-row figures of the partitions some guesses make of the candidates."""

    entropy: np.ndarray  # bits of information of the pattern
    expected: np.ndarray  # expected number of candidates left
    worst: np.ndarray  # largest bin
    parts: np.ndarray  # number of non-empty bins

    def __len__(self) -> int:
        return len(self.entropy)

    def take(self, idx: np.ndarray) -> PartitionStats:
        """Return the figures of the chosen rows only."""
        return PartitionStats(self.entropy[idx], self.expected[idx], self.worst[idx], self.parts[idx])

    @staticmethod
    def joined(blocks: Sequence[PartitionStats]) -> PartitionStats:
        """Return the figures of consecutive blocks of rows as one (the block itself when there is one)."""
        if len(blocks) == 1:
            return blocks[0]
        return PartitionStats(
            *(np.concatenate([getattr(b, name) for b in blocks]) for name in ("entropy", "expected", "worst", "parts"))
        )


_CLOG: dict[int, np.ndarray] = {}


def clog_table(n: int) -> np.ndarray:
    """Return the table c * log2(c) for c = 0..n (0 at c = 0): a bin's share of the entropy sums."""
    table = _CLOG.get(n)
    if table is None or len(table) <= n:
        c = np.arange(max(n, 1) + 1, dtype=np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            table = np.where(c > 0, c * np.log2(np.where(c > 0, c, 1.0)), 0.0)
        _CLOG[n] = table
    return table


def partition_stats(
    codes: np.ndarray, n_patterns: int, weights: np.ndarray | None = None, compiled: bool | None = None
) -> PartitionStats:
    """Return entropy, expected size, worst bin and bin count for every row of ``codes``.

    ``weights`` are the columns' probabilities (None: uniform); ``compiled``
    the caller's choice for one block of a larger job.  Large inputs
    (or any, once the kernels are loaded and compiled here): a kernel in time rows x
    columns with no rows x patterns temporaries, at any word length.  Small
    ones stay in numpy, so a short command never pays for loading the
    compiler: per-row histograms while rows x patterns is small, else
    sorting each row and measuring its runs (memory rows x columns).
    """
    rows, cols = codes.shape
    if cols == 0 or rows == 0:  # no candidate, or no guess (a hard mode that allows none)
        zero = np.zeros(rows)
        return PartitionStats(zero, zero, zero.astype(np.int64), zero.astype(np.int64))
    prob = None if weights is None else np.asarray(weights, dtype=np.float64) / np.sum(weights)
    if compiled_preferred() and codes.size <= NUMPY_CELLS and compiled is not False:
        # many small rankings in one process (prefer_compiled): serial, rows x candidates
        from ..kernels.partition import row_stats_sparse  # noqa: PLC0415 (numba: loaded on first use)

        out = _empty_stats(rows)
        row_stats_sparse(np.ascontiguousarray(codes), np.empty(0) if prob is None else prob, n_patterns, *out)
        return PartitionStats(*out)
    if _use_kernel(codes.size) if compiled is None else compiled:
        from ..kernels._numba import threads  # noqa: PLC0415 (numba: loaded on first use)
        from ..kernels.partition import row_stats  # noqa: PLC0415 (numba: loaded on first use)

        out = _empty_stats(rows)
        row_stats(
            np.ascontiguousarray(codes),
            np.empty(0) if prob is None else prob,
            n_patterns,
            min(rows, 8 * threads()),
            *out,
        )
        return PartitionStats(*out)
    if cols <= SORT_COLS or rows * n_patterns > HISTOGRAM_CELLS:
        step = max(1, SORT_BLOCK_CELLS // cols)
        return PartitionStats.joined([_sorted_stats(codes[a : a + step], prob) for a in range(0, rows, step)])
    counts = histograms(codes, n_patterns)
    worst = counts.max(axis=1)
    parts = np.count_nonzero(counts, axis=1)
    if prob is None:
        clog = clog_table(cols)[counts].sum(axis=1)
        entropy = np.log2(cols) - clog / cols
        expected = (counts * counts).sum(axis=1) / cols
    else:
        mass = histograms(codes, n_patterns, prob)
        with np.errstate(divide="ignore", invalid="ignore"):
            entropy = -np.where(mass > 0, mass * np.log2(np.where(mass > 0, mass, 1.0)), 0.0).sum(axis=1)
        expected = (mass * counts).sum(axis=1)
    return PartitionStats(entropy, expected, worst, parts)


def _empty_stats(rows: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Return the four output arrays a partition kernel fills: entropy, expected, worst, parts."""
    return np.empty(rows), np.empty(rows), np.empty(rows, dtype=np.int64), np.empty(rows, dtype=np.int64)


def _use_kernel(cells: int) -> bool:
    """Return whether to use the compiled partition kernel: the compiler is loaded anyway and the kernel
    compiled on this machine, or a job too large for numpy (a first ranking after one clue takes less in numpy
    than loading the compiled kernels, let alone compiling them on a fresh install)."""
    return cells > NUMPY_PARTITION_CELLS or kernels_loaded() and kernel_ready("partition", "row_stats")


def load_kernels_for(cells: int, length: int) -> bool:
    """Return whether a job of ``cells`` codes of words of ``length`` letters, done block by block, runs
    compiled: too large for numpy, and its kernels compiled on this machine unless it is too large for numpy even
    on a first run (the kernels are then loaded, so that every block's figures run compiled too)."""
    if not (cells > NUMPY_PARTITION_CELLS or kernels_loaded()):
        return False
    return (
        cells > uncompiled_cells(length)
        or kernel_ready("partition", "row_stats")
        and kernel_ready("score", "pattern_matrix")
    )


def _sorted_stats(codes: np.ndarray, prob: np.ndarray | None) -> PartitionStats:
    """Return partition figures by sorting each row and measuring its runs (fast for few columns)."""
    rows, cols = codes.shape
    if prob is None:
        ordered = np.sort(codes, axis=1)
    else:
        order = np.argsort(codes, axis=1, kind="stable")
        ordered = np.take_along_axis(codes, order, axis=1)
    new = np.ones((rows, cols), dtype=bool)
    new[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    starts = np.flatnonzero(new.ravel())  # first cell of every bin, row by row
    sizes = np.diff(np.append(starts, rows * cols))
    run_row = starts // cols
    first = np.searchsorted(run_row, np.arange(rows))  # every row has at least one bin
    parts = np.diff(np.append(first, len(starts)))
    worst = np.maximum.reduceat(sizes, first)
    size = sizes.astype(np.float64)
    if prob is None:
        squares = np.bincount(run_row, weights=size * size, minlength=rows)
        clog = np.bincount(run_row, weights=size * np.log2(size), minlength=rows)
        return PartitionStats(np.log2(cols) - clog / cols, squares / cols, worst, parts)
    mass = np.add.reduceat(prob[order].ravel(), starts)
    with np.errstate(divide="ignore", invalid="ignore"):
        plog = np.where(mass > 0, mass * np.log2(np.where(mass > 0, mass, 1.0)), 0.0)
    entropy = -np.bincount(run_row, weights=plog, minlength=rows)
    expected = np.bincount(run_row, weights=mass * size, minlength=rows)
    return PartitionStats(entropy, expected, worst, parts)


def partition(codes_row: np.ndarray, candidates: Sequence[str]) -> dict[int, list[str]]:
    """Return the candidates grouped by the pattern one guess gives them (code -> words)."""
    bins: dict[int, list[str]] = {}
    for code, word in zip(codes_row.tolist(), candidates):
        bins.setdefault(code, []).append(word)
    return bins
