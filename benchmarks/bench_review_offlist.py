"""``chute review`` of games whose answer is off chute's answer list (graded under the frequency prior).

Usage: python benchmarks/bench_review_offlist.py [OLD] [--games 30] [--runs 2] [--seed 46] [--game termo]

The answers: for Termo, the real 2022 answers that are not bundled answers
(``../shared/data/termo-2022/answers.txt``, or ``$CHUTE_SHARED_DIR``: the
test list, read, never copied; skipped, saying so, when absent); for Wordle,
accepted words off the answer list among the 400 most frequent that are not
plurals in S. Each game is played by chute (``chute play``): every other one
with the default opener, the others with an opener drawn from a few popular
ones (seeded), so that a review finds the opener's table kept or not. Every
review is a second one (the opener's table filled by a first, untimed), as a
player reviewing a game opened with a word chute has graded before. With OLD
(a commit), that commit runs from a temporary git worktree too, alternating
with the working tree, and outputs are compared. It prints the median wall
seconds per game and side, then per side the median, mean and largest, how
many took under 0.5 s, and in how many a review loaded numba (the compiler).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_review import REPO, fresh_cache, run, sides, user_cache

TERMO_2022 = Path(os.environ.get("CHUTE_SHARED_DIR") or REPO.parent / "shared") / "data" / "termo-2022"
OPENERS = {
    "termo": ["serao", "audio", "termo", "saiba", "areio", "toras", "media", "pneus"],
    "wordle": ["crane", "adieu", "slate", "raise", "stare", "audio", "roate", "trace"],
}
NUMBA = (
    "import sys, runpy; sys.argv = ['chute'] + sys.argv[1:]\n"
    "try:\n    runpy.run_module('chute', run_name='__main__')\nexcept SystemExit:\n    pass\n"
    "print('numba' in sys.modules, file=sys.stderr)"
)


def answers(game: str, count: int, rng: random.Random) -> list[str] | None:
    """Return ``count`` answers off chute's answer list (None: the real Termo list is not here)."""
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    if game == "termo":
        path = TERMO_2022 / "answers.txt"
        if not path.is_file():
            return None
        code = (
            "import sys; from chute.game.words import load_lexicon, fold; lx = load_lexicon('termo'); "
            "words = [fold(l.strip()) for l in open(sys.argv[1], encoding='utf-8') if l.strip()]; "
            "print(' '.join(w for w in words if w not in lx.answer_set))"
        )
        out = subprocess.run(
            [sys.executable, "-c", code, str(path)], capture_output=True, text=True, env=env, check=True
        ).stdout.split()
    else:
        code = (
            "from chute.game.words import load_lexicon; lx = load_lexicon('wordle'); "
            "words = [w for w in lx.guesses if w not in lx.answer_set and not w.endswith('s')]; "
            "print(' '.join(sorted(words, key=lambda w: (-lx.frequencies.get(w, 0), w))[:400]))"
        )
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
        ).stdout.split()
    return rng.sample(out, min(count, len(out)))


def games(game: str, words: list[str], rng: random.Random) -> list[list[str]]:
    """Return the review arguments of chute's game against each word (every other one a popular opener)."""
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    out = []
    for i, word in enumerate(words):
        opener = [] if i % 2 == 0 else ["--opener", rng.choice(OPENERS[game])]
        text = subprocess.run(
            [sys.executable, "-m", "chute", "play", "--game", game, word, *opener],
            capture_output=True,
            text=True,
            env=env,
        ).stdout
        rows = [
            line.split()[0].lower()
            for line in text.splitlines()
            if line.split() and line.split()[0].isalpha() and line.split()[0].isupper()
        ]
        out.append(["review", "--game", game, "--answer", word, *rows])
    return out


def loads_numba(src: Path, argv: list[str], source: Path) -> bool:
    """Return whether a second review loads numba (a first one, untimed, filled the opener's table)."""
    with tempfile.TemporaryDirectory(prefix="chute-review-") as tmp:
        fresh_cache(Path(tmp), source)
        env = {**os.environ, "PYTHONPATH": str(src), "CHUTE_CACHE_DIR": tmp, "CHUTE_STATE_DIR": tmp}
        subprocess.run([sys.executable, "-m", "chute", *argv], capture_output=True, env=env, timeout=600)
        proc = subprocess.run(
            [sys.executable, "-c", NUMBA, *argv], capture_output=True, text=True, env=env, timeout=600
        )
    return proc.stderr.strip().splitlines()[-1:] == ["True"]


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        usage="%(prog)s [OLD] [--game termo|wordle] [--games N] [--runs N] [--seed N]",
    )
    ap.add_argument("old", nargs="?", help="a commit to measure beside the working tree")
    ap.add_argument("--game", choices=["termo", "wordle"], default="termo")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=46)
    args = ap.parse_args()
    if args.runs < 1 or args.games < 1:
        ap.error("--runs and --games must be at least 1")
    rng = random.Random(args.seed)
    words = answers(args.game, args.games, rng)
    if words is None:
        print(f"skipped: no real Termo lists at {TERMO_2022} (set CHUTE_SHARED_DIR)")
        return 0
    source = user_cache()
    with sides(args.old) as found:
        print(
            f"# load {os.getloadavg()[0]:.2f}, {os.cpu_count()} cpus, cache {source}, {len(words)} "
            f"{args.game} games, seed {args.seed}"
        )
        cases = games(args.game, words, rng)
        medians: dict[str, list[float]] = {name: [] for name in found}
        numba: dict[str, int] = {name: 0 for name in found}
        for argv in cases:
            walls: dict[str, list[float]] = {name: [] for name in found}
            outs: dict[str, str] = {}
            for _ in range(args.runs):
                for name, src in found.items():
                    wall, out = run(src, argv, source, again=True)
                    walls[name].append(wall)
                    outs[name] = out
            for name, src in found.items():
                medians[name].append(statistics.median(walls[name]))
                numba[name] += loads_numba(src, argv, source)
            figures = "  ".join(f"{name} {statistics.median(w):6.2f} s" for name, w in walls.items())
            print(f"{figures}  {' '.join(argv[3:])}", flush=True)
            if len(outs) == 2 and len(set(outs.values())) == 2:
                print("    the outputs differ")
    for name, m in medians.items():
        print(
            f"{name:>9}: median {statistics.median(m):.2f} s, mean {statistics.mean(m):.2f} s, largest "
            f"{max(m):.2f} s, {sum(x < 0.5 for x in m)} of {len(m)} under 0.5 s, numba loaded in {numba[name]}"
        )
    print(f"# load at end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
