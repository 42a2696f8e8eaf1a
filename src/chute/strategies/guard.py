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
"""

from __future__ import annotations

import numpy as np

from ..feedback import Clue, decode
from ..rules import legal_mask

TRIED = 6              # guesses tried per set with three rows or more
BUDGET = 400           # sets examined per question before giving up


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
        if self.rule is None:
            return allowed
        clue = Clue(self.engine.lexicon.guesses[guess_row], decode(code, self.engine.length))
        return allowed[legal_mask(self.engine, clue, self.rule)[allowed]]

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


def _largest_bins(ordered: np.ndarray) -> np.ndarray:
    """Return, per row of sorted codes, the size of its largest run (the largest set a pattern leaves)."""
    k, n = ordered.shape
    starts = np.ones(ordered.shape, dtype=bool)
    starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    run = np.cumsum(starts, axis=1) - 1 + (np.arange(k) * n)[:, None]
    return np.bincount(run.ravel(), minlength=k * n).reshape(k, n).max(axis=1)
