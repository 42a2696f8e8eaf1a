"""``chute stats``: your history, the games you reviewed or finished, per game and mode."""

from __future__ import annotations

import argparse
import json
import sys

from ..language import counted, decimal, number, percent, phrase
from ..reviewing.history import clear_history, history_path, load_history, statistics
from .common import add_lang_option, bounded_int

HELP = "your games: played, won, the rows each win took, streaks, skill and luck"
DESCRIPTION = (
    "Show the statistics of the games you played or reviewed: a game reviewed with 'chute review', "
    "finished in 'chute assist' or on the page ('chute serve') is kept in a file in chute's state "
    "folder ($CHUTE_STATE_DIR), once however often it is reviewed. Per game and mode: games played "
    "and won, the current and best streak, a bar per number of rows a win took (X: lost), and the "
    "mean skill and luck of the reviewed games. 'review' and 'assist' keep nothing with --no-history."
)
EPILOG = "examples: chute stats | chute stats --game termo --lang pt | chute stats --json | chute stats --clear"
BAR_WIDTH = 30  # the longest bar, in characters
LATEST = 5  # games listed after the figures


def add_arguments(p) -> None:
    """Add the ``stats`` options."""
    p.add_argument("--game", metavar="NAME", help="only this game (wordle, termo, quordle, ...)")
    p.add_argument(
        "--latest",
        type=bounded_int(0, 10_000),
        default=LATEST,
        metavar="N",
        help=f"list the N latest games (default {LATEST}; 0: none)",
    )
    p.add_argument("--json", action="store_true", help="print the statistics and every game kept as JSON")
    p.add_argument(
        "--clear",
        action="store_true",
        help="empty your history (the file is moved aside, next to it, so that a clear can be undone)",
    )
    add_lang_option(p, "write the statistics")


def run(args: argparse.Namespace) -> int:
    """Print the history's statistics (or clear it)."""
    path = history_path()
    if args.clear:
        cleared, aside = clear_history(path)
        print(
            phrase("stats_none_to_clear", args.lang)
            if aside is None
            else phrase("stats_cleared", args.lang, games=counted(cleared, "game_noun", args.lang), path=str(aside))
        )
        return 0
    found = load_history(path)
    if found.damaged:
        lines = counted(len(found.damaged), "history_line", args.lang)
        print(
            "chute: " + phrase("note", args.lang, message=phrase("history_damaged", args.lang, lines=lines)),
            file=sys.stderr,
        )
    games = [g for g in found.games if args.game is None or g.game == args.game]
    stats = statistics(games)
    if args.json:
        print(
            json.dumps(
                {"path": str(path), "stats": [s.to_dict() for s in stats], "games": [g.to_dict() for g in games]},
                ensure_ascii=False,
                indent=1,
            )
        )
        return 0
    print(phrase("history_head", args.lang, path=str(path)))
    if not games and found.games:  # none of this game: say which games the history holds
        kept = sorted({g.game for g in found.games})
        print(phrase("history_no_game", args.lang, game=args.game, games=", ".join(kept)))
        return 0
    if not games:
        print(phrase("history_empty", args.lang))
        return 0
    for s in stats:
        print("\n".join(stats_lines(s, args.lang)))
    print(phrase("stats_legend", args.lang))
    latest = sorted(games, key=lambda g: g.when)[-args.latest :] if args.latest > 0 else []
    if latest:
        print(phrase("stats_recent", args.lang))
        for g in reversed(latest):
            print("  " + game_line(g, args.lang))
    return 0


def stats_lines(s, lang: str = "en") -> list[str]:
    """Return one game and mode's statistics as printed lines: the counts, a bar per row count, the means."""
    lines = [
        phrase(
            "stats_line",
            lang,
            game=s.game,
            mode=phrase(s.mode, lang),
            played=number(s.played, lang),
            won=number(s.won, lang),
            rate=percent(s.win_rate, lang),
            streak=number(s.streak, lang),
            best=number(s.best_streak, lang),
        )
    ]
    counts = [(str(r), s.rows.get(r, 0)) for r in range(1, max([s.row_limit, *s.rows]) + 1)] + [("X", s.lost)]
    top = max(n for _, n in counts) or 1
    for label, n in counts:
        bar = "█" * (0 if n == 0 else max(1, round(BAR_WIDTH * n / top)))
        lines.append(f"  {label:>2} │{bar} {number(n, lang)}")
    means = []
    if s.mean_rows is not None:
        means.append(phrase("stats_mean", lang, mean=decimal(s.mean_rows, 2, lang)))
    if s.skill is not None:
        means.append(
            phrase(
                "stats_grades",
                lang,
                skill=round(s.skill),
                luck="-" if s.luck is None else round(s.luck),
                reviewed=number(s.reviewed, lang),
            )
        )
    if means:
        lines.append("  " + " · ".join(means))
    return lines


def game_line(g, lang: str = "en") -> str:
    """Return one kept game on a line: its day, game, guesses, rows (X lost) and grades."""
    score = f"{g.rows}/{g.row_limit}" if g.won else f"X/{g.row_limit}"
    mode = "" if g.mode == "normal" else "*"
    grades = (
        ""
        if g.skill is None
        else "  " + phrase("skill_luck", lang, skill=g.skill, luck="-" if g.luck is None else g.luck)
    )
    return f"{g.when[:10]}  {g.game:<9} {score + mode:<6} {' '.join(w.upper() for w in g.guesses)}{grades}"
