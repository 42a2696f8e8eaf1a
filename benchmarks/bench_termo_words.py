#!/usr/bin/env python3
"""Does chute suggest only words the real Termo game accepts?  Measured on the real 2022 lists.

    python benchmarks/bench_termo_words.py [--states 500] [--seed 0] [--shared ../shared]

The real lists (``../shared/data/termo-2022``) are the test, never a source:
chute's bundled Termo lexicon is built from hunspell and wordfreq alone (NOTICE).
Prints:
- the bundled accepted words the game refuses, and those chute may suggest;
- the bundled answers the game refuses (each listed);
- how many of the game's accepted words chute reads as known words;
- over N random states (a bundled answer as the secret, one to three guesses a
  player could type: words chute may suggest, drawn at random, kept when at least
  three candidates remain), the share of chute's top-10 suggestions the game accepts.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from chute import Engine, Solver, load_lexicon
from chute.game.feedback import score
from chute.game.words import fold

HERE = Path(__file__).resolve().parent


def real_lists(shared: Path) -> tuple[set[str], set[str]]:
    """Return the real game's (accepted words, answers), folded."""
    folder = shared / "data" / "termo-2022"
    answers = {fold(w) for w in (folder / "answers.txt").read_text(encoding="utf-8").split()}
    guesses = {fold(w) for w in (folder / "guesses.txt").read_text(encoding="utf-8").split()}
    return guesses | answers, answers


def random_states(solver: Solver, n: int, seed: int):
    """Yield n (secret, clues) pairs: a bundled answer and one to three suggestible guesses, >= 3 left."""
    rng = random.Random(seed)
    lex = solver.lexicon
    pool = [w for w in lex.guesses if lex.is_suggested(w)]
    made = 0
    while made < n:
        secret = rng.choice(lex.answers)
        clues = [f"{g}:{score(g, secret)}" for g in rng.sample(pool, rng.randint(1, 3))]
        state = solver.state_for(clues)
        if state.n >= 3:
            made += 1
            yield secret, state


def main(argv: list[str] | None = None) -> int:
    """Print the figures; return 0 (2 when the real lists are absent)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--states", type=int, default=500)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--shared", type=Path, default=HERE.parent.parent / "shared")
    args = ap.parse_args(argv)
    if not (args.shared / "data" / "termo-2022" / "answers.txt").is_file():
        print(f"bench_termo_words: the real Termo lists are not under {args.shared}/data/termo-2022", file=sys.stderr)
        return 2
    accepted, answers = real_lists(args.shared)
    lex = load_lexicon("termo")
    suggestible = [w for w in lex.guesses if lex.is_suggested(w)]
    print(
        f"bundled Termo lexicon: {len(lex.guesses):,} accepted words, {len(suggestible):,} suggested, "
        f"{len(lex.answers):,} answers; real game: {len(accepted):,} accepted, {len(answers):,} answers"
    )
    refused = [w for w in lex.guesses if w not in accepted]
    print(
        f"bundled words the game refuses: {len(refused):,} of {len(lex.guesses):,} "
        f"({len(refused) / len(lex.guesses):.1%}); among the suggested: "
        f"{sum(w not in accepted for w in suggestible):,} of {len(suggestible):,} "
        f"({sum(w not in accepted for w in suggestible) / len(suggestible):.1%})"
    )
    bad = [w for w in lex.answers if w not in accepted]
    print(
        f"bundled answers the game refuses: {len(bad)} of {len(lex.answers):,}: " + " ".join(lex.show(w) for w in bad)
    )
    known = accepted & lex.guess_set
    print(
        f"the game's accepted words chute knows: {len(known):,} of {len(accepted):,} "
        f"({len(known) / len(accepted):.1%}); its answers: {len(answers & lex.guess_set):,} of {len(answers):,}"
    )

    solver = Solver(Engine.build(lex))
    t0 = time.perf_counter()
    shown = ok = 0
    worst: dict[str, int] = {}
    for _secret, state in random_states(solver, args.states, args.seed):
        for r in solver.strategy.rank(state, solver.options, 10):
            shown += 1
            if r.guess in accepted:
                ok += 1
            else:
                worst[r.guess] = worst.get(r.guess, 0) + 1
    elapsed = time.perf_counter() - t0
    print(
        f"top-10 suggestions over {args.states} random states (seed {args.seed}, default strategy "
        f"{solver.strategy.name}): {ok:,} of {shown:,} accepted ({ok / shown:.2%}); {elapsed:.1f} s"
    )
    common = sorted(worst.items(), key=lambda kv: (-kv[1], kv[0]))[:15]
    print("most suggested refused words: " + ", ".join(f"{lex.show(w)} {n}" for w, n in common))
    return 0


if __name__ == "__main__":
    sys.exit(main())
