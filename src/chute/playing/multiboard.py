"""Several boards at once (Dueto, Quarteto, Dordle, Quordle, Octordle): the joint ranker of a game's lists and
prior, built once a process, and the words and weights its boards play (``joint_policy`` says how it chooses).

Under the frequency prior (the default) a board's candidates are every
accepted word where the prior boosts the game's own answer list, else the
prior's words the frequency list has seen (``board_prior``), weighted, on an
engine whose matrix columns they are; a board whose clues rule them all out
falls back to every accepted word that fits (``fallback_weights``).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..game.engine import Engine
from ..game.fits import fitting
from ..game.prior import Prior, logistic
from ..game.results import GameResult
from .joint_openings import kept_opening
from .joint_policy import DEFAULT, Choice, Policy
from .joint_ranker import JointRanker

if TYPE_CHECKING:
    from ..game.words import Lexicon

_RANKERS: dict[tuple, tuple[Engine, JointRanker]] = {}
_RANKERS_LOCK = threading.Lock()


def board_prior(prior: Prior, lexicon) -> Prior:
    """Return the prior the joint policy plays: under ``frequency``, all its words where it boosts the game's
    own answer list, else its words that the frequency list has seen.

    Where the answer list is the game's own (Wordle's, or a user's: ``Prior.boosted``) it holds
    LISTED_SHARE of the mass, and every other word of the prior keeps its
    s(w), those the frequency source never saw (Zipf 0) at the logistic's
    floor: a board whose secret is such a word follows it from the first row,
    where it once fell back only after the clues had ruled out every other
    word (BENCHMARKS.md, "Multi-board games").  So do the game's later words
    (``with_later``).  Unboosted, a Zipf-0 word keeps the
    logistic's floor weight, about 1/250 of a common word's, beside common
    words of no more weight; thousands of them would keep every board from
    the few candidates where the exact endgame and the finish rule work
    (Termo's Quarteto on its own answers, 1,000 games: 7.245 rows with them
    left out, 7.407 with them in), so the boards leave them out (Termo: 10,246 of 18,210 words,
    1.9% of the prior's mass).  Should the clues rule out every word kept,
    the board falls back to every accepted word that fits, weighted by
    frequency (``fallback_weights``).  Other priors are played as they are.
    """
    if prior.name != "frequency" or not lexicon.frequencies:
        return prior
    if prior.boosted:
        return with_later(prior, lexicon)
    freq = lexicon.frequencies
    keep = [i for i, w in enumerate(prior.words) if freq.get(w, 0.0) > 0.0]
    if len(keep) == len(prior.words) or not keep:
        return prior
    weights = None if prior.weights is None else prior.weights[keep]
    return Prior(prior.name, tuple(prior.words[i] for i in keep), weights)


def with_later(prior: Prior, lexicon) -> Prior:
    """Return the prior with the game's later words at the logistic's floor beside its own, in the lexicon's order.

    On one board a later word (the game came to accept it after its 2022
    lists) is a candidate only once the clues rule out every other word, and
    the safe tree keeps it finishable.  A board of several has no such tree,
    and a row spent late on a board is a row every board loses: its later
    words are candidates from the first row, weighted as a word wordfreq
    never saw (Quordle, 1,000 games with secrets from every accepted word:
    863 -> 905 won; BENCHMARKS.md, "Multi-board games").
    """
    later = lexicon.later
    if not later or prior.weights is None:
        return prior
    own = dict(zip(prior.words, np.asarray(prior.weights, dtype=np.float64).tolist()))
    floor = float(logistic(np.zeros(1))[0])
    words = tuple(w for w in lexicon.guesses if w in own or w in later)
    weights = np.array([own.get(w, floor) for w in words])
    return Prior(prior.name, words, weights, prior.boosted)


def board_words(state) -> list[str]:
    """Return the words a board of several plays: its state's candidates and, where its lexicon has later words,
    those that fit its clues (``with_later``)."""
    lexicon = state.engine.lexicon
    if not lexicon.later or state.fallback:  # a board fallen back holds every accepted word that fits already
        return list(state.candidates)
    extra = [w for w in fitting(lexicon, "later", tuple(state.clues)) if w not in state.candidate_set]
    return list(state.candidates) + extra if extra else list(state.candidates)


def fallback_weights(lexicon) -> np.ndarray:
    """Return the weight of every accepted guess when a board's clues rule out the prior's words: s(w) on frequency."""
    freq = lexicon.frequencies
    return logistic(np.array([freq.get(w, 0.0) for w in lexicon.guesses]))


def board_lists(engine: Engine, prior: Prior | None) -> tuple[Lexicon, np.ndarray | None]:
    """Return (the lexicon whose answers are the words the boards play, their weights): under a widening prior
    its words (``board_prior``), weighted; otherwise the answer list, all equal (None)."""
    if prior is None or not prior.widens:
        return engine.lexicon, None
    played = board_prior(prior, engine.lexicon)
    return engine.lexicon.widened(played.words), played.weights


def opening_without_matrix(
    engine: Engine, policy: Policy, prior: Prior | None, boards: Sequence[Sequence[str]], top: int
) -> list[Choice] | None:
    """Return the best ``top`` first guesses when every board still holds every word the boards play, read from
    the opening ranking kept or shipped (``kept_opening``) without building the boards' matrix (seconds for a
    prior's words on a first run); None otherwise, or where none is kept (the solver ranks them)."""
    if policy.opener or policy.open_by != "parts":
        return None
    lexicon, weights = board_lists(engine, prior)
    index = lexicon.answer_index
    if any(sum(w in index for w in words) != len(lexicon.answers) for words in boards):
        return None
    return kept_opening(lexicon, policy, weights, len(boards), top, engine.cache_dir)


def ranker_for(engine: Engine, policy: Policy = DEFAULT, prior: Prior | None = None, cache: bool = True) -> JointRanker:
    """Return a (cached) JointRanker for an engine and policy, over a prior's words when it widens the answers.

    With a widening prior (``--prior frequency``, ``uniform`` or a file) the boards
    hold ``board_prior``'s words, weighted, on an engine whose matrix columns they
    are (built once and cached on disk like any matrix); otherwise the answer list, all equal.
    """
    widened = prior is not None and prior.widens
    key = (id(engine), policy, prior.key() if prior is not None and widened else None)
    with _RANKERS_LOCK:  # several requests of a server at once: each solver built once
        found = _RANKERS.get(key)
        if found is not None and found[0] is engine:
            return found[1]
        if len(_RANKERS) >= 8:
            _RANKERS.pop(next(iter(_RANKERS)))
        if widened:
            board_lexicon, weights = board_lists(engine, prior)
            wide = engine
            if board_lexicon is not engine.lexicon:
                shared = [s.engine for _, s in _RANKERS.values() if s.engine.lexicon.key == board_lexicon.key]
                # the same lists read with another common-words floor share the matrix
                wide = shared[0].reading(board_lexicon) if shared else Engine.build(board_lexicon, cache=cache)
            solver = JointRanker(wide, policy, weights=weights, fallback_weights=fallback_weights(engine.lexicon))
        else:
            solver = JointRanker(engine, policy)
        _RANKERS[key] = (engine, solver)
        return solver


def choose(
    engine: Engine,
    boards: Sequence[Sequence[str]],
    policy: Policy = DEFAULT,
    rows_left: int | None = None,
    prior: Prior | None = None,
) -> str:
    """Return one guess for all unsolved boards, given each board's candidate words."""
    ranker = ranker_for(engine, policy, prior)
    return ranker.choose([ranker.board(words) for words in boards], rows_left)


def rank(
    engine: Engine,
    boards: Sequence[Sequence[str]],
    policy: Policy = DEFAULT,
    rows_left: int | None = None,
    top: int = 10,
    prior: Prior | None = None,
) -> list[Choice]:
    """Return the best ``top`` joint guesses, given each unsolved board's candidate words."""
    ranker = ranker_for(engine, policy, prior)
    return ranker.rank([ranker.board(words) for words in boards], rows_left, top)


def simulate(
    engine: Engine,
    secrets: Sequence[str],
    rows: int,
    policy: Policy = DEFAULT,
    play_out: bool = False,
    prior: Prior | None = None,
) -> GameResult:
    """Return the game a policy plays against known secrets within ``rows`` rows (over a prior's words if given)."""
    return ranker_for(engine, policy, prior).simulate(secrets, rows, play_out=play_out)
