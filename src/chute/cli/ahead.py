"""Compiling ahead, when asked (``CHUTE_COMPILE_AHEAD=1``): on a machine whose kernels are not compiled yet, a
process of its own compiles them while the player's first commands answer (``python -m chute.cli.ahead``).

numba compiles each kernel the first time it runs on a machine (seconds each,
about a minute in all).  The first command a player types answers in numpy
where it can; meanwhile this process, at a low priority, asks the page's own
requests once (``web.warm_kernels``: a suggestion, a review and a multi-board
game of each kind, each game in a process of its own: ``web.warming``), which
compiles the kernels into numba's cache and builds the first review tables
into chute's.  A later command reads them; one that
needs a kernel being compiled waits for it rather than compiling it twice
(``kernels.shared_cache``).  It starts once per machine and version (a stamp
in chute's cache says it finished), and one at a time (a lock file).

It is not started unless asked: it costs about a minute of CPU, many times what
a player's first commands cost (they answer in numpy, BENCHMARKS.md "First
use"), for searches most players never run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ..files import default_cache_dir, write_atomic
from ..kernels.compiling import kernels_key
from ..language import Note
from ..machine import this_chute_env
from .console import note, stderr_is_terminal

ENV = "CHUTE_COMPILE_AHEAD"
KERNELS = Path(__file__).resolve().parents[1] / "kernels"
COMMANDS = frozenset({"suggest", "play", "assist", "review", "bench", "tree", "prove", "compare"})  # run kernels


def start_if_due(args) -> None:
    """Start the process for a command that runs kernels, when asked and this machine's are not compiled."""
    if getattr(args, "command", None) not in COMMANDS or getattr(args, "no_cache", False):
        return
    cache_dir = default_cache_dir()
    on_terminal = stderr_is_terminal()
    if (
        due(on_terminal, cache_dir)
        and start(cache_dir) is not None
        and on_terminal
        and not (getattr(args, "json", False) or getattr(args, "quiet", False))
    ):
        note(Note("compiling_ahead"), lang=getattr(args, "lang", "en"))


def stamp_path(cache_dir: Path) -> Path:
    """Return the file that says the kernels of this chute, numba and Python are compiled into this numba cache."""
    return cache_dir / f"kernels-{kernels_key(KERNELS)}.ok"


def due(on_terminal: bool, cache_dir: Path) -> bool:
    """Return whether a command should start the process: asked to (``CHUTE_COMPILE_AHEAD=1``), and not done yet
    (``on_terminal``: whether the command runs on one, which says so in a line)."""
    if os.environ.get(ENV, "") != "1":
        return False
    return not stamp_path(cache_dir).exists()


def start(cache_dir: Path) -> subprocess.Popen | None:
    """Start the process in a session of its own (Ctrl-C in the terminal is the command's alone); None if the
    machine has no process to spare."""
    env = this_chute_env(CHUTE_CACHE_DIR=str(cache_dir))
    try:
        return subprocess.Popen(
            [sys.executable, "-m", "chute.cli.ahead"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            env=env,
        )
    except OSError:
        return None


def main() -> int:
    """Compile the kernels (``web.warming.warm_in_processes``) unless another process does; return 0, or 1 if it
    could not.

    The stamp is written only when every request was answered.
    """
    try:
        os.nice(10)  # the player's commands come first
    except (AttributeError, OSError):
        pass
    try:
        import fcntl  # noqa: PLC0415 (platform: where the system has it)

        cache_dir = default_cache_dir()
        cache_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(cache_dir / "kernels-ahead.lock", os.O_RDWR | os.O_CREAT, 0o666)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # another process compiles ahead already
            return 0
        stamp = stamp_path(cache_dir)
        if stamp.exists():
            return 0
        from ..web.warming import warm_in_processes  # noqa: PLC0415 (the child process's own work, loaded in the child alone)

        if warm_in_processes():
            return 1
        write_atomic(stamp, "compiled\n", "stamp")
    except KeyboardInterrupt:
        return 130
    except Exception:  # noqa: BLE001 - it never fails a command: each command compiles what it needs
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
