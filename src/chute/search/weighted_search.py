"""The least expected number of guesses when the answers are not equally likely (a prior over the words).

``tree_search`` finds the tree with the least total guesses over equally
likely answers; under a prior each answer c weighs w(c), and a tree costs
``sum of w(c) x the guesses it takes to find c``.  ``WeightedSearch.solve``
finds that least weighted total exactly by branch and bound (every guess tried,
the guesses ordered by a lower bound, equal partitions searched once), which
pays for small candidate sets; ``found`` is the weighted total of the tree the
equal-weights search builds, a strategy that exists and so an upper bound, for
the larger ones.  Both keep the hard-mode rule and the row limit: a set that
cannot be finished in the rows left costs ``INF``, or, with ``loss``, each word
not found in time costs ``loss`` guesses after the last row (a prior over
thousands of unlikely words makes some of them unfinishable everywhere: their
risk is weighed, not forbidden).
"""

from __future__ import annotations

import math

import numpy as np

from ..arrays import distinct
from .tree_search import OverBudget, TreeSearch

INF = math.inf
# the search whose tree ``found`` weighs: 10 guesses per node, every guess within two rows of the
# limit.  Set for a review's time on Wordle under the frequency prior: the same tree as the default
# schedule's for the words SOARE leaves against CIGAR, a tenth of a guess worse for RAISE against
# MOUNT, each in a fraction of the default's time
FOUND_TOP = 10
FOUND_FULL_ROWS = 2


SPARE_ROWS = 3  # rows past the limit a ``found`` tree may use when none finishes in time (with ``loss``)


class WeightedSearch:
    """Weighted least totals for one engine (the prior's words its columns), weights, rule and row limit."""

    def __init__(self, engine, weights: np.ndarray, rows: int = 6, rule: str | None = None, loss: float | None = None):
        self.engine = engine
        self.weights = np.asarray(weights, dtype=np.float64)
        if len(self.weights) != len(engine.lexicon.answers):
            raise ValueError(f"{len(self.weights)} weights for {len(engine.lexicon.answers)} answers")
        self.rows = rows
        self.rule = rule
        if loss is not None and loss < 1:
            raise ValueError(f"a lost word costs at least one guess more, not {loss}")
        self.loss = loss  # guesses a word not found within the rows costs after the last row (None: INF)
        # the equal-weights search (``found``) and its helpers: legal guesses, partitions
        self.tree = TreeSearch(engine, rows=rows, rule=rule, top=FOUND_TOP, full_rows=FOUND_FULL_ROWS)
        self._thorough: TreeSearch | None = None  # every guess within three rows: when the quick one fails
        self.solved = self.tree.solved
        self.memo: dict[tuple, tuple[float, int, bool]] = {}  # key -> (total, guess row, exact)
        self.nodes = 0
        self.budget: int | None = None  # nodes ``solve`` may visit before it raises OverBudget (None: no limit)

    def mass(self, S: np.ndarray) -> float:
        """Return the weight of a candidate set."""
        return float(self.weights[S].sum())

    def _rows(self, allowed: np.ndarray | None) -> np.ndarray:
        """Return the guess rows the search may play."""
        return self.tree.all_rows if allowed is None else allowed

    def solve(self, S: np.ndarray, r: int, allowed: np.ndarray | None = None, beta: float = INF) -> float:
        """Return the least weighted total for the answer columns ``S`` with ``r`` rows left.

        A result ``>= beta`` is only a lower bound (the search stopped once no
        tree could cost less).
        """
        w = self.weights
        n = len(S)
        if n == 0:
            return 0.0
        total = float(w[S].sum())
        loss = self.loss
        if r <= 0:
            return INF if loss is None else total * loss
        if n == 1:
            return total
        if r == 1:  # the likeliest word, the others lost
            return INF if loss is None else total + (total - float(w[S].max())) * loss
        if n == 2:
            return total + float(min(w[S[0]], w[S[1]]))  # the likelier first
        key = (S.tobytes(), r, self.tree._akey(allowed))
        found = self.memo.get(key)
        if found is not None and (found[2] or found[0] >= beta):
            return found[0]
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise OverBudget(f"more than {self.budget} nodes")
        rows = self._rows(allowed)
        lb = np.empty(len(rows), dtype=np.float64)
        keys = np.empty(len(rows), dtype=np.int64)
        self.tree.weighted_bounds(S, rows, w[S], lb, keys)
        order = np.lexsort((rows, lb))
        best, best_row = INF, -1
        seen: set[int] = set()
        for i in order.tolist():
            if lb[i] >= min(best, beta) - 1e-12:
                break
            if self.rule is None:
                if int(keys[i]) in seen:
                    continue
                seen.add(int(keys[i]))
            g = int(rows[i])
            value = self._after(g, S, r, allowed, min(best, beta), total)
            if value < best - 1e-12:
                best, best_row = value, g
        if best < beta:
            self.memo[key] = (best, best_row, True)
            return best
        # no tree below beta: beta is what was proven (the set may still be finished, at a higher cost)
        bound = beta if math.isfinite(beta) else best
        self.memo[key] = (bound, -1, False)
        return bound

    def _after(self, g: int, S: np.ndarray, r: int, allowed, beta: float, total: float) -> float:
        """Return the weighted total of guessing row ``g`` on ``S`` then playing each bin at its best."""
        codes = self.tree.codes(g, S)
        order = np.argsort(codes, kind="stable")
        sorted_codes = codes[order]
        cuts = np.flatnonzero(np.diff(sorted_codes)) + 1
        bins = [(int(codes[c[0]]), np.sort(S[c])) for c in np.split(order, cuts)]
        w = self.weights
        bounds = []
        for code, sub in bins:
            if code == self.solved:
                bounds.append(0.0)
                continue
            m = float(w[sub].sum())
            bounds.append(m if len(sub) == 1 else 2 * m - float(w[sub].max()))
        value = total + sum(bounds)
        for (code, sub), b in sorted(zip(bins, bounds), key=lambda cb: -cb[1]):
            if code == self.solved:
                continue
            child = self.tree._child_allowed(allowed, g, code)
            t = self.solve(sub, r - 1, child, beta - (value - b))
            value += t - b
            if value >= beta - 1e-12:
                return max(value, beta)
        return value

    def best(self, S: np.ndarray, r: int, allowed: np.ndarray | None = None) -> tuple[int, float]:
        """Return (guess row, least weighted total) for the set (row -1 and INF when no tree fits the rows)."""
        total = self.solve(S, r, allowed)
        if math.isinf(total):
            return -1, INF
        if len(S) <= 2 or r == 1:
            w = self.weights
            return int(self.tree.ans_rows[S[int(np.argmax(w[S]))]]), total
        return self.memo[(S.tobytes(), r, self.tree._akey(allowed))][1], total

    def outcomes(self, g: int, S: np.ndarray, r: int, allowed, exact: bool) -> list[tuple[int, float, float]]:
        """Return (code, weight, weighted total after it) for every bin guess row ``g`` leaves (the solved bin: 0)."""
        codes = self.tree.codes(g, S)
        out = []
        for code in distinct(codes).tolist():
            sub = np.sort(S[codes == code])
            m = self.mass(sub)
            if code == self.solved:
                out.append((code, m, 0.0))
                continue
            child = self.tree._child_allowed(allowed, g, code)
            out.append((code, m, self.solve(sub, r - 1, child) if exact else self.found(sub, r - 1, child)))
        return out

    def found(self, S: np.ndarray, r: int, allowed: np.ndarray | None = None) -> float:
        """Return the weighted total of the tree the equal-weights search finds for the set (INF: none fits)."""
        if len(S) == 0:
            return 0.0
        tree, rows = self._finder(S, r, allowed), r
        if tree is None and self.loss is not None:
            tree, rows = self._finder(S, r + SPARE_ROWS, allowed), r + SPARE_ROWS  # a tree that may run over
        if tree is None:
            return INF
        return self._weigh(tree.subtree(S, rows, allowed, tree._akey(allowed)), S, 1, r)

    def _finder(self, S: np.ndarray, r: int, allowed: np.ndarray | None) -> TreeSearch | None:
        """Return the equal-weights search that finishes the set within the rows (None: not even the thorough one).

        The quick schedule may miss the one guess that finishes in time: a
        set it cannot finish is searched again trying every guess in the last
        three rows, so "cannot be finished" is never the quick search's mistake.
        """
        akey = self.tree._akey(allowed)
        if len(S) == 1 or self.tree.solve(S, r, allowed, 10**9, akey) < 10**9:
            return self.tree
        if self._thorough is None:
            self._thorough = TreeSearch(self.engine, rows=self.rows, rule=self.rule, top=FOUND_TOP, full_rows=3)
        return self._thorough if self._thorough.solve(S, r, allowed, 10**9, akey) < 10**9 else None

    def found_guess(self, S: np.ndarray, r: int, allowed: np.ndarray | None = None) -> int:
        """Return the guess row the equal-weights search chose for the set."""
        tree, rows = self._finder(S, r, allowed), r
        if tree is None:
            tree, rows = self._finder(S, r + SPARE_ROWS, allowed) or self.tree, r + SPARE_ROWS
        return tree._guess_of(S, rows, allowed, tree._akey(allowed))

    def _weigh(self, nested: tuple, S: np.ndarray, depth: int, limit: int) -> float:
        """Return sum of w(c) x guesses for the words ``S`` played by the nested tree below ``depth`` - 1 guesses.

        A word found after ``limit`` guesses costs ``limit + loss``.
        """
        g, _, kids = nested
        codes = self.tree.codes(g, S)
        w = self.weights
        cost = depth if depth <= limit else limit + (self.loss or INF)
        value = float(w[S[codes == self.solved]].sum()) * cost
        for code, child in kids:
            sub = S[codes == code]
            if len(sub):
                value += self._weigh(child, sub, depth + 1, limit)
        return value
