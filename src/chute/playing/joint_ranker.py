"""``JointRanker``: one guess for several boards over one engine, the joint policy (``joint_policy``) scored
over every board's candidates, with each candidate set's figures cached."""

from __future__ import annotations

import json
import math
import sys
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from functools import cached_property

import numpy as np

from ..arrays import distinct
from ..errors import ChuteError
from ..game.cache import write_cache_file
from ..game.engine import Engine
from ..game.games import played_on
from ..game.partition_stats import clog_table
from ..game.pattern_codes import gather
from ..game.results import GameResult
from ..game.words import fold
from ..language import counted
from ..strategies.expected import expected_guesses
from .board_figures import IN_WORKER, NUMPY_BOARD, SORT_BOARD, board_figures_numpy, codes_of
from .endgame import Endgame
from .joint_openings import OPENING_KEPT, kept_opening, opening_name
from .joint_policy import DEFAULT, Board, Choice, Policy

# a board of at most 1/16 of the answers gathers its columns from a matrix held in memory; larger ones (and
# every board once the matrix is transposed, as a benchmark does first) read the transpose, which costs a
# single ranking far less memory and time. A large mapped matrix is read through the rows of the transpose
# its boards' candidates need (``JointRanker._rows_read``), copied once.
GATHER_SHARE = 16
# a ranking's boards figured in numpy (``board_figures``) unless they add up to more (guess, word) cells than
# this: then loading the compiled kernels costs less (BENCHMARKS.md, "Multi-board")
NUMPY_RANKING_CELLS = 80_000_000
# the figures kept of the candidate sets met (one set's: 4 x 8 bytes a guess): this bound, the largest sets
# kept first (as the opener's follow-ups), holds a bench within its memory target in the same time as an
# unbounded cache (BENCHMARKS.md, "Memory")
FIGURES_CACHE_BYTES = 64 * 2**20
# a second row after another opener than the policy's (a first suggestion nobody ranked): boards holding more
# than QUICK_WORDS words in all are scored over QUICK_SHORTLIST guesses, the most informative over a sample of
# QUICK_SAMPLE of their words, and each board's QUICK_LIKELIEST likeliest words, not over every guess (the
# figures of thousands of words per board over every guess cost most of such a row: BENCHMARKS.md, "chute serve")
QUICK_WORDS = 1_000
QUICK_SAMPLE = 512
QUICK_SHORTLIST = 256
QUICK_LIKELIEST = 16


class JointRanker:
    """Chooses one guess for several boards over one engine, with per-candidate-set caches."""

    def __init__(
        self,
        engine: Engine,
        policy: Policy = DEFAULT,
        cache_bytes: int = FIGURES_CACHE_BYTES,
        cache_min: int = 12,
        weights: np.ndarray | None = None,
        fallback_weights: np.ndarray | None = None,
    ):
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
        self._codes_t: np.ndarray | None = None  # the matrix transposed, made when a large board needs it
        gi = lex.guess_index
        self.answer_row = np.array([gi.get(a, -1) for a in lex.answers], dtype=np.int64)
        self.all_answers = np.arange(len(lex.answers), dtype=np.int64)
        self._cache: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self._cached_words: dict[bytes, int] = {}  # the candidates of each set cached: the cheapest go first
        self._cached_bytes = 0
        self._cache_lock = threading.Lock()  # a server's requests share the solver: one writer of the cache
        self.endgame = Endgame(
            self._block,
            self.answer_row,
            self.solved_code,
            None if self.weights is None else self.weights.tolist(),
            None if self.weights is None or policy.fail_odds == 1 else (self.weights**policy.fail_odds).tolist(),
        )
        self.cache_bytes = cache_bytes
        self.cache_min = cache_min
        self._clog = clog_table(max(len(lex.answers), len(lex.guesses)))
        suggested = lex.suggested_rows
        self.suggestible = None  # bool per guess row: chute may suggest it (None: all)
        if suggested is not None:
            self.suggestible = np.zeros(self.n_guesses, dtype=bool)
            self.suggestible[suggested] = True
        self._own_openers: dict[int, str] = {}  # board count -> the opening's best guess
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

    def _guesscodes_of(self, guess: str, board: Board) -> np.ndarray:
        """Return the codes the guess shows against each candidate of the board."""
        row = self.engine.lexicon.guess_index.get(guess)
        if row is not None and not board.fallback:
            return self.engine.row_codes(row, board.index)
        return codes_of([guess], self.words(board), self.engine.length)[0]

    def narrow(self, board: Board, guess: str, code: int, history: Sequence[tuple[str, int]] = ()) -> Board:
        """Return the board's candidates consistent with ``guess`` showing ``code``.

        When no answer fits any more (a game's list differs from ours), fall back to
        the accepted guesses consistent with ``history`` plus this clue.
        """
        guess = fold(guess)
        keep = board.index[self._guesscodes_of(guess, board) == code]
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
            ok &= codes_of([guess], guesses, self.engine.length)[0] == code
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

    def many_games(self) -> JointRanker:
        """Return this solver ready for many games: the matrix transposed now, the compiled kernels loaded."""
        from ..kernels import partition  # noqa: F401, PLC0415  (loads numba: every board's figures then compiled)

        _ = self.codes_t  # the transposed matrix made now, before the games fork
        return self

    # ----- per-board figures ----------------------------------------------------------------
    def _guess_codes_by_board(self, board: Board) -> np.ndarray:
        """Return the codes as (guesses x candidates) for one board (columns gathered: no transpose made)."""
        if board.fallback:
            lex = self.engine.lexicon
            return codes_of(lex.guesses, [lex.guesses[i] for i in board.index.tolist()], lex.length)
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
        return np.ascontiguousarray(codes_of(lex.guesses, words, lex.length).T)

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
            from ..kernels.partition import board_figures_weighted, board_figures_weighted_parallel  # noqa: PLC0415 (numba: loaded on first use)

            codes_t = self._candidate_codes_t(board)
            parts = np.empty(g, dtype=np.int64)
            kernel = (
                board_figures_weighted_parallel if n * g > 4_000_000 and not IN_WORKER[0] else board_figures_weighted
            )
            kernel(codes_t, p, self.n_patterns, out[0], out[1], out[2], parts)
            out[3] = parts
        else:
            from ..kernels.partition import board_figures, board_figures_parallel  # noqa: PLC0415 (numba: loaded on first use)

            codes_t = self._candidate_codes_t(board)
            ent = np.empty(g, dtype=np.float64)
            sq = np.empty(g, dtype=np.int64)
            ones = np.empty(g, dtype=np.int64)
            parts = np.empty(g, dtype=np.int64)
            kernel = board_figures_parallel if n * g > 4_000_000 and not IN_WORKER[0] else board_figures
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
            from ..kernels import partition  # noqa: F401, PLC0415  (loads numba: these boards' figures then compiled)

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
            self._rows_read(boards)  # every board's rows in one pass over the matrix
        for b in boards:
            f = self.figures(b)
            total += f
            rows, p = self._hit_chances(b)
            hits[rows] += p
            if none is not None:
                left_one = f[2].copy()  # the board is left with one candidate, not hit
                left_one[rows] -= p
                none *= 1.0 - left_one
        bits, size, ones, parts = total
        size -= hits  # a hit leaves nothing on its board
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

    def _score_rows(
        self, rows: np.ndarray, boards: Sequence[Board]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
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
                codes = codes_of([lex.guesses[r] for r in rows.tolist()], words, lex.length)
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

    def rows_to_finish(self, boards: Sequence[Board], rows: np.ndarray) -> np.ndarray:
        """Return, per guess row, the rows the game is expected to take until every board is solved, that guess
        included: what the joint player spends, in rows (a review grades its rounds by it).

        Each board b alone would still need E_b(g) - 1 guesses after g (the one-board estimate under its
        weights, ``expected.expected_guesses``), of which 1 - P_b(g hits) is the row that solves it and
        the rest rows that solve nothing.  Every open board needs its own solving row, and the rows that
        solve nothing serve every board at once, so the game takes about

            R(g) = 1 + sum_b (1 - P_b(hit)) + max_b (E_b(g) - 1 - (1 - P_b(hit)))

        (the solving rows, and the most rows any board needs besides its own).
        """
        lex = self.engine.lexicon
        rows = np.asarray(rows, dtype=np.int64)
        solving = np.zeros(len(rows))
        besides = np.zeros(len(rows))
        for b in boards:
            if b.fallback:
                codes = codes_of([lex.guesses[r] for r in rows.tolist()], self.words(b), lex.length)
                cand_rows = b.index
            else:
                codes = self._block(rows, b.index)
                cand_rows = self.answer_row[b.index]
            w = self.probabilities(b)
            w = np.full(b.n, 1.0 / b.n) if w is None else w
            chance = dict(zip(np.asarray(cand_rows).tolist(), w.tolist()))
            open_after = 1.0 - np.array([chance.get(r, 0.0) for r in rows.tolist()])
            after = expected_guesses(np.asarray(codes), w, self.n_patterns, self.solved_code) - 1.0
            solving += open_after
            besides = np.maximum(besides, after - open_after)
        return 1.0 + solving + besides

    # ----- the choice ---------------------------------------------------------------------------
    def rank(
        self,
        boards: Sequence[Board],
        rows_left: int | None = None,
        top: int = 10,
        allowed: np.ndarray | None = None,
        quick: bool = False,
    ) -> list[Choice]:
        """Return the best ``top`` joint guesses for the unsolved boards, best first.

        ``allowed``: the guess rows a hard-mode rule leaves (None: every accepted guess); ``quick``: a second row
        after another opener than the policy's, whose boards, when they hold more than QUICK_WORDS words, are
        scored over a shortlist (``_quick_rows``), as a first suggestion nobody ranked.
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

        # a board finished on a likely word (``_sure``) only while rows are spare: near the limit, safety decides
        roomy = rows_left is None or rows_left - len(boards) >= self.policy.finish_slack
        singles = [(b, self._likeliest(b)) for b in boards if b.n == 1 or (roomy and self._sure(b))]
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
        if quick and mask is None and sum(b.n for b in boards) > QUICK_WORDS and not any(b.fallback for b in boards):
            rows = self._quick_rows(boards)
            return self._order(rows, *self._score_rows(rows, boards), "score", top, by_hits=False)
        score, bits, size, hits = self._joint(boards)
        rows = np.arange(self.n_guesses, dtype=np.int64)
        if self.policy.candidates_only:
            rows = self._candidate_rows(boards)
            if mask is not None and not mask[rows].any():
                rows = np.arange(self.n_guesses, dtype=np.int64)
        rows = legal(self._suggested(rows))
        ranked = self._order(
            rows,
            score[rows],
            bits[rows],
            size[rows],
            hits[rows],
            "score",
            max(top, self.policy.exact_extra),
            by_hits=False,
        )
        if (
            self.policy.exact
            and sum(b.n for b in boards) <= self.policy.exact
            and mask is None
            and not any(b.fallback for b in boards)
        ):
            gi = self.engine.lexicon.guess_index
            extra = [gi[r.guess] for r in ranked[: self.policy.exact_extra]]
            exact = self._exact_rank(boards, extra, rows_left, prune=top == 1)
            cand = np.array([r for r, _ in exact], dtype=np.int64)
            sc, bi, si, hi = self._score_rows(cand, boards)
            return [
                Choice(self.engine.lexicon.guesses[int(r)], -v, float(bi[i]), float(si[i]), float(hi[i]), "exact")
                for i, (r, v) in enumerate(exact)
            ][:top]
        ranked = ranked[:top]
        if self.policy.margin > 0 and ranked and ranked[0].p_hit == 0:
            cand = legal(np.flatnonzero(hits > 0))
            best = (
                self._order(cand, score[cand], bits[cand], size[cand], hits[cand], "margin", 1, by_hits=False)
                if len(cand)
                else []
            )
            if best and best[0].score >= ranked[0].score - self.policy.margin:
                ranked = best + [r for r in ranked if r.guess != best[0].guess][: top - 1]
        return ranked

    def own_opener(self, boards: int) -> str:
        """Return the first guess the policy plays on ``boards`` boards (its opening's best, kept once known)."""
        known = self._own_openers.get(boards)
        if known is None:
            known = self._own_openers[boards] = self.rank([self.board() for _ in range(boards)], None, 1)[0].guess
        return known

    def _quick_rows(self, boards: Sequence[Board]) -> np.ndarray:
        """Return the guess rows a quick ranking scores: the QUICK_SHORTLIST most informative over a seeded sample
        of QUICK_SAMPLE of the boards' words (their union), and each board's QUICK_LIKELIEST likeliest words."""
        words = np.unique(np.concatenate([b.index for b in boards]))
        if len(words) > QUICK_SAMPLE:  # seeded by the words themselves: the same boards, the same sample
            rng = np.random.default_rng(int(words.sum()) + len(words))
            words = np.sort(rng.choice(words, QUICK_SAMPLE, replace=False))
        rows = self._suggested(np.arange(self.n_guesses, dtype=np.int64))
        codes = np.asarray(self._block(rows, words), dtype=np.int64)
        flat = (codes + (np.arange(len(rows), dtype=np.int64) * self.n_patterns)[:, None]).ravel()
        counts = np.bincount(flat, minlength=len(rows) * self.n_patterns).reshape(len(rows), self.n_patterns)
        clog = np.where(counts > 0, counts * np.log2(np.maximum(counts, 1)), 0.0).sum(axis=1)
        bits = np.log2(len(words)) - clog / len(words)
        best = rows[np.argsort(-np.round(bits, 9), kind="stable")[:QUICK_SHORTLIST]]
        likely = []
        for b in boards:
            p = self.probabilities(b)
            order = np.arange(b.n) if p is None else np.argsort(-p, kind="stable")
            likely += [self._row_of(b, int(i)) for i in order[:QUICK_LIKELIEST]]
        return np.unique(np.concatenate([best, np.array(likely, dtype=np.int64)]))

    OPENING_LEFT_OUT = 64  # words a player's refusals may take out of the opening and it still be the same

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

        Ranking every guess over every board word is most of a first row (more
        so when its kernel is first compiled); the result depends only on the lists, the weights, the
        policy and the board count, so its first OPENING_KEPT guesses are stored
        beside the matrix (atomic write; an unreadable entry is recomputed), and
        those of the bundled games ship with chute (``data/openers/``,
        ``scripts/build_openers.py``): ``kept_opening`` reads them.
        """
        found = kept_opening(self.engine.lexicon, self.policy, self.weights, len(boards), top, self.engine.cache_dir)
        if found is not None:
            return found
        k = len(boards)
        f = self.figures(boards[0])
        rows = self._suggested(np.arange(self.n_guesses, dtype=np.int64))
        hits = np.zeros(self.n_guesses)
        first_rows, first_p = self._hit_chances(boards[0])
        hits[first_rows] = k * first_p
        ranked = self._order(
            rows,
            (f[3] + 1e-3 * f[0])[rows],
            k * f[0][rows],
            k * (f[1] - hits / k)[rows],
            hits[rows],
            "opener",
            max(top, OPENING_KEPT),
            by_hits=False,
        )
        if self.engine.cache_dir is not None:
            write_cache_file(
                self.engine.cache_dir / self.opening_name(k),
                json.dumps(
                    [
                        {"guess": c.guess, "score": c.score, "bits": c.bits, "expected": c.expected, "p_hit": c.p_hit}
                        for c in ranked
                    ]
                ).encode(),
            )
        return ranked[:top]

    def opening_name(self, boards: int) -> str:
        """Return the name of the file this solver's opening ranking of ``boards`` boards is kept in."""
        return opening_name(self.engine.lexicon, self.policy, self.weights, boards)

    # ----- exact endgame (``endgame``) -------------------------------------------------------------
    def _exact_rank(
        self, boards: Sequence[Board], extra: Sequence[int], rows_left: int | None, prune: bool = False
    ) -> list[tuple[int, float]]:
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

    def _order(self, rows, score, bits, size, hits, reason: str, top: int, by_hits: bool) -> list[Choice]:
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
            keys = (
                (rows[sub], not_cand[sub], key[sub])
                if not by_hits
                else (rows[sub], key[sub], np.round(-np.asarray(hits)[sub], 9))
            )
            idx = sub[np.lexsort(keys)[:top]]
        guesses = self.engine.lexicon.guesses
        return [
            Choice(guesses[int(rows[i])], float(score[i]), float(bits[i]), float(size[i]), float(hits[i]), reason)
            for i in idx
        ]

    # ----- whole games ----------------------------------------------------------------------------
    def simulate(
        self, secrets: Sequence[str], rows: int, play_out: bool = False, max_rows: int | None = None
    ) -> GameResult:
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
                    raise ChuteError(
                        f"no accepted word fits board {i + 1} (secret {secrets[i]!r} is not in the word lists)"
                    )
        return GameResult(secrets, tuple(guesses), tuple(solved_at), rows)
