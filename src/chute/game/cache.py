"""The on-disk cache as a whole: what it holds, its size against its limit, and keeping it within it.

Each pattern matrix (``matrix-KEY.bin`` and its stamp ``.ok``) comes with the
tables chute keeps for the same word lists (``openers-KEY``, ``second-KEY``,
``review-KEY``, ``optimal-KEY``): one *set* of files, kept or deleted together.
Whenever a matrix is written the cache is pruned: the sets no run has used for
``UNUSED_DAYS``, then the least recently used ones until the whole cache is
within its limit (``CHUTE_CACHE_MAX``, default 2 GiB); the tables of lists whose
matrix was too large to keep are a set too. chute's other files (parsed lexicons,
multi-board openings, compiled kernels' stamps) are small: pruned by age alone.
Only chute's exact file names are ever listed, pruned or deleted.
"""

from __future__ import annotations

import os
import re
import stat
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ChuteError
from ..files import write_atomic

DEFAULT_LIMIT = 2 * 2**30
# A cached matrix no run has read for this long is deleted when a new matrix is written: the cache otherwise
# grows by a matrix with every word-list change (a new version's lists, a custom list), and a list used again
# after two months costs one rebuild. Chosen, not measured.
UNUSED_DAYS = 60
LARGE = 256 * 2**20  # a matrix this large is said when it is written to the cache, or left out of it
# chute's exact file names: anything else in the folder is not chute's and is never listed, pruned or deleted
MATRIX_FILE = re.compile(r"matrix-([0-9a-f]{32})\.(bin|ok)")
TABLE_FILE = re.compile(  # the tables kept for a matrix's lists, named by its key
    r"(?:openers|second)-(?P<key>[0-9a-f]{32})\.json"
    r"|(?:review|optimal|games|safe)-(?P<tkey>[0-9a-f]{32})(?:-s[0-9a-f]{16})?-(?:normal|hard|strict)-[0-9]{1,3}\.json"
)
OTHER_FILE = re.compile(  # chute's other files: parsed lexicons, multi-board openings, compiled kernels' stamps
    r"lexicon-[a-z0-9]{1,40}-[0-9a-f]{24}\.marshal"
    r"|multi-openers-[0-9a-f]{32}\.json"
    r"|kernels-[0-9a-f]{20}\.ok"
    r"|tree-kernels-uint(?:8|16|32)-(?:normal|hard|strict)(?:-columns)?-[0-9a-f]{20}\.ok"
)
_UNITS = {
    "": 1,
    "B": 1,
    "K": 2**10,
    "KB": 2**10,
    "KIB": 2**10,
    "M": 2**20,
    "MB": 2**20,
    "MIB": 2**20,
    "G": 2**30,
    "GB": 2**30,
    "GIB": 2**30,
    "T": 2**40,
    "TB": 2**40,
    "TIB": 2**40,
}


def table_name(kind: str, lexicon, rule: str | None, rows: int) -> str:
    """Return the file name of a table kept for these lists, the words chute plays from them, a hard-mode rule
    and a row limit (``optimal`` trees, ``review`` opener tables; ``games`` as chute ships them)."""
    played = f"-s{lexicon.played_key}" if lexicon.played_key else ""
    return f"{kind}-{lexicon.key[:32]}{played}-{rule or 'normal'}-{rows}.json"


def parse_size(text: str, what: str = "CHUTE_CACHE_MAX") -> int:
    """Return a size in bytes written as a number and an optional unit (``500M``, ``2G``, ``2 GiB``, ``0``)."""
    m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]*)\s*", text)
    if not m or m.group(2).upper() not in _UNITS:
        raise ChuteError(f"{what} must be a size such as 500M or 2G, not {text[:40]!r}")
    return int(float(m.group(1)) * _UNITS[m.group(2).upper()])


def cache_limit() -> int:
    """Return the most bytes the cache may hold: ``$CHUTE_CACHE_MAX``, else ``DEFAULT_LIMIT``."""
    text = os.environ.get("CHUTE_CACHE_MAX")
    return DEFAULT_LIMIT if text is None or not text.strip() else parse_size(text)


@dataclass
class CacheSet:
    """One word lists' files in the cache: their matrix, its stamp and their tables."""

    key: str
    files: list[Path] = field(default_factory=list)
    size: int = 0
    last_used: float = 0.0  # the newest time a run read or wrote any of them

    @property
    def matrix(self) -> Path:
        """Return the path of the set's matrix file."""
        return self.files[0].parent / f"matrix-{self.key}.bin"


@dataclass
class CacheContents:
    """What the cache folder holds: the sets of each word lists, and chute's other files (lexicons)."""

    folder: Path
    sets: list[CacheSet]
    other: list[Path]
    other_size: int

    @property
    def size(self) -> int:
        """Return the bytes chute's files take in the folder."""
        return sum(s.size for s in self.sets) + self.other_size


def contents(folder: Path) -> CacheContents:
    """Return what the cache folder holds (an empty view when it does not exist or cannot be read): the files of
    each word lists (with or without their matrix: a matrix too large to keep leaves its tables alone), and
    chute's other files; only chute's exact names, never a file of someone else's."""
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return CacheContents(folder, [], [], 0)
    sets: dict[str, CacheSet] = {}
    other: list[Path] = []
    other_size = 0
    for name in names:
        key = _key_of(name)
        if key is None and not OTHER_FILE.fullmatch(name):
            continue
        path = folder / name
        try:
            st = path.stat()
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        if key is None:
            other.append(path)
            other_size += st.st_size
        else:
            owner = sets.setdefault(key, CacheSet(key))
            owner.files.append(path)
            owner.size += st.st_size
            owner.last_used = max(owner.last_used, st.st_mtime)
    for s in sets.values():
        s.files.sort(key=lambda p: (not p.name.startswith("matrix-"), p.name))
    return CacheContents(folder, list(sets.values()), other, other_size)


def _key_of(name: str) -> str | None:
    """Return the lists' key a matrix or table file of chute's is named by (None: not one)."""
    m = MATRIX_FILE.fullmatch(name)
    if m:
        return m.group(1)
    m = TABLE_FILE.fullmatch(name)
    return (m.group("key") or m.group("tkey")) if m else None


def prune(
    folder: Path,
    keep: Path | None = None,
    days: float = UNUSED_DAYS,
    limit: int | None = None,
    now: float | None = None,
) -> list[CacheSet]:
    """Delete the sets no run has used for ``days``, then the least recently used until the cache is within
    ``limit`` (``cache_limit()``), never the set of ``keep`` (the matrix just written or read), and chute's other
    files not written for ``days``; return the sets deleted."""
    limit = cache_limit() if limit is None else limit
    now = time.time() if now is None else now
    found = contents(folder)
    total = found.size
    removed = []
    for s in sorted(found.sets, key=lambda s: s.last_used):
        if keep is not None and s.matrix == keep:
            continue
        if s.last_used >= now - days * 86400 and total <= limit:
            continue
        if _delete(s.files):
            total -= s.size
            removed.append(s)
    for f in found.other:  # parsed lexicons, openings, stamps of older lists or versions: small, pruned by age
        try:
            if f.stat().st_mtime < now - days * 86400:
                f.unlink()
        except OSError:
            pass
    return removed


def clear(folder: Path) -> tuple[int, int, int]:
    """Delete every file of chute's in the cache folder; return (how many were deleted, their bytes, how many could
    not be)."""
    found = contents(folder)
    files = [f for s in found.sets for f in s.files] + found.other
    deleted = size = failed = 0
    for f in files:
        try:
            bytes_ = f.stat().st_size
            f.unlink()
        except FileNotFoundError:  # gone meanwhile: another run pruned it
            continue
        except OSError:
            failed += 1
            continue
        deleted += 1
        size += bytes_
    return deleted, size, failed


def _delete(files: list[Path]) -> bool:
    """Delete files (those already gone are fine), going on past one that cannot be; return whether all went."""
    done = True
    for f in files:
        try:
            f.unlink()
        except FileNotFoundError:
            pass
        except OSError:
            done = False
    return done


_warned: set[str] = set()


def warn_once(message: str) -> None:
    """Print a warning on stderr, once per process."""
    if message not in _warned:
        _warned.add(message)
        print(f"chute: warning: {message}", file=sys.stderr)


def write_cache_file(path: Path, data: bytes | Callable[[Path], None]) -> bool:
    """Store a cache file atomically (``files.write_atomic``); return False, warning once, on failure."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data, "cache file")
        return True
    except (OSError, ChuteError, MemoryError) as err:
        reason = (
            err.strerror
            if isinstance(err, OSError)
            else "out of memory"
            if isinstance(err, MemoryError)
            else str(err).rsplit(": ", 1)[-1]
        )
        warn_once(f"cannot write the cache in {path.parent} ({reason}); working without caching")
        return False
