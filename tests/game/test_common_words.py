"""Common words only: a frequency floor on the words chute suggests, the lists and their matrix unchanged."""

from __future__ import annotations

import random

import pytest

from chute import Engine, load_lexicon
from chute.errors import ChuteError, LexiconError
from chute.game.feedback import Clue, score
from chute.game.words import COMMON_FLOOR
from chute.playing.assembly import game_solver
from chute.playing.session import Session


@pytest.fixture(scope="module")
def wordle():
    """Return the bundled Wordle engine and the same matrix read with the default floor."""
    plain = Engine.build(load_lexicon("wordle"))
    return plain, plain.reading(plain.lexicon.common_only())


def is_common(lexicon, word: str) -> bool:
    """Return whether a word is common by the rule itself: on the answer list, or frequent enough."""
    return word in lexicon.answer_set or lexicon.frequencies.get(word, -1.0) >= lexicon.common


def test_the_floor_keeps_the_answer_list_and_the_frequent_words(wordle):
    plain, common = wordle
    lex = common.lexicon
    assert lex.common == COMMON_FLOOR == 3.0 and plain.lexicon.common is None
    assert lex.key == plain.lexicon.key and common.matrix is plain.matrix  # the same lists, one matrix
    assert not lex.uncommon & lex.answer_set  # AUDIO's list: always common
    suggested = [w for w in lex.guesses if lex.is_suggested(w)]
    assert suggested and all(is_common(lex, w) for w in suggested)
    assert not lex.is_suggested("salet") and not lex.is_suggested("reast")  # Zipf 0: read, never suggested
    assert lex.is_guess("salet") and lex.is_suggested("trace") and lex.is_suggested("aback")
    assert len(suggested) == 3392 and "common words only" in lex.summary()
    # its own rankings and proofs: the key of the words it never suggests differs; none without a floor
    assert (
        lex.suggest_key != plain.lexicon.suggest_key and lex.common_only(None).suggest_key == plain.lexicon.suggest_key
    )
    higher = lex.common_only(4.0)
    assert higher.uncommon > lex.uncommon


def test_a_floor_needs_frequencies_and_a_zipf_value(tmp_path):
    for bad in (-1, 8.5, float("nan"), True, "3"):
        with pytest.raises(LexiconError, match="Zipf"):
            load_lexicon("wordle").common_only(bad)
    answers = tmp_path / "a.txt"
    answers.write_text("cigar\nslate\n")
    guesses = tmp_path / "g.txt"
    guesses.write_text("crane\nadieu\n")
    with pytest.raises(LexiconError, match="no word frequencies"):
        load_lexicon("wordle", answers=answers, guesses=guesses, common=3)
    with pytest.raises(ChuteError, match="not the lists"):
        Engine.build(load_lexicon("wordle")).reading(load_lexicon("termo"))


def test_suggestions_are_common_unless_a_rare_word_is_a_likely_answer(wordle):
    """Seeded games: every suggestion is a common word, or a word the clues made a likely answer (1% or more);
    the game is still won, the rare answer found."""
    _, common = wordle
    lex = common.lexicon
    solver = game_solver(common)
    assert solver.opener is None and solver.first_guess() == "slate"  # SALET's plan is not a common word's
    rnd = random.Random(3)
    secrets = rnd.sample(lex.answers, 6) + ["vitae", "gecko"]
    for secret in secrets:
        clues: list[Clue] = []
        for _ in range(6):
            suggestion = solver.suggest(clues, top=10)
            chances = dict(zip((r.guess for r in suggestion.ranked), suggestion.chances()))
            for r in suggestion.ranked:
                assert is_common(lex, r.guess) or chances[r.guess] >= 0.01, (secret, clues, r.guess)
            guess = suggestion.ranked[0].guess
            clues.append(Clue(guess, score(guess, secret)))
            if guess == secret:
                break
        assert clues[-1].guess == secret, (secret, clues)


def test_a_multi_board_game_opens_with_a_common_word(wordle):
    _, common = wordle
    session = Session(game_solver(common, 4), 4, 9)
    first = session.ranked(5)
    assert len(first) == 5 and all(is_common(common.lexicon, c.guess) for c in first), first
    secrets = ["cigar", "vitae", "gecko", "whelp"]
    session.play(first[0].guess, [score(first[0].guess, s) for s in secrets])
    candidates = {w for board in session.boards for w in board.candidates}
    assert all(is_common(common.lexicon, c.guess) or c.guess in candidates for c in session.ranked(10))


def test_the_command_line_suggests_common_words(cli, tmp_path):
    status, out, _ = cli("suggest", "--common", "--top", "3")
    assert status == 0 and "SLATE" in out.splitlines()[2] and "SALET" not in out
    status, out, _ = cli("suggest", "--common-floor", "4", "crane:bbybb", "--top", "5")
    lex = load_lexicon("wordle", common=4)
    words = [line.split()[1].lower() for line in out.splitlines()[2:7]]
    assert status == 0 and all(lex.frequencies[w] >= 4 or w in lex.answer_set for w in words), words
    status, out, _ = cli("suggest", "--common-floor", "3,5", "--top", "1")  # a decimal comma, as Portuguese writes it
    assert status == 0 and out
    for bad, said in (
        ("x", "expected a Zipf frequency"),
        ("9", "from 0 to 8"),
        ("nan", "expected a Zipf frequency"),
        ("3,5,1", "expected a Zipf frequency"),
        ("-1", "from 0 to 8"),
    ):
        status, out, err = cli("suggest", "--common-floor", bad)
        assert status == 2 and not out and said in err and len(err.strip().splitlines()) == 1
    answers = tmp_path / "a.txt"
    answers.write_text("cigar\nslate\n")
    status, out, err = cli("suggest", "--common", "--answers", answers, "--guesses", answers)
    assert status == 2 and not out and "no word frequencies" in err and len(err.strip().splitlines()) == 1
