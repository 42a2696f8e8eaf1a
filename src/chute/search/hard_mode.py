"""What a hard-mode rule adds to the tree search (``tree_search``): the guesses each clue leaves allowed, kept by
key (equal demands, equal children), and the compiled searches of a node's last rows that carry them.

In hard mode (Wordle's) a guess must keep the greens in place and reuse
every revealed letter, so the children of a node share their parent's
allowed set's bits; in Termo's strict mode every guess must fit every clue.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from ..game.pattern_codes import letters_array
from ..game.words import Lexicon
from ..kernels import tree_numpy
from .matrix_view import MatrixView

INF = 10**9
NO_BUDGET = 2**62  # the cells a compiled search may scan when no budget is set
CHILD_KEYS = 1 << 18  # children's keys kept, at most (a few hundred bytes each)
CHILDREN_BYTES = 64 * 2**20  # children's guess rows kept, at most
RULED_KEYS = 1 << 21  # entries of each memo of the compiled hard-mode searches, at most


class OverBudget(Exception):
    """An exact search did more work than its budget allows (nodes visited, or pairs scanned)."""


class RuledSearch(MatrixView):
    """The hard-mode half of ``TreeSearch``: what the guesses a rule allows need (its state and its searches)."""

    # the search's own (``TreeSearch``), which the rules read
    rule: str | None
    length: int
    P: int
    solved: int
    n_guesses: int
    all_rows: np.ndarray
    ans_rows: np.ndarray
    hw: np.ndarray
    max_parts: int
    exact: bool
    full_rows: int
    scans: int
    cells: int
    budget: int | None
    compiled_three: bool

    lexicon: Lexicon

    def _kernels(self) -> Any:
        """Return the compiled kernels (the search's)."""
        raise NotImplementedError

    def _primitives(self, cells: int = 0) -> Any:
        """Return the primitives of the next step, numpy's or compiled (the search's)."""
        raise NotImplementedError

    def _memo2(self) -> Any:
        """Return the compiled search's memo of two-row totals (the search's)."""
        raise NotImplementedError

    def _top_k(self, r: int) -> int:
        """Return how many guesses a node with ``r`` rows left tries (the search's)."""
        raise NotImplementedError

    def _start_rules(self) -> None:
        """Make the hard-mode state: the guesses' letters (none read in normal mode) and the kept children."""
        self.letters: np.ndarray = (
            letters_array(self.lexicon.guesses, self.length) if self.rule is not None else np.empty((0, self.length))
        )
        self._masks: tuple[np.ndarray, np.ndarray] | None = None  # hard mode's bitsets (``_hard_masks``)
        self._bits: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # id(rows) -> (rows, their bitset)
        self._child_keys: dict[tuple, bytes] = {}  # (parent's key, a clue or what it demands) -> the child's key
        self._children: dict[bytes, np.ndarray] = {}  # a child's key -> its guess rows (``_child``)
        self._children_size = 0
        self._tiles: list[tuple[int, ...]] = []  # each pattern's tiles, position by position (made when asked)
        self._guess_letters: list[tuple[int, ...]] = []
        self.compiled_four = True  # False: hard modes' four-row nodes in Python
        self.compiled_five = True  # False: hard modes' five-row nodes try their guesses in Python
        self._ruled = None  # memos of the compiled hard-mode searches (``_ruled_memos``)

    def _child_allowed(self, allowed: np.ndarray | None, g: int, code: int) -> np.ndarray | None:
        """Return the guess rows still legal after guess row ``g`` showed ``code`` (None: all)."""
        if self.rule is None:
            return None
        base = self.all_rows if allowed is None else allowed
        out = np.empty(len(base), dtype=np.int32)
        kern = self._kernels()
        if self.rule == "hard":  # an AND of bitsets: a node's children share its allowed set's bits
            at, least = self._hard_masks()
            cnt = kern.filter_allowed_hard(
                self._bits_of(base), at, least, self.letters[g], int(code), kern._DEBRUIJN_INDEX, out
            )
        else:
            cnt = kern.filter_allowed(self.letters, base, self.letters[g], int(code), True, out)
        return out[:cnt]

    def _demand(self, g: int, code: int) -> tuple:
        """Return what guess row ``g`` showing ``code`` demands of hard mode's next guesses: greens, letters revealed.

        The greens stay in place and each revealed letter is used as often:
        equal demands, equal children (Termo's strict mode demands the clue itself).
        """
        if not self._tiles:
            self._tiles = [tuple(code // 3**i % 3 for i in range(self.length)) for code in range(self.P)]
            self._guess_letters = [tuple(w) for w in self.letters.tolist()]
        tiles, letters = self._tiles[code], self._guess_letters[g]
        return (
            tuple([a if t == 2 else -1 for a, t in zip(letters, tiles)]),
            tuple(sorted([a for a, t in zip(letters, tiles) if t])),
        )

    def _child_key(self, allowed: np.ndarray | None, akey: bytes, g: int, code: int) -> tuple[bytes, np.ndarray | None]:
        """Return (the key of the guesses legal after guess row ``g`` showed ``code``, those guesses, or None
        when they are not worked out yet: ``_child`` gives them).

        In hard mode many guesses of a node demand the same of the next row (a
        grey letter demands nothing), and a node searched again meets its
        children again: their keys are kept, and the guesses worked out only
        for a child that is searched.  In Termo's strict mode each clue demands
        its own: the guesses are worked out at once.
        """
        if self.rule is None:
            return b"", None
        if self.rule != "hard":
            child = self._child_allowed(allowed, g, code)
            return self._akey(child), child
        clue = (akey, g * self.P + code)
        ckey = self._child_keys.get(clue)
        if ckey is None:
            demand = (akey, self._demand(g, code))
            ckey = self._child_keys.get(demand)
            if ckey is None:
                ckey = self._child(allowed, g, code, None)[1]
            if len(self._child_keys) >= CHILD_KEYS:
                self._child_keys.clear()
            self._child_keys[clue] = self._child_keys[demand] = ckey
        return ckey, None

    def _child(
        self, allowed: np.ndarray | None, g: int, code: int, ckey: bytes | None
    ) -> tuple[np.ndarray | None, bytes]:
        """Return (the guess rows legal after guess row ``g`` showed ``code``, their key), hard mode's kept a while."""
        if self.rule is None:
            return None, b""
        child = self._children.get(ckey) if ckey is not None else None
        if child is not None and ckey is not None:
            return child, ckey
        child = self._child_allowed(allowed, g, code)
        assert child is not None  # a rule: the guesses it leaves
        key = self._akey(child)
        if self._children_size + child.nbytes > CHILDREN_BYTES:
            self._children.clear()
            self._children_size = 0
        self._children[key] = child
        self._children_size += child.nbytes
        return child, key

    def _hard_masks(self) -> tuple[np.ndarray, np.ndarray]:
        """Return hard mode's bitsets over the guess rows (made on first use)."""
        if self._masks is None:
            self._masks = self._kernels().hard_masks(self.letters)
        return self._masks

    def _bits_of(self, rows: np.ndarray) -> np.ndarray:
        """Return the bitset of a set of guess rows, kept while the same array is the parent of many children."""
        found = self._bits.get(id(rows))
        if found is not None and found[0] is rows:
            return found[1]
        if len(self._bits) >= 64:
            self._bits.clear()
        bits = np.empty((self.n_guesses + 63) // 64, dtype=np.uint64)
        self._kernels().rows_to_bits(rows, bits)
        self._bits[id(rows)] = (rows, bits)
        return bits

    def _solve_three_ruled(
        self, S: np.ndarray, rows: np.ndarray, every: bool, lb: int, beta: int, akey: bytes
    ) -> tuple[int, int, int]:
        """Return (total, guess row, cells scanned) of ``S`` with three rows left in a hard mode, compiled
        (``rows``: the guesses allowed there, ``akey`` their key)."""
        kern = self._kernels()
        bits, at, least = self._rule_bits(rows)
        val, g, cells = kern.solve_three_ruled(
            self.M,
            self._mt_for(S),
            S,
            rows,
            every,
            self.ans_rows,
            self.hw,
            self.solved,
            self.P,
            self.max_parts,
            lb,
            beta,
            self.rule == "strict",
            self.letters,
            bits,
            at,
            least,
            kern._DEBRUIJN_INDEX,
            self._key_words(akey),
            self._memo2(),
        )
        return int(val), int(g), int(cells)

    def _rule_bits(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Return what the compiled hard-mode searches filter ``rows`` with: their bitset and hard mode's masks
        (Termo's strict rule: empty stand-ins)."""
        if self.rule == "hard":
            at, least = self._hard_masks()
            return self._bits_of(rows), at, least
        return self._NO_BITS

    @staticmethod
    def _key_words(akey: bytes) -> np.ndarray:
        """Return an allowed set's key as the two 64-bit words the compiled searches take (a writable array: the
        type the kernels pass each other, so one compiled version serves both)."""
        return np.frombuffer(akey.ljust(16, b"\0")[:16], dtype=np.uint64).copy()

    def _three_compiled(self, r: int) -> bool:
        """Return whether nodes with ``r`` (three) rows left are searched by the compiled kernels: every guess
        tried there (exact, or within ``full_rows`` of the limit)."""
        return self.compiled_three and (self.exact or r <= self.full_rows) and self._primitives() is not tree_numpy

    def _ruled_memos(self):
        """Return the compiled hard-mode searches' memos (bins' results with three and four rows left, allowed
        sets' keys), emptied once one passes ``RULED_KEYS`` entries."""
        kern = self._kernels()
        if self._ruled is None or max(kern.entries(m) for m in self._ruled) > RULED_KEYS:
            self._ruled = (kern.empty_memo(), kern.empty_memo(), kern.empty_memo())
        return self._ruled

    def _ruled_compiled(self, r: int) -> bool:
        """Return whether a hard-mode node with ``r`` rows left (4 or 5) is searched by the compiled kernels."""
        return (
            self.rule is not None
            and self._three_compiled(3)
            and self.compiled_four
            and (r == 4 or (r == 5 and self.compiled_five))
        )

    def _solve_ruled(
        self,
        S: np.ndarray,
        rows: np.ndarray,
        every: bool,
        lb: int,
        beta: int,
        akey: bytes,
        r: int,
        order: np.ndarray | None = None,
        nb: np.ndarray | None = None,
        cand: np.ndarray | None = None,
    ) -> tuple[int, int]:
        """Return (total, guess row) of ``S`` in a hard mode, compiled: with four rows left the whole node
        (``solve_four_node``), with five the guesses of ``order`` tried in turn (``solve_five_ruled``); the
        row is -1 when the total is only a lower bound (``rows``: the guesses allowed, ``akey`` their key)."""
        kern = self._kernels()
        bits, at, least = self._rule_bits(rows)
        left = NO_BUDGET if self.budget is None else max(self.budget - self.cells, 0)
        memo3, memo4, sets = self._ruled_memos()
        strict = self.rule == "strict"
        if r == 4:
            val, g, cells, searched, over = kern.solve_four_node(
                self.M,
                self._mt_for(S),
                S,
                rows,
                every,
                self._top_k(4),
                self.ans_rows,
                self.hw,
                self.solved,
                self.P,
                self.max_parts,
                lb,
                beta,
                strict,
                self.letters,
                bits,
                at,
                least,
                kern._DEBRUIJN_INDEX,
                self._key_words(akey),
                left,
                self._memo2(),
                memo3,
                sets,
            )
        else:
            val, g, cells, searched, over = kern.solve_five_ruled(
                self.M,
                self._mt_for(S),
                S,
                rows,
                order,
                nb,
                cand,
                self._top_k(4),
                self.ans_rows,
                self.hw,
                self.solved,
                self.P,
                self.max_parts,
                lb,
                beta,
                strict,
                self.letters,
                bits,
                at,
                least,
                kern._DEBRUIJN_INDEX,
                self._key_words(akey),
                left,
                self._memo2(),
                memo3,
                memo4,
                sets,
            )
        self.scans += int(searched)
        self.cells += int(cells)
        if over:
            raise OverBudget(f"more than {self.budget:,} cells")
        return int(val), int(g)

    # strict mode's stand-ins for hard mode's bitsets (one compiled signature for both rules)
    _NO_BITS = (
        np.empty(0, dtype=np.uint64),
        np.empty((0, 0, 0), dtype=np.uint64),
        np.empty((0, 0, 0), dtype=np.uint64),
    )

    @staticmethod
    def _akey(allowed: np.ndarray | None) -> bytes:
        """Return a short key identifying an allowed-guess set (empty for all guesses)."""
        if allowed is None:
            return b""
        return hashlib.blake2b(allowed.tobytes(), digest_size=16).digest()
