"""Peak memory of whole chute processes at long words and large lists, first run and warm, against the target.

    python benchmarks/bench_memory.py              # every case below
    python benchmarks/bench_memory.py --only 9     # the cases whose name starts with "9"

Each case writes its lists to a temporary folder (seeded words, as
``bench_kernel.py`` draws them for lengths chute bundles no lists of; at five
letters a seeded sample of the bundled Wordle and Termo words, as
``bench_tree.py --scale`` draws them), then runs each command in a fresh
process with its own empty cache folder and numba cache: the first run, the
same command again (warm: the matrix read from the cache), a suggestion
after one clue, the review of a two-row game (the first guess, then the
answer), the same in hard mode (its own kernels compiled) and a bench of 10 answers; at five letters also the tree
search of
the first opener, twice (its kernels compiled, then read).  Then each multi-board game (``GAMES``), in its
own empty caches: its opening, the suggestion after its first row, its review and a bench of 100 games, against
its boards' matrix (the default prior's words x the accepted guesses).  The figure is the process's peak
resident memory (``wait4``'s ``ru_maxrss``: the largest of the process and the
children it waited for), set beside the matrix's size and the target, 1.2 x
the matrix + 250 MB.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_kernel import words_of
from bench_tree import scale_words

from chute.game.pattern_codes import code_dtype

MB = 1 << 20
# name -> (letters, answers, guesses): the sizes the target names (9 and 10 letters) and 10,000 x 10,000, then
# every other length from 3 to 12 at a dictionary's size (chosen, not measured from any list)
CASES = {
    "9 letters, 5,056 x 29,150": (9, 5_056, 29_150),
    "10 letters, 3,100 x 29,150": (10, 3_100, 29_150),
    "12 letters, 2,000 x 20,000": (12, 2_000, 20_000),
    "5 letters, 10,000 x 10,000": (5, 10_000, 10_000),
    "3 letters, 1,000 x 4,000": (3, 1_000, 4_000),
    "4 letters, 2,500 x 8,000": (4, 2_500, 8_000),
    "6 letters, 4,000 x 15,000": (6, 4_000, 15_000),
    "7 letters, 5,000 x 25,000": (7, 5_000, 25_000),
    "8 letters, 5,000 x 29,150": (8, 5_000, 29_150),
    "11 letters, 2,500 x 25,000": (11, 2_500, 25_000),
}


# multi-board games: name -> (game, the guesses of a game played, its answers): its opening, the suggestion
# after its first row, its review and a bench of 100 seeded games, each against the boards' matrix (the prior's
# words the boards play x the accepted guesses)
GAMES = {
    "Dordle": ("dordle", ("salet", "corny", "cigar", "rebut"), ("cigar", "rebut")),
    "Quordle": (
        "quordle",
        ("salet", "corny", "cigar", "rebut", "sissy", "humph"),
        ("cigar", "rebut", "sissy", "humph"),
    ),
    "Octordle": (
        "octordle",
        ("salet", "corny", "cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"),
        ("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"),
    ),
    "Dueto": ("dueto", ("serao", "limpo", "termo", "nobre"), ("termo", "nobre")),
    "Quarteto": (
        "quarteto",
        ("serao", "limpo", "termo", "nobre", "fungo", "mundo"),
        ("termo", "nobre", "fungo", "mundo"),
    ),
}


def boards_matrix_mib(game: str) -> float:
    """Return the MiB of a multi-board game's matrix: its default prior's words the boards play x the accepted
    guesses (read from the bundled lists, nothing built)."""
    from chute.game.games import game_spec
    from chute.game.prior import make_prior
    from chute.game.words import load_lexicon
    from chute.playing.multiboard import board_prior
    from chute.playing.solver import DEFAULT_PRIOR

    lexicon = load_lexicon(game_spec(game, None, None).lexicon, None, None, None, None, cache=False)
    prior = make_prior(lexicon, DEFAULT_PRIOR)
    answers = len(board_prior(prior, lexicon).words) if prior.widens else len(lexicon.answers)
    return answers * len(lexicon.guesses) * code_dtype(lexicon.length).itemsize / MB


def game_runs(game: str, guesses: tuple[str, ...], answers: tuple[str, ...]) -> list[tuple[str, list[str]]]:
    """Return the commands measured for a multi-board game (label, chute's arguments)."""
    from chute.game.feedback import score

    first_row = "/".join(score(guesses[0], answer) for answer in answers)
    return [
        ("first suggest", ["suggest", "--game", game]),
        ("suggest CLUE", ["suggest", "--game", game, f"{guesses[0]}:{first_row}"]),
        ("review", ["review", "--game", game, *guesses, "--answer", ",".join(answers)]),
        ("bench --games 100", ["bench", "--game", game, "--games", "100", "--seed", "1", "--quiet"]),
    ]


def lists_for(letters: int, answers: int, guesses: int, folder: Path) -> tuple[Path, Path]:
    """Return (answers file, guesses file) for a case, written in ``folder``."""
    if letters == 5:
        words = scale_words(guesses, folder)
        return words, words
    pool = words_of(letters, guesses, letters)
    g = folder / f"guesses-{letters}.txt"
    a = folder / f"answers-{letters}.txt"
    g.write_text("\n".join(pool) + "\n", encoding="utf-8")
    a.write_text("\n".join(sorted(random.Random(letters).sample(pool, answers))) + "\n", encoding="utf-8")
    return a, g


def peak(argv: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Return (peak resident MiB, CPU seconds, exit status) of one chute process."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "chute", *argv], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace").strip()
    proc.stderr.close()
    if proc.returncode:
        print(f"    {' '.join(argv)}: status {proc.returncode}: {err.splitlines()[-1] if err else ''}")
    return usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, proc.returncode


def sample_answer(answers: Path) -> str:
    """Return the seeded answer the clue and the reviewed game are played against."""
    return random.Random(1).choice(answers.read_text(encoding="utf-8").split())


def clue_for(answers: Path, guesses: Path) -> str:
    """Return a clue of the first guess against a seeded answer, in GUESS:COLOURS notation."""
    from chute.game.feedback import score

    guess = guesses.read_text(encoding="utf-8").split()[0]
    answer = sample_answer(answers)
    return f"{guess}:{score(guess, answer)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="run the cases whose name starts with this")
    args = parser.parse_args()
    print(f"# {time.strftime('%Y-%m-%d %H:%M')}  load {os.getloadavg()[0]:.2f}  cpus {os.cpu_count()}")
    print(f"{'case':30} {'run':18} {'matrix':>9} {'peak':>9} {'target':>9} {'CPU':>8}  within")
    for name, (letters, n_answers, n_guesses) in CASES.items():
        if not name.startswith(args.only):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            answers, guesses = lists_for(letters, n_answers, n_guesses, folder)
            n_a = len(answers.read_text(encoding="utf-8").split())
            n_g = len(guesses.read_text(encoding="utf-8").split())
            matrix = n_a * n_g * code_dtype(letters).itemsize / MB
            env = dict(os.environ, CHUTE_CACHE_DIR=str(folder / "cache"), NUMBA_CACHE_DIR=str(folder / "numba"))
            lists = ["--answers", str(answers), "--guesses", str(guesses)]
            runs = [
                ("first suggest", ["suggest", *lists]),
                ("warm suggest", ["suggest", *lists]),
                ("suggest CLUE", ["suggest", *lists, clue_for(answers, guesses)]),
            ]
            first, answer = clue_for(answers, guesses).split(":")[0], sample_answer(answers)
            runs += [
                ("review", ["review", *lists, first, answer, "--answer", answer]),
                ("review --hard", ["review", *lists, first, answer, "--answer", answer, "--hard"]),
                ("bench --sample 10", ["bench", *lists, "--sample", "10", "--seed", "1", "--quiet"]),
            ]
            if letters == 5:
                runs += [
                    ("tree --openers 1", ["tree", *lists, "--openers", "1"]),
                    ("tree again", ["tree", *lists, "--openers", "1"]),
                ]
            for label, argv in runs:
                report(name, label, argv, env, matrix)
    for name, (game, guesses, answers) in GAMES.items():
        if not name.startswith(args.only):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, CHUTE_CACHE_DIR=str(Path(tmp) / "cache"), NUMBA_CACHE_DIR=str(Path(tmp) / "numba"))
            matrix = boards_matrix_mib(game)
            for label, argv in game_runs(game, guesses, answers):
                report(name, label, argv, env, matrix)


def report(name: str, label: str, argv: list[str], env: dict[str, str], matrix: float) -> None:
    """Run one command and print its line: its peak beside the matrix and the target."""
    target = 1.2 * matrix + 250
    mib, cpu, status = peak(argv, env)
    ok = "yes" if mib <= target and not status else "NO"
    print(f"{name:30} {label:18} {matrix:>6.0f} MiB {mib:>5.0f} MiB {target:>5.0f} MiB {cpu:>7.1f}s  {ok}", flush=True)


if __name__ == "__main__":
    main()
