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

Every settled opener goes to a journal (one JSON line each, flushed and
synced): a run killed at any point and started again with the same journal
skips what is settled; a journal of other lists or options is refused.  The
work runs in the process, in forked local processes (``--jobs``), or on a Dask
cluster (``cluster``); results do not depend on which, on the order, or on the
interruptions.
"""

from __future__ import annotations

import json
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from ..errors import ChuteError
from .tree_search import INF, TreeSearch

JOURNAL_FORMAT = "chute-prove-journal"
BATCH = 8                   # openers per Dask task: fewer round trips, a cut-off a few openers stale
JOURNAL_VERSION = 1


@dataclass(frozen=True)
class Settled:
    """One opener settled: its exact total, or a lower bound on it (``exact`` False)."""

    opener: str
    total: int               # INF: no tree within the rows
    exact: bool

    def to_dict(self) -> dict:
        """Return the entry as a JSON-ready dict (a journal line)."""
        return {"opener": self.opener, "total": None if self.total >= INF else self.total, "exact": self.exact}


@dataclass
class Proof:
    """The result of a run: every opener settled, the optimum, the best ``top`` with exact totals."""

    settled: dict[str, Settled]
    answers: int
    top: int
    seconds: float
    bounds: dict[str, int]              # every opener's cheap bound (from its partition alone)

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
        return sorted((s for s in self.settled.values() if s.exact and s.total < INF),
                      key=lambda s: (s.total, s.opener))

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
        return {"answers": self.answers, "openers": len(self.settled), "proven": self.proven,
                "best": None if best is None else best.to_dict(), "top": [s.to_dict() for s in self.ranking[:self.top]],
                "cutoff": None if self.cutoff >= INF else self.cutoff, "settled": [s.to_dict() for s in self.table()],
                "seconds": round(self.seconds, 2)}


def journal_key(searcher: TreeSearch, top: int) -> dict:
    """Return what a journal belongs to: the lists, rule, rows and how many exact totals are kept."""
    key = {"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION, "lexicon": searcher.lexicon.name,
           "lexicon_key": searcher.lexicon.key, "rule": searcher.rule, "rows": searcher.rows, "top": top}
    if searcher.lexicon.suggest_key:     # the openers are the suggested words only
        key["suggested"] = searcher.lexicon.suggest_key
    return key


def journal_line(data: dict) -> str:
    """Return one line of a journal: the JSON of ``data``, compact, and its newline."""
    return json.dumps(data, separators=(",", ":")) + "\n"


def read_journal(path: Path, key: dict) -> dict[str, Settled]:
    """Return the openers a journal has settled (a torn last line, from a killed run or a full disk, is ignored).

    Raises ChuteError when the journal belongs to other lists or options, or is not a journal.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except UnicodeDecodeError:
        raise ChuteError(f"{path} is not a chute journal (not UTF-8 text)") from None
    except OSError as err:
        raise ChuteError(f"cannot read the journal {path}: {err.strerror or err}") from None
    lines = text.splitlines()
    if not lines or (len(lines) == 1 and not text.endswith("\n") and journal_line(key).startswith(text)):
        return {}           # empty, or only the start of this run's header: the first write was cut short
    try:
        head = json.loads(lines[0])
    except ValueError:
        raise ChuteError(f"{path} is not a chute journal") from None
    if not isinstance(head, dict) or head.get("format") != JOURNAL_FORMAT:
        raise ChuteError(f"{path} is not a chute journal")
    if head != key:
        differ = [k for k in ("lexicon", "rule", "rows", "top") if head.get(k) != key[k]]
        if head.get("lexicon_key") != key["lexicon_key"]:
            differ.insert(0, "word lists")
        raise ChuteError(f"the journal {path} belongs to another run ({', '.join(differ) or 'version'} differ); "
                         "use another --journal")
    out: dict[str, Settled] = {}
    for line in lines[1:]:
        try:
            entry = json.loads(line)
            total = INF if entry["total"] is None else int(entry["total"])
            out[str(entry["opener"])] = Settled(str(entry["opener"]), total, bool(entry["exact"]))
        except (ValueError, KeyError, TypeError):
            continue                                    # a line torn by a kill: that opener runs again
    return out


class Journal:
    """An append-only record of settled openers, each line flushed and synced to disk as it is written."""

    def __init__(self, path: Path | None, key: dict):
        self.path = path
        self.key = key
        self.done = read_journal(path, key) if path is not None else {}
        self.torn = False               # the file ends inside a line: the next line starts on a new one
        if path is None:
            return
        if not self.done:               # new, empty, or its header alone (maybe cut short): the header, whole
            from ..files import write_atomic
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise ChuteError(f"cannot make the folder of the journal {path}: {err.strerror or err}") from None
            write_atomic(path, journal_line(key), "journal")
        else:
            with open(path, "rb") as f:
                f.seek(-1, os.SEEK_END)
                self.torn = f.read(1) != b"\n"

    def _append(self, data: dict) -> None:
        """Append one line and make it durable (ChuteError when the disk refuses: what is written stays)."""
        assert self.path is not None
        try:
            with open(self.path, "a", encoding="utf-8") as f:
                f.write(("\n" if self.torn else "") + journal_line(data))
                f.flush()
                os.fsync(f.fileno())
        except OSError as err:
            self.torn = True
            raise ChuteError(f"cannot write the journal {self.path}: {err.strerror or err}; the openers it holds "
                             "are kept, and the same command with the same --journal goes on from them") from None
        self.torn = False

    def record(self, settled: Settled) -> None:
        """Record one settled opener."""
        self.done[settled.opener] = settled
        if self.path is not None:
            self._append(settled.to_dict())


def opener_bounds(searcher: TreeSearch) -> tuple[np.ndarray, np.ndarray, list[list[int]]]:
    """Return per guess row its cheap lower bound, and the groups of rows that split the answers alike.

    Returns ``(bounds, order, groups)``: ``order`` lists one representative row per
    group by bound (then alphabetically), ``groups[i]`` the rows alike to ``order[i]``
    (in hard modes every guess is its own group: equal partitions leave different
    guesses allowed).
    """
    n = len(searcher.lexicon.answers)
    S = np.arange(n, dtype=np.int32)
    kern = searcher._kernels()
    r = searcher.rows - 1
    rows = searcher.all_rows                 # the guesses the search may play
    bounds = np.full(searcher.n_guesses, INF, dtype=np.int64)
    hashes = np.empty(len(rows), dtype=np.uint64)
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


def settle(searcher: TreeSearch, opener_row: int, cutoff: int) -> tuple[int, bool]:
    """Return (total, exact) of one opener: exact when below ``cutoff``, else a lower bound that reaches it."""
    n = len(searcher.lexicon.answers)
    S = np.arange(n, dtype=np.int32)
    words, starts, codes = searcher._kernels().split(searcher.M, opener_row, S, searcher.solved, searcher.P)
    r = searcher.rows - 1
    bins = []
    for i in range(len(codes)):
        if codes[i] == searcher.solved:
            continue
        sub = np.sort(words[starts[i]:starts[i + 1]])
        allowed = searcher._child_allowed(None, opener_row, int(codes[i]))
        bins.append([sub, allowed, searcher._size_lb(len(sub), r)])
    total = n + sum(b[2] for b in bins)
    if total >= cutoff:
        return min(total, INF), False
    # one scan per bin tightens every bound before any search: often enough to close the opener,
    # and each search below then runs against a much tighter cut-off
    for b in sorted(bins, key=lambda b: -len(b[0])):
        better = searcher.bound(b[0], r, b[1], searcher._akey(b[1]))
        total += min(better, INF) - b[2]
        b[2] = min(better, INF)
        if total >= cutoff:
            return min(total, INF), False
    for b in sorted(bins, key=lambda b: -len(b[0])):
        sub, allowed, lb = b
        value = searcher.solve(sub, r, allowed, cutoff - (total - lb), searcher._akey(allowed))
        total += min(value, INF) - lb
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
    """Settle some openers on a Dask worker: the engine comes from the worker's disk cache, once per worker."""
    searcher = _DASK_SEARCHERS.get(spec["key"])
    if searcher is None:
        os.environ.setdefault("NUMBA_NUM_THREADS", "1")
        from ..game.engine import Engine
        from ..game.words import load_lexicon
        lexicon = load_lexicon(spec["game"], spec["answers"], spec["guesses"])
        if lexicon.key != spec["key"]:
            raise ChuteError("the worker's word lists differ from the client's")
        searcher = TreeSearch(Engine.build(lexicon), rows=spec["rows"], rule=spec["rule"], exact=True)
        _DASK_SEARCHERS[spec["key"]] = searcher
    return [(row, *settle(searcher, row, cutoff)) for row in rows]


_DASK_SEARCHERS: dict[str, TreeSearch] = {}

SCHEDULER_SCHEMES = ("tcp", "tls", "ws", "wss")   # Dask's network transports (not inproc, not the ucx extra)
PROBE_SECONDS = 5.0          # a host that neither answers nor refuses this long is left to Dask's own 20 s


def scheduler_endpoint(address: str) -> tuple[str, str, int]:
    """Return (scheme, host, port) of a scheduler address ``[tcp|tls|ws|wss://]HOST:PORT``; ValueError if not one."""
    scheme, sep, rest = address.strip().rpartition("://")
    host, _, port = rest.rpartition(":")
    scheme = scheme if sep else "tcp"
    if scheme not in SCHEDULER_SCHEMES or not host.strip("[]") or not port.isdigit() \
            or not 1 <= int(port) <= 65535 or any(c.isspace() for c in rest):
        from ..files import excerpt
        raise ValueError(f"{excerpt(address)} is not a scheduler address: write tcp://HOST:PORT "
                         "(e.g. tcp://10.0.0.5:8786)")
    return scheme, host.strip("[]"), int(port)


def _check_scheduler_reachable(address: str) -> None:
    """Return once something listens at the scheduler's host and port; ChuteError at once if it is refused.

    Dask retries a refused connection until its timeout (20 s here): a mistyped
    port or a scheduler not started yet is said now, before any search.
    """
    try:
        _, host, port = scheduler_endpoint(address)
    except ValueError as err:
        raise ChuteError(str(err)) from None
    try:
        socket.create_connection((host, port), timeout=PROBE_SECONDS).close()
    except socket.timeout:
        return                   # a slow network: Dask tries again with its own timeout
    except ConnectionRefusedError:
        raise ChuteError(f"cannot reach the Dask scheduler at {address}: nothing listens on port {port} "
                         f"of {host} (connection refused)") from None
    except OSError as err:       # an unknown host, no route, ...
        raise ChuteError(f"cannot reach the Dask scheduler at {address}: {err.strerror or err}") from None


def prove(searcher: TreeSearch, top: int = 15, journal: Path | None = None, jobs: int = 1,
          cluster: str | None = None, lists: dict | None = None,
          progress: Callable[[Settled, int, int], None] | None = None) -> Proof:
    """Return every opener settled: the optimum and the ``top`` best proven, the rest exact or bounded.

    ``jobs`` > 1 spreads the searches over forked local processes;
    ``cluster`` (a Dask scheduler address) sends them to a Dask cluster, whose
    workers load the lists described by ``lists`` (``game``, ``answers``,
    ``guesses`` paths or None for the bundled ones).  ``progress(settled,
    done, total)`` is called as each opener is settled.
    """
    if not searcher.exact:
        raise ChuteError("a proof needs the exact search (TreeSearch(..., exact=True))")
    if top < 1:
        raise ChuteError(f"top must be at least 1, not {top}")
    if cluster:
        _check_scheduler_reachable(cluster)
    start = time.perf_counter()
    guesses = searcher.lexicon.guesses
    record = Journal(journal, journal_key(searcher, top))
    bounds, reps, groups = opener_bounds(searcher)
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
        _prove_on_cluster(cluster, searcher, lists or {}, pending, bounds, cutoff, accept)
    elif jobs > 1:
        import multiprocessing

        from ..parallel import run_tasks
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
    return Proof(settled, len(searcher.lexicon.answers), top, time.perf_counter() - start,
                 {guesses[g]: int(bounds[g]) for g in searcher.all_rows.tolist()})


def _prove_on_cluster(address: str, searcher: TreeSearch, lists: dict, pending: Sequence[int],
                      bounds: np.ndarray, cutoff: Callable[[], int],
                      accept: Callable[[int, int, bool], None]) -> None:
    """Send the openers to a Dask cluster, a few per worker at a time, and accept results as they come."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ChuteError("--cluster needs the cluster extra: pip install 'chute[cluster]'") from None
    spec = {"key": searcher.lexicon.key, "rows": searcher.rows, "rule": searcher.rule,
            "game": lists.get("game", searcher.lexicon.name), "answers": lists.get("answers"),
            "guesses": lists.get("guesses")}
    try:
        client = Client(address, timeout="20s")
    except (OSError, TimeoutError, ValueError, TypeError) as err:      # Dask's refusal of an address it cannot use
        raise ChuteError(f"cannot reach the Dask scheduler at {address}: {err}") from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        queue = list(pending)
        running = as_completed()
        inflight = 0

        def feed() -> None:
            nonlocal inflight
            while queue and inflight < 2 * workers:
                limit = cutoff()
                batch = []
                while queue and len(batch) < BATCH:
                    row = queue.pop(0)
                    if bounds[row] >= limit:
                        accept(row, int(bounds[row]), False)
                    else:
                        batch.append(row)
                if batch:
                    running.add(client.submit(_dask_work, spec, batch, limit, retries=2, pure=False))
                    inflight += 1
        feed()
        for future in running:
            results = future.result()
            future.release()                     # drop it at once: a dead worker's results are not recomputed
            inflight -= 1
            for row, total, exact in results:
                accept(row, total, exact)
            feed()
    finally:
        client.close()

