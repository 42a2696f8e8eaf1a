"""A first tree search compiles its kernels in child processes first, a part each: the made-up searches reach every
kernel a real search calls, and the children run once, before this process loads the kernels."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from chute.search import compile_ahead, warm_kernels

# the signatures of the kernels a search calls from Python (``kernels.tree``), after a script's searches
SIGNATURES = """
import json, sys
from numba.core import event
compiled = []
class Heard(event.Listener):
    def on_start(self, ev): compiled.append(str(ev.data.get("dispatcher")))
    def on_end(self, ev): pass
event.register("numba:compile", Heard())
from chute.kernels import tree
{searches}
print(json.dumps({{name: sorted(map(str, getattr(tree, name).signatures)) for name in dir(tree)
                   if hasattr(getattr(tree, name), "signatures")}}))
print(json.dumps(compiled))
"""
MADE_UP = "from chute.search.warm_kernels import warm; warm(5, {rule!r}, {transposed!r})"
REAL = """
from chute.game.engine import Engine
from chute.game.words import load_lexicon
from chute.search.opener_search import search_opener
from chute.search.tree_search import TreeSearch
for exact in (False, True):
    searcher = TreeSearch(Engine.build(load_lexicon("wordle")), rule={rule!r}, exact=exact)
    if {transposed!r}:
        searcher.read_transposed_only()
    searcher.small = False
    search_opener(searcher, "salet")
"""


def _signatures(searches: str) -> tuple[dict[str, list[str]], list[str]]:
    """Return, per kernel of ``kernels.tree``, the signatures a fresh process holds after ``searches``, and what
    it compiled rather than read from numba's cache."""
    out = subprocess.run(
        [sys.executable, "-c", SIGNATURES.format(searches=searches)],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    held, compiled = out.stdout.strip().splitlines()[-2:]
    return json.loads(held), json.loads(compiled)


@pytest.mark.parametrize("rule,transposed", [(None, False), ("hard", False), (None, True)])
def test_the_made_up_searches_compile_what_a_real_search_calls(rule, transposed):
    made_up, _ = _signatures(MADE_UP.format(rule=rule, transposed=transposed))
    real, compiled = _signatures(REAL.format(rule=rule, transposed=transposed))
    assert compiled == []  # after them, a real search compiles nothing (not even numba's own helpers)
    called = {name: sigs for name, sigs in real.items() if sigs}
    assert "solve_three" in called or "solve_three_ruled" in called
    missing = {name: sorted(set(sigs) - set(made_up.get(name, []))) for name, sigs in called.items()}
    assert not any(missing.values()), missing


def test_the_made_up_searches_reach_the_last_rows_where_their_bins_are_small():
    """At six letters (729 patterns) the openers' bins on made-up words are small: the set spread over the words
    still reaches the compiled search of a node's last three rows."""
    made_up, _ = _signatures("from chute.search.warm_kernels import warm; warm(6, None, True)")
    assert made_up.get("solve_three")


def test_a_first_search_runs_the_children_once_before_it_loads_its_kernels(tmp_path, monkeypatch):
    from chute import kernels

    monkeypatch.setattr(kernels, "loaded", lambda: False)
    stamp = compile_ahead.stamp_path(tmp_path, 5, None)
    small, large = compile_ahead.AHEAD_BYTES - 1, compile_ahead.AHEAD_BYTES
    assert not compile_ahead.compile_first(large, 5, None, None)  # no cache: nowhere to say it was done
    monkeypatch.setattr(compile_ahead, "compiled_before", lambda length, rule: True)
    assert not compile_ahead.compile_first(small, 5, None, tmp_path) and not stamp.exists()
    assert compile_ahead.compile_first(large, 5, None, tmp_path)  # a large matrix trusts its stamp alone
    assert stamp.exists()
    assert not compile_ahead.compile_first(large, 5, None, tmp_path)  # the stamp: done
    stamp.unlink()
    monkeypatch.setattr(compile_ahead, "compiled_before", lambda length, rule: False)
    assert compile_ahead.compile_first(small, 5, None, tmp_path) and stamp.exists()
    assert compile_ahead.stamp_path(tmp_path, 5, "hard") != stamp
    assert compile_ahead.stamp_path(tmp_path, 9, None) != stamp  # two bytes a code: other kernels
    columns = compile_ahead.stamp_path(tmp_path, 5, None, transposed=True)  # the matrix by columns: others
    assert columns != stamp and not columns.exists()
    assert compile_ahead.compile_first(large, 5, None, tmp_path, True) and columns.exists()


def test_the_children_compile_the_parts_in_turn_and_stop_at_one_that_fails(tmp_path, monkeypatch):
    from chute import kernels

    monkeypatch.setattr(kernels, "loaded", lambda: False)
    monkeypatch.setattr(compile_ahead, "compiled_before", lambda length, rule: False)
    ran = []
    monkeypatch.setattr(compile_ahead, "_run_part", lambda part, *a: ran.append((part, *a)) or part != 2)
    assert not compile_ahead.compile_first(1, 4, None, tmp_path)
    assert ran == [(0, 4, None, False), (1, 4, None, False), (2, 4, None, False)]
    assert not list(tmp_path.iterdir())  # a part failed: no stamp, the search compiles the rest
    ran.clear()
    monkeypatch.setattr(compile_ahead, "_run_part", lambda part, *a: ran.append(part) or True)
    assert compile_ahead.compile_first(1, 4, "hard", tmp_path)
    assert ran == compile_ahead.parts("hard") == [k for k in range(len(compile_ahead.PARTS)) if k != 1]
    assert compile_ahead.parts(None) == list(range(len(compile_ahead.PARTS)))


def test_the_parts_hold_every_step_once(small_engine):
    steps = [name for names in compile_ahead.PARTS for name in names]
    assert len(steps) == len(set(steps))
    assert set(steps) == set(warm_kernels._steps(3, None, False))


def test_numba_cache_says_which_codes_the_search_was_compiled_for(monkeypatch):
    from numba import types

    saved = [(types.Array(types.uint8, 2, "C"), types.Array(types.uint8, 2, "C"))]
    monkeypatch.setattr(compile_ahead, "saved_signatures", lambda kernel: saved)
    assert compile_ahead.compiled_before(5, None) and compile_ahead.compiled_before(3, "hard")
    assert not compile_ahead.compiled_before(9, None)  # two bytes a code: not compiled yet
    monkeypatch.setattr(compile_ahead, "saved_signatures", lambda kernel: [])
    assert not compile_ahead.compiled_before(5, None)


def test_a_kernel_compiles_once_whatever_constant_its_callers_pass(tmp_path):
    """A constant argument (``False``, ``0``) is typed apart from the flag or number a caller computes: the
    kernel it reaches would compile a second time, with all it calls (50 MB and seconds on a first run)."""
    script = """
import json
from chute.search.warm_kernels import warm
warm(3, None)
warm(3, "hard")
from chute.kernels import hard, scan, small_trees
twice = {}
for module in (hard, scan, small_trees):
    for name in dir(module):
        kernel = getattr(module, name)
        for sig in getattr(kernel, "signatures", [])[1:]:
            plain = [str(t).replace("Literal[bool](False)", "bool").replace("Literal[int](0)", "int64") for t in sig]
            first = [str(t) for t in kernel.signatures[0]]
            if plain == first:
                twice[name] = [str(t) for t in sig]
print(json.dumps(twice))
"""
    env = {**__import__("os").environ, "NUMBA_CACHE_DIR": str(tmp_path)}  # compiled here, callees included
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=600, check=True, env=env
    )
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {}


def test_the_search_asks_for_the_child_before_its_first_kernel(tmp_path, monkeypatch, small_engine):
    from chute.search import tree_search
    from chute.search.tree_search import TreeSearch

    asked = []
    monkeypatch.setattr(tree_search, "compile_first", lambda *a: asked.append(a) or False)
    engine = small_engine(cache_dir=tmp_path)
    searcher = TreeSearch(engine)
    assert asked == []
    searcher._kernels()
    searcher._kernels()
    assert asked == [(engine.matrix.nbytes, 5, None, engine.cache_dir, False)]


def test_a_child_that_fails_leaves_no_stamp(tmp_path, monkeypatch, capsys):
    from chute import kernels

    monkeypatch.setattr(kernels, "loaded", lambda: False)
    monkeypatch.setattr(compile_ahead, "compiled_before", lambda length, rule: False)
    assert not compile_ahead.compile_first(compile_ahead.AHEAD_BYTES, 5, "bogus", tmp_path)
    assert not list(tmp_path.iterdir())
    assert warm_kernels.main(["five"]) == 2 and warm_kernels.main(["0"]) == 2 and warm_kernels.main(["5", "bogus"]) == 2
    assert warm_kernels.main(["5", "hard", "extra"]) == 2
    assert warm_kernels.main(["5", "--part", "9"]) == 2 and warm_kernels.main(["5", "--part"]) == 2
    assert capsys.readouterr().err.splitlines() == [warm_kernels.USAGE] * 6


def test_the_made_up_words_are_distinct_and_as_many_as_there_can_be():
    words = warm_kernels.made_up_words(5)
    assert len(words) == len(set(words)) == warm_kernels.WORDS and {len(w) for w in words} == {5}
    assert len(warm_kernels.made_up_words(3)) == len(warm_kernels.LETTERS) ** 3
