"""Strategies: one protocol (``base.Strategy``), one registry, one small module each."""

from . import baseline, expected, heuristic, partition  # noqa: F401,E401  (register the strategies)
from .base import REGISTRY, Options, PartitionStrategy, Ranked, State, Strategy, get_strategy, register, strategy_names

__all__ = [
    "REGISTRY",
    "Options",
    "PartitionStrategy",
    "Ranked",
    "State",
    "Strategy",
    "get_strategy",
    "register",
    "strategy_names",
]
