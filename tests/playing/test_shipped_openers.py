"""The opener rankings chute ships for its bundled lists: well formed, read on a first run instead of ranking
every guess, and equal to what the code ranks today (else ``python scripts/build_openers.py``)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from chute import load_lexicon
from chute.playing import openers as openers_mod

SHIPPED = sorted(p.name for p in resources.files("chute").joinpath("data", "openers").iterdir()
                 if p.name.endswith(".json"))


def test_the_bundled_lists_have_shipped_rankings_that_check():
    keys = {load_lexicon(name).key for name in ("wordle", "termo")}
    wordle = load_lexicon("wordle")
    assert {f"openers-{k[:32]}.json" for k in keys} | {f"second-{wordle.key[:32]}.json"} == set(SHIPPED)
    second = openers_mod.shipped(wordle.key, "second")
    assert len(second) >= 150                   # every first clue of the default policy's opener
    for entry, stored in second.items():
        assert "|after=salet:" in entry and openers_mod._parse(stored, wordle.key, entry, wordle.is_guess), entry
    for key in keys:
        entries = openers_mod.shipped(key)
        lexicon = next(load_lexicon(n) for n in ("wordle", "termo") if load_lexicon(n).key == key)
        assert len(entries) >= 2                 # the default policy's and entropy's, at least
        for entry, stored in entries.items():
            parsed = openers_mod._parse(stored, key, entry, lexicon.is_suggested)
            assert parsed is not None and len(parsed[0]) == openers_mod.STORED, entry


def test_a_first_suggestion_reads_the_shipped_ranking_and_ranks_nothing(cli, tmp_path, monkeypatch):
    from chute.strategies.expected import ExpectedGuesses
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))           # an empty cache: a first run
    real = ExpectedGuesses.rank

    def rank(self, state, options, top=10):
        if top >= openers_mod.STORED:                               # a whole opener ranking (not one word's figures)
            pytest.fail("the openers were ranked again")
        return real(self, state, options, top)
    monkeypatch.setattr(ExpectedGuesses, "rank", rank)
    for argv in (["suggest"], ["suggest", "--hard"], ["suggest", "--game", "termo"],
                 ["suggest", "--game", "termo", "--strict"], ["suggest", "salet:ybgbb"], ["suggest", "salet:ybbgb"]):
        status, out, err = cli(*argv, "--top", "3")
        assert status == 0 and len(out.splitlines()) >= 4, (argv, err)
    assert not list(tmp_path.glob("openers-*")) and not list(tmp_path.glob("second-*"))   # it ships with chute
    status, out, err = cli("suggest", "salet:ybbgb", "--top", "3")
    assert "keeps every word finishable" in err                     # the stored ranking's note, said again


@pytest.mark.slow
def test_the_shipped_rankings_are_what_chute_ranks_today(cli, tmp_path, monkeypatch):
    """Ranked again with nothing shipped, every command's first ranking is the shipped one, row for row."""
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(openers_mod, "shipped", lambda key, kind="openers": {})
    for argv in (["suggest"], ["suggest", "--game", "termo"], ["suggest", "salet:ybbgb"], ["suggest", "salet:gbbbb"]):
        assert cli(*argv, "--top", "1")[0] == 0
    assert len(list(tmp_path.glob("second-*.json"))) == 1
    for path in [*tmp_path.glob("openers-*.json"), *tmp_path.glob("second-*.json")]:
        computed = json.loads(path.read_text(encoding="utf-8"))
        shipped = _shipped_file(path.name, computed["lexicon"])
        for entry, stored in computed["entries"].items():
            assert _rounded(shipped.get(entry, {}).get("rows")) == _rounded(stored["rows"]), f"{path.name} {entry}"


def _rounded(rows: list[dict] | None) -> list[dict] | None:
    """Return the rows with their figures to 9 significant digits (numpy and the compiled kernels may differ
    in the last bits of a float; the guesses and their order may not)."""
    return None if rows is None else [{k: float(f"{v:.9g}") if isinstance(v, float) else v for k, v in r.items()}
                                      for r in rows]


def _shipped_file(name: str, key: str) -> dict:
    """Return the entries of a shipped opener file, read straight from the package."""
    text = resources.files("chute").joinpath("data", "openers", name).read_text(encoding="utf-8")
    return openers_mod._entries(text, key)
