"""The page under load: a slow review beside another client's suggestion, and many clients mixing both.

Usage: python benchmarks/bench_load.py [OLD] [--clients 200] [--requests 2000] [--reviews 0.1]

A real ``chute serve`` on 127.0.0.1 (its own process, warmed as it warms itself,
with a cache of links to the user's matrices and no review table).  First one
client asks a review that grades for seconds (a hard-mode game opened with
FUZZY, its opener searched) while another, half a second later, asks a
suggestion after two clues: the suggestion's wait is the figure.  Then
``--clients`` concurrent clients send ``--requests`` in all, a share
``--reviews`` of them reviews of a few games (kept by the server once graded)
and the rest suggestions: requests per second, latency p50 and p99, errors.
With OLD (a commit), that commit's server is measured the same way first, from
a temporary git worktree, on the same machine and load.  Check ``uptime`` first.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from side_by_side import worktree

REPO = Path(__file__).resolve().parents[1]
SUGGEST = {
    "game": "wordle",
    "rows": [{"guess": "soare", "patterns": ["bbbbb"]}, {"guess": "until", "patterns": ["bbyyb"]}],
    "top": 10,
}
SLOW_REVIEW = {"game": "wordle", "rule": "hard", "guesses": ["fuzzy", "cigar"], "answers": ["cigar"]}
REVIEWS = [
    {"game": "wordle", "guesses": ["salet", "corny", "cigar"], "answers": ["cigar"]},
    {"game": "wordle", "guesses": ["crane", "lotus", "golly", "dolly", "holly", "jolly"], "answers": ["jolly"]},
    {"game": "termo", "guesses": ["serao", "limpo", "termo"], "answers": ["termo"]},
    {"game": "dordle", "guesses": ["salet", "feral", "loath"], "answers": ["loath", "feral"]},
]


def free_port() -> int:
    """Return a port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def user_cache(src: Path) -> Path:
    """Return the cache folder chute uses here."""
    out = subprocess.run(
        [sys.executable, "-c", "from chute.files import default_cache_dir; print(default_cache_dir())"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(src)},
    )
    return Path(out.stdout.strip())


@contextlib.contextmanager
def serving(src: Path) -> Iterator[str]:
    """Run ``chute serve`` from a source tree with a cache of links to the user's matrices; yield its base URL."""
    cache = Path(tempfile.mkdtemp(prefix="chute-load-"))
    for f in user_cache(src).glob("*"):
        if f.name.startswith(("matrix-", "lexicon-", "openers-", "second-")):
            os.symlink(f, cache / f.name)
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(src), "CHUTE_CACHE_DIR": str(cache)}
    server = subprocess.Popen(
        [sys.executable, "-m", "chute", "serve", "--port", str(port)],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        for line in server.stderr:
            if "serving on" in line:
                break
        threading.Thread(target=server.stderr.read, daemon=True).start()
        time.sleep(5)  # its warm-up requests, in the process beside it, out of the way
        yield f"http://localhost:{port}"
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=30)


def slow_beside_quick(base: str) -> tuple[float, float]:
    """Return (the review's seconds, the suggestion's) when a suggestion is asked 0.5 s into a slow review."""
    import httpx

    took: dict[str, float] = {}

    def review() -> None:
        start = time.perf_counter()
        httpx.post(base + "/api/review", json=SLOW_REVIEW, timeout=600).raise_for_status()
        took["review"] = time.perf_counter() - start

    slow = threading.Thread(target=review)
    slow.start()
    time.sleep(0.5)
    start = time.perf_counter()
    httpx.post(base + "/api/suggest", json=SUGGEST, timeout=600).raise_for_status()
    took["suggest"] = time.perf_counter() - start
    slow.join()
    return took["review"], took["suggest"]


def many(base: str, clients: int, requests: int, share: float) -> dict:
    """Return the figures of ``requests`` from ``clients`` concurrent clients, a ``share`` of them reviews."""
    import httpx

    rng = random.Random(1)
    plan = [("review", rng.choice(REVIEWS)) if rng.random() < share else ("suggest", SUGGEST) for _ in range(requests)]
    latencies: list[float] = []
    errors: dict[int, int] = {}

    async def client(mine: list) -> None:
        async with httpx.AsyncClient(timeout=300) as http:
            for kind, body in mine:
                start = time.perf_counter()
                try:
                    r = await http.post(f"{base}/api/{kind}", json=body)
                    status = r.status_code
                except httpx.HTTPError:
                    status = 0
                latencies.append(time.perf_counter() - start)
                if status != 200:
                    errors[status] = errors.get(status, 0) + 1

    async def load() -> float:
        start = time.perf_counter()
        await asyncio.gather(*(client(plan[k::clients]) for k in range(clients)))
        return time.perf_counter() - start

    seconds = asyncio.run(load())
    q = statistics.quantiles(latencies, n=100)
    return {"rate": len(latencies) / seconds, "p50": q[49], "p99": q[98], "errors": errors}


def measure(name: str, src: Path, args: argparse.Namespace) -> None:
    """Print one side's figures."""
    with serving(src) as base:
        review, suggest = slow_beside_quick(base)
        load = many(base, args.clients, args.requests, args.reviews)
    errors = sum(load["errors"].values())
    print(
        f"{name:<6} a suggestion asked 0.5 s into a {review:.2f} s review: {suggest * 1000:.0f} ms; "
        f"{args.clients} clients, {args.requests:,} requests ({args.reviews:.0%} reviews): {load['rate']:.0f} req/s, "
        f"p50 {load['p50'] * 1000:.0f} ms, p99 {load['p99'] * 1000:.0f} ms, {errors} errors"
        + (f" {load['errors']}" if errors else ""),
        flush=True,
    )


def main() -> int:
    """Measure the working tree's server, and OLD's first when given."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", nargs="?", help="a commit to measure first, the same way")
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--requests", type=int, default=2000)
    ap.add_argument("--reviews", type=float, default=0.1, help="the share of reviews among the requests")
    args = ap.parse_args()
    if args.clients < 1 or args.requests < args.clients or not 0 <= args.reviews <= 1:
        print("bench_load: --clients at least 1, --requests at least --clients, --reviews from 0 to 1", file=sys.stderr)
        return 2
    print(f"# {time.strftime('%Y-%m-%d %H:%M')}  load {os.getloadavg()[0]:.2f}  cpus {os.cpu_count()}", flush=True)
    if args.old:
        with tempfile.TemporaryDirectory() as tmp:
            try:
                measure("old", worktree(args.old, Path(tmp) / "old") / "src", args)
            finally:
                subprocess.run(
                    ["git", "-C", str(REPO), "worktree", "remove", "--force", str(Path(tmp) / "old")],
                    capture_output=True,
                )
    measure("new", REPO / "src", args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
