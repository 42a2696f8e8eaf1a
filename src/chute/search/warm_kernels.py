"""``python -m chute.search.warm_kernels LENGTH [RULE] [--transposed]``: the tree search's kernels run once on
made-up words, so that numba compiles them into its cache (the child process of ``compile_ahead``)."""

from __future__ import annotations

import random
import sys

import numpy as np

from ..game.rules import RULES
from .compile_ahead import STARTED

WORDS = 1500                    # made-up words: sets large enough to reach every kernel the search calls
LETTERS = "aeiorst"             # a small alphabet: words that share letters, so that sets stay hard
SPREAD_WORDS, SPREAD_STEP = 40, 25      # a set of every 25th word, 40 of them, searched near the last row


def made_up_words(length: int, count: int = WORDS) -> list[str]:
    """Return ``count`` distinct seeded words of ``length`` letters from a small alphabet (every one there is, if
    fewer)."""
    count = min(count, len(LETTERS) ** length)
    rng = random.Random(length)
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice(LETTERS) for _ in range(length)))
    return sorted(words)


def warm(length: int, rule: str | None = None, transposed: bool = False) -> None:
    """Run the tree search's compiled kernels once each for words of ``length`` under ``rule`` (reading the
    matrix through its transposed copy only, if ``transposed``, as a search over a large one does): the default
    search and the exact one from the first opener, with six rows and with five (large sets four rows from the
    end), and a set spread over the words with three and four rows left, on made-up words; numba compiles what
    its cache lacks."""
    from ..game.engine import Engine
    from ..game.words import words_lexicon
    from .tree_search import TreeSearch
    engine = Engine.build(words_lexicon(made_up_words(length), length, name="compile-ahead"), cache=False)
    # a set of words spread over the list, searched with three and four rows left: the compiled searches of a
    # node's last rows, which the openers' searches on made-up words may never reach (at six letters their
    # bins are small)
    spread = np.arange(0, len(engine.lexicon.answers), SPREAD_STEP, dtype=np.int32)[:SPREAD_WORDS]
    for rows in (6, 5):
        for exact in (False, True):
            searcher = TreeSearch(engine, rows=rows, rule=rule, exact=exact)
            if transposed:
                searcher.read_transposed_only()
            searcher.small = False          # the kernels from the start: numpy's twins would compile nothing
            searcher.search_opener(searcher.rank_openers(1)[0])
            for left in (3, 4):
                searcher.solve(spread, left)
    if rule is None:
        # the pass refuting a node's guesses runs only where a node has guesses left to refute, which these
        # made-up words may not leave: once over every word, as a node calls it
        S = np.arange(len(engine.lexicon.answers), dtype=np.int32)
        nb, cand, _ = searcher._scan(S, searcher.all_rows)
        order = np.arange(len(searcher.all_rows), dtype=np.intp)
        ceiling = searcher._ceiling(searcher.all_rows, nb, cand)
        searcher._refuted(S, searcher.all_rows, order, nb, cand, 3 * len(S), 3, ceiling)


def main(argv: list[str]) -> int:
    """Compile the kernels for ``LENGTH [RULE]``; return 0, 2 for bad arguments, 1 if it failed."""
    try:
        transposed = "--transposed" in argv
        argv = [a for a in argv if a != "--transposed"]
        length = int(argv[0])
        rule = (argv[1] if len(argv) > 1 else "") or None
        if length < 1 or rule not in (None, *RULES) or len(argv) > 2:
            raise ValueError(length)
    except (IndexError, ValueError):
        print("usage: python -m chute.search.warm_kernels LENGTH [hard|strict] [--transposed]", file=sys.stderr)
        return 2
    try:
        from ..kernels.compiling import told_when_compiling

        def say(_note) -> None:
            print(STARTED, file=sys.stderr, flush=True)
        with told_when_compiling(say):
            warm(length, rule, transposed)
    except KeyboardInterrupt:
        return 130
    except Exception as err:        # noqa: BLE001 - its parent compiles what it needs itself
        print(f"{type(err).__name__}: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
