"""``python -m chute.web.warming [--game GAME]``: the page's own requests asked once, in processes beside
``chute serve``.

Started by the server as it starts (``web.warm_in_background``), at a lower priority:
it compiles the kernels and builds the review tables into the caches the
server reads.  It says so on the server's log the first time a kernel must be
compiled, and nothing else.  Each game's requests are asked in a process of
its own (``--game``), one game after the other: numba keeps what it compiles,
and the page each game's matrices, for the life of a process, so a process
holds one game's (all in one process held 949 MiB at its peak, a game each 403).
"""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Callable

USAGE = "usage: python -m chute.web.warming [--game GAME]"


def warm_in_processes(stop: Callable[[], bool] = lambda: False) -> list[str]:
    """Return the games whose requests did not all answer, each game's asked in a process of its own
    (``python -m chute.web.warming --game GAME``), one after the other, until ``stop()`` says so."""
    from ..parallel import this_chute_env
    from . import warm_games
    failed = []
    for game in warm_games():
        if stop():
            break
        try:
            status = subprocess.call([sys.executable, "-m", "chute.web.warming", "--game", game],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env=this_chute_env())
        except OSError:             # no process to spare: the requests do their own work
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
        from . import warm_games
        if argv[1] not in warm_games():
            print(f"{USAGE}: GAME is one of {', '.join(warm_games())}", file=sys.stderr)
            return 2
    try:
        os.nice(10)                 # the server's requests come first on a busy machine
    except (AttributeError, OSError):   # no nice() (Windows), or not allowed
        pass
    try:
        from ..kernels.compiling import told_when_compiling
        from ..language import phrase
        from . import warm_kernels

        def say(message) -> None:
            print(phrase("cli_note", "en", message=message), file=sys.stderr, flush=True)
        parent = os.getppid()
        if not argv:                # the server gone: nobody will read the caches
            return 1 if warm_in_processes(lambda: os.getppid() != parent) else 0
        from ..parallel import end_with_parent
        end_with_parent(parent)     # killed with the process that asked, whatever it is asking
        with told_when_compiling(say):
            return 1 if warm_kernels(lambda: os.getppid() != parent, game=argv[1]) else 0
    except KeyboardInterrupt:
        return 130
    except Exception:               # noqa: BLE001 - e.g. its standard error closed, a module that will not load
        return 1


if __name__ == "__main__":
    sys.exit(main())
