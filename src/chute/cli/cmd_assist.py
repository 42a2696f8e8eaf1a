"""``chute assist``: the interactive helper: it suggests a guess, you type the colours the game showed."""

from __future__ import annotations

import argparse
import sys

from .common import add_game_options, bounded_int
from .solving import add_solver_options

HELP = """\
Type the colours the game showed for the suggested guess, in any notation:
  gybbg (green/yellow/black), c/i/_ (Termo), 21002 digits, or emoji tiles.
If you played another word, type it with its colours (crane bybgb, crane:bybgb,
CRANE=.r.N.), or the word alone and then its colours.
Commands: undo (take back the last row), list (the candidates), why WORD
(why a word can or cannot be the answer), new (start over), help.
An empty line, end of input or a solved row ends the session."""


def register(subparsers) -> None:
    """Add the ``assist`` sub-command."""
    p = subparsers.add_parser(
        "assist", help="interactive helper: suggests guesses, you type the colours",
        description="Play alongside a real game: chute suggests a guess, you type the colours the "
                    "game showed (any notation), and it shows the tiles, the candidates left and the "
                    "next suggestion. Commands: undo, list, why WORD, new, help. Without a terminal "
                    "it reads the same lines from standard input (no prompts), so it scripts; then "
                    "the exit status is 2 if any line was refused.",
        epilog="example: printf 'bbgyg\\nbbgyb\\n\\n' | chute assist")
    p.add_argument("--top", "-n", type=bounded_int(1), default=3, metavar="N",
                   help="how many guesses to show each turn (default: 3)")
    add_solver_options(p)
    add_game_options(p)
    p.set_defaults(func=run)


class Assistant:
    """The loop's state and its replies; reads lines, writes to stdout, errors to stderr."""

    def __init__(self, session, top: int, rows: int, interactive: bool):
        self.session = session
        self.solver = session.solver
        self.lexicon = self.solver.lexicon
        self.top = top
        self.rows = rows
        self.interactive = interactive
        self.pending: str | None = None        # a word the user played, waiting for its colours
        self.suggested: str | None = None
        self.seen_notes: set[str] = set()
        self.refused = 0

    # -- output ---------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        """Print a line of the conversation."""
        print(text, flush=True)

    def refuse(self, message: str) -> None:
        """Report a refused line on stderr and count it."""
        self.refused += 1
        print(f"chute: error: {message}", file=sys.stderr, flush=True)

    def notes(self) -> None:
        """Print the current board's notes not said yet."""
        for message in self.board().state.notes:
            if message not in self.seen_notes:
                self.seen_notes.add(message)
                self.say(f"note: {message}")

    def board(self):
        """Return the single board."""
        return self.session.boards[0]

    def prompt_next(self) -> None:
        """Show the candidates (when few) and the next suggestion."""
        from .solving import count_text, show
        state = self.board().state
        suggestion = self.session.suggest(self.top)
        self.suggested = suggestion.best
        if state.n <= 10 and state.clues:
            self.say("candidates: " + " ".join(show(self.lexicon, w) for w in state.candidates))
        others = [show(self.lexicon, r.guess) for r in suggestion.ranked[1:]]
        also = f"  (also {', '.join(others)})" if others else ""
        row = self.session.used + 1
        self.say(f"{count_text(state.n)} · row {row}/{self.rows} · try {show(self.lexicon, self.suggested)}{also}")

    # -- commands -------------------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Act on one input line; return False when the session should end."""
        n = self.lexicon.length
        text = line.strip()
        if not text and len(line) != n:
            return False
        word = text.lower()
        if word in ("quit", "exit", "q"):
            return False
        if word in ("help", "?", "h"):
            self.say(HELP)
            return True
        if word == "undo":
            row = self.session.undo()
            self.pending = None
            self.say(f"took back {row.guess.upper()}" if row else "nothing to undo")
            self.prompt_next()
            return True
        if word == "list":
            from .solving import candidate_lines
            state = self.board().state
            self.say("\n".join(candidate_lines(state.candidates, self.lexicon)))
            return True
        if word == "new":
            self.session.new()
            self.pending = None
            self.seen_notes.clear()
            self.say("new game")
            self.prompt_next()
            return True
        if word.startswith("why"):
            self.say(self.why(text[3:].strip()))
            return True
        return self.row(line)

    def row(self, line: str) -> bool:
        """Read a played row (colours, word + colours, or a word alone) and apply it."""
        from ..errors import ChuteError, NotationError
        from ..feedback import parse_clue, parse_colours
        from ..words import fold
        n = self.lexicon.length
        guess = pattern = None
        try:
            pattern = parse_colours(line.rstrip("\r\n") if len(line.rstrip("\r\n")) == n else line.strip(), n)
            guess = self.pending or self.suggested
        except NotationError:
            try:
                clue = parse_clue(line.strip(), n)
                guess, pattern = clue.guess, clue.pattern
            except NotationError as err:
                word = fold(line.strip())
                if len(word) == n and word in self.lexicon.guess_set:
                    self.pending = word
                    self.say(f"colours for {word.upper()}?")
                    return True
                if len(word) == n and word.isascii() and word.isalpha():
                    self.refuse(f"{line.strip()!r} is neither colours nor a word of the list; to play a "
                                f"word the list lacks, give its colours too ({word}:gybbg)")
                    return True
                self.refuse(str(err))
                return True
        try:
            self.session.play(guess, pattern)
        except ChuteError as err:
            self.refuse(str(err))
            return True
        self.pending = None
        return self.after_row()

    def after_row(self) -> bool:
        """Show the row just played; return False if it solved the game."""
        from ..render import tiles, use_colour
        from .solving import count_text
        board = self.board()
        clue = board.clues[-1]
        self.notes()
        if board.solved:
            self.say(f"{tiles(self.lexicon.show(clue.guess), clue.pattern, use_colour(sys.stdout))}  solved in {self.session.used}")
            return False
        self.say(f"{tiles(self.lexicon.show(clue.guess), clue.pattern, use_colour(sys.stdout))}  {count_text(board.state.n)}")
        self.prompt_next()
        return True

    def why(self, word: str) -> str:
        """Return why a word could or could not be the answer now, and what it would do as a guess."""
        from ..words import fold
        if not word:
            return "why what? write: why WORD"
        w = fold(word)
        state = self.board().state
        name = w.upper()
        if len(w) != self.lexicon.length:
            return f"{name} has {len(w)} letters; the words have {self.lexicon.length}"
        if w in state.candidate_set:
            verdict = f"{name} fits every clue: it could be the answer"
        else:
            verdict = f"{name} cannot be the answer: {self.reason(w, state)}"
        return verdict + self.as_guess(w, state)

    def reason(self, w: str, state) -> str:
        """Return why a word that is not a candidate is ruled out."""
        from ..knowledge import Knowledge
        from ..rules import violation
        if state.clues:
            knowledge = Knowledge.from_clues(state.clues, self.lexicon.length)
            if hasattr(knowledge, "explain"):
                text = knowledge.explain(w)
                if text and text != "Eligible":
                    return text
            else:
                text = violation(w, state.clues, "strict")
                if text:
                    return text.split(": ", 1)[1]
        if w not in self.lexicon.guess_set:
            return "it is not in the word list"
        return "it fits the clues but is not in the answer list"

    def as_guess(self, w: str, state) -> str:
        """Return what the word would do as the next guess (or why it is not allowed)."""
        import numpy as np
        from ..rules import violation
        from ..strategies.base import describe
        row = self.lexicon.guess_index.get(w)
        if row is None or state.n == 0:
            return ""
        illegal = violation(w, state.clues, state.rule)
        if illegal:
            return f"; as a guess it is not allowed ({illegal})"
        r = describe(state, np.array([row]), [0.0])[0]
        return f"; as a guess it leaves {r.expected:.1f} candidates on average, at worst {r.worst}"


def run(args: argparse.Namespace) -> int:
    """Run the interactive loop until solved, an empty line or end of input; return 0 (2 if lines were refused without a terminal)."""
    from ..game import Session
    from .common import spec_from_args
    from .solving import single_board, solver_from_args
    if spec_from_args(args).boards > 1:          # multi-board games: chute.cli.multi
        from .multi import run_assist
        return run_assist(args)
    single_board(args)
    rows = spec_from_args(args).rows
    solver = solver_from_args(args)
    interactive = sys.stdin.isatty()
    assistant = Assistant(Session(solver, 1, None), args.top, rows, interactive)
    if interactive:
        assistant.say("type the colours the game shows (help for more; empty line to stop)")
    assistant.prompt_next()
    while True:
        try:
            line = input("> ") if interactive else sys.stdin.readline()
        except EOFError:
            break
        if not interactive and line == "":
            break
        if not assistant.handle(line.rstrip("\r\n") if interactive else line.rstrip("\n").rstrip("\r")):
            break
    return 2 if assistant.refused and not interactive else 0
