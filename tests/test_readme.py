"""The README's examples print what the README shows, and the library's notebook session in docs/library.md
runs as printed and returns what its comments claim."""

from __future__ import annotations

import ast
import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
LIBRARY = (ROOT / "docs" / "library.md").read_text(encoding="utf-8")


def blocks(text: str, language: str) -> list[str]:
    """Return the fenced blocks of a language in a Markdown text."""
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)


def console_examples() -> list[tuple[str, str]]:
    """Return (command, printed text) for each README console block that shows a command and its output."""
    out = []
    for block in blocks(README, "console"):
        lines = block.splitlines()
        if lines and lines[0].startswith("$ chute ") and len(lines) > 1:
            out.append((lines[0][2:], "\n".join(lines[1:]) + "\n"))
    return out


def run_block(code: str, name: str) -> dict:
    """Return the namespace a Python block leaves, its printing swallowed."""
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, name, "exec"), namespace)
    return namespace


def test_the_readme_has_three_examples_and_the_two_setup_commands():
    assert len(console_examples()) == 2 and len(blocks(README, "python")) == 1
    quick = blocks(README, "console")[0].splitlines()
    assert quick == ["pip install . && chute suggest", "pip install -e '.[test]' && python -m pytest"]
    assert len(README.splitlines()) <= 250


@pytest.mark.parametrize("command, printed", console_examples(), ids=lambda x: x if x.startswith("chute") else "")
def test_a_readme_command_prints_what_the_readme_shows(cli, command, printed):
    status, out, _ = cli(*shlex.split(command)[1:])
    assert status == 0 and out == printed


def test_the_readme_python_example_returns_what_its_comments_say():
    """Each line whose comment is a Python value evaluates to that value."""
    code = blocks(README, "python")[0]
    namespace = run_block(code, "README.md")
    claims = [line.split("#", 1) for line in code.splitlines() if re.search(r"#\s*['(]", line)]
    assert len(claims) == 3
    for expression, claim in claims:
        assert eval(expression, namespace) == ast.literal_eval(claim.strip()), expression


@pytest.fixture(scope="module")
def notebook() -> dict:
    """Return the namespace left by running docs/library.md's notebook session."""
    return run_block(blocks(LIBRARY, "python")[0], "docs/library.md")


def test_the_notebook_session_says_what_it_returns(notebook):
    parse_clue = notebook["parse_clue"]
    assert notebook["score"]("speed", "abide") == "bbyby"
    ranked = notebook["solver"].suggest([parse_clue("soare:bbyby")], top=3).ranked
    assert [r.guess for r in ranked] == ["canal", "natal", "tepal"]
    game = notebook["play"](notebook["solver"], "cigar")
    assert game.guesses == ("soare", "riyal", "cigar") and game.solved_at == (3,)
    assert notebook["k"].explain("tench").splitlines()[0].startswith("Count: has 1 T, at least 2")


def test_the_notebook_two_board_session(notebook):
    duo = notebook["duo"]
    report = duo.report(top=3)
    assert len(report["suggestions"]) == 3 and [b["count"] for b in report["boards"]] == [2198, 886]
    assert report["rows"] == [{"guess": "toras", "patterns": ["bbbyb", "bybbb"], "known": True}]
