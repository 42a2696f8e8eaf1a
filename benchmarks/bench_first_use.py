"""The page on a fresh install: how long the player's first requests wait, two commits side by side.

    python benchmarks/bench_first_use.py OLD [NEW] [--wait 90]

Each side runs ``chute serve`` from its own ``src`` with an empty kernel cache
(``NUMBA_CACHE_DIR``) and an empty chute cache, as on a machine where chute
was just installed.  The script times how long the server takes to listen,
waits ``--wait`` seconds (the player opens the page and plays a first game),
then times the page's first requests, one after the other: a Wordle
suggestion, why-not, review, a Quordle suggestion and review, a Quarteto
review.  The sides run one after the other (each run is minutes), each on the
same machine; check ``uptime`` first.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from side_by_side import at_least, sides  # noqa: E402  (this folder is the script's first path)

from chute.web import page_rows  # noqa: E402  (the rows the page sends)

WORDLE = page_rows(["salet", "corny", "cigar"], ["cigar"])
QUORDLE = page_rows(["salet", "corny", "cigar", "rebut", "sissy", "humph"], ["cigar", "rebut", "sissy", "humph"])
QUARTETO = page_rows(["serao", "limpo", "termo", "nobre", "fungo", "mundo"], ["termo", "nobre", "fungo", "mundo"])

REQUESTS = [
    ("wordle suggestion", "/api/suggest", {"game": "wordle", "rows": WORDLE[:1]}),
    ("wordle why", "/api/why", {"game": "wordle", "rows": WORDLE[:1], "word": "crane"}),
    ("wordle review", "/api/review", {"game": "wordle", "rows": WORDLE}),
    ("quordle suggestion", "/api/suggest", {"game": "quordle", "rows": QUORDLE[:1]}),
    ("quordle review", "/api/review", {"game": "quordle", "rows": QUORDLE}),
    ("quarteto review", "/api/review", {"game": "quarteto", "rows": QUARTETO}),
]


def post(url: str, body: dict) -> float:
    """Return the seconds a POST of ``body`` took (an error status stops the script)."""
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    t0 = time.perf_counter()
    with urllib.request.urlopen(request, timeout=600) as answer:
        answer.read()
    return time.perf_counter() - t0


def first_use(src: Path, tmp: Path, wait: float) -> dict[str, float]:
    """Return the seconds to listen and of each first request, for a server run from ``src`` on fresh caches."""
    for folder in ("kernels", "cache", "state"):
        shutil.rmtree(tmp / folder, ignore_errors=True)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {
        **os.environ,
        "PYTHONPATH": str(src),
        "NUMBA_CACHE_DIR": str(tmp / "kernels"),
        "CHUTE_CACHE_DIR": str(tmp / "cache"),
        "CHUTE_STATE_DIR": str(tmp / "state"),
    }
    t0 = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "chute", "serve", "--port", str(port)],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        while True:
            try:
                urllib.request.urlopen(base + "/", timeout=5).read()
                break
            except OSError:
                if server.poll() is not None:
                    raise SystemExit(f"the server from {src} stopped with status {server.returncode}") from None
                time.sleep(0.1)
        out = {"listening": time.perf_counter() - t0}
        time.sleep(wait)
        for label, path, body in REQUESTS:
            out[label] = post(base + path, body)
        return out
    finally:
        server.terminate()
        server.wait(timeout=60)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", help="the commit to compare against")
    ap.add_argument("new", nargs="?", help="the other commit (default: the working tree)")
    ap.add_argument("--wait", type=at_least(0.0), default=90.0, help="seconds between listening and the first request")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="chute-first-") as tmp:
        tmp = Path(tmp)
        with sides(args.old, args.new, tmp) as srcs:
            print(
                f"# old {args.old}, new {args.new or 'working tree'}; fresh kernel and chute caches; first "
                f"request {args.wait:.0f} s after listening; load {os.getloadavg()[0]:.2f}",
                flush=True,
            )
            figures = {k: first_use(src, tmp, args.wait) for k, src in srcs.items()}
        print(f"{'':<20} {'old':>8} {'new':>8}")
        for label in figures["old"]:
            print(f"{label:<20} {figures['old'][label]:>7.2f}s {figures['new'][label]:>7.2f}s")
        print(f"# load at end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
