"""Two commits of chute measured side by side in one run: the same commands, interleaved, same machine and load.

    python benchmarks/side_by_side.py OLD [NEW]            # NEW defaults to the working tree
    python benchmarks/side_by_side.py 7067c49 --runs 7 --only suggest,bench

Each commit is checked out in a temporary git worktree and run from its own
``src`` (``PYTHONPATH``), with a warm cache of its own; every command runs
``--runs`` times for each side, alternating OLD, NEW, OLD, NEW... so a change
of load hits both alike.  It prints the median wall and CPU seconds (the
child's user + system) per side and the ratio NEW/OLD, and checks that both
sides print the same figures (the output lines are compared, timing lines
dropped).  Check ``uptime`` first; the machine and load go to BENCHMARKS.md
with the figures.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# name -> chute arguments (every one prints figures that must agree between the sides)
COMMANDS = {
    "version": ["--version"],
    "score": ["score", "crane", "cigar", "rebut"],
    "filter": ["filter", "crane:bbbbb", "-q"],
    "suggest": ["suggest", "soare:bbbbb", "until:bbyyb"],
    "suggest-trace": ["suggest", "trace:bbbby", "silen:bbygb"],
    "suggest-termo": ["suggest", "--game", "termo", "serao:__c_i"],
    "suggest-hard": ["suggest", "--hard", "salet:bybbb", "adorn:ybbyb"],
    "suggest-strict": ["suggest", "--game", "termo", "--strict", "torce:bggbb", "morno:bggbg"],
    "suggest-quarteto": ["suggest", "--game", "quarteto", "toras:bbgyb/gbbbb/bbbbb/ybbbg"],
    "suggest-quordle": ["suggest", "--game", "quordle", "salet:bbbbb/bbybb/bybbb/bbbbb"],
    "review-quordle": [
        "review",
        "--game",
        "quordle",
        "salet",
        "corny",
        "cigar",
        "rebut",
        "sissy",
        "humph",
        "--answer",
        "cigar,rebut,sissy,humph",
    ],
    "review-octordle": [
        "review",
        "--game",
        "octordle",
        "salet",
        "corny",
        "cigar",
        "rebut",
        "sissy",
        "humph",
        "awake",
        "blush",
        "focal",
        "evade",
        "naval",
        "serve",
        "--answer",
        "cigar,rebut,sissy,humph,awake,blush,focal,evade",
    ],
    "play": ["play", "cigar"],
    "bench": ["bench", "--quiet"],
    "bench-hard": ["bench", "--quiet", "--hard"],
    "bench-minimax": ["bench", "--quiet", "--strategy", "minimax", "--opener", "raise"],
    "bench-termo": ["bench", "--quiet", "--game", "termo"],
    "bench-quordle": ["bench", "--quiet", "--game", "quordle", "--games", "200", "--seed", "1"],
    "tree-salet": ["tree", "--opener", "salet", "--json"],
    "tree-hard": ["tree", "--openers", "10", "--hard", "--exact", "--json"],
    "tree-strict": ["tree", "--game", "termo", "--opener", "serao", "--strict", "--json"],
    "review": ["review", "salet", "corny", "cigar", "--answer", "cigar"],
    "bench-jobs": ["bench", "--quiet", "--jobs", "2"],
    "tree-jobs": ["tree", "--openers", "4", "--jobs", "2"],
}
TIMING = re.compile(r"(\btime\b|\bseconds\b|\d+(\.\d+)? s\b|ms a game|games/s)")


def worktree(commit: str, folder: Path) -> Path:
    """Return a checkout of ``commit`` in ``folder`` (a detached git worktree); a commit git does not know
    ends the script with one line and status 2."""
    done = subprocess.run(
        ["git", "-C", str(REPO), "worktree", "add", "--detach", "--force", str(folder), commit],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        print(
            f"{Path(sys.argv[0]).name}: cannot check out {commit!r}: "
            f"{(done.stderr.strip().splitlines() or ['git failed'])[-1]}",
            file=sys.stderr,
        )
        raise SystemExit(2)
    return folder


def at_least(low: float, kind=float):
    """Return an argparse type: a number of ``kind`` not below ``low``."""

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}")
        return value

    return parse


@contextmanager
def sides(old: str, new: str | None, tmp: Path) -> Iterator[dict[str, Path]]:
    """Yield the ``src`` folders of the two sides ("old", "new": None is the working tree); remove the worktrees after."""
    try:
        found = {"old": worktree(old, tmp / "old") / "src"}
        found["new"] = (worktree(new, tmp / "new") / "src") if new else REPO / "src"
        yield found
    finally:
        for k in ("old", "new"):
            if (tmp / k).exists():
                subprocess.run(
                    ["git", "-C", str(REPO), "worktree", "remove", "--force", str(tmp / k)], capture_output=True
                )


def run(src: Path, argv: list[str], env: dict) -> tuple[float, float, str]:
    """Run chute from ``src`` once; return (wall seconds, CPU seconds, output without timing lines)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "chute", *argv],
        capture_output=True,
        text=True,
        env={**env, "PYTHONPATH": str(src)},
        timeout=1800,
    )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    text = "\n".join(line for line in proc.stdout.splitlines() if not TIMING.search(line))
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed in {src}: {proc.stderr.strip()[:300]}")
    return wall, cpu, re.sub(r'"seconds": [0-9.]+', "", text)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", help="the commit to compare against")
    ap.add_argument("new", nargs="?", help="the other commit (default: the working tree)")
    ap.add_argument("--runs", type=at_least(1, int), default=5)
    ap.add_argument("--only", help=f"comma-separated commands among: {', '.join(COMMANDS)}")
    args = ap.parse_args()
    names = args.only.split(",") if args.only else list(COMMANDS)
    unknown = [n for n in names if n not in COMMANDS]
    if unknown:
        ap.error(f"unknown command {unknown[0]!r}; the commands: {', '.join(COMMANDS)}")
    with tempfile.TemporaryDirectory(prefix="chute-sbs-") as tmp:
        tmp = Path(tmp)
        with sides(args.old, args.new, tmp) as srcs:
            # an installed package has its bytecode: a shell that forbids writing it recompiles chute on every start
            base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            envs = {
                k: {
                    **base,
                    "CHUTE_CACHE_DIR": str(tmp / f"cache-{k}"),
                    "NO_COLOR": "1",
                    "CHUTE_STATE_DIR": str(tmp / f"state-{k}"),
                }
                for k in srcs
            }
            print(
                f"# old {args.old}, new {args.new or 'working tree'}; {args.runs} runs each, interleaved; "
                f"load {os.getloadavg()[0]:.2f}"
            )
            print(
                f"{'command':<15} {'old wall':>9} {'new wall':>9} {'old cpu':>9} {'new cpu':>9} {'cpu new/old':>11}  same"
            )
            for name in names:
                argv = COMMANDS[name]
                for k in srcs:  # warm each side's cache once, untimed
                    run(srcs[k], argv, envs[k])
                times = {k: ([], []) for k in srcs}
                outputs = {}
                for _ in range(args.runs):
                    for k in srcs:
                        wall, cpu, text = run(srcs[k], argv, envs[k])
                        times[k][0].append(wall)
                        times[k][1].append(cpu)
                        outputs[k] = text
                med = {k: (statistics.median(w), statistics.median(c)) for k, (w, c) in times.items()}
                same = "yes" if outputs["old"] == outputs["new"] else "NO"
                ratio = med["new"][1] / med["old"][1] if med["old"][1] else float("nan")
                print(
                    f"{name:<15} {med['old'][0]:>8.3f}s {med['new'][0]:>8.3f}s {med['old'][1]:>8.3f}s "
                    f"{med['new'][1]:>8.3f}s {ratio:>11.2f}  {same}",
                    flush=True,
                )
        print(f"# load at end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
