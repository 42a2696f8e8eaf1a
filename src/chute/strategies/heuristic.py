"""Letter-statistics strategies: no partition needed, a score per guess from letter counts.

- ``letter-frequency`` (seeds 000/001): rank letters by how often they occur
  in the candidates and prefer guesses covering the most frequent distinct
  letters; letters already played count for nothing (the notebook skips them).
- ``positional-entropy`` (WORDLE-SOLVE's ``entropy-guess``): the Shannon entropy
  of each of the guess's letters at its position among the candidates, plus
  sqrt(N) times the entropy of the guess's multiset of letters.
- ``elimination`` (WORDLE-SOLVE's ``elimination-guess``): per position, the
  expected fraction of candidates a letter there keeps (green² + yellow² +
  grey²), multiplied over the positions as if independent; the score is the
  fraction eliminated, 1 - that product.
"""

from __future__ import annotations

import numpy as np

from ..game.pattern_codes import letters_array
from .base import Options, Ranked, State, Strategy, best_indices, describe, register

ALPHABET = 26


class LetterStrategy(Strategy):
    """A strategy that scores every allowed guess from letter statistics of the candidates."""

    def letter_scores(self, state: State, guesses: np.ndarray, cands: np.ndarray, prior: np.ndarray) -> np.ndarray:
        """Return one score per guess row (letters ``guesses``) given the candidates' letters."""
        raise NotImplementedError

    def rank(self, state: State, options: Options = Options(), top: int = 10) -> list[Ranked]:
        """Return the best ``top`` guesses by the letter score, with deterministic ties."""
        rows = state.guess_rows(options)
        guesses = state.engine.guess_letters[rows]
        cands = letters_array(state.candidates, state.engine.length)
        scores = self.letter_scores(state, guesses, cands, state.prior())
        idx = best_indices(state, rows, scores, self.higher_is_better, options, top)
        return describe(state, rows[idx], scores[idx].tolist())


def position_mass(cands: np.ndarray, prior: np.ndarray) -> np.ndarray:
    """Return q[p, c]: the probability that the answer has letter c at position p."""
    n = cands.shape[1]
    q = np.zeros((n, ALPHABET))
    for p in range(n):
        q[p] = np.bincount(cands[:, p], weights=prior, minlength=ALPHABET)
    return q


def plogp(q: np.ndarray) -> np.ndarray:
    """Return -q ln q elementwise (0 where q is 0)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(q > 0, -q * np.log(np.where(q > 0, q, 1.0)), 0.0)


def multiset_keys(letters: np.ndarray) -> np.ndarray:
    """Return one integer per word naming its multiset of letters (anagrams share it)."""
    ordered = np.sort(letters.astype(np.int64), axis=1)
    key = np.zeros(len(letters), dtype=np.int64)
    for p in range(letters.shape[1]):
        key = key * ALPHABET + ordered[:, p]
    return key


@register
class LetterFrequency(LetterStrategy):
    """Prefer guesses covering the letters most frequent in the candidates (seeds 000/001)."""

    name = "letter-frequency"
    score_label = "letters"

    def letter_scores(self, state, guesses, cands, prior):
        """Return the summed candidate frequency of each guess's distinct, not yet played letters."""
        freq = np.bincount(cands.ravel(), weights=np.repeat(prior * len(prior), cands.shape[1]), minlength=ALPHABET)
        for clue in state.clues:
            for c in clue.guess:
                freq[ord(c) - ord("a")] = 0.0
        has = np.zeros((len(guesses), ALPHABET), dtype=bool)
        np.put_along_axis(has, guesses.astype(np.intp), True, axis=1)
        return has @ freq


@register
class PositionalEntropy(LetterStrategy):
    """WORDLE-SOLVE's entropy-guess: positional letter entropy plus sqrt(N) x multiset entropy."""

    name = "positional-entropy"
    score_label = "nats"

    def letter_scores(self, state, guesses, cands, prior):
        """Return sum over positions of -q ln q for the guess's letter there, plus sqrt(N) -m ln m."""
        terms = plogp(position_mass(cands, prior))
        score = terms[np.arange(guesses.shape[1])[None, :], guesses.astype(np.intp)].sum(axis=1)
        cand_keys = multiset_keys(cands)
        keys, inverse = np.unique(cand_keys, return_inverse=True)
        mterm = plogp(np.bincount(inverse, weights=prior, minlength=len(keys)))
        guess_keys = multiset_keys(guesses)
        pos = np.clip(np.searchsorted(keys, guess_keys), 0, len(keys) - 1)
        found = keys[pos] == guess_keys
        return score + np.sqrt(len(cands)) * np.where(found, mterm[pos], 0.0)


@register
class Elimination(LetterStrategy):
    """WORDLE-SOLVE's elimination-guess: the fraction of candidates a guess is expected to eliminate."""

    name = "elimination"
    score_label = "eliminated"

    def letter_scores(self, state, guesses, cands, prior):
        """Return 1 - prod over positions of (green^2 + yellow^2 + grey^2) for the guess's letter there."""
        retention = retention_table(cands, prior)
        kept = retention[np.arange(guesses.shape[1])[None, :], guesses.astype(np.intp)].prod(axis=1)
        return 1.0 - kept


def retention_table(cands: np.ndarray, prior: np.ndarray) -> np.ndarray:
    """Return r[p, c]: the expected fraction of candidates kept by seeing letter c's colour at position p."""
    n = cands.shape[1]
    green = position_mass(cands, prior)
    contains = np.zeros((len(cands), ALPHABET), dtype=bool)
    np.put_along_axis(contains, cands.astype(np.intp), True, axis=1)
    table = np.empty((n, ALPHABET))
    for p in range(n):
        elsewhere = contains.copy()
        elsewhere[np.arange(len(cands)), cands[:, p]] = False  # c at p is green, not yellow
        yellow = prior @ elsewhere
        grey = 1.0 - green[p] - yellow
        table[p] = green[p] ** 2 + yellow**2 + grey**2
    return table
