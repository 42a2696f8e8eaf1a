"""The weighted search (a prior over the answers) against a plain recursion, and the review under a prior."""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import pytest

from chute.game.engine import Engine
from chute.game.feedback import score
from chute.game.prior import Prior
from chute.game.words import words_lexicon
from chute.reviewing.verdict import review
from chute.search.tree_search import TreeSearch
from chute.search.weighted_search import WeightedSearch

WORDS = (
    "cigar rebut sissy humph awake blush focal evade naval serve heath dwarf model karma stink "
    "grade quiet bench abate feign major death fresh crust stool colon abase marry react batty"
).split()


@pytest.fixture(scope="module")
def engine() -> Engine:
    """Return an engine over a small hand-made lexicon (answers = guesses)."""
    return Engine.build(words_lexicon(WORDS))


def brute_total(engine, weights: dict[str, float], hard: bool = False, loss: float | None = None):
    """Return f(words, rows): the least sum of w(c) x guesses, by plain recursion over every guess.

    A word not found within the rows makes the set impossible (inf), or with
    ``loss`` costs that many guesses after the last row.
    """
    guesses = engine.lexicon.guesses
    shown = {(g, c): score(g, c) for g in guesses for c in guesses}  # the rule, looked up: 900 pairs

    @cache
    def f(words: tuple[str, ...], r: int, clues: tuple = ()) -> float:
        if not words:
            return 0.0
        total = sum(weights[c] for c in words)
        if r <= 0:
            return math.inf if loss is None else total * loss
        if len(words) == 1:
            return total
        if r <= 1 and loss is None:
            return math.inf
        best = math.inf
        for g in guesses:
            if hard and any(shown[seen, g] != p for seen, p in clues):
                continue  # strict: every guess fits every clue so far (it could be the answer)
            bins: dict[str, list[str]] = {}
            for c in words:
                bins.setdefault(shown[g, c], []).append(c)
            if len(bins) == 1 and "g" * 5 not in bins:
                continue
            value = total + sum(f(tuple(sorted(b)), r - 1, clues + ((g, p),)) for p, b in bins.items() if p != "g" * 5)
            best = min(best, value)
        return best

    return f


def random_sets(engine, rng, count):
    """Return ``count`` random candidate sets of 3 to 9 answer columns."""
    n = len(engine.lexicon.answers)
    return [
        np.array(sorted(rng.choice(n, size=int(rng.integers(3, 10)), replace=False).tolist()), dtype=np.int32)
        for _ in range(count)
    ]


def test_weighted_least_totals_equal_a_brute_force(engine):
    rng = np.random.default_rng(7)
    w = rng.uniform(0.05, 1.0, len(WORDS))
    search = WeightedSearch(engine, w, rows=6)
    brute = brute_total(engine, dict(zip(engine.lexicon.answers, w)))
    for S in random_sets(engine, rng, 10):
        words = tuple(sorted(engine.lexicon.answers[c] for c in S.tolist()))
        for r in (2, 3, 6):
            assert search.solve(S, r) == pytest.approx(brute(words, r))
            row, total = search.best(S, r)
            if math.isfinite(total):
                # the best guess really reaches the least total
                outcomes = search.outcomes(row, S, r, None, exact=True)
                assert search.mass(S) + sum(t for _, _, t in outcomes) == pytest.approx(total)


def test_a_lost_word_costs_the_loss_when_rows_run_short(engine):
    rng = np.random.default_rng(13)
    w = rng.uniform(0.05, 1.0, len(WORDS))
    search = WeightedSearch(engine, w, rows=6, loss=4.0)
    plain = WeightedSearch(engine, w, rows=6)
    brute = brute_total(engine, dict(zip(engine.lexicon.answers, w)), loss=4.0)
    short = 0
    for S in random_sets(engine, rng, 10):
        words = tuple(sorted(engine.lexicon.answers[c] for c in S.tolist()))
        for r in (1, 2, 3):
            value = search.solve(S, r)
            assert value == pytest.approx(brute(words, r))
            if math.isinf(plain.solve(S, r)):
                short += 1
                assert math.isfinite(value) and search.found(S, r) >= value - 1e-9
            else:
                assert value <= plain.solve(S, r) + 1e-9  # a tree that finishes every word is one option
    assert short > 0


def test_strict_mode_weighted_totals_equal_a_brute_force(engine):
    rng = np.random.default_rng(11)
    w = rng.uniform(0.05, 1.0, len(WORDS))
    search = WeightedSearch(engine, w, rows=6, rule="strict")
    brute = brute_total(engine, dict(zip(engine.lexicon.answers, w)), hard=True)
    for S in random_sets(engine, rng, 6):
        words = tuple(sorted(engine.lexicon.answers[c] for c in S.tolist()))
        assert search.solve(S, 4) == pytest.approx(brute(words, 4))


def test_the_found_tree_is_an_upper_bound_and_equal_weights_find_the_uniform_optimum(engine):
    rng = np.random.default_rng(5)
    w = rng.uniform(0.05, 1.0, len(WORDS))
    search = WeightedSearch(engine, w, rows=6)
    equal = WeightedSearch(engine, np.ones(len(WORDS)), rows=6)
    exact = TreeSearch(engine, rows=6, exact=True)
    for S in random_sets(engine, rng, 8):
        assert search.found(S, 6) >= search.solve(S, 6) - 1e-9
        assert equal.solve(S, 6) == pytest.approx(exact.solve(S, 6))


def test_a_weighted_search_reading_a_mapped_matrix_through_the_rows_copied_only_is_the_same(
    small_engine, tmp_path, monkeypatch
):
    """Over a mapped matrix too large to copy whole (a prior's at long words) a weighted search reads the codes
    only through the rows its searches copy: the same totals and bins as over the matrix in memory."""
    import chute.search.matrix_view as matrix_view

    engine = small_engine(seed=48, answers=150, extra=250)
    rng = np.random.default_rng(48)
    w = rng.uniform(0.05, 1.0, len(engine.lexicon.answers))
    plain = WeightedSearch(engine, w, rows=6)
    monkeypatch.setattr(matrix_view, "TRANSPOSE_BYTES", 0)
    mapped = WeightedSearch(small_engine(seed=48, answers=150, extra=250, cache_dir=tmp_path), w, rows=6)
    assert mapped.tree.rows_only and not plain.tree.rows_only
    for S in random_sets(engine, rng, 8) + [np.arange(40, dtype=np.int32)]:
        assert mapped.solve(S, 4) == pytest.approx(plain.solve(S, 4))
        g = int(rng.integers(len(engine.lexicon.guesses)))
        assert mapped.outcomes(g, S, 4, None, True) == plain.outcomes(g, S, 4, None, True)


def test_the_numpy_weighted_bounds_are_the_kernel(small_engine):
    """A small weighted search bounds its guesses in numpy (``tree_numpy.weighted_bounds``) until loading numba
    pays: the kernel's bounds to the last bit (each sum taken in the kernel's order) and its partition keys, for
    sets of every size, weights tied, zero or spread, every guess or some; the kernel the same reading the
    matrix, its transpose, or a transpose holding only the set's rows."""
    from chute.game.feedback import n_patterns
    from chute.kernels import tree_numpy
    from chute.kernels.weighted import weighted_bounds

    engine = small_engine(seed=46, answers=400, extra=600)
    M, P = engine.matrix, n_patterns(5)
    no_mt = np.empty((0, 0), dtype=M.dtype)
    rng = np.random.default_rng(46)
    every = np.arange(M.shape[0], dtype=np.int32)
    told_nothing = keys_shared = 0
    for n in (0, 1, 2, 3, 5, 17, 40, 41, 90):
        S = np.sort(rng.choice(M.shape[1], n, replace=False)).astype(np.int32)
        spread = rng.random(n) ** 3
        spread[: n // 3] = spread[n // 2] if n else 0.0  # ties, and a bin's heaviest word twice
        for w in (spread, np.where(rng.random(n) < 0.3, 0.0, spread), np.full(n, 1 / max(n, 1))):
            some = np.sort(rng.choice(every, 150, replace=False)).astype(np.int32)
            for rows in (every, some):
                got = []
                rows_of_s = Engine(engine.lexicon, M).transposed_rows(S)  # S's rows only, the others zeros
                for bounds, mt in (
                    (weighted_bounds, no_mt),
                    (weighted_bounds, engine.transposed),
                    (weighted_bounds, rows_of_s),
                    (tree_numpy.weighted_bounds, None),
                    (tree_numpy.weighted_bounds, rows_of_s),
                ):
                    lb, keys = np.full(len(rows), -1.0), np.zeros(len(rows), dtype=np.int64)
                    bounds(M, mt, rows, S, w, P - 1, P, lb, keys)
                    got.append((lb.tobytes(), keys.tobytes()))
                assert got[1:] == got[:-1]
                lb = np.frombuffer(got[0][0])
                keys = np.frombuffer(got[0][1], dtype=np.int64)
                told_nothing += int(np.isinf(lb).sum())
                keys_shared += len(keys) - len(set(keys.tolist()))
    assert told_nothing and keys_shared  # guesses that tell nothing, and guesses that split alike


def test_a_small_weighted_search_runs_in_numpy_and_is_the_compiled_search(small_engine, monkeypatch):
    """A weighted search in normal mode starts on numpy's bounds, its cells and time counted with its
    equal-weights search's, and moves to the kernel with it: the same totals, guesses and bins either way."""
    import chute.search.tree_search as tree_search
    from chute.kernels import tree_numpy

    real = tree_numpy.weighted_bounds
    engine = small_engine(seed=47, answers=120, extra=200)
    n = len(engine.lexicon.answers)
    w = np.random.default_rng(47).random(n) ** 2
    results = {}
    for switch in ("numpy", "after one scan", "compiled"):
        rng = np.random.default_rng(48)
        used = []
        with monkeypatch.context() as patch:
            patch.setattr(tree_search, "_compiler_loaded", lambda: switch == "compiled")
            patch.setattr(tree_search, "NUMPY_SECONDS", 1e-12 if switch == "after one scan" else 60.0)
            patch.setattr(tree_numpy, "weighted_bounds", lambda *a: used.append(len(a[2])) or real(*a))
            search = WeightedSearch(engine, w, rows=6, loss=6.0)
            found = []
            for size in (6, 14, 30, 30):
                S = np.sort(rng.choice(n, size, replace=False)).astype(np.int32)
                for r in (3, 6):
                    row, total = search.best(S, r)
                    found.append((row, total, search.outcomes(row, S, r, None, True)))
        results[switch] = found
        assert (len(used) > 1, len(used) == 1, search.tree.small) == {
            "numpy": (True, False, True),
            "after one scan": (False, True, False),
            "compiled": (False, False, False),
        }[switch], used
    assert results["numpy"] == results["after one scan"] == results["compiled"]
    assert any(np.isfinite(total) and len(bins) > 3 for _, total, bins in results["numpy"])


def test_review_with_equal_weights_grades_as_the_answer_list(engine):
    # a prior over the answers with equal weights: the same values, best guesses and grades
    prior = Prior("equal.txt", tuple(engine.lexicon.answers))
    for guesses, answer in ((["serve", "model", "cigar"], "cigar"), (["abase", "bench", "stink"], "stink")):
        plain = review(engine, guesses, answer)
        weighted = review(engine, guesses, answer, prior=prior)
        for a, b in zip(plain.rows, weighted.rows):
            assert (a.value, a.best_value, a.skill, a.luck) == pytest.approx((b.value, b.best_value, b.skill, b.luck))
            assert a.exact and b.exact


def test_review_under_a_prior_grades_against_the_weighted_optimum(engine):
    rng = np.random.default_rng(3)
    w = rng.uniform(0.05, 1.0, len(WORDS))
    prior = Prior("weights.txt", tuple(engine.lexicon.answers), w)
    p = dict(zip(engine.lexicon.answers, prior.probabilities()))
    brute = brute_total(engine, p)
    result = review(engine, ["serve", "model", "cigar"], "cigar", prior=prior)
    left = tuple(sorted(engine.lexicon.answers))
    for i, row in enumerate(result.rows):
        mass = sum(p[c] for c in left)
        r = 6 - i
        assert row.exact and row.best_value == pytest.approx(brute(left, r) / mass)
        bins: dict[str, list[str]] = {}
        for c in left:
            bins.setdefault(score(row.guess, c), []).append(c)
        value = 1 + sum(brute(tuple(sorted(b)), r - 1) for q, b in bins.items() if q != "ggggg") / mass
        assert row.value == pytest.approx(value)
        left = tuple(sorted(bins[row.pattern]))
    assert any(r.skill < 99 for r in result.rows[:-1]) or result.rows[0].cost == pytest.approx(0)


def test_multi_board_review_with_equal_weights_grades_as_the_answer_list(engine):
    from chute.reviewing.boards_review import review_boards

    prior = Prior("equal.txt", tuple(engine.lexicon.answers))
    guesses, answers = ["serve", "model", "cigar", "heath", "rebut"], ["cigar", "rebut"]
    plain = review_boards(engine, guesses, answers, rows=7)
    weighted = review_boards(engine, guesses, answers, rows=7, prior=prior)
    assert len(plain.rounds) == len(weighted.rounds)
    for a, b in zip(plain.rounds, weighted.rounds):
        assert (a.value, a.best_value, a.skill) == pytest.approx((b.value, b.best_value, b.skill))
        for x, y in zip(a.boards, b.boards):
            assert (x is None) == (y is None)
            if x is not None:
                assert (x.value, x.best_value, x.luck) == pytest.approx((y.value, y.best_value, y.luck))


def test_cli_reviews_a_quarteto_game_under_the_frequency_prior(capsys):
    import json

    from chute.cli import main

    status = main(
        [
            "review",
            "--game",
            "quarteto",
            "--prior",
            "frequency",
            "--answer",
            "termo,suite,avido,festa",
            "toras",
            "lince",
            "suite",
            "termo",
            "adido",
            "agido",
            "avido",
            "besta",
            "festa",
            "--json",
        ]
    )
    data = json.loads(capsys.readouterr().out)
    assert status == 0 and len(data["rounds"]) == 9
    first = [b for b in data["rounds"][0]["boards"] if b]
    assert all(b["before"] > 10000 and b["estimated"] for b in first)  # every accepted word, estimated
    assert data["rounds"][-1]["boards"][3]["exact"]
