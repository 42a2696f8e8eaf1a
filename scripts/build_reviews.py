#!/usr/bin/env python3
"""Rebuild the opener tables chute ships for reviews of the bundled games (``src/chute/data/review/``).

    python scripts/build_reviews.py

A review grades the opening against every answer: the first review of a game
opened with a word searches that opener's whole tree (seconds, and the tree
kernels' compilation on a first run: half a minute). The result depends only on
the lists, the rule and the row limit, so chute ships it for the openers players
use most, chosen without any game's results:

- the best opener known for the lists (its tree also says in how many rows
  optimal play finds each answer);
- chute's own first suggestions, which its players open with: the default
  policy's 20 best, entropy's 10 best and the several-board policy's 5 best;
- openers published as favourites, that players are known to use
  (``chute.playing.openers.PUBLISHED``): for Wordle the ones 3Blue1Brown,
  WordleBot and the press name (ADIEU, AUDIO, CRANE, SLATE, ...), for Termo the
  game's own name and vowel-heavy words (TERMO, ÁUDIO, IDEIA, ...).

Each table is searched into an empty cache folder and copied here, compact; the
same code and lists give the same files. Run it after a change to the lists, the
words chute suggests or the review's search (``tests/reviewing`` says when).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "chute" / "data" / "review"
# (game preset, rule): one board in each rule the page and the CLI offer; several boards in normal mode
TABLES = [
    ("wordle", None),
    ("wordle", "hard"),
    ("termo", None),
    ("termo", "strict"),
    ("dueto", None),
    ("quarteto", None),
    ("dordle", None),
    ("quordle", None),
]


def openers_of(engine, spec, rule: str | None) -> list[str]:
    """Return the openers a table holds for a game, in order: the best known, chute's own, the published."""
    from chute.playing.assembly import game_solver
    from chute.playing.openers import PUBLISHED
    from chute.playing.session import Session
    from chute.playing.solver import Solver
    from chute.strategies.known_openers import best_known

    lexicon = engine.lexicon
    words: list[str] = []
    known = best_known(lexicon, rule, spec.rows)
    if known:
        words.append(known[0])
    if spec.boards == 1:
        words += [r.guess for r in game_solver(engine, 1, rule).openers(20)]
        words += [r.guess for r in Solver(engine, "entropy").openers(10)]
    else:
        words += [c.guess for c in Session(game_solver(engine, spec.boards), spec.boards, spec.rows).ranked(5)]
    words += [w for w in PUBLISHED[spec.lexicon] if lexicon.is_suggested(w)]
    return list(dict.fromkeys(words))


def main() -> int:
    """Search every table's openers into an empty cache and copy the tables into the package; return 0."""
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["CHUTE_CACHE_DIR"] = tmp
        sys.path.insert(0, str(ROOT / "src"))
        from chute import Engine, load_lexicon
        from chute.game.games import game_spec
        from chute.reviewing.grading import Grader, OpenerTable

        OUT.mkdir(parents=True, exist_ok=True)
        for old in OUT.glob("review-*.json"):
            old.unlink()  # searched afresh: a table still shipped would be read, not searched
        engines = {}
        for game, rule in TABLES:
            spec = game_spec(game)
            rule = spec.hard_rule if rule == "hard" else rule
            engine = engines.setdefault(spec.lexicon, Engine.build(load_lexicon(spec.lexicon)))
            start = time.perf_counter()
            table = OpenerTable(Grader(engine, spec.rows, rule))
            words = openers_of(engine, spec, rule)
            for word in words:
                table.opener(word, say=False)
            one = spec.boards == 1  # a one-board review says in how many rows the best known tree finds it
            if one:
                table.rows_needed(words[0], engine.lexicon.answers[0])
            data = json.loads(table.path.read_text(encoding="utf-8"))
            data["openers"] = dict(sorted(data["openers"].items()))
            data["rows"] = {
                w: dict(sorted(r.items())) for w, r in sorted(data["rows"].items()) if one and w == words[0]
            }
            (OUT / table.name).write_text(
                json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8"
            )
            print(
                f"{game} {rule or 'normal'} {spec.rows} rows: {len(data['openers'])} openers, "
                f"{(OUT / table.name).stat().st_size:,} bytes, {time.perf_counter() - start:.0f} s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
