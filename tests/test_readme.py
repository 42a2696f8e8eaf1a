"""The README's library example runs as printed, and what its comments claim is what it returns."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.fixture(scope="module")
def example() -> dict:
    """Return the namespace left by running the first Python block under "## The library"."""
    text = README.read_text(encoding="utf-8")
    block = text.split("\n## The library", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(block, "README.md (The library)", "exec"), namespace)
    return namespace


def test_the_library_example_says_what_it_returns(example):
    parse_clue = example["parse_clue"]
    assert example["score"]("speed", "abide") == "bbyby"
    ranked = example["solver"].suggest([parse_clue("soare:bbyby")], top=3).ranked
    assert [r.guess for r in ranked] == ["canal", "natal", "tepal"]
    game = example["play"](example["solver"], "cigar")
    assert game.guesses == ("soare", "riyal", "cigar") and game.solved_at == (3,)
    assert example["k"].explain("tench").splitlines()[0].startswith("Count: has 1 T, at least 2")


def test_the_two_board_session_of_the_example(example):
    duo = example["duo"]
    report = duo.report(top=3)
    assert len(report["suggestions"]) == 3 and [b["count"] for b in report["boards"]] == [2198, 886]
    assert report["rows"] == [{"guess": "toras", "patterns": ["bbbyb", "bybbb"]}]
