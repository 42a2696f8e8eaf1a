"""Benchmarks of several boards: seeded random games played by the joint policy, or by any player."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..errors import ChuteError
from ..game.engine import Engine
from ..game.games import GameSpec, game_spec, played_on
from ..game.results import GameResult
from ..game.words import fold, load_lexicon
from ..parallel import run_tasks
from ..playing.assembly import game_player, game_solver
from ..playing.board_figures import mark_worker
from ..playing.joint_policy import DEFAULT, Policy
from ..playing.joint_ranker import JointRanker
from ..playing.multiboard import ranker_for
from ..playing.session import play
from .results import BenchResult

if TYPE_CHECKING:
    from ..game.prior import Prior
    from ..playing.players import Player
    from .progress import Progress


def secret_tuples(answers: Sequence[str], boards: int, n_games: int, seed: int) -> list[tuple[str, ...]]:
    """Return ``n_games`` seeded random tuples of ``boards`` distinct answers."""
    if boards > len(answers):
        raise ChuteError(f"{boards} boards need {boards} distinct answers; the list has {len(answers):,}")
    rng = random.Random(seed)
    n = len(answers)
    return [tuple(answers[i] for i in rng.sample(range(n), boards)) for _ in range(n_games)]


# Worker state for the process pool (set before forking, inherited by the children).


_MULTI_WORKER: tuple[JointRanker | Player, int] | None = None


def _play_out(chooser: JointRanker | Player, secrets: Sequence[str], rows: int) -> GameResult:
    """Return one multi-board game played out past the row limit (the policy's fast path, or a player's session)."""
    if isinstance(chooser, JointRanker):
        return chooser.simulate(secrets, rows, play_out=True)
    return play(chooser.solver, secrets, rows, played_on(rows, len(secrets)), chooser)


def _play_chunk(chunk: Sequence[tuple[str, ...]]) -> list[GameResult]:
    """Return some played-out games (in a pool worker)."""
    assert _MULTI_WORKER is not None
    chooser, rows = _MULTI_WORKER
    return [_play_out(chooser, secrets, rows) for secrets in chunk]


def _play_unlisted(
    results: list[GameResult],
    unlisted: dict[int, tuple[str, ...]],
    engine: Engine,
    policy: Policy,
    prior: Prior | None,
    player: Player | None,
    rows: int,
    accepts: Callable[[str], bool],
    progress: Progress | None,
) -> list[GameResult]:
    """Return ``results`` with the games of words the lists lack played in their places (a joint player's sessions)."""
    if player is None:
        boards = len(next(iter(unlisted.values())))
        player = game_player(game_solver(engine, boards, prior=prior or "answers"), boards, policy)
    others = iter(results)
    out = []
    for i in range(len(results) + len(unlisted)):
        if i in unlisted:
            secrets = unlisted[i]
            out.append(play(player.solver, secrets, rows, played_on(rows, len(secrets)), player, accepts))
            if progress:
                progress.advance(1)
        else:
            out.append(next(others))
    return out


def run_many(
    game: GameSpec | str,
    n_games: int = 1000,
    seed: int = 0,
    policy: Policy | None = None,
    engine: Engine | None = None,
    jobs: int = 1,
    worst: int = 10,
    progress: Progress | None = None,
    tuples: Sequence[Sequence[str]] | None = None,
    player: Player | None = None,
    prior: Prior | None = None,
    cache: bool = True,
    accepts: Callable[[str], bool] | None = None,
) -> BenchResult:
    """Return the run of ``n_games`` seeded random games (distinct secrets per game).

    Each game is played out past the row limit, so the mean and distribution
    are the rows the policy needs; a game is won when that is within the limit.
    ``tuples`` plays these secrets instead of a seeded draw.  The joint
    policy plays by default (its fast simulation); ``player`` plays the games
    as ``Session`` games instead (any ``players.Player``; its solver's lists).
    ``progress`` is a ``bench.Progress`` (``advance(n)`` per game, ``close()``).
    ``prior``: the joint policy plays over its words, weighted (``multiboard.ranker_for``).
    ``accepts`` (the game's word test) lets ``tuples`` hold words the lists
    lack: those games are played as ``Session`` games by the joint player, in
    this process, as answers chute does not know.
    """
    global _MULTI_WORKER
    spec = game_spec(game) if isinstance(game, str) else game
    if player is not None:
        engine = player.solver.engine
    if engine is None:
        engine = Engine.build(load_lexicon(spec.lexicon))
    if tuples is None:
        tuples = secret_tuples(engine.lexicon.answers, spec.boards, n_games, seed)
    folded: list[tuple[str, ...]] = [tuple(fold(w) for w in t) for t in tuples]
    known = engine.lexicon.guess_set
    unlisted = {i: t for i, t in enumerate(folded) if not all(w in known for w in t)}
    if unlisted and accepts is None:
        word = next(w for t in unlisted.values() for w in t if w not in known)
        raise ChuteError(
            f"{word.upper()} is not an accepted word of {engine.lexicon.name}: no policy can find it "
            "unless the game's own word test is given"
        )
    tuples = [t for i, t in enumerate(folded) if i not in unlisted]
    start = time.perf_counter()
    policy = DEFAULT if policy is None else policy
    chooser: JointRanker | Player = (
        player if player is not None else ranker_for(engine, policy, prior, cache=cache).many_games()
    )
    label = player.name if player is not None else policy.label()
    if tuples:
        _play_out(chooser, tuples[0], spec.rows)  # warm caches before forking
    results: list[GameResult] = []
    if jobs > 1 and len(tuples) > 1:
        _MULTI_WORKER = (chooser, spec.rows)
        size = max(1, min(32, len(tuples) // (8 * jobs)))
        chunks = [tuples[i : i + size] for i in range(0, len(tuples), size)]
        parts: dict[int, list[GameResult]] = {}
        try:
            for i, part in run_tasks(_play_chunk, chunks, jobs, initializer=mark_worker):
                parts[i] = part
                if progress:
                    progress.advance(len(part))
        finally:
            _MULTI_WORKER = None
        results = [r for i in range(len(chunks)) for r in parts[i]]
    else:
        for t in tuples:
            results.append(_play_out(chooser, t, spec.rows))
            if progress:
                progress.advance(1)
    if unlisted and accepts is not None:  # (refused above without the game's word test)
        results = _play_unlisted(results, unlisted, engine, policy, prior, player, spec.rows, accepts, progress)
    if progress:
        progress.close()
    seconds = time.perf_counter() - start
    info = {
        "game": spec.name,
        "lexicon": engine.lexicon.name,
        "answers": len(engine.lexicon.answers),
        "boards": spec.boards,
        "seed": seed,
        "policy": label,
        "prior": prior.name if prior is not None and player is None else "answers",
    }
    return BenchResult(results, spec.rows, seconds, info, worst)
