"""The opener tables chute ships for reviews of its bundled games: well formed, read by a first review instead of
searching the opening (and compiling the search), and equal to what the code searches today (else
``python scripts/build_reviews.py``)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from chute import Engine, load_lexicon
from chute.reviewing import grading
from chute.reviewing.grading import Grader, OpenerTable, table_name

SHIPPED = {p.name for p in resources.files("chute").joinpath("data", "review").iterdir() if p.name.endswith(".json")}


@pytest.fixture(scope="module")
def engines():
    """Return the bundled games' engines by list name."""
    return {name: Engine.build(load_lexicon(name)) for name in ("wordle", "termo")}


def test_every_bundled_game_has_its_table(engines):
    wordle, termo = engines["wordle"].lexicon, engines["termo"].lexicon
    wanted = {
        table_name(wordle, None, 6),
        table_name(wordle, "hard", 6),
        table_name(termo, None, 6),
        table_name(termo, "strict", 6),
        table_name(wordle, None, 7),
        table_name(wordle, None, 9),
        table_name(termo, None, 7),
        table_name(termo, None, 9),
    }
    assert wanted == SHIPPED
    table = OpenerTable(Grader(engines["wordle"], 6, None))
    assert {"salet", "crane", "slate", "adieu", "audio", "reast"} <= set(table.shipped["openers"])
    assert set(table.shipped["rows"]) == {"salet"} and len(table.shipped["rows"]["salet"]) == 2315
    for word, entry in table.shipped["openers"].items():
        assert sum(n for _, n, _ in entry["bins"]) == 2315 and entry["total"] >= 2315 + sum(
            t for *_, t in entry["bins"]
        )
    assert {"toras", "serao", "termo"} <= set(OpenerTable(Grader(engines["termo"], 6, None)).shipped["openers"])


def test_a_first_review_of_a_usual_opening_searches_no_opener(cli, tmp_path, monkeypatch):
    """From an empty cache, a game opened with CRANE (Wordle, normal and hard) or SERÃO (Termo) is reviewed from
    the shipped tables: no opener is searched, nothing is written for them, and optimal play's rows are said."""
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))

    def searched(searcher, word):
        pytest.fail(f"the opener {word} was searched")

    monkeypatch.setattr(grading, "search_opener", searched)
    status, out, err = cli(
        "review", "crane", "lotus", "golly", "dolly", "holly", "jolly", "--answer", "jolly", "--no-history"
    )
    assert status == 0 and "optimal play (SALET first) finds JOLLY in 4 rows" in out, err
    status, out, err = cli("review", "--hard", "crane", "slate", "--answer", "slate", "--no-history")
    assert status == 0 and "solved in 2/6" in out, err
    status, out, err = cli("review", "--game", "termo", "serao", "termo", "--answer", "termo", "--no-history")
    assert status == 0 and "2/6" in out, err
    assert not list(tmp_path.glob("review-*.json"))  # nothing searched, nothing to keep


def test_a_table_kept_in_the_cache_comes_before_the_shipped_one(engines, tmp_path):
    engine = Engine(engines["wordle"].lexicon, engines["wordle"].matrix, tmp_path)
    table = OpenerTable(Grader(engine, 6, None))
    shipped = table.shipped["openers"]["crane"]
    kept = {**shipped, "total": shipped["total"] + 1}
    table.path.write_text(json.dumps({**table.data, "openers": {"crane": kept}}), encoding="utf-8")
    assert OpenerTable(Grader(engine, 6, None)).opener("crane", say=False)[0] == shipped["total"] + 1


@pytest.mark.slow
def test_the_shipped_tables_are_what_chute_searches_today(engines, tmp_path, monkeypatch):
    """Searched again with nothing shipped, openers of each kind of table give the shipped entry, bin for bin."""
    monkeypatch.setattr(grading, "_shipped_text", lambda name: None)
    for name, rule, rows, words in (
        ("wordle", None, 6, ("crane", "adieu")),
        ("termo", None, 6, ("serao",)),
        ("wordle", None, 9, ("tares",)),
    ):
        engine = Engine(engines[name].lexicon, engines[name].matrix, tmp_path)
        table = OpenerTable(Grader(engine, rows, rule))
        shipped = json.loads(resources.files("chute").joinpath("data", "review", table.name).read_text("utf-8"))
        for word in words:
            total, bins = table.opener(word, say=False)
            assert (
                total == shipped["openers"][word]["total"]
                and [list(b) for b in bins] == shipped["openers"][word]["bins"]
            ), (name, word)
            assert table.data["openers"][word]["best"] == shipped["openers"][word]["best"], (name, word)
