#!/usr/bin/env python3
"""Rebuild the games chute ships for reviews (``src/chute/data/games/``): the game its default policy plays
against every answer of each bundled one-board game, in each rule.

    python scripts/build_games.py

A review sets chute's own game beside the player's; played on the spot it costs
a tenth of a second or two, half a review. The game depends only on the lists,
the rule, the rows and the policy (``Solver.policy_key``, stored with the games:
a file whose policy is not the solver's is not read), so chute ships it. Run it
after a change to the policy, the lists or the words chute suggests
(``tests/reviewing/test_chute_game.py`` says when).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "chute" / "data" / "games"
GAMES = [("wordle", None), ("wordle", "hard"), ("termo", None), ("termo", "strict")]


def main() -> int:
    """Play every answer of every game and rule into an empty cache and write the files; return 0."""
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["CHUTE_CACHE_DIR"] = tmp
        sys.path.insert(0, str(ROOT / "src"))
        from chute import Engine, load_lexicon
        from chute.game.games import game_spec
        from chute.playing.assembly import game_solver
        from chute.reviewing import chute_game as module

        OUT.mkdir(parents=True, exist_ok=True)
        for old in OUT.glob("games-*.json"):
            old.unlink()  # played afresh: a shipped game would be read, not played
        for game, rule in GAMES:
            spec = game_spec(game)
            rule = spec.hard_rule if rule == "hard" else rule
            engine = Engine.build(load_lexicon(spec.lexicon))
            solver = game_solver(engine, 1, rule)
            start = time.perf_counter()
            games = {}
            for answer in engine.lexicon.answers:
                played = module.chute_game(solver, [answer], spec.rows)
                games[answer] = " ".join(played.guesses)
            name = module.games_name(engine.lexicon, rule, spec.rows)
            data = {
                "version": 1,
                "key": engine.lexicon.key,
                "policy": solver.policy_key(),
                "games": dict(sorted(games.items())),
            }
            OUT.mkdir(parents=True, exist_ok=True)
            partial = OUT / (name + ".tmp")
            partial.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
            partial.replace(OUT / name)
            lost = sum(1 for a, g in games.items() if g.split()[-1] != a)
            mean = sum(len(g.split()) for g in games.values()) / len(games)
            print(
                f"{game} {rule or 'normal'}: {len(games):,} games, mean {mean:.4f}, {lost} lost, "
                f"{(OUT / name).stat().st_size:,} bytes, {time.perf_counter() - start:.0f} s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
