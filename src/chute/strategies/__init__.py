"""Strategies: one protocol (``base.Strategy``), one registry, one small module each."""

from .base import (REGISTRY, Options, PartitionStrategy, Ranked, State, Strategy, get_strategy,
                   register, strategy_names)
from . import partition  # noqa: F401  (registers entropy, expected-size, minimax, most-parts)

__all__ = ["REGISTRY", "Options", "PartitionStrategy", "Ranked", "State", "Strategy",
           "get_strategy", "register", "strategy_names"]
