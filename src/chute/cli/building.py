"""The library's heavier objects the shared options build: the engine of the chosen lists, a game kept in
your history (apart from ``common`` so that commands which need neither load neither)."""

from __future__ import annotations

import argparse
import sys

from ..errors import StorageError
from ..language import error_text, phrase
from ..playing.assembly import engine_for
from ..reviewing.history import record_game
from .common import common_from_args, spec_from_args
from .console import waiting_line


def engine_from_args(args: argparse.Namespace):
    """Return the engine (pattern matrix) for the chosen lists, shared with the solver the options build
    (``playing.assembly.engine_for``); a terminal hears what it is doing while a matrix is built."""
    quiet = bool(getattr(args, "json", False) or getattr(args, "quiet", False))
    return engine_for(
        spec_from_args(args),
        args.answers,
        args.guesses,
        args.exclude,
        getattr(args, "not_answers", None),
        args.length,
        common_from_args(args),
        not args.no_cache,
        waiting=lambda key: waiting_line(key, getattr(args, "lang", "en"), quiet),
    )


def keep_game(record, lang: str = "en") -> None:
    """Keep a finished game in your history (None: a game going on); a history that cannot be written is a warning."""
    if record is None:
        return
    try:
        record_game(record)
    except StorageError as err:
        print(phrase("warning", lang, message=error_text(err, lang)), file=sys.stderr)
