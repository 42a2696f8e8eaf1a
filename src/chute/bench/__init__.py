"""Many games at once: benchmarks of a policy, their statistics, reports and plots.

``benchmark`` and ``run`` play every answer of a list on one board
(``one_board``), ``run_many`` plays seeded games of several boards
(``boards``); each gives a ``BenchResult`` (``results``: statistics, the
report, JSON and CSV).
"""

from .boards import run_many, secret_tuples
from .one_board import benchmark, play_each, play_tree, run, sample_secrets, split_secrets
from .progress import Progress, can_draw
from .results import BenchResult, Stats, compare_table, report, statistics_of

__all__ = [
    "BenchResult",
    "Progress",
    "Stats",
    "benchmark",
    "can_draw",
    "compare_table",
    "play_each",
    "play_tree",
    "report",
    "run",
    "run_many",
    "sample_secrets",
    "secret_tuples",
    "split_secrets",
    "statistics_of",
]
