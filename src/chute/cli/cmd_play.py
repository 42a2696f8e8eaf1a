"""``chute play SECRET``: the solver plays a whole game against a known secret (WORDLE-SOLVE's play-game)."""

from __future__ import annotations

import argparse
import json
import shutil
import sys

from ..errors import ChuteError
from ..game.feedback import all_green
from ..game.fits import words_left
from ..game.games import MAX_ROWS, played_on
from ..game.render import tiles, use_colour, width
from ..language import column, counted, phrase
from ..playing.absurdle import AbsurdleSolver
from . import adversary
from .common import add_game_options, add_lang_option, bounded_int, spec_from_args
from .console import note, waiting_line
from .solving import add_solver_options, session_from_args, solver_from_args

HELP = "watch the solver play a game against a known secret, or play Absurdle against chute"
DESCRIPTION = (
    "Play a whole game against SECRET with the chosen strategy, printing each guess "
    "as coloured tiles and the number of candidates left. Exit status 0 when solved "
    "within the game's rows, 1 otherwise. With --game absurdle (or absurdo) you play: each guess is "
    "answered by the adversary, who keeps the most words; the end says your rows against the fewest that "
    "always win, with a share text."
)
EPILOG = (
    "examples: chute play crane | chute play aahed | chute play --game termo --strict "
    "termo | chute play crane --strategy minimax --json | chute play --game absurdle"
)


def add_arguments(p) -> None:
    """Add the ``play`` options."""
    p.add_argument(
        "secret",
        metavar="SECRET",
        nargs="*",
        help="the word to find (one per board in multi-board games: --game quarteto W1 W2 W3 W4); with --game "
        "absurdle, your guesses (none: typed one a line)",
    )
    p.add_argument(
        "--max-guesses",
        type=bounded_int(1, MAX_ROWS),
        metavar="N",
        help="stop after N guesses (default: play until solved)",
    )
    p.add_argument("--json", action="store_true", help="print the game as JSON")
    add_lang_option(p, "print the game")
    add_solver_options(p)
    add_game_options(p)


def run(args: argparse.Namespace) -> int:
    """Play the game and print it (tiles for one board, a grid for several); return 0 if solved within the rows."""
    if spec_from_args(args).adversary:
        solver = solver_from_args(args)
        assert isinstance(solver, AbsurdleSolver)
        return adversary.play_against(args, solver)
    if not args.secret:
        raise ChuteError("give the SECRET word to play against (one per board)")
    session, spec = session_from_args(args, args.secret, unlisted=True)
    with waiting_line("waiting_play", args.lang, args.json):
        session.autoplay(args.max_guesses or (MAX_ROWS if spec.boards == 1 else played_on(spec.rows, spec.boards)))
    lexicon = session.solver.lexicon
    won = session.solved and session.used <= spec.rows
    if args.json:
        print(json.dumps(game_json(session, spec), ensure_ascii=False, indent=1))
        return 0 if won else 1
    lang = args.lang
    if spec.boards == 1:
        clues = session.boards[0].state.clues
        for k, row in enumerate(session.history):
            for _, message in row.notes:
                note(message, lang=lang)
            left = words_left(lexicon, clues[: k + 1])
            tail = "" if row.patterns[0] == all_green(lexicon.length) else f"  {left.said(lang)}"
            print(f"{tiles(lexicon.show(row.guess), row.patterns[0], use_colour(sys.stdout))}{tail}")
    else:
        print("\n".join(grid_lines(session, spec, lang=lang)))
    if session.refused:
        shown = " ".join(w.upper() for w in session.refused[:12])
        more = len(session.refused) - 12
        print(phrase("played_refused", lang, words=shown + (f" ... ({len(session.refused):,})" if more > 0 else "")))
    shown = " ".join(lexicon.show(w).upper() for w in session.secrets)
    if won:
        print(phrase("played_solved", lang, words=shown, used=session.used, rows=spec.rows))
    elif session.solved:
        print(phrase("played_over", lang, words=shown, used=session.used, rows=counted(spec.rows, "row", lang)))
    elif spec.boards == 1:
        print(phrase("played_lost", lang, words=shown, guesses=counted(session.used, "guess", lang)))
    else:
        print(phrase("played_lost_boards", lang, rows=counted(session.used, "row", lang)))
    return 0 if won else 1


def game_json(session, spec) -> dict:
    """Return a played game as JSON data (accented spellings): one board flat, several per board."""
    show = session.solver.lexicon.show
    won = session.solved and session.used <= spec.rows
    if spec.boards == 1:
        board = session.boards[0]
        return {
            "secret": show(session.secrets[0]),
            "solved": won,
            "guesses": session.used,
            "rows": spec.rows,
            "clues": [{"guess": show(r.guess), "pattern": r.patterns[0], "left": r.left[0]} for r in session.history],
            "fallback": board.state.fallback,
            "notes": list(board.state.notes),
            "refused": list(session.refused),
        }
    at = session.solved_at()
    boards = [
        {"secret": show(board.secret), "solved_at": at[i], "patterns": patterns}
        for i, (board, patterns) in enumerate(zip(session.boards, session.board_patterns()))
    ]
    return {
        "game": spec.name,
        "boards": spec.boards,
        "rows": spec.rows,
        "lexicon": session.solver.lexicon.name,
        "policy": session.player.name,
        "guesses": [show(r.guess) for r in session.history],
        "rows_used": session.used,
        "solved": won,
        "board": boards,
    }


def grid_lines(session, spec, counts: bool = True, columns: int | None = None, lang: str = "en") -> list[str]:
    """Return the game as a grid, one line per row and a column of tiles per board, in bands that fit ``columns``."""

    lexicon = session.solver.lexicon
    colour = use_colour(sys.stdout)
    cell = width("x" * lexicon.length, colour)
    digits = max([3] + [len(str(n)) for row in session.history for n in row.left if n is not None])
    col = cell + (digits + 2 if counts else 1)
    columns = columns or shutil.get_terminal_size((80, 24)).columns
    label = max(3, len(column("row", lang)))  # the row numbers' column
    fit = max(1, min(spec.boards, (columns - label - 2) // col))
    bands = -(-spec.boards // fit)
    per_band = -(-spec.boards // bands)  # balanced: Quordle in 80 columns is 2 + 2, not 3 + 1
    lines: list[str] = []
    for first in range(0, spec.boards, per_band):
        band = range(first, min(first + per_band, spec.boards))
        if lines:
            lines.append("")
        lines.append(
            f"{column('row', lang):>{label}}  "
            + "".join(f"{phrase('board', lang, n=i + 1):<{col}}" for i in band).rstrip()
        )
        for r, row in enumerate(session.history):
            if all(row.patterns[i] is None for i in band):
                continue
            cells = []
            for i in band:
                p = row.patterns[i]
                if p is None:
                    cells.append(" " * col)
                    continue
                text = tiles(lexicon.show(row.guess), p, colour)
                tail = " ✓" if p == all_green(len(p)) else (f" {row.left[i]:>{digits}}" if counts else "")
                cells.append(text + tail.ljust(col - cell))
            lines.append(f"{r + 1:>{label}}  " + "".join(cells).rstrip())
    return lines
