"""Why a word could or could not be the answer in a state, and what it would do as the next guess."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..game.knowledge import Knowledge
from ..game.rules import violation
from ..game.words import checked_word
from ..language import decimal, phrase
from ..strategies import State
from ..strategies.base import describe


@dataclass(frozen=True)
class WordVerdict:
    """Why a word could or could not be the answer in a state, and what it would do as the next guess."""

    word: str
    fits: bool  # it could be the answer
    reasons: list[str]  # why not, in plain words (empty when it fits)
    accepted: bool  # the lists accept it as a guess
    illegal: str | None  # the hard-mode rule it would break as the next guess
    expected: float | None  # as the next guess: candidates left on average
    worst: int | None  # and at worst

    def to_dict(self, show=None) -> dict:
        """Return the verdict as a JSON-ready dict."""
        show = show or (lambda w: w)
        return {
            "word": show(self.word),
            "fits": self.fits,
            "reasons": list(self.reasons),
            "accepted": self.accepted,
            "illegal": self.illegal,
            "expected": None if self.expected is None else round(self.expected, 4),
            "worst": self.worst,
        }

    def text(self, show=None, as_guess: bool = True, lang: str = "en") -> str:
        """Return the verdict as one sentence in ``lang`` (the reasons stay in the language ``why`` gave them)."""
        word = (show or str)(self.word).upper()
        head = (
            phrase("fits", lang, word=word)
            if self.fits
            else phrase("cannot", lang, word=word, reasons="; ".join(self.reasons))
            if self.reasons
            else phrase("fits_unlisted", lang, word=word)
        )  # the answer may be a word the lists lack
        if not as_guess:
            return head
        if self.illegal:
            return head + "; " + phrase("illegal", lang, why=self.illegal)
        if self.expected is not None:
            return head + "; " + phrase("leaves", lang, expected=decimal(self.expected, 1, lang), worst=self.worst)
        return head


def why(state: State, word: str, lang: str = "en") -> WordVerdict:
    """Return why ``word`` could or could not be the answer in ``state`` (in ``lang``), and what it does as a guess."""
    lexicon = state.engine.lexicon
    w = checked_word(lexicon, word)
    fits = w in state.candidate_set
    reasons: list[str] = []
    if not fits:
        if state.clues:
            reasons = Knowledge.from_clues(state.clues, lexicon.length).plain_reasons(w, lang)
        if not reasons and w in lexicon.guess_set:
            reasons = [phrase("not_an_answer", lang)]
    row = lexicon.guess_index.get(w)
    illegal = violation(w, state.clues, state.rule, lang, lexicon.show) if state.rule else None
    expected = worst = None
    if row is not None and state.n and not illegal:
        r = describe(state, np.array([row]), [0.0])[0]
        expected, worst = float(r.expected), int(r.worst)
    return WordVerdict(w, fits, reasons, w in lexicon.guess_set, illegal, expected, worst)
