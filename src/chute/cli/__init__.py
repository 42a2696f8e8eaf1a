"""The ``chute`` command line: one sub-command per module ``cmd_*.py`` in this package.

Each command module has ``HELP``, ``DESCRIPTION``, ``EPILOG``, ``add_arguments(parser)``
and ``run(args)``; the CLI holds no rule of the game, it calls the library.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import pkgutil
import sys
import unicodedata

from .. import __version__
from ..errors import ChuteError
from ..files import excerpt
from ..language import default_language, error_text, phrase
from .ahead import start_if_due
from .console import compiling_noted

# Commands in the order ``chute --help`` lists them; others follow alphabetically.
ORDER = ["score", "filter", "suggest", "assist", "play", "review", "stats", "bench", "compare", "tree", "words"]


# List positionals that may continue after options (clues, secrets).
INTERMIXED = ("clues", "secrets", "secret")


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]

        if len(message) > 300:
            message = excerpt(message, 300)
        print(f"chute: error: {message} (see '{self.prog} --help')", file=sys.stderr)
        raise SystemExit(2)


@functools.cache
def command_modules() -> tuple[str, ...]:
    """Return the names of the command modules, in help order (the package folder read once)."""
    names = [m.name[4:] for m in pkgutil.iter_modules(__path__) if m.name.startswith("cmd_")]
    return tuple(sorted(names, key=lambda n: (ORDER.index(n) if n in ORDER else len(ORDER), n)))


def build_parser(only: str | None = None) -> Parser:
    """Return the argument parser with every sub-command registered (``only``: just that one, which it names)."""
    parser = Parser(
        prog="chute",
        description="Solve Wordle-family games: Wordle, Termo and their "
        "multi-board modes. Run 'chute COMMAND --help' for each command.",
    )
    parser.add_argument("--version", action="version", version=f"chute {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name in command_modules():
        if only is not None and name != only:
            continue
        module = importlib.import_module(f"{__name__}.cmd_{name}")
        command = sub.add_parser(name, help=module.HELP, description=module.DESCRIPTION, epilog=module.EPILOG)
        command.set_defaults(func=module.run)
        module.add_arguments(command)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit status (0 ok, 1 not found/failed, 2 user error, 130 interrupted)."""
    try:
        return run_command(argv)
    except KeyboardInterrupt:  # Ctrl-C while the commands load: the player's settings say the language
        print(phrase("interrupted", default_language()), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # Output piped into `head` & co.: stop quietly, and keep Python from
        # complaining when it flushes stdout at exit.

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def run_command(argv: list[str] | None) -> int:
    """Return the exit status of the command ``argv`` asks for, its errors said on one line."""
    forgiving_output()
    words = sys.argv[1:] if argv is None else argv
    if words == ["--version"]:  # said without loading any command (each loads the library it runs)
        print(f"chute {__version__}")
        return 0
    # a command named first needs only its own options: importing every command's costs time on every run
    parser = build_parser(words[0] if words and words[0] in command_modules() else None)
    try:
        args = parse(parser, argv)
    except SystemExit as stop:  # --help, --version, or a usage error already printed
        return stop.code if isinstance(stop.code, int) else 2
    if not getattr(args, "func", None):
        parser.print_help()
        return 0

    start_if_due(args)
    try:
        with compiling_noted(args):
            status = args.func(args)
        sys.stdout.flush()
        return int(status or 0)
    except KeyboardInterrupt:
        print(phrase("interrupted", getattr(args, "lang", "en")), file=sys.stderr)
        return 130
    except ChuteError as err:
        lang = getattr(args, "lang", "en")
        print(phrase("error", lang, message=one_line(error_text(err, lang))), file=sys.stderr)
        return 2
    except MemoryError:
        print(
            "chute: error: out of memory: the word lists or the search are too large for this machine", file=sys.stderr
        )
        return 2


def forgiving_output() -> None:
    """Let text the console's encoding lacks print as '?' and read as a refused word, never fail or stop input."""
    for stream in (sys.stdout, sys.stderr, sys.stdin):
        if getattr(stream, "errors", None) == "strict" and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="replace")
            except (ValueError, OSError):  # a stream already closed, or not reconfigurable
                pass


def one_line(message: str, limit: int = 400) -> str:
    """Return an error message on one line, cut to ``limit`` characters."""
    text = message.replace("\r", " ").replace("\n", " ")
    return text if len(text) <= limit else text[:limit] + "..."


def parse(parser: Parser, argv: list[str] | None) -> argparse.Namespace:
    """Return the parsed arguments (NFC text); list positionals (clues, secrets) may continue after options."""

    argv = [unicodedata.normalize("NFC", a) for a in (sys.argv[1:] if argv is None else argv)]
    if any("\x00" in a for a in argv):
        parser.error("an argument holds a NUL byte")
    args, extra = parser.parse_known_args(argv)
    if extra:
        # argparse stops filling a list positional at the first option, so
        # `chute suggest crane:bbbbb --hard slate:bybbb` would lose its last clue.
        rest = next((d for d in INTERMIXED if isinstance(getattr(args, d, None), list)), None)
        if rest is None or any(a.startswith("-") and len(a) > 1 for a in extra):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        else:
            getattr(args, rest).extend(extra)
    return args


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
