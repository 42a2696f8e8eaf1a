"""Absurdle played: the adversary answering a player's guesses, and chute's guesses that corner it fastest.

``AbsurdleSolver`` is what ``chute.solver_for("absurdle")`` returns: its
``suggest(clues)`` ranks the guesses by the rows they need to corner the
adversary whatever its ties keep (``search.absurdle``), and its ``game()`` is a
game against the adversary (``game.adversary``'s rule).  Clues from another
site's Absurdle are read as they are: the words left are those every clue fits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..errors import ChuteError, NotationError
from ..files import excerpt
from ..game.adversary import TieRule, least_said, reply
from ..game.engine import Engine
from ..game.feedback import Clue, all_green, decode, encode, letter_states, parse_rows, to_emoji
from ..game.games import GameSpec
from ..game.rules import check_guess
from ..game.words import fold
from ..language import counted, phrase
from ..search.absurdle import MOST_ROWS, AbsurdleSearch, Cornered
from ..strategies.base import Ranked
from .openers import cached_openers


@dataclass(frozen=True)
class AbsurdleSuggestion:
    """The guesses that corner the adversary fastest from the words the clues leave."""

    clues: tuple[Clue, ...]
    left: list[str]  # the words the adversary may still keep, in the answer list's order
    rows: int  # the fewest rows that corner it from here, the next guess and the last included (0: cornered)
    ranked: list[Cornered]

    @property
    def won(self) -> bool:
        """Return whether the clues end with the adversary cornered (the last row all green)."""
        return bool(self.clues) and self.clues[-1].solved

    def to_dict(self, show=str) -> dict:
        """Return the suggestion as a JSON-ready dict (words spelt by ``show``)."""
        return {
            "left": len(self.left),
            "words": [show(w) for w in self.left] if len(self.left) <= 10 else None,
            "rows": self.rows,
            "won": self.won,
            "suggestions": [
                {"guess": show(c.guess), "rows": c.rows, "largest": c.largest, "could_be_answer": c.guess in self.left}
                for c in self.ranked
            ],
        }


class AbsurdleSolver:
    """Chute against Absurdle's adversary on one game's lists: suggestions, a game, the fewest rows."""

    def __init__(self, engine: Engine, game: GameSpec, rule: str | None = None, keep: TieRule = least_said):
        self.engine = engine
        self.lexicon = engine.lexicon
        self.game = game
        self.hard = rule
        self.keep = keep
        self.search = AbsurdleSearch(engine, rule)
        self._fewest: int | None = None  # the fewest rows from the start, once asked

    def read(self, tokens: Sequence[str]) -> list[Clue]:
        """Return the rows written as tokens, each the guess and its colours in any notation (NotationError for a
        bare word or a template)."""
        rows = parse_rows(list(tokens), self.lexicon.length)
        clues = [row for row in rows if isinstance(row, Clue)]
        if len(clues) != len(rows):
            raise NotationError("give each row as the guess and its colours (arise:bbybb)")
        return clues

    def every_answer(self) -> np.ndarray:
        """Return every answer column: the adversary's words before the first row."""
        return np.arange(len(self.lexicon.answers))

    def left_after(self, clues: Sequence[Clue]) -> np.ndarray:
        """Return the answer columns every clue fits (ChuteError when a guess is not accepted or breaks the rule,
        and when no answer fits them all)."""
        S = self.every_answer()
        for k, clue in enumerate(clues):
            row = self.row_of(clue.guess)
            check_guess(clue.guess, clues[:k], self.hard, self.lexicon.show)
            S = S[self.engine.matrix[row, S] == encode(clue.pattern)]
        if not len(S):
            raise ChuteError("no word of the answer list fits every clue: the adversary could not have answered so")
        return S

    def row_of(self, guess: str) -> int:
        """Return the matrix row of an accepted guess (NotationError naming a word the game does not accept)."""
        row = self.lexicon.guess_index.get(fold(guess))
        if row is None:
            word = fold(guess).upper()
            said = word if len(word) <= 2 * self.lexicon.length and word.isalpha() else excerpt(guess, 20)
            raise NotationError(f"{said} is not a word {self.game.name} accepts")
        return row

    def fewest_rows(self, clues: Sequence[Clue] = ()) -> int:
        """Return the fewest rows that corner the adversary from the words the clues leave (proven: every guess
        tried at every smaller count)."""
        if not clues and self._fewest is not None:
            return self._fewest
        found = self.search.rows_to_win(self.left_after(clues), tuple(clues))
        if found is None:
            raise ChuteError(f"no guess corners the adversary within {MOST_ROWS} rows")
        if not clues:
            self._fewest = found
        return found

    def suggest(self, clues: Sequence[Clue] = (), top: int = 10) -> AbsurdleSuggestion:
        """Return the ``top`` guesses that corner the adversary in the fewest rows from the clues' words (each
        whatever a tie keeps), then by the largest bucket they leave."""
        S = self.left_after(clues)
        if clues and clues[-1].solved:  # cornered: nothing left to guess
            return AbsurdleSuggestion(tuple(clues), [clues[-1].guess], 0, [])
        ranked = self.search.ranked(S, tuple(clues), top) if clues else self.openers(top)
        words = [self.lexicon.answers[int(j)] for j in S]
        return AbsurdleSuggestion(tuple(clues), words, ranked[0].rows, ranked)

    def openers(self, top: int) -> list[Cornered]:
        """Return the best ``top`` first guesses, ranked once for these lists and rule and kept in the opener
        cache (``playing.openers``)."""
        answers = self.lexicon.answer_set

        def compute(n: int) -> list[Ranked]:
            ranked = self.search.ranked(self.every_answer(), (), n)
            return [Ranked(c.guess, c.rows, 0.0, c.largest, 0, c.guess in answers) for c in ranked]

        entry = f"absurdle:{self.hard or 'normal'}|s={self.lexicon.suggest_key}"  # the words it may suggest
        found = cached_openers(self.engine.cache_dir, self.lexicon.key, entry, top, compute, self.lexicon.is_suggested)
        return [Cornered(r.guess, int(r.score), r.worst) for r in found]

    def new_game(self) -> AbsurdleGame:
        """Return a new game against the adversary."""
        return AbsurdleGame(self)


@dataclass
class AbsurdleGame:
    """One game against the adversary: each guess answered with the colours that keep the most words."""

    solver: AbsurdleSolver
    clues: list[Clue] = field(default_factory=list)
    left: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.left = self.solver.every_answer()

    @property
    def won(self) -> bool:
        """Return whether the last guess was all green (the adversary cornered)."""
        return bool(self.clues) and self.clues[-1].pattern == all_green(self.solver.lexicon.length)

    def guess(self, word: str) -> Clue:
        """Return the adversary's answer to a guess, and keep its bucket (ChuteError: not accepted, breaks the
        rule, or the game is over)."""
        solver = self.solver
        if self.won:
            raise ChuteError("the adversary is already cornered: the game is over")
        if len(self.clues) >= MOST_ROWS * 4:
            raise ChuteError(f"{len(self.clues)} rows: the game is given up")
        row = solver.row_of(word)
        check_guess(fold(word), self.clues, solver.hard, solver.lexicon.show)
        codes = solver.engine.matrix[row, self.left]
        code = reply(codes, solver.lexicon.length, solver.keep)
        clue = Clue(solver.lexicon.guesses[row], decode(code, solver.lexicon.length))
        self.left = self.left[codes == code]
        self.clues.append(clue)
        return clue

    def words_left(self) -> list[str]:
        """Return the words the adversary may still keep."""
        return [self.solver.lexicon.answers[int(j)] for j in self.left]

    def report(self, top: int = 10, max_words: int | None = None, lang: str = "en") -> dict:
        """Return the game as the page reads a game (``Session.report``'s shape, one board): the rows with the
        adversary's colours, the words it may keep, chute's guesses that corner it fastest, and once cornered the
        rows against the fewest and the share text."""
        solver = self.solver
        show = solver.lexicon.show
        left = self.words_left()
        won = self.won
        fewest = solver.fewest_rows()
        out: dict = {
            "adversary": True,
            "rows_used": len(self.clues),
            "row_limit": None,
            "over": won,
            "fewest": fewest,
            "boards": [
                {
                    "solved": won,
                    "count": 0 if won else len(left),
                    "possible_words": len(left),
                    "likely_answers": None,
                    "candidates": [] if won else [show(w) for w in left[:max_words]],
                    "letters": letter_states(self.clues),
                    "notes": [],
                }
            ],
            "rows": [{"guess": show(c.guess), "patterns": [c.pattern], "known": True} for c in self.clues],
            "suggestions": [],
            "notes": [],
            "score_label": "rows",
        }
        if won:
            used = counted(len(self.clues), "row", lang)
            out["result"] = phrase("adv_won", lang, used=used, fewest=fewest)
            out["share"] = self.share(fewest)
        else:
            ranked = solver.suggest(self.clues, top).ranked
            out["suggestions"] = [
                {"guess": show(c.guess), "score": c.rows, "expected": None, "worst": c.largest} for c in ranked
            ]
        return out

    def share(self, fewest: int | None = None) -> str:
        """Return the share text: the game, the rows taken (``fewest``: chute's proven minimum beside them) and
        the colours of each row."""
        name = self.solver.game.name.capitalize()
        mode = "*" if self.solver.hard else ""
        best = f" (fewest {fewest})" if fewest is not None else ""
        head = f"{name} {len(self.clues) if self.won else 'X'}/∞{mode}{best}"
        return "\n".join([head, "", *(to_emoji(c.pattern) for c in self.clues)])


def replayed(solver: AbsurdleSolver, words: Iterable[str]) -> AbsurdleGame:
    """Return the game the adversary plays against these guesses, in order."""
    game = solver.new_game()
    for word in words:
        game.guess(word)
    return game
