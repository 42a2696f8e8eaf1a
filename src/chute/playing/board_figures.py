"""One board's figures for every guess in numpy (entropy, expected size, chance of one left, bins), and the
codes of words a worker process scores itself: what a single ranking uses before numba is loaded."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ..game.pattern_codes import NUMPY_CELLS, code_dtype, compute_codes, letters_array

# a board of at most this many words is figured in numpy while numba is not loaded (a single ranking
# then never loads it); once loaded, as in a benchmark, the compiled kernels. Up to SORT_BOARD words each
# guess's codes are sorted; above, every (guess, pattern) cell is counted (BENCHMARKS.md, "Multi-board")
NUMPY_BOARD = 1024
# numpy's figures of a board take this many (guess, word) cells at a time: its keys and weights are 8 bytes a
# cell each, so a block bounds what one board's figures hold at once
NUMPY_BOARD_CELLS = 1 << 21
SORT_BOARD = 64


def board_figures_numpy(codes: np.ndarray, p: np.ndarray | None, n_patterns: int) -> np.ndarray:
    """Return the (4, guesses) figures of ``JointRanker.figures`` for one board, from its (guesses x words) codes.

    For a board of up to ``NUMPY_BOARD`` words in a process that has not loaded
    numba (a single ``suggest``): each guess's bins found by sorting its codes
    (a few words) or by counting every (guess, pattern) cell (more), then summed;
    the guesses taken a block at a time (``NUMPY_BOARD_CELLS``).
    """
    g, n = codes.shape
    step = max(1, NUMPY_BOARD_CELLS // max(n, 1))
    bins = [_board_bins(codes[start : start + step], p, n_patterns, start) for start in range(0, g, step)]
    guess, count, mass = (
        np.concatenate([b[k] for b in bins]) if bins else np.empty(0, dtype=np.int64) for k in range(3)
    )
    return _summed_bins(guess, count, None if p is None else mass, n, g)


def _board_bins(codes: np.ndarray, p: np.ndarray | None, n_patterns: int, first: int):
    """Return (guess, word count, prior mass (zeros without a prior)) of every non-empty bin of a block of guesses'
    codes over a board, the guesses numbered from ``first``."""
    g, n = codes.shape
    offsets = np.arange(0, g * n_patterns, n_patterns, dtype=np.int64)[:, None]
    if n <= SORT_BOARD:
        perm = np.argsort(codes, axis=1, kind="stable")
        flat = (np.take_along_axis(np.asarray(codes, dtype=np.int64), perm, axis=1) + offsets).ravel()
        seg = np.flatnonzero(np.r_[True, flat[1:] != flat[:-1]])
        count = np.diff(np.r_[seg, len(flat)])
        cell = flat[seg]
        mass = None if p is None else np.add.reduceat(np.asarray(p, dtype=np.float64)[perm].ravel(), seg)
    else:
        keys = (codes + offsets).ravel()  # guess by guess: each guess's cells together
        counts = np.bincount(keys, minlength=g * n_patterns)
        cell = np.flatnonzero(counts)
        count = counts[cell]
        mass = (
            None
            if p is None
            else np.bincount(
                keys,
                weights=np.broadcast_to(np.asarray(p, dtype=np.float64)[None, :], (g, n)).ravel(),
                minlength=g * n_patterns,
            )[cell]
        )
    return cell // n_patterns + first, count, np.zeros(len(cell)) if mass is None else mass


def _summed_bins(guess: np.ndarray, count: np.ndarray, mass: np.ndarray | None, n: int, g: int) -> np.ndarray:
    """Return the (4, guesses) figures from every non-empty bin's guess, word count and prior mass."""
    out = np.empty((4, g), dtype=np.float64)
    if mass is None:
        c = count.astype(np.float64)
        ent = np.bincount(guess, weights=c * np.log2(c), minlength=g)
        out[0] = math.log2(n) - ent / n
        out[1] = np.bincount(guess, weights=c * c, minlength=g) / n
        out[2] = np.bincount(guess, weights=(count == 1).astype(np.float64), minlength=g) / n
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            h = np.where(mass > 0, -mass * np.log2(np.where(mass > 0, mass, 1.0)), 0.0)
        out[0] = np.bincount(guess, weights=h, minlength=g)
        out[1] = np.bincount(guess, weights=mass * count, minlength=g)
        out[2] = np.bincount(guess, weights=np.where(count == 1, mass, 0.0), minlength=g)
    out[3] = np.bincount(guess, minlength=g)
    return out


# True in a pool worker: numba's OpenMP threads do not survive fork(), so workers stay serial.
IN_WORKER = [False]


def mark_worker() -> None:
    """Pool initializer: use only single-threaded kernels in this (forked) process."""
    IN_WORKER[0] = True


def codes_of(guesses: Sequence[str], secrets: Sequence[str], length: int) -> np.ndarray:
    """Return the codes of guesses against secrets (``engine.compute_codes``; serial in pool workers)."""
    if not IN_WORKER[0] or len(guesses) * len(secrets) <= NUMPY_CELLS:
        return compute_codes(guesses, secrets, length)
    from ..kernels.score import codes_serial  # noqa: PLC0415 (numba: loaded on first use)

    out = np.empty((len(guesses), len(secrets)), dtype=code_dtype(length))
    codes_serial(letters_array(guesses, length), letters_array(secrets, length), out)
    return out
