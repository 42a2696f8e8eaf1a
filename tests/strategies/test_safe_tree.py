"""The shipped safe tree: every word Wordle accepts finished within 6 rows, the policy's opener and
last resort."""

from __future__ import annotations

import pytest

from chute import Engine, Solver, load_lexicon
from chute.playing.session import play
from chute.playing.solver import DEFAULT_PRIOR, DEFAULT_STRATEGY
from chute.strategies import Options, expected, safe_tree
from chute.strategies.guard import Plans


@pytest.fixture(scope="module")
def wordle():
    return load_lexicon("wordle")


@pytest.fixture(scope="module")
def default_solver(wordle):
    return Solver(Engine.build(wordle), DEFAULT_STRATEGY, prior=DEFAULT_PRIOR)


def test_the_shipped_tree_finishes_every_accepted_word_within_six_rows(wordle):
    """Played through the tree, each of the 14,855 words Wordle accepts but the offensive ones (the 2022 lists' and
    the words added since) is found in 6 rows or fewer; the tree probes only with words chute suggests (another
    word, one added since 2022, only as a candidate there)."""
    tree = safe_tree.safe_tree(wordle, None, 6)
    assert tree is not None and tree.rows == 6
    words = [w for w in wordle.guesses if w not in wordle.offensive]
    stats = tree.evaluate(words)
    assert stats.failures == [] and stats.games == len(words) == tree.root.n > 14_700 and stats.worst <= 6
    for path, node in tree.root.nodes():
        if not wordle.is_suggested(node.guess):
            assert [c.pattern for c in tree.play(node.guess)][:-1] == list(path), (path, node.guess)


def test_the_tree_is_read_for_the_bundled_lists_alone(wordle, tmp_path):
    """Other lists, a common-words floor, past answers ruled out, hard mode or fewer rows: no tree."""
    assert safe_tree.safe_tree(wordle, "hard", 6) is None
    assert safe_tree.safe_tree(wordle, None, 5) is None
    assert safe_tree.safe_tree(wordle.common_only(), None, 6) is None
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(wordle.answers[:500]) + "\n", encoding="utf-8")
    assert safe_tree.safe_tree(load_lexicon("wordle", answers=str(answers)), None, 6) is None
    assert safe_tree.safe_tree(load_lexicon("termo"), None, 6) is None
    assert safe_tree.safe_tree(wordle, None, 7) is not None  # a looser limit keeps the proof


def test_the_default_policy_opens_with_the_trees_first_guess(default_solver, wordle):
    """In normal mode the policy that keeps every word finishable opens with the tree's opener; hard mode and the
    entropy strategy do not."""
    opener = safe_tree.safe_opener(wordle, None, 6)
    assert default_solver.first_guess() == opener
    assert default_solver.suggest([], top=3).ranked[0].guess == opener
    engine = default_solver.engine
    assert Solver(engine, DEFAULT_STRATEGY, hard="hard", prior=DEFAULT_PRIOR).first_guess() != opener
    assert Solver(engine, "entropy").first_guess() != opener


def test_where_the_plans_prove_no_guess_the_trees_guess_is_played(default_solver, wordle, monkeypatch):
    """With the plans made to find nothing, a state that follows the tree gets the tree's guess first, with the
    note that it was chosen to keep every word finishable; off the tree there is none to fall back on."""
    tree = safe_tree.safe_tree(wordle, None, 6)
    pattern, child = max(tree.root.children.items(), key=lambda item: item[1].n)
    monkeypatch.setattr(Plans, "keeps_all", lambda *a, **k: False)
    monkeypatch.setattr(Plans, "plan_guess", lambda *a, **k: None)
    clue = f"{tree.root.guess}:{pattern}"
    solver = Solver(default_solver.engine, DEFAULT_STRATEGY, prior=DEFAULT_PRIOR)
    suggestion = solver.suggest([clue], top=3)
    assert suggestion.ranked[0].guess == child.guess
    assert "keeps every word finishable" in " ".join(suggestion.notes)
    off = solver.suggest([f"lumpy:{'b' * 5}", "crank:bybbb"], top=3)  # an opener whose rankings do not ship
    assert expected.NO_PLAN in off.notes


@pytest.mark.parametrize("secret", ["cills", "jills", "lills", "nills", "rills", "vills", "yills", "zills"])
def test_the_family_salet_lost_is_won(default_solver, secret):
    """?ILLS, the family the policy lost from SALET (no plan for its ybgbb in 5 rows), is found within 6 rows."""
    game = play(default_solver, secret, rows=None)
    assert game.guesses[-1] == secret and len(game.guesses) <= 6, game.guesses


@pytest.mark.parametrize("secret", ["goves", "idlis", "jhils", "voxes"])
def test_the_later_words_the_2022_tree_lost_are_won(default_solver, secret):
    """Words the game accepted after 2022, lost when the tree covered the 2022 lists alone, are found in 6 rows."""
    game = play(default_solver, secret, rows=None)
    assert game.guesses[-1] == secret and len(game.guesses) <= 6, game.guesses


def test_options_without_six_rows_leave_the_tree_aside(wordle):
    """With fewer rows than the tree's, the policy does not open with it."""
    solver = Solver(Engine.build(wordle), DEFAULT_STRATEGY, options=Options(rows=5), prior=DEFAULT_PRIOR)
    assert solver.first_guess() != safe_tree.safe_opener(wordle, None, 6)


def test_a_refused_opener_gives_way_and_comes_back(default_solver, wordle):
    """The game refusing the tree's opener: the policy ranks the others (no safe tree claimed); taken back, it
    opens with the tree again."""
    solver = Solver(default_solver.engine, DEFAULT_STRATEGY, prior=DEFAULT_PRIOR)
    opener = safe_tree.safe_opener(wordle, None, 6)
    solver.avoid(opener)
    assert solver.first_guess() != opener and not solver.safe
    assert not any("opens a plan that finds" in n for n in solver.suggest([], top=3).notes)
    solver.unavoid(opener)
    assert solver.first_guess() == opener and solver.safe


def test_the_index_names_each_shipped_tree_and_a_changed_file_is_not_read(wordle, monkeypatch):
    """The index (read alone for the opener and the keys) agrees with the tree file; a file whose digest is not
    the index's is not read."""
    name, entry = safe_tree.safe_entry(wordle, None, 6)
    tree = safe_tree.safe_tree(wordle, None, 6)
    assert entry["opener"] == tree.root.guess and entry["n"] == tree.root.n and entry["rows"] == tree.rows
    assert entry["played_key"] == tree.meta["played_key"] == wordle.played_key
    assert safe_tree.safe_key(wordle, None, 6) == entry["digest"]
    monkeypatch.setattr(safe_tree, "_index", lambda: {name: {**entry, "digest": "0" * 16}})
    safe_tree._shipped.cache_clear()
    try:
        assert safe_tree.safe_tree(wordle, None, 6) is None
    finally:
        safe_tree._shipped.cache_clear()


def _node_ranked_late(solver, tree, row: int) -> tuple[list[str], list[str], int]:
    """Return (clues, the policy's 16 best guesses by E(g), k) for the first node of the tree on ``row`` of three
    candidates or more whose guess is the policy's no. k + 1 there, k >= 1."""
    for path, node in tree.root.nodes():
        if len(path) != row - 1:
            continue
        clues, at = [], tree.root
        for pattern in path:
            clues.append(f"{at.guess}:{pattern}")
            at = at.children[pattern]
        state = solver.state_for(clues)
        if state.n < 3:
            continue
        order = solver.strategy.by_expectation(state, solver.options, 16)
        if node.guess in order[1:]:
            return clues, order, order.index(node.guess)
    raise AssertionError(f"no node on row {row} whose guess the policy ranks second or later")


@pytest.mark.parametrize("row", [2, expected.PROVEN_ROWS, expected.PROVEN_ROWS + 1])
def test_up_to_the_proven_row_the_trees_guess_counts_as_proven_safe(default_solver, wordle, monkeypatch, row):
    """Where the tree's guess is the policy's no. k + 1 by E(g) and the plans prove only guesses after it, the
    policy plays the tree's guess on the rows the tree was built to follow the policy (its second and third), and
    the first guess the plans prove on a later row."""
    tree = safe_tree.safe_tree(wordle, None, 6)
    clues, order, k = _node_ranked_late(default_solver, tree, row)
    index = wordle.guess_index
    unproven = {index[w] for w in order[: k + 1]}
    monkeypatch.setattr(Plans, "keeps_all", lambda self, guess, *a, **kw: int(guess) not in unproven)
    state = default_solver.state_for(clues)
    played = default_solver.strategy.rank(state, default_solver.options, 1)[0].guess
    assert played == (order[k] if row <= expected.PROVEN_ROWS else order[k + 1]), (clues, order, k)


def test_after_the_openers_bbbby_the_policy_plays_its_third_best_which_the_tree_proves(default_solver, wordle):
    """After TRACE's bbbby the plans prove none of the policy's three best guesses by E(g); the tree proves its
    third, SILEN, which the policy plays, not a guess far down its order that the plans prove."""
    state = default_solver.state_for(["trace:bbbby"])
    order = default_solver.strategy.by_expectation(state, default_solver.options, 16)
    assert safe_tree.safe_guess(wordle, None, 6, state.clues) == "silen" == order[2]
    assert default_solver.strategy.rank(state, default_solver.options, 1)[0].guess == "silen"
    assert default_solver.suggest(["trace:bbbby"], top=1).ranked[0].guess == "silen"  # the shipped ranking
