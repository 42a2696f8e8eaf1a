"""Absurdle: chute's suggestions against the adversary, their speed, and the proof of the fewest guesses.

    python benchmarks/bench_absurdle.py [--games absurdle,absurdo] [--prove]

For each game and mode (normal, and hard: Wordle's rule on Wordle's lists,
strict on Termo's): the fewest rows from the start; the line ``chute suggest``
plays row after row against the adversary's documented tie rule and against the
opposite one (both must take exactly the fewest); and the CPU seconds of a warm
suggestion (the solver built, the first row's ranking in the opener cache) at
the first row and after the first row of chute's line.  ``--prove`` also runs
``chute prove --game G --jobs 2`` in a fresh journal and prints the minimum, the
winning openers and the wall time (minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def cpu(fn):
    """Return (fn's result, its CPU seconds in this process)."""
    start = time.process_time()
    result = fn()
    return result, time.process_time() - start


def main() -> None:
    """Print each game's figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="absurdle,absurdo")
    ap.add_argument("--prove", action="store_true", help="also prove each game and mode over every opener")
    args = ap.parse_args()

    print(f"# {time.strftime('%Y-%m-%d %H:%M')}  load {os.getloadavg()[0]:.2f}  cpus {os.cpu_count()}")
    for game in args.games.split(","):
        for mode in ("normal", "hard"):
            options = {} if mode == "normal" else {"strict": True} if game == "absurdo" else {"hard": True}
            figures(game, mode, options)
            if args.prove:
                prove(game, options)


def figures(game: str, mode: str, options: dict) -> None:
    """Print one game and mode's fewest rows, chute's lines under both tie rules, and its warm suggestions' CPU."""
    from chute.game.adversary import least_said, most_said
    from chute.game.feedback import Clue
    from chute.playing.assembly import solver_for
    from chute.search.absurdle import play_line

    solver = solver_for(game, **options)
    S = solver.every_answer()
    fewest = solver.fewest_rows()
    solver.suggest([], top=10)  # the first row ranked once: the opener cache holds it from now on
    fresh = solver_for(game, **options)
    first, first_cpu = cpu(lambda: fresh.suggest([], top=10))
    lines = {
        rule.__name__: play_line(solver.search, S, first.ranked[0].guess, rule) for rule in (least_said, most_said)
    }
    row = solver.new_game().guess(lines["least_said"][0])
    fresh = solver_for(game, **options)
    _, second_cpu = cpu(lambda: fresh.suggest([Clue(row.guess, row.pattern)], top=10))
    said = "  ".join(f"{name}: {' '.join(w.upper() for w in line)} ({len(line)})" for name, line in lines.items())
    print(
        f"{game:<9} {mode:<6} fewest {fewest}  warm suggestion {first_cpu:.2f} s CPU at the first row, "
        f"{second_cpu:.2f} s after {row.guess.upper()}  {said}"
    )
    assert all(len(line) == fewest for line in lines.values()), "a line took more than the fewest rows"


def prove(game: str, options: dict) -> None:
    """Run ``chute prove`` on 2 local processes and print its figures."""
    flags = ["--hard"] if options.get("hard") else ["--strict"] if options.get("strict") else []
    journal = Path(tempfile.mkdtemp(prefix="chute-absurdle-")) / "proof.journal"
    start = time.perf_counter()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "chute",
            "prove",
            "--game",
            game,
            *flags,
            "--jobs",
            "2",
            "--journal",
            str(journal),
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    data = json.loads(done.stdout)
    minutes = (time.perf_counter() - start) / 60
    print(
        f"  proof: {data['guesses']} guesses, proven {data['proven']}, {data['winning_openers']:,} of "
        f"{data['openers']:,} openers win, line {' '.join(data['line']).upper()}, {minutes:.1f} minutes"
    )


if __name__ == "__main__":
    main()
