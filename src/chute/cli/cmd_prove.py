"""``chute prove``: the best opener over every accepted guess, proven (exact searches closed by bounds)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ..files import check_outputs, write_or_keep
from ..game.games import game_spec
from ..game.render import plural
from ..search.absurdle import AbsurdleSearch
from ..search.absurdle_proof import cornered_proof
from ..search.prove import Proof, prove, scheduler_endpoint
from ..search.tree_search import INF, TreeSearch
from .building import engine_from_args
from .common import add_game_options, add_jobs_option, bounded_int, lexicon_from_args
from .solving import rule_from_args, single_board

SHOW_WINNING = 12  # winning openers named in the text (--csv and --json give them all)
HELP = "prove the best opener over every accepted guess (resumable; local processes or a Dask cluster)"
DESCRIPTION = (
    "Search every accepted guess as the opener for the fewest total guesses over every answer: cheap "
    "bounds first for all, then exact searches in order of promise, each cut off once it cannot "
    "reach the best TOP; the rest are settled by their bounds. Prints the proven optimum and the "
    "TOP best openers with exact totals; --csv/--json give every opener (exact, or '>= bound'). "
    "--journal FILE records each settled opener as it finishes, so a run that is stopped (even "
    "killed) continues where it was; --cluster sends the searches to a Dask cluster. With --game "
    "absurdle (or absurdo, Termo's lists): the fewest guesses that always corner the adversary, the "
    "openers that achieve them and a winning line."
)
EPILOG = (
    "examples: chute prove --answers a.txt --guesses g.txt --top 5 | chute prove --journal wordle.journal "
    "--jobs 2 | chute prove --game termo --strict --journal termo.journal | "
    "chute prove --cluster tcp://10.0.0.5:8786 --journal wordle.journal | chute prove --game absurdle --jobs 2"
)


def scheduler_address(text: str) -> str:
    """Return a Dask scheduler address ([tcp|tls|ws|wss://]HOST:PORT) as given; ArgumentTypeError if not one."""
    try:
        scheduler_endpoint(text)
    except ValueError as err:  # the library's own sentence: one home for the rule and its words
        raise argparse.ArgumentTypeError(str(err)) from None
    return text.strip()


def add_arguments(p) -> None:
    """Add the ``prove`` options."""
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--hard",
        dest="rule",
        action="store_const",
        const="hard",
        help="hard mode (the game's own rule: Termo's is strict)",
    )
    mode.add_argument("--strict", dest="rule", action="store_const", const="strict", help="Termo's strict mode")
    p.add_argument(
        "--top",
        type=bounded_int(1, 10_000),
        default=15,
        metavar="N",
        help="how many best openers get exact totals (default: 15)",
    )
    p.add_argument("--journal", metavar="FILE", help="record settled openers here and resume from them")
    add_jobs_option(p, "search in N local processes (default: 1)")
    p.add_argument(
        "--cluster",
        metavar="ADDRESS",
        type=scheduler_address,
        help="a Dask scheduler (tcp://HOST:8786) whose workers run the searches (chute[cluster])",
    )
    p.add_argument("--csv", metavar="FILE", help="write every opener: opener, total, exact (0: a lower bound)")
    p.add_argument("--json", action="store_true", help="print the proof as JSON")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress line")
    add_game_options(p, multi=False)
    p.add_argument("--rows", type=bounded_int(1, 20), metavar="R", help="row limit (default: the game's)")


def run(args: argparse.Namespace) -> int:
    """Run the proof and print the optimum, the best openers, and where every opener ended."""

    single_board(args)
    check_outputs(
        {"--csv": args.csv, "--journal": args.journal},
        {
            "--answers": args.answers,
            "--guesses": args.guesses,
            "--exclude": args.exclude,
            "--not-answers": args.not_answers,
        },
    )
    spec = game_spec(args.game)
    rows = args.rows or spec.rows
    lexicon = lexicon_from_args(args)
    engine = engine_from_args(args)
    searcher: TreeSearch | AbsurdleSearch = (
        AbsurdleSearch(engine, rule=rule_from_args(args))
        if spec.adversary
        else TreeSearch(engine, rows=rows, rule=rule_from_args(args), exact=True)
    )
    show = lexicon.show
    started = time.perf_counter()
    tty = sys.stderr.isatty() and not args.quiet

    def progress(settled, done: int, total: int) -> None:
        if tty:
            rate = done / max(time.perf_counter() - started, 1e-9)
            left = (total - done) / rate if rate else 0
            sys.stderr.write(f"\r\x1b[2Kproving: {done:,}/{total:,} openers settled, about {left:,.0f} s left")
            sys.stderr.flush()

    def notify(message: str) -> None:
        if tty:
            sys.stderr.write("\r\x1b[2K")
        print(f"chute: note: {message}", file=sys.stderr, flush=True)

    lists = {
        "game": spec.lexicon,
        "answers": args.answers,
        "guesses": args.guesses,
        "exclude": args.exclude,
        "not_answers": args.not_answers,
        "length": args.length,
    }
    result = prove(
        searcher,
        top=1 if spec.adversary else args.top,
        journal=Path(args.journal) if args.journal else None,
        jobs=args.jobs,
        cluster=args.cluster,
        lists=lists,
        progress=progress,
        notify=notify,
    )
    if tty:
        sys.stderr.write("\r\x1b[2K")
    if result.header_rebuilt:
        print(
            f"chute: note: the header of the journal {args.journal} was damaged; its entries verify against this "
            "run's lists and options, so it was rewritten and they were kept",
            file=sys.stderr,
        )
    if result.damaged:
        print(
            f"chute: note: {plural(result.damaged, 'line')} of the journal {args.journal} could not be trusted "
            "(damaged, or wrong for these lists): their openers were searched again",
            file=sys.stderr,
        )
    if isinstance(searcher, AbsurdleSearch):
        return said_absurdle(args, searcher, result)
    table = result.table()
    if args.csv:
        lines = ["opener,total,exact"] + [
            f"{show(s.opener)},{'' if s.total >= INF else s.total},{int(s.exact)}" for s in table
        ]
        write_or_keep(args.csv, "\n".join(lines) + "\n", "openers CSV")
    if args.json:
        data = result.to_dict()
        for key in ("top", "settled"):
            for entry in data[key]:
                entry["opener"] = show(entry["opener"])
        if data["best"]:
            data["best"]["opener"] = show(data["best"]["opener"])
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    best = result.best
    n = result.answers
    head = (
        f"{lexicon.name}: {plural(len(table), 'opener')} over {n:,} answers, {plural(rows, 'row')}"
        f"{', ' + searcher.rule + ' mode' if searcher.rule else ''}"
    )
    print(head)
    if best is None:
        print("  no opener finishes every answer within the rows")
        return 1
    print(
        f"  optimum: {show(best.opener).upper()} {best.total:,} ({best.total / n:.4f} a game), "
        + ("proven over every opener" if result.proven else "NOT proven")
    )
    print(f"  the {plural(min(args.top, len(result.ranking)), 'best opener')} (exact totals):")
    for i, s in enumerate(result.ranking[: args.top], 1):
        print(f"  {i:>4}  {show(s.opener).upper():<8} {s.total:>8,}  {s.total / n:.4f}")
    bounded = sum(1 for s in table if not s.exact)
    print(
        f"  the other {bounded:,} openers: each at least {result.cutoff:,} (closed by bounds)"
        if bounded and result.cutoff < INF
        else ""
    )
    print(f"  time {result.seconds:.1f} s" + (f"; journal {args.journal}" if args.journal else ""))
    if args.csv:
        print(f"  every opener written to {args.csv}")
    return 0


def said_absurdle(args: argparse.Namespace, searcher: AbsurdleSearch, result: Proof) -> int:
    """Print the fewest guesses that always corner the adversary, the openers that achieve them and chute's line."""
    lexicon = searcher.lexicon
    show = lexicon.show
    table = result.table()
    if args.csv:
        lines = ["opener,guesses,exact"] + [
            f"{show(s.opener)},{'' if s.total >= INF else s.total},{int(s.exact)}" for s in table
        ]
        write_or_keep(args.csv, "\n".join(lines) + "\n", "openers CSV")
    summary = cornered_proof(searcher, result)
    if args.json:
        data = summary.to_dict()
        data["winning"] = [show(w) for w in data["winning"]]
        data["line"] = [show(w) for w in data["line"]]
        data["answers"] = len(lexicon.answers)
        data["journal_damaged"] = result.damaged
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    mode = f", {searcher.rule} mode" if searcher.rule else ""
    print(
        f"{args.game}: {plural(len(table), 'opener')} against the adversary over {len(lexicon.answers):,} answers{mode}"
    )
    print(
        f"  the fewest guesses that always win: {summary.rows}, "
        + ("proven over every opener" if summary.proven else "NOT proven")
    )
    shown = ", ".join(show(w).upper() for w in summary.winning[:SHOW_WINNING])
    more = f" and {len(summary.winning) - SHOW_WINNING:,} more" if len(summary.winning) > SHOW_WINNING else ""
    print(f"  {plural(len(summary.winning), 'opener')} win in {summary.rows}: {shown}{more}")
    print(
        "  chute's line (the adversary keeping its rule's bucket): " + " ".join(show(w).upper() for w in summary.line)
    )
    print(f"  time {result.seconds:.1f} s" + (f"; journal {args.journal}" if args.journal else ""))
    if args.csv:
        print(f"  every opener written to {args.csv}")
    return 0
