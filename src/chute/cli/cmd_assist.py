"""``chute assist``: the interactive helper for 1 to N boards: it suggests a guess, you type the colours the game showed."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from ..feedback import SOLVED_MARKS
from .common import add_game_options, bounded_int
from .solving import add_solver_options

SESSION_HELP = """\
Type the colours the game showed for the suggested guess, in any notation:
  gybbg (green/yellow/black), c/i/_ (Termo), 21002 digits, or emoji tiles.
If you played another word, type it first (crane bybgb, crane:bybgb, CRANE=.r.N.),
or the word alone and then its colours.
Several boards: the colours of every unsolved board on one line, separated by
spaces, commas or | (bbygb gbbbb | ggggg), or one board per line (chute asks
for the next); - for a board already solved if you type all of them.
Commands: undo (take back the last row), list [N] (the candidates, likeliest first; of board N),
why WORD [N] (why a word can or cannot be the answer), reject WORD (the game
refused it: never suggested again, remembered), new (start over), quit, help. Blank lines and a pasted share text's header are skipped.
End of input (Ctrl-D) or quit ends the session; on a terminal it is saved
after every row, and 'chute assist --resume' continues it."""

SEPARATORS = re.compile(r"[\s,|;]+")
QUIT = {"quit", "exit", "q"}


HELP = "interactive helper: suggests guesses, you type the colours"
DESCRIPTION = ("Play alongside a real game of one or more boards: chute suggests a guess, you "
               "type the colours the game showed (any notation), and it shows the tiles, the "
               "candidates left and the next suggestion. Commands: undo, list, why WORD, reject "
               "WORD, new, quit, help. On a terminal the game is saved after every row (--resume continues "
               "it). Without a terminal it reads the same lines from standard input (no "
               "prompts), so it scripts; then the exit status is 2 if any line was refused.")
EPILOG = ("examples: printf 'bbgyg\\nbbgyb\\n' | chute assist | chute assist --game quarteto | "
          "chute assist --resume")


def add_arguments(p) -> None:
    """Add the ``assist`` options."""
    p.add_argument("--top", "-n", type=bounded_int(1), default=3, metavar="N",
                   help="how many guesses to show each turn (default: 3)")
    p.add_argument("--resume", action="store_true",
                   help="continue the game saved by the last assist session of this game")
    p.add_argument("--session", metavar="FILE",
                   help="save the game to FILE after every row (default on a terminal: chute's state "
                        "folder, one file per game)")
    add_solver_options(p)
    add_game_options(p)


class Assistant:
    """The loop's state and its replies for a session of 1 to N boards; writes to stdout, errors to stderr."""

    def __init__(self, session, top: int, rows: int, save_path: Path | None = None):
        self.session = session
        self.lexicon = session.solver.lexicon
        self.top = top
        self.rows = rows
        self.save_path = save_path
        self.pending: str | None = None         # a word the user played, waiting for its colours
        self.partial: list[str] = []            # patterns read so far for this row (one board per line)
        self.suggested: str | None = None
        self.noted: set[tuple[int, str]] = set()
        self.refused = 0

    # -- output ---------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        """Print a line of the conversation."""
        print(text, flush=True)

    def refuse(self, message: str) -> None:
        """Report a refused line on stderr and count it."""
        from . import one_line
        self.refused += 1
        print(f"chute: error: {one_line(message)}", file=sys.stderr, flush=True)

    def show(self, word: str) -> str:
        """Return a word for display (accents kept, upper case)."""
        return self.lexicon.show(word).upper()

    @property
    def single(self) -> bool:
        """Return whether the game has one board."""
        return self.session.n_boards == 1

    def notes(self) -> None:
        """Print every board's notes not said yet."""
        for i, board in enumerate(self.session.boards):
            for message in board.state.notes:
                if (i, message) not in self.noted:
                    self.noted.add((i, message))
                    self.say(f"note: {message}" if self.single else f"note: board {i + 1}: {message}")

    def prompt_next(self) -> None:
        """Show the candidates (when few), the next suggestion, and any note the suggestion raised."""
        from .solving import count_text
        s = self.session
        self.partial = []
        if s.solved:
            return
        ranked = s.ranked(self.top)
        open_ = s.open_boards()
        self.suggested = ranked[0].guess if ranked else None
        one_left = all(s.boards[i].state.n == 1 for i in open_) and len(open_) == 1
        others = [] if one_left else [self.show(r.guess) for r in ranked[1:]]
        also = f"  (also {', '.join(others)})" if others else ""
        # no suggestion when no open board has a word of the lists left (answers chute does not know)
        advice = (f"try {self.show(self.suggested)}{also}" if ranked
                  else "no guess to suggest: type the word you played and its colours")
        if self.single:
            state = s.boards[0].state
            if 0 < state.n <= 10 and state.clues:
                self.say("candidates: " + " ".join(self.show(w) for w in state.likeliest()))
            self.say(f"{count_text(state.n)} · row {s.used + 1}/{self.rows} · {advice}")
        else:
            for i in open_:
                st = s.boards[i].state
                if st.clues and 0 < st.n <= 10:
                    self.say(f"board {i + 1}: " + " ".join(self.show(w) for w in st.likeliest()))
            parts = [f"{i + 1}: solved" if b.solved else f"{i + 1}: {b.state.n:,}" for i, b in enumerate(s.boards)]
            self.say(f"candidates {' · '.join(parts)} · row {s.used + 1}/{self.rows} · {advice}")
        self.notes()

    def save(self) -> None:
        """Write the game to the save file (atomically), or remove the file once the game is solved."""
        if self.save_path is None:
            return
        import json
        from ..errors import ChuteError
        from ..files import write_atomic
        try:
            if self.session.solved:
                self.save_path.unlink(missing_ok=True)
                return
            self.save_path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.save_path, json.dumps(self.session.to_dict(), ensure_ascii=False), "saved game")
        except (OSError, ChuteError) as err:
            self.refuse(f"cannot save the game ({err}); going on without saving")
            self.save_path = None

    # -- commands -------------------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Act on one input line; return False when the session should end."""
        from ..share import is_header_line
        text = line.strip()
        if not text:
            if self.single and len(line) == self.lexicon.length:
                return self.row(line)              # Termo's all-blank pattern: five spaces
            return True
        word = text.lower()
        command, _, rest = word.partition(" ")
        if word in QUIT:
            return False
        if word in ("help", "?", "h"):
            self.say(SESSION_HELP)
        elif word == "undo":
            self.undo()
        elif word == "new":
            self.session.new()
            self.pending = None
            self.noted.clear()
            self.say("new game")
            self.save()
            self.prompt_next()
        elif command == "list" and (not rest or rest.strip().isdigit()):
            self.list_candidates(rest.split())
        elif command == "why":
            self.why(text[3:].strip())
        elif command == "reject":
            self.reject(text[6:].strip())
        elif is_header_line(text):
            self.say("(share text: its rows are read as the colours of the suggested guesses)")
        else:
            return self.row(line)
        return True

    def reject(self, text: str) -> None:
        """Stop suggesting a word the game refused, remember it in the user's list, and suggest again."""
        from ..errors import ChuteError
        from ..words import fold
        if not text or len(text.split()) != 1:
            self.say("reject what? write: reject WORD (a word the game refused)")
            return
        try:
            word = self.session.reject(text)
        except ChuteError as err:
            self.refuse(str(err))
            return
        from ..refused import refused_path, remember_refused
        from .solving import note
        path = refused_path(self.lexicon.name)
        try:
            remember_refused(path, self.session.solver.avoided)
            self.say(f"{self.show(word)} will not be suggested again (remembered in {path})")
        except ChuteError as err:
            note(str(err))
            self.say(f"{self.show(word)} will not be suggested again in this session")
        if self.pending and fold(self.pending) == word:
            self.pending = None
        self.prompt_next()

    def undo(self) -> None:
        """Clear a half-typed row, or take back the last row played."""
        if self.partial or self.pending:
            self.partial, self.pending = [], None
            self.say("row cleared")
        else:
            row = self.session.undo()
            self.say(f"took back {self.show(row.guess)}" if row else "nothing to undo")
            self.save()
        self.prompt_next()

    def board_numbers(self, args: list[str]) -> list[int] | None:
        """Return the boards a command names (all open boards by default); None, refused, if none such."""
        s = self.session
        if not args:
            return s.open_boards() or list(range(s.n_boards))
        try:
            which = int(args[0]) - 1
        except ValueError:
            self.refuse(f"expected a board number, not {args[0][:20]!r}")
            return None
        if not 0 <= which < s.n_boards:
            self.refuse(f"there is no board {args[0]}; boards are 1 to {s.n_boards}")
            return None
        return [which]

    def list_candidates(self, args: list[str]) -> None:
        """Print the candidates of one board (or of every unsolved board)."""
        from .solving import candidate_lines
        which = self.board_numbers(args)
        if which is None:
            return
        for i in which:
            board = self.session.boards[i]
            lines = "\n".join(candidate_lines(board.state.likeliest(), self.lexicon))
            if self.single:
                self.say(lines)
            elif board.solved:
                self.say(f"board {i + 1}: solved ({self.show(board.clues[-1].guess)})")
            else:
                self.say(f"board {i + 1} ({board.state.n:,}):\n{lines}")

    def why(self, text: str) -> None:
        """Say why a word could or could not be the answer on each board asked, and what it does as a guess."""
        from ..feedback import parse_word
        from ..errors import NotationError
        words = text.split()
        if not words:
            self.say("why what? write: why WORD" + ("" if self.single else " [BOARD]"))
            return
        try:
            w = parse_word(words[0])
        except NotationError as err:
            self.refuse(str(err))
            return
        n = self.lexicon.length
        if len(w) != n:
            self.say(f"{words[0].upper()} has {len(w)} letters; the words have {n}")
            return
        which = self.board_numbers(words[1:])
        if which is None:
            return
        if w not in self.lexicon.guess_set:
            self.say(f"{w.upper()} is not in the {self.lexicon.name} word list: the game may refuse it")
        from ..solver import why
        for i in which:
            verdict = why(self.session.boards[i].state, w)
            head = "" if self.single else f"board {i + 1}: "
            self.say(head + verdict.text(self.show, as_guess=self.single))

    # -- rows ----------------------------------------------------------------------

    def row(self, line: str) -> bool:
        """Read a played row (colours, word + colours, or a word alone) and play it when complete."""
        from ..errors import NotationError
        from ..feedback import looks_like_colours, parse_clue, parse_colours
        n = self.lexicon.length
        if self.session.solved:
            self.refuse("the game is over: every board is solved (new starts another)")
            return True
        text = line.rstrip("\r\n")
        if len(self.session.open_boards()) == 1 and not self.partial:
            try:                                     # the whole line as one board's colours
                pattern = parse_colours(text if len(text) == n else text.strip(), n)
                return self.play(self.pending or self.suggested, [pattern])
            except NotationError as err:
                if looks_like_colours(text.strip()) and not SEPARATORS.search(text.strip()):
                    self.refuse(str(err))
                    return True
            try:
                clue = parse_clue(text.strip(), n)
                return self.play(clue.guess, [clue.pattern])
            except NotationError:
                pass
        return self.tokens([t for t in SEPARATORS.split(text.strip()) if t])

    def tokens(self, tokens: list[str]) -> bool:
        """Read a word and/or patterns split on separators; wait for more boards, or play the row."""
        from ..errors import NotationError
        from ..feedback import looks_like_colours, parse_colours
        from ..words import fold, is_word
        n = self.lexicon.length
        s = self.session
        first = tokens[0]
        if first not in SOLVED_MARKS and not looks_like_colours(first):
            w = fold(first)
            if len(w) != n or not is_word(w):
                self.refuse(f"{first[:40]!r} is neither colours nor a word of {n} letters")
                return True
            if self.partial:
                self.refuse("finish the colours of this row first (or undo)")
                return True
            if len(tokens) == 1 and self.single and w not in self.lexicon.guess_set:
                self.refuse(f"{first!r} is not a word of the list; to play a word the list lacks, "
                            f"give its colours too ({w}:gybbg)")
                return True
            self.pending = w
            tokens = tokens[1:]
            if not tokens:
                self.say(f"colours for {self.show(w)}?")
                return True
        open_ = s.open_boards()
        try:
            pats = [None if t in SOLVED_MARKS else parse_colours(t, n) for t in tokens]
        except NotationError as err:
            self.refuse(str(err))
            return True
        if not self.partial and len(pats) == s.n_boards:      # every board typed: keep the unsolved ones
            try:
                pats = s.open_patterns(pats)
            except NotationError as err:
                self.refuse(str(err))
                return True
        if any(p is None for p in pats):
            self.refuse("a board that is not solved needs its colours, not '-'")
            return True
        pats = self.partial + pats
        if len(pats) > len(open_):
            self.refuse(f"{len(pats)} patterns for {len(open_)} unsolved boards")
            self.partial = []
            return True
        if len(pats) < len(open_):
            self.partial = pats
            self.say(f"board {open_[len(pats)] + 1}?")
            return True
        return self.play(self.pending or self.suggested, pats)

    def play(self, guess: str, patterns: list[str]) -> bool:
        """Play the row on the session; show it; return False when every board is solved."""
        from ..errors import ChuteError
        self.partial = []
        if guess is None:
            self.refuse("no guess was suggested: type the word you played, then its colours")
            return True
        try:
            self.session.play(guess, patterns)
        except ChuteError as err:
            self.refuse(str(err))
            return True
        self.pending = None
        self.save()
        return self.after_row()

    def after_row(self) -> bool:
        """Show the row just played on every board; return False when every board is solved."""
        from ..render import tiles, use_colour
        from .solving import count_text
        s = self.session
        row = s.history[-1]
        colour = use_colour(sys.stdout)
        self.notes()
        for i, p in enumerate(row.patterns):
            if p is None:
                continue
            board = s.boards[i]
            shown = tiles(self.lexicon.show(row.guess), p, colour)
            if self.single:
                tail = f"solved in {s.used}" if board.solved else count_text(board.state.n)
                self.say(f"{shown}  {tail}")
            else:
                tail = "solved" if board.solved else count_text(board.state.n)
                self.say(f"board {i + 1}: {shown}  {tail}")
        if s.solved:
            if not self.single:
                over = "" if s.used <= self.rows else f", over the {self.rows} rows"
                self.say(f"all {s.n_boards} boards solved in {s.used}{over}")
            return False
        self.prompt_next()
        return True


def resume(session, path: Path):
    """Return the session saved at ``path``, replayed on ``session``'s solver (a new one if none is saved)."""
    import json
    from ..errors import ChuteError
    from ..files import read_limited
    from ..session import Session
    from .solving import note
    if not path.exists():
        note(f"no unfinished game saved in {path}; starting a new one")
        return session
    try:
        data = json.loads(read_limited(path, "saved game").decode("utf-8"))
        saved = Session.from_dict(session.solver, data, session.player)
    except (ValueError, RecursionError):
        raise ChuteError(f"the saved game {path} is damaged; start a new game without --resume") from None
    if saved.n_boards != session.n_boards:
        raise ChuteError(f"the saved game {path} has {saved.n_boards} boards, not {session.n_boards}")
    saved.rows = session.rows
    return saved


def run(args: argparse.Namespace) -> int:
    """Run the interactive loop until solved, quit or end of input; return 0 (2 if lines were refused without a terminal)."""
    from .console import input_lines, stdin_is_terminal
    from ..files import default_state_dir
    from .solving import note
    from .solving import session_from_args
    session, spec = session_from_args(args)
    interactive = stdin_is_terminal()
    save_path = Path(args.session) if args.session else (
        default_state_dir() / f"assist-{spec.name}.json" if interactive else None)
    if args.session:
        from ..files import check_output
        check_output(args.session, "--session")
    if args.resume:
        if save_path is None:
            from ..errors import ChuteError
            raise ChuteError("--resume without a terminal needs --session FILE (the file to continue)")
        session = resume(session, save_path)
    elif save_path is not None and save_path.exists():
        note(f"an unfinished {spec.name} game is saved in {save_path}: 'chute assist --resume' continues it "
             "(it is replaced once you play a row here)")
    from ..refused import apply_refused
    apply_refused(session, session.solver.lexicon.name)
    assistant = Assistant(session, args.top, spec.rows, save_path)
    if interactive:
        boards = "" if spec.boards == 1 else f"{spec.boards} boards, "
        assistant.say(f"{spec.name}: {boards}{spec.rows} rows. Type the colours the game shows "
                      "(help for more; quit or Ctrl-D to stop)")
    if session.history:
        assistant.say(f"resumed after {session.used} row{'' if session.used == 1 else 's'}: "
                      + " ".join(assistant.show(r.guess) for r in session.history))
    assistant.prompt_next()
    for line in input_lines():
        if not assistant.handle(line):
            break
    return 2 if assistant.refused and not interactive else 0
