"""chute: an exact, fast solver for Wordle-family games (Wordle, Termo, and their multi-board modes).

The library is usable on its own (from a notebook); the ``chute`` command and
the page are thin front ends over it.  The package is a stack of folders, each
importing only those below it (docs/architecture.md)::

    cli, web -> bench, reviewing -> playing -> strategies -> search -> game -> kernels
    over the ground every floor uses: errors, language, files, parallel, arrays
"""

__version__ = "0.1.0"

import importlib

from .errors import ChuteError, ContradictionError, IllegalGuessError, LexiconError, NotationError

__all__ = [
    "__version__",
    "ChuteError",
    "ContradictionError",
    "IllegalGuessError",
    "LexiconError",
    "NotationError",
    "Lexicon",
    "fold",
    "load_lexicon",
    "words_lexicon",
    "Clue",
    "score",
    "parse_clue",
    "encode",
    "decode",
    "Engine",
    "Solver",
    "Suggestion",
    "GameResult",
    "Session",
    "play",
    "BenchResult",
    "review",
    "Options",
    "State",
    "get_strategy",
    "strategy_names",
    "Knowledge",
    "benchmark",
    "DecisionTree",
    "build_tree",
    "MultiSolver",
    "solver_for",
    "review_game",
]

# Every layer loads on first use, so ``import chute`` (and ``chute --help``) stays light: numpy and
# numba are imported only where a matrix or a strategy is needed, and the command line is already
# inside its Ctrl-C handler when the word lists load.
_LAZY = {
    "Lexicon": "game.words",
    "fold": "game.words",
    "load_lexicon": "game.words",
    "words_lexicon": "game.words",
    "Clue": "game.feedback",
    "score": "game.feedback",
    "parse_clue": "game.feedback",
    "encode": "game.feedback",
    "decode": "game.feedback",
    "Knowledge": "game.knowledge",
    "Engine": "game.engine",
    "GameResult": "game.results",
    "DecisionTree": "search.tree",
    "build_tree": "search.opener_search",
    "Options": "strategies",
    "State": "strategies",
    "get_strategy": "strategies",
    "strategy_names": "strategies",
    "Solver": "playing.solver",
    "Suggestion": "playing.suggestion",
    "Session": "playing.session",
    "play": "playing.session",
    "MultiSolver": "playing.multi_solver",
    "solver_for": "playing.assembly",
    "review": "reviewing.verdict",
    "review_game": "reviewing.review_game",
    "BenchResult": "bench",
    "benchmark": "bench",
}


def __dir__() -> list[str]:
    """Return the public names, the lazily loaded ones included."""
    return sorted(set(globals()) | set(_LAZY))


def __getattr__(name: str):
    """Return a public name (Lexicon, Solver, Session, ...) imported on first use."""
    if name in _LAZY:
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'chute' has no attribute {name!r}")
