"""``--game absurdle`` and ``absurdo`` on the command line: suggest, play, review and prove against the adversary,
and the commands that do not play it refusing in one line."""

from __future__ import annotations

import json
import random

import pytest

from chute import load_lexicon
from chute.game.adversary import least_said, most_said
from chute.playing.assembly import solver_for
from chute.search.absurdle import play_line


def test_suggest_ranks_the_openers_that_corner_the_adversary_in_the_fewest_rows(cli):
    status, out, err = cli("suggest", "--game", "absurdle", "--top", "5", "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["left"] == 2315 and data["rows"] == 4
    assert [s["rows"] for s in data["suggestions"]] == [4] * 5
    status, out, _ = cli("suggest", "--game", "absurdle", "olate:bbbbb")
    assert status == 0 and "160 words the adversary may keep" in out and "cornered in 3 rows" in out


@pytest.mark.parametrize("keep", [least_said, most_said])
def test_following_the_suggestions_corners_the_adversary_in_the_fewest_rows(keep):
    solver = solver_for("absurdle")
    S = solver.every_answer()
    fewest = solver.fewest_rows()
    line = play_line(solver.search, S, solver.suggest(top=1).ranked[0].guess, keep)
    assert len(line) == fewest == 4


def test_play_answers_each_guess_and_ends_with_the_rows_against_the_fewest(cli):
    line = play_line(solver_for("absurdle").search, solver_for("absurdle").every_answer(), "olate")
    status, out, err = cli("play", "--game", "absurdle", *line)
    assert status == 0, err
    assert "cornered in 4 rows; the fewest that always win: 4" in out
    assert "Absurdle 4/∞ (fewest 4)" in out and out.rstrip().endswith("🟩🟩🟩🟩🟩")


def test_play_reads_typed_guesses_and_says_a_refused_word_in_one_line(cli):
    status, out, err = cli("play", "--game", "absurdle", stdin="olate\nqzxvj\nrinds\n")
    assert status == 1  # not cornered: standard input ended
    assert "QZXVJ is not a word absurdle accepts" in err and len(err.strip().splitlines()) == 1
    assert "13 words left" in out and "not cornered after 2 rows" in out


def test_hard_mode_refuses_a_guess_that_ignores_a_clue(cli):
    status, out, err = cli("play", "--game", "absurdle", "--hard", "olate", "chump", "stair", "bunny")
    assert status == 2 and "BUNNY" in err and len(err.strip().splitlines()) == 1  # STAIR showed a yellow I
    assert cli("play", "--game", "absurdle", "olate", "chump", "stair", "bunny")[0] == 1  # normal mode plays it


def test_review_grades_each_row_against_the_fewest(cli):
    status, out, err = cli("review", "--game", "absurdle", "arise", "clout", "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["fewest"] == 4 and not data["won"]
    assert [r["lost"] for r in data["rows"]] == [0, 1] and data["rows"][1]["better"]
    status, out, _ = cli("review", "--game", "absurdle", "olate:bbbbb", "rinds:bbbbb", "gimpy:bbbbb", "chuck:ggggg")
    assert status == 0 and "every row was the best move" in out


def test_review_refuses_colours_no_answer_fits(cli):
    status, _, err = cli("review", "--game", "absurdle", "arise:ggggb", "crane:ggggg")
    assert status == 2 and "could not have answered" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["bench", "--game", "absurdle"],
        ["assist", "--game", "absurdle"],
        ["suggest", "--game", "absurdle", "--strategy", "entropy"],
        ["suggest", "--game", "absurdo", "--boards", "2"],
    ],
)
def test_what_does_not_apply_is_refused_in_one_line(cli, argv):
    status, _, err = cli(*argv)
    assert status == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_prove_on_small_lists_gives_the_fewest_rows_and_a_winning_line(cli, tmp_path):
    wordle = load_lexicon("wordle")
    rng = random.Random(4)
    answers = sorted(rng.sample(wordle.answers, 60))
    guesses = sorted(set(answers) | set(rng.sample(wordle.guesses, 60)))
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(guesses) + "\n")
    lists = ["--answers", tmp_path / "a.txt", "--guesses", tmp_path / "g.txt"]
    status, out, err = cli("prove", "--game", "absurdle", *lists, "--json", "--journal", tmp_path / "j")
    assert status == 0, err
    data = json.loads(out)
    assert data["proven"] and data["guesses"] == len(data["line"]) and data["line"][-1] in answers
    assert data["winning_openers"] == len(data["winning"]) > 0 and data["openers"] == len(guesses)
    status, out, _ = cli("prove", "--game", "absurdle", *lists, "--journal", tmp_path / "j")
    assert status == 0 and f"the fewest guesses that always win: {data['guesses']}, proven" in out


def test_the_absurdle_page_of_the_docs_runs_and_says_what_it_returns():
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "absurdle.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict = {}
    exec(compile(code, "docs/absurdle.md", "exec"), namespace)
    absurdle, parse_clue = namespace["absurdle"], namespace["parse_clue"]
    (best,) = absurdle.suggest([parse_clue("olate:bbbbb")], top=1).ranked
    assert (best.guess, best.rows) == ("rinds", 3)
    assert namespace["game"].clues[0].pattern == "bbbbb" and len(namespace["game"].left) == 160
    assert absurdle.fewest_rows() == 4


@pytest.mark.parametrize("game, lists", [("absurdle", "wordle"), ("absurdo", "termo")])
def test_the_adversarys_games_suggest_only_words_chute_suggests_anywhere(cli, game, lists):
    lexicon = load_lexicon(lists)
    for clues in ([], ["arise:bbbbb"] if lists == "wordle" else ["serao:bbbbb"]):
        status, out, err = cli("suggest", "--game", game, *clues, "--top", "20", "--json")
        assert status == 0, err
        words = [s["guess"] for s in json.loads(out)["suggestions"]]
        assert len(words) == 20 and all(lexicon.is_suggested(w) for w in words), words
    offensive = sorted(lexicon.offensive)[0]
    assert cli("play", "--game", game, offensive)[0] == 1  # a word the player types is still answered


def test_a_suggestion_after_the_cornering_row_says_the_game_is_won(cli):
    status, out, err = cli("suggest", "--game", "absurdle", "olate:bbbbb", "rinds:bbbbb", "gimpy:bbbbb", "chuck:ggggg")
    assert status == 0, err
    assert out == "cornered in 4 rows; the fewest that always win: 4\n"
    status, out, _ = cli("suggest", "--game", "absurdle", "crane:ggggg", "--json")
    data = json.loads(out)
    assert data["won"] and data["suggestions"] == [] and data["rows"] == 0


def test_common_words_rank_apart_from_every_word_in_one_cache(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))
    first = {}
    for flags in (["--common"], []):
        status, out, err = cli("suggest", "--game", "absurdle", *flags, "--top", "1", "--json")
        assert status == 0, err
        first[bool(flags)] = json.loads(out)["suggestions"][0]["guess"]
    assert first[False] == "aesir" and first[True] != "aesir"  # AESIR is not a common word


def test_a_typed_line_of_garbage_is_named_in_a_short_excerpt(cli):
    garbage = "\x00\x81" + "z" * 5000
    status, out, err = cli("play", "--game", "absurdle", stdin=f"{garbage}\nqzxvj\n")
    assert status == 1 and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 2 and all(len(line) < 120 for line in lines) and "5,002 characters" in lines[0]
    assert lines[1] == "chute: QZXVJ is not a word absurdle accepts"
