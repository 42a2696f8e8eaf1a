"""The strategy protocol: a state to choose a guess in, ranked suggestions, and one registry.

A strategy ranks guesses for a ``State`` (the candidates still possible, their
prior weights, the guesses allowed).  Partition strategies score each guess
from the partition it makes of the candidates (``engine.partition_stats``);
the rest implement ``rank`` directly.  Ties break by score, then candidates
first (when asked), then alphabetically, so suggestions are the same on every
machine.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from ..arrays import intersection, union
from ..errors import ChuteError
from ..game.engine import Engine
from ..game.feedback import Clue
from ..game.fits import words_left
from ..game.partition_stats import PartitionStats, load_kernels_for, partition_stats
from ..game.pattern_codes import letters_array

if TYPE_CHECKING:
    from ..game.words_left import WordsLeft


@dataclass(frozen=True)
class Options:
    """Options every strategy honours."""

    candidates_only: bool = False  # guess only words that could be the answer
    prefer_candidates: bool = True  # on equal scores, a possible answer first
    seed: int = 0  # for randomised strategies
    depth: int = 1  # 2: re-score the best few by the best second guess
    look_ahead: int = 10  # how many top guesses depth 2 re-scores
    rows: int = 6  # the row limit, for strategies that guard it

    def key(self) -> str:
        """Return a short text naming these options (for caches)."""
        return (
            f"co={int(self.candidates_only)},pc={int(self.prefer_candidates)},seed={self.seed},"
            f"depth={self.depth},la={self.look_ahead},rows={self.rows}"
        )


RARE_SHARE = 0.01  # a rare candidate this likely (or more) may be guessed
PARTITION_BLOCK_BYTES = 1 << 23  # ``partition_of`` gathers codes in blocks of about this many bytes ...
EVERY_CODE_BYTES = 1 << 25  # ... unless every guess's codes fit in this many: then a state keeps them


@dataclass
class State:
    """Where a game stands: the candidates still possible and the guesses allowed."""

    engine: Engine
    candidates: list[str]
    weights: np.ndarray | None = None  # prior per candidate, None for uniform
    allowed: np.ndarray | None = None  # allowed guess rows (sorted), None for every accepted guess
    clues: list[Clue] = field(default_factory=list)
    rule: str | None = None  # hard-mode rule: None, "hard" or "strict"
    fallback: bool = False  # candidates are accepted words, the answer list ran out
    notes: list[str] = field(default_factory=list)  # things the user should hear once
    cols: np.ndarray | None = field(default=None, repr=False, compare=False)  # the candidates' matrix columns
    top_weight: float | None = None  # the prior's largest weight before any clue (a fixed scale)
    plans: bool = False  # charge each guess the mass it may lose (``expected-guesses``)
    unlisted: bool = False  # no known word fits: the candidates are strings of letters (``unlisted``)

    def __repr__(self) -> str:
        shown = ", ".join(self.candidates[:5]) + (", ..." if self.n > 5 else "")
        return (
            f"State({self.n} candidates [{shown}], {len(self.clues)} clues"
            + (f", rule={self.rule!r}" if self.rule else "")
            + (", fallback" if self.fallback else "")
            + (", unlisted" if self.unlisted else "")
            + ")"
        )

    def words_left(self) -> WordsLeft:
        """Return how many of the game's likely answers and possible words fit the clues (``game.words_left``)."""
        left = words_left(self.engine.lexicon, self.clues)
        return replace(left, strings=self.n) if self.unlisted else left

    @property
    def columns(self) -> np.ndarray:
        """Return the candidates' matrix columns (-1 for a word that is not an answer), computed once."""
        if self.cols is None:
            self.cols = self.engine.columns(self.candidates)
        return self.cols

    @cached_property
    def all_answers(self) -> bool:
        """Return whether every candidate is a column of the matrix (an answer of the lists)."""
        return bool(len(self.columns) == 0 or self.columns.min() >= 0)

    @property
    def n(self) -> int:
        """Return the number of candidates."""
        return len(self.candidates)

    @cached_property
    def candidate_set(self) -> frozenset[str]:
        """Return the candidates as a set."""
        return frozenset(self.candidates)

    def guess_rows(self, options: Options) -> np.ndarray:
        """Return the matrix rows a strategy may guess from under these options."""
        rows = (
            np.arange(len(self.engine.lexicon.guesses), dtype=np.intp)
            if self.allowed is None
            else np.asarray(self.allowed, dtype=np.intp)
        )
        if len(self.rare_candidate_rows) or not len(rows):
            rows = union(rows, self.rare_candidate_rows if len(rows) else self.candidate_rows)
        if options.candidates_only:
            index = self.engine.lexicon.guess_index
            cand_rows = np.array(sorted(index[w] for w in self.candidates if w in index), dtype=np.intp)
            narrowed = intersection(rows, cand_rows)
            if len(narrowed):
                rows = narrowed
        return rows

    @cached_property
    def candidate_rows(self) -> np.ndarray:
        """Return the sorted guess rows of the candidates (those that are accepted guesses)."""
        index = self.engine.lexicon.guess_index
        return np.array(sorted(index[w] for w in self.candidates if w in index), dtype=np.intp)

    @cached_property
    def rare_candidate_rows(self) -> np.ndarray:
        """Return the rows of the rare words (never suggested otherwise) that are now likely answers.

        A word chute does not suggest can still be the answer: it becomes a guess
        once it holds at least ``RARE_SHARE`` of the state's probability.
        """
        lexicon = self.engine.lexicon
        unsuggested = lexicon.unsuggested
        if not unsuggested:
            return np.empty(0, dtype=np.intp)
        index = lexicon.guess_index
        likely = np.flatnonzero(self.prior() >= RARE_SHARE).tolist()
        return np.array(
            sorted(index[self.candidates[j]] for j in likely if self.candidates[j] in unsuggested), dtype=np.intp
        )

    def all_rows(self, rows: np.ndarray) -> bool:
        """Return whether ``rows`` is every accepted guess (so the whole matrix can be used)."""
        return len(rows) == len(self.engine.lexicon.guesses)

    def codes(self, rows: np.ndarray) -> np.ndarray:
        """Return the codes of the given guess rows against the candidates."""
        return self.engine.codes(None if self.all_rows(rows) else rows, self.candidates, self.columns)

    @cached_property
    def every_code_any_order(self) -> tuple[np.ndarray, np.ndarray | None] | None:
        """Return ``Engine.codes_any_order`` of every accepted guess against the candidates, kept for the state
        when the codes fit in EVERY_CODE_BYTES (a ranking's figures and the guard's plans then share them); None
        when larger."""
        engine = self.engine
        if len(engine.lexicon.guesses) * self.n * engine.matrix.dtype.itemsize > EVERY_CODE_BYTES:
            return None
        return engine.codes_any_order(None, self.candidates, self.columns)

    @cached_property
    def every_code(self) -> np.ndarray | None:
        """Return the codes of every accepted guess against the candidates in their order (``every_code_any_order``
        put in order), or None when they are too large to keep."""
        found = self.every_code_any_order
        if found is None:
            return None
        codes, order = found
        if order is None:
            return codes
        where = np.empty_like(order)
        where[order] = np.arange(len(order))
        return np.ascontiguousarray(np.take(codes, where, axis=1))

    def kept_every_code(self) -> np.ndarray | None:
        """Return ``every_code`` when this state has scored every guess already, else None (scoring nothing)."""
        return self.every_code if self.__dict__.get("every_code_any_order") is not None else None

    def partition_of(self, rows: np.ndarray) -> PartitionStats:
        """Return the partition figures of the given guess rows (``stats`` of their codes, gathered in any order).

        The matrix is read in place when the rows and candidates are all of
        it; otherwise the codes are gathered (or scored, for words off the
        matrix) in blocks of about PARTITION_BLOCK_BYTES, so that a first
        ranking never holds a second copy of the matrix; over a large matrix
        mapped from the cache each block gives back the pages it read, so that
        a ranking that reads every row does not hold the whole matrix either.
        """
        engine = self.engine
        prior = None if self.weights is None else self.prior()
        if self.all_rows(rows) and engine.in_place(self.columns):
            return partition_stats(engine.matrix, engine.n_patterns, prior)
        if 2 * len(rows) >= len(engine.lexicon.guesses) and self.every_code_any_order is not None:  # most guesses
            codes, order = self.every_code_any_order
            return partition_stats(
                codes if self.all_rows(rows) else codes[rows],
                engine.n_patterns,
                prior if prior is None or order is None else prior[order],
            )
        rows = np.asarray(rows)
        missing = self.columns < 0
        letters = (
            letters_array([self.candidates[i] for i in np.flatnonzero(missing).tolist()], engine.length)
            if missing.any()
            else None
        )
        step = max(1, PARTITION_BLOCK_BYTES // max(self.n * engine.matrix.dtype.itemsize, 1))
        compiled = load_kernels_for(len(rows) * self.n, engine.length)
        give_back = engine.gives_back()  # ... and gives back the pages each block read of a large mapped matrix
        parts = []
        for start in range(0, len(rows), step):
            codes, order = engine.codes_any_order(
                rows[start : start + step], self.candidates, self.columns, letters, compiled
            )
            parts.append(
                partition_stats(
                    codes, engine.n_patterns, prior if prior is None or order is None else prior[order], compiled
                )
            )
            if give_back:  # the rows just read: a first ranking reads every row of the matrix once
                engine.give_back_matrix()
        return PartitionStats.joined(parts)

    def prior(self) -> np.ndarray:
        """Return the candidates' probabilities (summing to 1)."""
        if self.weights is None:
            return np.full(self.n, 1.0 / self.n)
        w = np.asarray(self.weights, dtype=np.float64)
        return w / w.sum()

    def chances(self, words: Sequence[str]) -> list[float]:
        """Return each word's chance of being the answer under the state's prior (0 for a word that is not a candidate)."""
        p = self.prior().tolist()
        where = {w: i for i, w in enumerate(self.candidates)}
        return [p[where[w]] if w in where else 0.0 for w in words]

    def likeliest(self, limit: int | None = None) -> list[str]:
        """Return the candidates likeliest first (equal chances in list order), at most ``limit`` of them."""
        if self.weights is None:
            return self.candidates[:limit]
        order = np.argsort(-np.asarray(self.weights, dtype=np.float64), kind="stable")[:limit]
        return [self.candidates[i] for i in order.tolist()]

    def stats(self, codes: np.ndarray) -> PartitionStats:
        """Return the partition figures of each row of ``codes`` (columns = candidates)."""
        return partition_stats(codes, self.engine.n_patterns, None if self.weights is None else self.prior())

    def is_candidate(self, rows: np.ndarray) -> np.ndarray:
        """Return, per guess row, whether that word could be the answer."""
        guesses = self.engine.lexicon.guesses
        cand = self.candidate_set
        return np.fromiter((guesses[r] in cand for r in rows), dtype=bool, count=len(rows))


@dataclass(frozen=True)
class Ranked:
    """One suggested guess with its figures."""

    guess: str
    score: float  # the strategy's own score (see ``Strategy.score_label``)
    expected: float  # expected number of candidates left after it
    worst: int  # largest number of candidates one pattern leaves
    parts: int  # number of distinct patterns
    candidate: bool  # whether it could be the answer

    def to_dict(self) -> dict:
        """Return the figures as a JSON-ready dict."""
        return {
            "guess": self.guess,
            "score": None if math.isnan(self.score) else round(float(self.score), 6),
            "expected": round(float(self.expected), 4),
            "worst": int(self.worst),
            "parts": int(self.parts),
            "candidate": bool(self.candidate),
        }


class Strategy(ABC):
    """Chooses guesses; ``rank`` gives the best ``top`` first."""

    # what a wrapper (a look-ahead, a tree follower) may take from the strategy it wraps, object by object
    name: str
    score_label: str = "score"
    state_only: ClassVar[bool] = False  # chooses from the candidates and allowed guesses alone (not the clues)
    higher_is_better: bool = True
    costly: ClassVar[bool] = False  # worth caching its opener on disk
    planned_opener: ClassVar[bool] = False  # in hard modes, open with the best proven tree's opener
    revision: ClassVar[int] = 0  # raised when the same name ranks differently (stored rankings go stale)

    @abstractmethod
    def rank(self, state: State, options: Options = Options(), top: int = 10) -> list[Ranked]:
        """Return the best ``top`` guesses for the state, best first."""

    def observe(self, state: State) -> None:  # noqa: B027  (an optional hook: most strategies say nothing)
        """Add to ``state.notes`` what the user should hear about this state (default: nothing)."""

    def choose(self, state: State, options: Options = Options()) -> str:
        """Return the single best guess for the state."""
        if state.n == 1:
            return state.candidates[0]
        return self.rank(state, options, top=1)[0].guess


class PartitionStrategy(Strategy):
    """A strategy that scores each guess from how it partitions the candidates."""

    costly = True
    state_only = True
    kernel_mode: ClassVar[int | None] = None  # depth 2 in the compiled kernel: 0 max entropy, 1 min expected

    @abstractmethod
    def score(self, stats: PartitionStats) -> np.ndarray:
        """Return one score per row from its partition figures."""

    def second(self, stats: PartitionStats) -> float:
        """Return the best score a second guess reaches in one bin (for ``depth`` 2)."""
        raise ChuteError(f"strategy {self.name!r} has no look-ahead (--depth 2 works with entropy and expected-size)")

    def combine(self, first: float, bins: list[tuple[float, float]]) -> float:
        """Return the depth-2 score from the first score and (probability, best second) per bin."""
        raise NotImplementedError

    def scored(self, state: State, options: Options) -> tuple[np.ndarray, np.ndarray, PartitionStats, np.ndarray]:
        """Return (guess rows, their codes against the candidates, partition figures, scores)."""
        rows = state.guess_rows(options)
        codes = state.codes(rows)
        stats = state.stats(codes)
        return rows, codes, stats, self.score(stats)

    def rank(self, state: State, options: Options = Options(), top: int = 10) -> list[Ranked]:
        """Return the best ``top`` guesses by the partition score, with deterministic ties."""
        rows = state.guess_rows(options)
        stats = state.partition_of(rows)
        return order(state, rows, self.score(stats), stats, self.higher_is_better, options, top)


def order(
    state: State,
    rows: np.ndarray,
    scores: np.ndarray,
    stats: PartitionStats,
    higher_is_better: bool,
    options: Options,
    top: int,
) -> list[Ranked]:
    """Return the best ``top`` guesses: by score, then candidates first (if asked), then alphabetically."""
    idx = best_indices(state, rows, scores, higher_is_better, options, top)
    return ranked_rows(state, rows[idx], np.asarray(scores)[idx], stats.take(idx))


def best_indices(
    state: State, rows: np.ndarray, scores: np.ndarray, higher_is_better: bool, options: Options, top: int
) -> np.ndarray:
    """Return the positions of the best ``top`` rows: by score, candidates first (if asked), alphabetical."""
    key_score = np.asarray(scores, dtype=np.float64)
    if higher_is_better:
        key_score = -key_score
    # Round away float noise so equal partitions tie exactly on every machine.
    key_score = np.round(key_score, 9)
    if not len(key_score) or top < 1:
        return np.zeros(0, dtype=np.intp)
    # only the rows that could reach a top place are sorted (and tested for being candidates)
    k = min(top, len(key_score)) - 1
    cut = np.partition(key_score, k)[k]
    near = np.flatnonzero(key_score <= cut)
    if options.prefer_candidates:
        tie_cand = ~state.is_candidate(rows[near])
    else:
        tie_cand = np.zeros(len(near), dtype=bool)
    # guesses are sorted alphabetically, so the row number is the alphabetical tie-break
    return near[np.lexsort((rows[near], tie_cand, key_score[near]))[:top]]


def ranked_rows(
    state: State, rows: np.ndarray, scores: Sequence[float] | np.ndarray, stats: PartitionStats
) -> list[Ranked]:
    """Return Ranked entries for the given rows, scores and partition figures (in that order)."""
    guesses = state.engine.lexicon.guesses
    cand = state.candidate_set
    return [
        Ranked(guesses[r], float(s), float(e), int(w), int(p), guesses[r] in cand)
        for r, s, e, w, p in zip(
            rows.tolist(), scores, stats.expected.tolist(), stats.worst.tolist(), stats.parts.tolist()
        )
    ]


def describe(state: State, rows: np.ndarray, scores: Sequence[float]) -> list[Ranked]:
    """Return Ranked entries (with partition figures) for a few chosen rows and their scores."""
    rows = np.asarray(rows, dtype=np.intp)
    stats = state.stats(state.engine.codes(rows, state.candidates))
    return ranked_rows(state, rows, scores, stats)


REGISTRY: dict[str, Callable[[], Strategy]] = {}


def register(cls: type[Strategy]) -> type[Strategy]:
    """Add a strategy class to the registry under its ``name`` (class decorator)."""
    REGISTRY[cls.name] = cls
    return cls


def get_strategy(name: str | Strategy) -> Strategy:
    """Return a new strategy by name (or the strategy itself); unknown names are a user error."""
    if isinstance(name, Strategy):
        return name
    try:
        return REGISTRY[name]()
    except KeyError:
        raise ChuteError(f"unknown strategy {name!r}; choose from {', '.join(sorted(REGISTRY))}") from None


def strategy_names() -> Sequence[str]:
    """Return the registered strategy names, sorted."""
    return sorted(REGISTRY)
