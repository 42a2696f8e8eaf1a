"""The proof over every opener (``chute.search.prove``, ``chute prove``): against a brute force, the same table
whatever the workers or interruptions, the journal, and a real Dask cluster that loses a worker."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from functools import cache
from pathlib import Path

import pytest

from chute import Engine, load_lexicon
from chute.errors import ChuteError
from chute.game.feedback import score
from chute.search.prove import prove
from chute.search.tree_search import INF, TreeSearch


def small_lists(tmp_path: Path, seed: int, n_answers: int, n_extra: int) -> tuple[Path, Path]:
    """Write seeded small answer and guess lists drawn from Wordle's; return their paths."""
    base = load_lexicon("wordle")
    rng = random.Random(seed)
    answers = sorted(rng.sample(base.answers, n_answers))
    guesses = sorted(set(answers) | set(rng.sample(base.guesses, n_extra)))
    a, g = tmp_path / f"answers{seed}.txt", tmp_path / f"guesses{seed}.txt"
    a.write_text("\n".join(answers) + "\n")
    g.write_text("\n".join(guesses) + "\n")
    return a, g


def engine_of(a: Path, g: Path) -> Engine:
    """Return the engine of word list files (loaded as the CLI and the Dask workers load them)."""
    return Engine.build(load_lexicon("wordle", str(a), str(g)), cache=False)


def brute_totals(engine: Engine, rows: int = 6) -> dict[str, int]:
    """Return every opener's least total by exhaustive search."""
    answers, guesses = engine.lexicon.answers, engine.lexicon.guesses

    @cache
    def f(S: tuple[str, ...], r: int) -> float:
        if len(S) == 1:
            return 1 if r >= 1 else INF
        if r <= 1:
            return INF
        return min(cost(g, S, r) for g in guesses)

    def cost(g: str, S: tuple[str, ...], r: int) -> float:
        bins: dict[str, list[str]] = {}
        for s in S:
            bins.setdefault(score(g, s), []).append(s)
        if len(bins) == 1 and g not in S:
            return INF
        return min(INF, len(S) + sum(f(tuple(b), r - 1) for p, b in bins.items() if set(p) != {"g"}))

    return {g: int(min(cost(g, tuple(answers), rows), INF)) for g in guesses}


@pytest.mark.parametrize("seed,n_answers,n_extra,top", [(1, 16, 24, 3), (2, 22, 18, 5), (3, 12, 30, 1)])
def test_the_optimum_and_the_top_equal_a_brute_force(tmp_path, seed, n_answers, n_extra, top):
    engine = engine_of(*small_lists(tmp_path, seed, n_answers, n_extra))
    want = brute_totals(engine)
    proof = prove(TreeSearch(engine, exact=True), top=top)
    assert proof.proven and proof.best.total == min(want.values())
    ranked = sorted(want.items(), key=lambda kv: (kv[1], kv[0]))
    assert [(s.opener, s.total) for s in proof.ranking[:top]] == ranked[:top]
    for s in proof.table():
        if s.exact:
            assert s.total == want[s.opener]
        else:
            assert s.total <= want[s.opener] and s.total >= proof.cutoff  # a true lower bound


def test_processes_and_a_journal_give_the_same_table(tmp_path):
    engine = engine_of(*small_lists(tmp_path, 4, 40, 120))
    one = prove(TreeSearch(engine, exact=True), top=4)
    two = prove(TreeSearch(engine, exact=True), top=4, jobs=2)
    journal = tmp_path / "j.jsonl"
    first = prove(TreeSearch(engine, exact=True), top=4, journal=journal)
    again = prove(TreeSearch(engine, exact=True), top=4, journal=journal)  # everything read back
    assert one.table() == two.table() == first.table() == again.table()
    assert len(journal.read_text().splitlines()) == 1 + len(engine.lexicon.guesses)
    with pytest.raises(ChuteError, match="belongs to another run"):
        prove(TreeSearch(engine, rule="hard", exact=True), top=4, journal=journal)


def test_a_killed_run_resumes_from_its_journal(cli, tmp_path):
    """kill -9 in the middle of a run; the same command with the same journal finishes with the same table."""
    a, g = small_lists(tmp_path, 5, 70, 260)
    journal, out = tmp_path / "run.journal", tmp_path / "out.json"
    argv = ["prove", "--answers", str(a), "--guesses", str(g), "--top", "3", "--journal", str(journal), "-q"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "chute", *argv], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.time() + 60
    while time.time() < deadline:
        if journal.exists() and len(journal.read_text().splitlines()) > 20:
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    lines = journal.read_text().splitlines()
    assert 1 < len(lines) <= 1 + len(engine_of(a, g).lexicon.guesses)
    with open(journal, "a") as f:
        f.write('{"opener": "tor')  # a line torn by the kill
    status, out, _ = cli(*argv, "--json")
    resumed = json.loads(out)
    status2, out, _ = cli("prove", "--answers", a, "--guesses", g, "--top", "3", "--json", "-q")
    fresh = json.loads(out)
    assert status == status2 == 0 and resumed["proven"]
    for key in ("best", "top", "settled", "cutoff"):
        assert resumed[key] == fresh[key]
    assert out is not None
    lines = journal.read_text().splitlines()  # the torn line stays torn; none after it is joined to it
    assert sum(not line.endswith("}") for line in lines) == 1 and lines[-1].endswith("}")


def test_a_journal_the_disk_refuses_is_one_line_and_the_next_run_goes_on(cli, tmp_path, monkeypatch):
    """A full disk mid-run (a sync that fails): status 2, one line, the journal's lines kept; a header cut short
    by the disk (the first write) is written anew; the run that goes on ends with a fresh run's table."""
    import errno

    import chute.search.prove as proving

    a, g = small_lists(tmp_path, 6, 60, 200)
    journal = tmp_path / "run.journal"
    argv = ["prove", "--answers", str(a), "--guesses", str(g), "--top", "3", "--journal", str(journal), "-q"]
    fsync, calls = os.fsync, []

    def full_disk_after_twenty(fd):
        calls.append(fd)
        if len(calls) > 20:
            raise OSError(errno.ENOSPC, "No space left on device")
        fsync(fd)

    monkeypatch.setattr(proving.os, "fsync", full_disk_after_twenty)
    status, _, err = cli(*argv)
    assert status == 2 and err.count("\n") == 1, err
    assert err.startswith(f"chute: error: cannot write the journal {journal}: No space left on device; the openers")
    kept = journal.read_text().splitlines()
    assert len(kept) >= 20 and all(line.endswith("}") for line in kept)
    monkeypatch.setattr(proving.os, "fsync", fsync)
    status, out, _ = cli(*argv, "--json")
    resumed = json.loads(out)
    fresh_status, out, _ = cli("prove", "--answers", a, "--guesses", g, "--top", "3", "--json", "-q")
    fresh = json.loads(out)
    assert status == fresh_status == 0 and all(resumed[k] == fresh[k] for k in ("best", "top", "settled", "cutoff"))
    header = journal.read_text().splitlines()[0]
    journal.write_text(header[:17])  # the first write cut short
    status, out, _ = cli(*argv, "--json")
    again = json.loads(out)
    assert status == 0 and again["best"] == fresh["best"] and journal.read_text().splitlines()[0] == header


def test_a_dask_cluster_that_loses_a_worker_gives_the_same_table(tmp_path, monkeypatch):
    """A real local Dask cluster (scheduler and two worker processes on 127.0.0.1); one worker is killed mid-run."""
    distributed = pytest.importorskip("distributed", reason="the cluster extra (distributed) is part of the test extra")
    a, g = small_lists(tmp_path, 6, 50, 150)
    engine = engine_of(a, g)
    local = prove(TreeSearch(engine, exact=True), top=3)
    cache = tmp_path / "cache"
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(cache))
    Engine.build(load_lexicon("wordle", str(a), str(g)))  # the matrix in the cache the workers read
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0", silence_logs=50
    ) as cluster:
        with distributed.Client(cluster) as client:
            pids = list(client.run(os.getpid).values())
        killed = []

        def progress(settled, done, total):
            if done == 30 and not killed:
                os.kill(pids[0], signal.SIGKILL)
                killed.append(pids[0])

        remote = prove(
            TreeSearch(engine, exact=True),
            top=3,
            cluster=cluster.scheduler_address,
            lists={"game": "wordle", "answers": str(a), "guesses": str(g)},
            progress=progress,
        )
    assert killed and remote.table() == local.table()


def test_cli_prove_prints_the_optimum_and_refuses_bad_options(cli, tmp_path):
    a, g = small_lists(tmp_path, 7, 20, 30)
    status, out, _ = cli("prove", "--answers", a, "--guesses", g, "--top", "2", "--csv", tmp_path / "o.csv")
    assert status == 0 and "proven over every opener" in out and "optimum:" in out
    rows = (tmp_path / "o.csv").read_text().splitlines()
    assert rows[0] == "opener,total,exact" and len(rows) == 1 + len(engine_of(a, g).lexicon.guesses)
    status, _, err = cli("prove", "--answers", a, "--guesses", g, "--journal", a)
    assert status == 2 and "--journal" in err
    binary = tmp_path / "binary.journal"
    binary.write_bytes(bytes(range(256)) * 4)
    status, _, err = cli("prove", "--answers", a, "--guesses", g, "--journal", binary)
    assert status == 2 and "not a chute journal" in err and err.count("\n") == 1
    status, _, err = cli("prove", "--answers", a, "--guesses", g, "--cluster", "tcp://127.0.0.1:1")
    assert status == 2 and "Dask scheduler" in err and err.count("\n") == 1
    # addresses Dask cannot use (it raised ValueError or TypeError): one line before any work; an empty one too
    for address in (
        "nonsense",
        "http://example.com",
        "inproc://x",
        "ucx://127.0.0.1:1",
        "",
        "tcp://:8786",
        "tcp://host:0",
        "tcp://host:port",
        "tcp://a b:8786",
    ):
        status, _, err = cli("prove", "--answers", a, "--guesses", g, "--cluster", address)
        assert status == 2 and "is not a scheduler address: write tcp://HOST:PORT" in err and err.count("\n") == 1, err
    pytest.importorskip("distributed", reason="the cluster extra (distributed) is part of the test extra")
    # TLS without its configuration: Dask's TypeError, said in one line
    status, _, err = cli("prove", "--answers", a, "--guesses", g, "--cluster", "tls://127.0.0.1:1")
    assert status == 2 and "cannot reach the Dask scheduler at tls://127.0.0.1:1" in err and err.count("\n") == 1


def test_a_scheduler_that_refuses_the_connection_is_said_at_once(tmp_path, monkeypatch):
    """Nothing listens at the address: one ChuteError before any search, Dask never asked (it would retry 20 s)."""
    import socket

    distributed = pytest.importorskip("distributed", reason="the cluster extra (distributed) is part of the test extra")
    asked: list[str] = []
    monkeypatch.setattr(distributed, "Client", lambda *a, **k: asked.append(a[0]))
    monkeypatch.setattr("chute.search.prove.opener_bounds", lambda *a: asked.append("bounds"))
    with socket.socket() as s:  # a port just freed: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    a, g = small_lists(tmp_path, 7, 20, 30)
    searcher = TreeSearch(engine_of(a, g), exact=True)
    for address in (f"tcp://127.0.0.1:{port}", f"127.0.0.1:{port}", f"ws://127.0.0.1:{port}"):
        with pytest.raises(ChuteError, match=f"cannot reach the Dask scheduler at .*{port}.*refused"):
            prove(searcher, cluster=address)
    with pytest.raises(ChuteError, match="is not a scheduler address"):
        prove(searcher, cluster="inproc://x")
    assert asked == []


def brute_hard_totals(engine: Engine, rows: int) -> dict[str, int]:
    """Return every opener's least total under Wordle's hard rule, by exhaustive search."""
    from chute.game.feedback import Clue
    from chute.game.rules import violation

    answers, guesses = engine.lexicon.answers, engine.lexicon.guesses

    @cache
    def f(S: tuple[str, ...], allowed: tuple[str, ...], r: int) -> float:
        if len(S) == 1:
            return 1 if r >= 1 else INF
        if r <= 1:
            return INF
        return min(cost(g, S, allowed, r) for g in sorted(set(allowed) | set(S)))

    def cost(g: str, S: tuple[str, ...], allowed: tuple[str, ...], r: int) -> float:
        bins: dict[str, list[str]] = {}
        for s in S:
            bins.setdefault(score(g, s), []).append(s)
        if len(bins) == 1 and g not in S:
            return INF
        total = len(S)
        for p, b in bins.items():
            if set(p) != {"g"}:
                after = tuple(a for a in allowed if violation(a, [Clue(g, p)], "hard") is None)
                total += f(tuple(b), after, r - 1)
        return min(total, INF)

    return {g: int(min(cost(g, tuple(answers), tuple(guesses), rows), INF)) for g in guesses}


@pytest.mark.parametrize("seed,n_extra,rows", [(1, 20, 6), (3, 30, 4), (4, 20, 5)])
def test_hard_mode_optimum_equals_a_brute_force(tmp_path, seed, n_extra, rows):
    """In hard mode too (the allowed guesses as bitsets), the optimum and every exact total match a brute
    force, on answers from families (?ATCH, ?OUND, ?IGHT) where the rule changes most totals."""
    base = load_lexicon("wordle")
    rng = random.Random(seed)
    trap = [w for w in base.answers if w.endswith("atch") or w.endswith("ound") or w.endswith("ight")]
    answers = sorted(rng.sample(trap, 14))
    guesses = sorted(set(answers) | set(rng.sample(base.guesses, n_extra)))
    a, g = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    a.write_text("\n".join(answers) + "\n")
    g.write_text("\n".join(guesses) + "\n")
    engine = engine_of(a, g)
    want = brute_hard_totals(engine, rows)
    assert sum(v != n for v, n in zip(want.values(), brute_totals(engine, rows).values())) >= 20
    proof = prove(TreeSearch(engine, rows=rows, rule="hard", exact=True), top=3)
    assert proof.best.total == min(want.values())
    exact = 0
    for s in proof.table():
        if s.exact:
            assert s.total == want[s.opener], s
            exact += 1
        else:
            assert s.total <= want[s.opener]
    assert exact >= 3
