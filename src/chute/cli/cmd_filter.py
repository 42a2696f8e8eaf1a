"""``chute filter CLUE...``: the words still possible after the clues, and what is known."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from ..errors import NotationError
from ..files import excerpt
from ..game.feedback import Clue, looks_like_template, parse_rows, parse_word
from ..game.games import game_spec
from ..game.grep import grep_pipeline
from ..game.knowledge import Knowledge
from ..game.words import bundled_path
from ..game.words_left import counted_left, pool
from ..language import counted
from .common import add_game_options, lexicon_from_args, read_words_arg

HELP = "the words that fit the clues, and what the clues imply"
DESCRIPTION = (
    "List the words consistent with every clue, with a summary of what is known. "
    "A CLUE is GUESS=SCORE (CHEST=c.E..: upper case correct, lower case present, "
    ". absent), guess:colours (chest:ybgbb; also Termo's c/i/_, 2/1/0 digits or "
    "emoji tiles), a guess followed by its colours (chest ybgbb), or a "
    "template (_U_[E]S: letters in place, [E] present but not here)."
)
EPILOG = (
    "examples: chute filter JUDGE=....e CHEST=c.E.. WRECK=..Ec. | "
    "chute filter CLAIM=c..i. TRICE=.riC. --words INCUR TAXIS PRICY ERICA BIRCH --explain | "
    "chute filter ____[E] _U_[E]S --discarded ACLNRT | chute filter crane:bbybb --grep"
)


def add_arguments(p) -> None:
    """Add the ``filter`` options."""
    p.add_argument("clues", nargs="*", metavar="CLUE")
    src = p.add_argument_group("which words")
    src.add_argument("--all", action="store_true", help="every accepted guess, not only the possible answers")
    src.add_argument(
        "--words",
        nargs="+",
        metavar="W",
        help="filter these words instead (clues may follow them: --words cigar rebut crane:bbbbb)",
    )
    src.add_argument("--words-file", metavar="FILE", help="filter the words of this file instead")
    p.add_argument(
        "--discarded", metavar="LETTERS", default="", help="letters known to be absent (with templates), e.g. ACLNRT"
    )
    out = p.add_argument_group("output")
    out.add_argument(
        "--explain",
        action="store_true",
        help="say for every word why it fails (the Wordle Finder table, then in plain words), or that it is eligible",
    )
    out.add_argument("--json", action="store_true", help='print JSON: {"count", "candidates", "knowledge", ...}')
    out.add_argument("--grep", action="store_true", help="print the equivalent grep/awk pipeline instead of filtering")
    out.add_argument("-q", "--quiet", action="store_true", help="print only the words")
    add_game_options(p, multi=False)


def split_words(words: list[str] | None, clues: list[str]) -> tuple[list[str] | None, list[str]]:
    """Return (words, clues): a token after --words that is written as a clue (crane:bbbbb) is a clue."""
    if not words:
        return words, clues
    is_clue = [any(c in t for c in ":=[]_.") or looks_like_template(t) for t in words]
    return [t for t, c in zip(words, is_clue) if not c], clues + [t for t, c in zip(words, is_clue) if c]


def check_words(words: list[str], length: int | None) -> None:
    """Refuse --words entries that are not words of letters, or not all of one length."""
    folded = [parse_word(w, "--words entry") for w in words]
    length = length or len(folded[0])
    wrong = [(w, f) for w, f in zip(words, folded) if len(f) != length]
    if wrong:
        word, f = wrong[0]
        raise NotationError(
            f"--words entry {excerpt(word)} has {counted(len(f), 'letter')}, expected {length}"
            + (f" ({len(wrong) - 1} more)" if len(wrong) > 1 else "")
        )


def _row_length(rows) -> int | None:
    """Return the word length the first row implies, or None without rows."""
    if not rows:
        return None
    first = rows[0]
    return len(first.guess) if hasattr(first, "guess") else len(first.known)


def run(args: argparse.Namespace) -> int:
    """Filter the chosen words by the clues and print them; return 0, or 1 when none fit."""

    args.words, args.clues = split_words(args.words, args.clues)
    rows = parse_rows(args.clues)
    lexicon, length, own_words = _words_for(args, rows)
    knowledge = Knowledge.from_rows(rows, length, discarded=args.discarded)
    if not own_words:
        _warn_unknown_guesses(rows, lexicon)
    pool = lexicon.possible_answers if args.all else lexicon.answers
    if args.grep:
        print(_grep(args, knowledge, lexicon, pool))
        return 0
    candidates = knowledge.filter(pool)
    # with no candidate: the accepted words that fit (none: the strings of letters the clues allow)
    accepted = knowledge.filter(lexicon.possible_answers) if not candidates and not own_words else None
    if args.json:
        print(json.dumps(_json(args, knowledge, lexicon, pool, candidates, accepted, own_words), ensure_ascii=False))
    elif args.quiet:
        for w in candidates:
            print(lexicon.show(w).upper())
    else:
        print("\n".join(_report(args, knowledge, lexicon, pool, candidates, accepted, own_words)))
    return 0 if candidates else 1


def _words_for(args: argparse.Namespace, rows) -> tuple:
    """Return (the words to filter, the clues' word length, whether they are the user's own --words)."""
    length = _row_length(rows) or args.length
    if args.length and length != args.length:
        raise NotationError(f"the clues have {counted(length, 'letter')} but --length is {args.length}")
    own_words = bool(args.words or args.words_file)
    if args.words:
        check_words(args.words, length or args.length)
    if own_words:
        lexicon = read_words_arg(args.words, args.words_file, length, quiet=bool(args.json))
    else:
        if length and not args.length and not args.answers and not args.guesses and length != 5:
            raise NotationError(
                f"the clues have {counted(length, 'letter')}; the bundled {args.game} words have 5 "
                "(give --answers/--guesses lists of that length)"
            )
        args.length = args.length or length
        lexicon = lexicon_from_args(args)
    if lexicon is None:
        raise NotationError("no words given")
    if length is None:
        length = lexicon.length
    elif lexicon.length != length:
        raise NotationError(f"the clues have {counted(length, 'letter')} but the words have {lexicon.length}")
    return lexicon, length, own_words


def _warn_unknown_guesses(rows, lexicon) -> None:
    """Warn on stderr of each played guess the lists do not accept (it is still read: games change)."""
    for row in rows:
        if isinstance(row, Clue) and not lexicon.is_guess(row.guess):
            print(
                f"chute: warning: {row.guess.upper()} is not in the {lexicon.name} list of "
                "accepted guesses (used anyway: games change their lists)",
                file=sys.stderr,
            )


def _grep(args: argparse.Namespace, knowledge, lexicon, pool) -> str:
    """Return the grep/awk pipeline that filters the same words (``--grep``)."""
    if args.words:
        return grep_pipeline(knowledge, words=[lexicon.show(w) for w in pool])
    if args.words_file:
        return grep_pipeline(knowledge, [args.words_file])
    game_lexicon = _game_lexicon(args.game)
    answers = args.answers or bundled_path(game_lexicon, "answers")
    guesses = args.guesses or bundled_path(game_lexicon, "guesses")
    if args.exclude or args.not_answers:
        print("chute: note: the pipeline does not drop the --exclude or --not-answers words", file=sys.stderr)
    return grep_pipeline(knowledge, [answers, guesses] if args.all else [answers])


def _json(args: argparse.Namespace, knowledge, lexicon, pool, candidates, accepted, own_words) -> dict:
    """Return the ``--json`` result: the words that fit, what is known, and ``--explain``'s reasons."""
    result = {
        "count": len(candidates),
        "candidates": [lexicon.show(w) for w in candidates],
        "folded": candidates,
        "lexicon": lexicon.name,
        "pool": "words" if own_words else ("guesses" if args.all else "answers"),
        "knowledge": knowledge.to_dict(),
    }
    if not own_words:
        result.update(_words_left(knowledge, lexicon).to_dict())
    if accepted == []:
        result["unlisted"] = _unlisted(knowledge, lexicon)
    if args.explain:
        result["explain"] = [
            {"word": lexicon.show(w), "eligible": not reasons, "reasons": reasons, "why": knowledge.plain_reasons(w)}
            for w in pool
            for reasons in [knowledge.reasons(w)]
        ]
    return result


def _report(args: argparse.Namespace, knowledge, lexicon, pool, candidates, accepted, own_words) -> list[str]:
    """Return the lines for people: what is known, ``--explain``'s table, and the words that fit (or why none)."""
    lines = [knowledge.summary(), ""]
    if args.explain:
        width = max((len(lexicon.show(w)) for w in pool), default=5) + 3
        for w in pool:
            lines.append(f"{lexicon.show(w).upper():<{width}}{knowledge.explain(w)}")
            plain = knowledge.plain_reasons(w)
            if plain:
                lines.append(" " * width + "(" + "; ".join(plain) + ")")
        lines.append("")
    what, whats = (
        ("word", "words")
        if own_words
        else ("accepted guess", "accepted guesses")
        if args.all
        else ("answer", "answers")
    )
    if candidates:
        if own_words:
            lines.append(
                f"{len(candidates):,} {what if len(candidates) == 1 else whats} fit{'s' if len(candidates) == 1 else ''}:"
            )
        else:
            left = _words_left(knowledge, lexicon)
            listed = "" if left.likely is None else "; the possible words" if args.all else "; the likely answers"
            lines.append(f"{left.said()} fit{listed}:")
        lines.append(
            textwrap.fill(" ".join(lexicon.show(w).upper() for w in candidates), width=78, break_on_hyphens=False)
        )
        return lines
    lines.append(f"No {what} in the list fits the clues (they are consistent: the secret is not in the list).")
    if accepted and pool is lexicon.answers and len(lexicon.guesses) > len(lexicon.answers):
        shown_more = " ".join(lexicon.show(w).upper() for w in accepted[:10])
        lines.append(
            f"{len(accepted):,} accepted guess{'' if len(accepted) == 1 else 'es'} "
            f"fit{'s' if len(accepted) == 1 else ''} (see --all): {shown_more}"
            f"{' ...' if len(accepted) > 10 else ''}"
        )
    if accepted == []:
        strings = _unlisted(knowledge, lexicon)
        lines.append(
            textwrap.fill(
                f"No accepted word fits either: the answer is a word chute's lists lack, or a "
                f"colour was typed wrong. The likeliest strings of letters the clues allow "
                f"({len(strings):,}{' kept' if len(strings) >= 2000 else ''}):",
                width=78,
            )
        )
        lines.append(
            textwrap.fill(
                " ".join(w.upper() for w in strings[:30]) + (" ..." if len(strings) > 30 else ""),
                width=78,
                break_on_hyphens=False,
            )
        )
    return lines


def _words_left(knowledge, lexicon):
    """Return the likely answers and possible words that fit what is known (``game.words_left``'s two figures)."""
    return counted_left(lexicon, lambda which: len(knowledge.filter(pool(lexicon, which))))


def _unlisted(knowledge, lexicon) -> list[str]:
    """Return the strings of letters the knowledge allows, likeliest first by the lists' letter model (``unlisted``)."""
    from ..playing.unlisted import model_for, unlisted_words  # noqa: PLC0415 (numpy: loaded only when no word fits)

    return unlisted_words(knowledge, model_for(lexicon.guesses)).words


def _game_lexicon(game: str) -> str:
    """Return the bundled lexicon name of a game preset."""
    return game_spec(game).lexicon
