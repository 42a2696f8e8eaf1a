"""``chute suggest [CLUE...]``: the best next guesses after some clues (the opener without clues)."""

from __future__ import annotations

import argparse
import json

from .common import add_game_options, bounded_int
from .solving import add_solver_options


HELP = "the best next guesses after some clues"
DESCRIPTION = ("Rank the next guesses for the state the clues leave: each with the strategy's "
               "score, the expected number of candidates left, the worst case, and whether it "
               "could be the answer. Without clues it gives the opener (cached per lexicon and "
               "strategy). The remaining candidates are listed when there are at most 10. "
               "A CLUE is guess:colours (crane:bybgb; Termo's c/i/_, 2/1/0 digits and emoji "
               "tiles work too), GUESS=SCORE (CRANE=.r.N.), or a guess followed by its colours.")
EPILOG = ("examples: chute suggest | chute suggest soare:bbybb until:bbgyb | "
          "chute suggest --game termo --strict serao:__c_i | chute suggest crane bybgb --json")


def add_arguments(p) -> None:
    """Add the ``suggest`` options."""
    p.add_argument("clues", nargs="*", metavar="CLUE", help="played rows, in order")
    p.add_argument("--top", "-n", type=bounded_int(1), default=10, metavar="N", help="how many guesses (default: 10)")
    p.add_argument("--json", action="store_true", help="print JSON (suggestions, candidates, notes)")
    add_solver_options(p)
    add_game_options(p, multi=False)


def parse_clues(tokens: list[str], length: int):
    """Return the clues written as command-line tokens (templates are refused here)."""
    from ..errors import NotationError
    from ..feedback import Clue, parse_rows
    rows = parse_rows(tokens, length)
    for row in rows:
        if not isinstance(row, Clue):
            raise NotationError("suggest needs played rows (guess and colours), not templates; "
                                "use 'chute filter' for templates")
    return rows


def run(args: argparse.Namespace) -> int:
    """Print the ranked guesses for the clues' state; return 0."""
    from .solving import (count_text, note, show, single_board, solver_from_args,
                          suggestion_table)
    single_board(args)
    solver = solver_from_args(args)
    lexicon = solver.lexicon
    clues = parse_clues(args.clues, lexicon.length)
    suggestion = solver.suggest(clues, top=args.top)
    if args.json:
        print(json.dumps(suggestion.to_dict(), ensure_ascii=False, indent=1))
        return 0
    for message in suggestion.notes:
        note(message)
    n = suggestion.n_candidates
    opener = "" if clues else " (opener)"
    print(f"{count_text(n)} left · {suggestion.strategy}{opener}"
          + (f" · {solver.hard} mode" if solver.hard else "")
          + (" · beyond the answer list" if suggestion.fallback else ""))
    if n <= 10:
        print("candidates: " + " ".join(show(lexicon, w) for w in suggestion.candidates))
    if suggestion.ranked:
        print("\n".join(suggestion_table(suggestion, lexicon)))
    return 0
