"""A suggestion: the ranked guesses for a state, the candidates left and the notes for the player."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..strategies import Ranked, State

SHOW_CANDIDATES = 10  # the candidates left are listed by name when there are at most this many


@dataclass
class Suggestion:
    """Ranked guesses for a state, with the candidates left and any notes for the user."""

    ranked: list[Ranked]
    candidates: list[str]  # likeliest first under the solver's prior (equal chances alphabetical)
    notes: list[str]
    fallback: bool
    strategy: str
    score_label: str
    state: State = field(repr=False)
    # (opener, mean guesses of its proven plan; None: the plan that loses no word the game accepts) when it comes
    # first by a plan
    plan: tuple[str, float | None] | None = None

    @property
    def n_candidates(self) -> int:
        """Return how many words could still be the answer."""
        return len(self.candidates)

    def chances(self) -> list[float]:
        """Return each ranked guess's chance of being the answer under the prior (0 when it cannot be)."""
        return self.state.chances([r.guess for r in self.ranked])

    def plan_of(self, guess: str) -> dict:
        """Return ``{"plan": mean}`` for the planned opener (placed first by its proven plan, not by the score
        column; None: the plan that loses no word), else {}."""
        if not self.plan or self.plan[0] != guess:
            return {}
        return {"plan": None if self.plan[1] is None else round(self.plan[1], 4)}

    @property
    def best(self) -> str | None:
        """Return the top guess (None if nothing is left to guess)."""
        return self.ranked[0].guess if self.ranked else None

    def to_dict(self) -> dict:
        """Return the suggestion as a JSON-ready dict (words with their accents; ``folded`` as typed)."""
        show = self.state.engine.lexicon.show
        return {
            "strategy": self.strategy,
            "score_label": self.score_label,
            "clues": [str(c) for c in self.state.clues],
            "remaining": self.n_candidates,
            **self.state.words_left().to_dict(),
            "fallback": self.fallback,
            "notes": list(self.notes),
            "suggestions": [
                {
                    **r.to_dict(),
                    "guess": show(r.guess),
                    "folded": r.guess,
                    "chance": round(c, 6),
                    **self.plan_of(r.guess),
                }
                for r, c in zip(self.ranked, self.chances())
            ],
            "candidates": [show(w) for w in self.candidates],
            "folded": list(self.candidates),
        }
