"""``chute filter CLUE...``: the words still possible after the clues, and what is known."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from .common import add_game_options


HELP = "the words that fit the clues, and what the clues imply"
DESCRIPTION = ("List the words consistent with every clue, with a summary of what is known. "
               "A CLUE is GUESS=SCORE (CHEST=c.E..: upper case correct, lower case present, "
               ". absent), guess:colours (chest:ybgbb; also Termo's c/i/_, 2/1/0 digits or "
               "emoji tiles), a guess followed by its colours (chest ybgbb), or a "
               "template (_U_[E]S: letters in place, [E] present but not here).")
EPILOG = ("examples: chute filter JUDGE=....e CHEST=c.E.. WRECK=..Ec. | "
          "chute filter CLAIM=c..i. TRICE=.riC. --words INCUR TAXIS PRICY ERICA BIRCH --explain | "
          "chute filter ____[E] _U_[E]S --discarded ACLNRT | chute filter crane:bbybb --grep")


def add_arguments(p) -> None:
    """Add the ``filter`` options."""
    p.add_argument("clues", nargs="*", metavar="CLUE")
    src = p.add_argument_group("which words")
    src.add_argument("--all", action="store_true",
                     help="every accepted guess, not only the possible answers")
    src.add_argument("--words", nargs="+", metavar="W",
                     help="filter these words instead (clues may follow them: --words cigar rebut crane:bbbbb)")
    src.add_argument("--words-file", metavar="FILE", help="filter the words of this file instead")
    p.add_argument("--discarded", metavar="LETTERS", default="",
                   help="letters known to be absent (with templates), e.g. ACLNRT")
    out = p.add_argument_group("output")
    out.add_argument("--explain", action="store_true",
                     help="say for every word why it fails (the Wordle Finder table, then in plain "
                          "words), or that it is eligible")
    out.add_argument("--json", action="store_true",
                     help='print JSON: {"count", "candidates", "knowledge", ...}')
    out.add_argument("--grep", action="store_true",
                     help="print the equivalent grep/awk pipeline instead of filtering")
    out.add_argument("-q", "--quiet", action="store_true", help="print only the words")
    add_game_options(p, multi=False)


def split_words(words: list[str] | None, clues: list[str]) -> tuple[list[str] | None, list[str]]:
    """Return (words, clues): a token after --words that is written as a clue (crane:bbbbb) is a clue."""
    from ..feedback import looks_like_template
    if not words:
        return words, clues
    is_clue = [any(c in t for c in ":=[]_.") or looks_like_template(t) for t in words]
    return [t for t, c in zip(words, is_clue) if not c], clues + [t for t, c in zip(words, is_clue) if c]


def check_words(words: list[str], length: int | None) -> None:
    """Refuse --words entries that are not words of letters, or not all of one length."""
    from ..errors import NotationError
    from ..feedback import parse_word
    folded = [parse_word(w, "--words entry") for w in words]
    length = length or len(folded[0])
    wrong = [(w, f) for w, f in zip(words, folded) if len(f) != length]
    if wrong:
        from ..files import excerpt
        from ..language import counted
        word, f = wrong[0]
        raise NotationError(f"--words entry {excerpt(word)} has {counted(len(f), 'letter')}, expected {length}"
                            + (f" ({len(wrong) - 1} more)" if len(wrong) > 1 else ""))


def _row_length(rows) -> int | None:
    """Return the word length the first row implies, or None without rows."""
    if not rows:
        return None
    first = rows[0]
    return len(first.guess) if hasattr(first, "guess") else len(first.known)


def run(args: argparse.Namespace) -> int:
    """Filter the chosen words by the clues and print them; return 0, or 1 when none fit."""
    from ..errors import NotationError
    from ..feedback import Clue, parse_rows
    from ..grep import grep_pipeline
    from ..language import counted
    from ..knowledge import Knowledge
    from ..words import bundled_path
    from .common import lexicon_from_args, read_words_arg

    args.words, args.clues = split_words(args.words, args.clues)
    rows = parse_rows(args.clues)
    length = _row_length(rows) or args.length
    if args.length and length != args.length:
        raise NotationError(f"the clues have {counted(length, 'letter')} but --length is {args.length}")
    own_words = bool(args.words or args.words_file)
    if args.words:
        check_words(args.words, length or args.length)
    if own_words:
        lexicon = read_words_arg(args.words, args.words_file, length)
    else:
        if length and not args.length and not args.answers and not args.guesses and length != 5:
            raise NotationError(f"the clues have {counted(length, 'letter')}; the bundled {args.game} words have 5 "
                                "(give --answers/--guesses lists of that length)")
        args.length = args.length or length
        lexicon = lexicon_from_args(args)
    if length is None:
        length = lexicon.length
    elif lexicon.length != length:
        raise NotationError(f"the clues have {counted(length, 'letter')} but the words have {lexicon.length}")
    knowledge = Knowledge.from_rows(rows, length, discarded=args.discarded)
    if not own_words:
        for row in rows:
            if isinstance(row, Clue) and not lexicon.is_guess(row.guess):
                print(f"chute: warning: {row.guess.upper()} is not in the {lexicon.name} list of "
                      "accepted guesses (used anyway: games change their lists)", file=sys.stderr)
    pool = lexicon.guesses if args.all else lexicon.answers

    if args.grep:
        if args.words:
            print(grep_pipeline(knowledge, words=[lexicon.show(w) for w in pool]))
        else:
            if args.words_file:
                paths = [args.words_file]
            else:
                game_lexicon = _game_lexicon(args.game)
                answers = args.answers or bundled_path(game_lexicon, "answers")
                guesses = args.guesses or bundled_path(game_lexicon, "guesses")
                paths = [answers, guesses] if args.all else [answers]
                if args.exclude:
                    print("chute: note: the pipeline does not drop the --exclude words", file=sys.stderr)
            print(grep_pipeline(knowledge, paths))
        return 0

    candidates = knowledge.filter(pool)
    # with no candidate: the accepted words that fit (none: the strings of letters the clues allow)
    accepted = knowledge.filter(lexicon.guesses) if not candidates and not own_words else None
    if args.json:
        result = {
            "count": len(candidates),
            "candidates": [lexicon.show(w) for w in candidates],
            "folded": candidates,
            "lexicon": lexicon.name,
            "pool": "words" if own_words else ("guesses" if args.all else "answers"),
            "knowledge": knowledge.to_dict(),
        }
        if accepted == []:
            result["unlisted"] = _unlisted(knowledge, lexicon)
        if args.explain:
            result["explain"] = [{"word": lexicon.show(w), "eligible": not reasons, "reasons": reasons,
                                  "why": knowledge.plain_reasons(w)}
                                 for w in pool for reasons in [knowledge.reasons(w)]]
        print(json.dumps(result, ensure_ascii=False))
        return 0 if candidates else 1

    shown = [lexicon.show(w).upper() for w in candidates]
    if args.quiet:
        for w in shown:
            print(w)
        return 0 if candidates else 1
    print(knowledge.summary())
    print()
    if args.explain:
        width = max((len(lexicon.show(w)) for w in pool), default=5) + 3
        for w in pool:
            print(f"{lexicon.show(w).upper():<{width}}{knowledge.explain(w)}")
            plain = knowledge.plain_reasons(w)
            if plain:
                print(" " * width + "(" + "; ".join(plain) + ")")
        print()
    what, whats = (("word", "words") if own_words else
                   ("accepted guess", "accepted guesses") if args.all else ("answer", "answers"))
    if not candidates:
        print(f"No {what} in the list fits the clues (they are consistent: the secret is not in the list).")
        if pool is lexicon.answers and not own_words and len(lexicon.guesses) > len(lexicon.answers):
            more = accepted
            if more:
                shown_more = " ".join(lexicon.show(w).upper() for w in more[:10])
                print(f"{len(more):,} accepted guess{'' if len(more) == 1 else 'es'} fit{'s' if len(more) == 1 else ''} "
                      f"(see --all): {shown_more}{' ...' if len(more) > 10 else ''}")
        if accepted == []:
            strings = _unlisted(knowledge, lexicon)
            print(textwrap.fill(f"No accepted word fits either: the answer is a word chute's lists lack, or a colour "
                                f"was typed wrong. The likeliest strings of letters the clues allow ({len(strings):,}"
                                f"{' kept' if len(strings) >= 2000 else ''}):", width=78))
            print(textwrap.fill(" ".join(w.upper() for w in strings[:30]) + (" ..." if len(strings) > 30 else ""),
                                width=78, break_on_hyphens=False))
        return 1
    print(f"{len(candidates)} {what if len(candidates) == 1 else whats} fit{'s' if len(candidates) == 1 else ''}:")
    print(textwrap.fill(" ".join(shown), width=78, break_on_hyphens=False))
    return 0


def _unlisted(knowledge, lexicon) -> list[str]:
    """Return the strings of letters the knowledge allows, likeliest first by the lists' letter model (``unlisted``)."""
    from ..unlisted import model_for, unlisted_words
    return unlisted_words(knowledge, model_for(lexicon.guesses)).words


def _game_lexicon(game: str) -> str:
    """Return the bundled lexicon name of a game preset."""
    from ..games import game_spec
    return game_spec(game).lexicon
