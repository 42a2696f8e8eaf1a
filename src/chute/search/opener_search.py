"""The search over openers: each opener's bins solved by the tree search (``tree_search``), one process or
``jobs``, its tree assembled; the most promising openers ranked; ``build_tree``, the notebook's entry point."""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import ChuteError
from ..game.feedback import decode
from ..game.words import fold
from ..parallel import run_tasks
from .tree import DecisionTree, TreeNode
from .tree_search import INF, TreeSearch


@dataclass
class OpenerResult:
    """The best tree found for one opener: its total, whether it is proven optimal, time taken."""

    opener: str
    total: int
    games: int
    exact: bool
    seconds: float
    nodes: int
    tree: DecisionTree | None = None

    @property
    def mean(self) -> float:
        """Return the mean number of guesses per answer."""
        return self.total / self.games if self.games else math.inf

    @property
    def feasible(self) -> bool:
        """Return whether the opener solves every answer within the row limit."""
        return self.total < INF


def rank_openers(searcher: TreeSearch, count: int) -> list[str]:
    """Return the ``count`` most promising first guesses (equal partitions counted once).

    Ranked by the opener's lower bound ``3n - 2c - p`` (most unsolved bins,
    a candidate counting two), then by the heuristic score, then
    alphabetically: the bound ranks the known best Wordle openers (SALET,
    REAST, CRATE, TRACE, SLATE) in its first five, where entropy ranks SALET
    eighth and puts SOARE, 77 guesses worse, first.
    """
    S = np.arange(len(searcher.lexicon.answers), dtype=np.int32)
    nb, cand, sc = searcher._scan(S, searcher.all_rows)
    order = np.lexsort((searcher.all_rows, sc, -(nb + 2 * cand)))
    picked: list[int] = []
    seen: set[int] = set()
    hs = np.empty(1, dtype=np.uint64)
    for k in order.tolist():
        if len(picked) >= count:
            break
        searcher._primitives().all_hashes(searcher.M, S, searcher.all_rows[k : k + 1], searcher.solved, searcher.P, hs)
        if int(hs[0]) not in seen:
            seen.add(int(hs[0]))
            picked.append(int(searcher.all_rows[k]))
    return [searcher.lexicon.guesses[i] for i in picked]


def opener_bins(searcher: TreeSearch, opener: str) -> list[tuple[int, np.ndarray]]:
    """Return the (pattern code, answer columns) bins the opener splits the answers into."""
    g = opener_row(searcher, opener)
    S = np.arange(len(searcher.lexicon.answers), dtype=np.int32)
    words, starts, codes = searcher.split(g, S)
    return [(int(codes[i]), words[starts[i] : starts[i + 1]].copy()) for i in range(len(codes))]


def opener_row(searcher: TreeSearch, opener: str) -> int:
    """Return the matrix row of an opener; raise ChuteError if it is not an accepted guess."""
    word = fold(opener)
    row = searcher.lexicon.guess_index.get(word)
    if row is None:
        raise ChuteError(f"opener {opener!r} is not an accepted {searcher.length}-letter guess")
    return row


def solve_bin(searcher: TreeSearch, row: int, code: int, S: np.ndarray) -> tuple[int, tuple | None]:
    """Return the least total of one opener bin and its subtree (None when infeasible)."""
    if code == searcher.solved:
        return 0, None
    allowed = searcher._child_allowed(None, row, code)
    akey = searcher._akey(allowed)
    value = searcher.solve(S, searcher.rows - 1, allowed, INF, akey)
    if value >= INF:
        return INF, None
    return value, searcher.subtree(S, searcher.rows - 1, allowed, akey)


def describe(searcher: TreeSearch) -> dict[str, Any]:
    """Return the search settings as plain data (for a tree's metadata)."""
    return {
        "lexicon": searcher.lexicon.name,
        "lexicon_key": searcher.lexicon.key[:16],
        "answers": len(searcher.lexicon.answers),
        "guesses": searcher.n_guesses,
        "rows": searcher.rows,
        "rule": searcher.rule,
        "exact": searcher.exact,
        "top": None if searcher.exact else list(searcher.top),
    }


def assemble(
    searcher: TreeSearch, opener: str, results: dict[int, tuple[int, tuple | None]], seconds: float, nodes: int
) -> OpenerResult:
    """Return the opener's result from its solved bins (code -> (total, subtree))."""
    row = opener_row(searcher, opener)
    n = len(searcher.lexicon.answers)
    total = n + sum(v for v, _ in results.values())
    tree = None
    if total < INF:
        root = TreeNode(searcher.lexicon.guesses[row], n)
        for code, (_, nested) in sorted(results.items()):
            if nested is not None:
                root.children[decode(code, searcher.length)] = searcher.to_node(nested)
        meta = describe(searcher)
        meta.update(
            {
                "opener": searcher.lexicon.guesses[row],
                "total": total,
                "mean": round(total / n, 4),
                "seconds": round(seconds, 2),
            }
        )
        tree = DecisionTree(root, searcher.length, searcher.rows, searcher.rule, meta)
        stats = tree.evaluate(searcher.lexicon.answers)
        meta["worst"] = stats.worst
        meta["distribution"] = {str(k): v for k, v in sorted(stats.distribution.items())}
    return OpenerResult(searcher.lexicon.guesses[row], min(total, INF), n, searcher.exact, seconds, nodes, tree)


def search_opener(searcher: TreeSearch, opener: str) -> OpenerResult:
    """Return the best tree found for one opener (in this process)."""
    t0 = time.perf_counter()
    scans0 = searcher.scans
    row = opener_row(searcher, opener)
    results = {}
    for code, S in opener_bins(searcher, opener):
        results[code] = solve_bin(searcher, row, code, S)
        if results[code][0] >= INF:
            break
    return assemble(searcher, opener, results, time.perf_counter() - t0, searcher.scans - scans0)


_WORKER: TreeSearch | None = None


def _work(task: tuple[str, int, int, np.ndarray]) -> tuple[str, int, int, tuple | None, int]:
    """Solve one opener bin in a worker process; return (opener, code, total, subtree, scans)."""
    opener, row, code, S = task
    assert _WORKER is not None
    before = _WORKER.scans
    value, nested = solve_bin(_WORKER, row, code, S)
    return opener, code, value, nested, _WORKER.scans - before


def search(searcher: TreeSearch, openers: Sequence[str], jobs: int = 1, progress=None) -> list[OpenerResult]:
    """Return the best tree found for each opener, bins spread over ``jobs`` processes.

    ``progress(opener_result)`` is called as each opener finishes.
    """
    openers = list(dict.fromkeys(fold(o) for o in openers))
    rows = {o: opener_row(searcher, o) for o in openers}
    if jobs <= 1:
        out = []
        for o in openers:
            res = search_opener(searcher, o)
            if progress:
                progress(res)
            out.append(res)
        return out
    global _WORKER
    tasks = []
    for o in openers:
        for code, S in opener_bins(searcher, o):
            tasks.append((o, rows[o], code, S))
    # big bins first so that the pool finishes together; openers in order otherwise
    order = {o: i for i, o in enumerate(openers)}
    tasks.sort(key=lambda t: (order[t[0]], -len(t[3])))
    pending = {o: sum(1 for t in tasks if t[0] == o) for o in openers}
    results: dict[str, dict[int, tuple[int, tuple | None]]] = {o: {} for o in openers}
    started = {o: time.perf_counter() for o in openers}
    scans: Counter[str] = Counter()
    done: dict[str, OpenerResult] = {}
    _WORKER = searcher
    try:
        for _, (o, code, value, nested, sc) in run_tasks(_work, tasks, jobs):
            results[o][code] = (value, nested)
            scans[o] += sc
            pending[o] -= 1
            if pending[o] == 0:
                res = assemble(searcher, o, results[o], time.perf_counter() - started[o], scans[o])
                done[o] = res
                if progress:
                    progress(res)
    finally:
        _WORKER = None
    return [done[o] for o in openers]


def build_tree(
    engine,
    opener: str | None = None,
    *,
    openers: int = 10,
    rows: int = 6,
    rule: str | None = None,
    top: Sequence[int] | int | str | None = None,
    exact: bool = False,
    jobs: int = 1,
) -> DecisionTree:
    """Return the best tree found: for ``opener``, else for the best of the ``openers`` ranked first.

    The notebook entry point: ``build_tree(Engine.build(load_lexicon("wordle")), "salet")``.
    Raises ChuteError when no tree finishes every answer within ``rows``.
    """
    searcher = TreeSearch(engine, rows=rows, rule=rule, top=top, exact=exact)
    words = [opener] if opener else rank_openers(searcher, openers)
    results = [r for r in search(searcher, words, jobs=jobs) if r.feasible]
    if not results:
        raise ChuteError(f"no tree found that solves every answer within {rows} row{'s' if rows != 1 else ''}")
    best = min(results, key=lambda r: r.total)
    assert best.tree is not None
    return best.tree
