"""The search for optimal decision trees (``tree.DecisionTree``): the fewest guesses in total.

The search is a depth-first branch and bound over candidate sets:

- ``f(S, r)``, the least total for the set ``S`` with ``r`` rows left, is
  ``|S| + min over guesses g of the sum of f(B, r - 1)`` over the bins ``B``
  that ``g`` splits ``S`` into (the solved bin costs nothing more);
- each answer needs at least one guess and all but the guessed word at least
  two, so ``f(S) >= 2|S| - 1``, met exactly by a candidate that splits ``S``
  into single words; otherwise ``f(S) >= 2|S|``, met by a candidate leaving
  one pair and single words (or any guess splitting ``S`` completely);
- a guess making ``p`` unsolved bins, ``c = 1`` if it is itself a candidate,
  costs at least ``3|S| - 2c - p``, so ``f(S) >= 3|S| - max(2c + p)``;
- with one row left only a single word can be solved, with two only a guess
  that splits ``S`` into single words finishes (else the cost is infinite);
- results are memoised on the candidate set and rows left (and, in hard
  modes, the set of guesses still allowed), as exact values or as proven
  lower bounds;
- a guess is abandoned as soon as its bins' costs so far plus the lower bounds
  of the rest reach the best total found;
- a bin's bound scans only the guesses that could keep it from refuting its
  guess: no guess shows a subset more patterns than the set, so one whose
  ``2c + p`` over the parent set is already low enough is skipped;
- once a node has tried a few guesses, one compiled pass refutes the others
  whose bins' sizes, or one of whose bins' bounds, already reach its best.

``top`` limits the guesses tried per node to the best few by a heuristic (per
bin of ``m`` words, ``m (1 + log2 m)``: entropy with a bonus for a candidate),
guesses that split the set the same way counted once, except within three rows
of the limit where every guess is tried.  ``exact`` tries every guess, one per
distinct partition (in hard modes every allowed guess, since equal partitions
leave different guesses allowed), and so proves the total optimal for its
opener.

The nodes nearest the limit run compiled (``kernels/tree.py``), the same
search in the same order: those with three rows left, and in hard modes
those with four (whole) and five (their loop over guesses), whose bins each
carry the guesses their clue still allows, with memos of their own.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from ..arrays import union
from ..errors import ChuteError
from ..files import excerpt
from ..game.feedback import decode, n_patterns
from ..game.words import Lexicon
from ..kernels import tree_numpy
from ..kernels.tree_numpy import word_cost_table
from .compile_ahead import compile_first
from .hard_mode import INF, OverBudget, RuledSearch
from .totals import Totals, totals_key
from .tree import RULES, TreeNode

DEFAULT_TOP = (200, 30, 10, 4, 2)
TWO_KEYS = 1 << 16  # entries of the memo of sets with two rows left, at most
# A node's compiled pass refuting its guesses (``_refuted``) runs once this many have been tried in Python: most
# nodes end sooner, their best guess reaching their bound, and the pass would have been spent on guesses never
# tried (chosen on the exact search at 10,000 words and the proof over Termo's bundled lists: BENCHMARKS.md)
REFUTE_AFTER = 16
SORT_AFTER = 8  # a ceiling sorts its rows once this many bounds have asked it (a sort costs a few dozen
# filters; set by hand, then the exact search at 10k and a review measured with it)
FIRST_STRIDE = 256  # a bound over sorted ceilings scans this many rows first, then twice as many each time
# A normal-mode search scans with numpy's primitives (``tree_numpy``) until the compiled kernels pay for
# loading numba: the search moves on once its scans would pass COMPILED_AFTER cells, or have taken
# NUMPY_SECONDS of CPU (this thread's: work, not the wall clock, so a loaded machine decides as a quiet one).
# A review of a game whose opener is known stays well within both (BENCHMARKS.md, "Reviews"); the results
# are the same either way, and larger limits were slower over reviews that outgrow numpy.
COMPILED_AFTER = 5_000_000
NUMPY_SECONDS = 0.4


def _compiler_loaded() -> bool:
    """Return whether this process has loaded the compiled tree kernels (a server, a prover): then they cost
    nothing more."""
    return "chute.kernels.tree" in sys.modules


class Ceiling:
    """Guess rows with the most ``2c + p`` each shows over a set, which none exceeds over a subset of it (a
    subset shows no more patterns, and holds the guess only if the set does)."""

    __slots__ = ("rows", "most", "_sorted", "_asked")

    def __init__(self, rows: np.ndarray, most: np.ndarray):
        self.rows = rows
        self.most = most
        self._sorted: tuple[np.ndarray, np.ndarray] | None = None  # (rows, -most), most first: made when asked
        self._asked = 0  # how many bounds asked for the rows above a target

    def by_most(self) -> tuple[np.ndarray, np.ndarray]:
        """Return (the rows, their ceilings negated): the highest ceiling first, then in row order."""
        if self._sorted is None:
            order = np.argsort(-self.most, kind="stable")
            self._sorted = (self.rows[order], -self.most[order])
        return self._sorted

    def sorted_above(self, target: int) -> tuple[np.ndarray, np.ndarray, int] | None:
        """Return (the rows, their ceilings, how many are above ``target``), the highest ceiling first, once
        more than SORT_AFTER bounds have asked (sorted then, once); None before (``above`` filters them)."""
        self._asked += 1
        if self._sorted is None and self._asked <= SORT_AFTER:
            return None
        rows, neg = self.by_most()
        return rows, -neg, int(np.searchsorted(neg, -target, side="left"))

    def above(self, target: int) -> tuple[np.ndarray, int]:
        """Return (the rows whose most is above ``target``, in row order; the largest most of the others, or
        -1 when there are none), in one pass: a sort costs more than the few bounds most sets ask."""
        over = self.most > target
        if over.all():
            return self.rows, -1
        return self.rows[over], int(self.most[~over].max())


def parse_top(text: str | int | Sequence[int] | None) -> tuple[int, ...]:
    """Return a per-depth schedule of guesses tried per node from ``12`` or ``50,12,3`` (last repeats)."""
    if text is None:
        return DEFAULT_TOP
    if isinstance(text, int):
        items: list[Any] = [text]
    elif isinstance(text, str):
        items = [t for t in text.replace(" ", "").split(",") if t]
    else:
        items = list(text)
    # whole numbers in ASCII digits only: int() would also read "٣", "５" and "1_0"
    if any(not (isinstance(t, int) or (isinstance(t, str) and t.isascii() and t.isdigit())) for t in items):
        raise ChuteError(f"top expects numbers like 12 or 50,12,3, not {excerpt(str(text))}")
    values = tuple(int(t) for t in items)
    if not values or any(v < 1 for v in values):
        raise ChuteError(f"top values must be at least 1, not {excerpt(str(text))}")
    return values


class TreeSearch(RuledSearch):
    """Branch-and-bound search for the tree with the least total guesses, per opener.

    ``rule``: None, "hard" or "strict"; ``top``: guesses tried per node by
    depth below the opener (ignored when ``exact``), except that nodes with at
    most ``full_rows`` rows left try every guess; ``probes``: the only words
    guessed where they are not candidates (default: every word chute
    suggests, and every answer); any other answer is guessed only where it
    finishes its set (its own word, or one splitting the set into single
    words and at most a pair).
    """

    def __init__(
        self,
        engine,
        rows: int = 6,
        rule: str | None = None,
        top: Sequence[int] | int | str | None = None,
        exact: bool = False,
        full_rows: int = 3,
        probes: Iterable[str] | None = None,
    ):
        if rule not in RULES:
            raise ChuteError(f"unknown hard-mode rule {rule!r}")
        if rows < 1:
            raise ChuteError(f"the row limit must be at least 1, not {rows}")
        self.engine = engine
        self.lexicon: Lexicon = engine.lexicon
        self.rows = rows
        self.rule = rule
        self.top = parse_top(top)
        self.exact = exact
        self.full_rows = full_rows
        RuledSearch.__init__(self, engine)
        self.length = self.lexicon.length
        self.P = n_patterns(self.length)
        self.solved = self.P - 1
        self.n_guesses = len(self.lexicon.guesses)
        gi = self.lexicon.guess_index
        self.ans_rows = np.array([gi[w] for w in self.lexicon.answers], dtype=np.int32)
        # the guesses the search may play: the ones chute suggests (a dictionary's rare words are
        # read when typed, never suggested) and every answer, which can always be guessed
        suggested = self.lexicon.suggested_rows
        self.all_rows = (
            np.arange(self.n_guesses, dtype=np.int32)
            if suggested is None
            else union(suggested, self.ans_rows).astype(np.int32)
        )
        if probes is not None:
            self.all_rows = np.unique(np.array([gi[w] for w in probes if w in gi], dtype=np.int32))
        self._every_row = len(self.all_rows) == self.n_guesses
        self.hw = word_cost_table(len(self.lexicon.answers))
        # the most unsolved bins one guess can make (patterns minus all-green)
        self.max_parts = min(len(self.lexicon.answers), self.P - 1)
        self._start_rules()
        self.tt = Totals()
        self.scans = 0
        self.cells = 0  # (candidate, guess) pairs the scans looked at: their cost, for ``budget``
        self.budget: int | None = None  # the count of ``cells`` past which a search raises OverBudget (None: no limit)
        self._buf = np.empty(max(self.n_guesses, 1), dtype=np.int64)
        self._label = np.full(self.P, -1, dtype=np.int64)  # scratch of ``partition_hash``
        self._k = None
        self.small = rule is None  # numpy's primitives while the search is small (``_primitives``)
        self._two = None  # memo of the compiled three-row search
        self.compiled_three = True  # False: the three-row nodes in Python too (the tests compare)
        self.classes = True  # False: every guess at every node (the tests compare)
        self.bounds_first = True  # False: a guess's bins searched without bounding them all first (likewise)
        self.ceilings = True  # False: each bin's bound scans every guess, not only those it needs (likewise)
        self.refutes_first = True  # False: no compiled pass over a node's guesses to refute them first (likewise)
        self.first_tree_rows: int | None = None  # with this many rows left or more, a node keeps the first tree
        # it finds, not the least (a safe plan needs one): None, never
        self.deadline: float | None = None  # the process time past which a search raises OverBudget (None: none)
        self.heartbeat: Callable[[], None] | None = None  # called at every scan: a long search can say it works

    def _count(self, cells: int) -> None:
        """Count one scan of the guesses over ``cells`` pairs; raise OverBudget once the cells pass ``budget``."""
        self.scans += 1
        self.cells += cells
        if self.budget is not None and self.cells > self.budget:
            raise OverBudget(f"more than {self.budget:,} cells")
        if self.deadline is not None and time.process_time() > self.deadline:
            raise OverBudget("past the deadline")
        if self.heartbeat is not None:
            self.heartbeat()

    # -- kernels, loaded on first use

    def _kernels(self):
        """Return the compiled kernels module (numba is imported on first use only; for a large matrix, compiled
        first in a process of its own: ``compile_ahead``)."""
        if self._k is None:
            compile_first(self.M.nbytes, self.length, self.rule, self.engine.cache_dir, self.transposed_only)
            from ..kernels import tree as tree_kernels  # noqa: PLC0415 (numba: loaded on first use)

            self._k = tree_kernels
            self.small = False
        return self._k

    def _primitives(self, cells: int = 0):
        """Return the module of scans and splits for the next step: ``tree_numpy`` while the search is small
        (normal mode, its scans with the next ``cells`` short of ``COMPILED_AFTER`` and within
        ``NUMPY_SECONDS``, numba not loaded here), else the compiled kernels."""
        if self.small and (
            self.cells + cells >= COMPILED_AFTER or self.numpy_seconds >= NUMPY_SECONDS or _compiler_loaded()
        ):
            self.small = False
        return tree_numpy if self.small else self._kernels()

    def split(self, g: int, S: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Return ``(words, starts, codes)``: the candidates of ``S`` by the pattern guess row ``g`` shows them,
        bins largest first (``kernels.tree.split``)."""
        self.copy_rows(S)
        return self._primitives().split(self.M, g, S, self.solved, self.P)

    def _scan(self, S: np.ndarray, rows: np.ndarray):
        """Return (unsolved bins, is candidate, heuristic score) per guess row."""
        k = len(rows)
        nb = np.empty(k, dtype=np.int64)
        cand = np.empty(k, dtype=np.int64)
        sc = np.empty(k, dtype=np.int64)
        every = rows is self.all_rows and self._every_row
        self._run_scan("scan", len(S) * k, S, rows, every, self.hw, self.solved, self.P, nb, cand, sc)
        return nb, cand, sc

    def _run_scan(self, name: str, cells: int, S: np.ndarray, *args):
        """Return the scan ``name`` of the primitives ``_primitives(cells)`` picks, run on the matrices, the set
        ``S`` and ``args``; the time it takes in numpy counted."""
        kern = self._primitives(cells)
        self.copy_rows(S)
        if kern is not tree_numpy:
            return getattr(kern, name)(self.M, self._mt_for(S), S, *args)
        start = time.thread_time()
        out = getattr(kern, name)(self.M, self._numpy_mt_for(S), S, *args)
        self.numpy_seconds += time.thread_time() - start
        return out

    def weighted_bounds(self, S: np.ndarray, rows: np.ndarray, w: np.ndarray, lb: np.ndarray, keys: np.ndarray) -> None:
        """Fill, per guess row, the weighted search's lower bound and partition key over ``S`` weighing ``w``
        (``kernels.weighted.weighted_bounds``), on the primitives this search is on: the weighted search's
        scans count toward its move to the kernels as its own do."""
        cells = len(S) * len(rows)
        kern = self._primitives(cells)
        self.cells += cells
        self.copy_rows(S)
        if kern is not tree_numpy:
            from ..kernels.weighted import weighted_bounds  # noqa: PLC0415 (numba: loaded on first use)

            weighted_bounds(self.M, self._mt_for(S), rows, S, w, self.solved, self.P, lb, keys)
            return
        start = time.thread_time()
        tree_numpy.weighted_bounds(self.M, self._numpy_mt_for(S), rows, S, w, self.solved, self.P, lb, keys)
        self.numpy_seconds += time.thread_time() - start

    def _scan_classes(self, S: np.ndarray, rows: np.ndarray):
        """Return the first row of each distinct column of codes over ``S`` (in order) and ``_scan``'s figures
        of those rows: (bins, is candidate, score, rows)."""
        k = len(rows)
        nb = np.empty(k, dtype=np.int64)
        cand = np.empty(k, dtype=np.int64)
        sc = np.empty(k, dtype=np.int64)
        reps = np.empty(k, dtype=np.int32)
        every = rows is self.all_rows and self._every_row
        count = self._run_scan(
            "scan_classes", len(S) * k, S, rows, every, self.hw, self.solved, self.P, nb, cand, sc, reps
        )
        return nb[:count], cand[:count], sc[:count], reps[:count].copy()

    def _memo2(self):
        """Return the compiled search's memo of two-row totals (made on first use), emptied once it passes
        ``TWO_KEYS`` entries."""
        if self._two is None or self._kernels().entries(self._two) > TWO_KEYS:
            self._two = self._kernels().empty_memo()
        return self._two

    def _size_lb(self, m: int, r: int) -> int:
        """Return a lower bound on the cost of m candidates with r rows left, from m alone."""
        if m <= 0:
            return 0
        if r <= 0:
            return INF
        if m == 1:
            return 1
        if r == 1:
            return INF
        return max(2 * m - 1, 3 * m - 2 - self.max_parts)

    def _top_k(self, r: int) -> int:
        """Return how many guesses a node with ``r`` rows left tries, the best by the heuristic (0: every one
        its bounds allow, as the exact search does, and every search within ``full_rows`` of the limit)."""
        # near the row limit, a few good-looking guesses may all fail to finish
        # in time: try every guess there (the sets are small by then)
        if self.exact or r <= self.full_rows:
            return 0
        depth = self.rows - r
        return self.top[min(depth - 1, len(self.top) - 1)] if depth >= 1 else self.top[0]

    def _choices(self, S: np.ndarray, rows: np.ndarray, r: int, beta: int = INF, classes: bool = False):
        """Return the scan figures, the positions of the guesses to try, in order, and the rows both are
        of: ``rows``, or with ``classes`` the first row of each distinct column of codes over ``S`` (the
        others split ``S`` alike).

        A guess whose bound ``3|S| - 2c - p`` reaches ``beta`` can never be used: it is left out.
        """
        self._count(len(S) * len(rows))
        if classes:
            nb, cand, sc, rows = self._scan_classes(S, rows)
        else:
            nb, cand, sc = self._scan(S, rows)
        kern = self._primitives()
        dedupe = self.rule is None  # hard modes: equal partitions lead to different allowed sets
        K = self._top_k(r)
        if not K:
            # equal partitions are skipped as the search reaches them (``solve``): hashing
            # every guess here would cost more than the few that pass the bounds
            viable = np.flatnonzero(3 * len(S) - 2 * cand - nb < beta)
            return nb, cand, viable[np.lexsort((viable, -cand[viable], sc[viable]))], rows
        K = min(K, len(rows))
        out = self._buf
        cnt = kern.select_top(self.M, S, rows, sc, cand, K, dedupe, self.solved, self.P, out)
        return nb, cand, out[:cnt].copy(), rows

    def solve(
        self,
        S: np.ndarray,
        r: int,
        allowed: np.ndarray | None = None,
        beta: int = INF,
        akey: bytes = b"",
        guesses: np.ndarray | None = None,
    ) -> int:
        """Return the least total for candidate set ``S`` (answer columns) with ``r`` rows left.

        If the result is ``>= beta`` it is only a lower bound (the search gave
        up once no tree could cost less than ``beta``).  ``guesses`` (normal
        mode): the guess rows worth trying, one per distinct partition of a
        set holding ``S`` (the first in row order); None: every guess.  The
        totals and the chosen guesses are the same either way.
        """
        n = len(S)
        if n == 1:
            return 1 if r >= 1 else INF
        if r <= 1:
            return INF
        if n == 2:
            return 3
        self.copy_rows(S)
        key = totals_key(S, r, akey)
        tt = self.tt
        entry = tt.get(key)
        lb = 0
        if entry is not None:
            val, g = entry
            if g != -1 or val >= beta:
                return val
            lb = val
        rows = self.all_rows if allowed is None else allowed
        if guesses is not None:
            rows = guesses
        every = rows is self.all_rows and self._every_row
        compiled = self._compiled_node(S, r, rows, every, lb, beta, akey)
        if compiled is not None:
            tt[key] = compiled
            return compiled[0]
        # candidates first: one that splits S into single words is optimal (2n - 1)
        crow = self.ans_rows[S]
        nb, cand, sc = self._scan(S, crow)
        perfect = np.flatnonzero(nb == n - 1)
        if len(perfect):
            tt[key] = (2 * n - 1, int(crow[perfect].min()))
            return 2 * n - 1
        if r == 2:
            # one row after this guess: only single words may remain
            nb, cand, sc = self._scan(S, rows)
            self._count(len(S) * len(rows))
            split_all = np.flatnonzero(nb == n)
            tt[key] = (2 * n, int(rows[split_all[0]])) if len(split_all) else (INF, -2)
            return tt[key][0]
        # else 2n is a bound, met by a candidate leaving one pair and single words
        pair = np.flatnonzero(nb == n - 2)
        if len(pair):
            tt[key] = (2 * n, int(crow[pair].min()))
            return 2 * n
        lb = max(lb, 2 * n, self._size_lb(n, r))
        if lb >= beta:
            tt[key] = (lb, -1)
            return lb
        # with four rows or more, this node and its children try only one guess per distinct column of codes over S
        classes = self.classes and self.rule is None and r >= 4
        nb, cand, order, rows = self._choices(S, rows, r, beta, classes=classes)
        lb = max(lb, 3 * n - int((nb + 2 * cand).max()))
        if lb >= beta:
            tt[key] = (lb, -1)
            return lb
        if r == 5 and self._ruled_compiled(r):
            # the guesses tried as below, compiled, with their bins' four-row searches
            tt[key] = self._solve_ruled(S, rows, every, lb, beta, akey, r, order, nb, cand)
            return tt[key][0]
        best, best_g = beta, -1
        M, solved, P = self.M, self.solved, self.P
        r1 = r - 1
        ceiling = self._ceiling(rows, nb, cand)
        # every guess was listed (exact, or near the row limit): skip a partition met before
        seen: set[int] | None = set() if (self.exact or r <= self.full_rows) and self.rule is None else None
        # which guesses of ``order[start:]`` the compiled bounds refute at the total to beat ``against``
        refuted, start, against = None, 0, INF
        tried = 0
        refutes = (
            ceiling is not None
            and self.refutes_first
            and r1 >= 3
            and self.bounds_first
            and self.rule is None
            and self._primitives() is not tree_numpy
        )
        for i, k in enumerate(order.tolist()):
            if 3 * n - 2 * int(cand[k]) - int(nb[k]) >= best:
                continue
            if refutes and ceiling is not None and best < against and tried >= REFUTE_AFTER:  # a total to beat
                refuted, start, against = self._refuted(S, rows, order[i:], nb, cand, best, r1, ceiling), i, best
            if refuted is not None and refuted[i - start]:
                continue
            tried += 1
            g = int(rows[k])
            kern = self._primitives()  # numpy's or the kernels' (which give the same hashes)
            if seen is not None:
                h = int(kern.partition_hash(M[g], S, solved, P, self._label))
                if h in seen:
                    continue
                seen.add(h)
            total, pending = self._bins_bound(kern, S, g, r1, allowed, akey, best)
            if total >= best:
                continue
            total = self._search_bins(pending, g, r1, allowed, total, best, rows if classes else None, ceiling)
            if total < best:
                best, best_g = total, g
                if best <= lb or (self.first_tree_rows is not None and r >= self.first_tree_rows):
                    break
        if best_g >= 0:
            tt[key] = (best, best_g)
            return best
        lb = max(lb, beta)
        tt[key] = (lb, -1)
        return lb

    def _compiled_node(
        self, S: np.ndarray, r: int, rows: np.ndarray, every: bool, lb: int, beta: int, akey: bytes
    ) -> tuple[int, int] | None:
        """Return (total, guess row) of a node the compiled kernels search whole (three rows left; four in hard
        modes), or None where ``solve`` searches it in Python."""
        if r == 3 and self.rule is None and self._three_compiled(r):
            # the most frequent node, every guess tried: the same search, compiled
            val, g = self._kernels().solve_three(
                self.M,
                self._mt_for(S),
                S,
                rows,
                every,
                self.all_rows,
                self._every_row,
                self.ans_rows,
                self.hw,
                self.solved,
                self.P,
                self.max_parts,
                lb,
                beta,
                self._memo2(),
            )
            self._count(len(S) * len(rows))
            return int(val), int(g)
        if r == 3 and self.rule is not None and self._three_compiled(r):
            val, g, cells = self._solve_three_ruled(S, rows, every, lb, beta, akey)
            self._count(cells)
            return val, g
        if r == 4 and self._ruled_compiled(r):
            return self._solve_ruled(S, rows, every, lb, beta, akey, r)
        return None

    def _bins_bound(
        self, kern, S: np.ndarray, g: int, r1: int, allowed: np.ndarray | None, akey: bytes, best: int
    ) -> tuple[int, list]:
        """Return (a lower bound on guess ``g``'s total over ``S``, the bins still to search as (words, their
        allowed guesses, key, bound, code)): the bins of one or two words exact, the others memoised or bounded
        by size; once the bound reaches ``best`` the bins left are not looked at."""
        words, starts, codes = kern.split(self.M, g, S, self.solved, self.P)
        pending: list[tuple] = []
        total = len(S)
        for i in range(len(codes)):
            m = int(starts[i + 1] - starts[i])
            if codes[i] == self.solved:
                continue
            if m == 1:
                total += 1
                continue
            if r1 <= 1:
                return INF, pending
            if m == 2:
                total += 3
                continue
            sub = words[starts[i] : starts[i + 1]]
            ckey, child = self._child_key(allowed, akey, g, int(codes[i]))
            e = self.tt.get(totals_key(sub, r1, ckey))
            if e is not None and e[1] != -1:
                total += e[0]
            else:
                blb = max(e[0], self._size_lb(m, r1)) if e is not None else self._size_lb(m, r1)
                total += blb
                pending.append((sub, child, ckey, blb, int(codes[i])))
            if total >= best:  # the bins left only add to it: the guess cannot do better
                break
        return total, pending

    def _refuted(
        self,
        S: np.ndarray,
        rows: np.ndarray,
        order: np.ndarray,
        nb: np.ndarray,
        cand: np.ndarray,
        best: int,
        r1: int,
        ceiling: Ceiling,
    ) -> np.ndarray:
        """Return, per guess of ``order``, whether its figures, its bins' sizes or one bin's bound (``bound``
        with the ceiling of ``S``) prove it costs ``best`` or more: one compiled pass over the guesses a node
        has left, where each would cost a split, memo look-ups and a scan in Python."""
        up_rows, up_neg = ceiling.by_most()
        out = np.empty(len(order), dtype=np.uint8)
        self._kernels().refuted_by_bounds(
            self.M, S, rows, order, nb, cand, best, r1, self.max_parts, up_rows, up_neg, self.solved, self.P, out
        )
        return out

    def _ceiling(self, rows: np.ndarray, nb: np.ndarray, cand: np.ndarray) -> Ceiling | None:
        """Return the ceiling of the guess rows scanned over a set (``nb`` bins, ``cand`` candidates); None with
        ``ceilings`` off."""
        return Ceiling(rows, nb + 2 * cand) if self.ceilings else None

    def _search_bins(
        self,
        pending: list,
        g: int,
        r1: int,
        allowed: np.ndarray | None,
        total: int,
        best: int,
        guesses: np.ndarray | None,
        ceiling: Ceiling | None = None,
    ) -> int:
        """Return guess ``g``'s total once each bin still pending is searched in place of its bound, stopping
        once it reaches ``best``.

        In normal mode, with three rows or more left, every pending bin is first bounded by one scan
        (``bound``, kept in the memo), so that a guess its bins' bounds already refute costs no search
        (the exact search of the largest bin after the first guess at 10,000 x 10,000 words scans 9.5 G
        cells instead of 45 G).  ``ceiling``: the parent set's, so that a bin's scan skips the guesses that
        could not stop the bin refuting ``g`` (``bound``'s ``target``).
        """
        if r1 >= 3 and self.rule is None and self.bounds_first:
            for i, (sub, child, ckey, blb, code) in enumerate(pending):
                needed = best - total + blb  # the bin's bound that refutes g
                sharper = self.bound(sub, r1, child, ckey, guesses, ceiling, 3 * len(sub) - needed)
                if sharper > blb:
                    total += sharper - blb
                    pending[i] = (sub, child, ckey, sharper, code)
                if total >= best:
                    return total
        for sub, child, ckey, blb, code in pending:
            if child is None and self.rule is not None:  # hard mode: worked out once searched
                child = self._child(allowed, g, code, ckey)[0]
            total -= blb
            total += self.solve(sub, r1, child, best - total, ckey, guesses)
            if total >= best:
                break
        return total

    def bound(
        self,
        S: np.ndarray,
        r: int,
        allowed: np.ndarray | None = None,
        akey: bytes = b"",
        guesses: np.ndarray | None = None,
        ceiling: Ceiling | None = None,
        target: int | None = None,
    ) -> int:
        """Return a lower bound on the least total of ``S`` from one scan of the guesses (memoised).

        The bounds ``solve`` starts from: exact for a candidate that splits
        ``S`` into single words (or leaves one pair), else the most of ``2n``,
        the size bound and ``3n - max(2c + p)`` over every allowed guess
        (``guesses``, normal mode: one per distinct partition of a set holding
        ``S``, as ``solve`` takes them; the bound is the same).

        With the ``ceiling`` of a set holding ``S`` (normal mode, its rows
        covering every guess of ``guesses``) and a ``target``, the scan skips
        the rows whose ceiling is at or below the target.  When every row
        scanned stays at or below it too, the bound is ``3n`` less the largest
        ceiling skipped: at least ``3n - target``, enough to refute what the
        caller asks, and still a true bound.  Else it is the full scan's, the
        rows skipped staying below the scanned maximum.
        """
        n = len(S)
        if n <= 2 or r <= 1:
            return self.solve(S, r, allowed, INF, akey)
        key = totals_key(S, r, akey)
        entry = self.tt.get(key)
        if entry is not None:
            return entry[0]
        crow = self.ans_rows[S]
        nb, cand, _ = self._scan(S, crow)
        if (nb == n - 1).any():
            return 2 * n - 1
        rows = self.all_rows if allowed is None else allowed
        if guesses is not None:
            rows = guesses
        skipped = -1  # the largest 2c + p a row skipped can reach (-1: none skipped)
        prefix = None
        if ceiling is not None and target is not None and r > 2 and self.rule is None:
            prefix = ceiling.sorted_above(target)
            if prefix is None:
                rows, skipped = ceiling.above(target)
        if prefix is not None and target is not None:
            top = self._most_by_ceiling(S, *prefix, target)
        else:
            nb, cand, _ = self._scan(S, rows)
            self._count(len(S) * len(rows))
            if r == 2:
                return 2 * n if (nb == n).any() else INF
            top = max(int((nb + 2 * cand).max()) if len(nb) else -1, skipped)
        lb = max(2 * n, self._size_lb(n, r), 3 * n - top if top >= 0 else INF)
        self.tt[key] = (lb, -1)
        return lb

    def _most_by_ceiling(self, S: np.ndarray, rows: np.ndarray, most: np.ndarray, k: int, target: int) -> int:
        """Return the most ``2c + p`` over ``S`` of the rows (sorted by their ceilings ``most``, highest first),
        or a ceiling at or below ``target`` above it: the first ``k`` rows (those above the target) scanned in
        strides, stopping once no row left can show more than was found or than the target.

        What ``bound`` would take from scanning all ``k`` (the most found, or the largest ceiling skipped), but
        for a bound at or below the target, which may be a ceiling of a row not scanned: refuting either way.
        """
        top, i, stride = -1, 0, FIRST_STRIDE
        while i < k:
            part = rows[i : min(k, i + stride)]
            nb, cand, _ = self._scan(S, part)
            self._count(len(S) * len(part))
            top = max(top, int((nb + 2 * cand).max()))
            i += len(part)
            stride *= 2
            if i < k and most[i] <= max(top, target):
                break
        return max(top, int(most[i]) if i < len(most) else -1)

    # -- building trees from the memo

    def _guess_of(self, S: np.ndarray, r: int, allowed, akey: bytes) -> int:
        """Return the guess row the search chose for a set (solving it if needed)."""
        n = len(S)
        if n <= 2:
            return int(self.ans_rows[S].min())
        key = totals_key(S, r, akey)
        entry = self.tt.get(key)
        if entry is None or entry[1] < 0:
            self.solve(S, r, allowed, INF, akey)
            entry = self.tt[key]
        if entry[1] < 0:
            raise ChuteError("no tree within the row limit")
        return entry[1]

    def subtree(self, S: np.ndarray, r: int, allowed=None, akey: bytes = b"") -> tuple:
        """Return the chosen tree for a set as nested tuples (guess row, size, ((code, child), ...))."""
        g = self._guess_of(S, r, allowed, akey)
        words, starts, codes = self.split(g, S)
        kids = []
        for i in range(len(codes)):
            if codes[i] == self.solved:
                continue
            sub = words[starts[i] : starts[i + 1]]
            child = self._child_allowed(allowed, g, int(codes[i]))
            kids.append((int(codes[i]), self.subtree(sub, r - 1, child, self._akey(child))))
        return (g, len(S), tuple(kids))

    def to_node(self, nested: tuple) -> TreeNode:
        """Return a TreeNode from the nested tuples of ``subtree``."""
        g, n, kids = nested
        node = TreeNode(self.lexicon.guesses[g], n)
        for code, child in kids:
            node.children[decode(code, self.length)] = self.to_node(child)
        return node
