"""Options and output shared by the commands that choose guesses (suggest, assist, play)."""

from __future__ import annotations

import argparse
import sys
import textwrap

from .common import MAX_SEED, bounded_int

STRATEGY_HELP = ("entropy, expected-guesses (the expected number of guesses under --prior, the row limit "
                 "guarded), expected-size, minimax, most-parts, letter-frequency, positional-entropy, "
                 "elimination, first, random, or optimal (follow the optimal decision tree of the lists, "
                 "built once and cached)")


def add_solver_options(parser: argparse.ArgumentParser) -> None:
    """Add --strategy, --hard/--strict, --opener, --depth, --candidates-only, --weights, --seed."""
    g = parser.add_argument_group("strategy")
    g.add_argument("--strategy", "-s", default=None, metavar="NAME",
                   help=f"how to choose guesses: {STRATEGY_HELP} (default: expected-guesses under the frequency "
                        "prior, the strongest policy for the game as played today; entropy with --depth 2)")
    mode = g.add_mutually_exclusive_group()
    mode.add_argument("--hard", dest="rule", action="store_const", const="hard",
                      help="hard mode, the game's own rule: Wordle's (greens stay, revealed letters "
                           "are reused), or Termo's strict rule in Termo games")
    mode.add_argument("--strict", dest="rule", action="store_const", const="strict",
                      help="Termo's strict mode: every guess must fit every clue")
    g.add_argument("--opener", metavar="WORD", help="fixed first guess (default: the strategy's best, cached)")
    g.add_argument("--depth", type=int, default=1, choices=(1, 2),
                   help="2: re-score the best few guesses by the best second guess (entropy, expected-size)")
    g.add_argument("--candidates-only", action="store_true",
                   help="guess only words that could be the answer")
    g.add_argument("--no-prefer-candidates", dest="prefer_candidates", action="store_false",
                   help="on equal scores, do not put possible answers first")
    g.add_argument("--weights", default="auto", choices=("auto", "uniform", "frequency"),
                   help="answer probabilities: uniform, by word frequency, or auto (frequency only "
                        "when the lexicon has no answer list, or it ran out)")
    g.add_argument("--prior", default=None, metavar="NAME|FILE",
                   help="which words can be the answer and how likely: answers (the answer list, "
                        "equally likely), frequency (every accepted word, by word frequency, the answer "
                        "list boosted when it is the game's own), uniform (every accepted word), or a "
                        "FILE of words with optional weights (default: frequency with expected-guesses "
                        "and on several boards, answers with any other one-board strategy)")
    g.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=0, help="seed for the random strategy (default: 0)")
    g.add_argument("--tree", metavar="TREE.json",
                   help="follow a decision tree saved by 'chute tree --out' (off the tree: --strategy)")


def resolve_policy(args: argparse.Namespace) -> None:
    """Fill in the default policy where the options name none (the library's DEFAULT_STRATEGY and DEFAULT_PRIOR)."""
    from ..playing.solver import DEFAULT_PRIOR, DEFAULT_STRATEGY
    if getattr(args, "strategy", None) is None:
        args.strategy = "entropy" if (getattr(args, "depth", 1) or 1) > 1 else DEFAULT_STRATEGY
    if getattr(args, "prior", None) is None:
        args.prior = DEFAULT_PRIOR if args.strategy == DEFAULT_STRATEGY else "answers"


def check_strategy(name: str, depth: int = 1) -> None:
    """Refuse an unknown strategy name, or a depth it cannot look ahead to, before anything loads."""
    from ..errors import ChuteError
    from ..strategies import get_strategy
    if name != "optimal":
        get_strategy(name)
    if depth > 1 and name not in ("entropy", "expected-size"):
        raise ChuteError(f"--depth 2 works with entropy and expected-size, not {name}")


def strategy_from_args(args: argparse.Namespace, engine, name: str):
    """Return (strategy, rule) for a strategy name: ``optimal`` (its cached tree), a --tree follower, or by name."""
    from ..errors import ChuteError
    rule = rule_from_args(args)
    if name != "optimal":
        return with_tree(args, engine.lexicon, name, rule)
    if getattr(args, "tree", None) or getattr(args, "opener", None):
        raise ChuteError("--strategy optimal follows its own tree: it does not go with --tree or --opener")
    from ..playing.optimal import optimal_strategy
    from .common import spec_from_args
    return optimal_strategy(engine, rule, spec_from_args(args).rows, quiet=getattr(args, "json", False)), rule


def solver_from_args(args: argparse.Namespace, refused: bool = False):
    """Return the Solver the options describe (lexicon, engine, strategy, rule, opener); with ``refused``, it
    never suggests the words of the user's refused list for these word lists."""
    from ..game.refused import refused_words
    from ..playing.assembly import game_solver
    from .common import engine_from_args, lexicon_from_args
    resolve_policy(args)
    check_strategy(args.strategy, args.depth)           # an unknown name fails before any loading
    lexicon = lexicon_from_args(args)
    engine = engine_from_args(args, lexicon)
    strategy, rule = strategy_from_args(args, engine, args.strategy)
    solver = game_solver(engine, 1, rule, strategy, prior_from_args(args, lexicon), options_from_args(args, args.depth),
                         args.opener, args.weights, refused_words(lexicon.name) if refused else ())
    # a progress line before the first, slow, opener ranking
    solver.notify = terminal_notes(getattr(args, "lang", "en"), getattr(args, "json", False))
    return solver


def options_from_args(args: argparse.Namespace, depth: int):
    """Return the strategy options the arguments ask for (the game's row limit included)."""
    from ..strategies import Options
    from .common import spec_from_args
    return Options(candidates_only=args.candidates_only, prefer_candidates=args.prefer_candidates,
                   seed=args.seed, depth=depth, rows=getattr(args, "rows", None) or spec_from_args(args).rows)


def prior_from_args(args: argparse.Namespace, lexicon):
    """Return the prior --prior names for the lexicon (one clear error for a bad name or file)."""
    from ..game.prior import make_prior
    return make_prior(lexicon, getattr(args, "prior", None) or "answers")


def with_tree(args: argparse.Namespace, lexicon, strategy, rule: str | None):
    """Return (strategy, rule): a tree follower when --tree is given (its rule unless one is asked), else as given."""
    path = getattr(args, "tree", None)
    if not path:
        return strategy, rule
    from ..errors import ChuteError
    from ..search.tree import DecisionTree
    from ..strategies import get_strategy
    from ..strategies.follow import FollowTree
    if getattr(args, "opener", None) is not None:
        raise ChuteError("--opener and --tree do not go together: the tree fixes the opener")
    tree = DecisionTree.load(path)
    if tree.length != lexicon.length:
        raise ChuteError(f"tree {path} is for {tree.length}-letter words, the lexicon has {lexicon.length}")
    if not lexicon.is_guess(tree.root.guess):
        raise ChuteError(f"tree {path} opens with {tree.root.guess.upper()}, not an accepted guess of "
                         f"{lexicon.name}: it was built for other word lists")
    fallback = get_strategy(strategy)
    stats, problems = tree.check(lexicon)
    if problems and not getattr(args, "json", False):
        note(f"tree {path} does not fit these word lists ({len(problems):,} problem"
             f"{'' if len(problems) == 1 else 's'}, first: {problems[0]}); where a game leaves it, "
             f"chute plays {fallback.name}")
    return FollowTree(tree, fallback), rule if rule is not None else tree.rule


def rule_from_args(args: argparse.Namespace) -> str | None:
    """Return the hard-mode rule: --strict, or --hard meaning the game's own rule (Termo games: strict)."""
    from .common import spec_from_args
    if getattr(args, "rule", None) == "hard":
        return spec_from_args(args).hard_rule
    return getattr(args, "rule", None)


def single_board(args: argparse.Namespace) -> None:
    """Refuse multi-board games in the single-board commands (one clear line)."""
    from ..errors import ChuteError
    from .common import spec_from_args
    spec = spec_from_args(args)
    if spec.boards > 1:
        raise ChuteError(f"{spec.name} has {spec.boards} boards; this command plays one board "
                         "(use --game wordle or termo)")


def note(message: str, stream=None, lang: str = "en") -> None:
    """Print a note for the user on stderr (or the given stream), in ``lang``, on a line of its own."""
    from ..language import phrase, said
    from .waiting import erase
    erase()
    print(phrase("cli_note", lang, message=said(message, lang)), file=stream or sys.stderr)


def waiting_line(key: str, lang: str, quiet: bool = False):
    """Return the context in which a terminal hears the phrase ``key`` while a step takes a while (``waiting``).

    Nothing is shown when ``quiet`` (--json, --quiet) or when stderr is not a terminal.
    """
    from ..language import phrase
    from .console import stderr_is_terminal
    from .waiting import waiting
    return waiting(phrase(key, lang) if not quiet and stderr_is_terminal() else None)


def terminal_notes(lang: str, quiet: bool = False):
    """Return what says a note before a slow first search, on a terminal (None: say nothing, e.g. --json)."""
    from .console import stderr_is_terminal
    if quiet or not stderr_is_terminal():
        return None
    return lambda message: note(message, lang=lang)


def compiling_noted(args: argparse.Namespace):
    """Return a context in which a kernel's first compilation (seconds, once per machine) is said on stderr.

    On a terminal unless the output is --json or --quiet; ``serve`` leaves it
    to its warm-up process, which compiles them (``chute.web.warming``).
    """
    from contextlib import nullcontext

    from ..kernels.compiling import told_when_compiling
    if getattr(args, "command", None) == "serve":
        return nullcontext()
    notify = terminal_notes(getattr(args, "lang", "en"),
                            bool(getattr(args, "json", False) or getattr(args, "quiet", False)))
    return nullcontext() if notify is None else told_when_compiling(notify)


def show(lexicon, word: str) -> str:
    """Return a word for display: its accented spelling, upper case."""
    return lexicon.show(word).upper()


def format_number(x: float, label: str, lang: str = "en") -> str:
    """Return a score formatted for its kind (counts as integers, bits with 3 decimals; decimal comma in pt)."""
    from ..language import decimal
    if x != x:        # NaN: a word the strategy did not score (a fixed opener, a forced choice)
        return "-"
    return decimal(x, 0 if label in ("worst", "parts", "order", "letters") else 3, lang)


def suggestion_table(suggestion, lexicon, lang: str = "en") -> list[str]:
    """Return the ranked guesses as aligned lines: rank, guess, score, expected, worst, chance it is the answer.

    A strategy whose score is itself the expected or worst count shows it once; names and figures in ``lang``.
    """
    from ..language import Note, column, column_key, decimal, percent, said
    label = suggestion.score_label
    own = label not in ("expected", "worst")
    width = lexicon.length + 2
    head = f"{'#':>3}  {column('guess', lang):<{width}}" + (f" {column(label, lang):>10}" if own else "")
    lines = [head + f" {column('expected', lang):>9} {column('worst', lang):>6}  {column('chance', lang):>6}"]
    planned = None
    for i, (r, chance) in enumerate(zip(suggestion.ranked, suggestion.chances()), 1):
        score = f" {format_number(r.score, label, lang):>10}" if own else ""
        mark = ""
        if suggestion.plan_of(r.guess):
            mark, planned = "  " + said(Note("plan_mark"), lang), r.guess
        lines.append((f"{i:>3}  {show(lexicon, r.guess):<{width}}{score} {decimal(r.expected, 2, lang):>9} {r.worst:>6}  "
                      f"{percent(chance, lang) if r.candidate else '':>6}".rstrip() + mark))
    lines.append(column_key(([label] if own else []) + ["expected", "worst", "chance"], lang))
    if planned is not None:
        lines.append(said(Note("plan_legend", opener=show(lexicon, planned),
                               mean=suggestion.plan_of(planned)["plan"]), lang))
    return lines


def candidate_lines(words, lexicon, width: int = 78) -> list[str]:
    """Return the candidate words wrapped to the width."""
    text = " ".join(show(lexicon, w) for w in words)
    return textwrap.wrap(text, width) or [""]


def session_from_args(args: argparse.Namespace, secrets=None, unlisted: bool = False, refused: bool = False):
    """Return (session, spec): a game of the options' board count, the one-board solver or the joint policy.

    With ``unlisted``, a secret the lists lack is played as an answer chute
    does not know (the game taken to accept it beside chute's words); with
    ``refused``, the words of the user's refused list are never suggested.
    """
    from ..game.refused import refused_words
    from ..playing.assembly import game_player, game_solver
    from ..playing.session import Session
    from .common import engine_from_args, lexicon_from_args, spec_from_args
    spec = spec_from_args(args)
    if spec.boards == 1:
        solver = solver_from_args(args, refused)
        lexicon, joint = solver.lexicon, None
    else:
        policy = policy_from_args(args)
        refuse_hard_mode(args, spec)
        lexicon = lexicon_from_args(args)
        solver = game_solver(engine_from_args(args, lexicon), spec.boards, weights=getattr(args, "weights", "auto"),
                             prior=multi_prior_from_args(args, lexicon),
                             refused=refused_words(lexicon.name) if refused else ())
        joint = game_player(solver, spec.boards, policy)
    accepts, said = game_words(lexicon, secrets) if unlisted else (None, None)
    session = Session(solver, spec.boards, spec.rows, secrets, joint, accepts=accepts)
    if said:        # only once the secrets are a game's (a wrong count is the one line said)
        note(said, lang=getattr(args, "lang", "en"))
    return session, spec


def game_words(lexicon, secrets) -> tuple:
    """Return (the game's word test, the sentence saying so) when some secret is a word the lists lack, else (None, None)."""
    from ..game.words import fold, is_word
    lacking = [w for w in dict.fromkeys(fold(s) for s in secrets or ())
               if len(w) == lexicon.length and is_word(w) and w not in lexicon.guess_set]
    if not lacking:
        return None, None
    from ..language import Note
    said = Note("secret_unknown_one" if len(lacking) == 1 else "secret_unknown",
                words=" ".join(w.upper() for w in lacking), name=lexicon.name)
    from ..playing.session import game_accepting
    return game_accepting(lexicon, lacking), said


def multi_prior_from_args(args: argparse.Namespace, lexicon):
    """Return the prior of a multi-board game: --prior, else the default (``solver.DEFAULT_PRIOR``)."""
    from ..game.prior import make_prior
    from ..playing.solver import DEFAULT_PRIOR
    return make_prior(lexicon, getattr(args, "prior", None) or DEFAULT_PRIOR)


def policy_from_args(args: argparse.Namespace):
    """Return the multi-board policy the options ask for (strategy, opener, candidates only)."""
    from dataclasses import replace

    from ..errors import ChuteError
    from ..playing.multiboard import DEFAULT
    strategy = getattr(args, "strategy", None) or "entropy"
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
        from ..game.words import fold
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
