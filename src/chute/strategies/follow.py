"""Following a saved decision tree: the tree's guess while the game stays on it, else a greedy strategy."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..language import Note
from .base import Options, Ranked, State, Strategy, describe

if TYPE_CHECKING:
    from ..search.tree import DecisionTree


class FollowTree(Strategy):
    """Plays a ``DecisionTree``; off the tree (another guess, an unknown pattern) it uses ``fallback``."""

    name = "tree"
    score_label = "score"

    def __init__(self, tree: DecisionTree, fallback: Strategy):
        self.tree = tree
        self.fallback = fallback
        self.score_label = fallback.score_label

    def tree_guess(self, state: State) -> str | None:
        """Return the tree's guess for the state, or None when the state is off the tree or it is illegal."""
        guess = self.tree.next_guess(state.clues)
        if guess is None:
            return None
        row = state.engine.lexicon.guess_index.get(guess)
        if row is None or (state.allowed is not None and row not in set(np.asarray(state.allowed).tolist())):
            return None
        return guess

    def observe(self, state: State) -> None:
        """Note once, on the row it happens, that the game has left the tree."""
        if self.tree_guess(state) is None and not any("left the decision tree" in n for n in state.notes):
            state.notes.append(Note("left_tree", row=len(state.clues) + 1, name=self.fallback.name))

    def rank(self, state: State, options: Options = Options(), top: int = 10) -> list[Ranked]:
        """Return the tree's guess first (then the fallback's ranking), or the fallback's ranking off the tree."""
        guess = self.tree_guess(state)
        if guess is None:
            self.observe(state)
            return self.fallback.rank(state, options, top)
        row = state.engine.lexicon.guess_index[guess]
        mine = describe(state, np.array([row]), [float("nan")])
        if top <= 1:
            return mine
        rest = [r for r in self.fallback.rank(state, options, top) if r.guess != guess]
        return (mine + rest)[:top]

    def choose(self, state: State, options: Options = Options()) -> str:
        """Return the tree's guess, or the fallback's choice off the tree."""
        if state.n == 1:
            return state.candidates[0]
        return self.rank(state, options, top=1)[0].guess
