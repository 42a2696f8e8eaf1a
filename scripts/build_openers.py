#!/usr/bin/env python3
"""Rebuild the opener rankings chute ships for its bundled lists (``src/chute/data/openers/``), and the
rankings after each first clue of Wordle's default policy.

    python scripts/build_openers.py

A first ``chute suggest`` ranks every accepted guess over every word the prior
allows (12,972 x 12,972 codes for Wordle): seconds of work whose result depends
only on the lists and the policy. This runs the commands and the page the way a
player first meets them (``chute suggest`` in each mode, with the default policy
and with entropy, and with common words only; each multi-board game; the page's solvers), each into an
empty cache folder, and copies the opener files they write. The same code and lists give the same files;
an entry whose lists, strategy or options change is not found at run time and is
ranked as before (``openers.cached_openers``). Run it after a change that moves a
first ranking (``tests/playing/test_shipped_openers.py`` says when).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "chute" / "data" / "openers"
COMMANDS = [
    ["suggest"], ["suggest", "--hard"], ["suggest", "-s", "entropy"],
    ["suggest", "--game", "termo"], ["suggest", "--game", "termo", "--strict"],
    ["suggest", "--game", "termo", "-s", "entropy"],
    ["suggest", "--common"], ["suggest", "--game", "termo", "--common"],
    # the multi-board games' openings (every guess over every board word: seconds, and a kernel to compile)
    *[["suggest", "--game", game, *common] for game in ("dordle", "quordle", "octordle", "dueto", "quarteto")
      for common in ([], ["--common"])],
]
# the page's solvers (``chute.web.solver_for``): one board and several, each lexicon and rule
PAGE = ("from chute.web import solver_for\n"
        "for lexicon, rule in (('wordle', None), ('wordle', 'hard'), ('termo', None), ('termo', 'strict')):\n"
        "    solver_for(lexicon, rule, 1).openers(20)\n"
        "    solver_for(lexicon, rule, 1, (), True).openers(20)\n")
# the rankings after each first clue of Wordle's default policy: keeping every word finishable makes some
# of them seconds of search (TRACE's bbbbb, some twenty), which a new player's second row should not wait for
SECOND = ("from chute.web import solver_for\n"
          "from chute.game.feedback import Clue, decode\n"
          "import numpy as np\n"
          "solver = solver_for('wordle', None, 1)\n"
          "state = solver.initial_state()\n"
          "opener = solver.first_guess()\n"
          "row = solver.engine.lexicon.guess_index[opener]\n"
          "codes = np.asarray(solver.engine.codes(np.array([row]), state.candidates, state.columns))[0]\n"
          "for code in sorted(set(codes.tolist())):\n"
          "    solver.suggest([Clue(opener, decode(code, 5))], top=1)\n")


def main() -> int:
    """Run the first rankings into an empty cache and copy the opener files into the package; return 0."""
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as aside:
        env = {**os.environ, "CHUTE_CACHE_DIR": tmp, "PYTHONPATH": str(ROOT / "src")}
        kept = Path(aside) / "openers"
        if OUT.exists():            # ranked afresh: a ranking still shipped would be read, not written
            shutil.move(str(OUT), kept)
        try:
            for argv in COMMANDS:
                subprocess.run([sys.executable, "-m", "chute", *argv, "--top", "1"], env=env, check=True,
                               stdout=subprocess.DEVNULL)
            subprocess.run([sys.executable, "-c", PAGE], env=env, check=True)
            subprocess.run([sys.executable, "-c", SECOND], env=env, check=True)
        except BaseException:
            if kept.exists():
                shutil.move(str(kept), OUT)
            raise
        files = sorted([*Path(tmp).glob("openers-*.json"), *Path(tmp).glob("second-*.json")])
        OUT.mkdir(parents=True)
        for f in sorted(Path(tmp).glob("multi-openers-*.json")):       # a list of first guesses, best first
            ranked = json.loads(f.read_text(encoding="utf-8"))
            (OUT / f.name).write_text(json.dumps(ranked, separators=(",", ":")) + "\n", encoding="utf-8")
            print(f"{f.name}: {len(ranked)} first guesses")
        for f in files:
            data = json.loads(f.read_text(encoding="utf-8"))
            data["entries"] = dict(sorted(data["entries"].items()))          # the same bytes from run to run
            compact = f.name.startswith("second-")        # 162 rankings: half the bytes without the indent
            text = json.dumps(data, sort_keys=True, separators=(",", ":")) if compact else json.dumps(
                data, indent=1, sort_keys=True)
            (OUT / f.name).write_text(text + "\n", encoding="utf-8")
            print(f"{f.name}: {len(data['entries'])} rankings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
