"""Compiling ahead, when asked: a first command starts, once per machine, a process that compiles the kernels."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import time

import pytest

from chute.cli import ahead


def test_it_is_due_only_when_asked_until_its_stamp_is_written(tmp_path, monkeypatch):
    """A minute of CPU in the background is never spent unasked: not even on a terminal."""
    monkeypatch.delenv(ahead.ENV, raising=False)
    assert not ahead.due(True, tmp_path) and not ahead.due(False, tmp_path)
    monkeypatch.setenv(ahead.ENV, "0")
    assert not ahead.due(True, tmp_path)
    monkeypatch.setenv(ahead.ENV, "1")
    assert ahead.due(True, tmp_path) and ahead.due(False, tmp_path)
    ahead.stamp_path(tmp_path).write_text("compiled\n")
    assert not ahead.due(True, tmp_path) and not ahead.due(False, tmp_path)


def test_the_stamp_names_the_kernels_sources_and_the_numba_cache(tmp_path, monkeypatch):
    """Another numba cache folder, or a kernel's source changed, is another stamp: compiled again."""
    first = ahead.stamp_path(tmp_path)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "elsewhere"))
    assert ahead.stamp_path(tmp_path) != first
    monkeypatch.setattr(ahead, "KERNELS", tmp_path)
    (tmp_path / "score.py").write_text("x = 1\n")
    one = ahead.stamp_path(tmp_path)
    (tmp_path / "score.py").write_text("x = 22\n")
    assert ahead.stamp_path(tmp_path) != one


def test_a_second_process_leaves_the_work_to_the_one_holding_the_lock(tmp_path):
    """While another holds the lock, the process ends at once, writing no stamp."""
    env = {**os.environ, "CHUTE_CACHE_DIR": str(tmp_path)}
    fd = os.open(tmp_path / "kernels-ahead.lock", os.O_RDWR | os.O_CREAT, 0o666)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        done = subprocess.run([sys.executable, "-m", "chute.cli.ahead"], env=env, timeout=120)
    finally:
        os.close(fd)
    assert done.returncode == 0
    assert not list(tmp_path.glob("kernels-*.ok"))


@pytest.mark.slow
def test_a_first_command_answers_and_a_process_of_its_own_compiles_the_kernels_then_writes_its_stamp(tmp_path):
    """``chute suggest`` asked to compile ahead answers as usual; the process it started asks the page's requests
    (filling the caches) and writes the stamp, after which no command starts it again."""
    env = {**os.environ, "CHUTE_CACHE_DIR": str(tmp_path / "cache"), ahead.ENV: "1"}
    first = subprocess.run(
        [sys.executable, "-m", "chute", "suggest"], env=env, capture_output=True, text=True, timeout=300
    )
    assert first.returncode == 0 and "SALET" in first.stdout, first.stderr
    stamp = None
    deadline = time.time() + 600
    while time.time() < deadline and stamp is None:
        stamp = next(iter((tmp_path / "cache").glob("kernels-*.ok")), None)
        time.sleep(0.5)
    assert stamp is not None, "the process compiling ahead wrote no stamp"
    assert list((tmp_path / "cache").glob("review-*"))  # the first review tables were built too
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ahead.KERNELS.parents[1]), env.get("PYTHONPATH")) if p)
    code = (
        "import sys; from chute.cli import ahead; from pathlib import Path; print(ahead.due(True, Path(sys.argv[1])))"
    )
    again = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "cache")], env=env, capture_output=True, text=True, timeout=60
    )
    assert again.stdout.split() == ["False"]


def test_the_process_compiling_ahead_needs_no_web_extra(tmp_path):
    """``pip install .`` brings no Starlette: the compile ahead asks the page's requests of the library itself,
    so it runs (and writes its stamp) all the same."""
    code = (
        "import sys\n"
        "sys.modules.update(starlette=None, uvicorn=None)  # not installed\n"
        "from chute.web.warming import warm_in_processes\n"
        "from chute.web import api\n"
        "print(sorted(api.suggest({'game': 'wordle', 'rows': [], 'top': 1})['suggestions'][0]))\n"
        "import chute.web\n"
        "try:\n"
        "    chute.web.create_app\n"
        "except ImportError as err:\n"
        "    print('the app needs', err.name)\n"
    )
    env = {**os.environ, "CHUTE_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "guess" in done.stdout and "the app needs" in done.stdout
