"""Multi-board games on the command line (Dueto, Quarteto, Dordle, Quordle, Octordle).

``play``, ``assist`` and ``bench`` hand a game with more than one board to the
functions here; the game logic lives in ``chute.multiboard`` (the joint choice)
and ``chute.game`` (the session: boards, rows, undo).
"""

from __future__ import annotations

import argparse
import json
import re
import sys

from .common import bounded_int

HELP = """\
Each round, type the colours every unsolved board showed for the suggested guess,
on one line separated by spaces, commas or | (bbygb gbbbb | ggggg ...), or one
board per line (chute asks for the next board). Any notation: g/y/b, Termo's
c/i/_ (use _ for blanks here), 2/1/0 digits, emoji tiles. Give - for a board
already solved if you type all of them. If you played another word, put it
first: crane bybgb gbbbb ...
Commands: undo (take back the last row), list [N] (candidates, of board N),
new (start over), help. An empty line, end of input or the last board solved
ends the session."""

SEPARATORS = re.compile(r"[\s,|;]+")
SOLVED_MARKS = {"-", "✓", "ok", "solved"}


# ----- options -> library objects ------------------------------------------------------------------
def policy_from_args(args: argparse.Namespace):
    """Return the multi-board policy the options ask for (strategy, opener, candidates only)."""
    from ..errors import ChuteError
    from ..multiboard import DEFAULT
    from dataclasses import replace
    strategy = getattr(args, "strategy", "entropy") or "entropy"
    if strategy == "entropy":
        policy = DEFAULT
    elif strategy == "expected-size":
        policy = replace(DEFAULT, score="expected")
    else:
        raise ChuteError(f"multi-board games choose one guess for all boards with entropy or "
                         f"expected-size, not {strategy}")
    if getattr(args, "depth", 1) and getattr(args, "depth", 1) > 1:
        raise ChuteError("--depth 2 is for one board; multi-board games search their endgame exactly")
    if getattr(args, "opener", None) is not None:
        from ..words import fold
        if not fold(args.opener):
            raise ChuteError("--opener needs a word")
        policy = replace(policy, opener=args.opener)
    if getattr(args, "candidates_only", False):
        policy = replace(policy, candidates_only=True)
    return policy


def make_session(args: argparse.Namespace, secrets=None):
    """Return (session, spec, policy) for a multi-board game described by the options."""
    from ..game import Session
    from ..multiboard import session_chooser
    from ..solver import Solver
    from .common import engine_from_args, lexicon_from_args, spec_from_args
    from ..errors import ChuteError
    spec = spec_from_args(args)
    policy = policy_from_args(args)
    if getattr(args, "rule", None):
        # each board's clues differ, so after the first row hardly any word fits them all
        raise ChuteError(f"hard mode is for one board; {spec.name} has {spec.boards} (no guess could "
                         "keep to every board's clues)")
    lexicon = lexicon_from_args(args)
    engine = engine_from_args(args, lexicon)
    solver = Solver(engine, "entropy", weights=getattr(args, "weights", "auto"))
    session = Session(solver, spec.boards, spec.rows, secrets, chooser=session_chooser(policy))
    return session, spec, policy


# ----- play -------------------------------------------------------------------------------------------
def run_play(args: argparse.Namespace) -> int:
    """Play a whole multi-board game against known secrets; print the grid (or JSON); 0 if solved in time."""
    from ..errors import ChuteError
    from ..words import fold
    from .common import spec_from_args
    spec = spec_from_args(args)
    secrets = [fold(w) for w in args.secret]
    if len(secrets) != spec.boards:
        raise ChuteError(f"{spec.name} has {spec.boards} boards: give {spec.boards} secret words, "
                         f"not {len(secrets)}")
    if len(set(secrets)) != len(secrets):
        raise ChuteError("the secret words of a multi-board game must be different")
    session, spec, policy = make_session(args, secrets)
    lexicon = session.solver.lexicon
    for w in secrets:
        if len(w) != lexicon.length:
            raise ChuteError(f"secret {w!r} must have {lexicon.length} letters")
        if w not in lexicon.guess_set:
            raise ChuteError(f"{w.upper()} is not an accepted word of {lexicon.name}, so no strategy can find it")
    limit = getattr(args, "max_guesses", None) or 2 * spec.rows + spec.boards
    from ..multiboard import session_rank
    while not session.solved and session.used < limit:
        session.play(session_rank(session, policy, 1)[0].guess)
    won = session.solved and session.used <= spec.rows
    if getattr(args, "json", False):
        print(json.dumps(game_json(session, spec, policy), ensure_ascii=False, indent=1))
        return 0 if won else 1
    for line in grid_lines(session, spec):
        print(line)
    shown = " ".join(lexicon.show(w).upper() for w in secrets)
    if won:
        print(f"solved {shown} in {session.used}/{spec.rows}")
    elif session.solved:
        print(f"found {shown} in {session.used}, over the {spec.rows} rows")
    else:
        print(f"not solved in {session.used} rows")
    return 0 if won else 1


def solved_rows(session) -> list[int | None]:
    """Return, per board, the row (1-based) that solved it, or None."""
    out: list[int | None] = [None] * session.n_boards
    for r, row in enumerate(session.history, 1):
        for i, p in enumerate(row.patterns):
            if p is not None and set(p) == {"g"} and out[i] is None:
                out[i] = r
    return out


def game_json(session, spec, policy) -> dict:
    """Return a played multi-board game as a JSON-ready dict (accented spellings)."""
    lexicon = session.solver.lexicon
    at = solved_rows(session)
    boards = []
    for i, board in enumerate(session.boards):
        boards.append({"secret": lexicon.show(board.secret) if board.secret else None,
                       "solved_at": at[i],
                       "patterns": [row.patterns[i] for row in session.history if row.patterns[i] is not None]})
    return {"game": spec.name, "boards": spec.boards, "rows": spec.rows, "lexicon": lexicon.name,
            "policy": policy.label(), "guesses": [lexicon.show(r.guess) for r in session.history],
            "rows_used": session.used, "solved": session.solved and session.used <= spec.rows,
            "board": boards}


def grid_lines(session, spec, counts: bool = True) -> list[str]:
    """Return the game as a grid: one line per row, one column of tiles per board."""
    from ..render import tiles, use_colour, width
    lexicon = session.solver.lexicon
    colour = use_colour(sys.stdout)
    cell = width("x" * lexicon.length, colour)
    sizes = _sizes_after_each_row(session)
    col = cell + (5 if counts else 1)
    lines = [f"{'row':>3}  " + "".join(f"{'board ' + str(i + 1):<{col}}" for i in range(spec.boards)).rstrip()]
    for r, row in enumerate(session.history):
        cells = []
        for i, p in enumerate(row.patterns):
            if p is None:
                cells.append(" " * col)
                continue
            text = tiles(lexicon.show(row.guess), p, colour)
            tail = " ✓" if set(p) == {"g"} else (f" {sizes[r][i]:>3}" if counts else "")
            cells.append(text + tail.ljust(col - cell))
        lines.append(f"{r + 1:>3}  " + "".join(cells).rstrip())
    return lines


def _sizes_after_each_row(session) -> list[list[int]]:
    """Return the candidates left on each board after each row (replaying the history)."""
    solver = session.solver
    states = [solver.initial_state() for _ in range(session.n_boards)]
    out = []
    for row in session.history:
        sizes = []
        for i, p in enumerate(row.patterns):
            if p is not None:
                states[i] = solver.advance(states[i], row.guess, p)
            sizes.append(states[i].n)
        out.append(sizes)
    return out


# ----- assist -----------------------------------------------------------------------------------------
class MultiAssistant:
    """The multi-board loop: suggests one guess, reads every board's colours, shows the boards."""

    def __init__(self, session, spec, policy, top: int, interactive: bool):
        self.session = session
        self.spec = spec
        self.policy = policy
        self.lexicon = session.solver.lexicon
        self.top = top
        self.interactive = interactive
        self.suggested: str | None = None
        self.guess: str | None = None          # the word being entered (suggested or the user's)
        self.partial: list[str] = []           # patterns read so far for this row (one per line mode)
        self.refused = 0
        self.noted: set[tuple[int, str]] = set()   # (board, note) already shown

    def say(self, text: str = "") -> None:
        """Print a line of the conversation."""
        print(text, flush=True)

    def refuse(self, message: str) -> None:
        """Report a refused line on stderr and count it."""
        self.refused += 1
        print(f"chute: error: {message}", file=sys.stderr, flush=True)

    def show(self, word: str) -> str:
        """Return a word for display (accents kept, upper case)."""
        return self.lexicon.show(word).upper()

    def prompt_next(self) -> None:
        """Show the boards' candidates (when few) and the next joint suggestion."""
        from ..multiboard import session_rank
        s = self.session
        open_ = s.open_boards()
        parts = []
        for i, board in enumerate(s.boards):
            parts.append(f"{i + 1}: solved" if board.solved else f"{i + 1}: {board.state.n:,}")
        ranked = session_rank(s, self.policy, self.top)
        self.suggested = ranked[0].guess
        self.guess = None
        self.partial = []
        for i in open_:
            st = s.boards[i].state
            if st.clues and st.n <= 10:
                self.say(f"board {i + 1}: " + " ".join(self.show(w) for w in st.candidates))
        others = [self.show(c.guess) for c in ranked[1:]]
        also = f"  (also {', '.join(others)})" if others else ""
        self.say(f"candidates {' · '.join(parts)} · row {s.used + 1}/{self.spec.rows} · "
                 f"try {self.show(self.suggested)}{also}")

    def handle(self, line: str) -> bool:
        """Act on one input line; return False when the session should end."""
        text = line.strip()
        if not text:
            return False
        word = text.lower()
        if word in ("quit", "exit", "q"):
            return False
        if word in ("help", "?", "h"):
            self.say(HELP)
            return True
        if word == "undo":
            if self.partial:
                self.partial = []
                self.say("row cleared")
            else:
                row = self.session.undo()
                self.say(f"took back {self.show(row.guess)}" if row else "nothing to undo")
            self.prompt_next()
            return True
        if word == "new":
            self.session.new()
            self.noted.clear()
            self.say("new game")
            self.prompt_next()
            return True
        if word.split()[0] == "list":
            self.list_candidates(word.split()[1:])
            return True
        return self.row(text)

    def list_candidates(self, args: list[str]) -> None:
        """Print the candidates of one board (or of every unsolved board)."""
        from .solving import candidate_lines
        s = self.session
        if args:
            try:
                which = [int(args[0]) - 1]
            except ValueError:
                self.refuse(f"list takes a board number, not {args[0]!r}")
                return
            if not 0 <= which[0] < s.n_boards:
                self.refuse(f"there is no board {args[0]}; boards are 1 to {s.n_boards}")
                return
        else:
            which = s.open_boards()
        for i in which:
            board = s.boards[i]
            if board.solved:
                self.say(f"board {i + 1}: solved ({self.show(board.clues[-1].guess)})")
                continue
            self.say(f"board {i + 1} ({board.state.n:,}):")
            self.say("\n".join(candidate_lines(board.state.candidates, self.lexicon)))

    def row(self, text: str) -> bool:
        """Read colours (and maybe the word played) for the current row; play it when complete."""
        from ..errors import ChuteError, NotationError
        from ..feedback import parse_colours
        from ..words import fold
        n = self.lexicon.length
        s = self.session
        tokens = [t for t in SEPARATORS.split(text) if t]
        first = tokens[0]
        is_colours = True
        try:
            parse_colours(first, n)
        except NotationError:
            is_colours = first in SOLVED_MARKS
        if not is_colours:
            w = fold(first)
            if len(w) != n or not w.isascii() or not w.isalpha():
                self.refuse(f"{first!r} is neither colours nor a word of {n} letters")
                return True
            if self.partial:
                self.refuse("finish the colours of this row first (or undo)")
                return True
            self.guess = w
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
        if len(pats) == s.n_boards and len(open_) < s.n_boards and not self.partial:
            pats = [pats[i] for i in open_]           # every board typed: keep the unsolved ones
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
        guess = self.guess or self.suggested
        self.partial = []
        try:
            s.play(guess, pats)
        except ChuteError as err:
            self.refuse(str(err))
            return True
        return self.after_row()

    def after_row(self) -> bool:
        """Show the row just played on every board; return False when every board is solved."""
        from ..render import tiles, use_colour
        s = self.session
        row = s.history[-1]
        colour = use_colour(sys.stdout)
        for i, p in enumerate(row.patterns):
            if p is None:
                continue
            board = s.boards[i]
            tail = "solved" if board.solved else f"{board.state.n:,} candidate{'' if board.state.n == 1 else 's'}"
            self.say(f"board {i + 1}: {tiles(self.lexicon.show(row.guess), p, colour)}  {tail}")
            for message in board.state.notes:
                if (i, message) not in self.noted:
                    self.noted.add((i, message))
                    self.say(f"note: board {i + 1}: {message}")
        if s.solved:
            over = "" if s.used <= self.spec.rows else f", over the {self.spec.rows} rows"
            self.say(f"all {s.n_boards} boards solved in {s.used}{over}")
            return False
        self.prompt_next()
        return True


def run_assist(args: argparse.Namespace) -> int:
    """Run the multi-board assistant until solved, an empty line or end of input."""
    session, spec, policy = make_session(args)
    interactive = sys.stdin.isatty()
    assistant = MultiAssistant(session, spec, policy, getattr(args, "top", 3), interactive)
    if interactive:
        assistant.say(f"{spec.name}: {spec.boards} boards, {spec.rows} rows. Type each board's colours "
                      "(help for more; empty line to stop)")
    assistant.prompt_next()
    while True:
        try:
            line = input("> ") if interactive else sys.stdin.readline()
        except EOFError:
            break
        if not interactive and line == "":
            break
        if not assistant.handle(line.rstrip("\r\n")):
            break
    return 2 if assistant.refused and not interactive else 0


# ----- bench ------------------------------------------------------------------------------------------
def add_bench_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--games N`` (multi-board games to play) to the bench parser."""
    parser.add_argument("--games", type=bounded_int(1, 10**7), metavar="N",
                        help="multi-board games: how many random secret tuples to play (default: 1000)")


def run_bench(args: argparse.Namespace) -> int:
    """Play N seeded random multi-board games; print success rate, rows, distribution, worst tuples."""
    from ..errors import ChuteError
    from ..multiboard import progress_bar, run_many
    from .common import engine_from_args, lexicon_from_args, spec_from_args
    spec = spec_from_args(args)
    policy = policy_from_args(args)
    if getattr(args, "rule", None):
        raise ChuteError("bench plays multi-board games without hard mode")
    games = next((g for g in (getattr(args, "games", None), getattr(args, "sample", None)) if g is not None), 1000)
    jobs = args.jobs
    lexicon = lexicon_from_args(args)
    if spec.boards > len(lexicon.answers):
        raise ChuteError(f"{spec.boards} boards need {spec.boards} different answers; "
                         f"the list has {len(lexicon.answers)}")
    engine = engine_from_args(args, lexicon)
    quiet = getattr(args, "quiet", False) or getattr(args, "json", False)
    from ..bench import can_draw
    progress = None if quiet or not can_draw(sys.stderr) else progress_bar(sys.stderr)
    seed = getattr(args, "seed", 0) or 0
    summary = run_many(spec, games, seed, policy=policy, engine=engine, jobs=jobs, progress=progress,
                       worst=getattr(args, "hardest", 10))
    show = lexicon.show
    if getattr(args, "json", False):
        data = summary.to_dict()
        data["lexicon"] = lexicon.name
        for g in data["worst"]:
            g["secrets"] = [show(w) for w in g["secrets"]]
            g["guesses"] = [show(w) for w in g["guesses"]]
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    for line in bench_report(summary, lexicon):
        print(line)
    return 0


def bench_report(summary, lexicon) -> list[str]:
    """Return the multi-board benchmark as lines for people."""
    from ..bench import bar
    s = summary
    lines = [f"{s.game}: {s.games:,} games of {s.boards} boards, {s.rows} rows, seed {s.seed} "
             f"({lexicon.name}, {len(lexicon.answers):,} answers; policy {s.policy})",
             f"  solved within {s.rows} rows: {s.wins:,}/{s.games:,} ({100 * s.success_rate:.2f}%)",
             f"  rows used: mean {s.mean_rows:.3f}, max {s.max_rows}",
             "  distribution (rows needed, played out past the limit):"]
    top = max(s.distribution.values()) if s.distribution else 1
    for rows, count in sorted(s.distribution.items()):
        mark = "  over the limit" if rows > s.rows else ""
        lines.append(f"  {rows:>4} {count:>6}  {bar(count, top, 40)}{mark}")
    if s.worst:
        lines.append("  worst tuples:")
        for g in s.worst:
            state = "solved" if g.won else "FAILED"
            lines.append(f"    {' '.join(lexicon.show(w).upper() for w in g.secrets)}  {g.rows_used} rows, "
                         f"{state}: {' '.join(lexicon.show(w).upper() for w in g.guesses)}")
    lines.append(f"  time: {s.seconds:.2f} s ({s.games / max(s.seconds, 1e-9):,.0f} games/s)")
    return lines
