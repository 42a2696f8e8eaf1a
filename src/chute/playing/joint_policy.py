"""Several boards at once (Dueto, Quarteto, Dordle, Quordle, Octordle): one guess for all boards.

Every guess is played on every unsolved board, and each board answers with its
own colours.  A game of ``N`` boards takes ``N`` rows that hit a secret plus
one row for every guess that hits none, so the whole art is to waste few rows.

The joint choice (``JointRanker.rank``), in order:

1. **Opener.**  The word with the most distinct patterns (ties by entropy):
   TRACE for the wordle lists, TORAS for termo.  With several boards a board
   whose candidates fall to one early is a free row later, and many small bins
   beat a slightly higher entropy (SOARE, SERÃO).
2. **Finish.**  When some board has one candidate left, or under a prior one
   that holds ``finish_share`` (99%) of its chance while ``finish_slack`` (2)
   rows are spare beyond one per open board, guess it (if several boards do,
   the one whose guess tells the other boards most).  This never
   costs the others: the word must be played some time, and playing it now
   only gives its colours on the other boards earlier.
3. **Last rows.**  When the rows left are no more than the unsolved boards,
   every row must hit: guess the candidate most likely to solve a board.
4. **Exact endgame.**  When the unsolved boards hold ``exact`` (16) candidates
   or fewer in all, search the expected rows to finish exactly over the
   candidates and the 8 best-scored other words (below the root: candidates,
   and those words too where the row limit binds); running out of rows costs
   ``endgame.FAIL_COST`` rows, so safety comes first (``endgame.Endgame``).
   Under a prior the rows are expected at its odds and a loss counted at its
   odds tempered (``fail_odds``, the weights to the power 0.6): a game lost on
   a rare secret is lost all the same.
5. **Otherwise** score every accepted guess by the joint outcome, each board
   apart: the histogram of the guess's patterns over that board's candidates
   gives its information ``H_b`` (bits); the score is ``sum_b H_b + hit_bonus *
   sum_b P(the guess solves b)``.  Variants (``expected`` remaining, ``parts``,
   a ``margin`` to play a near-best candidate, ``resolve``/``chain`` bonuses for
   boards left with one candidate) are kept for the benchmark.

**Under a prior** (the default, ``--prior frequency``; ``multiboard.ranker_for``): a board's
candidates are every accepted word where the prior boosts the game's own
answer list (Wordle's, its later words at the logistic's floor), else the
prior's words the frequency list has seen (``board_prior``), each weighted by
the prior, so the secret may be any word, not only the answer list.  The
figures above become weighted: bits over the patterns' probabilities, the
expected candidates left, the chance of a hit, and the exact endgame's odds.  A board whose clues rule out every such word
falls back to every accepted word that fits, weighted by ``fallback_weights``.
``finish_share`` at 90% or 75% loses real games (Wordle's held-out band); at
99%, with every accepted word on Wordle's boards, it plays the answers in
fewer rows and keeps the band's wins (``DEFAULT_FINISH_SHARE``).

Each board's figures for every guess depend only on its candidate set, so they
are cached per set (``JointRanker.figures``): the opener's follow-ups are
computed once and shared by every game.  Why this policy and not its variants,
measured over 1,000 seeded games each: docs/how-it-works.md, "Several boards".
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import ChuteError

# a weighted board is finished on its likeliest word once that holds this share of its chance: measured with every
# word of the prior on Wordle's boards (``multiboard.board_prior``; 1,000 Quordle games, seed 0, its answers / secrets
# from every accepted word): 1.0 7.090 / 885 won, 0.999 7.076 / 883, 0.99 7.026 / 863, 0.9 6.986 / 788 (the
# boards of the prior's seen words alone, as before: 7.075 / 808); the later words on the boards too, 0.99: 7.034 / 905
DEFAULT_FINISH_SHARE = 0.99
# the exact endgame counts a loss at the prior's odds tempered to this power, its expected rows at the prior's own:
# measured over 1,000 Quordle games (Wordle's lists), its answers (seed 1) / secrets from every accepted word: 1 (the
# prior's odds) 7.026 / 905 won, 0.9 7.029 / 908, 0.75 7.036 / 915, 0.6 7.041 / 917, 0.5 7.059 / 925, 0 (every
# candidate alike) 7.071 / 922; the lowest value tried whose mean on the answers stays within 7.056
DEFAULT_FAIL_ODDS = 0.6
# ... and is finished on its likeliest word only while this many rows are spare beyond one per open board (near the
# limit the exact endgame, safety first, or the score decide): Quordle as above, 1 (always) 7.041 / 917, 2 7.044 / 926,
# 3 7.061 / 939; Octordle 10.935 / 866 -> 10.936 / 889 at 2; the highest value tried within 7.056
DEFAULT_FINISH_SLACK = 2


@dataclass(frozen=True)
class Policy:
    """How the joint guess is chosen (see the module docstring)."""

    score: str = "entropy"  # "entropy" (summed bits), "expected" (summed remaining) or "parts"
    hit_bonus: float = 1.0  # weight of the expected number of boards the guess solves
    resolve_bonus: float = 0.0  # weight of the expected number of boards left with one candidate
    chain_bonus: float = 0.0  # weight of the chance that some board is left with one candidate
    finish: bool = True  # guess a board's last candidate at once
    finish_share: float = (
        DEFAULT_FINISH_SHARE  # ... or its likeliest candidate, when that holds at least this share (weighted boards)
    )
    finish_slack: int = DEFAULT_FINISH_SLACK  # ... while at least this many rows are spare beyond one a board
    margin: float = 0.0  # play the best candidate when within this of the best score
    candidates_only: bool = False  # guess only words that could solve some board
    exact: int = 16  # exact expected-rows search when the boards hold this many candidates or fewer
    opener: str = ""  # a fixed first guess ("" to choose it by the score)
    open_by: str = "parts"  # first guess: most distinct patterns ("parts") or the score ("score")
    exact_extra: int = 8  # how many of the best-scored non-candidate guesses the exact search also tries
    fail_odds: float = DEFAULT_FAIL_ODDS  # the exact search counts a loss at the prior's weights to this power

    def __post_init__(self) -> None:
        if self.score not in ("entropy", "expected", "parts"):
            raise ChuteError(f"unknown multi-board score {self.score!r}; choose entropy, expected or parts")
        if self.open_by not in ("parts", "score"):
            raise ChuteError(f"unknown opener rule {self.open_by!r}; choose parts or score")

    def label(self) -> str:
        """Return a short description of the policy for reports."""
        parts = [self.score, f"hit={self.hit_bonus:g}"]
        if self.resolve_bonus:
            parts.append(f"resolve={self.resolve_bonus:g}")
        if self.chain_bonus:
            parts.append(f"chain={self.chain_bonus:g}")
        if not self.finish:
            parts.append("no-finish")
        elif self.finish_share != DEFAULT_FINISH_SHARE:
            parts.append(f"finish>={self.finish_share:g}")
        if self.finish and self.finish_slack != DEFAULT_FINISH_SLACK:
            parts.append(f"finish-slack={self.finish_slack}")
        if self.margin:
            parts.append(f"margin={self.margin:g}")
        if self.candidates_only:
            parts.append("candidates-only")
        if self.opener:
            parts.append(f"opener={self.opener}")
        elif self.open_by != "parts":
            parts.append(f"open-by={self.open_by}")
        if self.exact:
            parts.append(f"exact<={self.exact},extra={self.exact_extra}")
            if self.fail_odds != DEFAULT_FAIL_ODDS:
                parts.append(f"fail-odds={self.fail_odds:g}")
        return ",".join(parts)


DEFAULT = Policy()


@dataclass
class Board:
    """One board's candidates: answer columns, or accepted-guess rows once no answer fits."""

    index: np.ndarray  # int64 indices into lexicon.answers (or lexicon.guesses if fallback)
    fallback: bool = False

    @property
    def n(self) -> int:
        """Return the number of candidates."""
        return len(self.index)

    def key(self) -> bytes:
        """Return a hashable key of the candidate set (for caches)."""
        return (b"g" if self.fallback else b"a") + self.index.tobytes()


@dataclass(frozen=True)
class Choice:
    """One suggested joint guess with its figures."""

    guess: str
    score: float  # the policy's joint score (higher is better)
    bits: float  # summed information over the unsolved boards
    expected: float  # summed expected candidates left (a solved board counts 0)
    p_hit: float  # expected number of boards this guess solves
    reason: str  # "finish", "last-rows", "score" or "margin"

    def to_dict(self) -> dict:
        """Return the figures as a JSON-ready dict."""
        return {
            "guess": self.guess,
            "score": round(self.score, 6),
            "bits": round(self.bits, 6),
            "expected": round(self.expected, 4),
            "p_hit": round(self.p_hit, 6),
            "reason": self.reason,
        }
