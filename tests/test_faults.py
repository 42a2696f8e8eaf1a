"""Faults: ``kill -9`` at random moments of ``tree --out``, ``bench --csv`` and the cache writer.

After every kill the file is either the old good one or the new good one:
never missing, truncated or mixed.  A first run of each command is watched
to find when it writes (its temp file appears, then the target is renamed);
the kills are then spread by a seeded generator over the whole run and,
most of them, over that write window.
"""

from __future__ import annotations

import csv
import io
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from chute import Engine, load_lexicon
from chute.game.matrix_file import read_matrix
from chute.search.tree import DecisionTree

KILLS = int(os.environ.get("CHUTE_FAULT_KILLS", "6"))


def chute(*argv, env):
    """Return the argv of a chute command run by this Python."""
    return [sys.executable, "-m", "chute", *map(str, argv)]


def timed_run(argv, env) -> float:
    """Run a command to the end; return its wall time (it must succeed)."""
    t0 = time.perf_counter()
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return time.perf_counter() - t0


def kill_at(argv, env, delay: float) -> int | None:
    """Start a command and SIGKILL it after ``delay`` seconds; return its status if it ended first."""
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        return proc.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        return None


@pytest.fixture(scope="module")
def lists(tmp_path_factory):
    """Return (folder, answers file, guesses file, environment) for medium word lists."""
    folder = tmp_path_factory.mktemp("faults")
    lex = load_lexicon("wordle")
    answers, guesses = folder / "answers.txt", folder / "guesses.txt"
    answers.write_text("\n".join(lex.answers[::2]) + "\n")
    guesses.write_text("\n".join(lex.guesses[::2]) + "\n")
    env = {**os.environ, "CHUTE_CACHE_DIR": str(folder / "cache"), "NO_COLOR": "1"}
    return folder, answers, guesses, env


def kill_mid_write(argv, env, folder: Path, name: str) -> bool:
    """Start a command and SIGKILL it the moment its temp file for ``name`` appears; return whether it was caught writing."""
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while proc.poll() is None:
        try:
            names = os.listdir(folder)
        except FileNotFoundError:
            names = []
        if any(n.startswith(f".{name}.") and n.endswith(".tmp") for n in names):
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            return True
        time.sleep(0.0002)  # a look every fraction of a millisecond, not a core spun beside the command
    return False


def write_window(argv, env, folder: Path, name: str) -> tuple[float, float, float]:
    """Run a command once, watching ``folder``; return (write starts, write ends, run ends), in seconds.

    The write starts when a temp file for ``name`` appears and ends when the
    target ``name`` is (re)placed.
    """
    target = folder / name
    before = target.stat().st_mtime_ns if target.exists() else None
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    start = end = None
    while proc.poll() is None:
        now = time.perf_counter() - t0
        try:
            names = os.listdir(folder)
        except FileNotFoundError:
            names = []
        if start is None and any(n.startswith(f".{name}.") and n.endswith(".tmp") for n in names):
            start = now
        if end is None and target.exists() and target.stat().st_mtime_ns != before:
            end = now
        time.sleep(0.001)
    total = time.perf_counter() - t0
    assert proc.returncode == 0
    end = end if end is not None else total
    start = start if start is not None else max(0.0, end - 0.05)
    return start, end, total


def delays(window: tuple[float, float, float], seed: int) -> list[float]:
    """Return kill times: a third spread over the whole run, the rest around the write window."""
    start, end, total = window
    rng = random.Random(seed)
    spread = [rng.uniform(0.1, 1.0) * total for _ in range(KILLS // 3)]
    near = [rng.uniform(start - 0.01, end + 0.01) for _ in range(KILLS - len(spread))]
    return sorted(max(0.05, t) for t in spread + near)


def test_killing_tree_out_keeps_a_good_tree(lists):
    folder, answers, guesses, env = lists
    out = folder / "tree.json"
    argv = chute("tree", "--answers", answers, "--guesses", guesses, "--openers", "2", "--out", out, env=env)
    timed_run(argv, env)
    old = out.read_bytes()
    window = write_window(argv, env, folder, out.name)
    caught = 0
    for _ in range(3):
        caught += kill_mid_write(argv, env, folder, out.name)
        # the old tree, or (if the rename won the race with the kill) a whole new one
        assert out.read_bytes() == old or DecisionTree.load(out).root.guess
    assert caught
    for delay in delays(window, 1):
        kill_at(argv, env, delay)
        data = out.read_bytes()
        assert data == old or DecisionTree.load(out).root.guess, "a torn tree file"
        leftovers = [p.name for p in folder.iterdir() if p.name.startswith(".tree.json.")]
        assert all(p.endswith(".tmp") for p in leftovers)
    DecisionTree.load(out)


def test_killing_bench_csv_keeps_a_good_csv(lists):
    folder, answers, guesses, env = lists
    fewer = folder / "bench-answers.txt"  # an eighth of the answers: the bench runs 11 times; its size is not tested
    fewer.write_text("\n".join(answers.read_text().split()[::8]) + "\n")
    answers, out = fewer, folder / "games.csv"
    argv = chute("bench", "--answers", answers, "--guesses", guesses, "--csv", out, "--quiet", env=env)
    timed_run(argv, env)
    good = out.read_text()
    rows = list(csv.reader(io.StringIO(good)))
    assert len(rows) == 1 + len(answers.read_text().split())
    caught = sum(kill_mid_write(argv, env, folder, out.name) for _ in range(3))
    assert out.read_text() == good and caught
    for delay in delays(write_window(argv, env, folder, out.name), 2):
        kill_at(argv, env, delay)
        assert out.read_text() == good


def test_killing_the_cache_writer_never_leaves_a_bad_matrix(lists, tmp_path):
    _, answers, guesses, env = lists
    lexicon = load_lexicon("wordle", answers=answers, guesses=guesses)
    expected = Engine.build(lexicon, cache=False).matrix
    cache = tmp_path / "cache"
    env = {**env, "CHUTE_CACHE_DIR": str(cache)}
    argv = chute("suggest", "--answers", answers, "--guesses", guesses, "--top", "1", env=env)
    timed_run(argv, env)
    name = next(cache.glob("matrix-*.bin")).name
    for f in cache.glob("*"):
        f.unlink()
    window = write_window(argv, env, cache, name)
    caught = 0
    for attempt in range(12):  # the write lasts milliseconds: a busy machine may need a few tries
        for f in cache.glob("*"):
            f.unlink()
        caught += kill_mid_write(argv, env, cache, name)
        assert (
            not (cache / name).exists()
            or read_matrix(cache / name, lexicon.key, expected.shape, expected.dtype) is not None
        )
        if caught and attempt >= 2:
            break
    assert caught
    for delay in delays(window, 3):
        for f in cache.glob("*"):
            f.unlink()
        kill_at(argv, env, delay)
        for f in cache.glob("matrix-*.bin"):  # a matrix file is whole (its checksum holds) or absent
            stored = read_matrix(f, lexicon.key, expected.shape, expected.dtype)
            assert stored is not None and np.array_equal(stored, expected), f"torn cache file after {delay:.2f} s"
    # the next run sweeps the temp files a killed writer left
    for f in cache.glob("*"):
        if not f.name.endswith(".tmp"):
            f.unlink()
    timed_run(argv, env)
    assert not [f for f in cache.iterdir() if f.name.endswith(".tmp")]


def children_of(pid: int) -> list[int]:
    """Return the processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def live(pid: int) -> bool:
    """Return whether a process exists and is not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the worker processes from /proc (Linux)")
@pytest.mark.parametrize("to", ["group", "parent", "ignored"])
def test_ctrl_c_over_worker_processes_says_one_line(lists, to):
    """Ctrl-C from a terminal reaches the whole process group: the workers end silently, the parent says so
    once, 130.  It hung on a loaded machine when the interrupt struck inside concurrent.futures' waiting,
    so two busy processes load the cores meanwhile, and it is tried three times.  A SIGINT to the parent
    alone (``kill -INT``) ends its workers too.  A run started with Ctrl-C ignored (``nohup``, a background
    job of a script) ignores it in its workers too: it finishes, no worker dies.  Each run starts with the
    disposition it tests, whatever the test runner's (a runner in the background ignores SIGINT)."""
    folder, answers, guesses, env = lists
    # a run that must be interrupted lasts long; one that ignores the interrupt must finish
    argv = chute(
        "tree",
        "--answers",
        answers,
        "--guesses",
        guesses,
        "--openers",
        "12" if to == "ignored" else "60",
        "--jobs",
        "2",
        "--quiet",
        env=env,
    )
    load = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        for attempt in range(3):
            disposition = signal.SIG_IGN if to == "ignored" else signal.SIG_DFL
            proc = subprocess.Popen(
                argv,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                start_new_session=True,
                preexec_fn=lambda: signal.signal(signal.SIGINT, disposition),
            )
            deadline = time.monotonic() + 120
            while len(children_of(proc.pid)) < 2 and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.02)
            workers = children_of(proc.pid)
            assert len(workers) >= 2, "the workers never started"
            time.sleep(0.2 + 0.2 * attempt)  # inside their first searches
            if to in ("group", "ignored"):
                os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
            else:
                os.kill(proc.pid, signal.SIGINT)
            try:
                out, err = proc.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.communicate()
                pytest.fail(f"attempt {attempt + 1}: still running 60 s after the interrupt")
            if to == "ignored":
                assert proc.returncode == 0 and err == "" and "best:" in out, err[-2000:]
                break
            assert proc.returncode == 130 and err == "chute: interrupted\n", err[-2000:]
            time.sleep(0.2)
            assert not [w for w in workers if live(w)]
    finally:
        for p in load:
            p.kill()
            p.wait()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers end with their parent on Linux (prctl)")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["kill", "kill-9"])
def test_workers_end_with_a_killed_parent(lists, how):
    """``kill`` or ``kill -9`` of a run with --jobs: its workers end too (they waited for work forever,
    holding the run's output pipes open)."""
    folder, answers, guesses, env = lists
    argv = chute(
        "tree", "--answers", answers, "--guesses", guesses, "--openers", "60", "--jobs", "2", "--quiet", env=env
    )
    proc = subprocess.Popen(
        argv,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while len(children_of(proc.pid)) < 2 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    workers = children_of(proc.pid)
    assert len(workers) >= 2, "the workers never started"
    time.sleep(0.3)
    os.kill(proc.pid, how)
    proc.wait(timeout=60)
    deadline = time.monotonic() + 10
    while [w for w in workers if live(w)] and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [w for w in workers if live(w)]
    for w in left:
        os.kill(w, signal.SIGKILL)
    assert not left, f"workers {left} outlived their parent"


def test_the_pool_thread_s_error_after_a_ctrl_c_is_not_printed():
    """CPython's pool management thread can trip over a pool a Ctrl-C tore down ("dictionary changed size
    during iteration"); after a noted Ctrl-C its error is dropped, any other thread's error is printed."""
    import threading
    from concurrent.futures import process

    from chute.parallel import pool_thread_hook

    printed: list[str] = []
    interrupted = threading.Event()
    hook = pool_thread_hook(interrupted, lambda args: printed.append(args.thread.name))
    manager = process._ExecutorManagerThread.__new__(process._ExecutorManagerThread)
    threading.Thread.__init__(manager, name="pool manager")
    other = threading.Thread(name="another thread")

    def args(thread):
        return threading.ExceptHookArgs((RuntimeError, RuntimeError("dictionary changed size"), None, thread))

    hook(args(manager))  # no Ctrl-C: a real error of the pool, printed
    interrupted.set()
    hook(args(other))  # another thread: printed
    hook(args(manager))  # the pool's thread after a Ctrl-C: dropped
    assert printed == ["pool manager", "another thread"]
