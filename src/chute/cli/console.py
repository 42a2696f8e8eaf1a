"""The terminal: notes and waiting lines on standard error, and the lines of an interactive loop (prompts, line
editing and history on a terminal, plain lines otherwise)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import nullcontext

from ..kernels.compiling import told_when_compiling
from ..language import phrase, said
from .waiting import erase, waiting


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
            import readline  # noqa: F401, PLC0415  (line editing and history for input())
        except ImportError:  # pragma: no cover - Windows without pyreadline
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
    except (ValueError, OSError):  # closed or unreadable standard input: no more lines
        return


def note(message: str, stream=None, lang: str = "en") -> None:
    """Print a note for the user on stderr (or the given stream), in ``lang``, on a line of its own."""
    erase()
    print(phrase("cli_note", lang, message=said(message, lang)), file=stream or sys.stderr)


def waiting_line(key: str, lang: str, quiet: bool = False):
    """Return the context in which a terminal hears the phrase ``key`` while a step takes a while (``waiting``).

    Nothing is shown when ``quiet`` (--json, --quiet) or when stderr is not a terminal.
    """
    return waiting(phrase(key, lang) if not quiet and stderr_is_terminal() else None)


def terminal_notes(lang: str, quiet: bool = False):
    """Return what says a note before a slow first search, on a terminal (None: say nothing, e.g. --json)."""
    if quiet or not stderr_is_terminal():
        return None
    return lambda message: note(message, lang=lang)


def library_notes(lang: str, quiet: bool = False) -> dict:
    """Return the callbacks through which the library speaks to the terminal (``chute.solver_for``'s ``notify``,
    ``progress`` and ``waiting``), in ``lang``; ``quiet`` (--json, --quiet): none of its notes."""
    return {
        "notify": None if quiet else lambda message: note(message, lang=lang),
        "progress": terminal_notes(lang, quiet),
        "waiting": lambda key: waiting_line(key, lang, quiet),
    }


def compiling_noted(args: argparse.Namespace):
    """Return a context in which a kernel's first compilation (seconds, once per machine) is said on stderr.

    On a terminal unless the output is --json or --quiet; ``serve`` leaves it
    to its warm-up process, which compiles them (``chute.web.warming``).
    """

    if getattr(args, "command", None) == "serve":
        return nullcontext()
    notify = terminal_notes(
        getattr(args, "lang", "en"), bool(getattr(args, "json", False) or getattr(args, "quiet", False))
    )
    return nullcontext() if notify is None else told_when_compiling(notify)
