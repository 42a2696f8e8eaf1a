"""The verdict on a finished game: every guess graded against the best play, with skill and luck.

For each row, over the candidates left before it (uniform over the answer
list, the prior of ``chute tree``), a guess is worth the expected number of
guesses needed to finish with optimal play after it, counting itself:
``1 + (sum over the bins it leaves of f(bin)) / n``, where ``f(S)`` is the
least total number of guesses that finishes every word of ``S`` within the
rows left (``tree_search``; the bin the guess solves costs nothing more).
The best guess is worth ``f(S) / n``; the difference is what the guess cost.

Values are exact (proven: every guess tried) when at most ``EXACT_MAX``
candidates are left, otherwise the best found by the default search and the
row says so.  The first row compares the opener played with the best opener
known for the bundled lists (``data/best_openers.json``), so no review ever
searches every opener.

Under a prior (``review(..., prior=)``, ``chute review --prior frequency``)
the answers are not equally likely: every total above becomes a weighted
total, ``sum of w(c) x guesses``, divided by the candidates' weight
(``PriorGrader``, ``weighted_search``).  Values are exact with at most
``PRIOR_EXACT_MAX`` candidates, otherwise the weighted value of the tree the
equal-weights search finds (a strategy that exists: an upper bound); the
opening, over every word of the prior, is estimated by the expected-guesses
formula against the opener the default policy plays, and says so.  The row
limit is a cost there, not a wall: a word not found in time counts
``LOSS_PER_ROW`` x rows guesses after the last row (a lost Wordle game weighs
12), so a guess that risks an unlikely word is worth what the risk costs.

Skill and luck, 0 to 99, per row and for the game (the mean of the rows):

- skill = 99 x 2^(-cost / SKILL_HALF): an optimal guess is 99, and every
  quarter of a guess lost on average halves it (0 for a guess that risks
  running out of rows where the best did not);
- luck = 99 x (P(an outcome worse than the one seen) + P(an equally good one) / 2),
  over the outcomes the guess could have shown, each weighted by its
  probability and judged by the expected guesses it leaves.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from .engine import Engine
from .errors import ChuteError
from .feedback import Clue, encode, score
from .files import excerpt
from .language import Note, decimal, phrase, said
from .openers import best_known
from .rules import legal_mask, violation_note
from .strategies.guard import LOSS_PER_ROW
from .tree_search import INF, TreeSearch
from .weighted_search import OverBudget
from .words import fold, is_word

if TYPE_CHECKING:
    from .prior import Prior

EXACT_MAX = 100            # candidate sets up to this size are solved exactly (every guess tried)
PRIOR_EXACT_MAX = 40       # the same under a prior (the weighted search is plain Python: smaller sets) ...
PRIOR_NODES = 400          # ... within this many nodes per row (Termo's thousands of unlikely words prune badly)
PRIOR_FOUND_MAX = 300      # under a prior, larger sets are estimated (a tree search over them takes seconds)
INF_F = math.inf
SKILL_HALF = 0.25          # guesses lost on average that halve the skill
SHOW_WORDS = 12            # candidates listed by name when at most this many are left

@dataclass
class RowReview:
    """One graded row: the guess, its colours, the candidates around it, its value against the best."""

    guess: str
    pattern: str
    before: int                          # candidates before the guess
    after: int                           # candidates after it
    words_before: list[str]              # named when few
    words_after: list[str]
    value: float | None                  # expected guesses to finish after playing it (counting it)
    best: str | None                     # the best guess here
    best_value: float | None
    exact: bool                          # values proven (every guess tried), else the best found
    skill: int | None
    luck: int | None
    could_be_answer: bool
    violation: str | None = None         # the hard-mode rule it broke (a Note: it can say itself in Portuguese)
    note: tuple[str, dict] | None = None # a comment that replaces the grade: (key of language.PHRASES, its values)
    estimated: bool = False              # values from the expected-guesses formula, not a tree (an opening under a prior)

    def violation_text(self, lang: str = "en") -> str | None:
        """Return the hard-mode rule the guess broke, in ``lang`` (None if it broke none)."""
        return None if self.violation is None else said(self.violation, lang)

    @property
    def cost(self) -> float | None:
        """Return what the guess cost against the best, in guesses on average (None: not graded)."""
        if self.value is None or self.best_value is None:
            return None
        return max(0.0, self.value - self.best_value)

    def comment(self, lang: str = "en", show=None) -> str:
        """Return a one-line comment on the row, in English or Brazilian Portuguese (``lang`` "pt")."""
        show = show or (lambda w: w)
        def say(key: str, **values) -> str:
            return phrase(key, lang, **{k: show(v).upper() if isinstance(v, str) else v for k, v in values.items()})
        if self.note:
            return say(self.note[0], **self.note[1])
        if self.before == 1:
            if self.pattern == "g" * len(self.pattern):
                return say("only_left")
            return say("was_only_left", word=self.words_before[0]) if self.words_before else say("one_left")
        if self.cost is None or self.best is None:
            return say("not_graded")
        if math.isinf(self.cost):
            return say("risked", best=self.best)
        if self.cost < 1e-9:
            return say("best" if self.exact else "best_found")
        return say("cost", amount=decimal(self.cost, 2 if self.cost >= 0.01 else 3, lang), best=self.best)

    def to_dict(self, show=None, lang: str = "en") -> dict[str, Any]:
        """Return the row as a JSON-ready dict (words spelt by ``show``, the comment in ``lang``)."""
        show = show or (lambda w: w)
        def num(x):
            return None if x is None else (None if math.isinf(x) else round(x, 4))
        return {"guess": show(self.guess), "pattern": self.pattern, "before": self.before, "after": self.after,
                "words_before": [show(w) for w in self.words_before],
                "words_after": [show(w) for w in self.words_after],
                "value": num(self.value), "best": None if self.best is None else show(self.best),
                "best_value": num(self.best_value), "cost": num(self.cost), "exact": self.exact,
                "estimated": self.estimated,
                "skill": self.skill, "luck": self.luck, "could_be_answer": self.could_be_answer,
                "violation": self.violation_text(lang), "comment": self.comment(lang, show)}


@dataclass
class Review:
    """A whole game's review: the rows, the verdict, and what optimal play does."""

    answer: str
    rows: list[RowReview]
    row_limit: int
    rule: str | None
    solved: bool
    skill: int | None
    luck: int | None
    optimal_rows: int | None = None          # rows the optimal strategy needs for this answer
    optimal_mean: float | None = None        # its mean over every answer
    optimal_opener: str | None = None
    notes: list[str] = field(default_factory=list)

    def to_dict(self, show=None, lang: str = "en") -> dict[str, Any]:
        """Return the review as a JSON-ready dict (comments in ``lang``: "en" or "pt")."""
        show = show or (lambda w: w)
        return {"answer": show(self.answer), "solved": self.solved, "rows_used": len(self.rows),
                "row_limit": self.row_limit, "rule": self.rule, "skill": self.skill, "luck": self.luck,
                "optimal": {"opener": None if self.optimal_opener is None else show(self.optimal_opener),
                            "rows_for_this_answer": self.optimal_rows,
                            "mean": None if self.optimal_mean is None else round(self.optimal_mean, 4)},
                "rows": [r.to_dict(show, lang) for r in self.rows], "notes": [said(n, lang) for n in self.notes]}


def skill_of(cost: float | None) -> int | None:
    """Return the 0-99 skill of a guess that cost ``cost`` guesses on average (None: not graded)."""
    if cost is None:
        return None
    if math.isinf(cost):
        return 0
    return int(round(99 * 2 ** (-max(cost, 0.0) / SKILL_HALF)))


def luck_of(values: Sequence[float], weights: Sequence[float], seen: float) -> int:
    """Return the 0-99 luck of an outcome worth ``seen`` among outcomes worth ``values`` (lower is better)."""
    total = float(sum(weights))
    worse = sum(w for v, w in zip(values, weights) if v > seen + 1e-9)
    equal = sum(w for v, w in zip(values, weights) if abs(v - seen) <= 1e-9)
    return int(round(99 * (worse + equal / 2) / total)) if total else 50


class Grader:
    """Least totals of candidate sets for one engine, rule and row limit (memoised, exact when small)."""

    def __init__(self, engine: Engine, rows: int, rule: str | None):
        self.engine = engine
        self.rows = rows
        self.rule = rule
        self.exact = TreeSearch(engine, rows=rows, rule=rule, exact=True)
        self.fast = TreeSearch(engine, rows=rows, rule=rule)
        self.solved = self.fast.solved

    def searcher(self, n: int) -> TreeSearch:
        """Return the search for a set of ``n`` candidates: exact when small."""
        return self.exact if n <= EXACT_MAX else self.fast

    def exact_for(self, n: int) -> bool:
        """Return whether a set of ``n`` candidates is solved exactly."""
        return n <= EXACT_MAX

    def start_row(self) -> None:
        """Nothing to reset: the equal-weights searches have no node budget."""

    @staticmethod
    def mass(S: np.ndarray) -> float:
        """Return the weight of a candidate set (every answer weighs 1)."""
        return float(len(S))

    def hit_mass(self, g: int, S: np.ndarray) -> float:
        """Return the weight of guess row ``g`` among the candidates (1 when it is one, else 0)."""
        return 1.0 if self.engine.lexicon.guesses[g] in {self.engine.lexicon.answers[c] for c in S.tolist()} else 0.0

    def total(self, S: np.ndarray, r: int, allowed: np.ndarray | None) -> int:
        """Return the least total guesses for the answer columns ``S`` with ``r`` rows left."""
        search = self.searcher(len(S))
        return search.solve(S, r, allowed, INF, search._akey(allowed))

    def best(self, S: np.ndarray, r: int, allowed: np.ndarray | None) -> tuple[int, int]:
        """Return (guess row, least total) for the set."""
        search = self.searcher(len(S))
        total = self.total(S, r, allowed)
        if total >= INF:
            return -1, INF
        return search._guess_of(S, r, allowed, search._akey(allowed)), total

    def outcomes(self, g: int, S: np.ndarray, r: int, allowed: np.ndarray | None) -> list[tuple[int, int, int]]:
        """Return (code, size, least total after it) for every bin guess row ``g`` leaves (the solved bin: 0)."""
        search = self.searcher(len(S))
        words, starts, codes = search._kernels().split(search.M, g, S, search.solved, search.P)
        out = []
        for i in range(len(codes)):
            sub = np.sort(words[starts[i]:starts[i + 1]])
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

    def __init__(self, engine: Engine, prior: "Prior", rows: int, rule: str | None, base: Engine | None = None):
        from .weighted_search import WeightedSearch
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
        self.playable = (None if suggested is None else
                         np.union1d(suggested, [lexicon.guess_index[w] for w in lexicon.answer_list]).astype(np.int32))

    def _rows(self, S: np.ndarray, allowed: np.ndarray | None) -> np.ndarray | None:
        """Return the guess rows a search from ``S`` may play: the legal ones chute suggests, and S's candidates."""
        if self.playable is None:
            return allowed
        rows = self.playable if allowed is None else np.intersect1d(allowed, self.playable)
        own = self.search.tree.ans_rows[S]
        if allowed is not None:
            own = np.intersect1d(own, allowed)
        return np.union1d(rows, own).astype(np.int32)

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
            return self._exactly(lambda: search.outcomes(g, S, r, allowed, True),
                                 lambda: search.outcomes(g, S, r, allowed, False))
        return search.outcomes(g, S, r, allowed, False)

    def opening(self, g: int) -> tuple[float, int, float, list[tuple[int, float, float]]]:
        """Return the opening's estimate: (E of guess row g, the row of the opener of least E, its E, bins).

        The bins are (code, weight, weight x f(H)), as ``estimate``'s.
        """
        from .solver import DEFAULT_STRATEGY, Solver
        best_word = Solver(self.base, DEFAULT_STRATEGY, hard=self.rule, prior=self.prior).openers(1)[0].guess
        S = np.arange(len(self.engine.lexicon.answers), dtype=np.int32)
        return self.estimate(g, S, np.array([self.engine.lexicon.guess_index[best_word]]))

    def estimate(self, g: int, S: np.ndarray, rows: np.ndarray) -> tuple[float, int, float, list[tuple[int, float, float]]]:
        """Return (E of guess row g, the row of least E among ``rows``, its E, bins as (code, weight, weight x f(H))).

        E is ``expected-guesses``' formula over the candidates' prior, for sets
        too large to search in a review.
        """
        from .strategies.expected import expected_guesses, still_needed
        w = self.search.weights[S]
        p = w / w.sum()
        e = expected_guesses(self.engine.matrix[np.ix_(rows, S)], p, self.search.tree.P, self.solved)
        i = int(np.lexsort((rows, np.round(e, 12)))[0])
        best_row, best_e = int(rows[i]), float(e[i])
        own = float(expected_guesses(self.engine.matrix[np.ix_([g], S)], p, self.search.tree.P, self.solved)[0])
        codes = self.engine.matrix[g, S]
        bins = []
        for code in np.unique(codes).tolist():
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
    game opened with a new word searches that opener once (about a second
    for Wordle).
    """

    VERSION = 1

    def __init__(self, grader: Grader):
        self.grader = grader
        engine = grader.engine
        self.path = None
        if engine.cache_dir is not None:
            tag = f"{engine.lexicon.key[:32]}-{grader.rule or 'normal'}-{grader.rows}"
            self.path = engine.cache_dir / f"review-{tag}.json"
        self.data = self._load()

    def _load(self) -> dict:
        """Return the stored table, or an empty one when missing, damaged or for other lists."""
        empty = {"version": self.VERSION, "key": self.grader.engine.lexicon.key, "openers": {}, "rows": {}}
        if self.path is None:
            return empty
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if (data.get("version") != self.VERSION or data.get("key") != empty["key"]
                    or not isinstance(data.get("openers"), dict) or not isinstance(data.get("rows"), dict)):
                return empty
            return data
        except (OSError, ValueError, AttributeError, RecursionError):
            return empty

    def _save(self) -> None:
        """Store the table (atomically; a cache that cannot be written is only a warning)."""
        if self.path is not None:
            from .engine import atomic_write
            atomic_write(self.path, json.dumps(self.data).encode())

    def opener(self, word: str) -> tuple[int, list[tuple[int, int, int]]]:
        """Return (total, bins as (code, size, total)) of an opener over every answer."""
        found = self.data["openers"].get(word)
        try:
            if found is not None:
                return int(found["total"]), [(int(c), int(n), int(t)) for c, n, t in found["bins"]]
        except (KeyError, TypeError, ValueError):
            pass
        grader = self.grader
        result = grader.fast.search_opener(word)
        S = np.arange(len(grader.engine.lexicon.answers), dtype=np.int32)
        bins = grader.outcomes(grader.engine.lexicon.guess_index[word], S, grader.rows, None)
        self.data["openers"][word] = {"total": int(result.total), "bins": [list(b) for b in bins]}
        if word not in self.data["rows"] and result.tree is not None:
            self.data["rows"][word] = {a: len(result.tree.play(a)) for a in grader.engine.lexicon.answers}
        self._save()
        return int(result.total), bins

    def rows_needed(self, opener: str, answer: str) -> int | None:
        """Return the rows the opener's best tree takes to find an answer."""
        if opener not in self.data["rows"]:
            self.data["openers"].pop(opener, None)
            self.opener(opener)
        value = self.data["rows"].get(opener, {}).get(answer)
        return int(value) if isinstance(value, int) else None


def review(engine: Engine, guesses: Sequence[str], answer: str, rows: int = 6, rule: str | None = None,
           prior: "Prior | None" = None) -> Review:
    """Return the review of a one-board game: ``guesses`` played in order against ``answer``.

    Every guess and the answer must be words of the lists' length.  Values
    are graded over the answer list (uniform), or under ``prior`` when it
    reaches beyond it (``PriorGrader``).  Without a prior, a game whose answer
    is off the answer list (the game's lists have drifted) is graded under the
    default policy's prior, where every accepted word can be the answer, and
    says so.  An answer outside the words graded (a word chute does not know,
    or one outside the prior given) is not held against the player: a row is
    graded while some word graded fits the clues before it (what the player
    could know), its luck while one shows the colours seen.
    """
    word = _checked_word(answer, engine.lexicon, "the answer")
    notes: list[str] = []
    prior, widened = _grading_prior(engine.lexicon, [word], prior)
    if widened is not None:
        notes.append(widened)
    weighted = prior is not None and prior.widens
    if weighted:
        engine, base = Engine.build(engine.lexicon.widened(prior.words), cache=engine.cache_dir is not None), engine
    lexicon = engine.lexicon
    played = [_checked_word(g, lexicon, "guess") for g in guesses]
    if not played:
        raise ChuteError("no guesses to review")
    if word in played:
        played = played[:played.index(word) + 1]
    answers = lexicon.answers
    grader = PriorGrader(engine, prior, rows, rule, base=base) if weighted else Grader(engine, rows, rule)
    table = OpenerTable(grader) if isinstance(grader, Grader) else None
    S = np.arange(len(answers), dtype=np.int32)
    allowed: np.ndarray | None = None
    clues: list[Clue] = []
    out: list[RowReview] = []
    if word not in lexicon.answer_index:
        notes.append(_ungraded_note(lexicon, word, prior if weighted else None))
    if weighted:
        notes.append(Note("review_prior", name=prior.name, exact=PRIOR_EXACT_MAX, found=PRIOR_FOUND_MAX, rows=rows,
                          extra=rows * LOSS_PER_ROW))
    known = best_known(lexicon, rule, rows) if not weighted else None
    for i, g in enumerate(played):
        r = rows - i
        pattern = score(g, word)
        code = encode(pattern)
        before_words = [answers[c] for c in S.tolist()]
        broke = violation_note(g, clues, rule, lexicon.show) if rule else None
        row = RowReview(g, pattern, len(S), 0, before_words if len(S) <= SHOW_WORDS else [], [], None, None,
                        None, False, None, None, g in set(before_words), broke)
        g_row = lexicon.guess_index.get(g)
        if r >= 1 and g_row is not None and len(S):
            _grade(grader, row, g_row, S, r, allowed, code, first=(i == 0), known=known, table=table)
        elif g_row is None:
            row.note = ("not_in_lists", {"word": g})
        clue = Clue(g, pattern)
        clues.append(clue)
        S = S[engine.matrix[g_row, S] == code] if g_row is not None else \
            np.array([c for c in S.tolist() if score(g, answers[c]) == pattern], dtype=np.int32)
        if rule:
            mask = legal_mask(engine, clue, rule)
            allowed = (np.flatnonzero(mask).astype(np.int32) if allowed is None
                       else allowed[mask[allowed]])
        row.after = len(S)
        row.words_after = [answers[c] for c in S.tolist()] if len(S) <= SHOW_WORDS else []
        out.append(row)
    solved = played[-1] == word
    skills = [r.skill for r in out if r.skill is not None]
    lucks = [r.luck for r in out if r.luck is not None]
    result = Review(word, out, rows, rule, solved and len(played) <= rows,
                    int(round(sum(skills) / len(skills))) if skills else None,
                    int(round(sum(lucks) / len(lucks))) if lucks else None, notes=notes)
    if known is not None:
        opener, total = known
        result.optimal_opener = opener
        result.optimal_mean = total / len(answers)
        result.optimal_rows = table.rows_needed(opener, word) if table is not None else None
    return result


def _checked_word(text: str, lexicon, what: str) -> str:
    """Return a reviewed word folded; ChuteError unless it is a word of the lists' length (known or not)."""
    word = fold(text)
    if len(word) != lexicon.length or not is_word(word):
        raise ChuteError(f"{what} {excerpt(text)} is not a word of {lexicon.length} letters")
    return word


def check_colours(lexicon, guesses: Sequence[str], patterns: Sequence[str], answer: str) -> None:
    """Raise ChuteError unless every guess shows its colours against the answer (the first row that does not)."""
    word = _checked_word(answer, lexicon, "the answer")
    for i, (g, p) in enumerate(zip(guesses, patterns), 1):
        shown = score(_checked_word(g, lexicon, "guess"), word)
        if shown != p:
            raise ChuteError(f"row {i}: {g.upper()} against {answer.upper()} shows {shown}, not {p}")


def _grading_prior(lexicon, answers: Sequence[str], prior: "Prior | None") -> tuple["Prior | None", Note | None]:
    """Return the prior a review grades under, and the note saying why when it is not the one asked for.

    No prior asked and an answer off the answer list (the game's lists have
    drifted): the default policy's prior, under which every accepted word can
    be the answer, so the game is still graded.
    """
    if prior is not None:
        return prior, None
    off = [a for a in answers if a not in lexicon.answer_set]
    if not off:
        return None, None
    from .prior import make_prior
    from .solver import DEFAULT_PRIOR
    key = "review_widened" if len(off) == 1 else "review_widened_many"
    words = tuple(lexicon.show(a).upper() for a in off)
    return make_prior(lexicon, DEFAULT_PRIOR), Note(key, words=words, name=lexicon.name, prior=DEFAULT_PRIOR)


def _ungraded_note(lexicon, word: str, prior: "Prior | None", board: int | None = None) -> Note:
    """Return the note on an answer outside the words graded (on a board of several: named by its number)."""
    shown = lexicon.show(word).upper()
    if word not in lexicon.guess_set:
        note = Note("review_unknown", word=shown, name=lexicon.name)
    elif prior is not None:
        note = Note("review_outside_prior", word=shown, name=prior.name)
    else:
        note = Note("review_unlisted", word=shown, name=lexicon.name)
    return note if board is None else Note("on_board", n=board, note=note)


def _grade(grader: "Grader | PriorGrader", row: RowReview, g: int, S: np.ndarray, r: int,
           allowed: np.ndarray | None, code: int, first: bool, known: tuple[str, int] | None,
           table: "OpenerTable | None") -> None:
    """Fill a row's value, best guess, skill and luck (totals are weighted: every answer weighs 1 without a prior)."""
    n = len(S)
    mass = grader.mass(S)
    lexicon = grader.engine.lexicon
    grader.start_row()
    if first and n == len(lexicon.answers) and not grader.exact_for(n) and table is not None:
        # the opening: the opener's best tree against the best opener known (never every opener)
        total, bins = table.opener(row.guess)
        row.value = total / n if total < INF else math.inf
        if known is not None:
            row.best, row.best_value = known[0], known[1] / n
            if row.value < row.best_value:
                row.best, row.best_value = row.guess, row.value
        row.exact = False
    elif isinstance(grader, PriorGrader) and not grader.exact_for(n) and (n == len(lexicon.answers)
                                                                         or n > PRIOR_FOUND_MAX):
        # under a prior, the opening and sets too large to search: the expected-guesses estimate
        # (the opening against the default policy's opener, a larger set against every legal guess)
        row.value, best_row, row.best_value, bins = (grader.opening(g) if first and n == len(lexicon.answers)
                                                     else grader.estimate(g, S, grader.guess_rows(S, allowed)))
        row.best = lexicon.guesses[best_row]
        if row.value < row.best_value:
            row.best, row.best_value = row.guess, row.value
        row.exact, row.estimated = False, True
    else:
        best_row, best_total = grader.best(S, r, allowed)
        row.best = lexicon.guesses[best_row] if best_row >= 0 else None
        row.best_value = best_total / mass if best_total < INF else math.inf
        bins = grader.outcomes(g, S, r, allowed)
        after = sum(t for _, _, t in bins)
        row.value = 1 + after / mass if after < INF else math.inf
        row.exact = grader.exact_for(n)
        if not row.exact and row.value < row.best_value:
            row.best, row.best_value = row.guess, row.value      # the guess played beat the best found
    if row.best_value is not None and math.isinf(row.best_value):
        if r == 1:
            # the last row: only a candidate can win, as likely as its share of the candidates
            hit = grader.hit_mass(g, S)
            row.best, row.best_value, row.value = None, None, None
            row.skill = 99 if row.could_be_answer else 0
            row.luck = (luck_of([0.0, 1.0], [hit, mass - hit], 0.0 if code == grader.solved else 1.0)
                        if row.could_be_answer else None)
            row.note = ("last_row", {"n": n}) if row.could_be_answer else ("last_row_lost", {})
        else:
            row.note = ("no_finish", {})
        return
    row.skill = skill_of(row.value - row.best_value if row.best_value is not None else None)
    values = [0.0 if c == grader.solved else (t / size if t < INF else 1e9) for c, size, t in bins]
    weights = [size for _, size, _ in bins]
    seen = next((v for (c, _, _), v in zip(bins, values) if c == code), None)
    row.luck = None if seen is None else luck_of(values, weights, seen)     # None: no word graded shows the colours seen


@dataclass
class DecodedRow:
    """The words that could have made one row of a colours-only grid, given the answers."""

    patterns: tuple[str | None, ...]   # each board's colours in the row (None: that board was solved before it)
    count: int
    likely: list[str]                  # the likeliest few (see ``decode_boards``)

    @property
    def pattern(self) -> str:
        """Return the row's colours on its first open board (a one-board grid: the row's colours)."""
        return next(p for p in self.patterns if p is not None)


def decode_grid(engine: Engine, patterns: Sequence[str], answer: str, hard: bool = False,
                top: int = 5, prior: "Prior | None" = None) -> list[DecodedRow]:
    """Return, for each row of colours, the accepted words that show exactly those colours against ``answer``.

    With ``hard``, a word must keep every green an earlier row revealed (the
    part of hard mode colours alone can check).  See ``decode_boards``.
    """
    return decode_boards(engine, [patterns], [answer], hard, top, prior)


def decode_boards(engine: Engine, boards: Sequence[Sequence[str]], answers: Sequence[str], hard: bool = False,
                  top: int = 5, prior: "Prior | None" = None) -> list[DecodedRow]:
    """Return, for each row of a colours-only grid of one or more boards, the words that make every board's colours.

    ``boards`` holds each board's rows up to the one that solved it; a row's
    word shows each open board's colours against that board's answer, so
    several boards narrow it together (often to one word).  ``hard`` (one
    board): a word must keep every green an earlier row revealed.  The
    likeliest words come first: by the prior's weight when one is given
    (words outside it last), else answers first, then by frequency; ties
    alphabetical.  Raises ChuteError when no word can make a row.
    """
    lexicon = engine.lexicon
    if len(boards) != len(answers):
        raise ChuteError(f"the grid has {len(boards)} board{'' if len(boards) == 1 else 's'}: give "
                         f"{len(boards)} answer{'' if len(boards) == 1 else 's'}, not {len(answers)}")
    words = [_checked_word(a, lexicon, "the answer") for a in answers]     # known to chute or not
    # the words that can make a row: every accepted guess, and the answers chute does not know (their green rows)
    pool = list(lexicon.guesses) + [w for w in dict.fromkeys(words) if w not in lexicon.guess_set]
    columns = [lexicon.answer_index.get(w) for w in words]
    missing = [w for w, c in zip(words, columns) if c is None]
    if missing:
        from .engine import compute_codes
        extra = dict(zip(missing, compute_codes(lexicon.guesses, missing, lexicon.length).T))
    unknown = pool[len(lexicon.guesses):]
    codes = [np.concatenate([engine.matrix[:, c] if c is not None else extra[w],
                             np.array([encode(score(x, w)) for x in unknown], dtype=engine.matrix.dtype)])
             for w, c in zip(words, columns)]
    weight = {} if prior is None else dict(zip(prior.words, prior.probabilities().tolist()))
    freq = lexicon.frequencies
    letters = np.frombuffer("".join(pool).encode("ascii"), dtype=np.uint8).reshape(-1, lexicon.length)
    greens = np.zeros(lexicon.length, dtype=bool)
    against = " / ".join(w.upper() for w in words)
    out = []
    for i in range(max((len(b) for b in boards), default=0)):
        shown = tuple(b[i] if i < len(b) else None for b in boards)
        fits = np.ones(len(pool), dtype=bool)
        for pattern, board_codes in zip(shown, codes):
            if pattern is None:
                continue
            if len(pattern) != lexicon.length:
                raise ChuteError(f"row {i + 1} has {len(pattern)} tiles; {lexicon.name} words have {lexicon.length} letters")
            fits &= board_codes == encode(pattern)
        if hard and len(boards) == 1 and greens.any():
            target = np.frombuffer(words[0].encode("ascii"), dtype=np.uint8)
            fits &= (letters[:, greens] == target[greens]).all(axis=1)
        rows = np.flatnonzero(fits)
        if not len(rows):
            colours = " ".join(p or "-" for p in shown)
            raise ChuteError(f"row {i + 1} ({colours}): no accepted word shows these colours against {against}")
        found = [pool[r] for r in rows.tolist()]
        if prior is not None:
            found.sort(key=lambda w: (-weight.get(w, 0.0), w))
        else:
            found.sort(key=lambda w: (w not in lexicon.answer_set, -freq.get(w, 0.0), w))
        out.append(DecodedRow(shown, len(found), found[:top]))
        if len(boards) == 1:
            greens |= np.array([c == "g" for c in shown[0]])
    return out


@dataclass
class RoundReview:
    """One round of a multi-board game: the guess, each open board's row, and the round's value."""

    guess: str
    boards: list[RowReview | None]       # None: the board was solved before this round
    value: float | None                  # the sum over the open boards of their expected guesses after the guess
    best: str | None                     # the best guess found for the round by that sum
    best_value: float | None
    skill: int | None
    luck: int | None

    @property
    def cost(self) -> float | None:
        """Return what the guess cost against the best found, summed over the boards (None: not graded)."""
        if self.value is None or self.best_value is None:
            return None
        return max(0.0, self.value - self.best_value)

    def comment(self, lang: str = "en", show=None) -> str:
        """Return a one-line comment on the round in ``lang``: not graded, the best found, or what it cost."""
        show = show or (lambda w: w)
        if self.value is None:
            return phrase("not_graded", lang) if self.skill is None else ""     # else graded board by board
        if self.cost is not None and self.cost < 1e-9:
            return phrase("best_found", lang)
        if self.cost is not None and math.isinf(self.cost) and self.best:
            return phrase("risked", lang, best=show(self.best).upper())
        if self.cost is not None and self.best:
            return phrase("round_cost", lang, amount=decimal(self.cost, 2, lang), best=show(self.best).upper())
        return ""

    def to_dict(self, show=None, lang: str = "en") -> dict[str, Any]:
        """Return the round as a JSON-ready dict."""
        show = show or (lambda w: w)
        def num(x):
            return None if x is None or math.isinf(x) else round(x, 4)
        return {"guess": show(self.guess), "value": num(self.value),
                "best": None if self.best is None else show(self.best), "best_value": num(self.best_value),
                "cost": num(self.cost), "skill": self.skill, "luck": self.luck, "comment": self.comment(lang, show),
                "boards": [None if b is None else b.to_dict(show, lang) for b in self.boards]}


@dataclass
class BoardsReview:
    """A multi-board game's review: one graded round per row, across the boards."""

    answers: list[str]
    rounds: list[RoundReview]
    row_limit: int
    solved_at: list[int | None]
    skill: int | None
    luck: int | None
    notes: list[str] = field(default_factory=list)

    @property
    def solved(self) -> bool:
        """Return whether every board was solved within the rows."""
        return all(s is not None and s <= self.row_limit for s in self.solved_at)

    def to_dict(self, show=None, lang: str = "en") -> dict[str, Any]:
        """Return the review as a JSON-ready dict."""
        show = show or (lambda w: w)
        return {"answers": [show(a) for a in self.answers], "solved": self.solved, "solved_at": self.solved_at,
                "rows_used": len(self.rounds), "row_limit": self.row_limit, "skill": self.skill, "luck": self.luck,
                "rounds": [r.to_dict(show, lang) for r in self.rounds], "notes": [said(n, lang) for n in self.notes]}


def review_boards(engine: Engine, guesses: Sequence[str], answers: Sequence[str], rows: int,
                  shortlist: int = 8, prior: "Prior | None" = None) -> BoardsReview:
    """Return the review of a multi-board game (Dueto, Quarteto, Dordle, Quordle...), round by round.

    Each open board is graded as in ``review`` (its candidates, the guess's
    value on it, its own best guess).  A round's value is the sum over the
    open boards of the expected guesses each still needs after the guess; the
    round's best is the guess with the least such sum among a shortlist (each
    board's own best, the joint policy's top ``shortlist``, the guess played),
    so round values are the best found, never a proof.  Under ``prior`` (one
    that reaches beyond the answer list) each board is graded as ``review``
    grades under it, and the opening round's best is the sum of the boards'
    bests.  Answers off the answer list and words chute does not know are
    handled as ``review`` handles them: without a prior the game is graded
    under the default policy's prior, a board is graded while a word graded
    fits its clues, and a round on the boards graded then (not at all for a
    guess chute does not know).
    """
    from .multiboard import rank as joint_rank
    secrets = [_checked_word(a, engine.lexicon, "the answer") for a in answers]
    if len(set(secrets)) != len(secrets):
        raise ChuteError("the answers of a multi-board game must be different")
    played = [_checked_word(g, engine.lexicon, "guess") for g in guesses]
    if not played:
        raise ChuteError("no guesses to review")
    prior, widened = _grading_prior(engine.lexicon, secrets, prior)
    notes: list[str] = [] if widened is None else [widened]
    weighted = prior is not None and prior.widens
    if weighted:
        engine, base = Engine.build(engine.lexicon.widened(prior.words), cache=engine.cache_dir is not None), engine
    lexicon = engine.lexicon
    notes += [_ungraded_note(lexicon, a, prior if weighted else None, board=k + 1)
              for k, a in enumerate(secrets) if a not in lexicon.answer_index]
    if weighted:
        notes.append(Note("review_prior", name=prior.name, exact=PRIOR_EXACT_MAX, found=PRIOR_FOUND_MAX, rows=rows,
                          extra=rows * LOSS_PER_ROW))
    grader: Grader | PriorGrader = PriorGrader(engine, prior, rows, None, base=base) if weighted else Grader(engine, rows, None)
    table = OpenerTable(grader) if isinstance(grader, Grader) else None
    known = best_known(lexicon, None, rows) if not weighted else None
    n_all = len(lexicon.answers)
    sets = [np.arange(n_all, dtype=np.int32) for _ in secrets]
    solved_at: list[int | None] = [None] * len(secrets)
    rounds: list[RoundReview] = []
    for i, g in enumerate(played):
        r = max(rows - i, 1)
        open_ = [k for k, s in enumerate(solved_at) if s is None]
        if not open_:
            break
        g_row = lexicon.guess_index.get(g)
        graded = [k for k in open_ if len(sets[k]) and g_row is not None]   # some word graded fits the board's clues
        befores = [sets[k] for k in graded]          # each graded board's candidates before the guess
        board_rows: list[RowReview | None] = [None] * len(secrets)
        for k in open_:
            S = sets[k]
            pattern = score(g, secrets[k])
            code = encode(pattern)
            before = [lexicon.answers[c] for c in S.tolist()]
            row = RowReview(g, pattern, len(S), 0, before if len(S) <= SHOW_WORDS else [], [], None, None, None,
                            False, None, None, g in set(before))
            if k in graded:
                _grade(grader, row, g_row, S, r, None, code, first=(i == 0), known=known, table=table)
            elif g_row is None:
                row.note = ("not_in_lists", {"word": g})
            S = S[engine.matrix[g_row, S] == code] if g_row is not None else \
                np.array([c for c in S.tolist() if score(g, lexicon.answers[c]) == pattern], dtype=np.int32)
            sets[k] = S
            row.after = len(S)
            row.words_after = [lexicon.answers[c] for c in S.tolist()] if len(S) <= SHOW_WORDS else []
            board_rows[k] = row
            if set(pattern) == {"g"}:
                solved_at[k] = i + 1
        lucks = [board_rows[k].luck for k in graded if board_rows[k].luck is not None]
        luck = int(round(sum(lucks) / len(lucks))) if lucks else None
        if not graded or any(board_rows[k].value is None for k in graded):
            # no value to sum (a guess or answers chute does not know; the last row, where only a
            # candidate can win): the boards' own grades, if any
            skills = [board_rows[k].skill for k in graded if board_rows[k].skill is not None]
            rounds.append(RoundReview(g, board_rows, None, None, None,
                                      int(round(sum(skills) / len(skills))) if skills else None, luck))
            continue
        value = sum(board_rows[k].value for k in graded)       # each board's value, graded above
        best, best_value = g, value
        if i == 0 and known is not None and len(graded) * known[1] / n_all < best_value:
            best, best_value = known[0], len(graded) * known[1] / n_all      # the best opener known, proven
        if i == 0:
            # every board starts from the same words, so the boards' best is one guess and its round value their sum
            opening = [board_rows[k] for k in graded]
            if all(b.best is not None and b.best_value is not None for b in opening):
                value0 = sum(b.best_value for b in opening)
                if value0 < best_value - 1e-12:
                    best, best_value = opening[0].best, value0
        candidates = [] if i == 0 else _shortlist(grader, [board_rows[k] for k in graded], befores, shortlist,
                                                  joint_rank, r)
        for w in candidates:
            v = _round_value(grader, lexicon.guess_index[w], befores, r)
            if v < best_value - 1e-12 or (abs(v - best_value) <= 1e-12 and w < best and best != g):
                best, best_value = w, v
        cost = value - best_value if math.isfinite(value) else math.inf
        rounds.append(RoundReview(g, board_rows, value, best, best_value, skill_of(cost), luck))
    skills = [x.skill for x in rounds if x.skill is not None]
    lucks = [x.luck for x in rounds if x.luck is not None]
    return BoardsReview(secrets, rounds, rows, solved_at,
                        int(round(sum(skills) / len(skills))) if skills else None,
                        int(round(sum(lucks) / len(lucks))) if lucks else None, notes)


def _round_value(grader: "Grader | PriorGrader", g: int, sets: list[np.ndarray], r: int) -> float:
    """Return the sum over boards of the expected guesses each needs after guess row ``g`` (counting it)."""
    total = 0.0
    for S in sets:
        if isinstance(grader, PriorGrader) and len(S) > PRIOR_FOUND_MAX:
            total += grader.estimate(g, S, np.array([g]))[0]      # too many to search: estimated, as its row
            continue
        after = sum(t for _, _, t in grader.outcomes(g, S, r, None))
        total += 1 + after / grader.mass(S) if after < INF else math.inf
    return total


def _shortlist(grader: "Grader | PriorGrader", rows: list[RowReview], befores: list[np.ndarray], top: int,
               joint_rank, r: int) -> list[str]:
    """Return the guesses a round's best is sought among (after the opening): each board's best, the joint policy's top."""
    answers = grader.engine.lexicon.answers
    words = {row.best for row in rows if row.best}
    boards = [[answers[c] for c in S.tolist()] for S in befores]
    words |= {c.guess for c in joint_rank(grader.engine, boards, rows_left=r, top=top)}
    return sorted(words)
