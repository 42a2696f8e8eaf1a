"""Every word the game accepts, played by the default policy: games lost, as played, and the mean.

    python benchmarks/bench_never_lose.py              # Wordle: the 12,972 words of 2022 and today's 14,855
    python benchmarks/bench_never_lose.py --termo      # and the real Termo lists (10,589 words)
    python benchmarks/bench_never_lose.py --users      # and a user's own lists (each plan searched afresh)
    python benchmarks/bench_never_lose.py --jobs 1     # processes per run (default 2)

Each row is one ``chute bench --secrets ... --json`` process (the solver keeps
its bundled lists and prior; the secrets only choose the games).  The real
Termo lists (``../shared/data/termo-2022/``, answers and guesses: a test list,
never a source) are read from there and skipped, saying why, when absent.

``--users`` plays a user's own lists, as ``--answers``/``--guesses``: a seeded
random 2,500 of Wordle's words as the answer list (its accepted words Wordle's),
and the real Termo lists given as the user's (a measurement of what a user who
has them gets, never shipped).  Each is first asked for a suggestion with an
empty cache, which finds the lists' safe plan; that process's CPU time is the
plan's first-use cost.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_prior import TERMO_2022, bench


def rows(jobs: int, termo: bool, folder: Path) -> list[tuple[str, list[str]]]:
    """Return (label, chute bench arguments) for each run."""
    out = [
        ("Wordle, the 12,972 words of 2022", ["--secrets", "earlier"]),
        ("Wordle, every accepted word (14,855)", ["--secrets", "accepted"]),
        ("Wordle, hard mode, every accepted word", ["--hard", "--secrets", "accepted"]),
    ]
    if termo:
        if (TERMO_2022 / "answers.txt").is_file():
            words = folder / "termo-2022-all.txt"
            words.write_text(
                "".join((TERMO_2022 / name).read_text(encoding="utf-8") for name in ("answers.txt", "guesses.txt")),
                encoding="utf-8",
            )
            out.append(("Termo, the real 2022 lists (10,589)", ["--game", "termo", "--secrets", str(words)]))
        else:
            print(f"skipped the real Termo lists: not found at {TERMO_2022} (set CHUTE_SHARED_DIR)")
    return [(label, [*args, "--jobs", str(jobs)]) for label, args in out]


def user_rows(jobs: int, folder: Path) -> list[tuple[str, list[str]]]:
    """Return (label, chute bench arguments) for a user's own lists, each plan found first (``plan_cost``)."""
    from chute.game.words import load_lexicon

    wordle = load_lexicon("wordle")
    pool = [w for w in wordle.guesses if w not in wordle.later]
    drawn = folder / "wordle-2500.txt"
    drawn.write_text("\n".join(sorted(random.Random(2500).sample(pool, 2500))) + "\n", encoding="utf-8")
    lists = [("a random 2,500 of Wordle's words as answers", ["--answers", str(drawn)])]
    if (TERMO_2022 / "answers.txt").is_file():
        real = ["--game", "termo", "--answers", str(TERMO_2022 / "answers.txt")]
        lists.append(("the real Termo lists as the user's", [*real, "--guesses", str(TERMO_2022 / "guesses.txt")]))
    else:
        print(f"skipped the real Termo lists: not found at {TERMO_2022} (set CHUTE_SHARED_DIR)")
    out = []
    for label, given in lists:
        seconds = plan_cost(given, folder / "cache")
        print(f"{label}: first suggestion, its plan searched, {seconds:.1f} s of CPU")
        out.append((f"{label}, every accepted word", [*given, "--secrets", "accepted", "--jobs", str(jobs)]))
        out.append((f"{label}, its answers", [*given, "--jobs", str(jobs)]))
    return out


def plan_cost(given: list[str], cache: Path) -> float:
    """Return the CPU seconds of ``chute suggest`` on these lists with an empty cache (the plan found, then kept
    in ``cache`` for the runs after)."""
    cache.mkdir(exist_ok=True)
    for old in cache.glob("safe-*"):
        old.unlink()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", "chute", "suggest", *given, "--top", "1"],
        check=True,
        capture_output=True,
        env={**os.environ, "CHUTE_CACHE_DIR": str(cache)},
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--termo", action="store_true", help="also the real Termo lists")
    parser.add_argument("--users", action="store_true", help="also a user's own lists")
    parser.add_argument("--jobs", type=int, default=2, help="processes per run (default 2)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        runs = rows(args.jobs, args.termo, Path(tmp))
        if args.users:
            runs += user_rows(args.jobs, Path(tmp))
        print(f"{'secrets':60} {'games':>7} {'mean':>7} {'max':>4} {'lost':>5} {'time':>8}")
        for label, argv in runs:
            cache = Path(tmp) / "cache"
            if cache.is_dir():
                os.environ["CHUTE_CACHE_DIR"] = str(cache)
            figures = bench(argv)
            lost = [g for g in figures["results"] if not g["won"]]
            print(
                f"{label:60} {figures['games']:>7,} {figures['mean']:>7.4f} {figures['max']:>4} "
                f"{len(lost):>5,} {figures['wall']:>7.1f}s"
            )
            for game in lost[:12]:
                print(f"    {' '.join(game['secrets']).upper():8} {' '.join(game['path']).upper()}")
            if len(lost) > 12:
                print(f"    ... and {len(lost) - 12} more")


if __name__ == "__main__":
    main()
