"""Which solver and player play a game: one assembly from the board count, the hard-mode rule, the prior and
the refused words, used alike by the command line, the page, the benchmarks and the multi-board code."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from ..errors import ChuteError
from ..strategies import Options
from .players import Joint, OneBoard, Player
from .solver import DEFAULT_PRIOR, DEFAULT_STRATEGY, Solver, checked_word

if TYPE_CHECKING:
    from ..game.engine import Engine
    from ..game.prior import Prior
    from ..game.words import Lexicon
    from ..strategies import Strategy
    from .multiboard import Policy


def game_solver(engine: Engine, boards: int = 1, rule: str | None = None, strategy: str | Strategy | None = None,
                prior: Prior | str | None = None, options: Options = Options(), opener: str | None = None,
                weights: str = "auto", refused: Iterable[str] = ()) -> Solver:
    """Return the solver of a game of ``boards`` boards.

    One board plays ``strategy`` (default: expected guesses under the
    frequency prior, the strongest policy for the game as played today);
    several boards share entropy's solver under the same prior, whose words
    and weights the joint policy plays.  The ``refused`` words (the user's
    list) are never suggested; those that do not fit these lists are left out.
    """
    if strategy is None:
        strategy = DEFAULT_STRATEGY if boards == 1 else "entropy"
    if prior is None:
        prior = DEFAULT_PRIOR
    return Solver(engine, strategy, options, hard=rule, opener=opener, weights=weights, prior=prior,
                  avoid=fitting(engine.lexicon, refused))


def game_player(solver: Solver, boards: int, policy: Policy | None = None) -> Player:
    """Return the player of a game of ``boards`` boards: the solver's own for one, the joint policy's for several."""
    if boards == 1 and policy is None:
        return OneBoard(solver)
    return Joint(solver, policy)


def fitting(lexicon: Lexicon, words: Iterable[str]) -> list[str]:
    """Return the words that are words of the lists' length (a user's list may hold another game's)."""
    out = []
    for word in words:
        try:
            out.append(checked_word(lexicon, word))
        except ChuteError:
            pass
    return out
