"""Hard-mode rules: which guesses a game allows after some clues, and why a guess is refused.

Two rule sets:

- ``hard`` (Wordle): every green letter stays where it was, and every revealed
  letter (green or yellow) is used again, at least as many times as one clue
  showed it.
- ``strict`` (Termo): the guess must be consistent with every clue, i.e. it
  could itself be the answer: greens stay, no yellow or grey letter goes back
  where it was marked, revealed letters are reused, and a grey caps the count.

Legality after several clues is the conjunction of legality after each one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import numpy as np

from ..errors import ChuteError, IllegalGuessError
from ..language import Note, Ordinal
from .feedback import BLACK, GREEN, YELLOW, Clue, encode
from .pattern_codes import letters_array, numpy_codes
from .words import fold

RULES = ("hard", "strict")


def check_rule(rule: str | None) -> str | None:
    """Return the rule name if known (None means no hard mode); unknown names are a user error."""
    if rule is None or rule in RULES:
        return rule
    raise ChuteError(f"unknown hard-mode rule {rule!r}; choose from {', '.join(RULES)}")


def _shown(clue: Clue) -> Counter[str]:
    """Return how many copies of each letter the clue revealed (green or yellow)."""
    return Counter(c for c, t in zip(clue.guess, clue.pattern) if t != BLACK)


def legal_mask(engine, clue: Clue, rule: str, rows: np.ndarray | None = None) -> np.ndarray:
    """Return, per accepted guess (matrix row; or per row of ``rows``), whether it is legal after this one clue."""
    guess = fold(clue.guess)
    if rule == "strict":
        return strict_codes(engine, guess, rows) == encode(clue.pattern)
    greens = [(i, ord(c) - ord("a")) for i, (c, t) in enumerate(zip(guess, clue.pattern)) if t == GREEN]
    shown = [(ord(c) - ord("a"), n) for c, n in _shown(clue).items()]
    if rows is None or 8 * len(rows) > len(engine.guess_letters):
        # over most guesses: AND the planes of every guess, then pick the rows
        at, counts = engine.letter_planes
        mask = np.ones(counts.shape[1], dtype=bool)
        for i, k in greens:
            mask &= at[i, k]
        for k, n in shown:
            mask &= counts[k] >= n
        return mask if rows is None else mask[rows]
    letters = engine.guess_letters[rows]
    mask = np.ones(len(letters), dtype=bool)
    counts = engine.guess_letter_counts
    for i, k in greens:
        mask &= letters[:, i] == k
    for k, n in shown:
        mask &= counts[rows, k] >= n
    return mask


def strict_codes(engine, guess: str, rows: np.ndarray | None = None) -> np.ndarray:
    """Return the code ``guess`` shows against each accepted guess (or each of ``rows``) taken as the secret.

    Strict mode allows after a clue exactly the guesses whose code equals the clue's.
    """
    letters = engine.guess_letters if rows is None else engine.guess_letters[rows]
    return numpy_codes(letters_array([fold(guess)], engine.length), letters)[0]


def allowed_rows(engine, clues: Iterable[Clue], rule: str | None) -> np.ndarray | None:
    """Return the sorted matrix rows legal after all the clues (None: no hard mode, all allowed)."""
    if rule is None:
        return None
    mask = np.ones(len(engine.lexicon.guesses), dtype=bool)
    for clue in clues:
        mask &= legal_mask(engine, clue, rule)
    return np.flatnonzero(mask)


def violation(guess: str, clues: Iterable[Clue], rule: str | None, lang: str = "en", show=None) -> str | None:
    """Return why the guess breaks the rule after these clues (in ``lang``, words spelt by ``show``), or None."""
    note = violation_note(guess, clues, rule, show)
    return None if note is None else note.said(lang)


def violation_note(guess: str, clues: Iterable[Clue], rule: str | None, show=None) -> Note | None:
    """Return why the guess breaks the rule after these clues, as a Note (words spelt by ``show``), or None."""
    if rule is None:
        return None
    guess = fold(guess)
    counts = Counter(guess)
    for clue in clues:
        shown = _shown(clue)

        # the Note is made only for a guess that breaks the rule: trees check every node with this
        def say(key: str, clue: Clue = clue, **values) -> Note:
            mode = Note(rule) if rule in RULES else f"{rule} mode"
            return Note(key, mode=mode, guess=(show or str)(clue.guess).upper(), **values)

        for i, (c, t) in enumerate(zip(clue.guess, clue.pattern)):
            if t == GREEN and guess[i] != c:
                return say("must_green", nth=Ordinal(i), letter=c.upper())
        for c, n in shown.items():
            if counts[c] < n:
                return say("must_use" if n == 1 else "must_use_n", letter=c.upper(), n=n)
        if rule != "strict":
            continue
        for i, (c, t) in enumerate(zip(clue.guess, clue.pattern)):
            if t != GREEN and guess[i] == c:
                return say("not_here_yellow" if t == YELLOW else "not_here_grey", letter=c.upper(), nth=Ordinal(i))
        for c in sorted({c for c, t in zip(clue.guess, clue.pattern) if t == BLACK}):
            if counts[c] > shown[c]:
                if shown[c] == 0:
                    return say("grey_letter", letter=c.upper())
                return say("only_n", n=shown[c], letter=c.upper())
    return None


def check_guess(guess: str, clues: Iterable[Clue], rule: str | None, show=None) -> None:
    """Raise IllegalGuessError with the reason if the guess breaks the rule (words spelt by ``show``)."""
    reason = violation_note(guess, clues, rule, show)
    if reason:
        raise IllegalGuessError(Note("not_allowed", word=(show or str)(fold(guess)).upper(), reason=reason))


def rows_without(lexicon, words: Iterable[str], allowed: np.ndarray | None = None) -> np.ndarray | None:
    """Return the allowed guess rows (every guess when None) less those of ``words`` (``allowed`` when none is a guess)."""
    rows = [lexicon.guess_index[w] for w in words if w in lexicon.guess_index]
    if not rows:
        return allowed
    base = np.arange(len(lexicon.guesses), dtype=np.intp) if allowed is None else np.asarray(allowed)
    return base[~np.isin(base, rows)]
