#!/usr/bin/env python3
"""Rebuild the opener rankings chute ships for its bundled lists (``src/chute/data/openers/``), and the
rankings after each first clue of Wordle's default policy, from its opener and from the openers players use most.

    python scripts/build_openers.py

A first ``chute suggest`` ranks every accepted guess over every word the prior
allows (12,972 x 12,972 codes for Wordle): seconds of work whose result depends
only on the lists and the policy. This runs the commands and the page the way a
player first meets them (``chute suggest`` in each mode, with the default policy
and with entropy, and with common words only; each multi-board game; the page's solvers), each into an
empty cache folder, and copies the opener files they write. The same code and lists give the same files;
an entry whose lists, strategy or options change is not found at run time and is
ranked as before (``openers.cached_openers``). Run it after a change that moves a
first ranking (``tests/playing/test_shipped_openers.py`` says when).  The rankings after one clue are
gzipped, one file per first guess (about 60 KB each).
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "chute" / "data" / "openers"
sys.path.insert(0, str(ROOT / "src"))
from chute.playing.openers import shipped_name  # noqa: E402

COMMANDS = [
    ["suggest"],
    ["suggest", "--hard"],
    ["suggest", "-s", "entropy"],
    ["suggest", "--game", "termo"],
    ["suggest", "--game", "termo", "--strict"],
    ["suggest", "--game", "termo", "-s", "entropy"],
    ["suggest", "--common"],
    ["suggest", "--game", "termo", "--common"],
    # Absurdle's first rows (the guesses that corner the adversary fastest: seconds in hard mode)
    ["suggest", "--game", "absurdle"],
    ["suggest", "--game", "absurdle", "--hard"],
    ["suggest", "--game", "absurdo"],
    ["suggest", "--game", "absurdo", "--strict"],
    # the multi-board games' openings (every guess over every board word: seconds, and a kernel to compile)
    *[
        ["suggest", "--game", game, *common]
        for game in ("dordle", "quordle", "octordle", "dueto", "quarteto")
        for common in ([], ["--common"])
    ],
]
# the page's solvers (``chute.web.requests.page_solver``): each one-board game and rule
PAGE = (
    "from chute.web.requests import page_solver\n"
    "for game, rule in (('wordle', None), ('wordle', 'hard'), ('termo', None), ('termo', 'strict')):\n"
    "    page_solver(game, rule).openers(20)\n"
    "    page_solver(game, rule, (), True).openers(20)\n"
)
# the rankings after each first clue of Wordle's default policy (every clue a word the game accepts can show),
# from its own opener and from the openers players use most (``PUBLISHED``): keeping every word finishable
# makes some of them seconds of search (CRANE's bbbbb 7 s), which a player's second row should not wait for;
# one process per opener (argv[1]), each with its own cache
SECOND = (
    "import sys\n"
    "from chute.web.requests import page_solver\n"
    "from chute.game.feedback import Clue, score\n"
    "solver = page_solver('wordle')\n"
    "lexicon = solver.engine.lexicon\n"
    "opener = sys.argv[1] or solver.first_guess()\n"
    "for pattern in sorted({score(opener, w) for w in lexicon.guesses if w not in lexicon.offensive}):\n"
    "    solver.suggest([Clue(opener, pattern)], top=1)\n"
)


def second_rows(env: dict, tmp: Path) -> dict[str, dict]:
    """Return the second-row rankings after each first clue of each opener, as {opener: the file's data}."""
    from chute.game.words import load_lexicon
    from chute.playing.openers import PUBLISHED, SECOND_SHIPPED
    from chute.strategies.safe_tree import safe_opener

    def rank(opener: str) -> tuple[str, Path]:
        folder = tmp / f"second-{opener or 'policy'}"
        subprocess.run([sys.executable, "-c", SECOND, opener], env={**env, "CHUTE_CACHE_DIR": str(folder)}, check=True)
        return opener, next(folder.glob("second-*.json"))

    out: dict[str, dict] = {}
    with ThreadPoolExecutor(2) as pool:
        own = safe_opener(load_lexicon("wordle", cache=False), None, 6) or ""  # the policy's opener, ranked once
        for _, path in pool.map(rank, dict.fromkeys([own, *PUBLISHED["wordle"][:SECOND_SHIPPED]])):
            data = json.loads(path.read_text(encoding="utf-8"))
            for entry, ranking in data["entries"].items():
                first = entry.rsplit("|after=", 1)[1].split(":", 1)[0]
                out.setdefault(first, {**data, "entries": {}})["entries"][entry] = ranking
    return out


def main() -> int:
    """Run the first rankings into an empty cache and copy the opener files into the package; return 0."""
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as aside:
        env = {**os.environ, "CHUTE_CACHE_DIR": tmp, "PYTHONPATH": str(ROOT / "src")}
        kept = Path(aside) / "openers"
        if OUT.exists():  # ranked afresh: a ranking still shipped would be read, not written
            shutil.move(str(OUT), kept)
        try:
            for argv in COMMANDS:
                subprocess.run(
                    [sys.executable, "-m", "chute", *argv, "--top", "1"], env=env, check=True, stdout=subprocess.DEVNULL
                )
            subprocess.run([sys.executable, "-c", PAGE], env=env, check=True)
            seconds = second_rows(env, Path(aside))
        except BaseException:
            if kept.exists():
                shutil.move(str(kept), OUT)
            raise
        files = sorted(Path(tmp).glob("openers-*.json"))
        OUT.mkdir(parents=True)
        for f in sorted(Path(tmp).glob("multi-openers-*.json")):  # a list of first guesses, best first
            ranked = json.loads(f.read_text(encoding="utf-8"))
            (OUT / f.name).write_text(json.dumps(ranked, separators=(",", ":")) + "\n", encoding="utf-8")
            print(f"{f.name}: {len(ranked)} first guesses")
        for f in files:
            data = json.loads(f.read_text(encoding="utf-8"))
            data["entries"] = dict(sorted(data["entries"].items()))  # the same bytes from run to run
            (OUT / f.name).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
            print(f"{f.name}: {len(data['entries'])} rankings")
        for opener, data in sorted(seconds.items()):
            data["entries"] = dict(sorted(data["entries"].items()))
            name = shipped_name(data["lexicon"], "second", opener)
            text = json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n"
            (OUT / name).write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
            print(f"{name}: {len(data['entries'])} rankings after {opener.upper()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
