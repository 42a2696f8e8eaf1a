"""The guess x answer pattern matrix of a lexicon's lists, built once and kept in the cache (``matrix_file``).

Cell ``[i, j]`` holds the base-3 code (see ``feedback``) of guess ``i`` against
answer ``j``.  Strategies never index the matrix directly: they ask an
``Engine`` for the codes of some guesses against some candidates; a large
matrix mapped from the cache is read a block at a time, its pages given back.
"""

from __future__ import annotations

import mmap
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from ..errors import ChuteError
from ..files import default_cache_dir
from .cache import cache_limit, prune
from .feedback import n_patterns, solved_code
from .matrix_file import GIVE_BACK_BYTES, computed_in_file, file_rows, fits_the_cache, give_back, mapping, read_matrix
from .memory import check_memory
from .pattern_codes import (
    ORDER_BLOCK_BYTES,
    TRANSPOSE_ROWS,
    as_positions,
    code_dtype,
    compute_codes,
    gather,
    letter_codes,
    letters_array,
    score_compiled,
    transpose,
)
from .words import Lexicon


@dataclass(eq=False)
class Engine:
    """Pattern codes for a lexicon's guesses against its answers, plus partition helpers."""

    lexicon: Lexicon
    matrix: np.ndarray  # (len(guesses), len(answers)) codes
    cache_dir: Path | None = None  # where derived results may be cached; None: no caching

    def __repr__(self) -> str:
        rows, cols = self.matrix.shape
        return f"Engine({self.lexicon.name!r}, {rows}x{cols} {self.matrix.dtype} matrix)"

    def reading(self, lexicon: Lexicon) -> Engine:
        """Return an engine sharing this matrix for another reading of the same lists (a common-words floor)."""
        if lexicon.key != self.lexicon.key:
            raise ChuteError(f"{lexicon.name}'s lists are not the lists of this engine ({self.lexicon.name})")
        return self if lexicon is self.lexicon else Engine(lexicon, self.matrix, self.cache_dir)

    @classmethod
    def build(cls, lexicon: Lexicon, cache: bool = True, cache_dir: Path | None = None) -> Engine:
        """Return the engine for a lexicon, loading its matrix from the disk cache when valid."""
        shape = (len(lexicon.guesses), len(lexicon.answers))
        dtype = code_dtype(lexicon.length)
        check_memory(
            shape[0] * shape[1] * dtype.itemsize, f"the pattern matrix of {shape[0]:,} guesses x {shape[1]:,} answers"
        )
        folder = (cache_dir or default_cache_dir()) if cache else None
        if folder is not None:
            cache_limit()  # a CHUTE_CACHE_MAX that is no size is refused whether or not this run writes the cache
            path = folder / f"matrix-{lexicon.key[:32]}.bin"
            found = read_matrix(path, lexicon.key, shape, dtype)
            if found is not None:
                return cls(lexicon, found, folder)
        if folder is not None and fits_the_cache(shape[0] * shape[1] * dtype.itemsize, folder):
            # computed into its cache file, mapped as a later run maps it: its pages can be given back
            # (``give_back_matrix``), and no copy of it is written
            mapped = computed_in_file(
                path,
                lexicon.key,
                shape,
                dtype,
                lambda out, start, stop: compute_codes(
                    lexicon.guesses[start:stop], lexicon.answers, lexicon.length, out
                ),
            )
            prune(folder, path)
            if mapped is not None:
                if mapped.nbytes >= GIVE_BACK_BYTES:
                    give_back(mapped)  # its pages are in the file now: held no longer than a later run's would be
                return cls(lexicon, mapped, folder)
        return cls(lexicon, compute_codes(lexicon.guesses, lexicon.answers, lexicon.length), folder)

    def maps_matrix(self) -> bool:
        """Return whether the matrix is mapped from the cache (its memory can be given back, ``give_back_matrix``)."""
        return mapping(self.matrix) is not None

    def give_back_matrix(self, start: int = 0, stop: int | None = None) -> bool:
        """Return whether this process gave the memory of the matrix's rows ``start:stop`` (default: all) back to
        the system (``matrix_file.give_back``)."""
        return give_back(self.matrix, start, stop)

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
        """Return the matrix's rows ``rows`` read from its file (``matrix_file.file_rows``), or None."""
        return file_rows(self.matrix, rows)

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
        written would then take a whole huge page, and a few hundred scattered rows nearly the whole matrix."""
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

    def transposed_rows(self, S: np.ndarray, copies: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray | None:
        """Return the matrix transposed (answers x guesses) with at least the rows of the answer columns ``S``
        copied, the others never written (nor their memory taken): what a search over a matrix too large
        to copy whole reads of it (a prior's); None when that memory cannot be mapped.
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
        where = np.empty(len(cols), dtype=np.intp)  # codes_any_order's columns: the matrix's first
        where[np.concatenate([np.flatnonzero(cols >= 0), np.flatnonzero(cols < 0)])] = np.arange(len(cols))
        for start in range(0, len(every), step):  # in blocks of rows: one copy of the codes, not two
            codes, _ = self.codes_any_order(every[start : start + step], candidates, cols, letters, compiled)
            np.take(codes, where, axis=1, out=out[start : start + step])  # a gather: scattering costs 8x more
        return out

    def _gather(self, rows: np.ndarray | None, cols: np.ndarray) -> np.ndarray:
        """Return ``gather(self.matrix, rows, cols)``; a large mapped matrix is read a block of rows at a time,
        every row through the mapping, each block's pages given back once read, some rows from its file
        (``_file_rows``; taking the columns first would read every row)."""
        if not self.gives_back():
            return gather(self.matrix, rows, cols)
        every = rows is None
        rows = np.arange(self.matrix.shape[0]) if every else as_positions(rows)
        out = np.empty((len(rows), len(as_positions(cols))), dtype=self.matrix.dtype)
        step = max(1, ORDER_BLOCK_BYTES // max(self.matrix.shape[1] * self.matrix.itemsize, 1))
        for start in range(0, len(rows), step):
            block = rows[start : start + step]
            read = None if every else self._file_rows(block)
            if read is not None:
                out[start : start + step] = gather(read, None, cols)
            else:  # every row: a slice of them, whose columns np.take reads fastest
                out[start : start + step] = gather(
                    self.matrix[start : start + step] if every else self.matrix, None if every else block, cols
                )
                self.give_back_matrix(int(block.min()), int(block.max()) + 1)
        return out

    def in_place(self, cols: np.ndarray) -> bool:
        """Return whether these columns are the whole matrix in order (its codes can be read without a copy)."""
        return len(cols) == self.matrix.shape[1] and bool((cols == np.arange(len(cols))).all())

    def codes_any_order(
        self,
        rows: np.ndarray | None,
        candidates: Sequence[str],
        cols: np.ndarray,
        letters: np.ndarray | None = None,
        compiled: bool | None = None,
    ) -> tuple[np.ndarray, np.ndarray | None]:
        """Return (codes, order): ``codes[:, k]`` is candidate ``order[k]`` (order None: the candidates' own).

        For figures that do not depend on the columns' order (a partition's
        histogram): the candidates off the matrix are scored on the fly and
        set after the matrix's own, where ``codes`` puts them back in the
        candidates' order, a gather (scattering them into order, as ``codes``
        once did, cost five times the scoring, BENCHMARKS.md).
        ``letters`` are the letters of the candidates off the matrix and
        ``compiled`` whether to score them compiled, when the caller asks
        block by block (``letter_codes``).
        """
        known = cols >= 0
        if known.all():
            return self.codes(rows, candidates, cols), None  # the matrix's own columns, in order
        have, missing = np.flatnonzero(known), np.flatnonzero(~known)
        guess_letters = self.guess_letters if rows is None else self.guess_letters[rows]
        out = np.empty((len(guess_letters), len(cols)), dtype=self.matrix.dtype)
        out[:, : len(have)] = self._gather(rows, cols[have])
        if letters is None:
            letters = letters_array([candidates[i] for i in missing.tolist()], self.length)
        out[:, len(have) :] = letter_codes(guess_letters, letters, compiled)
        return out, np.concatenate([have, missing])

    def pattern(self, guess: str, secret: str) -> int:
        """Return the code of one guess against one word (matrix lookup when possible)."""
        r = self.lexicon.guess_index.get(guess)
        c = self.lexicon.answer_index.get(secret)
        if r is not None and c is not None:
            if self.gives_back():  # read through the mapping, one cell maps the pages around it too
                return int(self.row_codes(r, np.array([c]))[0])
            return int(self.matrix[r, c])
        return int(compute_codes([guess], [secret], self.length)[0, 0])
