"""The expected number of guesses under the prior, one guess ahead, with the row limit guarded.

``expected-guesses`` scores a guess g by an estimate of the guesses the game
still takes, g included, when the answer follows the state's prior::

    E(g) = 1 + sum over the patterns b that do not solve:  P(b) * f(H(b))

P(b) is the prior mass of the candidates that give pattern b, H(b) the
entropy (bits) of the prior within them, and f(H) = 1 + A * H ** P the
guesses a state of H bits still needs (f(0) = 1: one word left is one more
guess).  A = 0.5 and P = 0.66 are fitted by hand to the 2,315 games of
``chute bench`` on Wordle's answer list with the entropy strategy (mean
guesses still needed from the states of each half-bit of entropy: 1.50 at 1
bit, 2.11 at 3, 2.47 at 5, 2.72 at 7, 3.46 at 11.2); no Termo list was used.
Unlike entropy, the score values hitting the answer: a likely candidate can
beat a more informative word that cannot win now.

The row limit is guarded: with three rows or fewer left, a guess after which
some pattern could not be finished for certain in the rows that remain (more
words than rows, and with two rows no guess the rules allow after that
pattern tells them all apart) ranks after every guess that can, so the game
is not lost while a safe guess is known (the best safe guess moves to the
top; the rest keep their order).
"""

from __future__ import annotations

import numpy as np

from ..feedback import Clue, decode
from ..rules import legal_mask
from .base import Options, Ranked, State, Strategy, best_indices, ranked_rows, register

SPREAD = 0.5          # A in f(H) = 1 + A * H ** P
POWER = 0.66          # P
GUARD_ROWS = 3        # the row limit is checked when this many rows or fewer are left
GUARD_WIDTH = 64      # how many of the best guesses the guard examines
CELLS = 1 << 22       # histogram cells per chunk of guesses
SHORTLIST = 256       # guesses scored in full: the most informative ...
LIKELIEST = 64        # ... and the likeliest candidates


def still_needed(entropy: np.ndarray) -> np.ndarray:
    """Return f(H): the guesses a state of H bits of uncertainty still needs, the next one included."""
    return 1.0 + SPREAD * np.power(np.maximum(entropy, 0.0), POWER)


def expected_guesses(codes: np.ndarray, prior: np.ndarray, n_patterns: int, solved: int) -> np.ndarray:
    """Return E(g) for each row of ``codes`` (guess rows x candidates), the candidates weighted by ``prior``."""
    rows, n = codes.shape
    w = np.asarray(prior, dtype=np.float64)
    wlog = np.where(w > 0, w * np.log2(np.where(w > 0, w, 1.0)), 0.0)
    out = np.empty(rows, dtype=np.float64)
    chunk = max(1, CELLS // max(n_patterns, n, 1))
    for start in range(0, rows, chunk):
        block = np.asarray(codes[start:start + chunk], dtype=np.int64)
        m = len(block)
        flat = (block + (np.arange(m, dtype=np.int64) * n_patterns)[:, None]).ravel()
        mass = np.bincount(flat, weights=np.broadcast_to(w, block.shape).ravel(),
                           minlength=m * n_patterns).reshape(m, n_patterns)
        mlog = np.bincount(flat, weights=np.broadcast_to(wlog, block.shape).ravel(),
                           minlength=m * n_patterns).reshape(m, n_patterns)
        mass[:, solved] = 0.0
        with np.errstate(divide="ignore", invalid="ignore"):
            entropy = np.where(mass > 0, np.log2(np.where(mass > 0, mass, 1.0)) - mlog / np.where(mass > 0, mass, 1.0), 0.0)
        out[start:start + m] = 1.0 + (mass * still_needed(entropy)).sum(axis=1)
    return out


@register
class ExpectedGuesses(Strategy):
    """Minimise the expected number of guesses under the prior, guarding the row limit."""

    name = "expected-guesses"
    score_label = "guesses"
    higher_is_better = False
    costly = True
    state_only = True

    def rank(self, state: State, options: Options = Options(), top: int = 10) -> list[Ranked]:
        """Return the best ``top`` guesses by expected guesses; with few rows left, the safe ones first."""
        rows = self._shortlist(state, state.guess_rows(options))
        codes = state.codes(rows)
        prior = state.prior()
        engine = state.engine
        scores = expected_guesses(codes, prior, engine.n_patterns, engine.solved)
        width = max(top, GUARD_WIDTH)
        idx = best_indices(state, rows, scores, False, options, width)
        left = options.rows - len(state.clues)
        if left <= GUARD_ROWS and len(idx):
            # the best guess that is safe goes first (usually the best guess itself: one check)
            for k, i in enumerate(idx.tolist()):
                if self._safe(state, int(rows[i]), codes[i], left - 1):
                    idx = np.concatenate([idx[k:k + 1], idx[:k], idx[k + 1:]])
                    break
        idx = idx[:top]
        stats = state.stats(codes[idx])
        return ranked_rows(state, rows[idx], scores[idx].tolist(), stats)

    @staticmethod
    def _shortlist(state: State, rows: np.ndarray) -> np.ndarray:
        """Return the rows worth scoring: the most informative guesses and the likeliest candidates.

        The estimate needs two histograms per guess; the compiled entropy
        pass first keeps the SHORTLIST most informative guesses (a guess far
        down in information is not rescued by its own small chance of being
        the answer) and the LIKELIEST candidates the rules allow.
        """
        if len(rows) <= SHORTLIST + LIKELIEST:
            return rows
        # in blocks of rows: the opening state of a prior over 18,210 words would hold 330 M codes at once
        block = max(1, 8 * CELLS // max(state.n, 1))
        entropy = np.concatenate([state.stats(state.codes(rows[i:i + block])).entropy
                                  for i in range(0, len(rows), block)])
        keep = rows[np.argsort(-np.round(entropy, 9), kind="stable")[:SHORTLIST]]
        index = state.engine.lexicon.guess_index
        allowed = set(rows.tolist())
        order = np.argsort(-state.prior(), kind="stable")
        likely = [index[state.candidates[j]] for j in order.tolist()
                  if state.candidates[j] in index and index[state.candidates[j]] in allowed][:LIKELIEST]
        return np.unique(np.concatenate([keep, np.array(likely, dtype=np.intp)]))

    @staticmethod
    def _safe(state: State, row: int, row_codes: np.ndarray, rows_after: int) -> bool:
        """Return whether every pattern of guess ``row`` can surely be finished in ``rows_after`` rows (at most 2)."""
        engine = state.engine
        guess = engine.lexicon.guesses[row]
        for code in np.unique(row_codes).tolist():
            if code == engine.solved:
                continue
            members = [state.candidates[j] for j in np.flatnonzero(row_codes == code).tolist()]
            if len(members) <= rows_after:      # guess them in turn: a candidate is always allowed
                continue
            if rows_after < 2:
                return False
            if not splits_all(engine.codes(after(engine, state.allowed, guess, code, state.rule), members)):
                return False
        return True


def after(engine, allowed: np.ndarray | None, guess: str, code: int, rule: str | None) -> np.ndarray:
    """Return the guess rows allowed after playing ``guess`` and seeing ``code`` (every row in normal mode)."""
    rows = np.arange(len(engine.lexicon.guesses), dtype=np.intp) if allowed is None else np.asarray(allowed)
    if rule is None:
        return rows
    return rows[legal_mask(engine, Clue(guess, decode(code, engine.length)), rule)[rows]]


def splits_all(codes: np.ndarray) -> bool:
    """Return whether some row of ``codes`` gives every candidate its own pattern (one more row finishes)."""
    ordered = np.sort(codes, axis=1)
    return bool((np.diff(ordered, axis=1) != 0).all(axis=1).any())
