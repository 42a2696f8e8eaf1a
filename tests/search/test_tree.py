"""Decision trees: the search against a plain brute force, row limits, hard modes, files, --check."""

from __future__ import annotations

import json
import random
import time
from functools import cache
from pathlib import Path

import numpy as np
import pytest

import chute.game.engine as engine_module
from chute.arrays import union
from chute.errors import ChuteError
from chute.game.engine import Engine
from chute.game.feedback import Clue, score
from chute.game.rules import violation
from chute.game.words import Lexicon, load_lexicon, words_lexicon
from chute.search.opener_search import build_tree, rank_openers, search, search_opener
from chute.search.tree import DecisionTree, TreeError, TreeNode
from chute.search.tree_search import INF, Ceiling, TreeSearch, parse_top

GREEN5 = "ggggg"


@pytest.fixture(scope="module")
def wordle() -> Lexicon:
    return load_lexicon("wordle")


def brute_force(lexicon: Lexicon, rule: str | None = None):
    """Return f(opener, rows): the least total for an opener, by plain recursion over every guess."""
    pattern = {(g, s): score(g, s) for g in lexicon.guesses for s in lexicon.answers}

    def after(allowed, guess, pat):
        if rule is None:
            return allowed
        return tuple(w for w in allowed if violation(w, [Clue(guess, pat)], rule) is None)

    def cost(guess, S, rows, allowed):
        bins: dict[str, list[str]] = {}
        for s in S:
            bins.setdefault(pattern[guess, s], []).append(s)
        total = len(S)
        for pat, words in bins.items():
            if pat != GREEN5:
                total += best(tuple(words), rows - 1, after(allowed, guess, pat))
        return total

    @cache
    def best(S, rows, allowed):
        if rows == 0:
            return INF
        return min(INF, *(cost(g, S, rows, allowed) for g in allowed))

    def of_opener(opener, rows):
        return min(INF, cost(opener, tuple(lexicon.answers), rows, lexicon.guesses))

    return of_opener


def exact_totals(lexicon: Lexicon, openers, rows=6, rule=None, cache_dir=None) -> dict[str, int]:
    engine = Engine.build(lexicon, cache=False) if cache_dir is None else Engine.build(lexicon, cache_dir=cache_dir)
    searcher = TreeSearch(engine, rows=rows, rule=rule, exact=True)
    results = search(searcher, openers)
    for r in results:
        assert r.exact
        if r.feasible:
            stats, problems = r.tree.check(lexicon)
            assert problems == []
            assert stats.total == r.total and not stats.failures
            assert stats.worst <= rows
    return {r.opener: r.total for r in results}


# ----- the search against brute force ---------------------------------------------------------------


@pytest.mark.parametrize(
    "seed,n_answers,n_extra,rows,n_openers",
    [
        (1, 40, 80, 6, 6),
        (2, 60, 30, 6, 3),
        (3, 24, 60, 3, 8),  # a tight row limit: some openers cannot finish
        (13, 25, 275, 6, 3),  # a few hundred guesses
    ],
)
def test_exact_equals_brute_force(small_lists, wordle, seed, n_answers, n_extra, rows, n_openers):
    lex = small_lists(seed, n_answers, n_extra)
    openers = random.Random(seed).sample(lex.guesses, n_openers)
    brute = brute_force(lex)
    want = {o: brute(o, rows) for o in openers}
    assert exact_totals(lex, openers, rows) == want


def _exact_as_brute_force(small_lists, cache_dir=None) -> Lexicon:
    """Assert that the exact totals of a few openers are the brute force's, normal and hard mode, on two seeded
    lists (their matrices mapped from ``cache_dir`` if given); return the normal mode's."""
    lex = small_lists(2, 60, 30)
    openers = random.Random(2).sample(lex.guesses, 3)
    brute = brute_force(lex)
    assert exact_totals(lex, openers, cache_dir=cache_dir) == {o: brute(o, 6) for o in openers}
    hard = small_lists(7, 16, 24)
    hard_openers = random.Random(7).sample(hard.guesses, 3)
    assert exact_totals(hard, hard_openers, 6, "hard", cache_dir) == {
        o: brute_force(hard, "hard")(o, 6) for o in hard_openers
    }
    return lex


@pytest.mark.parametrize("rows_copied", [0, 1024])
def test_exact_without_the_transposed_matrix_equals_brute_force(small_lists, wordle, monkeypatch, rows_copied):
    """A matrix too large to copy whole is scanned row by row, or in the rows of the sets searched, copied
    when first read (a prior's matrix): the same exact totals, hard mode's too."""
    import chute.search.matrix_view as matrix_view

    monkeypatch.setattr(matrix_view, "TRANSPOSE_BYTES", 0)
    monkeypatch.setattr(matrix_view, "ROWS_COPIED_MAX", rows_copied)
    lex = _exact_as_brute_force(small_lists)
    assert TreeSearch(Engine.build(lex, cache=False)).MT.size == 0


def test_exact_reading_a_mapped_matrix_through_the_rows_copied_only_equals_brute_force(
    small_lists, wordle, monkeypatch, tmp_path
):
    """Past TRANSPOSE_BYTES a search over a matrix mapped from the cache reads the codes only through the rows
    it copies of the sets it searches (the mapping given back as they are copied): the same exact totals,
    hard mode's too."""
    import chute.search.matrix_view as matrix_view

    monkeypatch.setattr(matrix_view, "TRANSPOSE_BYTES", 0)
    lex = _exact_as_brute_force(small_lists, tmp_path)
    searcher = TreeSearch(Engine.build(lex, cache_dir=tmp_path))
    assert searcher.rows_only and searcher.engine.maps_matrix()


def test_a_search_reading_the_rows_copied_only_leaves_the_mapped_matrix_given_back(
    small_engine, tmp_path, monkeypatch, resident
):
    """A search reading the rows it copies only holds one copy of the codes: the engine's matrix, mapped from
    the cache, is given back as each block of it is copied, and the tree is the one the usual search finds."""
    import chute.search.matrix_view as matrix_view

    engine = small_engine(seed=8, answers=200, extra=600, cache_dir=tmp_path)
    opener = engine.lexicon.answers[0]
    want = search_opener(TreeSearch(engine), opener).tree.root.to_dict()
    codes = np.array(engine.matrix.T)
    assert engine.give_back_matrix()  # only the search's own mapping of the file counts below
    monkeypatch.setattr(matrix_view, "TRANSPOSE_BYTES", 0)
    monkeypatch.setattr(engine_module, "TRANSPOSE_ROWS", 64)  # several blocks of the matrix's rows
    fresh = Engine.build(engine.lexicon, cache_dir=tmp_path)
    searcher = TreeSearch(fresh)
    assert searcher.rows_only
    path = next(tmp_path.glob("matrix-*.bin"))
    assert resident(path) == 0
    assert search_opener(searcher, opener).tree.root.to_dict() == want
    assert resident(path) == 0
    rows, copied = fresh._rows_copied
    assert copied.all() and np.array_equal(rows, codes)
    fresh.forget_copies()  # another request's review is done: this search keeps its own rows
    other = engine.lexicon.answers[1]
    want = search_opener(TreeSearch(engine), other).tree.root.to_dict()
    assert search_opener(searcher, other).tree.root.to_dict() == want


def test_exact_reading_only_the_transposed_copy_equals_brute_force(small_lists, wordle, monkeypatch):
    """A search over a large matrix reads its codes only through the transposed copy (the compiled kernels'
    matrix by columns): the same exact totals, hard mode's too."""
    import chute.search.matrix_view as matrix_view
    import chute.search.tree_search as tree_search

    monkeypatch.setattr(matrix_view, "AHEAD_BYTES", 0)
    monkeypatch.setattr(tree_search, "_compiler_loaded", lambda: True)
    _exact_as_brute_force(small_lists)


def test_a_search_reading_only_the_transposed_copy_leaves_the_matrix_given_back(
    small_engine, tmp_path, monkeypatch, resident
):
    """From AHEAD_BYTES a search holds one copy of the codes: the engine's matrix, mapped from the cache, is given
    back as the search starts and never read again by it; the tree is the one the usual search finds."""
    import chute.search.matrix_view as matrix_view
    import chute.search.tree_search as tree_search

    engine = small_engine(seed=6, answers=200, extra=600, cache_dir=tmp_path)
    usual = TreeSearch(engine)
    assert not usual.transposed_only and usual.M.flags.c_contiguous
    opener = engine.lexicon.answers[0]
    want = search_opener(usual, opener).tree.root.to_dict()
    monkeypatch.setattr(matrix_view, "AHEAD_BYTES", 0)
    monkeypatch.setattr(tree_search, "_compiler_loaded", lambda: True)
    searcher = TreeSearch(engine)
    assert searcher.transposed_only and np.shares_memory(searcher.M, searcher.MT)
    assert np.array_equal(searcher.M, Engine.build(engine.lexicon, cache=False).matrix)
    path = next(tmp_path.glob("matrix-*.bin"))
    assert resident(path) == 0
    assert search_opener(searcher, opener).tree.root.to_dict() == want
    assert resident(path) == 0


def test_a_matrix_too_large_to_copy_has_only_the_rows_its_searches_read_copied(small_lists, wordle, monkeypatch):
    """Past TRANSPOSE_BYTES a search copies the transposed rows of the words it scans, once: a set's search
    leaves exactly its words' rows copied (the same total as with the whole transpose); a set over
    ROWS_COPIED_MAX words is scanned in the matrix itself, its smaller bins in their rows."""
    import chute.search.matrix_view as matrix_view
    import chute.search.tree_search as tree_search

    lex = small_lists(4, 300, 200)
    engine = Engine.build(lex, cache=False)
    S = np.sort(np.random.default_rng(4).choice(len(lex.answers), 40, replace=False)).astype(np.int32)
    whole = TreeSearch(engine, exact=True).solve(S, 6)
    monkeypatch.setattr(matrix_view, "TRANSPOSE_BYTES", 0)
    monkeypatch.setattr(tree_search, "_compiler_loaded", lambda: True)
    big = Engine.build(lex, cache=False)
    assert TreeSearch(big, exact=True).solve(S, 6) == whole
    rows, copied = big._rows_copied
    assert np.flatnonzero(copied).tolist() == S.tolist()
    assert np.array_equal(rows[S], engine.matrix[:, S].T) and not rows[copied == 0].any()
    monkeypatch.setattr(matrix_view, "ROWS_COPIED_MAX", 39)
    other = Engine.build(lex, cache=False)
    assert TreeSearch(other, exact=True).solve(S, 6) == whole
    assert set(np.flatnonzero(other._rows_copied[1]).tolist()) < set(S.tolist())
    import mmap

    def refused(*args, **kwargs):
        raise OSError(12, "Cannot allocate memory")

    monkeypatch.setattr(mmap, "mmap", refused)  # a system that will not map the memory: the matrix
    monkeypatch.setattr(matrix_view, "ROWS_COPIED_MAX", 1024)
    short = Engine.build(lex, cache=False)
    assert TreeSearch(short, exact=True).solve(S, 6) == whole and short._rows_copied is None


def test_searches_over_one_engine_share_its_transposed_matrix(small_lists, wordle):
    """A review builds two searches and a server one per review: the transposed copy is made once per engine."""
    engine = Engine.build(small_lists(3, 40, 30), cache=False)
    first, second = TreeSearch(engine), TreeSearch(engine, exact=True, rule="hard")
    assert first.MT is second.MT and first.MT.flags.c_contiguous
    assert (first.MT == engine.matrix.T).all()
    assert TreeSearch(Engine.build(engine.lexicon, cache=False)).MT is not first.MT


@pytest.mark.parametrize("rule,rows", [("hard", 6), ("strict", 4)])
def test_exact_equals_brute_force_hard_modes(small_lists, wordle, rule, rows):
    lex = small_lists(7, 16, 24)
    openers = random.Random(7).sample(lex.guesses, 5)
    brute = brute_force(lex, rule)
    want = {o: brute(o, rows) for o in openers}
    assert exact_totals(lex, openers, rows, rule) == want


def test_best_opener_over_all_guesses(small_lists, wordle):
    lex = small_lists(11, 20, 25)
    brute = brute_force(lex)
    want = min(brute(o, 6) for o in lex.guesses)
    assert min(exact_totals(lex, lex.guesses).values()) == want


def test_top_k_is_never_below_exact_and_trees_are_sound(small_lists, wordle):
    lex = small_lists(5, 50, 100)
    engine = Engine.build(lex, cache=False)
    openers = rank_openers(TreeSearch(engine), 3)
    exact = {r.opener: r.total for r in search(TreeSearch(engine, exact=True), openers)}
    for r in search(TreeSearch(engine, top=2), openers):
        assert r.total >= exact[r.opener]
        stats, problems = r.tree.check(lex)
        assert not problems and stats.total == r.total


@pytest.mark.parametrize("exact", [True, False])
def test_probes_limit_the_guesses_played_where_they_are_not_candidates(small_lists, wordle, exact):
    """With ``probes`` given, a tree guesses any other word only where it is a candidate, and costs no less than
    the tree free to probe with every word."""
    lex = small_lists(11, 200, 300)
    engine = Engine.build(lex, cache=False)
    probes = [w for w in lex.guesses if w not in set(lex.answers)][:40]
    opener = probes[0]
    free = search(TreeSearch(engine, exact=exact), [opener])[0]
    held = search(TreeSearch(engine, exact=exact, probes=probes), [opener])[0]
    assert free.feasible and held.feasible and held.total >= free.total
    played = set()
    for path, node in held.tree.root.nodes():
        played.add(node.guess)
        if node.guess not in probes:
            assert [c.pattern for c in held.tree.play(node.guess)][:-1] == list(path), (path, node.guess)
    assert played - set(probes)  # the answers are still guessed, as candidates
    assert not held.tree.check(lex)[1]


def test_build_tree_picks_the_best_opener(small_lists, wordle):
    lex = small_lists(6, 30, 40)
    engine = Engine.build(lex, cache=False)
    tree = build_tree(engine, openers=4, exact=True)
    ranked = rank_openers(TreeSearch(engine), 4)
    totals = exact_totals(lex, ranked)
    assert tree.root.guess in ranked
    assert tree.evaluate(lex.answers).total == min(totals.values()) == tree.meta["total"]
    assert build_tree(engine, ranked[-1], exact=True).meta["total"] == totals[ranked[-1]]
    with pytest.raises(ChuteError, match="within 1 row$"):
        build_tree(engine, ranked[0], rows=1)


def test_jobs_give_the_same_trees(small_lists, wordle):
    lex = small_lists(8, 40, 40)
    engine = Engine.build(lex, cache=False)
    openers = rank_openers(TreeSearch(engine), 2)
    one = search(TreeSearch(engine, top=5), openers, jobs=1)
    two = search(TreeSearch(engine, top=5), openers, jobs=2)
    assert [r.total for r in one] == [r.total for r in two]
    assert [r.tree.to_dict()["tree"] for r in one] == [r.tree.to_dict()["tree"] for r in two]


# ----- small sets whose cost is known by hand ----------------------------------------------------------


def opener_total(words, opener, rows=6, guesses=None):
    lex = (
        words_lexicon(words)
        if guesses is None
        else Lexicon("t", 3, tuple(words), tuple(sorted(set(words) | set(guesses))))
    )
    return search(TreeSearch(Engine.build(lex, cache=False), rows=rows, exact=True), [opener])[0]


def test_hand_worked_costs():
    # a candidate that splits the rest: 1 + 2 + 2
    assert opener_total(["abc", "abd", "xyz"], "abc").total == 5
    # no guess tells cat, bat, hat apart at once: 1 + 2 + 3
    assert opener_total(["cat", "bat", "hat"], "cat").total == 6
    # a non-candidate that splits them: 2 + 2 + 2, no better
    assert opener_total(["cat", "bat", "hat"], "bhx", guesses=["bhx"]).total == 6
    # two rows: only a candidate that splits everything finishes
    assert opener_total(["abc", "abd", "xyz"], "abc", rows=2).total == 5
    assert not opener_total(["cat", "bat", "hat"], "cat", rows=2).feasible
    assert opener_total(["cat", "bat", "hat"], "cat", rows=3).total == 6


def test_row_limit_is_respected(small_lists, wordle):
    lex = small_lists(4, 60, 20)
    engine = Engine.build(lex, cache=False)
    opener = rank_openers(TreeSearch(engine), 1)[0]
    free = search(TreeSearch(engine, rows=8, exact=True), [opener])[0]
    worst = free.tree.evaluate(lex.answers).worst
    tight = search(TreeSearch(engine, rows=worst - 1, exact=True), [opener])[0]
    if tight.feasible:
        assert tight.total >= free.total
        assert tight.tree.evaluate(lex.answers).worst <= worst - 1
    assert not search(TreeSearch(engine, rows=1), [opener])[0].feasible


def test_hard_mode_trees_obey_the_rule(small_lists, wordle):
    lex = small_lists(9, 60, 200)
    engine = Engine.build(lex, cache=False)
    for rule in ("hard", "strict"):
        res = search(TreeSearch(engine, rule=rule, top=5), rank_openers(TreeSearch(engine), 1))[0]
        tree = res.tree
        assert tree.rule == rule
        stats, problems = tree.check(lex)
        assert problems == [] and stats.total == res.total
        for path, node in tree.root.nodes():
            clues, n = [], tree.root
            for p in path:
                clues.append(Clue(n.guess, p))
                n = n.children[p]
            assert violation(node.guess, clues, rule) is None


# ----- the tree object, files, --check --------------------------------------------------------------------


def toy_tree() -> tuple[DecisionTree, Lexicon]:
    lex = words_lexicon(["abc", "abd", "xyz", "xya"])
    res = search(TreeSearch(Engine.build(lex, cache=False), exact=True), ["abc"])[0]
    return res.tree, lex


def test_tree_follows_patterns_and_round_trips(tmp_path):
    tree, lex = toy_tree()
    assert tree.guess_for([]) == "abc"
    assert tree.next_guess([]) == "abc"
    pat = score("abc", "xyz")
    follow = tree.guess_for([pat])
    assert follow in ("xyz", "xya")
    assert tree.next_guess([Clue("abc", pat)]) == follow
    assert tree.next_guess([("abc", pat)]) == follow
    assert tree.next_guess([Clue("xyz", pat)]) is None  # not the tree's guess
    assert tree.guess_for(["ygyg"[:3]]) is None  # no such branch
    path = tmp_path / "t.json"
    tree.save(path)
    again = DecisionTree.load(path)
    assert again.to_dict() == tree.to_dict()
    assert again.evaluate(lex.answers).total == tree.evaluate(lex.answers).total
    assert again.stats() == tree.evaluate(lex.answers)  # from the stored counts alone
    text = tree.to_text(lex)
    assert len(text.splitlines()) == sum(1 for _ in tree.root.nodes())
    assert text.startswith("start  ABC  4 left")
    dot = tree.to_dot()
    assert dot.startswith("digraph") and dot.count("->") == sum(1 for _ in tree.root.nodes()) - 1


def test_check_finds_broken_trees():
    tree, lex = toy_tree()
    assert tree.check(lex)[1] == []
    # a missing branch
    broken = DecisionTree.from_dict(tree.to_dict())
    broken.root.children.pop(sorted(broken.root.children)[0])
    stats, problems = broken.check(lex)
    assert stats.failures and any("leaves the tree" in p for p in problems)
    # a guess the lists do not accept
    bad = DecisionTree.from_dict(tree.to_dict())
    bad.root.guess = "qqq"
    assert any("not an accepted guess" in p for p in bad.check(lex)[1])
    # over the row limit
    short = DecisionTree.from_dict(tree.to_dict())
    short.rows = 1
    assert any("over the 1-row limit" in p for p in short.check(lex)[1])
    # a hard-mode tree whose second guess ignores a green
    hard = DecisionTree(TreeNode("abc", 2, {"ggb": TreeNode("xyz", 1, {})}), 3, 6, "hard")
    assert any("hard mode" in p for p in hard.check(words_lexicon(["abc", "abd", "xyz"]))[1])


@pytest.mark.parametrize(
    "content,message",
    [
        ("{not json", "not valid JSON"),
        ("[]", "not a chute tree"),
        ('{"format": "chute-tree", "version": 99}', "unsupported tree version"),
        ('{"format": "chute-tree", "version": 1, "length": 3, "tree": {"guess": "ab"}}', "bad guess"),
        (
            '{"format": "chute-tree", "version": 1, "length": 3, "tree": {"guess": "abc", '
            '"next": {"gxb": {"guess": "abd"}}}}',
            "bad pattern",
        ),
        (
            '{"format": "chute-tree", "version": 1, "length": 3, "rule": "easy", "tree": {"guess": "abc"}}',
            "bad hard-mode rule",
        ),
        ('{"format": "chute-tree", "version": 1, "length": 3, "tree": {"guess": "abc", "next": []}}', 'bad "next"'),
    ],
)
def test_malformed_files_are_clear_errors(tmp_path, content, message):
    path = tmp_path / "t.json"
    path.write_text(content)
    with pytest.raises(TreeError, match=message):
        DecisionTree.load(path)


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(TreeError, match="not found"):
        DecisionTree.load(tmp_path / "none.json")
    with pytest.raises(TreeError, match="directory"):
        DecisionTree.load(tmp_path)


def test_parse_top():
    assert parse_top("50,12,3") == (50, 12, 3)
    assert parse_top(7) == (7,)
    for bad in ("x", "0", ""):
        with pytest.raises(Exception):
            parse_top(bad)


# ----- the command ---------------------------------------------------------------------------------------


@pytest.fixture
def word_files(small_lists, tmp_path, wordle):
    lex = small_lists(12, 40, 60)
    answers = tmp_path / "answers.txt"
    guesses = tmp_path / "guesses.txt"
    answers.write_text("\n".join(lex.answers) + "\n")
    guesses.write_text("\n".join(lex.guesses) + "\n")
    return ["--answers", str(answers), "--guesses", str(guesses)], lex


def test_cli_search_save_and_check(cli, tmp_path, word_files):
    lists, lex = word_files
    out = tmp_path / "tree.json"
    dot = tmp_path / "tree.dot"
    status, text, talk = cli("tree", *lists, "--openers", "2", "--exact", "--out", out, "--dot", dot, "--text", "-")
    assert status == 0
    # the tree text is the data on stdout; every other line is talk on stderr
    assert text.startswith("start ") and "best:" not in text
    assert "proven optimal" in talk and "best:" in talk
    tree = DecisionTree.load(out)
    assert dot.read_text().startswith("digraph")
    status, out, _ = cli("tree", *lists, "--check", out, "--json")
    assert status == 0
    report = json.loads(out)
    assert report["sound"] and report["games"] == 40 and report["total"] == tree.meta["total"]
    status, out, _ = cli("tree", *lists, "--opener", tree.root.guess, "--json")
    assert status == 0
    data = json.loads(out)
    assert data["openers"][0]["total"] >= tree.meta["total"]


@pytest.mark.parametrize(
    "command, option, what",
    [
        (["tree", "--openers", "1"], "--out", "tree"),
        (["tree", "--openers", "1"], "--text", "tree text"),
        (["bench", "--quiet"], "--csv", "games CSV"),
        (["prove", "--top", "1", "--quiet"], "--csv", "openers CSV"),
    ],
)
def test_the_result_of_a_long_run_its_file_cannot_take_is_kept_elsewhere(
    cli, tmp_path, word_files, monkeypatch, command, option, what
):
    """A full disk at the end of a search or a benchmark: one line, status 2, the result kept in the temp folder."""
    import tempfile

    import chute.files
    from chute.errors import StorageError

    lists, lex = word_files
    out = tmp_path / "result.out"
    out.write_text("the user's old file\n")
    real = chute.files.write_atomic

    def full(path, data, what="file"):
        if str(path) == str(out):
            raise StorageError(f"cannot write {what} {path}: No space left on device")
        return real(path, data, what)

    monkeypatch.setattr(chute.files, "write_atomic", full)
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "elsewhere"))
    argv = [command[0], *lists, *command[1:], option, str(out)]
    status, _, err = cli(*argv)
    assert status == 2 and err.count("\n") == 1 and f"No space left on device; the {what} is kept in " in err, err
    kept = Path(err.split("kept in ", 1)[1].strip())
    assert kept.parent == tmp_path / "elsewhere" and kept.name.startswith("chute-result-") and kept.suffix == ".out"
    if option == "--out":
        assert DecisionTree.load(kept).evaluate(lex.answers).games == len(lex.answers)
    else:
        assert len(kept.read_text().splitlines()) > (
            20 if command[0] == "tree" else len(lex.answers) if command[0] == "bench" else len(lex.guesses)
        )
    assert out.read_text() == "the user's old file\n"
    # nowhere to keep it either: the error alone
    monkeypatch.setattr(tempfile, "mkstemp", lambda **k: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    status, _, err = cli(*argv)
    assert status == 2 and err == f"chute: error: cannot write {what} {out}: No space left on device\n"


def test_every_output_of_a_run_is_tried_and_kept_when_its_file_is_refused(cli, tmp_path, word_files, monkeypatch):
    """bench --csv and --plot on a full disk: the plot is tried and kept though the CSV failed first; one line."""
    import tempfile

    import chute.files

    pytest.importorskip("matplotlib", reason="the plot extra (matplotlib) is part of the test extra")
    lists, lex = word_files
    csv, plot = tmp_path / "g.csv", tmp_path / "h.png"
    real = chute.files.write_atomic

    def full(path, data, what="file"):
        if str(path) in (str(csv), str(plot)):
            raise chute.files.StorageError(f"cannot write {what} {path}: No space left on device")
        return real(path, data, what)

    monkeypatch.setattr(chute.files, "write_atomic", full)
    (tmp_path / "kept").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "kept"))
    status, _, err = cli("bench", *lists, "--quiet", "--csv", csv, "--plot", plot)
    assert status == 2
    assert err.count("\n") == 1 and "the games CSV is kept in " in err and "; cannot write plot " in err, err
    kept = {k.suffix: k for k in (tmp_path / "kept").iterdir()}
    assert sorted(kept) == [".csv", ".png"] and not csv.exists() and not plot.exists()
    assert len(kept[".csv"].read_text().splitlines()) == 1 + len(lex.answers)
    assert kept[".png"].read_bytes().startswith(b"\x89PNG")


def test_a_tree_goes_to_standard_output_with_out_dash(cli, word_files):
    """--out - writes the tree's JSON on stdout (the figures on stderr); only one output may take stdout."""
    lists, lex = word_files
    status, out, err = cli("tree", *lists, "--openers", "1", "--out", "-")
    tree = DecisionTree.from_dict(json.loads(out))
    assert status == 0 and tree.evaluate(lex.answers).games == len(lex.answers) and "best:" in err
    status, _, err = cli("tree", *lists, "--openers", "1", "--out", "-", "--text", "-")
    assert status == 2 and "only one of --out, --text and --dot" in err
    assert cli("tree", *lists, "--openers", "1", "--out", "-", "--json")[0] == 2


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux), a device every write fills")
def test_a_tree_written_to_a_full_device_is_kept_elsewhere(cli, tmp_path, word_files, monkeypatch):
    """/dev/full refuses every write with 'No space left on device', as a full disk does."""
    import tempfile

    lists, lex = word_files
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    status, _, err = cli("tree", *lists, "--openers", "1", "--quiet", "--out", "/dev/full")
    assert status == 2
    assert err.startswith("chute: error: cannot write tree /dev/full: No space left on device; the tree is kept in ")
    kept = Path(err.split("kept in ", 1)[1].strip())
    assert kept.parent == tmp_path and DecisionTree.load(kept).evaluate(lex.answers).games == len(lex.answers)


def test_cli_check_unsound_tree_and_bad_file(cli, tmp_path, word_files):
    lists, lex = word_files
    tree = DecisionTree(TreeNode(lex.answers[0], 40, {}), 5, 6, None)
    path = tmp_path / "t.json"
    tree.save(path)
    status, out, _ = cli("tree", *lists, "--check", path)
    assert status == 1 and "NOT sound" in out
    # a tree that finds one answer: its mean is over that one, every answer missed is a problem, counts written whole
    missed = len(lex.answers) - 1
    assert f"1 guess for 1 of {len(lex.answers):,} answers found, mean 1.0000" in out
    assert f"; {missed:,} not found within the rows" in out and f"NOT sound: {missed:,} problems" in out
    path.write_text("{oops")
    status, _, err = cli("tree", *lists, "--check", path)
    assert status == 2
    assert err.startswith("chute: error:") and "not valid JSON" in err and len(err.splitlines()) == 1


def test_cli_opener_as_the_player_spells_it(cli, tmp_path):
    """An opener typed in capitals and with its accent is the folded word (it was a traceback)."""
    words = tmp_path / "words.txt"
    words.write_text("terço\ntorce\ncorte\ncerto\nsorte\nmorte\n")
    lists = ["--game", "termo", "--answers", str(words), "--guesses", str(words)]
    status, out, _ = cli("tree", *lists, "--opener", "TERÇO", "--exact", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["best"] == "terco" and data["openers"][0]["total"] >= 6


def test_cli_bad_options(cli, word_files):
    lists, _ = word_files
    status, _, err = cli("tree", *lists, "--opener", "zzzzz")
    assert status == 2 and "not an accepted" in err
    assert cli("tree", *lists, "--top", "0")[0] == 2 and cli("tree", *lists, "--jobs", "0")[0] == 2


@pytest.mark.parametrize("rule", ["hard", "strict"])
def test_compiled_hard_mode_filter_is_the_python_rule(rule):
    """kernels.tree.filter_allowed, rules.legal_mask and rules.violation agree on random histories."""
    import random

    import numpy as np

    from chute import Engine
    from chute.game.feedback import Clue, encode, score
    from chute.game.rules import allowed_rows, violation
    from chute.kernels.tree import filter_allowed

    lex = load_lexicon("wordle")
    engine = Engine.build(lex)
    letters = engine.guess_letters
    rng = random.Random(9 if rule == "hard" else 10)
    sample = rng.sample(range(len(lex.guesses)), 2500)
    for _ in range(30):
        secret = rng.choice(lex.answers)
        clues = [Clue(g, score(g, secret)) for g in rng.sample(lex.guesses, rng.randint(1, 3))]
        rows = np.arange(len(lex.guesses), dtype=np.int32)
        for clue in clues:
            out = np.empty(len(rows), dtype=np.int32)
            g = np.array([ord(c) - 97 for c in clue.guess], dtype=letters.dtype)
            n = filter_allowed(letters, rows, g, encode(clue.pattern), rule == "strict", out)
            rows = out[:n]
        compiled = set(rows.tolist())
        assert compiled == set(allowed_rows(engine, clues, rule).tolist())
        python = {i for i in sample if violation(lex.guesses[i], clues, rule) is None}
        assert python == compiled & set(sample), [str(c) for c in clues]


@pytest.mark.parametrize("exact", [False, True])
def test_the_compiled_three_row_search_is_the_python_search(small_lists, wordle, exact, monkeypatch):
    """Nodes with three rows left are searched by a compiled kernel: the same totals and the same trees."""
    from chute.kernels import tree as kernels

    calls = []
    kernel = kernels.solve_three
    monkeypatch.setattr(kernels, "solve_three", lambda *a: calls.append(1) or kernel(*a))
    lex = small_lists(21, 300, 500)
    openers = random.Random(21).sample(lex.guesses, 4)
    trees = []
    for compiled in (True, False):
        searcher = TreeSearch(Engine.build(lex, cache=False), rows=4, exact=exact)  # bins of three rows
        searcher.compiled_three = compiled
        trees.append([(r.total, r.tree.root.to_dict() if r.tree else None) for r in search(searcher, openers)])
    assert trees[0] == trees[1] and len(calls) > 20


@pytest.mark.parametrize("rule,exact", [("hard", False), ("hard", True), ("strict", False)])
def test_the_compiled_three_row_search_in_hard_modes_is_the_python_search(
    small_lists, wordle, rule, exact, monkeypatch
):
    """Hard modes' nodes with three rows left are compiled too: the same totals and trees as in Python,
    where each guess leaves its own set of guesses allowed next (Wordle's rule, or Termo's strict one)."""
    from chute.kernels import tree as kernels

    calls = []
    kernel = kernels.solve_three_ruled
    monkeypatch.setattr(kernels, "solve_three_ruled", lambda *a: calls.append(1) or kernel(*a))
    lex = small_lists(24, 300, 500)
    openers = random.Random(24).sample(lex.guesses, 4)
    trees = []
    for compiled in (True, False):
        searcher = TreeSearch(Engine.build(lex, cache=False), rows=4, rule=rule, exact=exact)
        searcher.compiled_three = compiled
        trees.append([(r.total, r.tree.root.to_dict() if r.tree else None) for r in search(searcher, openers)])
    assert trees[0] == trees[1] and len(calls) > 20
    assert any(total < INF for total, _ in trees[0])


@pytest.mark.parametrize("rule,exact", [("hard", False), ("hard", True), ("strict", False), ("strict", True)])
def test_the_compiled_four_and_five_row_searches_in_hard_modes_are_the_python_search(
    small_lists, wordle, rule, exact, monkeypatch
):
    """Hard modes' nodes with four rows left are compiled whole, and those with five try their guesses
    compiled (each bin's search inside the kernel, memoised by the bin and the guesses it allows): the same
    totals and trees as the Python nodes, infeasible openers included."""
    calls = []
    method = TreeSearch._solve_ruled  # the kernels call each other: spied on from the Python side
    monkeypatch.setattr(TreeSearch, "_solve_ruled", lambda self, *a, **k: calls.append(a[6]) or method(self, *a, **k))
    lex = small_lists(44, 400, 600)
    openers = random.Random(44).sample(lex.guesses, 4)
    trees = []
    for four, five in ((True, True), (True, False), (False, False)):
        for rows in (5, 6):
            searcher = TreeSearch(Engine.build(lex, cache=False), rows=rows, rule=rule, exact=exact)
            searcher.compiled_four, searcher.compiled_five = four, five
            trees.append([(r.total, r.tree.root.to_dict() if r.tree else None) for r in search(searcher, openers)])
    assert trees[0:2] == trees[2:4] == trees[4:6]
    assert calls.count(4) > 10 and calls.count(5) > 10
    assert any(total < INF for total, _ in trees[0]) and any(total < INF for total, _ in trees[1])


@pytest.mark.parametrize("rows", [5, 6])
def test_the_compiled_hard_mode_searches_stop_at_their_budget(small_lists, wordle, rows, monkeypatch):
    """A budget of cells stops the compiled four- and five-row searches inside the kernel (OverBudget), and
    the memos they kept stay sound: the same search without a budget then finds the total of a search
    never stopped."""
    from chute.search.tree_search import OverBudget

    stopped = []
    method = TreeSearch._solve_ruled

    def spy(self, *a, **k):
        try:
            return method(self, *a, **k)
        except OverBudget:
            stopped.append(a[6])
            raise

    monkeypatch.setattr(TreeSearch, "_solve_ruled", spy)
    lex = small_lists(45, 600, 1400)
    engine = Engine.build(lex, cache=False)
    whole = TreeSearch(engine, rows=rows, rule="hard", exact=True)
    fresh = search_opener(whole, "jambu").total  # most of its cells scanned by the compiled searches
    searcher = TreeSearch(engine, rows=rows, rule="hard", exact=True)
    searcher.budget = whole.cells // 2
    stopped.clear()
    with pytest.raises(OverBudget):
        search_opener(searcher, "jambu")
    assert stopped and searcher.cells < whole.cells  # a kernel said it stopped, early
    searcher.budget = None
    assert search_opener(searcher, "jambu").total == fresh < INF


def test_trees_play_only_the_suggested_words(small_lists, wordle):
    """A lexicon's rare words (read, never suggested) are never played unless they are answers."""
    from dataclasses import replace

    lex = small_lists(5, 30, 60)
    rare = frozenset(random.Random(5).sample([w for w in lex.guesses if w not in lex.answer_set], 40))
    restricted = replace(lex, rare=rare)
    searcher = TreeSearch(Engine.build(restricted, cache=False), exact=True)
    assert set(rank_openers(searcher, 200)).isdisjoint(rare)
    openers = random.Random(5).sample(sorted(set(lex.guesses) - rare), 4)
    brute = brute_force(replace(lex, guesses=tuple(w for w in lex.guesses if w not in rare)))
    results = search(searcher, openers)
    assert {r.opener: r.total for r in results} == {o: brute(o, 6) for o in openers}
    played = {n.guess for r in results if r.tree for _, n in r.tree.root.nodes()}
    assert played and played.isdisjoint(rare)


@pytest.mark.parametrize("exact", [False, True])
def test_one_guess_per_column_of_codes_gives_the_same_trees(small_lists, wordle, exact):
    """Below four rows, only one guess per distinct column of codes is tried: the same totals and trees."""
    lex = small_lists(22, 300, 700)
    openers = random.Random(22).sample(lex.guesses, 3)
    trees = []
    for classes in (True, False):
        searcher = TreeSearch(Engine.build(lex, cache=False), exact=exact)
        searcher.classes = classes
        trees.append([(r.total, r.tree.root.to_dict() if r.tree else None) for r in search(searcher, openers)])
    assert trees[0] == trees[1]


@pytest.mark.parametrize("exact", [False, True])
def test_bounding_every_bin_first_gives_the_same_trees(small_lists, exact, monkeypatch):
    """A guess's pending bins bounded by one scan each before any is searched: the same totals and trees, and
    fewer guesses searched whole; a bound one too high would change them (checked on these lists)."""
    lex = small_lists(1, 500, 1000)
    engine = Engine.build(lex, cache=False)
    openers = rank_openers(TreeSearch(engine), 3)
    trees, searched = [], []
    for first in (True, False):
        searcher = TreeSearch(engine, exact=exact)
        searcher.bounds_first = first
        calls = []
        solve = searcher.solve
        monkeypatch.setattr(searcher, "solve", lambda *a, **k: calls.append(1) or solve(*a, **k))
        trees.append([(r.total, r.tree.root.to_dict() if r.tree else None) for r in search(searcher, openers)])
        searched.append(len(calls))
    assert trees[0] == trees[1]
    assert searched[0] < searched[1]
    if exact:
        assert [t for t, _ in trees[0]] == [1488, 1485, 1489]


@pytest.mark.parametrize("exact", [False, True])
@pytest.mark.parametrize("switch, work", [("ceilings", "cells"), ("refutes_first", "scans")])
def test_each_cut_of_the_search_gives_the_same_trees_for_less_work(small_lists, exact, switch, work, monkeypatch):
    """Each cut on or off: a bin's bound scanning only the guesses its parent set's ceiling leaves in play, and a
    node's guesses refuted first in one compiled pass (here from its first guess on, where a large search waits
    for REFUTE_AFTER tried): the same totals and trees, and less work with it."""
    from chute.search import tree_search

    monkeypatch.setattr(tree_search, "REFUTE_AFTER", 0)
    lex = small_lists(1, 500, 1000)
    engine = Engine.build(lex, cache=False)
    openers = rank_openers(TreeSearch(engine), 3)
    runs = []
    for on in (True, False):
        searcher = TreeSearch(engine, exact=exact)
        setattr(searcher, switch, on)
        searcher.small = False  # the compiled kernels from the start, as a large search runs
        trees = [(r.total, r.tree.root.to_dict() if r.tree else None) for r in search(searcher, openers)]
        runs.append((trees, getattr(searcher, work)))
    assert runs[0][0] == runs[1][0]
    assert runs[0][1] < runs[1][1]
    if exact:
        assert [t for t, _ in runs[0][0]] == [1488, 1485, 1489]


def test_a_bound_with_a_target_decides_as_the_full_bound_does(small_lists):
    """Bounded against a target under a ceiling (the parent set's, or the tightest: the set's own), a set's
    bound refutes exactly when the full bound does, is never above it, and is the full bound itself whenever
    it does not refute, whether the ceiling filters its rows or scans them sorted, highest first, stopping
    early (which reads fewer cells); a ceiling one below the set's own decides otherwise."""
    import numpy as np

    lex = small_lists(4, 400, 600)
    engine = Engine.build(lex, cache=False)
    searcher = TreeSearch(engine, exact=True)
    S = np.arange(len(lex.answers), dtype=np.int32)
    rows = searcher.all_rows
    parent = searcher._ceiling(rows, *searcher._scan(S, rows)[:2]).most
    rng = np.random.default_rng(4)
    decided, wrong, cells = set(), 0, {False: 0, True: 0}
    for m in (3, 8, 20, 60, 150):
        for _ in range(3):
            sub = np.sort(rng.choice(S, m, replace=False)).astype(np.int32)
            full = TreeSearch(engine, exact=True).bound(sub, 4)
            own = searcher._ceiling(rows, *searcher._scan(sub, rows)[:2]).most
            for target in range(m - 6, m + 3):
                refutes = full >= 3 * m - target
                decided.add(refutes)
                for most in (parent, own):
                    for ordered in (False, True):
                        ceiling = Ceiling(rows, most)
                        if ordered:
                            ceiling.by_most()  # sorted, as once SORT_AFTER bounds have asked
                        bounder = TreeSearch(engine, exact=True)
                        got = bounder.bound(sub, 4, ceiling=ceiling, target=target)
                        cells[ordered] += bounder.cells
                        assert (got >= 3 * m - target) == refutes and got <= full
                        if not refutes:
                            assert got == full
                low = TreeSearch(engine, exact=True).bound(sub, 4, ceiling=Ceiling(rows, own - 1), target=target)
                wrong += (low >= 3 * m - target) != refutes
    assert decided == {True, False}
    assert wrong
    assert cells[True] < cells[False]


def test_the_compiled_refutation_is_the_plain_proof(small_lists):
    """``refuted_by_bounds`` refutes a guess exactly when the plain proof does: its figures, its bins' size
    bounds, or one of its bins of three words or more bounded over every guess; the ceiling only spares rows."""
    import numpy as np

    lex = small_lists(6, 300, 500)
    engine = Engine.build(lex, cache=False)
    searcher = TreeSearch(engine, exact=True)
    M, rows, solved = searcher.M, searcher.all_rows, searcher.solved
    rng = np.random.default_rng(6)

    def most(B):
        """The most 2c + p any guess shows over B: its distinct codes, and the solved one again."""
        codes = np.sort(M[:, B], axis=1)
        return int(((np.diff(codes, axis=1) != 0).sum(axis=1) + 1 + (codes[:, -1] == solved)).max())

    def plain(S, g, best, r1):
        codes = M[g, S]
        bins = sorted(([S[codes == c] for c in sorted(set(codes.tolist())) if c != solved]), key=len, reverse=True)
        size = [
            len(b) if len(b) == 1 else 3 if len(b) == 2 else max(2 * len(b) - 1, 3 * len(b) - 2 - searcher.max_parts)
            for b in bins
        ]
        total = len(S) + sum(size)
        if total >= best:
            return True
        # any bin of three words or more that refutes the guess alone, bounded by every guess
        return r1 >= 3 and any(total - s + 3 * len(b) - most(b) >= best for b, s in zip(bins, size) if len(b) > 2)

    outcomes = set()
    for n in (60, 150):
        S = np.sort(rng.choice(len(lex.answers), n, replace=False)).astype(np.int32)
        nb, cand, _ = searcher._scan(S, rows)
        order = np.argsort(-(nb + 2 * cand), kind="stable")[:40]
        ceiling = searcher._ceiling(rows, nb, cand)
        base = 3 * n - int((nb + 2 * cand).max())
        for best in (base + 3, base + 8, base + 20):
            out = searcher._refuted(S, rows, order, nb, cand, best, 4, ceiling)
            expected = [plain(S, int(rows[k]), best, 4) for k in order.tolist()]
            assert out.tolist() == [int(e) for e in expected]
            outcomes.update(expected)
    assert outcomes == {True, False}


def test_the_scan_kernels_agree_and_keep_the_first_guess_of_each_column(small_lists, wordle):
    """Pairs (small sets), growing bins (larger) and row-by-row counts (the largest, or no transposed
    copy) give the same figures, equal to a plain count; the representatives are the first guess of each
    distinct column of codes, scanned alone."""
    import numpy as np

    from chute.kernels import tree as kernels

    lex = small_lists(23, 400, 600)
    searcher = TreeSearch(Engine.build(lex, cache=False))
    M, MT = searcher.M, searcher.MT
    no_mt = np.empty((0, 0), dtype=M.dtype)
    rng = np.random.default_rng(23)
    every = searcher.all_rows
    subset = np.sort(rng.choice(every, 300, replace=False)).astype(np.int32)
    branches = set()
    assert kernels.PAIRS_MAX == 40 and max(kernels.GROW_MAX, 400 // kernels.GROW_MAX_SHARE) == 200
    for n in (3, 17, 40, 41, 90, 200, 201, 330):
        S = np.sort(rng.choice(len(lex.answers), n, replace=False)).astype(np.int32)
        for rows, is_every in ((every, True), (subset, False)):
            figures = []
            for mt in (MT, no_mt):
                nb, cand, sc = (np.empty(len(rows), dtype=np.int64) for _ in range(3))
                reps = np.empty(len(rows), dtype=np.int32)
                count = kernels.scan_classes(
                    M, mt, S, rows, is_every, searcher.hw, searcher.solved, searcher.P, nb, cand, sc, reps
                )
                figures.append((nb[:count].tolist(), cand[:count].tolist(), sc[:count].tolist(), reps[:count].tolist()))
                plain = [np.empty(len(rows), dtype=np.int64) for _ in range(3)]
                kernels.scan(M, mt, S, rows, is_every, searcher.hw, searcher.solved, searcher.P, *plain)
                at = np.searchsorted(rows, reps[:count])  # the representatives' positions in ``rows``
                assert tuple(p[at].tolist() for p in plain) == figures[-1][:3]
                nb, cand, sc = plain
            assert figures[0] == figures[1]
            reps = figures[0][3]
            branches.add(len(reps) < len(rows))  # guesses alike (the representatives scanned alone), or none
            first: dict[bytes, int] = {}
            for k, g in enumerate(rows.tolist()):
                column = M[g, S]
                first.setdefault(column.tobytes(), g)
                sizes = np.bincount(column, minlength=searcher.P)
                c = int(sizes[searcher.solved] > 0)
                assert cand[k] == c and nb[k] == int((sizes > 0).sum()) - c
                assert sc[k] == int(sum(m * searcher.hw[m] for m in sizes[sizes > 0])) - c * int(searcher.hw[1])
            assert reps == sorted(first.values())
    assert branches == {True, False}


def test_the_numpy_primitives_are_the_kernels(small_lists, wordle):
    """A small search scans and splits in numpy (``tree_numpy``) until loading numba pays: each primitive
    gives its kernel's values, types and order (figures, a guess per column of codes, bins, partition
    hashes, the best guesses with and without equal partitions)."""
    import numpy as np

    from chute.kernels import tree as kernels
    from chute.kernels import tree_numpy

    lex = small_lists(46, 400, 600)
    searcher = TreeSearch(Engine.build(lex, cache=False))
    M, P, solved, hw = searcher.M, searcher.P, searcher.solved, searcher.hw
    rng = np.random.default_rng(46)
    every = np.arange(searcher.n_guesses, dtype=np.int32)
    label = np.full(P, -1, dtype=np.int64)
    compared = 0
    classed = set()
    for n in (1, 2, 5, 17, 40, 41, 90, 250):
        S = np.sort(rng.choice(len(lex.answers), n, replace=False)).astype(np.int32)
        subset = np.sort(rng.choice(every, 200, replace=False)).astype(np.int32)
        for rows, is_every in ((every, True), (union(subset, searcher.ans_rows[S]).astype(np.int32), False)):
            k = len(rows)
            outs = []
            rows_of_s = Engine(lex, M).transposed_rows(S)  # S's rows only, as numpy reads a prior's matrix
            for kern, mt in ((kernels, searcher.MT), (tree_numpy, None), (tree_numpy, rows_of_s)):
                plain = [np.empty(k, dtype=np.int64) for _ in range(3)]
                kern.scan(M, mt, S, rows, is_every, hw, solved, P, *plain)
                classes = [np.empty(k, dtype=np.int64) for _ in range(3)] + [np.empty(k, dtype=np.int32)]
                count = kern.scan_classes(M, mt, S, rows, is_every, hw, solved, P, *classes)
                g = int(rows[k // 2])
                hashes = np.empty(k, dtype=np.uint64)
                kern.all_hashes(M, S, rows, solved, P, hashes)
                one = [int(kern.partition_hash(M[int(r)], S, solved, P, label)) for r in rows[:40]]
                tops = []
                for K, dedupe in ((1, True), (30, True), (30, False), (k, True)):
                    out = np.empty(k, dtype=np.int64)
                    got = kern.select_top(M, S, rows, plain[2], plain[1], K, dedupe, solved, P, out)
                    tops.append(out[:got].tolist())
                outs.append(
                    (*plain, count, *(c[:count] for c in classes), *kern.split(M, g, S, solved, P), hashes, one, tops)
                )
            for other in outs[1:]:
                for a, b in zip(outs[0], other):
                    if isinstance(a, np.ndarray):
                        assert a.dtype == b.dtype and a.tolist() == b.tolist()
                    else:
                        assert a == b
            compared += 1
            classed.add(outs[0][3] < k)
    assert compared == 16 and classed == {True, False}  # guesses alike (representatives kept), and none


@pytest.mark.parametrize("patterns, dtype", [(243, np.uint8), (729, np.uint16), (2187, np.uint16)])
def test_figures_counted_by_pattern_are_the_sorted_figures(patterns, dtype, monkeypatch):
    """Sets of a quarter as many words as patterns or more are counted in histograms of guesses x patterns, in
    blocks: the same
    integers as sorting each guess's codes, at either side of the size where counting starts."""
    from chute.kernels import tree_numpy

    rng = np.random.default_rng(patterns)
    solved = patterns - 1
    monkeypatch.setattr(tree_numpy, "COUNT_CELLS", 3 * patterns)  # a few guesses a block
    counted = 0
    for n in ((patterns + 3) // 4 - 1, (patterns + 3) // 4, 3 * patterns):
        codes = rng.integers(0, solved, (50, n)).astype(dtype)
        codes[::7, ::3] = solved  # candidates among the guesses
        cost = tree_numpy.word_cost_table(n)
        got = tree_numpy.figures(codes, cost, solved)
        want = tree_numpy._figures_by_sorting(codes, cost, solved)
        assert all(a.dtype == b.dtype and a.tolist() == b.tolist() for a, b in zip(got, want))
        assert got[1].any() and not got[1].all()
        counted += n * tree_numpy.COUNT_SHARE >= patterns
    assert counted == 2


@pytest.mark.parametrize("exact", [False, True])
def test_a_small_search_runs_in_numpy_and_is_the_compiled_search(small_lists, wordle, exact, monkeypatch):
    """A normal-mode search starts on numpy's primitives (its three-row nodes in Python), reading the matrix's
    columns until NUMPY_TRANSPOSE_SECONDS then its transpose (or the rows it copies of a matrix too large to
    transpose), and moves to the compiled kernels once its scans pass COMPILED_AFTER cells or NUMPY_SECONDS:
    the same totals and trees throughout, and a search that stays small never loads them."""
    import chute.search.matrix_view as matrix_view
    import chute.search.tree_search as tree_search
    from chute.kernels import tree_numpy

    monkeypatch.setattr(tree_search, "_compiler_loaded", lambda: False)  # numba is loaded in the tests
    used = []
    for name in ("scan", "scan_classes", "split", "select_top", "partition_hash"):
        real = getattr(tree_numpy, name)
        monkeypatch.setattr(tree_numpy, name, lambda *a, _real=real, _name=name: used.append(_name) or _real(*a))
    lex = small_lists(47, 150, 250)
    openers = random.Random(47).sample(lex.guesses, 3)
    trees, states = [], []
    never = 10**12
    whole = (0, 0.0)  # the first search's cells and numpy seconds, once it has run
    # numpy throughout (reading the matrix's columns, its transpose, or the rows of a matrix too large to
    # copy), moving on (by cells, by time: 1e-9 is one scan), compiled from the start
    steps = [
        (never, never, never, None),
        (never, never, 0.0, None),
        (never, never, never, 0),
        (None, never, never, None),
        (never, 1e-9, never, None),
        (0, never, never, None),
    ]
    for cells, seconds, transpose_after, transpose_bytes in steps:
        monkeypatch.setattr(tree_search, "COMPILED_AFTER", whole[0] // 2 if cells is None else cells)
        monkeypatch.setattr(tree_search, "NUMPY_SECONDS", seconds)
        monkeypatch.setattr(matrix_view, "NUMPY_TRANSPOSE_SECONDS", transpose_after)
        if transpose_bytes is not None:
            monkeypatch.setattr(matrix_view, "TRANSPOSE_BYTES", transpose_bytes)
        used.clear()
        engine = Engine.build(lex, cache=False)
        searcher = TreeSearch(engine, rows=5, exact=exact)
        trees.append([(r.total, r.tree.root.to_dict() if r.tree else None) for r in search(searcher, openers)])
        read = "transposed" if "transposed" in vars(engine) else "rows" if "_rows_copied" in vars(engine) else None
        states.append((searcher._k is None, set(used), read))
        monkeypatch.setattr(matrix_view, "TRANSPOSE_BYTES", 128 * 2**20)
        if len(trees) == 1:
            whole = (searcher.cells, searcher.numpy_seconds)
    assert all(tree == trees[0] for tree in trees) and any(total < INF for total, _ in trees[0])
    primitives = {"scan", "scan_classes", "split", "partition_hash"} | (set() if exact else {"select_top"})
    assert states[:3] == [(True, primitives, None), (True, primitives, "transposed"), (True, primitives, "rows")]
    assert whole[1] > 0
    assert states[3][0] is False and states[3][1] and states[4][0] is False and states[4][1]
    assert states[5] == (False, set(), "transposed")


def test_the_move_to_the_compiled_kernels_counts_work_not_the_wall_clock(small_lists, monkeypatch):
    """A loaded machine stalls the search between its scans (here: a sleep in each): the CPU it spent is the same,
    so it stays on numpy exactly as on a quiet machine; wall seconds would have compiled the kernels at once."""
    import chute.search.tree_search as tree_search
    from chute.kernels import tree_numpy

    monkeypatch.setattr(tree_search, "_compiler_loaded", lambda: False)  # numba is loaded in the tests
    monkeypatch.setattr(tree_search, "COMPILED_AFTER", 10**12)
    monkeypatch.setattr(tree_search, "NUMPY_SECONDS", 0.5)
    stalled = []
    real = tree_numpy.scan
    monkeypatch.setattr(tree_numpy, "scan", lambda *a: stalled.append(time.sleep(0.06)) or real(*a))
    lex = small_lists(47, 150, 250)
    searcher = TreeSearch(Engine.build(lex, cache=False), rows=5)
    search(searcher, random.Random(47).sample(lex.guesses, 2))
    assert len(stalled) * 0.06 > 0.5 > searcher.numpy_seconds and searcher._k is None  # stalled past it, not working


def test_the_two_row_splitter_check_is_the_plain_rule(small_lists, wordle):
    """A set of three or more with two rows left costs 2m when some non-candidate guess gives every
    candidate its own pattern: the compiled check against a plain one."""
    import numpy as np

    from chute.kernels import tree as kernels

    lex = small_lists(24, 200, 600)
    searcher = TreeSearch(Engine.build(lex, cache=False))
    M, MT, solved = searcher.M, searcher.MT, searcher.solved
    rng = np.random.default_rng(24)
    subset = np.sort(rng.choice(searcher.all_rows, 200, replace=False)).astype(np.int32)
    answers = {0: 0, 1: 0}
    everyone = np.arange(len(lex.answers), dtype=np.int32)
    for trial in range(300):
        # alike words (one bin of a guess, then of another), where a splitter is rare
        B = everyone
        for g in rng.choice(searcher.all_rows, 2):
            words, starts, _ = kernels.split(M, int(g), B, solved, searcher.P)
            if starts[1] - starts[0] >= 3:
                B = words[starts[0] : starts[1]]
        m = int(rng.integers(3, min(len(B), 12) + 1))
        B = np.sort(rng.choice(B, m, replace=False)).astype(np.int32)
        for rows, is_every in ((searcher.all_rows, True), (subset, False)):
            plain = any(len(set(M[g, B].tolist())) == m and solved not in M[g, B] for g in rows.tolist())
            assert kernels._some_guess_splits_all(MT, B, rows, is_every, solved) == plain
            answers[int(plain)] += 1
    assert answers[0] >= 10 and answers[1] >= 10


def test_hard_mode_bitsets_allow_exactly_what_the_rule_allows(wordle):
    """The bitset filter of hard mode keeps exactly the guesses the game's rule allows, in order."""
    import numpy as np

    from chute.kernels import tree as kernels

    searcher = TreeSearch(Engine.build(wordle), rule="hard")
    rnd = random.Random(11)
    guesses = wordle.guesses
    checked = allowed_some = 0
    for _ in range(120):
        parent = np.array(sorted(rnd.sample(range(len(guesses)), rnd.randint(1, 3000))), dtype=np.int32)
        g = rnd.randrange(len(guesses))
        secret = rnd.choice(wordle.answers)
        clue = Clue(guesses[g], score(guesses[g], secret))
        code = int(searcher.M[g, wordle.answers.index(secret)])
        got = searcher._child_allowed(parent, g, code)
        want = [r for r in parent.tolist() if violation(guesses[r], [clue], "hard") is None]
        assert got.tolist() == want, clue
        plain = np.empty(len(parent), dtype=np.int32)
        count = kernels.filter_allowed(searcher.letters, parent, searcher.letters[g], code, False, plain)
        assert plain[:count].tolist() == want
        checked += 1
        allowed_some += 0 < len(want) < len(parent)
    assert checked == 120 and allowed_some > 20


@pytest.mark.parametrize("rule", ["hard", "strict"])
def test_children_are_known_by_what_their_clue_demands(small_lists, wordle, rule):
    """A child's allowed guesses are kept by what the clue demands of the next row (hard mode: the greens and
    each revealed letter's count; strict: the clue): the key and the guesses are those the rule gives."""
    lex = small_lists(25, 120, 600)
    searcher = TreeSearch(Engine.build(lex, cache=False), rule=rule)
    gi = lex.guess_index
    # guesses that repeat a letter meet clues that reveal it once or twice
    rng = random.Random(25)
    guesses = [w for w in lex.guesses if len(set(w)) < 5][:60] + rng.sample(lex.guesses, 60)
    first = guesses[0]
    shown = next(c for c in (searcher.engine.pattern(first, s) for s in lex.answers) if c % 3 == 2)  # a green
    parents = [None, searcher._child_allowed(None, gi[first], shown)]
    for parent in parents:
        pkey = searcher._akey(parent)
        for secret in rng.sample(lex.answers, 12):
            for w in guesses:
                g, code = gi[w], searcher.engine.pattern(w, secret)
                want = searcher._child_allowed(parent, g, code)
                key, child = searcher._child_key(parent, pkey, g, code)
                assert key == searcher._akey(want), (w, secret)
                assert child is None or child.tolist() == want.tolist()
                assert searcher._child(parent, g, code, key)[0].tolist() == want.tolist()
    if rule == "hard":  # the keys are shared: many clues, fewer demands (a grey letter demands nothing)
        clues = {k for k in searcher._child_keys if isinstance(k[1], int)}
        assert len(set(searcher._child_keys.values())) < len(clues)
