"""``chute score`` and ``chute filter``: output shapes, user errors, agreement with brute force."""

from __future__ import annotations

import json
import random
import shutil
import subprocess

import pytest

from chute.game.feedback import score
from chute.game.words import load_lexicon

# --------------------------------------------------------------- score


def test_score_json(cli, capsys):
    status, out, err = cli("score", "--json", "SPEED", "abide", "Erase")
    assert status == 0 and err == ""
    assert json.loads(out) == [
        {"guess": "speed", "secret": "abide", "pattern": "bbyby"},
        {"guess": "speed", "secret": "erase", "pattern": "ybyyb"},
    ]


def test_score_for_people(cli, capsys, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    status, out, _ = cli("score", "witty", "fifty")
    assert status == 0
    assert out == "WITTY ⬛🟩⬛🟩🟩  bgbgg  secret FIFTY\n"


def test_score_keeps_accents_for_display(cli, capsys, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    status, out, _ = cli("score", "ávido", "avida")
    assert status == 0 and out.startswith("ÁVIDO 🟩🟩🟩🟩⬛  ggggb")


@pytest.mark.parametrize(
    "notation, expected",
    [
        ("guess-score", "CHEST=c.E..\n"),
        ("termo", "i_c__\n"),
        ("emoji", "🟨⬛🟩⬛⬛\n"),
        ("digits", "10200\n"),
        ("gyb", "ybgbb\n"),
        ("clue", "chest:ybgbb\n"),
    ],
)
def test_score_notations(cli, capsys, notation, expected):
    status, out, _ = cli("score", "--notation", notation, "chest", "ocean")
    assert status == 0 and out == expected


# --------------------------------------------------------------- filter output


def test_filter_json_shape(cli, capsys):
    status, out, err = cli("filter", "JUDGE=....e", "CHEST=c.E..", "WRECK=..Ec.", "--json")
    assert status == 0 and err == ""
    result = json.loads(out)
    assert result["count"] == len(result["candidates"]) == 1
    assert result["candidates"] == ["ocean"] and result["pool"] == "answers"
    k = result["knowledge"]
    for key in ["pattern", "required", "excluded", "wrong_spots", "unused", "deductions", "clues"]:
        assert key in k
    assert k["pattern"] == "--e--"


def test_filter_pairs_and_all(cli, capsys):
    status, out, _ = cli("filter", "judge", "bbbby", "chest", "ybgbb", "wreck", "bbgyb", "--all", "-q")
    assert status == 0
    words = out.split()
    assert "OCEAN" in words and len(words) > 1  # the accepted guesses include ICENI-like words


def test_filter_without_clues_lists_the_answers(cli, capsys):
    status, out, _ = cli("filter", "--json")
    result = json.loads(out)
    assert status == 0 and result["count"] == 2315


def test_filter_none_fit_is_status_1(cli, capsys):
    status, out, err = cli("filter", "crane:ggggg", "--words", "slate", "irate")
    assert status == 1 and err == ""
    assert "No word in the list fits" in out


def test_filter_names_the_strings_when_no_accepted_word_fits(cli, capsys):
    """MULTI's clues (a word chute's lists lack): status 1, and the strings of letters they allow, likeliest first."""
    clues = ("tough:ybybb", "moist:gbyby", "spilt:bbyyy")
    status, out, err = cli("filter", *clues)
    assert status == 1 and "No accepted word fits either" in out and "allow (8):" in out.replace("\n", " ")
    assert out.splitlines()[-1].split()[:2] == ["MUTIL", "MULTI"] and "MULTI" in out.splitlines()[-1]
    status, out, err = cli("filter", "--json", *clues)
    data = json.loads(out)
    assert status == 1 and data["count"] == 0 and len(data["unlisted"]) == 8 and "multi" in data["unlisted"]
    status, out, err = cli("filter", "tough:ybybb", "moist:gbyby")  # accepted words fit: no strings
    assert "accepted guesses fit" in out and "strings" not in out


def test_filter_warns_about_unknown_guess(cli, capsys):
    status, out, err = cli("filter", "zzzzq:bbbbb", "-q")
    assert status == 0 and out
    assert err.count("\n") == 1 and "warning" in err and "ZZZZQ" in err


def test_filter_words_file_and_length(cli, capsys, tmp_path):
    path = tmp_path / "six.txt"
    path.write_text("planet\nplaned\nplaces\nbanana\nDOGS\n", encoding="utf-8")
    status, out, _ = cli("filter", "plants:ggggyb", "--words-file", str(path), "--json")
    assert status == 0 and json.loads(out)["candidates"] == ["planet"]
    status, out, _ = cli(
        "filter", "plants:ggggyb", "--answers", str(path), "--guesses", str(path), "--length", "6", "-q"
    )
    assert status == 0 and out.split() == ["PLANET"]


def test_filter_explain_json(cli, capsys):
    status, out, _ = cli("filter", "CLAIM=c..i.", "TRICE=.riC.", "--words", "BIRCH", "TAXIS", "--explain", "--json")
    explain = json.loads(out)["explain"]
    assert explain[0] == {"word": "birch", "eligible": True, "reasons": [], "why": []}
    assert explain[1]["eligible"] is False and explain[1]["reasons"][0] == "Valid: missing CR"
    assert explain[1]["why"][0] == "it lacks C and R, which the answer has"


def test_filter_termo_prints_accents_and_reads_them_either_way(cli, capsys):
    words = ["ávido", "avida", "ávila", "sábia"]
    for clue in ["ÁVIDO=ÁVI..", "avido:ccc__", "AVIDO=AVI.."]:
        status, out, _ = cli("filter", clue, "--words", *words, "-q")
        assert status == 0 and out.split() == ["ÁVILA"]
    status, out, _ = cli("filter", "avido:ccc__", "--words", *words, "--json")
    result = json.loads(out)
    assert result["candidates"] == ["ávila"] and result["folded"] == ["avila"]


def test_filter_real_termo_lists(cli, capsys, termo_2022):
    lists = [
        "--game",
        "termo",
        "--answers",
        str(termo_2022 / "answers.txt"),
        "--guesses",
        str(termo_2022 / "guesses.txt"),
    ]
    status, out, _ = cli("filter", "ÁVIDO:ccccc", *lists, "--json")
    assert status == 0 and json.loads(out)["candidates"] == ["ávido"]
    status, out, _ = cli("filter", "avido:ccccc", *lists, "-q")
    assert out.split() == ["ÁVIDO"]


# --------------------------------------------------------------- user errors: one line, status 2


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "speed", "ab"],  # wrong length
        ["score", "sp3ed", "abide"],  # not a word
        ["score", "--notation", "nope", "speed", "abide"],
        ["filter", "CHEST=c.E.x"],  # letters that do not match the guess
        ["filter", "CHEST=c.X.."],
        ["filter", "chest:ybgb"],  # wrong number of tiles
        ["filter", "chest:c.y.."],  # mixed notations
        ["filter", "chests:ybgbbb"],  # 6 letters against the 5-letter lists
        ["filter", "crane:gbbbb", "cloud:bbbbb"],  # contradictory: names the clue
        ["filter", "aaaaa:ybbbb"],  # no secret produces it
        ["filter", "crane"],  # no pattern
        ["filter", "crane:bbbbb", "plant:bbbbbb"],
        ["filter", "_U_[E"],  # bad template
        ["filter", "_U_[E]S", "--discarded", "E"],  # discarded letter shown present
        ["filter", "crane:bbbbb", "--discarded", "a1"],
        ["filter", "crane:bbbbb", "--words-file", "/nonexistent/words.txt"],
        ["filter", "crane:bbbbb", "--answers", "/nonexistent/words.txt"],
        ["filter", "crane:bbbbb", "--words", "abcdef", "ghijkl"],
        ["filter", "crane:bbbbb", "--game", "nope"],
        ["filter", "crane:bbbbb", "--length", "6", "--words", "planet"],
        ["filter", "--no-such-option"],
    ],
)
def test_user_errors_are_one_line_and_status_2(cli, capsys, argv):
    status, out, err = cli(*argv)
    assert status == 2, (argv, out, err)
    assert err.count("\n") == 1 and "error" in err, err
    assert "Traceback" not in err


def test_contradiction_message_names_the_clue(cli, capsys):
    _, _, err = cli("filter", "crane:gbbbb", "cloud:bbbbb")
    assert "clue 2 (CLOUD=.....)" in err
    _, _, err = cli("filter", "aaaaa:ybbbb")
    assert "clue 1" in err and "no secret can produce" in err


def test_unreadable_words_file(cli, capsys, tmp_path):
    status, _, err = cli("filter", "crane:bbbbb", "--words-file", str(tmp_path))
    assert status == 2 and "directory" in err


# --------------------------------------------------------------- agreement with brute force


def test_filter_through_main_agrees_with_brute_force(cli, capsys):
    wordle = load_lexicon("wordle")
    rng = random.Random(99)
    for _ in range(8):
        secret = rng.choice(wordle.answers)
        guesses = [rng.choice(wordle.guesses) for _ in range(rng.randint(1, 4))]
        clues = [f"{g}:{score(g, secret)}" for g in guesses]
        status, out, _ = cli("filter", *clues, "--json")
        expected = [w for w in wordle.answers if all(score(g, w) == score(g, secret) for g in guesses)]
        assert status == 0 and json.loads(out)["candidates"] == expected


@pytest.mark.skipif(not shutil.which("bash"), reason="needs bash")
def test_grep_option_prints_a_pipeline_that_agrees(cli, capsys):
    clues = ["PLANK=...n.", "TENOR=TEN..", "TENET=TEN.t"]
    status, pipeline, _ = cli("filter", *clues, "--grep")
    assert status == 0 and pipeline.startswith("# PLANK=...n. TENOR=TEN.. TENET=TEN.t\n")
    shell = subprocess.run(["bash", "-c", pipeline], capture_output=True, text=True)
    status, out, _ = cli("filter", *clues, "-q")
    assert shell.stdout.split() == out.split() == ["TENTH"]
    status, pipeline, _ = cli("filter", *clues, "--grep", "--all")
    shell = subprocess.run(["bash", "-c", pipeline], capture_output=True, text=True)
    status, out, _ = cli("filter", *clues, "-q", "--all")
    assert sorted(shell.stdout.split()) == sorted(out.split())


def test_filter_refuses_words_of_another_length(cli, capsys):
    status, out, err = cli("filter", "crane:bbbbb", "--words", "slate", "abc", "moist", "-q")
    assert status == 2 and out == ""
    assert err == "chute: error: --words entry 'abc' has 3 letters, expected 5\n"


def test_help_works(cli, capsys):
    for command in ("score", "filter"):
        status, out, _ = cli(command, "--help")
        assert status == 0 and "usage:" in out
