"""Share texts: the lines a game's "share" button copies, as far as reading a pasted text needs.

A share text is a header line (``Wordle 1,234 4/6*``, ``joguei term.ooo #321 3/6``,
``Daily Quordle 123``), maybe score lines (Quordle's keycap digits, ``Score: 64``)
or a link, then rows of emoji tiles.  The tile rows are colours in chute's
notations already (``feedback.parse_colours`` reads them); this module tells
the other lines apart so they are not taken for clues.
"""

from __future__ import annotations

import re

from .feedback import looks_like_colours

GAME_NAMES = ("wordle", "termo", "term.ooo", "dueto", "quarteto", "dordle", "quordle", "octordle",
              "sedecordle")
_SCORE = re.compile(r"(?:^|\s)(?:[0-9X]{1,2}(?:&[0-9X]{1,2})*|[0-9X])/\d{1,2}\*?(?:\s|$)")
_KEYCAP = "\u20e3"


def is_header_line(line: str) -> bool:
    """Return whether a pasted line is a share text's header, score or link line (not colours, not a command).

    A game's name alone is not enough (TERMO and DUETO are words a player types): a header
    also holds a number (``Wordle 1,234 4/6``, ``Daily Quordle 123``).
    """
    text = line.strip()
    if not text or looks_like_colours(text):
        return False
    lower = text.lower()
    named = any(name in lower for name in GAME_NAMES) and any(c.isdigit() for c in text)
    return (named or bool(_SCORE.search(text)) or _KEYCAP in text
            or lower.startswith(("http://", "https://", "score:")))
