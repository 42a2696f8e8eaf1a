"""The verdict on a finished game of any board count: one board row by row (``verdict``), several round by round
(``boards_review``); the command line, the page and a session all review through ``review_game``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from ..errors import ChuteError
from ..game.engine import Engine
from ..language import Note
from .boards_review import BoardsReview, review_boards
from .verdict import Review, review

if TYPE_CHECKING:
    from ..game.prior import Prior
    from ..playing.session import Session
    from ..playing.solver import Solver


def review_game(
    engine: Engine,
    guesses: Sequence[str],
    answers: Sequence[str],
    rows: int = 6,
    rule: str | None = None,
    prior: Prior | None = None,
    avoid: Iterable[str] = (),
    notify: Callable[[Note], None] | None = None,
    policy: Solver | None = None,
) -> Review | BoardsReview:
    """Return the verdict on a finished game of any board count: ``guesses`` played in order against ``answers``
    (one a board), within ``rows`` rows, under the hard-mode ``rule`` (one board only).

    One board is graded row by row (``review``), several round by round
    (``review_boards``); the command line, the page and a session all review
    through here.
    """
    answers = [answers] if isinstance(answers, str) else list(answers)
    if len(answers) == 1:
        return review(
            engine, guesses, answers[0], rows=rows, rule=rule, prior=prior, avoid=avoid, notify=notify, policy=policy
        )
    if rule:
        raise ChuteError(Note("boards_no_hard"))
    return review_boards(engine, guesses, answers, rows, prior=prior, avoid=avoid, notify=notify, policy=policy)


def review_session(
    session: Session,
    answers: Sequence[str] | None = None,
    prior: Prior | None = None,
    notify: Callable[[Note], None] | None = None,
) -> Review | BoardsReview:
    """Return the verdict on the rows a session played (``review``, or ``review_boards`` for several boards).

    The answers come from the game (``answers``); a board not solved needs its
    answer given.  The rows are graded within the game's row limit and, on one
    board, under its hard-mode rule; a word the game refused (``reject``) is
    never a best move.  ``notify`` hears a note before a slow first search.
    """
    if not session.history:
        raise ChuteError(Note("no_rows_review"))
    words = session.answers(answers)
    guesses = [row.guess for row in session.history]
    rows = session.rows if session.rows is not None else max(6, session.used)
    solver = session.solver
    return review_game(
        solver.engine,
        guesses,
        words,
        rows,
        rule=solver.hard,
        prior=prior,
        avoid=solver.avoided,
        notify=notify,
        policy=solver,
    )  # refused words: never a best move
