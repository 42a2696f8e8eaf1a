"""The safe plan of any word lists: a tree that finishes every word they accept within the row limit.

Wordle's bundled lists ship theirs (``strategies.safe_tree``); for other lists
the plan is searched on first use.  Every accepted word is an answer (but the
offensive ones, which chute never plays, and the past answers the user ruled
out), the probes are the words chute suggests (another word only where it is a
candidate), and the tree search (``TreeSearch``) solves the opener's bins one
by one, largest first, so that an opener that cannot work is dropped early.  A
bin the search's default widths leave without a tree is searched again wider
(WIDE_TOPS, the widths ``scripts/build_safe_tree.py`` needed on Wordle's lists),
its nodes with WIDE_FIRST_ROWS rows left or more keeping the first tree they
find (a plan needs a tree, not the least: such a bin is one the policy's own
guesses could not plan, and on the largest lists, where a bin may have no tree
at all, the wide search is most of the time).
The openers tried: those the caller names first (a user's lists: the openers
whose trees for the answer list alone are least, ``answer_openers``, then the
policy's own), then the tree search's most promising, until a plan is found
or DEADLINE passes: the search, the answer list's openers included, stops there
wherever it is, so that any lists have their answer within it.
Each bin tries first the second guesses the caller prefers (``prefer``: the
policy's best there by E(g), as ``scripts/build_safe_tree.py`` does for
Wordle's), each with the bin's words split by it and every part solved by the
search; so where the policy counts the plan's guess as proven (its second and
third rows) it plays its own choice wherever a plan allows it.

A tree found for a larger set of words serves any subset of them
(``covers``): the words a user's answer list leaves Wordle's accepted list are
still finished by Wordle's shipped tree.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path

import numpy as np

from ..game.engine import Engine
from ..game.feedback import all_green, decode, score
from ..game.pattern_codes import code_dtype
from ..game.words import Lexicon, fold
from .hard_mode import OverBudget
from .matrix_view import TRANSPOSE_BYTES
from .opener_search import assemble, opener_bins, opener_row, rank_openers, search_opener, solve_bin
from .tree import DecisionTree
from .tree_search import INF, TreeSearch

PREFERRED = 4  # the caller's preferred second guesses tried per bin before the search's own
WIDE_TOPS = (600, 60)  # a bin the default widths (``parse_top``) leave without a tree is searched again this wide
MORE_OPENERS = 4  # after the policy's opener, the tree search's most promising openers tried
WIDE_FIRST_ROWS = 4  # the wide search's nodes with this many rows left or more keep the first tree they find
DEADLINE = 540.0  # seconds of CPU after which the search stops: "none found within the limits" (with the matrix
# built before it, the whole first use stays within ten minutes: BENCHMARKS.md, "Never lose")
ANSWER_OPENERS = 8  # openers whose trees for the answer list are compared: past the five ``rank_openers`` needs to hold
# the best known for Wordle's answers (SALET, REAST, CRATE, TRACE, SLATE) ...
ANSWER_CELLS = 2_000_000_000  # ... within this many (word, guess) cells of search in all (BENCHMARKS.md, "Never lose")


def plan_words(lexicon: Lexicon) -> list[str]:
    """Return the words a safe plan finishes: every accepted word but the offensive ones and the past answers."""
    kept_out = lexicon.offensive | lexicon.past
    return [w for w in lexicon.guesses if w not in kept_out]


def plan_matrix_bytes(lexicon: Lexicon) -> int:
    """Return the bytes of the codes a plan's search holds: every word of ``plan_words`` against every one."""
    return len(plan_words(lexicon)) ** 2 * code_dtype(lexicon.length).itemsize


def answer_openers(
    lexicon: Lexicon,
    rows: int,
    count: int = ANSWER_OPENERS,
    cells: int = ANSWER_CELLS,
    engine: Engine | None = None,
    deadline: float | None = None,
) -> list[str]:
    """Return the tree search's ``count`` most promising openers (``rank_openers``) by the total guesses of the tree
    each begins for the answer list alone, least first (ties in their ranked order): the openers a plan tries
    first, so that the policy opens where the answers it is told of are found soonest.  Those not searched within
    ``cells`` (a large answer list), or by the process time ``deadline``, follow in their ranked order; one with no
    tree within the rows is left out.  ``engine``: one built already, whose matrix serves when its answers are the
    answer list."""
    listed = lexicon.listed_lexicon()
    if len(listed.answers) < 2:
        return []
    if engine is None or engine.lexicon.key != listed.key:
        engine = Engine.build(listed, cache=False)
    search = TreeSearch(engine, rows=rows, probes=[w for w in lexicon.guesses if lexicon.is_suggested(w)])
    ranked = rank_openers(search, count)
    search.budget = cells
    search.deadline = deadline
    totals: dict[str, int] = {}
    for opener in ranked:
        try:
            result = search_opener(search, opener)
        except OverBudget:
            break
        totals[opener] = result.total
    searched = sorted(totals, key=lambda o: (totals[o], ranked.index(o)))
    return [o for o in searched if totals[o] < INF] + [o for o in ranked if o not in totals]


def covers(tree: DecisionTree, words: Iterable[str], accepted: frozenset[str], rows: int) -> bool:
    """Return whether the tree finishes every one of the words within ``rows``, guessing only accepted words."""
    if tree.rows > rows or tree.rule is not None:
        return False
    green = all_green(tree.length)
    seen: dict[int, bool] = {}  # node id -> its guess is accepted
    for word in words:
        node = tree.root
        for _ in range(tree.rows):
            ok = seen.get(id(node))
            if ok is None:
                ok = seen[id(node)] = node.guess in accepted
            if not ok:
                return False
            pattern = score(node.guess, word)
            if pattern == green:
                break
            node = node.children.get(pattern)  # type: ignore[assignment]
            if node is None:
                return False
        else:
            return False
    return True


def build_safe_plan(
    lexicon: Lexicon,
    rows: int,
    first: Sequence[str] = (),
    progress: Callable[[str, int, int, int], None] | None = None,
    deadline: float = DEADLINE,
    prefer: Callable[[str, str], Sequence[str]] | None = None,
    began: float | None = None,
    cache_dir: Path | None = None,
) -> DecisionTree | None:
    """Return a tree finishing every word of ``plan_words`` within ``rows`` (None: none found within the limits).

    ``first``: the openers to try before the search's own; ``progress(opener, bins done, bins, words)`` hears each
    bin done (``words`` 0) and, while one is searched, its words at every scan;
    ``prefer(opener, pattern)``: the second guesses to try first in that bin, best first; ``deadline``: seconds of
    CPU from ``began`` (a ``time.process_time()``; None: now) after which the search stops; ``cache_dir``: where a
    matrix of every word against every word too large to copy whole is kept, mapped (None: in memory).
    """
    words = plan_words(lexicon)
    if not words:
        return None
    began = time.process_time() if began is None else began
    # a large matrix goes through the cache, mapped: the search then holds each code once (``MatrixView``)
    large = plan_matrix_bytes(lexicon) > TRANSPOSE_BYTES
    engine = Engine.build(lexicon.widened(words), cache_dir=cache_dir, cache=large and cache_dir is not None)
    probes = [w for w in lexicon.guesses if lexicon.is_suggested(w)]
    search = TreeSearch(engine, rows=rows, probes=probes)
    search.deadline = began + deadline
    searching: list[tuple[str, int, int, int]] = []  # the bin being searched: (opener, bins done, bins, its words)

    def beat() -> None:
        if progress is not None and searching:
            progress(*searching[-1])

    search.heartbeat = beat

    @cache  # made once a bin needs it
    def wider() -> TreeSearch:
        wide = TreeSearch(engine, rows=rows, top=WIDE_TOPS, probes=probes)
        wide.first_tree_rows, wide.deadline, wide.heartbeat = WIDE_FIRST_ROWS, search.deadline, beat
        return wide

    try:
        openers = list(
            dict.fromkeys([fold(w) for w in first if fold(w) in lexicon.guess_set] + rank_openers(search, MORE_OPENERS))
        )
        for opener in openers:
            results = _bins_planned(search, wider, opener, prefer, progress, searching)
            if results is None:
                continue
            result = assemble(search, opener, results, time.process_time() - began, 0)
            if result.tree is not None:
                result.tree.meta["words"] = len(words)
                return result.tree
    except OverBudget:  # past the deadline
        return None
    return None


def _bins_planned(
    search: TreeSearch,
    wider: Callable[[], TreeSearch],
    opener: str,
    prefer: Callable[[str, str], Sequence[str]] | None,
    progress: Callable[[str, int, int, int], None] | None,
    searching: list[tuple[str, int, int, int]],
) -> dict[int, tuple[int, tuple | None]] | None:
    """Return each of the opener's bins' (total, subtree) by its code, largest bin first (None once one has no tree):
    the caller's preferred second guesses first, then the search, then the search ``wider`` makes."""
    rows, length = search.rows, search.lexicon.length
    bins = sorted(opener_bins(search, opener), key=lambda b: (-len(b[1]), b[0]))
    row = opener_row(search, opener)
    results: dict[int, tuple[int, tuple | None]] = {}
    for done, (code, S) in enumerate(bins):
        searching.append((opener, done, len(bins), len(S)))
        found = _preferred(search, S, rows - 1, prefer(opener, decode(code, length)) if prefer else ())
        if found[0] >= INF:
            found = solve_bin(search, row, code, S)
        if found[0] >= INF and len(S) > rows - 1:
            found = solve_bin(wider(), row, code, S)
        searching.clear()
        if progress is not None:
            progress(opener, done + 1, len(bins), 0)
        if found[0] >= INF:
            return None
        results[code] = found
    return results


def _preferred(search: TreeSearch, S: np.ndarray, r: int, guesses: Sequence[str]) -> tuple[int, tuple | None]:
    """Return (total, subtree) of the first of ``guesses`` under which every part of the set ``S`` has a tree within
    ``r`` rows, the parts solved by the search ((INF, None): none has)."""
    if len(S) <= 2:  # the search's own finish: a candidate, then the other
        return INF, None
    index = search.lexicon.guess_index
    probes = set(search.all_rows.tolist())
    for word in guesses[:PREFERRED]:
        g = index.get(word)
        if g is None or g not in probes:
            continue
        words, starts, codes = search.split(g, S)
        total, kids = len(S), []
        for i in range(len(codes)):
            if codes[i] == search.solved:
                continue
            part = np.sort(words[starts[i] : starts[i + 1]]).astype(np.int32)
            value = search.solve(part, r - 1, None, INF, b"")
            if value >= INF:
                break
            total += value
            kids.append((int(codes[i]), search.subtree(part, r - 1, None, b"")))
        else:
            return total, (g, len(S), tuple(kids))
    return INF, None
