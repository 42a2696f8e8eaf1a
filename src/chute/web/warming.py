"""``python -m chute.web.warming``: the page's own requests asked once, in a process beside ``chute serve``.

Started by the server as it starts (``web.warm_in_background``), at a lower priority:
it compiles the kernels and builds the review tables into the caches the
server reads.  It says so on the server's log the first time a kernel must be
compiled, and nothing else.
"""

from __future__ import annotations

import os
import sys


def main() -> int:
    """Ask the page's requests once (``warm_kernels``); return 0, 1 if it could not, or 130 if stopped.

    It never prints a traceback on the server's log: a warm-up that fails
    leaves each request to do its own work, as without it.
    """
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
        server = os.getppid()
        with told_when_compiling(say):
            warm_kernels(lambda: os.getppid() != server)       # the server gone: nobody will read the caches
    except KeyboardInterrupt:
        return 130
    except Exception:               # noqa: BLE001 - e.g. its standard error closed, a module that will not load
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
