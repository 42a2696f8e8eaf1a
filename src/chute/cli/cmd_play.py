"""``chute play SECRET``: the solver plays a whole game against a known secret (seed 004's play-game)."""

from __future__ import annotations

import argparse
import sys
import json

from .common import add_game_options, bounded_int
from .solving import add_solver_options


def register(subparsers) -> None:
    """Add the ``play`` sub-command."""
    p = subparsers.add_parser(
        "play", help="watch the solver play a game against a known secret",
        description="Play a whole game against SECRET with the chosen strategy, printing each guess "
                    "as coloured tiles and the number of candidates left. Exit status 0 when solved "
                    "within the game's rows, 1 otherwise.",
        epilog="examples: chute play crane | chute play aahed | chute play --game termo --strict "
               "termo | chute play crane --strategy minimax --json")
    p.add_argument("secret", metavar="SECRET", nargs="+",
                   help="the word to find (one per board in multi-board games: --game quarteto W1 W2 W3 W4)")
    p.add_argument("--max-guesses", type=bounded_int(1, 200), metavar="N",
                   help="stop after N guesses (default: play until solved)")
    p.add_argument("--json", action="store_true", help="print the game as JSON")
    add_solver_options(p)
    add_game_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play the game and print it; return 0 if solved within the rows, else 1."""
    from ..render import plural, tiles, use_colour
    from .common import spec_from_args
    from .solving import count_text, note, show, single_board, solver_from_args
    if spec_from_args(args).boards > 1:          # multi-board games: chute.cli.multi
        from .multi import run_play
        return run_play(args)
    if len(args.secret) != 1:
        from ..errors import ChuteError
        raise ChuteError(f"{spec_from_args(args).name} has one board: give one secret word")
    args.secret = args.secret[0]
    single_board(args)
    rows = spec_from_args(args).rows
    solver = solver_from_args(args)
    result = solver.play(args.secret, rows=rows, max_guesses=args.max_guesses)
    lexicon = solver.lexicon
    if args.json:
        data = result.to_dict(lexicon.show)
        data["rows"] = rows
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0 if result.solved else 1
    for clue, left, notes in zip(result.clues, result.left, result.row_notes):
        for message in notes:
            note(message)
        tail = "" if clue.solved else f"  {count_text(left)}"
        print(f"{tiles(lexicon.show(clue.guess), clue.pattern, use_colour(sys.stdout))}{tail}")
    secret = show(lexicon, result.secret)
    if result.solved:
        print(f"solved {secret} in {result.guesses}/{rows}")
    elif result.clues and result.clues[-1].solved:
        print(f"found {secret} in {result.guesses}, over the {plural(rows, 'row')}")
    else:
        print(f"not solved: {secret} not found in {plural(result.guesses, 'guess', 'guesses')}")
    return 0 if result.solved else 1
