"""The tree search's compiled primitives as one namespace, the twin of ``tree_numpy``: ``TreeSearch`` calls
either, by the same names (``scan``: partitions of a set; ``hard``: hard modes' allowed guesses;
``small_trees`` and ``ruled_trees``: the nodes nearest the row limit)."""

from .hard import _DEBRUIJN_INDEX, filter_allowed, filter_allowed_hard, hard_masks, rows_to_bits  # noqa: F401
from .ruled_trees import solve_five_ruled, solve_four_node, solve_four_ruled, solve_three_ruled  # noqa: F401
from .scan import (  # noqa: F401
    GROW_BLOCK,
    GROW_MAX,
    GROW_MAX_SHARE,
    GROW_PATTERNS_MAX,
    PAIRS_MAX,
    all_hashes,
    partition_hash,
    refuted_by_bounds,
    scan,
    scan_classes,
    select_top,
    split,
)
from .small_trees import _some_guess_splits_all, empty_memo, entries, solve_three  # noqa: F401
