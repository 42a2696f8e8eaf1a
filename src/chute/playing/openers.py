"""The opener cache: the ranked first guesses per lexicon, strategy and options, kept on disk
(and the ranked second guesses after each first clue), those of the bundled lists shipped with chute
(``data/openers/``).  The best openers known for the bundled lists are ``strategies.known_openers``'.

Ranking every accepted guess against every answer is the costliest step of a
game and its result never changes for the same lists, so it is stored as JSON
next to the engine's matrix (same cache directory, atomic write) and reused.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
import zlib
from collections.abc import Callable
from dataclasses import asdict
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..game.cache import write_cache_file
from ..language import PHRASES
from ..strategies.base import Ranked

VERSION = 3  # 2: entries carry a checksum; 3: depth 2 chooses within its own width (older entries are recomputed)
STORED = 20  # how many ranked openers an entry keeps
SECOND_KEPT = 600  # how many rankings after one clue a lexicon's file keeps (a few first clues per game mode)
# openers published as favourites, that players are known to use, chosen without any game's results: for Wordle
# the ones 3Blue1Brown, WordleBot and the press name, for Termo the game's own name and vowel-heavy words.  Their
# review tables ship (scripts/build_reviews.py), and for Wordle's first SECOND_SHIPPED the rankings after each
# of their first clues (scripts/build_openers.py)
PUBLISHED = {
    "wordle": (
        "adieu",
        "audio",
        "crane",
        "slate",
        "stare",
        "raise",
        "arise",
        "roate",
        "soare",
        "trace",
        "crate",
        "salet",
        "reast",
        "irate",
        "later",
        "alert",
        "tears",
        "tares",
        "train",
        "house",
        "about",
        "alien",
    ),
    "termo": ("termo", "audio", "ideia", "serao", "seria", "sorte", "morte", "canto", "aureo", "saude", "poema"),
}
SECOND_SHIPPED = 12


def cache_path(cache_dir: Path, lexicon_key: str, kind: str = "openers") -> Path:
    """Return the opener cache file of a lexicon (``kind="second"``: the rankings after one clue)."""
    return cache_dir / f"{kind}-{lexicon_key[:32]}.json"


def shipped_name(lexicon_key: str, kind: str = "openers", opener: str = "") -> str:
    """Return the name of the file chute ships for a lexicon and kind (the rankings after one clue: one gzipped
    file per first guess)."""
    return f"{kind}-{opener}-{lexicon_key[:32]}.json.gz" if opener else cache_path(Path("."), lexicon_key, kind).name


@lru_cache(maxsize=16)
def shipped(lexicon_key: str, kind: str = "openers", opener: str = "") -> dict:
    """Return the entries chute ships for the bundled lists (``data/openers/``: the rankings its commands and
    page ask first, and after each first clue of the openers players use most, computed by
    ``scripts/build_openers.py``), so that a first run need not rank them; {} for other lists.  Read once a
    process (a game played through asks after every first clue): not to be changed."""
    name = shipped_name(lexicon_key, kind, opener)
    try:
        data = resources.files("chute").joinpath("data", "openers", name).read_bytes()
        text = (gzip.decompress(data) if name.endswith(".gz") else data).decode("utf-8")
    except (OSError, ValueError, EOFError, zlib.error):  # missing or damaged: ranked as for other lists
        return {}
    return _entries(text, lexicon_key)


def _read(path: Path, lexicon_key: str) -> dict:
    """Return the entries stored for this lexicon, or {} when the file is missing or not ours."""
    try:
        return _entries(path.read_text(encoding="utf-8"), lexicon_key)
    except (OSError, ValueError):
        return {}


def _entries(text: str, lexicon_key: str) -> dict:
    """Return the entries of an opener file's text for this lexicon ({} when it is another's or malformed)."""
    try:
        data = json.loads(text)
        if data.get("version") != VERSION or data.get("lexicon") != lexicon_key:
            return {}
        entries = data["entries"]
        return entries if isinstance(entries, dict) else {}
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return {}


def _checksum(lexicon_key: str, entry: str, rows: list, notes: list | tuple = ()) -> str:
    """Return the checksum that ties stored rows (and the notes ranking them said) to their lexicon and entry key."""
    text = json.dumps(
        [lexicon_key, entry, rows] + ([list(notes)] if notes else []), sort_keys=True, separators=(",", ":")
    )
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def plain_note(key) -> bool:
    """Return whether ``key`` names a note that takes no values (one a stored ranking can say again)."""
    text = PHRASES["en"].get(key) if isinstance(key, str) else None
    return isinstance(text, str) and "{" not in text


def _parse(
    stored, lexicon_key: str, entry: str, accepted: Callable[[str], bool]
) -> tuple[list[Ranked], tuple[str, ...]] | None:
    """Return a stored entry as (Ranked, the keys of the notes ranking it said), or None if it is malformed,
    edited, or names a word not accepted or a note chute cannot say again."""
    try:
        rows, checksum, notes = stored["rows"], stored["checksum"], stored.get("notes", [])
        if checksum != _checksum(lexicon_key, entry, rows, notes):
            return None
        ranked = [
            Ranked(
                str(r["guess"]),
                float(r["score"]),
                float(r["expected"]),
                int(r["worst"]),
                int(r["parts"]),
                bool(r["candidate"]),
            )
            for r in rows
        ]
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    if not ranked or not all(accepted(r.guess) and math.isfinite(r.score) for r in ranked):
        return None
    if not isinstance(notes, list) or not all(plain_note(k) for k in notes):
        return None
    return ranked, tuple(notes)


def cached_openers(
    cache_dir: Path | None,
    lexicon_key: str,
    entry: str,
    top: int,
    compute: Callable[[int], list[Ranked]],
    accepted: Callable[[str], bool],
    kind: str = "openers",
    keep: Callable[[], tuple[str, ...] | None] = lambda: (),
    limit: int | None = None,
    heard: Callable[[tuple[str, ...]], None] = lambda notes: None,
    shown: Callable[[str], bool] = lambda word: True,
    opener: str = "",
    listed_key: str = "",
) -> list[Ranked]:
    """Return the best ``top`` guesses for an entry key, from the cache or by ``compute(n)``.

    ``accepted`` tells the words of the lexicon: a stored entry naming another
    word, failing its checksum or malformed is recomputed and stored again.
    ``kind`` names the file (openers, or second-row rankings); once a ranking
    is computed, ``keep()`` gives the keys of the notes to store beside it
    (notes that take no values), or None not to store it; a stored ranking
    read back tells ``heard`` its notes; past ``limit`` entries the oldest are
    dropped; ``shown`` drops a stored word chute no longer plays (an offensive one, in a ranking made before
    it stopped suggesting them) from what is read; ``opener`` names the shipped file of the rankings after a
    first guess's clues, and ``listed_key`` the lists whose shipped rankings serve (the bundled lists', where
    a lexicon widened to a prior's words ranks as they do; default ``lexicon_key``).
    """
    if cache_dir is None:
        return compute(top)
    path = cache_path(cache_dir, lexicon_key, kind)
    parsed = _parse(_read(path, lexicon_key).get(entry), lexicon_key, entry, accepted) or _parse(
        shipped(listed_key or lexicon_key, kind, opener).get(entry), listed_key or lexicon_key, entry, accepted
    )
    found, notes = parsed if parsed else ([], ())
    found = [r for r in found if shown(r.guess)]
    if found and (len(found) >= top or len(found) < STORED):  # short: the whole list
        heard(notes)
        return found[:top]
    ranked = compute(max(top, STORED))
    kept = keep() if ranked else None
    if kept is None or not all(plain_note(k) for k in kept):
        return ranked[:top]
    entries = _read(path, lexicon_key)  # re-read: another process may have added entries
    rows = [asdict(r) for r in ranked]  # full precision: cached == computed
    entries.pop(entry, None)  # kept last: the newest
    entries[entry] = {"rows": rows, "checksum": _checksum(lexicon_key, entry, rows, kept)}
    if kept:
        entries[entry]["notes"] = list(kept)
    while limit is not None and len(entries) > limit:
        del entries[next(iter(entries))]
    data = {"version": VERSION, "lexicon": lexicon_key, "entries": entries}
    write_cache_file(path, json.dumps(data, indent=1).encode())
    return ranked[:top]
