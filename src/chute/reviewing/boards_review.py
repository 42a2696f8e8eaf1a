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
from ..playing.session import Session
from .chute_game import ChuteGame, chute_game, policy_solver
from .grading import mean_grade, skill_of
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
        """Return the rows the guess cost against the row chute plays there (None: not graded)."""
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
        return game_story(self.rounds, self.luck, lang, show, in_rows=True)

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
    prior: Prior | None = None,
    avoid: Iterable[str] = (),
    notify: Callable[[Note], None] | None = None,
    policy: Solver | None = None,
) -> BoardsReview:
    """Return the review of a multi-board game (Dueto, Quarteto, Dordle, Quordle...), round by round.

    Each open board is graded as in ``review`` (its candidates, the guess's
    value on it, its own best guess), as detail.  The round itself is graded
    by what the joint player spends: the rows the game is expected to take
    until every board is solved (``JointRanker.rows_to_finish``, under the
    prior chute's joint policy plays), the guess played against the guess that
    policy plays there (``own``: chute's joint player, following the game as
    played).  So a round chute would play is the best move found, and a round
    graded below it names the row chute plays instead.  Answers off the lists
    and words chute does not know are handled as ``review`` handles them: a
    round with a board or a guess chute cannot weigh takes its boards' own
    grades, if any.  ``avoid``: words the game refused, never a best move.
    Beside it, the game ``policy`` plays against the answers (default:
    chute's joint policy).
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
    solver = policy or policy_solver(base, len(secrets), None, avoid)
    own = joint_view(solver, secrets, rows)
    solved_at: list[int | None] = [None] * len(secrets)
    rounds: list[RoundReview] = []
    for i, g in enumerate(played):
        r = max(rows - i, 1)
        open_ = [k for k, s in enumerate(solved_at) if s is None]
        if not open_:
            break
        g_row = lexicon.guess_index.get(g)
        graded = [k for k in open_ if len(sets[k]) and g_row is not None]  # some word graded fits the board's clues
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
        luck = mean_grade(made[k].luck for k in graded)
        value, best, best_value = joint_round(own, g, secrets)
        values = [v for k in graded if (v := made[k].value) is not None]
        if len(values) < len(graded) or not graded:  # the last rows, where only a candidate can win: no value
            value = None
        elif not all(math.isfinite(v) for v in values):  # a board this guess risks losing within the rows left
            value = math.inf
        if value is None or best is None or best_value is None:  # the joint player cannot weigh the round
            skill = mean_grade(made[k].skill for k in graded)
            rounds.append(RoundReview(g, board_rows, None, None, None, skill, luck))
        else:
            if math.isfinite(value) or best == g:  # the model may rate the played row above chute's: no cost
                cost = max(value - best_value, 0.0) if math.isfinite(value) else 0.0
                best_value = value - cost if math.isfinite(value) else value
            else:
                cost = math.inf
            rounds.append(RoundReview(g, board_rows, value, best, best_value, skill_of(cost), luck))
    del grader, table  # the grading is done: its searches, and their copies of the matrix, can go
    searches_done(engine, base)
    return BoardsReview(
        secrets,
        rounds,
        rows,
        solved_at,
        mean_grade(x.skill for x in rounds),
        mean_grade(x.luck for x in rounds),
        notes,
        chute_game(solver, secrets, rows),
    )


def joint_view(solver: Solver, secrets: Sequence[str], rows: int) -> Session:
    """Return chute's joint player on a fresh game of these boards, to follow the game as played (told the
    colours, so that an answer the lists lack leaves its board unlisted, not the game unreadable)."""
    own = Session(solver, len(secrets), rows)
    own.new()
    return own


def joint_round(own: Session, guess: str, secrets: Sequence[str]) -> tuple[float | None, str | None, float | None]:
    """Return (the rows the game is expected to take after ``guess``, the guess chute plays there, the rows after
    it), then play ``guess`` on ``own`` with the colours the answers show (Nones: the joint player cannot weigh
    the round: a board or the guess is off the lists)."""
    values: np.ndarray | None = None
    best: str | None = None
    try:
        if not own.solved:
            best = own.next_guess()
            values = own.rows_to_finish([guess, best])
            if values is not None:
                values = np.where([_loses(own, w) for w in (guess, best)], math.inf, values)
        own.play(guess, [score(guess, secrets[i]) for i in own.open_boards()])
    except ChuteError:
        return None, None, None
    if values is None or best is None:
        return None, None, None
    return float(values[0]), best, float(values[1])


def _loses(own: Session, guess: str) -> bool:
    """Return whether the game can be lost after ``guess``: more boards than rows after it, unless it surely solves
    one (a board's only word left)."""
    left = own.rows_left
    if left is None:
        return False
    open_ = [own.boards[i] for i in own.open_boards()]
    sure = any(b.state.n == 1 and b.state.candidates[0] == guess for b in open_)
    return len(open_) - int(sure) > left - 1
