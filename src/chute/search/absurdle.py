"""The fewest guesses that always corner Absurdle's adversary (``game.adversary``), found and proven.

A state is the set S of words the adversary may still keep.  A guess splits S
into buckets by the colours it shows; the adversary keeps a largest one (never
the all-green bucket while another is as large).  The game is won by guessing
the last word, so:

- S wins in 1 row when it holds one word;
- in 2 rows when some guess leaves every bucket of one word (its largest is 1);
- in d rows when some guess leaves every bucket a tie lets the adversary keep
  winnable in d - 1 rows.

Counting every tied bucket makes the result hold whichever bucket a tie keeps:
the search beats the adversary's documented rule and any other.  Two bounds cut
the guesses tried: a bucket won in 2 rows holds at most as many words as some
guess has colours over S (a subset never shows more), and a guess is tried in
the order of its largest bucket, smallest first.  Every guess chute suggests
is tried; a set's answer is remembered (its words and the rows asked).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from types import SimpleNamespace

import numpy as np

from ..errors import ChuteError
from ..game.adversary import TieRule, least_said, tied_buckets
from ..game.engine import Engine
from ..game.feedback import Clue, decode
from ..game.rules import allowed_rows, check_rule, legal_mask
from ..kernels import adversary_numpy as twins
from .hard_mode import INF

MOST_ROWS = 12  # a set no guess corners within this many rows is said to be beyond the search


@dataclass(frozen=True)
class Cornered:
    """A guess and the rows it needs to corner the adversary from a state, this guess included."""

    guess: str
    rows: int
    largest: int  # the largest bucket the guess leaves (what the adversary keeps)


@dataclass
class AbsurdleProof:
    """The fewest guesses that always corner the adversary from the whole answer list: every opener settled."""

    rows: int  # the minimum, the last guess (the cornered word) included
    winning: list[str]  # the openers that achieve it, alphabetical
    line: list[str]  # the line chute plays: an opener and the guesses that follow, the adversary keeping its rule's
    openers: int  # openers settled
    seconds: float
    rule: str | None = None
    proven: bool = True  # every other opener settled at or above the minimum

    def to_dict(self) -> dict:
        """Return the proof as a JSON-ready dict."""
        return {
            "guesses": self.rows,
            "proven": self.proven,
            "openers": self.openers,
            "winning_openers": len(self.winning),
            "winning": self.winning,
            "line": self.line,
            "rule": self.rule,
            "seconds": round(self.seconds, 2),
        }


class AbsurdleSearch:
    """Exact search for the fewest guesses that corner the adversary from a set of words (normal or hard mode)."""

    exact = True  # a proof's searcher: every opener settled exactly or closed by a bound (``search.prove``)
    rows = MOST_ROWS  # the most rows searched

    def __init__(self, engine: Engine, rule: str | None = None, compiled: bool | None = None):
        self.engine = engine
        self.lexicon = engine.lexicon
        self.rule = check_rule(rule)
        self.length = engine.lexicon.length
        self.n_patterns = engine.n_patterns
        # the guesses it plays: those chute suggests anywhere (neither rare nor offensive); any accepted word a
        # player types is still answered and graded
        suggested = engine.lexicon.suggested_rows
        self.every = np.arange(len(engine.lexicon.guesses)) if suggested is None else suggested.astype(np.int64)
        self._memo: dict[tuple, bool] = {}
        self.sets = 0  # sets whose partitions were measured (the search's work)
        self.compiled = compiled is not False  # the numpy twins only when a caller asks (the tests)
        self._scans = _scans(self.compiled)
        self.green = 3**self.length - 1  # the all-green code
        # the most colours any guess shows the answers: no larger set is won in two rows (a subset shows no more)
        self.most_parts = int(self.stats(np.arange(len(engine.lexicon.answers)), self.every)[1].max())

    # -- one set

    def stats(self, S: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Return, per guess of ``rows``, its largest bucket over the answer columns ``S`` and its number of
        buckets."""
        self.sets += 1
        worst = np.empty(len(rows), dtype=np.int64)
        parts = np.empty(len(rows), dtype=np.int64)
        self._scans.largest_bins(self.engine.matrix, rows, S, self.n_patterns, worst, parts)
        return worst, parts

    def splits(self, S: np.ndarray, rows: np.ndarray) -> bool:
        """Return whether some guess of ``rows`` shows every word of ``S`` its own colours (wins in two rows)."""
        self.sets += 1
        return bool(self._scans.splits(self.engine.matrix, rows, S, self.n_patterns))

    def buckets(self, row: int, S: np.ndarray) -> list[np.ndarray]:
        """Return the buckets a tie lets the adversary keep after guess ``row`` (answer columns, sorted)."""
        codes = self.engine.matrix[row, S]
        return [S[codes == c] for c in tied_buckets(codes, self.length)]

    def allowed(self, clues: Sequence[Clue]) -> np.ndarray:
        """Return the guess rows the rule allows after ``clues`` (every row in normal mode)."""
        rows = allowed_rows(self.engine, clues, self.rule) if self.rule else None
        return self.every if rows is None else np.intersect1d(rows, self.every, assume_unique=True)

    def wins_within(self, S: np.ndarray, d: int, clues: tuple[Clue, ...] = (), among: np.ndarray | None = None) -> bool:
        """Return whether some guess corners the adversary from ``S`` in at most ``d`` rows, whatever a tie keeps
        (``among``: the only guesses that may win in two rows, when the caller knows them)."""
        if len(S) == 1:
            return d >= 1
        if d <= 1 or d == 2 and len(S) > self.most_parts:
            return False
        key = (S.tobytes(), d, clues if self.rule else ())
        found = self._memo.get(key)
        if found is not None:
            return found
        rows = self.allowed(clues)
        if d == 2:
            won = self.splits(S, rows if among is None else np.intersect1d(among, rows) if self.rule else among)
        else:
            worst, parts = self.stats(S, rows)
            # a bucket won in two rows holds no more words than some guess shows it colours, and a guess shows a
            # bucket of S no more colours than it shows S: only those showing S as many may split it
            by_parts = rows[np.argsort(-parts, kind="stable")]
            fewer = np.sort(-parts)  # minus the parts, ascending
            cap = min(int(parts.max()), self.most_parts) if d == 3 else len(S) - 1
            order = np.lexsort((-parts, worst))
            if d == 3:
                cands = rows[order[: np.count_nonzero(worst <= cap)]]
                won = bool(self._corners_in_three(cands, S, by_parts, -fewer).any())
                self._memo[key] = won
                return won
            won = False
            for k in order.tolist():
                if worst[k] > cap:
                    break
                row = int(rows[k])
                next_clues = self._next(clues, row, S)
                if all(
                    self.wins_within(B, d - 1, next_clues(B), by_parts[: np.searchsorted(fewer, -len(B), side="right")])
                    for B in self.buckets(row, S)
                ):
                    won = True
                    break
        self._memo[key] = won
        return won

    # -- every opener (``search.prove`` settles them, journals them, spreads them over processes or a cluster)

    @property
    def all_rows(self) -> np.ndarray:
        """Return the openers: every guess it plays (``every``)."""
        return self.every

    def opener_bounds(self) -> tuple[np.ndarray, np.ndarray, list[list[int]]]:
        """Return per guess row the fewest rows it could need (the opener, then its largest bucket: 1 row for one
        word, 2 for no more words than a guess shows colours, else 3), the openers in the order to settle them (by
        that bound, then by their largest bucket, then by row), and each its own group."""
        S = np.arange(len(self.lexicon.answers))
        worst, parts = self.stats(S, self.every)
        least = np.where(worst == 1, 2, np.where(worst <= self.most_parts, 3, 4))
        bounds = np.full(len(self.lexicon.guesses), INF, dtype=np.int64)  # per guess row; others are no openers
        bounds[self.every] = least
        if len(S) == 1 and self.lexicon.answers[0] in self.lexicon.guess_index:  # the one answer: won in one row
            bounds[self.lexicon.guess_index[self.lexicon.answers[0]]] = 1
        order = np.lexsort((self.every, worst, least))
        return bounds, self.every[order], [[int(r)] for r in self.every[order].tolist()]

    def settle(self, row: int, cutoff: int) -> tuple[int, bool]:
        """Return (the fewest rows opener ``row`` needs, True) when fewer than ``cutoff``, else (``cutoff``, False):
        a bound that closes the opener."""
        S = np.arange(len(self.lexicon.answers))
        buckets = self.buckets(row, S)
        if len(S) == 1 and self.lexicon.answers[0] == self.lexicon.guesses[row]:
            return 1, True
        first = self._next((), row, S)
        for d in range(2, min(cutoff, MOST_ROWS + 1)):
            if all(self.wins_within(B, d - 1, first(B)) for B in buckets):
                return d, True
        return (cutoff, False) if cutoff <= MOST_ROWS else (INF, False)

    def _corners_in_three(
        self, cands: np.ndarray, S: np.ndarray, splitters: np.ndarray, parts: np.ndarray, every: bool = False
    ) -> np.ndarray:
        """Return which of ``cands`` leave every bucket of ``S`` split by a guess of ``splitters`` (those showing S
        the most colours first, ``parts`` how many) that the rule allows after them: a mask over ``cands``
        (``every``), else one entry, whether any does (the scan stops at the first)."""
        engine, length = self.engine, self.length
        wins = np.zeros(len(cands) if every else 1, dtype=np.uint8)
        if self.compiled:
            rule = {None: 0, "hard": 1, "strict": 2}[self.rule]
            self._scans.corners_in_three(
                engine.matrix, cands, S, self.n_patterns, self.green, splitters, parts, engine.guess_letters, rule, wins
            )
            return wins.astype(bool)
        rule_name = self.rule

        def allowed_after(among: np.ndarray, row: int, code: int) -> np.ndarray:
            clue = Clue(engine.lexicon.guesses[row], decode(code, length))
            return among[legal_mask(engine, clue, rule_name, among)] if rule_name else among

        self._scans.corners_in_three(
            engine.matrix,
            cands,
            S,
            self.n_patterns,
            self.green,
            splitters,
            parts,
            allowed_after if rule_name else None,
            wins,
        )
        return wins.astype(bool)

    def _next(self, clues: tuple[Clue, ...], row: int, S: np.ndarray) -> Callable[[np.ndarray], tuple[Clue, ...]]:
        """Return what the clues become once guess ``row`` kept bucket B (only hard mode reads them)."""
        if not self.rule:
            return lambda B: ()
        guess = self.engine.lexicon.guesses[row]
        return lambda B: (*clues, Clue(guess, decode(int(self.engine.matrix[row, B[0]]), self.length)))

    def rows_to_win(self, S: np.ndarray, clues: tuple[Clue, ...] = (), most: int = MOST_ROWS) -> int | None:
        """Return the fewest rows that corner the adversary from ``S`` (None: not within ``most``)."""
        for d in range(1, most + 1):
            if self.wins_within(S, d, clues):
                return d
        return None

    def ranked(self, S: np.ndarray, clues: tuple[Clue, ...] = (), top: int = 10) -> list[Cornered]:
        """Return the best ``top`` guesses from ``S``: those cornering the adversary in the fewest rows first (each
        robust to ties), then by their largest bucket; guesses are tried by their largest bucket, smallest first."""
        lexicon = self.engine.lexicon
        if len(S) == 1:
            return [Cornered(lexicon.answers[int(S[0])], 1, 1)]
        best = self.rows_to_win(S, clues)
        if best is None:
            raise ChuteError(f"no guess corners the adversary within {MOST_ROWS} rows")
        rows = self.allowed(clues)
        worst, parts = self.stats(S, rows)
        order = np.lexsort((-parts, worst))
        out: list[Cornered] = []
        if best <= 3:  # every guess that wins in ``best``, at once: they may be few among thousands
            if best == 2:
                won = order[worst[order] == 1]  # every bucket one word
            else:  # one compiled scan of every candidate
                by_parts, fewer = rows[np.argsort(-parts, kind="stable")], -np.sort(-parts)
                cands = order[: np.count_nonzero(worst <= min(int(parts.max()), self.most_parts))]
                won = cands[self._corners_in_three(rows[cands], S, by_parts, fewer, every=True)]
            out = [Cornered(lexicon.guesses[int(rows[k])], best, int(worst[k])) for k in won.tolist()]
            within: tuple[int, ...] = (best + 1,)
            rest = order[~np.isin(order, won)]  # then those one row more, if too few
        else:
            rest, within = order, (best, best + 1)
        for k in rest.tolist():
            # guesses come by their largest bucket: once the ``top``-th is at the fewest rows this search asks and
            # its bucket is smaller than this guess's, no later guess ranks above it
            first = sorted(out, key=lambda c: (c.rows, c.largest))[:top]
            if len(first) >= top and first[-1].rows <= within[0] and worst[k] > first[-1].largest:
                break
            need = self.rows_after(int(rows[k]), S, clues, within)
            if need is not None:
                out.append(Cornered(lexicon.guesses[int(rows[k])], need, int(worst[k])))
        out.sort(key=lambda c: (c.rows, c.largest, c.guess))
        return out[:top]

    def rows_after(self, row: int, S: np.ndarray, clues: tuple[Clue, ...], within: Iterable[int]) -> int | None:
        """Return the rows guess ``row`` needs to corner the adversary from ``S`` (itself included), the first of
        ``within`` it achieves whatever a tie keeps (None: none of them)."""
        nxt = self._next(clues, row, S)
        buckets = self.buckets(row, S)
        if len(S) == 1 and self.engine.lexicon.guesses[row] == self.engine.lexicon.answers[int(S[0])]:
            return next((rows for rows in within if rows >= 1), None)  # the last word guessed: cornered
        for rows in within:
            if all(self.wins_within(B, rows - 1, nxt(B)) for B in buckets):
                return rows
        return None


def _scans(compiled: bool) -> SimpleNamespace:
    """Return the search's scans: the compiled kernels, or their numpy twins."""
    if compiled:
        from ..kernels import adversary  # noqa: PLC0415 (numba: loaded on first use)

        return SimpleNamespace(
            largest_bins=adversary.largest_bins, splits=adversary.splits, corners_in_three=adversary.corners_in_three
        )
    return SimpleNamespace(
        largest_bins=twins.largest_bins_numpy, splits=twins.splits_numpy, corners_in_three=twins.corners_in_three_numpy
    )


def play_line(search: AbsurdleSearch, S: np.ndarray, opener: str, keep: TieRule = least_said) -> list[str]:
    """Return the guesses that corner the adversary from ``S`` opening with ``opener``, each the first ranked, the
    adversary keeping the bucket ``keep`` picks."""
    engine = search.engine
    lexicon = engine.lexicon
    guess, line = opener, [opener]
    clues: tuple[Clue, ...] = ()
    while True:
        row = lexicon.guess_index[guess]
        codes = engine.matrix[row, S]
        code = keep(tied_buckets(codes, search.length), search.length)
        if code == (3**search.length - 1):  # all green: cornered
            return line
        clue = Clue(guess, decode(code, search.length))
        S = S[codes == code]
        clues = (*clues, clue) if search.rule else ()
        guess = search.ranked(S, clues, top=1)[0].guess
        line.append(guess)
        if len(line) > MOST_ROWS:
            raise ChuteError("the line did not corner the adversary")


def answer_columns(engine: Engine, words: Iterable[str]) -> np.ndarray:
    """Return the answer columns of ``words`` (those the lists hold), sorted."""
    index = engine.lexicon.answer_index
    return np.array(sorted(index[w] for w in words if w in index), dtype=np.int64)
