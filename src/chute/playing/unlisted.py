"""Unlisted words: when no word chute knows fits the clues, the strings of letters that do, likeliest first.

The game's lists drift: its answer may be a word chute's lists lack (Wordle
added words after 2022; Termo's lists are not chute's).  Then no known word
fits the clues, and a player still needs an answer.  Every string of letters
the clues allow may be it; a string the game refuses costs no row (it says
"not in word list" and waits), so the best next guess is the likeliest
string.  How likely a string is to be a word of the game is told by a
letter model trained on the game's own accepted words: interpolated letter
4-grams with Witten-Bell smoothing (no parameter to choose but the order: 4
refuses fewest strings in the held-out games of ``benchmarks/bench_unlisted.py``,
on chute's own lists, every string typed: 2,177 / 1,310 / 1,287 refusals for
Wordle's 300 at orders 2 / 3 / 4, 2,267 / 1,360 / 861 for Termo's, the rows
within one game's row; 5 would need a table of 28^5 floats).  The likeliest
strings are found by a beam search over the positions, which keeps the
``BEAM`` best prefixes that can still meet the letter counts the clues
require.  When a known word is worth a row instead: ``solver.TYPED``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from ..game.pattern_codes import LETTERS, letters_array

if TYPE_CHECKING:
    from ..game.knowledge import Knowledge

START, END = LETTERS, LETTERS + 1  # the padding symbols around a word in the model
SYMBOLS = LETTERS + 2
ORDER = 4  # the letter model's order: 4-grams (the module's docstring says why)
BEAM = 20_000  # prefixes kept per position: every string when there are fewer
LIMIT = 2_000  # strings kept as candidates, likeliest first


class LetterModel:
    """Interpolated letter n-grams with Witten-Bell smoothing, trained on words of one length."""

    def __init__(self, words: Sequence[str], order: int = ORDER):
        if not words:
            raise ValueError("a letter model needs words")
        if order not in (1, 2, 3, 4):
            raise ValueError("the letter model's order is 1 to 4")
        self.order = order
        self.length = len(words[0])
        self.log_table = np.log(self._table(self._padded(words), order))

    def _padded(self, words: Sequence[str]) -> np.ndarray:
        """Return the words as symbol rows: order-1 starts, the letters, the end."""
        letters = letters_array(list(words), self.length).astype(np.int64)
        return np.concatenate(
            [np.full((len(words), self.order - 1), START), letters, np.full((len(words), 1), END)], axis=1
        )

    @staticmethod
    def _table(padded: np.ndarray, order: int) -> np.ndarray:
        """Return P(next | the order-1 symbols before it) for every context, by Witten-Bell interpolation."""
        outputs = np.zeros(SYMBOLS)
        outputs[:LETTERS] = outputs[END] = 1.0
        prob = outputs / outputs.sum()  # order 0: every letter and the end alike
        for k in range(1, order + 1):
            shape = (SYMBOLS,) * k
            counts = np.zeros(shape)
            for i in range(max(0, order - k), padded.shape[1] - k + 1):  # windows ending on a letter or the end
                np.add.at(counts, tuple(padded[:, i + j] for j in range(k)), 1.0)
            seen = counts.sum(axis=-1, keepdims=True)
            kinds = (counts > 0).sum(axis=-1, keepdims=True)
            lower = np.broadcast_to(prob, shape)  # the shorter context's estimate, for every longer one
            with np.errstate(invalid="ignore", divide="ignore"):
                mixed = (counts + kinds * lower) / (seen + kinds)
            prob = np.where(seen > 0, mixed, lower)
        return np.maximum(prob, 1e-300)

    def log_prob(self, words: Sequence[str]) -> np.ndarray:
        """Return each word's log probability under the model (the end of the word included)."""
        padded = self._padded(words)
        pad = self.order - 1
        total = np.zeros(len(words))
        for i in range(padded.shape[1] - pad):
            total += self.log_table[tuple(padded[:, i + j] for j in range(self.order))]
        return total


@lru_cache(maxsize=8)
def model_for(words: tuple[str, ...]) -> LetterModel:
    """Return the letter model of these words (one per word list in a process)."""
    return LetterModel(words, ORDER)


@dataclass(frozen=True)
class Unlisted:
    """The strings the clues allow, likeliest first, with their probabilities (summing to 1)."""

    words: list[str]
    weights: np.ndarray
    complete: bool  # every string the clues allow is here (the beam and the limit cut none)


def unlisted_words(knowledge: Knowledge, model: LetterModel, limit: int = LIMIT, beam: int = BEAM) -> Unlisted:
    """Return the likeliest strings of letters that meet every constraint of ``knowledge``, by ``model``."""
    n = knowledge.length
    excluded = {c for c, m in knowledge.max_count.items() if m == 0}
    allowed = []
    for i in range(n):
        fixed = knowledge.fixed[i]
        chars = {fixed} if fixed is not None else {chr(ord("a") + j) for j in range(LETTERS)}
        allowed.append(
            np.array(sorted(ord(c) - ord("a") for c in chars - knowledge.banned[i] - excluded), dtype=np.int64)
        )
    low = np.zeros(LETTERS, dtype=np.int8)
    high = np.full(LETTERS, n, dtype=np.int8)
    for c, m in knowledge.min_count.items():
        low[ord(c) - ord("a")] = m
    for c, m in knowledge.max_count.items():
        high[ord(c) - ord("a")] = min(m, n)
    # room[i][l]: the positions from i on where letter l may go
    room = np.zeros((n + 1, LETTERS), dtype=np.int8)
    for i in range(n - 1, -1, -1):
        room[i] = room[i + 1]
        room[i, allowed[i]] += 1
    pad = model.order - 1
    prefixes = np.zeros((1, 0), dtype=np.int64)
    context = np.full((1, pad), START, dtype=np.int64)
    counts = np.zeros((1, LETTERS), dtype=np.int8)  # letters used so far (words have at most 127 letters)
    score = np.zeros(1)
    cut = False
    for i in range(n):
        options = allowed[i]
        k = len(options)
        parent = np.repeat(np.arange(len(prefixes)), k)
        letter = np.tile(options, len(prefixes))
        step = model.log_table[tuple(context[parent, j] for j in range(pad)) + (letter,)]
        new_counts = counts[parent]
        new_counts[np.arange(len(parent)), letter] += 1
        need = np.maximum(low - new_counts, 0)
        ok = (
            (new_counts <= high).all(axis=1)
            & (need.sum(axis=1, dtype=np.int64) <= n - i - 1)
            & (need <= room[i + 1]).all(axis=1)
        )
        keep = np.flatnonzero(ok)
        new_score = score[parent[keep]] + step[keep]
        if len(keep) > beam:
            cut = True
            # equal scores keep the expansion order (prefix order, then letter order): the same everywhere
            best = np.argsort(-np.round(new_score, 9), kind="stable")[:beam]
            keep, new_score = keep[best], new_score[best]
        parent, letter = parent[keep], letter[keep]
        prefixes = np.concatenate([prefixes[parent], letter[:, None]], axis=1)
        context = np.concatenate([context[parent], letter[:, None]], axis=1)[:, 1:] if pad else context[parent]
        counts, score = new_counts[keep], new_score
        if not len(prefixes):
            return Unlisted([], np.zeros(0), True)
    score = score + model.log_table[tuple(context[:, j] for j in range(pad)) + (np.full(len(score), END),)]
    order = np.argsort(-np.round(score, 9), kind="stable")
    cut = cut or len(order) > limit
    order = order[:limit]
    words = ["".join(chr(ord("a") + int(c)) for c in row) for row in prefixes[order].tolist()]
    weights = np.exp(score[order] - score[order].max()) if len(order) else np.zeros(0)
    return Unlisted(words, weights / weights.sum() if len(order) else weights, not cut)
