"""A benchmark's result: the games played, their statistics, the report with its chart, JSON, CSV and the comparison table."""

from __future__ import annotations

import csv
import io
import json
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TextIO

from ..errors import ChuteError
from ..game.render import plural
from ..game.results import GameResult
from .progress import BLOCKS


@dataclass(frozen=True)
class Stats:
    """Summary figures of a list of games (guesses on one board, rows on several)."""

    games: int
    total: int
    mean: float
    median: float
    stdev: float  # population standard deviation over the games played
    max: int
    distribution: dict[int, int]  # guesses -> games (1..max filled, zeros included)
    failures: int  # games not won within the row limit
    unsolved: int  # games given up with a board unsolved
    hardest: list[GameResult]  # most guesses first (unsolved before all)

    @property
    def wins(self) -> int:
        """Return the number of games won within the row limit."""
        return self.games - self.failures

    @property
    def success_rate(self) -> float:
        """Return the share of games won within the row limit."""
        return self.wins / self.games if self.games else 0.0

    def to_dict(self, show: Callable[[str], str] | None = None) -> dict[str, Any]:
        """Return the figures as a JSON-ready dict."""
        return {
            "games": self.games,
            "total": self.total,
            "mean": round(self.mean, 6),
            "median": self.median,
            "stdev": round(self.stdev, 6),
            "max": self.max,
            "failures": self.failures,
            "unsolved": self.unsolved,
            "wins": self.wins,
            "success_rate": round(self.success_rate, 6),
            "distribution": {str(k): v for k, v in self.distribution.items()},
            "hardest": [g.to_dict(show) for g in self.hardest],
        }


def statistics_of(games: Sequence[GameResult], hardest: int = 10) -> Stats:
    """Return the summary figures of some games, each judged by its own row limit."""
    if not games:
        raise ChuteError("no games to summarise")
    counts = [g.rows_used for g in games]
    top = max(counts)
    distribution = {n: 0 for n in range(1, top + 1)}
    for n in counts:
        distribution[n] += 1
    failures = sum(1 for g in games if not g.won)
    unsolved = sum(1 for g in games if not g.finished)
    # ties: one-board games by secret, multi-board games in the order played (their seeded draw)
    worst = sorted(games, key=lambda g: (g.finished, -g.rows_used, g.secret if g.boards == 1 else ""))
    worst = worst[: max(hardest, 0)]
    return Stats(
        games=len(games),
        total=sum(counts),
        mean=statistics.fmean(counts),
        median=statistics.median(counts),
        stdev=statistics.pstdev(counts),
        max=top,
        distribution=distribution,
        failures=failures,
        unsolved=unsolved,
        hardest=worst,
    )


@dataclass
class BenchResult:
    """A run of many games (one board or several), what was run, and how long it took."""

    games: list[GameResult]
    rows: int = 6
    seconds: float = 0.0
    info: dict[str, Any] = field(default_factory=dict)  # game, lexicon, strategy or policy, opener, options
    hardest_count: int = 10

    @cached_property
    def stats(self) -> Stats:
        """Return the summary figures."""
        return statistics_of(self.games, self.hardest_count)

    @property
    def boards(self) -> int:
        """Return the number of boards of each game."""
        return self.games[0].boards if self.games else int(self.info.get("boards", 1))

    def __repr__(self) -> str:
        """Return a one-line summary (a notebook shows this, not thousands of games)."""
        s = self.stats
        return (
            f"BenchResult({title({**self.info, 'opener': self.info.get('opener') or self.opener})}: "
            f"{plural(s.games, 'game')}, mean {s.mean:.4f}, max {s.max}, {plural(s.failures, 'failure')}, "
            f"{self.seconds:.2f} s)"
        )

    def __str__(self) -> str:
        """Return the full human report."""
        return report(self)

    @property
    def opener(self) -> str | None:
        """Return the first guess most games opened with."""
        firsts = [g.guesses[0] for g in self.games if g.guesses]
        return max(set(firsts), key=lambda w: (firsts.count(w), w)) if firsts else None

    def to_dict(self, games: bool = True, show: Callable[[str], str] | None = None) -> dict[str, Any]:
        """Return the run as a JSON-ready dict (with one entry per game unless ``games`` is False)."""
        show = show or (lambda w: w)
        opener = self.info.get("opener") or self.opener
        out: dict[str, Any] = {
            **self.info,
            "opener": show(opener) if opener else opener,
            "boards": self.boards,
            "rows": self.rows,
            **self.stats.to_dict(show),
            "seconds": round(self.seconds, 3),
        }
        if games:
            out["results"] = [g.to_dict(show) for g in self.games]
        return out

    def to_json(self, games: bool = True, show: Callable[[str], str] | None = None) -> str:
        """Return the run as JSON text."""
        return json.dumps(self.to_dict(games, show), ensure_ascii=False, indent=2)

    def write_csv(self, stream: TextIO, show: Callable[[str], str] | None = None) -> None:
        """Write one CSV row per game: secret(s), guesses, solved, won, the row solving each board, the guesses."""
        show = show or (lambda w: w)
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(["secret", "guesses", "solved", "won", "solved_at", "sequence"])
        for g in self.games:
            writer.writerow(
                [
                    " ".join(show(w) for w in g.secrets),
                    g.rows_used,
                    int(g.finished),
                    int(g.won),
                    " ".join("-" if r is None else str(r) for r in g.solved_at),
                    " ".join(show(w) for w in g.guesses),
                ]
            )

    def to_csv(self, show: Callable[[str], str] | None = None) -> str:
        """Return the per-game CSV text."""
        buf = io.StringIO()
        self.write_csv(buf, show)
        return buf.getvalue()


# --- playing ---------------------------------------------------------------------------------


def bar(value: float, top: float, width: int = 40, blocks: bool = True) -> str:
    """Return a horizontal bar for ``value`` out of ``top`` in ``width`` characters (eighths)."""
    if top <= 0 or value <= 0:
        return ""
    cells = value / top * width
    if not blocks:
        return "#" * max(1, round(cells))
    full = int(cells)
    part = BLOCKS[int((cells - full) * 8)] if full < width else ""
    text = ("█" * full + part).rstrip()
    return text or "▏"


def title(info: dict[str, Any]) -> str:
    """Return a one-line description of what was run (game, strategy, opener, options)."""
    game = str(info.get("game", "?"))
    lexicon = str(info.get("lexicon", game))
    if lexicon != game:
        game += " (custom lists)" if lexicon.startswith(game) else f" ({lexicon})"
    parts = [game, str(info.get("strategy", "?"))]
    if info.get("opener"):
        parts.append(f"opener {str(info['opener']).upper()}")
    if info.get("hard"):
        parts.append(f"{info['hard']} mode")
    if info.get("depth", 1) != 1:
        parts.append(f"depth {info['depth']}")
    if info.get("candidates_only"):
        parts.append("candidates only")
    return " · ".join(parts)


def report(result: BenchResult, blocks: bool = True, show: Callable[[str], str] | None = None) -> str:
    """Return the human report of a run: figures, the distribution as a bar chart, hardest games, time."""
    show = show or (lambda w: w)
    if result.boards > 1:
        return "\n".join(_boards_report(result, show, blocks))
    s = result.stats
    opener = result.info.get("opener") or result.opener
    info = {**result.info, "opener": show(opener) if opener else opener}
    lines = [title(info)]
    if info.get("secrets"):
        skipped = (
            f"; {plural(info['unknown'], 'word')} the lists do not accept, not played" if info.get("unknown") else ""
        )
        if info.get("unlisted"):
            refused = sum(len(g.refused) for g in result.games)
            skipped = (
                f"; {plural(info['unlisted'], 'word')} the lists lack, played as answers chute does not "
                f"know: {plural(refused, 'string')} of letters refused on the way"
            )
        played = f"{plural(s.games, 'game')} (the secrets of {info['secrets']}{skipped})"
    elif info.get("sample"):
        played = (
            f"{plural(s.games, 'game')} (a sample of {info.get('answers', 0):,} answers, seed {info.get('seed', 0)})"
        )
    elif info.get("answers"):
        played = f"{plural(s.games, 'game')} (every answer; {info.get('accepted', 0):,} accepted guesses)"
    else:
        played = plural(s.games, "game")
    lines.append(f"  {played}, {plural(s.total, 'guess', 'guesses')} in all")
    lines.append(f"  mean {s.mean:.4f}   median {s.median:g}   std dev {s.stdev:.3f}   max {s.max}")
    fail = f"  failures {s.failures:,} (over {result.rows} rows)"
    if s.unsolved:
        fail += f", {s.unsolved:,} unsolved after {plural(s.max, 'guess', 'guesses')}"
    lines.append(fail)
    per_game = result.seconds / s.games * 1000
    lines.append(f"  time {result.seconds:.2f} s ({per_game:.2f} ms a game)")
    lines.append("")
    lines.append("  guesses    games")
    lines += _chart(s, result.rows, blocks, share=True)
    if s.hardest:
        worst = ", ".join(f"{show(g.secret).upper()} {g.rows_used}" for g in s.hardest)
        lines.append("")
        lines.append(f"  hardest: {worst}")
    lost = [g for g in result.games if not g.won]
    if lost:
        lines.append("")
        lines.append(f"  lost ({len(lost):,}), as played:")
        lines += [
            f"    {show(g.secret).upper():<8} {' '.join(show(w).upper() for w in g.guesses)}" for g in lost[:LOST_SHOWN]
        ]
        if len(lost) > LOST_SHOWN:
            lines.append(f"    ... and {len(lost) - LOST_SHOWN:,} more (--json or --csv lists them all)")
    return "\n".join(lines)


LOST_SHOWN = 20  # lost games a report lists with their paths


def _chart(s: Stats, rows: int, blocks: bool, share: bool) -> list[str]:
    """Return the distribution as bar-chart lines (games over the row limit marked)."""
    lines = []
    top = max(s.distribution.values())
    for n, count in s.distribution.items():
        if not share and not count:
            continue
        over = n > rows and count
        if share:
            mark = ("  ✗" if blocks else "  X") if over else ""
            lines.append(f"  {n:>7} {count:>8,} {count / s.games:6.1%} {bar(count, top, 40, blocks)}{mark}")
        else:
            mark = "  over the limit" if over else ""
            lines.append(f"  {n:>4} {count:>6}  {bar(count, top, 40, blocks)}{mark}")
    return lines


def _boards_report(result: BenchResult, show: Callable[[str], str], blocks: bool) -> list[str]:
    """Return the lines of a multi-board run's report (success rate, rows, distribution, worst tuples)."""
    s, info, rows = result.stats, result.info, result.rows
    lists = f"{info['lexicon']}, {info.get('answers', 0):,} answers; " if info.get("lexicon") else ""
    lines = [
        f"{info.get('game', '?')}: {plural(s.games, 'game')} of {result.boards} boards, {plural(rows, 'row')}, "
        f"seed {info.get('seed', 0)} ({lists}prior {info.get('prior', 'answers')}; policy {info.get('policy', '?')})",
        f"  solved within {plural(rows, 'row')}: {s.wins:,}/{s.games:,} ({100 * s.success_rate:.2f}%)",
        f"  rows used: mean {s.mean:.3f}, max {s.max}",
        "  distribution (rows needed, played out past the limit):",
    ]
    if info.get("unlisted"):
        refused = sum(len(g.refused) for g in result.games)
        lines.insert(
            1,
            f"  {plural(info['unlisted'], 'word')} of {info.get('secrets')} the lists lack, played as answers "
            f"chute does not know: {plural(refused, 'string')} of letters refused on the way",
        )
    lines += _chart(s, rows, blocks, share=False)
    if s.hardest:
        lines.append("  worst tuples:")
        for g in s.hardest:
            state = "solved" if g.won else "FAILED"
            lines.append(
                f"    {' '.join(show(w).upper() for w in g.secrets)}  {plural(g.rows_used, 'row')}, "
                f"{state}: {' '.join(show(w).upper() for w in g.guesses)}"
            )
    lines.append(f"  time: {result.seconds:.2f} s ({s.games / max(result.seconds, 1e-9):,.0f} games/s)")
    return lines


def compare_table(
    results: Sequence[BenchResult],
    labels: Sequence[str],
    markdown: bool = False,
    show: Callable[[str], str] | None = None,
) -> str:
    """Return one table comparing benchmark runs: strategy, opener, mean, median, max, failures, time."""
    head = ["strategy", "opener", "mean", "median", "std dev", "max", "failures", "time"]
    show = show or (lambda w: w)
    rows = []
    for label, r in zip(labels, results):
        s = r.stats
        opener = show(r.info.get("opener") or r.opener or "").upper()
        rows.append(
            [
                label,
                opener,
                f"{s.mean:.4f}",
                f"{s.median:g}",
                f"{s.stdev:.3f}",
                str(s.max),
                f"{s.failures:,}",
                f"{r.seconds:.1f} s",
            ]
        )
    if markdown:
        out = ["| " + " | ".join(head) + " |", "|" + "|".join(["---"] * 2 + ["---:"] * (len(head) - 2)) + "|"]
        out += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(out)
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(head)]
    left = {0, 1}

    def fmt(row: list[str]) -> str:
        """Return one aligned line of the table."""
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths)))

    return "\n".join([fmt(head), fmt(["-" * w for w in widths])] + [fmt(row) for row in rows])
