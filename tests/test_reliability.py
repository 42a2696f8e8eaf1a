"""Small reliability cases: word files with damaged lines, saved games that cannot be, numbers in other scripts,
JSON values of the wrong type, Host headers that only look like this machine's, and the server's caps."""

from __future__ import annotations

import json
import threading
from pathlib import Path

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


def test_an_ascii_word_file_with_a_damaged_byte_names_the_line_it_drops(cli, tmp_path):
    """A byte that is not UTF-8 in an ASCII file is damage, not Latin-1: "re\\xffbut" would read as the six letters
    "reÿbut" and be dropped, unnamed, as a word of another length."""
    words = tmp_path / "bad.txt"
    words.write_bytes(b"biddy\nsissy\nre\xffbut\nhumph\n")
    assert load_lexicon("wordle", words).not_words == ("re\ufffdbut",)
    for argv in (["suggest", "--answers", words, "--top", "2"], ["filter", "--words-file", words, "xxxxx:bbbbb"]):
        status, out, err = cli(*argv)
        assert status == 0 and "dropped 1 entry of the word lists that is not a word of letters: re\ufffdbut" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["suggest", "--common-floor", "٣"],
        ["suggest", "--common-floor", "３"],
        ["suggest", "--common-floor", "1_0"],
        ["suggest", "--depth", "٢"],
        ["tree", "--opener", "salet", "--top", "٣"],
        ["tree", "--opener", "salet", "--top", "５"],
        ["tree", "--opener", "salet", "--top", "1_0"],
        ["tree", "--opener", "salet", "--top", "20,٣"],
    ],
)
def test_every_number_an_option_reads_is_ascii_digits(cli, argv):
    """Python reads "٣" (Arabic-Indic) and "３" (full width) as 3: an option takes the digits a user typed as such."""
    status, out, err = cli(*argv)
    assert status == 2 and out == "" and err.count("\n") == 1, err


@pytest.mark.parametrize("kind", ["notes", "the run's own answers", "a device"])
def test_assist_never_replaces_a_file_it_did_not_save(cli, tmp_path, kind):
    """--session names where a game is saved: a file that exists and is no saved game, or one of the run's inputs,
    is refused before any row, and left as it was."""
    if kind == "a device":
        session, args = Path("/dev/null"), []
    else:
        session = tmp_path / ("notes.txt" if kind == "notes" else "answers.txt")
        session.write_text("my notes\n" if kind == "notes" else "cigar\nrebut\nsissy\nhumph\nshort\n")
        args = [] if kind == "notes" else ["--answers", session, "--guesses", session]
    before = session.read_bytes() if session.is_file() else None
    status, out, err = cli("assist", "--no-history", *args, "--session", session, stdin="short bbbbb\n")
    assert status == 2 and err.count("\n") == 1 and "--session" in err and "saved" not in out
    assert (session.read_bytes() if session.is_file() else None) == before


def test_assist_resumes_its_own_saved_game_and_one_game_is_played_in_one_place(cli, tmp_path):
    from chute.files import used_by_one

    session = tmp_path / "game.json"
    assert cli("assist", "-s", "entropy", "--session", session, stdin="crane bbbbb\n")[0] == 0
    assert cli("assist", "-s", "entropy", "--session", session, "--resume", stdin="")[0] == 0  # its own: resumed
    with used_by_one(session, "assist"):  # another assist plays it now
        status, _, err = cli("assist", "-s", "entropy", "--session", session, stdin="slate bbbbb\n")
    assert status == 2 and "another chute assist is using" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["suggest", "--prior", "a" * 300],
        ["assist", "--session", "y" * 300],
        ["tree", "--opener", "salet", "--out", "z" * 300],
        ["assist", "--session", "ok\x00no"],
        ["suggest", "--exclude", "x" * 300],
        ["bench", "--secrets", "w" * 300],
    ],
    ids=["--prior", "--session", "--out", "a NUL in a name", "--exclude", "--secrets"],
)
def test_a_file_name_the_system_cannot_hold_is_one_line(cli, argv):
    status, out, err = cli(*argv, stdin="quit\n")
    assert status == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert len(err) < 200  # the name is cut, not echoed whole


def test_serve_on_a_host_name_that_cannot_be_encoded_is_one_line(cli):
    status, out, err = cli("serve", "--host", "\u202ecrane", "--port", "18999")
    assert status == 2 and err.count("\n") == 1 and "cannot listen on" in err, err


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
