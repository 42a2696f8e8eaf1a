"""Options and output shared by the commands that choose guesses (suggest, assist, play)."""

from __future__ import annotations

import argparse
import textwrap

from ..errors import ChuteError
from ..game.words import fold, is_word
from ..language import Note
from ..playing.assembly import hard_rule, session_for, solver_for
from ..playing.session import game_accepting
from .common import MAX_SEED, bounded_int, spec_from_args
from .console import library_notes, note

STRATEGY_HELP = (
    "entropy, expected-guesses (the expected number of guesses under --prior, the row limit "
    "guarded), expected-size, minimax, most-parts, letter-frequency, positional-entropy, "
    "elimination, first, random, or optimal (follow the optimal decision tree of the lists, "
    "built once and cached)"
)


def add_solver_options(parser: argparse.ArgumentParser) -> None:
    """Add --strategy, --hard/--strict, --opener, --depth, --candidates-only, --weights, --seed."""
    g = parser.add_argument_group("strategy")
    g.add_argument(
        "--strategy",
        "-s",
        default=None,
        metavar="NAME",
        help=f"how to choose guesses: {STRATEGY_HELP} (default: expected-guesses under the frequency "
        "prior, the strongest policy for the game as played today; entropy with --depth 2)",
    )
    mode = g.add_mutually_exclusive_group()
    mode.add_argument(
        "--hard",
        dest="rule",
        action="store_const",
        const="hard",
        help="hard mode, the game's own rule: Wordle's (greens stay, revealed letters "
        "are reused), or Termo's strict rule in Termo games",
    )
    mode.add_argument(
        "--strict",
        dest="rule",
        action="store_const",
        const="strict",
        help="Termo's strict mode: every guess must fit every clue",
    )
    g.add_argument("--opener", metavar="WORD", help="fixed first guess (default: the strategy's best, cached)")
    g.add_argument(
        "--depth",
        type=bounded_int(1, 2),
        default=1,
        metavar="{1,2}",
        help="2: re-score the best few guesses by the best second guess (entropy, expected-size)",
    )
    g.add_argument("--candidates-only", action="store_true", help="guess only words that could be the answer")
    g.add_argument(
        "--no-prefer-candidates",
        dest="prefer_candidates",
        action="store_false",
        help="on equal scores, do not put possible answers first (one board)",
    )
    g.add_argument(
        "--weights",
        default="auto",
        choices=("auto", "uniform", "frequency"),
        help="the answer list's probabilities under --prior answers (one board or several): uniform, by word "
        "frequency, or auto (frequency only when the lexicon has no answer list, or it ran out)",
    )
    g.add_argument(
        "--prior",
        default=None,
        metavar="NAME|FILE",
        help="which words can be the answer and how likely: answers (the answer list, "
        "equally likely), frequency (every accepted word, by word frequency, the answer "
        "list boosted when it is the game's own), uniform (every accepted word), or a "
        "FILE of words with optional weights (default: frequency with expected-guesses "
        "and on several boards, answers with any other one-board strategy)",
    )
    g.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=0, help="seed for the random strategy (default: 0)")
    g.add_argument(
        "--tree",
        metavar="TREE.json",
        help="follow a decision tree saved by 'chute tree --out' (off the tree: --strategy)",
    )


def solver_options(args: argparse.Namespace) -> dict:
    """Return the options of ``solver_for`` the arguments give (each long option a keyword)."""
    rule = getattr(args, "rule", None)
    options = {
        "hard": rule == "hard",
        "strict": rule == "strict",
        "common": getattr(args, "common", False),
        "common_floor": getattr(args, "common_floor", None),
        "cache": not getattr(args, "no_cache", False),
    }
    for name in (
        "strategy",
        "prior",
        "answers",
        "guesses",
        "exclude",
        "not_answers",
        "length",
        "boards",
        "rows",
        "opener",
        "depth",
        "candidates_only",
        "prefer_candidates",
        "weights",
        "seed",
        "tree",
    ):
        if getattr(args, name, None) is not None:
            options[name] = getattr(args, name)
    return options


def solver_from_args(args: argparse.Namespace, refused: bool = False, **overrides):
    """Return the solver ``chute.solver_for`` builds from the options (``overrides`` replace some); with
    ``refused``, it never suggests the words of the user's refused list for these word lists."""
    quiet = bool(getattr(args, "json", False) or getattr(args, "quiet", False))
    options = {**solver_options(args), **overrides, **library_notes(getattr(args, "lang", "en"), quiet)}
    return solver_for(args.game, refused=refused, **options)


def rule_from_args(args: argparse.Namespace) -> str | None:
    """Return the hard-mode rule: --strict, or --hard meaning the game's own rule (Termo games: strict)."""
    rule = getattr(args, "rule", None)
    return hard_rule(spec_from_args(args), rule == "hard", rule == "strict")


def single_board(args: argparse.Namespace) -> None:
    """Refuse multi-board games in the single-board commands (one clear line)."""
    spec = spec_from_args(args)
    if spec.boards > 1:
        raise ChuteError(
            f"{spec.name} has {spec.boards} boards; this command plays one board (use --game wordle or termo)"
        )


def show(lexicon, word: str) -> str:
    """Return a word for display: its accented spelling, upper case."""
    return lexicon.show(word).upper()


def candidate_lines(words, lexicon, width: int = 78) -> list[str]:
    """Return the candidate words wrapped to the width."""
    text = " ".join(show(lexicon, w) for w in words)
    return textwrap.wrap(text, width) or [""]


def session_from_args(args: argparse.Namespace, secrets=None, unlisted: bool = False, refused: bool = False):
    """Return (session, spec): a game of the options' board count, played by ``solver_from_args``'s solver.

    With ``unlisted``, a secret the lists lack is played as an answer chute
    does not know (the game taken to accept it beside chute's words); with
    ``refused``, the words of the user's refused list are never suggested.
    """
    spec = spec_from_args(args)
    solver = solver_from_args(args, refused)
    accepts, said = game_words(solver.lexicon, secrets) if unlisted else (None, None)
    session = session_for(solver, secrets, accepts)
    if said:  # only once the secrets are a game's (a wrong count is the one line said)
        note(said, lang=getattr(args, "lang", "en"))
    return session, spec


def game_words(lexicon, secrets) -> tuple:
    """Return (the game's word test, the sentence saying so) when some secret is a word the lists lack, else (None, None)."""
    lacking = [
        w
        for w in dict.fromkeys(fold(s) for s in secrets or ())
        if len(w) == lexicon.length and is_word(w) and w not in lexicon.guess_set
    ]
    if not lacking:
        return None, None
    said = Note(
        "secret_unknown_one" if len(lacking) == 1 else "secret_unknown",
        words=" ".join(w.upper() for w in lacking),
        name=lexicon.name,
    )
    return game_accepting(lexicon, lacking), said
