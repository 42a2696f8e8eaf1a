"""Tiles for people: ANSI-coloured letters on a terminal, emoji or plain text elsewhere."""

from __future__ import annotations

import os
import sys
from typing import TextIO

from .feedback import BLACK, EMOJI, GREEN, YELLOW, to_emoji

_ANSI = {GREEN: "\x1b[1;97;42m", YELLOW: "\x1b[1;30;43m", BLACK: "\x1b[1;97;100m"}
_RESET = "\x1b[0m"


def use_colour(stream: TextIO | None = None) -> bool:
    """Return whether to colour output: a terminal, NO_COLOR unset (FORCE_COLOR forces it)."""
    stream = sys.stdout if stream is None else stream
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("NO_COLOR"):
        return False
    return hasattr(stream, "isatty") and stream.isatty()


def shows_emoji(stream: TextIO | None = None) -> bool:
    """Return whether the stream's encoding can print the emoji tiles (not on an ASCII or Latin-1 console)."""
    stream = sys.stdout if stream is None else stream
    try:
        (EMOJI[GREEN] + EMOJI[BLACK]).encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def tiles(word: str, pattern: str, colour: bool | None = None) -> str:
    """Return the word as coloured tiles (ANSI), or ``WORD 🟩🟨⬛`` without colour (``WORD gybbb`` without emoji)."""
    if colour is None:
        colour = use_colour()
    if colour:
        return "".join(f"{_ANSI[t]} {c.upper()} {_RESET}" for c, t in zip(word, pattern))
    return f"{word.upper()} {to_emoji(pattern) if shows_emoji() else pattern}"


def width(word: str, colour: bool | None = None) -> int:
    """Return the printed width of ``tiles`` for a word (for aligning columns)."""
    if colour is None:
        colour = use_colour()
    return 3 * len(word) if colour else len(word) + 1 + (2 if shows_emoji() else 1) * len(word)


def plural(n: int, word: str, many: str | None = None) -> str:
    """Return ``n word`` with thousands separators, the plural when n is not 1 (``1 game``, ``2,315 games``)."""
    return f"{n:,} {word if n == 1 else (many or word + 's')}"
