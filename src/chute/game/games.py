"""Game presets: which lexicon, how many boards, how many rows, which hard-mode rule."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ChuteError

MAX_ROWS = 200  # the most rows a game is played for, solved or not (a benchmark's walk recurses per row)
MAX_BOARDS = 64  # the most boards a game has


@dataclass(frozen=True)
class GameSpec:
    """The shape of one game: lexicon name, boards played at once, row limit, hard rule."""

    name: str
    lexicon: str
    boards: int = 1
    rows: int = 6
    hard_rule: str = "hard"  # "hard" (Wordle) or "strict" (Termo)
    language: str = "en"
    adversary: bool = False  # Absurdle: no secret; each row the adversary keeps the most words (``game.adversary``)


PRESETS: dict[str, GameSpec] = {
    "wordle": GameSpec("wordle", "wordle", 1, 6, "hard", "en"),
    "dordle": GameSpec("dordle", "wordle", 2, 7, "hard", "en"),
    "quordle": GameSpec("quordle", "wordle", 4, 9, "hard", "en"),
    "octordle": GameSpec("octordle", "wordle", 8, 13, "hard", "en"),
    "termo": GameSpec("termo", "termo", 1, 6, "strict", "pt"),
    "dueto": GameSpec("dueto", "termo", 2, 7, "strict", "pt"),
    "quarteto": GameSpec("quarteto", "termo", 4, 9, "strict", "pt"),
}

# The adversary's games (qntm's Absurdle, and the same on Termo's lists): no row limit, one board.
ADVERSARY_GAMES: dict[str, GameSpec] = {
    "absurdle": GameSpec("absurdle", "wordle", 1, MAX_ROWS, "hard", "en", adversary=True),
    "absurdo": GameSpec("absurdo", "termo", 1, MAX_ROWS, "strict", "pt", adversary=True),
}
ADVERSARY_COMMANDS = ("play", "suggest", "prove", "review", "score", "filter")  # the commands that play them


def game_spec(name: str, boards: int | None = None, rows: int | None = None) -> GameSpec:
    """Return the preset for a game name, with boards/rows overridden when given."""
    spec = PRESETS.get(name) or ADVERSARY_GAMES.get(name)
    if spec is None:
        raise ChuteError(f"unknown game {name!r}; choose from {', '.join([*PRESETS, *ADVERSARY_GAMES])}")
    if spec.adversary and (boards not in (None, 1) or rows is not None):
        raise ChuteError(f"{name} is played on one board with no row limit: --boards and --rows do not apply")
    if boards is not None:
        if boards < 1:
            raise ChuteError(f"boards must be at least 1, not {boards}")
        spec = GameSpec(
            spec.name if boards == spec.boards else f"{spec.lexicon}x{boards}",
            spec.lexicon,
            boards,
            spec.rows if rows is None else rows,
            spec.hard_rule,
            spec.language,
        )
    if rows is not None:
        if rows < 1:
            raise ChuteError(f"rows must be at least 1, not {rows}")
        spec = GameSpec(spec.name, spec.lexicon, spec.boards, rows, spec.hard_rule, spec.language)
    return spec


def played_on(rows: int, boards: int) -> int:
    """Return the most rows a game of ``rows`` rows and ``boards`` boards is played on (past its limit, a lost game
    goes on until every board is found): what a benchmark plays out, and a saved game may hold."""
    return 2 * rows + boards
