"""The opener cache: the ranked first guesses per lexicon, strategy and options, kept on disk.

Ranking every accepted guess against every answer is the costliest step of a
game and its result never changes for the same lists, so it is stored as JSON
next to the engine's matrix (same cache directory, atomic write) and reused.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Callable

from .strategies.base import Ranked

VERSION = 1
STORED = 20          # how many ranked openers an entry keeps


def cache_path(cache_dir: Path, lexicon_key: str) -> Path:
    """Return the opener cache file of a lexicon."""
    return cache_dir / f"openers-{lexicon_key[:32]}.json"


def _read(path: Path, lexicon_key: str) -> dict:
    """Return the entries stored for this lexicon, or {} when the file is missing or not ours."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != VERSION or data.get("lexicon") != lexicon_key:
            return {}
        entries = data["entries"]
        return entries if isinstance(entries, dict) else {}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def _parse(rows) -> list[Ranked] | None:
    """Return stored entries as Ranked, or None if they are malformed."""
    try:
        return [Ranked(str(r["guess"]), float(r["score"]), float(r["expected"]), int(r["worst"]),
                       int(r["parts"]), bool(r["candidate"])) for r in rows]
    except (KeyError, TypeError, ValueError):
        return None


def cached_openers(cache_dir: Path | None, lexicon_key: str, entry: str, top: int,
                   compute: Callable[[int], list[Ranked]]) -> list[Ranked]:
    """Return the best ``top`` openers for an entry key, from the cache or by ``compute(n)``."""
    if cache_dir is None:
        return compute(top)
    path = cache_path(cache_dir, lexicon_key)
    found = _parse(_read(path, lexicon_key).get(entry, []))
    if found and (len(found) >= top or len(found) < STORED):   # short: the whole list
        return found[:top]
    ranked = compute(max(top, STORED))
    from .engine import atomic_write
    entries = _read(path, lexicon_key)          # re-read: another process may have added entries
    entries[entry] = [asdict(r) for r in ranked]       # full precision: cached == computed
    data = {"version": VERSION, "lexicon": lexicon_key, "entries": entries}
    atomic_write(path, json.dumps(data, indent=1).encode())
    return ranked[:top]
