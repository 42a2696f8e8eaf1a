"""The row limit guarded: can every word still be found in the rows left, after a guess?

``Plans`` asks the question the tree search (``tree_search``) answers, in
numpy (each set's figures compiled once numba is loaded), over a fixed set
of words: whether a guess keeps every word finishable (``keeps_all``), the
guess of a plan for them all (``plan_guess``), and the prior mass a guess may
lose (``lost_mass``): hard modes weigh that, where the families of alike words
(?ARRA, ?ORRO) leave sets no plan covers, so "is it safe" becomes "how much
could it lose".
"""

from __future__ import annotations

import hashlib

import numpy as np

from ..arrays import distinct, most_common_first, union
from ..game.feedback import Clue, decode
from ..game.fits import fitting
from ..game.pattern_codes import gather
from ..game.rules import legal_mask, strict_codes
from ..kernels import loaded as kernels_loaded
from ..kernels.tree_numpy import figures, word_cost_table

PLAN_TOP = 8  # ``Plans``: guesses tried per node by the tree search ...
PLAN_FULL_ROWS = 2  # ... and every guess in the last two rows (where "no" is exact); the first values
# tried, not tuned (BENCHMARKS.md, "The real game")
COMPILED_AFTER = 2_000  # ``Plans``: sets looked at in numpy before the compiled figures pay for loading numba
NUMPY_BLOCK_CELLS = 1 << 23  # a look in numpy gathers this many codes at a time
LOSS_PER_ROW = 1  # a word not found within the rows costs the row limit again after the last row
PLAN_BUDGET = 50_000_000  # ``Plans``: codes examined per state before it gives up (a few seconds), each
PLAN_NODE_COST = 2_000  # look at a set counted as this many more (its fixed cost in numpy calls). The
# most any decision of the benchmarks needs is 33 M (strict Termo: 15,556 looks);
# a useless first guess (Termo CCCCC all grey) would need 1.8 G, strict Wordle
# with nothing but rare words allowed 160 k looks (310 M)


class OutOfBudget(Exception):
    """Raised by ``Plans`` when a state's questions need more than ``PLAN_BUDGET`` codes examined."""


def allowed_after(engine, rule: str | None, allowed: np.ndarray, guess_row: int, code: int) -> np.ndarray:
    """Return the guess rows of ``allowed`` still legal after a guess showed ``code`` (all of them in normal mode)."""
    if rule is None:
        return allowed
    clue = Clue(engine.lexicon.guesses[guess_row], decode(code, engine.length))
    return allowed[legal_mask(engine, clue, rule, allowed)]


def also_accepted(lexicon, clues, candidates: frozenset[str]) -> list[str]:
    """Return the accepted words outside the prior that fit every clue and are not candidates already.

    Wordle's words tagged ``later`` (the game came to accept them after its
    2022 lists) are no candidates while a word of the prior fits, but the game
    may pick them: the plans keep them finishable too.
    """
    if not lexicon.later or not clues:
        return []
    return [w for w in fitting(lexicon, "later", tuple(clues)) if w not in candidates]


class Plans:
    """Whether subsets of one state's protected words can surely be found in the rows left.

    The question the tree search (``tree_search.TreeSearch`` with ``top=PLAN_TOP``
    and ``full_rows=PLAN_FULL_ROWS``) answers when asked only whether a tree
    exists, asked here in numpy so that a small question needs no compiled
    code (loading it costs more than the whole question; ``tests/test_guard.py``
    holds the two answers equal); once numba is loaded (or past COMPILED_AFTER
    sets) each set's figures and hard mode's legal guesses are compiled
    (``kernels.plans``, ``kernels.tree.filter_allowed``): the same integers and
    rows, so the same answers and budget (tested), up to twice as fast.
    Every accepted guess is scored against the words alone, so the answer is
    the same whether or not they are columns of the game's own matrix.  A set of ``n`` words with ``r`` rows left is
    finished when ``n <= 2`` and ``r >= n``; when a candidate splits it into
    single words (or one pair and single words, with three rows or more); with
    two rows, when an allowed guess splits it into single words; else when, for
    one of the ``PLAN_TOP`` best allowed guesses by the tree search's heuristic
    (every guess within ``PLAN_FULL_ROWS`` of the limit), every pattern's words
    are finished in the rows after.  A "yes" is a plan found; a "no" means none
    among the guesses tried (exact at two rows).
    """

    def __init__(
        self,
        engine,
        rule: str | None,
        words: list[str],
        cols: np.ndarray,
        rows: int,
        top: int | None = None,
        budget: int | None = None,
        every: np.ndarray | None = None,
    ):
        self.engine = engine
        self.rule = rule
        self.words = words
        self.rows = rows
        self.cols = cols
        index = engine.lexicon.guess_index
        self.own = np.array([index[w] for w in words], dtype=np.intp)  # each word's guess row
        suggested = engine.lexicon.suggested_rows
        self.playable = (
            np.arange(len(engine.lexicon.guesses), dtype=np.intp) if suggested is None else union(suggested, self.own)
        )
        # the codes of the guesses chute may play (a rare word of the dictionary only as a candidate)
        self.local = np.full(len(engine.lexicon.guesses), -1, dtype=np.intp)
        self.local[self.playable] = np.arange(len(self.playable))
        # ``every``: the codes of every accepted guess against the first of the words, known already (a state's)
        known = 0 if every is None else every.shape[1]
        if every is not None and known:  # filled in place: one array of codes, never a second while it is built
            rest = engine.codes(self.playable, words[known:], cols[known:])
            self.codes = np.empty((len(self.playable), len(words)), dtype=rest.dtype)
            step = max(1, NUMPY_BLOCK_CELLS // max(1, known))
            for a in range(0, len(self.playable), step):
                self.codes[a : a + step, :known] = every[self.playable[a : a + step]]
            self.codes[:, known:] = rest
        else:
            self.codes = np.ascontiguousarray(engine.codes(self.playable, words, cols))
        self.cost = word_cost_table(len(words))
        self.solved, self.n_patterns = engine.solved, engine.n_patterns  # read at every set looked at
        self._fresh(top, budget)

    def widened(self, top: int, budget: int) -> Plans:
        """Return plans over the same words and codes (shared, not copied) that try ``top`` guesses per set and
        may examine ``budget`` codes, their memo their own."""
        wide = object.__new__(Plans)
        wide.__dict__.update(self.__dict__)
        wide._fresh(top, budget)
        return wide

    def _fresh(self, top: int | None, budget: int | None) -> None:
        """Set the search's settings and start its memo and counts afresh."""
        self.memo: dict[tuple, bool] = {}
        self.witness: dict[tuple, int] = {}  # a set's key -> the guess row of the plan found for it
        self.top = PLAN_TOP if top is None else top  # guesses tried per set, three rows or more
        self.budget = PLAN_BUDGET if budget is None else budget
        self.looks = 0  # sets looked at (``_scored``)
        self.root: np.ndarray | None = None  # strict mode: the widest allowed set asked about ...
        self.root_codes: dict[int, np.ndarray] = {}  # ... and each guess's codes against it
        self.positions: dict[int, tuple] = {}  # id(allowed) -> (allowed, its positions in the first set)
        self.keys: dict[int, tuple] = {}  # id(allowed) -> (allowed, its key)

    def _charge(self, codes: np.ndarray) -> np.ndarray:
        """Return the codes after counting them against the budget (``OutOfBudget`` when it is spent)."""
        self._spend(codes.size)
        return codes

    def _spend(self, cells: int) -> None:
        """Count a look at ``cells`` codes against the budget; raise ``OutOfBudget`` once it is spent."""
        self.budget -= cells + PLAN_NODE_COST
        if self.budget < 0:
            raise OutOfBudget

    def after(self, allowed: np.ndarray, guess_row: int, code: int) -> np.ndarray:
        """Return the rows of ``allowed`` still legal after a guess showed ``code`` (``allowed_after``).

        In strict mode a guess is legal when it would show the same code; every
        allowed set met is a subset of the first (clues only narrow it), so each
        guess is scored once against that set and later sets read its codes.
        """
        if self.rule == "hard" and self._compiled():  # the same rows, in the same order
            from ..kernels.tree import filter_allowed  # noqa: PLC0415 (numba: loaded on first use)

            letters = self.engine.guess_letters
            allowed = np.asarray(allowed, dtype=np.intp)  # one compiled signature
            out = np.empty(len(allowed), dtype=np.intp)
            return out[: filter_allowed(letters, allowed, letters[guess_row], int(code), False, out)]
        if self.rule != "strict":
            return allowed_after(self.engine, self.rule, allowed, guess_row, code)
        if self.root is None:
            self.root = union(allowed, self.own)
        pos = self._root_positions(allowed)
        if pos is None:  # not inside the first set: ask the rule
            return allowed_after(self.engine, self.rule, allowed, guess_row, code)
        codes = self.root_codes.get(guess_row)
        if codes is None:
            guess = self.engine.lexicon.guesses[guess_row]
            codes = strict_codes(self.engine, guess, self.root).astype(self.codes.dtype)
            self.root_codes[guess_row] = codes
        return allowed[codes[pos] == code]

    def _root_positions(self, allowed: np.ndarray) -> np.ndarray | None:
        """Return where the rows of ``allowed`` sit in the first set (None: not all inside it), kept while the
        same array asks again (a set's every guess and pattern asks with its own allowed rows)."""
        found = self.positions.get(id(allowed))
        if found is not None and found[0] is allowed:
            return found[1]
        root = self.root
        assert root is not None  # set by the first set's guesses (``_allowed_codes``)
        pos: np.ndarray | None = np.minimum(np.searchsorted(root, allowed), len(root) - 1)
        if not np.array_equal(root[pos], allowed):
            pos = None
        if len(self.positions) >= 64:
            self.positions.clear()
        self.positions[id(allowed)] = (allowed, pos)
        return pos

    def _key(self, allowed: np.ndarray | None) -> bytes:
        """Return ``_key_of(allowed)``, kept while the same array asks again (in normal mode every set of a
        question asks with the one array: hashing it each time cost a third of a benchmark)."""
        if allowed is None:
            return b""
        found = self.keys.get(id(allowed))
        if found is not None and found[0] is allowed:
            return found[1]
        if len(self.keys) >= 64:
            self.keys.clear()
        key = _key_of(allowed)
        self.keys[id(allowed)] = (allowed, key)
        return key

    def row_codes(self, rows: np.ndarray, S: np.ndarray | None = None) -> np.ndarray:
        """Return the codes of these guess rows against the words (rows x words), or the words at ``S``."""
        at = self.local[rows]
        if (at >= 0).all():
            return self.codes[at] if S is None else gather(self.codes, at, S)
        codes = np.asarray(self.engine.codes(np.asarray(rows), self.words, self.cols))
        return codes if S is None else codes[:, S]

    def _compiled(self) -> bool:
        """Return whether the plans use the compiled kernels: numba is loaded in this process (a ranking's
        shortlist loads it), or the plans have looked at COMPILED_AFTER sets (then loading it pays)."""
        return self.looks > COMPILED_AFTER or kernels_loaded()

    def _scored(self, rows: np.ndarray, S: np.ndarray):
        """Return, for these guess rows over the words at ``S``, ``tree_numpy.figures``' (parts, cand, score) and
        a function giving the codes of the k-th row, the look charged to the budget.

        Compiled when ``_compiled`` says so: the same figures, exactly
        (integers), and the same charge.
        """
        self.looks += 1
        at = self.local[rows]
        kept = bool((at >= 0).all())  # every row's codes among the plans' own
        if kept and self._compiled():
            from ..kernels.plans import plan_figures  # noqa: PLC0415 (numba: loaded on first use)

            self._spend(len(rows) * len(S))
            k = len(rows)
            parts, cand, score = np.empty(k, np.int64), np.empty(k, np.int64), np.empty(k, np.int64)
            plan_figures(self.codes, at, S, self.cost, self.solved, self.n_patterns, parts, cand, score)
            return parts, cand, score, lambda i: self.codes[at[i], S]
        if not kept:
            codes = self._charge(self.row_codes(rows, S))
            return (*figures(codes, self.cost, self.solved), lambda i: codes[i])
        self._spend(len(rows) * len(S))
        step = max(1, NUMPY_BLOCK_CELLS // max(1, len(S)))  # never every guess's codes at once
        blocks = [
            figures(gather(self.codes, at[a : a + step], S), self.cost, self.solved) for a in range(0, len(at), step)
        ]
        parts, cand, score = (np.concatenate(f) for f in zip(*blocks)) if len(blocks) != 1 else blocks[0]
        return parts, cand, score, lambda i: self.codes[at[i], S]

    def finishable(self, pick: np.ndarray, allowed: np.ndarray | None, rows: int) -> bool:
        """Return whether the words at positions ``pick`` (ascending) can surely be found within ``rows`` guesses."""
        if len(pick) <= rows:
            return True
        if rows <= 1:
            return False
        S = np.asarray(pick, dtype=np.intp)
        if allowed is not None:  # the candidates fit every clue: always allowed
            allowed = union(np.asarray(allowed, dtype=np.intp), self.own[S])
        return self._finishable(S, rows, allowed, self._key(allowed))

    def _finishable(self, S: np.ndarray, r: int, allowed: np.ndarray | None, akey: bytes) -> bool:
        """Return whether a plan finds every word of ``S`` within ``r`` rows, guessing from ``allowed``."""
        n = len(S)
        if n <= 2:
            return r >= n
        if r <= 1:
            return False
        key = (S.tobytes(), r, akey)
        found = self.memo.get(key)
        if found is not None:
            return found
        own = self.own[S]
        parts, _, _, _ = self._scored(own, S)
        rows = self.playable if allowed is None else allowed
        guess = None
        if (parts == n - 1).any():  # a candidate that splits them into single words
            guess = int(own[np.argmax(parts == n - 1)])
        elif r == 2:
            parts, _, _, _ = self._scored(rows, S)
            if (parts == n).any():
                guess = int(rows[np.argmax(parts == n)])
        elif (parts == n - 2).any():  # one pair and single words
            guess = int(own[np.argmax(parts == n - 2)])
        else:
            parts, cand, score, codes = self._scored(rows, S)
            order = np.lexsort((np.arange(len(rows)), -cand, score))
            if r > PLAN_FULL_ROWS:
                order = order[: self.top]
            guess = next(
                (int(rows[k]) for k in order.tolist() if self._splits(S, int(rows[k]), codes(k), r - 1, allowed)), None
            )
        answer = guess is not None
        if guess is not None:
            self.witness[key] = guess
        self.memo[key] = answer
        return answer

    def _splits(
        self, S: np.ndarray, guess_row: int, row_codes: np.ndarray, rows_after: int, allowed: np.ndarray | None
    ) -> bool:
        """Return whether every pattern of one guess leaves words a plan finishes in ``rows_after`` rows."""
        for code in most_common_first(row_codes).tolist():  # the largest first: likeliest to fail
            if code == self.solved:
                continue
            sub = S[row_codes == code]
            if len(sub) <= 2:
                continue
            after = None if allowed is None else self.after(allowed, guess_row, code)
            if not self._finishable(sub, rows_after, after, self._key(after)):
                return False
        return True

    def keeps_all(self, guess_row: int, row_codes: np.ndarray, allowed: np.ndarray | None, rows_after: int) -> bool:
        """Return whether a plan finishes every word within ``rows_after`` rows after this guess, whatever it shows."""
        if rows_after <= 1:  # the last row: every pattern but the solved one must hold one word
            counts = np.bincount(np.asarray(row_codes, dtype=np.int64), minlength=self.n_patterns)
            counts[self.solved] = 0
            return bool(counts.max(initial=0) <= rows_after)
        S = np.arange(len(self.words), dtype=np.intp)
        if allowed is not None:  # the candidates fit every clue: always allowed
            allowed = union(np.asarray(allowed, dtype=np.intp), self.own)
        return self._splits(S, int(guess_row), np.asarray(row_codes), rows_after, allowed)

    def plan_guess(self, allowed: np.ndarray | None, rows: int) -> int | None:
        """Return the guess row of a plan that finishes every word within ``rows`` rows (None: no plan found).

        A set no larger than the rows is finished by its words in turn, the first of them first.
        """
        n = len(self.words)
        if n <= rows:
            return int(self.own[0]) if n else None
        S = np.arange(n, dtype=np.intp)
        if allowed is not None:
            allowed = union(np.asarray(allowed, dtype=np.intp), self.own)
        akey = self._key(allowed)
        if not self._finishable(S, rows, allowed, akey):
            return None
        return self.witness.get((S.tobytes(), rows, akey))

    def lost_mass(
        self,
        guess_row: int,
        row_codes: np.ndarray,
        mass: np.ndarray,
        listed: np.ndarray,
        allowed: np.ndarray | None,
        rows_after: int,
    ) -> float:
        """Return the prior mass a guess may lose: the words of the patterns no plan finishes in ``rows_after`` rows.

        ``row_codes`` are the guess's codes against the words, ``mass`` their
        probabilities, ``listed`` which of them a plan covers first (the answer
        list, or every word chute suggests: ``expected.covered_first``).  When a
        pattern's words cannot all be covered but its listed words can, only
        the others are counted as lost.
        """
        lost = 0.0
        solved = self.engine.solved
        for code in distinct(row_codes).tolist():
            if code == solved:
                continue
            pick = np.flatnonzero(row_codes == code)
            if len(pick) <= rows_after:
                continue
            after = None if allowed is None else self.after(allowed, guess_row, code)
            if self.finishable(pick, after, rows_after):
                continue
            first = pick[listed[pick]]
            if len(first) <= rows_after or self.finishable(first, after, rows_after):
                lost += float(mass[pick[~listed[pick]]].sum())
            else:
                lost += float(mass[pick].sum())
        return lost


def _key_of(allowed: np.ndarray | None) -> bytes:
    """Return a short key naming a set of allowed guess rows (empty for every guess)."""
    if allowed is None:
        return b""
    return hashlib.blake2b(allowed.tobytes(), digest_size=16).digest()
