"""The web server's figures: /api/suggest latency, a slow review and its second ask, throughput, page-ready time.

    python benchmarks/bench_web.py [--requests 2000] [--clients 50]

A real uvicorn server on 127.0.0.1 (a free port), warm cache, warmed as ``chute serve`` is
(``chute.web.warm``: the first solvers built, the compiled kernels loaded).  Suggest is asked
after two clues (SOARE all grey, UNTIL ``bbyyb``): 200 requests one after the other
for the latency (the median is the figure BENCHMARKS.md keeps); a review that grades for seconds
(a Quarteto whose answer is off the answer list), then the same in the other language, which
the server kept; then ``--requests`` from ``--clients`` concurrent clients for throughput and
percentiles.  With
Playwright and a Chromium (Debian's, by path), the time from opening the page to
its first suggestions shown.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time

BODY = {
    "game": "wordle",
    "rows": [{"guess": "soare", "patterns": ["bbbbb"]}, {"guess": "until", "patterns": ["bbyyb"]}],
    "top": 10,
}
REVIEW = {
    "game": "quarteto",
    "guesses": ["toras", "cuide", "pensa", "caspa", "lapso", "neste", "quero"],
    "answers": ["neste", "quero", "lapso", "caspa"],
}


def main() -> None:
    """Start a server and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=2000)
    ap.add_argument("--clients", type=int, default=50)
    args = ap.parse_args()
    from chute.web import running, warm, warm_kernels

    warm()  # as ``chute serve`` does before it listens
    start = time.perf_counter()
    failed = warm_kernels()  # and its warm-up, in the server, once the first is done
    print(f"# warm-up in the server: {time.perf_counter() - start:.1f} s{'; failed: ' + str(failed) if failed else ''}")
    with running() as base:
        first_of_each_game(base)
        measure(base, args)


def first_of_each_game(base: str) -> None:
    """Print the first suggestion of each game once the server has warmed up: its opening, then after a row."""
    import httpx

    from chute.game.feedback import score
    from chute.game.games import PRESETS

    secrets = {
        "wordle": ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"],
        "termo": ["termo", "suite", "avido", "festa"],
    }
    figures = []
    with httpx.Client(timeout=120) as http:
        for name, spec in PRESETS.items():
            answers = secrets[spec.lexicon][: spec.boards]
            first = "trace" if spec.lexicon == "wordle" else "serao"
            for rows in ([], [{"guess": first, "patterns": [score(first, a) for a in answers]}]):
                start = time.perf_counter()
                http.post(base + "/api/suggest", json={"game": name, "rows": rows, "top": 10}).raise_for_status()
                figures.append(
                    f"{name} {'opening' if not rows else 'row 1'} {(time.perf_counter() - start) * 1000:.0f}"
                )
    print("first /api/suggest of each game after the warm-up, ms: " + ", ".join(figures))


def measure(base: str, args: argparse.Namespace) -> None:
    """Print the latency, throughput and page-ready figures of the server at ``base``."""
    import httpx

    print(f"# {time.strftime('%Y-%m-%d %H:%M')}  load {os.getloadavg()[0]:.2f}  cpus {os.cpu_count()}")
    with httpx.Client() as http:
        http.post(base + "/api/suggest", json=BODY)
        times = []
        for _ in range(200):
            start = time.perf_counter()
            http.post(base + "/api/suggest", json=BODY).raise_for_status()
            times.append(time.perf_counter() - start)
    q = statistics.quantiles(times, n=100)
    print(
        f"/api/suggest after two clues, one client: median {statistics.median(times) * 1000:.1f} ms, "
        f"p90 {q[89] * 1000:.1f} ms (round trip on 127.0.0.1)"
    )
    with httpx.Client(timeout=300) as http:
        # a Quarteto whose answer CASPA is off the answer list: graded under the prior, the slow kind of review
        asked = []
        for lang in ("en", "pt"):
            start = time.perf_counter()
            http.post(base + "/api/review", json={**REVIEW, "lang": lang}).raise_for_status()
            asked.append(time.perf_counter() - start)
    print(
        f"/api/review of a Quarteto off the answer list: {asked[0]:.2f} s graded, "
        f"{asked[1] * 1000:.0f} ms asked again in Portuguese (kept)"
    )
    latencies: list[float] = []
    errors = 0

    async def client(n: int) -> None:
        nonlocal errors
        async with httpx.AsyncClient(timeout=60) as http:
            for _ in range(n):
                start = time.perf_counter()
                r = await http.post(base + "/api/suggest", json=BODY)
                latencies.append(time.perf_counter() - start)
                errors += r.status_code != 200

    async def load() -> float:
        start = time.perf_counter()
        per = args.requests // args.clients
        await asyncio.gather(*(client(per) for _ in range(args.clients)))
        return time.perf_counter() - start

    seconds = asyncio.run(load())
    q = statistics.quantiles(latencies, n=100)
    print(
        f"{len(latencies):,} requests from {args.clients} clients: {errors} errors, "
        f"{len(latencies) / seconds:.0f} requests/s, latency p50 {q[49] * 1000:.0f} ms, "
        f"p90 {q[89] * 1000:.0f} ms, p99 {q[98] * 1000:.0f} ms"
    )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("page ready: skipped (playwright is not installed)")
    else:
        path = next((p for p in ("/usr/lib/chromium/chromium", "/usr/bin/chromium") if os.path.exists(p)), None)
        if path is None:
            print("page ready: skipped (no Chromium)")
        else:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=path)
                page = browser.new_page()
                ready = []
                for _ in range(5):
                    start = time.perf_counter()
                    page.goto(base + "/")
                    page.wait_for_selector("#suggestions tbody tr")
                    ready.append(time.perf_counter() - start)
                browser.close()
            print(
                f"page ready (opened to first suggestions shown), Chromium headless: median "
                f"{statistics.median(ready) * 1000:.0f} ms of 5"
            )


if __name__ == "__main__":
    main()
