"""A line on the terminal while a step is worked out: drawn once the step takes a while, erased when it ends.

A ranking after an unusual clue in hard mode, or the review of a game whose
answer is off the list, can take seconds; without a word the terminal looks
hung.  The line goes to stderr, only on a terminal, and is erased (overwritten
with spaces, so any terminal, even a dumb one, is left clean) before the step's
own output, a note, or the line Ctrl-C prints.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

DELAY = 0.4  # seconds a step runs before its line is drawn: quicker steps show nothing

_lock = threading.Lock()
_drawn: list[tuple[TextIO, str]] = []  # the line on the terminal now (at most one), and its stream


@contextmanager
def waiting(text: str | None, stream: TextIO | None = None, delay: float | None = None) -> Iterator[None]:
    """Within the block, have ``stream`` (stderr) show ``text`` once the block has run ``delay`` seconds.

    The line is erased when the block ends, however it ends.  ``text`` None
    shows nothing (not a terminal, or output for a program).
    """
    if text is None:
        yield
        return
    out = sys.stderr if stream is None else stream
    over = threading.Event()

    def draw() -> None:
        with _lock:
            if over.is_set() or _drawn:
                return
            try:
                out.write(text)
                out.flush()
            except (OSError, ValueError):  # a terminal closed under us: nothing to draw on
                return
            _drawn.append((out, text))

    timer = threading.Timer(DELAY if delay is None else delay, draw)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        over.set()
        erase()


def erase() -> None:
    """Erase the waiting line if one is drawn, so that what is printed next starts a clean line."""
    with _lock:
        while _drawn:
            out, text = _drawn.pop()
            try:
                out.write("\r" + " " * len(text) + "\r")
                out.flush()
            except (OSError, ValueError):
                pass
