"""The web server (``chute serve``): every API endpoint against the library, every bad request kind, a real
server under load, and the port-taken error."""

from __future__ import annotations

import asyncio
import json
import socket
import statistics
import threading
import time

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette, uvicorn, httpx) is part of the test extra")

from starlette.testclient import TestClient  # noqa: E402

from chute import Engine, Solver, load_lexicon, parse_clue  # noqa: E402
from chute.playing.solver import DEFAULT_PRIOR, DEFAULT_STRATEGY  # noqa: E402
from chute.web.app import create_app  # noqa: E402
from chute.web.requests import MAX_BODY  # noqa: E402

TWO_CLUES = [{"guess": "soare", "patterns": ["bbbbb"]}, {"guess": "until", "patterns": ["bbyyb"]}]


@pytest.fixture(scope="module")
def client() -> TestClient:
    """Return a test client of the app, at a name of this machine (the app refuses others)."""
    return TestClient(create_app(), base_url="http://localhost")


def test_the_page_and_its_assets_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert '<script src="/app.js">' in page.text and "cdn" not in page.text.lower()
    for path in ("/app.js", "/style.css"):
        assert client.get(path).status_code == 200
    icon = client.get("/favicon.svg")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/svg+xml" and "<svg" in icon.text
    for answer in (page, client.post("/api/suggest", json={"game": "wordle"}), client.get("/nope")):
        policy = answer.headers["content-security-policy"]  # the page's own files only, in no other site's frame
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy and "unsafe" not in policy
        assert answer.headers["x-frame-options"] == "DENY" and answer.headers["x-content-type-options"] == "nosniff"
    games = client.get("/api/games").json()["games"]
    assert {g["name"] for g in games} >= {"wordle", "termo", "dueto", "quarteto", "dordle", "quordle", "octordle"}
    assert next(g for g in games if g["name"] == "termo")["language"] == "pt-BR"


def test_suggest_answers_what_the_library_answers(client):
    """The suggestions and the words left are the solver's own, for the same clues."""
    data = client.post("/api/suggest", json={"game": "wordle", "rows": TWO_CLUES, "top": 5}).json()
    solver = Solver(Engine.build(load_lexicon("wordle")), DEFAULT_STRATEGY, prior=DEFAULT_PRIOR)  # the CLI's default
    want = solver.suggest([parse_clue("soare:bbbbb"), parse_clue("until:bbyyb")], top=5)
    assert [s["guess"] for s in data["suggestions"]] == [r.guess for r in want.ranked]
    assert data["boards"][0]["count"] == 30 and data["boards"][0]["candidates"] == want.candidates
    assert data["boards"][0]["letters"]["u"] == "b" and data["boards"][0]["letters"]["i"] == "y"
    assert data["score_label"] == "guesses" and not data["over"]
    assert [s["chance"] for s in data["suggestions"]] == pytest.approx(want.chances(), abs=1e-6)


def test_common_words_only_is_the_command_line_s_on_the_same_matrix(client):
    """``"common": true`` suggests as ``chute suggest --common``, on one matrix shared with the other solvers;
    a review asked with it grades against common words; anything but a boolean is refused."""
    from chute.web.requests import page_solver

    page_solver.cache_clear()  # built in this test's cache folder
    data = client.post("/api/suggest", json={"game": "wordle", "rows": TWO_CLUES, "top": 5, "common": True}).json()
    engine = Engine.build(load_lexicon("wordle", common=3))
    want = Solver(engine, DEFAULT_STRATEGY, prior=DEFAULT_PRIOR).suggest(
        [parse_clue("soare:bbbbb"), parse_clue("until:bbyyb")], top=5
    )
    assert [s["guess"] for s in data["suggestions"]] == [r.guess for r in want.ranked]
    assert data["boards"][0]["count"] == 30  # the words left are the same
    assert page_solver("wordle", common=True).engine.matrix is page_solver("wordle").engine.matrix
    assert page_solver("wordle", None, (), True).lexicon.common == 3.0
    opening = client.post("/api/suggest", json={"game": "quordle", "common": True}).json()
    assert opening["suggestions"][0]["guess"] == "tears"
    graded = client.post(
        "/api/review", json={"game": "wordle", "guesses": ["salet", "cigar"], "answers": ["cigar"], "common": True}
    ).json()
    assert graded["rows"][0]["best"] != "salet"  # SALET is no common word: the best is one
    for bad in ("yes", 1, None):
        answer = client.post("/api/suggest", json={"game": "wordle", "common": bad})
        assert answer.status_code == 400 and answer.json()["error"] == "common must be true or false"


def test_suggest_termo_with_accents_and_a_quarteto_round(client):
    opening = client.post("/api/suggest", json={"game": "termo", "rows": []}).json()
    assert opening["suggestions"][0]["guess"] == "toras" and opening["notes"][0].startswith(
        "TORAS opens the best proven plan"
    )
    termo = client.post("/api/suggest", json={"game": "termo", "rows": [{"guess": "serão", "patterns": ["__c_i"]}]})
    assert termo.status_code == 200
    words = termo.json()["boards"][0]["candidates"]
    assert len(words) == 46 and any(set(w) - set("abcdefghijklmnopqrstuvwxyz") for w in words)  # accents shown
    four = client.post(
        "/api/suggest",
        json={"game": "quarteto", "rows": [{"guess": "serao", "patterns": ["bbbbb", "bybbb", "bbbbg", "ggggg"]}]},
    ).json()
    assert [b["solved"] for b in four["boards"]] == [False, False, False, True]
    assert four["suggestions"] and four["rows_used"] == 1 and four["row_limit"] == 9
    assert "chance" not in four["suggestions"][0] and "p_hit" in four["suggestions"][0]  # several boards: p_hit


def test_why_review_and_share(client):
    why = client.post("/api/why", json={"game": "wordle", "rows": [TWO_CLUES[0]], "word": "crane"}).json()
    assert not why["fits"] and "A" in why["reasons"][0] and why["text"].startswith("CRANE cannot be the answer")
    # several boards: "all" answers for every open board (the solved fourth left out)
    rows = [{"guess": "serao", "patterns": ["bbbbb", "bybbb", "bbbbg", "ggggg"]}]
    four = client.post("/api/why", json={"game": "quarteto", "rows": rows, "word": "termo", "board": "all"}).json()
    assert [b["board"] for b in four["boards"]] == [0, 1, 2]
    assert [b["fits"] for b in four["boards"]] == [False, False, False]  # an E, an R or an O ruled out each
    assert four["text"].splitlines()[1].startswith("board 2: TERMO cannot be the answer")
    fits = client.post("/api/why", json={"game": "quarteto", "rows": rows, "word": "limpo", "board": "all"}).json()
    assert fits["boards"][2]["fits"] and not fits["boards"][1]["fits"]
    review = client.post(
        "/api/review", json={"game": "wordle", "guesses": ["soare", "riyal", "cigar"], "answers": ["cigar"]}
    ).json()
    assert review["answer"] == "cigar" and len(review["rows"]) == 3 and 0 <= review["skill"] <= 99
    # typed words beside a share text's grid: they must make its colours, as the command line checks
    grid = {
        "game": "wordle",
        "guesses": ["soare", "hempy", "cigar"],
        "answers": ["cigar"],
        "patterns": [["bbyyb", "bgggg", "ggggg"]],
    }
    refused = client.post("/api/review", json=grid)
    assert refused.status_code == 422 and "row 2: HEMPY against CIGAR shows" in refused.json()["error"]
    grid["guesses"] = ["soare", "riyal", "cigar"]
    grid["patterns"] = [["bbyyb", "ygbgb", "ggggg"]]
    assert client.post("/api/review", json=grid).json()["skill"] == review["skill"]
    assert client.post("/api/review", json={**grid, "patterns": [["bbyyb"], ["ggggg"]]}).status_code == 400
    pt = client.post(
        "/api/review",
        json={"game": "termo", "guesses": ["serao", "corta", "termo"], "answers": ["termo"], "lang": "pt"},
    ).json()
    assert pt["rows"][0]["guess"] == "serão" and "palpites a menos para terminar" in pt["rows"][0]["comment"]
    assert pt["rows"][2]["comment"] == "achou entre 2 respostas prováveis: a melhor jogada"
    share = client.post(
        "/api/share", json={"text": "Wordle 1 3/6\n\n⬛⬛🟨🟨⬛\n🟨🟩⬛🟩⬛\n🟩🟩🟩🟩🟩", "answer": "cigar"}
    ).json()
    assert share["game"] == "wordle" and share["boards"] == [["bbyyb", "ygbgb", "ggggg"]]
    assert share["decoded"][0]["count"] > 100 and share["decoded"][2]["likely"] == ["cigar"]
    dueto = client.post("/api/share", json={"text": DUETO_SHARE, "answer": "festa, termo"}).json()
    assert dueto["game"] == "dueto" and len(dueto["boards"]) == 2
    assert dueto["decoded"][0] == {"pattern": "ybbyy", "patterns": ["ybbyy", "gygbb"], "count": 1, "likely": ["toras"]}
    assert dueto["decoded"][-1]["patterns"] == [None, "ggggg"] and dueto["decoded"][-1]["likely"] == ["termo"]


def test_review_of_the_rows_played(client):
    """The page's own game: its rows replayed, the answers from its solved rows, an open board's answer given."""
    rows = [{"guess": "crane", "patterns": ["ybgbb", "bbbbb"]}, {"guess": "aback", "patterns": ["ggggg", "bbbbb"]}]
    open_ = client.post("/api/review", json={"game": "dordle", "rows": rows})
    assert open_.status_code == 422 and open_.json()["error"] == "board 2 not solved: give the answers"
    done = client.post("/api/review", json={"game": "dordle", "rows": rows, "answers": ["tough"]}).json()
    assert done["answers"] == ["aback", "tough"] and len(done["rounds"]) == 2 and not done["solved"]
    wrong = client.post("/api/review", json={"game": "dordle", "rows": rows, "answers": ["cigar"]})
    assert wrong.status_code == 422 and "board 2, row 1: CRANE against CIGAR shows" in wrong.json()["error"]
    one = client.post(
        "/api/review",
        json={
            "game": "termo",
            "rule": "hard",
            "lang": "pt",
            "rows": [{"guess": "serão", "patterns": ["bggbg"]}, {"guess": "termo", "patterns": ["ggggg"]}],
        },
    ).json()
    assert one["answer"] == "termo" and one["rule"] == "strict" and one["solved"] and one["skill"] is not None
    empty = client.post("/api/review", json={"game": "wordle", "rows": []})
    assert empty.status_code == 422 and empty.json()["error"] == "no rows played to review"
    bad = client.post("/api/review", json={"game": "wordle", "rows": [], "answers": [3]})
    assert bad.status_code == 400


def test_a_review_asked_again_in_the_other_language_is_not_graded_again(client, monkeypatch):
    """The page asks a review again when the player switches language: the server answers from the one it kept."""
    from collections import OrderedDict

    import chute.reviewing.review_game as verdict
    import chute.web.api as api

    monkeypatch.setattr(api, "_reviews", OrderedDict())  # none kept by the tests before
    graded = []
    for name in ("review_boards", "review"):  # one board or several, through ``review_game``
        real = getattr(verdict, name)
        monkeypatch.setattr(
            verdict, name, lambda *a, _real=real, _name=name, **k: graded.append(_name) or _real(*a, **k)
        )
    real_session_review = api.review_session
    monkeypatch.setattr(api, "review_session", lambda *a, **k: graded.append("rows") or real_session_review(*a, **k))
    game = {"game": "dordle", "guesses": ["crane", "tough", "aback"], "answers": ["aback", "tough"]}
    english = client.post("/api/review", json={**game, "lang": "en"}).json()
    portuguese = client.post("/api/review", json={**game, "lang": "pt"}).json()
    assert graded == ["review_boards"]
    assert english["rounds"][0]["comment"] != portuguese["rounds"][0]["comment"]
    assert english["rounds"][0]["value"] == portuguese["rounds"][0]["value"]
    rows = {
        "game": "wordle",
        "rows": [{"guess": "soare", "patterns": ["bbyyb"]}, {"guess": "cigar", "patterns": ["ggggg"]}],
    }
    first = client.post("/api/review", json={**rows, "lang": "pt"}).json()
    assert (
        client.post("/api/review", json={**rows, "lang": "en"}).json()["rows"][0]["value"] == first["rows"][0]["value"]
    )
    assert graded == ["review_boards", "rows", "review"]  # the session's review grades by ``review``
    assert (
        client.post("/api/review", json={**game, "answers": ["aback", "aback"]}).status_code == 422
    )  # an error is not kept
    assert client.post("/api/review", json={**game, "answers": ["aback", "aback"]}).status_code == 422
    assert graded == ["review_boards", "rows", "review", "review_boards", "review_boards"]
    monkeypatch.setattr(api, "REVIEWS_KEPT", 1)  # a new review pushes the others out
    client.post("/api/review", json={"game": "wordle", "guesses": ["soare", "cigar"], "answers": ["cigar"]})
    client.post("/api/review", json=game)
    assert graded[-2:] == ["review", "review_boards"]


def test_review_of_a_game_whose_answers_chute_does_not_know(client):
    """Answers off chute's lists (MULTI): reviewed, graded where a known word fits, the notes in the request's language."""
    one = client.post(
        "/api/review",
        json={"game": "wordle", "guesses": ["tough", "moist", "spilt", "multi"], "answers": ["multi"], "lang": "pt"},
    )
    assert one.status_code == 200
    data = one.json()
    assert data["rows"][0]["skill"] is not None and data["rows"][3]["skill"] is None
    assert any(n.startswith("MULTI não está nas listas de palavras wordle do chute") for n in data["notes"])
    two = client.post(
        "/api/review",
        json={"game": "dordle", "guesses": ["crane", "tough", "aargh", "multi"], "answers": ["aargh", "multi"]},
    ).json()
    assert two["rounds"][0]["skill"] is not None and two["rounds"][3]["comment"] == "not graded"
    assert two["notes"][0].startswith("AARGH and MULTI are not on the wordle answer list")
    share = client.post("/api/share", json={"text": "Wordle 1 2/6\n\n🟨⬛🟨⬛⬛\n🟩🟩🟩🟩🟩", "answer": "multi"}).json()
    assert share["decoded"][1]["likely"] == ["multi"]


def test_why_in_portuguese(client):
    """ "lang": "pt" answers why in Brazilian Portuguese, words in capitals with their accents, figures with a comma."""
    rows = [{"guess": "serão", "patterns": ["bygby"]}]  # against MORTE
    why = client.post("/api/why", json={"game": "termo", "rows": rows, "word": "carro", "lang": "pt"}).json()
    assert why["text"].startswith("CARRO não pode ser a resposta: não tem E, que a resposta tem;")
    assert "A não está na resposta" in why["text"] and "O não é a quinta letra" in why["text"]
    assert "candidatas em média" in why["text"] and "," in why["text"].split("deixa ")[1].split(" ")[0]
    fits = client.post("/api/why", json={"game": "termo", "rows": rows, "word": "morte", "lang": "pt"}).json()
    assert fits["text"].startswith("MORTE cabe em todas as pistas: pode ser a resposta")
    strict = client.post(
        "/api/why", json={"game": "termo", "rule": "strict", "rows": rows, "word": "ponto", "lang": "pt"}
    ).json()
    assert (
        "como palpite não é permitido (modo estrito: a terceira letra tem de ser R (verde em SERÃO))" in strict["text"]
    )
    two = client.post(
        "/api/why",
        json={
            "game": "dueto",
            "word": "termo",
            "board": "all",
            "lang": "pt",
            "rows": [{"guess": "serao", "patterns": ["bbbbb", "bybbb"]}],
        },
    ).json()
    assert two["text"].splitlines()[0].startswith("tabuleiro 1: TERMO não pode ser a resposta")
    bad = client.post("/api/why", json={"game": "termo", "rows": rows, "word": "carro", "lang": "fr"})
    assert bad.status_code == 400 and bad.json() == {"error": "lang must be en or pt"}
    fresh = client.post("/api/suggest", json={"game": "termo", "rows": [], "lang": "pt"}).json()
    assert fresh["notes"][0].startswith("TORAS abre o melhor plano provado para estas listas: todas as 2.488")
    off_list = client.post(
        "/api/suggest", json={"game": "termo", "lang": "pt", "rows": [{"guess": "xyzzy", "patterns": ["bbbbb"]}]}
    ).json()
    assert off_list["boards"][0]["notes"] == ["XYZZY não está na lista de palavras termo; a pista é usada mesmo assim"]
    typo = client.post(
        "/api/suggest", json={"game": "termo", "lang": "pt", "rows": [{"guess": "serao", "patterns": ["bbyg"]}]}
    )
    assert typo.status_code == 400 and typo.json() == {
        "error": "linha 1: as cores 'bbyg' têm 4 quadradinhos; eram esperados 5"
    }
    no_rows = client.post("/api/share", json={"text": "joguei term.ooo #1 3/6", "lang": "pt"})
    assert no_rows.status_code == 422 and no_rows.json()["error"].startswith("o texto compartilhado não tem linhas")
    assert client.post("/api/share", json={"text": "x", "lang": "fr"}).status_code == 400
    assert client.post("/api/suggest", json={"game": "termo", "rows": [], "lang": ["pt"]}).status_code == 400
    review = client.post(
        "/api/review",
        json={
            "game": "termo",
            "rule": "strict",
            "guesses": ["serao", "ponto", "termo"],
            "answers": ["termo"],
            "lang": "pt",
        },
    ).json()
    assert review["rows"][1]["violation"] == "modo estrito: a segunda letra tem de ser E (verde em SERÃO)"


DUETO_SHARE = """joguei term.ooo/2 #100 4&5/7

🟨⬛⬛🟨🟨 🟩🟨🟩⬛⬛
⬛⬛🟩⬛🟨 ⬛⬛⬛⬛🟨
🟩⬛⬛🟨⬛ ⬛🟨⬛⬛🟨
🟩🟩🟩🟩🟩 ⬛🟩⬛🟨⬛
⬛⬛⬛⬛⬛ 🟩🟩🟩🟩🟩
"""


@pytest.mark.parametrize(
    "path,body,status,message",
    [
        ("/api/suggest", b"{", 400, "not JSON"),
        ("/api/suggest", b"[1, 2]", 400, "JSON object"),
        ("/api/suggest", b"\xff\xfe", 400, "not JSON"),
        ("/api/suggest", {"game": "scrabble"}, 400, "unknown game"),
        ("/api/suggest", {"rows": [{"guess": "abc", "patterns": ["bbb"]}]}, 400, "5 letters"),
        (
            "/api/suggest",
            {"rows": [{"guess": "soare", "patterns": ["ggggg"]}, {"guess": "crane", "patterns": ["bbbbb"]}]},
            400,
            "game is over",
        ),
        (
            "/api/suggest",
            {"rows": [{"guess": "soare", "patterns": ["bbbbb"]}, {"guess": "soare", "patterns": ["ggggg"]}]},
            400,
            "row 2",
        ),
        ("/api/suggest", {"rows": "soare"}, 400, "rows must be a list"),
        ("/api/suggest", {"rows": [{"guess": 5}]}, 400, "row 1"),
        ("/api/suggest", {"rule": "nightmare"}, 400, "rule"),
        ("/api/suggest", {"game": "dueto", "rule": "hard"}, 400, "without hard mode"),
        ("/api/suggest", {"top": 10**6}, 400, "top"),
        ("/api/why", {"rows": []}, 400, "give the word"),
        ("/api/why", {"rows": [], "word": "crane", "board": 3}, 400, "board"),
        ("/api/why", {"rows": [], "word": "crane", "board": True}, 400, "board"),
        ("/api/review", {"guesses": ["crane"], "answers": ["qqqq"]}, 422, "not a word of 5 letters"),
        ("/api/review", {"guesses": [], "answers": ["cigar"]}, 400, "guesses"),
        ("/api/share", {"text": "hello"}, 422, "no rows of colours"),
        ("/api/share", {}, 400, "share text"),
    ],
)
def test_bad_requests_get_a_4xx_and_one_line(client, path, body, status, message):
    if isinstance(body, bytes):
        r = client.post(path, content=body, headers={"content-type": "application/json"})
    else:
        r = client.post(path, json=body)
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert message in error and "\n" not in error and "Traceback" not in r.text


def test_oversized_bodies_unknown_paths_and_methods(client):
    big = json.dumps({"game": "wordle", "pad": "x" * (MAX_BODY + 10)})
    assert client.post("/api/suggest", content=big, headers={"content-type": "application/json"}).status_code == 413
    assert client.get("/api/nothing").status_code == 404 and "error" in client.get("/api/nothing").json()
    assert client.get("/api/suggest").status_code == 405


def test_serve_refuses_a_taken_port_in_one_line(cli):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, _, err = cli("serve", "--port", port)
    assert status == 2 and err.count("\n") == 1 and f"127.0.0.1:{port}" in err and "--port" in err
    status, _, err = cli("serve", "--host", "256.1.1.1")
    assert status == 2 and err.count("\n") == 1 and "--host" in err


def test_serve_listens_where_told_and_answers_only_at_this_machines_names_on_loopback(cli, monkeypatch):
    """``--host`` as typed (spaces, an IPv6 address in brackets) reaches uvicorn clean; the URL said is one to open."""
    import uvicorn

    import chute.web.warming as warming

    served: dict = {}
    monkeypatch.setattr(warming, "warm", lambda *args, **kwargs: None)

    class Server:  # uvicorn's, given the socket chute already listens on
        def __init__(self, config):
            self.config = config

        def run(self, sockets=None):
            (listener,) = sockets
            host, port = listener.getsockname()[:2]
            served.update(app=self.config.app, host=host, port=port)

    monkeypatch.setattr(uvicorn, "Server", Server)
    for empty in ("", "  ", "[]"):  # an empty address would listen everywhere
        status, _, err = cli("serve", "--host", empty)
        assert (
            status == 2
            and err
            == "chute: error: --host: give an address to listen on (127.0.0.1: this machine; 0.0.0.0: the network)\n"
            and served == {}
        )
    hosts = [(" 127.0.0.1 ", "127.0.0.1", True), ("0.0.0.0", "0.0.0.0", False)]
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
        hosts.append(("[::1]", "::1", True))
    except OSError:
        pass  # no IPv6 here: the bracketed form is not tried
    for given, host, local in hosts:
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            port = free.getsockname()[1]
        status, _, err = cli("serve", "--host", given, "--port", port)
        assert status == 0 and err == f"chute: serving on http://localhost:{port}/ (Ctrl-C to stop)\n"
        assert served["host"] == host and served["port"] == port
        rebound = TestClient(served["app"], base_url="http://evil.example").get("/")
        assert rebound.status_code == (403 if local else 200), given


def _rows(guesses: list[str], answers: list[str]) -> list[dict]:
    """Return the page's rows for these guesses against one answer per board."""
    from chute.game.feedback import score

    return [{"guess": g, "patterns": [score(g, a) for a in answers]} for g in guesses]


# games of every kind, from an open one (30 candidates) to a solved board, each asked by many clients at
# once; mostly late states: the lock serialises the work, so the test's time is theirs
LOAD_BODIES = [
    {"game": "wordle", "rows": TWO_CLUES, "top": 5},
    {"game": "wordle", "rows": _rows(["soare", "until"], ["tense"]), "top": 5},
    {"game": "wordle", "rows": _rows(["soare", "until", "pygmy"], ["irony"]), "top": 3},
    {"game": "wordle", "rows": _rows(["crane", "doubt", "light"], ["tough"]), "top": 5, "lang": "pt"},
    {"game": "termo", "rows": _rows(["serao", "pilha", "mudez"], ["termo"]), "top": 5},
    {"game": "dueto", "rows": _rows(["serao", "pilha", "mudez"], ["termo", "festa"]), "top": 4},
    {"game": "dordle", "rows": _rows(["soare", "until", "pygmy"], ["cigar", "rebut"]), "top": 4},
]


REQUESTS = 1000  # 20 from each client (the benchmark, benchmarks/bench_web.py, sends 2,000)


def test_a_real_server_answers_1000_requests_from_50_clients_without_an_error():
    """uvicorn on 127.0.0.1, 50 concurrent clients, 1,000 suggest requests over seven games: no error, and each
    answer is the one the same request gets alone (no answer crosses to another client; figures printed)."""
    import httpx

    from chute.web import running

    latencies: list[float] = []
    errors: list[str] = []

    async def client_loop(k: int, n: int) -> None:
        async with httpx.AsyncClient(timeout=60) as http:
            for i in range(n):
                which = (k + i) % len(LOAD_BODIES)
                start = time.perf_counter()
                r = await http.post(url, json=LOAD_BODIES[which])
                latencies.append(time.perf_counter() - start)
                if r.status_code != 200 or r.json() != alone[which]:
                    errors.append(f"{which}: {r.status_code} {r.text[:200]}")

    async def load() -> float:
        start = time.perf_counter()
        await asyncio.gather(*(client_loop(k, REQUESTS // 50) for k in range(50)))
        return time.perf_counter() - start

    timing: list[float] = []
    with running() as base:
        url = base + "/api/suggest"
        alone = [httpx.post(url, json=body, timeout=60).json() for body in LOAD_BODIES]
        # a thread of its own: another test's browser may hold an event loop in this one
        worker = threading.Thread(target=lambda: timing.append(asyncio.run(load())))
        worker.start()
        worker.join(300)
    assert all("suggestions" in a and a["suggestions"] for a in alone), alone
    assert [len(a["boards"]) for a in alone] == [1, 1, 1, 1, 1, 2, 2]
    seconds = timing[0]
    assert errors == [] and len(latencies) == REQUESTS
    q = statistics.quantiles(latencies, n=100)
    print(
        f"\n{REQUESTS:,} requests, 50 clients: {REQUESTS / seconds:.0f} requests/s; latency p50 {q[49] * 1000:.0f} ms, "
        f"p90 {q[89] * 1000:.0f} ms, p99 {q[98] * 1000:.0f} ms"
    )


def test_the_page_is_served_while_a_long_request_computes(monkeypatch):
    """A request that takes seconds (a review) runs off the event loop: the page and its files answer meanwhile."""
    import httpx

    import chute.web.api
    import chute.web.app as web

    started, release = threading.Event(), threading.Event()
    finished: list[float] = []

    def slow_review(body: dict) -> dict:  # stands for a review of a poorly played Quordle (seconds)
        started.set()
        release.wait(20)
        finished.append(time.perf_counter())
        return {"answer": "cigar"}

    slow_review.fields = chute.web.api.review_game_body.fields  # type: ignore[attr-defined]
    monkeypatch.setattr(chute.web.api, "review_game_body", slow_review)
    with web.running() as base:
        worker = threading.Thread(target=lambda: httpx.post(base + "/api/review", json={}, timeout=60))
        worker.start()
        assert started.wait(20)
        page = httpx.get(base + "/", timeout=60)
        games = httpx.get(base + "/api/games", timeout=60)
        served = time.perf_counter()
        release.set()
        worker.join(60)
    assert page.status_code == 200 and games.status_code == 200
    assert finished and served < finished[0]  # before the review was let go, not after it


def test_a_refused_word_is_remembered_and_never_suggested(client, tmp_path, monkeypatch):
    """POST /api/refuse adds to the user's list (the file assist's reject writes); suggestions leave it out."""
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))
    first = client.post("/api/suggest", json={"game": "termo", "rows": []}).json()["suggestions"][0]["guess"]
    done = client.post("/api/refuse", json={"game": "termo", "word": first.upper()}).json()
    assert done == {"word": first, "refused": [first]}
    assert (tmp_path / "rejected-termo.txt").read_text(encoding="utf-8") == first + "\n"
    for game in ("termo", "quarteto"):  # one word list, every board count
        again = client.post("/api/suggest", json={"game": game, "rows": [], "top": 20}).json()
        assert first not in [s["guess"] for s in again["suggestions"]]
    wordle = client.post("/api/suggest", json={"game": "wordle", "rows": []}).json()["suggestions"]
    assert len(wordle) == 10  # another word list: its own file, none refused
    assert client.post("/api/refuse", json={"game": "termo", "word": "xx"}).status_code == 422
    assert client.post("/api/refuse", json={"game": "termo"}).status_code == 400
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path / "other"))
    back = client.post("/api/suggest", json={"game": "termo", "rows": []}).json()["suggestions"][0]["guess"]
    assert back == first  # a request's list never changes another's solver
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))
    undone = client.post("/api/unrefuse", json={"game": "quarteto", "word": first}).json()
    assert undone == {"word": first, "refused": []}
    assert (tmp_path / "rejected-termo.txt").read_text(encoding="utf-8") == ""
    again = client.post("/api/suggest", json={"game": "termo", "rows": []}).json()["suggestions"][0]["guess"]
    assert again == first  # taken back: suggested again
    assert client.post("/api/unrefuse", json={"game": "termo", "word": "xx"}).status_code == 422
    assert client.post("/api/unrefuse", json={"game": "termo"}).status_code == 400


def test_a_server_is_warmed_before_it_listens():
    """``warm`` (what ``chute serve`` runs first) builds the page's first solvers and makes the kernels the rule."""
    import subprocess
    import sys

    code = (
        "import sys; from chute.web.warming import warm; from chute.web.requests import page_solver; "
        "warm(('wordle', 'dordle')); from chute.game.pattern_codes import prefer_compiled; "
        "print(prefer_compiled(True), 'numba' in sys.modules, page_solver.cache_info().currsize)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "True", "2"]  # one solver for one board, one for several


def test_the_games_a_server_asks_itself_are_games_the_page_can_play():
    """Each warm-up game replays as the page sends it (its words accepted, its rule kept) and finds every answer."""
    from chute.web.requests import page_rows, session_of
    from chute.web.warming import WARM_GAMES

    for game, rule, guesses, answers in WARM_GAMES:
        session, spec = session_of({"game": game, "rule": rule, "rows": page_rows(guesses, answers)})
        assert spec.boards == len(answers) and session.solved and session.used == len(guesses), game


def test_the_warm_up_review_of_a_hard_mode_game_reaches_its_compiled_searches(monkeypatch):
    """The hard-mode warm game's review searches sets with three, four and five rows left (the kernels
    ``solve_three_ruled``, ``solve_four_node`` and ``solve_five_ruled``: the four-row one compiles and calls the
    three-row one), so a fresh install compiles them (a minute here) as the server starts, not when a
    player first asks, even when the opener's table is already on disk (a first review of SALET's games
    searches it whole)."""
    from chute import Engine
    from chute.reviewing.verdict import review
    from chute.search.tree_search import TreeSearch
    from chute.web.warming import WARM_GAMES

    calls = []
    three, ruled = TreeSearch._solve_three_ruled, TreeSearch._solve_ruled  # spied on from the Python side
    monkeypatch.setattr(TreeSearch, "_solve_three_ruled", lambda self, *a: calls.append(3) or three(self, *a))
    monkeypatch.setattr(TreeSearch, "_solve_ruled", lambda self, *a: calls.append(a[6]) or ruled(self, *a))
    hard = [(game, guesses, answers) for game, rule, guesses, answers in WARM_GAMES if rule == "hard"]
    assert hard
    for _ in range(2):  # the second time, the opener's table is on disk
        calls.clear()
        for game, guesses, answers in hard:
            review(Engine.build(load_lexicon(game)), guesses, answers[0], rule="hard")
        assert {4, 5} <= set(calls)


def test_the_warm_up_runs_the_kernel_of_a_first_row_that_leaves_thousands_of_words(tmp_path, _isolated_cache):
    """The warm-up's rows reach the two-deep kernel (the page's hard-mode ranking after two unusual guesses that
    leave thousands of words), so a fresh install compiles it before a player asks."""
    import os
    import subprocess
    import sys

    cache = tmp_path / "cache"
    cache.mkdir()
    for f in _isolated_cache.iterdir():  # the session's matrices, but no ranking after a first clue
        if f.is_file() and not f.name.startswith("second-"):
            os.link(f, cache / f.name)
    code = (
        "import sys, chute.web.warming as web; web.WARM_GAMES = (); failed = web.warm_kernels(); "
        "print(failed, 'chute.kernels.expected' in sys.modules)"
    )
    env = {**os.environ, "CHUTE_CACHE_DIR": str(cache)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["[]", "True"]


def test_a_server_asks_itself_the_pages_requests_as_it_starts(tmp_path, _isolated_cache):
    """``chute serve`` reviews a game on its own as it starts, in a process beside it: the first review table is
    on disk though no request came (on a fresh install this is when the kernels compile); Ctrl-C, even twice,
    stops both without a traceback (a second one used to print uvicorn's cancelled lifespan task)."""
    import os
    import signal
    import subprocess
    import sys

    cache = tmp_path / "cache"
    cache.mkdir()
    for f in _isolated_cache.iterdir():  # the session's matrices and tables, but no review table
        if f.is_file() and not f.name.startswith("review-"):
            os.link(f, cache / f.name)
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    env = {**os.environ, "CHUTE_CACHE_DIR": str(cache)}
    server = subprocess.Popen(
        [sys.executable, "-m", "chute", "serve", "--port", str(port)],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.time() + 120
        while not any(cache.glob("review-*.json")) and server.poll() is None and time.time() < deadline:
            time.sleep(0.2)
        assert any(cache.glob("review-*.json")), "no review table written"
    finally:
        server.send_signal(signal.SIGINT)
        time.sleep(0.05)
        server.send_signal(signal.SIGINT)  # Ctrl-C twice: uvicorn stops at once
        out, err = server.communicate(timeout=60)
    assert server.returncode in (0, 130) and "Traceback" not in err, err
    assert f"chute: serving on http://localhost:{port}/" in err
    assert not _processes_with(f"CHUTE_CACHE_DIR={cache}"), "the warm-up process outlived the server"


def test_a_warm_up_that_cannot_start_or_fails_leaves_the_server_serving(monkeypatch, capsys):
    """No process to spare: the page is served all the same; a warm-up that fails says nothing and ends 1;
    Ctrl-C ends it with 130."""
    import os
    import subprocess

    from chute.web import warming
    from chute.web.app import warm_in_background

    def no_process(*args, **kwargs):
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(subprocess, "Popen", no_process)
    with warm_in_background():
        served = TestClient(create_app(), base_url="http://localhost")
        assert served.get("/").status_code == 200
        assert served.post("/api/suggest", json={"game": "wordle", "rows": TWO_CLUES, "top": 1}).status_code == 200

    def fails(*args, **kwargs):
        raise RuntimeError("a module that will not load")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    capsys.readouterr()
    monkeypatch.setattr(os, "nice", lambda increment: 0)  # not this test process's priority
    for stand_in, status in (
        (fails, 1),
        (interrupted, 130),
        (lambda *a, **k: ["_review wordle: failed"], 1),
        (lambda *a, **k: [], 0),
    ):
        monkeypatch.setattr(warming, "warm_kernels", stand_in)
        assert warming.main(["--game", "wordle"]) == status
    assert capsys.readouterr() == ("", "")
    assert warming.main(["--game"]) == 2 and warming.main(["wordle"]) == 2
    assert capsys.readouterr().err.splitlines() == [warming.USAGE] * 2
    assert warming.main(["--game", "\x00" * 10_000]) == 2  # no such game: one line, nothing asked
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(warming.USAGE) and "wordle" in err[0]


def test_the_warm_up_asks_each_games_requests_in_a_process_of_its_own(monkeypatch):
    """numba keeps what it compiles and the page each game's matrices for the life of a process: a process a game,
    one after the other, each asking only that game's requests; the games that failed are told, and a stop stops."""
    import subprocess

    from chute.web import warming
    from chute.web.warming import _warm_asks, warm_games

    games = warm_games()
    assert games[:4] == ["wordle", "termo", "quarteto", "quordle"] and len(games) == len(set(games))
    assert set(games) == {body["game"] for _, body in _warm_asks()}
    asked = []

    def call(argv, **kwargs):
        assert argv[1:4] == ["-m", "chute.web.warming", "--game"] and kwargs["stdin"] == subprocess.DEVNULL
        asked.append(argv[4])
        return 1 if argv[4] == "termo" else 0

    monkeypatch.setattr(subprocess, "call", call)
    assert warming.warm_in_processes() == ["termo"] and asked == games
    asked.clear()
    assert warming.warm_in_processes(lambda: len(asked) == 2) == ["termo"] and asked == games[:2]
    seen = []
    monkeypatch.setattr(
        "chute.web.warming._warm_asks",
        lambda: [(lambda body: seen.append(body["game"]), {"game": g}) for g in ("wordle", "termo", "wordle")],
    )
    assert warming.warm_kernels(game="wordle") == [] and seen == ["wordle", "wordle"]


def _processes_with(variable: str) -> list[int]:
    """Return the processes whose environment holds this NAME=VALUE (Linux's /proc; none elsewhere)."""
    from pathlib import Path

    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            if variable.encode() in (entry / "environ").read_bytes().split(b"\0"):
                found.append(int(entry.name))
        except OSError:  # gone meanwhile, or not ours to read
            pass
    return found


def test_a_refused_word_the_disk_will_not_keep_is_a_507_in_one_line(client, tmp_path, monkeypatch):
    """The server's disk at fault (here its state folder is a file), not the request: 507, the reason in one line."""
    blocked = tmp_path / "state"
    blocked.write_text("a file where the folder should be")
    monkeypatch.setenv("CHUTE_STATE_DIR", str(blocked))
    r = client.post("/api/refuse", json={"game": "wordle", "word": "salet"})
    assert r.status_code == 507 and list(r.json()) == ["error"]
    assert r.json()["error"].startswith(f"cannot remember the refused words in {blocked}") and "\n" not in r.text
    assert blocked.read_text() == "a file where the folder should be"


def test_a_refused_list_with_a_bad_byte_keeps_its_words(client, tmp_path, monkeypatch):
    """A stray byte in the user's list spoils one word, not the list: refusing another keeps the rest."""
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))
    (tmp_path / "rejected-termo.txt").write_bytes(b"toras\nser\xffo\nseria\n")
    done = client.post("/api/refuse", json={"game": "termo", "word": "terao"}).json()
    assert done["refused"] == ["seria", "terao", "toras"]
    assert (tmp_path / "rejected-termo.txt").read_text(encoding="utf-8") == "seria\nterao\ntoras\n"


def test_a_board_the_lists_cannot_read_keeps_its_row_on_the_page(client):
    """A Dordle board whose answer (MULTI) chute does not know: the row stays, its words are strings, the other board is helped."""
    rows = [
        {"guess": g, "patterns": p}
        for g, p in [("tough", ["ybybb", "bybby"]), ("moist", ["gbyby", "bybyb"]), ("spilt", ["bbyyy", "gybbb"])]
    ]
    d = client.post("/api/suggest", json={"game": "dordle", "rows": rows, "lang": "pt"})
    assert d.status_code == 200
    board = d.json()["boards"][0]
    assert board["count"] == 8 and "multi" in board["candidates"]
    assert board["notes"][0].startswith("nenhuma palavra das listas wordle cabe nas pistas")
    assert "8 sequências de letras cabem nas pistas" in board["notes"][0]
    assert d.json()["suggestions"] and d.json()["boards"][1]["count"] == 2
    rows.append({"guess": "shops", "patterns": ["bbbbb", "ggggg"]})
    done = client.post("/api/suggest", json={"game": "dordle", "rows": rows}).json()
    assert [s["guess"] for s in done["suggestions"]][:2] == ["mutil", "multi"] and not done["over"]
    rows.append({"guess": "multi", "patterns": ["ggggg"]})
    assert client.post("/api/suggest", json={"game": "dordle", "rows": rows}).json()["over"]


def test_one_board_keeps_a_row_no_listed_word_fits_but_refuses_one_that_contradicts(client):
    """The page records the game as the game showed it; colours at odds with an earlier row are still refused."""
    rows = [{"guess": g, "patterns": [p]} for g, p in [("tough", "ybybb"), ("moist", "gbyby"), ("spilt", "bbyyy")]]
    d = client.post("/api/suggest", json={"game": "wordle", "rows": rows}).json()
    assert d["boards"][0]["count"] == 8 and not d["over"]
    assert [s["guess"] for s in d["suggestions"]][:2] == ["mutil", "multi"]
    assert all(s["score"] is None and 0 <= s["chance"] < 1 for s in d["suggestions"])  # JSON: no NaN
    assert d["boards"][0]["notes"][0].endswith(
        "if the colours are right, the answer is a word chute does not "
        "know: 8 strings of letters fit the clues, likeliest first (a string "
        "the game refuses costs no row)"
    )
    why = client.post("/api/why", json={"game": "wordle", "rows": rows, "word": "multi"}).json()
    assert why["text"].startswith("MULTI fits every clue")
    rows.append({"guess": "multi", "patterns": ["ggggg"]})
    assert client.post("/api/suggest", json={"game": "wordle", "rows": rows}).json()["over"]
    odd = client.post(
        "/api/suggest", json={"game": "wordle", "rows": rows[:1] + [{"guess": "crane", "patterns": ["ggggg"]}]}
    )
    assert odd.status_code == 400 and odd.json()["error"].startswith("row 2: clue 2 (CRANE=CRANE) conflicts")
    odd_pt = client.post(
        "/api/suggest",
        json={"game": "wordle", "lang": "pt", "rows": rows[:1] + [{"guess": "crane", "patterns": ["ggggg"]}]},
    )
    assert odd_pt.status_code == 400 and odd_pt.json()["error"].startswith("linha 2: pista 2 (CRANE=CRANE) contradiz")


def test_names_a_server_answers_to_and_how_a_host_header_is_read():
    from chute.web.origin import LOOPBACK_NAMES, allowed_hosts, host_name

    assert allowed_hosts("127.0.0.1") == allowed_hosts("localhost") == LOOPBACK_NAMES
    assert allowed_hosts("::1") == LOOPBACK_NAMES and "127.0.0.2" in allowed_hosts("127.0.0.2")
    assert allowed_hosts("0.0.0.0") is None and allowed_hosts("192.168.1.9") is None
    assert allowed_hosts("myhost.lan") is None  # a name on the network: the player chose it
    assert [host_name(h) for h in ("localhost:8000", "[::1]:8000", "[::1]", "127.0.0.1", "Evil.Example:80")] == [
        "localhost",
        "::1",
        "::1",
        "127.0.0.1",
        "evil.example",
    ]
    for bad in ("localhost:80@evil.com", "localhost:abc", "localhost:", "127.0.0.1:٣", "[::1]evil.com"):
        assert host_name(bad) == "", bad


def test_a_field_the_request_does_not_read_is_named_not_ignored(client):
    """A misspelt field (``clues`` for ``rows``, ``hard`` for ``rule``) would answer another game than asked."""
    for url, body, field in (
        ("/api/suggest", {"game": "wordle", "clues": ["fuzzy:bbbbb"]}, "clues"),
        ("/api/suggest", {"game": "wordle", "hard": True}, "hard"),
        ("/api/review", {"game": "wordle", "guesses": ["crane"], "answer": "crane"}, "answer"),
        ("/api/share", {"text": "Wordle 1 1/6\n\n🟩🟩🟩🟩🟩", "rows": []}, "rows"),
        ("/api/history/clear", {"everything": True}, "everything"),
    ):
        r = client.post(url, json=body)
        assert r.status_code == 400 and f"unknown field {field!r}" in r.json()["error"], (url, r.text)
    assert client.post("/api/suggest", json={"game": "wordle", "rows": [], "lang": "pt", "top": 3}).status_code == 200


@pytest.mark.parametrize("game", [["x"], {"a": 1}, 5, None, "wordel"])
def test_a_share_with_a_game_that_is_none_is_refused_in_one_line(client, game):
    text = "Wordle 1 2/6\n\n⬛⬛🟨⬛⬛\n🟩🟩🟩🟩🟩"
    r = client.post("/api/share", json={"text": text, "answer": "cigar", "game": game})
    if game is None:  # no game named: the share text's own
        assert r.status_code == 200 and r.json()["decoded"]
    else:
        assert r.status_code == 400 and "unknown game" in r.json()["error"]


def test_other_web_pages_and_other_host_names_are_refused(tmp_path, monkeypatch):
    """A real server: a cross-site form or fetch, or a name pointed at 127.0.0.1 (DNS rebinding), gets a 403 or
    415 in one line and never writes the player's refused words; the page's own requests go through."""
    import httpx

    from chute.web import running

    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))  # the server runs in this process
    body = json.dumps({"game": "wordle", "word": "salet"})
    as_json = {"Content-Type": "application/json"}
    with running() as base:
        port = base.rsplit(":", 1)[1]
        attempts = {
            "a form posting text": ({"Content-Type": "text/plain"}, 415),
            "a form posting fields": ({"Content-Type": "application/x-www-form-urlencoded"}, 415),
            "no content type": ({}, 415),
            "another site's page": ({**as_json, "Origin": "http://evil.example"}, 403),
            "a sandboxed frame": ({**as_json, "Origin": "null"}, 403),
            "another port of this machine": ({**as_json, "Origin": "http://127.0.0.1:1"}, 403),
            "a rebound name": ({**as_json, "Host": f"evil.example:{port}"}, 403),
            "a rebound name, same origin": (
                {**as_json, "Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"},
                403,
            ),
        }
        for what, (headers, status) in attempts.items():
            r = httpx.post(base + "/api/refuse", content=body, headers=headers, timeout=60)
            assert r.status_code == status, what
            assert set(r.json()) == {"error"} and "\n" not in r.json()["error"], what
        assert not (tmp_path / "rejected-wordle.txt").exists()
        assert httpx.get(base + "/", headers={"Host": "evil.example"}, timeout=60).status_code == 403
        for host, origin in (
            (f"127.0.0.1:{port}", f"http://127.0.0.1:{port}"),
            (f"localhost:{port}", None),
            (f"[::1]:{port}", f"http://[::1]:{port}"),
        ):
            headers = {**as_json, "Host": host, **({"Origin": origin} if origin else {})}
            r = httpx.post(base + "/api/refuse", content=body, headers=headers, timeout=60)
            assert r.status_code == 200 and r.json()["refused"] == ["salet"], host
        assert httpx.get(base + "/", timeout=60).status_code == 200


def test_a_finished_game_comes_with_its_share_text(client):
    """/api/suggest: once the game is over, its share text in the game's own format (hard mode starred)."""
    rows = [{"guess": "crane", "patterns": ["gyybb"]}, {"guess": "cigar", "patterns": ["ggggg"]}]
    playing = client.post("/api/suggest", json={"game": "wordle", "rows": rows[:1]}).json()
    assert not playing["over"] and "share" not in playing
    won = client.post("/api/suggest", json={"game": "wordle", "rule": "hard", "rows": rows}).json()
    assert won["over"] and won["share"] == "Wordle 2/6*\n\n🟩🟨🟨⬛⬛\n🟩🟩🟩🟩🟩"
    duo = [{"guess": "serao", "patterns": ["ggggg", "bggbg"]}, {"guess": "termo", "patterns": ["ggggg"]}]
    over = client.post("/api/suggest", json={"game": "dueto", "rows": duo}).json()
    assert over["share"] == "joguei term.ooo/2 1&2/7\n\n🟩🟩🟩🟩🟩 ⬛🟩🟩⬛🟩\n⬜⬜⬜⬜⬜ 🟩🟩🟩🟩🟩"


def test_a_history_that_cannot_be_written_never_costs_the_review(client, tmp_path, monkeypatch):
    """The page's own game reviewed with "keep": graded and answered, the history's failure said beside it."""
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("CHUTE_STATE_DIR", str(blocker / "state"))  # a folder inside a file: never writable
    body = {
        "game": "wordle",
        "keep": True,
        "rows": [{"guess": "crane", "patterns": ["gyybb"]}, {"guess": "cigar", "patterns": ["ggggg"]}],
    }
    r = client.post("/api/review", json=body)
    assert r.status_code == 200 and r.json()["skill"] is not None
    assert r.json()["kept"] is False and "history" in r.json()["history_error"]
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))
    r = client.post("/api/review", json=body)
    assert r.json()["kept"] is True and "history_error" not in r.json()
    (tmp_path / "history.jsonl").write_bytes(b"\xff" * 10)
    assert client.get("/api/history").status_code == 507  # unreadable: said, never overwritten
    assert (tmp_path / "history.jsonl").read_bytes() == b"\xff" * 10
