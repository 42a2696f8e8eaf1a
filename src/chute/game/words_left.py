"""How many words are left: the two figures every front end shows (the words that fit: ``game.fits``).

A player's question "how many words can it still be?" has two honest answers, and chute gives
both, labelled, everywhere (``filter``, ``suggest``, ``assist``, ``play``, ``review``, the page):

- **likely answers**: the words of the game's answer list that fit every clue (Wordle's 2,315,
  the answers chute lists for Termo): what the game most likely picked;
- **possible words**: every word the game accepts that fits (Wordle's 14,855 guesses): what it
  could still be if its editors picked off the list (less the past answers the player ruled out,
  ``--not-answers``).

The ranking itself weighs the candidates by the prior (``game.prior``), a third set between the
two; its size is no figure a player needs.  Lists of one's own without a separate answer list
have one figure, the possible words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..language import counted, number, phrase


@dataclass(frozen=True)
class WordsLeft:
    """The words left after some clues: the likely answers (None: no separate answer list) and the possible words."""

    likely: int | None
    possible: int
    strings: int | None = None  # no word of the lists fits: the strings of letters played instead (``unlisted``)

    def said(self, lang: str = "en") -> str:
        """Return the figures as a player reads them: "48 likely answers · 246 possible words"."""
        possible = counted(self.possible, "possible_word", lang)
        words = possible if self.likely is None else f"{counted(self.likely, 'likely_answer', lang)} · {possible}"
        return words if self.strings is None else f"{words} · {counted(self.strings, 'letter_string', lang)}"

    def short(self, lang: str = "en") -> str:
        """Return the figures without their labels: "7/70" (likely/possible), or "70"; the strings when no word fits."""
        if self.strings is not None and not self.possible:
            return counted(self.strings, "letter_string", lang)
        possible = number(self.possible, lang)
        return possible if self.likely is None else f"{number(self.likely, lang)}/{possible}"

    def to_dict(self) -> dict:
        """Return the figures as a JSON-ready dict."""
        return {
            "likely_answers": self.likely,
            "possible_words": self.possible,
            **({} if self.strings is None else {"strings": self.strings}),
        }


def said_per_board(lefts: Sequence[WordsLeft | None], lang: str = "en") -> str:
    """Return several boards' figures on one line, labelled once: "likely answers/possible words 1: 7/70,
    2: solved, 3: 9/57" (None: a board solved)."""
    known = [w for w in lefts if w is not None]
    label = (
        phrase("possible_words", lang)
        if known and known[0].likely is None
        else f"{phrase('likely_answers', lang)}/{phrase('possible_words', lang)}"
    )
    return (
        label
        + " "
        + ", ".join(f"{i}: " + (phrase("solved", lang) if w is None else w.short(lang)) for i, w in enumerate(lefts, 1))
    )


def counted_left(lexicon, count: Callable[[str], int]) -> WordsLeft:
    """Return the two figures, ``count(pool)`` giving how many words of a pool ("answers", "accepted") fit: one
    figure when the answer list is every accepted word (lists of one's own)."""
    possible = count("accepted")
    if len(lexicon.answer_list) == len(lexicon.possible_answers):
        return WordsLeft(None, possible)
    return WordsLeft(count("answers"), possible)


def pool(lexicon, which: str) -> Sequence[str]:
    """Return the words of a list of the lexicon: its answer list, every accepted word, or the words added later."""
    if which == "answers":
        return lexicon.answer_list
    if which == "accepted":
        return lexicon.possible_answers
    if which == "later":
        return [w for w in lexicon.guesses if w in lexicon.later]
    raise ValueError(f"no list {which!r}")
