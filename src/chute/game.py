"""A play session: one or more boards, the rows played on them, undo, new game, and JSON.

Every board has its own clues, candidates and solved flag; one guess is
played on every board not yet solved (as in Dordle/Quordle/Dueto/Quarteto).
A session knows the secrets when the computer plays against itself, and
otherwise takes the patterns the user reads off the game.  With one open
board the next guess is the solver's; with several, the multi-board policy's
joint guess (``chooser`` replaces it).  ``to_dict``/``from_dict`` save and
restore a game (its rows are replayed, so a restored game is checked again).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

from .errors import ChuteError, NotationError
from .feedback import Clue
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
    """One guess played on the session: the pattern each board showed and the candidates it left (None: solved before)."""

    guess: str
    patterns: tuple[str | None, ...]
    left: tuple[int | None, ...] = ()

    def to_dict(self) -> dict:
        """Return the row as a JSON-ready dict."""
        return {"guess": self.guess, "patterns": list(self.patterns), "left": list(self.left)}


Chooser = Callable[["Session"], str]
SAVE_VERSION = 1


@dataclass
class Session:
    """A game in progress: boards, history of rows (with undo), and the row limit."""

    solver: Solver
    n_boards: int = 1
    rows: int | None = 6                       # the game's row limit (None: unlimited)
    secrets: Sequence[str] | None = None       # known when the computer plays itself
    chooser: Chooser | None = None             # picks a guess for several boards (default: the policy's)
    policy: object = None                      # multiboard.Policy for several boards (None: the default)
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
        left: list[int | None] = [None] * self.n_boards
        for i, pattern in zip(open_, pats):
            state = self.solver.advance(boards[i].state, word, pattern)
            boards[i] = replace(boards[i], state=state)
            shown[i] = state.clues[-1].pattern
            left[i] = state.n
        self._snapshots.append(self.boards)
        self.boards = boards
        row = Row(word, tuple(shown), tuple(left))
        self.history.append(row)
        return row

    def solved_at(self) -> list[int | None]:
        """Return, per board, the row (1-based) that solved it, or None."""
        out: list[int | None] = [None] * self.n_boards
        for r, row in enumerate(self.history, 1):
            for i, p in enumerate(row.patterns):
                if p is not None and out[i] is None and Clue(row.guess, p).solved:
                    out[i] = r
        return out

    def ranked(self, top: int = 10) -> list:
        """Return the best next guesses, best first: the solver's for one open board, else the joint policy's."""
        open_ = self.open_boards()
        if not open_:
            raise ChuteError("the game is over: every board is solved")
        if len(open_) == 1:
            return self.solver.rank(self.boards[open_[0]].state, top).ranked
        from .multiboard import DEFAULT, session_rank
        return session_rank(self, self.policy or DEFAULT, top)

    def next_guess(self) -> str:
        """Return the guess to play next (the solver's for one board, the chooser's or policy's for several)."""
        open_ = self.open_boards()
        if not open_:
            raise ChuteError("the game is over: every board is solved")
        if len(open_) == 1:
            return self.solver.choose(self.boards[open_[0]].state)
        if self.chooser is not None:
            return self.chooser(self)
        return self.ranked(1)[0].guess

    def suggest(self, top: int = 10, board: int | None = None) -> Suggestion:
        """Return ranked suggestions for one board (the only open one by default)."""
        if board is None:
            open_ = self.open_boards() or [0]
            board = open_[0]
        return self.solver.rank(self.boards[board].state, top)

    def autoplay(self, limit: int | None = None) -> list[Row]:
        """Play the chosen guesses against the known secrets until the game is over (or ``limit`` rows)."""
        played = []
        while not self.solved and (self.used < (limit if limit is not None else self.rows or 10**6)):
            played.append(self.play(self.next_guess()))
        return played

    # -- saving --------------------------------------------------------------------

    def to_dict(self) -> dict:
        """Return the game as a JSON-ready dict: boards, rows, the lists' key and every row played."""
        lexicon = self.solver.lexicon
        return {"format": "chute-session", "version": SAVE_VERSION, "lexicon": lexicon.name,
                "lexicon_key": lexicon.key, "length": lexicon.length, "boards": self.n_boards,
                "rows": self.rows, "rule": self.solver.hard, "secrets": None if self.secrets is None else list(self.secrets),
                "history": [row.to_dict() for row in self.history]}

    @classmethod
    def from_dict(cls, solver: Solver, data: dict, policy=None) -> "Session":
        """Return the game saved by ``to_dict``, replayed on ``solver`` (ChuteError if it does not fit)."""
        if not isinstance(data, dict) or data.get("format") != "chute-session":
            raise ChuteError("not a saved chute game")
        if data.get("version") != SAVE_VERSION:
            raise ChuteError(f"saved game version {data.get('version')!r} is not {SAVE_VERSION}")
        if data.get("lexicon_key") != solver.lexicon.key:
            raise ChuteError(f"the saved game was played with other word lists ({data.get('lexicon')!r})")
        if data.get("rule") != solver.hard:
            raise ChuteError(f"the saved game was played in {data.get('rule') or 'normal'} mode, "
                             f"not {solver.hard or 'normal'} mode")
        boards, rows, history = data.get("boards"), data.get("rows"), data.get("history")
        if not isinstance(boards, int) or not 1 <= boards <= 64 or not isinstance(history, list) \
                or not (rows is None or isinstance(rows, int)):
            raise ChuteError("the saved game is damaged")
        session = cls(solver, boards, rows, data.get("secrets"), policy=policy)
        for row in history:
            try:
                guess, patterns = row["guess"], [p for p in row["patterns"] if p is not None]
            except (TypeError, KeyError):
                raise ChuteError("the saved game is damaged") from None
            session.play(guess, None if session.secrets is not None else patterns)
        return session
