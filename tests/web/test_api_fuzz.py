"""The JSON API under generated bodies: every answer is JSON, a refusal is a 4xx with one line, never a 500."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette", reason="the web extra (starlette, uvicorn, httpx) is part of the test extra")
from starlette.testclient import TestClient  # noqa: E402

from chute.web import create_app  # noqa: E402

ENDPOINTS = ["/api/suggest", "/api/why", "/api/refuse", "/api/unrefuse", "/api/review", "/api/share"]
GAMES = ["wordle", "termo", "dueto", "quordle", "octordle", "nope"]
WORDS = ["soare", "crane", "cigar", "termo", "serao", "zzzzz", "ab", "", "ÁVIDO", "toras"]
PATTERNS = ["bbbbb", "gyybb", "ggggg", "bbyyb", "", "gggg", "xyz", "🟩🟩⬛⬛🟨", "c_i__"]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 70),
    st.floats(allow_nan=True),
    st.sampled_from(WORDS + PATTERNS + GAMES),
    st.text(max_size=12),
)
rows = st.lists(
    st.fixed_dictionaries(
        {"guess": st.one_of(st.sampled_from(WORDS), scalars)},
        optional={"patterns": st.one_of(st.lists(st.sampled_from(PATTERNS), max_size=9), scalars)},
    ),
    max_size=8,
)
bodies = st.fixed_dictionaries(
    {},
    optional={
        "game": st.one_of(st.sampled_from(GAMES), scalars),
        "rule": st.sampled_from([None, "hard", "strict", "x", 3]),
        "rows": st.one_of(rows, scalars),
        "top": scalars,
        "lang": st.sampled_from(["en", "pt", "fr", None, 1]),
        "word": st.one_of(st.sampled_from(WORDS), scalars),
        "board": st.one_of(st.integers(-2, 9), scalars),
        "guesses": st.one_of(st.lists(st.sampled_from(WORDS), max_size=7), scalars),
        "answers": st.one_of(st.lists(st.sampled_from(WORDS), max_size=5), scalars),
        "text": st.one_of(
            st.sampled_from(["Wordle 1,234 3/6\n\n🟩⬛⬛⬛⬛\n🟩🟩🟩🟩🟩", "joguei term.ooo #81 *3/6"]), scalars
        ),
        "answer": st.one_of(st.sampled_from(WORDS), scalars),
    },
)


@pytest.fixture(scope="module")
def client(tmp_path_factory, monkeypatch_module):
    monkeypatch_module.setenv("CHUTE_STATE_DIR", str(tmp_path_factory.mktemp("state")))
    return TestClient(create_app(), base_url="http://localhost")


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(endpoint=st.sampled_from(ENDPOINTS), body=st.one_of(bodies, st.lists(scalars, max_size=3), scalars))
def test_any_body_gets_json_and_never_a_500(client, endpoint, body):
    # as bytes: Python's JSON writes what a client may send that strict JSON refuses (NaN, Infinity)
    r = client.post(endpoint, content=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    assert r.status_code in (200, 400, 413, 415, 422, 503, 507), (r.status_code, r.text[:300])
    data = r.json()
    if r.status_code != 200:
        assert set(data) == {"error"} and data["error"] and "\n" not in data["error"]
