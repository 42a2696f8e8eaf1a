"""Which solver plays a game: ``solver_for``, the one front door the command line, the page, the benchmarks and a
notebook build their solver through, from names (a game, a strategy, a prior, word-list files).

``solver_for("wordle")`` is what ``chute suggest`` plays; every long option of
the commands that choose guesses is a keyword (``strategy``, ``prior``,
``hard``, ``strict``, ``common``, ``answers``, ``guesses``, ``boards``, ...).
One board gets a ``Solver``; several a ``MultiSolver`` (the joint policy).  The
default policy is decided here and nowhere else (``default_policy``).
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ChuteError
from ..files import default_cache_dir, shown_path
from ..game.cache import cache_limit
from ..game.engine import Engine
from ..game.games import GameSpec, game_spec
from ..game.prior import Prior, make_prior
from ..game.refused import refused_words
from ..game.words import COMMON_FLOOR, Lexicon, checked_word, dropped_note, fold, lexicon_for
from ..search.tree import DecisionTree
from ..strategies import Options, get_strategy
from ..strategies.follow import FollowTree
from .absurdle import AbsurdleSolver
from .joint_policy import DEFAULT, Policy
from .multi_solver import MultiSolver
from .optimal import optimal_strategy
from .players import Joint, OneBoard, Player
from .session import Session
from .solver import DEFAULT_PRIOR, DEFAULT_STRATEGY, Solver

if TYPE_CHECKING:
    from ..strategies import Strategy

Notify = Callable[[object], None]  # a note for the user (a str or a Note)
Waiting = Callable[[str], AbstractContextManager]  # a context shown while a slow step runs
JOINT_STRATEGIES = {"entropy": "entropy", "expected-size": "expected"}  # strategy name -> the joint policy's score


def solver_for(
    game: str = "wordle",
    *,
    strategy: str | None = None,
    prior: str | None = None,
    hard: bool = False,
    strict: bool = False,
    common: bool = False,
    common_floor: float | None = None,
    answers: str | Path | None = None,
    guesses: str | Path | None = None,
    exclude: str | Path | None = None,
    not_answers: str | Path | None = None,
    length: int | None = None,
    boards: int | None = None,
    rows: int | None = None,
    opener: str | None = None,
    depth: int = 1,
    candidates_only: bool = False,
    prefer_candidates: bool = True,
    weights: str = "auto",
    seed: int = 0,
    tree: str | Path | None = None,
    refused: Iterable[str] | bool = (),
    cache: bool = True,
    notify: Notify | None = None,
    progress: Notify | None = None,
    waiting: Waiting | None = None,
) -> Solver | MultiSolver | AbsurdleSolver:
    """Return the solver ``chute suggest`` plays for ``game`` and these options: a ``Solver`` for one board, a
    ``MultiSolver`` for several, an ``AbsurdleSolver`` against the adversary (``absurdle``, ``absurdo``).

    ``refused``: words never suggested (True: the user's own list for these
    word lists, ``chute assist``'s ``reject``).  ``notify`` hears the notes a
    player should read (entries dropped from a word file, a tree that does not
    fit, an optimal tree built); ``progress`` what a slow first step is doing
    (a first opener ranking); ``waiting(phrase_key)`` wraps a step that may
    take seconds (a matrix built) so that a terminal can say so.
    """
    spec = game_spec(game, boards, rows)
    rule = hard_rule(spec, hard, strict)
    if spec.adversary:
        asked = [
            name
            for name, value in (("strategy", strategy), ("prior", prior), ("opener", opener), ("tree", tree))
            if value is not None
        ]
        if asked or depth > 1:
            said = ", ".join(asked or ["depth"])
            raise ChuteError(f"{spec.name} is played by its own exact search: {said} does not apply")
    else:
        named, prior_name = default_policy(strategy, prior, depth)  # one board's
        check_weights(weights, (prior or DEFAULT_PRIOR) if spec.boards > 1 else prior_name)
        if spec.boards > 1:
            policy = joint_policy(strategy, opener, candidates_only, depth, tree, prefer_candidates)
            if rule is not None:
                raise ChuteError(
                    f"hard mode is for one board; {spec.name} has {spec.boards} (no guess could keep to "
                    "every board's clues)"
                )
        else:
            check_strategy(named, depth)  # an unknown name fails before any loading
    engine = engine_for(
        spec,
        answers,
        guesses,
        exclude,
        not_answers,
        length,
        common_floor_of(common, common_floor),
        cache,
        notify,
        waiting,
    )
    if spec.adversary:
        return AbsurdleSolver(engine, spec, rule)
    lexicon = engine.lexicon
    avoid = refused_for(lexicon, refused)
    if spec.boards > 1:
        solver = game_solver(
            engine, spec.boards, prior=make_prior(lexicon, prior or DEFAULT_PRIOR), weights=weights, refused=avoid
        )
        return MultiSolver(solver, spec, policy)
    chosen, rule = strategy_object(engine, named, rule, spec.rows, tree, opener, notify)
    options = Options(
        candidates_only=candidates_only, prefer_candidates=prefer_candidates, seed=seed, depth=depth, rows=spec.rows
    )
    solver = game_solver(
        engine, 1, rule, chosen, make_prior(lexicon, prior_name), options, opener, weights, avoid, notify
    )
    solver.notify = progress  # told before a slow first opener ranking
    return solver


def default_policy(strategy: str | None, prior: str | None, depth: int = 1) -> tuple[str, str]:
    """Return (strategy, prior) where the options name none: expected guesses under the frequency prior, the
    strongest policy for the game as played today (entropy with ``depth`` 2); a strategy named without a prior
    plays under the answer list."""
    if strategy is None:
        strategy = "entropy" if depth > 1 else DEFAULT_STRATEGY
    if prior is None:
        prior = DEFAULT_PRIOR if strategy == DEFAULT_STRATEGY else "answers"
    return strategy, prior


def check_weights(weights: str, prior: str) -> None:
    """Refuse answer weights that the prior in force overrides: they weigh the answer list, under ``answers`` only."""
    if weights != "auto" and prior != "answers":
        raise ChuteError(
            f"--weights {weights} weighs the answer list (--prior answers); "
            f"--prior {shown_path(prior)} gives every word its odds already"
        )


def check_strategy(name: str, depth: int = 1) -> None:
    """Refuse an unknown strategy name, or a depth it cannot look ahead to."""
    if name != "optimal":
        get_strategy(name)
    if depth > 1 and name not in ("entropy", "expected-size"):
        raise ChuteError(f"--depth 2 works with entropy and expected-size, not {name}")


def hard_rule(spec: GameSpec, hard: bool = False, strict: bool = False) -> str | None:
    """Return the hard-mode rule asked for: ``strict``, or ``hard`` meaning the game's own rule (Termo's: strict)."""
    if hard and strict:
        raise ChuteError("--hard and --strict do not go together: choose one")
    return "strict" if strict else spec.hard_rule if hard else None


def joint_policy(
    strategy: str | None = None,
    opener: str | None = None,
    candidates_only: bool = False,
    depth: int = 1,
    tree: str | Path | None = None,
    prefer_candidates: bool = True,
) -> Policy:
    """Return the multi-board policy a strategy name asks for (entropy, or expected-size), with its opener."""
    name = strategy or "entropy"
    if name not in JOINT_STRATEGIES:
        raise ChuteError(f"multi-board games choose one guess for all boards with entropy or expected-size, not {name}")
    if tree:
        raise ChuteError("a decision tree plays one board; multi-board games choose with their own policy")
    if depth > 1:
        raise ChuteError("--depth 2 is for one board; multi-board games search their endgame exactly")
    if not prefer_candidates:
        raise ChuteError(
            "--no-prefer-candidates is for one board; the joint policy weighs each board's chance of a solve"
        )
    policy = replace(DEFAULT, score=JOINT_STRATEGIES[name])
    if opener is not None:
        if not fold(opener):
            raise ChuteError("--opener needs a word")
        policy = replace(policy, opener=opener)
    return replace(policy, candidates_only=True) if candidates_only else policy


def common_floor_of(common: bool, floor: float | None) -> float | None:
    """Return the common-words floor asked for (``floor`` implies ``common``; None: every word may be suggested)."""
    return floor if floor is not None else COMMON_FLOOR if common else None


def strategy_object(
    engine: Engine,
    name: str,
    rule: str | None,
    rows: int,
    tree: str | Path | None = None,
    opener: str | None = None,
    notify: Notify | None = None,
) -> tuple[str | Strategy, str | None]:
    """Return (strategy, rule) for a strategy name: ``optimal`` (its cached tree), a tree to follow (its rule
    unless one is asked), or the name as it is."""
    if tree:
        if opener is not None:
            raise ChuteError("--opener and --tree do not go together: the tree fixes the opener")
        if name == "optimal":
            raise ChuteError("--strategy optimal follows its own tree: it does not go with --tree or --opener")
        return tree_follower(engine.lexicon, tree, name, rule, notify)
    if name != "optimal":
        return name, rule
    if opener is not None:
        raise ChuteError("--strategy optimal follows its own tree: it does not go with --tree or --opener")
    return optimal_strategy(engine, rule, rows, notify), rule


def tree_follower(
    lexicon: Lexicon, path: str | Path, fallback_name: str, rule: str | None, notify: Notify | None = None
) -> tuple[Strategy, str | None]:
    """Return (a follower of the decision tree saved at ``path``, its rule unless ``rule`` is asked)."""
    tree = DecisionTree.load(path)
    if tree.length != lexicon.length:
        raise ChuteError(f"tree {path} is for {tree.length}-letter words, the lexicon has {lexicon.length}")
    if not lexicon.is_guess(tree.root.guess):
        raise ChuteError(
            f"tree {path} opens with {tree.root.guess.upper()}, not an accepted guess of "
            f"{lexicon.name}: it was built for other word lists"
        )
    fallback = get_strategy(fallback_name)
    _, problems = tree.check(lexicon)
    if problems and notify is not None:
        notify(
            f"tree {path} does not fit these word lists ({len(problems):,} problem"
            f"{'' if len(problems) == 1 else 's'}, first: {problems[0]}); where a game leaves it, "
            f"chute plays {fallback.name}"
        )
    return FollowTree(tree, fallback), rule if rule is not None else tree.rule


# the engines some solver of this process still holds, by their lists: a new solver of the same lists shares one
_ENGINES: weakref.WeakValueDictionary[tuple, Engine] = weakref.WeakValueDictionary()
_ENGINES_LOCK = threading.Lock()


def engine_for(
    spec: GameSpec,
    answers=None,
    guesses=None,
    exclude=None,
    not_answers=None,
    length=None,
    common: float | None = None,
    cache: bool = True,
    notify: Notify | None = None,
    waiting: Waiting | None = None,
) -> Engine:
    """Return the engine of a game's lists (the lexicon ``lexicon_for`` reads), shared in this process by every
    solver of the same lists: one matrix whatever the board count or the common-words floor."""
    lexicon = lexicon_for(spec.lexicon, answers, guesses, exclude, not_answers, length, common, cache)
    if notify is not None and lexicon.dropped:
        notify(dropped_note(lexicon))
    key = (lexicon.key, str(default_cache_dir()) if cache else None)
    with _ENGINES_LOCK:
        engine = _ENGINES.get(key)
        if engine is None:
            with waiting("waiting_matrix") if waiting is not None else nullcontext():
                engine = Engine.build(lexicon, cache=cache)
            _ENGINES[key] = engine
        elif cache:
            cache_limit()  # as a build reads it: a CHUTE_CACHE_MAX that is no size is refused on every use
    return engine.reading(lexicon)


def refused_for(lexicon: Lexicon, refused: Iterable[str] | bool) -> tuple[str, ...]:
    """Return the words never to suggest: ``refused`` as given, or (True) the user's list for these word lists."""
    if refused is True:
        return tuple(refused_words(lexicon.name))
    return () if refused is False else tuple(refused)


def game_solver(
    engine: Engine,
    boards: int = 1,
    rule: str | None = None,
    strategy: str | Strategy | None = None,
    prior: Prior | str | None = None,
    options: Options = Options(),
    opener: str | None = None,
    weights: str = "auto",
    refused: Iterable[str] = (),
    notify: Notify | None = None,
) -> Solver:
    """Return the solver of a game of ``boards`` boards over an engine built already.

    One board plays ``strategy`` under ``prior`` (``default_policy`` where
    either is left out); several boards share entropy's solver under the prior
    (the frequency prior by default), whose words and weights the joint
    policy plays.  The ``refused`` words are never suggested; those
    that do not fit these lists are left out.  On one board a user's lists get
    their safe plan (``Solver.keep_every_word``), ``notify`` hearing its search.
    """
    if boards > 1:
        strategy, prior = "entropy", prior if prior is not None else DEFAULT_PRIOR
    else:
        named, default = default_policy(
            strategy if strategy is None or isinstance(strategy, str) else strategy.name, None
        )
        strategy = named if strategy is None else strategy
        prior = prior if prior is not None else default
    solver = Solver(
        engine,
        strategy,
        options,
        hard=rule,
        opener=opener,
        weights=weights,
        prior=prior,
        avoid=fitting(engine.lexicon, refused),
    )
    if boards == 1:
        solver.keep_every_word(notify)
    return solver


def session_for(
    solver: Solver | MultiSolver,
    secrets: Sequence[str] | None = None,
    accepts: Callable[[str], bool] | None = None,
    keep_unknown: bool | None = None,
) -> Session:
    """Return a new game played by ``solver_for``'s solver (against ``secrets`` when the computer plays itself;
    ``accepts``: the game's own word test, when it knows words the lists lack)."""
    if isinstance(solver, MultiSolver):
        return solver.session(secrets, accepts, keep_unknown)
    return Session(solver, 1, solver.options.rows, secrets, keep_unknown=keep_unknown, accepts=accepts)


def game_player(solver: Solver, boards: int, policy: Policy | None = None) -> Player:
    """Return the player of a game of ``boards`` boards: the solver's own for one, the joint policy's for several."""
    if boards == 1 and policy is None:
        return OneBoard(solver)
    return Joint(solver, policy, boards)


def fitting(lexicon: Lexicon, words: Iterable[str]) -> list[str]:
    """Return the words that are words of the lists' length (a user's list may hold another game's)."""
    out = []
    for word in words:
        try:
            out.append(checked_word(lexicon, word))
        except ChuteError:
            pass
    return out
