"""Pattern codes of many words at once: the scoring rule of ``feedback.score`` vectorised in numpy, or run
compiled for large jobs; gathering a block of a matrix the cheapest way, and transposing one."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..arrays import distinct
from ..kernels import loaded as kernels_loaded
from ..kernels import ready as kernel_ready
from .feedback import n_patterns


def code_dtype(length: int) -> np.dtype:
    """Return the smallest unsigned dtype that holds every pattern code of a length."""
    top = n_patterns(length)
    if top <= 256:
        return np.dtype(np.uint8)
    if top <= 65536:
        return np.dtype(np.uint16)
    return np.dtype(np.uint32)


def letters_array(words: Sequence[str], length: int) -> np.ndarray:
    """Return the words as an (n, length) array of letter numbers 0..25."""
    if not words:
        return np.zeros((0, length), dtype=np.int8)
    raw = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
    return (raw.reshape(len(words), length) - ord("a")).astype(np.int8)


# While a kernel is not compiled on this machine (a first run), numpy does a job block by block, scoring and
# partition figures, when that costs less CPU than compiling the kernels in the command's own process; long words
# cost numpy far more a cell (each row sorted: too many patterns for histograms), hence two limits. The process
# compiling ahead (``cli/ahead.py``) compiles the kernels meanwhile (BENCHMARKS.md, "First use").
NUMPY_UNCOMPILED_CELLS = {True: 200_000_000, False: 30_000_000}  # short words (<= 6 letters) or long
LETTERS = 26  # letters_array numbers a..z 0..25 (words are folded)
# Below this many cells numpy scores faster than importing numba at start-up.
NUMPY_CELLS = 4_000_000
# ... unless the process runs many small jobs (``prefer_compiled``, a bench): then from this many cells, where
# the compiled kernel, once loaded, passes numpy; below it the kernel's threads woken for a few hundred cells
# cost more than they save
PREFERRED_SCORE_CELLS = 1 << 18
# ... and a whole matrix this large, where numba is not loaded yet: numpy builds it in blocks of rows
# (``BLOCK_CELLS``) in less time than numba's start-up and, on a machine's first run, its compilation; a matrix
# is built once and then read from the cache, so the first run's price is the one that counts
NUMPY_MATRIX_CELLS = 160_000_000


def compute_codes(
    guesses: Sequence[str], secrets: Sequence[str], length: int, out: np.ndarray | None = None
) -> np.ndarray:
    """Return the pattern codes of every guess against every secret (numpy if small, else compiled), written
    into ``out`` when given (a matrix mapped from its cache file)."""
    return letter_codes(letters_array(guesses, length), letters_array(secrets, length), out=out)


def letter_codes(
    g: np.ndarray, s: np.ndarray, compiled: bool | None = None, out: np.ndarray | None = None
) -> np.ndarray:
    """Return the codes of letter arrays ``g`` (G, n) against ``s`` (S, n): numpy if small, else compiled
    (``compiled``: the caller's choice, for one block of a larger job), written into ``out`` when given."""
    if compiled is None:
        compiled = score_compiled(len(g) * len(s), g.shape[1])
    if not compiled:
        return numpy_codes(g, s, out)
    from ..kernels.score import pattern_matrix  # noqa: PLC0415 (numba: loaded on first use)

    if out is None:
        out = np.empty((len(g), len(s)), dtype=code_dtype(g.shape[1]))
    pattern_matrix(g, s, out)
    return out


def score_compiled(cells: int, length: int) -> bool:
    """Return whether scoring ``cells`` codes of words of ``length`` letters runs compiled: too large for numpy
    (more so while numba is not loaded), and the kernel compiled on this machine unless numpy would be slower
    even than compiling it."""
    if _COMPILED[0] and cells >= PREFERRED_SCORE_CELLS and kernels_loaded():  # many small jobs in a row
        return kernel_ready("score", "pattern_matrix")
    if cells <= NUMPY_CELLS or cells <= NUMPY_MATRIX_CELLS and not kernels_loaded():
        return False
    return cells > uncompiled_cells(length) or kernel_ready("score", "pattern_matrix")


def numpy_codes(g: np.ndarray, s: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Return the codes of letter arrays ``g`` (G, n) against ``s`` (S, n), vectorised in numpy.

    The same rule as ``feedback.score``: greens first, then left to right a
    letter is yellow while the secret has an unmatched copy of it.  So the
    r-th non-green copy of a letter in the guess is yellow when r is less than
    the secret's copies of it minus its greens, and only guesses that repeat a
    letter need more than one pass per position.
    """
    n = g.shape[1]
    if g.shape[0] == 1 and s.shape[0] and out is None:
        return _one_guess_codes(g[0], s)[None, :]
    step = max(1, BLOCK_CELLS // max(s.shape[0], 1))
    columns = np.ascontiguousarray(s.T)  # each position's letters, one contiguous row
    counts = np.zeros((LETTERS, s.shape[0]), dtype=np.int8)  # each secret's copies of each letter
    where = np.arange(s.shape[0])
    for j in range(n):
        counts[columns[j], where] += 1  # a column appears once per position: no repeated index
    if g.shape[0] <= step and out is None:
        return _block_codes(g, columns, counts)
    if out is None:
        out = np.empty((g.shape[0], s.shape[0]), dtype=code_dtype(n))
    for start in range(0, g.shape[0], step):  # blocks of rows whose temporaries stay in the cache
        out[start : start + step] = _block_codes(g[start : start + step], columns, counts)
    return out


# numpy_codes works on blocks of about this many cells: its temporaries (a mask per position) then fit in a
# core's cache, several times faster than over a whole matrix (BENCHMARKS.md, "Engine and suggestions")
BLOCK_CELLS = 1 << 19


def _block_codes(g: np.ndarray, columns: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Return ``numpy_codes`` of one block of guesses, in one pass over the whole block, given the secrets'
    letters by position (``columns``, n x S) and their copies of each letter (``counts``, 26 x S)."""
    n = g.shape[1]
    dt = code_dtype(n)
    out = np.zeros((g.shape[0], columns.shape[1]), dtype=dt)
    if out.size == 0:
        return out
    green = [g[:, i, None] == columns[i][None, :] for i in range(n)]
    for i in range(n):
        out += green[i].view(np.uint8).astype(dt, copy=False) * dt.type(2 * 3**i)
    for i in range(n):
        free = counts[g[:, i]] - green[i]  # unmatched copies of guess letter i, before its repeats
        rank = None  # non-green copies of it earlier in the guess
        for j in range(n):
            same = np.flatnonzero(g[:, j] == g[:, i]) if j != i else ()
            if not len(same):
                continue
            free[same] -= green[j][same]
            if j < i:
                if rank is None:
                    rank = np.zeros(out.shape, dtype=np.int8)
                rank[same] += ~green[j][same]
        yellow = ~green[i] & (free > (0 if rank is None else rank))
        out += yellow.view(np.uint8).astype(dt, copy=False) * dt.type(3**i)
    return out


ORDER_BLOCK_BYTES = 1 << 23  # ``codes`` puts off-matrix candidates in order in blocks of rows of this many bytes
GATHER_COPY_BYTES = 1 << 25  # ``gather`` takes the columns of every row first only while that copy is this small


def gather(codes: np.ndarray, rows, cols) -> np.ndarray:
    """Return ``codes[np.ix_(rows, cols)]`` (``rows`` None: every row), C-ordered, gathered the cheapest way.

    A cost model, its units measured on chute's Wordle and Termo matrices:
    fancy indexing costs about 6 a cell of the result; ``np.take`` of the
    columns about 8 per cache line each row touches (a wide block of a large
    matrix is much cheaper so, and every row taken is C-ordered, where
    ``codes[:, cols]`` is not); taking whole rows first about 0.4 a byte copied.
    """
    cols = as_positions(cols)
    if rows is None:
        return np.take(codes, cols, axis=1)
    rows = as_positions(rows)
    n_rows, width = codes.shape
    r, c = len(rows), len(cols)
    if c == width and (cols == np.arange(width)).all():  # every column in order: the rows alone
        return np.take(codes, rows, axis=0)
    if r == n_rows and (rows == np.arange(n_rows)).all():  # every row in order: the columns alone
        return np.take(codes, cols, axis=1)
    by_cell = 6 * r * c
    # taking the columns first holds them for every row: not when that copy would be large
    by_columns = (
        8 * n_rows * min(c, width // 64 + 1) + r * c if n_rows * c * codes.itemsize <= GATHER_COPY_BYTES else np.inf
    )
    by_rows = 0.4 * r * width + 1.5 * r * c
    if by_cell <= min(by_columns, by_rows):
        return codes[np.ix_(rows, cols)]
    if by_columns <= by_rows:
        return np.take(codes, cols, axis=1)[rows]
    return np.take(np.take(codes, rows, axis=0), cols, axis=1)


def as_positions(index) -> np.ndarray:
    """Return an index as positions (a boolean mask, as ``np.ix_`` reads it, becomes its true positions)."""
    index = np.asarray(index)
    if index.dtype == bool:
        return np.flatnonzero(index)
    return index if index.size else index.astype(np.intp)


def _one_guess_codes(g: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Return the codes of one guess's letters ``g`` (n,) against ``s`` (S, n): ``numpy_codes`` letter by letter.

    One guess is the common case (the hard-mode rules, a played row): over
    the secrets' letters by position, each a contiguous row, and the guess's
    distinct letters it takes a few passes where the general form takes n squared.
    """
    n = g.shape[0]
    cols = np.ascontiguousarray(s.T)
    green = cols == g[:, None]
    out = (green * (2 * 3 ** np.arange(n, dtype=np.int64))[:, None]).sum(axis=0)
    for letter in distinct(g).tolist():
        # copies of the letter the secret holds outside its green tiles, taken by yellows left to right
        free = ((cols == letter) & ~green).sum(axis=0, dtype=np.int8)
        for i in np.flatnonzero(g == letter).tolist():
            yellow = ~green[i] & (free > 0)
            free -= yellow
            out += yellow * 3**i
    return out.astype(code_dtype(n))


# Rows of a matrix copied at a time by ``transpose``: several times faster than numpy's copy of ``M.T``, which
# strides across the whole matrix; the fastest of the block sizes and tiles tried (BENCHMARKS.md)
TRANSPOSE_ROWS = 1024


def transpose(M: np.ndarray, read: Callable[[int, int], object] | None = None) -> np.ndarray:
    """Return ``M`` transposed, contiguous: copied a block of rows at a time, so that what is read and what is
    written stay in the processor's caches (numpy's copy of ``M.T`` strides across the whole matrix); ``read``
    hears each block's rows ``(start, stop)`` once copied."""
    out = np.empty((M.shape[1], M.shape[0]), dtype=M.dtype)
    for start in range(0, M.shape[0], TRANSPOSE_ROWS):
        stop = min(start + TRANSPOSE_ROWS, M.shape[0])
        out[:, start:stop] = M[start:stop].T
        if read is not None:
            read(start, stop)
    return out


_COMPILED = [False]  # compiled kernels at every size (see prefer_compiled)


def prefer_compiled(on: bool = True) -> bool:
    """Make ``partition_stats`` and the scoring of words off the matrix use compiled kernels for small inputs
    too; return the old setting.

    Worth it when one process ranks many small candidate sets (benchmarks walk
    hundreds of states); a single ``suggest`` is faster without loading numba.
    """
    old = _COMPILED[0]
    _COMPILED[0] = bool(on)
    return old


def compiled_preferred() -> bool:
    """Return whether this process asked for the compiled kernels at every size (``prefer_compiled``)."""
    return _COMPILED[0]


def uncompiled_cells(length: int) -> int:
    """Return the most cells numpy scores and partitions, at this word length, while the kernels are not
    compiled on this machine."""
    return NUMPY_UNCOMPILED_CELLS[length <= 6]
