"""The tree search's memo keeps totals and guesses exactly, keyed apart by set, rows left and allowed set."""

import numpy as np
import pytest

from chute.search.totals import Totals, totals_key
from chute.search.tree_search import INF


@pytest.mark.parametrize("entry", [(0, 0), (7, 12_971), (3, -1), (INF, -2), (INF, -1), (2**31 - 1, 2**31 - 3)])
def test_entries_come_back_as_stored(entry):
    memo = Totals()
    key = totals_key(np.array([3, 1, 4], dtype=np.int32), 3)
    memo[key] = entry
    assert memo.get(key) == entry
    assert memo[key] == entry
    assert len(memo) == 1


def test_keys_tell_sets_rows_and_allowed_sets_apart():
    S = np.array([3, 1, 4], dtype=np.int32)
    keys = {
        totals_key(S, 3),
        totals_key(S, 4),
        totals_key(S[:2], 3),
        totals_key(S[::-1].copy(), 3),
        totals_key(S, 3, b"\x01" * 16),
        totals_key(S, 3, b"\x02" * 16),
    }
    assert len(keys) == 6
    assert totals_key(S.copy(), 3, b"\x01" * 16) == totals_key(S, 3, b"\x01" * 16)


def test_a_missing_key_is_none_or_a_key_error():
    memo = Totals()
    key = totals_key(np.array([1, 2, 3], dtype=np.int32), 2)
    assert memo.get(key) is None
    with pytest.raises(KeyError):
        memo[key]
    memo[key] = (5, 1)
    memo.clear()
    assert memo.get(key) is None and len(memo) == 0
