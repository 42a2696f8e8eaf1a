"""Normal mode keeps every word finishable: each guess leaves only sets a plan finishes in the rows left."""

from __future__ import annotations

import random

import numpy as np
import pytest

from chute import Engine, Solver, load_lexicon
from chute.game.feedback import score
from chute.playing.session import play
from chute.playing.solver import DEFAULT_PRIOR, DEFAULT_STRATEGY
from chute.strategies import Options, expected
from chute.strategies.guard import Plans


@pytest.fixture(scope="module")
def wordle_engine():
    return Engine.build(load_lexicon("wordle"))


@pytest.fixture(scope="module")
def default_solver(wordle_engine):
    return Solver(wordle_engine, DEFAULT_STRATEGY, prior=DEFAULT_PRIOR)


def bins(guess: str, words: list[str]) -> list[list[str]]:
    """Return the words a guess leaves together, pattern by pattern (the solved one left out)."""
    out: dict[str, list[str]] = {}
    for w in words:
        if w != guess:
            out.setdefault(score(guess, w), []).append(w)
    return list(out.values())


def test_a_plans_guess_keeps_every_word_and_the_last_row_needs_one_word_a_pattern(wordle_engine):
    """``plan_guess`` names a guess ``keeps_all`` accepts; one row after a guess, a pattern of two words is lost."""
    lexicon = wordle_engine.lexicon
    words = sorted(random.Random(7).sample(list(lexicon.answers), 60))
    cols = wordle_engine.columns(words)
    plans = Plans(wordle_engine, None, words, cols, 6)
    guess = plans.plan_guess(None, 3)
    assert guess is not None and plans.plan_guess(None, 1) is None
    row = np.asarray(wordle_engine.codes(np.array([guess]), words, cols))[0]
    assert plans.keeps_all(guess, row, None, 2)
    assert max(len(b) for b in bins(lexicon.guesses[guess], words)) > 1      # so one row after would not do
    assert not plans.keeps_all(guess, row, None, 1)
    pair = ["batch", "catch"]
    two = Plans(wordle_engine, None, pair, wordle_engine.columns(pair), 6)
    fuzzy = lexicon.guess_index["fuzzy"]
    codes = np.asarray(wordle_engine.codes(np.array([fuzzy]), pair, wordle_engine.columns(pair)))[0]
    assert not two.keeps_all(fuzzy, codes, None, 1) and two.keeps_all(fuzzy, codes, None, 2)
    assert two.plan_guess(None, 1) is None and two.plan_guess(None, 2) == lexicon.guess_index["batch"]


def test_the_policy_moves_a_safe_guess_first_and_says_why(default_solver):
    """After REAST shows only E, LINED averages fewer guesses but leaves ?I?ED's family; a safe guess goes first."""
    suggestion = default_solver.suggest(["reast:bybbb"], top=3)
    state = default_solver.state_for(["reast:bybbb"])
    best = suggestion.ranked[0].guess
    assert best != "lined"
    assert any(n.key == "kept_finishable" for n in suggestion.notes if hasattr(n, "key"))
    assert "keeps every word finishable" in " ".join(suggestion.notes)
    plans = Plans(default_solver.engine, None, list(state.candidates), state.columns, 6)
    row = default_solver.lexicon.guess_index[best]
    codes = np.asarray(default_solver.engine.codes(np.array([row]), state.candidates, state.columns))[0]
    assert plans.keeps_all(row, codes, None, 4)


@pytest.mark.parametrize("secret", ["biked", "coxed", "diked", "doxed", "fazed", "gibed", "jibed", "laved", "cozed"])
def test_families_of_alike_words_off_the_list_are_won(default_solver, secret):
    """The held-out words the one-word-a-row policy lost (?I?ED, ?O?ED, ?A?ED) are found within the six rows."""
    game = play(default_solver, secret, rows=None)
    assert game.guesses[-1] == secret and len(game.guesses) <= 6, game.guesses


def test_a_wider_search_finds_the_plan_the_first_misses(default_solver):
    """After REAST then LINED (a guess the policy would not play) none of the best guesses keeps ?I?ED's family
    finishable and the first search finds no plan; the wider one does (CHOWK), and it goes first."""
    clues = ["reast:bybbb", "lined:bbbgg"]
    suggestion = default_solver.suggest(clues, top=5)
    state = default_solver.state_for(clues)
    best = suggestion.ranked[0].guess
    row = default_solver.lexicon.guess_index[best]
    codes = np.asarray(default_solver.engine.codes(np.array([row]), state.candidates, state.columns))[0]
    narrow = Plans(default_solver.engine, None, list(state.candidates), state.columns, 6)
    wide = Plans(default_solver.engine, None, list(state.candidates), state.columns, 6, top=expected.WIDE_TOP,
                 budget=expected.WIDE_BUDGET)
    assert narrow.plan_guess(None, 4) is None and wide.keeps_all(row, codes, None, 3)
    assert "keeps every word finishable" in " ".join(suggestion.notes)


def test_a_state_with_no_plan_is_ranked_by_expected_guesses_and_says_so(wordle_engine):
    """With one row left and several words, no guess can finish them all: E(g) alone, with a note."""
    solver = Solver(wordle_engine, DEFAULT_STRATEGY, options=Options(rows=2), prior=DEFAULT_PRIOR)
    suggestion = solver.suggest(["salet:bbbbb"], top=5)
    assert expected.NO_PLAN in suggestion.notes
    scores = [r.score for r in suggestion.ranked]
    assert scores == sorted(scores)
