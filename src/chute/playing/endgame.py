"""The multi-board exact endgame: the least expected rows to solve every board, the row limit kept.

When few candidates are left on the open boards (``multiboard.Policy.exact``,
16), the joint policy searches the expected rows to finish exactly: every
guess is a candidate of some board (it hits or splits its own board, so the
search ends), and at the root the few best-scored other words too (below the
root as well where the row limit binds: an information guess may be the safe
one).  A game that would run past the row limit costs ``FAIL_COST`` rows
more, so safety comes first.  Under a prior the candidates are weighted: the
rows are expected at the prior's odds, and the chance of a loss is counted at
``fail_weights`` (the joint policy's: the prior's tempered, ``Policy.fail_odds``),
so a rare secret is not run out of rows for a row saved on a common one.
Values are memoised per state, rows left and extra words, and each board's
split by a guess per (guess, board).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

import numpy as np

FAIL_COST = 100.0  # what running out of rows costs in the exact search, in rows
# the searches' memos are emptied past this many entries: a bench then holds far less, and runs no slower
# (the games share few endgames; BENCHMARKS.md, "Memory")
MEMO_KEPT = 20_000


class Endgame:
    """Exact expected rows to finish small multi-board states over one matrix (answer columns weighted or equal)."""

    def __init__(
        self,
        block: Callable[[list[int], list[int]], np.ndarray],
        answer_row: np.ndarray,
        solved: int,
        weights: list[float] | None,
        fail_weights: list[float] | None = None,
    ):
        self.block = block  # (guess rows, answer columns) -> their codes, rows x columns
        self.answer_row = answer_row  # the guess row of each answer column
        self.solved = solved  # the all-green code
        self.weights = weights  # the prior's weight per answer column (None: all equal)
        self.fail_weights = weights if fail_weights is None else fail_weights  # the odds a loss is counted at
        self.memo: dict[tuple, tuple[float, float]] = {}  # (state, rows left or None, extras) -> (rows, loss)
        self.splits: dict[tuple, tuple] = {}  # (guess row, board) -> outcomes
        self.extras: tuple[int, ...] = ()  # the information guesses of the current search (the root's best)

    def rank(
        self, state: tuple, extra: Sequence[int], rows_left: int | None, prune: bool = False
    ) -> list[tuple[int, float]]:
        """Return (guess row, expected rows to finish) for the candidates and ``extra`` rows, best first.

        ``state`` holds each open board's candidates as a sorted tuple of answer
        columns, the boards sorted.  Below the root only candidates are tried (a candidate always hits or splits
        its own board, so the search ends).  A game that would run past
        ``rows_left`` costs ``FAIL_COST`` more, so safety comes first.  With
        ``prune`` only the best guess is returned, and far faster.
        """
        if len(self.memo) + len(self.splits) > MEMO_KEPT:  # a bench's thousands of games: kept bounded
            self.memo.clear()
            self.splits.clear()
        cols = sorted({c for b in state for c in b})
        cand_rows = sorted({int(self.answer_row[c]) for c in cols})
        rows = sorted(set(cand_rows) | set(int(r) for r in extra))
        sub = self.block(rows, cols).tolist()
        table = {r: dict(zip(cols, line)) for r, line in zip(rows, sub)}
        self.extras = tuple(sorted(set(int(r) for r in extra)))
        is_cand = set(cand_rows)
        results = []
        if prune:
            # try the likeliest hits first, then the extras; keep only what beats the best so far
            hit_sum: dict[int, float] = {}
            for bd in state:
                for c, h in zip(bd, self._chances(bd)):
                    r = int(self.answer_row[c])
                    hit_sum[r] = hit_sum.get(r, 0.0) + h
            trial = sorted(hit_sum, key=lambda r: (-hit_sum[r], r)) + [r for r in rows if r not in is_cand]
            best = math.inf
            for r in trial:
                e = self._expect(r, state, table, rows_left, best - 1.0)
                if e is not None and (cost := 1.0 + _cost(e)) < best - 1e-9:
                    best = cost
                    results = [(r, best)]
            return results
        for r in rows:
            e = self._expect(r, state, table, rows_left)
            if e is not None:
                results.append((r, 1.0 + _cost(e)))
        results.sort(key=lambda rv: (round(rv[1], 9), rv[0] not in is_cand, rv[0]))
        return results

    def value(self, state: tuple, table: dict, left: int | None) -> tuple[float, float]:
        """Return (expected rows, chance of a loss) of the play that solves every board at the least cost (the rows
        plus FAIL_COST rows times that chance, ``_cost``).

        Candidates only, unless the row limit binds: then the root's extras too.
        """
        if not state:
            return (0.0, 0.0)
        k = len(state)
        if left is not None:
            if left <= 0:
                return (float(k), 1.0)
            if left >= sum(map(len, state)):
                left = None  # one candidate a row finishes in time: the limit cannot bite
        if left is None and all(len(b) == 1 for b in state):
            return (float(k), 0.0)  # one sure hit a row
        # under a binding row limit an information guess may be the safe one: try the root's extras too
        extras = self.extras if left is not None else ()
        key = (state, left, extras)
        memo = self.memo
        known = memo.get(key)
        if known is not None:
            return known
        answer_row = self.answer_row
        single = next((b for b in state if len(b) == 1), None)
        found: tuple[float, float]
        if single is not None:
            after = self._expect(int(answer_row[single[0]]), state, table, left)  # no bound: always a value
            found = (math.inf, 0.0) if after is None else (1.0 + after[0], after[1])
        else:
            hit_sum: dict[int, float] = {}
            for b in state:
                for c, h in zip(b, self._chances(b)):
                    r = int(answer_row[c])
                    hit_sum[r] = hit_sum.get(r, 0.0) + h
            found = (math.inf, 0.0)
            v = math.inf  # its cost
            for r, h in sorted(hit_sum.items(), key=lambda rh: (-rh[1], rh[0])):
                if 1.0 + k - h >= v - 1e-12:  # each board left needs a row of its own
                    continue
                e = self._expect(r, state, table, left, v - 1.0)
                if e is not None and (cost := 1.0 + _cost(e)) < v:
                    found, v = (1.0 + e[0], e[1]), cost
            for r in extras:
                if r in hit_sum or 1.0 + k >= v - 1e-12:
                    continue
                e = self._expect(r, state, table, left, v - 1.0)
                if e is not None and (cost := 1.0 + _cost(e)) < v:
                    found, v = (1.0 + e[0], e[1]), cost
        if len(memo) > 300_000:
            memo.clear()
            self.splits.clear()
        memo[key] = found
        return found

    def _chances(self, b: tuple) -> list[float]:
        """Return the chance each answer column of the candidate tuple ``b`` is its board's secret."""
        cw = self.weights
        if cw is None:
            return [1.0 / len(b)] * len(b)
        total = sum(cw[c] for c in b)
        return [cw[c] / total for c in b]

    def _split(self, r: int, b: tuple, line: dict) -> tuple[list, bool]:
        """Return the (probability, probability a loss is counted at, child board or None if solved) outcomes of
        guess row ``r`` on board ``b``."""
        key = (r, b)
        found = self.splits.get(key)
        if found is not None:
            return found
        bins: dict[int, list[int]] = {}
        for c in b:
            bins.setdefault(line[c], []).append(c)
        solved = self.solved
        chances = _shares(b, bins.values(), self.weights)
        at_loss = chances if self.fail_weights is self.weights else _shares(b, bins.values(), self.fail_weights)
        outcomes = [
            (p, q, None if code == solved else tuple(m)) for (code, m), p, q in zip(bins.items(), chances, at_loss)
        ]
        found = (outcomes, len(bins) > 1 or solved in bins)
        self.splits[key] = found
        return found

    def _expect(
        self, r: int, state: tuple, table: dict, left: int | None, bound: float = math.inf
    ) -> tuple[float, float] | None:
        """Return (expected rows, chance of a loss) after guess row ``r`` (None when it tells no board anything).

        Returns infinite rows as soon as the cost (``_cost``) is sure to reach ``bound``.
        """
        line = table[r]
        per_board = []
        useful = False
        boards_after = 0.0  # expected boards left unsolved: a lower bound on the rows
        for b in state:
            outcomes, splits = self._split(r, b, line)
            useful = useful or splits
            per_board.append(outcomes)
            boards_after += 1.0 - sum(p for p, _, child in outcomes if child is None)
        if not useful:
            return None
        if boards_after >= bound - 1e-12:
            return (math.inf, 0.0)
        after = None if left is None else left - 1
        excess = 0.0  # sum of p * (rows - boards left) over the outcomes seen
        lost = 0.0  # the chance of a loss, over the outcomes seen
        value = self.value
        for combo in itertools.product(*per_board):
            p = q = 1.0
            children = []
            for pb, qb, child in combo:
                p *= pb
                q *= qb
                if child is not None:
                    children.append(child)
            rows, loss = value(tuple(sorted(children)), table, after)
            excess += p * (rows - len(children))
            lost += q * loss
            if boards_after + excess + FAIL_COST * lost >= bound - 1e-12:
                return (math.inf, 0.0)
        return (boards_after + excess, lost)


def _cost(value: tuple[float, float]) -> float:
    """Return what an (expected rows, chance of a loss) pair costs, in rows: a loss costs FAIL_COST rows."""
    return value[0] + FAIL_COST * value[1]


def _shares(b: tuple, parts, weights: list[float] | None) -> list[float]:
    """Return each part's share of the candidates ``b`` under ``weights`` (None: all equal)."""
    if weights is None:
        return [len(m) / len(b) for m in parts]
    total = sum(weights[c] for c in b)
    return [sum(weights[c] for c in m) / total for m in parts]
