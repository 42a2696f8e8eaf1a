"""Rebuild src/chute/data/offensive/en.txt and pt.txt from the npm package naughty-words 1.2.0 (LDNOOBW, CC BY 4.0).

    npm pack naughty-words@1.2.0 && python scripts/build_offensive.py naughty-words-1.2.0.tgz

Each entry is folded (accents off, lower case); entries of more than one word or with other than
letters are dropped, words of 3 to 12 letters kept, sorted.  chute's own changes stay in
changes.txt beside them.  The same tarball gives byte-identical files.
"""

from __future__ import annotations

import json
import sys
import tarfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from chute.files import write_atomic  # noqa: E402
from chute.game.words import fold  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "src" / "chute" / "data" / "offensive"
NAMES = {"en": "English", "pt": "Portuguese"}


def main(tarball: str) -> None:
    """Write one list a language."""
    with tarfile.open(tarball) as tar:
        for lang, name in NAMES.items():
            entries = json.load(tar.extractfile(f"package/{lang}.json"))
            words = sorted(
                {fold(w) for w in entries if fold(w).isalpha() and fold(w).isascii() and 3 <= len(fold(w)) <= 12}
            )
            head = (
                f"# Words a player would not play ({name}): never suggested by chute, still read when typed.\n"
                f"# From the List of Dirty, Naughty, Obscene, and Otherwise Bad Words (LDNOOBW, file {lang}), as\n"
                f"# packaged by the npm package naughty-words 1.2.0; licence CC BY 4.0 (see NOTICE).\n"
                f"# Changed: accents folded, lower case, entries of more than one word or with other than letters\n"
                f"# dropped, words of 3 to 12 letters kept, sorted. chute's own changes are in changes.txt.\n"
            )
            write_atomic(OUT / f"{lang}.txt", head + "\n".join(words) + "\n", "word list")
            print(f"{lang}: {len(entries)} entries, {len(words)} words")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python scripts/build_offensive.py naughty-words-1.2.0.tgz")
    main(sys.argv[1])
