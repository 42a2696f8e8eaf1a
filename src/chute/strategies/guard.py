"""The row limit guarded: can every candidate still be found in the rows left, after a guess?

``finishable`` answers for a set of candidates, the guesses the rules allow
and a number of rows, by a small search: a set no larger than the rows is
finished by guessing its words in turn (a candidate is always allowed); with
one row it must be a single word; with two, some allowed guess (or candidate)
must tell every word apart, which is checked over every allowed guess, so
"no" is exact there; with more, the few guesses that split the set most finely
are tried, each pattern in turn.  A "yes" is a plan that exists; a "no" at
three rows or more means none was found among the guesses tried, and a search
that runs out of its budget says so (``None``).

``Plans`` asks the same question of the compiled tree search (``tree_search``)
over a fixed set of words, and weighs a guess by the prior mass it may lose:
hard modes use it, where the families of alike words (?ARRA, ?ORRO) leave
sets no plan covers, so "is it safe" becomes "how much could it lose".
"""

from __future__ import annotations

import numpy as np

from ..feedback import Clue, decode
from ..rules import legal_mask

TRIED = 6              # guesses tried per set with three rows or more
BUDGET = 400           # sets examined per question before giving up
PLAN_TOP = 8           # ``Plans``: guesses tried per node by the tree search ...
PLAN_FULL_ROWS = 2     # ... and every guess in the last two rows (where "no" is exact); the first values
                       # tried, not tuned (BENCHMARKS.md, "Hard modes: the opener of a proven plan")
LOSS_PER_ROW = 1       # a word not found within the rows costs the row limit again after the last row


class Guard:
    """Answers ``finishable`` questions about one game state's candidates, with a memo and a budget."""

    def __init__(self, engine, rule: str | None, budget: int = BUDGET):
        self.engine = engine
        self.rule = rule
        self.budget = budget
        self.spent = 0
        self.memo: dict[tuple, bool] = {}

    def after(self, allowed: np.ndarray, guess_row: int, code: int) -> np.ndarray:
        """Return the guess rows still allowed after a guess showed ``code`` (all of them in normal mode)."""
        return allowed_after(self.engine, self.rule, allowed, guess_row, code)

    def finishable(self, words: list[str], cols: np.ndarray, allowed: np.ndarray, rows: int) -> bool | None:
        """Return whether every word can surely be found within ``rows`` guesses (None: out of budget)."""
        m = len(words)
        if m <= rows:
            return True
        if rows <= 1:
            return False
        key = (tuple(words), rows, hash(allowed.tobytes()) if self.rule else 0)
        if key in self.memo:
            return self.memo[key]
        if self.spent >= self.budget:
            return None
        self.spent += 1
        index = self.engine.lexicon.guess_index
        own = np.array([index[w] for w in words if w in index], dtype=np.intp)
        pool = np.union1d(allowed, own)
        codes = np.asarray(self.engine.codes(pool, words, cols), dtype=np.int64)
        ordered = np.sort(codes, axis=1)
        parts = 1 + (np.diff(ordered, axis=1) != 0).sum(axis=1)
        solved = self.engine.solved
        if rows == 2:
            answer = bool((parts == m).any())      # all apart: a candidate's own pattern is the solved one
            self.memo[key] = answer
            return answer
        largest = _largest_bins(ordered)
        order = np.lexsort((pool, -parts, largest))[:TRIED]
        answer: bool | None = False
        for i in order.tolist():
            verdict = self.splits_finishably(words, cols, pool[i], codes[i], allowed, rows - 1, solved)
            if verdict:
                answer = True
                break
            if verdict is None:
                answer = None
        if answer is not None:
            self.memo[key] = answer
        return answer

    def splits_finishably(self, words: list[str], cols: np.ndarray, guess_row: int, row_codes: np.ndarray,
                          allowed: np.ndarray, rows_after: int, solved: int) -> bool | None:
        """Return whether every pattern of one guess leaves a set finishable in ``rows_after`` rows."""
        unknown = False
        # the largest sets first: the likeliest to fail, and the cheapest way to learn it
        codes, counts = np.unique(row_codes, return_counts=True)
        for code in codes[np.argsort(-counts, kind="stable")].tolist():
            if code == solved:
                continue
            pick = np.flatnonzero(row_codes == code)
            if len(pick) <= rows_after:
                continue
            verdict = self.finishable([words[j] for j in pick.tolist()], cols[pick],
                                      self.after(allowed, int(guess_row), int(code)), rows_after)
            if verdict is False:
                return False
            if verdict is None:
                unknown = True
        return None if unknown else True


def allowed_after(engine, rule: str | None, allowed: np.ndarray, guess_row: int, code: int) -> np.ndarray:
    """Return the guess rows of ``allowed`` still legal after a guess showed ``code`` (all of them in normal mode)."""
    if rule is None:
        return allowed
    clue = Clue(engine.lexicon.guesses[guess_row], decode(code, engine.length))
    return allowed[legal_mask(engine, clue, rule)[allowed]]


def _largest_bins(ordered: np.ndarray) -> np.ndarray:
    """Return, per row of sorted codes, the size of its largest run (the largest set a pattern leaves)."""
    k, n = ordered.shape
    starts = np.ones(ordered.shape, dtype=bool)
    starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    run = np.cumsum(starts, axis=1) - 1 + (np.arange(k) * n)[:, None]
    return np.bincount(run.ravel(), minlength=k * n).reshape(k, n).max(axis=1)


class Plans:
    """Whether subsets of one state's protected words can surely be found in the rows left (compiled search).

    The words become the columns of a small engine (every accepted guess
    against them), so the answer is the same whether or not they are columns
    of the game's own matrix.  A "yes" is a tree the search found; a "no"
    means none among the ``PLAN_TOP`` best guesses per node (every guess in
    the last two rows).
    """

    def __init__(self, engine, rule: str | None, words: list[str], cols: np.ndarray, rows: int):
        from ..engine import Engine
        from ..tree_search import TreeSearch
        self.engine = engine
        self.rule = rule
        self.words = words
        codes = np.ascontiguousarray(engine.codes(None, words, cols))
        self.search = TreeSearch(Engine(engine.lexicon.widened(tuple(words)), codes), rows=rows, rule=rule,
                                 top=PLAN_TOP, full_rows=PLAN_FULL_ROWS)

    def finishable(self, pick: np.ndarray, allowed: np.ndarray | None, rows: int) -> bool:
        """Return whether the words at positions ``pick`` (ascending) can surely be found within ``rows`` guesses."""
        if len(pick) <= rows:
            return True
        if rows <= 1:
            return False
        search = self.search
        S = np.asarray(pick, dtype=np.int32)
        if allowed is not None:     # the candidates fit every clue: always allowed
            allowed = np.union1d(np.asarray(allowed, dtype=np.int32), search.ans_rows[S]).astype(np.int32)
        return search.solve(S, rows, allowed, UNREACHED, search._akey(allowed)) < UNREACHED

    def lost_mass(self, guess_row: int, row_codes: np.ndarray, mass: np.ndarray, listed: np.ndarray,
                  allowed: np.ndarray | None, rows_after: int) -> float:
        """Return the prior mass a guess may lose: the words of the patterns no plan finishes in ``rows_after`` rows.

        ``row_codes`` are the guess's codes against the words, ``mass`` their
        probabilities, ``listed`` which of them are on the answer list.  When a
        pattern's words cannot all be covered but its listed words can, only
        the others are counted as lost (the plan covers the list first).
        """
        lost = 0.0
        solved = self.engine.solved
        for code in np.unique(row_codes).tolist():
            if code == solved:
                continue
            pick = np.flatnonzero(row_codes == code)
            if len(pick) <= rows_after:
                continue
            after = None if self.rule is None else allowed_after(self.engine, self.rule, allowed, guess_row, code)
            if self.finishable(pick, after, rows_after):
                continue
            first = pick[listed[pick]]
            if len(first) <= rows_after or self.finishable(first, after, rows_after):
                lost += float(mass[pick[~listed[pick]]].sum())
            else:
                lost += float(mass[pick].sum())
        return lost


UNREACHED = 10 ** 9     # a cut-off no tree's total reaches: only "is there a tree at all" is asked
