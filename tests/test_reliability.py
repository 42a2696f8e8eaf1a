"""Small reliability cases: word files with damaged lines, saved games that cannot be, numbers in other scripts,
JSON values of the wrong type, Host headers that only look like this machine's, and the server's caps."""

from __future__ import annotations

import json
import threading

import pytest

from chute.game.words import load_lexicon


def test_a_word_file_with_a_damaged_line_keeps_its_utf8_and_names_the_line(cli, tmp_path):
    words = tmp_path / "w.txt"
    words.write_bytes("ávido\nsuíte\ntermo\n".encode() + b"reb\xffut\n" + b"festa\n")
    lexicon = load_lexicon("termo", words, words)
    assert sorted(lexicon.answers) == ["avido", "festa", "suite", "termo"] and lexicon.show("avido") == "ávido"
    assert lexicon.dropped == 1 and lexicon.not_words == ("reb\ufffdut",)
    status, out, err = cli("filter", "t____", "--game", "termo", "--answers", words, "--guesses", words)
    assert status == 0 and "TERMO" in out
    assert err == "chute: note: dropped 1 entry of the word lists that is not a word of letters: reb\ufffdut\n"
    latin = tmp_path / "latin.txt"
    latin.write_bytes("ávido\nsuíte\n".encode("latin-1"))  # no UTF-8 at all: a Latin-1 file
    assert load_lexicon("termo", latin, latin).show("avido") == "ávido"


def test_a_saved_game_longer_than_a_game_is_played_on_is_refused(cli, tmp_path):
    saved = tmp_path / "game.json"
    status, _, _ = cli("assist", "-s", "entropy", "--session", saved, stdin="bbgyg\n")
    data = json.loads(saved.read_text())
    data["history"] = data["history"] * 102
    saved.write_text(json.dumps(data))
    status, out, err = cli("assist", "-s", "entropy", "--session", saved, "--resume", stdin="")
    assert status == 2 and err.count("\n") == 1
    assert "the saved game is damaged: it holds 102 rows, more than a game of 6 rows is played on (13)" in err


def test_a_saved_game_whose_colours_contradict_each_other_is_refused(cli, tmp_path):
    saved = tmp_path / "game.json"
    cli("assist", "-s", "entropy", "--session", saved, stdin="bbgyg\n")
    data = json.loads(saved.read_text())
    data["history"].append({"guess": "soare", "patterns": ["ggggg"]})
    saved.write_text(json.dumps(data))
    status, _, err = cli("assist", "-s", "entropy", "--session", saved, "--resume", stdin="")
    assert status == 2 and err.count("\n") == 1 and "the saved game is damaged: row 2:" in err


@pytest.mark.parametrize("top", ["٣", "５", "³", "1_0"])
def test_numbers_are_ascii_digits(cli, top):
    status, out, err = cli("suggest", "--top", top)
    assert status == 2 and out == "" and err.count("\n") == 1 and "expected a whole number" in err


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("starlette", reason="the web extra is part of the test extra")
    from starlette.testclient import TestClient

    from chute.web import create_app

    return TestClient(create_app(), base_url="http://localhost")


@pytest.mark.parametrize("top", [True, False, 2.0, "3"])
def test_the_api_reads_top_as_a_json_number_only(client, top):
    r = client.post("/api/suggest", json={"game": "wordle", "rows": [], "top": top})
    assert r.status_code == 400 and "top must be a whole number" in r.json()["error"]


def test_a_host_header_that_only_begins_as_this_machine_is_refused(client):
    from chute.web.origin import host_name

    assert host_name("[::1]evil.com") == "" and host_name("[::1]:80x") == "" and host_name("[::1]:8000") == "::1"
    r = client.get("/", headers={"Host": "[::1]evil.com"})
    assert r.status_code == 403


def test_a_request_that_asks_too_much_work_is_refused(client):
    rows = [{"guess": "tares", "patterns": ["bbbbb"] * 8}] * 21
    r = client.post("/api/suggest", json={"game": "octordle", "rows": rows})
    assert r.status_code == 413 and r.json()["error"] == "octordle replays at most 20 rows in one request"


def test_a_request_that_finds_every_turn_taken_is_answered_503(client, monkeypatch):
    import chute.web.app as web

    turns = threading.BoundedSemaphore(1)
    monkeypatch.setattr(web, "_slots", turns)
    monkeypatch.setattr(web, "QUEUE_SECONDS", 0.2)
    turns.acquire()  # another request holds the only turn
    try:
        r = client.post("/api/suggest", json={"game": "wordle", "rows": []})
    finally:
        turns.release()
    assert r.status_code == 503 and r.headers["retry-after"] == "5" and "the server is busy" in r.json()["error"]
    assert client.post("/api/suggest", json={"game": "wordle", "rows": []}).status_code == 200
