"""Reviews of chute's own games: every row or round should grade as the best play (skill 90 or more).

    python benchmarks/bench_review_boards.py [--games 20] [--seed 7] [--game quordle ...]

For each game (default: Wordle, Termo, Quarteto, Quordle, Octordle), ``--games``
seeded answers (a tuple per game of several boards) drawn from its answer list;
chute's default policy plays each game (``chute_game``) and the review grades it
(``review_game``: one board row by row, several round by round), as a player
who clicked suggestion no. 1 every row would see it.  It prints per game the rounds
graded, the least skill seen, how many rounds graded under 90, and the seconds a
review took (median and largest).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from chute import Engine, load_lexicon
from chute.game.games import game_spec
from chute.reviewing.chute_game import chute_game, policy_solver
from chute.reviewing.review_game import review_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="answer tuples per game (default 20)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the answers drawn (default 7)")
    parser.add_argument("--game", action="append", help="a game (repeatable)")
    args = parser.parse_args()
    print(f"{'game':10} {'games':>5} {'rounds':>6} {'least skill':>11} {'under 90':>8} {'median s':>8} {'max s':>6}")
    for name in args.game or ["wordle", "termo", "quarteto", "quordle", "octordle"]:
        spec = game_spec(name)
        engine = Engine.build(load_lexicon(spec.lexicon))
        solver = policy_solver(engine, spec.boards, None)
        rnd = random.Random(args.seed)
        skills: list[int] = []
        seconds: list[float] = []
        below: list[str] = []
        for _ in range(args.games):
            answers = rnd.sample(list(engine.lexicon.answers), spec.boards)
            own = chute_game(solver, answers, spec.rows)
            if own is None:
                continue
            start = time.perf_counter()
            review = review_game(engine, list(own.guesses), answers, spec.rows, policy=solver)
            seconds.append(time.perf_counter() - start)
            for i, rd in enumerate(review.rounds if spec.boards > 1 else review.rows):
                if rd.skill is None:
                    continue
                skills.append(rd.skill)
                if rd.skill < 90:
                    below.append(f"{' '.join(answers).upper()} row {i + 1} {rd.guess.upper()} {rd.skill}")
        print(
            f"{name:10} {len(seconds):>5} {len(skills):>6} {min(skills):>11} {len(below):>8} "
            f"{statistics.median(seconds):>8.2f} {max(seconds):>6.2f}"
        )
        for line in below[:10]:
            print(f"    {line}")


if __name__ == "__main__":
    main()
