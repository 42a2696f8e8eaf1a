"""Depth-2 look-ahead: a wrapper around a partition strategy that re-scores its best few guesses
by the best second guess in each bin (``Options.depth`` 2)."""

from __future__ import annotations

import numpy as np

from ..arrays import distinct
from ..errors import ChuteError
from ..game.feedback import Clue, decode
from ..game.partition_stats import KERNEL_PATTERNS, PartitionStats, partition_stats
from ..game.rules import legal_mask
from ..kernels import loaded as kernels_loaded
from .base import Options, PartitionStrategy, Ranked, State, Strategy, order, ranked_rows
from .follow import FollowTree


class LookAhead(Strategy):
    """A partition strategy two guesses deep: its best ``look_ahead`` guesses re-scored by ``deepen``."""

    costly = True
    state_only = True

    def __init__(self, inner: Strategy):
        if not isinstance(inner, PartitionStrategy) or inner.kernel_mode is None:
            raise ChuteError(f"depth 2 works with entropy and expected-size, not {inner.name}")
        self.inner = inner
        self.name = inner.name
        self.score_label = inner.score_label
        self.higher_is_better = inner.higher_is_better

    def rank(self, state: State, options: Options = Options(), top: int = 10) -> list[Ranked]:
        """Return the best ``top`` guesses two deep (one deep when at most two candidates are left)."""
        rows, codes, stats, scores = self.inner.scored(state, options)
        if state.n <= 2:
            return order(state, rows, scores, stats, self.higher_is_better, options, top)
        return deepen(self.inner, state, rows, codes, stats, scores, options, top)


def with_depth(strategy: Strategy, options: Options) -> Strategy:
    """Return the strategy as the options ask: wrapped in ``LookAhead`` for depth 2 (a tree's fallback too)."""
    if options.depth < 2 or isinstance(strategy, LookAhead):
        return strategy
    if isinstance(strategy, FollowTree):
        return FollowTree(strategy.tree, with_depth(strategy.fallback, options))
    return LookAhead(strategy)


def deepen(
    strategy: PartitionStrategy,
    state: State,
    rows: np.ndarray,
    codes: np.ndarray,
    stats: PartitionStats,
    scores: np.ndarray,
    options: Options,
    top: int,
) -> list[Ranked]:
    """Return the ``look_ahead`` best rows re-scored two guesses deep and ranked so, then (up to ``top``) the next.

    For each bin a first guess leaves, the second guess is the best one the
    strategy finds there (among the guesses still allowed after that pattern
    in hard mode); bins of one word need no second guess.  The choice is
    made among the first ``look_ahead`` rows only, so it never depends on how
    many suggestions are shown (or cached): rows beyond them are re-scored
    too but listed after, in their own two-deep order.
    """
    width = max(options.look_ahead, top)
    first = order(state, rows, scores, stats, strategy.higher_is_better, options, width)
    row_of = {state.engine.lexicon.guesses[r]: i for i, r in enumerate(rows.tolist())}
    prior = state.prior()
    deep = np.empty(len(first))
    picked = np.empty(len(first), dtype=np.intp)
    fast = (
        strategy.kernel_mode is not None
        and not state.rule
        and not options.candidates_only
        and state.engine.n_patterns <= KERNEL_PATTERNS
        and (state.n > 20 or kernels_loaded())
    )
    for k, ranked in enumerate(first):
        i = row_of[ranked.guess]
        picked[k] = i
        bins = (
            _bins_kernel(strategy, state, codes, i, prior)
            if fast
            else _bins(strategy, state, rows, codes, i, prior, options)
        )
        deep[k] = strategy.combine(ranked.score, bins)
    # Equal two-step scores are common (many guesses resolve a small set within two guesses):
    # break them by the one-step ranking (score, candidates first, alphabetical), not the alphabet.
    key = np.round(-deep if strategy.higher_is_better else deep, 9)
    beyond = np.arange(len(first)) >= options.look_ahead
    idx = np.lexsort((np.arange(len(first)), key, beyond))[:top]
    return ranked_rows(state, rows[picked[idx]], deep[idx], stats.take(picked[idx]))


def _bins(
    strategy: PartitionStrategy,
    state: State,
    rows: np.ndarray,
    codes: np.ndarray,
    i: int,
    prior: np.ndarray,
    options: Options,
) -> list[tuple[float, float]]:
    """Return (probability, best second score) for every bin guess row ``i`` leaves."""
    row = np.asarray(codes[i])
    guess = state.engine.lexicon.guesses[rows[i]]
    out = []
    singleton = strategy.second(partition_stats(np.zeros((1, 1), dtype=row.dtype), state.engine.n_patterns))
    for code in distinct(row).tolist():
        cols = np.flatnonzero(row == code)
        p = float(prior[cols].sum())
        if len(cols) == 1:
            out.append((p, singleton))
            continue
        rows2 = np.arange(len(rows))
        if options.candidates_only:
            members = {state.candidates[c] for c in cols.tolist()}
            lex = state.engine.lexicon.guesses
            narrowed = np.flatnonzero([lex[r] in members for r in rows.tolist()])
            rows2 = narrowed if len(narrowed) else rows2
        if state.rule:
            mask = legal_mask(state.engine, Clue(guess, decode(code, state.engine.length)), state.rule)
            rows2 = rows2[mask[rows[rows2]]]
        sub = codes[rows2][:, cols] if len(rows2) < len(rows) else codes[:, cols]
        weights = None if state.weights is None else prior[cols]
        out.append((p, strategy.second(partition_stats(np.ascontiguousarray(sub), state.engine.n_patterns, weights))))
    return out


def _bins_kernel(
    strategy: PartitionStrategy, state: State, codes: np.ndarray, i: int, prior: np.ndarray
) -> list[tuple[float, float]]:
    """Return (probability, best second score) per bin of row ``i``, every row a second guess (compiled)."""
    from ..kernels.partition import bin_best  # noqa: PLC0415 (numba: loaded on first use)

    row = np.asarray(codes[i])
    perm = np.argsort(row, kind="stable")
    ordered = row[perm]
    cuts = np.flatnonzero(np.diff(ordered)) + 1
    starts = np.concatenate(([0], cuts)).astype(np.int64)
    ends = np.concatenate((cuts, [len(row)])).astype(np.int64)
    n_chunks = 32
    best = np.empty((n_chunks, len(starts)))
    weights = np.empty(0) if state.weights is None else prior
    bin_best(
        np.ascontiguousarray(codes),
        perm.astype(np.int64),
        starts,
        ends,
        weights,
        state.engine.n_patterns,
        strategy.kernel_mode,
        n_chunks,
        best,
    )
    second = best.max(axis=0) if strategy.kernel_mode == 0 else best.min(axis=0)
    singleton = strategy.second(partition_stats(np.zeros((1, 1), dtype=row.dtype), state.engine.n_patterns))
    mass = np.add.reduceat(prior[perm], starts)
    return [
        (float(p), singleton if e - s == 1 else float(v))
        for p, s, e, v in zip(mass.tolist(), starts.tolist(), ends.tolist(), second.tolist())
    ]
