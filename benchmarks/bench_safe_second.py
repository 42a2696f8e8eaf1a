"""Why the safe tree plays LUMPY after TRACE's bbbbb: every better second guess by E(g) can lose a word.

    python benchmarks/bench_safe_second.py [--count 400]
    python benchmarks/bench_safe_second.py --opener salet --pattern ybgbb --count 0    # every guess

The words: every word the bundled Wordle lists accept but the offensive ones
(the safe tree's, ``scripts/build_safe_tree.py``) that the opener's clue
leaves (TRACE all grey by default).  The guesses: the default policy's and the
words themselves, ordered by E(g) in that state (ties by row).  For each of
the first ``--count`` (0: all), in order, until one survives: the words of
each of its bins that end in ILLS (the family the row limit binds on) must be
finishable within the four rows after it (the exact tree search, every word
chute suggests as a probe), and so must each whole bin that holds some of
them; a guess that fails either is proven to lose a word.  Prints each guess's E(g) and verdict,
and the first survivor, which then needs a tree over all its bins (the shipped
tree has one for LUMPY).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

ROWS_AFTER = 4  # TRACE, the second guess, then four rows


def main() -> int:
    """Check the policy's second guesses in order; print each verdict and the first that survives."""
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], usage="%(prog)s [--count N] [--opener W] [--pattern P]"
    )
    parser.add_argument(
        "--count", type=int, default=400, help="guesses checked, best by E(g) first (default 400; 0: every one)"
    )
    parser.add_argument("--opener", default="trace", help="the first guess (default trace)")
    parser.add_argument("--pattern", default="bbbbb", help="the colours it showed (default bbbbb)")
    args = parser.parse_args()
    from build_safe_tree import _solver

    from chute.game.engine import Engine
    from chute.game.feedback import score
    from chute.game.words import load_lexicon
    from chute.search.tree_search import INF, TreeSearch
    from chute.strategies.expected import expected_guesses

    lexicon = load_lexicon("wordle")
    opener, pattern = args.opener.lower(), args.pattern.lower()
    if args.count < 0:
        parser.error("--count: must be at least 0")
    if opener not in lexicon.guess_index:
        parser.error(f"--opener: {args.opener!r} is not a word Wordle accepts")
    if len(pattern) != len(opener) or set(pattern) - set("gyb"):
        parser.error(f"--pattern: {args.pattern!r} is not {len(opener)} colours of g, y and b")
    words = [w for w in lexicon.guesses if w not in lexicon.offensive and w != opener and score(opener, w) == pattern]
    probes = [w for w in lexicon.guesses if lexicon.is_suggested(w)]
    family = {w for w in words if w.endswith("ills")}
    if not family:
        parser.error(f"no ?ILLS word is left after {opener.upper()} {pattern}: nothing to check")
    solver = _solver()
    state = solver.state_for([f"{opener}:{pattern}"])
    index = lexicon.guess_index
    rows = np.union1d(state.guess_rows(solver.options), [index[w] for w in words])
    scores = expected_guesses(state.codes(rows), state.prior(), state.engine.n_patterns, state.engine.solved)
    order = np.lexsort((rows, np.round(scores, 9)))[: args.count or None]
    with tempfile.TemporaryDirectory() as tmp:
        listed = Path(tmp) / "words.txt"
        listed.write_text("\n".join(words) + "\n", encoding="utf-8")
        engine = Engine.build(load_lexicon("wordle", answers=listed, cache=False), cache=False)
    search = TreeSearch(engine, rows=ROWS_AFTER, exact=True, probes=probes)
    column = {w: j for j, w in enumerate(engine.lexicon.answers)}

    def finishable(members: list[str]) -> bool:
        S = np.array(sorted(column[w] for w in members), dtype=np.int32)
        return len(S) <= ROWS_AFTER or search.solve(S, ROWS_AFTER) < INF

    print(
        f"{len(words)} words after {opener.upper()} {pattern}, {len(family)} of them ?ILLS; "
        f"the first {len(order)} guesses by E(g)",
        flush=True,
    )
    began = time.process_time()
    for rank, i in enumerate(order.tolist(), 1):
        guess = lexicon.guesses[int(rows[i])]
        bins: dict[str, list[str]] = {}
        for w in words:
            if w != guess:
                bins.setdefault(score(guess, w), []).append(w)
        held = sorted((b for b in bins.values() if family & set(b)), key=len, reverse=True)
        verdict = next(
            (
                f"loses a word: {len(kin)} ?ILLS words of a bin of {len(b)}"
                for b in held
                for kin in [[w for w in b if w in family]]
                if not finishable(kin)
            ),
            None,
        )
        verdict = verdict or next(
            (f"loses a word: a bin of {len(b)} holding ?ILLS words" for b in held if not finishable(b)), None
        )
        if verdict is None:
            print(
                f"{rank:4} {guess.upper()}  E(g) {scores[i]:.4f}  keeps every ?ILLS bin finishable: the first "
                f"({time.process_time() - began:.0f} s CPU)"
            )
            return 0
        print(f"{rank:4} {guess.upper()}  E(g) {scores[i]:.4f}  {verdict}", flush=True)
    print(
        f"none of the first {len(order)} survives ({time.process_time() - began:.0f} s CPU)"
        + ("" if len(order) < len(rows) else f": no tree from {opener.upper()} finishes every one of these words")
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
