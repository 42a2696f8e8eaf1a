"""Words the game refused ("palavra inválida"): the user's list per word list, never suggested again.

``assist``'s ``reject WORD`` and the page's refuse button both add to it; every
session of that word list reads it back (``Session.reject`` for each word).  The
file is one folded word a line, written atomically in the user's state folder.
A word is added to the list as it is on disk at that moment, under a lock, so
sessions running side by side (a terminal and the page) never drop each other's
words, and a word the user deleted by hand stays deleted.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Iterable, Iterator

from ..errors import StorageError
from ..files import default_state_dir, write_atomic


def refused_path(lexicon_name: str) -> Path:
    """Return the user's file of the words a game refused, for one word list."""
    return default_state_dir() / f"rejected-{lexicon_name}.txt"


def read_refused(path: Path) -> list[str]:
    """Return the words of a refused list (none when it is missing or unreadable; a bad byte spoils one word only)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return [w for w in text.split() if w.isalpha()]


def remember_refused(path: Path, words: Iterable[str]) -> list[str]:
    """Return the refused list, sorted, once ``words`` are added to it on disk (StorageError if it cannot be written)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _locked(path.parent):
            merged = sorted(set(read_refused(path)) | set(words))
            write_atomic(path, "".join(f"{w}\n" for w in merged), "refused words")
    except OSError as err:
        raise StorageError(f"cannot remember the refused words in {path} ({err.strerror or err})") from None
    return merged


def forget_refused(path: Path, words: Iterable[str]) -> list[str]:
    """Return the refused list, sorted, once ``words`` are taken out of it on disk (the player took a refusal
    back; StorageError if it cannot be written)."""
    try:
        with _locked(path.parent) if path.parent.is_dir() else contextlib.nullcontext():
            kept = sorted(set(read_refused(path)) - set(words))
            if path.exists():
                write_atomic(path, "".join(f"{w}\n" for w in kept), "refused words")
    except OSError as err:
        raise StorageError(f"cannot take the refused words out of {path} ({err.strerror or err})") from None
    return kept


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on the folder while its list is read and rewritten (where the system has flock)."""
    try:
        import fcntl
    except ImportError:              # pragma: no cover - Windows: no lock, the write is still atomic
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)                 # closing the descriptor releases the lock


def refused_words(lexicon_name: str) -> tuple[str, ...]:
    """Return the user's refused words for a word list, sorted (``playing.assembly`` keeps those that fit)."""
    return tuple(sorted(set(read_refused(refused_path(lexicon_name)))))
