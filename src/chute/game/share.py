"""Share texts: the lines a game's "share" button copies, as far as reading a pasted text needs.

A share text is a header line (``Wordle 1,234 4/6*``, ``joguei term.ooo #321 3/6``,
``Daily Quordle 123``), maybe score lines (Quordle's keycap digits, ``Score: 64``)
or a link, then rows of emoji tiles.  The tile rows are colours in chute's
notations already (``feedback.parse_colours`` reads them); this module tells
the other lines apart so they are not taken for clues.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import ChuteError
from ..language import Count, Note
from .feedback import looks_like_colours, parse_colours
from .games import MAX_ROWS, GameSpec, game_spec

GAME_NAMES = ("wordle", "termo", "term.ooo", "dueto", "quarteto", "dordle", "quordle", "octordle", "sedecordle")
_SCORE = re.compile(r"(?:^|\s)(?:[0-9X]{1,2}(?:&[0-9X]{1,2})*|[0-9X])/\d{1,2}\*?(?:\s|$)")
_KEYCAP = "\u20e3"


def is_header_line(line: str) -> bool:
    """Return whether a pasted line is a share text's header, score or link line (not colours, not a command).

    A game's name alone is not enough (TERMO and DUETO are words a player types): a header
    also holds a number (``Wordle 1,234 4/6``, ``Daily Quordle 123``) or says ``Practice``
    (``Practice Quordle``, the header of Quordle's practice games).
    """
    text = line.strip()
    if not text or looks_like_colours(text):
        return False
    lower = text.lower()
    named = any(name in lower for name in GAME_NAMES) and (
        any(c.isdigit() for c in text) or lower.startswith("practice ")
    )
    return named or bool(_SCORE.search(text)) or _KEYCAP in text or lower.startswith(("http://", "https://", "score:"))


@dataclass
class Share:
    """A pasted share text, read: the game it names, hard mode, and each board's rows of colours."""

    game: str | None  # a preset name (wordle, termo, dueto, quarteto, dordle, ...), None if unnamed
    hard: bool  # the header marks hard mode (Wordle ``4/6*``, Termo ``*3/6``)
    claimed: str | None  # the score the header claims ("4/6", "X/6"), if any
    boards: list[list[str]]  # per board, the patterns in chute's notation, up to the solving row

    @property
    def length(self) -> int:
        """Return the word length the rows show."""
        return len(self.boards[0][0]) if self.boards and self.boards[0] else 0


_HEADERS = (
    ("term.ooo/2", "dueto"),
    ("term.ooo/4", "quarteto"),
    ("term.ooo", "termo"),
    ("octordle", "octordle"),
    ("quordle", "quordle"),
    ("dordle", "dordle"),
    ("wordle", "wordle"),
)
_CLAIM = re.compile(r"(\*?)([0-9X]{1,2})/(\d{1,2})(\*?)")


def parse_share(text: str) -> Share:
    """Return a share text read into boards of patterns (ChuteError, one clear line, when it cannot be).

    The header names the game and (``*``) hard mode.  Colour rows follow; a
    row holding several boards separates them by spaces (Dueto, Dordle), and
    a blank line starts the next band of boards (Quordle, Octordle).  A board's
    rows stop at its all-green row (the games pad solved boards with blanks).
    """
    game, hard, claimed = None, False, None
    bands: list[list[list[str]]] = []
    band: list[list[str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            if band:
                bands.append(band)
                band = []
            continue
        if looks_like_colours(line) and not is_header_line(line):
            try:
                band.append([parse_colours(group) for group in line.split()])
            except ChuteError as err:
                raise ChuteError(Note("share_line", n=number, error=err.args[0] if err.args else str(err))) from None
            continue
        if is_header_line(line) and game is None:
            lower = line.lower()
            game = next((name for key, name in _HEADERS if key in lower), None)
            claim = _CLAIM.search(line)
            if claim:
                claimed = f"{claim.group(2)}/{claim.group(3)}"
                hard = bool(claim.group(1) or claim.group(4))
    if band:
        bands.append(band)
    count = sum(len(b) for b in bands)
    if count > MAX_ROWS:
        raise ChuteError(Note("share_too_long", rows=count, most=MAX_ROWS))
    if not bands:
        raise ChuteError(Note("share_no_rows"))
    boards: list[list[str]] = []
    width = None
    single = len(bands) == 1 and len(bands[0][0]) == 1  # one board: no game pads it past its solving row
    for rows in bands:
        columns = len(rows[0])
        if any(len(r) != columns for r in rows):
            raise ChuteError(Note("share_boards_differ"))
        for c in range(columns):
            patterns = [r[c] for r in rows]
            for p in patterns:
                if width is None:
                    width = len(p)
                elif len(p) != width:
                    raise ChuteError(Note("share_widths_differ", a=width, b=len(p)))
            solved = next((i for i, p in enumerate(patterns) if set(p) == {"g"}), None)
            if solved is not None:  # past it only padding (blank tiles, read as grey) on a board of several
                late = next((i for i, p in enumerate(patterns) if i > solved and (single or set(p) != {"b"})), None)
                if late is not None:
                    board = "" if single else Note("share_board", n=len(boards) + 1)
                    raise ChuteError(Note("share_after_solved", board=board, row=late + 1, solved=solved + 1))
            boards.append(patterns if solved is None else patterns[: solved + 1])
    if game is not None and game_spec(game).boards != len(boards):
        raise ChuteError(
            Note(
                "share_game_boards",
                game=game_spec(game).name,
                boards=Count(game_spec(game).boards, "board_noun"),
                grid=Count(len(boards), "board_noun"),
            )
        )
    limit = int(claimed.split("/")[1]) if claimed else game_spec(game).rows if game is not None else None
    longest = max(len(b) for b in boards)
    if limit is not None and longest > limit:
        raise ChuteError(Note("share_past_limit", rows=Count(longest, "row"), limit=limit))
    if claimed and len(boards) == 1 and not claimed.startswith("X"):
        if int(claimed.split("/")[0]) != len(boards[0]):
            raise ChuteError(Note("share_header_rows", claimed=claimed, rows=Count(len(boards[0]), "row")))
    return Share(game, hard, claimed, boards)


_TILES = {"g": "🟩", "y": "🟨", "b": "⬛"}
_PAD = "⬜"  # a board's rows past its solving row, as Quordle pads them (read back as grey, then cut)
_TERMO_HEADERS = {1: "joguei term.ooo", 2: "joguei term.ooo/2", 4: "joguei term.ooo/4"}
_WORDLE_HEADERS = {1: "Wordle", 2: "Daily Dordle", 4: "Daily Quordle", 8: "Daily Octordle"}


def share_text(game: GameSpec, boards: list[list[str]], hard: bool = False) -> str:
    """Return a finished game's share text in its game's own format: a header with each board's rows
    (X: not solved), then the colours as emoji tiles, boards side by side in bands of two.

    ``boards`` holds each board's patterns up to its solving row.  ``parse_share`` reads it back.
    """
    scores = [str(len(b)) if b and set(b[-1]) == {"g"} else "X" for b in boards]
    headers = _TERMO_HEADERS if game.lexicon == "termo" else _WORDLE_HEADERS if game.lexicon == "wordle" else {}
    header = f"{headers.get(len(boards), game.name.capitalize())} {'&'.join(scores)}/{game.rows}{'*' if hard else ''}"
    width = len(next((p for b in boards for p in b), "")) or 5
    bands = []
    for first in range(0, len(boards), 2):
        pair = boards[first : first + 2]
        depth = max(len(b) for b in pair)
        lines = [
            " ".join("".join(_TILES[c] for c in b[i]) if i < len(b) else _PAD * width for b in pair)
            for i in range(depth)
        ]
        bands.append("\n".join(lines))
    return header + "\n\n" + "\n\n".join(bands)
