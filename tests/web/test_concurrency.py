"""A real ``chute serve``: one client's slow review does not hold another client's suggestion."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette, uvicorn, httpx) is part of the test extra")


def free_port() -> int:
    """Return a port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def openmp() -> bool:
    """Return whether numba's OpenMP threading layer loads on this machine (it needs the system's libgomp)."""
    done = subprocess.run([sys.executable, "-c", "from numba.np.ufunc import omppool"], capture_output=True)
    return done.returncode == 0


def test_a_slow_review_does_not_hold_another_clients_suggestion(tmp_path):
    import httpx

    if not openmp():
        pytest.skip("numba's OpenMP layer is not available here: the server then serves one request at a time")
    port = free_port()
    env = {**os.environ, "CHUTE_CACHE_DIR": str(tmp_path / "cache")}  # no review table yet: the review searches
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
        for line in server.stderr:  # "serving on ..." once the engines and kernels are loaded
            if "serving on" in line:
                break
        threading.Thread(target=server.stderr.read, daemon=True).start()  # the rest of its log, drained
        base = f"http://localhost:{port}"
        finished: dict[str, float] = {}

        def review() -> None:
            r = httpx.post(
                base + "/api/review",
                json={"game": "wordle", "rule": "hard", "guesses": ["fuzzy", "cigar"], "answers": ["cigar"]},
                timeout=600,
            )
            finished["review"] = time.monotonic()
            finished["review status"] = r.status_code

        slow = threading.Thread(target=review)
        slow.start()
        time.sleep(0.5)  # the review is being worked on: its opener searched in hard mode
        rows = [{"guess": "soare", "patterns": ["bbbbb"]}, {"guess": "until", "patterns": ["bbyyb"]}]
        quick = httpx.post(base + "/api/suggest", json={"game": "wordle", "rows": rows}, timeout=600)
        finished["suggestion"] = time.monotonic()
        slow.join(600)
        assert quick.status_code == 200 and quick.json()["suggestions"]
        assert finished["review status"] == 200
        assert finished["suggestion"] < finished["review"]  # answered while the review still ran
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=30)
