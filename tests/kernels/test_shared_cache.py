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
from chute.game.engine import letters_array
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
    procs = [subprocess.Popen([sys.executable, "-c", CHILD, str(go)], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    time.sleep(3)                     # both have loaded numba and wait at the go file
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
    assert waiter["heard"] in (["waiting_for_compile"], [])      # [] only if it came after the kernel was saved
    assert list((tmp_path / "kernels").rglob("*.lock"))
