"""``python -m chute.search.warm_kernels LENGTH [RULE] [--transposed] [--part K]``: the tree search's kernels run
once on made-up words, so that numba compiles them into its cache (the child processes of ``compile_ahead``)."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

import numpy as np

from ..game.engine import Engine
from ..game.rules import RULES
from ..game.words import words_lexicon
from ..kernels.compiling import told_when_compiling
from .compile_ahead import PARTS, STARTED
from .opener_search import OpenerResult, rank_openers, search_opener
from .tree_search import Ceiling, TreeSearch

WORDS = 1500  # made-up words: sets large enough to reach every kernel the search calls
LETTERS = "aeiorst"  # a small alphabet: words that share letters, so that sets stay hard
SPREAD_WORDS, SPREAD_STEP = 40, 25  # a set of every 25th word, 40 of them, searched near the last row
USAGE = "usage: python -m chute.search.warm_kernels LENGTH [hard|strict] [--transposed] [--part K]"
TWO_ROWS_WORDS = 12  # the set of the search of two rows left: the spread set's first words


def made_up_words(length: int, count: int = WORDS) -> list[str]:
    """Return ``count`` distinct seeded words of ``length`` letters from a small alphabet (every one there is, if
    fewer)."""
    count = min(count, len(LETTERS) ** length)
    rng = random.Random(length)
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice(LETTERS) for _ in range(length)))
    return sorted(words)


def warm(length: int, rule: str | None = None, transposed: bool = False, part: int | None = None) -> None:
    """Run the tree search's compiled kernels once each for words of ``length`` under ``rule`` (reading the
    matrix through its transposed copy only, if ``transposed``, as a search over a large one does), on made-up
    words, so that numba compiles what its cache lacks: every part in turn, or only ``part`` (``PARTS``)."""
    steps = _steps(length, rule, transposed)
    for number, names in enumerate(PARTS):
        if part is None or part == number:
            for name in names:
                steps[name]()


def _steps(length: int, rule: str | None, transposed: bool) -> dict[str, Callable[[], object]]:
    """Return the steps of ``warm`` by name, over made-up words of ``length`` letters: the opener ranking; the
    compiled search of a set with two rows left (normal mode); a set spread over the words with three and with
    four rows left (the compiled searches of a node's last rows, which the openers' searches on made-up words
    may never reach: at six letters their bins are small); the default search of the first opener with six
    rows; the exact one, both again with five rows (large sets four rows from the end), and the pass refuting a
    node's guesses (normal mode)."""
    engine = Engine.build(words_lexicon(made_up_words(length), length, name="compile-ahead"), cache=False)
    spread = np.arange(0, len(engine.lexicon.answers), SPREAD_STEP, dtype=np.int32)[:SPREAD_WORDS]

    def searcher(rows: int = 6, exact: bool = False) -> TreeSearch:
        found = TreeSearch(engine, rows=rows, rule=rule, exact=exact)
        if transposed:
            found.read_transposed_only()
        found.small = False  # the kernels from the start: numpy's twins would compile nothing
        return found

    def opener(rows: int, exact: bool) -> OpenerResult:
        search = searcher(rows, exact)
        return search_opener(search, rank_openers(search, 1)[0])

    def two_rows() -> None:
        if rule is None:  # called from the search of three rows alone, with the types it passes
            from ..kernels import small_trees  # noqa: PLC0415 (numba: loaded on first use)

            search = searcher()
            B = spread[:TWO_ROWS_WORDS].copy()
            small_trees._two_rows(
                search.M,
                search._mt_for(B),
                B,
                search.all_rows,
                search._every_row,
                search.ans_rows,
                search.solved,
                np.zeros(search.P, dtype=np.int64),
                0,
                search._memo2(),
            )

    def refuted() -> None:
        # the pass runs only where a node has guesses left to refute, which these made-up words may not
        # leave: once over every word, as a node calls it
        if rule is None:
            search = searcher()
            S = np.arange(len(engine.lexicon.answers), dtype=np.int32)
            nb, cand, _ = search._scan(S, search.all_rows)
            order = np.arange(len(search.all_rows), dtype=np.intp)
            search._refuted(S, search.all_rows, order, nb, cand, 3 * len(S), 3, Ceiling(search.all_rows, nb + 2 * cand))

    return {
        "rank": lambda: rank_openers(searcher(), 1),
        "two rows": two_rows,
        "three rows": lambda: [searcher(6, exact).solve(spread, 3) for exact in (False, True)],
        "four rows": lambda: [searcher(6, exact).solve(spread, 4) for exact in (False, True)],
        "openers": lambda: opener(6, False),
        "exact": lambda: opener(6, True),
        "five rows": lambda: [opener(5, exact) for exact in (False, True)],
        "refuted": refuted,
    }


def main(argv: list[str]) -> int:
    """Compile the kernels for ``LENGTH [RULE]`` (every part, or the one ``--part K`` names); return 0, 2 for bad
    arguments, 1 if it failed."""
    try:
        transposed = "--transposed" in argv
        argv = [a for a in argv if a != "--transposed"]
        part = None
        if "--part" in argv:
            at = argv.index("--part")
            part = int(argv[at + 1])
            del argv[at : at + 2]
        length = int(argv[0])
        rule = (argv[1] if len(argv) > 1 else "") or None
        if length < 1 or rule not in (None, *RULES) or len(argv) > 2 or not 0 <= (part or 0) < len(PARTS):
            raise ValueError(length)
    except (IndexError, ValueError):
        print(USAGE, file=sys.stderr)
        return 2
    try:

        def say(_note) -> None:
            print(STARTED, file=sys.stderr, flush=True)

        with told_when_compiling(say):
            warm(length, rule, transposed, part)
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # noqa: BLE001 - its parent compiles what it needs itself
        print(f"{type(err).__name__}: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
