"""The verdict on a game of several boards (Dueto, Quarteto, Dordle, Quordle, Octordle), round by round: each
open board graded as one board is (``verdict``), and each round's value against the best found."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import ChuteError
from ..game.engine import Engine
from ..game.feedback import Clue, encode, score
from ..game.fits import words_left
from ..game.words import word_of_length
from ..language import Note, counted, decimal, phrase, said
from ..playing.multiboard import rank as joint_rank
from ..search.tree_search import INF
from .chute_game import ChuteGame, chute_game, policy_solver
from .grading import PRIOR_FOUND_MAX, Grader, PriorGrader, skill_of
from .verdict import (
    SHOW_WORDS,
    RowReview,
    cost_against,
    game_story,
    grade_row,
    grading_for,
    playable_rows,
    row_story,
    searches_done,
)

if TYPE_CHECKING:
    from ..game.prior import Prior
    from ..playing.solver import Solver


@dataclass
class RoundReview:
    """One round of a multi-board game: the guess, each open board's row, and the round's value."""

    guess: str
    boards: list[RowReview | None]  # None: the board was solved before this round
    value: float | None  # the sum over the open boards of their expected guesses after the guess
    best: str | None  # the best guess found for the round by that sum
    best_value: float | None
    skill: int | None
    luck: int | None

    @property
    def cost(self) -> float | None:
        """Return what the guess cost against the best found, summed over the boards (None: not graded)."""
        return cost_against(self.value, self.best_value)

    def comment(self, lang: str = "en", show=None) -> str:
        """Return a one-line comment on the round in ``lang``: not graded, the best found, or what it cost."""
        show = show or (lambda w: w)
        if self.value is None:
            return phrase("not_graded", lang) if self.skill is None else ""  # else graded board by board
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

        return {
            "guess": show(self.guess),
            "value": num(self.value),
            "best": None if self.best is None else show(self.best),
            "best_value": num(self.best_value),
            "cost": num(self.cost),
            "skill": self.skill,
            "luck": self.luck,
            "comment": self.comment(lang, show),
            "boards": [None if b is None else b.to_dict(show, lang) for b in self.boards],
        }


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
    chute: ChuteGame | None = None  # the game chute's own policy plays against the answers

    @property
    def solved(self) -> bool:
        """Return whether every board was solved within the rows."""
        return all(s is not None and s <= self.row_limit for s in self.solved_at)

    def story(self, lang: str = "en", show=None) -> str:
        """Return the game told in a sentence: how many rounds were the best found, the costliest, the luck."""
        return game_story(self.rounds, self.luck, lang, show)

    def headline(self, lang: str = "en", show=None) -> str:
        """Return the verdict in a line: "CIGAR REBUT SISSY HUMPH, every board solved in 9 rows · skill 71 · luck 52"."""
        show = show or (lambda w: w)
        state = (
            phrase("boards_solved_in", lang, rows=counted(max(s for s in self.solved_at if s is not None), "row", lang))
            if self.solved
            else phrase("boards_not_solved", lang, rows=counted(self.row_limit, "row", lang))
        )
        verdict = (
            ""
            if self.skill is None
            else " · " + phrase("skill_luck", lang, skill=self.skill, luck="-" if self.luck is None else self.luck)
        )
        return f"{' '.join(show(a).upper() for a in self.answers)}, {state}{verdict}"

    def to_dict(self, show=None, lang: str = "en") -> dict[str, Any]:
        """Return the review as a JSON-ready dict."""
        show = show or (lambda w: w)
        return {
            "answers": [show(a) for a in self.answers],
            "solved": self.solved,
            "solved_at": self.solved_at,
            "story": self.story(lang, show),
            "headline": self.headline(lang, show),
            "rows_used": len(self.rounds),
            "row_limit": self.row_limit,
            "skill": self.skill,
            "luck": self.luck,
            "rounds": [r.to_dict(show, lang) for r in self.rounds],
            "notes": [said(n, lang) for n in self.notes],
            "chute_game": None
            if self.chute is None
            else {**self.chute.to_dict(show), "said": self.chute.said(lang, show)},
        }


def review_boards(
    engine: Engine,
    guesses: Sequence[str],
    answers: Sequence[str],
    rows: int,
    shortlist: int = 8,
    prior: Prior | None = None,
    avoid: Iterable[str] = (),
    notify: Callable[[Note], None] | None = None,
    policy: Solver | None = None,
) -> BoardsReview:
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
    guess chute does not know).  ``avoid``: words the game refused, never a best move.  Beside it, the
    game ``policy`` plays against the answers (default: chute's joint policy).
    """
    avoid = tuple(sorted(set(avoid)))
    base = engine  # the lists as given (the grader's may be widened to a prior's words)
    secrets = [word_of_length(a, engine.lexicon, "answer") for a in answers]
    if len(set(secrets)) != len(secrets):
        raise ChuteError("the answers of a multi-board game must be different")
    played = [word_of_length(g, engine.lexicon, "guess") for g in guesses]
    if not played:
        raise ChuteError("no guesses to review")
    grader, table, known, notes = grading_for(engine, secrets, prior, rows, None, notify)
    engine = grader.engine
    lexicon = engine.lexicon
    allowed = playable_rows(grader, avoid)
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
        graded = [k for k in open_ if len(sets[k]) and g_row is not None]  # some word graded fits the board's clues
        befores = [sets[k] for k in graded]  # each graded board's candidates before the guess
        board_rows: list[RowReview | None] = [None] * len(secrets)
        made: dict[int, RowReview] = {}  # the open boards' rows
        for k in open_:
            S = sets[k]
            pattern = score(g, secrets[k])
            code = encode(pattern)
            before = [lexicon.answers[c] for c in S.tolist()]
            row = RowReview(
                g,
                pattern,
                len(S),
                0,
                before if len(S) <= SHOW_WORDS else [],
                [],
                None,
                None,
                None,
                False,
                None,
                None,
                g in set(before),
            )
            if k in graded and g_row is not None:
                grade_row(grader, row, g_row, S, r, allowed, code, first=(i == 0), known=known, table=table)
            elif g_row is None:
                row.note = ("not_in_lists", {"word": g})
            S = (
                S[engine.row_codes(g_row, S) == code]
                if g_row is not None
                else np.array([c for c in S.tolist() if score(g, lexicon.answers[c]) == pattern], dtype=np.int32)
            )
            sets[k] = S
            board_clues = [Clue(w, score(w, secrets[k])) for w in played[: i + 1]]
            row.story = row_story(lexicon, secrets[k], board_clues[:-1], board_clues[-1], row.best)
            row.left = words_left(lexicon, board_clues)
            row.after = len(S)
            row.words_after = [lexicon.answers[c] for c in S.tolist()] if len(S) <= SHOW_WORDS else []
            board_rows[k] = made[k] = row
            if set(pattern) == {"g"}:
                solved_at[k] = i + 1
        lucks = [luck for k in graded if (luck := made[k].luck) is not None]
        luck = int(round(sum(lucks) / len(lucks))) if lucks else None
        values = [value for k in graded if (value := made[k].value) is not None]
        if not graded or len(values) < len(graded):
            # no value to sum (a guess or answers chute does not know; the last row, where only a
            # candidate can win): the boards' own grades, if any
            skills = [skill for k in graded if (skill := made[k].skill) is not None]
            rounds.append(
                RoundReview(
                    g, board_rows, None, None, None, int(round(sum(skills) / len(skills))) if skills else None, luck
                )
            )
            continue
        value = sum(values)  # each board's value, graded above
        best: str = g
        best_value: float = value
        if i == 0 and known is not None and len(graded) * known[1] / n_all < best_value:
            best, best_value = known[0], len(graded) * known[1] / n_all  # the best opener known, proven
        if i == 0:
            # every board starts from the same words, so the boards' best is one guess and its round value their sum
            opening = [(b.best, b.best_value) for k in graded if (b := made[k]).best is not None]
            if len(opening) == len(graded) and all(v is not None for _, v in opening):
                value0 = sum(v for _, v in opening if v is not None)
                first_best = opening[0][0]
                if value0 < best_value - 1e-12 and first_best is not None:
                    best, best_value = first_best, value0
        candidates = (
            []
            if i == 0
            else _shortlist(grader, [made[k] for k in graded], befores, shortlist, joint_rank, r, set(avoid))
        )
        for w in candidates:
            v = _round_value(grader, lexicon.guess_index[w], befores, r, allowed)
            if v < best_value - 1e-12 or (abs(v - best_value) <= 1e-12 and w < best and best != g):
                best, best_value = w, v
        cost = value - best_value if math.isfinite(value) else math.inf
        rounds.append(RoundReview(g, board_rows, value, best, best_value, skill_of(cost), luck))
    skills = [x.skill for x in rounds if x.skill is not None]
    lucks = [x.luck for x in rounds if x.luck is not None]
    del grader, table  # the grading is done: its searches, and their copies of the matrix, can go
    searches_done(engine, base)
    return BoardsReview(
        secrets,
        rounds,
        rows,
        solved_at,
        int(round(sum(skills) / len(skills))) if skills else None,
        int(round(sum(lucks) / len(lucks))) if lucks else None,
        notes,
        chute_game(policy or policy_solver(base, len(secrets), None, avoid), secrets, rows),
    )


def _round_value(
    grader: Grader | PriorGrader, g: int, sets: list[np.ndarray], r: int, allowed: np.ndarray | None = None
) -> float:
    """Return the sum over boards of the expected guesses each needs after guess row ``g`` (counting it)."""
    total = 0.0
    for S in sets:
        if isinstance(grader, PriorGrader) and len(S) > PRIOR_FOUND_MAX:
            total += grader.estimate(g, S, np.array([g]))[0]  # too many to search: estimated, as its row
            continue
        after = sum(t for _, _, t in grader.outcomes(g, S, r, allowed))
        total += 1 + after / grader.mass(S) if after < INF else math.inf
    return total


def _shortlist(
    grader: Grader | PriorGrader,
    rows: list[RowReview],
    befores: list[np.ndarray],
    top: int,
    joint_rank,
    r: int,
    avoid: set[str],
) -> list[str]:
    """Return the guesses a round's best is sought among (after the opening): each board's best, the joint policy's top."""
    answers = grader.engine.lexicon.answers
    words = {row.best for row in rows if row.best}
    boards = [[answers[c] for c in S.tolist()] for S in befores]
    words |= {c.guess for c in joint_rank(grader.engine, boards, rows_left=r, top=top + len(avoid))}
    return sorted(words - avoid)
