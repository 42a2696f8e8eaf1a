"""The numpy twins of the Absurdle search's scans (``kernels.adversary``): the same figures, for the tests and for
a set too small to be worth loading the compiler."""

from __future__ import annotations

import numpy as np


def largest_bins_numpy(M, rows, S, n_patterns, worst, parts) -> None:
    """Fill, per guess ``rows[k]``, its largest bucket over the answer columns ``S`` and how many buckets."""
    codes = M[np.ix_(rows, S)].astype(np.int64)
    counts = np.zeros((len(rows), n_patterns), dtype=np.int64)
    np.add.at(counts, (np.repeat(np.arange(len(rows)), len(S)), codes.ravel()), 1)
    worst[:] = counts.max(axis=1)
    parts[:] = (counts > 0).sum(axis=1)


def splits_numpy(M, rows, S, n_patterns) -> bool:
    """Return whether one of ``rows`` shows every word of ``S`` its own colours."""
    if len(S) <= 1:
        return len(rows) > 0
    codes = np.sort(M[np.ix_(rows, S)], axis=1)
    return bool((np.diff(codes, axis=1) != 0).all(axis=1).any())


def corners_in_three_numpy(M, cands, S, n_patterns, green, splitters, parts_desc, allowed_after, wins) -> bool:
    """Return whether one of ``cands`` leaves every bucket the adversary may keep of ``S`` split by one of the
    ``splitters`` that show S at least as many colours as the bucket has words (and that the rule allows after the
    candidate's clue: ``allowed_after(rows, guess row, code)``, None in normal mode); ``wins`` marked as the
    compiled kernel marks it (every candidate, or the first winner)."""
    first = len(wins) < len(cands)
    for k, row in enumerate(cands.tolist()):
        codes = M[row, S]
        values, counts = np.unique(codes, return_counts=True)
        big = counts.max()
        tied = [c for c in values[counts == big].tolist() if c != green] or values[counts == big].tolist()
        if big == 1:
            wins[0 if first else k] = 1
            if first:
                return True
            continue
        among = splitters[: int(np.count_nonzero(parts_desc >= big))]
        if all(
            splits_numpy(M, among if allowed_after is None else allowed_after(among, row, c), S[codes == c], n_patterns)
            for c in tied
        ):
            wins[0 if first else k] = 1
            if first:
                return True
    return bool(wins.any())
