"""chute: an exact, fast solver for Wordle-family games (Wordle, Termo, and their multi-board modes).

The library is usable on its own (from a notebook); the ``chute`` command is a
thin front end over it.  The pipeline, top to bottom::

    words -> feedback -> knowledge -> engine -> strategies -> game -> bench
"""

__version__ = "0.1.0"

from .errors import ChuteError, ContradictionError, IllegalGuessError, LexiconError, NotationError
from .words import Lexicon, fold, load_lexicon, words_lexicon
from .feedback import Clue, score, parse_clue, encode, decode
from .engine import Engine

__all__ = [
    "__version__", "ChuteError", "ContradictionError", "IllegalGuessError", "LexiconError",
    "NotationError", "Lexicon", "fold", "load_lexicon", "words_lexicon", "Clue", "score",
    "parse_clue", "encode", "decode", "Engine",
]
