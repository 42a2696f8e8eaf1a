"""The journal of a proof over every opener: one checksummed JSON line per settled opener, appended, flushed and
synced as each is settled, so that a run stopped at any point goes on from what it settled (``search.prove``).

A journal of other lists or options is refused; one whose header alone is
damaged is rewritten from this run's key (its entries' checksums cover that
key); a line damaged, edited or copied from another run's journal is not
trusted, and its opener is settled again.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from ..errors import ChuteError
from ..files import excerpt, read_limited, write_atomic
from .absurdle import AbsurdleSearch
from .tree_search import INF, TreeSearch

OpenerSearch = TreeSearch | AbsurdleSearch  # a search that settles openers: the best tree's, or Absurdle's
JOURNAL_FORMAT = "chute-prove-journal"
JOURNAL_VERSION = 2  # 2: every entry carries a checksum over the journal's key and the entry
JOURNAL_BYTES = 256 * 2**20  # a journal holds one short line per opener: far larger is no journal of chute's


@dataclass(frozen=True)
class Settled:
    """One opener settled: its exact total, or a lower bound on it (``exact`` False)."""

    opener: str
    total: int  # INF: no tree within the rows
    exact: bool

    def to_dict(self) -> dict:
        """Return the entry as a JSON-ready dict (a journal line)."""
        return {"opener": self.opener, "total": None if self.total >= INF else self.total, "exact": self.exact}


def journal_key(searcher: OpenerSearch, top: int) -> dict:
    """Return what a journal belongs to: the lists, rule, rows and how many exact totals are kept."""
    key = {
        "format": JOURNAL_FORMAT,
        "version": JOURNAL_VERSION,
        "lexicon": searcher.lexicon.name,
        "lexicon_key": searcher.lexicon.key,
        "rule": searcher.rule,
        "rows": searcher.rows,
        "top": top,
    }
    if searcher.lexicon.suggest_key:  # the openers are the suggested words only
        key["suggested"] = searcher.lexicon.suggest_key
    if isinstance(searcher, AbsurdleSearch):  # the fewest rows against the adversary, not the least total
        key["search"] = "absurdle"
        key["guesses"] = hashlib.blake2b(searcher.all_rows.astype("<i8").tobytes(), digest_size=8).hexdigest()
    return key


def journal_line(data: dict) -> str:
    """Return one line of a journal: the JSON of ``data``, compact, and its newline."""
    return json.dumps(data, separators=(",", ":")) + "\n"


def entry_check(key: dict, entry: dict) -> str:
    """Return the checksum of a journal entry: BLAKE2b over the journal's key (the lists, rule, rows, top) and
    the entry, so that a changed digit, a line copied from another run's journal or one written by hand fails."""
    material = json.dumps(
        [{k: v for k, v in key.items() if k != "version"}, entry], sort_keys=True, separators=(",", ":")
    )
    return hashlib.blake2b(material.encode("utf-8"), digest_size=8).hexdigest()


def checked_line(key: dict, settled: Settled) -> str:
    """Return the journal line of a settled opener, its checksum included."""
    entry = settled.to_dict()
    return journal_line({**entry, "check": entry_check(key, entry)})


def _entry(key: dict, raw: bytes) -> Settled | None:
    """Return the opener a journal line settles, or None when the line is damaged (not text, not an entry of
    the right shape and types, or its checksum does not match)."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or set(data) != {"opener", "total", "exact", "check"}:
        return None
    opener, total, exact, check = data["opener"], data["total"], data["exact"], data.pop("check")
    if not isinstance(opener, str) or not isinstance(exact, bool) or not isinstance(check, str):
        return None
    if total is not None and (type(total) is not int or total < 1):
        return None
    if check != entry_check(key, data):
        return None
    return Settled(opener, INF if total is None else total, exact)


@dataclass
class JournalRead:
    """What a journal holds: the openers it settled, and how many of its lines were damaged (searched again)."""

    done: dict[str, Settled]
    damaged: int = 0
    outdated: bool = False  # written by an older chute: its entries carry no checksum, so none is used
    header_damaged: bool = False  # its first line is damaged, but its entries verify against this run's key


def read_journal(path: Path, key: dict) -> JournalRead:
    """Return the openers a journal has settled, each line read on its own: a damaged line is counted and its
    opener searched again; a torn last line (a killed run, a full disk) is dropped silently; a damaged header
    is this run's when entries verify against this run's key (their checksums cover it).

    Raises ChuteError when the journal belongs to other lists or options, or is not a journal at all.
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ChuteError(f"the journal {excerpt(str(path))} is not a regular file: give a file")
    except FileNotFoundError:
        return JournalRead({})
    except (OSError, ValueError) as err:
        raise ChuteError(
            f"cannot read the journal {excerpt(str(path))}: {getattr(err, 'strerror', None) or err}"
        ) from None
    data = read_limited(path, "the journal", JOURNAL_BYTES)
    lines = data.split(b"\n")
    torn = lines.pop()  # b"" when the file ends with a newline; else a line cut short
    header = journal_line(key).encode("utf-8")
    if not lines:
        if not torn or header.startswith(torn):
            return JournalRead({})  # empty, or only the start of this run's header: the first write was cut short
        raise ChuteError(f"{path} is not a chute journal")
    head = _header(lines[0])
    older = (
        head is not None
        and head.get("version") == 1
        and {k: v for k, v in head.items() if k != "version"} == {k: v for k, v in key.items() if k != "version"}
    )
    if older:
        return JournalRead({}, damaged=len([line for line in lines[1:] if line.strip()]), outdated=True)
    done, damaged = _entries(key, lines[1:])
    if head == key:
        return JournalRead(done, damaged)
    if done:  # entries whose checksums cover this run's key: the header alone is damaged
        return JournalRead(done, damaged, header_damaged=True)
    if head is None:
        raise ChuteError(f"{path} is not a chute journal (its first line is not a journal's header)")
    differ = [k for k in ("lexicon", "rule", "rows", "top") if head.get(k) != key[k]]
    if head.get("lexicon_key") != key["lexicon_key"]:
        differ.insert(0, "word lists")
    raise ChuteError(
        f"the journal {path} belongs to another run ({', '.join(differ) or 'version'} differ); use another --journal"
    )


def _header(raw: bytes) -> dict | None:
    """Return a journal's header line as a dict, or None when it is not one."""
    try:
        head = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return head if isinstance(head, dict) and head.get("format") == JOURNAL_FORMAT else None


def _entries(key: dict, lines: list[bytes]) -> tuple[dict[str, Settled], int]:
    """Return the openers the entry lines settle under ``key``, and how many lines are not trusted: damaged, or
    one of two that settle an opener differently (the same line twice, two runs' appends, counts once)."""
    done: dict[str, Settled] = {}
    conflicting: dict[str, int] = {}
    damaged = 0
    for raw in lines:
        if not raw.strip():
            continue
        entry = _entry(key, raw)
        if entry is None:
            damaged += 1
        elif entry.opener in conflicting:
            conflicting[entry.opener] += 1
        elif entry.opener in done and done[entry.opener] != entry:
            del done[entry.opener]  # settled twice, differently: neither line is trusted over the other
            conflicting[entry.opener] = 2
        else:
            done[entry.opener] = entry
    return done, damaged + sum(conflicting.values())


class Journal:
    """An append-only record of settled openers, each line checksummed, flushed and synced as it is written."""

    def __init__(self, path: Path | None, key: dict):
        self.path = path
        self.key = key
        found = read_journal(path, key) if path is not None else JournalRead({})
        self.done = found.done
        self.damaged = found.damaged  # lines not trusted: their openers are searched again
        self.torn = False  # the file ends inside a line: the next line starts on a new one
        self.header_rebuilt = False
        if path is None:
            return
        if found.header_damaged:  # the header rebuilt from this run's key, the verified entries kept
            self.header_rebuilt = True
            self.damaged = found.damaged
            write_atomic(path, journal_line(key) + "".join(checked_line(key, s) for s in self.done.values()), "journal")
        elif not self.done and not found.damaged or found.outdated:
            # new, empty, its header alone (maybe cut short), or an older chute's: this run's header, whole
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise ChuteError(f"cannot make the folder of the journal {path}: {err.strerror or err}") from None
            write_atomic(path, journal_line(key), "journal")
        else:
            with open(path, "rb") as f:
                f.seek(-1, os.SEEK_END)
                self.torn = f.read(1) != b"\n"

    def _append(self, line: str) -> None:
        """Append one line and make it durable (ChuteError when the disk refuses: what is written stays)."""
        assert self.path is not None
        try:
            with open(self.path, "a", encoding="utf-8") as f:
                f.write(("\n" if self.torn else "") + line)
                f.flush()
                os.fsync(f.fileno())
        except OSError as err:
            self.torn = True
            raise ChuteError(
                f"cannot write the journal {self.path}: {err.strerror or err}; the openers it holds "
                "are kept, and the same command with the same --journal goes on from them"
            ) from None
        self.torn = False

    def record(self, settled: Settled) -> None:
        """Record one settled opener."""
        self.done[settled.opener] = settled
        if self.path is not None:
            self._append(checked_line(self.key, settled))

    def drop(self, opener: str) -> None:
        """Forget an entry found wrong for these lists (its opener is searched again and recorded anew)."""
        if self.done.pop(opener, None) is not None:
            self.damaged += 1
