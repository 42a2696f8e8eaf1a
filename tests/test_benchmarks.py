"""The benchmark scripts: bad arguments are one line and status 2, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.mark.parametrize(
    "script, args, says",
    [
        ("side_by_side.py", ["no-such-commit", "--only", "score"], "cannot check out 'no-such-commit'"),
        ("side_by_side.py", ["HEAD", "--runs", "0"], "--runs: must be at least 1"),
        ("side_by_side.py", ["HEAD", "--only", "score,nosuch"], "unknown command 'nosuch'"),
        ("bench_first_use.py", ["HEAD", "--wait", "-5"], "--wait: must be at least 0.0"),
        ("bench_first_use.py", ["no-such-commit", "--wait", "0"], "cannot check out 'no-such-commit'"),
        ("bench_second_row.py", ["--clues", "0"], "--clues: must be at least 1"),
        ("bench_second_row.py", ["--modes", "octordle"], "invalid choice: 'octordle'"),
        ("bench_second_row.py", ["--clues", "999999", "--modes", "wordle"], "wordle has 1"),
        ("bench_review.py", ["no-such-commit", "--only", "nothing matches this"], "cannot check out 'no-such-commit'"),
        ("bench_review.py", ["--runs", "0"], "--runs must be at least 1"),
        ("bench_review_offlist.py", ["--games", "0"], "--runs and --games must be at least 1"),
        ("bench_review_offlist.py", ["--game", "octordle"], "invalid choice: 'octordle'"),
        ("bench_safe_second.py", ["--opener", "xyzzy"], "'xyzzy' is not a word Wordle accepts"),
        ("bench_safe_second.py", ["--pattern", "gyxbb"], "'gyxbb' is not 5 colours"),
        ("bench_safe_second.py", ["--count", "-1"], "--count: must be at least 0"),
        ("bench_safe_second.py", ["--opener", "salet", "--pattern", "ggggg"], "no ?ILLS word is left"),
    ],
)
def test_a_bad_argument_is_one_line_and_status_2(script, args, says):
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args], capture_output=True, text=True, timeout=120
    )
    lines = [line for line in done.stderr.splitlines() if not line.startswith("usage:") and line.strip()]
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert len(lines) == 1 and says in lines[0], done.stderr
