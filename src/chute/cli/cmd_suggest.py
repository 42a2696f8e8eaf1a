"""``chute suggest [CLUE...]``: the best next guesses after some clues (the opener without clues)."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import NotationError
from ..game.feedback import Clue, parse_board_row, parse_rows
from ..game.games import ADVERSARY_GAMES, PRESETS
from ..game.words_left import said_per_board
from ..language import column, column_key, decimal, percent, phrase, said, strategy_said
from ..playing.multi_solver import MultiSolver
from ..playing.solver import Solver
from ..playing.suggestion import SHOW_CANDIDATES
from ..playing.suggestion_text import likeliest_line, suggestion_table
from . import adversary
from .common import add_game_options, add_lang_option, bounded_int
from .console import waiting_line
from .solving import add_solver_options, solver_from_args

HELP = "the best next guesses after some clues"
DESCRIPTION = (
    "Rank the next guesses for the state the clues leave: each with the strategy's "
    "score, the expected number of candidates left, the worst case, and whether it "
    "could be the answer. Without clues it gives the opener (cached per lexicon and "
    "strategy). The remaining candidates are listed when there are at most 10. "
    "A CLUE is guess:colours (crane:bybgb; Termo's c/i/_, 2/1/0 digits and emoji "
    "tiles work too), GUESS=SCORE (CRANE=.r.N.), or a guess followed by its colours. "
    "In a game of several boards (--game quarteto) a CLUE is one row: the guess and "
    "every board's colours, in board order (toras:bbgyb/gbbbb/bbbbb/ybbbg; '-' for a "
    "board already solved, or only the unsolved boards' colours), and the ranking is "
    "the joint policy's. With --game absurdle (or absurdo, Termo's lists) the ranking is by the fewest "
    "rows that corner the adversary, whatever its ties keep."
)
EPILOG = (
    "examples: chute suggest | chute suggest soare:bbybb until:bbgyb | "
    "chute suggest --game termo --strict serao:__c_i | chute suggest crane bybgb --json | "
    "chute suggest --game dueto toras:bbgyb/gbbbb | chute suggest --game absurdle arise:bbbbb"
)


def add_arguments(p) -> None:
    """Add the ``suggest`` options."""
    p.add_argument("clues", nargs="*", metavar="CLUE", help="played rows, in order")
    p.add_argument("--top", "-n", type=bounded_int(1), default=10, metavar="N", help="how many guesses (default: 10)")
    p.add_argument("--json", action="store_true", help="print JSON (suggestions, candidates, notes)")
    add_lang_option(p, "print the ranking and its notes")
    add_solver_options(p)
    add_game_options(p)


def run(args: argparse.Namespace) -> int:
    """Print the ranked guesses for the clues' state; return 0 (each kind of game printed by its own function,
    chosen before the library builds its solver)."""
    ranking = waiting_line("waiting_rank", args.lang, args.json)  # said on a terminal while the guesses are ranked
    if args.game in ADVERSARY_GAMES:
        return adversary.suggestions_against(args, ranking)
    preset = PRESETS.get(args.game)
    if (args.boards or (preset.boards if preset else 1)) > 1:
        return run_boards(args, ranking)
    solver = solver_from_args(args)
    assert isinstance(solver, Solver)
    lexicon, lang = solver.lexicon, args.lang
    rows = parse_rows(args.clues, lexicon.length)
    clues = [row for row in rows if isinstance(row, Clue)]
    if len(clues) != len(rows):
        raise NotationError(
            "suggest needs played rows (guess and colours), not templates; use 'chute filter' for templates"
        )
    with ranking:
        suggestion = solver.suggest(clues, top=args.top)
    if args.json:
        print(json.dumps(suggestion.to_dict(), ensure_ascii=False, indent=1))
        return 0
    for message in suggestion.notes:
        print(phrase("cli_note", lang, message=said(message, lang)), file=sys.stderr)
    print(
        phrase(
            "left_line",
            lang,
            count=suggestion.state.words_left().said(lang),
            strategy=strategy_said(suggestion.strategy, lang),
        )
        + ("" if clues else phrase("opener", lang))
        + (f" · {phrase(solver.hard, lang)}" if solver.hard else "")
        + (phrase("beyond_lists" if suggestion.state.unlisted else "beyond", lang) if suggestion.fallback else "")
    )
    if suggestion.n_candidates <= SHOW_CANDIDATES:
        print(likeliest_line(suggestion.state, lambda w: lexicon.show(w).upper(), lang))
    if suggestion.ranked:
        print("\n".join(suggestion_table(suggestion, lexicon, lang)))
    return 0


def run_boards(args: argparse.Namespace, ranking) -> int:
    """Print the joint policy's best next guesses for a game of several boards after its rows (``ranking``: what a
    terminal hears meanwhile); return 0."""
    solver = solver_from_args(args)
    assert isinstance(solver, MultiSolver)
    spec = solver.game
    lexicon = solver.lexicon
    lang = args.lang
    rows = [parse_board_row(token, lexicon.length) for token in args.clues]
    if args.json:
        session = solver.session()
        session.replay(rows)
        print(json.dumps({"game": spec.name, **session.report(args.top, lang=lang)}, ensure_ascii=False, indent=1))
        return 0
    with ranking:
        suggestion = solver.suggest(rows, args.top)  # its errors before any output
    session, ranked = suggestion.session, suggestion.ranked
    where: dict[str, list[str]] = {}  # a note once, naming its boards unless it is every board's
    for i, board in enumerate(session.boards, 1):
        for message in board.state.notes:
            where.setdefault(message, []).append(str(i))
    for message, boards in where.items():
        text = said(message, lang)
        text = text if len(boards) == session.n_boards else f"{phrase('board', lang, n=', '.join(boards))}: {text}"
        print(phrase("cli_note", lang, message=text), file=sys.stderr)
    counts = said_per_board(session.words_left(), lang)
    if session.solved:
        print(phrase("all_boards_solved", lang, game=spec.name, used=session.used, rows=spec.rows))
        return 0
    print(phrase("boards_line", lang, game=spec.name, row=session.used + 1, rows=spec.rows, parts=counts))
    for i, board in enumerate(session.boards, 1):
        if not board.solved and board.state.clues and 0 < board.state.n <= SHOW_CANDIDATES:
            print(
                f"{phrase('board', lang, n=i)}: " + " ".join(lexicon.show(w).upper() for w in board.state.likeliest())
            )
    if not ranked:
        print(phrase("cli_note", lang, message=phrase("no_board_left", lang)), file=sys.stderr)
        return 0
    width = lexicon.length + 2
    wide = max(8, len(column("score", lang)))
    print(
        f"{'#':>3}  {column('guess', lang):<{width}} {column('score', lang):>{wide}} {column('bits', lang):>7} "
        f"{column('expected', lang):>9} {column('solves', lang):>7}"
    )
    for k, choice in enumerate(ranked, 1):
        print(
            f"{k:>3}  {lexicon.show(choice.guess).upper():<{width}} {decimal(choice.score, 3, lang):>{wide}} "
            f"{decimal(choice.bits, 3, lang):>7} {decimal(choice.expected, 2, lang):>9} "
            f"{percent(choice.p_hit, lang) if choice.p_hit else '':>7}".rstrip()
        )
    print(column_key(["score", "joint_bits", "joint_expected", "solves"], lang))
    if session.finished:
        print(phrase("cli_note", lang, message=phrase("past_limit", lang, rows=spec.rows)), file=sys.stderr)
    return 0
