"""Hard modes' allowed guesses, compiled: which guesses a clue leaves (``filter_allowed``; Wordle's rule
as bitsets over the guess rows), and the keys that name a set of allowed guesses by its demands."""

from __future__ import annotations

import numpy as np

from ._numba import njit
from .scan import _FNV_OFFSET, _FNV_PRIME, _GOLDEN, _mix
from .score import _score_code, powers_of_3


@njit(cache=True, nogil=True)
def filter_allowed(letters, allowed, g_letters, code, strict, out):
    """Fill ``out`` with the guesses of ``allowed`` still legal after one clue; return how many.

    ``strict`` (Termo): the guess must be consistent with the clue (scoring
    ``g_letters`` against it gives ``code``).  Otherwise (Wordle hard mode):
    the clue's greens stay in place and every letter it revealed is used at
    least as often as shown.
    """
    n = g_letters.shape[0]
    pow3 = powers_of_3(n)
    tiles = np.empty(n, dtype=np.int64)
    rest = code
    for i in range(n):
        tiles[i] = rest % 3
        rest //= 3
    need = np.zeros(26, dtype=np.int64)
    for i in range(n):
        if tiles[i] > 0:
            need[g_letters[i]] += 1
    have = np.zeros(26, dtype=np.int64)
    count = 0
    for k in range(allowed.shape[0]):
        w = letters[allowed[k]]
        ok = True
        if strict:
            ok = _score_code(g_letters, w, pow3) == code
        else:
            for i in range(n):
                if tiles[i] == 2 and w[i] != g_letters[i]:
                    ok = False
                    break
            if ok:
                for i in range(n):
                    have[w[i]] += 1
                for i in range(n):
                    if have[g_letters[i]] < need[g_letters[i]]:
                        ok = False
                for i in range(n):
                    have[w[i]] = 0
        if ok:
            out[count] = allowed[k]
            count += 1
    return count


_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)


_DEBRUIJN_INDEX = np.zeros(64, dtype=np.int64)


for _i in range(64):
    _DEBRUIJN_INDEX[((1 << _i) * 0x03F79D71B4CB0A89 % (1 << 64)) >> 58] = _i


def hard_masks(letters: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the bitsets of Wordle's hard-mode rule over guess rows (``letters``: rows x length letter numbers).

    ``at[i, a]``: the guesses with letter ``a`` at position ``i``; ``least[a, c]``:
    the guesses using letter ``a`` at least ``c`` times.
    """
    n, length = letters.shape
    words = (n + 63) // 64
    at = np.zeros((length, 26, words), dtype=np.uint64)
    least = np.zeros((26, length + 1, words), dtype=np.uint64)
    rows = np.arange(n)
    word_of, bit = rows // 64, (rows % 64).astype(np.uint64)
    one = np.uint64(1)
    for i in range(length):
        np.bitwise_or.at(at[i], (letters[:, i], word_of), one << bit)
    counts = np.zeros((n, 26), dtype=np.int64)
    for i in range(length):
        counts[rows, letters[:, i]] += 1
    for a in range(26):
        for c in range(length + 1):
            pick = counts[:, a] >= c
            np.bitwise_or.at(least[a, c], word_of[pick], one << bit[pick])
    return at, least


@njit(cache=True, nogil=True)
def rows_to_bits(rows, bits):
    """Fill ``bits`` (zeroed here) with one bit per row of ``rows``."""
    bits[:] = 0
    for k in range(rows.shape[0]):
        r = rows[k]
        bits[r >> 6] |= np.uint64(1) << np.uint64(r & 63)


@njit(cache=True, nogil=True)
def filter_allowed_hard(parent_bits, at, least, g_letters, code, index, out):
    """Fill ``out`` with the rows of ``parent_bits`` still legal under hard mode after one clue; return how many.

    The same rule as ``filter_allowed`` (greens stay in place, every revealed
    letter used at least as often as shown), as an AND of bitsets; rows come
    out in ascending order.
    """
    n = g_letters.shape[0]
    need = np.zeros(26, dtype=np.int64)
    rest = code
    mask = parent_bits.copy()
    for i in range(n):
        tile = rest % 3
        rest //= 3
        if tile > 0:
            need[g_letters[i]] += 1
        if tile == 2:
            mask &= at[i, g_letters[i]]
    for i in range(n):
        a = g_letters[i]
        if need[a] > 0:
            mask &= least[a, need[a]]
            need[a] = 0
    count = 0
    for w in range(mask.shape[0]):
        x = mask[w]
        while x != 0:
            low = x & (~x + np.uint64(1))
            out[count] = (w << 6) + index[(low * _DEBRUIJN) >> np.uint64(58)]
            count += 1
            x ^= low
    return count


@njit(cache=True, nogil=True)
def _bin_key(B):
    """Return a 128-bit key of a sorted candidate set (two independent 64-bit hashes)."""
    h1 = _FNV_OFFSET
    h2 = _GOLDEN
    for j in range(B.shape[0]):
        x = np.uint64(B[j])
        h1 = (h1 ^ x) * _FNV_PRIME
        z = h2 + x + _GOLDEN
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        h2 = z ^ (z >> np.uint64(31))
    return (h1, h2 ^ np.uint64(B.shape[0]))


@njit(cache=True, nogil=True)
def _demand_key(g_letters, code, parent_key, strict):
    """Return a 128-bit key of the guesses a hard mode allows after guess ``g_letters`` showed ``code``, from the
    key of the guesses allowed before (``parent_key``): Wordle's rule keeps the greens in place and each
    revealed letter used as often (a grey letter demands nothing); Termo's strict rule demands the whole clue."""
    h1 = _FNV_OFFSET ^ np.uint64(7 if strict else 3)
    h2 = _GOLDEN
    n = g_letters.shape[0]
    need = np.zeros(26, dtype=np.int64)
    rest = code
    for i in range(n):
        tile = rest % 3
        rest //= 3
        if strict:
            v = np.uint64(((g_letters[i] + 1) << 2) | tile) + np.uint64(i << 16)
        else:
            if tile > 0:
                need[g_letters[i]] += 1
            v = np.uint64(g_letters[i] + 1 if tile == 2 else 0) + np.uint64(i << 8)
        h1 = (h1 ^ v) * _FNV_PRIME
        h2 = _mix(h2 + v + _GOLDEN)
    for a in range(26):
        if need[a] > 0:
            v = np.uint64((a << 16) | (need[a] << 24))
            h1 = (h1 ^ v) * _FNV_PRIME
            h2 = _mix(h2 + v + _GOLDEN)
    for j in range(2):
        h1 = (h1 ^ parent_key[j]) * _FNV_PRIME
        h2 = _mix(h2 + parent_key[j] + _GOLDEN)
    return (h1, h2)


@njit(cache=True, nogil=True, inline="always")
def _pair_key(a, b):
    """Return a 128-bit key of two 128-bit keys (a bin's, and its allowed guesses')."""
    return (_mix(a[0] ^ b[0]) ^ (b[1] * _FNV_PRIME), _mix(a[1] + b[1] + _GOLDEN) ^ b[0])


@njit(cache=True, nogil=True)
def _hard_child_key(B, g_letters, code, parent_key, out):
    """Fill ``out`` with a 128-bit key of a bin and the guesses Wordle's hard mode allows it next; return it
    as a tuple.

    The allowed guesses are those of the parent set (``parent_key``) with the
    clue's greens in place and each letter it revealed used as often: the
    key hashes the bin with those constraints (``_demand_key``), not the
    guesses themselves.
    """
    # ``code < 0``: False typed as the flag the ruled searches pass (a constant compiles a second _demand_key)
    key = _pair_key(_bin_key(B), _demand_key(g_letters, code, parent_key, code < 0))
    out[0] = key[0]
    out[1] = key[1]
    return key


@njit(cache=True, nogil=True)
def _allowed_after(rows, strict, letters, parent_bits, at, least, index, g, code, out):
    """Return how many guesses of ``rows`` a hard mode allows after guess row ``g`` showed ``code``, written
    to ``out`` in ascending order (``filter_allowed``, or ``filter_allowed_hard`` from ``parent_bits``)."""
    if strict:
        return filter_allowed(letters, rows, letters[g], code, True, out)
    return filter_allowed_hard(parent_bits, at, least, letters[g], code, index, out)
