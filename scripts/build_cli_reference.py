"""Write the reference of every command's options into docs/cli.md, from the parser the commands use.

    python scripts/build_cli_reference.py          # rewrite the section between its markers
    python scripts/build_cli_reference.py --check  # status 1 when the section is not what the parser says

The section lies between ``<!-- options: begin -->`` and ``<!-- options: end -->``;
``tests/test_habits.py`` checks it against every command's ``--help``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from chute.cli import build_parser, command_modules
from chute.files import write_atomic

DOC = Path(__file__).resolve().parents[1] / "docs" / "cli.md"
BEGIN, END = "<!-- options: begin -->", "<!-- options: end -->"


def option_rows(parser: argparse.ArgumentParser) -> list[tuple[str, str]]:
    """Return (the option as typed, what it does) for each argument of a command, as its --help says them."""
    formatter = parser._get_formatter()
    rows = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction) or action.help == argparse.SUPPRESS:
            continue
        if action.option_strings:
            metavar = "" if action.nargs == 0 else " " + formatter._format_args(action, action.dest.upper())
            usage = ", ".join(f"`{o}{metavar}`" for o in action.option_strings)
        else:
            usage = f"`{formatter._format_args(action, action.dest.upper())}`"
        text = " ".join(formatter._expand_help(action).split()) if action.help else ""
        rows.append((usage, text.replace("|", "\\|")))
    return rows


def reference() -> str:
    """Return the section: a table a command, every option with what it does."""
    whole = build_parser()
    commands = whole._subparsers._group_actions[0].choices
    out = [
        BEGIN,
        "",
        "## Every option",
        "",
        "What `chute COMMAND --help` prints, command by command (made from the parser",
        "by `scripts/build_cli_reference.py`; a test keeps it so).",
        "",
    ]
    for name in command_modules():
        out += [f"### `chute {name}`", "", "| option | what it does |", "|---|---|"]
        out += [f"| {usage} | {text} |" for usage, text in option_rows(commands[name])]
        out.append("")
    out.append(END)
    return "\n".join(out)


def with_reference(text: str) -> str:
    """Return the document with its section replaced (appended when it has none)."""
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        return head + reference() + rest.split(END, 1)[1]
    return text.rstrip("\n") + "\n\n" + reference() + "\n"


def main() -> int:
    """Rewrite docs/cli.md's section, or with --check say whether it is current; return the status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check: status 1 when the section is stale")
    args = ap.parse_args()
    text = DOC.read_text(encoding="utf-8")
    new = with_reference(text)
    if args.check:
        if new != text:
            print(f"{DOC} does not list every option as the parser has them: run {sys.argv[0]}", file=sys.stderr)
            return 1
        return 0
    if new != text:
        write_atomic(DOC, new, "docs/cli.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
