"""Multi-board play: the joint choice, the exact endgame, simulation, seeded runs, row limits."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from chute.engine import Engine
from chute.errors import ChuteError
from chute.feedback import encode, score
from chute.games import GameSpec, game_spec
from chute.multiboard import (DEFAULT, MultiSolver, Policy, choose, rank, run_many, secret_tuples,
                              simulate)
from chute.words import Lexicon, load_lexicon, words_lexicon

WORDS = ("cigar rebut sissy humph awake blush focal evade naval serve heath dwarf model karma stink "
         "grade quiet bench abate feign major death fresh crust stool colon abase marry react batty "
         "pride floss helix croak staff paper unfed whelp trawl outdo adobe crazy sower repay digit").split()


@pytest.fixture(scope="module")
def engine() -> Engine:
    """Return an engine over a small hand-made lexicon (answers = guesses)."""
    return Engine.build(words_lexicon(WORDS))


@pytest.fixture(scope="module")
def wordle() -> Engine:
    """Return the engine of the bundled wordle lexicon."""
    return Engine.build(load_lexicon("wordle"))


def brute_bits(guess: str, candidates: list[str]) -> float:
    """Return the entropy of the guess's patterns over the candidates, by feedback.score."""
    counts = Counter(score(guess, c) for c in candidates)
    n = len(candidates)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def brute_expected(guess: str, candidates: list[str]) -> float:
    """Return the expected candidates left after the guess (a hit leaves none), by feedback.score."""
    counts = Counter(score(guess, c) for c in candidates)
    n = len(candidates)
    return sum(c * c for p, c in counts.items() if p != "ggggg") / n


# ----- the joint choice ------------------------------------------------------------------------------
def test_board_with_one_candidate_is_finished(engine):
    boards = [["model"], ["cigar", "rebut", "sissy", "humph", "awake", "blush"]]
    assert choose(engine, boards) == "model"
    assert rank(engine, boards)[0].reason == "finish"


def test_finishing_prefers_the_single_that_tells_the_others_most(engine):
    # both singles are sure hits; the tie is broken by the information on the third board
    others = ["cigar", "rebut", "sissy", "humph", "awake", "blush"]
    boards = [["model"], ["crust"], others]
    best = choose(engine, boards)
    assert best in ("model", "crust")
    other = "crust" if best == "model" else "model"
    assert brute_bits(best, others) >= brute_bits(other, others)


def test_without_finish_rule_a_single_is_not_forced(engine):
    solver = MultiSolver(engine, Policy(finish=False, exact=0))
    boards = [solver.board(["model"]), solver.board(WORDS[:20])]
    assert solver.rank(boards)[0].reason == "score"


def test_last_rows_must_hit(engine):
    boards = [["cigar", "rebut"], ["sissy", "humph", "awake"]]
    choice = rank(engine, boards, rows_left=2)[0]
    assert choice.reason == "last-rows"
    assert choice.guess in ("cigar", "rebut")       # the best chance of solving a board: 1/2


def test_joint_figures_agree_with_brute_force(engine):
    boards = [WORDS[:15], WORDS[10:30], WORDS[25:]]
    policy = Policy(exact=0)
    for c in rank(engine, boards, policy, top=5):
        bits = sum(brute_bits(c.guess, b) for b in boards)
        expected = sum(brute_expected(c.guess, b) for b in boards)
        p_hit = sum(1 / len(b) for b in boards if c.guess in b)
        assert c.bits == pytest.approx(bits)
        assert c.expected == pytest.approx(expected)
        assert c.p_hit == pytest.approx(p_hit)
        assert c.score == pytest.approx(bits + policy.hit_bonus * p_hit)


def test_best_joint_guess_maximises_summed_entropy_plus_hits(engine):
    boards = [WORDS[:15], WORDS[10:30], WORDS[25:]]
    policy = Policy(exact=0)
    best = rank(engine, boards, policy, top=1)[0]
    scores = {g: sum(brute_bits(g, b) for b in boards) + sum(1 / len(b) for b in boards if g in b)
              for g in engine.lexicon.guesses}
    top = max(scores.values())
    assert scores[best.guess] == pytest.approx(top)


def test_board_figures_match_brute_force_for_every_guess(engine):
    solver = MultiSolver(engine, Policy(exact=0))
    cands = WORDS[5:17]
    fig = solver.figures(solver.board(cands))
    for i, g in enumerate(engine.lexicon.guesses):
        assert fig[0, i] == pytest.approx(brute_bits(g, cands))
        singles = sum(1 for c in Counter(score(g, w) for w in cands).values() if c == 1)
        assert fig[2, i] == pytest.approx(singles / len(cands))


def test_choice_is_deterministic_and_policy_is_checked(engine):
    boards = [WORDS[:12], WORDS[12:24]]
    assert choose(engine, boards) == choose(engine, list(reversed(boards)))
    with pytest.raises(ChuteError):
        Policy(score="nonsense")


# ----- the exact endgame -----------------------------------------------------------------------------
def exact_values(engine, boards, rows_left=None):
    """Return {guess: expected rows} from the exact search over the boards."""
    solver = MultiSolver(engine, Policy(exact=50, exact_extra=0))
    return {engine.lexicon.guesses[r]: v
            for r, v in solver._exact_rank([solver.board(b) for b in boards], [], rows_left)}


def test_exact_two_candidates_take_one_and_a_half_rows(engine):
    values = exact_values(engine, [["cigar", "rebut"]])
    assert values == {"cigar": pytest.approx(1.5), "rebut": pytest.approx(1.5)}


def test_exact_values_match_hand_computation(engine):
    # board A = {x, y} and board B = {z}: z first (1 row) then A; A takes 1 row if z tells x from y
    x, y, z = "cigar", "rebut", "sissy"
    splits = score(z, x) != score(z, y)
    values = exact_values(engine, [[x, y], [z]])
    assert values[z] == pytest.approx(2.0 if splits else 2.5)
    # playing x first: half the time it hits A and z follows (2 rows), else y and z follow (3 rows)
    assert values[x] == pytest.approx(2.5)


def test_exact_search_prefers_safety_when_rows_are_short(engine):
    # one row left for two unsolved boards: any choice fails, but the values say so
    values = exact_values(engine, [["cigar", "rebut"], ["sissy"]], rows_left=1)
    assert min(values.values()) > 100


def test_exact_pruned_choice_equals_full_ranking(engine):
    solver = MultiSolver(engine, Policy(exact=50, exact_extra=3))
    boards = [solver.board(WORDS[:4]), solver.board(WORDS[4:9]), solver.board(WORDS[9:12])]
    full = solver._exact_rank(boards, [0, 1, 2], None)
    pruned = solver._exact_rank(boards, [0, 1, 2], None, prune=True)
    assert pruned[0][1] == pytest.approx(full[0][1])


# ----- simulation ---------------------------------------------------------------------------------------
def test_simulate_agrees_with_brute_force_scoring(engine):
    secrets = ("heath", "dwarf", "model", "crazy")
    game = simulate(engine, secrets, rows=20)
    assert game.won and len(set(game.guesses)) == len(game.guesses)
    candidates = [list(WORDS) for _ in secrets]
    for row, guess in enumerate(game.guesses, 1):
        for i, secret in enumerate(secrets):
            if game.solved_at[i] is not None and game.solved_at[i] < row:
                continue
            pattern = score(guess, secret)
            if pattern == "ggggg":
                assert game.solved_at[i] == row
            else:
                candidates[i] = [w for w in candidates[i] if score(guess, w) == pattern]
                assert secret in candidates[i]
    assert game.rows_used == max(game.solved_at)
    for i, secret in enumerate(secrets):
        assert game.guesses[game.solved_at[i] - 1] == secret


def test_simulate_narrows_like_the_solver(engine):
    solver = MultiSolver(engine)
    board = solver.board()
    board = solver.narrow(board, "cigar", encode(score("cigar", "crazy")))
    assert solver.words(board) == [w for w in engine.lexicon.answers if score("cigar", w) == score("cigar", "crazy")]


def test_row_limit_is_respected(wordle):
    secrets = ("jolly", "daddy", "fuzzy", "mummy", "boozy", "puppy", "vivid", "kayak")
    game = simulate(wordle, secrets, rows=9)
    assert game.rows_used <= 9
    assert not game.won and not all(game.solved)
    longer = simulate(wordle, secrets, rows=9, play_out=True)
    assert all(s is not None for s in longer.solved_at) and longer.rows_used > 9 and not longer.won


def test_secrets_must_be_distinct_and_fit(engine):
    with pytest.raises(ChuteError):
        simulate(engine, ("cigar", "cigar"), rows=7)
    with pytest.raises(ChuteError):
        simulate(engine, ("cigar", "toolong"), rows=7)


def test_secret_outside_the_answers_falls_back_to_accepted_words():
    base = words_lexicon(WORDS)
    lex = Lexicon("partial", 5, tuple(WORDS[:30]), base.guesses, base.spellings)
    engine = Engine.build(lex)
    game = simulate(engine, ("cigar", "outdo"), rows=12)     # outdo is accepted but not an answer
    assert game.won and "outdo" in game.guesses


# ----- many games ---------------------------------------------------------------------------------------
def test_secret_tuples_are_seeded_and_distinct():
    a = secret_tuples(WORDS, 4, 50, seed=3)
    assert a == secret_tuples(WORDS, 4, 50, seed=3)
    assert a != secret_tuples(WORDS, 4, 50, seed=4)
    assert all(len(set(t)) == 4 for t in a)
    with pytest.raises(ChuteError):
        secret_tuples(WORDS[:3], 4, 1, seed=0)


def test_run_many_is_deterministic_and_counts(engine):
    spec = GameSpec("tiny", "words", 3, 8)
    a = run_many(spec, 12, seed=5, engine=engine)
    b = run_many(spec, 12, seed=5, engine=engine)
    assert [r.guesses for r in a.results] == [r.guesses for r in b.results]
    assert a.games == 12 and sum(a.distribution.values()) == 12
    assert a.wins == sum(r.won for r in a.results)
    assert a.mean_rows == pytest.approx(sum(r.rows_used for r in a.results) / 12)
    assert a.worst[0].rows_used == max(r.rows_used for r in a.results)
    d = a.to_dict()
    assert d["games"] == 12 and d["failures"] == 12 - a.wins


def test_run_many_with_a_pool_gives_the_same_games(engine):
    spec = GameSpec("tiny", "words", 2, 7)
    one = run_many(spec, 10, seed=2, engine=engine, jobs=1)
    two = run_many(spec, 10, seed=2, engine=engine, jobs=2)
    assert [r.to_dict() for r in one.results] == [r.to_dict() for r in two.results]


def test_quordle_games_are_solved_within_nine_rows(wordle):
    summary = run_many(game_spec("quordle"), 15, seed=0, engine=wordle)
    assert summary.wins == 15 and summary.max_rows <= 9
    seen = []
    done = []
    run_many(game_spec("dordle"), 4, seed=0, engine=wordle, progress=lambda d, t: done.append((d, t)))
    assert done[-1] == (4, 4)
    del seen


def test_default_policy_label():
    assert DEFAULT.label().startswith("entropy")
