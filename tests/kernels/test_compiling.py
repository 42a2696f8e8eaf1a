"""A kernel's first compilation on a machine (seconds, silent before) is said once, on a terminal only."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time

from numba import njit

from chute.game.words import load_lexicon
from chute.kernels import _numba  # noqa: F401  (its import is what listens to numba)
from chute.kernels.compiling import COMPILING, told_when_compiling


def test_a_compilation_is_told_once_within_the_block_and_never_after():
    """Two kernels compiled in a block: one note; a third compiled after the block: none."""
    heard = []
    with told_when_compiling(heard.append):
        assert njit(lambda x: x + 1)(1) == 2
        assert njit(lambda x: x * 3)(2) == 6
    assert heard == [COMPILING]
    assert njit(lambda x: x - 1)(1) == 0
    assert heard == [COMPILING]
    with told_when_compiling(heard.append):
        pass  # nothing compiled in the block: nothing said
    assert heard == [COMPILING]


def test_a_kernel_already_compiled_is_not_told():
    """A kernel run once before the block compiles nothing when run again in it: no note."""
    add = njit(lambda x: x + 2)
    add(1)
    heard = []
    with told_when_compiling(heard.append):
        assert add(3) == 5
    assert heard == []


def _on_a_terminal(argv: list[str], env: dict, timeout: float = 300) -> tuple[int, str]:
    """Return the exit status and the output of a command run with its stdout and stderr on a terminal."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=follower, stderr=follower, env=env)
    os.close(follower)
    out = b""
    deadline = time.time() + timeout
    while time.time() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed: the command ended
                break
            if not chunk:
                break
            out += chunk
        elif proc.poll() is not None:
            break
    os.close(leader)
    return proc.wait(timeout=60), out.decode("utf-8", "replace")


def test_a_terminal_hears_once_that_the_kernels_compile_and_never_again(tmp_path):
    """A fresh kernel cache: the first run says it compiles (once); the second, reading the cache, says nothing."""
    words = tmp_path / "words.txt"  # lists of 200 words: a short bench that still runs a kernel
    words.write_text("\n".join(load_lexicon("wordle").answer_list[:200]) + "\n")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "kernels"), "COLUMNS": "100"}
    argv = [sys.executable, "-m", "chute", "bench", "--answers", str(words), "--guesses", str(words), "-s", "entropy"]
    note = "chute: note: compiling chute's search kernels for this machine"
    status, out = _on_a_terminal(argv, env)
    assert status == 0, out
    assert out.count(note) == 1 and "200 games" in out
    status, again = _on_a_terminal(argv, env)
    assert status == 0, again
    assert note not in again and "200 games" in again


def test_a_review_compiles_nothing_once_its_kernels_are_cached():
    """Every kernel a review runs is read from the cache in a new process (an empty typed dict built from
    Python used to compile its constructor in every process: 0.15-0.25 s of each first search)."""
    code = (
        "from chute.kernels.compiling import told_when_compiling; from chute import Engine, load_lexicon; "
        "from chute.reviewing.verdict import review; heard = []; engine = Engine.build(load_lexicon('wordle'))\n"
        "with told_when_compiling(heard.append): review(engine, ['salet', 'corny', 'cigar'], 'cigar')\n"
        "print(len(heard))"
    )
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert first.returncode == 0, first.stderr  # compiles what this machine has not yet
    again = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    assert again.stdout.split() == ["0"]
