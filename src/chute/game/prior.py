"""The prior: how likely each word is to be the answer, before any clue.

``--prior`` chooses it:

answers    the lexicon's answer list, every answer equally likely (the lists
           are trusted; should the clues rule them all out, the solver carries
           on over the accepted words that fit, weighted by frequency).
frequency  every accepted word can be the answer, with weight
               s(w) = 1 / (1 + exp(-K * (zipf(w) - Z0)))
           where zipf(w) is the word's Zipf frequency in the lexicon (0 when
           unknown).  When the answer list is the game's own (``curated``:
           Wordle's published list, or a list the user gave), its words are
           boosted so that together they hold LISTED_SHARE of the mass; the
           other words keep their s(w).  Termo's bundled answer list is a
           frequency cut made by chute, so it gets no boost: s(w) alone.
uniform    every accepted word equally likely.
FILE       the words of a file, one per line with an optional weight after a
           tab or space (no weight: 1); words that are not accepted guesses
           are refused, weights must be positive.

``frequency`` and ``uniform`` leave out the words tagged ``later`` (Wordle's
1,883 words that the game came to accept after its 2022 lists: names and rare
forms such as ALLEN, QURAN, ADORB, most never seen by wordfreq).  Weighed by
frequency they cost the game's own answers rows, and hard mode's plans ran out
of budget (BENCHMARKS.md, "Tried and not kept"), so they are
candidates only once the clues rule out every word of the prior, as any
accepted word then is (``Solver``'s fallback), before strings of letters.

K = 1.56 and Z0 = 3.53 are a logistic regression (maximum likelihood) of
"is an answer" on English Zipf frequency over Wordle's 12,972 accepted words of 2022
(2,315 answers): s(w) is the chance that an editor choosing answers by
frequency picks w.  LISTED_SHARE = 0.97 is a round figure: the answer list
is trusted for all but about one answer in thirty.  Played by
``expected-guesses`` on Wordle's own answers, shares of 0.9 and 0.97 give
3.4528 and 3.4527 mean guesses; the figure was not fitted, and no Termo list
was used for any of these parameters.  Once the policy kept every word
finishable in normal mode, sharper shares were measured again (answers /
Wordle's held-out band of 1,105 words, BENCHMARKS.md): 0.97 3.4536 / 4.0950,
0.99 3.4527 / 4.1339, 0.999 3.4523 / 4.1394; 0.97 stays.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..errors import LexiconError
from ..files import excerpt, is_file
from .words import Lexicon, fold, parse_line, word_file_lines

K = 1.56
Z0 = 3.53
LISTED_SHARE = 0.97
NAMES = ("answers", "frequency", "uniform")


@dataclass(frozen=True)
class Prior:
    """A prior over words: the words that can be the answer and their weights (None: all equal)."""

    name: str  # answers, frequency, uniform or the file's path
    words: tuple[str, ...]  # the words with a positive weight, in the lexicon's order
    weights: np.ndarray | None = field(default=None, repr=False, compare=False)
    boosted: bool = False  # the answer list holds LISTED_SHARE, the other words the rest

    @property
    def widens(self) -> bool:
        """Return whether the prior reaches beyond the answer list (every accepted word, or a file's)."""
        return self.name != "answers"

    def key(self) -> str:
        """Return a short hash naming the words and weights (for caches)."""
        h = hashlib.sha256("\n".join(self.words).encode())
        if self.weights is not None:
            h.update(np.round(np.asarray(self.weights, dtype=np.float64), 12).tobytes())
        return f"{self.name if self.name in NAMES else 'file'}:{h.hexdigest()[:16]}"

    def probabilities(self) -> np.ndarray:
        """Return the words' probabilities, summing to 1."""
        if self.weights is None:
            return np.full(len(self.words), 1.0 / len(self.words))
        return self.weights / self.weights.sum()


def logistic(zipf: np.ndarray) -> np.ndarray:
    """Return s(w) for Zipf frequencies: the chance a word of that frequency is picked as an answer."""
    return 1.0 / (1.0 + np.exp(-K * (np.asarray(zipf, dtype=np.float64) - Z0)))


def boosts(lexicon: Lexicon) -> bool:
    """Return whether the frequency prior boosts the lexicon's answer list (the game's own, not all its words)."""
    return lexicon.curated and len(lexicon.answers) < len(lexicon.prior_words)  # some other word to weigh


def frequency_weights(lexicon: Lexicon) -> np.ndarray:
    """Return the frequency prior's weight of each word of ``Lexicon.prior_words``, in the lexicon's order."""
    words = lexicon.prior_words
    freq = lexicon.frequencies
    weights = logistic(np.array([freq.get(w, 0.0) for w in words]))
    if boosts(lexicon):
        listed = np.fromiter((w in lexicon.answer_set for w in words), dtype=bool, count=len(words))
        rest = weights[~listed].sum()
        weights[listed] = LISTED_SHARE / (1.0 - LISTED_SHARE) * rest / listed.sum()
    return weights


def make_prior(lexicon: Lexicon, spec: str = "answers") -> Prior:
    """Return the prior ``spec`` names for a lexicon (answers, frequency, uniform, or a word-weight file)."""
    if spec == "answers":
        return Prior("answers", tuple(lexicon.answers))
    if spec == "uniform":
        return Prior("uniform", lexicon.prior_words)
    if spec == "frequency":
        return Prior("frequency", lexicon.prior_words, frequency_weights(lexicon), boosts(lexicon))
    return file_prior(lexicon, spec)


def file_prior(lexicon: Lexicon, path: str | Path) -> Prior:
    """Return the prior of a word-weight file (LexiconError naming the first bad word or weight)."""
    if not is_file(path):
        raise LexiconError(f"--prior {excerpt(str(path))}: not answers, frequency, uniform or a file of word weights")
    given: dict[str, float] = {}
    for line in word_file_lines(path):
        parsed = parse_line(line)
        if parsed is None:
            continue
        entry, weight = parsed
        fields = line.split()
        word = fold(fields[0] if len(fields) == 2 else entry)
        if len(word) != lexicon.length:
            continue
        if len(fields) == 2 and not (weight is not None and math.isfinite(weight) and weight > 0):
            raise LexiconError(
                f"--prior {path}: the weight of {word.upper()} must be a positive number, not {fields[1]}"
            )
        if not lexicon.is_guess(word):
            raise LexiconError(f"--prior {path}: {word.upper()} is not an accepted guess of {lexicon.name}")
        given[word] = 1.0 if weight is None else weight
    if not given:
        raise LexiconError(f"--prior {path}: no {lexicon.length}-letter words")
    words = tuple(w for w in lexicon.guesses if w in given)
    weights = np.array([given[w] for w in words], dtype=np.float64)
    return Prior(str(path), words, None if np.all(weights == weights[0]) else weights)
