"""A kernel is compiled by one process at a time: another that needs it meanwhile waits and reads it from the cache."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

# Each process loads the kernels, waits for the go file, then runs one kernel for the first time on this cache and
# prints whether numba compiled it (a cache miss) or read it (a hit), and the notes it heard.
CHILD = """
import json, os, sys, time
import numpy as np
from chute.kernels.compiling import told_when_compiling
from chute.kernels.score import pattern_matrix
from chute.game.pattern_codes import letters_array
go = sys.argv[1]
while not os.path.exists(go):
    time.sleep(0.01)
heard = []
g = letters_array(["crane", "slate", "abbey"], 5)
out = np.empty((3, 3), dtype=np.uint8)
with told_when_compiling(heard.append):
    pattern_matrix(g, g, out)
stats = pattern_matrix.stats
print(json.dumps({"misses": sum(stats.cache_misses.values()), "hits": sum(stats.cache_hits.values()),
                  "heard": [str(n.key) for n in heard], "codes": out.tolist()}))
"""


def test_two_processes_needing_one_kernel_compile_it_once(tmp_path):
    """Two processes start the same kernel together on an empty kernel cache: one compiles it, the other
    waits for it (hearing that it waits) and reads it from the cache; both get the same codes."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "kernels")}
    go = tmp_path / "go"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD, str(go)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    time.sleep(3)  # both have loaded numba and wait at the go file
    go.write_text("go")
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err
        results.append(json.loads(out))
    assert sorted(r["misses"] for r in results) == [0, 1]
    waiter = next(r for r in results if r["misses"] == 0)
    assert waiter["hits"] == 1
    assert results[0]["codes"] == results[1]["codes"]
    compiler = next(r for r in results if r["misses"] == 1)
    assert compiler["heard"] == ["compiling_kernels"]
    assert waiter["heard"] in (["waiting_for_compile"], [])  # [] only if it came after the kernel was saved
    assert list((tmp_path / "kernels").rglob("*.lock"))


# A first run's process: numba loaded (as after any kernel), the scoring and partition kernels not compiled on this
# machine yet.  It prints what the engine chooses for jobs numpy can do and for one too large, the codes it scores,
# and the compilations that happened; then it compiles the scoring kernel and asks again.
FIRST_RUN = """
import json
import numpy as np
from chute.game import partition_stats as stats, pattern_codes as engine
from chute.kernels import _numba, ready  # noqa: F401  (numba loaded)
from chute.kernels.partition import row_stats
from chute.kernels.score import pattern_matrix
rng = np.random.default_rng(1)
g = rng.integers(0, 26, (2000, 5)).astype(np.int8)
s = rng.integers(0, 26, (3000, 5)).astype(np.int8)
cells = len(g) * len(s)
before = {"ready": ready("score", "pattern_matrix") or ready("partition", "row_stats"),
          "scored compiled": engine.score_compiled(cells, 5), "ranked compiled": stats.load_kernels_for(cells, 5),
          "too large": engine.score_compiled(engine.uncompiled_cells(5) + 1, 5),
          "long words": engine.uncompiled_cells(12) < engine.uncompiled_cells(5)}
codes = engine.letter_codes(g, s)
figures = stats.partition_stats(codes[:1000], 243)
before["misses"] = sum(pattern_matrix.stats.cache_misses.values()) + sum(row_stats.stats.cache_misses.values())
compiled = np.empty_like(codes)
pattern_matrix(g, s, compiled)
after = {"ready": ready("score", "pattern_matrix"), "scored compiled": engine.score_compiled(cells, 5),
         "same codes": bool(np.array_equal(codes, compiled)), "entropy": float(figures.entropy.sum())}
print(json.dumps([before, after]))
"""


def test_a_first_run_scores_and_ranks_in_numpy_rather_than_compile_and_a_later_one_runs_compiled(tmp_path):
    """On an empty kernel cache, a job numpy does in seconds is done in numpy even with numba loaded: nothing is
    compiled in the process (the process compiling ahead does that); a job too large for numpy still compiles.
    Once the kernel is in the cache, this process and the next run it compiled, with the same codes."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "kernels")}
    run = subprocess.run([sys.executable, "-c", FIRST_RUN], env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    before, after = json.loads(run.stdout)
    assert before == {
        "ready": False,
        "scored compiled": False,
        "ranked compiled": False,
        "too large": True,
        "long words": True,
        "misses": 0,
    }
    assert after["ready"] and after["scored compiled"] and after["same codes"] and after["entropy"] > 0
    later = subprocess.run(
        [
            sys.executable,
            "-c",
            "from chute.kernels import ready; from chute.game import pattern_codes as engine; "
            "print(ready('score', 'pattern_matrix'), engine.score_compiled(6_000_000, 5))",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert later.returncode == 0 and later.stdout.split() == ["True", "True"], later.stderr
