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

The row limit is guarded (``guard.Guard``): in hard modes from the second
row on, in normal mode with three rows or fewer left, the best guess after
which every pattern can surely be finished in the rows that remain moves to
the top (usually the best guess itself: one check); when none is shown safe,
the best not shown unsafe does.  In normal mode it protects every candidate;
in hard modes, looking further ahead, the candidates at least GUARD_FLOOR
(1/20) as likely as the likeliest: under the frequency prior, Wordle's answer
list and the frequent words, not the thousands of rare ones that no plan
could all cover.  1/20 was set by hand on Wordle's answers in
hard mode (the 2,315 games: 9 lost with the three-row guard, 7 lost guarding
every candidate, none lost guarding those at 1/20); no Termo list was used.
"""

from __future__ import annotations

import numpy as np

from .base import Options, Ranked, State, Strategy, best_indices, ranked_rows, register
from .guard import Guard

SPREAD = 0.5          # A in f(H) = 1 + A * H ** P
POWER = 0.66          # P
GUARD_ROWS = 3        # the row limit is checked when this many rows or fewer are left
GUARD_WIDTH = 64      # how many of the best guesses the guard examines
GUARD_FLOOR = 0.05    # the guard protects the candidates at least this likely relative to the likeliest
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
        if len(idx) and (left <= GUARD_ROWS or (state.rule and state.clues)):
            # the best guess that is safe goes first (usually the best guess itself: one check)
            guard = Guard(engine, state.rule)
            allowed = state.guess_rows(Options())
            # normal mode guards every candidate (three rows ahead at most: cheap); hard modes, from the
            # second row, the likely ones only
            kept = np.flatnonzero(prior >= (GUARD_FLOOR * prior.max() if state.rule else 0.0))
            words = [state.candidates[j] for j in kept.tolist()]
            cols = state.columns[kept]
            first_unknown = None
            for k, i in enumerate(idx.tolist()):
                verdict = guard.splits_finishably(words, cols, int(rows[i]), np.asarray(codes[i])[kept],
                                                  allowed, left - 1, engine.solved)
                if verdict:
                    first_unknown = k
                    break
                if verdict is None and first_unknown is None:
                    first_unknown = k
            if first_unknown is not None:   # a safe guess, else one not shown unsafe, goes first
                k = first_unknown
                idx = np.concatenate([idx[k:k + 1], idx[:k], idx[k + 1:]])
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
