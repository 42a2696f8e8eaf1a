"""Sorted sets of numbers (guess rows, pattern codes) as numpy arrays, without loading ``numpy.ma``.

``np.unique``, ``np.union1d`` and ``np.intersect1d`` ask ``numpy.ma`` whether
their input is masked (numpy 2.3 and later), which imports it: a good part of a
suggestion's whole run, the first time.  These return the same values and dtype
by sorting.
"""

from __future__ import annotations

import numpy as np


def distinct(values) -> np.ndarray:
    """Return the distinct values of an array, sorted (``np.unique``)."""
    a = np.sort(np.asarray(values).ravel())
    if len(a) < 2:
        return a
    keep = np.empty(len(a), dtype=bool)
    keep[0] = True
    np.not_equal(a[1:], a[:-1], out=keep[1:])
    return a[keep]


def most_common_first(codes) -> np.ndarray:
    """Return the distinct values of small non-negative integers, the most frequent first (ties: the smaller)."""
    counts = np.bincount(np.asarray(codes).ravel())
    present = np.flatnonzero(counts)
    return present[np.argsort(-counts[present], kind="stable")]


def union(a, b) -> np.ndarray:
    """Return the sorted values found in either array (``np.union1d``)."""
    return distinct(np.concatenate([np.asarray(a).ravel(), np.asarray(b).ravel()]))


def intersection(a, b) -> np.ndarray:
    """Return the sorted distinct values found in both arrays (``np.intersect1d``)."""
    a, b = np.asarray(a), np.asarray(b)
    a = distinct(a).astype(np.result_type(a, b), copy=False)
    return a[np.isin(a, distinct(b), assume_unique=True)]
