"""Benchmarks of play: every answer of a list played by one solver, statistics and reports;
seeded random games of several boards played by the joint policy (``run_many``).

Games against different secrets share their opening moves, so ``bench`` walks
the solver's decision tree instead of playing each game on its own: choose a
guess for the candidates, split the secrets by the pattern it shows them, and
recurse into each bin.  A deterministic solver makes the same choice for the
same state, so the result equals playing every game separately (``play_each``
does exactly that, and the tests compare the two).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence, TextIO

import numpy as np

from .errors import ChuteError
from .feedback import decode, solved_code
from .games import MAX_ROWS, GameSpec, game_spec
from .parallel import check_jobs
from .render import plural
from .results import GameResult

if TYPE_CHECKING:               # the solver layer loads with the first game, not with ``import chute.bench``
    from .engine import Engine
    from .multiboard import MultiSolver, Policy
    from .players import Player
    from .prior import Prior
    from .solver import Solver
    from .strategies import State
    from .words import Lexicon

CAP = 30            # a failed game is played on up to this many guesses, then given up
MAX_CAP = MAX_ROWS  # the walk recurses once per guess
BLOCKS = " ▏▎▍▌▋▊▉█"


@dataclass(frozen=True)
class Stats:
    """Summary figures of a list of games (guesses on one board, rows on several)."""

    games: int
    total: int
    mean: float
    median: float
    stdev: float                      # population standard deviation over the games played
    max: int
    distribution: dict[int, int]      # guesses -> games (1..max filled, zeros included)
    failures: int                     # games not won within the row limit
    unsolved: int                     # games given up with a board unsolved
    hardest: list[GameResult]         # most guesses first (unsolved before all)

    @property
    def wins(self) -> int:
        """Return the number of games won within the row limit."""
        return self.games - self.failures

    @property
    def success_rate(self) -> float:
        """Return the share of games won within the row limit."""
        return self.wins / self.games if self.games else 0.0

    def to_dict(self, show: Callable[[str], str] | None = None) -> dict[str, Any]:
        """Return the figures as a JSON-ready dict."""
        return {"games": self.games, "total": self.total, "mean": round(self.mean, 6),
                "median": self.median, "stdev": round(self.stdev, 6), "max": self.max,
                "failures": self.failures, "unsolved": self.unsolved, "wins": self.wins,
                "success_rate": round(self.success_rate, 6),
                "distribution": {str(k): v for k, v in self.distribution.items()},
                "hardest": [g.to_dict(show) for g in self.hardest]}


def statistics_of(games: Sequence[GameResult], hardest: int = 10) -> Stats:
    """Return the summary figures of some games, each judged by its own row limit."""
    if not games:
        raise ChuteError("no games to summarise")
    counts = [g.rows_used for g in games]
    top = max(counts)
    distribution = {n: 0 for n in range(1, top + 1)}
    for n in counts:
        distribution[n] += 1
    failures = sum(1 for g in games if not g.won)
    unsolved = sum(1 for g in games if not g.finished)
    # ties: one-board games by secret, multi-board games in the order played (their seeded draw)
    worst = sorted(games, key=lambda g: (g.finished, -g.rows_used, g.secret if g.boards == 1 else ""))
    worst = worst[:max(hardest, 0)]
    return Stats(games=len(games), total=sum(counts), mean=statistics.fmean(counts),
                 median=statistics.median(counts), stdev=statistics.pstdev(counts), max=top,
                 distribution=distribution, failures=failures, unsolved=unsolved, hardest=worst)


@dataclass
class BenchResult:
    """A run of many games (one board or several), what was run, and how long it took."""

    games: list[GameResult]
    rows: int = 6
    seconds: float = 0.0
    info: dict[str, Any] = field(default_factory=dict)   # game, lexicon, strategy or policy, opener, options
    hardest_count: int = 10

    @cached_property
    def stats(self) -> Stats:
        """Return the summary figures."""
        return statistics_of(self.games, self.hardest_count)

    @property
    def boards(self) -> int:
        """Return the number of boards of each game."""
        return self.games[0].boards if self.games else int(self.info.get("boards", 1))

    def __repr__(self) -> str:
        """Return a one-line summary (a notebook shows this, not thousands of games)."""
        s = self.stats
        return (f"BenchResult({title({**self.info, 'opener': self.info.get('opener') or self.opener})}: "
                f"{plural(s.games, 'game')}, mean {s.mean:.4f}, max {s.max}, {plural(s.failures, 'failure')}, "
                f"{self.seconds:.2f} s)")

    def __str__(self) -> str:
        """Return the full human report."""
        return report(self)

    @property
    def opener(self) -> str | None:
        """Return the first guess most games opened with."""
        firsts = [g.guesses[0] for g in self.games if g.guesses]
        return max(set(firsts), key=lambda w: (firsts.count(w), w)) if firsts else None

    def to_dict(self, games: bool = True, show: Callable[[str], str] | None = None) -> dict[str, Any]:
        """Return the run as a JSON-ready dict (with one entry per game unless ``games`` is False)."""
        show = show or (lambda w: w)
        opener = self.info.get("opener") or self.opener
        out: dict[str, Any] = {**self.info, "opener": show(opener) if opener else opener,
                               "boards": self.boards, "rows": self.rows, **self.stats.to_dict(show),
                               "seconds": round(self.seconds, 3)}
        if games:
            out["results"] = [g.to_dict(show) for g in self.games]
        return out

    def to_json(self, games: bool = True, show: Callable[[str], str] | None = None) -> str:
        """Return the run as JSON text."""
        return json.dumps(self.to_dict(games, show), ensure_ascii=False, indent=2)

    def write_csv(self, stream: TextIO, show: Callable[[str], str] | None = None) -> None:
        """Write one CSV row per game: secret(s), guesses, solved, won, the row solving each board, the guesses."""
        show = show or (lambda w: w)
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(["secret", "guesses", "solved", "won", "solved_at", "sequence"])
        for g in self.games:
            writer.writerow([" ".join(show(w) for w in g.secrets), g.rows_used, int(g.finished), int(g.won),
                             " ".join("-" if r is None else str(r) for r in g.solved_at),
                             " ".join(show(w) for w in g.guesses)])

    def to_csv(self, show: Callable[[str], str] | None = None) -> str:
        """Return the per-game CSV text."""
        buf = io.StringIO()
        self.write_csv(buf, show)
        return buf.getvalue()


# --- playing ---------------------------------------------------------------------------------


def split_secrets(lexicon: "Lexicon", words: Iterable[str]) -> tuple[list[str], list[str]]:
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


def _state_key(state: State, by_clues: bool) -> tuple:
    """Return a hashable key for what a solver's choice depends on in a state.

    The candidates (their weights follow from them), the guesses a hard-mode
    rule still allows, whether the answer list ran out, and whether this is the
    opening move (the opener is chosen there whatever the candidates).  A
    strategy that also reads the clues (letters already played, a seed drawn
    from them) is keyed on the clues as well.
    """
    allowed = state.allowed
    # a digest, not the bytes: hard-mode states would otherwise keep ~100 kB of rows each
    akey = None if allowed is None else hashlib.blake2b(np.asarray(allowed).tobytes(), digest_size=16).digest()
    clues = tuple(state.clues) if by_clues else not state.clues
    return (clues, tuple(state.candidates), akey, state.rule, state.fallback)


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
        key = _state_key(state, self.by_clues)
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
            codes = self.engine.matrix[row, targets]
        else:                   # a word outside the lists (a user's opener): scored on the fly
            from .engine import compute_codes
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


def play_tree(solver: Solver, secrets: Sequence[str], cap: int = CAP,
              rows: int = 6, tick: Callable[[int], None] | None = None) -> list[GameResult]:
    """Return the games against every secret, played by walking the solver's decision tree once."""
    tree = TreeWalk(solver, cap, tick)
    tree.walk(solver.initial_state(), tree.columns(secrets))
    return [GameResult.of_path(s, tree.results[s], rows) for s in secrets]


def play_each(solver: Solver, secrets: Sequence[str], cap: int = CAP, rows: int = 6,
              tick: Callable[[int], None] | None = None, player: Player | None = None,
              accepts: Callable[[str], bool] | None = None) -> list[GameResult]:
    """Return the games against every secret, each played on its own (``session.play``; the solver's player by default)."""
    from .session import play
    out = []
    for s in secrets:
        out.append(play(solver, s, rows, cap, player, accepts))
        if tick:
            tick(1)
    return out


# --- processes -------------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}     # set in the parent before forking: the solver, the cap, the rows, the player


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


def play_parallel(solver: Solver, secrets: Sequence[str], jobs: int, cap: int = CAP, tree: bool = True,
                  rows: int = 6, tick: Callable[[int], None] | None = None,
                  player: Player | None = None) -> list[GameResult]:
    """Return the games against every secret, the work split across ``jobs`` processes.

    With ``tree`` the root's guess is chosen here and its bins are walked in
    the workers (largest first); otherwise the secrets are dealt out and each
    game is played on its own.
    """
    from .parallel import run_tasks
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
            chunks = [list(secrets[i:i + 16]) for i in range(0, len(secrets), 16)]
            for _, part in run_tasks(_work_secrets, chunks, jobs):
                results.update(part)
                tick(len(part))
    finally:
        _WORKER.clear()
    return [GameResult.of_path(s, results[s], rows) for s in secrets]


def run(solver: Solver, secrets: Sequence[str] | None = None, rows: int = 6, cap: int = CAP,
        jobs: int = 1, tree: bool = True, progress: "Progress | None" = None,
        info: dict[str, Any] | None = None, hardest: int = 10, player: Player | None = None,
        accepts: Callable[[str], bool] | None = None) -> BenchResult:
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
        raise ChuteError(f"{unlisted[0].upper()} is not an accepted word of {lexicon.name}: no strategy can find it "
                         "unless the game's own word test is given")
    listed = [s for s in secrets if s in lexicon.guess_set] if unlisted else secrets
    if not all(s in lexicon.answer_set for s in listed) or player is not None:
        tree = False                       # the shared walk follows the solver's answer columns
    from .engine import prefer_compiled
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


def benchmark(engine: Engine | Lexicon | str, strategy: str = "entropy", secrets: Sequence[str] | None = None, rows: int = 6,
              jobs: int = 1, **solver_options) -> BenchResult:
    """Return the benchmark of one strategy (a notebook's one call).

    ``engine`` is an Engine, a Lexicon, or a bundled lexicon name ("wordle",
    "termo"); ``solver_options`` go to ``Solver`` (options, hard, opener, weights).
    """
    from .engine import Engine
    from .solver import Solver
    from .words import Lexicon, load_lexicon
    if isinstance(engine, str):
        engine = load_lexicon(engine)
    if isinstance(engine, Lexicon):
        engine = Engine.build(engine)
    solver = Solver(engine, strategy, **solver_options)
    options = getattr(solver, "options", None)
    info = {"game": engine.lexicon.name, "lexicon": engine.lexicon.name, "strategy": solver.strategy.name,
            "hard": solver_options.get("hard"), "depth": getattr(options, "depth", 1),
            "candidates_only": bool(getattr(options, "candidates_only", False)),
            "answers": len(engine.lexicon.answer_list), "accepted": len(engine.lexicon.guesses),
            "sample": None if secrets is None else len(secrets)}
    result = run(solver, secrets, rows=rows, jobs=jobs, info=info)
    result.info["opener"] = result.opener
    return result


# --- reports ---------------------------------------------------------------------------------


# --- multi-board runs: seeded random games of several boards, played by the joint policy -------------

def secret_tuples(answers: Sequence[str], boards: int, n_games: int, seed: int) -> list[tuple[str, ...]]:
    """Return ``n_games`` seeded random tuples of ``boards`` distinct answers."""
    if boards > len(answers):
        raise ChuteError(f"{boards} boards need {boards} distinct answers; the list has {len(answers)}")
    rng = random.Random(seed)
    n = len(answers)
    return [tuple(answers[i] for i in rng.sample(range(n), boards)) for _ in range(n_games)]


# Worker state for the process pool (set before forking, inherited by the children).
_MULTI_WORKER: "tuple[MultiSolver | Player, int] | None" = None


def _play_out(chooser: "MultiSolver | Player", secrets: Sequence[str], rows: int) -> GameResult:
    """Return one multi-board game played out past the row limit (the policy's fast path, or a player's session)."""
    from .multiboard import MultiSolver
    if isinstance(chooser, MultiSolver):
        return chooser.simulate(secrets, rows, play_out=True)
    from .session import play
    return play(chooser.solver, secrets, rows, 2 * rows + len(secrets), chooser)


def _play_chunk(chunk: Sequence[tuple[str, ...]]) -> list[GameResult]:
    """Return some played-out games (in a pool worker)."""
    assert _MULTI_WORKER is not None
    chooser, rows = _MULTI_WORKER
    return [_play_out(chooser, secrets, rows) for secrets in chunk]


def _play_unlisted(results: list[GameResult], unlisted: dict[int, tuple[str, ...]], engine: Engine, policy: Policy,
                   prior: "Prior | None", player: Player | None, rows: int, accepts: Callable[[str], bool],
                   progress: "Progress | None") -> list[GameResult]:
    """Return ``results`` with the games of words the lists lack played in their places (a joint player's sessions)."""
    from .players import Joint
    from .session import play
    from .solver import Solver
    if player is None:
        player = Joint(Solver(engine, "entropy", prior=prior), policy)
    others = iter(results)
    out = []
    for i in range(len(results) + len(unlisted)):
        if i in unlisted:
            secrets = unlisted[i]
            out.append(play(player.solver, secrets, rows, 2 * rows + len(secrets), player, accepts))
            if progress:
                progress.advance(1)
        else:
            out.append(next(others))
    return out


def run_many(game: GameSpec | str, n_games: int = 1000, seed: int = 0, policy: Policy | None = None,
             engine: Engine | None = None, jobs: int = 1, worst: int = 10,
             progress: "Progress | None" = None,
             tuples: Sequence[Sequence[str]] | None = None, player: Player | None = None,
             prior: "Prior | None" = None, cache: bool = True,
             accepts: Callable[[str], bool] | None = None) -> BenchResult:
    """Return the run of ``n_games`` seeded random games (distinct secrets per game).

    Each game is played out past the row limit, so the mean and distribution
    are the rows the policy needs; a game is won when that is within the limit.
    ``tuples`` plays these secrets instead of a seeded draw.  The joint
    policy plays by default (its fast simulation); ``player`` plays the games
    as ``Session`` games instead (any ``players.Player``; its solver's lists).
    ``progress`` is a ``bench.Progress`` (``advance(n)`` per game, ``close()``).
    ``prior``: the joint policy plays over its words, weighted (``multiboard.solver_for``).
    ``accepts`` (the game's word test) lets ``tuples`` hold words the lists
    lack: those games are played as ``Session`` games by the joint player, in
    this process, as answers chute does not know.
    """
    global _MULTI_WORKER
    from .engine import Engine
    from .multiboard import _mark_worker, solver_for
    from .words import fold, load_lexicon
    spec = game_spec(game) if isinstance(game, str) else game
    if player is not None:
        engine = player.solver.engine
    if engine is None:
        engine = Engine.build(load_lexicon(spec.lexicon))
    if tuples is None:
        tuples = secret_tuples(engine.lexicon.answers, spec.boards, n_games, seed)
    tuples = [tuple(fold(w) for w in t) for t in tuples]
    known = engine.lexicon.guess_set
    unlisted = {i: t for i, t in enumerate(tuples) if not all(w in known for w in t)}
    if unlisted and accepts is None:
        word = next(w for t in unlisted.values() for w in t if w not in known)
        raise ChuteError(f"{word.upper()} is not an accepted word of {engine.lexicon.name}: no policy can find it "
                         "unless the game's own word test is given")
    tuples = [t for i, t in enumerate(tuples) if i not in unlisted] if unlisted else tuples
    start = time.perf_counter()
    if policy is None:
        from .multiboard import DEFAULT as policy
    chooser: MultiSolver | Player = (player if player is not None
                                     else solver_for(engine, policy, prior, cache=cache).many_games())
    label = player.name if player is not None else policy.label()
    if tuples:
        _play_out(chooser, tuples[0], spec.rows)          # warm caches before forking
    results: list[GameResult] = []
    if jobs > 1 and len(tuples) > 1:
        from .parallel import run_tasks
        _MULTI_WORKER = (chooser, spec.rows)
        size = max(1, min(32, len(tuples) // (8 * jobs)))
        chunks = [tuples[i:i + size] for i in range(0, len(tuples), size)]
        parts: dict[int, list[GameResult]] = {}
        try:
            for i, part in run_tasks(_play_chunk, chunks, jobs, initializer=_mark_worker):
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
    if unlisted:
        results = _play_unlisted(results, unlisted, engine, policy, prior, player, spec.rows, accepts, progress)
    if progress:
        progress.close()
    seconds = time.perf_counter() - start
    info = {"game": spec.name, "lexicon": engine.lexicon.name, "answers": len(engine.lexicon.answers),
            "boards": spec.boards, "seed": seed, "policy": label,
            "prior": prior.name if prior is not None and player is None else "answers"}
    return BenchResult(results, spec.rows, seconds, info, worst)


class Progress:
    """A one-line progress bar on a terminal stream, redrawn at most ten times a second."""

    def __init__(self, total: int, stream: TextIO | None = None, label: str = "playing",
                 enabled: bool | None = None):
        self.total = max(total, 1)
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = (hasattr(self.stream, "isatty") and self.stream.isatty()) if enabled is None else enabled
        self.label = label
        self.done = 0
        self.start = time.perf_counter()
        self.last = 0.0
        self.drawn = False

    def advance(self, n: int = 1) -> None:
        """Count ``n`` more games done and redraw if due."""
        self.done += n
        now = time.perf_counter()
        if self.enabled and (now - self.last >= 0.1 or self.done >= self.total):
            self.last = now
            self.draw(now)

    def draw(self, now: float) -> None:
        """Write the bar."""
        width = 30
        frac = min(self.done / self.total, 1.0)
        full = int(frac * width)
        bar = "█" * full + ("" if full == width else BLOCKS[int((frac * width - full) * 8)]).strip()
        self.stream.write(f"\r{self.label} [{bar:<{width}}] {self.done:,}/{self.total:,} "
                          f"{frac:4.0%} {now - self.start:5.1f} s")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """Erase the bar."""
        if self.drawn:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
            self.drawn = False


def can_draw(stream: TextIO) -> bool:
    """Return whether the stream can print the block characters of the bar chart."""
    try:
        "█▏".encode(getattr(stream, "encoding", None) or "ascii")
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def bar(value: float, top: float, width: int = 40, blocks: bool = True) -> str:
    """Return a horizontal bar for ``value`` out of ``top`` in ``width`` characters (eighths)."""
    if top <= 0 or value <= 0:
        return ""
    cells = value / top * width
    if not blocks:
        return "#" * max(1, round(cells))
    full = int(cells)
    part = BLOCKS[int((cells - full) * 8)] if full < width else ""
    text = ("█" * full + part).rstrip()
    return text or "▏"


def title(info: dict[str, Any]) -> str:
    """Return a one-line description of what was run (game, strategy, opener, options)."""
    game = str(info.get("game", "?"))
    lexicon = str(info.get("lexicon", game))
    if lexicon != game:
        game += " (custom lists)" if lexicon.startswith(game) else f" ({lexicon})"
    parts = [game, str(info.get("strategy", "?"))]
    if info.get("opener"):
        parts.append(f"opener {str(info['opener']).upper()}")
    if info.get("hard"):
        parts.append(f"{info['hard']} mode")
    if info.get("depth", 1) != 1:
        parts.append(f"depth {info['depth']}")
    if info.get("candidates_only"):
        parts.append("candidates only")
    return " · ".join(parts)


def report(result: BenchResult, blocks: bool = True, show: Callable[[str], str] | None = None) -> str:
    """Return the human report of a run: figures, the distribution as a bar chart, hardest games, time."""
    show = show or (lambda w: w)
    if result.boards > 1:
        return "\n".join(_boards_report(result, show, blocks))
    s = result.stats
    opener = result.info.get("opener") or result.opener
    info = {**result.info, "opener": show(opener) if opener else opener}
    lines = [title(info)]
    if info.get("secrets"):
        skipped = (f"; {plural(info['unknown'], 'word')} the lists do not accept, not played"
                   if info.get("unknown") else "")
        if info.get("unlisted"):
            refused = sum(len(g.refused) for g in result.games)
            skipped = (f"; {plural(info['unlisted'], 'word')} the lists lack, played as answers chute does not "
                       f"know: {plural(refused, 'string')} of letters refused on the way")
        played = f"{plural(s.games, 'game')} (the secrets of {info['secrets']}{skipped})"
    elif info.get("sample"):
        played = (f"{plural(s.games, 'game')} (a sample of {info.get('answers', 0):,} answers, "
                  f"seed {info.get('seed', 0)})")
    elif info.get("answers"):
        played = f"{plural(s.games, 'game')} (every answer; {info.get('accepted', 0):,} accepted guesses)"
    else:
        played = plural(s.games, "game")
    lines.append(f"  {played}, {plural(s.total, 'guess', 'guesses')} in all")
    lines.append(f"  mean {s.mean:.4f}   median {s.median:g}   std dev {s.stdev:.3f}   max {s.max}")
    fail = f"  failures {s.failures:,} (over {result.rows} rows)"
    if s.unsolved:
        fail += f", {s.unsolved:,} unsolved after {plural(s.max, 'guess', 'guesses')}"
    lines.append(fail)
    per_game = result.seconds / s.games * 1000
    lines.append(f"  time {result.seconds:.2f} s ({per_game:.2f} ms a game)")
    lines.append("")
    lines.append("  guesses    games")
    lines += _chart(s, result.rows, blocks, share=True)
    if s.hardest:
        worst = ", ".join(f"{show(g.secret).upper()} {g.rows_used}" for g in s.hardest)
        lines.append("")
        lines.append(f"  hardest: {worst}")
    return "\n".join(lines)


def _chart(s: Stats, rows: int, blocks: bool, share: bool) -> list[str]:
    """Return the distribution as bar-chart lines (games over the row limit marked)."""
    lines = []
    top = max(s.distribution.values())
    for n, count in s.distribution.items():
        if not share and not count:
            continue
        over = n > rows and count
        if share:
            mark = ("  ✗" if blocks else "  X") if over else ""
            lines.append(f"  {n:>7} {count:>8,} {count / s.games:6.1%} {bar(count, top, 40, blocks)}{mark}")
        else:
            mark = "  over the limit" if over else ""
            lines.append(f"  {n:>4} {count:>6}  {bar(count, top, 40, blocks)}{mark}")
    return lines


def _boards_report(result: BenchResult, show: Callable[[str], str], blocks: bool) -> list[str]:
    """Return the lines of a multi-board run's report (success rate, rows, distribution, worst tuples)."""
    s, info, rows = result.stats, result.info, result.rows
    lists = f"{info['lexicon']}, {info.get('answers', 0):,} answers; " if info.get("lexicon") else ""
    lines = [f"{info.get('game', '?')}: {plural(s.games, 'game')} of {result.boards} boards, {plural(rows, 'row')}, "
             f"seed {info.get('seed', 0)} ({lists}prior {info.get('prior', 'answers')}; policy {info.get('policy', '?')})",
             f"  solved within {plural(rows, 'row')}: {s.wins:,}/{s.games:,} ({100 * s.success_rate:.2f}%)",
             f"  rows used: mean {s.mean:.3f}, max {s.max}",
             "  distribution (rows needed, played out past the limit):"]
    if info.get("unlisted"):
        refused = sum(len(g.refused) for g in result.games)
        lines.insert(1, f"  {plural(info['unlisted'], 'word')} of {info.get('secrets')} the lists lack, played as answers "
                        f"chute does not know: {plural(refused, 'string')} of letters refused on the way")
    lines += _chart(s, rows, blocks, share=False)
    if s.hardest:
        lines.append("  worst tuples:")
        for g in s.hardest:
            state = "solved" if g.won else "FAILED"
            lines.append(f"    {' '.join(show(w).upper() for w in g.secrets)}  {plural(g.rows_used, 'row')}, "
                         f"{state}: {' '.join(show(w).upper() for w in g.guesses)}")
    lines.append(f"  time: {result.seconds:.2f} s ({s.games / max(result.seconds, 1e-9):,.0f} games/s)")
    return lines


def compare_table(results: Sequence[BenchResult], labels: Sequence[str], markdown: bool = False,
                  show: Callable[[str], str] | None = None) -> str:
    """Return one table comparing benchmark runs: strategy, opener, mean, median, max, failures, time."""
    head = ["strategy", "opener", "mean", "median", "std dev", "max", "failures", "time"]
    show = show or (lambda w: w)
    rows = []
    for label, r in zip(labels, results):
        s = r.stats
        opener = show(r.info.get("opener") or r.opener or "").upper()
        rows.append([label, opener, f"{s.mean:.4f}", f"{s.median:g}", f"{s.stdev:.3f}", str(s.max),
                     f"{s.failures:,}", f"{r.seconds:.1f} s"])
    if markdown:
        out = ["| " + " | ".join(head) + " |",
               "|" + "|".join(["---"] * 2 + ["---:"] * (len(head) - 2)) + "|"]
        out += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(out)
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(head)]
    left = {0, 1}

    def fmt(row: list[str]) -> str:
        """Return one aligned line of the table."""
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths)))
    return "\n".join([fmt(head), fmt(["-" * w for w in widths])] + [fmt(row) for row in rows])
