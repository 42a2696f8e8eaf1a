"""The guess-count histogram of a benchmark as an image (matplotlib, the optional extra ``chute[plot]``)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from ..errors import ChuteError
from ..files import write_or_keep
from ..game.render import plural
from .results import title

FORMATS = ("png", "svg", "pdf")
GREEN, YELLOW, RED, GREY = "#6aaa64", "#c9b458", "#d1495b", "#787c7e"
MISSING = "plotting needs matplotlib, the optional extra: pip install 'chute[plot]'"


def plot_format(path: str | Path) -> str:
    """Return the image format a file name asks for (png, svg, pdf), or fail clearly."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise ChuteError(
            f"cannot plot to {str(path)!r}: the file name must end in {', '.join('.' + f for f in FORMATS)}"
        )
    return suffix


def require_matplotlib() -> Any:
    """Return matplotlib's ``Figure`` class, or raise a ChuteError naming the extra to install."""
    try:
        from matplotlib.figure import Figure  # noqa: PLC0415 (matplotlib: only to draw a plot)
    except ImportError:
        raise ChuteError(MISSING) from None
    return Figure


def histogram_figure(result: Any, show: Any = None) -> Any:
    """Return a matplotlib Figure of a benchmark: games by number of guesses (rows, for several boards).

    Takes a ``bench.BenchResult`` of one board or several.  The title
    names the game and strategy (or policy); bars carry their counts; games
    over the row limit are drawn in red and hatched; a dashed line marks the
    mean.  No pyplot state is touched, so it is safe in notebooks and servers.
    """
    s = result.stats
    fails = plural(s.failures, "failure") if s.failures else "no failures"
    if result.boards > 1:
        dist = {n: c for n, c in s.distribution.items() if c}
        return _figure(
            dist,
            result.rows,
            s.mean,
            f"{result.info.get('game')}: {result.boards} boards, policy {result.info.get('policy')}",
            f"{plural(s.games, 'game')} (seed {result.info.get('seed', 0)}) · mean {s.mean:.3f} · "
            f"max {s.max} · {fails}",
            "rows to solve every board",
            s.failures,
        )
    info = {**result.info, "opener": (result.info.get("opener") or result.opener or "")}
    if show and info.get("opener"):
        info["opener"] = show(info["opener"])
    return _figure(
        s.distribution,
        result.rows,
        s.mean,
        title(info),
        f"{plural(s.games, 'game')} · mean {s.mean:.3f} · median {s.median:g} · max {s.max} · {fails}",
        "guesses to solve",
        s.failures,
    )


def _figure(
    distribution: dict[int, int], rows: int, mean: float, heading: str, subtitle: str, xlabel: str, failures: int
) -> Any:
    """Return the bar chart of a distribution of games by guesses (or rows) needed."""
    Figure = require_matplotlib()
    xs = list(distribution)
    ys = [distribution[x] for x in xs]
    fig = Figure(figsize=(8, 4.6), layout="constrained")
    ax = fig.add_subplot()
    ok = [x <= rows for x in xs]
    colours = [GREEN if good else RED for good in ok]
    bars = ax.bar(xs, ys, width=0.78, color=colours, edgecolor="white", linewidth=0.8, zorder=2)
    for b, good in zip(bars, ok):
        if not good:
            b.set_hatch("//")
    top = max(ys) if ys else 1
    for x, y, good in zip(xs, ys, ok):
        ax.annotate(
            f"{y:,}",
            (x, y),
            xytext=(0, 3),
            textcoords="offset points",
            ha="center",
            va="bottom",
            fontsize=10,
            fontweight="bold",
            color="#333333" if good else RED,
            bbox=dict(facecolor="white", edgecolor="none", pad=0.5),
            zorder=4,
        )
    ax.axvline(mean, color=GREY, linestyle="--", linewidth=1.1, zorder=1)
    ax.annotate(
        f"mean {mean:.3f}",
        (mean, top * 1.16),
        xytext=(4, 0),
        textcoords="offset points",
        ha="left",
        va="center",
        fontsize=9,
        color=GREY,
    )
    right = max(max(xs, default=rows), rows) + 0.6
    if failures:
        ax.axvspan(rows + 0.5, right, color=RED, alpha=0.07, zorder=0, linewidth=0)
        ax.annotate(
            f"{plural(failures, 'failure')}\n(over {rows} rows)",
            (rows + 0.5, top * 0.9),
            xytext=(6, 0),
            textcoords="offset points",
            ha="left",
            va="center",
            fontsize=9,
            color=RED,
        )
    ax.set_xticks(xs)
    ax.set_xlim(min(xs, default=1) - 0.6, right)
    ax.set_ylim(0, top * 1.22)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.grid(axis="y", color="#e6e6e6", zorder=0)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    fig.suptitle(heading[:1].upper() + heading[1:], fontsize=13, fontweight="bold")
    ax.set_title(subtitle, fontsize=10, color="#555555")
    return fig


def histogram_image(result: Any, path: str | Path, show: Any = None) -> bytes:
    """Return the histogram of a benchmark as the image a file at ``path`` holds (format from the suffix)."""
    image = io.BytesIO()
    histogram_figure(result, show).savefig(image, format=plot_format(path), dpi=150)
    return image.getvalue()


def save_histogram(result: Any, path: str | Path, show: Any = None) -> Path:
    """Write the histogram of a benchmark to an image file (format from the suffix); return its path."""
    return write_or_keep(path, histogram_image(result, path, show), "plot")
