"""The review of a game against Absurdle's adversary: each row graded by the rows it needs against the fewest."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..game.feedback import Clue, all_green
from ..playing.absurdle import AbsurdleSolver
from ..search.absurdle import MOST_ROWS


@dataclass(frozen=True)
class AdversaryRow:
    """One row: the words the adversary could keep before it, the fewest rows from there, and this guess's."""

    clue: Clue
    left: int  # words before the row
    best: int  # the fewest rows that corner the adversary from before this row, this row included
    rows: int | None  # the rows this guess needs from there (None: beyond the search's rows)
    better: str | None  # a guess that needs ``best`` rows, when this one needs more

    @property
    def lost(self) -> int:
        """Return the rows this guess costs against the best one (0: a best move)."""
        return (MOST_ROWS + 1 if self.rows is None else self.rows) - self.best

    def to_dict(self, show=str) -> dict:
        """Return the row as a JSON-ready dict."""
        return {
            "guess": show(self.clue.guess),
            "colours": self.clue.pattern,
            "left": self.left,
            "best": self.best,
            "rows": self.rows,
            "lost": self.lost,
            "better": None if self.better is None else show(self.better),
        }


@dataclass(frozen=True)
class AdversaryReview:
    """A game against the adversary: its rows graded, whether it was cornered, and the fewest rows from the start."""

    game: str
    rows: list[AdversaryRow]
    won: bool
    fewest: int  # the fewest rows that always corner the adversary from the start (proven)

    @property
    def best_rows(self) -> int:
        """Return how many rows were a best move."""
        return sum(1 for r in self.rows if r.lost == 0)

    def to_dict(self, show=str) -> dict:
        """Return the review as a JSON-ready dict."""
        return {
            "game": self.game,
            "used": len(self.rows),
            "won": self.won,
            "fewest": self.fewest,
            "best_rows": self.best_rows,
            "rows": [r.to_dict(show) for r in self.rows],
        }


def review_absurdle(solver: AbsurdleSolver, clues: Sequence[Clue]) -> AdversaryReview:
    """Return the review of the rows played against the adversary (its colours as the game showed them)."""
    search = solver.search
    rows = []
    for k, clue in enumerate(clues):
        before = tuple(clues[:k])
        S = solver.left_after(before)
        best = solver.fewest_rows(before)
        need = search.rows_after(solver.row_of(clue.guess), S, before, range(best, MOST_ROWS + 1))
        better = None if need == best else search.ranked(S, before, top=1)[0].guess
        rows.append(AdversaryRow(clue, len(S), best, need, better))
    solver.left_after(clues)  # the colours fit: every clue is one the adversary could have shown
    won = bool(clues) and clues[-1].pattern == all_green(solver.lexicon.length)
    return AdversaryReview(solver.game.name, rows, won, solver.fewest_rows())
