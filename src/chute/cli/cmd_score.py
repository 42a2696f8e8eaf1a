"""``chute score GUESS SECRET...``: the pattern a guess gets against each secret."""

from __future__ import annotations

import argparse
import json
import unicodedata

from ..errors import NotationError
from ..game.feedback import format_clue, parse_word, score
from ..game.games import game_spec
from ..game.render import tiles
from ..game.words import BUNDLED_LENGTH
from ..language import counted

NOTATION_HELP = "gyb, clue, guess-score, emoji, termo or digits"


HELP = "the pattern a guess gets against one or more secrets"
DESCRIPTION = (
    "Score GUESS against each SECRET with the exact rule (greens first, then "
    "yellows left to right while unmatched copies remain). Accents are ignored."
)
EPILOG = (
    "examples: chute score speed abide | chute score --json crane cigar rebut | "
    "chute score --notation guess-score chest ocean"
)


def add_arguments(p) -> None:
    """Add the ``score`` options."""
    p.add_argument("guess", metavar="GUESS")
    p.add_argument("secrets", nargs="+", metavar="SECRET")
    p.add_argument(
        "--json", action="store_true", help='print a JSON list of {"guess", "secret", "pattern"} (pattern like "gybbg")'
    )
    p.add_argument(
        "--notation",
        metavar="NAME",
        help=f"print only the pattern, one line per secret, in this notation ({NOTATION_HELP})",
    )
    p.add_argument(
        "--game", metavar="NAME", help="check that the words have the game's length (wordle, termo, ...: 5 letters)"
    )


def _display(text: str) -> str:
    """Return the word as the user spelled it, lower case (accents kept for display)."""
    return unicodedata.normalize("NFC", text.strip()).lower()


def run(args: argparse.Namespace) -> int:
    """Print the pattern of the guess against each secret; return the exit status."""

    guess = parse_word(args.guess, "guess")
    if args.game:
        spec = game_spec(args.game)
        if len(guess) != BUNDLED_LENGTH:
            raise NotationError(
                f"guess {args.guess!r} has {counted(len(guess), 'letter')}; {spec.name} words have {BUNDLED_LENGTH}"
            )
    secrets = [parse_word(s, "secret") for s in args.secrets]
    for text, secret in zip(args.secrets, secrets):
        if len(secret) != len(guess):
            raise NotationError(
                f"secret {text!r} has {counted(len(secret), 'letter')}, but guess {args.guess!r} has {len(guess)}"
            )
    if args.notation:
        format_clue(guess, "b" * len(guess), args.notation)  # raises on an unknown notation
    patterns = [score(guess, s) for s in secrets]
    if args.json:
        print(
            json.dumps(
                [{"guess": guess, "secret": s, "pattern": p} for s, p in zip(secrets, patterns)], ensure_ascii=False
            )
        )
        return 0
    if args.notation:
        for p in patterns:
            print(format_clue(guess, p, args.notation))
        return 0
    shown = _display(args.guess)
    for text, p in zip(args.secrets, patterns):
        print(f"{tiles(shown, p)}  {p}  secret {_display(text).upper()}")
    return 0
