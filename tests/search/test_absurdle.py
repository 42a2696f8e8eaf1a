"""Absurdle's adversary (``chute.game.adversary``) and the search that corners it (``chute.search.absurdle``):
against a plain brute force on small lists, normal and hard mode, compiled and in numpy, and the line chute
plays against both tie rules."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from chute import Engine
from chute.game.adversary import least_said, most_said, reply, tied_buckets
from chute.game.feedback import Clue, all_green, decode, encode, score
from chute.game.rules import violation
from chute.search.absurdle import AbsurdleSearch, play_line
from chute.search.absurdle_proof import cornered_proof
from chute.search.prove import prove


def brute_rows(engine: Engine, rule: str | None = None, most: int = 6) -> dict[str, int]:
    """Return, per opener, the fewest rows that corner the adversary whatever a tie keeps, by exhaustive search."""
    guesses = engine.lexicon.guesses
    green = all_green(engine.lexicon.length)

    def kept(g: str, S: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
        bins: dict[str, list[str]] = {}
        for s in S:
            bins.setdefault(score(g, s), []).append(s)
        big = max(len(b) for b in bins.values())
        tied = [p for p, b in bins.items() if len(b) == big]
        return [(p, tuple(bins[p])) for p in ([p for p in tied if p != green] or tied)]

    @cache
    def wins(S: tuple[str, ...], d: int, clues: tuple[Clue, ...]) -> bool:
        if len(S) == 1:
            return d >= 1
        if d <= 1:
            return False
        for g in guesses:
            if rule and violation(g, clues, rule):
                continue
            if all(wins(B, d - 1, (*clues, Clue(g, p)) if rule else ()) for p, B in kept(g, S)):
                return True
        return False

    S = tuple(engine.lexicon.answers)
    out = {}
    for g in guesses:
        for d in range(1, most + 1):
            if all(p == green and len(B) == 1 or wins(B, d - 1, (Clue(g, p),) if rule else ()) for p, B in kept(g, S)):
                out[g] = d
                break
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("compiled", [True, False])
def test_every_opener_needs_the_rows_a_brute_force_finds(small_engine, seed, compiled):
    engine = small_engine(seed=seed, answers=40, extra=40)
    search = AbsurdleSearch(engine, compiled=compiled)
    want = brute_rows(engine)
    assert want, "the brute force corners the adversary from some opener"
    for g, d in want.items():
        assert search.settle(engine.lexicon.guess_index[g], 99) == (d, True), g


@pytest.mark.parametrize("compiled", [True, False])
def test_hard_mode_needs_the_rows_a_brute_force_finds(small_engine, compiled):
    engine = small_engine(seed=5, answers=30, extra=30)
    search = AbsurdleSearch(engine, rule="hard", compiled=compiled)
    want = brute_rows(engine, "hard")
    free = brute_rows(engine)
    assert any(want[g] > free[g] for g in want), "hard mode costs a row somewhere on these lists"
    for g, d in want.items():
        assert search.settle(engine.lexicon.guess_index[g], 99) == (d, True), g


def test_the_proof_finds_the_minimum_and_every_opener_that_achieves_it(small_engine, tmp_path):
    engine = small_engine(seed=7, answers=50, extra=60)
    want = brute_rows(engine)
    best = min(want.values())
    search = AbsurdleSearch(engine)
    proof = prove(search, top=1, journal=tmp_path / "absurdle.journal")
    result = cornered_proof(search, proof)
    assert result.proven and result.rows == best
    assert result.winning == sorted(g for g, d in want.items() if d == best)
    assert len(result.line) == best and result.line[-1] in engine.lexicon.answers
    S = np.arange(len(engine.lexicon.answers))
    ranked = search.ranked(S, top=10)
    assert result.line[0] == ranked[0].guess == search.ranked(S, top=1)[0].guess  # the line opens as suggest does
    assert ranked == sorted(ranked, key=lambda c: (c.rows, c.largest, c.guess))
    # the journal holds every opener: a second run settles nothing again and says the same
    again = prove(AbsurdleSearch(engine), top=1, journal=tmp_path / "absurdle.journal")
    assert cornered_proof(search, again).winning == result.winning


@pytest.mark.parametrize("keep", [least_said, most_said])
def test_following_the_suggestions_wins_in_the_fewest_rows_whatever_the_tie_rule(small_engine, keep):
    for seed in (11, 12):
        engine = small_engine(seed=seed, answers=60, extra=60)
        search = AbsurdleSearch(engine)
        S = np.arange(len(engine.lexicon.answers))
        fewest = search.rows_to_win(S)
        line = play_line(search, S, search.ranked(S, top=1)[0].guess, keep)
        assert len(line) == fewest


def test_the_adversary_keeps_a_largest_bucket_and_never_the_win_while_another_ties():
    length = 5
    green, grey, one_yellow = encode("ggggg"), encode("bbbbb"), encode("ybbbb")
    codes = np.array([green, grey, one_yellow])  # three buckets of one word each
    assert sorted(tied_buckets(codes, length)) == sorted([grey, one_yellow])
    assert reply(codes, length) == grey  # the fewest greens, then yellows
    assert reply(codes, length, most_said) == one_yellow
    assert reply(np.array([green]), length) == green  # the last word: cornered
    assert reply(np.array([grey, one_yellow, one_yellow]), length) == one_yellow  # the largest first
    two = [encode("gbbbb"), encode("bgbbb")]
    assert decode(least_said(two, length), length) == "bgbbb"  # same counts: grey before green, first letter first
