"""``chute assist``: the interactive helper for 1 to N boards: it suggests a guess, you type the colours the game showed."""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import sys
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path

from ..errors import ChuteError, NotationError
from ..files import check_outputs, default_state_dir, is_file, read_limited, shown_path, used_by_one, write_atomic
from ..game.feedback import SOLVED_MARKS, looks_like_colours, means_colours, parse_clue, parse_colours, parse_word
from ..game.games import GameSpec
from ..game.refused import forget_refused, refused_path, remember_refused
from ..game.render import tiles, use_colour
from ..game.share import is_header_line, share_text
from ..game.words import checked_word, fold, is_word
from ..game.words_left import said_per_board
from ..language import Count, Note, counted, error_text, number, phrase, said
from ..playing.session import Session
from ..playing.suggestion import SHOW_CANDIDATES
from ..playing.suggestion_text import likeliest_line
from ..playing.why import why
from ..reviewing.history import review_record, session_record
from ..reviewing.review_game import review_session
from . import one_line
from .building import keep_game
from .cmd_review import boards_lines, report_lines, review_command
from .common import add_game_options, add_history_option, add_lang_option, bounded_int, common_from_args, history_wanted
from .console import input_lines, note, stdin_is_terminal, terminal_notes, waiting_line
from .solving import add_solver_options, candidate_lines, session_from_args

SESSION_HELP = """\
Type the colours the game showed for the suggested guess, in any notation:
  gybbg (green/yellow/black), c/i/_ (Termo), 21002 digits, or emoji tiles.
If you played another word, type it first (crane bybgb, crane:bybgb, CRANE=.r.N.),
or the word alone and then its colours.
Several boards: the colours of every unsolved board on one line, separated by
spaces, commas, / or | (bbygb gbbbb | ggggg, or toras:bbygb/gbbbb/ggggg as
chute suggest reads it), or one board per line (chute asks for the next);
- for a board already solved if you type all of them.
Commands: undo (take back the last row), list [N] (the 200 likeliest candidates; of board N),
why WORD [N] (why a word can or cannot be the answer), reject WORD (the game
refused it: never suggested again, remembered; unreject WORD takes that back), review [ANSWER,...] (the verdict on
the rows so far: skill, luck, the best moves; the answers of boards not solved
after it), new (start over), quit, help. Blank lines and a pasted share text's header are skipped.
End of input (Ctrl-D) or quit ends the session; on a terminal it is saved
after every row, and 'chute assist --resume' continues it."""

SESSION_HELP_PT = """\
Digite as cores que o jogo mostrou para o palpite sugerido, em qualquer notação:
  gybbg (verde/amarelo/preto), c/i/_ (Termo), dígitos 21002, ou quadradinhos emoji.
Se jogou outra palavra, digite-a antes (serao bybgb, serao:bybgb, SERAO=.e.A.),
ou só a palavra e depois as cores.
Vários tabuleiros: as cores de cada tabuleiro não resolvido numa linha, separadas por
espaços, vírgulas, / ou | (bbygb gbbbb | ggggg, ou toras:bbygb/gbbbb/ggggg como o
chute suggest lê), ou um tabuleiro por linha (o chute pede o próximo); - para um
tabuleiro já resolvido se digitar todos.
Comandos: desfazer (volta a última linha), listar [N] (as 200 candidatas mais prováveis; do
tabuleiro N), porque PALAVRA [N] (por que uma palavra pode ou não ser a resposta), recusar PALAVRA
(o jogo a recusou: nunca mais sugerida, e guardada; reaceitar PALAVRA desfaz isso), revisar [RESPOSTA,...] (o veredito das linhas
até aqui: habilidade, sorte, as melhores jogadas; depois dele, as respostas dos tabuleiros não
resolvidos), novo (recomeça), sair, ? (esta ajuda); os
comandos em inglês também valem. Linhas vazias e o cabeçalho de um texto compartilhado são pulados.
Fim da entrada (Ctrl-D) ou sair termina a sessão; num terminal o jogo é salvo a cada linha,
e 'chute assist --resume' o continua. Erros sobre arquivos e opções ficam em inglês."""

SESSION_BYTES = 8 * 2**20  # a saved game is far smaller: a larger file is none of chute's
SEPARATORS = re.compile(r"[\s,|;]+")
# a played row also splits where `chute suggest` writes one: guess:colours/colours (or guess=...)
ROW_SEPARATORS = re.compile(r"[\s,|;/:=]+")
QUIT = {"quit", "exit", "q"}
LIST_MAX = 200  # words ``list`` shows of a board, likeliest first (a fresh game has thousands)
# Portuguese names of the commands (with --lang pt; none has five letters, so none is a Termo word)
PT_COMMANDS = {
    "desfazer": "undo",
    "novo": "new",
    "listar": "list",
    "porque": "why",
    "recusar": "reject",
    "reaceitar": "unreject",
    "revisar": "review",
    "sair": "quit",
}


HELP = "interactive helper: suggests guesses, you type the colours"
DESCRIPTION = (
    "Play alongside a real game of one or more boards: chute suggests a guess, you "
    "type the colours the game showed (any notation), and it shows the tiles, the "
    "candidates left and the next suggestion. Commands: undo, list, why WORD, reject "
    "WORD, unreject WORD, review, new, quit, help. On a terminal the game is saved after every row (--resume continues "
    "it). Without a terminal it reads the same lines from standard input (no "
    "prompts), so it scripts; then the exit status is 2 if any line was refused or the game "
    "could not be saved (a save that fails is tried again after each row)."
)
EPILOG = "examples: printf 'bbgyg\\nbbgyb\\n' | chute assist | chute assist --game quarteto | chute assist --resume"


def add_arguments(p) -> None:
    """Add the ``assist`` options."""
    p.add_argument(
        "--top",
        "-n",
        type=bounded_int(1),
        default=3,
        metavar="N",
        help="how many guesses to show each turn (default: 3)",
    )
    p.add_argument(
        "--resume", action="store_true", help="continue the game saved by the last assist session of this game"
    )
    p.add_argument(
        "--session",
        metavar="FILE",
        help="save the game to FILE after every row (default on a terminal: chute's state folder, one file per game)",
    )
    add_lang_option(p, "talk (and read the command names, Portuguese ones beside the English)")
    add_history_option(p)
    add_solver_options(p)
    add_game_options(p)


class Assistant:
    """The loop's state and its replies for a session of 1 to N boards; writes to stdout, errors to stderr."""

    def __init__(
        self,
        session,
        top: int,
        rows: int,
        save_path: Path | None = None,
        lang: str = "en",
        game: str = "wordle",
        lists: list[str] | None = None,
        history: bool = False,
    ):
        self.session = session
        self.history = history  # keep the game in your history once it is over (and its review, if asked)
        self.lang = lang
        self.game = game
        self.lists = lists  # the word-list options ``chute review`` needs (None: it cannot replay this game)
        self.lexicon = session.solver.lexicon
        self.top = top
        self.rows = rows
        self.save_path = save_path
        self.pending: str | None = None  # a word the user played, waiting for its colours
        self.partial: list[str | None] = []  # patterns read so far for this row (one board per line)
        self.suggested: str | None = None
        self.noted: set[tuple[int, str]] = set()
        self.refused = 0
        self.unsaved = False  # the last save failed: warned once, tried again after each row

    # -- output ---------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        """Print a line of the conversation."""
        print(text, flush=True)

    def t(self, key: str, **values) -> str:
        """Return the phrase ``key`` in the session's language."""
        return phrase(key, self.lang, **values)

    def count(self, n: int, noun: str = "candidate") -> str:
        """Return ``n`` and the noun in the session's language ("66 candidates", "66 candidatas")."""
        return counted(n, noun, self.lang)

    def board(self, i: int) -> str:
        """Return how the session names board ``i`` (0-based): "board 2", "tabuleiro 2"."""
        return self.t("board", n=i + 1)

    def refuse(self, message: str) -> None:
        """Report a refused line on stderr and count it."""
        self.refused += 1
        print(self.t("error", message=one_line(message)), file=sys.stderr, flush=True)

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
                    text = said(message, self.lang)
                    self.say(self.t("note", message=text if self.single else f"{self.board(i)}: {text}"))

    def prompt_next(self) -> None:
        """Show the candidates (when few), the next suggestion, and any note the suggestion raised."""
        s = self.session
        self.partial = []
        if s.solved:
            return
        with waiting_line("waiting_rank", self.lang):
            ranked = s.ranked(self.top)
        open_ = s.open_boards()
        self.suggested = ranked[0].guess if ranked else None
        one_left = all(s.boards[i].state.n == 1 for i in open_) and len(open_) == 1
        others = [] if one_left else [self.show(r.guess) for r in ranked[1:]]
        also = self.t("also", words=", ".join(others)) if others else ""
        # no suggestion when no open board has a word of the lists left (answers chute does not know)
        advice = self.t("try", word=self.show(ranked[0].guess)) + also if ranked else self.t("no_suggestion")
        if self.single:
            state = s.boards[0].state
            if 0 < state.n <= SHOW_CANDIDATES and state.clues:
                self.say(likeliest_line(state, self.show, self.lang))
            self.say(
                self.t(
                    "prompt_one",
                    count=state.words_left().said(self.lang),
                    row=s.used + 1,
                    rows=self.rows,
                    advice=advice,
                )
            )
        else:
            for i in open_:
                st = s.boards[i].state
                if st.clues and 0 < st.n <= SHOW_CANDIDATES:
                    self.say(f"{self.board(i)}: " + " ".join(self.show(w) for w in st.likeliest()))
            self.say(
                self.t(
                    "prompt_many",
                    parts=said_per_board(s.words_left(), self.lang),
                    row=s.used + 1,
                    rows=self.rows,
                    advice=advice,
                )
            )
        self.notes()

    def save(self) -> None:
        """Write the game to the save file (atomically), or remove it once solved; while that fails, warn once."""
        if self.save_path is None:
            return

        try:
            if self.session.solved:
                self.save_path.unlink(missing_ok=True)
                return
            try:
                self.save_path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise ChuteError(f"cannot make the folder {self.save_path.parent}: {err.strerror or err}") from None
            write_atomic(self.save_path, json.dumps(self.session.to_dict(), ensure_ascii=False), "saved game")
        except (OSError, ChuteError) as err:
            if not self.unsaved:  # a full disk or a lost folder may come back: try every row
                print(self.t("warning", message=one_line(self.t("cannot_save", why=err))), file=sys.stderr, flush=True)
            self.unsaved = True
            return
        if self.unsaved:
            self.unsaved = False
            self.say(self.t("saved_again", path=str(self.save_path)))

    # -- commands -------------------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Act on one input line; return False when the session should end."""
        text = line.strip()
        if not text:
            if self.single and len(line) == self.lexicon.length:
                return self.row(line)  # Termo's all-blank pattern: five spaces
            return True
        word = text.lower()
        command, _, rest = word.partition(" ")
        typed = command
        argument = text.partition(" ")[2].strip()  # what follows the command, as typed
        if self.lang == "pt":
            command = PT_COMMANDS.get(command, command)
            word = PT_COMMANDS.get(word, word)
        if word in QUIT:
            return False
        if word in ("help", "?", "h"):
            self.say(SESSION_HELP_PT if self.lang == "pt" else SESSION_HELP)
        elif word == "undo":
            self.undo()
        elif word == "new":
            self.session.new()
            self.pending = None
            self.noted.clear()
            self.say(self.t("new_game"))
            self.save()
            self.prompt_next()
        elif command == "list" and (not rest or rest.strip().isdigit() or len(typed) != self.lexicon.length):
            self.list_candidates(rest.split())  # "list x": a bad board number, unless LIST is a guess here
        elif command == "why":
            self.why(argument)
        elif command == "reject":
            self.reject(argument)
        elif command == "unreject":
            self.unreject(argument)
        elif command == "review":
            self.review(argument)
        elif is_header_line(text):
            self.say(self.t("share_header"))
        else:
            return self.row(line)
        return True

    def reject(self, text: str) -> None:
        """Stop suggesting a word the game refused, remember it in the user's list, and suggest again."""
        if not text or len(text.split()) != 1:
            self.say(self.t("reject_what"))
            return
        try:
            word = self.session.reject(text)
        except ChuteError as err:
            self.refuse(error_text(err, self.lang))
            return
        if word not in self.lexicon.guess_set:  # a string the lists lack: not the answer; kept with the game
            self.save()
            self.say(self.t("rejected_string", word=self.show(word)))
        else:
            path = refused_path(self.lexicon.name)
            try:
                remember_refused(path, [word])
                self.say(self.t("rejected_saved", word=self.show(word), path=path))
            except ChuteError as err:
                note(str(err))
                self.say(self.t("rejected_session", word=self.show(word)))
        if self.pending and fold(self.pending) == word:
            self.pending = None
        self.prompt_next()

    def unreject(self, text: str) -> None:
        """Suggest again a word refused by mistake: take it out of the user's list, replay the rows, suggest again."""
        refused = self.session.solver.avoided | self.session.solver.refused_strings
        if not text or len(text.split()) != 1:
            self.say(self.t("unreject_what", words=", ".join(self.show(w) for w in sorted(refused)) or "-"))
            return
        try:
            word = checked_word(self.lexicon, text)
            if word not in refused:
                self.refuse(self.t("not_rejected", word=self.show(word)))
                return
            self.session.unreject(word)
        except ChuteError as err:
            self.refuse(error_text(err, self.lang))
            return
        if word in self.lexicon.guess_set:
            path = refused_path(self.lexicon.name)
            try:
                forget_refused(path, [word])
            except ChuteError as err:
                note(str(err))
        self.save()
        self.say(self.t("unrejected", word=self.show(word)))
        self.prompt_next()

    def review(self, text: str) -> None:
        """Print the verdict on the rows so far (the answers of the boards not solved follow the command)."""
        try:
            with waiting_line("waiting_review", self.lang):
                result = review_session(
                    self.session, [a for a in SEPARATORS.split(text) if a] or None, notify=terminal_notes(self.lang)
                )
        except ChuteError as err:
            self.refuse(error_text(err, self.lang))
            return
        lines = (
            report_lines(result, self.lexicon, sys.stdout, self.lang)
            if self.single
            else boards_lines(result, self.game, self.lexicon.show, self.lang)
        )
        self.say("\n".join(lines))
        if self.history:
            keep_game(review_record(result, self.game, "assist", self.lexicon.show), self.lang)

    def undo(self) -> None:
        """Clear a half-typed row, or take back the last row played."""
        if self.partial or self.pending:
            self.partial, self.pending = [], None
            self.say(self.t("row_cleared"))
        else:
            row = self.session.undo()
            self.say(self.t("took_back", word=self.show(row.guess)) if row else self.t("nothing_to_undo"))
            self.save()
        self.prompt_next()

    def board_numbers(self, args: list[str]) -> list[int] | None:
        """Return the boards a command names (all open boards by default); None, refused, if none such."""
        s = self.session
        if not args:
            return s.open_boards() or list(range(s.n_boards))
        try:
            if not args[0].isascii():  # int() would also read "٢"
                raise ValueError
            which = int(args[0]) - 1
        except ValueError:
            self.refuse(self.t("board_number", text=repr(args[0][:20])))
            return None
        if not 0 <= which < s.n_boards:
            self.refuse(self.t("no_board", text=args[0], n=s.n_boards))
            return None
        return [which]

    def list_candidates(self, args: list[str]) -> None:
        """Print the candidates of one board (or of every unsolved board), the likeliest ``LIST_MAX`` of each."""
        which = self.board_numbers(args)
        if which is None:
            return
        for i in which:
            board = self.session.boards[i]
            words = board.state.likeliest()
            lines = "\n".join(candidate_lines(words[:LIST_MAX], self.lexicon))
            if len(words) > LIST_MAX:
                lines += "\n" + self.t("and_more", n=number(len(words) - LIST_MAX, self.lang))
            if self.single:
                self.say(lines)
            elif board.solved:
                self.say(self.t("board_solved", n=i + 1, word=self.show(board.clues[-1].guess)))
            else:
                self.say(self.t("board_count", n=i + 1, count=number(board.state.n, self.lang)) + f"\n{lines}")

    def why(self, text: str) -> None:
        """Say why a word could or could not be the answer on each board asked, and what it does as a guess."""
        words = text.split()
        if not words:
            self.say(self.t("why_what" if self.single else "why_what_boards"))
            return
        try:
            w = parse_word(words[0])
        except NotationError as err:
            self.refuse(error_text(err, self.lang))
            return
        n = self.lexicon.length
        if len(w) != n:
            self.say(self.t("letters_count", word=words[0].upper(), k=self.count(len(w), "letter"), n=n))
            return
        which = self.board_numbers(words[1:])
        if which is None:
            return
        if w not in self.lexicon.guess_set:
            self.say(self.t("may_refuse", word=w.upper(), name=self.lexicon.name))
        for i in which:
            verdict = why(self.session.boards[i].state, w, self.lang)
            head = "" if self.single else f"{self.board(i)}: "
            self.say(head + verdict.text(self.show, self.single, self.lang))

    # -- rows ----------------------------------------------------------------------

    def row(self, line: str) -> bool:
        """Read a played row (colours, word + colours, or a word alone) and play it when complete."""
        n = self.lexicon.length
        if self.session.solved:
            self.refuse(self.t("game_over"))
            return True
        text = line.rstrip("\r\n")
        if len(self.session.open_boards()) == 1 and not self.partial:
            try:  # the whole line as one board's colours
                pattern = parse_colours(text if len(text) == n else text.strip(), n)
                return self.play(self.pending or self.suggested, [pattern])
            except NotationError as err:
                if looks_like_colours(text.strip()) and not SEPARATORS.search(text.strip()):
                    self.refuse(error_text(err, self.lang))
                    return True
            try:
                clue = parse_clue(text.strip(), n)
                return self.play(clue.guess, [clue.pattern])
            except NotationError:
                pass
        tokens = [t for t in ROW_SEPARATORS.split(text.strip()) if t]
        if not tokens:  # separators alone (":::", "/")
            self.refuse(self.t("neither", text=repr(text.strip()[:40]), n=n))
            return True
        return self.tokens(tokens)

    def tokens(self, tokens: list[str]) -> bool:
        """Read a word and/or patterns split on separators; wait for more boards, or play the row."""
        n = self.lexicon.length
        s = self.session
        first = tokens[0]
        if first not in SOLVED_MARKS and not looks_like_colours(first) and not means_colours(first):
            w = fold(first)
            if len(w) != n or not is_word(w):
                self.refuse(self.t("neither", text=repr(first[:40]), n=n))
                return True
            if self.partial:
                self.refuse(self.t("finish_row"))
                return True
            if len(tokens) == 1 and self.single and w not in self.lexicon.guess_set:
                self.refuse(self.t("unlisted_alone", text=repr(first), word=w))
                return True
            self.pending = w
            tokens = tokens[1:]
            if not tokens:
                self.say(self.t("colours_for", word=self.show(w)))
                return True
        open_ = s.open_boards()
        pats: list[str | None]
        try:
            pats = [None if t in SOLVED_MARKS else parse_colours(t, n) for t in tokens]
        except NotationError as err:
            self.refuse(error_text(err, self.lang))
            return True
        if not self.partial and len(pats) == s.n_boards:  # every board typed: keep the unsolved ones
            try:
                pats = s.open_patterns(pats)
            except NotationError as err:
                self.refuse(error_text(err, self.lang))
                return True
        if any(p is None for p in pats):
            self.refuse(self.t("needs_colours"))
            return True
        pats = self.partial + pats
        if len(pats) > len(open_):
            self.refuse(self.t("too_many", k=len(pats), m=len(open_)))
            self.partial = []
            return True
        if len(pats) < len(open_):
            self.partial = pats
            self.say(self.t("board_q", n=open_[len(pats)] + 1))
            return True
        return self.play(self.pending or self.suggested, pats)

    def play(self, guess: str | None, patterns: Sequence[str | None]) -> bool:
        """Play the row on the session; show it; return False when every board is solved."""
        self.partial = []
        if guess is None:
            self.refuse(self.t("no_guess_given"))
            return True
        try:
            self.session.play(guess, patterns)
        except ChuteError as err:
            self.refuse(error_text(err, self.lang))
            return True
        self.pending = None
        self.save()
        return self.after_row()

    def after_row(self) -> bool:
        """Show the row just played on every board; return False when every board is solved."""
        s = self.session
        row = s.history[-1]
        colour = use_colour(sys.stdout)
        self.notes()
        if self.history and (s.solved or s.used == self.rows):
            keep_game(session_record(s, self.game, "assist"), self.lang)
        for i, p in enumerate(row.patterns):
            if p is None:
                continue
            board = s.boards[i]
            shown = tiles(self.lexicon.show(row.guess), p, colour)
            if self.single:
                tail = self.t("solved_at", used=s.used) if board.solved else board.state.words_left().said(self.lang)
                self.say(f"{shown}  {tail}")
            else:
                tail = self.t("solved") if board.solved else board.state.words_left().said(self.lang)
                self.say(f"{self.board(i)}: {shown}  {tail}")
        if s.solved:
            if not self.single:
                self.say(
                    self.t(
                        "all_solved" if s.used <= self.rows else "all_solved_over",
                        boards=s.n_boards,
                        used=s.used,
                        rows=self.rows,
                    )
                )
            game = GameSpec(self.game, self.lexicon.name, s.n_boards, self.rows)
            self.say("\n" + share_text(game, s.board_patterns(), hard=bool(s.solver.hard)) + "\n")
            if self.lists is not None:
                self.say(
                    self.t(
                        "review_hint",
                        command=review_command(
                            self.game, [r.guess for r in s.history], s.answers(), s.solver.hard, self.lang, self.lists
                        ),
                    )
                )
            return False
        if s.used == self.rows:
            self.say(self.t("out_of_rows_one" if len(s.open_boards()) == 1 else "out_of_rows_many"))
        self.prompt_next()
        return True


def review_lists(args: argparse.Namespace) -> list[str] | None:
    """Return the word-list options that ``chute review`` needs to review this game (None: a board or row count it lacks)."""
    if getattr(args, "boards", None) is not None or getattr(args, "rows", None) is not None:
        return None
    lists = [
        f"--{name.replace('_', '-')} {shlex.quote(str(value))}"
        for name in ("answers", "guesses", "exclude", "not_answers")
        if (value := getattr(args, name, None)) is not None
    ]
    if (floor := common_from_args(args)) is not None:
        lists.append(f"--common-floor {floor:g}")
    return lists + ([f"--length {args.length}"] if getattr(args, "length", None) is not None else [])


def resume(session, path: Path, lang: str = "en"):
    """Return the session saved at ``path``, replayed on ``session``'s solver (a new one if none is saved)."""

    if not is_file(path):
        note(Note("no_saved_game", path=str(path)), lang=lang)
        return session
    try:
        data = json.loads(read_limited(path, "saved game").decode("utf-8"))
        saved = Session.from_dict(session.solver, data, session.player)
    except (ValueError, RecursionError):
        raise ChuteError(Note("saved_game_damaged", path=str(path))) from None
    except ChuteError as err:  # the saved game's own words, with the file they are about
        raise ChuteError(f"{shown_path(path)}: {err}") from None
    if saved.n_boards != session.n_boards:
        raise ChuteError(
            Note("saved_game_boards", path=str(path), boards=Count(saved.n_boards, "board_noun"), n=session.n_boards)
        )
    saved.rows = session.rows
    return saved


def run(args: argparse.Namespace) -> int:
    """Run the loop until solved, quit or end of input; return 0, or 2 without a terminal if a line was refused or the
    game is unsaved."""
    session, spec = session_from_args(args, refused=True)
    interactive = stdin_is_terminal()
    save_path = (
        Path(args.session)
        if args.session
        else (default_state_dir() / f"assist-{spec.name}.json" if interactive else None)
    )
    if args.session:
        check_session_file(args)
    with used_by_one(save_path, "assist") if save_path is not None else nullcontext():
        return play_loop(args, session, spec, save_path, interactive)


def check_session_file(args: argparse.Namespace) -> None:
    """Refuse a --session file that is one of the run's inputs, or that exists and is not a game chute saved:
    chute never replaces a file it did not write."""
    inputs = {
        "--answers": args.answers,
        "--guesses": args.guesses,
        "--exclude": args.exclude,
        "--not-answers": args.not_answers,
        "--prior": args.prior if is_file(args.prior or "") else None,
    }
    check_outputs({"--session": args.session}, inputs)
    if args.resume or not os.path.lexists(args.session):
        return  # --resume reads it first, and refuses what is no saved game, or a damaged one, as such
    try:
        data = json.loads(read_limited(args.session, "--session", SESSION_BYTES).decode("utf-8"))
    except (ChuteError, ValueError, RecursionError):
        data = None
    if not (isinstance(data, dict) and data.get("format") == "chute-session"):
        raise ChuteError(
            f"--session {args.session} is not a game chute saved: choose another file (chute never replaces a file "
            "it did not write)"
        )


def play_loop(args: argparse.Namespace, session: Session, spec, save_path: Path | None, interactive: bool) -> int:
    """Run the loop until solved, quit or end of input; return the status ``run`` returns."""
    if args.resume:
        if save_path is None:
            raise ChuteError("--resume without a terminal needs --session FILE (the file to continue)")
        session = resume(session, save_path, args.lang)
    elif save_path is not None and is_file(save_path):
        note(
            Note("saved_game_waits", game=spec.name, path=str(save_path), command=resume_command(args)), lang=args.lang
        )
    assistant = Assistant(
        session, args.top, spec.rows, save_path, args.lang, spec.name, review_lists(args), history_wanted(args)
    )
    if interactive:
        boards = "" if spec.boards == 1 else assistant.t("n_boards", n=spec.boards)
        assistant.say(assistant.t("welcome", game=spec.name, boards=boards, rows=spec.rows))
    if session.history:
        assistant.say(
            assistant.t(
                "resumed",
                rows=assistant.count(session.used, "row"),
                words=" ".join(assistant.show(r.guess) for r in session.history),
            )
        )
    assistant.prompt_next()

    def say_saved() -> None:
        saved = assistant.save_path
        if saved is not None and session.history and not session.solved and is_file(saved) and not assistant.unsaved:
            note(Note("saved_on_interrupt", path=str(saved), command=resume_command(args)), lang=args.lang)

    try:
        for line in input_lines():
            if not assistant.handle(line):
                break
        else:  # the input ended (Ctrl-D on a terminal): said as Ctrl-C is
            if interactive:
                say_saved()
    except KeyboardInterrupt:
        if interactive:
            print()  # off the prompt's line
        say_saved()
        raise
    return 2 if (assistant.refused or assistant.unsaved) and not interactive else 0


def resume_command(args: argparse.Namespace) -> str:
    """Return the command that continues this game: chute assist with its game, board and save options, and --resume."""
    words = ["chute", "assist"]
    if args.game != "wordle":
        words += ["--game", args.game]
    for option in ("boards", "rows"):
        if getattr(args, option, None) is not None:
            words += [f"--{option}", str(getattr(args, option))]
    if args.session:
        words += ["--session", args.session]
    return shlex.join(words + ["--resume"])
