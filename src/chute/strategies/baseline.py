"""Baselines from WORDLE-SOLVE: ``first`` (Lisp's ``car``) and ``random`` (``random-elt``, seeded).

Both guess among the candidates only, so they are always legal in hard mode.
"""

from __future__ import annotations

import random

import numpy as np

from .base import Options, Ranked, State, Strategy, describe, register


class CandidateStrategy(Strategy):
    """A strategy that picks candidates in some order (its score is the position in that order)."""

    score_label = "order"
    higher_is_better = False

    def ordered(self, state: State, options: Options) -> list[str]:
        """Return the candidates in the order this strategy would guess them."""
        raise NotImplementedError

    def rank(self, state: State, options: Options = Options(), top: int = 10) -> list[Ranked]:
        """Return the first ``top`` candidates in this strategy's order."""
        index = state.engine.lexicon.guess_index
        words = [w for w in self.ordered(state, options) if w in index][:top]
        if not words:
            words = state.candidates[:top]
            return [Ranked(w, float(i), float(state.n), state.n, 1, True) for i, w in enumerate(words)]
        return describe(state, np.array([index[w] for w in words]), [float(i) for i in range(len(words))])

    def choose(self, state: State, options: Options = Options()) -> str:
        """Return the first candidate in this strategy's order."""
        return self.ordered(state, options)[0]


@register
class First(CandidateStrategy):
    """Guess the first remaining candidate in the lexicon's order (WORDLE-SOLVE's ``car``)."""

    name = "first"

    def ordered(self, state: State, options: Options) -> list[str]:
        """Return the candidates in the lexicon's order."""
        return list(state.candidates)


@register
class Random(CandidateStrategy):
    """Guess a random remaining candidate, seeded (WORDLE-SOLVE's ``random-elt``)."""

    name = "random"

    def ordered(self, state: State, options: Options) -> list[str]:
        """Return the candidates shuffled by a generator seeded from the seed and the clues so far."""
        clues = ",".join(str(c) for c in state.clues)
        rng = random.Random(f"{options.seed}|{clues}")
        words = list(state.candidates)
        rng.shuffle(words)
        return words
