"""Players: what chooses the next guess of a game, one protocol for every board count.

A ``Player`` looks at the states of the boards still open and the rows left
and ranks guesses, best first, or picks one (roget's ``Guesser``, for 1 to N
boards).  ``OneBoard`` plays a solver with any strategy (entropy, look-ahead,
a decision tree); ``Joint`` plays the multi-board policy, one guess for every
open board.  A ``Session`` asks its player; the front ends never choose.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, Union

import numpy as np

from ..arrays import intersection, union
from ..errors import ChuteError
from ..strategies import Ranked, State
from .joint_policy import DEFAULT, Choice
from .multiboard import board_words, opening_without_matrix, ranker_for
from .solver import Solver, likeliest_strings

if TYPE_CHECKING:  # the multi-board policy loads with the first game of several boards
    from .joint_policy import Choice, Policy

Ranking = Sequence[Union[Ranked, "Choice"]]


class Player(Protocol):
    """Chooses one guess for the open boards of a game."""

    name: str
    solver: Solver  # the lists, engine and hard-mode rule the player plays with

    def rank(self, states: Sequence[State], rows_left: int | None, top: int = 10) -> Ranking:
        """Return the best ``top`` guesses for these boards' states, best first."""

    def choose(self, states: Sequence[State], rows_left: int | None) -> str:
        """Return the guess to play."""


class OneBoard:
    """A single-board player: the solver's strategy (with its opener, hard rule and notes)."""

    def __init__(self, solver: Solver):
        self.solver = solver
        self.name = solver.strategy.name

    def _state(self, states: Sequence[State]) -> State:
        """Return the one open board's state (a one-board player cannot play several)."""
        if len(states) != 1:
            raise ChuteError(f"{self.name} plays one board; {len(states)} are open (use the joint policy)")
        return states[0]

    def rank(self, states: Sequence[State], rows_left: int | None, top: int = 10) -> Ranking:
        """Return the solver's ranking for the board, its own choice first."""
        return list(self.solver.rank(self._state(states), top).ranked)

    def choose(self, states: Sequence[State], rows_left: int | None) -> str:
        """Return the solver's guess for the board."""
        return self.solver.choose(self._state(states))


class Joint:
    """The multi-board policy: one guess scored over every open board (see ``multiboard``)."""

    def __init__(self, solver: Solver, policy: Policy | None = None, boards: int | None = None):
        self.solver = solver
        self.boards = boards  # the game's board count (None: unknown; a quick second row is then never taken)
        self.engine = solver.engine
        self.policy = policy or DEFAULT
        self.prior = solver.belief  # the boards weigh their words by the solver's prior
        self.name = self.policy.label()

    def rank(self, states: Sequence[State], rows_left: int | None, top: int = 10) -> Ranking:
        """Return the best joint guesses (a hard-mode rule: only guesses legal on every board)."""
        listed = [st for st in states if not st.unlisted]
        if not listed:  # every open board's answer is a word chute lacks: the likeliest strings of the first
            return self._unlisted(self.solver.refused_out(states[0]), top)
        states = listed  # the boards chute can read first; the others wait for them
        allowed = None
        ruled = any(st.rule for st in states)
        for st in states:
            # without a hard-mode rule or a refused word, the joint policy keeps to the words chute suggests
            # on its own (and so plays as its fast simulation does, exact endgame included)
            if st.allowed is not None and (ruled or self.solver.avoided):
                rows = np.asarray(st.allowed, dtype=np.int64)
                allowed = rows if allowed is None else intersection(allowed, rows)
        if allowed is not None and not ruled:
            # without a hard-mode rule every board's candidates can be guessed, rare words too (a board's
            # last word must be): only the words chute does not suggest, and those refused, stay out
            allowed = union(allowed, np.concatenate([np.asarray(st.candidate_rows, dtype=np.int64) for st in states]))
            refused = [
                self.engine.lexicon.guess_index[w] for w in self.solver.avoided if w in self.engine.lexicon.guess_index
            ]
            allowed = allowed[~np.isin(allowed, refused)] if refused else allowed
        if rows_left is not None and rows_left <= 0:
            rows_left = None
        if allowed is None and not any(st.clues or st.fallback for st in states):
            found = opening_without_matrix(
                self.engine, self.policy, self.prior, [board_words(st) for st in states], top
            )
            if found is not None:
                return found
        ranker = ranker_for(self.engine, self.policy, self.prior)
        firsts = {st.clues[0].guess for st in states if len(st.clues) == 1}
        quick = (  # a second row after another opener than the policy's: a first suggestion nobody ranked
            self.boards is not None
            and len(firsts) == 1
            and all(len(st.clues) == 1 for st in states)
            and firsts != {ranker.own_opener(self.boards)}
        )
        boards = [ranker.board(board_words(st)) for st in states]
        return list(ranker.rank(boards, rows_left, top, allowed=allowed, quick=quick))

    def rows_to_finish(self, states: Sequence[State], words: Sequence[str]) -> np.ndarray | None:
        """Return the rows the game is expected to take after each of the words, it included, until every open
        board is solved (``JointRanker.rows_to_finish``; None: a board's answer or a word is not in the lists)."""
        index = self.engine.lexicon.guess_index
        rows = [index.get(w) for w in words]
        if not states or any(st.unlisted for st in states) or any(r is None for r in rows):
            return None
        ranker = ranker_for(self.engine, self.policy, self.prior)
        return ranker.rows_to_finish([ranker.board(board_words(st)) for st in states], np.array(rows, dtype=np.int64))

    @staticmethod
    def _unlisted(state: State, top: int) -> Ranking:
        """Return the likeliest strings of a board whose answer chute does not know, as joint choices."""
        return [Choice(w, p, bits, e, p, "unlisted") for w, p, bits, e, _, _ in likeliest_strings(state, top)]

    def choose(self, states: Sequence[State], rows_left: int | None) -> str:
        """Return the best joint guess."""
        return self.rank(states, rows_left, 1)[0].guess
