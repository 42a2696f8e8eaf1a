"""``chute compare``: several strategies on the same list, one table."""

from __future__ import annotations

import argparse
import json
import sys

from .. import bench
from ..bench import Progress, compare_table
from ..errors import ChuteError
from ..files import excerpt
from ..strategies import get_strategy
from .cmd_bench import add_run_options, describe, make_solver, prepare
from .common import add_game_options
from .solving import add_solver_options

HELP = "benchmark several strategies on the same list, one table"
DESCRIPTION = (
    "Play the same answers with several strategies and print one table: mean, "
    "median, standard deviation, maximum, failures and time. A strategy may carry "
    "its own settings: NAME:opener=WORD:depth=2 (e.g. entropy:opener=crane)."
)
EPILOG = (
    "examples: chute compare --markdown | chute compare --strategies "
    "entropy,expected-size:opener=roate,minimax:opener=raise,entropy:depth=2 | "
    "chute compare --game termo --strict"
)


def add_arguments(p) -> None:
    """Add the ``compare`` options."""
    p.add_argument(
        "--strategies",
        default="entropy,expected-size,minimax,most-parts",
        metavar="LIST",
        help="comma-separated strategies, each NAME[:opener=WORD][:depth=N] "
        "(default: entropy,expected-size,minimax,most-parts)",
    )
    add_solver_options(p)
    add_game_options(p)
    add_run_options(p)
    out = p.add_argument_group("output")
    out.add_argument("--markdown", action="store_true", help="print the table in Markdown (for a README)")
    out.add_argument("--json", action="store_true", help="print every run's figures as JSON")
    p.set_defaults(strategy=None)


def parse_entries(text: str, default_opener: str | None, default_depth: int) -> list[tuple[str, str | None, int]]:
    """Return (strategy, opener, depth) for each entry of a --strategies list."""
    entries = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, *settings = item.split(":")
        given: dict[str, str] = {}
        for setting in settings:
            key, _, value = setting.partition("=")
            if key not in ("opener", "depth") or not value or (key == "depth" and value not in ("1", "2")):
                raise ChuteError(f"bad setting {excerpt(setting)} in {excerpt(item)}: use opener=WORD or depth=1|2")
            if key in given:
                raise ChuteError(f"{key} is given twice in {excerpt(item)}")
            given[key] = value
        entry = (name.strip(), given.get("opener", default_opener), int(given.get("depth", default_depth)))
        if entry in entries:
            raise ChuteError(f"{excerpt(item)} is listed twice in --strategies")
        entries.append(entry)
    if not entries:
        raise ChuteError("--strategies names no strategy")
    return entries


def label(name: str, depth: int, default_depth: int) -> str:
    """Return the table label of an entry (the depth shown when it is not the common one)."""
    return name if depth == default_depth == 1 else f"{name} (depth {depth})"


def run(args: argparse.Namespace) -> int:
    """Run every strategy on the same secrets and print the table (or JSON)."""

    if args.strategy is not None:
        raise ChuteError("compare takes --strategies LIST (comma-separated), not --strategy")
    entries = parse_entries(args.strategies, args.opener, args.depth)
    for name, _, _ in entries:
        get_strategy(name)  # unknown names fail before any game is played
    engine, secrets, spec = prepare(args)
    results, labels = [], []
    for name, opener, depth in entries:
        solver = make_solver(args, name, opener, depth)
        info = describe(args, spec, engine, secrets, solver, name, depth)
        progress = None if args.quiet else Progress(len(secrets), sys.stderr, label=f"{name:>14}")
        result = bench.run(
            solver,
            secrets,
            rows=spec.rows,
            cap=args.max_guesses,
            jobs=args.jobs,
            tree=not args.per_game,
            progress=progress,
            info=info,
        )
        result.info["opener"] = result.opener
        results.append(result)
        labels.append(label(name, depth, args.depth))
    if args.json:
        print(json.dumps([r.to_dict(games=False) for r in results], ensure_ascii=False, indent=2))
        return 0
    if not args.markdown:
        first = results[0].info
        what = f"{len(secrets):,} games" + (
            " (every answer)" if not first.get("sample") else f" (sample, seed {args.seed})"
        )
        print(
            f"{spec.name}: {what}, {first['accepted']:,} accepted guesses, "
            f"failures over {spec.rows} rows" + (f", {args.rule} mode" if args.rule else "")
        )
    print(compare_table(results, labels, markdown=args.markdown, show=engine.lexicon.show))
    return 0
