"""chute against doddle 1.6.0, side by side in one run: the same tasks, interleaved, same machine and load.

    python benchmarks/vs_doddle.py --doddle /tmp/doddle-venv/bin/python [--runs 5] [--long]

doddle lives in a throwaway venv of its own (``pip install doddle==1.6.0 'numpy<2'``),
never in chute's.  Every figure is a whole process (interpreter start
included): wall and CPU seconds (the child's user + system), the median of
``--runs`` runs for the short tasks, the two sides alternating so that a
change of load hits both.  The ratio is doddle / chute.  Tasks:

- suggest after one clue (SOARE all grey) and after two (then UNTIL ``bbyyb``:
  11 candidates): one best guess, entropy;
- the whole Wordle answer list played by entropy from CRATE (``chute bench
  --opener crate``, ``doddle benchmark --solver ENTROPY --guess CRATE``);
- with ``--long`` (doddle needs minutes each): the optimal tree from SALET
  (``chute tree --opener salet``, doddle's ``tree_search('SALET')``) and 1,000
  Quordle games (``chute bench --game quordle --games 1000``, ``doddle
  benchmark --simul 4 --solver ENTROPY``).

Each side's answer is printed beside its time, so that the tasks are seen to
be the same.  Check ``uptime`` first; the figures go to BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile

DODDLE_SUGGEST = r"""
import sys
from doddle.factory import create_models
from doddle.enums import SolverType
from doddle.scoring import from_ternary
from doddle.words import Word
clues = [c.split(":") for c in sys.argv[1:]]
dictionary, scorer, hb, solver, _ = create_models(5, solver_type=SolverType.ENTROPY)
all_words, avail = dictionary.words
for g, p in clues:
    digits = "".join({"b": "0", "y": "1", "g": "2"}[c] for c in p)
    avail = hb.get_solns_by_score(avail, Word(g.upper()))[from_ternary(digits)]
print(solver.get_best_guess(all_words, avail).word, len(avail))
"""

DODDLE_TREE = r"""
import doddle
tree = doddle.Doddle().tree_search("SALET")
print(tree)
"""

ONE, TWO = ["soare:bbbbb"], ["soare:bbbbb", "until:bbyyb"]


def run(argv: list[str], env: dict) -> tuple[float, float, str]:
    """Return (wall seconds, CPU seconds, stdout) of one process."""
    import time

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, env=env, capture_output=True, text=True)
    except OSError as err:
        raise SystemExit(f"{' '.join(argv[:4])} ... cannot start: {err}") from None
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv[:4])} ... failed:\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def peer_python(module: str):
    """Return an argparse type: a Python that imports ``module`` (else one line and status 2, not a traceback)."""

    def check(path: str) -> str:
        try:
            done = subprocess.run(
                [path, "-c", f"import {module}; print('imported')"], capture_output=True, text=True, timeout=120
            )
        except (OSError, subprocess.SubprocessError) as err:
            raise argparse.ArgumentTypeError(f"{path!r} is not a Python that runs here: {err}") from None
        if done.returncode != 0 or done.stdout.strip() != "imported":
            raise argparse.ArgumentTypeError(f"{path!r} cannot import {module} (pip install {module} in that venv)")
        return path

    return check


def answer(text: str) -> str:
    """Return the line of a command's output that names its result (shortened)."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    for key in ("best:", "mean", "Mean", "Guess", "SALET"):
        for line in lines:
            if key in line:
                return line[:90]
    return (lines[-1] if lines else "")[:90]


def main() -> int:
    """Run the tasks on both sides, alternating, and print one line per side and a ratio per task."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--doddle",
        required=True,
        metavar="PYTHON",
        type=peer_python("doddle"),
        help="a python that has doddle 1.6.0 installed",
    )
    ap.add_argument("--runs", type=int, default=5, help="runs of each short task per side (default: 5)")
    ap.add_argument("--long", action="store_true", help="also the tree search and 1,000 Quordle games")
    args = ap.parse_args()
    cache = tempfile.mkdtemp(prefix="chute-vs-doddle-")
    chute_env = {**os.environ, "CHUTE_CACHE_DIR": cache}
    doddle_env = dict(os.environ)
    doddle_bin = os.path.join(os.path.dirname(args.doddle), "doddle")
    me = [sys.executable, "-m", "chute"]
    tasks = [
        (
            "suggest, one clue",
            me + ["suggest", "--top", "1"] + ONE,
            [args.doddle, "-c", DODDLE_SUGGEST] + ONE,
            args.runs,
        ),
        (
            "suggest, two clues",
            me + ["suggest", "--top", "1"] + TWO,
            [args.doddle, "-c", DODDLE_SUGGEST] + TWO,
            args.runs,
        ),
        (
            "bench, entropy from CRATE",
            me + ["bench", "--quiet", "--opener", "crate"],
            [doddle_bin, "benchmark", "--solver", "ENTROPY", "--guess", "CRATE"],
            1,
        ),
    ]
    if args.long:
        tasks += [
            ("tree from SALET", me + ["tree", "--opener", "salet"], [args.doddle, "-c", DODDLE_TREE], 1),
            (
                "Quordle, 1,000 games",
                me + ["bench", "--quiet", "--game", "quordle", "--games", "1000"],
                [doddle_bin, "benchmark", "--simul", "4", "--solver", "ENTROPY"],
                1,
            ),
        ]
    print(
        f"# load {os.getloadavg()[0]:.2f}, {os.cpu_count()} cpus; chute from {sys.executable}, doddle from "
        f"{args.doddle}",
        flush=True,
    )
    for cmd in (me + ["suggest"] + ONE, [args.doddle, "-c", DODDLE_SUGGEST] + ONE):
        run(cmd, chute_env if cmd[0] == sys.executable else doddle_env)  # warm caches (matrix, numba)
    for label, mine, theirs, runs in tasks:
        figures: dict[str, list[tuple[float, float]]] = {"chute": [], "doddle": []}
        said = {}
        for _ in range(runs):
            for side, argv, env in (("chute", mine, chute_env), ("doddle", theirs, doddle_env)):
                wall, cpu, out = run(argv, env)
                figures[side].append((wall, cpu))
                said[side] = answer(out)
        med = {
            side: (statistics.median(w for w, _ in f), statistics.median(c for _, c in f))
            for side, f in figures.items()
        }
        for side in ("chute", "doddle"):
            print(f"{label:<28} {side:<6} wall {med[side][0]:9.2f} s  cpu {med[side][1]:9.2f} s   {said[side]}")
        print(
            f"{label:<28} ratio  wall {med['doddle'][0] / med['chute'][0]:8.1f}x  "
            f"cpu {med['doddle'][1] / med['chute'][1]:8.1f}x",
            flush=True,
        )
    print(f"# load at end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
