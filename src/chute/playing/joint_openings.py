"""The opening ranking of a multi-board game kept on disk: the first guesses over every word the boards play,
which depend only on the lists, the weights, the policy and the board count (computed once, or shipped with
chute for the bundled games: ``data/openers/``, ``scripts/build_openers.py``)."""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from .joint_policy import Choice, Policy

if TYPE_CHECKING:
    from ..game.words import Lexicon


def _read_text(path: Path | None) -> str | None:
    """Return a kept file's text (None: no cache, or no such file)."""
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None


OPENING_VERSION = 2
OPENING_KEPT = 100  # first guesses kept of an opening ranking (any ``top`` up to it reads the same file)


def opening_name(lexicon: Lexicon, policy: Policy, weights: np.ndarray | None, boards: int) -> str:
    """Return the name of the file an opening ranking of ``boards`` boards is kept in: a hash of the lists, the
    words chute plays, the weights, the policy and the board count."""
    h = hashlib.sha256(
        f"{OPENING_VERSION} {lexicon.key} {policy.label()} {boards} {lexicon.played_key}".encode()
    )  # the words it may suggest
    if weights is not None:
        h.update(np.round(np.asarray(weights, dtype=np.float64), 12).tobytes())
    return f"multi-openers-{h.hexdigest()[:32]}.json"


def kept_opening(
    lexicon: Lexicon, policy: Policy, weights: np.ndarray | None, boards: int, top: int, cache_dir: Path | None
) -> list[Choice] | None:
    """Return the first ``top`` guesses of the opening ranking kept in ``cache_dir`` or shipped with chute for
    these boards' lists, weights, policy and board count, or None where neither holds one (read without the
    boards' matrix)."""
    name = opening_name(lexicon, policy, weights, boards)
    path = None if cache_dir is None else cache_dir / name
    suggested = lexicon.suggested_rows
    want = min(top, len(lexicon.guesses) if suggested is None else len(suggested))
    for read in (lambda: _read_text(path), lambda: _shipped_text(name)):  # the package only on a miss
        found = _choices(read(), lexicon.guess_index)
        if found is not None and len(found) >= want:
            return found[:top]
    return None


def _shipped_text(name: str) -> str | None:
    """Return the text of an opening ranking chute ships (``data/openers/``), None for other lists."""
    try:
        return resources.files("chute").joinpath("data", "openers", name).read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None


def _choices(text: str | None, guess_index: dict) -> list[Choice] | None:
    """Return the opening ranking a kept file holds (None: none, unreadable, or a word these lists lack)."""
    if text is None:
        return None
    try:
        found = [
            Choice(c["guess"], float(c["score"]), float(c["bits"]), float(c["expected"]), float(c["p_hit"]), "opener")
            for c in json.loads(text)
        ]
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    return found if all(c.guess in guess_index for c in found) else None
