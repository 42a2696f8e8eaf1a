"""Time whole-list benchmarks of play: wall time and peak memory, each case in a fresh process.

    python benchmarks/bench_play.py             # wordle entropy, termo (bundled and 2022 lists)
    python benchmarks/bench_play.py --all       # also the reference strategies and depth 2
    python benchmarks/bench_play.py --cold      # also with an empty cache (matrix + opener built)

Each case runs in its own interpreter so that its peak RSS (resource.getrusage)
is its own; "wall" is measured by this script around the whole child process
(interpreter start, imports, lists, matrix, opener, every game), "play cpu" the CPU
seconds of the games alone after start-up (kernels loaded by three warm-up games), "cpu" is the
child's user + system time (more trustworthy than wall on a busy machine, but
it counts both cores when kernels run in parallel).  Check ``uptime`` first.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TERMO_2022 = REPO.parent / "shared" / "data" / "termo-2022"

# name -> (game, strategy, opener, depth, rule, lists folder or None)
CASES = {
    "wordle-entropy": ("wordle", "entropy", None, 1, None, None),
    "wordle-entropy-crate": ("wordle", "entropy", "crate", 1, None, None),
    "termo-entropy": ("termo", "entropy", None, 1, None, None),
    "termo2022-entropy": ("termo", "entropy", None, 1, None, TERMO_2022),
}
MORE = {
    "wordle-expected-size": ("wordle", "expected-size", None, 1, None, None),
    "wordle-minimax": ("wordle", "minimax", None, 1, None, None),
    "wordle-minimax-raise": ("wordle", "minimax", "raise", 1, None, None),
    "wordle-most-parts": ("wordle", "most-parts", None, 1, None, None),
    "wordle-entropy-hard": ("wordle", "entropy", None, 1, "hard", None),
    "wordle-entropy-depth2": ("wordle", "entropy", None, 2, None, None),
    "termo-entropy-strict": ("termo", "entropy", None, 1, "strict", None),
}


def one(name: str) -> dict:
    """Run one case in this process; return its figures."""
    start = time.perf_counter()
    from chute import bench
    from chute.game.engine import Engine
    from chute.game.words import load_lexicon
    from chute.playing.solver import Solver
    from chute.strategies import Options

    game, strategy, opener, depth, rule, folder = {**CASES, **MORE}[name]
    if folder is not None:
        lexicon = load_lexicon(game, folder / "answers.txt", folder / "guesses.txt")
    else:
        lexicon = load_lexicon(game)
    engine = Engine.build(lexicon)
    solver = Solver(engine, strategy, Options(depth=depth), hard=rule, opener=opener)
    solver.openers(1)
    # start-up: a few games with a solver of its own load the compiled kernels (and numba)
    bench.run(Solver(engine, strategy, Options(depth=depth), hard=rule, opener=opener), lexicon.answers[:3], rows=6)
    setup = time.perf_counter() - start
    cpu = time.process_time()
    result = bench.run(solver, rows=6)
    play_cpu = time.process_time() - cpu
    s = result.stats
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "case": name,
        "answers": len(lexicon.answers),
        "accepted": len(lexicon.guesses),
        "opener": result.opener,
        "mean": round(s.mean, 4),
        "max": s.max,
        "failures": s.failures,
        "setup_s": round(setup, 2),
        "play_s": round(result.seconds, 2),
        "play_cpu_s": round(play_cpu, 2),
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
        "peak_rss_mib": round(usage.ru_maxrss / 1024, 1),
    }


def spawn(name: str, cache_dir: str) -> dict:
    """Run one case in a child interpreter; return its figures with the wall time around it."""
    env = {**os.environ, "CHUTE_CACHE_DIR": cache_dir}
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, __file__, "--one", name], env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{name} failed:\n{proc.stderr}")
    figures = json.loads(proc.stdout.strip().splitlines()[-1])
    figures["wall_s"] = round(wall, 2)
    return figures


def main() -> None:
    """Run the chosen cases and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="also the reference strategies, hard mode, depth 2")
    parser.add_argument("--cold", action="store_true", help="also time each case with an empty cache")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("cases", nargs="*", help="case names (default: the main ones)")
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.one)))
        return
    names = args.cases or list(CASES) + (list(MORE) if args.all else [])
    if not TERMO_2022.is_dir():
        names = [n for n in names if CASES.get(n, MORE.get(n, ("",) * 6))[5] is None]
    print(
        f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}   "
        f"cpus: {os.cpu_count()}   python {sys.version.split()[0]}"
    )
    head = (
        f"{'case':<24} {'cache':<5} {'games':>6} {'opener':<7} {'mean':>7} {'max':>4} {'fail':>5} "
        f"{'setup':>7} {'play':>7} {'play cpu':>8} {'wall':>7} {'cpu':>7} {'peak RSS':>9}"
    )
    print(head)
    print("-" * len(head))
    with tempfile.TemporaryDirectory(prefix="chute-bench-") as fresh:
        for name in names:
            cache = tempfile.mkdtemp(dir=fresh)
            if args.cold:
                report(name, "cold", spawn(name, cache))
            else:
                spawn(name, cache)  # fill the cache: matrix and opener
            report(name, "warm", spawn(name, cache))


def report(name: str, phase: str, f: dict) -> None:
    """Print one case's line."""
    print(
        f"{name:<24} {phase:<5} {f['answers']:>6,} {str(f['opener']).upper():<7} {f['mean']:>7.4f} "
        f"{f['max']:>4} {f['failures']:>5} {f['setup_s']:>6.2f}s {f['play_s']:>6.2f}s {f['play_cpu_s']:>7.2f}s "
        f"{f['wall_s']:>6.2f}s {f['cpu_s']:>6.2f}s {f['peak_rss_mib']:>6.0f} MiB",
        flush=True,
    )


if __name__ == "__main__":
    main()
