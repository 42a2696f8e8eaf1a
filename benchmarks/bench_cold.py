"""First use: the commands a new player runs first, each from caches as a fresh install has them.

Usage: python benchmarks/bench_cold.py [OLD] [--ahead] [--loaded] [--pause S]

Each side runs from a copy of its ``src`` (a new path: numba's cache beside it is
empty) with an empty chute cache and an empty ``NUMBA_CACHE_DIR``, the commands
one after the other as a player would (the second finds what the first cached),
and prints each command's CPU seconds (its whole process tree), wall seconds and
peak memory. With OLD (a commit), that commit is measured the same way first,
from a temporary git worktree. ``--ahead`` lets the first command start the
process that compiles the kernels ahead (``cli/ahead.py``, as on a player's
terminal): this script adopts it when its command exits (a child subreaper, on
Linux), waits for it, and prints its CPU, counted in the total. ``--loaded``
runs a busy loop on every core meanwhile, as a machine doing other work;
``--pause S`` waits S seconds between commands, as a player reading each answer
does. Check ``uptime`` first.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from side_by_side import worktree

REPO = Path(__file__).resolve().parents[1]
FIRST = [
    ["suggest"],
    ["assist", "--game", "quordle", "--no-history"],  # its first row, then the end of input
    ["suggest", "crane:bbybb"],
    ["review", "crane", "lotus", "golly", "dolly", "holly", "jolly", "--answer", "jolly"],
    ["suggest", "--game", "quordle"],
    ["suggest", "--game", "termo", "serao:bbbyb"],
    ["suggest", "aback:bbbbb"],  # a first guess chute ships no second row for, leaving 5,678 words
]


STDIN = {"assist": "salet:bbbbb/bbybb/bybbb/bbbbb\n"}  # what a command reads: Quordle's first row
PR_SET_CHILD_SUBREAPER = 36  # prctl(2): orphaned descendants are this process's to wait for


def adopt_orphans() -> bool:
    """Make this process the one that waits for its descendants' orphans (Linux); return whether it is."""
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def reap_orphans() -> float:
    """Wait for every adopted process (a compile started ahead) to end; return their CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            break
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def first_use(src: Path, ahead: bool = False, pause: float = 0.0) -> list[tuple[str, float, float, float]]:
    """Return (command, CPU s, wall s, peak MiB) for each first command, run from a fresh copy of ``src``; with
    ``ahead``, a last row for the process that compiled ahead."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "src"
        shutil.copytree(src, copy, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        env = {
            **os.environ,
            "PYTHONPATH": str(copy),
            "CHUTE_CACHE_DIR": str(Path(tmp) / "cache"),
            "NUMBA_CACHE_DIR": str(Path(tmp) / "numba"),
            "CHUTE_COMPILE_AHEAD": "1" if ahead else "0",
        }
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        began = time.perf_counter()
        for k, argv in enumerate(FIRST):
            if k and pause:
                time.sleep(pause)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "chute", *argv],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                input=STDIN.get(argv[0], ""),
                text=True,
                check=False,
            )
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            out.append((" ".join(["chute", *argv]), cpu, wall, after.ru_maxrss / 1024))
        if ahead:
            cpu = reap_orphans()
            compiled = bool(list((Path(tmp) / "cache").glob("kernels-*.ok")))
            out.append(
                (
                    "(the compile ahead, in the background)" if compiled else "(the compile ahead: failed)",
                    cpu,
                    time.perf_counter() - began,
                    0.0,
                )
            )
    return out


def burn(seconds: float) -> None:
    """Keep one core busy for ``seconds`` (a machine's other work)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def main() -> int:
    """Measure the working tree's first use, and OLD's first when given."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", nargs="?", help="a commit to measure first, the same way")
    ap.add_argument("--ahead", action="store_true", help="let the first command compile the kernels ahead")
    ap.add_argument("--loaded", action="store_true", help="keep every core busy meanwhile (other work)")
    ap.add_argument("--pause", type=float, default=0.0, help="seconds between commands (default 0)")
    args = ap.parse_args()
    if args.ahead and not adopt_orphans():
        ap.error("--ahead counts the background compile through a child subreaper: Linux only")
    burners = []
    if args.loaded:
        import multiprocessing

        burners = [multiprocessing.Process(target=burn, args=(3600,), daemon=True) for _ in range(os.cpu_count() or 1)]
        for b in burners:
            b.start()
        time.sleep(2)
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M')}  load {os.getloadavg()[0]:.2f}  cpus {os.cpu_count()}"
        + (f"  (+{len(burners)} busy loops)" if burners else ""),
        flush=True,
    )
    sides = []
    if args.old:
        with tempfile.TemporaryDirectory() as tmp:
            try:
                sides.append(("old", first_use(worktree(args.old, Path(tmp) / "old") / "src", False, args.pause)))
            finally:
                subprocess.run(
                    ["git", "-C", str(REPO), "worktree", "remove", "--force", str(Path(tmp) / "old")],
                    capture_output=True,
                )
    sides.append(("new", first_use(REPO / "src", args.ahead, args.pause)))
    for b in burners:
        b.terminate()
    print(f"{'command':<58}" + "".join(f"{name + ' CPU':>10}{name + ' wall':>10}" for name, _ in sides))
    for i, (command, *_) in enumerate(sides[-1][1]):
        print(
            f"{command:<58}"
            + "".join(f"{rows[i][1]:>9.2f}s{rows[i][2]:>9.2f}s" if i < len(rows) else " " * 20 for _, rows in sides)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
