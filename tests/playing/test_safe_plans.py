"""The safe plan of a user's lists: found once and cached, or a shipped tree that covers them; from it no word the
lists accept is lost."""

from __future__ import annotations

import itertools
import json
import time

import pytest

import chute.playing.safe_plans as safe_plans
import chute.playing.solver as solver_module
from chute import Engine, load_lexicon
from chute.bench.one_board import benchmark
from chute.playing.safe_plans import plan_path, safe_plan
from chute.search.hard_mode import OverBudget
from chute.search.opener_search import opener_bins, opener_row, rank_openers, search_opener, solve_bin
from chute.search.safe_plan import (
    ANSWER_OPENERS,
    DEADLINE,
    WIDE_FIRST_ROWS,
    WIDE_TOPS,
    answer_openers,
    build_safe_plan,
    covers,
    plan_words,
)
from chute.search.tree_search import INF, TreeSearch
from chute.strategies import safe_tree as shipped
from chute.strategies.safe_tree import shipped_trees


def _user_lists(tmp_path, answers: list[str], guesses: list[str] | None = None):
    """Return the lexicon of a user's own lists written to files (a ``+custom`` lexicon)."""
    a = tmp_path / "answers.txt"
    a.write_text("\n".join(answers) + "\n", encoding="utf-8")
    g = None
    if guesses is not None:
        g = tmp_path / "guesses.txt"
        g.write_text("\n".join(guesses) + "\n", encoding="utf-8")
    return load_lexicon("wordle", answers=a, guesses=g)


def _seeded(tmp_path, seed: int = 5, answers: int = 40, guesses: int = 400):
    """Return a user's lists drawn from Wordle's: ``guesses`` accepted words, ``answers`` of them answers."""
    import random

    wordle = load_lexicon("wordle")
    rnd = random.Random(seed)
    words = sorted(
        rnd.sample([w for w in wordle.guesses if w not in wordle.later and w not in wordle.offensive], guesses)
    )
    return _user_lists(tmp_path, sorted(rnd.sample(words, answers)), words)


def test_the_plan_found_finishes_every_word_and_only_covers_what_it_finishes(tmp_path):
    lexicon = _seeded(tmp_path)
    tree = build_safe_plan(lexicon, 6)
    assert tree is not None
    words = plan_words(lexicon)
    assert tree.evaluate(words).failures == [] and tree.evaluate(words).games == len(words)
    assert covers(tree, words, lexicon.guess_set, 6)
    assert not covers(tree, words, lexicon.guess_set, tree.stats().worst - 1)  # fewer rows than it needs
    assert not covers(tree, [*words, "zzzzz"], lexicon.guess_set, 6)  # a word it never met
    assert not covers(tree, words, lexicon.guess_set - {tree.root.guess}, 6)  # a guess the lists refuse


def test_the_plan_is_searched_once_said_cached_and_searched_again_when_damaged(tmp_path, monkeypatch):
    lexicon = _seeded(tmp_path)
    engine = Engine.build(lexicon, cache_dir=tmp_path / "cache")
    said: list[str] = []
    tree = safe_plan(engine, 6, ["raise"], said.append)
    assert tree is not None
    assert said[0].startswith("searching a plan that finds every one of these lists' 400 words within 6 rows")
    assert said[-1].startswith(f"plan found from {tree.root.guess.upper()}")
    path = plan_path(engine, 6)
    assert path is not None and path.is_file()

    def no_search(*args, **kwargs):
        raise AssertionError("searched again")

    monkeypatch.setattr(safe_plans, "build_safe_plan", no_search)
    fresh = Engine.build(lexicon, cache_dir=tmp_path / "cache")
    shipped._ADOPTED.clear()  # a new process: the plan is read from the cache
    said.clear()
    again = safe_plan(fresh, 6, ["raise"], said.append)
    assert said == [] and again is not None and again.to_dict()["tree"] == tree.to_dict()["tree"]
    monkeypatch.undo()
    shipped._ADOPTED.clear()
    path.write_text('{"format": "chute-tree", "tree": [', encoding="utf-8")
    rebuilt = safe_plan(Engine.build(lexicon, cache_dir=tmp_path / "cache"), 6, ["raise"], said.append)
    assert rebuilt is not None and said[0].startswith("searching a plan")
    assert json.loads(path.read_text(encoding="utf-8"))["tree"]["guess"] == rebuilt.root.guess


def test_no_plan_within_the_rows_is_said_once_and_remembered(tmp_path):
    lexicon = _seeded(tmp_path, answers=20, guesses=60)
    engine = Engine.build(lexicon, cache_dir=tmp_path / "cache")
    said: list[str] = []
    assert safe_plan(engine, 2, [], said.append) is None  # 60 words cannot all be found in two rows
    assert said[-1].startswith("no plan finds all 60 words within 2 rows within the search's limits")
    said.clear()
    assert safe_plan(engine, 2, [], said.append) is None and said == []


def test_the_search_stops_at_its_deadline_wherever_it_is(tmp_path):
    """Past the deadline no bin is searched further and the answer list's openers come in their ranked order: any
    lists have their answer within it, "none found" when it passes."""
    lexicon = _seeded(tmp_path)
    past = time.process_time() - DEADLINE - 1
    assert build_safe_plan(lexicon, 6, began=past) is None
    assert build_safe_plan(lexicon, 6) is not None  # the same lists, in time
    ranked = rank_openers(TreeSearch(Engine.build(lexicon.listed_lexicon(), cache=False), rows=6), ANSWER_OPENERS)
    assert answer_openers(lexicon, 6, deadline=time.process_time() - 1) == ranked


def test_a_group_searched_long_is_said_to_be_searched_still(tmp_path, monkeypatch):
    """While a group of words is searched, its progress is heard at every scan of the search (the words it holds),
    and told every few seconds at most; each group planned is heard once done."""
    lexicon = _seeded(tmp_path)
    heard: list[tuple[str, int, int, int]] = []
    tree = build_safe_plan(lexicon, 6, progress=lambda *args: heard.append(args))
    assert tree is not None
    bins = max(h[2] for h in heard)
    done = [h for h in heard if h[3] == 0]
    assert [h[1] for h in done] == list(range(1, bins + 1))
    searching = [h for h in heard if h[3]]
    assert searching and all(h[1] < h[2] and 0 < h[3] <= 400 for h in searching)
    clock = itertools.count(0.0, 20.0)  # every reading of the clock 20 s after the last
    monkeypatch.setattr(safe_plans.time, "monotonic", lambda: next(clock))
    said: list[str] = []
    shipped._ADOPTED.clear()  # a new process: nothing adopted yet
    safe_plan(Engine.build(lexicon, cache_dir=tmp_path / "cache"), 6, [], said.append)
    assert any(": still searching group 1 of " in line for line in said)


def test_the_wide_search_keeps_the_first_tree_it_finds(tmp_path):
    """A bin the default widths leave without a tree is searched wide, each node with four rows or more keeping the
    first tree it finds: a tree all the same, found over fewer cells than the least one."""
    lexicon = _seeded(tmp_path, answers=200, guesses=2000)
    engine = Engine.build(lexicon.widened(plan_words(lexicon)), cache=False)
    least = TreeSearch(engine, rows=6, top=WIDE_TOPS)
    first = TreeSearch(engine, rows=6, top=WIDE_TOPS)
    first.first_tree_rows = WIDE_FIRST_ROWS
    opener = rank_openers(least, 1)[0]
    row = opener_row(least, opener)
    code, S = max(opener_bins(least, opener), key=lambda b: (len(b[1]), -b[0]))
    best, quick = solve_bin(least, row, code, S), solve_bin(first, row, code, S)
    assert best[0] < INF and best[0] <= quick[0] < INF
    assert first.cells < least.cells
    assert first.deadline is None and least.first_tree_rows is None  # the search's own defaults


def test_a_tree_search_past_its_deadline_gives_up():
    lexicon = load_lexicon("wordle")
    search = TreeSearch(Engine.build(lexicon), rows=6)
    search.deadline = time.process_time() - 1
    with pytest.raises(OverBudget):
        search_opener(search, "salet")


def test_lists_whose_plan_would_not_fit_in_memory_are_not_searched_and_said_so_once(tmp_path, monkeypatch):
    """The search holds every word's codes against every word: past PLAN_MATRIX_BYTES (the 29,150 eight-letter
    words of a dictionary: 1.6 GiB) no plan is searched, which is said once, and the answer list is protected."""
    lexicon = _seeded(tmp_path)
    monkeypatch.setattr(safe_plans, "PLAN_MATRIX_BYTES", 400 * 400 - 1)  # 400 words, a byte a code
    monkeypatch.setattr(safe_plans, "build_safe_plan", lambda *a, **k: pytest.fail("searched"))
    engine = Engine.build(lexicon, cache_dir=tmp_path / "cache")
    shipped._ADOPTED.clear()  # a new process: nothing adopted yet
    said: list[str] = []
    assert safe_plan(engine, 6, ["raise"], said.append) is None
    assert said == [
        "no plan searched for these lists: every word's codes against every word would take 156 KiB "
        "(over 156 KiB); the answer list is protected, other words may be lost"
    ]
    said.clear()
    assert safe_plan(engine, 6, ["raise"], said.append) is None and said == []
    shipped._ADOPTED.clear()
    monkeypatch.undo()  # within the limit: searched
    assert safe_plan(Engine.build(lexicon, cache_dir=tmp_path / "other"), 6, ["raise"], said.append) is not None


def test_a_large_plan_matrix_goes_through_the_cache_mapped_and_finds_the_same_plan(tmp_path, monkeypatch):
    """Every word against every word, too large to copy whole, is kept in the cache and mapped, so that the search
    holds each code once (``MatrixView``); the plan is the one found in memory."""
    import chute.search.safe_plan as plan_module

    lexicon = _seeded(tmp_path)
    in_memory = build_safe_plan(lexicon, 6, cache_dir=tmp_path / "small")
    assert in_memory is not None and not (tmp_path / "small").exists()  # small: in memory, nothing kept
    monkeypatch.setattr(plan_module, "TRANSPOSE_BYTES", 0)  # large
    mapped = build_safe_plan(lexicon, 6, cache_dir=tmp_path / "large")
    assert [p.suffix for p in sorted((tmp_path / "large").glob("matrix-*"))] == [".bin", ".ok"]
    assert mapped is not None and mapped.to_dict()["tree"] == in_memory.to_dict()["tree"]


def test_a_users_answer_list_over_wordles_words_is_covered_by_the_shipped_tree(tmp_path):
    wordle = load_lexicon("wordle")
    lexicon = _user_lists(tmp_path, sorted(wordle.answers[:300]))
    assert lexicon.name.endswith("+custom") and lexicon.guess_set == wordle.guess_set
    shipped = shipped_trees(None, 6)
    assert shipped and covers(shipped[0], plan_words(lexicon), lexicon.guess_set, 6)
    said: list[str] = []
    tree = safe_plan(Engine.build(lexicon, cache=False), 6, ["tares"], said.append)
    assert said == [] and tree is not None and tree.root.guess == shipped[0].root.guess


@pytest.mark.parametrize("planned", [False, True])
def test_with_the_plan_no_word_of_a_family_is_lost(tmp_path, monkeypatch, planned):
    """A user's answer list over Wordle's words: the ?ILLS family, every one an accepted word, is lost in part
    without the plan and not at all with it."""
    if not planned:
        monkeypatch.setattr(solver_module, "needs_plan", lambda lexicon: False)
    wordle = load_lexicon("wordle")
    lexicon = _user_lists(tmp_path, sorted(wordle.answers[::8]))
    family = [w for w in lexicon.guesses if w.endswith("ills") and w not in lexicon.offensive]
    result = benchmark(Engine.build(lexicon, cache=False), "expected-guesses", family, prior="frequency")
    assert result.stats.games == len(family) == 19
    if planned:
        assert result.stats.failures == 0 and result.info["opener"] == "trace"
    else:
        assert result.stats.failures > 0


def test_the_search_tries_the_second_guesses_the_policy_prefers_first(tmp_path):
    """Each bin of more than two words is searched first under the guess the caller prefers there."""
    lexicon = _seeded(tmp_path)
    plain = build_safe_plan(lexicon, 6)
    assert plain is not None
    opener = plain.root.guess
    wanted = next(w for w in lexicon.guesses if lexicon.is_suggested(w) and w != opener and w[0] == "c")
    asked: list[tuple[str, str]] = []

    def prefer(opener: str, pattern: str) -> list[str]:
        asked.append((opener, pattern))
        return [wanted]

    tree = build_safe_plan(lexicon, 6, [opener], prefer=prefer)
    assert tree is not None and tree.root.guess == opener
    big = [child for child in tree.root.children.values() if child.n > 2]
    assert big and all(child.guess == wanted for child in big)  # a tree under it exists in 5 rows for these few
    assert {p for _, p in asked} >= {p for p, c in tree.root.children.items() if c.n > 2}
    assert tree.evaluate(plan_words(lexicon)).failures == []
    assert [c.guess for c in plain.root.children.values() if c.n > 2] != [c.guess for c in big]


def test_a_users_lists_open_with_their_plan_and_show_as_many_guesses_as_asked(tmp_path, monkeypatch):
    """``solver_for`` with a user's lists: the policy opens with its plan's first guess (its own best here), and
    the opening lists ``top`` guesses, not every guess it ranked."""
    from chute import solver_for

    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path / "cache"))
    _seeded(tmp_path)
    solver = solver_for("wordle", answers=tmp_path / "answers.txt", guesses=tmp_path / "guesses.txt")
    assert solver.safe and solver.planned
    opening = solver.suggest([], top=3)
    assert len(opening.ranked) == 3 and opening.ranked[0].guess == solver.opener


def test_the_plan_opens_where_the_tree_for_the_answer_list_is_least(tmp_path):
    """The openers compared are the tree search's most promising, ordered by their trees' totals over the answer
    list alone; the plan opens with the first of them that finishes every word, not with the caller's."""
    from chute.search.opener_search import rank_openers, search_opener
    from chute.search.safe_plan import answer_openers
    from chute.search.tree_search import TreeSearch

    lexicon = _seeded(tmp_path, answers=60)
    order = answer_openers(lexicon, 6, count=5)
    search = TreeSearch(Engine.build(lexicon.listed_lexicon(), cache=False), rows=6)
    totals = {o: search_opener(search, o).total for o in rank_openers(search, 5)}
    assert sorted(order) == sorted(totals)
    assert [totals[o] for o in order] == sorted(totals.values())
    tree = safe_plan(Engine.build(lexicon, cache=False), 6, ["raise"])
    assert tree is not None and tree.root.guess == order[0] != "raise"


def test_a_users_lists_are_ranked_two_guesses_deep_and_wordles_own_are_not(tmp_path, monkeypatch):
    """Where a plan found for a user's lists keeps every word, the policy looks two guesses deep, as where it
    plans; on Wordle's bundled lists, kept by the shipped tree, one."""
    from chute import solver_for
    from chute.strategies.expected import ExpectedGuesses

    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path / "cache"))
    looked: list[int] = []
    deep = ExpectedGuesses._second_look

    def counted(state, *args):
        looked.append(state.n)
        return deep(state, *args)

    monkeypatch.setattr(ExpectedGuesses, "_second_look", staticmethod(counted))
    _seeded(tmp_path, answers=200, guesses=2000)
    users = solver_for("wordle", answers=tmp_path / "answers.txt", guesses=tmp_path / "guesses.txt")
    clue = f"{users.opener}:{'b' * 5}"
    users.suggest([clue], top=1)
    assert looked
    looked.clear()
    solver_for("wordle").suggest(["trace:bbbbb"], top=1)
    assert looked == []


def test_the_plans_search_is_told_in_the_players_language(tmp_path, monkeypatch, cli):
    """``chute suggest --lang pt`` with a user's lists says the plan's search in Portuguese, numbers its way."""
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path / "cache"))
    _seeded(tmp_path, answers=60, guesses=1200)
    status, _, err = cli(
        "suggest", "--lang", "pt", "--answers", tmp_path / "answers.txt", "--guesses", tmp_path / "guesses.txt"
    )
    assert status == 0, err
    assert "chute: nota: buscando um plano que acerte cada uma das 1.200 palavras" in err
    assert "começa a árvore que acerta as 60 respostas mais cedo" in err and "plano achado a partir de" in err
    assert "searching a plan" not in err
