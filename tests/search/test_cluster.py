"""The proof on a Dask cluster never hangs and never ends in a traceback: a scheduler with no workers, one whose
workers all die, one killed mid-run, a port that is not a scheduler, and lists given by relative paths, each
against real local processes, each ending within a stated time."""

from __future__ import annotations

import os
import random
import signal
import socket
import socketserver
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from chute import Engine, load_lexicon
from chute.errors import ChuteError
from chute.search import prove as proving
from chute.search.prove import prove
from chute.search.tree_search import TreeSearch

distributed = pytest.importorskip("distributed", reason="the cluster extra (distributed) is part of the test extra")


def free_port() -> int:
    """Return a port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def lists(folder: Path, seed: int = 6, n_answers: int = 50, n_extra: int = 150) -> tuple[Path, Path]:
    """Write small seeded answer and guess lists drawn from Wordle's; return their paths."""
    base = load_lexicon("wordle")
    rng = random.Random(seed)
    answers = sorted(rng.sample(base.answers, n_answers))
    guesses = sorted(set(answers) | set(rng.sample(base.guesses, n_extra)))
    a, g = folder / "a.txt", folder / "g.txt"
    a.write_text("\n".join(answers) + "\n")
    g.write_text("\n".join(guesses) + "\n")
    return a, g


def searcher(a: Path, g: Path) -> TreeSearch:
    """Return the exact search of word list files."""
    return TreeSearch(Engine.build(load_lexicon("wordle", str(a), str(g)), cache=False), exact=True)


@contextmanager
def scheduler(workers: int, tmp_path: Path, worker_cwd: Path | None = None) -> Iterator[tuple[str, list]]:
    """Run ``dask scheduler`` and ``workers`` single-threaded ``dask worker`` processes on 127.0.0.1; yield (the
    scheduler's address, the processes: the scheduler first). Everything is killed on the way out."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "CHUTE_CACHE_DIR": str(tmp_path / "cache"), "NUMBA_NUM_THREADS": "1"}
    dask = [sys.executable, "-m", "dask"]
    procs = [
        subprocess.Popen(
            dask + ["scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
            start_new_session=True,
        )
    ]
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the scheduler did not start") from None
                time.sleep(0.2)
        for _ in range(workers):
            procs.append(
                subprocess.Popen(
                    dask + ["worker", address, "--nthreads", "1", "--no-dashboard"],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    env=env,
                    cwd=worker_cwd,
                    start_new_session=True,
                )
            )
        if workers:
            with distributed.Client(address, timeout="30s") as client:
                client.wait_for_workers(workers, timeout=120)
        yield address, procs
    finally:
        for p in procs:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait(timeout=30)


@pytest.fixture
def quick(monkeypatch):
    """Shorten the waits a proof allows a cluster, so that each case ends within seconds; a case that hangs
    fails after two minutes instead of holding the suite."""
    monkeypatch.setattr(proving, "WORKERS_WAIT", 4.0)
    monkeypatch.setattr(proving, "LOST_WAIT", 4.0)
    monkeypatch.setattr(proving, "POLL", 0.2)
    monkeypatch.setattr(proving, "HANDSHAKE_SECONDS", 2.0)
    monkeypatch.setattr(proving, "ASK_SECONDS", 1.0)
    monkeypatch.setattr(proving, "CONNECT_SECONDS", 5.0)

    def hung(signum, frame):
        raise TimeoutError("the proof hung: no answer within 120 s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(120)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def test_a_scheduler_without_workers_is_said_and_given_up(tmp_path, quick):
    a, g = lists(tmp_path)
    heard: list[str] = []
    with scheduler(0, tmp_path) as (address, _):
        started = time.monotonic()
        with pytest.raises(ChuteError, match="has had no worker for 4 s; the journal keeps 0 settled openers"):
            prove(
                searcher(a, g),
                top=3,
                cluster=address,
                lists={"answers": str(a), "guesses": str(g)},
                notify=heard.append,
            )
        assert time.monotonic() - started < 20
    assert heard == [f"waiting for workers: the Dask cluster at {address} has none now (giving up after 4 s)"]


def test_workers_that_all_die_mid_run_are_waited_for_then_given_up(tmp_path, quick):
    a, g = lists(tmp_path)
    heard: list[str] = []
    with scheduler(2, tmp_path) as (address, procs):
        killed: list[int] = []

        def progress(settled, done, total):
            if done == 20 and not killed:
                for p in procs[1:]:
                    os.killpg(p.pid, signal.SIGKILL)
                    killed.append(p.pid)

        started = time.monotonic()
        with pytest.raises(ChuteError, match=r"has had no worker for 4 s; the journal keeps [0-9,]+ settled"):
            prove(
                searcher(a, g),
                top=3,
                cluster=address,
                lists={"answers": str(a), "guesses": str(g)},
                progress=progress,
                notify=heard.append,
                journal=tmp_path / "j.jsonl",
            )
        assert killed and time.monotonic() - started < 90
    assert any("has none now" in h for h in heard)


def test_a_scheduler_killed_mid_run_ends_the_run_in_one_line(tmp_path, quick, capfd):
    a, g = lists(tmp_path)
    journal = tmp_path / "j.jsonl"
    with scheduler(2, tmp_path) as (address, procs):
        killed: list[int] = []
        when: list[float] = []

        def progress(settled, done, total):
            if done == 20 and not killed:
                os.killpg(procs[0].pid, signal.SIGKILL)
                killed.append(procs[0].pid)
                when.append(time.monotonic())

        with pytest.raises(
            ChuteError,
            match=rf"lost the Dask scheduler at {address}; the journal keeps [0-9,]+ "
            "settled openers: run the same command to go on",
        ):
            prove(
                searcher(a, g),
                top=3,
                cluster=address,
                lists={"answers": str(a), "guesses": str(g)},
                progress=progress,
                journal=journal,
            )
        assert killed and time.monotonic() - when[0] < 60
    assert "Traceback" not in capfd.readouterr().err  # Dask's client says nothing of its own
    local = prove(searcher(a, g), top=3)
    again = prove(searcher(a, g), top=3, journal=journal)  # the journal it kept goes on, here
    assert again.table() == local.table()


def test_lists_given_by_relative_paths_are_played_by_workers_elsewhere(tmp_path, cli, monkeypatch):
    """The workers run in another folder (another machine, as far as paths go): the lists' contents travel."""
    a, g = lists(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(tmp_path)
    status, local, _ = cli("prove", "--answers", "a.txt", "--guesses", "g.txt", "--top", "3", "--json", "-q")
    with scheduler(2, tmp_path, worker_cwd=elsewhere) as (address, _):
        status, remote, err = cli(
            "prove", "--answers", "a.txt", "--guesses", "g.txt", "--top", "3", "--json", "-q", "--cluster", address
        )
    import json

    assert status == 0, err
    assert json.loads(remote)["settled"] == json.loads(local)["settled"]


def test_absurdles_proof_on_a_cluster_says_what_it_says_in_one_process(tmp_path, cli):
    """``prove --game absurdle --cluster``: the workers settle the openers against the adversary, the same ones."""
    import json

    a, g = lists(tmp_path, seed=8, n_answers=60, n_extra=60)
    argv = ["prove", "--game", "absurdle", "--answers", a, "--guesses", g, "--json", "-q"]
    status, local, err = cli(*argv)
    assert status == 0, err
    with scheduler(2, tmp_path) as (address, _):
        status, remote, err = cli(*argv, "--cluster", address, "--journal", tmp_path / "j")
    assert status == 0, err
    mine, theirs = json.loads(local), json.loads(remote)
    for d in (mine, theirs):
        d.pop("seconds")
    assert theirs == mine and mine["proven"] and mine["winning_openers"] > 0


def test_a_worker_that_fails_is_named(monkeypatch):
    import numba

    # a worker sets NUMBA_NUM_THREADS for itself: here, in the test's process, it keeps the value numba runs with
    monkeypatch.setenv("NUMBA_NUM_THREADS", str(numba.config.NUMBA_NUM_THREADS))
    spec = {
        "key": "0" * 64,
        "rows": 6,
        "rule": None,
        "game": "wordle",
        "length": None,
        "files": {"answers": b"cigar\nrebut\n", "guesses": None, "exclude": None},
    }
    with pytest.raises(ChuteError, match="^the Dask worker a worker failed: its word lists differ from the client's$"):
        proving._dask_work(spec, [0], 100)


def test_a_frozen_scheduler_ends_the_run_in_one_line(tmp_path, quick):
    """A scheduler stopped mid-run (a paused machine) keeps its socket open and answers nothing."""
    a, g = lists(tmp_path)
    journal = tmp_path / "j.jsonl"
    with scheduler(2, tmp_path) as (address, procs):
        frozen: list[float] = []

        def progress(settled, done, total):
            if done == 20 and not frozen:
                os.kill(procs[0].pid, signal.SIGSTOP)
                frozen.append(time.monotonic())

        try:
            with pytest.raises(ChuteError, match=rf"lost the Dask scheduler at {address}; the journal keeps"):
                prove(
                    searcher(a, g),
                    top=3,
                    cluster=address,
                    lists={"answers": str(a), "guesses": str(g)},
                    progress=progress,
                    journal=journal,
                )
            assert frozen and time.monotonic() - frozen[0] < 40
        finally:
            if frozen:
                os.kill(procs[0].pid, signal.SIGCONT)
    assert prove(searcher(a, g), top=3, journal=journal).table() == prove(searcher(a, g), top=3).table()


class _Stalling(socketserver.BaseRequestHandler):
    """A peer that sends a plausible Dask handshake length, then nothing."""

    def handle(self):
        self.request.sendall((16).to_bytes(8, "little"))
        time.sleep(8)


class _Garbage(socketserver.BaseRequestHandler):
    """A peer that sends a plausible Dask handshake length, then bytes that are no Dask message."""

    def handle(self):
        self.request.sendall((64).to_bytes(8, "little") + random.Random(3).randbytes(64))
        time.sleep(2)


class _Silent(socketserver.BaseRequestHandler):
    """A server that waits for the client to speak first (as a web server, or Dask's dashboard, does)."""

    def handle(self):
        self.request.settimeout(10)
        try:
            self.request.recv(1)
        except OSError:
            pass


class _Banner(socketserver.BaseRequestHandler):
    """A service that greets each connection with a line of text (as SSH or SMTP does)."""

    def handle(self):
        self.request.sendall(b"SSH-2.0-OpenSSH_9.2p1 Debian\r\n")
        time.sleep(0.5)


@pytest.mark.parametrize(
    "handler, said",
    [
        (_Silent, "is it the dashboard's port"),
        (_Banner, "something else listens there"),
        (_Stalling, "did not finish it"),
        (_Garbage, "something else listens there"),
    ],
)
def test_a_port_that_is_not_a_dask_scheduler_is_said_within_seconds(tmp_path, quick, handler, said):
    a, g = lists(tmp_path, n_answers=20, n_extra=30)
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        address = f"tcp://127.0.0.1:{server.server_address[1]}"
        started = time.monotonic()
        with pytest.raises(ChuteError, match=f"does not answer as a Dask scheduler.*{said}"):
            prove(searcher(a, g), cluster=address)
        assert time.monotonic() - started < 10
    finally:
        server.shutdown()
        server.server_close()


def test_a_chute_page_is_not_taken_for_a_scheduler(tmp_path, quick, cli):
    pytest.importorskip("starlette", reason="the web extra is part of the test extra")
    from chute.web import running

    a, g = lists(tmp_path, n_answers=20, n_extra=30)
    with running() as base:
        port = base.rsplit(":", 1)[1].rstrip("/")
        status, _, err = cli("prove", "--answers", a, "--guesses", g, "--cluster", f"tcp://127.0.0.1:{port}")
    assert status == 2 and err.count("\n") == 1 and "does not answer as a Dask scheduler" in err
