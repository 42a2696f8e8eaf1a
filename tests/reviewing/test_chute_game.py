"""chute's own game beside a review: the games shipped for the bundled lists are the ones its policy plays today
(else ``python scripts/build_games.py``), read only for that policy."""

from __future__ import annotations

import math
import random

import pytest

from chute import Engine, load_lexicon
from chute.game.games import game_spec
from chute.playing.assembly import game_solver
from chute.playing.session import Session
from chute.reviewing import chute_game as module
from chute.reviewing.verdict import review


@pytest.fixture(scope="module")
def engines():
    """Return the bundled games' engines by list name."""
    return {name: Engine.build(load_lexicon(name)) for name in ("wordle", "termo")}


def played(solver, answer: str, rows: int) -> tuple[str, ...]:
    """Return the guesses the solver's policy plays against the answer, on the spot."""
    session = Session(solver, 1, rows)
    session.new([answer])
    return tuple(row.guess for row in session.autoplay(limit=rows))


@pytest.mark.parametrize("game,rule", [("wordle", None), ("wordle", "hard"), ("termo", None), ("termo", "strict")])
def test_the_shipped_games_are_the_policy_s_today(engines, game, rule):
    """Every answer has its game, read for the default policy; a seeded sample is what the policy plays now."""
    spec = game_spec(game)
    rule = spec.hard_rule if rule == "hard" else rule
    engine = engines[spec.lexicon]
    solver = game_solver(engine, 1, rule)
    games = module.shipped_games(solver)
    assert set(games) == set(engine.lexicon.answers)
    assert all(g[-1] == a and len(g) <= spec.rows for a, g in games.items())  # every answer found in time
    for answer in random.Random(5).sample(engine.lexicon.answers, 12):
        assert games[answer] == played(solver, answer, spec.rows), answer


def test_another_policy_plays_its_own_game(engines, monkeypatch):
    """A refused word, or common words only, is another policy: its game is played, not read."""
    engine = engines["wordle"]
    refused = game_solver(engine, 1, None, refused=["brond"])
    assert module.shipped_games(refused) == {}
    game = module.chute_game(refused, ["cigar"], 6)
    assert "brond" not in game.guesses and game.solved
    common = game_solver(engine.reading(engine.lexicon.common_only()), 1, None)
    assert module.shipped_games(common) == {}
    assert module.chute_game(common, ["cigar"], 6).guesses[0] == "slate"
    plain = game_solver(engine, 1, None)
    monkeypatch.setattr(Session, "autoplay", lambda *a, **k: pytest.fail("a shipped game was played again"))
    assert module.chute_game(plain, ["cigar"], 6).guesses == ("trace", "coram", "cigar")


@pytest.mark.parametrize("game,rule", [("wordle", None), ("wordle", "hard"), ("termo", None), ("termo", "strict")])
def test_a_review_of_chute_s_own_game_grades_its_moves_best(engines, game, rule):
    """Reviewed, chute's own game grades every row 90 or more: a move of its policy (which plays for every word the
    game accepts) that the search over the answer list alone would not play is still graded best; only a row that
    risked running out of rows over the answer list keeps its grade."""
    spec = game_spec(game)
    rule = spec.hard_rule if rule == "hard" else rule
    engine = engines[spec.lexicon]
    games = module.shipped_games(game_solver(engine, 1, rule))
    for answer in random.Random(11).sample(engine.lexicon.answers, 15):
        rows = review(engine, games[answer], answer, rows=spec.rows, rule=rule).rows
        low = [(r.guess, r.skill) for r in rows if r.skill is not None and r.skill < 90 and r.value != math.inf]
        assert not low, (answer, games[answer], low)


def test_chute_s_own_move_keeps_the_search_s_best_and_says_it(engines):
    """WHELP, chute's move after TRACE SILEN (one likely answer, 29 more words Wordle accepts), is graded best and
    says that the search over the answer list finds WELSH; a move chute would not play keeps its cost."""
    game = review(engines["wordle"], ["trace", "silen", "whelp", "welsh"], "welsh")
    assert game.skill == 99 and game.story().startswith("Every graded row was the best move or chute's own;")
    whelp = game.rows[2]
    assert whelp.chute_move and whelp.skill == 99 and whelp.cost == 0.0
    assert (whelp.best, whelp.value, whelp.best_value) == ("welsh", 2.0, 1.0)  # the search's figures, kept
    assert "chute's own move" in whelp.comment() and "WELSH (0.0), 1.00 guesses better" in whelp.comment()
    assert "a jogada do próprio chute" in whelp.comment("pt")
    dolly = review(engines["wordle"], "crane lotus golly dolly holly jolly".split(), "jolly").rows[3]
    assert not dolly.chute_move and dolly.skill == 25 and dolly.best == "fjeld"
