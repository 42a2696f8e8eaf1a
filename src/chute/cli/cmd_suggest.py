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
               "tiles work too), GUESS=SCORE (CRANE=.r.N.), or a guess followed by its colours. "
               "In a game of several boards (--game quarteto) a CLUE is one row: the guess and "
               "every board's colours, in board order (toras:bbgyb/gbbbb/bbbbb/ybbbg; '-' for a "
               "board already solved, or only the unsolved boards' colours), and the ranking is "
               "the joint policy's.")
EPILOG = ("examples: chute suggest | chute suggest soare:bbybb until:bbgyb | "
          "chute suggest --game termo --strict serao:__c_i | chute suggest crane bybgb --json | "
          "chute suggest --game dueto toras:bbgyb/gbbbb")


def add_arguments(p) -> None:
    """Add the ``suggest`` options."""
    p.add_argument("clues", nargs="*", metavar="CLUE", help="played rows, in order")
    p.add_argument("--top", "-n", type=bounded_int(1), default=10, metavar="N", help="how many guesses (default: 10)")
    p.add_argument("--json", action="store_true", help="print JSON (suggestions, candidates, notes)")
    add_solver_options(p)
    add_game_options(p)


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
    from .common import spec_from_args
    from .solving import count_text, note, show, solver_from_args, suggestion_table
    if spec_from_args(args).boards > 1:
        return run_boards(args)
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


def run_boards(args: argparse.Namespace) -> int:
    """Print the joint policy's best next guesses for a game of several boards after its rows; return 0."""
    from ..feedback import parse_board_row
    from .solving import note, session_from_args, show
    session, spec = session_from_args(args)
    lexicon = session.solver.lexicon
    session.replay([parse_board_row(token, lexicon.length) for token in args.clues])
    if args.json:
        print(json.dumps({"game": spec.name, **session.report(args.top)}, ensure_ascii=False, indent=1))
        return 0
    ranked = [] if session.solved else session.ranked(args.top)     # its errors before any output
    where: dict[str, list[str]] = {}          # a note once, naming its boards unless it is every board's
    for i, board in enumerate(session.boards, 1):
        for message in board.state.notes:
            where.setdefault(message, []).append(str(i))
    for message, boards in where.items():
        note(message if len(boards) == session.n_boards else f"board {', '.join(boards)}: {message}")
    counts = " · ".join(f"{i}: solved" if b.solved else f"{i}: {b.state.n:,}" for i, b in enumerate(session.boards, 1))
    if session.solved:
        print(f"{spec.name}: every board is solved, in {session.used} of {spec.rows} rows")
        return 0
    print(f"{spec.name} · row {session.used + 1} of {spec.rows} · candidates {counts} · joint policy")
    for i, board in enumerate(session.boards, 1):
        if not board.solved and board.state.clues and 0 < board.state.n <= 10:
            print(f"board {i}: " + " ".join(show(lexicon, w) for w in board.state.likeliest()))
    if not ranked:
        note("no guess to suggest: no open board has a word of the lists left")
        return 0
    width = lexicon.length + 2
    print(f"{'#':>3}  {'guess':<{width}} {'score':>8} {'bits':>7} {'expected':>9} {'solves':>7}")
    for k, choice in enumerate(ranked, 1):
        print(f"{k:>3}  {show(lexicon, choice.guess):<{width}} {choice.score:>8.3f} {choice.bits:>7.3f} "
              f"{choice.expected:>9.2f} {choice.p_hit:>7.2f}")
    if session.finished:
        note(f"all {spec.rows} rows are used: these guesses play on past the limit")
    return 0
