"""``--strategy optimal``: follow the optimal decision tree of the lists in use, built once and cached.

The tree is the best the tree search finds from the best opener known for the
lists (``data/best_openers.json``: proven optima for Wordle, the best found for
Termo), or from the best of the ten most promising openers for other lists.
It is kept in the cache folder beside the matrix (atomic write, checked on
load against the lists, rebuilt when damaged).  Off the tree (the player
chose another word, or the game showed a pattern the tree has no branch for),
a candidate set small enough is solved exactly on the spot; a larger one is
played by the fallback strategy, and the notes say so once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from ..errors import ChuteError
from ..game.cache import table_name
from ..game.engine import Engine
from ..search.opener_search import build_tree
from ..search.tree import DecisionTree, TreeError
from ..search.tree_search import INF, TreeSearch
from ..strategies import Options, Ranked, State, Strategy, get_strategy
from ..strategies.base import describe
from ..strategies.follow import FollowTree
from ..strategies.known_openers import best_known
from .solver import DEFAULT_STRATEGY

EXACT_OFF_TREE = 40  # off the tree, candidate sets up to this size are solved exactly (in a fraction of a row's time)
OFF_TREE = "row {row}: the game left the optimal tree; {how} from here"


def tree_path(engine: Engine, rule: str | None, rows: int) -> Path | None:
    """Return where the optimal tree of these lists, rule and rows is cached (None without a cache)."""
    if engine.cache_dir is None:
        return None
    return engine.cache_dir / table_name("optimal", engine.lexicon, rule, rows)  # trees play suggested words only


def optimal_tree(
    engine: Engine, rule: str | None = None, rows: int = 6, notify: Callable[[str], None] | None = None
) -> DecisionTree:
    """Return the optimal tree for the engine's lists (from the cache, or built once and cached; ``notify`` hears
    when a build starts and ends)."""
    path = tree_path(engine, rule, rows)
    if path is not None and path.exists():
        try:
            tree = DecisionTree.load(path)
            if tree.rule == rule and tree.rows == rows and tree.meta.get("lexicon_key") == engine.lexicon.key[:16]:
                stats, problems = tree.check(engine.lexicon)
                if not problems:
                    return tree
        except TreeError:
            pass  # damaged: built again below
    known = best_known(engine.lexicon, rule, rows)
    start = time.perf_counter()
    if notify is not None:
        notify(f"building the optimal tree for {engine.lexicon.name} (once; it is cached)...")
    tree = build_tree(engine, known[0] if known else None, rows=rows, rule=rule)
    if notify is not None:
        notify(f"optimal tree built in {time.perf_counter() - start:.1f} s")
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tree.save(path)
        except (OSError, TreeError):
            pass  # no cache: the tree is used from memory
    return tree


class OptimalPlay(FollowTree):
    """Follows the optimal tree; off it, solves small candidate sets exactly, else plays the fallback."""

    name = "optimal"

    def __init__(self, tree: DecisionTree, fallback: Strategy | None = None):
        super().__init__(tree, fallback or get_strategy(DEFAULT_STRATEGY))  # the default policy off the tree
        self._searches: dict[tuple, TreeSearch] = {}

    def _exact(self, state: State) -> str | None:
        """Return the optimal guess for a small off-tree state (None: too large, or not answers of the lists)."""
        cols = state.columns
        rows_left = self.tree.rows - len(state.clues)
        if not 2 < state.n <= EXACT_OFF_TREE or rows_left < 1 or (len(cols) and cols.min() < 0):
            return None
        key = (id(state.engine), state.rule, rows_left)
        search = self._searches.get(key)
        if search is None:
            search = self._searches[key] = TreeSearch(state.engine, rows=max(rows_left, 1), rule=state.rule, exact=True)
        S = np.sort(cols).astype(np.int32)
        allowed = None if state.allowed is None else np.asarray(state.allowed, dtype=np.int32)
        akey = search._akey(allowed)
        if search.solve(S, rows_left, allowed, INF, akey) >= INF:
            return None
        return state.engine.lexicon.guesses[search._guess_of(S, rows_left, allowed, akey)]

    def observe(self, state: State) -> None:
        """Note once, on the row it happens, that the game has left the tree and how play goes on."""
        if self.tree_guess(state) is None and not any("left the optimal tree" in n for n in state.notes):
            how = (
                f"solving the {state.n} candidates exactly"
                if self._exact_size(state)
                else f"following {self.fallback.name}"
            )
            state.notes.append(OFF_TREE.format(row=len(state.clues) + 1, how=how))

    def _exact_size(self, state: State) -> bool:
        """Return whether an off-tree state is small enough to solve exactly."""
        return 2 < state.n <= EXACT_OFF_TREE

    def rank(self, state: State, options: Options = Options(), top: int = 10) -> list[Ranked]:
        """Return the tree's guess first, or off the tree the exact guess of a small set, then the fallback's."""
        if self.tree_guess(state) is not None:
            return super().rank(state, options, top)
        self.observe(state)
        guess = self._exact(state)
        if guess is None:
            return self.fallback.rank(state, options, top)
        row = state.engine.lexicon.guess_index[guess]
        mine = describe(state, np.array([row]), [float("nan")])
        rest = [r for r in self.fallback.rank(state, options, top) if r.guess != guess]
        return (mine + rest)[:top]


def optimal_strategy(
    engine: Engine, rule: str | None = None, rows: int = 6, notify: Callable[[str], None] | None = None
) -> OptimalPlay:
    """Return the ``optimal`` strategy for an engine: its cached optimal tree, exact off the tree when small."""
    if rows < 1:
        raise ChuteError(f"rows must be at least 1, not {rows}")
    return OptimalPlay(optimal_tree(engine, rule, rows, notify))
