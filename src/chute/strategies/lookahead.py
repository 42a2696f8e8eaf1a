"""Depth-2 look-ahead: re-score the best few guesses by the best second guess in each bin."""

from __future__ import annotations

import numpy as np

from ..engine import PartitionStats, partition_stats
from ..feedback import Clue, decode
from .base import Options, PartitionStrategy, Ranked, State, order


def deepen(strategy: PartitionStrategy, state: State, rows: np.ndarray, codes: np.ndarray,
           stats: PartitionStats, scores: np.ndarray, options: Options, top: int) -> list[Ranked]:
    """Return the best ``top`` of the ``look_ahead`` best rows, re-scored two guesses deep.

    For each bin a first guess leaves, the second guess is the best one the
    strategy finds there (among the guesses still allowed after that pattern
    in hard mode); bins of one word need no second guess.
    """
    width = max(options.look_ahead, top)
    first = order(state, rows, scores, stats, strategy.higher_is_better, options, width)
    row_of = {state.engine.lexicon.guesses[r]: i for i, r in enumerate(rows.tolist())}
    prior = state.prior()
    deep = np.empty(len(first))
    picked = np.empty(len(first), dtype=np.intp)
    for k, ranked in enumerate(first):
        i = row_of[ranked.guess]
        picked[k] = i
        deep[k] = strategy.combine(ranked.score, _bins(strategy, state, rows, codes, i, prior, options))
    return order(state, rows[picked], deep, stats.take(picked), strategy.higher_is_better, options, top)


def _bins(strategy: PartitionStrategy, state: State, rows: np.ndarray, codes: np.ndarray, i: int,
          prior: np.ndarray, options: Options) -> list[tuple[float, float]]:
    """Return (probability, best second score) for every bin guess row ``i`` leaves."""
    from ..rules import legal_mask
    row = np.asarray(codes[i])
    guess = state.engine.lexicon.guesses[rows[i]]
    out = []
    singleton = strategy.second(partition_stats(np.zeros((1, 1), dtype=row.dtype), state.engine.n_patterns))
    for code in np.unique(row).tolist():
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
        out.append((p, strategy.second(partition_stats(np.ascontiguousarray(sub), state.engine.n_patterns,
                                                       weights))))
    return out
