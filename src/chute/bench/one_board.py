"""Benchmarks of one board: every answer of a list played by one solver.

Games against different secrets share their opening moves, so a benchmark
walks the solver's decision tree instead of playing each game on its own:
choose a guess for the candidates, split the secrets by the pattern it shows
them, and recurse into each bin.  A deterministic solver makes the same choice
for the same state, so the result equals playing every game separately
(``play_each`` does exactly that, and the tests compare the two).
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import ChuteError
from ..game.engine import Engine
from ..game.feedback import decode, solved_code
from ..game.games import MAX_ROWS
from ..game.pattern_codes import compute_codes, prefer_compiled
from ..game.results import GameResult
from ..game.words import Lexicon, load_lexicon
from ..machine import check_jobs
from ..parallel import run_tasks
from ..playing.session import play
from ..playing.solver import Solver
from .results import BenchResult

if TYPE_CHECKING:  # the solver layer loads with the first game, not with ``import chute.bench``
    from ..game.engine import Engine
    from ..game.words import Lexicon
    from ..playing.players import Player
    from ..playing.solver import Solver
    from ..strategies import State
    from .progress import Progress


CAP = 30  # a failed game is played on up to this many guesses, then given up


MAX_CAP = MAX_ROWS  # the walk recurses once per guess


def split_secrets(lexicon: Lexicon, words: Iterable[str]) -> tuple[list[str], list[str]]:
    """Return (the words the lists accept, in order and once each; the others): secrets a game may pick."""
    known: dict[str, None] = {}
    unknown: list[str] = []
    for w in words:
        (known.setdefault(w, None) if w in lexicon.guess_set else unknown.append(w))
    return list(known), unknown


def sample_secrets(answers: Sequence[str], n: int | None, seed: int = 0) -> list[str]:
    """Return ``n`` answers drawn at random with the seed (all if None), kept in list order."""
    if n is None:
        return list(answers)
    if n < 1:
        raise ChuteError(f"sample must be at least 1, not {n}")
    if n >= len(answers):
        return list(answers)
    chosen = set(random.Random(seed).sample(range(len(answers)), n))
    return [w for i, w in enumerate(answers) if i in chosen]


def _state_key(state: State, by_clues: bool, beyond: tuple[str, ...] = ()) -> tuple:
    """Return a hashable key for what a solver's choice depends on in a state.

    The candidates (their weights follow from them), the rows left (the row
    limit is guarded), the accepted words off the prior the policy keeps
    finishable (``beyond``), the guesses a hard-mode rule still allows,
    whether the answer list ran out, and whether this is the opening move (the
    opener is chosen there whatever the candidates).  A strategy that also
    reads the clues (letters already played, a seed drawn from them) is keyed
    on the clues as well.
    """
    allowed = state.allowed
    # a digest, not the bytes: hard-mode states would otherwise keep every allowed row, each
    akey = None if allowed is None else hashlib.blake2b(np.asarray(allowed).tobytes(), digest_size=16).digest()
    clues = tuple(state.clues) if by_clues else (not state.clues, len(state.clues))
    return (clues, tuple(state.candidates), beyond, akey, state.rule, state.fallback)


def depends_on_state_only(solver: Solver) -> bool:
    """Return whether the solver's strategy chooses from the candidates and allowed guesses alone.

    Partition strategies do (entropy, expected-size, minimax, most-parts, and
    their look-ahead); letter heuristics and the seeded random strategy also
    read the clues, so states reached by different paths may differ for them.
    """
    return solver.strategy.state_only


class TreeWalk:
    """Plays many secrets at once by walking one solver's decision tree, memoised on the state.

    Each node is solved once for all the secrets that reach it.  Sibling bins
    hold disjoint candidates, so the memo rarely hits in a plain game; it
    catches a state met again (a guess that taught nothing) and keeps the walk
    honest for strategies that read only the state.
    """

    def __init__(self, solver: Solver, cap: int = CAP, tick: Callable[[int], None] | None = None):
        self.solver = solver
        self.engine = solver.engine
        self.cap = cap
        self.tick = tick or (lambda n: None)
        self.memo: dict[tuple, str] = {}
        self.by_clues = not depends_on_state_only(solver)
        self.hits = 0
        lexicon = self.engine.lexicon
        self.answers = lexicon.answers
        self.answer_index = lexicon.answer_index
        self.guess_index = lexicon.guess_index
        self.solved_code = solved_code(lexicon.length)
        self.results: dict[str, tuple[str, ...]] = {}

    def columns(self, secrets: Iterable[str]) -> np.ndarray:
        """Return the matrix columns of secrets, which must be answers of the lexicon."""
        cols = []
        for s in secrets:
            c = self.answer_index.get(s)
            if c is None:
                raise ChuteError(f"{s!r} is not an answer of the {self.engine.lexicon.name} lexicon")
            cols.append(c)
        return np.asarray(cols, dtype=np.intp)

    def choose(self, state: State) -> str:
        """Return the solver's guess for a state, computed once per distinct state."""
        key = _state_key(state, self.by_clues, self.solver.beyond(state))
        guess = self.memo.get(key)
        if guess is None:
            guess = self.memo[key] = self.solver.choose(state)
        else:
            self.hits += 1
        return guess

    def split(self, guess: str, targets: np.ndarray) -> list[tuple[int, np.ndarray]]:
        """Return the target columns grouped by the pattern code the guess shows them, by code."""
        row = self.guess_index.get(guess)
        if row is not None:
            codes = self.engine.row_codes(row, targets)
        else:  # a word outside the lists (a user's opener): scored on the fly
            codes = compute_codes([guess], [self.answers[t] for t in targets], self.engine.length)[0]
        order = np.argsort(codes, kind="stable")
        codes, targets = codes[order], targets[order]
        cuts = np.flatnonzero(np.diff(codes)) + 1
        return [(int(c[0]), t) for c, t in zip(np.split(codes, cuts), np.split(targets, cuts))]

    def walk(self, state: State, targets: np.ndarray, path: tuple[str, ...] = ()) -> None:
        """Play the target columns from ``state`` after ``path``, recording each game's guesses."""
        if len(path) >= self.cap:
            for t in targets:
                self.results[self.answers[t]] = path
            self.tick(len(targets))
            return
        guess = self.choose(state)
        here = path + (guess,)
        for code, group in self.split(guess, targets):
            if code == self.solved_code:
                self.results[self.answers[group[0]]] = here
                self.tick(1)
            else:
                child = self.solver.advance(state, guess, decode(code, self.engine.length))
                self.walk(child, group, here)


def play_tree(
    solver: Solver, secrets: Sequence[str], cap: int = CAP, rows: int = 6, tick: Callable[[int], None] | None = None
) -> list[GameResult]:
    """Return the games against every secret, played by walking the solver's decision tree once."""
    tree = TreeWalk(solver, cap, tick)
    tree.walk(solver.initial_state(), tree.columns(secrets))
    return [GameResult.of_path(s, tree.results[s], rows) for s in secrets]


def play_each(
    solver: Solver,
    secrets: Sequence[str],
    cap: int = CAP,
    rows: int = 6,
    tick: Callable[[int], None] | None = None,
    player: Player | None = None,
    accepts: Callable[[str], bool] | None = None,
) -> list[GameResult]:
    """Return the games against every secret, each played on its own (``session.play``; the solver's player by default)."""
    out = []
    for s in secrets:
        out.append(play(solver, s, rows, cap, player, accepts))
        if tick:
            tick(1)
    return out


# --- processes -------------------------------------------------------------------------------


_WORKER: dict[str, Any] = {}  # set in the parent before forking: the solver, the cap, the rows, the player


def _work_bin(job: tuple[str, str, np.ndarray]) -> dict[str, tuple[str, ...]]:
    """Return the games of one bin of the root split (worker process)."""
    guess, pattern, targets = job
    solver, cap = _WORKER["solver"], _WORKER["cap"]
    tree = TreeWalk(solver, cap)
    tree.walk(solver.advance(solver.initial_state(), guess, pattern), targets, (guess,))
    return tree.results


def _work_secrets(secrets: list[str]) -> dict[str, tuple[str, ...]]:
    """Return the games against some secrets played one by one (worker process)."""
    games = play_each(_WORKER["solver"], secrets, _WORKER["cap"], _WORKER["rows"], player=_WORKER["player"])
    return {g.secret: g.guesses for g in games}


def play_parallel(
    solver: Solver,
    secrets: Sequence[str],
    jobs: int,
    cap: int = CAP,
    tree: bool = True,
    rows: int = 6,
    tick: Callable[[int], None] | None = None,
    player: Player | None = None,
) -> list[GameResult]:
    """Return the games against every secret, the work split across ``jobs`` processes.

    With ``tree`` the root's guess is chosen here and its bins are walked in
    the workers (largest first); otherwise the secrets are dealt out and each
    game is played on its own.
    """
    tick = tick or (lambda n: None)
    results: dict[str, tuple[str, ...]] = {}
    _WORKER.update(solver=solver, cap=cap, rows=rows, player=player)
    try:
        if tree:
            walker = TreeWalk(solver, cap)
            root = solver.initial_state()
            targets = walker.columns(secrets)
            guess = walker.choose(root)
            work = []
            for code, group in walker.split(guess, targets):
                if code == walker.solved_code:
                    results[walker.answers[group[0]]] = (guess,)
                    tick(1)
                else:
                    work.append((guess, decode(code, walker.engine.length), group))
            work.sort(key=lambda job: -len(job[2]))
            for _, part in run_tasks(_work_bin, work, jobs):
                results.update(part)
                tick(len(part))
        else:
            chunks = [list(secrets[i : i + 16]) for i in range(0, len(secrets), 16)]
            for _, part in run_tasks(_work_secrets, chunks, jobs):
                results.update(part)
                tick(len(part))
    finally:
        _WORKER.clear()
    return [GameResult.of_path(s, results[s], rows) for s in secrets]


def run(
    solver: Solver,
    secrets: Sequence[str] | None = None,
    rows: int = 6,
    cap: int = CAP,
    jobs: int = 1,
    tree: bool = True,
    progress: Progress | None = None,
    info: dict[str, Any] | None = None,
    hardest: int = 10,
    player: Player | None = None,
    accepts: Callable[[str], bool] | None = None,
) -> BenchResult:
    """Return the benchmark of a solver over some secrets (every answer if None).

    ``rows`` is the row limit games are judged by; failed games go on up to
    ``cap`` guesses so their length is known.  ``tree`` shares the decision
    tree between games (when every secret is an answer of the lists; a secret
    beyond them, as the real game may pick, is played on its own); ``jobs`` > 1
    spreads the work over processes.  Secrets must be accepted words
    (``split_secrets`` sorts a list), unless ``accepts`` (the game's word
    test) accepts them: those the lists lack are played one by one in this
    process, as answers chute does not know (``Session.accepts``).  ``player``
    plays the games instead of the solver's own strategy (any
    ``players.Player``; each game on its own).
    """
    if rows < 1:
        raise ChuteError(f"rows must be at least 1, not {rows}")
    check_jobs(jobs)
    if cap > MAX_CAP:
        raise ChuteError(f"cap (the most guesses a game may take) must be at most {MAX_CAP}, not {cap}")
    cap = max(cap, rows)
    lexicon = solver.engine.lexicon
    secrets = list(lexicon.answer_list if secrets is None else secrets)
    if not secrets:
        raise ChuteError("no secrets to play")
    unlisted = [s for s in secrets if s not in lexicon.guess_set]
    if unlisted and accepts is None:
        raise ChuteError(
            f"{unlisted[0].upper()} is not an accepted word of {lexicon.name}: no strategy can find it "
            "unless the game's own word test is given"
        )
    listed = [s for s in secrets if s in lexicon.guess_set] if unlisted else secrets
    if not all(s in lexicon.answer_set for s in listed) or player is not None:
        tree = False  # the shared walk follows the solver's answer columns
    tick = progress.advance if progress else None
    start = time.perf_counter()
    # hundreds of small candidate sets get ranked: compiled partition kernels pay off
    was = prefer_compiled(True)
    try:
        if not listed:
            games = []
        elif jobs > 1 and len(listed) > 1:
            games = play_parallel(solver, listed, jobs, cap, tree, rows, tick, player)
        elif tree:
            games = play_tree(solver, listed, cap, rows, tick)
        else:
            games = play_each(solver, listed, cap, rows, tick, player)
        if unlisted:
            played = {g.secrets[0]: g for g in games + play_each(solver, unlisted, cap, rows, tick, player, accepts)}
            games = [played[s] for s in secrets]
    finally:
        prefer_compiled(was)
    seconds = time.perf_counter() - start
    if progress:
        progress.close()
    return BenchResult(games, rows, seconds, dict(info or {}), hardest)


def benchmark(
    engine: Engine | Lexicon | str,
    strategy: str = "entropy",
    secrets: Sequence[str] | None = None,
    rows: int = 6,
    jobs: int = 1,
    **solver_options,
) -> BenchResult:
    """Return the benchmark of one strategy (a notebook's one call).

    ``engine`` is an Engine, a Lexicon, or a bundled lexicon name ("wordle",
    "termo"); ``solver_options`` go to ``Solver`` (options, hard, opener, weights).
    """
    if isinstance(engine, str):
        engine = load_lexicon(engine)
    if isinstance(engine, Lexicon):
        engine = Engine.build(engine)
    solver = Solver(engine, strategy, **solver_options)
    solver.keep_every_word()
    options = getattr(solver, "options", None)
    info = {
        "game": engine.lexicon.name,
        "lexicon": engine.lexicon.name,
        "strategy": solver.strategy.name,
        "hard": solver_options.get("hard"),
        "depth": getattr(options, "depth", 1),
        "candidates_only": bool(getattr(options, "candidates_only", False)),
        "answers": len(engine.lexicon.answer_list),
        "accepted": len(engine.lexicon.guesses),
        "sample": None if secrets is None else len(secrets),
    }
    result = run(solver, secrets, rows=rows, jobs=jobs, info=info)
    result.info["opener"] = result.opener
    return result


# --- reports ---------------------------------------------------------------------------------


# --- multi-board runs: seeded random games of several boards, played by the joint policy -------------
