"""The words of a list that fit the clues, scored by the game's rule, and how many are left.

A clue sequence's fit is its prefix's fit narrowed by the last clue, so fits are cached by (list,
clues): a benchmark's games and a page's requests share their prefixes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

from .feedback import Clue, encode
from .pattern_codes import compute_codes
from .words_left import WordsLeft, counted_left, pool

FITS_KEPT = 4_096  # (list, clue sequence) fits kept: a benchmark's and a page's states share prefixes
_FITS: OrderedDict = OrderedDict()
_LOCK = threading.Lock()  # the page's requests run in threads


def words_left(lexicon, clues: Sequence[Clue]) -> WordsLeft:
    """Return how many of the game's answers and of the words it accepts fit every clue."""
    clues = tuple(clues)
    return counted_left(lexicon, lambda which: len(fitting(lexicon, which, clues)))


def fitting(lexicon, which: str, clues: tuple[Clue, ...]) -> list[str]:
    """Return the words of the lexicon's list ``which`` ("answers", "accepted", "later") that fit every clue, in
    its order: scored by the game's rule against the fit of all but the last clue, which is kept too."""
    key = (id(lexicon), which, clues)
    with _LOCK:
        hit = _FITS.get(key)
        if hit is not None and hit[0] is lexicon:
            _FITS.move_to_end(key)
            return hit[1]
    if not clues:
        words = list(pool(lexicon, which))
    else:
        base = fitting(lexicon, which, clues[:-1])
        last = clues[-1]
        if base and len(last.guess) == lexicon.length:
            fits = compute_codes([last.guess], base, lexicon.length)[0] == encode(last.pattern)
            words = [w for w, f in zip(base, fits) if f]
        else:
            words = []
    with _LOCK:
        _FITS[key] = (lexicon, words)
        if len(_FITS) > FITS_KEPT:
            _FITS.popitem(last=False)
    return words
