"""The opener rankings chute ships for its bundled lists: well formed, read on a first run instead of ranking
every guess, and equal to what the code ranks today (else ``python scripts/build_openers.py``)."""

from __future__ import annotations

import gzip
import json
from dataclasses import asdict
from importlib import resources

import pytest

from chute import load_lexicon
from chute.playing import openers as openers_mod

SHIPPED = sorted(
    p.name
    for p in resources.files("chute").joinpath("data", "openers").iterdir()
    if p.name.endswith((".json", ".json.gz"))
)
SECOND_OPENERS = ("trace", *openers_mod.PUBLISHED["wordle"][: openers_mod.SECOND_SHIPPED])
MULTI_GAMES = ("dordle", "quordle", "octordle", "dueto", "quarteto")


def _joint(game: str, common: bool):
    """Return the joint policy's solver of a multi-board game, as the command line and the page build it."""
    from chute.game.games import PRESETS
    from chute.playing.joint_policy import DEFAULT
    from chute.playing.multiboard import ranker_for
    from chute.web.requests import page_solver

    page = page_solver(game, None, (), common)
    return ranker_for(page.engine, DEFAULT, page.solver.belief), PRESETS[game].boards


def _multi_names() -> set[str]:
    """Return the names of the opening rankings the multi-board games' solvers read (common words or not)."""
    return {joint.opening_name(boards) for joint, boards in (_joint(g, c) for g in MULTI_GAMES for c in (False, True))}


MULTI = {name for name in SHIPPED if name.startswith("multi-openers-")}


def test_the_bundled_lists_have_shipped_rankings_that_check():
    keys = {load_lexicon(name).key for name in ("wordle", "termo")}
    wordle = load_lexicon("wordle")
    one_board = {f"openers-{k[:32]}.json" for k in keys} | {
        openers_mod.shipped_name(wordle.key, "second", opener) for opener in SECOND_OPENERS
    }
    assert one_board <= set(SHIPPED)
    assert {name for name in SHIPPED if name not in one_board} == MULTI  # one per multi-board game, common or not
    for opener in SECOND_OPENERS:
        second = openers_mod.shipped(wordle.key, "second", opener)
        assert len(second) >= 80, opener  # its first clues that leave more than two words (ADIEU: 92)
        for entry, stored in second.items():
            assert f"|after={opener}:" in entry, entry
            assert openers_mod._parse(stored, wordle.key, entry, wordle.is_guess), entry
    for key in keys:
        entries = openers_mod.shipped(key)
        lexicon = next(load_lexicon(n) for n in ("wordle", "termo") if load_lexicon(n).key == key)
        assert len(entries) >= 2  # the default policy's and entropy's, at least
        for entry, stored in entries.items():
            parsed = openers_mod._parse(stored, key, entry, lexicon.is_suggested)
            assert parsed is not None and len(parsed[0]) == openers_mod.STORED, entry


def test_a_first_suggestion_reads_the_shipped_ranking_and_ranks_nothing(cli, tmp_path, monkeypatch):
    from chute.strategies.expected import ExpectedGuesses

    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))  # an empty cache: a first run
    real = ExpectedGuesses.rank

    def rank(self, state, options, top=10):
        if top >= openers_mod.STORED:  # a whole opener ranking (not one word's figures)
            pytest.fail("the openers were ranked again")
        return real(self, state, options, top)

    monkeypatch.setattr(ExpectedGuesses, "rank", rank)
    for argv in (
        ["suggest"],
        ["suggest", "--hard"],
        ["suggest", "--game", "termo"],
        ["suggest", "--game", "termo", "--strict"],
        ["suggest", "trace:bbbbb"],
        ["suggest", "trace:ybbbb"],
        ["suggest", "crane:bbbbb"],
        ["suggest", "adieu:ybbbb"],
    ):
        status, out, err = cli(*argv, "--top", "3")
        assert status == 0 and len(out.splitlines()) >= 4, (argv, err)
    assert not list(tmp_path.glob("openers-*")) and not list(tmp_path.glob("second-*"))  # it ships with chute
    status, out, err = cli("suggest", "trace:bbbbb", "--top", "3")
    assert "keeps every word finishable" in err  # the stored ranking's note, said again


def _widened():
    """Return the default policy's solver over Wordle's lists widened to its prior's words, as ``chute bench``
    plays thousands of games (every word of the prior a matrix column)."""
    from chute import Engine
    from chute.playing.assembly import game_solver
    from chute.web.requests import page_solver

    base = page_solver("wordle")
    engine = Engine.build(base.engine.lexicon.widened(base.belief.words))
    return game_solver(engine, 1, None, None, base.belief)


def test_a_lexicon_widened_to_the_prior_reads_the_bundled_lists_second_rows(tmp_path, monkeypatch):
    """The bench's widened lists rank as the bundled lists do, so their shipped rankings after a first clue are
    read there too: a game after TRACE's or CRANE's clue ranks nothing for its second row."""
    from chute.strategies.expected import ExpectedGuesses

    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))
    solver = _widened()
    assert solver.lexicon.key != solver.lexicon.listed_key == load_lexicon("wordle").key
    real = ExpectedGuesses.rank

    def rank(self, state, options, top=10):
        if len(state.clues) == 1:
            pytest.fail(f"the second row after {state.clues[0]} was ranked again")
        return real(self, state, options, top)

    monkeypatch.setattr(ExpectedGuesses, "rank", rank)
    for clue in ("trace:bbbbb", "trace:bbybb", "crane:bbybb", "slate:yybbb"):
        assert solver.suggest([clue], top=3).ranked


_GZ = gzip.compress(b'{"x": 1}' * 50, mtime=0)


@pytest.mark.parametrize(
    "payload",
    [
        pytest.param(b"", id="empty"),
        pytest.param(b"not gzip", id="not-gzip"),
        pytest.param(gzip.compress(b"{not json", mtime=0), id="not-json"),
        pytest.param(b"\x1f\x8b" + bytes(40), id="bad-header"),
        pytest.param(_GZ[:12] + b"\xff\xfe\x00" + _GZ[15:], id="corrupt-deflate"),
        pytest.param(_GZ[:-9], id="truncated"),
        pytest.param(gzip.compress(json.dumps({"version": 1, "entries": {}}).encode(), mtime=0), id="old-version"),
    ],
)
def test_a_damaged_shipped_ranking_is_not_read(payload, monkeypatch):
    """A shipped file that is empty, not gzip, truncated, not JSON or of another version gives no entries (the
    rankings are then ranked, as for other lists), never an error."""
    import importlib.resources

    class Damaged:
        def joinpath(self, *parts):
            return self

        def read_bytes(self):
            return payload

    key = load_lexicon("wordle").key
    assert openers_mod.shipped(key, "second", "crane")  # the real file has entries
    monkeypatch.setattr(importlib.resources, "files", lambda package: Damaged())
    openers_mod.shipped.cache_clear()
    try:
        assert openers_mod.shipped(key, "second", "crane") == {}
    finally:
        monkeypatch.undo()
        openers_mod.shipped.cache_clear()


@pytest.mark.slow
def test_a_widened_lexicon_ranks_the_second_rows_as_shipped(tmp_path, monkeypatch):
    """With nothing shipped, the widened lists' rankings after some of TRACE's clues are the shipped ones."""
    from chute.game.feedback import Clue

    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))
    solver = _widened()
    stored = openers_mod.shipped(solver.lexicon.listed_key, "second", "trace")
    monkeypatch.setattr(openers_mod, "shipped", lambda key, kind="openers", opener="": {})
    for pattern in ("bbbbb", "bbybb", "ybbbb", "yyybb", "bgbbb"):
        entry = next(e for e in stored if f"|after=trace:{pattern}|" in e)
        got = [asdict(r) for r in solver.suggest([Clue("trace", pattern)], top=openers_mod.STORED).ranked]
        assert _rounded(got) == _rounded(stored[entry]["rows"]), pattern


@pytest.mark.slow
def test_the_shipped_rankings_are_what_chute_ranks_today(cli, tmp_path, monkeypatch):
    """Ranked again with nothing shipped, every command's first ranking is the shipped one, row for row."""
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(openers_mod, "shipped", lambda key, kind="openers", opener="": {})
    for argv in (
        ["suggest"],
        ["suggest", "--game", "termo"],
        ["suggest", "trace:bbbbb"],
        ["suggest", "trace:gbbbb"],
        ["suggest", "crane:bbybb"],
        ["suggest", "slate:yybbb"],
    ):
        assert cli(*argv, "--top", "1")[0] == 0
    assert len(list(tmp_path.glob("second-*.json"))) == 1
    for path in [*tmp_path.glob("openers-*.json"), *tmp_path.glob("second-*.json")]:
        computed = json.loads(path.read_text(encoding="utf-8"))
        for entry, stored in computed["entries"].items():
            opener = entry.rsplit("|after=", 1)[1].split(":")[0] if "|after=" in entry else ""
            name = openers_mod.shipped_name(computed["lexicon"], path.name.split("-")[0], opener)
            shipped = _shipped_file(name, computed["lexicon"])
            assert _rounded(shipped.get(entry, {}).get("rows")) == _rounded(stored["rows"]), f"{name} {entry}"


def _rounded(rows: list[dict] | None) -> list[dict] | None:
    """Return the rows with their figures to 9 significant digits (numpy and the compiled kernels may differ
    in the last bits of a float; the guesses and their order may not)."""
    return (
        None
        if rows is None
        else [{k: float(f"{v:.9g}") if isinstance(v, float) else v for k, v in r.items()} for r in rows]
    )


def _shipped_file(name: str, key: str) -> dict:
    """Return the entries of a shipped opener file, read straight from the package."""
    data = resources.files("chute").joinpath("data", "openers", name).read_bytes()
    return openers_mod._entries((gzip.decompress(data) if name.endswith(".gz") else data).decode("utf-8"), key)


def test_a_first_multi_board_suggestion_reads_the_shipped_opening_and_ranks_nothing(cli, tmp_path, monkeypatch):
    """Each multi-board game's first suggestion (every word, and common words only) reads its opening from the
    package: no guess is ranked over the boards, and no solver or matrix is built for them (a prior's words: 132 M
    codes for Quordle), so no kernel is compiled for it."""
    from chute.playing.joint_ranker import JointRanker

    assert _multi_names() == MULTI
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(JointRanker, "__init__", lambda self, *a, **k: pytest.fail("the boards' solver was built"))
    for game in MULTI_GAMES:
        for common in ([], ["--common"]):
            status, out, err = cli("suggest", "--game", game, *common, "--top", "3")
            assert status == 0 and len(out.splitlines()) >= 4, (game, err)
    assert not list(tmp_path.glob("multi-openers-*"))


def test_the_opening_read_without_the_boards_matrix_is_the_solver_s():
    """The opening read before any solver is built is the solver's own first ranking, for fresh boards only: a
    board with fewer words, or lists with no kept opening, leave it to the solver."""
    from chute.game.games import PRESETS
    from chute.playing.joint_policy import DEFAULT
    from chute.playing.multiboard import opening_without_matrix, ranker_for
    from chute.web.requests import page_solver

    boards = PRESETS["quordle"].boards
    page = page_solver("quordle", None, (), False)
    joint = ranker_for(page.engine, DEFAULT, page.solver.belief)
    every = list(joint.engine.lexicon.answers)

    def read(*sets):
        return opening_without_matrix(page.engine, DEFAULT, page.solver.belief, list(sets), 5)

    ranked = joint.rank([joint.board(None)] * boards, None, 5)
    assert [(c.guess, c.score, c.bits) for c in read(*[every] * boards)] == [(c.guess, c.score, c.bits) for c in ranked]
    assert read(*[every] * (boards - 1), every[1:]) is None
    assert read(*[every] * (boards + 1)) is None  # no opening kept for five boards


@pytest.mark.slow
def test_the_shipped_multi_board_openings_are_what_chute_ranks_today(tmp_path, monkeypatch):
    """With nothing shipped, Dordle's and Quarteto's openings are ranked again, guess for guess as shipped."""
    import chute.playing.joint_openings as multiboard

    monkeypatch.setattr(multiboard, "_shipped_text", lambda name: None)
    for game in ("dordle", "quarteto"):
        solver, boards = _joint(game, False)
        name = solver.opening_name(boards)
        monkeypatch.setattr(solver.engine, "cache_dir", tmp_path)
        ranked = solver._opening([solver.board(None)] * boards, 100)
        shipped = json.loads(resources.files("chute").joinpath("data", "openers", name).read_text(encoding="utf-8"))
        assert [c.guess for c in ranked] == [c["guess"] for c in shipped], game
        assert _rounded([{"score": c.score, "bits": c.bits} for c in ranked]) == _rounded(
            [{"score": c["score"], "bits": c["bits"]} for c in shipped]
        ), game
