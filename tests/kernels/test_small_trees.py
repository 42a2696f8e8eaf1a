"""The small helpers of the compiled last-rows searches agree with numpy and with a set."""

from __future__ import annotations

import numpy as np
import pytest

from chute.kernels import small_trees


@pytest.mark.parametrize("size", [0, 1, 2, 3, 13, 40, 121, 1000])
def test_the_shell_sort_sorts_as_numpy_does(size):
    rng = np.random.default_rng(size)
    for high in (3, 10**12):                  # many ties, and nearly none
        keys = rng.integers(-high, high, size=size, dtype=np.int64)
        assert np.array_equal(small_trees._sort(keys.copy()), np.sort(keys))


@pytest.mark.parametrize("size", [0, 1, 2, 5, 64, 333, 2000])
def test_the_argsort_is_stable_as_numpys_mergesort(size):
    rng = np.random.default_rng(size)
    for high in (2, 7, 10**9):
        keys = rng.integers(0, high, size=size, dtype=np.int64)
        assert np.array_equal(small_trees._argsort(keys), np.argsort(keys, kind="mergesort"))


def test_the_table_of_hashes_answers_as_a_set():
    rng = np.random.default_rng(1)
    hashes = rng.integers(0, 2**63, size=300, dtype=np.uint64) * np.uint64(2)     # even: bit 0 set in the table
    hashes = np.concatenate([hashes, hashes[:50], [np.uint64(0)], [np.uint64(0)]])
    table = small_trees._hash_table(len(hashes))
    seen: set[int] = set()
    for h in hashes:
        assert small_trees._seen_before(table, h) == (int(h) in seen)
        seen.add(int(h))
    assert np.count_nonzero(table) == len(seen) and len(table) >= 2 * len(hashes)
