"""A large tree search compiles its kernels in a child process first: the made-up searches reach every kernel a
real search calls, and the child runs once, only for a large matrix, before this process loads the kernels."""

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
from chute.search.tree_search import TreeSearch
for exact in (False, True):
    searcher = TreeSearch(Engine.build(load_lexicon("wordle")), rule={rule!r}, exact=exact)
    if {transposed!r}:
        searcher.read_transposed_only()
    searcher.small = False
    searcher.search_opener("salet")
"""


def _signatures(searches: str) -> tuple[dict[str, list[str]], list[str]]:
    """Return, per kernel of ``kernels.tree``, the signatures a fresh process holds after ``searches``, and what
    it compiled rather than read from numba's cache."""
    out = subprocess.run([sys.executable, "-c", SIGNATURES.format(searches=searches)], capture_output=True,
                         text=True, timeout=600, check=True)
    held, compiled = out.stdout.strip().splitlines()[-2:]
    return json.loads(held), json.loads(compiled)


@pytest.mark.parametrize("rule,transposed", [(None, False), ("hard", False), (None, True)])
def test_the_made_up_searches_compile_what_a_real_search_calls(rule, transposed):
    made_up, _ = _signatures(MADE_UP.format(rule=rule, transposed=transposed))
    real, compiled = _signatures(REAL.format(rule=rule, transposed=transposed))
    assert compiled == []          # after them, a real search compiles nothing (not even numba's own helpers)
    called = {name: sigs for name, sigs in real.items() if sigs}
    assert "solve_three" in called or "solve_three_ruled" in called
    missing = {name: sorted(set(sigs) - set(made_up.get(name, []))) for name, sigs in called.items()}
    assert not any(missing.values()), missing


def test_the_made_up_searches_reach_the_last_rows_where_their_bins_are_small():
    """At six letters (729 patterns) the openers' bins on made-up words are small: the set spread over the words
    still reaches the compiled search of a node's last three rows."""
    made_up, _ = _signatures("from chute.search.warm_kernels import warm; warm(6, None, True)")
    assert made_up.get("solve_three")


def test_a_large_search_runs_the_child_once_before_it_loads_its_kernels(tmp_path, monkeypatch):
    from chute import kernels
    monkeypatch.setattr(kernels, "loaded", lambda: False)
    stamp = compile_ahead.stamp_path(tmp_path, 5, None)
    small = compile_ahead.AHEAD_BYTES - 1
    assert not compile_ahead.compile_first(small, 5, None, tmp_path) and not stamp.exists()
    assert not compile_ahead.compile_first(compile_ahead.AHEAD_BYTES, 5, None, None)
    assert compile_ahead.compile_first(compile_ahead.AHEAD_BYTES, 5, None, tmp_path)
    assert stamp.exists()
    assert not compile_ahead.compile_first(compile_ahead.AHEAD_BYTES, 5, None, tmp_path)   # the stamp: done
    assert compile_ahead.stamp_path(tmp_path, 5, "hard") != stamp
    assert compile_ahead.stamp_path(tmp_path, 9, None) != stamp     # two bytes a code: other kernels
    columns = compile_ahead.stamp_path(tmp_path, 5, None, transposed=True)   # the matrix by columns: others
    assert columns != stamp and not columns.exists()
    assert compile_ahead.compile_first(compile_ahead.AHEAD_BYTES, 5, None, tmp_path, True) and columns.exists()


def test_the_search_asks_for_the_child_before_its_first_kernel(tmp_path, monkeypatch, small_engine):
    from chute.search.tree_search import TreeSearch
    asked = []
    monkeypatch.setattr(compile_ahead, "compile_first", lambda *a: asked.append(a) or False)
    engine = small_engine(cache_dir=tmp_path)
    searcher = TreeSearch(engine)
    assert asked == []
    searcher._kernels()
    searcher._kernels()
    assert asked == [(engine.matrix.nbytes, 5, None, engine.cache_dir, False)]


def test_a_child_that_fails_leaves_no_stamp(tmp_path, monkeypatch, capsys):
    from chute import kernels
    monkeypatch.setattr(kernels, "loaded", lambda: False)
    assert not compile_ahead.compile_first(compile_ahead.AHEAD_BYTES, 5, "bogus", tmp_path)
    assert not list(tmp_path.iterdir())
    assert warm_kernels.main(["five"]) == 2 and warm_kernels.main(["0"]) == 2 and warm_kernels.main(["5", "bogus"]) == 2
    assert warm_kernels.main(["5", "hard", "extra"]) == 2
    usage = "usage: python -m chute.search.warm_kernels LENGTH [hard|strict] [--transposed]"
    assert capsys.readouterr().err.splitlines() == [usage] * 4


def test_the_made_up_words_are_distinct_and_as_many_as_there_can_be():
    words = warm_kernels.made_up_words(5)
    assert len(words) == len(set(words)) == warm_kernels.WORDS and {len(w) for w in words} == {5}
    assert len(warm_kernels.made_up_words(3)) == len(warm_kernels.LETTERS) ** 3
