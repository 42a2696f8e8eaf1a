"""Strategies that score a guess by the partition it makes of the candidates."""

from __future__ import annotations

import numpy as np

from .base import PartitionStrategy, register


@register
class Entropy(PartitionStrategy):
    """Maximise the expected information (Shannon entropy, in bits) of the pattern."""

    name = "entropy"
    description = "maximise expected information (bits)"
    score_label = "bits"

    def scores(self, counts: np.ndarray, mass: np.ndarray) -> np.ndarray:
        """Return the entropy in bits of each row's pattern distribution."""
        with np.errstate(divide="ignore", invalid="ignore"):
            terms = np.where(mass > 0, -mass * np.log2(np.where(mass > 0, mass, 1.0)), 0.0)
        return terms.sum(axis=1)


@register
class ExpectedSize(PartitionStrategy):
    """Minimise the expected number of candidates left (seed 000's "guess quality")."""

    name = "expected-size"
    description = "minimise expected remaining candidates"
    score_label = "expected"
    higher_is_better = False

    def scores(self, counts: np.ndarray, mass: np.ndarray) -> np.ndarray:
        """Return the expected number of candidates left after each row's guess."""
        return (mass * counts).sum(axis=1)


@register
class Minimax(PartitionStrategy):
    """Minimise the largest number of candidates one pattern can leave."""

    name = "minimax"
    description = "minimise the worst-case remaining candidates"
    score_label = "worst"
    higher_is_better = False

    def scores(self, counts: np.ndarray, mass: np.ndarray) -> np.ndarray:
        """Return the largest bin of each row."""
        return counts.max(axis=1).astype(np.float64)


@register
class MostParts(PartitionStrategy):
    """Maximise the number of distinct patterns (bins)."""

    name = "most-parts"
    description = "maximise the number of distinct patterns"
    score_label = "parts"

    def scores(self, counts: np.ndarray, mass: np.ndarray) -> np.ndarray:
        """Return the number of non-empty bins of each row."""
        return (counts > 0).sum(axis=1).astype(np.float64)
