"""Multi-board games on the command line (Dueto, Quarteto, Dordle, Quordle, Octordle).

``play``, ``assist`` and ``bench`` hand a game with more than one board to the
functions here; the game logic lives in ``chute.multiboard`` (the joint choice)
and ``chute.session`` (the session: boards, rows, undo).
"""

from __future__ import annotations

import argparse
import json
import sys

from ..render import plural
from .common import bounded_int

# ----- options -> library objects ------------------------------------------------------------------
def policy_from_args(args: argparse.Namespace):
    """Return the multi-board policy the options ask for (strategy, opener, candidates only)."""
    from ..errors import ChuteError
    from ..multiboard import DEFAULT
    from dataclasses import replace
    strategy = getattr(args, "strategy", "entropy") or "entropy"
    if strategy == "entropy":
        policy = DEFAULT
    elif strategy == "expected-size":
        policy = replace(DEFAULT, score="expected")
    else:
        raise ChuteError(f"multi-board games choose one guess for all boards with entropy or "
                         f"expected-size, not {strategy}")
    if getattr(args, "tree", None):
        raise ChuteError("a decision tree plays one board; multi-board games choose with their own policy")
    if getattr(args, "depth", 1) and getattr(args, "depth", 1) > 1:
        raise ChuteError("--depth 2 is for one board; multi-board games search their endgame exactly")
    if getattr(args, "opener", None) is not None:
        from ..words import fold
        if not fold(args.opener):
            raise ChuteError("--opener needs a word")
        policy = replace(policy, opener=args.opener)
    if getattr(args, "candidates_only", False):
        policy = replace(policy, candidates_only=True)
    return policy


def refuse_hard_mode(args: argparse.Namespace, spec) -> None:
    """Refuse hard mode for several boards: each board's clues differ, so hardly any word fits them all."""
    from ..errors import ChuteError
    if getattr(args, "rule", None):
        raise ChuteError(f"hard mode is for one board; {spec.name} has {spec.boards} (no guess could "
                         "keep to every board's clues)")


# ----- bench ------------------------------------------------------------------------------------------
def add_bench_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--games N`` (multi-board games to play) to the bench parser."""
    parser.add_argument("--games", type=bounded_int(1, 10**7), metavar="N",
                        help="multi-board games: how many random secret tuples to play (default: 1000)")


def run_bench(args: argparse.Namespace) -> int:
    """Play N seeded random multi-board games; print success rate, rows, distribution, worst tuples."""
    from ..errors import ChuteError
    from ..files import write_atomic
    from ..bench import Progress
    from ..multiboard import run_many
    from .cmd_bench import check_bench_outputs
    from .common import engine_from_args, lexicon_from_args, spec_from_args
    spec = spec_from_args(args)
    policy = policy_from_args(args)
    if getattr(args, "rule", None):
        raise ChuteError("bench plays multi-board games without hard mode")
    if getattr(args, "per_game", False):
        raise ChuteError("--per-game is for one board; multi-board games are always played one by one")
    check_bench_outputs(args)
    games = next((g for g in (getattr(args, "games", None), getattr(args, "sample", None)) if g is not None), 1000)
    lexicon = lexicon_from_args(args)
    if spec.boards > len(lexicon.answers):
        raise ChuteError(f"{spec.boards} boards need {spec.boards} different answers; "
                         f"the list has {len(lexicon.answers)}")
    engine = engine_from_args(args, lexicon)
    quiet = getattr(args, "quiet", False) or getattr(args, "json", False)
    progress = None if quiet else Progress(games, sys.stderr)
    summary = run_many(spec, games, args.seed, policy=policy, engine=engine, jobs=args.jobs, progress=progress,
                       worst=args.hardest)
    show = lexicon.show
    if args.csv:
        write_atomic(args.csv, summary.to_csv(show), "games CSV")
    if args.plot:
        from ..plot import save_histogram
        save_histogram(summary, args.plot, show)
    if getattr(args, "json", False):
        data = summary.to_dict()
        data["lexicon"] = lexicon.name
        for g in data["worst"]:
            g["secrets"] = [show(w) for w in g["secrets"]]
            g["guesses"] = [show(w) for w in g["guesses"]]
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    for line in bench_report(summary, lexicon):
        print(line)
    for path, what in ((args.csv, "games"), (args.plot, "histogram")):
        if path:
            print(f"  {what} written to {path}")
    return 0


def bench_report(summary, lexicon) -> list[str]:
    """Return the multi-board benchmark as lines for people."""
    from ..bench import bar
    s = summary
    lines = [f"{s.game}: {plural(s.games, 'game')} of {s.boards} boards, {plural(s.rows, 'row')}, seed {s.seed} "
             f"({lexicon.name}, {len(lexicon.answers):,} answers; policy {s.policy})",
             f"  solved within {plural(s.rows, 'row')}: {s.wins:,}/{s.games:,} ({100 * s.success_rate:.2f}%)",
             f"  rows used: mean {s.mean_rows:.3f}, max {s.max_rows}",
             "  distribution (rows needed, played out past the limit):"]
    top = max(s.distribution.values()) if s.distribution else 1
    for rows, count in sorted(s.distribution.items()):
        mark = "  over the limit" if rows > s.rows else ""
        lines.append(f"  {rows:>4} {count:>6}  {bar(count, top, 40)}{mark}")
    if s.worst:
        lines.append("  worst tuples:")
        for g in s.worst:
            state = "solved" if g.won else "FAILED"
            lines.append(f"    {' '.join(lexicon.show(w).upper() for w in g.secrets)}  {plural(g.rows_used, 'row')}, "
                         f"{state}: {' '.join(lexicon.show(w).upper() for w in g.guesses)}")
    lines.append(f"  time: {s.seconds:.2f} s ({s.games / max(s.seconds, 1e-9):,.0f} games/s)")
    return lines
