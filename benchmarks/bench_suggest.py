"""``chute suggest`` against doddle on the same states: wall time (process start included) and in-process.

Usage: python benchmarks/bench_suggest.py [--runs 7] [--doddle /path/to/venv/bin/python]

Without --doddle only chute is measured.  The states are those the peers
measure doddle on: SOARE=00000, UNTIL=00110 (11 candidates), and one clue.
Whole processes run once before they are timed, so they read the cache as a
returning player does (the ranking after one clue included); the in-process
figures are the strategy's own computation.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

STATES = {"one clue": ["soare:bbbbb"], "two clues": ["soare:bbbbb", "until:bbyyb"]}
# chute alone: the default policy's two-clue states of the other games and modes
MORE = {
    "Wordle hard, two clues": ["--hard", "salet:bybbb", "adorn:ybbyb"],
    "Termo, two clues": ["--game", "termo", "serao:bbbyb", "tinta:bgbbg"],
    "Termo strict, two clues": ["--game", "termo", "--strict", "torce:bggbb", "morno:bggbg"],
}

DODDLE = r"""
import sys, time
t0 = time.perf_counter()
from doddle.factory import create_models
from doddle.enums import SolverType
from doddle.scoring import from_ternary
from doddle.words import Word
clues = [c.split(":") for c in sys.argv[1:]]
dictionary, scorer, hb, solver, _ = create_models(5, solver_type=SolverType.ENTROPY)
all_words, avail = dictionary.words
t1 = time.perf_counter()
for g, p in clues:
    digits = "".join({"b": "0", "y": "1", "g": "2"}[c] for c in p)
    avail = hb.get_solns_by_score(avail, Word(g.upper()))[from_ternary(digits)]
best = solver.get_best_guess(all_words, avail)
t2 = time.perf_counter()
print(f"{best.word} {len(avail)} {t1 - t0:.4f} {t2 - t1:.4f}")
"""


def wall(argv: list[str], runs: int, env: dict | None = None) -> tuple[float, float, str]:
    """Return (median, min, last stdout) wall seconds of a command, after one warm-up run."""
    out = ""
    times = []
    for i in range(runs + 1):
        start = time.perf_counter()
        done = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
        if i:
            times.append(time.perf_counter() - start)
        out = done.stdout
    return statistics.median(times), min(times), out


def main() -> int:
    """Measure chute (and doddle when given) on the same states; print one line per figure."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--doddle", metavar="PYTHON", help="a python that has doddle installed")
    args = ap.parse_args()
    print(f"# load {os.getloadavg()[0]:.2f}, {os.cpu_count()} cpus")
    cache = tempfile.mkdtemp(prefix="chute-bench-")
    # an installed package has its bytecode: a shell that forbids writing it recompiles chute on every start
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("# PYTHONDONTWRITEBYTECODE unset for the measured commands (it costs about 60 ms a start here)")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["CHUTE_CACHE_DIR"] = cache
    base = [sys.executable, "-m", "chute", "suggest", "--top", "1", "--json"]
    for label, clues in STATES.items():
        med, best, out = wall(base + clues, args.runs, env)
        data = json.loads(out)
        print(
            f"chute  {label:<10} wall {med * 1000:7.1f} ms (min {best * 1000:7.1f})  "
            f"-> {data['suggestions'][0]['guess'].upper()} ({data['remaining']} candidates)",
            flush=True,
        )
        if args.doddle:
            med, best, out = wall([args.doddle, "-c", DODDLE] + clues, args.runs)
            word, n, setup, choose = out.split()
            print(
                f"doddle {label:<10} wall {med * 1000:7.1f} ms (min {best * 1000:7.1f})  -> {word} ({n} "
                f"candidates; in-process setup {float(setup) * 1000:.0f} ms, choice {float(choose) * 1000:.0f} ms)",
                flush=True,
            )
    for label, clues in MORE.items():
        med, best, out = wall(base + clues, args.runs, env)
        data = json.loads(out)
        print(
            f"chute  {label:<24} wall {med * 1000:7.1f} ms (min {best * 1000:7.1f})  "
            f"-> {data['suggestions'][0]['guess'].upper()} ({data['remaining']} candidates)",
            flush=True,
        )
    # chute in-process, for the same states
    os.environ["CHUTE_CACHE_DIR"] = cache
    from chute.game.engine import Engine
    from chute.game.words import load_lexicon
    from chute.playing.solver import Solver

    solver = Solver(Engine.build(load_lexicon("wordle")))
    for label, clues in STATES.items():
        state = solver.state_for(clues)
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            solver.strategy.rank(state, solver.options, 10)  # computed, not read from the cache
            times.append(time.perf_counter() - start)
        print(f"chute  {label:<10} in-process choice {statistics.median(times) * 1000:7.1f} ms")
    print(f"# load at end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
