"""The scoring rule over whole word arrays (the pattern matrix), the same rule as ``feedback.score``."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

@njit(cache=True, nogil=True)
def powers_of_3(n):
    """Return ``3**i`` for the tile positions i = 0..n-1 (what each tile's colour is worth in a code)."""
    pow3 = np.empty(n, dtype=np.int64)
    p = 1
    for i in range(n):
        pow3[i] = p
        p *= 3
    return pow3


@njit(cache=True, nogil=True, inline="always")
def _score_code(g, s, pow3):
    """Return the base-3 code of guess ``g`` against secret ``s`` (letters as small ints)."""
    n = g.shape[0]
    code = 0
    used = 0                       # bit j set: secret letter j is already matched
    for i in range(n):
        if g[i] == s[i]:
            code += 2 * pow3[i]
            used |= 1 << i
    for i in range(n):
        if g[i] != s[i]:
            c = g[i]
            for j in range(n):
                if s[j] == c and not (used >> j) & 1:
                    used |= 1 << j
                    code += pow3[i]
                    break
    return code


@njit(parallel=True, cache=True)
def pattern_matrix(guesses, secrets, out):
    """Fill ``out[i, j]`` with the code of guess ``i`` against secret ``j``.

    A guess whose letters are all different needs no yellow bookkeeping: a
    non-green letter is yellow exactly when the secret holds it at some
    non-green position, a bit test on the secret's non-green letters.
    Guesses with repeated letters take the general rule (``_score_code``).
    """
    n = guesses.shape[1]
    pow3 = powers_of_3(n)
    for i in prange(guesses.shape[0]):
        g = guesses[i]
        seen = 0
        distinct = True
        for k in range(n):
            bit = 1 << g[k]
            if seen & bit:
                distinct = False
            seen |= bit
        if not distinct:
            for j in range(secrets.shape[0]):
                out[i, j] = _score_code(g, secrets[j], pow3)
            continue
        for j in range(secrets.shape[0]):
            s = secrets[j]
            code = 0
            greens = 0
            others = 0                 # letters of the secret at non-green positions, as bits
            for k in range(n):
                if g[k] == s[k]:
                    code += 2 * pow3[k]
                    greens |= 1 << k
                else:
                    others |= 1 << s[k]
            for k in range(n):
                if not (greens >> k) & 1 and (others >> g[k]) & 1:
                    code += pow3[k]
            out[i, j] = code

@njit(cache=True, nogil=True)
def codes_serial(guesses, secrets, out):
    """Fill ``out[i, j]`` with the code of guess ``i`` against secret ``j`` on one thread (fork-safe)."""
    n = guesses.shape[1]
    pow3 = powers_of_3(n)
    for i in range(guesses.shape[0]):
        for j in range(secrets.shape[0]):
            out[i, j] = _score_code(guesses[i], secrets[j], pow3)
