"""chute's own game against a reviewed game's answers: the path its default policy plays, set beside the player's.

For the bundled one-board games chute ships the game its default policy plays
against every answer of the list (``data/games/``, made by
``scripts/build_games.py``), read when the solver is that policy: a review then
plays nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..errors import ChuteError
from ..game.cache import table_name
from ..game.feedback import Clue, score
from ..game.fits import words_left
from ..language import counted, phrase
from ..playing.assembly import game_solver
from ..playing.session import Session

if TYPE_CHECKING:
    from ..game.engine import Engine
    from ..playing.solver import Solver


@dataclass(frozen=True)
class ChuteGame:
    """The rows chute's policy plays against some answers: each guess and the colours it shows per board
    (None on a board solved before)."""

    guesses: tuple[str, ...]
    patterns: tuple[tuple[str | None, ...], ...]
    row_limit: int
    solved: bool
    left: tuple[int, ...] = ()  # one board: the likely answers left after each row (the review's chart)

    def said(self, lang: str = "en", show=None) -> str:
        """Return the game in a line: chute's guesses and how it ended."""
        show = show or (lambda w: w)
        words = " ".join(show(g).upper() for g in self.guesses)
        ended = (
            phrase("solved_in", lang, used=len(self.guesses), limit=self.row_limit)
            if self.solved
            else phrase("not_solved_in", lang, rows=counted(self.row_limit, "row", lang))
        )
        return phrase("chute_game", lang, words=words, ended=ended)

    def to_dict(self, show=None) -> dict[str, Any]:
        """Return the game as a JSON-ready dict."""
        show = show or (lambda w: w)
        return {
            "rows": [{"guess": show(g), "patterns": list(p)} for g, p in zip(self.guesses, self.patterns)],
            "solved": self.solved,
            "rows_used": len(self.guesses),
            "row_limit": self.row_limit,
            **({"left": list(self.left)} if self.left else {}),
        }


@lru_cache(maxsize=8)
def policy_solver(engine: Engine, boards: int, rule: str | None, refused: tuple[str, ...] = ()) -> Solver:
    """Return the solver of chute's default policy for these lists (kept: its choices are remembered)."""
    return game_solver(engine, boards, rule, refused=refused)


def chute_game(solver: Solver, answers: Sequence[str], rows: int) -> ChuteGame | None:
    """Return the game the solver's policy plays against the answers within ``rows`` (None: it cannot play them,
    an answer being no word the lists accept)."""
    if len(answers) == 1:
        kept = shipped_games(solver).get(answers[0])
        if kept is not None and len(kept) <= rows:
            patterns = tuple((score(g, answers[0]),) for g in kept)
            return ChuteGame(kept, patterns, rows, kept[-1] == answers[0], left_after(solver, kept, answers[0]))
    try:
        session = Session(solver, len(answers), rows)
        session.new(list(answers))
        played = session.autoplay(limit=rows)
    except ChuteError:
        return None
    guesses = tuple(r.guess for r in played)
    left = left_after(solver, guesses, answers[0]) if len(answers) == 1 else ()
    return ChuteGame(guesses, tuple(tuple(r.patterns) for r in played), rows, session.solved, left)


def left_after(solver: Solver, guesses: Sequence[str], answer: str) -> tuple[int, ...]:
    """Return how many of the likely answers (else the possible words) fit after each of the guesses."""
    clues = [Clue(g, score(g, answer)) for g in guesses]
    counts = [words_left(solver.lexicon, clues[: i + 1]) for i in range(len(clues))]
    return tuple(c.possible if c.likely is None else c.likely for c in counts)


def games_name(lexicon, rule: str | None, rows: int) -> str:
    """Return the file name of the games chute ships for these lists, rule and rows (and the words it plays)."""
    return table_name("games", lexicon, rule, rows)


@lru_cache(maxsize=8)
def _shipped(name: str, key: str, policy: str) -> dict[str, tuple[str, ...]]:
    """Return the games of a shipped file, by answer, when it is these lists' and this policy's ({} otherwise)."""
    try:
        data = json.loads(resources.files("chute").joinpath("data", "games", name).read_text(encoding="utf-8"))
        if data.get("version") != 1 or data.get("key") != key or data.get("policy") != policy:
            return {}
        return {answer: tuple(line.split()) for answer, line in data["games"].items()}
    except (OSError, ValueError, AttributeError, KeyError, TypeError):
        return {}


def shipped_games(solver: Solver) -> dict[str, tuple[str, ...]]:
    """Return the games chute ships for the solver's lists, rule and rows when it plays their policy, by answer."""
    lexicon = solver.lexicon
    return _shipped(games_name(lexicon, solver.hard, solver.options.rows), lexicon.key, solver.policy_key())
