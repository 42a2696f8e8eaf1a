"""The shipped trees that finish every word of a game's lists within its rows: the guard's proof and last resort.

Wordle's normal mode keeps every accepted word finishable (``expected``:
each guess it plays leaves only sets the guard's plans finish).  Those plans
are a heuristic search, and from no opener tried do they cover every word
Wordle accepts, so a proof ships beside them: a decision tree, made bin by bin
by the tree search (``scripts/build_safe_tree.py``), that finishes each of
those words (but the offensive ones, which chute never plays) within the
rows.  The policy opens with the tree's first guess; where the plans find no
guess while the game follows the tree, the tree's own guess is one.  So none
of those words is ever lost.  On its second and third rows the tree plays the
policy's own best guess by E(g) wherever a tree exists for it, and there the
policy counts the tree's guess as proven beside the plans'.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from functools import lru_cache
from importlib import resources

from ..search.tree import DecisionTree, TreeError

FOLDER = "data/safe"
_ADOPTED: dict[tuple, DecisionTree] = {}  # (lists' keys, rule, rows) -> a tree built for lists none ships for
INDEX = "index.json"  # each tree's opener, word count, digest and played-words key: read without the tree


def safe_name(lexicon_key: str, rule: str | None, rows: int) -> str:
    """Return the file name of the safe tree for a lexicon (its key), a hard-mode rule and a row limit."""
    return f"safe-{lexicon_key[:16]}-{rule or 'normal'}-{rows}.json.gz"


def digest(data: bytes) -> str:
    """Return the short hash a tree file is known by (its index entry, the keys of rankings it moves)."""
    return hashlib.sha256(data).hexdigest()[:16]


@lru_cache(maxsize=1)
def _index() -> dict:
    """Return the shipped index of safe trees: file name -> {opener, n, rows, played_key, digest}."""
    path = resources.files("chute").joinpath(f"{FOLDER}/{INDEX}")
    try:
        return json.loads(path.read_text(encoding="utf-8")).get("trees", {}) if path.is_file() else {}
    except (OSError, ValueError):  # a damaged package file: no tree, the plans alone
        return {}


@lru_cache(maxsize=8)
def _shipped(name: str) -> DecisionTree | None:
    """Return the packaged tree of that name when it is the one the index names (None: none ships)."""
    path = resources.files("chute").joinpath(f"{FOLDER}/{name}")
    entry = _index().get(name)
    if entry is None or not path.is_file():
        return None
    try:
        data = path.read_bytes()
        if digest(data) != entry.get("digest"):
            return None
        return DecisionTree.from_dict(json.loads(gzip.decompress(data).decode("utf-8")))
    except (OSError, ValueError, TreeError):
        return None


def safe_entry(lexicon, rule: str | None, rows: int) -> tuple[str, dict] | None:
    """Return (file name, index entry) of the safe tree for these lists (None: none ships).

    A tree is for the exact bundled lists (their key, the words chute plays)
    and a row limit of at least its own; never with a common-words floor or
    past answers ruled out, whose policies play other words.
    """
    if lexicon.past or lexicon.common is not None:
        return None
    index = _index()
    if not index:
        return None
    for limit in range(rows, 0, -1):
        name = safe_name(lexicon.listed_key, rule, limit)
        if name in index:
            return (name, index[name]) if index[name].get("played_key", "") == lexicon.played_key else None
    return None


def _adopted_key(lexicon, rule: str | None, rows: int) -> tuple:
    """Return the key a tree adopted for these lists, rule and rows is kept under."""
    return (lexicon.listed_key, lexicon.played_key, rule, rows)


def adopt(lexicon, rule: str | None, rows: int, tree: DecisionTree) -> None:
    """Keep a tree that finishes every word these lists accept (built on first use, or a shipped one that covers
    them) as their safe tree in this process; its digest keys the rankings it moves."""
    tree.meta.setdefault("digest", digest(tree.to_json().encode("utf-8")))
    _ADOPTED[_adopted_key(lexicon, rule, rows)] = tree


def adopted(lexicon, rule: str | None, rows: int) -> DecisionTree | None:
    """Return the tree adopted for these lists, rule and rows (None: none)."""
    return _ADOPTED.get(_adopted_key(lexicon, rule, rows))


def shipped_trees(rule: str | None, rows: int) -> list[DecisionTree]:
    """Return every shipped safe tree of that rule and a row limit within ``rows`` (each checked against its
    digest), for lists that may be a subset of the words one finishes."""
    trees = []
    for name, entry in sorted(_index().items()):
        if name.split("-")[2] == (rule or "normal") and int(entry.get("rows", 0)) <= rows:
            tree = _shipped(name)
            if tree is not None:
                trees.append(tree)
    return trees


def safe_tree(lexicon, rule: str | None, rows: int) -> DecisionTree | None:
    """Return the safe tree of these lists: the shipped one, or one adopted for them (None: neither)."""
    found = safe_entry(lexicon, rule, rows)
    return _shipped(found[0]) if found else adopted(lexicon, rule, rows)


def safe_opener(lexicon, rule: str | None, rows: int) -> str | None:
    """Return the first guess of the safe tree for these lists (None: none), a shipped one read from the index."""
    found = safe_entry(lexicon, rule, rows)
    if found:
        return found[1]["opener"]
    tree = adopted(lexicon, rule, rows)
    return tree.root.guess if tree is not None else None


def safe_guess(lexicon, rule: str | None, rows: int, clues) -> str | None:
    """Return the safe tree's guess after these clues, while they follow it (None: off the tree, or none ships)."""
    tree = safe_tree(lexicon, rule, rows)
    return tree.next_guess(clues) if tree is not None else None


def safe_key(lexicon, rule: str | None, rows: int) -> str:
    """Return a short hash of the safe tree for these lists (empty when none): a ranking it moves keys on it (one
    adopted for a user's lists marked so: there the policy looks two guesses deep, ``expected.users_plan``)."""
    found = safe_entry(lexicon, rule, rows)
    if found:
        return found[1]["digest"]
    tree = adopted(lexicon, rule, rows)
    return f"{tree.meta['digest']}:two-deep" if tree is not None else ""
