"""The strategy protocol: a state to choose a guess in, ranked suggestions, and one registry.

A strategy ranks guesses for a ``State`` (the candidates still possible, their
prior weights, the guesses allowed).  Partition strategies score each guess
from its histogram over the candidates (see ``engine.histograms``); the rest
implement ``rank`` directly.  Ties break by score, then candidates first (when
asked), then alphabetically, so suggestions are the same on every machine.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Callable, ClassVar, Sequence

import numpy as np

from ..engine import Engine, histograms
from ..errors import ChuteError
from ..feedback import Clue


@dataclass(frozen=True)
class Options:
    """Options every strategy honours."""

    candidates_only: bool = False    # guess only words that could be the answer
    prefer_candidates: bool = True   # on equal scores, a possible answer first
    seed: int = 0                    # for randomised strategies
    depth: int = 1                   # 2: re-score the best few by the best second guess
    look_ahead: int = 10             # how many top guesses depth 2 re-scores


@dataclass
class State:
    """Where a game stands: the candidates still possible and the guesses allowed."""

    engine: Engine
    candidates: list[str]
    weights: np.ndarray | None = None        # prior per candidate, None for uniform
    allowed: np.ndarray | None = None        # allowed guess rows, None for every accepted guess
    clues: list[Clue] = field(default_factory=list)

    @property
    def n(self) -> int:
        """Return the number of candidates."""
        return len(self.candidates)

    def guess_rows(self, options: Options) -> np.ndarray:
        """Return the matrix rows a strategy may guess from under these options."""
        rows = (np.arange(len(self.engine.lexicon.guesses), dtype=np.intp)
                if self.allowed is None else np.asarray(self.allowed, dtype=np.intp))
        if options.candidates_only:
            index = self.engine.lexicon.guess_index
            cand_rows = np.array(sorted(index[w] for w in self.candidates if w in index), dtype=np.intp)
            narrowed = np.intersect1d(rows, cand_rows)
            if len(narrowed):
                rows = narrowed
        return rows

    def prior(self) -> np.ndarray:
        """Return the candidates' probabilities (summing to 1)."""
        if self.weights is None:
            return np.full(self.n, 1.0 / self.n)
        w = np.asarray(self.weights, dtype=np.float64)
        return w / w.sum()


@dataclass(frozen=True)
class Ranked:
    """One suggested guess with its figures."""

    guess: str
    score: float                 # the strategy's own score (see ``Strategy.score_label``)
    expected: float              # expected number of candidates left after it
    worst: int                   # largest number of candidates one pattern leaves
    parts: int                   # number of distinct patterns
    candidate: bool              # whether it could be the answer

    def to_dict(self) -> dict:
        """Return the figures as a JSON-ready dict."""
        return {"guess": self.guess, "score": round(float(self.score), 6),
                "expected": round(float(self.expected), 4), "worst": int(self.worst),
                "parts": int(self.parts), "candidate": bool(self.candidate)}


class Strategy(ABC):
    """Chooses guesses; ``rank`` gives the best ``top`` first."""

    name: ClassVar[str]
    description: ClassVar[str] = ""
    score_label: ClassVar[str] = "score"

    @abstractmethod
    def rank(self, state: State, options: Options = Options(), top: int = 10) -> list[Ranked]:
        """Return the best ``top`` guesses for the state, best first."""

    def choose(self, state: State, options: Options = Options()) -> str:
        """Return the single best guess for the state."""
        if state.n == 1:
            return state.candidates[0]
        return self.rank(state, options, top=1)[0].guess


class PartitionStrategy(Strategy):
    """A strategy that scores each guess from how it partitions the candidates."""

    higher_is_better: ClassVar[bool] = True

    @abstractmethod
    def scores(self, counts: np.ndarray, mass: np.ndarray) -> np.ndarray:
        """Return one score per row from pattern counts and probability mass per pattern."""

    def rank(self, state: State, options: Options = Options(), top: int = 10) -> list[Ranked]:
        """Return the best ``top`` guesses by the partition score, with deterministic ties."""
        rows = state.guess_rows(options)
        codes = state.engine.codes(None if state.allowed is None and len(rows) == len(state.engine.lexicon.guesses)
                                   else rows, state.candidates)
        return rank_by_partition(self, state, rows, codes, options, top)


def rank_by_partition(strategy: PartitionStrategy, state: State, rows: np.ndarray, codes: np.ndarray,
                      options: Options, top: int) -> list[Ranked]:
    """Return the best ``top`` rows of ``codes`` ranked by the strategy's partition score."""
    n_patterns = state.engine.n_patterns
    counts = histograms(codes, n_patterns)
    mass = counts / state.n if state.weights is None else histograms(codes, n_patterns, state.prior())
    scores = strategy.scores(counts, mass)
    return order(state, rows, scores, counts, mass, strategy.higher_is_better, options, top)


def order(state: State, rows: np.ndarray, scores: np.ndarray, counts: np.ndarray, mass: np.ndarray,
          higher_is_better: bool, options: Options, top: int) -> list[Ranked]:
    """Return the best ``top`` guesses: by score, then candidates first (if asked), then alphabetically."""
    guesses = state.engine.lexicon.guesses
    cand = set(state.candidates)
    is_cand = np.fromiter((guesses[r] in cand for r in rows), dtype=bool, count=len(rows))
    key_score = -scores if higher_is_better else scores
    # Round away float noise so equal partitions tie exactly on every machine.
    key_score = np.round(key_score, 9)
    tie_cand = ~is_cand if options.prefer_candidates else np.zeros(len(rows), dtype=bool)
    # guesses are sorted alphabetically, so the row number is the alphabetical tie-break
    idx = np.lexsort((rows, tie_cand, key_score))[:top]
    expected = (mass * counts).sum(axis=1)
    worst = counts.max(axis=1)
    parts = (counts > 0).sum(axis=1)
    return [Ranked(guesses[rows[i]], float(scores[i]), float(expected[i]), int(worst[i]),
                   int(parts[i]), bool(is_cand[i])) for i in idx]


REGISTRY: dict[str, Callable[[], Strategy]] = {}


def register(cls: type[Strategy]) -> type[Strategy]:
    """Add a strategy class to the registry under its ``name`` (class decorator)."""
    REGISTRY[cls.name] = cls
    return cls


def get_strategy(name: str) -> Strategy:
    """Return a new strategy by name; unknown names are a user error."""
    try:
        return REGISTRY[name]()
    except KeyError:
        raise ChuteError(f"unknown strategy {name!r}; choose from {', '.join(sorted(REGISTRY))}") from None


def strategy_names() -> Sequence[str]:
    """Return the registered strategy names, sorted."""
    return sorted(REGISTRY)
