"""A play session: one or more boards, the rows played on them, undo and new game.

Every board has its own clues, candidates and solved flag; one guess is
played on every board not yet solved (as in Dordle/Quordle/Dueto/Quarteto).
A session knows the secrets when the computer plays against itself, and
otherwise takes the patterns the user reads off the game.  Choosing a guess
for several boards at once is left to a pluggable ``chooser``; with one
board it is the solver's own choice.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

from .errors import ChuteError, NotationError
from .feedback import Clue, all_green
from .solver import Solver, Suggestion
from .strategies import State
from .words import fold


@dataclass(frozen=True)
class Board:
    """One board: its state (clues, candidates, notes) and, when known, its secret."""

    state: State
    secret: str | None = None

    @property
    def clues(self) -> list[Clue]:
        """Return the rows played on this board."""
        return self.state.clues

    @property
    def solved(self) -> bool:
        """Return whether this board's last row was all green."""
        return bool(self.state.clues) and self.state.clues[-1].solved

    @property
    def candidates(self) -> list[str]:
        """Return the words this board's answer could still be."""
        return self.state.candidates


@dataclass(frozen=True)
class Row:
    """One guess played on the session, with the pattern each board showed (None: already solved)."""

    guess: str
    patterns: tuple[str | None, ...]


Chooser = Callable[["Session"], str]


@dataclass
class Session:
    """A game in progress: boards, history of rows (with undo), and the row limit."""

    solver: Solver
    n_boards: int = 1
    rows: int | None = 6                       # the game's row limit (None: unlimited)
    secrets: Sequence[str] | None = None       # known when the computer plays itself
    chooser: Chooser | None = None             # picks a guess for several boards
    boards: list[Board] = field(init=False)
    history: list[Row] = field(init=False, default_factory=list)
    _snapshots: list[list[Board]] = field(init=False, default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self.new(self.secrets)

    # -- lifecycle -----------------------------------------------------------------

    def new(self, secrets: Sequence[str] | None = None) -> None:
        """Start a fresh game (same solver), with new secrets when given."""
        if secrets is not None:
            if len(secrets) != self.n_boards:
                raise ChuteError(f"{len(secrets)} secrets given for {self.n_boards} boards")
            secrets = [fold(s) for s in secrets]
        self.secrets = secrets
        start = self.solver.initial_state()
        self.boards = [Board(start, None if secrets is None else secrets[i]) for i in range(self.n_boards)]
        self.history = []
        self._snapshots = []

    def undo(self) -> Row | None:
        """Take back the last row; return it (None if nothing was played)."""
        if not self.history:
            return None
        self.boards = self._snapshots.pop()
        return self.history.pop()

    # -- playing -------------------------------------------------------------------

    @property
    def solved(self) -> bool:
        """Return whether every board is solved."""
        return all(b.solved for b in self.boards)

    @property
    def used(self) -> int:
        """Return how many rows have been played."""
        return len(self.history)

    @property
    def finished(self) -> bool:
        """Return whether the game is over: all boards solved or the rows used up."""
        return self.solved or (self.rows is not None and self.used >= self.rows)

    def open_boards(self) -> list[int]:
        """Return the indexes of the boards not yet solved."""
        return [i for i, b in enumerate(self.boards) if not b.solved]

    def play(self, guess: str, patterns: Sequence[str] | str | None = None) -> Row:
        """Play a guess on every unsolved board and return the row.

        ``patterns``: one per unsolved board (or one string for a single open
        board); None when the secrets are known.  Nothing changes if any board
        refuses the row (illegal guess, contradiction, bad pattern).
        """
        open_ = self.open_boards()
        if not open_:
            raise ChuteError("the game is over: every board is solved")
        word = fold(guess)
        if patterns is None:
            if self.secrets is None:
                raise ChuteError("give the colours the game showed for the guess")
            from .feedback import score
            pats = [score(word, self.boards[i].secret) for i in open_]
        else:
            pats = [patterns] if isinstance(patterns, str) else list(patterns)
            if len(pats) != len(open_):
                raise NotationError(f"{len(pats)} patterns given for {len(open_)} unsolved boards")
        boards = list(self.boards)
        shown: list[str | None] = [None] * self.n_boards
        for i, pattern in zip(open_, pats):
            state = self.solver.advance(boards[i].state, word, pattern)
            boards[i] = replace(boards[i], state=state)
            shown[i] = state.clues[-1].pattern
        self._snapshots.append(self.boards)
        self.boards = boards
        row = Row(word, tuple(shown))
        self.history.append(row)
        return row

    def next_guess(self) -> str:
        """Return the guess to play next (the solver's for one board, the chooser's for several)."""
        open_ = self.open_boards()
        if not open_:
            raise ChuteError("the game is over: every board is solved")
        if len(open_) == 1:
            return self.solver.choose(self.boards[open_[0]].state)
        if self.chooser is None:
            raise ChuteError("choosing one guess for several boards needs a joint strategy (chooser)")
        return self.chooser(self)

    def suggest(self, top: int = 10, board: int | None = None) -> Suggestion:
        """Return ranked suggestions for one board (the only open one by default)."""
        if board is None:
            open_ = self.open_boards() or [0]
            board = open_[0]
        return self.solver.rank(self.boards[board].state, top)

    def autoplay(self) -> list[Row]:
        """Play the solver's guesses against the known secrets until the game is over."""
        played = []
        while not self.finished:
            played.append(self.play(self.next_guess()))
        return played

    @property
    def solved_pattern(self) -> str:
        """Return the all-green pattern of this game's word length."""
        return all_green(self.solver.lexicon.length)
