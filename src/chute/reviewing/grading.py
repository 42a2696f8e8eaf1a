"""How a review grades a guess: the least expected guesses of candidate sets, and skill and luck.

``Grader`` gives the least total number of guesses that finishes every word
of a candidate set within the rows left, all words equally likely
(``tree_search``: exact, every guess tried, for at most ``EXACT_MAX`` words,
else the best a narrower search finds, ``REVIEW_TOP``); ``PriorGrader`` the least weighted
total under a prior (``weighted_search``: exact for at most
``PRIOR_EXACT_MAX`` words within ``PRIOR_NODES`` nodes a row, else the
weighted value of the tree found, and above ``PRIOR_FOUND_MAX`` words the
expected-guesses estimate).  ``OpenerTable`` keeps each opener's figures
over every answer in the cache, so no review searches an opener twice.
``skill_of`` and ``luck_of`` turn a guess's cost and its outcome into 0-99
grades (the formulas: ``verdict``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from importlib import resources
from typing import TYPE_CHECKING

import numpy as np

from ..arrays import distinct, intersection, union
from ..game.cache import table_name as named
from ..game.cache import write_cache_file
from ..game.engine import Engine
from ..game.feedback import encode
from ..language import Note
from ..playing.solver import DEFAULT_STRATEGY, Solver
from ..search.opener_search import search_opener
from ..search.tree_search import INF, OverBudget, TreeSearch
from ..search.weighted_search import WeightedSearch
from ..strategies.expected import expected_guesses, still_needed
from ..strategies.guard import LOSS_PER_ROW

if TYPE_CHECKING:
    from ..game.prior import Prior
    from ..search.tree import DecisionTree

EXACT_MAX = 100  # candidate sets up to this size are solved exactly (every guess tried)
PRIOR_EXACT_MAX = 40  # the same under a prior (the weighted search is plain Python: smaller sets) ...
PRIOR_NODES = 400  # ... within this many nodes per row (Termo's thousands of unlikely words prune badly)
PRIOR_FOUND_MAX = 300  # under a prior, larger sets are estimated (a tree search over them takes seconds)
# Guesses tried per node when a set too large to solve exactly is searched in normal mode (an opener
# never reviewed, the hundreds of words a poor opener leaves).  Chosen against the default search's
# (200, 30, 10, 4, 2) on 30 random Wordle openers and 16 Termo ones (seed 5, chute's own lists): the
# same totals for 41 of the 46, at most a guess or three more over every answer for 5, in a third of
# the time.  Not in hard modes, where it found no tree within the rows for 2 of 12 Wordle openers that
# the default search finishes.
REVIEW_TOP = (50, 10, 4, 2)
# (Candidate, guess) pairs one row's exact searches may scan before the row falls back to ``REVIEW_TOP``'s
# search and is no longer exact: twenty times what the most demanding of 40 random reviews (seed 1, every
# game mode, common openers) scanned, so a poor row's set (the 94 words BERET leaves for RAVEN) cannot hold
# a review for long where the narrower search finds the same total at once.
REVIEW_CELLS = 300_000_000
INF_F = math.inf
SKILL_HALF = 0.25  # guesses lost on average that halve the skill
SKILL_BEST = 99  # the skill of the best move


def mean_grade(grades: Iterable[int | None]) -> int | None:
    """Return the rounded mean of the grades given (a game's skill or luck over its rows), None when none is."""
    known = [x for x in grades if x is not None]
    return int(round(sum(known) / len(known))) if known else None


def skill_of(cost: float | None) -> int | None:
    """Return the 0-99 skill of a guess that cost ``cost`` guesses on average (None: not graded)."""
    if cost is None:
        return None
    if math.isinf(cost):
        return 0
    return int(round(SKILL_BEST * 2 ** (-max(cost, 0.0) / SKILL_HALF)))


def luck_of(values: Sequence[float], weights: Sequence[float], seen: float) -> int:
    """Return the 0-99 luck of an outcome worth ``seen`` among outcomes worth ``values`` (lower is better)."""
    total = float(sum(weights))
    worse = sum(w for v, w in zip(values, weights) if v > seen + 1e-9)
    equal = sum(w for v, w in zip(values, weights) if abs(v - seen) <= 1e-9)
    return int(round(99 * (worse + equal / 2) / total)) if total else 50


def rows_by_answer(tree: DecisionTree, engine: Engine) -> dict[str, int]:
    """Return, per answer, how many clues the tree's game against it shows (``len(tree.play(answer))``), from
    the engine's codes: the answers split down the tree once, where ``play`` scores each answer again at
    every node it passes."""
    answers = engine.lexicon.answers
    index = engine.lexicon.guess_index
    most = max(tree.rows, 1) * 4  # ``play``'s bound on a game
    found: dict[str, int] = {}
    stack = [(tree.root, np.arange(len(answers)), 1)]
    while stack:
        node, S, depth = stack.pop()
        codes = engine.row_codes(index[node.guess], S)
        children = {encode(p): child for p, child in node.children.items()}
        for code in distinct(codes).tolist():
            sub = S[codes == code]
            child = children.get(code)
            if code == engine.solved or child is None or depth == most:
                found.update((answers[c], depth) for c in sub.tolist())  # found, or off the tree
            else:
                stack.append((child, sub, depth + 1))
    return {a: found[a] for a in answers}


class Grader:
    """Least totals of candidate sets for one engine, rule and row limit (memoised, exact when small)."""

    def __init__(self, engine: Engine, rows: int, rule: str | None):
        self.engine = engine
        self.rows = rows
        self.rule = rule
        self.exact = TreeSearch(engine, rows=rows, rule=rule, exact=True)
        self.fast = TreeSearch(engine, rows=rows, rule=rule, top=REVIEW_TOP if rule is None else None)
        self.solved = self.fast.solved
        self.over = False  # this row's exact searches went past ``REVIEW_CELLS``
        # (candidate set, rows left) -> (guess row, least total) of the sets an opener leaves, read from the
        # opener table: what ``best`` would search for again in every new process (a second review of FUZZY's
        # game searched its 1,352 words again)
        self.found: dict[tuple[bytes, int], tuple[int, int]] = {}

    def searcher(self, n: int) -> TreeSearch:
        """Return the search for a set of ``n`` candidates: exact when small (and the row within its budget)."""
        return self.exact if self.exact_for(n) else self.fast

    def search_rows(self) -> np.ndarray | None:
        """Return the guess rows its searches play where no rule narrows them (None: every guess): the words
        chute suggests and the answers, so a hard mode's allowed sets are those the opener's search used."""
        return None if self.fast._every_row else self.fast.all_rows

    def exact_for(self, n: int) -> bool:
        """Return whether a set of ``n`` candidates is solved exactly (this row within ``REVIEW_CELLS``)."""
        return n <= EXACT_MAX and not self.over

    def start_row(self) -> None:
        """Give the next row's exact searches their own budget of cells."""
        self.over = False
        self.exact.budget = self.exact.cells + REVIEW_CELLS

    def _within_budget(self, run):
        """Return run(), or, once the row's exact searches pass their budget, run() again with the fast search."""
        try:
            return run()
        except OverBudget:
            self.over = True  # the memo keeps only finished sets: the searches stay sound
            return run()

    @staticmethod
    def mass(S: np.ndarray) -> float:
        """Return the weight of a candidate set (every answer weighs 1)."""
        return float(len(S))

    def hit_mass(self, g: int, S: np.ndarray) -> float:
        """Return the weight of guess row ``g`` among the candidates (1 when it is one, else 0)."""
        return 1.0 if self.engine.lexicon.guesses[g] in {self.engine.lexicon.answers[c] for c in S.tolist()} else 0.0

    def total(self, S: np.ndarray, r: int, allowed: np.ndarray | None) -> int:
        """Return the least total guesses for the answer columns ``S`` with ``r`` rows left."""
        return self._within_budget(lambda: self._total(S, r, allowed))

    def _total(self, S: np.ndarray, r: int, allowed: np.ndarray | None) -> int:
        """Return ``total`` by the search the set and the row's budget call for."""
        search = self.searcher(len(S))
        return search.solve(S, r, allowed, INF, search._akey(allowed))

    def best(self, S: np.ndarray, r: int, allowed: np.ndarray | None) -> tuple[int, int]:
        """Return (guess row, least total) for the set."""
        if allowed is None and (S.tobytes(), r) in self.found:
            return self.found[(S.tobytes(), r)]

        def run() -> tuple[int, int]:
            search = self.searcher(len(S))
            total = self._total(S, r, allowed)
            if total >= INF:
                return -1, INF
            return search._guess_of(S, r, allowed, search._akey(allowed)), total

        return self._within_budget(run)

    def outcomes(self, g: int, S: np.ndarray, r: int, allowed: np.ndarray | None) -> list[tuple[int, int, int]]:
        """Return (code, size, least total after it) for every bin guess row ``g`` leaves (the solved bin: 0)."""
        return self._within_budget(lambda: self._outcomes(g, S, r, allowed))

    def _outcomes(self, g: int, S: np.ndarray, r: int, allowed: np.ndarray | None) -> list[tuple[int, int, int]]:
        """Return ``outcomes`` by the searches the sets and the row's budget call for."""
        search = self.searcher(len(S))
        words, starts, codes = search.split(g, S)
        out = []
        for i in range(len(codes)):
            sub = np.sort(words[starts[i] : starts[i + 1]])
            code = int(codes[i])
            if code == search.solved:
                out.append((code, len(sub), 0))
                continue
            child = search._child_allowed(allowed, g, code)
            sub_search = self.searcher(len(sub))
            out.append((code, len(sub), sub_search.solve(sub, r - 1, child, INF, sub_search._akey(child))))
        return out


class PriorGrader:
    """Least weighted totals under a prior (``weighted_search``): exact for small sets, else the best found.

    The engine's matrix columns are the prior's words.  The opening, over every
    word of the prior, is estimated by ``expected-guesses``' formula E(g) (no
    tree over thousands of weighted words is searched in a review); the best
    opener is the one of least E (the default policy's ranking; where it plans,
    in hard modes and Termo, the policy itself opens with the best proven
    tree's opener, ``Solver``).
    """

    def __init__(self, engine: Engine, prior: Prior, rows: int, rule: str | None, base: Engine | None = None):
        self.engine = engine
        self.prior = prior
        self.rows = rows
        self.rule = rule
        self.base = base or engine
        self.search = WeightedSearch(engine, prior.probabilities(), rows, rule, loss=rows * LOSS_PER_ROW)
        self.solved = self.search.solved
        self.over = False
        # the guesses a best move is sought among: under a prior every word is a candidate, but a word
        # chute never suggests (a dictionary's rare word: RÍTON) is played only while it is one
        lexicon = engine.lexicon
        suggested = lexicon.suggested_rows
        self.playable = (
            None
            if suggested is None
            else union(suggested, [lexicon.guess_index[w] for w in lexicon.answer_list]).astype(np.int32)
        )

    def _rows(self, S: np.ndarray, allowed: np.ndarray | None) -> np.ndarray | None:
        """Return the guess rows a search from ``S`` may play: the legal ones chute suggests, and S's candidates."""
        if self.playable is None:
            return allowed
        rows = self.playable if allowed is None else intersection(allowed, self.playable)
        own = self.search.tree.ans_rows[S]
        if allowed is not None:
            own = intersection(own, allowed)
        return union(rows, own).astype(np.int32)

    @staticmethod
    def search_rows() -> None:
        """Return None: every guess may be allowed, ``_rows`` keeps those a search plays (the candidates too)."""
        return None

    def exact_for(self, n: int) -> bool:
        """Return whether a set of ``n`` candidates is searched exactly (within ``PRIOR_NODES`` nodes per row)."""
        return n <= PRIOR_EXACT_MAX and not self.over

    def start_row(self) -> None:
        """Give the next row's exact search its own node budget."""
        self.over = False
        self.search.nodes = 0

    def _exactly(self, run, otherwise):
        """Return run() within the row's node budget, else otherwise() (and the row is no longer exact)."""
        if self.exact_for(0):
            self.search.budget = PRIOR_NODES
            try:
                return run()
            except OverBudget:
                self.over = True
            finally:
                self.search.budget = None
        return otherwise()

    def mass(self, S: np.ndarray) -> float:
        """Return the prior's weight of a candidate set."""
        return self.search.mass(S)

    def hit_mass(self, g: int, S: np.ndarray) -> float:
        """Return the prior's weight of guess row ``g`` among the candidates (0 when it is not one)."""
        col = self.engine.lexicon.answer_index.get(self.engine.lexicon.guesses[g])
        return self.mass(np.array([col])) if col is not None and col in set(S.tolist()) else 0.0

    def best(self, S: np.ndarray, r: int, allowed: np.ndarray | None) -> tuple[int, float]:
        """Return (guess row, weighted total) of the best guess (exact when small, else the best found)."""
        search = self.search
        allowed = self._rows(S, allowed)

        def found() -> tuple[int, float]:
            total = search.found(S, r, allowed)
            return (-1, INF_F) if math.isinf(total) else (search.found_guess(S, r, allowed), total)

        return self._exactly(lambda: search.best(S, r, allowed), found) if len(S) <= PRIOR_EXACT_MAX else found()

    def outcomes(self, g: int, S: np.ndarray, r: int, allowed: np.ndarray | None) -> list[tuple[int, float, float]]:
        """Return (code, weight, weighted total after it) for every bin guess row ``g`` leaves."""
        search = self.search
        allowed = self._rows(S, allowed)
        if len(S) <= PRIOR_EXACT_MAX:
            return self._exactly(
                lambda: search.outcomes(g, S, r, allowed, True), lambda: search.outcomes(g, S, r, allowed, False)
            )
        return search.outcomes(g, S, r, allowed, False)

    def opening(self, g: int) -> tuple[float, int, float, list[tuple[int, float, float]]]:
        """Return the opening's estimate: (E of guess row g, the row of the opener of least E, its E, bins).

        The bins are (code, weight, weight x f(H)), as ``estimate``'s.
        """
        best_word = Solver(self.base, DEFAULT_STRATEGY, hard=self.rule, prior=self.prior).openers(1)[0].guess
        S = np.arange(len(self.engine.lexicon.answers), dtype=np.int32)
        return self.estimate(g, S, np.array([self.engine.lexicon.guess_index[best_word]]))

    def estimate(
        self, g: int, S: np.ndarray, rows: np.ndarray
    ) -> tuple[float, int, float, list[tuple[int, float, float]]]:
        """Return (E of guess row g, the row of least E among ``rows``, its E, bins as (code, weight, weight x f(H))).

        E is ``expected-guesses``' formula over the candidates' prior, for sets
        too large to search in a review.
        """
        w = self.search.weights[S]
        p = w / w.sum()
        e = expected_guesses(self.engine.codes(rows, (), cols=S), p, self.search.tree.P, self.solved)
        i = int(np.lexsort((rows, np.round(e, 12)))[0])
        best_row, best_e = int(rows[i]), float(e[i])
        codes = self.engine.row_codes(g, S)
        own = float(expected_guesses(codes[None, :], p, self.search.tree.P, self.solved)[0])
        bins = []
        for code in distinct(codes).tolist():
            q = w[codes == code]
            m = float(q.sum())
            if code == self.solved:
                bins.append((code, m, 0.0))
                continue
            share = q[q > 0] / m
            h = float(-(share * np.log2(share)).sum())
            bins.append((code, m, m * float(still_needed(np.array([h]))[0])))
        return own, best_row, best_e, bins

    def guess_rows(self, S: np.ndarray, allowed: np.ndarray | None) -> np.ndarray:
        """Return the guess rows a best guess is chosen among: the legal ones chute suggests, and S's candidates."""
        rows = self._rows(S, allowed)
        return rows if rows is not None else self.search.tree.all_rows


class OpenerTable:
    """Per-opener figures over every answer (total and bins), and the rows the best tree needs per answer.

    Kept in the cache folder beside the matrix (atomic writes, checked on
    load), so a review never searches an opener twice: the first review of a
    game opened with a new word searches that opener once (BENCHMARKS.md,
    "Reviews").  The best guess
    found for each set too large to solve exactly is kept too, so the second
    row of a later review need not search that set again.  For the bundled
    lists chute ships the entries of the openers players use most
    (``data/review/``, made by ``scripts/build_reviews.py``): a first review of
    a game opened with one of them searches nothing large and compiles nothing.
    """

    VERSION = 3  # 2: normal mode searched with REVIEW_TOP (every entry from one search, on every machine);
    # 3: the best guess of each large set an opener leaves

    def __init__(self, grader: Grader, notify: Callable[[Note], None] | None = None):
        self.grader = grader
        self.notify = notify  # hears a note before an opener's first search (seconds)
        engine = grader.engine
        self.path = None
        self.name = table_name(engine.lexicon, grader.rule, grader.rows)
        if engine.cache_dir is not None:
            self.path = engine.cache_dir / self.name
        self.data = self._load()
        self.shipped = self._parse(_shipped_text(self.name))

    def _load(self) -> dict:
        """Return the stored table, or an empty one when missing, damaged or for other lists."""
        if self.path is None:
            return self._parse(None)
        try:
            return self._parse(self.path.read_text(encoding="utf-8"))
        except OSError:
            return self._parse(None)

    def _parse(self, text: str | None) -> dict:
        """Return the table a file's text holds, or an empty one when there is none, damaged or for other lists."""
        empty = {"version": self.VERSION, "key": self.grader.engine.lexicon.key, "openers": {}, "rows": {}}
        if text is None:
            return empty
        try:
            data = json.loads(text)
            if (
                data.get("version") != self.VERSION
                or data.get("key") != empty["key"]
                or not isinstance(data.get("openers"), dict)
                or not isinstance(data.get("rows"), dict)
            ):
                return empty
            return data
        except (ValueError, AttributeError, RecursionError):
            return empty

    def _save(self) -> None:
        """Store the table (atomically; a cache that cannot be written is only a warning)."""
        if self.path is not None:
            write_cache_file(self.path, json.dumps(self.data).encode())

    def opener(self, word: str, say: bool = True) -> tuple[int, list[tuple[int, int, int]]]:
        """Return (total, bins as (code, size, total)) of an opener over every answer (the grader told each large
        bin's best guess); ``say``: announce a first search to ``notify`` (the player's opening)."""
        found = self.data["openers"].get(word) or self.shipped["openers"].get(word)
        try:
            if found is not None:
                total, bins = int(found["total"]), [(int(c), int(n), int(t)) for c, n, t in found["bins"]]
                self._tell(word, bins, found.get("best", {}))
                return total, bins
        except (KeyError, TypeError, ValueError, AttributeError):
            pass
        grader = self.grader
        if say and self.notify is not None:
            self.notify(Note("first_opening", word=grader.engine.lexicon.show(word).upper()))
        result = search_opener(grader.fast, word)
        S = np.arange(len(grader.engine.lexicon.answers), dtype=np.int32)
        g = grader.engine.lexicon.guess_index[word]
        bins = grader.outcomes(g, S, grader.rows, None)
        best = {}
        codes = grader.engine.row_codes(g, S)
        for code, size, total in bins:
            # a large set of normal mode, searched by the fast search: its guess is in the search's memo
            # (hard modes: the next row's legal guesses differ, and ``best`` is asked with them)
            if grader.rule is None and size > EXACT_MAX and total < INF:
                sub = S[codes == code]
                best[str(code)] = grader.engine.lexicon.guesses[grader.fast._guess_of(sub, grader.rows - 1, None, b"")]
        self.data["openers"][word] = {"total": int(result.total), "bins": [list(b) for b in bins], "best": best}
        if word not in self.data["rows"] and result.tree is not None:
            self.data["rows"][word] = rows_by_answer(result.tree, grader.engine)
        self._save()
        return int(result.total), bins

    def _tell(self, word: str, bins: list[tuple[int, int, int]], best: dict) -> None:
        """Give the grader the stored best guess and total of each large set the opener leaves."""
        grader = self.grader
        lexicon = grader.engine.lexicon
        totals = {code: (size, total) for code, size, total in bins}
        S = np.arange(len(lexicon.answers), dtype=np.int32)
        codes = grader.engine.row_codes(lexicon.guess_index[word], S)
        for code, guess in best.items():
            size, total = totals.get(int(code), (0, INF))
            sub = S[codes == int(code)]
            if guess in lexicon.guess_index and len(sub) == size > EXACT_MAX and total < INF:
                grader.found[(sub.tobytes(), grader.rows - 1)] = (lexicon.guess_index[guess], total)

    def rows_needed(self, opener: str, answer: str) -> int | None:
        """Return the rows the opener's best tree takes to find an answer."""
        rows = self.data["rows"].get(opener) or self.shipped["rows"].get(opener)
        if not isinstance(rows, dict):
            self.data["openers"].pop(opener, None)
            self.shipped["openers"].pop(opener, None)
            self.opener(opener, say=False)
            rows = self.data["rows"].get(opener, {})
        value = rows.get(answer)
        return int(value) if isinstance(value, int) else None


def table_name(lexicon, rule: str | None, rows: int) -> str:
    """Return the file name of the opener table of these lists, rule and rows (and the words chute plays:
    a table's best guesses are words it suggests)."""
    return named("review", lexicon, rule, rows)


def _shipped_text(name: str) -> str | None:
    """Return the text of the opener table chute ships under this name (None: none)."""
    try:
        return resources.files("chute").joinpath("data", "review", name).read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None
