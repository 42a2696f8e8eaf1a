"""A request of the page's API read and checked: its game, hard-mode rule, language and rows replayed into a
``Session`` of the solver ``chute.solver_for`` builds for that game (one per process, shared by every request).

A body the API refuses raises ``BadRequest``: a status and one line of reason.
"""

from __future__ import annotations

import inspect
import threading
from collections.abc import Callable, Sequence
from functools import lru_cache

from ..errors import ChuteError
from ..game.feedback import score
from ..game.games import ADVERSARY_GAMES, PRESETS, GameSpec, game_spec
from ..game.refused import refused_words
from ..language import LANGUAGES
from ..playing.absurdle import AbsurdleGame, AbsurdleSolver
from ..playing.assembly import session_for, solver_for
from ..playing.multi_solver import MultiSolver
from ..playing.session import Session
from ..playing.solver import Solver

MAX_BODY = 64 * 1024  # bytes of a request body
MAX_ROWS = 64  # rows a request may replay
MAX_WORK = 160  # board-rows a request may replay (rows x boards): an Octordle played on to 20 rows
MAX_WORDS = 200  # candidates listed per board
MAX_TOP = 50


class BadRequest(Exception):
    """A request the API refuses: a status and one line of reason."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


SESSION_FIELDS = ("game", "rule", "rows", "common")  # what ``session_of`` reads


def accepts(*fields: str):
    """Return a decorator that marks a handler with the body fields it reads (``lang`` always): ``check_fields``
    refuses any other, so that a misspelt field is named rather than ignored."""

    def mark(handler):
        handler.fields = frozenset(fields) | {"lang"}
        return handler

    return mark


def check_fields(body: dict, fields: frozenset[str]) -> None:
    """Return if every field of the body is one of ``fields``; BadRequest naming the first that is not."""
    unknown = sorted(str(k) for k in body if k not in fields)
    if unknown:
        raise BadRequest(f"unknown field {unknown[0][:40]!r}; this request reads {', '.join(sorted(fields))}")


def _once(build):
    """Return ``build`` memoised, each value built once even when several requests ask for it together."""
    cached = lru_cache(maxsize=32)(build)
    lock = threading.RLock()  # reentrant: a value may be built from another of the same function's
    signature = inspect.signature(build)

    def get(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()  # one value whether a default is given or left out
        with lock:  # the first asker builds; the others wait for its value, never build again
            return cached(*bound.args)

    get.cache_clear, get.cache_info = cached.cache_clear, cached.cache_info
    get.__doc__, get.__name__, get.__wrapped__ = build.__doc__, build.__name__, build
    return get


@_once
def page_solver(
    game: str, rule: str | None = None, refused: tuple[str, ...] = (), common: bool = False
) -> Solver | MultiSolver:
    """Return the shared solver of a game and hard-mode rule: what ``chute suggest --game GAME`` plays
    (``chute.solver_for``).  It never suggests the ``refused`` words (one solver per list, so that no request
    changes another's); ``common``: only common words (``--common``)."""
    solver = solver_for(
        game, hard=rule is not None and rule != "strict", strict=rule == "strict", refused=refused, common=common
    )
    if isinstance(solver, AbsurdleSolver):  # the page's games are the presets (``PRESETS``)
        raise ChuteError(f"the page does not play {game}")
    return solver


def refused_of(spec: GameSpec) -> tuple[str, ...]:
    """Return the user's refused words for a game's word list (``refused``), sorted."""
    return tuple(refused_words(spec.lexicon))


def spec_of(body: dict, adversary: bool = False) -> GameSpec:
    """Return the game preset a request names (the adversary's games too when ``adversary``: the requests that
    play them)."""
    name = body.get("game", "wordle")
    games = [*PRESETS, *ADVERSARY_GAMES] if adversary else list(PRESETS)
    if not isinstance(name, str) or name not in games:
        raise BadRequest(f"unknown game {str(name)[:40]!r}; the games are {', '.join(games)}")
    return game_spec(name)


@_once
def adversary_solver(game: str, rule: str | None = None) -> AbsurdleSolver:
    """Return the shared solver of an adversary's game and rule (``chute.solver_for``)."""
    solver = solver_for(game, hard=rule == "hard", strict=rule == "strict")
    assert isinstance(solver, AbsurdleSolver)
    return solver


def adversary_game_of(body: dict, spec: GameSpec) -> AbsurdleGame:
    """Return the game against the adversary a request replays: its guesses, each answered again."""
    rows = rows_of(body)
    game = adversary_solver(spec.name, rule_of(body, spec)).new_game()
    for i, row in enumerate(rows, 1):
        if not isinstance(row, dict) or not isinstance(row.get("guess"), str):
            raise BadRequest(f'row {i}: expected {{"guess": WORD}}')
        try:
            game.guess(row["guess"])
        except ChuteError as err:
            raise BadRequest(f"row {i}: {err.args[0] if err.args else err}") from None
    return game


def rule_of(body: dict, spec: GameSpec) -> str | None:
    """Return the hard-mode rule a request asks for (``hard`` means the game's own rule)."""
    rule = body.get("rule")
    if rule in (None, "", "normal"):
        return None
    if rule not in ("hard", "strict"):
        raise BadRequest("rule must be normal, hard or strict")
    if spec.boards > 1:
        raise BadRequest("multi-board games are played without hard mode")
    return spec.hard_rule if rule == "hard" else rule


def rows_of(body: dict) -> list:
    """Return the rows a request replays (a list of at most ``MAX_ROWS``; each row checked by its reader)."""
    rows = body.get("rows", [])
    if not isinstance(rows, list) or len(rows) > MAX_ROWS:
        raise BadRequest(f"rows must be a list of at most {MAX_ROWS} rows")
    return rows


def session_of(body: dict) -> tuple[Session, GameSpec]:
    """Return (session, spec): the game of a request replayed row by row."""
    spec = spec_of(body)
    rule = rule_of(body, spec)
    rows = rows_of(body)
    if len(rows) * spec.boards > MAX_WORK:
        raise BadRequest(f"{spec.name} replays at most {MAX_WORK // spec.boards} rows in one request", 413)
    parsed = []
    for i, row in enumerate(rows, 1):
        if not isinstance(row, dict) or not isinstance(row.get("guess"), str):
            raise BadRequest(f'row {i}: expected {{"guess": WORD, "patterns": [COLOURS, ...]}}')
        patterns = row.get("patterns")
        if isinstance(patterns, str):
            patterns = [patterns]
        if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
            raise BadRequest(f"row {i}: patterns must be a list of colours, one per unsolved board")
        parsed.append((row["guess"], patterns))
    # keep_unknown: a row the game showed stays, even when no listed word fits it
    session = session_for(page_solver(spec.name, rule, refused_of(spec), common_of(body)), keep_unknown=True)
    try:
        session.replay(parsed)
    except ChuteError as err:
        raise BadRequest(err.args[0] if err.args else str(err)) from None  # a Note: said in the page's language
    return session, spec


def common_of(body: dict) -> bool:
    """Return whether the request asks for common words only (``--common``'s floor)."""
    common = body.get("common", False)
    if type(common) is not bool:
        raise BadRequest("common must be true or false")
    return common


def lang_of(body: dict) -> str:
    """Return the language the request asks its sentences in: "en" (the default) or "pt"."""
    lang = body.get("lang", "en")
    if lang not in LANGUAGES:
        raise BadRequest("lang must be en or pt")
    return lang


def show_of(session: Session) -> Callable[[str], str]:
    """Return the function that spells a word as the game shows it (accents)."""
    return session.solver.lexicon.show


def page_rows(guesses: Sequence[str], answers: Sequence[str]) -> list[dict]:
    """Return the rows the page sends for these guesses: the colours of each board still open, against its answer."""
    return [
        {"guess": g, "patterns": [score(g, a) for a in answers if a not in guesses[:i]]} for i, g in enumerate(guesses)
    ]
