"""``chute review`` of games opened with a word never reviewed before: wall time, whole processes.

Usage: python benchmarks/bench_review.py [OLD] [--runs 3] [--again] [--only hard]

Each run gets a cache folder of its own holding links to the user's cache
(matrices, lexicons, proven openers) but no review tables, so every review
searches its opener as a player's first review of such a game does.  With
OLD (a commit), that commit is run from a temporary git worktree too,
alternating with the working tree (the same load for both), and the outputs
are compared (a line that differs is printed).  It prints the median wall
seconds per case and side.  ``--again`` times a second review of each game
instead, in a new process whose review table the first one filled (a player
reviewing another game opened with the same word).  ``--only TEXT`` keeps the
cases whose arguments contain TEXT.  Check ``uptime`` first.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from side_by_side import worktree

REPO = Path(__file__).resolve().parents[1]
CASES = [
    ["review", "--answer", "cigar", "salet", "corny", "cigar"],  # a usual game: --again, its searches are small
    ["review", "--answer", "cigar", "fuzzy", "cigar"],
    ["review", "--answer", "cigar", "jumbo", "cigar"],
    ["review", "--answer", "cigar", "fuzzy", "jumbo", "cigar"],
    ["review", "--answer", "raven", "beret", "raven"],  # BERET leaves 94 words that are slow to solve exactly
    ["review", "--game", "dordle", "--answer", "loath,feral", "urdee", "feral", "loath"],
    ["review", "--game", "termo", "--answer", "termo", "shows", "termo"],
    # answers off the answer list, graded under the frequency prior (a weighted search bounds the guesses)
    ["review", "--answer", "works", "salet", "corny", "works"],
    ["review", "--game", "termo", "--answer", "chope", "toras", "lince", "chove", "chope"],
    ["review", "--game", "termo", "--answer", "teima", "toras", "pinte", "temia", "teima"],
    [
        "review",
        "--game",
        "quarteto",
        "--answer",
        "neste,quero,lapso,algas",
        "aruru",
        "pisou",
        "neste",
        "quero",
        "lapso",
        "algas",
    ],
    # hard modes: every search carries the guesses each clue still allows
    ["review", "--hard", "--answer", "cigar", "jumpy", "cigar"],
    ["review", "--hard", "--answer", "cigar", "fuzzy", "cigar"],
    ["review", "--game", "termo", "--strict", "--answer", "termo", "fuzil", "termo"],
    ["review", "--game", "termo", "--strict", "--answer", "termo", "quilo", "termo"],
]


def user_cache() -> Path:
    """Return the cache folder chute uses here."""
    out = subprocess.run(
        [sys.executable, "-c", "from chute.files import default_cache_dir; print(default_cache_dir())"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
    )
    return Path(out.stdout.strip())


def fresh_cache(folder: Path, source: Path) -> None:
    """Fill ``folder`` with links to everything in ``source`` but the review tables (none if it is missing)."""
    for f in source.iterdir() if source.is_dir() else ():
        if not f.name.startswith("review-"):
            (folder / f.name).symlink_to(f)


@contextlib.contextmanager
def sides(old: str | None):
    """Yield {name: source folder}: the working tree's, and with ``old`` (a commit) that commit's, checked out in a
    temporary git worktree that is removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="chute-review-old-") as tmp:
        found = {"now": REPO / "src"}
        if old:
            found = {old: worktree(old, Path(tmp)) / "src", **found}  # an unknown commit: one line, status 2
        try:
            yield found
        finally:
            if old:
                subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", tmp], capture_output=True)


def run(src: Path, argv: list[str], source: Path, again: bool = False) -> tuple[float, str]:
    """Return (wall seconds, stdout) of one review from ``src`` with a cache that has no review table
    (``again``: the table a first review, not timed, filled)."""
    with tempfile.TemporaryDirectory(prefix="chute-review-") as tmp:
        fresh_cache(Path(tmp), source)
        env = {**os.environ, "PYTHONPATH": str(src), "CHUTE_CACHE_DIR": tmp, "CHUTE_STATE_DIR": tmp}
        if again:
            subprocess.run([sys.executable, "-m", "chute", *argv], capture_output=True, env=env, timeout=600)
        t0 = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "chute", *argv], capture_output=True, text=True, env=env, timeout=600
        )
        wall = time.perf_counter() - t0
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed in {src}: {proc.stderr.strip()[:300]}")
    return wall, proc.stdout


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", nargs="?", help="a commit to measure beside the working tree")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--again", action="store_true", help="time a second review of each game")
    ap.add_argument("--only", metavar="TEXT", help="only the cases whose arguments contain TEXT")
    args = ap.parse_args()
    if args.runs < 1:
        ap.error("--runs must be at least 1")
    source = user_cache()
    with sides(args.old) as found:
        print(
            f"# load {os.getloadavg()[0]:.2f}, {os.cpu_count()} cpus, cache {source}"
            f"{', second reviews' if args.again else ''}"
        )
        for argv in CASES:
            if args.only and args.only not in " ".join(argv):
                continue
            walls: dict[str, list[float]] = {name: [] for name in found}
            outs: dict[str, str] = {}
            for _ in range(args.runs):
                for name, src in found.items():
                    wall, out = run(src, argv, source, args.again)
                    walls[name].append(wall)
                    outs[name] = out
            figures = "  ".join(f"{name} {statistics.median(w):6.2f} s" for name, w in walls.items())
            print(f"{figures}  {' '.join(argv[1:])}", flush=True)
            if len(outs) == 2:
                a, b = outs.values()
                for la, lb in zip(a.splitlines(), b.splitlines()):
                    if la != lb:
                        print(f"    was: {la}\n    now: {lb}")
    print(f"# load at end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
