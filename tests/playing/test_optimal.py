"""``--strategy optimal``: the optimal tree of the lists, built once and cached, exact off the tree when small."""

from __future__ import annotations

import json

import pytest

from chute import Solver, parse_clue
from chute.bench import run
from chute.playing.optimal import EXACT_OFF_TREE, optimal_strategy, optimal_tree, tree_path
from chute.search.tree_search import INF, TreeSearch


def test_the_tree_is_built_once_cached_and_rebuilt_when_damaged(small_engine, tmp_path):
    """The tree is built once and said (``notify``), read from the cache after, and built again when damaged."""
    engine = small_engine(seed=3, answers=60, extra=140, cache_dir=tmp_path)
    said: list[str] = []
    tree = optimal_tree(engine, notify=said.append)
    assert "building the optimal tree" in said[0] and said[1].startswith("optimal tree built in")
    path = tree_path(engine, None, 6)
    assert path.exists()
    said.clear()
    again = optimal_tree(engine, notify=said.append)
    assert said == [] and again.to_dict()["tree"] == tree.to_dict()["tree"]
    path.write_text('{"broken": ')
    rebuilt = optimal_tree(engine, notify=said.append)
    assert "building" in said[0] and rebuilt.to_dict()["tree"] == tree.to_dict()["tree"]


def test_bench_with_the_optimal_strategy_plays_the_trees_total(small_engine, tmp_path):
    engine = small_engine(seed=3, answers=60, extra=140, cache_dir=tmp_path)
    solver = Solver(engine, optimal_strategy(engine, notify=None))
    result = run(solver)
    assert result.stats.total == optimal_tree(engine, notify=None).stats().total and result.stats.failures == 0


def test_off_the_tree_a_small_set_is_solved_exactly(small_engine, tmp_path):
    """Another opener leaves the tree; the next guess is the exact optimum for what is left."""
    engine = small_engine(seed=3, answers=60, extra=140, cache_dir=tmp_path)
    strategy = optimal_strategy(engine, notify=None)
    solver = Solver(engine, strategy)
    from chute.game.feedback import score

    other = next(g for g in engine.lexicon.guesses if g != strategy.tree.root.guess)
    states = (solver.state_for([parse_clue(f"{other}:{score(other, s)}")]) for s in engine.lexicon.answers)
    state = next(st for st in states if 2 < st.n <= EXACT_OFF_TREE)
    guess = solver.choose(state)
    search = TreeSearch(engine, rows=5, exact=True)
    import numpy as np

    S = np.sort(state.columns).astype(np.int32)
    best = search.solve(S, 5, None, INF, b"")
    words, starts, codes = search._kernels().split(
        search.M, engine.lexicon.guess_index[guess], S, search.solved, search.P
    )
    total = len(S) + sum(
        search.solve(np.sort(words[starts[i] : starts[i + 1]]), 4, None, INF, b"")
        for i in range(len(codes))
        if codes[i] != search.solved
    )
    assert total == best
    assert any("left the optimal tree" in n and "exactly" in n for n in state.notes)


@pytest.mark.slow
def test_wordle_optimal_is_7920_and_hard_8122(cli):
    status, out, _ = cli("bench", "--strategy", "optimal", "--json", "--quiet")
    data = json.loads(out)
    assert status == 0 and data["total"] == 7920 and data["max"] == 5 and data["opener"] == "salet"
    status, out, _ = cli("bench", "--strategy", "optimal", "--hard", "--json", "--quiet")
    data = json.loads(out)
    assert status == 0 and data["total"] == 8122 and data["max"] == 6 and data["failures"] == 0


def test_optimal_refuses_an_opener_or_a_tree(cli):
    status, _, err = cli("suggest", "--strategy", "optimal", "--opener", "crane")
    assert status == 2 and "does not go with --tree or --opener" in err and err.count("\n") == 1
