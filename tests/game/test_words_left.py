"""The words left, counted twice everywhere: the game's likely answers and every word it accepts that fits."""

from __future__ import annotations

import random

from chute import load_lexicon, words_lexicon
from chute.game.feedback import Clue, score
from chute.game.fits import fitting, words_left
from chute.game.knowledge import Knowledge
from chute.game.words_left import WordsLeft, said_per_board


def brute(words, clues) -> list[str]:
    """Return the words every clue's colours fit, by the game's rule word by word."""
    return [w for w in words if all(score(c.guess, w) == c.pattern for c in clues)]


def test_the_two_figures_are_the_game_s_rule_over_its_two_lists():
    """Seeded games: likely answers and possible words equal a brute force by ``score`` and the clue reader's
    filter; a fit is the same asked at once or clue by clue."""
    wordle = load_lexicon("wordle")
    rnd = random.Random(7)
    for _ in range(12):
        secret = rnd.choice(wordle.answers)
        clues = [Clue(g, score(g, secret)) for g in rnd.sample(wordle.guesses, rnd.randint(1, 3))]
        left = words_left(wordle, clues)
        assert left.likely == len(brute(wordle.answer_list, clues)) >= 1
        assert (
            left.possible
            == len(brute(wordle.guesses, clues))
            == len(Knowledge.from_rows(clues, 5).filter(wordle.guesses))
        )
        assert fitting(wordle, "accepted", tuple(clues)) == brute(wordle.guesses, clues)
    opening = words_left(wordle, [])
    assert (opening.likely, opening.possible) == (2315, 14855)
    assert fitting(wordle, "later", ()) == [w for w in wordle.guesses if w in wordle.later]


def test_said_in_both_languages_and_per_board():
    """Labelled, singular or plural, the language's digits; one list has one figure; a board's strings shown."""
    assert WordsLeft(48, 246).said() == "48 likely answers · 246 possible words"
    assert WordsLeft(1, 1).said() == "1 likely answer · 1 possible word"
    assert WordsLeft(2510, 18210).said("pt") == "2.510 respostas prováveis · 18.210 palavras possíveis"
    assert WordsLeft(0, 0, strings=8).said() == "0 likely answers · 0 possible words · 8 strings of letters"
    assert (
        said_per_board([WordsLeft(7, 70), None, WordsLeft(0, 0, 3)])
        == "likely answers/possible words 1: 7/70, 2: solved, 3: 3 strings of letters"
    )
    own = words_lexicon(["crane", "crate", "trace"])
    assert words_left(own, [Clue("crane", "gggbg")]) == WordsLeft(None, 1)
    assert said_per_board([words_left(own, [])], "pt") == "palavras possíveis 1: 3"


def test_past_answers_are_never_the_answer_but_still_guesses(cli, tmp_path):
    """--not-answers: the words leave the answers, the prior and the possible words, stay accepted and suggested;
    --exclude drops a word from both lists."""
    past = tmp_path / "past.txt"
    past.write_text("cigar\nrebut\n", encoding="utf-8")
    lexicon = load_lexicon("wordle", not_answers=past)
    plain = load_lexicon("wordle")
    assert "cigar" not in lexicon.answer_set and "cigar" not in lexicon.prior_words
    assert "cigar" in lexicon.guess_set and lexicon.is_suggested("cigar") and lexicon.past == {"cigar", "rebut"}
    assert len(lexicon.answers) == 2313 and lexicon.key != plain.key and lexicon.name == "wordle-past"
    assert words_left(lexicon, []) == WordsLeft(2313, 14853)
    status, out, _ = cli("suggest", "--not-answers", past, "salet:bybbb", "chair:gbyyg", "--top", "2")
    assert status == 0 and out.startswith("0 likely answers · 1 possible word · ") and "likeliest first: CIMAR\n" in out
    status, out, _ = cli("suggest", "salet:bybbb", "chair:gbyyg", "--top", "2")
    assert out.startswith("1 likely answer · 2 possible words · ") and "likeliest first: CIGAR CIMAR\n" in out
    status, out, _ = cli("filter", "--not-answers", past, "salet:bybbb", "chair:gbyyg")
    assert status == 1 and "1 accepted guess fits (see --all): CIMAR" in out
    assert "cigar" not in load_lexicon("wordle", exclude=past).guess_set


def test_the_words_listed_hold_what_the_count_says(cli):
    """A count of "10 possible words" above 8 listed: the words that fit but are never suggested (FUNTS, SUNTS) are counted."""
    status, out, _ = cli("suggest", "cunts:bgggg", "--top", "1")
    lines = out.splitlines()
    possible = int(lines[0].split(" possible words")[0].split("· ")[-1])
    listed = lines[1].split(": ", 1)[1].split(";")[0].split()
    assert status == 0 and possible == 10 and len(listed) == 8
    assert lines[1].endswith("; and 2 more chute never suggests (rare or offensive)")
