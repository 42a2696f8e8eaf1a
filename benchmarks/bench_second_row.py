"""The default policy's suggestions after one clue, asked for the first time: seconds per mode.

    python benchmarks/bench_second_row.py                 # 12 clues per mode, seed 1
    python benchmarks/bench_second_row.py --clues 30 --modes wordle-hard termo-strict

A player who opens with a word chute has not ranked after waits for the
ranking after that first clue once (it is then kept on disk).  Each clue is a
seeded opener (a word chute suggests) scored against a seeded answer of the
bundled answer list; the ranking is computed in one process with no cache,
the kernels loaded beforehand, so the figures are the ranking's own work.  It
prints each clue's candidates left, seconds and best guess with its score (to
nine decimals: two versions must print the same), and per mode the median, the
maximum and how many rankings gave up their plans (a state too open to plan
for, said in a note; kept on disk with it).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

from side_by_side import at_least  # noqa: E402  (this folder is the script's first path)

MODES = {
    "wordle": ("wordle", None),
    "wordle-hard": ("wordle", "hard"),
    "termo": ("termo", None),
    "termo-strict": ("termo", "strict"),
}


def openers(lexicon) -> list[str]:
    """Return the words the openers are drawn from: the ones chute suggests, sorted."""
    return sorted(w for w in lexicon.guesses if lexicon.is_suggested(w))


def measure(mode: str, clues: int, seed: int) -> list[tuple[str, int, float, bool, str]]:
    """Return (clue, candidates left, seconds, whether the plans gave up, the best guess and its score) per
    seeded first clue of a mode."""
    from chute import Engine, load_lexicon
    from chute.game.feedback import score
    from chute.playing.solver import DEFAULT_PRIOR, DEFAULT_STRATEGY, Solver
    from chute.strategies.expected import PLANS_GAVE_UP

    game, rule = MODES[mode]
    lexicon = load_lexicon(game)
    engine = Engine.build(lexicon)
    engine.cache_dir = None  # every ranking computed, none read
    solver = Solver(engine, DEFAULT_STRATEGY, hard=rule, prior=DEFAULT_PRIOR)
    solver.rank(solver.initial_state(), 3)  # the matrix, the prior and the kernels loaded
    rng = random.Random(seed)
    answers = sorted(lexicon.answer_list)
    out = []
    for opener in rng.sample(openers(lexicon), clues):
        clue = f"{opener}:{score(opener, rng.choice(answers))}"
        state = solver.state_for([clue])
        t0 = time.perf_counter()
        best = solver.rank(state, 5).ranked[0]
        out.append(
            (
                clue,
                state.n,
                time.perf_counter() - t0,
                PLANS_GAVE_UP in state.notes,
                f"{best.guess.upper()} {best.score:.9f}",
            )
        )
    return out


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], usage="%(prog)s [--clues N] [--seed S] [--modes MODE ...]"
    )
    ap.add_argument("--clues", type=at_least(1, int), default=12, help="first clues per mode (default 12)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--modes",
        nargs="+",
        default=list(MODES),
        choices=list(MODES),
        metavar="MODE",
        help=f"of {', '.join(MODES)} (default: all)",
    )
    args = ap.parse_args()
    from chute import load_lexicon

    for mode in args.modes:
        pool = len(openers(load_lexicon(MODES[mode][0])))
        if args.clues > pool:
            print(
                f"{Path(sys.argv[0]).name}: --clues {args.clues}: {mode} has {pool:,} openers to draw from",
                file=sys.stderr,
            )
            return 2
    print(f"# load {os.getloadavg()[0]:.2f}, {os.cpu_count()} cpus, seed {args.seed}")
    for mode in args.modes:
        rows = measure(mode, args.clues, args.seed)
        for clue, n, seconds, gave_up, best in rows:
            print(f"{mode:13} {clue:14} {n:6,} left  {seconds:6.2f} s  {best}{'  (plans gave up)' if gave_up else ''}")
        times = [r[2] for r in rows]
        print(
            f"{mode:13} median {statistics.median(times):.2f} s, max {max(times):.2f} s, "
            f"plans gave up {sum(r[3] for r in rows)} of {len(rows)}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
