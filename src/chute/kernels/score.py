"""The scoring rule over whole word arrays (the pattern matrix), the same rule as ``feedback.score``."""

from __future__ import annotations

import numpy as np

from ._numba import njit, prange


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
    used = 0  # bit j set: secret letter j is already matched
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


# Secrets are read a block of columns at a time: the block's scratch rows stay in the first-level cache.
BLOCK = 2048


@njit(cache=True, nogil=True, inline="always")
def _repeats(g, i):
    """Return whether the letter at position ``i`` of ``g`` occurs elsewhere in it."""
    for k in range(g.shape[0]):
        if k != i and g[k] == g[i]:
            return True
    return False


@njit(cache=True, nogil=True, inline="always")
def _last(g, i):
    """Return the last position of ``g`` holding the letter at position ``i``."""
    for k in range(g.shape[0] - 1, -1, -1):
        if g[k] == g[i]:
            return k
    return i


@njit(cache=True, nogil=True, error_model="numpy")
def _codes_row(g, st, counts, pow3, out_row, green, later):
    """Fill ``out_row[j]`` with the code of guess ``g`` against every secret ``j`` (column layout ``st``).

    The rule of ``_score_code``, rewritten so each step is one pass over a
    block of secrets that the compiler turns into vector instructions:
    ``counts[c, j]`` is how many letters ``c`` secret ``j`` holds.  A letter
    the guess holds once is green, else yellow when the secret has it at all.
    Repeated letters: greens first; then, right to left, a copy is yellow
    while the secret has more copies than the greens to its right and the
    copies to its left (each of those is green or takes one first).
    """
    n = g.shape[0]
    S = st.shape[1]
    zero = out_row[0] - out_row[0]
    shift = np.uint8(4)  # green << 4 = 16 exceeds any count (words have at most 12 letters)
    for j0 in range(0, S, BLOCK):
        m = min(BLOCK, S - j0)
        code = out_row[j0 : j0 + m]
        for j in range(m):
            code[j] = zero
        for i in range(n):
            if _repeats(g, i):
                continue
            c = g[i]
            si = st[i, j0 : j0 + m]
            ci = counts[c, j0 : j0 + m]
            p = pow3[i]
            p2 = p + p
            for j in range(m):
                e = np.uint8(si[j] == c)
                code[j] += e * p2 + np.uint8(ci[j] > (e << shift)) * p
        for i in range(n):
            if not _repeats(g, i):
                continue
            c = g[i]
            si = st[i, j0 : j0 + m]
            gr = green[i]
            p2 = pow3[i] + pow3[i]
            for j in range(m):
                e = np.uint8(si[j] == c)
                gr[j] = e
                code[j] += e * p2
        for i in range(n - 1, -1, -1):
            if not _repeats(g, i):
                continue
            c = g[i]
            before = 0
            first = -1
            for k in range(n):
                if g[k] == c:
                    if first < 0:
                        first = k
                    if k < i:
                        before += 1
            ci = counts[c, j0 : j0 + m]
            gi = green[i]
            li = later[first]  # greens of this letter to the right of i, per secret
            p = pow3[i]
            b8 = np.uint8(before)
            if _last(g, i) == i:
                for j in range(m):
                    code[j] += np.uint8(ci[j] > (gi[j] << shift) + b8) * p
                    li[j] = gi[j]
            elif before:
                for j in range(m):
                    code[j] += np.uint8(ci[j] > (gi[j] << shift) + b8 + li[j]) * p
                    li[j] += gi[j]
            else:
                for j in range(m):
                    code[j] += np.uint8(ci[j] > (gi[j] << shift) + li[j]) * p


@njit(cache=True, nogil=True)
def _layout(secrets, n, dtype_of):
    """Return the secrets by column (n x S), their letter counts (26 x S) and the powers of 3 in the output's type."""
    S = secrets.shape[0]
    st = np.empty((n, S), dtype=secrets.dtype)
    counts = np.zeros((26, S), dtype=np.uint8)
    for j in range(S):
        for k in range(n):
            st[k, j] = secrets[j, k]
            counts[secrets[j, k], j] += 1
    pow3 = np.empty(n, dtype=dtype_of.dtype)
    p = 1
    for i in range(n):
        pow3[i] = p
        p *= 3
    return st, counts, pow3


@njit(parallel=True, cache=True)
def pattern_matrix(guesses, secrets, out):
    """Fill ``out[i, j]`` with the code of guess ``i`` against secret ``j``, rows in parallel (``_codes_row``)."""
    n = guesses.shape[1]
    if secrets.shape[0] == 0:
        return
    st, counts, pow3 = _layout(secrets, n, out[:0, 0])
    for i in prange(guesses.shape[0]):
        green = np.empty((n, BLOCK), dtype=np.uint8)
        later = np.empty((n, BLOCK), dtype=np.uint8)
        _codes_row(guesses[i], st, counts, pow3, out[i], green, later)


@njit(cache=True, nogil=True)
def codes_serial(guesses, secrets, out):
    """Fill ``out[i, j]`` with the code of guess ``i`` against secret ``j`` on one thread (fork-safe)."""
    n = guesses.shape[1]
    if secrets.shape[0] == 0:
        return
    st, counts, pow3 = _layout(secrets, n, out[:0, 0])
    green = np.empty((n, BLOCK), dtype=np.uint8)
    later = np.empty((n, BLOCK), dtype=np.uint8)
    for i in range(guesses.shape[0]):
        _codes_row(guesses[i], st, counts, pow3, out[i], green, later)
