"""Engine speed: matrix build, cache load, opener ranking per strategy, ``chute suggest`` wall time.

Prints one line per figure (median of several runs).  Run it when ``uptime``
shows a low load; the figures go to BENCHMARKS.md with the machine they came
from.  Usage: python benchmarks/bench_engine.py [--game wordle] [--runs 5] [--quick]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The state the peers measure doddle on: 11 candidates after two clues.
TWO_CLUES = ["soare:bbbbb", "until:bbyyb"]


CPU: list[float] = []  # CPU seconds (all threads, or the child process) of the last measurement


def median_time(fn, runs: int, children: bool = False) -> tuple[float, float]:
    """Return (median, min) wall seconds of ``runs`` calls of fn; CPU[0] gets the median CPU seconds.

    CPU time is the figure to trust on a busy machine: wall time then
    includes waiting for the cores other jobs hold.
    """
    times, cpus = [], []
    for _ in range(runs):
        before = _cpu(children)
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
        cpus.append(_cpu(children) - before)
    CPU[:] = [statistics.median(cpus)]
    return statistics.median(times), min(times)


def _cpu(children: bool) -> float:
    """Return the CPU seconds used so far by this process's threads, or by its finished children."""
    if not children:
        return time.process_time()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def line(label: str, med: float, best: float | None = None, extra: str = "", cpu: bool = True) -> None:
    """Print one aligned figure (wall median, min, and CPU median)."""
    more = f"  (min {best * 1000:8.1f} ms)" if best is not None else ""
    if cpu and CPU:
        more += f"  cpu {CPU[0] * 1000:8.1f} ms"
    print(f"{label:<44} {med * 1000:9.1f} ms{more}{'  ' + extra if extra else ''}", flush=True)


def wall(argv: list[str], runs: int, env: dict) -> tuple[float, float]:
    """Return (median, min) wall seconds of a subprocess, process start included."""

    def once():
        subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    once()  # warm the page cache and the opener/matrix caches
    return median_time(once, runs, children=True)


def main() -> int:
    """Measure and print the engine figures; return 0."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="wordle")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="skip depth 2 and the subprocess timings")
    args = ap.parse_args()

    cache = Path(tempfile.mkdtemp(prefix="chute-bench-"))
    env = {**os.environ, "CHUTE_CACHE_DIR": str(cache)}
    os.environ["CHUTE_CACHE_DIR"] = str(cache)
    try:
        print(
            f"# {os.uname().nodename}, {os.cpu_count()} cpus, load {os.getloadavg()[0]:.2f}, "
            f"python {sys.version.split()[0]}"
        )
        import numba
        import numpy as np

        from chute.game.engine import Engine
        from chute.game.pattern_codes import compute_codes
        from chute.game.words import load_lexicon
        from chute.playing.solver import Solver
        from chute.strategies import Options, get_strategy, strategy_names

        print(f"# numpy {np.__version__}, numba {numba.__version__} ({numba.config.NUMBA_NUM_THREADS} threads)")

        med, best = median_time(lambda: load_lexicon(args.game), args.runs)
        lex = load_lexicon(args.game)
        line(f"load lexicon {args.game}", med, best, f"{len(lex.guesses):,} x {len(lex.answers):,}")

        start = time.perf_counter()
        compute_codes(lex.guesses[:3000], lex.answers[:2000], lex.length)
        line("kernel first call (compile or load)", time.perf_counter() - start, cpu=False)
        med, best = median_time(lambda: compute_codes(lex.guesses, lex.answers, lex.length), args.runs)
        line("matrix build (kernel, both cores)", med, best)

        Engine.build(lex)  # writes the cache
        med, best = median_time(lambda: Engine.build(lex), max(args.runs, 5))
        line("matrix load from cache", med, best)

        engine = Engine.build(lex)
        solver = Solver(engine)
        state = solver.initial_state()
        for name in strategy_names():
            strategy = get_strategy(name)
            strategy.rank(state, Options(), 10)  # warm (kernel loaded)
            med, best = median_time(lambda strategy=strategy: strategy.rank(state, Options(), 10), args.runs)
            top = strategy.rank(state, Options(), 1)[0]
            line(f"opener ranking {name}", med, best, f"-> {top.guess.upper()} {top.score:.3f}")
        if not args.quick:
            for name in ("entropy", "expected-size"):
                start = time.perf_counter()
                top = get_strategy(name).rank(state, Options(depth=2), 1)[0]
                line(
                    f"opener ranking {name} --depth 2",
                    time.perf_counter() - start,
                    None,
                    f"-> {top.guess.upper()} {top.score:.3f}",
                    cpu=False,
                )

        two = solver.state_for(TWO_CLUES)
        med, best = median_time(lambda: solver.rank(two, 10), args.runs * 4)
        line(f"suggest in-process after {' '.join(TWO_CLUES)}", med, best, f"{two.n} candidates")

        if not args.quick:
            chute = shutil.which("chute") or sys.executable
            base = [chute] if chute != sys.executable else [sys.executable, "-m", "chute"]
            runs = max(args.runs, 7)
            med, best = wall([sys.executable, "-c", "import numpy"], runs, env)
            line("python -c 'import numpy' (floor)", med, best)
            med, best = wall(base + ["--version"], runs, env)
            line("chute --version", med, best)
            med, best = wall(base + ["suggest", "--game", args.game], runs, env)
            line("chute suggest (opener, cached)", med, best)
            med, best = wall(base + ["suggest", "--game", args.game] + TWO_CLUES, runs, env)
            line(f"chute suggest {' '.join(TWO_CLUES)}", med, best)
            med, best = wall(base + ["suggest", "--game", args.game, "--no-cache"] + TWO_CLUES, 3, env)
            line("chute suggest --no-cache (builds the matrix)", med, best)
        print(f"# load at end {os.getloadavg()[0]:.2f}")
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
