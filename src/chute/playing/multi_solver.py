"""``MultiSolver``: the solver of a game of several boards, what ``solver_for("quordle")`` returns.

Its boards share one ``Solver`` (the lists, the engine, the prior the boards
weigh their words by, the refused words); the joint policy (``joint_policy``)
chooses one guess for every board still open.  ``suggest`` replays the rows of
a game and ranks the next guesses, as ``chute suggest --game quordle`` does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..game.feedback import parse_board_row
from ..game.games import GameSpec
from ..game.words_left import WordsLeft
from .joint_policy import DEFAULT, Choice, Policy
from .players import Joint
from .session import Session
from .solver import Solver

BoardRow = tuple[str, Sequence[str | None]]  # a guess and the colours each board showed (None: solved before)


@dataclass(frozen=True)
class JointSuggestion:
    """The best next guesses of a game of several boards, and the game its rows leave."""

    session: Session
    ranked: Sequence[Choice]

    @property
    def best(self) -> str | None:
        """Return the guess ranked first (None: the game is over, or no board has a word left)."""
        return self.ranked[0].guess if self.ranked else None

    def words_left(self) -> list[WordsLeft | None]:
        """Return each board's words left (None: solved)."""
        return self.session.words_left()

    def to_dict(self) -> dict:
        """Return the ranking and each board's candidates left as a JSON-ready dict."""
        show = self.session.solver.lexicon.show
        return {
            "suggestions": [{**c.to_dict(), "guess": show(c.guess)} for c in self.ranked],
            "boards": [{"solved": b.solved, "count": b.state.n} for b in self.session.boards],
        }


class MultiSolver:
    """Chooses one guess for every open board of a game of several boards (the joint policy)."""

    def __init__(self, solver: Solver, game: GameSpec, policy: Policy = DEFAULT):
        self.solver = solver
        self.game = game
        self.policy = policy
        self.player = Joint(solver, policy, game.boards)

    def __repr__(self) -> str:
        return f"MultiSolver({self.game.name!r}, {self.game.boards} boards, {self.player.name})"

    @property
    def lexicon(self):
        """Return the lexicon the boards share."""
        return self.solver.lexicon

    @property
    def engine(self):
        """Return the engine the boards share."""
        return self.solver.engine

    @property
    def boards(self) -> int:
        """Return the number of boards."""
        return self.game.boards

    @property
    def rows(self) -> int:
        """Return the game's row limit."""
        return self.game.rows

    def session(
        self,
        secrets: Sequence[str] | None = None,
        accepts: Callable[[str], bool] | None = None,
        keep_unknown: bool | None = None,
    ) -> Session:
        """Return a new game of this solver's boards (against ``secrets`` when the computer plays itself)."""
        return Session(self.solver, self.boards, self.rows, secrets, self.player, keep_unknown, accepts)

    def suggest(self, rows: Iterable[str | BoardRow] = (), top: int = 10) -> JointSuggestion:
        """Return the best ``top`` joint guesses after ``rows`` (``toras:bbgyb/gbbbb``, or (guess, colours))."""
        session = self.session()
        session.replay([parse_board_row(r, self.lexicon.length) if isinstance(r, str) else r for r in rows])
        ranked = [] if session.solved else session.ranked(top)
        # the joint player ranks Choices (a game of several boards is never played by a one-board player)
        return JointSuggestion(session, [c for c in ranked if isinstance(c, Choice)])
