"""The page's own requests asked once: by ``chute serve`` as it starts (``warm``, ``warm_kernels``), and by
``python -m chute.web.warming [--game GAME]``, in processes beside it.

Started by the server as it starts (``web.warm_in_background``), at a lower priority:
it compiles the kernels and builds the review tables into the caches the
server reads.  It says so on the server's log the first time a kernel must be
compiled, and nothing else.  Each game's requests are asked in a process of
its own (``--game``), one game after the other: numba keeps what it compiles,
and the page each game's matrices, for the life of a process, so a process
holds one game's (BENCHMARKS.md, "chute serve").
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable

from ..game.games import PRESETS, game_spec
from ..game.pattern_codes import prefer_compiled
from ..kernels import prefer_threadsafe
from ..kernels.compiling import told_when_compiling
from ..language import phrase
from ..machine import this_chute_env
from ..parallel import end_with_parent
from ..playing.multi_solver import MultiSolver
from . import api
from .requests import page_rows, page_solver, refused_of

Handler = Callable[[dict], dict]


def warm(games: tuple[str, ...] = ("wordle", "dordle", "termo", "dueto")) -> None:
    """Prepare a long-running server: the page's first solvers built, the compiled kernels loaded and preferred.

    A single ``chute suggest`` is faster in numpy than loading numba; a
    server ranks on every request, and with the kernels a suggestion after two
    clues takes about half the time (BENCHMARKS.md, "chute serve").
    """
    prefer_threadsafe()  # requests run in threads: kernels several may call at once
    for game in games:
        solver = page_solver(game, None, refused_of(game_spec(game)))
        (solver.solver if isinstance(solver, MultiSolver) else solver).openers(1)
    prefer_compiled(True)


# one request of each kind the page makes, asked by the server itself as it starts (``warm_kernels``); the
# one-board games open with words whose review tables do not ship (``data/review/``), so that their reviews
# search an opener: the compiled tree search (and hard modes') is loaded before a player's unusual opener needs it
WARM_GAMES = (
    ("wordle", None, ("cloth", "corny", "cigar"), ("cigar",)),
    ("wordle", "hard", ("cloth", "carry", "cigar"), ("cigar",)),  # its review reaches the compiled hard searches
    ("termo", None, ("cinto", "limpo", "termo"), ("termo",)),
    ("termo", "strict", ("cinto", "termo"), ("termo",)),
    ("quarteto", None, ("serao", "limpo", "termo", "nobre", "fungo", "mundo"), ("termo", "nobre", "fungo", "mundo")),
    ("quordle", None, ("salet", "corny", "cigar", "rebut", "sissy", "humph"), ("cigar", "rebut", "sissy", "humph")),
)
# and the suggestion after rows that leave thousands of words where the policy plans: its two-deep sums run
# compiled (``kernels/expected.py``), which no warm game above reaches (after another opener the second row
# of so many words is the opener's to keep, so it takes a third); its review would take long
WARM_FIRST_ROWS = (("wordle", "hard", ("jumpy", "fuzzy"), "cigar"),)


def warm_kernels(
    stop: Callable[[], bool] = lambda: False,
    ask: Callable[[Handler, dict], dict] | None = None,
    game: str | None = None,
) -> list[str]:
    """Return what failed of the page's own requests (``WARM_GAMES``, ``WARM_FIRST_ROWS``), asked once each until
    ``stop()`` says so (``game``: only those about that game).

    ``chute serve`` runs this twice as it starts.  First in processes of
    its own, a game each (``python -m chute.web.warming``): on a fresh install numba
    compiles each kernel the first time it runs (seconds each) and the first review of a word list builds
    its table on
    disk, both into the caches the server reads, on another core, so that
    no request waits for it.  Then in the server, each request in one of
    its turns, so a player's waits for one at most: the
    kernels are loaded from their cache (about a second) before a click needs them: ``ask(handler, body)``
    asks each request in one of the server's turns (default: here and now).
    """
    failed: list[str] = []
    asks = [(handler, body) for handler, body in _warm_asks() if game is None or body["game"] == game]
    for handler, body in asks:
        if stop():
            return failed
        try:
            (ask or _now)(handler, body)
        except Exception as err:  # noqa: BLE001 - a warm-up never fails the server; the request will say why
            failed.append(f"{handler.__name__} {body['game']}: {type(err).__name__}: {err}")
    return failed


def warm_games() -> list[str]:
    """Return the games the page's own requests are about, in the order ``warm_kernels`` asks them."""
    return list(dict.fromkeys(body["game"] for _, body in _warm_asks()))


def _warm_asks() -> list[tuple[Callable[[dict], dict], dict]]:
    """Return the page's own requests (handler, body), in the order ``warm_kernels`` asks them."""
    asks: list[tuple[Handler, dict]] = []
    for game, rule, guesses, answers in WARM_GAMES:
        rows = page_rows(guesses, answers)
        asks += [
            (api.suggest, {"game": game, "rule": rule, "rows": rows[:1]}),
            (api.why_word, {"game": game, "rule": rule, "rows": rows[:1], "word": guesses[1]}),
            (api.review_game_body, {"game": game, "rule": rule, "rows": rows}),
        ]
    for game, rule, words, answer in WARM_FIRST_ROWS:
        asks.append((api.suggest, {"game": game, "rule": rule, "rows": page_rows(list(words), [answer])}))
    for game in PRESETS:  # every game's opening: a multi-board one ranks its own opener once
        asks.append((api.suggest, {"game": game, "rows": []}))
    return asks


def _now(handler: Handler, body: dict) -> dict:
    """Return a handler's answer to a body, asked here and now."""
    return handler(body)


USAGE = "usage: python -m chute.web.warming [--game GAME]"


def warm_in_processes(stop: Callable[[], bool] = lambda: False) -> list[str]:
    """Return the games whose requests did not all answer, each game's asked in a process of its own
    (``python -m chute.web.warming --game GAME``), one after the other, until ``stop()`` says so."""
    failed = []
    for game in warm_games():
        if stop():
            break
        try:
            status = subprocess.call(
                [sys.executable, "-m", "chute.web.warming", "--game", game],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                env=this_chute_env(),
            )
        except OSError:  # no process to spare: the requests do their own work
            status = 1
        if status:
            failed.append(game)
    return failed


def main(argv: list[str] | None = None) -> int:
    """Ask the page's requests once (every game, a process each; or ``--game``'s, here); return 0, 1 if some did
    not answer, 2 for bad arguments, or 130 if stopped.

    It never prints a traceback on the server's log: a warm-up that fails
    leaves each request to do its own work, as without it.
    """
    argv = sys.argv[1:] if argv is None else argv
    if argv and (len(argv) != 2 or argv[0] != "--game"):
        print(USAGE, file=sys.stderr)
        return 2
    if argv:
        if argv[1] not in warm_games():
            print(f"{USAGE}: GAME is one of {', '.join(warm_games())}", file=sys.stderr)
            return 2
    try:
        os.nice(10)  # the server's requests come first on a busy machine
    except (AttributeError, OSError):  # no nice() (Windows), or not allowed
        pass
    try:

        def say(message) -> None:
            print(phrase("cli_note", "en", message=message), file=sys.stderr, flush=True)

        parent = os.getppid()
        if not argv:  # the server gone: nobody will read the caches
            return 1 if warm_in_processes(lambda: os.getppid() != parent) else 0
        end_with_parent(parent)  # killed with the process that asked, whatever it is asking
        with told_when_compiling(say):
            return 1 if warm_kernels(lambda: os.getppid() != parent, game=argv[1]) else 0
    except KeyboardInterrupt:
        return 130
    except Exception:  # noqa: BLE001 - e.g. its standard error closed, a module that will not load
        return 1


if __name__ == "__main__":
    sys.exit(main())
