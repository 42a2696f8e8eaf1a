"""The pattern kernel against the hardware: cells (guess x secret codes) per CPU-second, 3 to 12 letters.

    python benchmarks/bench_kernel.py [--runs 5] [--threads 1]

Five letters: the bundled Wordle lists (12,972 x 2,315).  Other lengths: 8,000
guesses x 2,315 secrets of seeded random words (letters drawn with English
letter frequencies, so repeated letters are as common as in real long words
or more), since chute bundles no lists of those lengths.  Each figure is the
best of ``--runs`` calls, measured in CPU seconds of this process (all
threads), after a call that compiles; every matrix is first checked against
the numpy scorer (the same rule as ``feedback.score``).
"""

from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np

LETTERS = "etaoinshrdlcumwfgypbvkjxqz"
WEIGHTS = [12, 9, 8, 8, 7, 7, 6, 6, 6, 4, 4, 3, 3, 2, 2, 2, 2, 2, 2, 1.5, 1, 0.5, 0.2, 0.2, 0.1, 0.1]


def words_of(length: int, n: int, seed: int) -> list[str]:
    """Return ``n`` distinct seeded random words of ``length`` letters."""
    rng = random.Random(seed)
    out: set[str] = set()
    while len(out) < n:
        out.add("".join(rng.choices(LETTERS, WEIGHTS, k=length)))
    return sorted(out)


def main() -> None:
    """Print cells per CPU-second of the compiled kernel at each length."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--threads", type=int, default=0, help="numba threads (default: all cores)")
    args = ap.parse_args()
    import numba

    from chute.game.pattern_codes import code_dtype, letters_array, numpy_codes
    from chute.game.words import load_lexicon
    from chute.kernels.score import pattern_matrix

    if args.threads:
        numba.set_num_threads(args.threads)
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M')}  load {os.getloadavg()[0]:.2f}  cpus {os.cpu_count()}  "
        f"threads {numba.get_num_threads()}"
    )
    for length in range(3, 13):
        if length == 5:
            lex = load_lexicon("wordle")
            guesses, secrets, what = lex.guesses, lex.answers, "wordle lists"
        else:
            pool = words_of(length, 8000, length)
            guesses, secrets, what = pool, random.Random(length).sample(pool, min(2315, len(pool))), "seeded words"
        g, s = letters_array(guesses, length), letters_array(secrets, length)
        out = np.empty((len(guesses), len(secrets)), dtype=code_dtype(length))
        pattern_matrix(g, s, out)
        same = np.array_equal(out[:200], numpy_codes(g[:200], s))
        best = float("inf")
        for _ in range(args.runs):
            start = time.process_time()
            pattern_matrix(g, s, out)
            best = min(best, time.process_time() - start)
        print(
            f"{length:>2} letters  {len(guesses):>6,} x {len(secrets):>5,} ({what})  "
            f"{out.size / best / 1e6:7,.0f} M cells per CPU-second  {'codes checked' if same else 'CODES DIFFER'}",
            flush=True,
        )


if __name__ == "__main__":
    main()
