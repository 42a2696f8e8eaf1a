"""Words the game refused ("palavra inválida"): the user's list per word list, never suggested again.

``assist``'s ``reject WORD`` and the page's refuse button both add to it (``unreject`` and
"Suggest again" take a word back out); every
session of that word list reads it back (``Session.reject`` for each word).  The
file is one folded word a line, written atomically in the user's state folder.
A word is added to the list as it is on disk at that moment, under a lock, so
sessions running side by side (a terminal and the page) never drop each other's
words, and a word the user deleted by hand stays deleted.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from pathlib import Path

from ..errors import StorageError
from ..files import default_state_dir, folder_lock, write_atomic


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
    return _rewritten(path, lambda kept: kept | set(words), "remember the refused words in", create=True)


def forget_refused(path: Path, words: Iterable[str]) -> list[str]:
    """Return the refused list, sorted, once ``words`` are taken out of it on disk (the player took a refusal
    back; StorageError if it cannot be written)."""
    return _rewritten(path, lambda kept: kept - set(words), "take the refused words out of", create=False)


def _rewritten(path: Path, change: Callable[[set[str]], set[str]], doing: str, create: bool) -> list[str]:
    """Return the list on disk changed by ``change``, sorted, written back under the folder's lock (a missing
    list is made only when ``create``)."""
    try:
        if create:
            path.parent.mkdir(parents=True, exist_ok=True)
        with folder_lock(path.parent) if path.parent.is_dir() else contextlib.nullcontext():
            words = sorted(change(set(read_refused(path))))
            if create or path.exists():
                write_atomic(path, "".join(f"{w}\n" for w in words), "refused words")
    except OSError as err:
        raise StorageError(f"cannot {doing} {path} ({err.strerror or err})") from None
    return words


def refused_words(lexicon_name: str) -> tuple[str, ...]:
    """Return the user's refused words for a word list, sorted (``playing.assembly`` keeps those that fit)."""
    return tuple(sorted(set(read_refused(refused_path(lexicon_name)))))
