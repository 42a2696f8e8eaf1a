"""Options shared by several commands, and turning them into library objects."""

from __future__ import annotations

import argparse
import math
import re
import sys

from ..errors import ChuteError
from ..files import excerpt
from ..game.games import ADVERSARY_COMMANDS, ADVERSARY_GAMES, MAX_BOARDS, PRESETS, GameSpec, game_spec
from ..game.words import COMMON_FLOOR, MAX_ZIPF, Lexicon, dropped_note, lexicon_for, read_word_file, words_lexicon
from ..language import default_language
from ..machine import max_jobs

MAX_SEED = 2**32 - 1


def bounded_int(low: int, high: int | None = None, what: str = "number"):
    """Return an argparse type that reads a whole number in [low, high], with one clear message otherwise."""

    def parse(text: str) -> int:
        try:
            if not re.fullmatch(r"[+-]?[0-9]+", text.strip()):  # int() would read ٣, ５ and 1_0 as numbers
                raise ValueError(text)
            value = int(text.strip(), 10)
        except (ValueError, AttributeError):
            raise argparse.ArgumentTypeError(f"expected a whole {what}, not {excerpt(text, 20)}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low:,}, not {value:,}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:,}, not {excerpt(text, 20)}")
        return value

    parse.__name__ = what
    return parse


def add_jobs_option(parser, help: str) -> None:
    """Add --jobs N (1 to four per core)."""
    parser.add_argument("--jobs", type=bounded_int(1, max_jobs()), default=1, metavar="N", help=help)


def add_lang_option(parser: argparse.ArgumentParser, what: str) -> None:
    """Add --lang: ``what`` the command says, in English (the default) or Brazilian Portuguese."""
    parser.add_argument(
        "--lang",
        choices=("en", "pt"),
        default=default_language(),
        help=f"{what} in English (en) or Brazilian Portuguese (pt); default: $CHUTE_LANG, else "
        "the locale's language (pt for a pt_BR locale), else en; errors about files and "
        "options stay English",
    )


def zipf_floor(text: str) -> float:
    """Return a Zipf frequency from 0 to 8 read from an option (3.5 or 3,5), with one clear message otherwise."""
    # ASCII digits only: float() would also read "٣", "３" and "1_0"
    if not isinstance(text, str) or not re.fullmatch(r"[-+]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)", text.strip()):
        raise argparse.ArgumentTypeError(f"expected a Zipf frequency such as 3 or 3.5, not {excerpt(str(text), 20)}")
    try:
        value = float(text.strip().replace(",", ".", 1))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a Zipf frequency such as 3 or 3.5, not {excerpt(text, 20)}"
        ) from None
    if not (math.isfinite(value) and 0 <= value <= MAX_ZIPF):
        raise argparse.ArgumentTypeError(f"a Zipf frequency is from 0 to {MAX_ZIPF:g}, not {excerpt(text, 20)}")
    return value


def add_game_options(parser: argparse.ArgumentParser, multi: bool = True) -> None:
    """Add --game and the lexicon options (--answers, --guesses, --exclude, --not-answers, --common, --length,
    --no-cache)."""
    g = parser.add_argument_group("game and word lists")
    g.add_argument(
        "--game",
        default="wordle",
        metavar="NAME",
        help=f"game preset: {', '.join([*PRESETS, *ADVERSARY_GAMES])} (default: wordle)",
    )
    if multi:
        g.add_argument(
            "--boards",
            type=bounded_int(1, MAX_BOARDS),
            metavar="N",
            help=f"number of boards (user-defined game, 1-{MAX_BOARDS})",
        )
        g.add_argument("--rows", type=bounded_int(1, 100), metavar="R", help="row limit (default: the game's)")
    g.add_argument("--answers", metavar="FILE", help="possible answers, one per line (replaces the bundled list)")
    g.add_argument("--guesses", metavar="FILE", help="accepted guesses, one per line (replaces the bundled list)")
    g.add_argument("--exclude", metavar="FILE", help="forbidden words to drop from both lists")
    g.add_argument(
        "--not-answers",
        metavar="FILE",
        help="words that will not be the answer (e.g. past answers): never candidates, still accepted "
        "and suggested as guesses",
    )
    g.add_argument(
        "--common",
        action="store_true",
        help="suggest only common words: on the answer list, or at least --common-floor on the Zipf "
        "frequency scale; other words are still read as guesses, and suggested once the clues make "
        "one a likely answer",
    )
    g.add_argument(
        "--common-floor",
        type=zipf_floor,
        metavar="ZIPF",
        help=f"the frequency --common asks for, 0-8 (implies --common; default {COMMON_FLOOR:g}: once per "
        "million words)",
    )
    g.add_argument("--length", type=bounded_int(3, 12), metavar="N", help="word length (3-12; user lists)")
    g.add_argument("--no-cache", action="store_true", help="do not read or write the on-disk cache")


def common_from_args(args: argparse.Namespace) -> float | None:
    """Return the common-words floor --common/--common-floor ask for (None: every word may be suggested)."""
    floor = getattr(args, "common_floor", None)
    return floor if floor is not None else COMMON_FLOOR if getattr(args, "common", False) else None


def spec_from_args(args: argparse.Namespace) -> GameSpec:
    """Return the game preset chosen by --game/--boards/--rows (the adversary's games only in the commands that
    play them)."""
    spec = game_spec(args.game, getattr(args, "boards", None), getattr(args, "rows", None))
    command = getattr(args, "command", None)
    if spec.adversary and command is not None and command not in ADVERSARY_COMMANDS:
        raise ChuteError(
            f"chute {command} does not play {spec.name}; {spec.name} is played by chute "
            + ", ".join(ADVERSARY_COMMANDS[:-1])
            + f" and {ADVERSARY_COMMANDS[-1]}"
        )
    return spec


def lexicon_from_args(args: argparse.Namespace) -> Lexicon:
    """Return the lexicon chosen by the game and list options (``game.words.lexicon_for``), reporting
    dropped entries."""
    spec = spec_from_args(args)
    lexicon = lexicon_for(
        spec.lexicon,
        args.answers,
        args.guesses,
        args.exclude,
        getattr(args, "not_answers", None),
        args.length,
        common_from_args(args),
        not getattr(args, "no_cache", False),
    )
    if lexicon.dropped and not getattr(args, "json", False):
        print(f"chute: note: {dropped_note(lexicon)}", file=sys.stderr)
    return lexicon


def read_words_arg(
    words: list[str] | None, words_file: str | None, length: int | None, quiet: bool = False
) -> Lexicon | None:
    """Return a lexicon of the words given by --words/--words-file, or None if neither; the entries that are not
    words are named in a note (unless ``quiet``)."""
    if not words and not words_file:
        return None
    items: list[str] = []
    if words:
        items.extend(words)
    if words_file:
        wl = read_word_file(words_file, length)
        items.extend(wl.spellings.values())
        items.extend(sorted(wl.rejected))  # dropped again below, and named
    if not items:
        raise ChuteError("no words given")
    lexicon = words_lexicon(items, length)
    if lexicon.dropped and not quiet:
        print(f"chute: note: {dropped_note(lexicon)}", file=sys.stderr)
    return lexicon


def add_history_option(parser: argparse.ArgumentParser) -> None:
    """Add --no-history: keep this game out of your history (``chute stats``)."""
    parser.add_argument(
        "--no-history",
        action="store_true",
        help="do not keep this game in your history (chute stats): e.g. someone else's game; "
        "a game on word lists of your own is never kept",
    )


def history_wanted(args: argparse.Namespace) -> bool:
    """Return whether the game of this command goes in your history: not with --no-history, nor on lists of one's own."""
    return not getattr(args, "no_history", False) and all(
        getattr(args, name, None) is None for name in ("answers", "guesses", "length")
    )
