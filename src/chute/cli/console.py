"""Reading the lines of an interactive loop: prompts, line editing and history on a terminal, plain lines otherwise."""

from __future__ import annotations

import sys
from typing import Iterator


def stdin_is_terminal() -> bool:
    """Return whether standard input is an open terminal (False when it is closed or absent)."""
    return _is_terminal(sys.stdin)


def stderr_is_terminal() -> bool:
    """Return whether standard error is an open terminal (False when it is closed or absent)."""
    return _is_terminal(sys.stderr)


def _is_terminal(stream) -> bool:
    """Return whether a standard stream is an open terminal."""
    try:
        return stream is not None and not stream.closed and stream.isatty()
    except (ValueError, OSError, AttributeError):
        return False


def input_lines(prompt: str = "> ") -> Iterator[str]:
    """Yield the lines typed or piped in, without line ends; empty lines are skipped.

    On a terminal: a prompt, line editing and history (readline); Ctrl-D ends
    with a newline so the shell prompt starts on its own line.  Without one:
    lines from standard input until its end (nothing at all when it is closed).
    """
    if stdin_is_terminal():
        try:
            import readline  # noqa: F401  (line editing and history for input())
        except ImportError:          # pragma: no cover - Windows without pyreadline
            pass
        while True:
            try:
                line = input(prompt)
            except EOFError:
                print()
                return
            if line:
                yield line
        return
    stream = sys.stdin
    if stream is None:
        return
    try:
        for line in stream:
            line = line.rstrip("\n").rstrip("\r")
            if line:
                yield line
    except (ValueError, OSError):        # closed or unreadable standard input: no more lines
        return
