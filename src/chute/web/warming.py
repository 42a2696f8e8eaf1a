"""``python -m chute.web.warming``: the page's own requests asked once, in a process beside ``chute serve``.

Started by the server once it listens (``web._warming``), at a lower priority:
it compiles the kernels and builds the review tables into the caches the
server reads.  It says so on the server's log the first time a kernel must be
compiled, and nothing else.
"""

from __future__ import annotations

import os
import sys


def main() -> int:
    """Ask the page's requests once (``warm_kernels``); return 0, or 130 if stopped."""
    try:
        os.nice(10)                 # the server's requests come first on a busy machine
    except OSError:
        pass
    try:
        from ..compiling import told_when_compiling
        from ..language import phrase
        from . import warm_kernels

        def say(message) -> None:
            print(phrase("cli_note", "en", message=message), file=sys.stderr, flush=True)
        server = os.getppid()
        with told_when_compiling(say):
            warm_kernels(lambda: os.getppid() != server)       # the server gone: nobody will read the caches
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
