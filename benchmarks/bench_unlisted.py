"""Answers chute's lists lack: games played when the secret is a word chute does not know.

    python benchmarks/bench_unlisted.py                  # Wordle and Termo, 300 secrets each, letter 4-grams
    python benchmarks/bench_unlisted.py --orders 1 2 3 4 # the letter model's order compared

A game's lists drift: its answer may be a word chute has never seen.  To
measure that on chute's own lists, a seeded sample of words is taken out of
them (``load_lexicon(..., exclude=...)``: gone from the answers and the
accepted guesses, and from the letter model's training words); chute then
plays each of them with its default policy against a game that still accepts
every word of the bundled lists.  When no word it knows fits, chute guesses the
likeliest strings of letters (``chute.playing.unlisted``); one the game refuses is
dropped at no row.  Figures: rows used (mean, max, games over the 6 rows), how
many games reached that point, and the strings refused on the way.

Secret samples (seed 1, chute's own data; no Termo test list is read):
- ``wordle``: bundled Wordle answers;
- ``wordle-band``: Wordle's accepted words off its answer list with Zipf >= 3.0
  (``bench_prior.py``'s held-out band: the words an editor could pick next);
- ``termo``: bundled Termo answers.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path


def sample(game: str, kind: str, n: int, seed: int) -> list[str]:
    """Return ``n`` secrets of a kind, seeded, in sorted order."""
    from chute.game.words import load_lexicon

    lexicon = load_lexicon(game)
    if kind == "band":
        pool = sorted(
            w
            for w in lexicon.guesses
            if w not in lexicon.answer_set and w not in lexicon.later and lexicon.frequencies.get(w, 0.0) >= 3.0
        )  # the 2022 list's band, as before
    else:
        pool = sorted(lexicon.answer_list)
    return sorted(random.Random(seed).sample(pool, min(n, len(pool))))


def run(game: str, secrets: list[str], order: int, typed: float) -> dict:
    """Return the figures of playing each secret with chute's lists less the secrets."""
    import chute.playing.solver
    import chute.playing.unlisted as unlisted
    from chute.game.engine import Engine
    from chute.game.words import load_lexicon
    from chute.playing.session import play
    from chute.playing.solver import DEFAULT_PRIOR, DEFAULT_STRATEGY, Solver

    unlisted.ORDER = order
    chute.playing.solver.TYPED = typed
    unlisted.model_for.cache_clear()
    accepted = load_lexicon(game).guess_set  # the game: every word of the bundled lists
    with tempfile.TemporaryDirectory() as folder:
        exclude = Path(folder) / "held-out.txt"
        exclude.write_text("".join(w + "\n" for w in secrets), encoding="utf-8")
        lexicon = load_lexicon(game, exclude=exclude)
    assert not set(secrets) & set(lexicon.guess_set)
    solver = Solver(Engine.build(lexicon), DEFAULT_STRATEGY, prior=DEFAULT_PRIOR)
    start = time.perf_counter()
    games = [play(solver, s, 6, 30, accepts=accepted.__contains__) for s in secrets]
    wall = time.perf_counter() - start
    used = [len(g.guesses) for g in games]
    reached = [g for g in games if any("if the colours are right" in n for n in g.notes)]
    refused = [len(g.refused) for g in games]
    return {
        "games": len(games),
        "mean": sum(used) / len(used),
        "max": max(used),
        "lost": sum(u > 6 for u in used),
        "reached": len(reached),
        "refused": sum(refused),
        "refused_max": max(refused),
        "wall": wall,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="secrets per sample (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--orders", type=int, nargs="+", default=[4], help="letter model orders to compare")
    parser.add_argument(
        "--typed",
        type=float,
        nargs="+",
        default=[10.0],
        help="refusals expected before a row goes to a word that splits the strings (solver.TYPED)",
    )
    parser.add_argument(
        "--samples", nargs="+", default=["wordle", "wordle-band", "termo"], choices=["wordle", "wordle-band", "termo"]
    )
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    print(f"# load {load:.2f}, {os.cpu_count()} cpus; {args.games} secrets a sample, seed {args.seed}")
    print(
        f"{'sample':<12} {'order':>5} {'typed':>6} {'games':>6} {'mean':>7} {'max':>4} {'lost':>5} {'unlisted':>9} "
        f"{'refused':>8} {'max':>4} {'wall':>7}"
    )
    for name in args.samples:
        game, kind = ("wordle", "band") if name == "wordle-band" else (name, "answers")
        secrets = sample(game, kind, args.games, args.seed)
        for order, typed in [(o, t) for o in args.orders for t in args.typed]:
            f = run(game, secrets, order, typed)
            print(
                f"{name:<12} {order:>5} {typed:>6g} {f['games']:>6} {f['mean']:>7.4f} {f['max']:>4} {f['lost']:>5} "
                f"{f['reached']:>9} {f['refused']:>8} {f['refused_max']:>4} {f['wall']:>6.1f}s",
                flush=True,
            )
    print(f"# load at end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    sys.exit(main())
