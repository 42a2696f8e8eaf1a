"""Normal mode keeps every word finishable: each guess leaves only sets a plan finishes in the rows left."""

from __future__ import annotations

import random

import numpy as np
import pytest

from chute import Engine, Solver, load_lexicon
from chute.game.feedback import score
from chute.playing.session import play
from chute.playing.solver import DEFAULT_PRIOR, DEFAULT_STRATEGY
from chute.strategies import Options, expected, guard
from chute.strategies.guard import PLAN_NODE_COST, Plans, also_accepted


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
    assert max(len(b) for b in bins(lexicon.guesses[guess], words)) > 1  # so one row after would not do
    assert not plans.keeps_all(guess, row, None, 1)
    pair = ["batch", "catch"]
    two = Plans(wordle_engine, None, pair, wordle_engine.columns(pair), 6)
    fuzzy = lexicon.guess_index["fuzzy"]
    codes = np.asarray(wordle_engine.codes(np.array([fuzzy]), pair, wordle_engine.columns(pair)))[0]
    assert not two.keeps_all(fuzzy, codes, None, 1) and two.keeps_all(fuzzy, codes, None, 2)
    assert two.plan_guess(None, 1) is None and two.plan_guess(None, 2) == lexicon.guess_index["batch"]


def kept(solver, clues: list[str], guess: str, rows_after: int) -> bool:
    """Return whether the plans (first search, then the wider) finish every word that fits the clues, the
    accepted words off the prior included, within ``rows_after`` rows after the guess."""
    state = solver.state_for(clues)
    engine = solver.engine
    words = list(state.candidates) + also_accepted(engine.lexicon, state.clues, state.candidate_set)
    cols = engine.columns(words)
    row = engine.lexicon.guess_index[guess]
    codes = np.asarray(engine.codes(np.array([row]), words, cols))[0]
    return any(
        Plans(engine, None, words, cols, 6, **wide).keeps_all(row, codes, None, rows_after)
        for wide in ({}, {"top": expected.WIDE_TOP, "budget": expected.wide_budget(len(words))})
    )


def test_the_policy_moves_a_safe_guess_first_and_says_why(default_solver):
    """After REAST shows only E, LINED averages fewer guesses but leaves ?I?ED's family; a safe guess goes first."""
    suggestion = default_solver.suggest(["reast:bybbb"], top=3)
    best = suggestion.ranked[0].guess
    state = default_solver.state_for(["reast:bybbb"])
    words = list(state.candidates) + also_accepted(default_solver.lexicon, state.clues, state.candidate_set)
    lined = default_solver.lexicon.guess_index["lined"]
    codes = np.asarray(default_solver.engine.codes(np.array([lined]), words, default_solver.engine.columns(words)))[0]
    first = Plans(default_solver.engine, None, words, default_solver.engine.columns(words), 6)
    assert best != "lined" and not first.keeps_all(lined, codes, None, 4)
    assert any(n.key == "kept_finishable" for n in suggestion.notes if hasattr(n, "key"))
    assert "keeps every word finishable" in " ".join(suggestion.notes)
    assert kept(default_solver, ["reast:bybbb"], best, 4)


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
    words = list(state.candidates) + also_accepted(default_solver.lexicon, state.clues, state.candidate_set)
    narrow = Plans(default_solver.engine, None, words, default_solver.engine.columns(words), 6)
    assert narrow.plan_guess(None, 4) is None and kept(default_solver, clues, suggestion.ranked[0].guess, 3)
    assert "keeps every word finishable" in " ".join(suggestion.notes)


def test_a_second_row_off_the_safe_tree_leaves_a_large_set_to_its_opener(default_solver, monkeypatch, tmp_path):
    """A first clue after a guess chute ships no second row for, leaving thousands of words: as an opening of so
    many words, it is the opener's to keep: no plan is searched (a first suggestion nobody cached stays fast)."""
    monkeypatch.setattr(default_solver.engine, "cache_dir", tmp_path)  # ranked here, not read from a cache
    searched = []
    monkeypatch.setattr(Plans, "__init__", lambda self, *a, **k: searched.append(a) or None)
    suggestion = default_solver.suggest(["xyzzy:bbbbb"], top=1)
    assert searched == [] and suggestion.ranked[0].guess == "trace"
    assert not any("row limit" in note for note in suggestion.notes)
    from chute.strategies.base import State

    def every_word(self, rows):
        raise AssertionError("the information measured over every candidate")

    monkeypatch.setattr(State, "partition_of", every_word)  # over a seeded sample of them instead
    assert default_solver.suggest(["jumpy:bbbbb"], top=1).ranked[0].guess == "trace"  # ranked anew, not read


def test_a_wide_search_over_a_large_set_gives_up_within_the_smaller_budget(default_solver, monkeypatch, tmp_path):
    """A third row that still leaves thousands of words (XYZZY, QAJAQ all grey): no plan among the best
    guesses, so the wide search runs, over more than WIDE_LARGE words with WIDE_LARGE_BUDGET (it examines no
    more than one look past it), and the policy says it ranked by expected guesses alone."""
    monkeypatch.setattr(default_solver.engine, "cache_dir", tmp_path)  # ranked here, not read from a cache
    spent = []
    real = Plans.plan_guess

    def plan_guess(self, allowed, rows):
        start = self.budget
        try:
            return real(self, allowed, rows)
        finally:
            spent.append((self.top, len(self.words), start, start - self.budget))

    monkeypatch.setattr(Plans, "plan_guess", plan_guess)
    suggestion = default_solver.suggest(["xyzzy:bbbbb", "qajaq:bbbbb"], top=1)
    wide = [s for s in spent if s[0] == expected.WIDE_TOP]
    assert wide
    look = len(default_solver.lexicon.guesses) * max(n for _, n, _, _ in wide) + PLAN_NODE_COST  # the most one costs
    assert all(
        n > expected.WIDE_LARGE and start == expected.WIDE_LARGE_BUDGET and start < used <= start + look
        for _, n, start, used in wide
    )
    assert expected.wide_budget(expected.WIDE_LARGE) == expected.WIDE_BUDGET > expected.WIDE_LARGE_BUDGET
    assert "expected guesses alone" in " ".join(suggestion.notes)


@pytest.mark.parametrize("secret", ["binky", "winky", "zinky"])
def test_words_the_game_added_later_are_kept_finishable_too(default_solver, secret):
    """A word off the prior (Wordle's later words: no candidate while a word of the prior fits) is found within
    the rows: with one candidate left the policy does not play it when that would strand the later words."""
    game = play(default_solver, secret, rows=None)
    assert game.guesses[-1] == secret and len(game.guesses) <= 6, game.guesses
    clues = ["salet:bbbbb", "cornu:bbbyb", "kindy:yggbg", "pinky:bgggg"]
    state = default_solver.state_for(clues)
    assert state.candidates == ["hinky", "zinky"] or state.n <= 2
    assert set(also_accepted(default_solver.lexicon, state.clues, state.candidate_set)) >= {"binky", "winky"}
    assert default_solver.choose(state) not in state.candidate_set  # it would strand two words


def test_a_state_with_no_plan_is_ranked_by_expected_guesses_and_says_so(wordle_engine):
    """With one row left and several words, no guess can finish them all: E(g) alone, with a note."""
    solver = Solver(wordle_engine, DEFAULT_STRATEGY, options=Options(rows=3), prior=DEFAULT_PRIOR)
    suggestion = solver.suggest(["salet:bbbbb", "crony:bbbbb"], top=5)
    assert expected.NO_PLAN in suggestion.notes
    scores = [r.score for r in suggestion.ranked]
    assert scores == sorted(scores)


def test_plans_given_a_states_codes_of_every_guess_answer_as_they_would_alone(wordle_engine, default_solver):
    """The guard's plans reading the codes a state kept (``State.every_code``, words off the prior after them)
    have the same codes and find the same plan as plans that score every guess themselves."""
    state = default_solver.state_for(["crane:bbybb"])
    every = state.every_code
    assert every is not None and every.shape == (len(wordle_engine.lexicon.guesses), state.n)
    extra = also_accepted(wordle_engine.lexicon, state.clues, state.candidate_set)
    words = list(state.candidates) + extra
    cols = np.concatenate([state.columns, wordle_engine.columns(extra)]) if extra else state.columns
    alone = Plans(wordle_engine, None, words, cols, 6)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(guard, "NUMPY_BLOCK_CELLS", 50_000)  # the kept codes copied in blocks of guesses
        shared = Plans(wordle_engine, None, words, cols, 6, every=every)
    assert np.array_equal(alone.codes, shared.codes)
    assert alone.plan_guess(None, 5) == shared.plan_guess(None, 5) is not None


def test_widened_plans_share_the_codes_and_answer_as_new_plans_would(wordle_engine, default_solver):
    """The wide search's plans read the first plans' codes (the same array, not a copy) and, with a memo and a
    budget of their own, find what plans built afresh with those settings find."""
    state = default_solver.state_for(["crane:bbybb"])
    words, cols = list(state.candidates), state.columns
    first = Plans(wordle_engine, None, words, cols, 6, top=2)
    first.plan_guess(None, 4)
    assert first.memo and first.looks
    wide = first.widened(30, 10**9)
    fresh = Plans(wordle_engine, None, words, cols, 6, top=30, budget=10**9)
    assert wide.codes is first.codes and wide.memo is not first.memo and wide.looks == 0
    assert wide.plan_guess(None, 4) == fresh.plan_guess(None, 4)
    assert wide.budget == fresh.budget and wide.looks == fresh.looks
