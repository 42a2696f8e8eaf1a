"""Strategies that score a guess by the partition it makes of the candidates."""

from __future__ import annotations

import numpy as np

from ..game.partition_stats import PartitionStats
from .base import PartitionStrategy, register


@register
class Entropy(PartitionStrategy):
    """Maximise the expected information (Shannon entropy, in bits) of the pattern."""

    name = "entropy"
    score_label = "bits"
    kernel_mode = 0

    def score(self, stats: PartitionStats) -> np.ndarray:
        """Return the entropy in bits of each row's pattern distribution."""
        return stats.entropy

    def second(self, stats: PartitionStats) -> float:
        """Return the most information one more guess gives within a bin."""
        return float(stats.entropy.max()) if len(stats) else 0.0

    def combine(self, first: float, bins: list[tuple[float, float]]) -> float:
        """Return the expected information of two guesses: the first's plus the second's, averaged."""
        return first + sum(p * s for p, s in bins)


@register
class ExpectedSize(PartitionStrategy):
    """Minimise the expected number of candidates left (the Termo notebook's "guess quality").

    The notebook's score, words eliminated averaged over secrets, is N minus
    this figure; here it is one pass over the partition: sum of p(bin) * |bin|.
    """

    name = "expected-size"
    score_label = "expected"
    higher_is_better = False
    kernel_mode = 1

    def score(self, stats: PartitionStats) -> np.ndarray:
        """Return the expected number of candidates left after each row's guess."""
        return stats.expected

    def second(self, stats: PartitionStats) -> float:
        """Return the fewest candidates one more guess is expected to leave within a bin."""
        return float(stats.expected.min()) if len(stats) else 1.0

    def combine(self, first: float, bins: list[tuple[float, float]]) -> float:
        """Return the expected number of candidates left after the best second guess."""
        return sum(p * s for p, s in bins)


@register
class Minimax(PartitionStrategy):
    """Minimise the largest number of candidates one pattern can leave.

    Many guesses share the best worst case (AESIR, ARISE, RAISE, REAIS, SERAI
    all leave at most 168 of Wordle's answers); the tie-break is the common one:
    a possible answer first, then alphabetical, so Wordle opens with ARISE.
    """

    name = "minimax"
    score_label = "worst"
    higher_is_better = False

    def score(self, stats: PartitionStats) -> np.ndarray:
        """Return the largest bin of each row."""
        return stats.worst.astype(np.float64)


@register
class MostParts(PartitionStrategy):
    """Maximise the number of distinct patterns (bins)."""

    name = "most-parts"
    score_label = "parts"

    def score(self, stats: PartitionStats) -> np.ndarray:
        """Return the number of non-empty bins of each row."""
        return stats.parts.astype(np.float64)
