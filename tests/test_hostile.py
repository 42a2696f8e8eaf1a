"""Hostile and odd input: every repro of the 380-case audit, as a test (one clear line, status 2, nothing lost)."""

from __future__ import annotations

import json
import random
import unicodedata

import pytest

from chute import load_lexicon
from chute.cli import main
from chute.feedback import Clue, score
from chute.knowledge import Knowledge


def run(capsys, *argv):
    """Return (status, stdout, stderr) of a chute command run in this process."""
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def assert_user_error(status, out, err, *words):
    """Assert one clear line on stderr and status 2, mentioning the given words."""
    assert status == 2, (status, out, err)
    assert err.count("\n") == 1 and err.startswith("chute: error:"), err
    assert "Traceback" not in err
    for w in words:
        assert w in err, (w, err)


# ----- a false statement: deductions agree with the filter ------------------------------------------

def test_two_greens_from_two_clues_count_twice(capsys):
    clues = [Clue(g, p) for g, p in (("welkt", "bgbby"), ("viced", "bbbgy"), ("pured", "bbygy"))]
    k = Knowledge.from_clues(clues)
    assert k.min_count["e"] == 2
    assert k.filter(["deter"]) == k.deduced().filter(["deter"]) == ["deter"]
    status, out, _ = run(capsys, "filter", "welkt:bgbby", "viced:bbbgy", "pured:bbygy")
    assert status == 0 and "1 answer fits:\nDETER" in out and "at least 2 E" in out


def test_deductions_never_change_what_fits_on_random_games():
    """Games built to trigger the bug: a doubled letter shown green once in each of two clues."""
    from collections import defaultdict
    lex = load_lexicon("wordle")
    rng = random.Random(14)
    guesses, pool = list(lex.guesses), list(lex.answers)
    single_at = defaultdict(list)           # (letter, position) -> guesses with that letter once, there
    for w in guesses:
        for i, c in enumerate(w):
            if w.count(c) == 1:
                single_at[(c, i)].append(w)
    doubled = [w for w in pool if len(set(w)) < len(w)]
    for _ in range(1500):
        secret = rng.choice(doubled)
        c = next(ch for ch in secret if secret.count(ch) > 1)
        i, j = [p for p, ch in enumerate(secret) if ch == c][:2]
        played = [rng.choice(single_at[(c, i)]), rng.choice(single_at[(c, j)])]
        played += rng.sample(guesses, rng.randint(0, 2))
        rng.shuffle(played)
        clues = [Clue(g, score(g, secret)) for g in played]
        k = Knowledge.from_clues(clues)
        fits = k.filter(pool)
        assert secret in fits
        assert k.deduced().filter(pool) == fits, [str(x) for x in clues]
    # and a plain brute force agrees with the filter on a few of them
    for _ in range(50):
        secret = rng.choice(pool)
        clues = [Clue(g, score(g, secret)) for g in rng.sample(guesses, 3)]
        truth = [w for w in pool if all(score(x.guess, w) == x.pattern for x in clues)]
        assert Knowledge.from_clues(clues).filter(pool) == truth
