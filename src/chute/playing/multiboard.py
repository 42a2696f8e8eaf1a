"""Several boards at once (Dueto, Quarteto, Dordle, Quordle, Octordle): one guess for all boards.

Every guess is played on every unsolved board, and each board answers with its
own colours.  A game of ``N`` boards takes ``N`` rows that hit a secret plus
one row for every guess that hits none, so the whole art is to waste few rows.

The joint choice (``MultiSolver.rank``), in order:

1. **Opener.**  The word with the most distinct patterns (ties by entropy):
   TRACE for the wordle lists, TORAS for termo.  With several boards a board
   whose candidates fall to one early is a free row later, and many small bins
   beat a slightly higher entropy (SOARE, SERÃO).
2. **Finish.**  When some board has one candidate left, guess it (if several
   boards do, the one whose guess tells the other boards most).  This never
   costs the others: the word must be played some time, and playing it now
   only gives its colours on the other boards earlier.
3. **Last rows.**  When the rows left are no more than the unsolved boards,
   every row must hit: guess the candidate most likely to solve a board.
4. **Exact endgame.**  When the unsolved boards hold ``exact`` (16) candidates
   or fewer in all, search the expected rows to finish exactly over the
   candidates and the 8 best-scored other words (below the root: candidates,
   and those words too where the row limit binds); running out of rows costs
   ``endgame.FAIL_COST`` rows, so safety comes first (``endgame.Endgame``).
5. **Otherwise** score every accepted guess by the joint outcome, each board
   apart: the histogram of the guess's patterns over that board's candidates
   gives its information ``H_b`` (bits); the score is ``sum_b H_b + hit_bonus *
   sum_b P(the guess solves b)``.  Variants (``expected`` remaining, ``parts``,
   a ``margin`` to play a near-best candidate, ``resolve``/``chain`` bonuses for
   boards left with one candidate) are kept for the benchmark.

**Under a prior** (the default, ``--prior frequency``; ``solver_for``): a board's
candidates are the prior's words the frequency list has seen (``board_prior``),
each weighted by the prior, so the secret may be any word a player knows, not
only the answer list.  The figures above become weighted: bits over the
patterns' probabilities, the expected candidates left, the chance of a hit,
and the exact endgame's odds.  A board whose clues rule out every such word
falls back to every accepted word that fits (the game's later words once no other does),
weighted by ``fallback_weights``.
On the real 2022 Termo answers (a test: BENCHMARKS.md, "Multi-board under the
prior") Dueto wins every game of three seeds of 1,000 (99.2/99.5/98.6% over the
answer list alone) and Quarteto 2,999 of 3,000 (98.6/99.0/98.2%); on the
lists chute knows it costs 0.09-0.33 rows a game.  ``finish_share`` (finish a
board once its likeliest word holds that share) was measured and not adopted:
0.75 plays chute's Quarteto answers in 7.141 rows against 7.242 but loses real
games, 0.9 loses 10 of 1,000 Quordle games on a held-out Wordle band.

Each board's figures for every guess depend only on its candidate set, so they
are cached per set, within ``FIGURES_CACHE_BYTES`` (the largest sets kept first): the
opener's follow-ups (one set per pattern of the opener) are computed once and shared by
every game.  ``bench.run_many`` plays many seeded
games (over ``--jobs`` forked workers, whose kernels run single-threaded so two
workers do not fight over the cores).

Why this policy -- 1,000 seeded games (seed 1), same secret tuples for every variant,
``python benchmarks/bench_multiboard.py --variants --game quordle --jobs 2`` (and quarteto):

=================================================  =============  ==============
variant                                            Quordle mean   Quarteto mean
=================================================  =============  ==============
default (parts opener, finish, exact <= 16, hit 1)  6.893          6.886
doddle-like: summed entropy, entropy opener          6.950          6.986
entropy opener (SOARE / SERÃO)                       6.923          6.977
no exact endgame                                     6.935          6.903
no exact endgame, no finish rule                     7.123          7.103
exact endgame <= 12 / <= 24                          6.905 / 6.890  6.892 / 6.886
hit bonus 0 / 3                                      6.893 / 6.890  6.885 / 6.887
candidate within 0.5 bit of the best                 6.895          6.893
resolve bonus 50 / chain bonus 10                    6.896 / 6.878  6.920 / 6.877
expected remaining / most patterns as the score      6.936 / 6.917  6.901 / 6.919
=================================================  =============  ==============

Every variant solved all 1,000 games within 9 rows.  What decided: the finish
rule (0.2 rows), the opener by patterns (0.03-0.09), the exact endgame (0.02-0.04);
the doddle-like variant reproduces doddle 1.6.0's own Quordle figure (6.952).
The exact search at <= 24 candidates costs 2.5x the time for 0.003 rows; the hit
bonus hardly matters once the endgame is exact (kept at 1 for the rows outside
it); the chain bonus's 0.01 is within the noise of 1,000 games (the paired
spread is about 0.01-0.02), so the default stays the simpler rule.
"""

from __future__ import annotations

import math
import sys
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Sequence

import numpy as np

from ..arrays import distinct
from ..errors import ChuteError
from ..game.engine import (
    NUMPY_CELLS,
    Engine,
    clog_table,
    code_dtype,
    compute_codes,
    gather,
    letters_array,
)
from ..game.games import played_on
from ..game.results import GameResult
from ..game.words import fold
from ..language import counted
from .endgame import Endgame

if TYPE_CHECKING:
    from ..game.prior import Prior
    from ..game.words import Lexicon


@dataclass(frozen=True)
class Policy:
    """How the joint guess is chosen (see the module docstring)."""

    score: str = "entropy"        # "entropy" (summed bits), "expected" (summed remaining) or "parts"
    hit_bonus: float = 1.0        # weight of the expected number of boards the guess solves
    resolve_bonus: float = 0.0    # weight of the expected number of boards left with one candidate
    chain_bonus: float = 0.0      # weight of the chance that some board is left with one candidate
    finish: bool = True           # guess a board's last candidate at once
    finish_share: float = 1.0     # ... or its likeliest candidate, when that holds at least this share (weighted boards)
    margin: float = 0.0           # play the best candidate when within this of the best score
    candidates_only: bool = False  # guess only words that could solve some board
    exact: int = 16               # exact expected-rows search when the boards hold this many candidates or fewer
    opener: str = ""              # a fixed first guess ("" to choose it by the score)
    open_by: str = "parts"        # first guess: most distinct patterns ("parts") or the score ("score")
    exact_extra: int = 8          # how many of the best-scored non-candidate guesses the exact search also tries

    def __post_init__(self) -> None:
        if self.score not in ("entropy", "expected", "parts"):
            raise ChuteError(f"unknown multi-board score {self.score!r}; choose entropy, expected or parts")
        if self.open_by not in ("parts", "score"):
            raise ChuteError(f"unknown opener rule {self.open_by!r}; choose parts or score")

    def label(self) -> str:
        """Return a short description of the policy for reports."""
        parts = [self.score, f"hit={self.hit_bonus:g}"]
        if self.resolve_bonus:
            parts.append(f"resolve={self.resolve_bonus:g}")
        if self.chain_bonus:
            parts.append(f"chain={self.chain_bonus:g}")
        if not self.finish:
            parts.append("no-finish")
        elif self.finish_share < 1.0:
            parts.append(f"finish>={self.finish_share:g}")
        if self.margin:
            parts.append(f"margin={self.margin:g}")
        if self.candidates_only:
            parts.append("candidates-only")
        if self.opener:
            parts.append(f"opener={self.opener}")
        elif self.open_by != "parts":
            parts.append(f"open-by={self.open_by}")
        if self.exact:
            parts.append(f"exact<={self.exact},extra={self.exact_extra}")
        return ",".join(parts)


DEFAULT = Policy()


@dataclass
class Board:
    """One board's candidates: answer columns, or accepted-guess rows once no answer fits."""

    index: np.ndarray             # int64 indices into lexicon.answers (or lexicon.guesses if fallback)
    fallback: bool = False

    @property
    def n(self) -> int:
        """Return the number of candidates."""
        return len(self.index)

    def key(self) -> bytes:
        """Return a hashable key of the candidate set (for caches)."""
        return (b"g" if self.fallback else b"a") + self.index.tobytes()


@dataclass(frozen=True)
class Choice:
    """One suggested joint guess with its figures."""

    guess: str
    score: float                 # the policy's joint score (higher is better)
    bits: float                  # summed information over the unsolved boards
    expected: float              # summed expected candidates left (a solved board counts 0)
    p_hit: float                 # expected number of boards this guess solves
    reason: str                  # "finish", "last-rows", "score" or "margin"

    def to_dict(self) -> dict:
        """Return the figures as a JSON-ready dict."""
        return {"guess": self.guess, "score": round(self.score, 6), "bits": round(self.bits, 6),
                "expected": round(self.expected, 4), "p_hit": round(self.p_hit, 6), "reason": self.reason}


# a board of at most 1/16 of the answers gathers its columns from a matrix held in memory; larger ones (and
# every board once the matrix is transposed, as a benchmark does first) read the transpose: a single ranking
# then cost 46 MB and 0.3 s, not 455 MB and 1.1 s, when this was chosen. A large mapped matrix is read
# through the rows of the transpose its boards' candidates need (``MultiSolver._rows_read``), copied once.
GATHER_SHARE = 16
# a board of at most this many words is figured in numpy while numba is not loaded (a single ranking
# then never loads it: 0.9 s of a 1 s suggest); once loaded, as in a benchmark, the compiled kernels.
# Up to SORT_BOARD words each guess's codes are sorted; above, every (guess, pattern) cell is counted
# (Termo's 18,210 guesses: 110 words 50 ms against 62 sorted, 1,000 words 154 ms against 622; BENCHMARKS.md)
NUMPY_BOARD = 1024
# numpy's figures of a board take this many (guess, word) cells at a time: its keys and weights, 8 bytes a cell
# each, for Termo's 18,210 guesses over 1,024 words held 300 MB at once
NUMPY_BOARD_CELLS = 1 << 21
SORT_BOARD = 64
# ... unless the ranking's boards add up to more (guess, word) cells than this (about 6 ns a cell in
# numpy, 0.45 s to load the compiled kernels: Octordle after one row, 2,313 words on eight boards and
# 55 million cells, ranks in 0.62 s in numpy and 0.78 s compiled)
NUMPY_RANKING_CELLS = 80_000_000
# the figures kept of the candidate sets met (one set's: 4 x 8 bytes a guess, 475 KB for Wordle's 14,855):
# 2,048 sets held 386 MB after 1,000 Quordle games; 64 MiB (about 140 sets, the largest kept first, as the
# opener's follow-ups) holds a bench within its memory target in the same time (BENCHMARKS.md)
FIGURES_CACHE_BYTES = 64 * 2**20


class MultiSolver:
    """Chooses one guess for several boards over one engine, with per-candidate-set caches."""

    def __init__(self, engine: Engine, policy: Policy = DEFAULT, cache_bytes: int = FIGURES_CACHE_BYTES,
                 cache_min: int = 12, weights: np.ndarray | None = None,
                 fallback_weights: np.ndarray | None = None):
        self.engine = engine
        self.policy = policy
        lex = engine.lexicon
        # the prior: a weight per answer column, and per accepted guess for boards that fell back (None: equal)
        self.weights = None if weights is None else np.asarray(weights, dtype=np.float64)
        self.fallback_weights = None if fallback_weights is None else np.asarray(fallback_weights, dtype=np.float64)
        if self.weights is not None and len(self.weights) != len(lex.answers):
            raise ChuteError(f"{len(self.weights)} weights for {len(lex.answers)} answers")
        if self.fallback_weights is not None and len(self.fallback_weights) != len(lex.guesses):
            raise ChuteError(f"{len(self.fallback_weights)} fallback weights for {len(lex.guesses)} guesses")
        self.n_guesses = len(lex.guesses)
        self.n_patterns = engine.n_patterns
        self.solved_code = engine.solved
        self._codes_t: np.ndarray | None = None     # the matrix transposed, made when a large board needs it
        gi = lex.guess_index
        self.answer_row = np.array([gi.get(a, -1) for a in lex.answers], dtype=np.int64)
        self.all_answers = np.arange(len(lex.answers), dtype=np.int64)
        self._cache: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self._cached_words: dict[bytes, int] = {}   # the candidates of each set cached: the cheapest go first
        self._cached_bytes = 0
        self._cache_lock = threading.Lock()    # a server's requests share the solver: one writer of the cache
        self.endgame = Endgame(self._block, self.answer_row, self.solved_code,
                               None if self.weights is None else self.weights.tolist())
        self.cache_bytes = cache_bytes
        self.cache_min = cache_min
        self._clog = clog_table(max(len(lex.answers), len(lex.guesses)))
        suggested = lex.suggested_rows
        self.suggestible = None                  # bool per guess row: chute may suggest it (None: all)
        if suggested is not None:
            self.suggestible = np.zeros(self.n_guesses, dtype=bool)
            self.suggestible[suggested] = True
        self.opener_row = -1
        if policy.opener:
            row = gi.get(fold(policy.opener))
            if row is None:
                raise ChuteError(f"opener {policy.opener!r} is not an accepted word of {lex.name}")
            self.opener_row = row

    # ----- boards -------------------------------------------------------------------------
    def board(self, words: Iterable[str] | None = None) -> Board:
        """Return the board of these candidate words (all answers if None).

        The board keeps those of the words that are answer columns (the prior's
        words the boards play); when none is, it falls back to all of them.
        """
        if words is None:
            return Board(self.all_answers.copy())
        words = [fold(w) for w in words]
        ai = self.engine.lexicon.answer_index
        listed = sorted(ai[w] for w in words if w in ai)
        if listed:
            return Board(np.array(listed, dtype=np.int64))
        gi = self.engine.lexicon.guess_index
        missing = [w for w in words if w not in gi]
        if missing:
            raise ChuteError(f"not in the word lists: {', '.join(missing[:5])}")
        return Board(np.array(sorted(gi[w] for w in words), dtype=np.int64), fallback=True)

    def words(self, board: Board) -> list[str]:
        """Return the candidate words of a board (folded)."""
        lex = self.engine.lexicon
        source = lex.guesses if board.fallback else lex.answers
        return [source[i] for i in board.index.tolist()]

    def _guess_codes(self, guess: str, board: Board) -> np.ndarray:
        """Return the codes the guess shows against each candidate of the board."""
        row = self.engine.lexicon.guess_index.get(guess)
        if row is not None and not board.fallback:
            return self.engine.row_codes(row, board.index)
        return _codes([guess], self.words(board), self.engine.length)[0]

    def narrow(self, board: Board, guess: str, code: int,
               history: Sequence[tuple[str, int]] = ()) -> Board:
        """Return the board's candidates consistent with ``guess`` showing ``code``.

        When no answer fits any more (a game's list differs from ours), fall back to
        the accepted guesses consistent with ``history`` plus this clue.
        """
        guess = fold(guess)
        keep = board.index[self._guess_codes(guess, board) == code]
        # a fallback board of the later words (or of none) has nowhere further to fall; one of 2022's falls to them
        if len(keep) or (board.fallback and (not len(board.index) or self._later[board.index].any())):
            return Board(keep, board.fallback)
        return self.fallback_board(list(history) + [(guess, code)])

    @cached_property
    def _later(self) -> np.ndarray:
        """Return which accepted guesses are the game's later words (``Lexicon.later``)."""
        lex = self.engine.lexicon
        return np.fromiter((w in lex.later for w in lex.guesses), dtype=bool, count=len(lex.guesses))

    def fallback_board(self, history: Sequence[tuple[str, int]]) -> Board:
        """Return the board of the accepted guesses consistent with the clues (guess, code): the game's later
        words only once no other fits."""
        guesses = self.engine.lexicon.guesses
        ok = np.ones(len(guesses), dtype=bool)
        for guess, code in history:
            ok &= _codes([guess], guesses, self.engine.length)[0] == code
        earlier = ok & ~self._later
        return Board(np.flatnonzero(earlier if earlier.any() else ok).astype(np.int64), fallback=True)

    @property
    def codes_t(self) -> np.ndarray:
        """Return the matrix as (answers x guesses), made once: one candidate's codes are contiguous."""
        if self._codes_t is None:
            self._codes_t = self.engine.transposed
        return self._codes_t

    def _block(self, rows, cols) -> np.ndarray:
        """Return the codes of the guess ``rows`` against the answer columns ``cols`` (rows x columns): from the
        transposed copy once it is made (a large mapped matrix is then never read again through its mapping,
        whose pages went back to the system as it was copied), else from the engine."""
        rows, cols = np.asarray(rows, dtype=np.int64), np.asarray(cols, dtype=np.int64)
        if self._codes_t is not None:
            return self._codes_t[np.ix_(cols, rows)].T
        return self.engine.codes(rows, (), cols=cols)

    def many_games(self) -> "MultiSolver":
        """Return this solver ready for many games: the matrix transposed now, the compiled kernels loaded."""
        from ..kernels import partition  # noqa: F401  (loads numba: every board's figures then compiled)
        self.codes_t
        return self

    # ----- per-board figures ----------------------------------------------------------------
    def _guess_codes_by_board(self, board: Board) -> np.ndarray:
        """Return the codes as (guesses x candidates) for one board (columns gathered: no transpose made)."""
        if board.fallback:
            lex = self.engine.lexicon
            return _codes(lex.guesses, [lex.guesses[i] for i in board.index.tolist()], lex.length)
        if self._codes_t is not None:
            return self._codes_t[board.index].T
        rows = self._rows_read([board])
        return gather(self.engine.matrix, None, board.index) if rows is None else rows[board.index].T

    def _candidate_codes_t(self, board: Board) -> np.ndarray:
        """Return the codes as (candidates x guesses) for one board: from the transposed matrix (a large mapped
        matrix's rows copied as boards need them, ``_rows_read``), or a small board's gathered from the matrix."""
        if not board.fallback:
            rows = self._rows_read([board]) if self._codes_t is None else None
            if rows is not None:
                return rows[board.index]
            if self._codes_t is None and len(board.index) * GATHER_SHARE <= self.engine.matrix.shape[1]:
                return np.ascontiguousarray(gather(self.engine.matrix, None, board.index).T)
            return self.codes_t[board.index]
        lex = self.engine.lexicon
        words = [lex.guesses[i] for i in board.index.tolist()]
        return np.ascontiguousarray(_codes(lex.guesses, words, lex.length).T)

    def _rows_read(self, boards: Sequence[Board]) -> np.ndarray | None:
        """Return the transposed matrix with the rows of the boards' candidates copied, in one pass over a large
        mapped matrix (``Engine.transposed_rows``: its pages given back as read, the rows no board asked for never
        held), or None where the matrix is read as it is (a smaller one, or no memory to map)."""
        if not self.engine.gives_back():
            return None
        wanted = [b.index for b in boards if not b.fallback]
        return self.engine.transposed_rows(np.unique(np.concatenate(wanted)) if wanted else np.empty(0, np.int64))

    def figures(self, board: Board) -> np.ndarray:
        """Return a (4, guesses) array of one board's figures for every guess.

        Row 0 is the entropy (bits) of each guess's pattern over the board's
        candidates; row 1 is ``sum(c^2)/n`` over its bins (the expected candidates
        left, counting a hit as one left: callers subtract the hits); row 2 is the
        chance the board is left with one candidate (a hit included); row 3 how
        many bins the guess makes of them.
        """
        key = board.key()
        with self._cache_lock:
            found = self._cache.get(key)
            if found is not None:
                self._cache.move_to_end(key)
                return found
        n = board.n
        g = self.n_guesses
        out = np.empty((4, g), dtype=np.float64)
        if n == 1:
            out[0] = 0.0
            out[1] = 1.0
            out[2] = 1.0
            out[3] = 1.0
        elif n <= NUMPY_BOARD and "numba" not in sys.modules:
            out[:] = board_figures_numpy(self._guess_codes_by_board(board), self.probabilities(board), self.n_patterns)
        elif (p := self.probabilities(board)) is not None:
            from ..kernels.partition import (
                board_figures_weighted,
                board_figures_weighted_parallel,
            )
            codes_t = self._candidate_codes_t(board)
            parts = np.empty(g, dtype=np.int64)
            kernel = (board_figures_weighted_parallel if n * g > 4_000_000 and not _IN_WORKER[0]
                      else board_figures_weighted)
            kernel(codes_t, p, self.n_patterns, out[0], out[1], out[2], parts)
            out[3] = parts
        else:
            from ..kernels.partition import board_figures, board_figures_parallel
            codes_t = self._candidate_codes_t(board)
            ent = np.empty(g, dtype=np.float64)
            sq = np.empty(g, dtype=np.int64)
            ones = np.empty(g, dtype=np.int64)
            parts = np.empty(g, dtype=np.int64)
            kernel = board_figures_parallel if n * g > 4_000_000 and not _IN_WORKER[0] else board_figures
            kernel(codes_t, self._clog, self.n_patterns, ent, sq, ones, parts)
            out[0] = math.log2(n) - ent / n
            out[1] = sq / n
            out[2] = ones / n
            out[3] = parts
        if n >= self.cache_min:
            with self._cache_lock:
                self._keep(key, out, n)
        return out

    def _keep(self, key: bytes, figures: np.ndarray, n: int) -> None:
        """Keep a set's figures, within ``cache_bytes``: the sets of fewest candidates (the cheapest to figure
        again), the least recently used first among them, make room (this one too, if it is the cheapest)."""
        if key in self._cache:
            return
        self._cache[key] = figures
        self._cached_words[key] = n
        self._cached_bytes += figures.nbytes
        while self._cached_bytes > self.cache_bytes:
            cheapest = min(self._cached_words, key=self._cached_words.__getitem__)
            self._cached_bytes -= self._cache.pop(cheapest).nbytes
            del self._cached_words[cheapest]

    def _compile_if_large(self, boards: Sequence[Board]) -> None:
        """Load the compiled kernels when figuring these boards in numpy would take longer than loading them."""
        if "numba" in sys.modules:
            return
        g, cells = self.n_guesses, 0
        for b in boards:
            if b.n > 1 and b.key() not in self._cache:
                cells += 4 * b.n * g if b.n <= SORT_BOARD else b.n * g + g * self.n_patterns
        if cells > NUMPY_RANKING_CELLS:
            from ..kernels import partition  # noqa: F401  (loads numba: these boards' figures then compiled)

    def _board_rows(self, board: Board) -> np.ndarray:
        """Return the guess rows of a board's candidates."""
        if board.fallback:
            return board.index
        rows = self.answer_row[board.index]
        return rows[rows >= 0]

    def probabilities(self, board: Board) -> np.ndarray | None:
        """Return the chance each candidate of the board is its secret (None: all equal)."""
        w = self.fallback_weights if board.fallback else self.weights
        if w is None:
            return None
        w = w[board.index]
        total = w.sum()
        return w / total if total > 0 else np.full(len(w), 1.0 / len(w))

    def _hit_chances(self, board: Board) -> tuple[np.ndarray, np.ndarray]:
        """Return (guess rows, chance each solves the board) for the board's candidates that are guesses."""
        p = self.probabilities(board)
        if p is None:
            p = np.full(board.n, 1.0 / board.n)
        if board.fallback:
            return board.index, p
        rows = self.answer_row[board.index]
        keep = rows >= 0
        return rows[keep], p[keep]

    def _joint(self, boards: Sequence[Board]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Return per guess row: the policy score, summed bits, summed expected size, expected hits."""
        total = np.zeros((4, self.n_guesses), dtype=np.float64)
        hits = np.zeros(self.n_guesses, dtype=np.float64)
        none = np.ones(self.n_guesses, dtype=np.float64) if self.policy.chain_bonus else None
        self._compile_if_large(boards)
        if self._codes_t is None:
            self._rows_read(boards)         # every board's rows in one pass over the matrix
        for b in boards:
            f = self.figures(b)
            total += f
            rows, p = self._hit_chances(b)
            hits[rows] += p
            if none is not None:
                left_one = f[2].copy()            # the board is left with one candidate, not hit
                left_one[rows] -= p
                none *= 1.0 - left_one
        bits, size, ones, parts = total
        size -= hits          # a hit leaves nothing on its board
        return self._combine(bits, size, ones, hits, none, parts), bits, size, hits

    def _combine(self, bits, size, ones, hits, none, parts) -> np.ndarray:
        """Return the policy's joint score (higher is better) from the summed figures.

        ``none`` is the chance that no board is left with exactly one candidate
        (so that the next row could not be a sure hit).
        """
        p = self.policy
        base = bits if p.score == "entropy" else -size if p.score == "expected" else parts + 1e-3 * bits
        score = base + p.hit_bonus * hits + p.resolve_bonus * ones
        if p.chain_bonus:
            score = score + p.chain_bonus * (1.0 - none)
        return score

    def _score_rows(self, rows: np.ndarray, boards: Sequence[Board]):
        """Return (score, bits, size, hits) for a few guess rows only (no full scan)."""
        lex = self.engine.lexicon
        k = len(rows)
        bits = np.zeros(k)
        size = np.zeros(k)
        ones = np.zeros(k)
        hits = np.zeros(k)
        parts = np.zeros(k)
        none = np.ones(k)
        for b in boards:
            if b.fallback:
                words = self.words(b)
                codes = _codes([lex.guesses[r] for r in rows.tolist()], words, lex.length)
                cand_rows = b.index
            else:
                codes = self._block(rows, b.index)
                cand_rows = self.answer_row[b.index]
            n = b.n
            w = self.probabilities(b)
            if w is None:
                w = np.full(n, 1.0 / n)
            chance = dict(zip(cand_rows.tolist(), w.tolist()))
            hit = np.array([chance.get(r, 0.0) for r in rows.tolist()])
            for i in range(k):
                counts = np.bincount(codes[i], minlength=1)
                mass = np.bincount(codes[i], weights=w, minlength=1)
                used = counts > 0
                counts, mass = counts[used], mass[used]
                p = mass[mass > 0]
                bits[i] += float(-(p * np.log2(p)).sum())
                size[i] += float((mass * counts).sum())
                one = float(mass[counts == 1].sum())
                parts[i] += len(counts)
                ones[i] += one
                none[i] *= 1.0 - (one - hit[i])
            hits += hit
        size -= hits
        return self._combine(bits, size, ones, hits, none, parts), bits, size, hits

    # ----- the choice ---------------------------------------------------------------------------
    def rank(self, boards: Sequence[Board], rows_left: int | None = None, top: int = 10,
             allowed: np.ndarray | None = None) -> list[Choice]:
        """Return the best ``top`` joint guesses for the unsolved boards, best first.

        ``allowed``: the guess rows a hard-mode rule leaves (None: every accepted guess).
        """
        boards = [b for b in boards if b.n > 0]
        if not boards:
            raise ChuteError("no unsolved board has a candidate left")
        mask = None
        if allowed is not None:
            mask = np.zeros(self.n_guesses, dtype=bool)
            mask[np.asarray(allowed, dtype=np.int64)] = True
            if not mask.any():
                raise ChuteError("no accepted guess is allowed on every board under the hard-mode rule")

        def legal(rows: np.ndarray) -> np.ndarray:
            return rows if mask is None else rows[mask[rows]]

        singles = [(b, self._likeliest(b)) for b in boards if b.n == 1 or self._sure(b)]
        opening = all(b.n == len(self.all_answers) and not b.fallback for b in boards)
        if opening and self.policy.opener:
            rows = legal(np.array([self.opener_row], dtype=np.int64))
            if len(rows):
                return self._order(rows, *self._score_rows(rows, boards), "opener", top, by_hits=False)
        if opening and self.policy.open_by == "parts":
            found = self._opening_allowed(boards, top, mask)
            if found:
                return found
        if self.policy.finish and singles:
            rows = legal(np.array(sorted({self._row_of(b, i) for b, i in singles}), dtype=np.int64))
            if len(rows):
                return self._order(rows, *self._score_rows(rows, boards), "finish", top, by_hits=False)
        if rows_left is not None and rows_left <= len(boards):
            rows = legal(self._candidate_rows(boards))
            if len(rows):
                return self._order(rows, *self._score_rows(rows, boards), "last-rows", top, by_hits=True)
        score, bits, size, hits = self._joint(boards)
        rows = np.arange(self.n_guesses, dtype=np.int64)
        if self.policy.candidates_only:
            rows = self._candidate_rows(boards)
            if mask is not None and not mask[rows].any():
                rows = np.arange(self.n_guesses, dtype=np.int64)
        rows = legal(self._suggested(rows))
        ranked = self._order(rows, score[rows], bits[rows], size[rows], hits[rows], "score",
                             max(top, self.policy.exact_extra), by_hits=False)
        if (self.policy.exact and sum(b.n for b in boards) <= self.policy.exact and mask is None
                and not any(b.fallback for b in boards)):
            gi = self.engine.lexicon.guess_index
            extra = [gi[r.guess] for r in ranked[: self.policy.exact_extra]]
            exact = self._exact_rank(boards, extra, rows_left, prune=top == 1)
            cand = np.array([r for r, _ in exact], dtype=np.int64)
            sc, bi, si, hi = self._score_rows(cand, boards)
            return [Choice(self.engine.lexicon.guesses[int(r)], -v, float(bi[i]), float(si[i]), float(hi[i]),
                           "exact") for i, (r, v) in enumerate(exact)][:top]
        ranked = ranked[:top]
        if self.policy.margin > 0 and ranked and ranked[0].p_hit == 0:
            cand = legal(np.flatnonzero(hits > 0))
            best = self._order(cand, score[cand], bits[cand], size[cand], hits[cand], "margin", 1,
                               by_hits=False) if len(cand) else []
            if best and best[0].score >= ranked[0].score - self.policy.margin:
                ranked = best + [r for r in ranked if r.guess != best[0].guess][: top - 1]
        return ranked

    OPENING_LEFT_OUT = 64        # words a player's refusals may take out of the opening and it still be the same

    def _opening_allowed(self, boards: Sequence[Board], top: int, mask: np.ndarray | None) -> list[Choice]:
        """Return the opening ranking (``_opening``, kept on disk) less the guesses ``mask`` leaves out (the words
        the game refused): the same opener and order as without them; [] when too many are left out to tell."""
        if mask is None:
            return self._opening(boards, top)
        left_out = int((~mask[self._suggested(np.arange(self.n_guesses, dtype=np.int64))]).sum())
        if left_out > self.OPENING_LEFT_OUT:
            return []
        gi = self.engine.lexicon.guess_index
        return [c for c in self._opening(boards, top + left_out) if mask[gi[c.guess]]][:top]

    def _opening(self, boards: Sequence[Board], top: int) -> list[Choice]:
        """Return the best ``top`` first guesses (most distinct patterns), kept on disk like the matrix.

        Ranking every guess over every board word is most of a first row (0.7 s
        for Termo's boards under the prior, seconds more when its kernel is
        first compiled); the result depends only on the lists, the weights, the
        policy and the board count, so its first OPENING_KEPT guesses are stored
        beside the matrix (atomic write; an unreadable entry is recomputed), and
        those of the bundled games ship with chute (``data/openers/``,
        ``scripts/build_openers.py``): ``kept_opening`` reads them.
        """
        import json
        found = kept_opening(self.engine.lexicon, self.policy, self.weights, len(boards), top, self.engine.cache_dir)
        if found is not None:
            return found
        k = len(boards)
        f = self.figures(boards[0])
        rows = self._suggested(np.arange(self.n_guesses, dtype=np.int64))
        hits = np.zeros(self.n_guesses)
        first_rows, first_p = self._hit_chances(boards[0])
        hits[first_rows] = k * first_p
        ranked = self._order(rows, (f[3] + 1e-3 * f[0])[rows], k * f[0][rows], k * (f[1] - hits / k)[rows],
                             hits[rows], "opener", max(top, OPENING_KEPT), by_hits=False)
        if self.engine.cache_dir is not None:
            from ..game.engine import atomic_write
            atomic_write(self.engine.cache_dir / self.opening_name(k), json.dumps(
                [{"guess": c.guess, "score": c.score, "bits": c.bits, "expected": c.expected, "p_hit": c.p_hit}
                 for c in ranked]).encode())
        return ranked[:top]

    def opening_name(self, boards: int) -> str:
        """Return the name of the file this solver's opening ranking of ``boards`` boards is kept in."""
        return opening_name(self.engine.lexicon, self.policy, self.weights, boards)

    # ----- exact endgame (``endgame``) -------------------------------------------------------------
    def _exact_rank(self, boards: Sequence[Board], extra: Sequence[int], rows_left: int | None,
                    prune: bool = False) -> list[tuple[int, float]]:
        """Return (guess row, expected rows to finish) for the boards' candidates and ``extra`` rows, best first."""
        state = tuple(sorted(tuple(b.index.tolist()) for b in boards))
        return self.endgame.rank(state, extra, rows_left, prune)

    def choose(self, boards: Sequence[Board], rows_left: int | None = None) -> str:
        """Return the single best joint guess for the unsolved boards."""
        return self.rank(boards, rows_left, top=1)[0].guess

    def _likeliest(self, board: Board) -> int:
        """Return the position of the board's likeliest candidate (the first on a tie)."""
        p = self.probabilities(board)
        return 0 if p is None else int(np.argmax(p))

    def _sure(self, board: Board) -> bool:
        """Return whether the board's likeliest candidate holds ``finish_share`` of its chance (weighted boards)."""
        share = self.policy.finish_share
        if share >= 1.0 or board.n > 64:
            return False
        p = self.probabilities(board)
        return p is not None and float(p.max()) >= share

    def _row_of(self, board: Board, i: int) -> int:
        """Return the guess row of a board's ``i``-th candidate."""
        j = int(board.index[i])
        return j if board.fallback else int(self.answer_row[j])

    def _suggested(self, rows: np.ndarray) -> np.ndarray:
        """Return the rows chute may suggest among these (every one when the lexicon has no rare words)."""
        return rows if self.suggestible is None else rows[self.suggestible[rows]]

    def _candidate_rows(self, boards: Sequence[Board]) -> np.ndarray:
        """Return the sorted guess rows of every board's candidates."""
        parts = [b.index if b.fallback else self.answer_row[b.index] for b in boards]
        rows = distinct(np.concatenate(parts))
        return rows[rows >= 0]

    def _order(self, rows, score, bits, size, hits, reason, top, by_hits) -> list[Choice]:
        """Return the best ``top`` rows: (hits first if asked,) score, candidates first, alphabetical."""
        key = np.round(-np.asarray(score, dtype=np.float64), 9)
        not_cand = ~(np.asarray(hits) > 0)
        if top == 1 and not by_hits:
            best = key.min()
            tied = np.flatnonzero(key == best)
            if len(tied) > 1:
                cands = tied[~not_cand[tied]]
                tied = cands if len(cands) else tied
                tied = tied[np.argsort(np.asarray(rows)[tied], kind="stable")]
            idx = tied[:1]
        else:
            rows = np.asarray(rows)
            sub = np.arange(len(key))
            if not by_hits and len(key) > 4 * top:
                # only the rows scoring at least the top-th best can be among the best
                cut = np.partition(key, top - 1)[top - 1]
                sub = np.flatnonzero(key <= cut)
            keys = ((rows[sub], not_cand[sub], key[sub]) if not by_hits
                    else (rows[sub], key[sub], np.round(-np.asarray(hits)[sub], 9)))
            idx = sub[np.lexsort(keys)[:top]]
        guesses = self.engine.lexicon.guesses
        return [Choice(guesses[int(rows[i])], float(score[i]), float(bits[i]), float(size[i]),
                       float(hits[i]), reason) for i in idx]

    # ----- whole games ----------------------------------------------------------------------------
    def simulate(self, secrets: Sequence[str], rows: int, play_out: bool = False,
                 max_rows: int | None = None) -> GameResult:
        """Return the game played against known secrets, one joint guess per row.

        The game stops at the row limit unless ``play_out``: then it goes on until
        every board is solved (at most ``max_rows``, default twice the limit plus
        the boards), so the rows a policy needs can be measured beyond the limit.
        """
        secrets = tuple(fold(s) for s in secrets)
        if len(set(secrets)) != len(secrets):
            raise ChuteError("the secrets of a multi-board game must be distinct")
        lex = self.engine.lexicon
        length = lex.length
        for s in secrets:
            if len(s) != length:
                raise ChuteError(f"secret {s!r} has {counted(len(s), 'letter')}, expected {length}")
        cap = rows if not play_out else (max_rows or played_on(rows, len(secrets)))
        boards = [self.board() for _ in secrets]
        histories: list[list[tuple[str, int]]] = [[] for _ in secrets]
        solved_at: list[int | None] = [None] * len(secrets)
        guesses: list[str] = []
        solved = self.solved_code
        while len(guesses) < cap and any(s is None for s in solved_at):
            open_ = [i for i, s in enumerate(solved_at) if s is None]
            left = rows - len(guesses)
            guess = self.choose([boards[i] for i in open_], rows_left=left if left > 0 else None)
            guesses.append(guess)
            for i in open_:
                code = self.engine.pattern(guess, secrets[i])
                if code == solved:
                    solved_at[i] = len(guesses)
                    continue
                histories[i].append((guess, code))
                boards[i] = self.narrow(boards[i], guess, code, histories[i][:-1])
                if boards[i].n == 0:
                    raise ChuteError(f"no accepted word fits board {i + 1} (secret {secrets[i]!r} "
                                     "is not in the word lists)")
        return GameResult(secrets, tuple(guesses), tuple(solved_at), rows)


def board_figures_numpy(codes: np.ndarray, p: np.ndarray | None, n_patterns: int) -> np.ndarray:
    """Return the (4, guesses) figures of ``MultiSolver.figures`` for one board, from its (guesses x words) codes.

    For a board of up to ``NUMPY_BOARD`` words in a process that has not loaded
    numba (a single ``suggest``): each guess's bins found by sorting its codes
    (a few words) or by counting every (guess, pattern) cell (more), then summed;
    the guesses taken a block at a time (``NUMPY_BOARD_CELLS``).
    """
    g, n = codes.shape
    step = max(1, NUMPY_BOARD_CELLS // max(n, 1))
    bins = [_board_bins(codes[start:start + step], p, n_patterns, start) for start in range(0, g, step)]
    guess, count, mass = (np.concatenate([b[k] for b in bins]) if bins else np.empty(0, dtype=np.int64)
                          for k in range(3))
    return _summed_bins(guess, count, None if p is None else mass, n, g)


def _board_bins(codes: np.ndarray, p: np.ndarray | None, n_patterns: int, first: int):
    """Return (guess, word count, prior mass (zeros without a prior)) of every non-empty bin of a block of guesses'
    codes over a board, the guesses numbered from ``first``."""
    g, n = codes.shape
    offsets = np.arange(0, g * n_patterns, n_patterns, dtype=np.int64)[:, None]
    if n <= SORT_BOARD:
        perm = np.argsort(codes, axis=1, kind="stable")
        flat = (np.take_along_axis(np.asarray(codes, dtype=np.int64), perm, axis=1) + offsets).ravel()
        seg = np.flatnonzero(np.r_[True, flat[1:] != flat[:-1]])
        count = np.diff(np.r_[seg, len(flat)])
        cell = flat[seg]
        mass = None if p is None else np.add.reduceat(np.asarray(p, dtype=np.float64)[perm].ravel(), seg)
    else:
        keys = (codes + offsets).ravel()          # guess by guess: each guess's cells together
        counts = np.bincount(keys, minlength=g * n_patterns)
        cell = np.flatnonzero(counts)
        count = counts[cell]
        mass = None if p is None else np.bincount(
            keys, weights=np.broadcast_to(np.asarray(p, dtype=np.float64)[None, :], (g, n)).ravel(),
            minlength=g * n_patterns)[cell]
    return cell // n_patterns + first, count, np.zeros(len(cell)) if mass is None else mass


def _summed_bins(guess: np.ndarray, count: np.ndarray, mass: np.ndarray | None, n: int, g: int) -> np.ndarray:
    """Return the (4, guesses) figures from every non-empty bin's guess, word count and prior mass."""
    out = np.empty((4, g), dtype=np.float64)
    if mass is None:
        c = count.astype(np.float64)
        ent = np.bincount(guess, weights=c * np.log2(c), minlength=g)
        out[0] = math.log2(n) - ent / n
        out[1] = np.bincount(guess, weights=c * c, minlength=g) / n
        out[2] = np.bincount(guess, weights=(count == 1).astype(np.float64), minlength=g) / n
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            h = np.where(mass > 0, -mass * np.log2(np.where(mass > 0, mass, 1.0)), 0.0)
        out[0] = np.bincount(guess, weights=h, minlength=g)
        out[1] = np.bincount(guess, weights=mass * count, minlength=g)
        out[2] = np.bincount(guess, weights=np.where(count == 1, mass, 0.0), minlength=g)
    out[3] = np.bincount(guess, minlength=g)
    return out


# True in a pool worker: numba's OpenMP threads do not survive fork(), so workers stay serial.
_IN_WORKER = [False]


def _mark_worker() -> None:
    """Pool initializer: use only single-threaded kernels in this (forked) process."""
    _IN_WORKER[0] = True


def _codes(guesses: Sequence[str], secrets: Sequence[str], length: int) -> np.ndarray:
    """Return the codes of guesses against secrets (``engine.compute_codes``; serial in pool workers)."""
    if not _IN_WORKER[0] or len(guesses) * len(secrets) <= NUMPY_CELLS:
        return compute_codes(guesses, secrets, length)
    from ..kernels.score import codes_serial
    out = np.empty((len(guesses), len(secrets)), dtype=code_dtype(length))
    codes_serial(letters_array(guesses, length), letters_array(secrets, length), out)
    return out


def _read_text(path: Path | None) -> str | None:
    """Return a kept file's text (None: no cache, or no such file)."""
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None


OPENING_VERSION = 2
OPENING_KEPT = 100           # first guesses kept of an opening ranking (any ``top`` up to it reads the same file)


def opening_name(lexicon: "Lexicon", policy: Policy, weights: np.ndarray | None, boards: int) -> str:
    """Return the name of the file an opening ranking of ``boards`` boards is kept in: a hash of the lists, the
    words chute plays, the weights, the policy and the board count."""
    import hashlib
    h = hashlib.sha256(f"{OPENING_VERSION} {lexicon.key} {policy.label()} {boards} "
                       f"{lexicon.played_key}".encode())     # the words it may suggest
    if weights is not None:
        h.update(np.round(np.asarray(weights, dtype=np.float64), 12).tobytes())
    return f"multi-openers-{h.hexdigest()[:32]}.json"


def kept_opening(lexicon: "Lexicon", policy: Policy, weights: np.ndarray | None, boards: int, top: int,
                 cache_dir: Path | None) -> list[Choice] | None:
    """Return the first ``top`` guesses of the opening ranking kept in ``cache_dir`` or shipped with chute for
    these boards' lists, weights, policy and board count, or None where neither holds one (read without the
    boards' matrix)."""
    name = opening_name(lexicon, policy, weights, boards)
    path = None if cache_dir is None else cache_dir / name
    suggested = lexicon.suggested_rows
    want = min(top, len(lexicon.guesses) if suggested is None else len(suggested))
    for read in (lambda: _read_text(path), lambda: _shipped_text(name)):     # the package only on a miss
        found = _choices(read(), lexicon.guess_index)
        if found is not None and len(found) >= want:
            return found[:top]
    return None


def _shipped_text(name: str) -> str | None:
    """Return the text of an opening ranking chute ships (``data/openers/``), None for other lists."""
    from importlib import resources
    try:
        return resources.files("chute").joinpath("data", "openers", name).read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None


def _choices(text: str | None, guess_index: dict) -> list[Choice] | None:
    """Return the opening ranking a kept file holds (None: none, unreadable, or a word these lists lack)."""
    import json
    if text is None:
        return None
    try:
        found = [Choice(c["guess"], float(c["score"]), float(c["bits"]), float(c["expected"]), float(c["p_hit"]),
                        "opener") for c in json.loads(text)]
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    return found if all(c.guess in guess_index for c in found) else None


# ----- module-level conveniences -----------------------------------------------------------------
_SOLVERS: dict[tuple, tuple[Engine, MultiSolver]] = {}
_SOLVERS_LOCK = threading.Lock()


def board_prior(prior: "Prior", lexicon) -> "Prior":
    """Return the prior the joint policy plays: under ``frequency``, its words that the frequency list has seen.

    A word the frequency source never saw (Zipf 0) keeps the logistic's floor
    weight, about 1/250 of a common word's; thousands of them would keep every
    board from the few candidates where the exact endgame and the finish rule
    work.  None of Wordle's 2,315 answers is such a word (0 of the 4,046 it
    accepts), so the boards leave them out (Termo: 10,246 of 18,210 words, 1.9% of
    the prior's mass).  Should the clues rule out every word kept, the board
    falls back to every accepted word that fits, weighted by frequency
    (``fallback_weights``).  Other priors are played as they are.
    """
    from ..game.prior import Prior
    if prior.name != "frequency" or not lexicon.frequencies:
        return prior
    freq = lexicon.frequencies
    keep = [i for i, w in enumerate(prior.words) if freq.get(w, 0.0) > 0.0]
    if len(keep) == len(prior.words) or not keep:
        return prior
    weights = None if prior.weights is None else prior.weights[keep]
    return Prior(prior.name, tuple(prior.words[i] for i in keep), weights)


def fallback_weights(lexicon) -> np.ndarray:
    """Return the weight of every accepted guess when a board's clues rule out the prior's words: s(w) on frequency."""
    from ..game.prior import logistic
    freq = lexicon.frequencies
    return logistic(np.array([freq.get(w, 0.0) for w in lexicon.guesses]))


def board_lists(engine: Engine, prior: "Prior | None") -> "tuple[Lexicon, np.ndarray | None]":
    """Return (the lexicon whose answers are the words the boards play, their weights): under a widening prior
    its words (``board_prior``), weighted; otherwise the answer list, all equal (None)."""
    if prior is None or not prior.widens:
        return engine.lexicon, None
    played = board_prior(prior, engine.lexicon)
    return engine.lexicon.widened(played.words), played.weights


def opening_without_matrix(engine: Engine, policy: Policy, prior: "Prior | None", boards: Sequence[Sequence[str]],
                           top: int) -> list[Choice] | None:
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


def solver_for(engine: Engine, policy: Policy = DEFAULT, prior: "Prior | None" = None,
               cache: bool = True) -> MultiSolver:
    """Return a (cached) MultiSolver for an engine and policy, over a prior's words when it widens the answers.

    With a widening prior (``--prior frequency``, ``uniform`` or a file) the boards
    hold ``board_prior``'s words, weighted, on an engine whose matrix columns they
    are (built once and cached on disk like any matrix); otherwise the answer list, all equal.
    """
    widened = prior is not None and prior.widens
    key = (id(engine), policy, prior.key() if widened else None)
    with _SOLVERS_LOCK:         # several requests of a server at once: each solver built once
        found = _SOLVERS.get(key)
        if found is not None and found[0] is engine:
            return found[1]
        if len(_SOLVERS) >= 8:
            _SOLVERS.pop(next(iter(_SOLVERS)))
        if widened:
            board_lexicon, weights = board_lists(engine, prior)
            wide = engine
            if board_lexicon is not engine.lexicon:
                shared = [s.engine for _, s in _SOLVERS.values() if s.engine.lexicon.key == board_lexicon.key]
                # the same lists read with another common-words floor share the matrix
                wide = shared[0].reading(board_lexicon) if shared else Engine.build(board_lexicon, cache=cache)
            solver = MultiSolver(wide, policy, weights=weights, fallback_weights=fallback_weights(engine.lexicon))
        else:
            solver = MultiSolver(engine, policy)
        _SOLVERS[key] = (engine, solver)
        return solver


def choose(engine: Engine, boards: Sequence[Sequence[str]], policy: Policy = DEFAULT,
           rows_left: int | None = None, prior: "Prior | None" = None) -> str:
    """Return one guess for all unsolved boards, given each board's candidate words."""
    solver = solver_for(engine, policy, prior)
    return solver.choose([solver.board(words) for words in boards], rows_left)


def rank(engine: Engine, boards: Sequence[Sequence[str]], policy: Policy = DEFAULT,
         rows_left: int | None = None, top: int = 10, prior: "Prior | None" = None) -> list[Choice]:
    """Return the best ``top`` joint guesses, given each unsolved board's candidate words."""
    solver = solver_for(engine, policy, prior)
    return solver.rank([solver.board(words) for words in boards], rows_left, top)


def simulate(engine: Engine, secrets: Sequence[str], rows: int, policy: Policy = DEFAULT,
             play_out: bool = False, prior: "Prior | None" = None) -> GameResult:
    """Return the game a policy plays against known secrets within ``rows`` rows (over a prior's words if given)."""
    return solver_for(engine, policy, prior).simulate(secrets, rows, play_out=play_out)
