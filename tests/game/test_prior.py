"""The prior (--prior answers|frequency|uniform|FILE) and the expected-guesses strategy that plays under it."""

from __future__ import annotations

import math
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest

from chute.errors import LexiconError
from chute.game.engine import Engine
from chute.game.feedback import Clue, decode, score
from chute.game.prior import LISTED_SHARE, Z0, K, logistic, make_prior
from chute.game.rules import violation
from chute.game.words import load_lexicon, words_lexicon
from chute.playing.session import play
from chute.playing.solver import Solver
from chute.strategies import Options, State, get_strategy
from chute.strategies.expected import ExpectedGuesses, expected_guesses, second_guesses, still_needed
from chute.strategies.guard import Plans


@pytest.fixture(scope="module")
def wordle():
    return load_lexicon("wordle")


@pytest.fixture(scope="module")
def termo():
    return load_lexicon("termo")


def test_answers_prior_is_the_answer_list(wordle):
    prior = make_prior(wordle, "answers")
    assert prior.words == wordle.answers and prior.weights is None and not prior.widens


def test_uniform_prior_is_every_accepted_word_but_the_later_ones(wordle):
    prior = make_prior(wordle, "uniform")
    assert prior.words == tuple(w for w in wordle.guesses if w not in wordle.later)
    assert len(prior.words) == 12972 and prior.weights is None and prior.widens


def test_the_later_words_are_outside_the_frequency_prior_and_leave_it_as_it_was(wordle):
    """Wordle's 1,883 later words (ACHEY, ALLEN) hold no weight: every other word keeps the weight it had."""
    prior = make_prior(wordle, "frequency")
    assert len(prior.words) == 12972 and not set(prior.words) & wordle.later
    assert wordle.frequencies["allen"] > 4 and "allen" in wordle.later  # frequent, yet not weighed
    without = replace(wordle, guesses=prior.words, rare=frozenset(), later=frozenset())
    np.testing.assert_allclose(prior.probabilities(), make_prior(without, "frequency").probabilities(), rtol=1e-12)


def test_frequency_prior_boosts_a_curated_answer_list(wordle):
    prior = make_prior(wordle, "frequency")
    p = prior.probabilities()
    listed = np.array([w in wordle.answer_set for w in prior.words])
    assert wordle.curated
    assert p[listed].sum() == pytest.approx(LISTED_SHARE)
    assert len(set(np.round(p[listed], 15))) == 1  # the answers are equally likely among themselves
    # beyond the list (plurals such as YEARS are never answers), the more frequent word is the likelier
    index = {w: i for i, w in enumerate(prior.words)}
    assert "years" not in wordle.answer_set and wordle.frequencies["aahed"] == 0
    assert p[index["aahed"]] < p[index["years"]] < p[listed][0]


def test_frequency_prior_of_a_frequency_cut_is_the_logistic_alone(termo):
    prior = make_prior(termo, "frequency")
    assert not termo.curated
    expected = logistic(np.array([termo.frequencies.get(w, 0.0) for w in termo.guesses]))
    np.testing.assert_allclose(prior.weights, expected)
    assert logistic(np.array([Z0]))[0] == pytest.approx(0.5)
    assert logistic(np.array([Z0 + 1]))[0] == pytest.approx(1 / (1 + math.exp(-K)))


def test_a_custom_list_whose_other_words_are_all_later_ones_is_not_boosted(tmp_path):
    """Answers CIGAR, guesses CIGAR and a later word: the prior holds the answer alone, at its own weight (was 0/0)."""
    answers, guesses = tmp_path / "a.txt", tmp_path / "g.tsv"
    answers.write_text("cigar\n", encoding="utf-8")
    guesses.write_text("cigar\t3.1\nlater\t5.5\tlater\n", encoding="utf-8")
    lexicon = load_lexicon("wordle", answers=answers, guesses=guesses)
    prior = make_prior(lexicon, "frequency")
    assert prior.words == ("cigar",) and not prior.boosted
    np.testing.assert_allclose(prior.probabilities(), [1.0])


def test_prior_file_reads_words_and_weights(tmp_path, wordle):
    path = tmp_path / "weights.txt"
    path.write_text("cigar\t3\nREBUT 1\n# a comment\nsissy\n", encoding="utf-8")
    prior = make_prior(wordle, str(path))
    assert prior.words == ("cigar", "rebut", "sissy")  # the lexicon's (alphabetical) order
    np.testing.assert_allclose(prior.probabilities(), [3 / 5, 1 / 5, 1 / 5])


@pytest.mark.parametrize(
    "text, message",
    [
        ("cigar\t0\n", "must be a positive number"),
        ("cigar\t-2\n", "must be a positive number"),
        ("cigar\tnan\n", "must be a positive number, not nan"),
        ("cigar heavy\n", "must be a positive number, not heavy"),
        ("zzzzz\n", "ZZZZZ is not an accepted guess"),
        ("\n", "no 5-letter words"),
    ],
)
def test_prior_file_refuses_bad_entries(tmp_path, wordle, text, message):
    path = tmp_path / "weights.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LexiconError, match=message):
        make_prior(wordle, str(path))


def test_unknown_prior_name_is_refused(wordle, tmp_path):
    with pytest.raises(LexiconError, match="not answers, frequency, uniform or a file"):
        make_prior(wordle, str(tmp_path / "nosuch"))


def test_expected_guesses_matches_its_formula_by_brute_force():
    rng = np.random.default_rng(7)
    n_patterns, solved = 9, 8
    codes = rng.integers(0, n_patterns, size=(12, 15))
    prior = rng.random(15)
    prior /= prior.sum()
    got = expected_guesses(codes, prior, n_patterns, solved)
    for row, value in zip(codes, got):
        total = 1.0
        for b in set(row.tolist()) - {solved}:
            q = prior[row == b]
            mass = q.sum()
            entropy = -sum((x / mass) * math.log2(x / mass) for x in q)
            total += mass * (1 + 0.5 * entropy**0.66)
        assert value == pytest.approx(total)
    assert still_needed(np.array([0.0]))[0] == 1.0


def _one_guess_estimate(weights: np.ndarray) -> float:
    """f(H) of a set of words with these weights: the one-guess estimate when no guess can be tried."""
    q = weights / weights.sum()
    return 1 + 0.5 * float(-(q * np.log2(q)).sum()) ** 0.66


@pytest.mark.parametrize("path", ["radix", "wide keys", "compiled"])
@pytest.mark.parametrize("rule", [None, "hard", "strict"])
def test_two_deep_scores_equal_a_brute_force_under_each_rule(wordle, rule, path, monkeypatch):
    # E2(g) = 1 + sum over unsolved patterns of P(b) x min over the guesses legal after (g, b) of E_b(g')
    # families (?ATCH, ?IGHT, ?OUND, ?ILLS) whose best splitters are outside them, so the rule matters
    # each way of summing: 16-bit keys sorted by radix, 64-bit keys (longer words), the compiled kernel
    import chute.strategies.expected as expected

    monkeypatch.setattr(expected, "RADIX_KEYS", 0 if path == "wide keys" else expected.RADIX_KEYS)
    monkeypatch.setattr(expected, "KERNEL_CELLS", 0 if path == "compiled" else 1 << 62)
    rng = np.random.default_rng(11)
    family = [w for w in wordle.answers if w.endswith(("atch", "ight", "ound", "ill"))]
    others = rng.choice([w for w in wordle.answers if w not in family], 250, replace=False).tolist()
    words = sorted(family + others)
    engine = Engine.build(words_lexicon(words), cache=False)
    candidates = family + others[:10]
    prior = rng.random(len(candidates)) + 0.5
    prior /= prior.sum()
    state = State(engine, candidates, prior, None, [], rule)
    rows = np.arange(len(words))
    codes = state.codes(rows)
    checked = 0
    for i in rng.choice(len(words), 16, replace=False).tolist():
        total = 1.0
        for code in sorted(set(codes[i].tolist()) - {engine.solved}):
            members = np.flatnonzero(codes[i] == code)
            mass = prior[members].sum()
            if len(members) == 1:
                total += mass
                continue
            if len(members) == 2:
                total += mass + prior[members].min()
                continue
            clue = Clue(words[i], decode(code, 5))
            legal = [g for g in rows.tolist() if violation(words[g], [clue], rule) is None]
            values = [
                1
                + sum(
                    prior[members][codes[g, members] == b].sum()
                    / mass
                    * _one_guess_estimate(prior[members][codes[g, members] == b])
                    for b in set(codes[g, members].tolist()) - {engine.solved}
                )
                for g in legal
            ]
            total += mass * (min(values) if values else _one_guess_estimate(prior[members]))
            checked += len(members) >= 3
        assert second_guesses(state, rows, codes, i, prior) == pytest.approx(total, rel=1e-9)
    assert checked, "some pattern holds three words or more"


def test_a_likely_candidate_beats_an_informative_word_that_cannot_win():
    # two words left, one nearly certain: guess it (entropy would be indifferent between them)
    lexicon = words_lexicon(["batch", "catch", "zzzzy"])
    engine = Engine.build(lexicon, cache=False)
    state = State(engine, ["batch", "catch"], np.array([0.9, 0.1]))
    ranked = ExpectedGuesses().rank(state, Options(), top=3)
    assert ranked[0].guess == "batch" and ranked[0].score == pytest.approx(1.1)


def test_guard_puts_safe_guesses_first_when_rows_run_out():
    # HATCH-family trap: with one row left after this guess, only a guess leaving single words is safe
    words = ["hatch", "match", "patch", "latch", "champ", "thump", "lymph"]
    lexicon = words_lexicon(words)
    engine = Engine.build(lexicon, cache=False)
    cands = ["hatch", "match", "patch"]
    state = State(engine, cands, None, clues=[])
    opts = Options(rows=2)  # two rows left: this guess and one more
    ranked = ExpectedGuesses().rank(state, opts, top=len(words))

    def safe(word):
        row = lexicon.guess_index[word]
        return Plans(engine, None, cands, state.columns, 2).keeps_all(
            row, engine.codes(np.array([row]), cands)[0], np.arange(len(words)), 1
        )

    safe_words = [r.guess for r in ranked if safe(r.guess)]
    assert safe_words, "some word tells HATCH, MATCH and PATCH apart"
    assert ranked[0].guess in safe_words
    assert not safe("latch")  # LATCH cannot tell them apart


def test_frequency_prior_finds_an_answer_beyond_the_list(wordle):
    solver = Solver(Engine.build(wordle), "expected-guesses", prior="frequency")
    assert solver.initial_state().n == len(wordle.guesses) - len(wordle.later)  # the later words: outside the prior
    secret = "years"
    assert secret not in wordle.answer_set
    game = play(solver, secret)
    assert game.won and game.guesses[-1] == secret
    assert not game.fallback  # never "ran out" of candidates: the prior covers it


def test_prior_file_limits_the_candidates(tmp_path, wordle):
    path = tmp_path / "few.txt"
    path.write_text("cigar\nrebut\nsissy\nhumph\n", encoding="utf-8")
    solver = Solver(Engine.build(wordle), "expected-guesses", prior=str(path))
    assert solver.initial_state().candidates == ["cigar", "humph", "rebut", "sissy"]
    for secret in ("cigar", "rebut", "sissy", "humph"):
        game = play(solver, secret)
        assert game.won and len(game.guesses) <= 3


def test_strategy_is_registered():
    assert get_strategy("expected-guesses").name == "expected-guesses"


def run(*args):
    return subprocess.run([sys.executable, "-m", "chute", *args], capture_output=True, text=True, timeout=300)


def test_cli_prior_bad_name_is_one_line_status_2():
    result = run("suggest", "--prior", "nosuch", "crane:bbbbb")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "not answers, frequency, uniform or a file" in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_suggest_under_the_frequency_prior():
    clues = [f"{g}:{score(g, 'years')}" for g in ("salet", "corny")]
    result = run("suggest", "--prior", "frequency", "-s", "expected-guesses", "--json", *clues)
    assert result.returncode == 0, result.stderr
    import json

    data = json.loads(result.stdout)
    assert data["strategy"] == "expected-guesses" and "years" in data["folded"]
    assert all(f"{g}:{score(g, c)}" == clue for c in data["folded"] for g, clue in zip(("salet", "corny"), clues))


def test_where_the_policy_plans_its_best_guesses_are_scored_two_deep():
    # the score shown is E2 where the policy plans (Wordle's hard mode), E(g) where it does not (normal mode)
    lexicon = load_lexicon("wordle")
    engine = Engine.build(lexicon)
    for hard, deep in ((None, False), ("hard", True)):
        solver = Solver(engine, "expected-guesses", prior="frequency", hard=hard)
        state = solver.state_for(["salet:bybbb"])
        assert state.plans is deep
        best = solver.strategy.rank(state, solver.options, 3)[0]
        rows = ExpectedGuesses._shortlist(state, state.guess_rows(solver.options))
        codes = state.codes(rows)
        i = int(np.flatnonzero(rows == lexicon.guess_index[best.guess])[0])
        one = expected_guesses(codes[i : i + 1], state.prior(), engine.n_patterns, engine.solved)[0]
        two = second_guesses(state, rows, codes, i, state.prior())
        assert best.score == pytest.approx(two if deep else one, rel=1e-9)
        assert abs(two - one) > 1e-3


@pytest.mark.parametrize("compiled", [False, True])
def test_two_deep_scores_stay_finite_when_some_words_weigh_nothing(compiled, monkeypatch):
    # a state whose prior gives some words no weight (a word-weight file may hold them at 0 in a notebook)
    import chute.strategies.expected as expected

    monkeypatch.setattr(expected, "KERNEL_CELLS", 0 if compiled else 1 << 62)
    words = ["hatch", "match", "patch", "latch", "catch", "batch", "champ", "thump", "lymph", "mount"]
    engine = Engine.build(words_lexicon(words), cache=False)
    candidates = words[:6]
    weights = np.array([0.0, 0.0, 0.0, 0.5, 0.3, 0.2])
    state = State(engine, candidates, weights, None, [], "hard")
    rows = np.arange(len(words))
    codes = state.codes(rows)
    values = [second_guesses(state, rows, codes, i, state.prior()) for i in range(len(words))]
    assert all(math.isfinite(v) and v >= 1.0 for v in values)


def test_two_deep_sums_agree_on_every_path_at_six_letters(monkeypatch):
    # six letters: 729 patterns, 16-bit codes; the sorted keys, the 64-bit keys and the kernel give one value
    import chute.strategies.expected as expected

    rng = np.random.default_rng(4)
    words = sorted({"".join(rng.choice(list("aeiorstnl"), 6)) for _ in range(700)})
    engine = Engine.build(words_lexicon(words), cache=False)
    assert engine.matrix.dtype == np.uint16
    candidates = words[::2]
    weights = rng.random(len(candidates)) + 0.1
    state = State(engine, candidates, weights, None, [], None)
    rows = np.arange(len(words))
    codes = state.codes(rows)
    values = {}
    for path, radix, cells in (("radix", 1 << 16, 1 << 62), ("wide", 0, 1 << 62), ("compiled", 1 << 16, 0)):
        monkeypatch.setattr(expected, "RADIX_KEYS", radix)
        monkeypatch.setattr(expected, "KERNEL_CELLS", cells)
        values[path] = [second_guesses(state, rows, codes, i, state.prior()) for i in range(0, len(words), 37)]
    assert values["wide"] == pytest.approx(values["radix"], rel=1e-12)
    assert values["compiled"] == pytest.approx(values["radix"], rel=1e-12)
    assert all(v > 1.0 for v in values["radix"])
