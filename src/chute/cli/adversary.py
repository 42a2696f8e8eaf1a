"""The command line against Absurdle's adversary (``--game absurdle``, ``absurdo``): suggest, play and review print
what ``playing.absurdle`` and ``reviewing.absurdle_review`` compute."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator

from ..errors import ChuteError
from ..game.render import tiles, use_colour
from ..language import column, column_key, counted, phrase
from ..playing.absurdle import AbsurdleGame, AbsurdleSolver
from ..reviewing.absurdle_review import review_absurdle
from .console import input_lines
from .solving import solver_from_args
from .waiting import erase


def suggestions_against(args: argparse.Namespace, ranking) -> int:
    """Print the guesses that corner the adversary fastest after the clues (``ranking``: what a terminal hears
    meanwhile); return 0."""
    solver = solver_from_args(args)
    assert isinstance(solver, AbsurdleSolver)
    lexicon, lang = solver.lexicon, args.lang
    clues = solver.read(args.clues)
    with ranking:
        suggestion = solver.suggest(clues, top=args.top)
    if args.json:
        print(json.dumps({"game": solver.game.name, **suggestion.to_dict(lexicon.show)}, ensure_ascii=False, indent=1))
        return 0
    if suggestion.won:
        used = counted(len(suggestion.clues), "row", lang)
        print(phrase("adv_won", lang, used=used, fewest=solver.fewest_rows()))
        return 0
    left = counted(len(suggestion.left), "adv_word", lang)
    print(phrase("adv_line", lang, left=left, rows=counted(suggestion.rows, "row", lang)))
    if len(suggestion.left) <= 10:
        print(" ".join(lexicon.show(w).upper() for w in suggestion.left))
    width = lexicon.length + 2
    print(f"{'#':>3}  {column('guess', lang):<{width}} {column('rows', lang):>7} {column('kept', lang):>7}")
    for k, c in enumerate(suggestion.ranked, 1):
        print(f"{k:>3}  {lexicon.show(c.guess).upper():<{width}} {c.rows:>7} {c.largest:>7}")
    print(column_key(["rows", "kept"], lang))
    return 0


def guesses_typed() -> Iterator[str]:
    """Yield the guesses typed or piped in, one a line, until the input ends or says quit."""
    for line in input_lines("> "):
        if line.strip().lower() in ("quit", "exit", "q"):
            return
        yield line.strip()


def play_against(args: argparse.Namespace, solver: AbsurdleSolver) -> int:
    """Play a game against the adversary: the guesses given, else those typed; print each row and the result;
    return 0 when it was cornered."""
    lang, lexicon = args.lang, solver.lexicon
    game = solver.new_game()
    typed = not args.secret
    if typed and sys.stdin.isatty() and not args.json:
        print(phrase("adv_welcome", lang, game=solver.game.name), file=sys.stderr)
    words: Iterable[str] = guesses_typed() if typed else args.secret
    colour = use_colour(sys.stdout)
    for word in words:
        try:
            clue = game.guess(word)
        except ChuteError as err:
            if not typed:
                raise
            erase()
            print(f"chute: {err}", file=sys.stderr)  # a typed word the game refuses: type another
            continue
        if not args.json:
            shown = tiles(lexicon.show(clue.guess), clue.pattern, colour)
            left = counted(len(game.left), "adv_word", lang)
            print(shown if game.won else phrase("adv_row", lang, tiles=shown, left=left))
        if game.won or args.max_guesses and len(game.clues) >= args.max_guesses:
            break
    return finished(args, solver, game)


def finished(args: argparse.Namespace, solver: AbsurdleSolver, game: AbsurdleGame) -> int:
    """Print the end of a game against the adversary: the rows against the fewest, and the share text."""
    lang = args.lang
    fewest = solver.fewest_rows()
    used = len(game.clues)
    if args.json:
        show = solver.lexicon.show
        data = {
            "game": solver.game.name,
            "won": game.won,
            "used": used,
            "fewest": fewest,
            "clues": [{"guess": show(c.guess), "pattern": c.pattern} for c in game.clues],
            "left": len(game.left),
            "share": game.share(fewest),
        }
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0 if game.won else 1
    if game.won:
        print(phrase("adv_won", lang, used=counted(used, "row", lang), fewest=fewest))
        if used == fewest:
            print(phrase("adv_best_play", lang))
    else:
        print(phrase("adv_given_up", lang, used=counted(used, "row", lang)))
    print()
    print(game.share(fewest))
    return 0 if game.won else 1


def review_against(args: argparse.Namespace, solver: AbsurdleSolver) -> int:
    """Print the review of a game against the adversary: the guesses replayed against its rule, or the clues as
    another site showed them; return 0."""
    lang, show = args.lang, solver.lexicon.show
    if args.share or args.answer:
        raise ChuteError(f"{solver.game.name} has no answer or share text to read: give the guesses, or the clues")
    if not args.clues:
        raise ChuteError("give the guesses in order (words, or clues such as arise:bbybb)")
    if any(any(ch in token for ch in ":=") for token in args.clues):
        clues = solver.read(args.clues)
    else:
        game = solver.new_game()
        for word in args.clues:
            game.guess(word)
        clues = game.clues
    result = review_absurdle(solver, clues)
    if args.json:
        print(json.dumps(result.to_dict(show), ensure_ascii=False, indent=1))
        return 0
    used = counted(len(result.rows), "row", lang)
    head = "adv_review_won" if result.won else "adv_review_lost"
    print(phrase(head, lang, game=result.game, used=used, fewest=result.fewest))
    colour = use_colour(sys.stdout)
    for row in result.rows:
        if row.left == 1 and row.rows == 1:
            said = phrase("adv_row_last", lang)
        elif row.lost == 0:
            said = phrase("adv_row_best", lang, rows=counted(row.best, "row", lang))
        else:
            said = phrase(
                "adv_row_cost",
                lang,
                lost=counted(row.lost, "row", lang),
                rows="?" if row.rows is None else row.rows,
                best=row.best,
                better=show(row.better or "").upper(),
            )
        left = counted(row.left, "adv_word", lang)
        print(f"{tiles(show(row.clue.guess), row.clue.pattern, colour)}  {left:>14}  {said}")
    if result.rows and result.best_rows == len(result.rows):
        print(phrase("adv_review_best", lang))
    return 0
