"""A progress bar on the terminal while a benchmark plays its games."""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:  # the solver layer loads with the first game, not with ``import chute.bench``
    pass


BLOCKS = " ▏▎▍▌▋▊▉█"


class Progress:
    """A one-line progress bar on a terminal stream, redrawn at most ten times a second."""

    def __init__(self, total: int, stream: TextIO | None = None, label: str = "playing", enabled: bool | None = None):
        self.total = max(total, 1)
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = (hasattr(self.stream, "isatty") and self.stream.isatty()) if enabled is None else enabled
        self.label = label
        self.done = 0
        self.start = time.perf_counter()
        self.last = 0.0
        self.drawn = False

    def advance(self, n: int = 1) -> None:
        """Count ``n`` more games done and redraw if due."""
        self.done += n
        now = time.perf_counter()
        if self.enabled and (now - self.last >= 0.1 or self.done >= self.total):
            self.last = now
            self.draw(now)

    def draw(self, now: float) -> None:
        """Write the bar."""
        width = 30
        frac = min(self.done / self.total, 1.0)
        full = int(frac * width)
        bar = "█" * full + ("" if full == width else BLOCKS[int((frac * width - full) * 8)]).strip()
        self.stream.write(
            f"\r{self.label} [{bar:<{width}}] {self.done:,}/{self.total:,} {frac:4.0%} {now - self.start:5.1f} s"
        )
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """Erase the bar."""
        if self.drawn:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
            self.drawn = False


def can_draw(stream: TextIO) -> bool:
    """Return whether the stream can print the block characters of the bar chart."""
    try:
        "█▏".encode(getattr(stream, "encoding", None) or "ascii")
        return True
    except (UnicodeEncodeError, LookupError):
        return False
