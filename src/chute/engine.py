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
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

from .words import Lexicon

MAGIC = b"CHUTEPM1"
_HEADER = struct.Struct("<8s64sIIIII")   # magic, key, itemsize, rows, cols, crc32, reserved
_warned: set[str] = set()


def code_dtype(length: int) -> np.dtype:
    """Return the smallest unsigned dtype that holds every pattern code of a length."""
    top = 3**length
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


def compute_codes(guesses: Sequence[str], secrets: Sequence[str], length: int) -> np.ndarray:
    """Return the pattern codes of every guess against every secret (compiled kernel)."""
    from .kernels import pattern_matrix
    out = np.empty((len(guesses), len(secrets)), dtype=code_dtype(length))
    if len(guesses) and len(secrets):
        pattern_matrix(letters_array(guesses, length), letters_array(secrets, length), out)
    return out


def default_cache_dir() -> Path:
    """Return the cache directory: $CHUTE_CACHE_DIR, else the user's cache dir for chute."""
    env = os.environ.get("CHUTE_CACHE_DIR")
    if env:
        return Path(env)
    from platformdirs import user_cache_dir
    return Path(user_cache_dir("chute", appauthor=False))


def warn_once(message: str) -> None:
    """Print a warning on stderr, once per process."""
    if message not in _warned:
        _warned.add(message)
        print(f"chute: warning: {message}", file=sys.stderr)


def _read_cached(path: Path, key: str, shape: tuple[int, int], dtype: np.dtype) -> np.ndarray | None:
    """Return the matrix stored at ``path`` if it is whole and matches ``key``, else None."""
    try:
        with open(path, "rb") as f:
            header = f.read(_HEADER.size)
            if len(header) != _HEADER.size:
                return None
            magic, stored_key, itemsize, rows, cols, crc, _ = _HEADER.unpack(header)
            if (magic != MAGIC or stored_key != key.encode() or itemsize != dtype.itemsize
                    or (rows, cols) != shape):
                return None
            payload = f.read()
    except OSError:
        return None
    if len(payload) != rows * cols * itemsize or zlib.crc32(payload) != crc:
        return None
    return np.frombuffer(payload, dtype=dtype).reshape(shape)


def _write_cached(path: Path, key: str, matrix: np.ndarray) -> None:
    """Store the matrix at ``path`` atomically (temp file, then rename); warn once on failure."""
    payload = np.ascontiguousarray(matrix).tobytes()
    header = _HEADER.pack(MAGIC, key.encode(), matrix.dtype.itemsize, matrix.shape[0],
                          matrix.shape[1], zlib.crc32(payload), 0)
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".matrix-", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(header)
            f.write(payload)
        os.replace(tmp, path)
        tmp = None
    except OSError as err:
        warn_once(f"cannot write the cache in {path.parent} ({err.strerror or err}); "
                  "working without caching")
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


@dataclass
class Engine:
    """Pattern codes for a lexicon's guesses against its answers, plus partition helpers."""

    lexicon: Lexicon
    matrix: np.ndarray          # (len(guesses), len(answers)) codes

    @classmethod
    def build(cls, lexicon: Lexicon, cache: bool = True, cache_dir: Path | None = None) -> "Engine":
        """Return the engine for a lexicon, loading its matrix from the disk cache when valid."""
        shape = (len(lexicon.guesses), len(lexicon.answers))
        dtype = code_dtype(lexicon.length)
        path = (cache_dir or default_cache_dir()) / f"matrix-{lexicon.key[:32]}.bin"
        if cache:
            found = _read_cached(path, lexicon.key, shape, dtype)
            if found is not None:
                return cls(lexicon, found)
        matrix = compute_codes(lexicon.guesses, lexicon.answers, lexicon.length)
        if cache:
            _write_cached(path, lexicon.key, matrix)
        return cls(lexicon, matrix)

    @property
    def length(self) -> int:
        """Return the word length."""
        return self.lexicon.length

    @property
    def n_patterns(self) -> int:
        """Return the number of distinct pattern codes (3**length)."""
        return 3**self.lexicon.length

    @property
    def solved(self) -> int:
        """Return the all-green code."""
        return 3**self.lexicon.length - 1

    def rows(self, words: Sequence[str]) -> np.ndarray:
        """Return the matrix rows of accepted guesses."""
        index = self.lexicon.guess_index
        return np.fromiter((index[w] for w in words), dtype=np.intp, count=len(words))

    def codes(self, rows: np.ndarray | None, candidates: Sequence[str]) -> np.ndarray:
        """Return the codes of the given guess rows (all if None) against candidate words.

        Candidates that are answers come from the matrix; any other word (a
        fallback to the accepted list) is scored on the fly.
        """
        answer_index = self.lexicon.answer_index
        cols = [answer_index.get(w, -1) for w in candidates]
        if all(c >= 0 for c in cols):
            col_arr = np.asarray(cols, dtype=np.intp)
            if rows is None:
                if len(col_arr) == self.matrix.shape[1] and np.array_equal(col_arr, np.arange(len(col_arr))):
                    return self.matrix
                return self.matrix[:, col_arr]
            return self.matrix[np.ix_(rows, col_arr)]
        guess_words = self.lexicon.guesses if rows is None else [self.lexicon.guesses[r] for r in rows]
        return compute_codes(guess_words, list(candidates), self.length)

    def pattern(self, guess: str, secret: str) -> int:
        """Return the code of one guess against one word (matrix lookup when possible)."""
        r = self.lexicon.guess_index.get(guess)
        c = self.lexicon.answer_index.get(secret)
        if r is not None and c is not None:
            return int(self.matrix[r, c])
        return int(compute_codes([guess], [secret], self.length)[0, 0])


def histograms(codes: np.ndarray, n_patterns: int, weights: np.ndarray | None = None) -> np.ndarray:
    """Return, per row of ``codes``, the (weighted) count of columns showing each pattern."""
    rows, cols = codes.shape
    if weights is None and rows * n_patterns < 2**31:
        out = np.zeros((rows, n_patterns), dtype=np.int64)
        # One bincount per block of rows: offset each row's codes into its own range.
        block = max(1, min(rows, (1 << 22) // max(cols, 1)))
        offsets = (np.arange(block, dtype=np.int64) * n_patterns)[:, None]
        for start in range(0, rows, block):
            part = codes[start:start + block].astype(np.int64)
            part += offsets[: part.shape[0]]
            out[start:start + part.shape[0]] = np.bincount(
                part.ravel(), minlength=part.shape[0] * n_patterns).reshape(part.shape[0], n_patterns)
        return out
    w = np.ones(cols) if weights is None else np.asarray(weights, dtype=np.float64)
    out_f = np.zeros((rows, n_patterns), dtype=np.float64)
    block = max(1, min(rows, (1 << 22) // max(cols, 1)))
    offsets = (np.arange(block, dtype=np.int64) * n_patterns)[:, None]
    for start in range(0, rows, block):
        part = codes[start:start + block].astype(np.int64)
        part += offsets[: part.shape[0]]
        out_f[start:start + part.shape[0]] = np.bincount(
            part.ravel(), weights=np.tile(w, part.shape[0]),
            minlength=part.shape[0] * n_patterns).reshape(part.shape[0], n_patterns)
    return out_f


def partition(codes_row: np.ndarray, candidates: Sequence[str]) -> dict[int, list[str]]:
    """Return the candidates grouped by the pattern one guess gives them (code -> words)."""
    bins: dict[int, list[str]] = {}
    for code, word in zip(codes_row.tolist(), candidates):
        bins.setdefault(code, []).append(word)
    return bins
