"""The adversary of Absurdle (qntm, 2022): it never picks a secret; it answers each guess with the colours
that keep the most words.

After a guess the words still possible split into buckets, one per colour
pattern the guess would show them.  The adversary keeps the largest bucket.
When several are as large, it never keeps the all-green bucket while another is
as large (the guess would have won), and then keeps the bucket whose colours
say the least: the fewest greens, then the fewest yellows, then the first in
reading order (a grey before a yellow before a green, the first letter first).
qntm's page states the largest bucket and the all-green rule; how the game
breaks the remaining ties is chute's rule, stated here because the search that
beats the adversary (``search/absurdle``) does not depend on it: a guess counts
as winning in k rows only when every bucket a tie lets the adversary keep wins
in k - 1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from .feedback import decode, encode

TieRule = Callable[[list[int], int], int]  # (the tied codes, the word length) -> the code kept


def least_said(tied: list[int], length: int) -> int:
    """Return the code the adversary keeps among tied buckets: the fewest greens, then the fewest yellows, then the
    first in reading order."""

    def said(code: int) -> tuple:
        pattern = decode(code, length)
        return pattern.count("g"), pattern.count("y"), pattern.translate(str.maketrans("byg", "012"))

    return min(tied, key=said)


def most_said(tied: list[int], length: int) -> int:
    """Return the opposite choice (the most greens, then yellows, then the last in reading order): the rule the tests
    play the search against beside ``least_said``."""

    def said(code: int) -> tuple:
        pattern = decode(code, length)
        return pattern.count("g"), pattern.count("y"), pattern.translate(str.maketrans("byg", "012"))

    return max(tied, key=said)


def tied_buckets(codes: np.ndarray, length: int) -> list[int]:
    """Return the codes of the buckets the adversary may keep after a guess that shows ``codes`` to the words still
    possible: the largest, the all-green one only when no other is as large."""
    values, counts = np.unique(codes, return_counts=True)
    largest = values[counts == counts.max()].tolist()
    green = encode("g" * length)
    return [c for c in largest if c != green] or largest


def reply(codes: np.ndarray, length: int, rule: TieRule = least_said) -> int:
    """Return the colours (a code) the adversary answers a guess with, given the codes it shows the words still
    possible."""
    return rule(tied_buckets(codes, length), length)


def kept(words: Sequence[str], codes: np.ndarray, code: int) -> list[str]:
    """Return the words of the bucket ``code`` (those the guess shows these colours), in their order."""
    return [w for w, c in zip(words, codes.tolist()) if c == code]
