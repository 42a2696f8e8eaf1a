"""The tree search's memo: the least total found for a candidate set, and the guess that reaches it.

A search at 10,000 words keeps a few hundred thousand of them, so each is
kept small: the set, its rows left and its allowed guesses are named by a
128-bit digest (a chance collision is as unlikely as in the compiled
searches' memos, which use 128-bit keys too), and the total and guess are
packed in one integer.  About 130 bytes an entry, against 300 for a tuple of
the set's bytes.
"""

from __future__ import annotations

from hashlib import blake2b

import numpy as np

_GUESS = 1 << 32  # the total is stored above the guess row (plus two, so that -1 and -2 fit)


def totals_key(S: np.ndarray, r: int, akey: bytes = b"") -> bytes:
    """Return the 128-bit key of a candidate set ``S`` with ``r`` rows left and the allowed set named ``akey``."""
    return blake2b(S.tobytes(), digest_size=16, key=akey, person=r.to_bytes(4, "little")).digest()


class Totals:
    """A dict-like memo: ``totals_key(S, r, akey)`` -> (total, guess row; -1 when the total is only a lower
    bound, -2 when no guess finishes the set)."""

    __slots__ = ("_packed",)

    def __init__(self) -> None:
        self._packed: dict[bytes, int] = {}

    def get(self, key: bytes) -> tuple[int, int] | None:
        """Return the entry under ``key``, or None."""
        packed = self._packed.get(key)
        if packed is None:
            return None
        return packed // _GUESS, packed % _GUESS - 2

    def __getitem__(self, key: bytes) -> tuple[int, int]:
        """Return the entry under ``key``; raise KeyError when there is none."""
        packed = self._packed[key]
        return packed // _GUESS, packed % _GUESS - 2

    def __setitem__(self, key: bytes, entry: tuple[int, int]) -> None:
        total, guess = entry
        self._packed[key] = int(total) * _GUESS + int(guess) + 2

    def __len__(self) -> int:
        return len(self._packed)

    def clear(self) -> None:
        """Forget every entry."""
        self._packed.clear()
