"""The scoring rule and every notation: the classic traps, round trips, refusals."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chute.errors import NotationError
from chute.game.feedback import (
    NOTATIONS,
    Clue,
    decode,
    encode,
    format_clue,
    is_producible,
    parse_clue,
    parse_colours,
    parse_rows,
    parse_template,
    parse_word,
    score,
    to_digits,
    to_emoji,
    to_guess_score,
    to_termo,
)

# Each pair is (guess, secret, pattern) worked out by hand with the rule: greens
# first, then yellows left to right while unmatched copies remain in the secret.
TRAPS = [
    ("speed", "abide", "bbyby"),  # one E in the secret: only the first free E is yellow
    ("abide", "speed", "bbbyy"),
    ("error", "elder", "gbbbg"),  # the R of ELDER is taken by the green; other Rs grey
    ("elder", "error", "gbbbg"),
    ("rower", "goner", "bgbgg"),  # first R grey: the only R is green at the end
    ("goner", "rower", "bgbgg"),
    ("geese", "those", "bbbgg"),  # three Es, one in the secret and it is green
    ("those", "geese", "bbbgg"),
    ("mocks", "cigar", "bbybb"),
    ("cigar", "mocks", "ybbbb"),
    ("witty", "fifty", "bgbgg"),  # the T at 3 is grey: FIFTY's only T is green at 4
    ("fifty", "witty", "bgbgg"),
    ("tenet", "tenth", "gggby"),  # seed 002's TENTH: second E grey, last T yellow
    ("chick", "quick", "bbggg"),
    ("trite", "write", "bgggg"),
]


@pytest.mark.parametrize("guess, secret, pattern", TRAPS)
def test_classic_traps(guess, secret, pattern):
    assert score(guess, secret) == pattern


def test_score_folds_accents_and_case():
    assert score("ÁVIDO", "avida") == "ggggb"
    assert score("pião", "piao") == "gggg"


def test_score_refuses_different_lengths():
    with pytest.raises(NotationError):
        score("abc", "abcd")


def test_seed_002_opening_rows():
    assert to_guess_score("judge", score("judge", "ocean")) == "JUDGE=....e"
    assert to_guess_score("chest", score("chest", "ocean")) == "CHEST=c.E.."
    assert to_guess_score("wreck", score("wreck", "ocean")) == "WRECK=..Ec."
    assert to_emoji(score("judge", "ocean")) == "⬛⬛⬛⬛🟨"


patterns5 = st.text(alphabet="gyb", min_size=5, max_size=5)
words5 = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=5, max_size=5)


@given(patterns5)
def test_code_round_trip(pattern):
    assert decode(encode(pattern), 5) == pattern
    assert 0 <= encode(pattern) < 3**5


def test_codes_are_base_3_tile_i_weight_3_to_the_i():
    assert encode("bbbbb") == 0
    assert encode("ybbbb") == 1
    assert encode("gbbbb") == 2
    assert encode("bybbb") == 3
    assert encode("ggggg") == 242


@given(words5, patterns5)
def test_every_notation_round_trips(guess, pattern):
    assert parse_clue(to_guess_score(guess, pattern)) == Clue(guess, pattern)
    assert parse_clue(f"{guess}:{pattern}") == Clue(guess, pattern)
    assert parse_clue(format_clue(guess, pattern, "clue")) == Clue(guess, pattern)
    assert parse_colours(pattern) == pattern
    assert parse_colours(to_emoji(pattern)) == pattern
    assert parse_colours(to_emoji(pattern, light=True)) == pattern
    assert parse_colours(to_termo(pattern)) == pattern
    assert parse_colours(to_digits(pattern)) == pattern
    assert parse_clue(f"{guess}:{to_termo(pattern)}") == Clue(guess, pattern)
    assert parse_clue(f"{guess}:{to_digits(pattern)}") == Clue(guess, pattern)
    assert parse_clue(f"{guess}:{to_emoji(pattern)}") == Clue(guess, pattern)
    assert parse_rows([guess, pattern]) == [Clue(guess, pattern)]
    for name in NOTATIONS:
        assert format_clue(guess, pattern, name)


@pytest.mark.parametrize(
    "text, pattern",
    [
        ("CHEST=c.E..", "ybgbb"),  # seed 002
        ("chest=c.E..", "ybgbb"),
        ("chest:ybgbb", "ybgbb"),  # seed 004
        ("chest,ybgbb", "ybgbb"),
        ("chest ybgbb", "ybgbb"),
        ("chest:YBGBB", "ybgbb"),
        ("chest:10200", "ybgbb"),
        ("chest:i c  ", "ybgbb"),  # seed 000: Termo's blank is a space ...
        ("chest:i_c__", "ybgbb"),  # ... or _ ...
        ("chest:i.c..", "ybgbb"),  # ... or .
        ("chest:🟨⬛🟩⬛⬛", "ybgbb"),
        ("chest:🟨⬜🟩⬜⬜", "ybgbb"),
        ("chest:🟨\ufe0f⬛\ufe0f🟩⬛⬛", "ybgbb"),
        ("ÁVIDO=Á....", "gbbbb"),
        ("CLAIM=c..i.", "ybbyb"),  # after '=' SCORE wins over Termo's c/i ...
        ("claim:c..i.", "gbbyb"),  # ... after ':' it is colours
    ],
)
def test_notations_read(text, pattern):
    assert parse_clue(text).pattern == pattern


@pytest.mark.parametrize(
    "text",
    [
        "CHEST=c.E.x",  # x is not the guess's letter there
        "CHEST=c.X..",  # upper-case X where E belongs: a typo, not a grey tile
        "CHEST=c.y..",  # mixes Termo's c with g/y/b's y
        "chest:ybgb",  # too few tiles
        "chest:ybgbbb",  # too many tiles
        "chest:ybgbq",  # unknown tile
        "chest:c1g..",  # mixed notations
        "ch3st:ybgbb",  # not a word
        "chest",  # no pattern
        "",
        "=ybgbb",
        "chest:",
    ],
)
def test_bad_notations_raise(text):
    with pytest.raises(NotationError):
        parse_clue(text)


def test_clue_length_is_checked():
    with pytest.raises(NotationError):
        parse_clue("chests:ybgbbb", length=5)


@pytest.mark.parametrize("tokens", [["crane"], ["crane", "ybgx"], ["_U_[E"], ["_U_[1]S"], ["_U_!_S"]])
def test_bad_rows_raise(tokens):
    with pytest.raises(NotationError):
        parse_rows(tokens)


def test_rows_mix_pairs_clues_and_templates():
    rows = parse_rows(["crane", "bbybb", "CHEST=c.E..", "_U_[E]S", "tenet", "TEN.t"])
    assert rows[0] == Clue("crane", "bbybb")
    assert rows[1] == Clue("chest", "ybgbb")
    assert rows[2].known == (None, "u", None, None, "s")
    assert rows[2].misplaced[3] == frozenset("e")
    assert str(rows[2]) == "_U_[E]S"
    assert rows[3] == Clue("tenet", "gggby")


def test_template_reads_seed_003():
    t = parse_template("____[E]")
    assert t.known == (None,) * 5 and t.misplaced[4] == frozenset("e")
    with pytest.raises(NotationError):
        parse_template("_U_[E]S", length=6)


def test_parse_word():
    assert parse_word(" Ávido ") == "avido"
    for bad in ["", "ab1", "a-b", "ab c"]:
        with pytest.raises(NotationError):
            parse_word(bad)


def test_unknown_notation_name_raises():
    with pytest.raises(NotationError):
        format_clue("crane", "bbbbb", "nope")


def test_producible_means_some_secret_gives_it():
    """is_producible's leftmost-yellow rule agrees with brute force over a small alphabet."""
    for guess in ["aab", "aba", "abb", "aaa"]:
        produced = {score(guess, "".join(s)) for s in itertools.product("abx", repeat=3)}
        for pattern in map("".join, itertools.product("gyb", repeat=3)):
            if pattern in produced:
                assert is_producible(guess, pattern)
    assert not is_producible("aab", "byb")  # a grey A before a yellow A


def test_a_row_of_several_boards_reads_each_boards_colours_in_any_notation():
    from chute.game.feedback import parse_board_row

    assert parse_board_row("toras:bbbbb/bybbg/-/bbbyb", 5) == ("toras", ["bbbbb", "bybbg", None, "bbbyb"])
    assert parse_board_row("SERÃO __c_i, ccccc", 5) == ("serao", ["bbgby", "ggggg"])
    assert parse_board_row("toras=🟩⬛⬛⬛⬛|22222", 5) == ("toras", ["gbbbb", "ggggg"])
    for bad, needle in (
        ("toras", "cannot read row"),
        ("tor:bbbbb", "3 letters"),
        ("toras:bbbb", "4 tiles"),
        ("1234a:bbbbb", "not a word"),
    ):
        with pytest.raises(NotationError, match=needle):
            parse_board_row(bad, 5)
