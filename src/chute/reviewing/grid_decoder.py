"""A colours-only share text decoded: the words that could have made each row, given the answers.

A row's word must show each open board's colours against that board's
answer, so several boards narrow it together (often to one word); the
answers may be words chute does not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..errors import ChuteError
from ..game.engine import Engine
from ..game.feedback import encode
from ..game.pattern_codes import compute_codes
from ..game.words import word_of_length
from ..language import Count, Note

if TYPE_CHECKING:
    from ..game.prior import Prior


@dataclass
class DecodedRow:
    """The words that could have made one row of a colours-only grid, given the answers."""

    patterns: tuple[str | None, ...]  # each board's colours in the row (None: that board was solved before it)
    count: int
    likely: list[str]  # the likeliest few (see ``decode_boards``)

    @property
    def pattern(self) -> str:
        """Return the row's colours on its first open board (a one-board grid: the row's colours)."""
        return next(p for p in self.patterns if p is not None)


def decode_grid(
    engine: Engine, patterns: Sequence[str], answer: str, hard: bool = False, top: int = 5, prior: Prior | None = None
) -> list[DecodedRow]:
    """Return, for each row of colours, the accepted words that show exactly those colours against ``answer``.

    With ``hard``, a word must keep every green an earlier row revealed (the
    part of hard mode colours alone can check).  See ``decode_boards``.
    """
    return decode_boards(engine, [patterns], [answer], hard, top, prior)


def decode_boards(
    engine: Engine,
    boards: Sequence[Sequence[str]],
    answers: Sequence[str],
    hard: bool = False,
    top: int = 5,
    prior: Prior | None = None,
) -> list[DecodedRow]:
    """Return, for each row of a colours-only grid of one or more boards, the words that make every board's colours.

    ``boards`` holds each board's rows up to the one that solved it; a row's
    word shows each open board's colours against that board's answer, so
    several boards narrow it together (often to one word).  ``hard`` (one
    board): a word must keep every green an earlier row revealed.  The
    likeliest words come first: by the prior's weight when one is given
    (words outside it last), else answers first, then by frequency; ties
    alphabetical.  Raises ChuteError when no word can make a row.
    """
    lexicon = engine.lexicon
    if len(boards) != len(answers):
        raise ChuteError(
            Note(
                "grid_answers",
                boards=Count(len(boards), "board_noun"),
                answers=Count(len(boards), "answer_noun"),
                k=len(answers),
            )
        )
    words = [word_of_length(a, lexicon, "answer") for a in answers]  # known to chute or not
    # the words that can make a row: every accepted guess, and the answers chute does not know (their green rows)
    pool = list(lexicon.guesses) + [w for w in dict.fromkeys(words) if w not in lexicon.guess_set]
    unknown = pool[len(lexicon.guesses) :]

    def codes_against(word: str) -> np.ndarray:
        """Return every pool word's code against ``word`` (the matrix's column when it has one)."""
        col = lexicon.answer_index.get(word)
        known = (
            engine.matrix[:, col] if col is not None else compute_codes(lexicon.guesses, [word], lexicon.length)[:, 0]
        )
        return np.concatenate([known, compute_codes(unknown, [word], lexicon.length)[:, 0]]) if unknown else known

    codes = [codes_against(w) for w in words]
    weight = {} if prior is None else dict(zip(prior.words, prior.probabilities().tolist()))
    freq = lexicon.frequencies
    letters = np.frombuffer("".join(pool).encode("ascii"), dtype=np.uint8).reshape(-1, lexicon.length)
    greens = np.zeros(lexicon.length, dtype=bool)
    against = " / ".join(w.upper() for w in words)
    out = []
    for i in range(max((len(b) for b in boards), default=0)):
        shown = tuple(b[i] if i < len(b) else None for b in boards)
        fits = np.ones(len(pool), dtype=bool)
        for pattern, board_codes in zip(shown, codes):
            if pattern is None:
                continue
            if len(pattern) != lexicon.length:
                raise ChuteError(
                    Note("row_tiles", row=i + 1, tiles=Count(len(pattern), "tile"), name=lexicon.name, n=lexicon.length)
                )
            fits &= board_codes == encode(pattern)
        if hard and len(boards) == 1 and greens.any():
            target = np.frombuffer(words[0].encode("ascii"), dtype=np.uint8)
            fits &= (letters[:, greens] == target[greens]).all(axis=1)
        rows = np.flatnonzero(fits)
        if not len(rows):
            colours = " ".join(p or "-" for p in shown)
            raise ChuteError(Note("row_no_word", row=i + 1, colours=colours, against=against))
        found = [pool[r] for r in rows.tolist()]
        if prior is not None:
            found.sort(key=lambda w: (-weight.get(w, 0.0), w))
        else:
            found.sort(key=lambda w: (w not in lexicon.answer_set, -freq.get(w, 0.0), w))
        out.append(DecodedRow(shown, len(found), found[:top]))
        if len(boards) == 1 and shown[0] is not None:
            greens |= np.array([c == "g" for c in shown[0]])
    return out
