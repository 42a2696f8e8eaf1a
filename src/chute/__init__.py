"""chute: an exact, fast solver for Wordle-family games (Wordle, Termo, and their multi-board modes).

The library is usable on its own (from a notebook); the ``chute`` command is a
thin front end over it.  The pipeline, top to bottom::

    words -> feedback -> knowledge -> kernels -> engine -> strategies -> solver -> players -> session -> bench/tree
"""

__version__ = "0.1.0"

from .errors import ChuteError, ContradictionError, IllegalGuessError, LexiconError, NotationError

__all__ = [
    "__version__", "ChuteError", "ContradictionError", "IllegalGuessError", "LexiconError",
    "NotationError", "Lexicon", "fold", "load_lexicon", "words_lexicon", "Clue", "score",
    "parse_clue", "encode", "decode", "Engine",
    "Solver", "Suggestion", "GameResult", "Session", "play", "BenchResult", "review", "Options", "State", "get_strategy", "strategy_names",
    "Knowledge", "benchmark", "DecisionTree", "build_tree", "MultiSolver",
]

# Every layer loads on first use, so ``import chute`` (and ``chute --help``) stays light: numpy and
# numba are imported only where a matrix or a strategy is needed, and the command line is already
# inside its Ctrl-C handler when the word lists load.
_LAZY = {"Lexicon": "words", "fold": "words", "load_lexicon": "words", "words_lexicon": "words",
         "Clue": "feedback", "score": "feedback", "parse_clue": "feedback", "encode": "feedback",
         "decode": "feedback",
         "Engine": "engine", "Solver": "solver", "Suggestion": "solver", "GameResult": "results", "Session": "session",
         "play": "session", "BenchResult": "bench", "review": "verdict",
         "Options": "strategies", "State": "strategies", "get_strategy": "strategies",
         "strategy_names": "strategies", "Knowledge": "knowledge", "benchmark": "bench",
         "DecisionTree": "tree", "build_tree": "tree_search", "MultiSolver": "multiboard"}


def __dir__() -> list[str]:
    """Return the public names, the lazily loaded ones included."""
    return sorted(set(globals()) | set(_LAZY))


def __getattr__(name: str):
    """Return a public name (Lexicon, Solver, Session, ...) imported on first use."""
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'chute' has no attribute {name!r}")
