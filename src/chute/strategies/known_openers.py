"""The best first guesses known for the bundled lists (``data/best_openers.json``): the proven optima, and the
proven plan the default policy opens with."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources


def best_known(lexicon, rule: str | None, rows: int) -> tuple[str, int] | None:
    """Return (opener, total) of the best opener known for these bundled lists and rule within ``rows`` (None: unknown).

    A tree that finishes within fewer rows finishes within more, so an entry
    for 6 rows serves a 9-row game as the best known (not proven there).
    """
    entry = _known_entry(lexicon, rule, rows)
    return None if entry is None else (entry["opener"], int(entry["total"]))


def planned_known(lexicon, rule: str | None, rows: int) -> tuple[str, int, bool] | None:
    """Return (opener, total, whether it is the best known) of the proven plan the default policy opens with
    (the best known unless an entry names another: ``"planned"``, chosen on chute's own lists where the
    policy plays it better)."""
    entry = _known_entry(lexicon, rule, rows)
    if entry is None:
        return None
    planned = entry.get("planned", entry)
    return planned["opener"], int(planned["total"]), planned is entry


@lru_cache(maxsize=1)
def _entries() -> tuple[dict, ...]:
    """Return the entries of the packaged ``best_openers.json``, read once (the policy asks at every second row)."""
    data = json.loads(resources.files("chute").joinpath("data/best_openers.json").read_text(encoding="utf-8"))
    return tuple(data["entries"])


def _known_entry(lexicon, rule: str | None, rows: int) -> dict | None:
    """Return the entry of ``best_openers.json`` for these bundled lists, rule and rows (None: none)."""
    lexicon = lexicon.listed_lexicon()  # a lexicon widened to a prior's words keeps its answer list
    fits = [
        e
        for e in _entries()
        if e["key"] == lexicon.key[:16]
        and e["rule"] == rule
        and e["rows"] <= rows
        and e.get("suggested", "") == lexicon.suggest_key
    ]
    return max(fits, key=lambda e: (e["rows"], -e["total"])) if fits else None
