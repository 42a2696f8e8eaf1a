"""The small helpers of the compiled last-rows searches agree with numpy and with a set."""

from __future__ import annotations

import numpy as np
import pytest

from chute.kernels import small_trees


@pytest.mark.parametrize("size", [0, 1, 2, 3, 13, 40, 121, 1000])
def test_the_shell_sort_sorts_as_numpy_does(size):
    rng = np.random.default_rng(size)
    for high in (3, 10**12):  # many ties, and nearly none
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
    hashes = rng.integers(0, 2**63, size=300, dtype=np.uint64) * np.uint64(2)  # even: bit 0 set in the table
    hashes = np.concatenate([hashes, hashes[:50], [np.uint64(0)], [np.uint64(0)]])
    table = small_trees._hash_table(len(hashes))
    seen: set[int] = set()
    for h in hashes:
        assert small_trees._seen_before(table, h) == (int(h) in seen)
        seen.add(int(h))
    assert np.count_nonzero(table) == len(seen) and len(table) >= 2 * len(hashes)


def key(first, second):
    return (np.uint64(first), np.uint64(second))


def test_a_memo_holds_what_it_was_given_under_both_words_of_the_key():
    memo = small_trees.empty_memo()
    for k in (key(0, 0), key(5, 2**64 - 1), key(2**63, 0)):
        assert not small_trees._recalled(memo, k)[0]  # an empty memo holds no key, even all zeros
    small_trees._remember(memo, key(7, 2**64 - 2), 31, -1)
    small_trees._remember(memo, key(2**64 - 1, 0), -5, 2**62)
    assert small_trees._recalled(memo, key(7, 2**64 - 2)) == (True, 31, -1)
    assert small_trees._recalled(memo, key(2**64 - 1, 0)) == (True, -5, 2**62)
    assert not small_trees._recalled(memo, key(8, 2**64 - 2))[0]


def test_a_memo_tells_apart_keys_that_share_their_first_word_and_keeps_the_last():
    memo = small_trees.empty_memo()
    small_trees._remember(memo, key(9, 100), 1, 2)
    assert not small_trees._recalled(memo, key(9, 102))[0]
    small_trees._remember(memo, key(9, 102), 3, 4)
    assert small_trees._recalled(memo, key(9, 102)) == (True, 3, 4)
    assert not small_trees._recalled(memo, key(9, 100))[0]  # overwritten: a cache, searched again if met
    assert small_trees.entries(memo) == 1
