"""``python -m chute`` and the ``chute`` script: the command line, with Ctrl-C caught from its first import."""

import os
import sys

# Set for the command line only (the library leaves them to its caller), unless already set: chute's
# heavy work is numba's, so numpy's BLAS threads only cost each process their start, and numba's OpenMP
# threads spinning after each parallel region burn CPU a short command never uses (BENCHMARKS.md, "Side
# by side": a short command's CPU down by a third, the long ones as fast)
PROCESS_DEFAULTS = {"OPENBLAS_NUM_THREADS": "1", "OMP_WAIT_POLICY": "PASSIVE"}


def run() -> int:
    """Return the command line's exit status; a Ctrl-C while its modules load is one line and 130, as later."""
    for name, value in PROCESS_DEFAULTS.items():
        os.environ.setdefault(name, value)
    try:
        from .cli import main  # noqa: PLC0415 (after the environment numpy and numba read at start-up is set)
    except KeyboardInterrupt:
        from .language import default_language, phrase  # noqa: PLC0415 (after the environment numpy and numba read at start-up is set)

        print(phrase("interrupted", default_language()), file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    sys.exit(run())
