"""A play session: one or more boards, the rows played on them, undo, new game, and JSON.

Every board has its own clues, candidates and solved flag; one guess is
played on every board not yet solved (as in Dordle/Quordle/Dueto/Quarteto).
A session knows the secrets when the computer plays against itself, and
otherwise takes the patterns the user reads off the game.  Its ``player``
chooses the guesses (``players``: the solver's for one board, the joint
policy's for several).  ``to_dict``/``from_dict`` save and restore a game
(its rows are replayed, so a restored game is checked again).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..errors import ChuteError, NotationError
from ..game.feedback import Clue, all_green, check_colours, letter_states, parse_colours, score
from ..game.games import MAX_BOARDS, played_on
from ..game.results import GameResult
from ..game.words import checked_word, fold
from ..game.words_left import WordsLeft
from ..language import Count, Note, error_text, said
from ..strategies import State
from .players import Joint, OneBoard, Player, Ranking
from .solver import Solver
from .suggestion import Suggestion

if TYPE_CHECKING:
    import numpy as np


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
    notes: tuple[tuple[int, str], ...] = ()  # (board, message) first said at this row

    def to_dict(self) -> dict:
        """Return the row as a JSON-ready dict."""
        return {"guess": self.guess, "patterns": list(self.patterns), "left": list(self.left)}


SAVE_VERSION = 1


@dataclass
class Session:
    """A game in progress: boards, history of rows (with undo), and the row limit."""

    solver: Solver
    n_boards: int = 1
    rows: int | None = 6  # the game's row limit (None: unlimited)
    secrets: Sequence[str] | None = None  # known when the computer plays itself
    player: Player | None = None  # chooses the guesses (None: the solver's own, or the joint policy)
    keep_unknown: bool | None = None  # keep a row no listed word fits (None: on several boards only)
    accepts: Callable[[str], bool] | None = None  # the game's own word test, when it knows words chute lacks
    boards: list[Board] = field(init=False)
    history: list[Row] = field(init=False, default_factory=list)
    refused: list[str] = field(init=False, default_factory=list)  # guesses the game refused (``accepts``)
    _snapshots: list[list[Board]] = field(init=False, default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if self.player is None:
            self.player = OneBoard(self.solver) if self.n_boards == 1 else Joint(self.solver, boards=self.n_boards)
        self.new(self.secrets)

    # -- lifecycle -----------------------------------------------------------------

    def new(self, secrets: Sequence[str] | None = None) -> None:
        """Start a fresh game (same solver), with new secrets when given (checked: accepted, distinct words)."""
        if secrets is not None:
            secrets = self._checked(secrets)
        self.secrets = secrets
        start = self.solver.initial_state()
        self.boards = [Board(start, None if secrets is None else secrets[i]) for i in range(self.n_boards)]
        self.history = []
        self.refused = []
        self._snapshots = []

    def _checked(self, secrets: Sequence[str]) -> list[str]:
        """Return the secrets folded, refusing a wrong count, a word the lists lack, or a repeated word."""
        if isinstance(secrets, str) or len(secrets) != self.n_boards:
            count = 1 if isinstance(secrets, str) else len(secrets)
            raise ChuteError(
                Note(
                    "secrets_count",
                    boards=Count(self.n_boards, "board_noun"),
                    secrets=Count(self.n_boards, "secret_noun"),
                    k=count,
                )
            )
        if self.accepts is None:
            words = [self.solver.check_secret(s) for s in secrets]
        else:  # secrets the game accepts, chute's lists or not
            words = [checked_word(self.solver.lexicon, s) for s in secrets]
            for w in words:
                if not self.accepts(w):
                    raise ChuteError(Note("not_accepted_by_game", word=w.upper()))
        if len(set(words)) != len(words):
            raise ChuteError(Note("secrets_differ"))
        return words

    def reject(self, word: str) -> str:
        """Stop suggesting a word the game refused (on every board, from now on); return it folded."""
        w = self.solver.avoid(word)
        self.boards = [replace(b, state=self.solver.refused_out(b.state)) for b in self.boards]
        return w

    def unreject(self, word: str) -> str:
        """Suggest a word again that was refused (``reject``); return it folded. The rows played are replayed, so
        every board's guesses allowed hold the word again where its rules let them."""
        w = self.solver.unavoid(word)
        rows = [(row.guess, [p for p in row.patterns if p is not None]) for row in self.history]
        self.new(self.secrets)
        self.replay((guess, None if self.secrets is not None else patterns) for guess, patterns in rows)
        return w

    def undo(self) -> Row | None:
        """Take back the last row; return it (None if nothing was played)."""
        if not self.history:
            return None
        self.boards = self._snapshots.pop()
        if self.solver.avoided or self.solver.refused_strings:  # what was refused since that row stays refused
            self.boards = [replace(b, state=self.solver.refused_out(b.state)) for b in self.boards]
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

    def board_patterns(self) -> list[list[str]]:
        """Return each board's patterns row by row, up to the row that solved it."""
        return [[p for row in self.history if (p := row.patterns[i]) is not None] for i in range(self.n_boards)]

    def words_left(self) -> list[WordsLeft | None]:
        """Return per board the likely answers and possible words left (``game.words_left``), None once solved."""
        return [None if b.solved else b.state.words_left() for b in self.boards]

    def open_boards(self) -> list[int]:
        """Return the indexes of the boards not yet solved."""
        return [i for i, b in enumerate(self.boards) if not b.solved]

    def play(self, guess: str, patterns: Sequence[str | None] | str | None = None) -> Row:
        """Play a guess on every unsolved board and return the row.

        ``patterns``: one per unsolved board (or one string for a single open
        board); None when the secrets are known.  Nothing changes if any board
        refuses the row (illegal guess, contradiction, bad pattern).
        """
        open_ = self.open_boards()
        if not open_:
            raise ChuteError(Note("game_is_over"))
        word = fold(guess)
        if patterns is None:
            if self.secrets is None:
                raise ChuteError(Note("give_colours"))
            pats: list[str | None] = [
                score(word, secret) for i in open_ if (secret := self.boards[i].secret) is not None
            ]
        else:
            pats = self.open_patterns([patterns] if isinstance(patterns, str) else list(patterns))
            if len(pats) != len(open_):
                raise NotationError(
                    Note("pattern_for_boards" if len(pats) == 1 else "patterns_for_boards", k=len(pats), m=len(open_))
                )
        boards = list(self.boards)
        shown: list[str | None] = [None] * self.n_boards
        left: list[int | None] = [None] * self.n_boards
        said = {note for row in self.history for note in row.notes}
        notes: list[tuple[int, str]] = []
        keep = self.n_boards > 1 if self.keep_unknown is None else self.keep_unknown
        for i, pattern in zip(open_, pats):
            assert pattern is not None  # an open board's colours (``open_patterns`` refuses a missing one)
            state = self.solver.advance(boards[i].state, word, pattern, unknown_ok=keep)
            boards[i] = replace(boards[i], state=state)
            shown[i] = state.clues[-1].pattern
            left[i] = state.n
            notes += [(i, m) for m in state.notes if (i, m) not in said]
        self._snapshots.append(self.boards)
        self.boards = boards
        row = Row(word, tuple(shown), tuple(left), tuple(notes))
        self.history.append(row)
        return row

    def replay(self, rows: Iterable[tuple[str, Sequence[str | None] | str | None]]) -> list[Row]:
        """Play rows of (guess, patterns) in order and return them; an error names its row ("row 3: ...").

        The rows before the refused one stay played (``undo`` takes them back).
        """
        played = []
        for i, (guess, patterns) in enumerate(rows, 1):
            try:
                played.append(self.play(guess, patterns))
            except ChuteError as err:
                raise type(err)(Note("row_error", n=i, error=err.args[0] if err.args else str(err))) from None
        return played

    def open_patterns(self, patterns: Sequence[str | None]) -> list[str | None]:
        """Return the patterns of the unsolved boards, given one per unsolved board or one per board.

        Given for every board while some are solved, a solved board's entry
        (None, or its all-green pattern again) is dropped; colours for a solved
        board, or None for an unsolved one, are a NotationError.
        """
        open_ = self.open_boards()
        pats = list(patterns)
        if len(pats) == self.n_boards and len(open_) < self.n_boards:
            n = self.solver.lexicon.length
            for i, p in enumerate(pats):
                if i not in open_ and p is not None and parse_colours(p, n) != all_green(n):
                    raise NotationError(Note("solved_give_dash", n=i + 1))
            pats = [pats[i] for i in open_]
        if len(pats) == len(open_) and None in pats:
            board = open_[pats.index(None)] + 1
            raise NotationError(Note("unsolved_needs_colours", n=board))
        return pats

    def report(self, top: int = 10, max_words: int | None = None, lang: str = "en") -> dict:
        """Return the game as a JSON-ready dict: the boards, the rows played and the ranked next guesses.

        Words are spelt as the game shows them (accents); each board lists at
        most ``max_words`` candidates (all when None), likeliest first, and its letters' states;
        the notes are in ``lang`` ("en" or "pt").
        """
        show = self.solver.lexicon.show
        boards = [
            {
                "solved": b.solved,
                "count": b.state.n,
                **(left.to_dict() if left else {}),
                "candidates": [show(w) for w in b.state.likeliest(max_words)],
                "letters": letter_states(b.state.clues),
                "notes": list(b.state.notes),
            }
            for b, left in zip(self.boards, self.words_left())
        ]
        out: dict[str, Any] = {
            "rows_used": self.used,
            "row_limit": self.rows,
            "over": self.finished,
            "boards": boards,
            "suggestions": [],
            "rows": [
                {
                    "guess": show(row.guess),
                    "patterns": list(row.patterns),
                    "known": self.solver.lexicon.is_guess(row.guess),
                }
                for row in self.history
            ],
        }
        out["notes"] = []  # what the ranking itself says (a proven plan's opener), beside the boards' notes
        if not self.solved and self.open_boards():
            suggestion = None
            ranked: Ranking
            if self.n_boards == 1 and isinstance(self.player, OneBoard):
                suggestion = self.suggest(top)  # the player's own ranking, with its notes
                ranked = list(suggestion.ranked)
                out["notes"] = [n for n in suggestion.notes if n not in boards[0]["notes"]]
            else:
                ranked = self.ranked(top)
            out["suggestions"] = [
                {**r.to_dict(), "guess": show(r.guess), **(suggestion.plan_of(r.guess) if suggestion else {})}
                for r in ranked
            ]
            if self.n_boards == 1 and ranked:  # one board: each guess's chance of being the answer
                for entry, chance in zip(out["suggestions"], self.open_states()[0].chances([r.guess for r in ranked])):
                    entry["chance"] = round(chance, 6)
            out["score_label"] = self.solver.score_label() if self.n_boards == 1 else "joint score"
        out["notes"] = [said(n, lang) for n in out["notes"]]
        for board in boards:
            board["notes"] = [said(n, lang) for n in board["notes"]]
        return out

    def solved_at(self) -> list[int | None]:
        """Return, per board, the row (1-based) that solved it, or None."""
        out: list[int | None] = [None] * self.n_boards
        for r, row in enumerate(self.history, 1):
            for i, p in enumerate(row.patterns):
                if p is not None and out[i] is None and Clue(row.guess, p).solved:
                    out[i] = r
        return out

    @property
    def rows_left(self) -> int | None:
        """Return how many rows the game has left (None: no limit, or the limit passed in a game played out)."""
        if self.rows is None or self.used >= self.rows:
            return None
        return self.rows - self.used

    def open_states(self) -> list[State]:
        """Return the states of the boards not yet solved."""
        return [self.boards[i].state for i in self.open_boards()]

    def _playable_states(self) -> list[State]:
        """Return the open boards' states that have words left (a board whose answer chute does not know has none)."""
        if not self.open_boards():
            raise ChuteError(Note("game_is_over"))
        return [st for st in self.open_states() if st.n]

    def ranked(self, top: int = 10) -> Ranking:
        """Return the player's best next guesses, best first (none when no open board has a word left)."""
        states = self._playable_states()
        return self._player().rank(states, self.rows_left, top) if states else []

    def rows_to_finish(self, words: Sequence[str]) -> np.ndarray | None:
        """Return the rows the game is expected to take after each of the words until every board is solved, the
        word included (None: a one-board player, or a board or word the lists lack)."""
        states = self._playable_states()
        player = self._player()
        finish = getattr(player, "rows_to_finish", None)
        return finish(states, words) if finish is not None and states else None

    def next_guess(self) -> str:
        """Return the guess the player plays next."""
        states = self._playable_states()
        if not states:
            raise ChuteError(Note("no_word_left"))
        return self._player().choose(states, self.rows_left)

    def _player(self) -> Player:
        """Return the player (chosen as the session starts)."""
        assert self.player is not None
        return self.player

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
            guess = self.next_guess()
            if self.accepts is not None and not self.accepts(guess):
                self.refused.append(self.reject(guess))  # "not in word list": no row used
                continue
            played.append(self.play(guess))
        return played

    def result(self) -> GameResult:
        """Return the game so far as a record: secrets (a solved board's guess when not given), guesses, patterns."""
        solved_at = tuple(self.solved_at())
        if self.secrets is not None:
            secrets = tuple(self.secrets)
        else:
            secrets = tuple(self.history[r - 1].guess if r else "" for r in solved_at)
        return GameResult(
            secrets,
            tuple(row.guess for row in self.history),
            solved_at,
            self.rows,
            tuple(row.patterns for row in self.history),
            tuple(row.left for row in self.history),
            tuple(m for row in self.history for _, m in row.notes),
            any(b.state.fallback for b in self.boards),
            tuple(self.refused),
        )

    def answers(self, given: Sequence[str] | None = None) -> list[str]:
        """Return each board's answer: the secret, else the guess that solved it, else the one ``given`` for it.

        ``given``: one answer per board, or one per board not solved (in board order).
        """
        found = list(self.result().secrets)
        missing = [i for i, a in enumerate(found) if not a]
        if given:
            given = [fold(a) for a in given]
            if len(given) == self.n_boards:
                for i, (have, told) in enumerate(zip(found, given)):
                    if have and told != have:
                        raise ChuteError(Note("solved_by_not", n=i + 1, have=have.upper(), told=told.upper()))
                found = given
            elif len(given) == len(missing):
                for i, told in zip(missing, given):
                    found[i] = told
            elif len(missing) == self.n_boards:
                raise ChuteError(
                    Note("give_the_answer")
                    if self.n_boards == 1
                    else Note("give_answers_all", n=self.n_boards, k=len(given))
                )
            else:
                raise ChuteError(
                    Note(
                        "give_answer_missing" if len(missing) == 1 else "give_answers_missing",
                        k=len(missing),
                        n=self.n_boards,
                        given=len(given),
                    )
                )
        unsolved = [str(i + 1) for i, a in enumerate(found) if not a]
        if unsolved:
            raise ChuteError(
                Note("not_solved_give")
                if self.n_boards == 1
                else Note(
                    "boards_not_solved_give" if len(unsolved) > 1 else "board_not_solved_give",
                    boards=", ".join(unsolved),
                )
            )
        for i, (answer, patterns) in enumerate(zip(found, self.board_patterns())):  # the colours the board showed
            try:
                check_colours(
                    self.solver.lexicon, [row.guess for row in self.history][: len(patterns)], patterns, answer
                )
            except ChuteError as err:
                if self.n_boards > 1:
                    raise ChuteError(Note("board_comma", n=i + 1, error=err.args[0])) from None
                raise
        return found

    # -- saving --------------------------------------------------------------------

    def to_dict(self) -> dict:
        """Return the game as a JSON-ready dict: boards, rows, the lists' key and every row played."""
        lexicon = self.solver.lexicon
        return {
            "format": "chute-session",
            "version": SAVE_VERSION,
            "lexicon": lexicon.name,
            "lexicon_key": lexicon.key,
            "length": lexicon.length,
            "boards": self.n_boards,
            "rows": self.rows,
            "rule": self.solver.hard,
            "secrets": None if self.secrets is None else list(self.secrets),
            "history": [row.to_dict() for row in self.history],
            "refused_strings": sorted(self.solver.refused_strings),
        }  # not offered again once resumed

    @classmethod
    def from_dict(cls, solver: Solver, data: dict, player: Player | None = None) -> Session:
        """Return the game saved by ``to_dict``, replayed on ``solver`` (ChuteError if it does not fit)."""
        if not isinstance(data, dict) or data.get("format") != "chute-session":
            raise ChuteError("not a saved chute game")
        if data.get("version") != SAVE_VERSION:
            raise ChuteError(f"saved game version {data.get('version')!r} is not {SAVE_VERSION}")
        if data.get("lexicon_key") != solver.lexicon.key:
            raise ChuteError(f"the saved game was played with other word lists ({data.get('lexicon')!r})")
        if data.get("rule") != solver.hard:
            raise ChuteError(
                f"the saved game was played in {data.get('rule') or 'normal'} mode, not {solver.hard or 'normal'} mode"
            )
        boards, rows, history = data.get("boards"), data.get("rows"), data.get("history")
        if (
            not isinstance(boards, int)
            or not 1 <= boards <= MAX_BOARDS
            or not isinstance(history, list)
            or not (rows is None or isinstance(rows, int))
        ):
            raise ChuteError("the saved game is damaged")
        if rows is not None and len(history) > played_on(rows, boards):
            raise ChuteError(
                f"the saved game is damaged: it holds {len(history):,} rows, more than a game of "
                f"{rows} rows is played on ({played_on(rows, boards)})"
            )
        refused = data.get("refused_strings", [])
        if not isinstance(refused, list) or not all(isinstance(w, str) for w in refused):
            raise ChuteError("the saved game is damaged")
        session = cls(solver, boards, rows, data.get("secrets"), player)
        for word in refused:
            try:
                solver.avoid(word)
            except ChuteError:
                raise ChuteError("the saved game is damaged") from None
        for i, row in enumerate(history, 1):
            try:
                guess, patterns = row["guess"], [p for p in row["patterns"] if p is not None]
            except (TypeError, KeyError):
                raise ChuteError("the saved game is damaged") from None
            try:
                session.play(guess, None if session.secrets is not None else patterns)
            except ChuteError as err:  # colours that contradict an earlier row, a word of another length...
                raise ChuteError(f"the saved game is damaged: row {i}: {error_text(err, 'en')}") from None
        return session


def game_accepting(lexicon, words: Iterable[str]) -> Callable[[str], bool]:
    """Return the word test of a game that accepts the lists' words and these (words its answers may be)."""
    accepted = set(lexicon.guess_set) | set(words)
    return accepted.__contains__


def play(
    solver: Solver,
    secrets: str | Sequence[str],
    rows: int | None = 6,
    limit: int | None = None,
    player: Player | None = None,
    accepts: Callable[[str], bool] | None = None,
) -> GameResult:
    """Return the game a player (the solver's own by default) plays against known secrets.

    The game goes on past the row limit until every board is solved (or
    ``limit`` rows), so a lost game still says how long it needed.  With
    ``accepts`` (the game's word test), the secrets may be words chute's lists
    lack, and a guess the game refuses is dropped at no row (``Session.refused``).
    """
    words = [secrets] if isinstance(secrets, str) else list(secrets)
    game = Session(solver, len(words), rows, words, player, accepts=accepts)
    game.autoplay(limit if limit is not None else len(solver.lexicon.guesses) + 1)
    return game.result()
