"""Strategies: the known Wordle openers, seed 004's worked examples, ties, look-ahead, hard-mode legality."""

from __future__ import annotations

import math
import random
from collections import Counter

import numpy as np
import pytest

from chute.errors import ChuteError
from chute.game.engine import Engine
from chute.game.feedback import parse_clue, score
from chute.game.pattern_codes import letters_array
from chute.game.rules import violation
from chute.game.words import load_lexicon
from chute.playing.session import play
from chute.playing.solver import Solver
from chute.strategies import Options, State, get_strategy, strategy_names
from chute.strategies.heuristic import retention_table
from chute.strategies.lookahead import LookAhead

SEED4 = ["bills", "billy", "skill", "wills", "willy"]
ALL = [
    "entropy",
    "expected-size",
    "minimax",
    "most-parts",
    "letter-frequency",
    "positional-entropy",
    "elimination",
    "first",
    "random",
    "expected-guesses",
]


@pytest.fixture(scope="module")
def wordle():
    """Return the bundled wordle engine."""
    return Engine.build(load_lexicon("wordle"))


@pytest.fixture(scope="module")
def opening(wordle):
    """Return the opening state: uniform over the 2,315 answers, every guess chute suggests allowed."""
    return State(wordle, list(wordle.lexicon.answers), allowed=wordle.lexicon.suggested_rows)


def opening_of(engine: Engine) -> State:
    """Return the opening state of an engine's lists: every answer possible, every guess allowed."""
    return State(engine, list(engine.lexicon.answers))


def test_registry_has_every_strategy():
    """All ten strategies are registered; an unknown name is a user error naming the choices."""
    assert sorted(ALL) == list(strategy_names())
    with pytest.raises(ChuteError, match="unknown strategy 'nope'.*entropy"):
        get_strategy("nope")


def test_entropy_opens_with_soare(wordle, opening):
    """Entropy over the bundled lists opens with SOARE at 5.886 bits."""
    best = get_strategy("entropy").rank(opening, Options(), 3)
    assert best[0].guess == "soare" and round(best[0].score, 3) == 5.886
    assert [r.guess for r in best[1:]] == ["roate", "raise"]


def test_expected_size_opens_with_roate(opening):
    """Expected size opens with ROATE, leaving 60.42 candidates on average."""
    best = get_strategy("expected-size").rank(opening, Options(), 1)[0]
    assert best.guess == "roate" and round(best.score, 2) == 60.42 and best.expected == pytest.approx(best.score)


def test_minimax_opens_with_arise_by_the_tie_break(opening):
    """Five guesses leave at most 168; candidates first, then alphabetical, picks ARISE."""
    best = get_strategy("minimax").rank(opening, Options(), 5)
    assert {r.guess for r in best} == {"aesir", "arise", "raise", "reais", "serai"}
    assert all(r.worst == 168 for r in best)
    assert [r.guess for r in best] == ["arise", "raise", "aesir", "reais", "serai"]
    plain = get_strategy("minimax").rank(opening, Options(prefer_candidates=False), 5)
    assert [r.guess for r in plain] == ["aesir", "arise", "raise", "reais", "serai"]


def test_most_parts_opens_with_trace(opening):
    """Most parts opens with TRACE (150 patterns)."""
    best = get_strategy("most-parts").rank(opening, Options(), 1)[0]
    assert best.guess == "trace" and best.parts == 150


def test_expected_size_is_seed_000_guess_quality(small_engine):
    """N minus the expected size is the notebook's average number of words eliminated."""
    words = ["cba", "bbc", "cac", "bca", "cab"]
    state = opening_of(small_engine(words))
    ranked = {r.guess: r for r in get_strategy("expected-size").rank(state, Options(), 5)}
    for guess in words:
        eliminated = sum(score(guess, w) != score(guess, s) for s in words for w in words) / len(words)
        assert len(words) - ranked[guess].score == pytest.approx(eliminated)


def test_elimination_matches_seed_004_skill(small_engine):
    """SKILL keeps 9/25 x (17/25)^3 x 1 = 11% of BILLS/BILLY/SKILL/WILLS/WILLY: 89% eliminated."""
    cands = letters_array(SEED4, 5)
    table = retention_table(cands, np.full(5, 0.2))
    skill = [table[p, ord(c) - 97] for p, c in enumerate("skill")]
    assert skill == pytest.approx([9 / 25, 17 / 25, 17 / 25, 1.0, 17 / 25])
    state = opening_of(small_engine(SEED4))
    ranked = {r.guess: r for r in get_strategy("elimination").rank(state, Options(), 5)}
    assert 1 - ranked["skill"].score == pytest.approx(9 * 17**3 / 25**4)
    assert round(ranked["skill"].score, 2) == 0.89


def test_positional_entropy_matches_seed_004_billy(small_engine):
    """BILLY scores the README's six terms: five positions plus sqrt(5) x the multiset term."""

    def h(p):
        return -p * math.log(p) if p else 0.0

    state = opening_of(small_engine(SEED4))
    ranked = {r.guess: r for r in get_strategy("positional-entropy").rank(state, Options(), 5)}
    billy = h(2 / 5) + h(4 / 5) + h(4 / 5) + 0 + h(2 / 5) + math.sqrt(5) * h(1 / 5)
    assert ranked["billy"].score == pytest.approx(billy)
    # the position-4 L is shared by every word, so it adds nothing
    skill = h(1 / 5) + h(1 / 5) + h(1 / 5) + 0 + h(1 / 5) + math.sqrt(5) * h(1 / 5)
    assert ranked["skill"].score == pytest.approx(skill)


def test_letter_frequency_prefers_the_most_frequent_distinct_letters(small_engine):
    """The best guess covers the candidates' most frequent letters; repeats count once."""
    words = ["aaaaz", "abcde", "abxyz", "acxyw", "bcdea"]
    state = opening_of(small_engine(words))
    freq = Counter("".join(words))
    best = get_strategy("letter-frequency").rank(state, Options(), 1)[0]
    assert best.score == max(sum(freq[c] for c in set(w)) for w in words)
    assert best.guess in ("abcde", "bcdea")
    assert best.guess == "abcde"  # tie: candidates alike, so alphabetical


def test_first_and_random(opening):
    """FIRST guesses the first candidate; RANDOM a seeded candidate, the same for the same seed."""
    assert get_strategy("first").choose(opening) == "aback"
    r = get_strategy("random")
    picks = {r.choose(opening, Options(seed=s)) for s in range(6)}
    assert r.choose(opening, Options(seed=1)) == r.choose(opening, Options(seed=1))
    assert len(picks) > 1 and picks <= set(opening.candidates)


def test_candidates_only_guesses_possible_answers(opening):
    """With candidates_only every suggestion could be the answer."""
    for name in ("entropy", "minimax", "letter-frequency", "elimination"):
        ranked = get_strategy(name).rank(opening, Options(candidates_only=True), 5)
        assert all(r.candidate for r in ranked), name
    assert get_strategy("entropy").rank(opening, Options(candidates_only=True), 1)[0].guess == "raise"


def _brute_depth2(words, guess):
    """Return (entropy two deep, expected size two deep) of a first guess, by brute force."""
    bins: dict[str, list[str]] = {}
    for s in words:
        bins.setdefault(score(guess, s), []).append(s)
    n = len(words)
    h1 = -sum(len(b) / n * math.log2(len(b) / n) for b in bins.values())
    h2, e2 = 0.0, 0.0
    for b in bins.values():
        best_h, best_e = 0.0, float(len(b))
        if len(b) > 1:
            for g2 in words:
                sub = Counter(score(g2, s) for s in b)
                best_h = max(best_h, -sum(c / len(b) * math.log2(c / len(b)) for c in sub.values()))
                best_e = min(best_e, sum(c * c for c in sub.values()) / len(b))
        else:
            best_e = 1.0
        h2 += len(b) / n * best_h
        e2 += len(b) / n * best_e
    return h1 + h2, e2


def test_depth_two_agrees_with_brute_force(small_engine):
    """Depth 2 re-scores the best guesses by the best second guess per pattern, exactly."""
    rng = random.Random(5)
    words = rng.sample(load_lexicon("wordle").answers, 40)
    state = opening_of(small_engine(words))
    for name, pick in (("entropy", 0), ("expected-size", 1)):
        ranked = LookAhead(get_strategy(name)).rank(state, Options(depth=2, look_ahead=6), 6)
        assert len(ranked) == 6
        for r in ranked:
            assert r.score == pytest.approx(_brute_depth2(words, r.guess)[pick]), (name, r.guess)
        better = max if name == "entropy" else min
        assert ranked[0].score == pytest.approx(better(r.score for r in ranked))


def test_depth_two_choice_does_not_depend_on_how_many_are_shown(wordle):
    """The look-ahead chooses among its own width: top 2 and top 20 lead with the same guesses, in order.

    After SOARE all grey, a guess ranked beyond the one-step top 2 is better two
    deep (FITLY); showing 20 suggestions must not make it the choice.
    """
    solver = Solver(wordle, "entropy", Options(depth=2, look_ahead=2))
    clues = [parse_clue("soare:bbbbb")]
    few, many = solver.suggest(clues, top=2).ranked, solver.suggest(clues, top=20).ranked
    assert [r.guess for r in many[:2]] == [r.guess for r in few] and len(many) == 20
    assert few[0].score >= few[1].score
    assert solver.choose(solver.state_for(clues)) == few[0].guess == "clipt"


def test_depth_two_refused_for_other_strategies(small_engine, opening):
    """Only entropy and expected-size look ahead; depth is a wrapper, so a plain strategy stays one deep."""
    with pytest.raises(ChuteError, match="depth 2 works with entropy and expected-size"):
        LookAhead(get_strategy("minimax"))
    state = opening_of(small_engine(SEED4 + ["pills", "mills"]))
    assert get_strategy("entropy").rank(state, Options(depth=2), 3) == get_strategy("entropy").rank(state, Options(), 3)


@pytest.mark.parametrize("rule", ["hard", "strict"])
def test_every_strategy_proposes_only_legal_guesses(wordle, rule):
    """In hard and strict mode each strategy's every guess is legal after the clues so far."""
    rng = random.Random(11)
    secrets = rng.sample(wordle.lexicon.answers, 3)
    for name in ALL:
        solver = Solver(wordle, name, hard=rule)
        for secret in secrets:
            game = play(solver, secret, limit=12)
            for i, clue in enumerate(game.clues):
                assert violation(clue.guess, game.clues[:i], rule) is None, (name, secret, clue)
            assert game.clues[-1].solved


def test_weighted_prior_shifts_the_choice(small_engine):
    """With weights, the likelier candidate of two equal partitions is ranked first."""
    state = opening_of(small_engine(["aaaab", "aaaac"]))
    state.weights = np.array([1.0, 9.0])
    best = get_strategy("entropy").rank(state, Options(candidates_only=True), 2)
    assert best[0].score == pytest.approx(-(0.1 * math.log2(0.1) + 0.9 * math.log2(0.9)))


@pytest.mark.parametrize("weighted", [False, True])
def test_depth_two_kernel_agrees_with_numpy(small_engine, weighted):
    """The compiled depth-2 pass and the per-bin numpy pass give the same scores."""
    import chute.kernels  # noqa: F401  (make sure the kernel path is taken)
    from chute.strategies import lookahead

    rng = random.Random(8)
    words = rng.sample(load_lexicon("wordle").answers, 60)
    state = opening_of(small_engine(words))
    if weighted:
        state.weights = np.random.default_rng(1).random(len(words)) + 0.1
    for name in ("entropy", "expected-size"):
        fast = get_strategy(name).rank(state, Options(depth=2, look_ahead=5), 5)
        strategy = get_strategy(name)
        strategy.kernel_mode = None  # force the numpy path
        slow = strategy.rank(state, Options(depth=2, look_ahead=5), 5)
        assert [r.guess for r in fast] == [r.guess for r in slow]
        assert [r.score for r in fast] == pytest.approx([r.score for r in slow])
    assert lookahead is not None
