"""``chute bench``: play every answer of a list with one strategy and report the statistics."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import bench
from ..bench import Progress, can_draw, report, run_many, sample_secrets, secret_tuples, split_secrets
from ..bench.plot import histogram_image, plot_format, require_matplotlib
from ..errors import ChuteError
from ..files import check_outputs, is_file, write_each_or_keep
from ..game.games import MAX_ROWS
from ..game.prior import make_prior
from ..game.words import read_word_file
from ..playing.assembly import check_strategy, default_policy, joint_policy
from ..playing.session import game_accepting
from ..playing.solver import DEFAULT_PRIOR
from ..strategies.follow import FollowTree
from .building import engine_from_args
from .common import add_game_options, add_jobs_option, bounded_int, lexicon_from_args, spec_from_args
from .console import note
from .solving import add_solver_options, solver_from_args

if TYPE_CHECKING:
    from ..bench import BenchResult

DEFAULT_CAP = 30  # one board: a game not found within this many guesses is given up


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """Add the options of a benchmark run: which secrets, row limit, processes, progress."""
    g = parser.add_argument_group("benchmark")
    g.add_argument(
        "--sample", type=bounded_int(1), metavar="N", help="play N answers drawn at random (seeded by --seed)"
    )
    g.add_argument(
        "--max-guesses",
        type=bounded_int(1, MAX_ROWS),
        metavar="N",
        help=f"give a failed game up after N guesses (default: {DEFAULT_CAP})",
    )
    add_jobs_option(g, "split the work across N processes (default: 1)")
    g.add_argument(
        "--secrets",
        metavar="FILE|accepted|earlier",
        help="play these secrets (one per line: the game's real answers) while chute keeps "
        "its own lists; words the lists lack are played as answers chute does not know "
        "(the game taken to accept them beside chute's words); 'accepted': every word the "
        "lists accept, 'earlier': all but those the game added later (Wordle's 12,972 of "
        "2022); a file of that name is read as a file",
    )
    g.add_argument(
        "--per-game",
        action="store_true",
        help="play each game on its own instead of walking the shared decision tree "
        "(a check: the figures are the same)",
    )
    g.add_argument("--quiet", "-q", action="store_true", help="no progress bar")


HELP = "play every answer with a strategy and report statistics"
DESCRIPTION = (
    "Play every answer of the chosen lexicon (or a sample) with one strategy and "
    "report games, mean, median, standard deviation, maximum, the distribution of "
    "guesses, failures over the row limit, the hardest words and the time."
)
EPILOG = (
    "examples: chute bench | chute bench --strategy minimax --opener raise | "
    "chute bench --game termo --strict --plot termo.png | chute bench --sample 200 --seed 1 "
    "--csv games.csv | chute bench --depth 2 --jobs 2"
)


def add_arguments(p) -> None:
    """Add the ``bench`` options."""
    add_solver_options(p)
    add_game_options(p)
    add_run_options(p)
    add_bench_options(p)
    out = p.add_argument_group("output")
    out.add_argument(
        "--hardest", type=bounded_int(0), default=10, metavar="N", help="how many hardest words to list (default: 10)"
    )
    out.add_argument("--json", action="store_true", help="print the figures and every game as JSON")
    out.add_argument("--csv", metavar="FILE", help="write one row per game (secret, guesses, solved, sequence)")
    out.add_argument("--plot", metavar="FILE", help="draw the histogram to FILE.png or FILE.svg (needs chute[plot])")


def prepare(args: argparse.Namespace):
    """Return (engine, secrets, rows, spec) for a benchmark after checking the arguments."""
    spec = spec_from_args(args)
    if spec.boards != 1:
        raise ChuteError(f"{args.command} plays one board at a time; {spec.name} has {spec.boards}")
    if args.max_guesses is None:
        args.max_guesses = DEFAULT_CAP
    if args.max_guesses < spec.rows:
        raise ChuteError(f"--max-guesses ({args.max_guesses}) must be at least the row limit ({spec.rows})")
    lexicon = lexicon_from_args(args)
    engine = engine_from_args(args)
    secrets = sample_secrets(
        secrets_from_args(args, lexicon, unlisted=args.command == "bench") or lexicon.answers, args.sample, args.seed
    )
    return engine, secrets, spec


def secrets_from_args(args: argparse.Namespace, lexicon, unlisted: bool = False) -> list[str] | None:
    """Return the --secrets words to play (None without --secrets), reporting on stderr those the lists lack.

    With ``unlisted`` they are played too, as answers chute does not know
    (the game taken to accept them beside chute's words: ``args.accepts``);
    else (``compare``) they are left out.
    """
    if not getattr(args, "secrets", None):
        return None
    named = named_secrets(args.secrets, lexicon)
    if named is not None:
        args.unknown_secrets, args.unlisted_secrets = [], []
        return named
    words = read_word_file(args.secrets, lexicon.length).words
    known, unknown = split_secrets(lexicon, words)
    unknown = list(dict.fromkeys(unknown))
    args.unknown_secrets = [] if unlisted else unknown
    args.unlisted_secrets = unknown if unlisted else []
    if unknown:
        one = len(unknown) == 1
        what = (
            f"played as {'an answer' if one else 'answers'} chute does not know (the game taken to accept "
            f"{'it' if one else 'them'} beside chute's words)"
            if unlisted
            else "not played"
        )
        note(
            f"{len(unknown):,} of the {len(words):,} secrets in {args.secrets} "
            f"{'is not an accepted word' if len(unknown) == 1 else 'are not accepted words'} of "
            f"{lexicon.name}, {what}: {' '.join(w.upper() for w in unknown[:10])}"
            + (" ..." if len(unknown) > 10 else "")
        )
    if not known and not (unlisted and unknown):  # an empty file is not "every answer"
        raise ChuteError(f"no secret in {args.secrets} is an accepted {lexicon.length}-letter word of {lexicon.name}")
    if unlisted:
        args.accepts = game_accepting(lexicon, unknown)
        return known + unknown
    return known


def named_secrets(name: str, lexicon) -> list[str] | None:
    """Return the words ``--secrets accepted`` or ``earlier`` names (None for a file's path)."""
    if name not in SECRET_NAMES or is_file(name):
        return None
    if name == "accepted":
        return list(lexicon.guesses)
    return [w for w in lexicon.guesses if w not in lexicon.later]


SECRET_NAMES = ("accepted", "earlier")


def make_solver(args: argparse.Namespace, strategy: str, opener: str | None = None, depth: int | None = None):
    """Return the solver the options describe, for one strategy (opener and depth may override)."""
    return solver_from_args(
        args,
        strategy=strategy,
        opener=opener if opener is not None else args.opener,
        depth=args.depth if depth is None else depth,
        prior=args.prior,
    )


def describe(args: argparse.Namespace, spec, engine, secrets, solver, strategy: str, depth: int) -> dict:
    """Return what a run plays, for reports and JSON."""
    lexicon = engine.lexicon
    everything = len(secrets) == len(lexicon.answers)
    return {
        "game": spec.name,
        "lexicon": lexicon.name,
        "answers": len(lexicon.answers),
        "accepted": len(lexicon.guesses),
        "strategy": f"tree {args.tree} (off the tree: {strategy})" if getattr(args, "tree", None) else strategy,
        "hard": args.rule,
        "weights": args.weights,
        "depth": depth,
        "candidates_only": bool(args.candidates_only),
        "sample": None if everything else len(secrets),
        "seed": args.seed,
        "secrets": getattr(args, "secrets", None),
        "unknown": len(getattr(args, "unknown_secrets", [])),
        "unlisted": len(set(getattr(args, "unlisted_secrets", [])) & set(secrets)),
    }


def check_bench_outputs(args: argparse.Namespace) -> None:
    """Fail before the run if --csv/--plot cannot be written, or would overwrite an input or each other."""
    if args.plot:
        plot_format(args.plot)
        require_matplotlib()
    check_outputs(
        {"--csv": args.csv, "--plot": args.plot},
        {
            "--answers": args.answers,
            "--guesses": args.guesses,
            "--exclude": args.exclude,
            "--not-answers": args.not_answers,
            "--tree": getattr(args, "tree", None),
            "--secrets": getattr(args, "secrets", None),
        },
    )


def tree_games(solver, secrets, rows: int) -> int | None:
    """Return how many secrets the solver's decision tree solves on its own within the rows (None: no tree)."""
    if not isinstance(solver.strategy, FollowTree):
        return None
    stats = solver.strategy.tree.evaluate(secrets)
    return stats.games - len(stats.failures)


def run(args: argparse.Namespace) -> int:
    """Run the benchmark and print the report (or JSON); write CSV and plot if asked."""
    if spec_from_args(args).boards > 1:  # multi-board games
        return run_multi(args)
    if getattr(args, "games", None) is not None:  # one board: N games are N answers drawn, as --sample N
        if args.sample is not None and args.sample != args.games:
            raise ChuteError(f"--games {args.games} and --sample {args.sample} ask for different numbers of games")
        args.sample = args.games
    args.strategy, args.prior = default_policy(args.strategy, args.prior, args.depth)
    check_strategy(args.strategy, args.depth)  # an unknown name fails before any loading
    check_bench_outputs(args)
    engine, secrets, spec = prepare(args)
    solver = make_solver(args, args.strategy)
    info = describe(args, spec, engine, secrets, solver, args.strategy, args.depth)
    progress = None if args.quiet else Progress(len(secrets), sys.stderr)
    result = bench.run(
        solver,
        secrets,
        rows=spec.rows,
        cap=args.max_guesses,
        jobs=args.jobs,
        tree=not args.per_game,
        progress=progress,
        info=info,
        hardest=args.hardest,
        accepts=getattr(args, "accepts", None),
    )
    result.info["opener"] = result.opener
    followed = tree_games(solver, secrets, spec.rows)
    notes = []
    if followed is not None:
        result.info["games_on_tree"] = followed
        off = len(secrets) - followed
        notes.append(
            f"  tree {args.tree}: {followed:,} of {len(secrets):,} games followed it to the end"
            + (f"; {off:,} left it and were played by {solver.strategy.fallback.name} from there" if off else "")
        )
    return print_run(args, result, engine.lexicon.show, notes)


def add_bench_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--games N`` (multi-board games to play) to the bench parser."""
    parser.add_argument(
        "--games",
        type=bounded_int(1, 10**7),
        metavar="N",
        help="how many games: multi-board, the random secret tuples to play (default: 1000); one board, as --sample N",
    )


def run_multi(args: argparse.Namespace) -> int:
    """Play N seeded random multi-board games; print success rate, rows, distribution, worst tuples."""
    spec = spec_from_args(args)
    policy = joint_policy(
        args.strategy, args.opener, args.candidates_only, args.depth, args.tree, args.prefer_candidates
    )
    if getattr(args, "rule", None):
        raise ChuteError("bench plays multi-board games without hard mode")
    if getattr(args, "per_game", False):
        raise ChuteError("--per-game is for one board; multi-board games are always played one by one")
    if getattr(args, "max_guesses", None) is not None:
        raise ChuteError("--max-guesses is for one board; multi-board games are played out until every board is found")
    if args.weights != "auto":
        raise ChuteError(
            f"--weights is for one board; a multi-board bench plays under --prior ({args.prior or DEFAULT_PRIOR})"
        )
    if args.sample is not None and getattr(args, "games", None) is not None and args.sample != args.games:
        raise ChuteError(f"--games {args.games} and --sample {args.sample} ask for different numbers of games")
    check_bench_outputs(args)
    games = next((g for g in (getattr(args, "games", None), getattr(args, "sample", None)) if g is not None), 1000)
    lexicon = lexicon_from_args(args)
    if spec.boards > len(lexicon.answers):
        raise ChuteError(
            f"{spec.boards} boards need {spec.boards} different answers; the list has {len(lexicon.answers):,}"
        )
    engine = engine_from_args(args)
    quiet = getattr(args, "quiet", False) or getattr(args, "json", False)
    progress = None if quiet else Progress(games, sys.stderr)
    known = secrets_from_args(args, lexicon, unlisted=True)
    tuples = None if known is None else secret_tuples(known, spec.boards, games, args.seed)
    prior = make_prior(lexicon, args.prior or DEFAULT_PRIOR)
    result = run_many(
        spec,
        games,
        args.seed,
        policy=policy,
        engine=engine,
        jobs=args.jobs,
        progress=progress,
        tuples=tuples,
        worst=args.hardest,
        prior=prior,
        cache=not args.no_cache,
        accepts=getattr(args, "accepts", None),
    )
    if known is not None:
        lacking = set(getattr(args, "unlisted_secrets", []))
        result.info.update(
            secrets=args.secrets,
            unknown=len(getattr(args, "unknown_secrets", [])),
            unlisted=len(lacking & {w for t in tuples or () for w in t}),
        )
    return print_run(args, result, lexicon.show)


def print_run(
    args: argparse.Namespace, result: BenchResult, show: Callable[[str], str], notes: list[str] | None = None
) -> int:
    """Write the --csv and --plot files of a run and print its report (or JSON)."""

    def image() -> bytes:
        return histogram_image(result, args.plot, show)

    write_each_or_keep([(args.csv, lambda: result.to_csv(show), "games CSV"), (args.plot, image, "plot")])
    if args.json:
        print(result.to_json(show=show))
        return 0
    print(report(result, blocks=can_draw(sys.stdout), show=show))
    for line in notes or []:
        print(line)
    for path, what in ((args.csv, "games"), (args.plot, "histogram")):
        if path:
            print(f"  {what} written to {path}")
    return 0
