"""The row-limit guard: its answers against a brute-force search, and hard-mode games it saves."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest

from chute import Engine, Solver, load_lexicon
from chute.game.feedback import Clue, score
from chute.game.rules import violation
from chute.game.words import Lexicon
from chute.playing.session import play
from chute.strategies.guard import Plans, allowed_after
from chute.strategies.known_openers import best_known


@pytest.fixture(scope="module")
def wordle():
    return load_lexicon("wordle")


def worst_case(lexicon: Lexicon, rule: str | None):
    """Return f(words, allowed, rows): whether some plan finds every word within ``rows`` guesses (brute force)."""

    @cache
    def can(words: tuple[str, ...], allowed: tuple[str, ...], rows: int) -> bool:
        if len(words) <= 1:
            return rows >= len(words)
        if rows <= 1:
            return False
        for g in sorted(set(allowed) | set(words)):
            bins: dict[str, list[str]] = {}
            for w in words:
                bins.setdefault(score(g, w), []).append(w)
            ok = True
            for pattern, group in bins.items():
                if pattern == "g" * lexicon.length:
                    continue
                after = (
                    allowed
                    if rule is None
                    else tuple(a for a in allowed if violation(a, [Clue(g, pattern)], rule) is None)
                )
                if not can(tuple(group), after, rows - 1):
                    ok = False
                    break
            if ok:
                return True
        return False

    return can


def trap_lists(wordle: Lexicon, rnd: random.Random, rule: str | None):
    """Return the ?ATCH/?OUND/?IGHT answers, 60 more guesses, their lexicon, engine, brute force and guess rows."""
    trap = [w for w in wordle.answers if w.endswith("atch") or w.endswith("ound") or w.endswith("ight")]
    guesses = sorted(set(trap) | set(rnd.sample(wordle.guesses, 60)))
    lexicon = Lexicon("trap", 5, tuple(trap), tuple(guesses))
    engine = Engine.build(lexicon, cache=False)
    return trap, guesses, lexicon, engine, worst_case(lexicon, rule), np.arange(len(guesses))


@pytest.mark.parametrize("secret", ["foyer", "watch", "willy", "vaunt", "joker", "taunt", "waste"])
def test_hard_mode_games_the_greedy_policy_lost_are_won(wordle, secret):
    """Under the default policy in Wordle's hard mode these answers (lost without the guard) take at most 6 rows."""
    solver = Solver(Engine.build(wordle), "expected-guesses", hard="hard", prior="frequency")
    game = play(solver, secret, rows=None)
    assert game.guesses[-1] == secret and len(game.guesses) <= 6, game.guesses


@pytest.mark.parametrize("secret", ["canas", "jales", "xinga"])
def test_termo_words_off_the_answer_list_are_won_in_normal_mode(secret):
    """Suggested Termo words off chute's answer list that the three-row guard lost (7 rows) take at most 6."""
    solver = Solver(Engine.build(load_lexicon("termo")), "expected-guesses", prior="frequency")
    game = play(solver, secret, rows=None)
    assert game.guesses[-1] == secret and len(game.guesses) <= 6, game.guesses


@pytest.mark.parametrize("secret", ["comas", "focas", "natas", "mossa"])
def test_strict_termo_covers_every_suggested_word_first(secret):
    """Suggested Termo words off the answer list, lost in strict mode when only the answer list came first, are won."""
    solver = Solver(Engine.build(load_lexicon("termo")), "expected-guesses", hard="strict", prior="frequency")
    game = play(solver, secret, rows=None)
    assert game.guesses[-1] == secret and len(game.guesses) <= 6, game.guesses


@pytest.mark.parametrize("rule", [None, "hard", "strict"])
def test_plans_never_claim_a_plan_that_does_not_exist(wordle, rule):
    """The compiled plans: a "yes" is a real plan, exact with two rows or fewer; lost mass counts the rest."""
    rnd = random.Random(5)
    trap, guesses, lexicon, engine, brute, allowed = trap_lists(wordle, rnd, rule)
    plans = Plans(engine, rule, list(trap), engine.columns(trap), 6)
    answers_of = {rows: 0 for rows in (1, 2, 3, 4)}
    for rows in answers_of:
        for _ in range(12):
            pick = np.array(sorted(rnd.sample(range(len(trap)), rnd.randint(2, 8))))
            verdict = plans.finishable(pick, allowed, rows)
            truth = brute(tuple(trap[i] for i in pick), tuple(guesses), rows)
            if verdict:
                assert truth, (pick, rows)
            if rows <= 2:
                assert verdict == truth, (pick, rows)
            answers_of[rows] += verdict
    assert answers_of[1] == 0 and answers_of[4] > 0  # both answers met
    # lost mass: the words of each pattern no plan finishes (listed words covered first)
    mass = np.full(len(trap), 1.0 / len(trap))
    listed = np.zeros(len(trap), dtype=bool)
    g = lexicon.guess_index["catch"]
    codes = np.asarray(engine.matrix[g])
    lost = plans.lost_mass(g, codes, mass, listed, allowed, 2)
    expected = 0.0
    for code in np.unique(codes).tolist():
        group = [trap[i] for i in np.flatnonzero(codes == code)]
        if code != engine.solved and not brute(
            tuple(group),
            tuple(
                a
                for a in guesses
                if rule is None or violation(a, [Clue("catch", score("catch", group[0]))], rule) is None
            ),
            2,
        ):
            expected += len(group) / len(trap)
    assert expected > 0 and lost == pytest.approx(expected)


@pytest.fixture(scope="module")
def termo():
    return load_lexicon("termo")


def test_hard_modes_open_with_the_best_proven_tree(wordle, termo):
    """The default policy opens where a plan covers the answer list (hard modes), or every word of Wordle's 2022
    lists (normal mode, where every guess keeps each word finishable); the user's opener wins."""
    assert Solver(Engine.build(termo), "expected-guesses", hard="strict", prior="frequency").opener == "torce"
    assert best_known(termo, "strict", 6) == ("torce", 8775)  # the optimum, and the policy's plan
    wordle_hard = Solver(Engine.build(wordle), "expected-guesses", hard="hard", prior="frequency")
    assert wordle_hard.opener == "salet" and wordle_hard.planned
    termo_normal = Solver(Engine.build(termo), "expected-guesses", prior="frequency")  # chute's own frequency cut
    assert termo_normal.opener == "toras" and termo_normal.plans
    wordle_normal = Solver(Engine.build(wordle), "expected-guesses", prior="frequency")  # the game's list, boosted:
    assert wordle_normal.opener == "trace" and wordle_normal.planned and not wordle_normal.plans  # no loss charge,
    assert wordle_normal.safe and wordle_normal.plan_total is None  # the safe tree's opener (safe_tree.py)
    assert Solver(Engine.build(wordle), "expected-guesses", prior="answers").opener == "salet"  # the list alone
    assert not Solver(Engine.build(wordle), "expected-guesses", prior="uniform").plans  # every word: too many
    assert Solver(Engine.build(wordle), "entropy", hard="hard").opener is None  # no plans
    mine = Solver(Engine.build(wordle), "expected-guesses", hard="hard", prior="frequency", opener="crane")
    assert mine.opener == "crane" and not mine.planned
    wordle_hard.avoid("salet")  # the game refused it: ranked among the others
    assert wordle_hard.opener is None and wordle_hard.rank(wordle_hard.initial_state(), 3).ranked[0].guess != "salet"


def test_strict_termo_families_of_alike_words_are_won(termo):
    """Strict Termo's ?ARRA and ?ORRO answers (PARRA was lost by the greedy guard) take at most 6 rows."""
    solver = Solver(Engine.build(termo), "expected-guesses", hard="strict", prior="frequency")
    family = [w for w in termo.answer_list if w.endswith("arra") or w.endswith("orro")]
    assert len(family) >= 8
    for secret in family:
        game = play(solver, secret, rows=None)
        assert game.guesses[-1] == secret and len(game.guesses) <= 6, game.guesses


def sets_after_a_clue(
    plans, rule: str | None, suggested: np.ndarray, rnd: random.Random, count: int, low: int, high: int
) -> list[tuple[np.ndarray, np.ndarray | None, int, int]]:
    """Return ``count`` (pick, allowed, clue row, code): ``low``-``high`` of the plans' words that show one pattern
    (not solved) to a random suggested guess, and the guesses the rule allows after it (None in normal mode)."""
    engine, words = plans.engine, plans.words
    cases = []
    while len(cases) < count:
        clue_row = int(rnd.choice(suggested))
        codes = plans.row_codes(np.array([clue_row]))[0]
        code = int(codes[rnd.randrange(len(words))])
        pool = np.flatnonzero(codes == code)
        if code == engine.solved or len(pool) < low:
            continue
        allowed = None if rule is None else allowed_after(engine, rule, suggested, clue_row, code)
        pick = np.array(sorted(rnd.sample(pool.tolist(), min(len(pool), rnd.randint(low, high)))))
        cases.append((pick, allowed, clue_row, code))
    return cases


def compiled_plans(engine, rule: str, words: list[str]):
    """Return f(pick, allowed, rows): the compiled tree search asked whether a tree exists (Plans' settings)."""
    from chute.search.tree_search import INF, TreeSearch
    from chute.strategies.guard import PLAN_FULL_ROWS, PLAN_TOP

    codes = np.ascontiguousarray(engine.codes(None, words, engine.columns(words)))
    search = TreeSearch(
        Engine(engine.lexicon.widened(tuple(words)), codes), rows=6, rule=rule, top=PLAN_TOP, full_rows=PLAN_FULL_ROWS
    )

    def exists(pick: np.ndarray, allowed: np.ndarray, rows: int) -> bool:
        if len(pick) <= rows:
            return True
        if rows <= 1:
            return False
        allowed = np.union1d(allowed.astype(np.int32), search.ans_rows[pick]).astype(np.int32)
        return search.solve(pick.astype(np.int32), rows, allowed, INF, search._akey(allowed)) < INF

    return exists


@pytest.mark.parametrize("rule", ["hard", "strict"])
def test_plans_answer_as_the_compiled_tree_search(termo, rule, monkeypatch):
    """Plans (numpy) and the tree search asked whether a tree exists agree, on sets of alike words after a clue.

    The sets are near the edge (9-20 words, three rows), where the guesses
    tried per node decide: with two per node instead of PLAN_TOP some answers
    change, so a different choice of guesses fails the test.
    """
    from chute.strategies import guard

    rnd = random.Random(11)
    engine = Engine.build(termo)
    families: dict[str, list[str]] = {}
    for w in termo.answers:
        for i in range(termo.length):
            families.setdefault(w[:i] + "?" + w[i + 1 :], []).append(w)
    alike = sorted({w for group in families.values() if len(group) >= 3 for w in group})
    words = sorted(rnd.sample(alike, 600))
    plans = Plans(engine, rule, words, engine.columns(words), 6)
    suggested = np.asarray(termo.suggested_rows)
    some = np.array(sorted(rnd.sample(range(len(termo.guesses)), 40)))  # rare words among them: scored on demand
    assert np.array_equal(plans.row_codes(some), engine.codes(some, words, engine.columns(words)))
    cases = [(pick, allowed, 3) for pick, allowed, _, _ in sets_after_a_clue(plans, rule, suggested, rnd, 150, 9, 20)]
    compiled = compiled_plans(engine, rule, words)
    verdicts = [plans.finishable(*case) for case in cases]
    assert verdicts == [compiled(*case) for case in cases]
    assert 0 < sum(verdicts) < len(cases)
    monkeypatch.setattr(guard, "PLAN_TOP", 2)
    narrow = Plans(engine, rule, words, engine.columns(words), 6)
    assert [narrow.finishable(*case) for case in cases] != verdicts


@pytest.mark.parametrize("game, rule", [("wordle", "hard"), ("termo", "strict"), ("termo", None)])
def test_compiled_plans_answer_and_spend_as_numpy(game, rule, monkeypatch):
    """The plans' figures and hard mode's allowed guesses, compiled once numba is loaded, are numpy's exactly:
    the same answers, the same rows left legal (in order), the same budget spent, and the same ranking after a
    first clue (strict Termo ARDUA: 1,708 sets looked at)."""
    from chute.playing.solver import DEFAULT_PRIOR, DEFAULT_STRATEGY
    from chute.strategies import guard

    rnd = random.Random(7)
    lexicon = load_lexicon(game)
    engine = Engine(lexicon, Engine.build(lexicon).matrix, None)  # nothing read from or kept on disk
    words = sorted(rnd.sample(list(lexicon.answer_list), 400))
    suggested = np.asarray(
        lexicon.suggested_rows if lexicon.suggested_rows is not None else np.arange(len(lexicon.guesses))
    )
    probe = Plans(engine, rule, words, engine.columns(words), 6)
    cases = [
        (pick, allowed, rnd.choice([2, 3, 4]), clue_row, code)
        for pick, allowed, clue_row, code in sets_after_a_clue(probe, rule, suggested, rnd, 60, 5, 25)
    ]

    def run(compiled: bool):
        monkeypatch.setattr(Plans, "_compiled", lambda self: compiled)
        monkeypatch.setattr(guard, "NUMPY_BLOCK_CELLS", 5_000)  # numpy's looks in several blocks of guesses
        plans = Plans(engine, rule, words, engine.columns(words), 6)
        answers = [plans.finishable(pick, allowed, rows) for pick, allowed, rows, _, _ in cases]
        legal = [plans.after(allowed, row, code) for _, allowed, _, row, code in cases if allowed is not None]
        return answers, legal, plans.budget

    numpy_answers, numpy_legal, numpy_budget = run(False)
    answers, legal, budget = run(True)
    assert answers == numpy_answers and 0 < sum(answers) < len(answers) and budget == numpy_budget
    assert all(a.dtype == b.dtype and np.array_equal(a, b) for a, b in zip(legal, numpy_legal))
    clue = {"hard": "klieg:bbbyb", "strict": "ardua:bybyb", None: "marim:bbbyb"}[rule]
    rankings = []
    for compiled in (False, True):
        monkeypatch.setattr(Plans, "_compiled", lambda self: compiled)
        solver = Solver(engine, DEFAULT_STRATEGY, hard=rule, prior=DEFAULT_PRIOR)
        state = solver.state_for([clue])
        rankings.append((solver.rank(state, 5).ranked, list(state.notes)))
    assert rankings[0] == rankings[1]


def test_plans_give_up_past_their_budget_and_say_so(termo, monkeypatch):
    """A state whose questions need more codes than PLAN_BUDGET is ranked by E(g) alone, with a note
    (a useless first guess, Termo CCCCC all grey, took two minutes before the budget)."""
    from chute.game.feedback import Clue
    from chute.strategies import expected, guard

    solver = Solver(Engine.build(termo), "expected-guesses", hard="strict", prior="frequency")
    clues = [Clue("torce", "bggbb"), Clue("morno", "bggbg")]
    planned = solver.suggest(clues, top=10)
    assert expected.PLANS_GAVE_UP not in planned.notes
    monkeypatch.setattr(guard, "PLAN_BUDGET", 1_000)
    gave_up = solver.suggest(clues, top=10)
    assert expected.PLANS_GAVE_UP in gave_up.notes
    scores = [r.score for r in gave_up.ranked]
    assert scores == sorted(scores)  # E(g) order, nothing charged
    plans = Plans(solver.engine, "strict", list(termo.answers[:200]), solver.engine.columns(termo.answers[:200]), 6)
    plans.budget = 10
    with pytest.raises(guard.OutOfBudget):
        plans.finishable(np.arange(50), None, 3)


def test_strict_plans_narrow_the_allowed_guesses_as_the_rule_does(termo):
    """Plans.after (each guess scored once against the widest set, then read) equals allowed_after, along a path
    of narrowing sets and for a set that is not inside the first one (then it asks the rule itself)."""
    rnd = random.Random(5)
    engine = Engine.build(termo)
    words = sorted(rnd.sample(list(termo.answers), 300))
    plans = Plans(engine, "strict", words, engine.columns(words), 6)
    suggested = np.asarray(termo.suggested_rows)
    checked = 0
    for _ in range(40):
        allowed = suggested
        for _ in range(3):
            guess = int(rnd.choice(allowed))
            code = int(plans.row_codes(np.array([guess]))[0][rnd.randrange(len(words))])
            mine, rule = plans.after(allowed, guess, code), allowed_after(engine, "strict", allowed, guess, code)
            assert np.array_equal(mine, rule)
            checked += 1
            if len(mine) < 2:
                break
            allowed = mine
    assert checked > 60 and len(plans.root_codes) > 30
    outside = np.arange(len(termo.guesses) - 50, len(termo.guesses))  # rare words: not in the first set
    assert np.array_equal(
        plans.after(outside, int(suggested[0]), 0), allowed_after(engine, "strict", outside, int(suggested[0]), 0)
    )
