"""The verdict on a finished game: every guess graded against the best play, with skill and luck.

For each row, over the candidates left before it (uniform over the answer
list, the prior of ``chute tree``), a guess is worth the expected number of
guesses needed to finish with optimal play after it, counting itself:
``1 + (sum over the bins it leaves of f(bin)) / n``, where ``f(S)`` is the
least total number of guesses that finishes every word of ``S`` within the
rows left (``tree_search``; the bin the guess solves costs nothing more).
The best guess is worth ``f(S) / n``; the difference is what the guess cost.

Values are exact (proven: every guess tried) when at most ``grading.EXACT_MAX``
candidates are left, otherwise the best found by the default search and the
row says so.  The first row compares the opener played with the best opener
known for the bundled lists (``data/best_openers.json``), so no review ever
searches every opener.

Under a prior (``review(..., prior=)``, ``chute review --prior frequency``)
the answers are not equally likely: every total above becomes a weighted
total, ``sum of w(c) x guesses``, divided by the candidates' weight
(``PriorGrader``, ``weighted_search``).  Values are exact with at most
``grading.PRIOR_EXACT_MAX`` candidates, otherwise the weighted value of the tree the
equal-weights search finds (a strategy that exists: an upper bound); the
opening, over every word of the prior, is estimated by the expected-guesses
formula against the opener the default policy plays, and says so.  The row
limit is a cost there, not a wall: a word not found in time counts
``LOSS_PER_ROW`` x rows guesses after the last row (a lost Wordle game weighs
12), so a guess that risks an unlikely word is worth what the risk costs.

Skill and luck, 0 to 99, per row and for the game (the mean of the rows):

- skill = 99 x 2^(-cost / SKILL_HALF): an optimal guess is 99, and every
  quarter of a guess lost on average halves it (0 for a guess that risks
  running out of rows where the best did not); chute's own move there is
  graded 99 too (``credit_policy_moves``: its policy plays for every word the
  game accepts, which the search's answer list leaves out);
- luck = 99 x (P(an outcome worse than the one seen) + P(an equally good one) / 2),
  over the outcomes the guess could have shown, each weighted by its
  probability and judged by the expected guesses it leaves.

The searches behind the values, the opener table and these two formulas are
``grading``'s; a game of several boards is graded round by round by ``boards_review``,
and ``review_game`` reviews either.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from ..errors import ChuteError
from ..game.engine import Engine
from ..game.feedback import Clue, encode, score
from ..game.fits import fitting, words_left
from ..game.pattern_codes import compute_codes
from ..game.prior import make_prior
from ..game.rules import legal_mask, rows_without, violation_note
from ..game.words import word_of_length
from ..game.words_left import WordsLeft
from ..language import Note, counted, decimal, number, phrase, said
from ..playing.solver import DEFAULT_PRIOR
from ..search.tree_search import INF
from ..strategies.guard import LOSS_PER_ROW
from ..strategies.known_openers import best_known
from .chute_game import ChuteGame, chute_game, policy_solver
from .grading import (
    PRIOR_EXACT_MAX,
    PRIOR_FOUND_MAX,
    SKILL_BEST,
    Grader,
    OpenerTable,
    PriorGrader,
    luck_of,
    mean_grade,
    skill_of,
)

if TYPE_CHECKING:
    from ..game.prior import Prior
    from ..playing.solver import Solver

SHOW_WORDS = 12  # candidates listed by name when at most this many are left


def _figure(x: float, lang: str) -> str:
    """Return a count of words left on average as a comment says it: whole from 10, else to one decimal."""
    return decimal(x, 0 if x >= 10 else 1, lang)


def cost_against(value: float | None, best_value: float | None) -> float | None:
    """Return what a value cost against the best one, never below 0 (None: either is unknown)."""
    if value is None or best_value is None:
        return None
    return max(0.0, value - best_value)


@dataclass
class RowReview:
    """One graded row: the guess, its colours, the candidates around it, its value against the best."""

    guess: str
    pattern: str
    before: int  # candidates before the guess
    after: int  # candidates after it
    words_before: list[str]  # named when few
    words_after: list[str]
    value: float | None  # expected guesses to finish after playing it (counting it)
    best: str | None  # the best guess here
    best_value: float | None
    exact: bool  # values proven (every guess tried), else the best found
    skill: int | None
    luck: int | None
    could_be_answer: bool
    violation: str | None = None  # the hard-mode rule it broke (a Note: it can say itself in Portuguese)
    note: tuple[str, dict] | None = None  # a comment that replaces the grade: (key of language.PHRASES, its values)
    estimated: bool = False  # values from the expected-guesses formula, not a tree (an opening under a prior)
    left: WordsLeft | None = None  # the likely answers and possible words after the row (``game.words_left``)
    story: tuple[str, int, int, float, float] | None = None  # the words the comment counts: (noun key, before,
    # after, what the guess and the best leave of them on average)
    chute_move: bool = False  # chute's own move where the search found another better: graded as a best move

    def violation_text(self, lang: str = "en") -> str | None:
        """Return the hard-mode rule the guess broke, in ``lang`` (None if it broke none)."""
        return None if self.violation is None else said(self.violation, lang)

    @property
    def cost(self) -> float | None:
        """Return what the guess cost against the best, in guesses on average (None: not graded; 0 for chute's own
        move)."""
        return 0.0 if self.chute_move else cost_against(self.value, self.best_value)

    def comment(self, lang: str = "en", show=None) -> str:
        """Return a one-line comment on the row, in English or Brazilian Portuguese (``lang`` "pt")."""
        show = show or (lambda w: w)

        def say(key: str, **values) -> str:
            return phrase(key, lang, **{k: show(v).upper() if isinstance(v, str) else v for k, v in values.items()})

        if self.note:
            return say(self.note[0], **self.note[1])
        if self.chute_move:
            return self._policy_comment(lang, show)
        if self.before == 1:
            if self.pattern == "g" * len(self.pattern):
                return say("only_left")
            return say("was_only_left", word=self.words_before[0]) if self.words_before else say("one_left")
        if self.cost is None or self.best is None:
            return say("not_graded")
        if math.isinf(self.cost):
            return say("risked", best=self.best)
        amount = decimal(self.cost, 2 if self.cost >= 0.01 else 3, lang)
        if self.story is None:
            return (
                say("best" if self.exact else "best_found")
                if self.cost < 1e-9
                else say("cost", amount=amount, best=self.best)
            )
        noun, before, after, mean, best_mean = self.story
        counts = {
            "before": number(before, lang),
            "after": number(after, lang),
            "noun": phrase(noun, lang),
            "mean": _figure(mean, lang),
        }
        if self.pattern == "g" * len(self.pattern):
            return phrase(
                "story_found_best" if self.cost < 1e-9 else "story_found",
                lang,
                amount=amount,
                best=show(self.best).upper(),
                **counts,
            )
        if self.cost < 1e-9:
            return phrase("story_best" if self.exact else "story_best_found", lang, **counts)
        return phrase(
            "story_cost",
            lang,
            amount=amount,
            best=show(self.best).upper(),
            best_mean=_figure(best_mean, lang),
            **counts,
        )

    def _policy_comment(self, lang: str, show) -> str:
        """Return the comment on chute's own move graded best: what the review's search found better, and by how
        much (with the words the row left, as the other comments count them)."""
        assert self.best is not None and self.value is not None and self.best_value is not None
        best, gap = self.best, self.value - self.best_value
        amount = decimal(gap, 2 if gap >= 0.01 else 3, lang)
        if self.story is None or self.pattern == "g" * len(self.pattern):
            return phrase("policy_move", lang, best=show(best).upper(), amount=amount)
        noun, before, after, mean, best_mean = self.story
        return phrase(
            "story_policy_move",
            lang,
            before=number(before, lang),
            after=number(after, lang),
            noun=phrase(noun, lang),
            mean=_figure(mean, lang),
            best=show(best).upper(),
            best_mean=_figure(best_mean, lang),
            amount=amount,
        )

    def remarks(self, lang: str = "en", show=None) -> list[str]:
        """Return what is said under the row beside its comment: a hard mode's rule broken, a guess that could not
        have been the answer, the few words left."""
        show = show or (lambda w: w)
        out = []
        if self.violation:
            out.append(self.violation_text(lang) or "")
        if not self.could_be_answer and self.before > 1 and self.value is not None:
            out.append(phrase("not_answer", lang, word=show(self.guess).upper()))
        if 1 < self.before and self.words_before and self.after <= 12 and self.words_after and self.after > 1:
            out.append(phrase("left", lang, words=", ".join(show(w).upper() for w in self.words_after)))
        return out

    def to_dict(self, show=None, lang: str = "en") -> dict[str, Any]:
        """Return the row as a JSON-ready dict (words spelt by ``show``, the comment in ``lang``)."""
        show = show or (lambda w: w)

        def num(x):
            return None if x is None else (None if math.isinf(x) else round(x, 4))

        return {
            "guess": show(self.guess),
            "pattern": self.pattern,
            "before": self.before,
            "after": self.after,
            "words_before": [show(w) for w in self.words_before],
            "words_after": [show(w) for w in self.words_after],
            "value": num(self.value),
            "best": None if self.best is None else show(self.best),
            "best_value": num(self.best_value),
            "cost": num(self.cost),
            "exact": self.exact,
            "estimated": self.estimated,
            "skill": self.skill,
            "luck": self.luck,
            "could_be_answer": self.could_be_answer,
            "chute_move": self.chute_move,
            **(self.left or WordsLeft(None, 0)).to_dict(),
            "counted": None
            if self.story is None
            else dict(
                zip(
                    ("words", "before", "after", "mean", "best_mean"),
                    (self.story[0], *self.story[1:3], *(round(x, 2) for x in self.story[3:])),
                )
            ),
            "violation": self.violation_text(lang),
            "comment": self.comment(lang, show),
            "remarks": self.remarks(lang, show),
        }


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
    optimal_rows: int | None = None  # rows the optimal strategy needs for this answer
    optimal_mean: float | None = None  # its mean over every answer
    optimal_opener: str | None = None
    notes: list[str] = field(default_factory=list)
    chute: ChuteGame | None = None  # the game chute's own policy plays against the answer

    def story(self, lang: str = "en", show=None) -> str:
        """Return the game told in a sentence: how many rows were the best move, the costliest, the luck."""
        return game_story(self.rows, self.luck, lang, show)

    def headline(self, lang: str = "en", show=None) -> str:
        """Return the verdict in a line: "WATCH, not solved in 6 rows · hard mode · skill 66 · luck 17"."""
        show = show or (lambda w: w)
        used = len(self.rows)
        state = (
            phrase("solved_in", lang, used=used, limit=self.row_limit)
            if self.solved
            else phrase("found_over", lang, used=used, rows=counted(self.row_limit, "row", lang))
            if self.rows and self.rows[-1].guess == self.answer
            else phrase("not_solved_in", lang, rows=counted(used, "row", lang))
            if used <= self.row_limit
            else phrase("not_solved_played", lang, rows=counted(self.row_limit, "row", lang), used=used)
        )
        mode = f" · {phrase(self.rule, lang)}" if self.rule else ""
        verdict = (
            ""
            if self.skill is None
            else " · " + phrase("skill_luck", lang, skill=self.skill, luck="-" if self.luck is None else self.luck)
        )
        return f"{show(self.answer).upper()}, {state}{mode}{verdict}"

    def to_dict(self, show=None, lang: str = "en") -> dict[str, Any]:
        """Return the review as a JSON-ready dict (comments in ``lang``: "en" or "pt")."""
        show = show or (lambda w: w)
        return {
            "answer": show(self.answer),
            "solved": self.solved,
            "rows_used": len(self.rows),
            "story": self.story(lang, show),
            "headline": self.headline(lang, show),
            "row_limit": self.row_limit,
            "rule": self.rule,
            "skill": self.skill,
            "luck": self.luck,
            "optimal": {
                "opener": None if self.optimal_opener is None else show(self.optimal_opener),
                "rows_for_this_answer": self.optimal_rows,
                "mean": None if self.optimal_mean is None else round(self.optimal_mean, 4),
            },
            "rows": [r.to_dict(show, lang) for r in self.rows],
            "notes": [said(n, lang) for n in self.notes],
            "chute_game": None
            if self.chute is None
            else {**self.chute.to_dict(show), "said": self.chute.said(lang, show)},
        }


LUCKY, UNLUCKY = 60, 40  # a game's luck said as lucky above, unlucky below (50: the colours as good as usual)


class Graded(Protocol):
    """A row or a round that a game's story tells: its guess and what it cost (None: not graded)."""

    guess: str
    skill: int | None  # the grade the table shows (None: a forced or ungraded row)

    @property
    def cost(self) -> float | None: ...


def game_story(rows: Sequence[Graded], luck: int | None, lang: str = "en", show=None, in_rows: bool = False) -> str:
    """Return a game's rows (or rounds) told in one sentence: the best moves among those graded, the row that
    cost the most or risked the game (in guesses, or in rows of a game of several boards), and the luck."""
    show = show or (lambda w: w)
    # the rows the table grades, the best moves those it grades 99 (its legend's "99 for the best move")
    graded = [r for r in rows if r.skill is not None]
    parts = []
    if graded:
        best = sum(1 for r in graded if r.skill is not None and r.skill >= SKILL_BEST)
        n = number(len(graded), lang)
        parts.append(
            phrase("story_all_best", lang)
            if best == len(graded)
            else phrase("story_only_not_best", lang)
            if len(graded) == 1
            else phrase("story_no_best", lang, n=n)
            if best == 0
            else phrase("story_one_best" if best == 1 else "story_best_rows", lang, k=number(best, lang), n=n)
        )
        if any(getattr(r, "chute_move", False) for r in graded):  # graded 99 as chute's own move
            parts[-1] += phrase("story_or_own", lang)
        costs = [(r, cost) for r in graded if (cost := r.cost) is not None]
        worst, most = max(costs, key=lambda pair: pair[1]) if costs else (graded[0], 0.0)
        if math.isinf(most):
            parts.append(phrase("story_risked", lang, word=show(worst.guess).upper()))
        elif most >= 0.005:
            key = "story_costliest_rows" if in_rows else "story_costliest"
            parts.append(phrase(key, lang, word=show(worst.guess).upper(), amount=decimal(most, 2, lang)))
    if luck is not None:
        parts.append(
            phrase(
                "story_lucky" if luck > LUCKY else "story_unlucky" if luck < UNLUCKY else "story_even", lang, luck=luck
            )
        )
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "." if text else ""


def review(
    engine: Engine,
    guesses: Sequence[str],
    answer: str,
    rows: int = 6,
    rule: str | None = None,
    prior: Prior | None = None,
    avoid: Iterable[str] = (),
    notify: Callable[[Note], None] | None = None,
    policy: Solver | None = None,
) -> Review:
    """Return the review of a one-board game: ``guesses`` played in order against ``answer``.

    Every guess and the answer must be words of the lists' length.  Values
    are graded over the answer list (uniform), or under ``prior`` when it
    reaches beyond it (``PriorGrader``).  Without a prior, a game whose answer
    is off the answer list (the game's lists have drifted) is graded under the
    default policy's prior, where every accepted word can be the answer, and
    says so.  An answer outside the words graded (a word chute does not know,
    or one outside the prior given) is not held against the player: a row is
    graded while some word graded fits the clues before it (what the player
    could know), its luck while one shows the colours seen.  ``avoid``: words
    the game refused, never a best move.  ``notify`` hears a note before a
    slow first search (an opening never graded before).  Beside it, the game
    ``policy`` plays against the answer (default: chute's default policy).
    """
    avoid = tuple(sorted(set(avoid)))
    base = engine  # the lists as given (the grader's may be widened to a prior's words)
    word = word_of_length(answer, engine.lexicon, "answer")
    played = [word_of_length(g, engine.lexicon, "guess") for g in guesses]
    if not played:
        raise ChuteError("no guesses to review")
    if word in played:
        played = played[: played.index(word) + 1]
    grader, table, known, notes = grading_for(engine, [word], prior, rows, rule, notify)
    engine = grader.engine
    lexicon = engine.lexicon
    answers = lexicon.answers
    S = np.arange(len(answers), dtype=np.int32)
    allowed = playable_rows(grader, avoid)  # the legal guesses (hard mode), less the refused words
    clues: list[Clue] = []
    out: list[RowReview] = []
    for i, g in enumerate(played):
        r = rows - i
        pattern = score(g, word)
        code = encode(pattern)
        before_words = [answers[c] for c in S.tolist()]
        broke = violation_note(g, clues, rule, lexicon.show) if rule else None
        row = RowReview(
            g,
            pattern,
            len(S),
            0,
            before_words if len(S) <= SHOW_WORDS else [],
            [],
            None,
            None,
            None,
            False,
            None,
            None,
            g in set(before_words),
            broke,
        )
        g_row = lexicon.guess_index.get(g)
        if r >= 1 and g_row is not None and len(S):
            grade_row(grader, row, g_row, S, r, allowed, code, first=(i == 0), known=known, table=table)
        elif g_row is None:
            row.note = ("not_in_lists", {"word": g})
        clue = Clue(g, pattern)
        row.story = row_story(lexicon, word, clues, clue, row.best)
        clues.append(clue)
        row.left = words_left(lexicon, clues)
        S = (
            S[engine.row_codes(g_row, S) == code]
            if g_row is not None
            else np.array([c for c in S.tolist() if score(g, answers[c]) == pattern], dtype=np.int32)
        )
        if rule:
            mask = legal_mask(engine, clue, rule)
            if allowed is None:
                allowed = grader.search_rows()
            allowed = np.flatnonzero(mask).astype(np.int32) if allowed is None else allowed[mask[allowed]]
        row.after = len(S)
        row.words_after = [answers[c] for c in S.tolist()] if len(S) <= SHOW_WORDS else []
        out.append(row)
    solved = played[-1] == word
    result = Review(
        word, out, rows, rule, solved and len(played) <= rows, None, mean_grade(r.luck for r in out), notes=notes
    )
    if known is not None:
        opener, total = known
        result.optimal_opener = opener
        result.optimal_mean = total / len(answers)
        result.optimal_rows = table.rows_needed(opener, word) if table is not None else None
    del grader, table  # the grading is done: its searches, and their copies of the matrix, can go
    searches_done(engine, base)
    solver = policy or policy_solver(base, 1, rule, avoid)
    result.chute = chute_game(solver, [word], rows)
    credit_policy_moves(out, solver, result.chute)
    result.skill = mean_grade(r.skill for r in out)  # chute's own moves graded best first
    return result


def credit_policy_moves(rows: Sequence[RowReview], solver: Solver, chute: ChuteGame | None) -> None:
    """Grade as a best move each row that cost something where the player played chute's own move.

    chute plays for every word the game accepts, each as likely as its use,
    and keeps them finishable; the review's search grades over the answer list
    (or a prior's words) alone.  A player who follows chute is not told they
    played badly: the row keeps the search's best and its value, costs
    nothing, and says what the search preferred.  A row that risked running
    out of rows keeps its grade.
    """
    clues: list[Clue] = []
    for row in rows:
        cost = row.cost
        if cost is not None and 1e-9 < cost < math.inf and row.best is not None and row.best_value is not None:
            if policy_move(solver, clues, chute) == row.guess:
                row.chute_move, row.skill = True, SKILL_BEST
        clues.append(Clue(row.guess, row.pattern))


def policy_move(solver: Solver, clues: Sequence[Clue], chute: ChuteGame | None) -> str | None:
    """Return the guess chute's policy plays after these clues (None: it cannot play them): its own game's next
    guess while the clues follow it, else the solver's choice."""
    played = tuple(c.guess for c in clues)
    if chute is not None and len(chute.guesses) > len(played) and chute.guesses[: len(played)] == played:
        return chute.guesses[len(played)]
    try:
        return solver.first_guess() if not clues else solver.choose(solver.state_for(clues))
    except ChuteError:
        return None


def searches_done(*engines: Engine) -> None:
    """Give back the copies of the matrix the grading's searches made (its transpose, or the rows copied of a
    matrix too large to copy whole): chute's own game ranks its guesses next, and would otherwise hold them
    beside its own codes."""
    for engine in engines:
        engine.forget_copies()


def row_story(
    lexicon, answer: str, before: Sequence[Clue], clue: Clue, best: str | None
) -> tuple[str, int, int, float, float] | None:
    """Return what a row's comment counts: the likely answers before and after it (the possible words when the
    answer is off the answer list), and what the guess and the best guess leave of them on average (None: no
    best known, or no such word fitted)."""
    which, noun = ("answers", "likely_answers") if answer in lexicon.answer_list else ("accepted", "possible_words")
    words = fitting(lexicon, which, tuple(before))
    if not words or best is None:
        return None
    after = len(fitting(lexicon, which, (*before, clue)))
    return (
        noun,
        len(words),
        after,
        average_left(clue.guess, words, lexicon.length),
        average_left(best, words, lexicon.length),
    )


def average_left(guess: str, words: Sequence[str], length: int) -> float:
    """Return how many of ``words`` a guess leaves on average, each word equally likely (none once it is found)."""
    codes = compute_codes([guess], words, length)[0]
    sizes = np.bincount(codes)
    solved = encode("g" * length)
    if solved < len(sizes):
        sizes[solved] = 0
    return float((sizes.astype(np.float64) ** 2).sum() / len(words))


def written_answers(text: str | None) -> list[str]:
    """Return the answers written in one string, a board's each, comma-separated ("cigar, rebut"), blanks dropped."""
    return [a.strip() for a in (text or "").split(",") if a.strip()]


def _grading_prior(lexicon, answers: Sequence[str], prior: Prior | None) -> tuple[Prior | None, Note | None]:
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
    key = "review_widened" if len(off) == 1 else "review_widened_many"
    words = tuple(lexicon.show(a).upper() for a in off)
    return make_prior(lexicon, DEFAULT_PRIOR), Note(key, words=words, name=lexicon.name, prior=DEFAULT_PRIOR)


def grading_for(
    engine: Engine,
    answers: Sequence[str],
    prior: Prior | None,
    rows: int,
    rule: str | None,
    notify: Callable[[Note], None] | None = None,
) -> tuple[Grader | PriorGrader, OpenerTable | None, tuple[str, int] | None, list[str]]:
    """Return what a review of a game with these answers grades with: the grader, the opener table, the
    best opener known (None under a prior) and the notes (the prior graded under when it is not the one
    asked for, each answer outside the words graded, named by its board when several, how values under a
    prior are found)."""
    prior, widened = _grading_prior(engine.lexicon, answers, prior)
    notes: list[str] = [] if widened is None else [widened]
    weighing = prior if prior is not None and prior.widens else None
    several = len(answers) > 1
    if weighing is not None:
        wide = Engine.build(engine.lexicon.widened(weighing.words), cache=engine.cache_dir is not None)
        weighted = PriorGrader(wide, weighing, rows, rule, base=engine)
        notes += [
            ungraded_note(wide.lexicon, a, weighing, board=k + 1 if several else None)
            for k, a in enumerate(answers)
            if a not in wide.lexicon.answer_index
        ]
        notes.append(
            Note(
                "review_prior",
                name=weighing.name,
                exact=PRIOR_EXACT_MAX,
                found=PRIOR_FOUND_MAX,
                rows=rows,
                extra=rows * LOSS_PER_ROW,
            )
        )
        return weighted, None, None, notes
    grader = Grader(engine, rows, rule)
    lexicon = grader.engine.lexicon
    notes += [
        ungraded_note(lexicon, a, None, board=k + 1 if several else None)
        for k, a in enumerate(answers)
        if a not in lexicon.answer_index
    ]
    return grader, OpenerTable(grader, notify), best_known(lexicon, rule, rows), notes


def playable_rows(grader: Grader | PriorGrader, avoid: Iterable[str]) -> np.ndarray | None:
    """Return the guess rows a review's best move may be, as the searches take them (None: every one they play)."""
    lexicon = grader.engine.lexicon
    refused = [w for w in avoid if w in lexicon.guess_index]
    if not refused:
        return None
    rows = rows_without(lexicon, refused, grader.search_rows())
    return None if rows is None else rows.astype(np.int32)


def ungraded_note(lexicon, word: str, prior: Prior | None, board: int | None = None) -> Note:
    """Return the note on an answer outside the words graded (on a board of several: named by its number)."""
    shown = lexicon.show(word).upper()
    if word not in lexicon.guess_set:
        note = Note("review_unknown", word=shown, name=lexicon.name)
    elif prior is not None:
        note = Note("review_outside_prior", word=shown, name=prior.name)
    else:
        note = Note("review_unlisted", word=shown, name=lexicon.name)
    return note if board is None else Note("on_board", n=board, note=note)


def grade_row(
    grader: Grader | PriorGrader,
    row: RowReview,
    g: int,
    S: np.ndarray,
    r: int,
    allowed: np.ndarray | None,
    code: int,
    first: bool,
    known: tuple[str, int] | None,
    table: OpenerTable | None,
) -> None:
    """Fill a row's value, best guess, skill and luck (totals are weighted: every answer weighs 1 without a prior)."""
    bins: list[tuple[int, Any, Any]]  # (code, words, total): counts, or weights under a prior
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
    elif (
        isinstance(grader, PriorGrader)
        and not grader.exact_for(n)
        and (n == len(lexicon.answers) or n > PRIOR_FOUND_MAX)
    ):
        # under a prior, the opening and sets too large to search: the expected-guesses estimate
        # (the opening against the default policy's opener, a larger set against every legal guess)
        row.value, best_row, row.best_value, bins = (
            grader.opening(g)
            if first and n == len(lexicon.answers)
            else grader.estimate(g, S, grader.guess_rows(S, allowed))
        )
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
            row.best, row.best_value = row.guess, row.value  # the guess played beat the best found
    if row.best_value is not None and math.isinf(row.best_value):
        if r == 1:
            # the last row: only a candidate can win, as likely as its share of the candidates
            hit = grader.hit_mass(g, S)
            row.best, row.best_value, row.value = None, None, None
            row.skill = 99 if row.could_be_answer else 0
            row.luck = (
                luck_of([0.0, 1.0], [hit, mass - hit], 0.0 if code == grader.solved else 1.0)
                if row.could_be_answer and hit < mass
                else None
            )  # one word left: no luck in it
            row.note = ("last_row", {"n": n}) if row.could_be_answer else ("last_row_lost", {})
        else:
            row.note = ("no_finish", {})
        return
    row.skill = skill_of(row.value - row.best_value if row.best_value is not None else None)
    values = [0.0 if c == grader.solved else (t / size if t < INF else 1e9) for c, size, t in bins]
    weights = [size for _, size, _ in bins]
    seen = next((v for (c, _, _), v in zip(bins, values) if c == code), None)
    # None: no word graded shows the colours seen, or only one outcome could be (a forced row has no luck)
    row.luck = None if seen is None or len(bins) == 1 else luck_of(values, weights, seen)
