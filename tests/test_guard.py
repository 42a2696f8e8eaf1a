"""The row-limit guard: its answers against a brute-force search, and hard-mode games it saves."""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest

from chute import Engine, Solver, load_lexicon
from chute.feedback import Clue, score
from chute.rules import violation
from chute.session import play
from chute.strategies.guard import Guard
from chute.words import Lexicon


@pytest.fixture(scope="module")
def wordle():
    return load_lexicon("wordle")


def worst_case(lexicon: Lexicon, rule: str | None):
    """Return f(words, allowed, rows): whether some plan finds every word within ``rows`` guesses (brute force)."""

    @lru_cache(maxsize=None)
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
                after = allowed if rule is None else tuple(
                    a for a in allowed if violation(a, [Clue(g, pattern)], rule) is None)
                if not can(tuple(group), after, rows - 1):
                    ok = False
                    break
            if ok:
                return True
        return False

    return can


@pytest.mark.parametrize("rule", [None, "hard"])
def test_the_guard_never_claims_a_plan_that_does_not_exist(wordle, rule):
    """A "yes" is always a real plan; with two rows or fewer the answer is exact."""
    rnd = random.Random(3)
    trap = [w for w in wordle.answers if w.endswith("atch") or w.endswith("ound") or w.endswith("ight")]
    guesses = sorted(set(trap) | set(rnd.sample(wordle.guesses, 60)))
    lexicon = Lexicon("trap", 5, tuple(trap), tuple(guesses))
    engine = Engine.build(lexicon, cache=False)
    brute = worst_case(lexicon, rule)
    allowed = np.arange(len(guesses))
    checked = 0
    for rows in (1, 2, 3, 4):
        for _ in range(12):
            words = sorted(rnd.sample(trap, rnd.randint(2, 8)))
            guard = Guard(engine, rule, budget=10_000)
            verdict = guard.finishable(words, engine.columns(words), allowed, rows)
            truth = brute(tuple(words), tuple(guesses), rows)
            if verdict:
                assert truth, (words, rows)
            if rows <= 2:
                assert verdict == truth, (words, rows)
            checked += 1
    assert checked == 48


@pytest.mark.parametrize("secret", ["foyer", "watch", "willy", "vaunt", "joker", "taunt", "waste"])
def test_hard_mode_games_the_greedy_policy_lost_are_won(wordle, secret):
    """Under the default policy in Wordle's hard mode these answers (lost without the guard) take at most 6 rows."""
    solver = Solver(Engine.build(wordle), "expected-guesses", hard="hard", prior="frequency")
    game = play(solver, secret, rows=None)
    assert game.guesses[-1] == secret and len(game.guesses) <= 6, game.guesses
