"""``chute review``: the verdict on a finished game, each guess graded against the best play."""

from __future__ import annotations

import argparse
import json
import math
import select
import sys
from collections.abc import Sequence

from ..errors import ChuteError
from ..files import decode_text, read_limited
from ..game.feedback import check_colours, check_grid, parse_clue, to_emoji
from ..game.prior import make_prior
from ..game.render import tiles, use_colour
from ..game.share import parse_share
from ..game.words import fold
from ..language import Count, Note, counted, decimal, number, phrase, said
from ..playing.absurdle import AbsurdleSolver
from ..reviewing.grid_decoder import decode_boards, decode_grid
from ..reviewing.history import review_record
from ..reviewing.review_game import review_game
from ..reviewing.verdict import written_answers
from . import adversary
from .building import engine_from_args, keep_game
from .common import (
    add_game_options,
    add_history_option,
    add_lang_option,
    history_wanted,
    lexicon_from_args,
    spec_from_args,
)
from .console import terminal_notes, waiting_line
from .solving import rule_from_args, solver_from_args

HELP = "grade a finished game: each guess against the best play, skill and luck"
DESCRIPTION = (
    "Review a finished game of one board or several (--game dordle, quordle, ...: round by round, "
    "each open board graded): for every row the candidates before and after, what the "
    "guess was worth (the expected guesses to finish with optimal play after it) against the "
    "best guess there, skill and luck from 0 to 99, hard-mode slips, and what optimal play "
    "needs for this answer. Give the guesses (the answer is --answer, or the last guess), "
    "clues in any notation (the answer is the all-green row), or a share text (--share FILE, "
    "or piped in). A share text without the words is decoded: the words that could have made "
    "each row (several boards: give each board's answer, --answer A,B; a row's word must make "
    "the colours of every board still open, so the boards narrow it together)."
)
EPILOG = (
    "examples: chute review soare riyal cigar | chute review --answer cigar crane bloat | "
    "chute review soare:bbyyb riyal:ygbgb cigar:ggggg | pbpaste | chute review --answer cigar | "
    "chute review --game termo --share termo.txt serao corta termo | chute review --game absurdle arise clout ..."
)


def add_arguments(p) -> None:
    """Add the ``review`` options."""
    p.add_argument(
        "clues", nargs="*", metavar="GUESS", help="the guesses in order (words, or clues such as soare:bbyyb)"
    )
    p.add_argument(
        "--answer",
        metavar="WORD[,WORD...]",
        help="the answer (default: the last guess, or the all-green clue); several boards: "
        "one per board, comma-separated",
    )
    p.add_argument("--share", metavar="FILE", help="a share text to read ('-' for standard input)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--hard",
        dest="rule",
        action="store_const",
        const="hard",
        help="the game was played in hard mode (Termo: strict)",
    )
    mode.add_argument(
        "--strict", dest="rule", action="store_const", const="strict", help="the game was played in Termo's strict mode"
    )
    p.add_argument(
        "--prior",
        default=None,
        metavar="NAME|FILE",
        help="grade the guesses under this prior (answers, frequency, uniform or a FILE of word "
        "weights; default: answers, every answer equally likely, or frequency when an answer is off the "
        "answer list), and rank the words that could "
        "have made each row of a colours-only grid by it (default: answers first, then by frequency)",
    )
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    add_lang_option(p, "write the review")
    add_history_option(p)
    add_game_options(p, multi=False)


def run(args: argparse.Namespace) -> int:
    """Read the game, review (or decode) it, and print the verdict."""
    share = _share(args)
    if share is None and not args.clues:
        raise ChuteError(Note("give_guesses_or_share"))
    if share is not None:
        if share.game is not None and args.game == "wordle" and share.game != "wordle":
            args.game = share.game
        if share.hard and not args.rule:
            args.rule = "hard"
    spec = spec_from_args(args)
    if spec.adversary:
        solver = solver_from_args(args)
        assert isinstance(solver, AbsurdleSolver)
        return adversary.review_against(args, solver)
    lexicon = lexicon_from_args(args)
    if spec.boards > 1 or (share is not None and len(share.boards) > 1):
        return run_boards(args, spec, lexicon, share)
    guesses, answer, patterns = [], args.answer, None
    for token in args.clues:
        if any(ch in token for ch in ":=") or " " in token.strip():
            clue = parse_clue(token, lexicon.length)
            guesses.append(clue.guess)
            patterns = (patterns or []) + [clue.pattern]
        else:
            guesses.append(token)
    if patterns is not None and len(patterns) != len(guesses):
        raise ChuteError(Note("all_or_no_colours"))
    if share is not None:
        if guesses and len(guesses) != len(share.boards[0]):
            raise ChuteError(Note("share_rows_guesses", rows=Count(len(share.boards[0]), "row"), k=len(guesses)))
        patterns = patterns or share.boards[0]
    if answer is None and guesses:
        if patterns is not None:
            solved = [g for g, p in zip(guesses, patterns) if set(p) == {"g"}]
            answer = solved[-1] if solved else None
        elif len(guesses) >= spec.rows:  # every row used: found in the last, or lost; only the player knows
            raise ChuteError(Note("full_game_answer", k=len(guesses), word=lexicon.show(fold(guesses[-1])).upper()))
        else:
            answer = guesses[-1]
    if answer is None:
        raise ChuteError(Note("give_answer_flag"))
    answers = written_answers(answer)
    if len(answers) > 1:
        raise ChuteError(Note("one_answer", k=len(answers)))
    answer = answers[0] if answers else answer  # "cigar," and " cigar" are CIGAR
    engine = engine_from_args(args)
    show = lexicon.show
    if not guesses:
        prior = None if args.prior is None else make_prior(lexicon, args.prior)
        with waiting_line("waiting_review", args.lang, args.json):
            rows = decode_grid(engine, patterns or [], answer, hard=share.hard if share else False, prior=prior)
        if args.json:
            print(
                json.dumps(
                    {
                        "answer": show(answer),
                        "rows": [
                            {"pattern": r.pattern, "count": r.count, "likely": [show(w) for w in r.likely]}
                            for r in rows
                        ],
                    },
                    ensure_ascii=False,
                    indent=1,
                )
            )
            return 0
        print("\n".join(decoded_lines(rows, [answer], lexicon, lexicon.name, args.lang)))
        return 0
    if patterns is not None:
        check_colours(lexicon, guesses, patterns, answer)
    prior = None if args.prior is None else make_prior(lexicon, args.prior)
    with waiting_line("waiting_review", args.lang, args.json):
        result = review_game(
            engine,
            guesses,
            [answer],
            spec.rows,
            rule=rule_from_args(args),
            prior=prior,
            notify=terminal_notes(args.lang, args.json),
        )
    kept_in_history(args, result, spec.name, show)
    if args.json:
        print(json.dumps(result.to_dict(show, args.lang), ensure_ascii=False, indent=1))
        return 0
    print("\n".join(report_lines(result, lexicon, sys.stdout, args.lang)))
    return 0


def run_boards(args: argparse.Namespace, spec, lexicon, share) -> int:
    """Review a multi-board game round by round (answers from --answer or the share text's solved rows)."""
    if args.rule:
        raise ChuteError(Note("boards_no_hard"))
    guesses = list(args.clues)
    if any(ch in t for t in guesses for ch in ":="):
        raise ChuteError(Note("boards_words_only"))
    boards = spec.boards if share is None else len(share.boards)
    answers = written_answers(args.answer)
    if not answers and share is not None and guesses:
        for k, rows in enumerate(share.boards):
            if not rows or set(rows[-1]) != {"g"} or len(rows) > len(guesses):
                raise ChuteError(Note("share_board_unsolved", n=k + 1))
            answers.append(guesses[len(rows) - 1])
    if len(answers) != boards:
        key = ("game_answers" if share is None else "share_answers") + ("" if answers else "_none")
        raise ChuteError(
            Note(
                key,
                game=spec.name,
                boards=Count(boards, "board_noun"),
                answers=Count(boards, "answer_noun"),
                k=len(answers),
            )
        )
    if share is not None and guesses:
        check_grid(lexicon, guesses, share.boards, answers)
    engine = engine_from_args(args)
    prior = None if args.prior is None else make_prior(lexicon, args.prior)
    if not guesses:
        if share is None:
            raise ChuteError(Note("give_guesses_or_share"))
        with waiting_line("waiting_review", args.lang, args.json):
            rows = decode_boards(engine, share.boards, answers, prior=prior)
        if args.json:
            print(
                json.dumps(
                    {
                        "answers": [lexicon.show(a) for a in answers],
                        "rows": [
                            {
                                "patterns": list(r.patterns),
                                "count": r.count,
                                "likely": [lexicon.show(w) for w in r.likely],
                            }
                            for r in rows
                        ],
                    },
                    ensure_ascii=False,
                    indent=1,
                )
            )
        else:
            print("\n".join(decoded_lines(rows, answers, lexicon, spec.name, args.lang)))
        return 0
    with waiting_line("waiting_review", args.lang, args.json):
        result = review_game(
            engine, guesses, answers, spec.rows, prior=prior, notify=terminal_notes(args.lang, args.json)
        )
    show = lexicon.show
    kept_in_history(args, result, spec.name, show)
    if args.json:
        print(json.dumps(result.to_dict(show, args.lang), ensure_ascii=False, indent=1))
        return 0
    print("\n".join(boards_lines(result, spec.name, show, args.lang)))
    return 0


def kept_in_history(args: argparse.Namespace, result, game: str, show) -> None:
    """Keep a reviewed game that is over in your history, with its skill and luck (unless --no-history)."""
    if history_wanted(args):
        keep_game(review_record(result, game, "review", show), args.lang)


def boards_lines(result, game: str, show, lang: str = "en") -> list[str]:
    """Return a multi-board review as printed lines in ``lang``: the verdict, then a round a line and a board each."""
    lines = [f"{game}: {result.headline(lang, show)}"]
    if result.story(lang, show):
        lines.append(result.story(lang, show))
    if result.chute is not None:
        lines.append(result.chute.said(lang, show))
    for i, rd in enumerate(result.rounds, 1):
        value = (
            ""
            if rd.value is None or rd.best_value is None or math.isinf(rd.best_value)
            else (phrase("at_risk", lang) if math.isinf(rd.value) else decimal(rd.value, 3, lang)).rjust(7)
            + f" vs {decimal(rd.best_value, 3, lang):>7}"
        )
        grade = (
            ""
            if rd.skill is None
            else f"  {phrase('skill_col', lang)} {rd.skill}  {phrase('luck_col', lang)} "
            + ("-" if rd.luck is None else str(rd.luck))
        )
        lines.append(f"  {i}  {show(rd.guess).upper():<8} {value}{grade}  {rd.comment(lang, show)}".rstrip())
        for k, b in enumerate(rd.boards, 1):
            if b is not None:
                lines.append(
                    f"       {phrase('board', lang, n=k)}: {to_emoji(b.pattern)} {left_text(b, lang):<11} "
                    f"{b.comment(lang, show)}"
                )
    lines.append("  " + phrase("left_key", lang))
    lines.append("  " + phrase("grades_key", lang))
    lines.append("  " + phrase("round_key", lang))
    lines.extend(said(n, lang) for n in result.notes)
    return lines


def review_command(
    game: str, guesses: list[str], answers: list[str], rule: str | None, lang: str = "en", lists: Sequence[str] = ()
) -> str:
    """Return the ``chute review`` command line that reviews a game (for a player to copy); ``lists``: its list options."""
    parts = ["chute review", f"--game {game}"] + list(lists) + ([f"--{rule}"] if rule else [])
    if len(answers) > 1 or guesses[-1:] != answers:
        parts.append("--answer " + ",".join(answers))
    parts += (["--lang pt"] if lang == "pt" else []) + list(guesses)
    return " ".join(parts)


def decoded_lines(rows, answers, lexicon, game: str, lang: str = "en") -> list[str]:
    """Return a decoded colours-only grid as lines: each row's colours per board and the words that make them."""
    show = lexicon.show
    lines = [phrase("decoded_head", lang, game=game, answers=" / ".join(show(a).upper() for a in answers))]
    for i, r in enumerate(rows, 1):
        tiles = " ".join(to_emoji(p) if p is not None else "  " * lexicon.length for p in r.patterns)
        likely = ", ".join(show(w).upper() for w in r.likely)
        more = " ..." if r.count > len(r.likely) else ""
        lines.append(f"  {i}  {tiles}  {counted(r.count, 'word', lang):>10}: {likely}{more}")
    lines.append(phrase("decoded_tail", lang))
    return lines


def _share(args: argparse.Namespace):
    """Return the share text given by --share (or piped in with no guesses), read; None without one (an empty
    pipe is none; an empty --share is an error)."""
    if args.share is None:
        text = _piped_text(wait=not args.clues)
        if text is None or not text.strip():  # nothing piped in: no share text meant
            return None
    elif args.share == "-":
        text = sys.stdin.read(1 << 20)
    elif args.share:
        text = decode_text(read_limited(args.share, "share text"), args.share)
    else:
        return None
    if not text.strip():
        raise ChuteError(Note("share_empty"))
    return parse_share(text)


PIPE_WAIT = 1.0  # seconds a review given its guesses waits for a share text on a pipe that sends nothing


def _piped_text(wait: bool) -> str | None:
    """Return the text piped on standard input (None at a terminal, or when unreadable; with guesses given,
    ``wait`` False, None when a pipe sends nothing within PIPE_WAIT seconds: a script's stdin left open)."""
    stdin = sys.stdin
    if stdin is None or stdin.isatty():
        return None
    if not wait:
        try:
            fd = stdin.fileno()
        except (OSError, ValueError):  # an in-memory stream: it never blocks
            fd = None
        if fd is not None:
            try:
                if not select.select([fd], [], [], PIPE_WAIT)[0]:
                    return None
            except (OSError, ValueError):  # a file select cannot watch (Windows): read it
                pass
    try:
        return stdin.read(1 << 20)
    except (OSError, ValueError):
        return None


def left_text(row, lang: str = "en") -> str:
    """Return a reviewed row's words left as "48/246" (likely answers/possible words); blank once it is found."""
    return "" if row.left is None or set(row.pattern) == {"g"} else row.left.short(lang)


def report_lines(result, lexicon, stream, lang: str = "en") -> list[str]:
    """Return the printed review in ``lang``: a line per row, the verdict, and what optimal play does."""
    show = lexicon.show
    colour = use_colour(stream)
    lines = [f"{lexicon.name}: {result.headline(lang, show)}"]
    if result.story(lang, show):
        lines.append(result.story(lang, show))
    if result.chute is not None:
        lines.append(result.chute.said(lang, show))

    def figure(x: float) -> str:
        return decimal(x, 3, lang).rjust(6)

    for i, r in enumerate(result.rows, 1):
        value = (
            ""
            if r.value is None or r.best_value is None or math.isinf(r.best_value)
            else (" " + phrase("at_risk", lang) if r.value == float("inf") else figure(r.value))
            + f" vs {figure(r.best_value)}"
            + ("" if r.exact else "~" if r.estimated else "*")
        )
        grade = (
            ""
            if r.skill is None
            else f"  {phrase('skill_col', lang)} {r.skill:>2}  {phrase('luck_col', lang)} "
            + (" -" if r.luck is None else f"{r.luck:>2}")
        )  # no luck: no word graded shows the colours seen
        lines.append(
            f"  {i}  {tiles(show(r.guess), r.pattern, colour)}  {left_text(r, lang):<11} "
            f"{value}{grade}  {r.comment(lang, show)}"
        )
        lines.extend("       " + remark for remark in r.remarks(lang, show))
    lines.append("  " + phrase("left_key", lang))
    lines.append("  " + phrase("grades_key", lang))
    lines.append("  " + phrase("values_key", lang))
    if result.optimal_rows is not None:
        lines.append(
            phrase(
                "optimal_finds",
                lang,
                opener=show(result.optimal_opener).upper(),
                answer=show(result.answer).upper(),
                rows=counted(result.optimal_rows, "row", lang),
                mean=decimal(result.optimal_mean, 4, lang),
                n=number(len(lexicon.answers), lang),
            )
        )
    lines.extend(said(n, lang) for n in result.notes)
    return lines
