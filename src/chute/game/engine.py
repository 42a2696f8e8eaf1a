"""The guess x answer pattern matrix: built by a compiled kernel, cached on disk.

Cell ``[i, j]`` holds the base-3 code (see ``feedback``) of guess ``i`` against
answer ``j``.  Strategies never index the matrix directly: they ask an
``Engine`` for the codes of some guesses against some candidates, and for
histograms (partitions) of those codes.
"""

from __future__ import annotations

import os
import struct
import sys
import weakref
import zlib
from dataclasses import dataclass
from functools import cached_property
from mmap import mmap as Mapping
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from ..arrays import distinct
from ..errors import ChuteError
from ..files import default_cache_dir
from ..kernels import loaded as kernels_loaded
from ..kernels import ready as kernel_ready
from .cache import LARGE, cache_limit, human_bytes, prune
from .memory import check_memory
from .feedback import n_patterns, solved_code
from .words import Lexicon

MAGIC = b"CHUTEPM1"
_HEADER = struct.Struct("<8s64sIIIII")   # magic, key, itemsize, rows, cols, crc32, reserved
_warned: set[str] = set()


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


LETTERS = 26                          # letters_array numbers a..z 0..25 (words are folded)
# Below this many cells numpy scores faster than importing numba (~0.3 s at start-up).
NUMPY_CELLS = 4_000_000
# ... unless the process runs many small jobs (``prefer_compiled``, a bench): then from this many cells, where
# the compiled kernel, once loaded, passes numpy (Wordle's 14,855 guesses: 20 words 4.6 ms either way, 100
# words 12.1 ms against 4.6, 400 words 20.2 against 5.2; AMD EPYC).  Compiled at every size, Wordle's bench
# took 11.7 s against 9.5 (the kernel's threads woken for jobs of a few hundred cells)
PREFERRED_SCORE_CELLS = 1 << 18
# ... and a whole matrix this large, where numba is not loaded yet: numpy builds it in blocks of rows
# (``BLOCK_CELLS``) at about 12 ns a cell at five letters (Wordle's 34 M cells 0.48 s of CPU, Termo's 46 M
# 0.54 s, Quordle's boards' 116 M about 1.3 s), where the compiled kernel costs 0.4-0.5 s with numba's start once
# it is compiled, and 4-5 s more the first time on a machine (its compilation); a matrix is built once and
# then read from the cache, so the first run's price is the one that counts
NUMPY_MATRIX_CELLS = 160_000_000
NUMPY_PARTITION_CELLS = 16_000_000   # partition figures in numpy up to this many cells while numba is not loaded
# While a kernel is not compiled on this machine (a first run), numpy does a job block by block, scoring and
# partition figures, if it takes less than about 5 s of CPU rather than compile the kernels in the command's own
# process (pattern 8.5 s, partition 6 s; a first ``suggest aback:bbbbb``, 84 M cells, took 15.5 s of CPU): at
# up to six letters numpy costs about 25 ns a cell, at 9-12 letters 140-165 (sorting each row: too many patterns
# for histograms; AMD EPYC).  The process compiling ahead (``cli/ahead.py``) compiles them meanwhile.
NUMPY_UNCOMPILED_CELLS = {True: 200_000_000, False: 30_000_000}     # short words (<= 6 letters) or long
KERNEL_PATTERNS = n_patterns(8)      # the compiled partition kernels keep a table of this many patterns
# Up to this many candidates, sorting rows beats a rows x patterns histogram.
SORT_COLS = 48
# A rows x patterns histogram larger than this (cells; 32 MB of int64) sorts rows instead: long words.
HISTOGRAM_CELLS = 1 << 22
# ``histograms`` counts this many cells at a time (about 24 bytes a cell of temporaries, weighted): 4 M cells
# held 100 MB at 3 letters (4,000 x 4,000 words), and were slower (Wordle's 12,972 x 2,315, counted and
# weighed: 0.136 s against 0.091 at 256 K; 4,000 x 4,000 at 3 letters 0.074 against 0.051; CPU, AMD EPYC)
HISTOGRAM_BLOCK_CELLS = 1 << 18
# Rows are sorted this many cells at a time (the sort's temporaries are about 40 bytes a cell).
SORT_BLOCK_CELLS = 1 << 20


def compute_codes(guesses: Sequence[str], secrets: Sequence[str], length: int) -> np.ndarray:
    """Return the pattern codes of every guess against every secret (numpy if small, else compiled)."""
    return letter_codes(letters_array(guesses, length), letters_array(secrets, length))


def letter_codes(g: np.ndarray, s: np.ndarray, compiled: bool | None = None) -> np.ndarray:
    """Return the codes of letter arrays ``g`` (G, n) against ``s`` (S, n): numpy if small, else compiled
    (``compiled``: the caller's choice, for one block of a larger job)."""
    if compiled is None:
        compiled = score_compiled(len(g) * len(s), g.shape[1])
    if not compiled:
        return numpy_codes(g, s)
    from ..kernels.score import pattern_matrix
    out = np.empty((len(g), len(s)), dtype=code_dtype(g.shape[1]))
    pattern_matrix(g, s, out)
    return out


def score_compiled(cells: int, length: int) -> bool:
    """Return whether scoring ``cells`` codes of words of ``length`` letters runs compiled: too large for numpy
    (more so while numba is not loaded), and the kernel compiled on this machine unless numpy would be slower
    even than compiling it."""
    if _COMPILED[0] and cells >= PREFERRED_SCORE_CELLS and kernels_loaded():      # many small jobs in a row
        return kernel_ready("score", "pattern_matrix")
    if cells <= NUMPY_CELLS or cells <= NUMPY_MATRIX_CELLS and not kernels_loaded():
        return False
    return cells > uncompiled_cells(length) or kernel_ready("score", "pattern_matrix")


def numpy_codes(g: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Return the codes of letter arrays ``g`` (G, n) against ``s`` (S, n), vectorised in numpy.

    The same rule as ``feedback.score``: greens first, then left to right a
    letter is yellow while the secret has an unmatched copy of it.  So the
    r-th non-green copy of a letter in the guess is yellow when r is less than
    the secret's copies of it minus its greens, and only guesses that repeat a
    letter need more than one pass per position.
    """
    n = g.shape[1]
    if g.shape[0] == 1 and s.shape[0]:
        return _one_guess_codes(g[0], s)[None, :]
    step = max(1, BLOCK_CELLS // max(s.shape[0], 1))
    columns = np.ascontiguousarray(s.T)             # each position's letters, one contiguous row
    counts = np.zeros((LETTERS, s.shape[0]), dtype=np.int8)         # each secret's copies of each letter
    where = np.arange(s.shape[0])
    for j in range(n):
        counts[columns[j], where] += 1      # a column appears once per position: no repeated index
    if g.shape[0] <= step:
        return _block_codes(g, columns, counts)
    out = np.empty((g.shape[0], s.shape[0]), dtype=code_dtype(n))
    for start in range(0, g.shape[0], step):      # blocks of rows whose temporaries stay in the cache
        out[start:start + step] = _block_codes(g[start:start + step], columns, counts)
    return out


# numpy_codes works on blocks of about this many cells: its temporaries (a mask per position) then fit in
# a core's cache, 3.3x faster than over a whole matrix (Termo's 45.7 M cells: 0.32 s against 1.07 s, CPU,
# Intel Xeon 4 MiB L2; 64 and 256 rows of 2,510 columns alike, 1,024 rows 0.61 s)
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
        free = counts[g[:, i]] - green[i]       # unmatched copies of guess letter i, before its repeats
        rank = None                             # non-green copies of it earlier in the guess
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


ORDER_BLOCK_BYTES = 1 << 23     # ``codes`` puts off-matrix candidates in order in blocks of rows of this many bytes
GATHER_COPY_BYTES = 1 << 25     # ``gather`` takes the columns of every row first only while that copy is this small


def gather(codes: np.ndarray, rows, cols) -> np.ndarray:
    """Return ``codes[np.ix_(rows, cols)]`` (``rows`` None: every row), C-ordered, gathered the cheapest way.

    Fancy indexing costs about 6 ns a cell of the result; ``np.take`` of the
    columns about 8 ns per cache line each row touches (so a wide block of a
    large matrix, e.g. 300 of Termo's columns over its 18,210 rows, takes 7-8 ms
    against 19-34 ms, and every row taken is C-ordered, where ``codes[:, cols]``
    is not); taking whole rows first about 0.4 ns a byte copied.  Measured on
    chute's Wordle and Termo matrices (2-core x86_64 VM, BENCHMARKS.md).
    """
    cols = _indices(cols)
    if rows is None:
        return np.take(codes, cols, axis=1)
    rows = _indices(rows)
    n_rows, width = codes.shape
    r, c = len(rows), len(cols)
    if c == width and (cols == np.arange(width)).all():      # every column in order: the rows alone
        return np.take(codes, rows, axis=0)
    if r == n_rows and (rows == np.arange(n_rows)).all():    # every row in order: the columns alone
        return np.take(codes, cols, axis=1)
    by_cell = 6 * r * c
    # taking the columns first holds them for every row: not when that copy would be large
    by_columns = (8 * n_rows * min(c, width // 64 + 1) + r * c if n_rows * c * codes.itemsize <= GATHER_COPY_BYTES
                  else np.inf)
    by_rows = 0.4 * r * width + 1.5 * r * c
    if by_cell <= min(by_columns, by_rows):
        return codes[np.ix_(rows, cols)]
    if by_columns <= by_rows:
        return np.take(codes, cols, axis=1)[rows]
    return np.take(np.take(codes, rows, axis=0), cols, axis=1)


def _indices(index) -> np.ndarray:
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
            out += yellow * 3 ** i
    return out.astype(code_dtype(n))


def warn_once(message: str) -> None:
    """Print a warning on stderr, once per process."""
    if message not in _warned:
        _warned.add(message)
        print(f"chute: warning: {message}", file=sys.stderr)


# Rows of a matrix copied at a time by ``transpose``: 120 -> 28 ms for Wordle's 14,855 x 2,315 matrix and
# 175 -> 38 ms for Termo's 18,210 x 2,510 (numpy's copy of ``M.T``), medians of 7 on a 2-core Intel Xeon VM
# (256 to 2,048 rows: 26-54 ms; square tiles of 64 to 512: 26-65 ms).
TRANSPOSE_ROWS = 1024
# A matrix mapped from the cache this large gives back the pages a read of it touched (``Engine.gives_back``) ...
GIVE_BACK_BYTES = 1 << 26
# ... and the whole aligned windows of this many bytes of the file holding them: Linux maps more of a file than
# the page read through a mapping, the cached pages around it ("fault-around", 64 KiB) or the whole large folio
# of the page cache holding it (up to 2 MiB), madvise(MADV_RANDOM) or not: a 12.8 KB block of rows read held
# 112 KiB (Linux 6.18)
MAPPED_AROUND = 1 << 21


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


def _stamp(st: os.stat_result, crc: int) -> str:
    """Return the line that vouches for a cache file checked whole: its size, time, inode and checksum."""
    return f"{st.st_size} {st.st_mtime_ns} {st.st_ino} {crc}\n"


def _read_cached(path: Path, key: str, shape: tuple[int, int], dtype: np.dtype) -> np.ndarray | None:
    """Return the matrix stored at ``path`` if it is whole and matches ``key``, else None.

    A file checked whole once (its checksum), or written by ``_write_cached``,
    is vouched for by a stamp beside it (``.ok``: size, modification time,
    inode, checksum); while the file is unchanged it is mapped, copy on write,
    rather than read and checked again, so a warm start costs no time for large
    matrices.  chute never writes into a matrix: a mapped one can give its
    pages back (``Engine.give_back_matrix``) and read them again from the file.
    """
    stamp = path.with_suffix(".ok")
    try:
        with open(path, "rb", buffering=0) as f:
            header = f.read(_HEADER.size)
            if len(header) != _HEADER.size:
                return None
            magic, stored_key, itemsize, rows, cols, crc, _ = _HEADER.unpack(header)
            if (magic != MAGIC or stored_key != key.encode() or itemsize != dtype.itemsize
                    or (rows, cols) != shape):
                return None
            size = rows * cols * itemsize
            st = os.fstat(f.fileno())
            if st.st_size != _HEADER.size + size:
                return None
            if size and _vouched(stamp, _stamp(st, crc)):
                import mmap
                mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_COPY)
                _keep_file(mapped, f.fileno())
                return np.frombuffer(mapped, dtype=dtype, count=rows * cols, offset=_HEADER.size).reshape(shape)
            # read straight into the array: several times faster than f.read() for 30 MB
            matrix = np.empty(shape, dtype=dtype)
            view = memoryview(matrix.reshape(-1).view(np.uint8))
            done = 0
            while done < size:
                got = f.readinto(view[done:])
                if not got:
                    return None
                done += got
    except (OSError, ValueError):
        return None
    if zlib.crc32(view) != crc:
        return None
    atomic_write(stamp, _stamp(st, crc).encode())
    return matrix


def _vouched(stamp: Path, line: str) -> bool:
    """Return whether the stamp file holds exactly this line; if so, mark the matrix used now (the stamp's time)."""
    try:
        if stamp.read_text(encoding="ascii") != line:
            return False
    except (OSError, ValueError):
        return False
    try:
        os.utime(stamp)          # the last use, for cache.prune (the matrix file's own time is in the stamp)
    except OSError:
        pass
    return True


def _fits_the_cache(nbytes: int, folder: Path) -> bool:
    """Return whether a matrix of ``nbytes`` goes to the cache: not when it alone is over the cache's limit
    (``CHUTE_CACHE_MAX``); a large one is said as it is written, and either way once on stderr."""
    limit = cache_limit()
    if nbytes > limit:
        warn_once(f"the pattern matrix of these lists ({human_bytes(nbytes)}) is larger than the cache's limit "
                  f"({human_bytes(limit)}, CHUTE_CACHE_MAX): it is not cached, and is built again each run")
        return False
    if nbytes >= LARGE:
        warn_once(f"caching a {human_bytes(nbytes)} pattern matrix in {folder} (the cache keeps at most "
                  f"{human_bytes(limit)}, least recently used first; 'chute cache' shows what it holds)")
    return True


def atomic_write(path: Path, data: bytes | Callable[[Path], None]) -> bool:
    """Store a cache file atomically (``files.write_atomic``); return False, warning once, on failure."""
    from ..files import write_atomic
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data, "cache file")
        return True
    except (OSError, ChuteError, MemoryError) as err:
        reason = (err.strerror if isinstance(err, OSError) else "out of memory" if isinstance(err, MemoryError)
                  else str(err).rsplit(": ", 1)[-1])
        warn_once(f"cannot write the cache in {path.parent} ({reason}); working without caching")
        return False


def _write_cached(path: Path, key: str, matrix: np.ndarray) -> bool:
    """Return whether the matrix was stored at ``path`` atomically with its key and checksum (no copy of the
    matrix), and vouched for by its stamp, as a whole file read once is (``_read_cached``)."""
    matrix = np.ascontiguousarray(matrix)
    payload = memoryview(matrix.reshape(-1).view(np.uint8))
    crc = zlib.crc32(payload)
    header = _HEADER.pack(MAGIC, key.encode(), matrix.dtype.itemsize, matrix.shape[0], matrix.shape[1], crc, 0)

    def write(tmp: Path) -> None:
        with open(tmp, "wb") as f:
            f.write(header)
            f.write(payload)
    if not atomic_write(path, write):
        return False
    try:
        st = os.stat(path)
    except OSError:
        return False
    return atomic_write(path.with_suffix(".ok"), _stamp(st, crc).encode())


# each mapping of a cached matrix -> its file, open (the same file the mapping reads, even once it is replaced
# or deleted): a few rows are read from it rather than through the mapping (``Engine._file_rows``)
_FILES: "weakref.WeakKeyDictionary[Mapping, int]" = weakref.WeakKeyDictionary()


def _keep_file(mapped: Mapping, fileno: int) -> None:
    """Keep the file a mapping reads open while the mapping lives."""
    try:
        fd = os.dup(fileno)
    except OSError:
        return
    _FILES[mapped] = fd
    weakref.finalize(mapped, os.close, fd)


def _offset_in(matrix: np.ndarray, mapped: Mapping) -> int:
    """Return where ``matrix``'s first code lies in the mapping it is a view of, in bytes (past the header)."""
    return matrix.ctypes.data - np.frombuffer(mapped, dtype=np.uint8, count=1).ctypes.data


def _mapping(matrix: np.ndarray):
    """Return the mapping ``matrix`` is a view of (a matrix read from the cache, rows copied), or None."""
    base = matrix
    while base is not None and not isinstance(base, Mapping):
        base = base.obj if isinstance(base, memoryview) else getattr(base, "base", None)
    return base


@dataclass(eq=False)
class Engine:
    """Pattern codes for a lexicon's guesses against its answers, plus partition helpers."""

    lexicon: Lexicon
    matrix: np.ndarray          # (len(guesses), len(answers)) codes
    cache_dir: Path | None = None   # where derived results may be cached; None: no caching

    def __repr__(self) -> str:
        rows, cols = self.matrix.shape
        return f"Engine({self.lexicon.name!r}, {rows}x{cols} {self.matrix.dtype} matrix)"

    def reading(self, lexicon: Lexicon) -> "Engine":
        """Return an engine sharing this matrix for another reading of the same lists (a common-words floor)."""
        if lexicon.key != self.lexicon.key:
            raise ChuteError(f"{lexicon.name}'s lists are not the lists of this engine ({self.lexicon.name})")
        return self if lexicon is self.lexicon else Engine(lexicon, self.matrix, self.cache_dir)

    @classmethod
    def build(cls, lexicon: Lexicon, cache: bool = True, cache_dir: Path | None = None) -> "Engine":
        """Return the engine for a lexicon, loading its matrix from the disk cache when valid."""
        shape = (len(lexicon.guesses), len(lexicon.answers))
        dtype = code_dtype(lexicon.length)
        check_memory(shape[0] * shape[1] * dtype.itemsize, f"the pattern matrix of {shape[0]:,} guesses "
                     f"x {shape[1]:,} answers")
        folder = (cache_dir or default_cache_dir()) if cache else None
        if folder is not None:
            path = folder / f"matrix-{lexicon.key[:32]}.bin"
            found = _read_cached(path, lexicon.key, shape, dtype)
            if found is not None:
                return cls(lexicon, found, folder)
        matrix = compute_codes(lexicon.guesses, lexicon.answers, lexicon.length)
        if folder is not None and _fits_the_cache(matrix.nbytes, folder):
            if _write_cached(path, lexicon.key, matrix):
                # read back as a later run reads it, mapped: the codes computed here are freed, and the
                # mapped pages can be given back (``give_back_matrix``)
                mapped = _read_cached(path, lexicon.key, shape, dtype) if matrix.nbytes else None
                matrix = matrix if mapped is None else mapped
            prune(folder, path)
        return cls(lexicon, matrix, folder)

    def maps_matrix(self) -> bool:
        """Return whether the matrix is mapped from the cache (its memory can be given back, ``give_back_matrix``)."""
        return _mapping(self.matrix) is not None

    def give_back_matrix(self, start: int = 0, stop: int | None = None) -> bool:
        """Return whether this process gave the memory of the matrix's rows ``start:stop`` (default: all) back to
        the system: it can where the matrix is mapped from the cache (its pages are read from the file again
        wherever it is read later: it is never written); a matrix computed here, or read into memory, is kept.
        The pages given back are the aligned windows of MAPPED_AROUND bytes holding the rows: a read of them
        mapped their neighbours too."""
        import mmap
        mapped = _mapping(self.matrix)
        if mapped is None or not hasattr(mapped, "madvise"):
            return False
        try:
            if start == 0 and stop is None:
                mapped.madvise(mmap.MADV_DONTNEED)
                return True
            stop = self.matrix.shape[0] if stop is None else stop
            row_bytes = self.matrix.shape[1] * self.matrix.itemsize
            at = _offset_in(self.matrix, mapped)
            first = (at + start * row_bytes) // MAPPED_AROUND * MAPPED_AROUND
            last = min(-(-(at + stop * row_bytes) // MAPPED_AROUND) * MAPPED_AROUND, len(mapped))
            if last > first:
                mapped.madvise(mmap.MADV_DONTNEED, first, last - first)
        except (OSError, ValueError, AttributeError):
            return False
        return True

    def gives_back(self) -> bool:
        """Return whether a ranking's reads of the matrix give its pages back once read: a large matrix mapped
        from the cache."""
        return self.matrix.nbytes >= GIVE_BACK_BYTES and self.maps_matrix()

    def row_codes(self, row: int, cols) -> np.ndarray:
        """Return the codes guess ``row`` shows the answer columns ``cols`` (a copy); a large mapped matrix is
        read from its file (``_file_rows``), or through the mapping with the pages read given back."""
        if not self.gives_back():
            return np.array(self.matrix[row, cols])
        found = self._file_rows(np.array([row]))
        if found is not None:
            return found[0][cols]
        codes = np.array(self.matrix[row, cols])
        self.give_back_matrix(row, row + 1)
        return codes

    def _file_rows(self, rows: np.ndarray) -> np.ndarray | None:
        """Return the matrix's rows ``rows`` read from the file it is mapped from, each run of consecutive rows
        in one read, or None where it is not (or cannot be read).  Reading a few rows through the mapping would
        map far more: the system maps a file's cached pages around each page read (up to a whole large folio
        of the page cache), so 3,000 rows of a 29,150 x 5,056 matrix read one by one held all of its 281 MiB,
        and giving those pages back after each read cost more system time than the reads."""
        mapped = _mapping(self.matrix)
        fd = _FILES.get(mapped) if mapped is not None else None
        if fd is None:
            return None
        width = self.matrix.shape[1] * self.matrix.itemsize
        at = _offset_in(self.matrix, mapped)
        out = np.empty((len(rows), self.matrix.shape[1]), dtype=self.matrix.dtype)
        view = out.view(np.uint8).reshape(len(rows), width)
        cuts = np.flatnonzero(np.diff(rows) != 1) + 1
        try:
            for first, last in zip([0, *cuts.tolist()], [*cuts.tolist(), len(rows)]):
                block = view[first:last].reshape(-1)
                if os.preadv(fd, [block], at + int(rows[first]) * width) != len(block):
                    return None
        except (OSError, ValueError, AttributeError):       # AttributeError: a system without preadv
            return None
        return out

    @cached_property
    def transposed(self) -> np.ndarray:
        """Return the matrix transposed, contiguous (answers x guesses): the tree search scans small sets in it. A
        large matrix mapped from the cache gives back what earlier reads left of it first, then each block of rows
        once copied: the two are never held whole at once (the copy's first block touches all its pages)."""
        if not self.gives_back():
            return transpose(self.matrix)
        self.give_back_matrix()
        return transpose(self.matrix, self.give_back_matrix)

    @cached_property
    def _rows_copied(self) -> tuple[np.ndarray, np.ndarray] | None:
        """Return (the matrix transposed, each row copied the first time it is asked for; which rows are), or
        None where the system will not map that much memory (then searches read the matrix itself).

        Its memory is mapped, not allocated by numpy, which would ask the kernel for huge pages: a row
        written would then take 2 MB, and 300 scattered rows nearly the whole matrix."""
        import mmap
        shape = self.matrix.shape[::-1]
        try:
            buffer = mmap.mmap(-1, max(shape[0] * shape[1] * self.matrix.itemsize, 1), flags=mmap.MAP_PRIVATE)
        except (OSError, ValueError, OverflowError, MemoryError):
            return None
        rows = np.frombuffer(buffer, dtype=self.matrix.dtype, count=shape[0] * shape[1]).reshape(shape)
        return rows, np.zeros(shape[0], dtype=bool)

    def forget_copies(self) -> None:
        """Drop the copies of the matrix made for searches, the transposed matrix and the transposed rows copied
        so far: each is freed once no search holds it, and made anew when next asked for (a review's searches
        are done before chute's own game ranks its guesses).  A search still running keeps its own."""
        self.__dict__.pop("transposed", None)
        self.__dict__.pop("_rows_copied", None)

    def rows_copies(self) -> tuple[np.ndarray, np.ndarray] | None:
        """Return the engine's transposed rows and which are copied (``_rows_copied``), for a search to hold."""
        return self._rows_copied

    def transposed_rows(self, S: np.ndarray, copies: tuple[np.ndarray, np.ndarray] | None = None
                        ) -> np.ndarray | None:
        """Return the matrix transposed (answers x guesses) with at least the rows of the answer columns ``S``
        copied, the others never written (nor their memory taken): what a search over a matrix too large
        to copy whole reads of it (a prior's, 193-331 MB); None when that memory cannot be mapped.
        ``copies``: the rows a search holds (``rows_copies``), default the engine's."""
        copies = self._rows_copied if copies is None else copies
        if copies is None:
            return None
        rows, copied = copies
        S = np.asarray(S)
        missing = S[~copied[S]]
        if not len(missing):
            return rows
        mapped = self.maps_matrix()
        # a bounded block of the matrix's rows at a time, given back once read where it is mapped: copying
        # the rows never holds more of the matrix than one block (its columns are spread over every page)
        for start in range(0, self.matrix.shape[0], TRANSPOSE_ROWS):
            stop = min(start + TRANSPOSE_ROWS, self.matrix.shape[0])
            rows[missing, start:stop] = self.matrix[start:stop, missing].T
            if mapped:
                self.give_back_matrix(start, stop)
        copied[missing] = True
        return rows

    @cached_property
    def guess_letters(self) -> np.ndarray:
        """Return the accepted guesses as an (n, length) array of letter numbers."""
        return letters_array(self.lexicon.guesses, self.length)

    @cached_property
    def guess_letter_counts(self) -> np.ndarray:
        """Return, per accepted guess, how many times it holds each letter: an (n, 26) array."""
        letters = self.guess_letters
        counts = np.zeros((len(letters), 26), dtype=np.uint8)
        for i in range(letters.shape[1]):
            np.add.at(counts, (np.arange(len(letters)), letters[:, i]), 1)
        return counts

    @cached_property
    def letter_planes(self) -> tuple[np.ndarray, np.ndarray]:
        """Return, over every accepted guess, (whether position i holds letter c: (length, 26, n) bools,
        how many times it holds letter c: (26, n)), contiguous per (i, c) and per c."""
        letters = self.guess_letters
        at = letters.T[:, None, :] == np.arange(26, dtype=letters.dtype)[None, :, None]
        return at, np.ascontiguousarray(self.guess_letter_counts.T)

    @property
    def length(self) -> int:
        """Return the word length."""
        return self.lexicon.length

    @property
    def n_patterns(self) -> int:
        """Return the number of distinct pattern codes (3**length)."""
        return n_patterns(self.lexicon.length)

    @property
    def solved(self) -> int:
        """Return the all-green code."""
        return solved_code(self.lexicon.length)

    def rows(self, words: Sequence[str]) -> np.ndarray:
        """Return the matrix rows of accepted guesses."""
        index = self.lexicon.guess_index
        return np.fromiter((index[w] for w in words), dtype=np.intp, count=len(words))

    def columns(self, words: Sequence[str]) -> np.ndarray:
        """Return the matrix columns of words (-1 for a word that is not an answer)."""
        answer_index = self.lexicon.answer_index
        return np.fromiter((answer_index.get(w, -1) for w in words), dtype=np.intp, count=len(words))

    def codes(self, rows: np.ndarray | None, candidates: Sequence[str], cols: np.ndarray | None = None) -> np.ndarray:
        """Return the codes of the given guess rows (all if None) against candidate words.

        Candidates that are answers come from the matrix; any other word (a
        fallback to the accepted list) is scored on the fly.  ``cols`` are the
        candidates' columns when the caller knows them (``columns``).
        """
        if cols is None:
            cols = self.columns(candidates)
        if (cols >= 0).all():
            if rows is None:
                if len(cols) == self.matrix.shape[1] and np.array_equal(cols, np.arange(len(cols))):
                    return self.matrix
            return self._gather(rows, cols)
        every = np.arange(len(self.lexicon.guesses)) if rows is None else np.asarray(rows)
        out = np.empty((len(every), len(cols)), dtype=self.matrix.dtype)
        step = max(1, ORDER_BLOCK_BYTES // max(len(cols) * out.itemsize, 1))
        letters = letters_array([candidates[i] for i in np.flatnonzero(cols < 0).tolist()], self.length)
        compiled = score_compiled(len(every) * len(letters), self.length)
        where = np.empty(len(cols), dtype=np.intp)              # codes_any_order's columns: the matrix's first
        where[np.concatenate([np.flatnonzero(cols >= 0), np.flatnonzero(cols < 0)])] = np.arange(len(cols))
        for start in range(0, len(every), step):     # in blocks of rows: one copy of the codes, not two
            codes, _ = self.codes_any_order(every[start:start + step], candidates, cols, letters, compiled)
            np.take(codes, where, axis=1, out=out[start:start + step])   # a gather: scattering costs 8x more
        return out

    def _gather(self, rows: np.ndarray | None, cols: np.ndarray) -> np.ndarray:
        """Return ``gather(self.matrix, rows, cols)``; a large mapped matrix is read a block of rows at a time,
        every row through the mapping, each block's pages given back once read, some rows from its file
        (``_file_rows``; taking the columns first would read every row)."""
        if not self.gives_back():
            return gather(self.matrix, rows, cols)
        every = rows is None
        rows = np.arange(self.matrix.shape[0]) if every else _indices(rows)
        out = np.empty((len(rows), len(_indices(cols))), dtype=self.matrix.dtype)
        step = max(1, ORDER_BLOCK_BYTES // max(self.matrix.shape[1] * self.matrix.itemsize, 1))
        for start in range(0, len(rows), step):
            block = rows[start:start + step]
            read = None if every else self._file_rows(block)
            if read is not None:
                out[start:start + step] = gather(read, None, cols)
            else:           # every row: a slice of them, whose columns np.take reads fastest
                out[start:start + step] = gather(self.matrix[start:start + step] if every else self.matrix,
                                                 None if every else block, cols)
                self.give_back_matrix(int(block.min()), int(block.max()) + 1)
        return out

    def in_place(self, cols: np.ndarray) -> bool:
        """Return whether these columns are the whole matrix in order (its codes can be read without a copy)."""
        return len(cols) == self.matrix.shape[1] and bool((cols == np.arange(len(cols))).all())

    def codes_any_order(self, rows: np.ndarray | None, candidates: Sequence[str], cols: np.ndarray,
                        letters: np.ndarray | None = None,
                        compiled: bool | None = None) -> tuple[np.ndarray, np.ndarray | None]:
        """Return (codes, order): ``codes[:, k]`` is candidate ``order[k]`` (order None: the candidates' own).

        For figures that do not depend on the columns' order (a partition's
        histogram): the candidates off the matrix are scored on the fly and
        set after the matrix's own, where ``codes`` puts them back in the
        candidates' order, about 1 ns a cell (Wordle, hard mode after JUMPY:
        6,274 candidates, 5,161 off the answer list, every guess: 0.1 s of
        scoring; scattering them into order, as ``codes`` did, took 0.55 s).
        ``letters`` are the letters of the candidates off the matrix and
        ``compiled`` whether to score them compiled, when the caller asks
        block by block (``letter_codes``).
        """
        known = cols >= 0
        if known.all():
            return self.codes(rows, candidates, cols), None     # the matrix's own columns, in order
        have, missing = np.flatnonzero(known), np.flatnonzero(~known)
        guess_letters = self.guess_letters if rows is None else self.guess_letters[rows]
        out = np.empty((len(guess_letters), len(cols)), dtype=self.matrix.dtype)
        out[:, :len(have)] = self._gather(rows, cols[have])
        if letters is None:
            letters = letters_array([candidates[i] for i in missing.tolist()], self.length)
        out[:, len(have):] = letter_codes(guess_letters, letters, compiled)
        return out, np.concatenate([have, missing])

    def pattern(self, guess: str, secret: str) -> int:
        """Return the code of one guess against one word (matrix lookup when possible)."""
        r = self.lexicon.guess_index.get(guess)
        c = self.lexicon.answer_index.get(secret)
        if r is not None and c is not None:
            if self.gives_back():       # read through the mapping, one cell maps the pages around it too
                return int(self.row_codes(r, np.array([c]))[0])
            return int(self.matrix[r, c])
        return int(compute_codes([guess], [secret], self.length)[0, 0])


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
        part = codes[start:start + block].astype(np.int64)
        n = part.shape[0]
        part += offsets[:n]
        out[start:start + n] = np.bincount(
            part.ravel(), weights=None if w is None else np.tile(w, n),
            minlength=n * n_patterns).reshape(n, n_patterns)
    return out


@dataclass(frozen=True)
class PartitionStats:
    """Per-row figures of the partitions some guesses make of the candidates."""

    entropy: np.ndarray      # bits of information of the pattern
    expected: np.ndarray     # expected number of candidates left
    worst: np.ndarray        # largest bin
    parts: np.ndarray        # number of non-empty bins

    def __len__(self) -> int:
        return len(self.entropy)

    def take(self, idx: np.ndarray) -> "PartitionStats":
        """Return the figures of the chosen rows only."""
        return PartitionStats(self.entropy[idx], self.expected[idx], self.worst[idx], self.parts[idx])

    @staticmethod
    def joined(blocks: "Sequence[PartitionStats]") -> "PartitionStats":
        """Return the figures of consecutive blocks of rows as one (the block itself when there is one)."""
        if len(blocks) == 1:
            return blocks[0]
        return PartitionStats(*(np.concatenate([getattr(b, name) for b in blocks])
                                for name in ("entropy", "expected", "worst", "parts")))


_CLOG: dict[int, np.ndarray] = {}
_COMPILED = [False]      # partition_stats: compiled kernels at every size (see prefer_compiled)


def prefer_compiled(on: bool = True) -> bool:
    """Make ``partition_stats`` and the scoring of words off the matrix use compiled kernels for small inputs
    too; return the old setting.

    Worth it when one process ranks many small candidate sets (benchmarks walk
    hundreds of states); a single ``suggest`` is faster without loading numba.
    """
    old = _COMPILED[0]
    _COMPILED[0] = bool(on)
    return old


def clog_table(n: int) -> np.ndarray:
    """Return the table c * log2(c) for c = 0..n (0 at c = 0): a bin's share of the entropy sums."""
    table = _CLOG.get(n)
    if table is None or len(table) <= n:
        c = np.arange(max(n, 1) + 1, dtype=np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            table = np.where(c > 0, c * np.log2(np.where(c > 0, c, 1.0)), 0.0)
        _CLOG[n] = table
    return table


def partition_stats(codes: np.ndarray, n_patterns: int, weights: np.ndarray | None = None,
                    compiled: bool | None = None) -> PartitionStats:
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
    if cols == 0 or rows == 0:          # no candidate, or no guess (a hard mode that allows none)
        zero = np.zeros(rows)
        return PartitionStats(zero, zero, zero.astype(np.int64), zero.astype(np.int64))
    prob = None if weights is None else np.asarray(weights, dtype=np.float64) / np.sum(weights)
    if _COMPILED[0] and codes.size <= NUMPY_CELLS and compiled is not False:
        # many small rankings in one process (prefer_compiled): serial, rows x candidates
        from ..kernels.partition import row_stats_sparse
        out = _empty_stats(rows)
        row_stats_sparse(np.ascontiguousarray(codes), np.empty(0) if prob is None else prob, n_patterns, *out)
        return PartitionStats(*out)
    if _use_kernel(codes.size) if compiled is None else compiled:
        from ..kernels._numba import threads
        from ..kernels.partition import row_stats
        out = _empty_stats(rows)
        row_stats(np.ascontiguousarray(codes), np.empty(0) if prob is None else prob, n_patterns,
                  min(rows, 8 * threads()), *out)
        return PartitionStats(*out)
    if cols <= SORT_COLS or rows * n_patterns > HISTOGRAM_CELLS:
        step = max(1, SORT_BLOCK_CELLS // cols)
        return PartitionStats.joined([_sorted_stats(codes[a:a + step], prob) for a in range(0, rows, step)])
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
    compiled on this machine, or a job too large for numpy (a first ranking after one clue, 5-10 M cells, takes
    0.15 s in numpy where loading the compiled kernels takes 0.3-0.5 s, and compiling them on a fresh install 4 s)."""
    return cells > NUMPY_PARTITION_CELLS or kernels_loaded() and kernel_ready("partition", "row_stats")


def uncompiled_cells(length: int) -> int:
    """Return the most cells numpy scores and partitions, at this word length, while the kernels are not
    compiled on this machine."""
    return NUMPY_UNCOMPILED_CELLS[length <= 6]


def load_kernels_for(cells: int, length: int) -> bool:
    """Return whether a job of ``cells`` codes of words of ``length`` letters, done block by block, runs
    compiled: too large for numpy, and its kernels compiled on this machine unless it is too large for numpy even
    on a first run (the kernels are then loaded, so that every block's figures run compiled too)."""
    if not (cells > NUMPY_PARTITION_CELLS or kernels_loaded()):
        return False
    return cells > uncompiled_cells(length) or kernel_ready("partition", "row_stats") \
        and kernel_ready("score", "pattern_matrix")


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
    starts = np.flatnonzero(new.ravel())                 # first cell of every bin, row by row
    sizes = np.diff(np.append(starts, rows * cols))
    run_row = starts // cols
    first = np.searchsorted(run_row, np.arange(rows))    # every row has at least one bin
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
