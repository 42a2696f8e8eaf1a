"""The record of a finished game, for every board count: secrets, guesses, the row that solved each board.

One type for one game whoever played it: ``Session.result`` (a game played
row by row), the benchmark's shared decision-tree walk, and the multi-board
policy's fast simulation all return a ``GameResult``; ``bench.BenchResult``
holds a run of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .feedback import Clue


@dataclass(frozen=True)
class GameResult:
    """One game of 1 to N boards: the secrets, the guesses in order, and the row (1-based) that solved each board."""

    secrets: tuple[str, ...]
    guesses: tuple[str, ...]
    solved_at: tuple[int | None, ...]  # per board; None: never solved
    rows: int | None = 6  # the row limit the game is judged by (None: no limit)
    patterns: tuple[tuple[str | None, ...], ...] = field(default=(), compare=False, repr=False)
    left: tuple[tuple[int | None, ...], ...] = field(default=(), compare=False, repr=False)
    notes: tuple[str, ...] = field(default=(), compare=False, repr=False)
    fallback: bool = field(default=False, compare=False, repr=False)  # the answer list ran out on some board
    refused: tuple[str, ...] = field(default=(), compare=False, repr=False)  # guesses the game refused (no row used)

    @classmethod
    def of_path(cls, secret: str, path: Sequence[str], rows: int | None = 6) -> GameResult:
        """Return the one-board game that played ``path`` against ``secret``."""
        path = tuple(path)
        found = len(path) if path and path[-1] == secret else None
        return cls((secret,), path, (found,), rows)

    @property
    def boards(self) -> int:
        """Return the number of boards."""
        return len(self.secrets)

    @property
    def secret(self) -> str:
        """Return the secrets as one label (the secret itself on one board)."""
        return " ".join(self.secrets)

    @property
    def rows_used(self) -> int:
        """Return the number of rows played."""
        return len(self.guesses)

    @property
    def finished(self) -> bool:
        """Return whether every board was solved (within the row limit or not)."""
        return all(s is not None for s in self.solved_at)

    @property
    def won(self) -> bool:
        """Return whether every board was solved within the row limit."""
        limit = self.rows
        return self.finished and (limit is None or all(s is not None and s <= limit for s in self.solved_at))

    @property
    def clues(self) -> list[Clue]:
        """Return the rows of a one-board game as clues (empty when the patterns were not kept)."""
        return [Clue(g, p[0]) for g, p in zip(self.guesses, self.patterns) if p and p[0] is not None]

    def to_dict(self, show: Callable[[str], str] | None = None) -> dict[str, Any]:
        """Return the game as a JSON-ready dict (words spelt by ``show``, e.g. with accents)."""
        show = show or (lambda w: w)
        out: dict[str, Any] = {
            "secrets": [show(w) for w in self.secrets],
            "guesses": self.rows_used,
            "solved": self.finished,
            "won": self.won,
            "solved_at": list(self.solved_at),
            "path": [show(w) for w in self.guesses],
        }
        if self.patterns:
            out["patterns"] = [list(p) for p in self.patterns]
            out["left"] = [list(n) for n in self.left]
        if self.notes:
            out["notes"] = list(self.notes)
        if self.refused:
            out["refused"] = list(self.refused)
        return out
