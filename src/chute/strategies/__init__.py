"""Strategies: one protocol (``base.Strategy``), one registry, one small module each."""

from .base import (REGISTRY, Options, PartitionStrategy, Ranked, State, Strategy, get_strategy,
                   register, strategy_names)
from . import partition, heuristic, baseline, expected  # noqa: F401,E401  (register the strategies)

__all__ = ["REGISTRY", "Options", "PartitionStrategy", "Ranked", "State", "Strategy",
           "get_strategy", "register", "strategy_names"]
