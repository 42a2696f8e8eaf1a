"""What a list of (guess, pattern) clues implies about the secret.

For each clue, the secret has the green letters at their positions, does not
have the guess's letter at any non-green position, and for each letter ``c``
holds at least (greens + yellows of ``c``) copies, exactly that many if some
copy of ``c`` was grey.  These constraints hold exactly when scoring the
guess against the word gives the pattern (for a producible pattern), so
``consistent`` agrees with ``feedback.score`` word for word.
"""

from __future__ import annotations

import string
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from .errors import ContradictionError
from .feedback import BLACK, GREEN, YELLOW, Clue, is_producible
from .words import fold

ALPHABET = string.ascii_lowercase


@dataclass
class Knowledge:
    """Constraints on the secret: fixed and banned positions, letter count bounds."""

    length: int
    fixed: list[str | None] = field(default_factory=list)     # position -> letter known there
    banned: list[set[str]] = field(default_factory=list)      # position -> letters not there
    min_count: dict[str, int] = field(default_factory=dict)   # letter -> at least this many
    max_count: dict[str, int] = field(default_factory=dict)   # letter -> at most this many
    clues: list[Clue] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.fixed:
            self.fixed = [None] * self.length
        if not self.banned:
            self.banned = [set() for _ in range(self.length)]

    @classmethod
    def from_clues(cls, clues: Iterable[Clue], length: int | None = None) -> "Knowledge":
        """Return the knowledge given by the clues (raises ContradictionError if they conflict)."""
        clues = list(clues)
        if length is None:
            if not clues:
                raise ValueError("length is needed when there are no clues")
            length = len(clues[0].guess)
        k = cls(length)
        for clue in clues:
            k.add(clue)
        return k

    def add(self, clue: Clue) -> None:
        """Add one clue's constraints; raise ContradictionError naming the clue if it conflicts."""
        guess, pattern = fold(clue.guess), clue.pattern
        if len(guess) != self.length:
            raise ContradictionError(f"clue {clue} has {len(guess)} letters, expected {self.length}")
        if not is_producible(guess, pattern):
            raise ContradictionError(
                f"clue {clue}: no secret gives this pattern (a repeated letter is yellow "
                "after a grey copy of it; yellows go to the leftmost copies)")
        shown: Counter[str] = Counter()
        greyed: set[str] = set()
        for i, (c, t) in enumerate(zip(guess, pattern)):
            if t == GREEN:
                if self.fixed[i] not in (None, c):
                    raise ContradictionError(
                        f"clue {clue} puts {c.upper()} at position {i + 1}, "
                        f"but an earlier clue put {self.fixed[i].upper()} there")
                self.fixed[i] = c
                shown[c] += 1
            else:
                self.banned[i].add(c)
                if t == YELLOW:
                    shown[c] += 1
                else:
                    greyed.add(c)
        for c in set(guess):
            low = max(self.min_count.get(c, 0), shown[c])
            high = self.max_count.get(c, self.length)
            if c in greyed:
                high = min(high, shown[c])
            if low > high:
                raise ContradictionError(
                    f"clue {clue} conflicts with earlier clues about {c.upper()}: "
                    f"needs at least {low} but at most {high}")
            if low:
                self.min_count[c] = low
            if high < self.length:
                self.max_count[c] = high
        self.clues.append(Clue(guess, pattern))
        self._check_room(clue)

    def _check_room(self, clue: Clue) -> None:
        """Raise ContradictionError if the constraints leave no word of letters at all."""
        if sum(self.min_count.values()) > self.length:
            raise ContradictionError(f"clue {clue}: the clues require more letters than the word has")
        for i in range(self.length):
            if self.fixed[i] is not None and self.fixed[i] in self.banned[i]:
                raise ContradictionError(
                    f"clue {clue}: {self.fixed[i].upper()} is both correct and ruled out at position {i + 1}")
        for c, n in self.min_count.items():
            possible = sum(1 for i in range(self.length)
                           if self.fixed[i] == c or (self.fixed[i] is None and c not in self.banned[i]))
            if possible < n:
                raise ContradictionError(
                    f"clue {clue}: {c.upper()} must appear {n} time(s) but fits in only {possible} position(s)")
        for c, n in self.max_count.items():
            if sum(1 for f in self.fixed if f == c) > n:
                raise ContradictionError(f"clue {clue}: more {c.upper()}s are correct than the clues allow")

    def consistent(self, word: str) -> bool:
        """Return whether the word could be the secret given every clue so far."""
        word = fold(word)
        if len(word) != self.length:
            return False
        for i, c in enumerate(word):
            f = self.fixed[i]
            if (f is not None and c != f) or c in self.banned[i]:
                return False
        counts = Counter(word)
        for c, n in self.min_count.items():
            if counts[c] < n:
                return False
        for c, n in self.max_count.items():
            if counts[c] > n:
                return False
        return True

    def filter(self, words: Iterable[str]) -> list[str]:
        """Return the words consistent with the clues, in the given order."""
        return [w for w in words if self.consistent(w)]
