"""``chute tree``: search the decision tree with the fewest guesses in total; check and show trees."""

from __future__ import annotations

import argparse
import json
import sys
import time

from ..errors import ChuteError
from ..files import check_outputs, excerpt, write_each_or_keep
from ..game.games import PRESETS
from ..game.render import plural
from ..game.words import fold
from ..search.opener_search import rank_openers, search
from ..search.tree import NAMED_FAILURES, DecisionTree, TreeStats
from ..search.tree_search import TreeSearch, parse_top
from .building import engine_from_args
from .common import add_game_options, add_jobs_option, bounded_int, lexicon_from_args, spec_from_args
from .solving import single_board

HELP = "find the decision tree with the fewest guesses in total (optimal play)"
DESCRIPTION = (
    "Search the decision tree that solves every answer with the fewest guesses in "
    "total (the lowest mean), within the row limit: a guess at each node, a child "
    "per pattern. Branch and bound over candidate sets with memoisation. --top "
    "limits the guesses tried per node (fast, near-optimal); --exact tries every "
    "guess that could still win, which proves the total optimal for the opener."
)
EPILOG = (
    "examples: chute tree --opener salet --out salet.json | chute tree --hard --opener "
    "salet | chute tree --openers 10 --jobs 2 | chute tree --game termo --strict | "
    "chute tree --check salet.json --text -"
)


def add_arguments(p) -> None:
    """Add the ``tree`` options."""
    s = p.add_argument_group("search")
    s.add_argument(
        "--opener",
        metavar="WORD[,WORD...]",
        help="first guess(es) to search (default: the best --openers by the heuristic)",
    )
    s.add_argument(
        "--openers",
        type=bounded_int(1),
        default=10,
        metavar="N",
        help="without --opener: search the N best openers by the heuristic (default: 10)",
    )
    s.add_argument(
        "--top",
        metavar="K[,K2,...]",
        help="guesses tried per node, by depth below the opener, the last repeating (default: 200,30,10,4,2)",
    )
    s.add_argument(
        "--exact",
        action="store_true",
        help="try every guess that could still win: a proof of the total for each opener",
    )
    mode = s.add_mutually_exclusive_group()
    mode.add_argument(
        "--hard",
        dest="rule",
        action="store_const",
        const="hard",
        help="Wordle hard mode: greens stay, revealed letters are reused",
    )
    mode.add_argument(
        "--strict",
        dest="rule",
        action="store_const",
        const="strict",
        help="Termo's strict mode: every guess must fit every clue",
    )
    add_jobs_option(s, "spread the work over N processes (default: 1)")
    s.add_argument(
        "--check",
        metavar="TREE.json",
        help="do not search: verify a saved tree against the word lists and report its figures",
    )
    add_game_options(p, multi=True)
    p.set_defaults(game=None)  # --check reads the game from the tree when not given
    out = p.add_argument_group("output")
    out.add_argument("--out", metavar="FILE", help="save the best tree as JSON ('-': standard output)")
    out.add_argument("--text", metavar="FILE", help="write the tree as indented text ('-': standard output)")
    out.add_argument("--dot", metavar="FILE", help="write the tree as Graphviz DOT ('-': standard output)")
    out.add_argument("--json", action="store_true", help="print the figures as JSON")
    out.add_argument("--quiet", "-q", action="store_true", help="print only the result")


def run(args: argparse.Namespace) -> int:
    """Search (or check) trees and report; return 0, or 1 when a checked tree is unsound."""
    if args.check:
        return run_check(args)
    args.game = args.game or "wordle"
    single_board(args)
    check_tree_outputs(args)
    talk = sys.stderr if data_on_stdout(args) else sys.stdout
    top = parse_top(args.top)
    spec = spec_from_args(args)
    lexicon = lexicon_from_args(args)
    openers = [fold(w) for w in (args.opener or "").replace(" ", ",").split(",") if w]
    if args.opener is not None and not openers:
        raise ChuteError("--opener needs a word (or several, comma-separated)")
    for w in openers:
        if not lexicon.is_guess(w):
            raise ChuteError(f"opener {excerpt(w)} is not an accepted {lexicon.length}-letter guess")
    t0 = time.perf_counter()
    engine = engine_from_args(args)
    searcher = TreeSearch(engine, rows=spec.rows, rule=args.rule, top=top, exact=args.exact)
    if not openers:
        openers = rank_openers(searcher, args.openers)
    mode = {None: "normal mode", "hard": "hard mode", "strict": "strict mode"}[args.rule]
    how = "exact (every guess that could win)" if args.exact else "top " + ",".join(map(str, top))
    header = f"{lexicon.summary()}; {spec.rows} rows; {mode}; {how}"
    chatty = not args.json and not args.quiet
    if chatty:
        print(header, file=talk, flush=True)

    def progress(res) -> None:
        if chatty:
            print(opener_line(res, lexicon), file=talk, flush=True)

    results = search(searcher, openers, jobs=args.jobs, progress=progress)
    seconds = time.perf_counter() - t0
    feasible = [r for r in results if r.feasible]
    best = min(feasible, key=lambda r: (r.total, openers.index(r.opener))) if feasible else None
    if best is not None and best.tree is not None:
        best.tree.meta["game"] = spec.name
        write_outputs(args, best.tree, lexicon)
    if args.json:
        print(
            json.dumps(
                {
                    "lexicon": lexicon.name,
                    "answers": len(lexicon.answers),
                    "guesses": len(lexicon.guesses),
                    "rows": spec.rows,
                    "rule": args.rule,
                    "exact": args.exact,
                    "top": None if args.exact else list(top),
                    "seconds": round(seconds, 2),
                    "openers": [result_dict(r) for r in results],
                    "best": best.opener if best else None,
                },
                ensure_ascii=False,
                indent=1,
            )
        )
    else:
        if best is None or best.tree is None:
            print(f"no tree found that solves every answer within {spec.rows} rows", file=talk)
        else:
            stats = best.tree.evaluate(lexicon.answers)
            proof = " (proven optimal for this opener)" if args.exact else ""
            print(f"best: {lexicon.show(best.opener).upper()}{proof}: {stats.summary()}", file=talk)
        print(f"time {seconds:.1f} s", file=talk)
        for name, path in (("tree", args.out), ("text", args.text), ("dot", args.dot)):
            if path and path != "-" and best is not None:
                print(f"{name} written to {path}", file=talk)
    return 0 if best is not None else 1


def opener_line(res, lexicon) -> str:
    """Return one line for a searched opener: total, mean, worst, distribution, time."""
    word = lexicon.show(res.opener).upper()
    if not res.feasible:
        why = "proven impossible" if res.exact else "none found among the guesses tried"
        return f"  {word:<8} no tree within the rows: {why}  ({res.seconds:.1f} s)"
    meta = res.tree.meta
    dist = " ".join(f"{k}:{v}" for k, v in meta["distribution"].items())
    exact = "  exact" if res.exact else ""
    return (
        f"  {word:<8} {res.total:>7,}  mean {res.mean:.4f}  worst {meta['worst']}  [{dist}]  {res.seconds:.1f} s{exact}"
    )


def result_dict(res) -> dict:
    """Return one opener's result as JSON data."""
    out = {
        "opener": res.opener,
        "feasible": res.feasible,
        "exact": res.exact,
        "seconds": round(res.seconds, 2),
        "nodes": res.nodes,
    }
    if res.feasible:
        out.update(
            {
                "total": res.total,
                "mean": round(res.mean, 4),
                "worst": res.tree.meta["worst"],
                "distribution": res.tree.meta["distribution"],
            }
        )
    return out


def check_tree_outputs(args: argparse.Namespace) -> None:
    """Refuse outputs that are an input or each other, or cannot be written; at most one on stdout."""
    if [args.out, args.text, args.dot].count("-") > 1:
        raise ChuteError("only one of --out, --text and --dot can write to standard output ('-')")
    if args.json and data_on_stdout(args):
        raise ChuteError("--json and --out -/--text -/--dot - cannot both write to standard output")
    check_outputs(
        {"--out": args.out, "--text": args.text, "--dot": args.dot},
        {
            "--check": args.check,
            "--answers": args.answers,
            "--guesses": args.guesses,
            "--exclude": args.exclude,
            "--not-answers": args.not_answers,
        },
    )


def data_on_stdout(args: argparse.Namespace) -> bool:
    """Return whether a tree is written to standard output (then every other line goes to stderr)."""
    return "-" in (args.out, args.text, args.dot)


def write_outputs(args: argparse.Namespace, tree, lexicon) -> None:
    """Write the tree where --out, --text and --dot ask ('-' is standard output), each file atomically."""
    outputs = [
        (args.out, tree.to_json, "tree"),
        (args.text, lambda: tree.to_text(lexicon), "tree text"),
        (args.dot, lambda: tree.to_dot(lexicon=lexicon), "tree DOT"),
    ]
    for _, text, _ in (o for o in outputs if o[0] == "-"):
        sys.stdout.write(text())
    write_each_or_keep([o for o in outputs if o[0] != "-"])


def run_check(args: argparse.Namespace) -> int:
    """Verify a saved tree against the word lists; print its figures; 0 if sound, else 1."""
    check_tree_outputs(args)
    talk = sys.stderr if data_on_stdout(args) else sys.stdout
    tree = DecisionTree.load(args.check)
    if args.game is None:
        game = str(tree.meta.get("game", "wordle"))
        args.game = game if game in PRESETS else "wordle"
    if args.rows is not None:
        tree.rows = args.rows
    if args.rule is not None and args.rule != tree.rule:
        tree.rule = args.rule
    lexicon = lexicon_from_args(args)
    stats, problems = tree.check(lexicon)
    key = tree.meta.get("lexicon_key")
    mismatch = key is not None and key != lexicon.key[:16]
    if args.json:
        print(
            json.dumps(
                {
                    "tree": args.check,
                    "lexicon": lexicon.name,
                    "rows": tree.rows,
                    "rule": tree.rule,
                    "sound": not problems,
                    "problems": problems,
                    "same_lists": not mismatch,
                    **stats.to_dict(),
                },
                ensure_ascii=False,
                indent=1,
            )
        )
    else:
        mode = {None: "normal mode", "hard": "hard mode", "strict": "strict mode"}[tree.rule]
        print(
            f"{args.check}: opener {lexicon.show(tree.root.guess).upper()}, {tree.rows} rows, {mode}, "
            f"checked against {lexicon.summary()}",
            file=talk,
        )
        if mismatch:
            print("note: the tree was built from other word lists", file=talk)
        print(stats.summary(), file=talk)
        for line in problems[:20]:
            print(f"problem: {line}", file=talk)
        if len(problems) > 20:
            print(f"... {len(problems) - 20} more problems", file=talk)
        print(
            "sound: every answer solved within the rows"
            if not problems
            else f"NOT sound: {problem_count(problems, stats)}",
            file=talk,
        )
    write_outputs(argparse.Namespace(out=args.out, text=args.text, dot=args.dot), tree, lexicon)
    return 0 if not problems else 1


def problem_count(problems: list[str], stats: TreeStats) -> str:
    """Return how many problems a check found, each answer the tree does not find counted once (the list names
    ``NAMED_FAILURES`` of them and counts the rest in one line)."""
    failures = len(stats.failures)
    named = min(failures, NAMED_FAILURES) + (failures > NAMED_FAILURES)
    return plural(len(problems) - named + failures, "problem")
