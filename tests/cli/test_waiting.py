"""The line a terminal shows while a step takes a while: drawn late, erased always, never on a pipe or for --json."""

from __future__ import annotations

import io
import sys
import threading

import pytest

from chute.cli import main
from chute.cli import waiting as waiting_module
from chute.cli.solving import note
from chute.cli.waiting import waiting


class Terminal(io.StringIO):
    """A stream that says it is a terminal and tells when something is written to it."""

    def __init__(self):
        super().__init__()
        self.written = threading.Event()

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        n = super().write(text)
        self.written.set()
        return n


MATRIX = "scoring every guess against every word of these lists (once, then cached)..."


def erased(text: str) -> str:
    """Return what erases a line of ``text`` on any terminal."""
    return "\r" + " " * len(text) + "\r"


def test_a_slow_step_shows_its_line_and_erases_it():
    term = Terminal()
    with waiting("ranking the guesses...", term, delay=0.01):
        assert term.written.wait(10)  # the step outlasts the delay: the line is drawn meanwhile
    assert term.getvalue() == "ranking the guesses..." + erased("ranking the guesses...")


def test_a_quick_step_shows_nothing():
    term = Terminal()
    with waiting("ranking the guesses...", term, delay=60):
        pass
    assert term.getvalue() == "" and not term.written.wait(0.05)


def test_the_line_is_erased_when_the_step_fails_and_nothing_is_drawn_without_a_text():
    term = Terminal()
    with pytest.raises(KeyboardInterrupt):
        with waiting("grading the game...", term, delay=0.01):
            assert term.written.wait(10)
            raise KeyboardInterrupt  # Ctrl-C: its own line must start clean
    assert term.getvalue().endswith(erased("grading the game..."))
    with waiting(None, term, delay=0):
        pass
    assert term.getvalue() == "grading the game..." + erased("grading the game...")


def test_a_note_during_the_step_starts_a_clean_line_and_the_line_is_not_drawn_twice():
    term = Terminal()
    with waiting("grading the game...", term, delay=0.01):
        assert term.written.wait(10)
        note("compiling", stream=term)
    assert term.getvalue() == "grading the game..." + erased("grading the game...") + "chute: note: compiling\n"


@pytest.fixture
def terminal(monkeypatch):
    """Return a terminal to stand in for stderr, and have the review wait (at most a while) for its line."""
    import chute.reviewing.review_game

    term = Terminal()
    monkeypatch.setattr(waiting_module, "DELAY", 0.0)
    review = chute.reviewing.review_game.review

    def slow_review(*args, **kwargs):
        term.written.wait(1.0)  # a review slower than the delay, whatever the machine's speed
        return review(*args, **kwargs)

    monkeypatch.setattr(chute.reviewing.review_game, "review", slow_review)
    return term


def test_a_review_on_a_terminal_says_it_is_grading_then_prints_a_clean_verdict(capsys, monkeypatch, terminal):
    monkeypatch.setattr(sys, "stderr", terminal)  # here: the capture of the test's call replaces stderr
    assert main(["review", "soare", "riyal", "cigar"]) == 0
    shown = terminal.getvalue().removeprefix(MATRIX + erased(MATRIX))  # drawn at once here (no delay)
    assert shown.startswith("grading the game..." + erased("grading the game...")), shown
    rest = shown[len("grading the game...") * 2 + 2 :]  # the notes said after it, if any, each on its line
    assert all(line.startswith("chute: note: ") for line in rest.splitlines()), shown
    assert rest == "" or rest.endswith("\n"), shown
    assert capsys.readouterr().out.startswith("wordle: CIGAR")


def test_no_line_for_json_or_when_stderr_is_not_a_terminal(capsys, monkeypatch, terminal):
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["review", "--json", "soare", "riyal", "cigar"]) == 0
    assert terminal.getvalue() == ""
    monkeypatch.setattr(Terminal, "isatty", lambda self: False)
    assert main(["review", "soare", "riyal", "cigar"]) == 0
    assert terminal.getvalue() == ""


def test_a_matrix_built_for_new_lists_says_so_on_a_terminal(capsys, monkeypatch, tmp_path):
    """Lists whose matrix is not cached: a terminal hears that every guess is scored (once, then cached), and
    the line is erased before the answer; with the matrix cached, or for --json, nothing is drawn."""
    import chute.game.engine as engine_mod
    from chute import load_lexicon

    term = Terminal()
    monkeypatch.setattr(sys, "stderr", term)
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))
    real = engine_mod.compute_codes

    def slow(*args):
        term.written.wait(1.0)  # slower than the delay, whatever the machine's speed
        return real(*args)

    monkeypatch.setattr(engine_mod, "compute_codes", slow)
    words = tmp_path / "words.txt"
    words.write_text("\n".join(load_lexicon("wordle").answer_list[:300]) + "\n")
    line = MATRIX
    assert main(["suggest", "--answers", str(words), "--guesses", str(words), "--top", "2"]) == 0
    assert term.getvalue().startswith(line + erased(line)), term.getvalue()
    term.seek(0)
    term.truncate()
    term.written.clear()
    assert main(["suggest", "--answers", str(words), "--guesses", str(words), "--top", "2"]) == 0
    assert line not in term.getvalue()
    capsys.readouterr()
