"""Time the optimal decision-tree search (``chute tree``) on the reference cases; print the figures.

    python benchmarks/bench_tree.py                 # wordle SALET, normal and hard mode
    python benchmarks/bench_tree.py --all           # + wordle top 10 openers, termo and the 2022 Termo lists
    python benchmarks/bench_tree.py --wide          # the long runs: 100-200 openers, exact proofs of the best
    python benchmarks/bench_tree.py termo-strict    # named cases only (see --list)
    python benchmarks/bench_tree.py --doddle        # also doddle 1.6.0's tree_search('SALET'), for the ratio
    python benchmarks/bench_tree.py --scale         # synthetic lists of 5k, 10k and 20k words as answers and guesses
    python benchmarks/bench_tree.py --scale-exact   # the exact search on such lists of 1k to 10k words (the growth)

Each case runs ``chute tree ... --json`` in its own process; "wall" is measured
around the whole child (interpreter start, imports, lists, matrix, search),
"search" is the command's own figure (matrix and search), "cpu" the child's
user + system time.  The machine is shared: check ``uptime`` first.  Doddle
runs from $DODDLE_PYTHON (default: ../peers/doddle-venv/bin/python) when present.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TERMO_2022 = REPO.parent / "shared" / "data" / "termo-2022"
T22 = ["--game", "termo", "--answers", str(TERMO_2022 / "answers.txt"), "--guesses", str(TERMO_2022 / "guesses.txt")]

# name -> extra arguments of ``chute tree``
CASES = {"salet": ["--opener", "salet"], "salet-hard": ["--hard", "--opener", "salet"]}
MORE = {
    "wordle-top10": ["--openers", "10"],
    "termo": ["--game", "termo", "--openers", "10"],
    "termo-strict": ["--game", "termo", "--strict", "--openers", "10"],
    "termo2022": T22 + ["--openers", "10"],
    "termo2022-strict": T22 + ["--strict", "--openers", "10"],
}
WIDE = {
    "salet-exact": ["--opener", "salet", "--exact"],
    "salet-hard-exact": ["--hard", "--opener", "salet", "--exact"],
    "wordle-top10-exact": ["--openers", "10", "--exact"],
    "termo-100": ["--game", "termo", "--openers", "100"],
    "termo-strict-100": ["--game", "termo", "--strict", "--openers", "100"],
    "termo2022-200": T22 + ["--openers", "200"],
    "termo2022-strict-200": T22 + ["--strict", "--openers", "200"],
    "termo-toras-exact": ["--game", "termo", "--opener", "toras", "--exact"],
    "termo-strict-torce-exact": ["--game", "termo", "--strict", "--opener", "torce", "--exact"],
    "termo2022-coras-exact": T22 + ["--opener", "coras", "--exact"],
    "termo2022-strict-torce-exact": T22 + ["--strict", "--opener", "torce", "--exact"],
}
# name -> how many words: a seeded sample of the union of the bundled Wordle and Termo lists (29,216 words),
# the same file as answers and guesses, ``--openers 1`` (the search of the opener that ranks first)
SCALE = {"scale-5k": 5000, "scale-10k": 10000, "scale-20k": 20000}
# the same lists, ``--exact --openers 1``: how the proof for one opener grows with the lists (10k: about 11 minutes)
SCALE_EXACT = {"exact-1k": 1000, "exact-2.5k": 2500, "exact-5k": 5000, "exact-10k": 10000}


def scale_words(n: int, folder: Path) -> Path:
    """Return a file of n words drawn (seed 0) from the bundled lists, written in ``folder``."""
    import random

    from chute import load_lexicon

    words = sorted(set(load_lexicon("termo").guesses) | set(load_lexicon("wordle").guesses))
    path = folder / f"words-{n}.txt"
    path.write_text("\n".join(sorted(random.Random(0).sample(words, n))) + "\n", encoding="utf-8")
    return path


DODDLE_CODE = """
import time, doddle
t = time.perf_counter()
b = doddle.Doddle().tree_search('SALET')
print(b.num_guesses(), round(b.mean(), 4), max(b.histogram), round(time.perf_counter() - t, 2))
"""


def run_case(name: str, args: list[str], jobs: int) -> dict:
    """Run one case in a child process; return its figures."""
    cmd = [sys.executable, "-m", "chute", "tree", *args, "--json"]
    if jobs > 1:
        cmd += ["--jobs", str(jobs)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{name} failed ({proc.returncode}): {proc.stderr.strip()}")
    data = json.loads(proc.stdout)
    data["wall"] = wall
    data["cpu"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    data["peak_mb"] = after.ru_maxrss / 1024  # the largest child so far
    data["command"] = "chute tree " + " ".join(
        a if str(TERMO_2022) not in a else a.replace(str(REPO.parent), "..") for a in args
    )
    return data


def report(name: str, data: dict) -> None:
    """Print one case: command, each opener's figures, best, times."""
    print(f"== {name}: {data['command']}")
    print(
        f"   {data['lexicon']}: {data['answers']:,} answers, {data['guesses']:,} guesses, "
        f"{data['rows']} rows, rule {data['rule'] or 'none'}, "
        f"{'exact' if data['exact'] else 'top ' + ','.join(map(str, data['top']))}"
    )
    rows = data["openers"]
    if len(rows) > 12:  # many openers: the five best, and how many found no tree
        failed = sum(1 for r in rows if not r["feasible"])
        print(f"   {len(rows)} openers searched, {failed} without a tree within the rows; the five best:")
        rows = sorted((r for r in rows if r["feasible"]), key=lambda r: r["total"])[:5]
    for r in rows:
        if r["feasible"]:
            dist = " ".join(f"{k}:{v}" for k, v in r["distribution"].items())
            print(
                f"   {r['opener']:<8} {r['total']:>7,}  mean {r['mean']:.4f}  worst {r['worst']}  "
                f"[{dist}]  {r['seconds']:.1f} s{'  exact' if r['exact'] else ''}"
            )
        else:
            print(
                f"   {r['opener']:<8} no tree within the rows{' (proven)' if r['exact'] else ''}  {r['seconds']:.1f} s"
            )
    print(
        f"   best {data['best']}; search {data['seconds']:.1f} s, wall {data['wall']:.1f} s, "
        f"cpu {data['cpu']:.1f} s, peak {data['peak_mb']:.0f} MB"
    )
    sys.stdout.flush()


def run_doddle() -> None:
    """Time doddle's tree_search('SALET') if its interpreter is present."""
    python = os.environ.get("DODDLE_PYTHON", str(REPO.parent / "peers" / "doddle-venv" / "bin" / "python"))
    if not Path(python).exists():
        print(f"== doddle: {python} not found, skipped")
        return
    t0 = time.perf_counter()
    proc = subprocess.run([python, "-c", DODDLE_CODE], capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if proc.returncode:
        print(f"== doddle failed: {proc.stderr.strip().splitlines()[-1:]}")
        return
    total, mean, worst, search = proc.stdout.split()[-4:]
    print(
        f"== doddle 1.6.0 Doddle().tree_search('SALET'): total {total}, mean {mean}, worst {worst}; "
        f"search {search} s, wall {wall:.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", help="case names (default: salet, salet-hard)")
    parser.add_argument("--all", action="store_true", help="the default and the quick termo cases")
    parser.add_argument("--wide", action="store_true", help="the long cases (many openers, exact proofs)")
    parser.add_argument("--doddle", action="store_true", help="also time doddle's tree search")
    parser.add_argument("--scale", action="store_true", help="the synthetic 5k, 10k and 20k cases")
    parser.add_argument("--scale-exact", action="store_true", help="the exact search on synthetic 1k-10k lists")
    parser.add_argument("--jobs", type=int, default=1, help="--jobs for chute tree (default: 1)")
    parser.add_argument("--list", action="store_true", help="list the cases")
    args = parser.parse_args()
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="chute-bench-tree-"))
    every = {**CASES, **MORE, **WIDE}
    sizes = {**SCALE, **SCALE_EXACT}
    for name, n in sizes.items():
        every[name] = ["--answers", f"{{{n}}}", "--guesses", f"{{{n}}}", "--openers", "1"]
        if name in SCALE_EXACT:
            every[name].append("--exact")
    if args.list:
        for name, extra in every.items():
            print(f"{name}: chute tree {' '.join(extra)}")
        return
    names = args.cases or (
        (list(CASES) + list(MORE) if args.all else list(CASES))
        + (list(WIDE) if args.wide else [])
        + (list(SCALE) if args.scale else [])
        + (list(SCALE_EXACT) if args.scale_exact else [])
    )
    for name in names:
        if name not in every:
            raise SystemExit(f"unknown case {name!r}; see --list")
        if name.startswith("termo2022") and not (TERMO_2022 / "answers.txt").is_file():
            print(f"== {name}: {TERMO_2022} not present, skipped")
            continue
        extra = every[name]
        if name in sizes:
            path = str(scale_words(sizes[name], folder))
            extra = [path if a.startswith("{") else a for a in extra]
        report(name, run_case(name, extra, args.jobs))
    if args.doddle:
        run_doddle()
    print(f"load: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
