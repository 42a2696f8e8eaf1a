"""The global optimum over every opener: each accepted guess either solved exactly or closed by a bound.

For each opener ``g`` the least total over every answer is ``n + sum f(B)``
over the bins ``g`` splits the answers into (``tree_search.TreeSearch``,
exact: every guess tried below).  Proving the best opener does not need every
opener's exact total:

1. cheap bounds first: ``n + sum lb(B)`` with ``lb`` from the bin sizes alone
   (``TreeSearch._size_lb``), for every opener; openers that split the
   answers into identical partitions (normal mode) are one opener;
2. openers in order of that bound; each is searched with a cut-off, the
   ``top``-th best exact total so far: its bins are solved one by one (largest
   first) and the search stops as soon as the bins solved plus the bounds of
   the others reach the cut-off, which settles the opener as ``>= bound``;
3. once an opener's cheap bound reaches the cut-off, it and every later one
   are settled by their bounds without a search.

Absurdle's openers are settled the same way (``absurdle.AbsurdleSearch``: the
fewest rows that corner the adversary, exact up to the best so far, the others
closed by that bound).

Every settled opener goes to a journal (``journal``): a run killed at any point
and started again with the same journal skips what is settled, and two runs on
one journal at once are refused.  The work runs in the process, in forked local
processes (``--jobs``), or on a Dask cluster (``cluster``); results do not depend
on which, on the order, or on the interruptions.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import ChuteError
from ..files import excerpt, used_by_one
from ..game.engine import Engine
from ..game.words import load_lexicon
from ..parallel import run_tasks
from .absurdle import AbsurdleSearch
from .journal import Journal, OpenerSearch, Settled, journal_key
from .tree_search import INF, TreeSearch

BATCH = 8  # openers per Dask task: fewer round trips, a cut-off a few openers stale


@dataclass
class Proof:
    """The result of a run: every opener settled, the optimum, the best ``top`` with exact totals."""

    settled: dict[str, Settled]
    answers: int
    top: int
    seconds: float
    bounds: dict[str, int]  # every opener's cheap bound (from its partition alone)
    damaged: int = 0  # journal lines not trusted (damaged, or wrong for these lists): searched again
    header_rebuilt: bool = False  # the journal's header was damaged and rebuilt from this run's key

    @property
    def cutoff(self) -> int:
        """Return the total at which openers stop being searched exactly: one more than the ``top``-th best."""
        exact = sorted(s.total for s in self.settled.values() if s.exact)
        return exact[self.top - 1] + 1 if len(exact) >= self.top else INF

    def table(self) -> list[Settled]:
        """Return every opener once, the same whatever the order, workers or interruptions of the run.

        Openers below the cut-off carry their exact totals; the others are
        given as ``>= max(their cheap bound, the cut-off)`` (how far a search
        got past the cut-off depends on when it ran, so it is not reported).
        """
        cut = self.cutoff
        out = []
        for word in sorted(self.settled):
            s = self.settled[word]
            if s.exact and s.total < cut:
                out.append(s)
            else:
                out.append(Settled(word, min(max(self.bounds.get(word, 0), cut), INF), False))
        return out

    @property
    def ranking(self) -> list[Settled]:
        """Return the openers with exact totals, best first (ties alphabetical)."""
        return sorted(
            (s for s in self.settled.values() if s.exact and s.total < INF), key=lambda s: (s.total, s.opener)
        )

    @property
    def best(self) -> Settled | None:
        """Return the optimal opener (None when none finishes within the rows)."""
        ranking = self.ranking
        return ranking[0] if ranking else None

    @property
    def proven(self) -> bool:
        """Return whether the optimum is proven: every other opener is exact or bounded at or above it."""
        best = self.best
        return best is not None and all(s.total >= best.total for s in self.settled.values())

    def to_dict(self) -> dict:
        """Return the proof as a JSON-ready dict."""
        best = self.best
        return {
            "answers": self.answers,
            "openers": len(self.settled),
            "proven": self.proven,
            "best": None if best is None else best.to_dict(),
            "top": [s.to_dict() for s in self.ranking[: self.top]],
            "cutoff": None if self.cutoff >= INF else self.cutoff,
            "settled": [s.to_dict() for s in self.table()],
            "journal_damaged": self.damaged,
            "seconds": round(self.seconds, 2),
        }


def opener_bounds(searcher: OpenerSearch) -> tuple[np.ndarray, np.ndarray, list[list[int]]]:
    """Return per guess row its cheap lower bound, and the groups of rows that split the answers alike.

    Returns ``(bounds, order, groups)``: ``order`` lists one representative row per
    group by bound (then alphabetically), ``groups[i]`` the rows alike to ``order[i]``
    (in hard modes every guess is its own group: equal partitions leave different
    guesses allowed).
    """
    if isinstance(searcher, AbsurdleSearch):
        return searcher.opener_bounds()
    n = len(searcher.lexicon.answers)
    S = np.arange(n, dtype=np.int32)
    kern = searcher._kernels()
    r = searcher.rows - 1
    rows = searcher.all_rows  # the guesses the search may play
    bounds = np.full(searcher.n_guesses, INF, dtype=np.int64)
    hashes = np.empty(len(rows), dtype=np.uint64)
    searcher.copy_rows(S)
    kern.all_hashes(searcher.M, S, rows, searcher.solved, searcher.P, hashes)
    hash_of = dict(zip(rows.tolist(), hashes.tolist()))
    for g in rows.tolist():
        _, starts, codes = kern.split(searcher.M, g, S, searcher.solved, searcher.P)
        total = n
        for i in range(len(codes)):
            if codes[i] != searcher.solved:
                total += searcher._size_lb(int(starts[i + 1] - starts[i]), r)
        bounds[g] = min(total, INF)
    order = rows[np.lexsort((rows, bounds[rows]))]
    groups: dict[int, list[int]] = {}
    reps: list[int] = []
    for g in order.tolist():
        h = hash_of[g] if searcher.rule is None else g
        if h not in groups:
            groups[h] = []
            reps.append(g)
        groups[h].append(g)
    keyed = [groups[hash_of[g] if searcher.rule is None else g] for g in reps]
    return bounds, np.asarray(reps, dtype=np.int64), keyed


def settle(searcher: OpenerSearch, opener_row: int, cutoff: int) -> tuple[int, bool]:
    """Return (total, exact) of one opener: exact when below ``cutoff``, else a lower bound that reaches it."""
    if isinstance(searcher, AbsurdleSearch):
        return searcher.settle(opener_row, cutoff)
    n = len(searcher.lexicon.answers)
    S = np.arange(n, dtype=np.int32)
    searcher.copy_rows(S)
    words, starts, codes = searcher._kernels().split(searcher.M, opener_row, S, searcher.solved, searcher.P)
    r = searcher.rows - 1
    sets: list[np.ndarray] = []  # each unsolved bin's words, the guesses it allows, and its bound so far
    alloweds: list[np.ndarray | None] = []
    bounds: list[int] = []
    for i in range(len(codes)):
        if codes[i] == searcher.solved:
            continue
        sets.append(np.sort(words[starts[i] : starts[i + 1]]))
        alloweds.append(searcher._child_allowed(None, opener_row, int(codes[i])))
        bounds.append(searcher._size_lb(len(sets[-1]), r))
    total = n + sum(bounds)
    if total >= cutoff:
        return min(total, INF), False
    largest_first = sorted(range(len(sets)), key=lambda k: -len(sets[k]))
    # one scan per bin tightens every bound before any search: often enough to close the opener,
    # and each search below then runs against a much tighter cut-off
    for k in largest_first:
        better = min(searcher.bound(sets[k], r, alloweds[k], searcher._akey(alloweds[k])), INF)
        total += better - bounds[k]
        bounds[k] = better
        if total >= cutoff:
            return min(total, INF), False
    for k in largest_first:
        value = searcher.solve(sets[k], r, alloweds[k], cutoff - (total - bounds[k]), searcher._akey(alloweds[k]))
        total += min(value, INF) - bounds[k]
        if total >= cutoff:
            return min(total, INF), False
    return total, True


# -- where the searches run --------------------------------------------------------------------------

_WORKER: dict = {}


def _work(row: int) -> tuple[int, int, bool]:
    """Settle one opener in a worker process (the searcher and the shared cut-off set before forking).

    The workers live for the whole run, so each keeps its own memo of solved
    candidate sets; the cut-off is read when the opener starts, the lowest
    the parent has seen so far.
    """
    searcher, shared, bounds = _WORKER["searcher"], _WORKER["cutoff"], _WORKER["bounds"]
    cutoff = int(shared.value)
    if bounds[row] >= cutoff:
        return row, int(bounds[row]), False
    total, exact = settle(searcher, row, cutoff)
    return row, total, exact


def _dask_work(spec: dict, rows: list[int], cutoff: int) -> list[tuple[int, int, bool]]:
    """Settle some openers on a Dask worker: the lists come with the task (their files' contents), the engine
    from the worker's disk cache, once per worker; an error names the worker."""
    try:
        kept = f"{spec['key']}|{spec.get('common')}|{spec.get('search')}"  # the same lists, another floor or search
        searcher = _DASK_SEARCHERS.get(kept)
        if searcher is None:
            os.environ.setdefault("NUMBA_NUM_THREADS", "1")
            searcher = _worker_searcher(spec)
            _DASK_SEARCHERS[kept] = searcher
        return [(row, *settle(searcher, row, cutoff)) for row in rows]
    except Exception as err:  # said by the client in one line, naming the worker
        try:
            from distributed import get_worker  # noqa: PLC0415 (Dask: only with --cluster)

            where = get_worker().address
        except (ImportError, ValueError):
            where = "a worker"
        message = err.args[0] if isinstance(err, ChuteError) and err.args else f"{type(err).__name__}: {err}"
        raise ChuteError(f"the Dask worker {where} failed: {message}") from None


def _worker_searcher(spec: dict) -> OpenerSearch:
    """Return the exact search of the lists a task describes, their files written where this worker can read
    them (a client's relative path means nothing on another machine)."""

    folder = Path(tempfile.gettempdir()) / f"chute-lists-{spec['key'][:16]}"
    folder.mkdir(exist_ok=True)
    paths = {}
    for name in ("answers", "guesses", "exclude", "not_answers"):
        if spec["files"].get(name) is not None:
            paths[name] = folder / f"{name}.txt"
            paths[name].write_bytes(spec["files"][name])
    lexicon = load_lexicon(
        spec["game"],
        paths.get("answers"),
        paths.get("guesses"),
        paths.get("exclude"),
        spec.get("length"),
        not_answers=paths.get("not_answers"),
        common=spec.get("common"),
    )
    if lexicon.key != spec["key"]:
        raise ChuteError("its word lists differ from the client's")
    if spec.get("search") == "absurdle":
        return AbsurdleSearch(Engine.build(lexicon), rule=spec["rule"])
    return TreeSearch(Engine.build(lexicon), rows=spec["rows"], rule=spec["rule"], exact=True)


_DASK_SEARCHERS: dict[str, OpenerSearch] = {}

SCHEDULER_SCHEMES = ("tcp", "tls", "ws", "wss")  # Dask's network transports (not inproc, not the ucx extra)
PROBE_SECONDS = 5.0  # a host that neither answers nor refuses this long is left to Dask's own 20 s
HANDSHAKE_SECONDS = 10.0  # a Dask scheduler greets a connection at once; silence this long is not one
HANDSHAKE_MAX = 1 << 20  # ... with a message of a few hundred bytes: a larger "length" is another protocol
WORKERS_WAIT = 60.0  # seconds a proof waits for the cluster to have a worker before it gives up
LOST_WAIT = 20.0  # seconds the client may be cut from its scheduler before the run is given up
ASK_SECONDS = 5.0  # a question to the scheduler unanswered this long: cut (a frozen scheduler keeps its socket)
CONNECT_SECONDS = 20.0  # Dask's own timeout to connect
DASK_LOGGERS = ("distributed", "distributed.client", "distributed.comm", "distributed.core", "distributed.batched")
POLL = 0.5  # seconds between two looks at the cluster while tasks run


def scheduler_endpoint(address: str) -> tuple[str, str, int]:
    """Return (scheme, host, port) of a scheduler address ``[tcp|tls|ws|wss://]HOST:PORT``; ValueError if not one."""
    scheme, sep, rest = address.strip().rpartition("://")
    host, _, port = rest.rpartition(":")
    scheme = scheme if sep else "tcp"
    if (
        scheme not in SCHEDULER_SCHEMES
        or not host.strip("[]")
        or not port.isdigit()
        or not 1 <= int(port) <= 65535
        or any(c.isspace() for c in rest)
    ):
        raise ValueError(
            f"{excerpt(address)} is not a scheduler address: write tcp://HOST:PORT (e.g. tcp://10.0.0.5:8786)"
        )
    return scheme, host.strip("[]"), int(port)


def _check_scheduler_answers(address: str) -> None:
    """Return once a Dask scheduler answers at the address; ChuteError at once if the port is refused, and within
    ``HANDSHAKE_SECONDS`` if what listens there is not a Dask scheduler (a web page, another service).

    Dask retries a refused connection until its timeout, waits without end on a
    server that says nothing (its dashboard, a ``chute serve``), and reads a
    service's greeting as the length of a message: each is said here instead.
    """
    try:
        scheme, host, port = scheduler_endpoint(address)
    except ValueError as err:
        raise ChuteError(str(err)) from None
    try:
        sock = socket.create_connection((host, port), timeout=PROBE_SECONDS)
    except TimeoutError:
        return  # a slow network: Dask tries again with its own timeout
    except ConnectionRefusedError:
        raise ChuteError(
            f"cannot reach the Dask scheduler at {address}: nothing listens on port {port} "
            f"of {host} (connection refused)"
        ) from None
    except OSError as err:  # an unknown host, no route, ...
        raise ChuteError(f"cannot reach the Dask scheduler at {address}: {err.strerror or err}") from None
    with sock:
        if scheme != "tcp":
            return  # TLS and websockets speak first from the client: left to Dask
        # a Dask server greets each connection with its handshake: a message's length (8 bytes), then the message:
        # its number of frames, each frame's length (8 bytes each), the frames
        sock.settimeout(HANDSHAKE_SECONDS)
        head = _received(sock, 8)
        if len(head) < 8:
            raise ChuteError(
                f"{address} does not answer as a Dask scheduler (is it the dashboard's port? the "
                "scheduler's is usually 8786)"
            )
        size = int.from_bytes(head, "little")
        if not 16 <= size < HANDSHAKE_MAX:
            raise ChuteError(
                f"{address} does not answer as a Dask scheduler: something else listens there (it began with "
                f"{head[:8]!r})"
            )
        message = _received(sock, size)
    if len(message) < size:
        raise ChuteError(
            f"{address} does not answer as a Dask scheduler: it began a message within {HANDSHAKE_SECONDS:.0f} s "
            "and did not finish it"
        )
    frames = int.from_bytes(message[:8], "little")
    lengths = message[8 : 8 + 8 * frames] if frames < size else b""
    if (
        not frames
        or len(lengths) < 8 * frames
        or 8 + len(lengths) + sum(int.from_bytes(lengths[i : i + 8], "little") for i in range(0, len(lengths), 8))
        != size
    ):
        raise ChuteError(f"{address} does not answer as a Dask scheduler: something else listens there")


def _received(sock: socket.socket, size: int) -> bytes:
    """Return up to ``size`` bytes read from ``sock``: fewer when it closes, stops sending or fails first."""
    data = b""
    deadline = time.monotonic() + (sock.gettimeout() or 0)
    try:
        while len(data) < size and time.monotonic() < deadline:
            chunk = sock.recv(min(size - len(data), 1 << 16))
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    return data


def prove(
    searcher: OpenerSearch,
    top: int = 15,
    journal: Path | None = None,
    jobs: int = 1,
    cluster: str | None = None,
    lists: dict | None = None,
    progress: Callable[[Settled, int, int], None] | None = None,
    notify: Callable[[str], None] | None = None,
) -> Proof:
    """Return every opener settled: the optimum and the ``top`` best proven, the rest exact or bounded.

    ``jobs`` > 1 spreads the searches over forked local processes;
    ``cluster`` (a Dask scheduler address) sends them to a Dask cluster, whose
    workers play the lists described by ``lists`` (``game``, ``answers``,
    ``guesses``, ``exclude`` paths or None for the bundled ones, ``length``;
    the files' contents are sent with the tasks).  ``progress(settled, done,
    total)`` is called as each opener is settled; ``notify`` hears what the
    run waits for (a cluster without workers).
    """
    if not searcher.exact:
        raise ChuteError("a proof needs the exact search (TreeSearch(..., exact=True))")
    if top < 1:
        raise ChuteError(f"top must be at least 1, not {top}")
    if cluster:
        _check_scheduler_answers(cluster)
    with used_by_one(journal, "prove") if journal is not None else nullcontext():
        return _settle_every_opener(searcher, top, journal, jobs, cluster, lists, progress, notify)


def _settle_every_opener(
    searcher: OpenerSearch,
    top: int,
    journal: Path | None,
    jobs: int,
    cluster: str | None,
    lists: dict | None,
    progress: Callable[[Settled, int, int], None] | None,
    notify: Callable[[str], None] | None,
) -> Proof:
    """Return the proof ``prove`` describes, its journal claimed by this process."""
    start = time.perf_counter()
    guesses = searcher.lexicon.guesses
    record = Journal(journal, journal_key(searcher, top))
    bounds, reps, groups = opener_bounds(searcher)
    row_of = {guesses[g]: g for g in searcher.all_rows.tolist()}
    for word, entry in list(record.done.items()):
        if word not in row_of or entry.total < bounds[row_of[word]]:  # not an opener here, or below its bound
            record.drop(word)
    settled: dict[str, Settled] = dict(record.done)
    count = len(searcher.all_rows)

    def cutoff() -> int:
        exact = sorted(s.total for s in settled.values() if s.exact)
        return exact[top - 1] + 1 if len(exact) >= top else INF

    def accept(row: int, total: int, exact: bool) -> None:
        for g in groups_of[row]:
            word = guesses[g]
            if word not in settled:
                entry = Settled(word, total, exact)
                settled[word] = entry
                record.record(entry)
                if progress:
                    progress(entry, len(settled), count)

    groups_of = {int(rep): group for rep, group in zip(reps.tolist(), groups)}
    pending = [int(r) for r in reps.tolist() if any(guesses[g] not in settled for g in groups_of[int(r)])]
    if cluster:
        _prove_on_cluster(cluster, searcher, lists or {}, pending, bounds, cutoff, accept, lambda: len(settled), notify)
    elif jobs > 1:
        shared = multiprocessing.get_context("fork").Value("q", cutoff(), lock=False)
        _WORKER.update(searcher=searcher, cutoff=shared, bounds=bounds)
        try:
            for _, (row, total, exact) in run_tasks(_work, pending, jobs):
                accept(row, total, exact)
                shared.value = cutoff()
        finally:
            _WORKER.clear()
    else:
        for row in pending:
            limit = cutoff()
            if bounds[row] >= limit:
                accept(row, int(bounds[row]), False)
            else:
                accept(row, *settle(searcher, row, limit))
    return Proof(
        settled,
        len(searcher.lexicon.answers),
        top,
        time.perf_counter() - start,
        {guesses[g]: int(bounds[g]) for g in searcher.all_rows.tolist()},
        record.damaged,
        record.header_rebuilt,
    )


def _prove_on_cluster(
    address: str,
    searcher: OpenerSearch,
    lists: dict,
    pending: Sequence[int],
    bounds: np.ndarray,
    cutoff: Callable[[], int],
    accept: Callable[[int, int, bool], None],
    settled: Callable[[], int],
    notify: Callable[[str], None] | None,
) -> None:
    """Send the openers to a Dask cluster, a few per worker at a time, and accept results as they come.

    While the cluster has no worker the run waits, says so through ``notify``,
    and gives up after ``WORKERS_WAIT`` seconds; a scheduler lost for
    ``LOST_WAIT`` seconds ends it too: each in one line that says the journal
    keeps what was settled.
    """
    try:
        from distributed import Client  # noqa: PLC0415 (Dask: only with --cluster)
        from distributed import wait as dask_wait  # noqa: PLC0415 (Dask: only with --cluster)
    except ImportError:
        raise ChuteError("--cluster needs the cluster extra: pip install 'chute[cluster]'") from None
    spec = {
        "key": searcher.lexicon.key,
        "rows": searcher.rows,
        "rule": searcher.rule,
        "game": lists.get("game")
        or searcher.lexicon.name.split("+", 1)[0].removesuffix("-past").removesuffix("-excluded"),
        "length": lists.get("length"),
        "common": searcher.lexicon.common,
        "files": _list_files(lists),
        "search": "absurdle" if isinstance(searcher, AbsurdleSearch) else "tree",
    }
    with dask_said_in_one_line():
        client = _start_client(Client, address)
        _run_on(client, address, spec, pending, bounds, cutoff, accept, settled, notify, dask_wait)


def _run_on(
    client,
    address: str,
    spec: dict,
    pending: Sequence[int],
    bounds: np.ndarray,
    cutoff: Callable[[], int],
    accept: Callable[[int, int, bool], None],
    settled: Callable[[], int],
    notify: Callable[[str], None] | None,
    dask_wait: Callable,
) -> None:
    """Settle the pending openers on the cluster ``client`` is connected to (``_prove_on_cluster``), then close it."""

    def lost() -> ChuteError:
        return ChuteError(
            f"lost the Dask scheduler at {address}; the journal keeps {settled():,} settled "
            "openers: run the same command to go on"
        )

    try:
        cluster = _Cluster(client, address, notify, lost)
        workers = cluster.wait_for_workers(settled)
        queue = list(pending)
        inflight: dict = {}  # future -> the openers it settles

        def feed() -> None:
            while queue and len(inflight) < 2 * workers:
                limit = cutoff()
                batch: list = []
                while queue and len(batch) < BATCH:
                    row = queue.pop(0)
                    if bounds[row] >= limit:
                        accept(row, int(bounds[row]), False)
                    else:
                        batch.append(row)
                if batch:
                    inflight[client.submit(_dask_work, spec, batch, limit, retries=2, pure=False)] = batch

        feed()
        while inflight:
            try:
                done, _ = dask_wait(list(inflight), timeout=POLL, return_when="FIRST_COMPLETED")
            except TimeoutError:
                workers = cluster.wait_for_workers(settled) or workers
                continue
            except (OSError, RuntimeError, CancelledError):
                raise lost() from None
            requeued = False
            for future in done:
                batch = inflight.pop(future)
                try:
                    results = future.result(timeout=LOST_WAIT)  # gathered through the scheduler: bounded
                except ChuteError:
                    raise  # a worker's own failure, said with its address
                except (CancelledError, OSError, RuntimeError, TimeoutError):
                    if cluster.workers() is None:
                        raise lost() from None
                    future.release()
                    queue[:0] = batch  # its worker died before the result was read: settled again
                    requeued = True
                    continue
                future.release()  # drop it at once: a dead worker's results are not recomputed
                for row, total, exact in results:
                    accept(row, total, exact)
            if requeued:  # the other results are in the journal: now wait for a worker
                workers = cluster.wait_for_workers(settled)
            feed()
    finally:
        try:
            client.close(timeout=5)
        except Exception:  # the scheduler gone: nothing left to close cleanly
            pass


@contextmanager
def dask_said_in_one_line() -> Iterator[None]:
    """While the block runs, Dask's own loggers keep their tracebacks to themselves: what went wrong is said by
    chute, in one line (a scheduler lost mid-run made Dask's client print thirty lines first)."""
    loggers = [logging.getLogger(name) for name in DASK_LOGGERS]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


def _start_client(Client: Callable, address: str):
    """Return a Dask client connected to the scheduler at ``address``; ChuteError, in one line, when Dask refuses,
    fails on what it reads, or has not connected within CONNECT_SECONDS and ten seconds more (Dask's own timeout
    does not cover a peer that stops in the middle of its greeting)."""
    started: dict = {}

    def start() -> None:
        try:
            started["client"] = Client(address, timeout=f"{CONNECT_SECONDS:.0f}s")
        except Exception as err:  # a protocol error, a refusal, a timeout: Dask raises each as its own type
            started["error"] = err

    thread = threading.Thread(target=start, name="chute-dask-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_SECONDS + 10)
    if thread.is_alive():
        raise ChuteError(
            f"the Dask scheduler at {address} did not finish connecting within {CONNECT_SECONDS + 10:.0f} s"
        )
    if "error" in started:
        err = started["error"]
        raise ChuteError(
            f"cannot reach the Dask scheduler at {address}: {excerpt(str(err), 200) or type(err).__name__}"
        )
    return started["client"]


class _Cluster:
    """The client's view of a Dask cluster while a proof runs: how many workers it has, and for how long it has
    had none or been cut from its scheduler."""

    def __init__(self, client, address: str, notify: Callable[[str], None] | None, lost: Callable[[], ChuteError]):
        self.client, self.address, self.notify, self.lost = client, address, notify, lost
        self.none_since: float | None = None
        self.cut_since: float | None = None
        self.said = -1

    def workers(self) -> int | None:
        """Return how many workers the scheduler has now (None: it does not answer)."""
        try:
            return len(self.client.nthreads(callback_timeout=ASK_SECONDS))
        except (OSError, RuntimeError, TimeoutError, CancelledError):
            return None

    def wait_for_workers(self, settled: Callable[[], int]) -> int:
        """Return how many workers the cluster has, once it has one; ChuteError once it has had none for
        ``WORKERS_WAIT`` seconds, or the scheduler has not answered for ``LOST_WAIT``."""
        while True:
            n = self.workers()
            now = time.monotonic()
            if n is None:
                self.cut_since = self.cut_since or now
                if now - self.cut_since >= LOST_WAIT:
                    raise self.lost()
            elif n > 0:
                self.none_since = self.cut_since = None
                if self.said == 0 and self.notify:
                    self.notify(f"the Dask cluster at {self.address} has {n} worker{'' if n == 1 else 's'} again")
                self.said = n
                return n
            else:
                self.cut_since = None
                self.none_since = self.none_since or now
                if self.said != 0 and self.notify:
                    self.notify(
                        f"waiting for workers: the Dask cluster at {self.address} has none now "
                        f"(giving up after {WORKERS_WAIT:.0f} s)"
                    )
                self.said = 0
                if now - self.none_since >= WORKERS_WAIT:
                    raise ChuteError(
                        f"the Dask cluster at {self.address} has had no worker for "
                        f"{WORKERS_WAIT:.0f} s; the journal keeps {settled():,} settled openers: "
                        "start workers and run the same command to go on"
                    )
            time.sleep(POLL)


def _list_files(lists: dict) -> dict[str, bytes | None]:
    """Return the contents of the word files a proof plays (None where the bundled list is used), read here so
    that a worker on another machine plays the same words."""
    out: dict[str, bytes | None] = {}
    for name in ("answers", "guesses", "exclude", "not_answers"):
        path = lists.get(name)
        try:
            out[name] = Path(path).read_bytes() if path else None
        except OSError as err:
            raise ChuteError(f"cannot read the {name} file {path}: {err.strerror or err}") from None
    return out
