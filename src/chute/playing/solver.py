"""The solver: an engine, a strategy and options, turned into states, suggestions and whole games.

A ``State`` holds the candidates still possible; ``Solver.advance`` applies
one played row to it, ``Solver.choose`` picks the next guess, ``suggest``
ranks guesses after some clues and ``play`` runs a game against a known
secret.  When the clues rule out every word of the answer list but accepted
words still fit, the solver says so once and carries on over those words
(weighted by frequency where the lexicon knows it): a game never ends with
"no candidates" while an accepted word fits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from ..arrays import distinct
from ..errors import ContradictionError, LexiconError, NotationError
from ..files import excerpt
from ..game.engine import Engine
from ..game.feedback import Clue, decode, encode, is_producible, n_patterns, parse_clue, parse_colours
from ..game.knowledge import Knowledge, clue_label
from ..game.pattern_codes import letters_array, numpy_codes
from ..game.prior import Prior, make_prior
from ..game.rules import check_guess, check_rule, legal_mask, rows_without, violation
from ..game.words import Lexicon, checked_word, fold, is_word
from ..language import Note
from ..search.safe_plan import PREFERRED, plan_words
from ..strategies import Options, Ranked, State, Strategy, get_strategy
from ..strategies.base import describe
from ..strategies.guard import also_accepted
from ..strategies.known_openers import planned_known
from ..strategies.lookahead import with_depth
from ..strategies.safe_tree import adopted, safe_entry, safe_key, safe_opener
from .openers import SECOND_KEPT, STORED, cached_openers
from .safe_plans import needs_plan, safe_plan
from .suggestion import Suggestion
from .unlisted import BEAM, LIMIT, Unlisted, model_for, unlisted_words

if TYPE_CHECKING:
    from .unlisted import Unlisted

WEIGHTS = ("auto", "uniform", "frequency")


def frequency_prior(lexicon: Lexicon, n_common: int = 3000, width: float = 10.0) -> dict[str, float] | None:
    """Return a prior per accepted word from its frequency rank (None if no frequencies are known).

    As in 3Blue1Brown's solver: words sorted by frequency get a sigmoid over
    their rank, so about the ``n_common`` most frequent words are likely
    (above 1/2) and the rare tail fades out.  Words of unknown frequency rank last.
    """
    if not lexicon.frequencies:
        return None
    freq = lexicon.frequencies
    words = sorted(lexicon.guesses, key=lambda w: (-freq.get(w, -1e9), w))
    n = len(words)
    common = min(n_common, max(1, n // 2))
    x = width * (common - np.arange(n)) / n
    prior = 1.0 / (1.0 + np.exp(-x))
    return dict(zip(words, prior.tolist()))


# The default policy of the commands and the web page: the expected number of guesses under a prior
# over every accepted word (word frequency, the game's own answer list boosted), the row limit guarded.
# Measured against today's entropy over the answer list in BENCHMARKS.md ("The real game").
DEFAULT_STRATEGY = "expected-guesses"
DEFAULT_PRIOR = "frequency"


TYPED = 10  # refusals a player types before a row is better spent on a word that splits the strings


def expected_refusals(prior: np.ndarray) -> float:
    """Return the strings refused on average before the answer, typing them likeliest first."""
    p = np.sort(np.asarray(prior, dtype=np.float64))[::-1]
    return float(np.dot(np.arange(len(p)), p))


def string_figures(state: State, words: Sequence[str]):
    """Return the partition figures of words as guesses against the state's candidates, scored on the fly."""
    n = state.engine.lexicon.length
    return state.stats(numpy_codes(letters_array(list(words), n), letters_array(state.candidates, n)))


def likeliest_strings(state: State, top: int) -> list[tuple[str, float, float, int, int, float]]:
    """Return, for the likeliest ``top`` strings of an unlisted state, (string, chance, bits, expected size,
    worst bin, parts) as guesses against its candidates."""
    words = state.likeliest(top)
    if not words:
        return []
    stats = string_figures(state, words)
    return list(
        zip(
            words,
            state.chances(words),
            stats.entropy.tolist(),
            stats.expected.tolist(),
            stats.worst.tolist(),
            stats.parts.tolist(),
        )
    )


class Solver:
    """Chooses guesses for one lexicon with one strategy, options, hard-mode rule and opener."""

    def __init__(
        self,
        engine: Engine,
        strategy: str | Strategy = "entropy",
        options: Options = Options(),
        hard: str | None = None,
        opener: str | None = None,
        weights: str = "auto",
        avoid: Iterable[str] = (),
        prior: Prior | str | None = None,
    ):
        if isinstance(prior, str):
            prior = make_prior(engine.lexicon, prior)
        # words of the prior beyond the matrix columns are scored on the fly; a benchmark that plays
        # thousands of games is faster on an engine built over the prior's words (``Lexicon.widened``)
        self.belief = prior if prior is not None else make_prior(engine.lexicon, "answers")
        self.engine = engine
        self.lexicon = engine.lexicon
        self.strategy = with_depth(get_strategy(strategy), options)
        self.options = options
        self.hard = check_rule(hard)
        if weights not in WEIGHTS:
            raise LexiconError(f"unknown weights {weights!r}; choose from {', '.join(WEIGHTS)}")
        self.weights = weights
        # plan against losses where the prior's floor holds every word a player may meet: in hard modes,
        # and in normal mode under a prior that does not boost a curated answer list (BENCHMARKS.md,
        # "The real game"); not under the uniform prior, where every accepted word would be protected:
        # several times slower on Wordle for no gain
        self.plans = bool(getattr(self.strategy, "planned_opener", False)) and (
            self.hard is not None or not (self.belief.boosted or self.belief.name == "uniform")
        )
        self.plan_total: int | None = None  # the total guesses of the proven tree the planned opener begins
        self.plan_best = False  # ... and whether that tree is the best known for the lists
        self.safe = False  # the opener begins the shipped tree that loses no word
        self.opener = self._check_opener(opener) if opener is not None else self._planned_opener()
        self.planned = opener is None and self.opener is not None  # the opener is the policy's, not the user's
        self._memo: dict[tuple, str] = {}  # clues (+ size, fallback) -> choice
        self._opening_parts: tuple | None = None  # see _opening
        self.avoided: set[str] = set()  # words never suggested (the game refuses them)
        self.refused_strings: set[str] = set()  # strings the lists lack that the game refused (not its answer)
        for word in avoid:
            self.avoid(word)
        self._prior: dict[str, float] | None | bool = False  # False: not computed yet
        self.notify: Callable[[str], None] | None = None  # told before a slow first computation

    # -- states -----------------------------------------------------------------

    def _check_opener(self, opener: str) -> str:
        """Return the folded opener, refusing one of the wrong length or with non-letters."""
        word = fold(opener)
        if not self.lexicon.is_guess(word):
            raise NotationError(
                f"opener {excerpt(opener)} is not an accepted {self.lexicon.length}-letter guess of {self.lexicon.name}"
            )
        return word

    def _planned_opener(self) -> str | None:
        """Return the opener of the best proven tree for these lists, for a policy that plans or guards every word.

        From it a plan covers every word of the answer list within the rows
        (``best_openers.json``); the opener of least expected guesses may have
        none in hard modes (strict Termo's SERÃO leaves ?ARRA's family).  In
        normal mode, where every guess keeps each word finishable
        (``expected``), the opener of the shipped tree that finishes every
        word the game accepts (``safe_tree``: Wordle's TRACE; from SALET
        the plans lose 8 of the 12,972 words of 2022, from REAST, the opener
        of least expected guesses under the boosted prior, 41; BENCHMARKS.md,
        "Never lose").  None when the policy does not plan or no tree is known.
        """
        if not (
            self.plans
            or (self.hard is None and getattr(self.strategy, "planned_opener", False) and self.belief.name != "uniform")
        ):
            return None
        if not self.plans:  # every word kept finishable: the opener of the tree that proves it can be
            safe = safe_opener(self.lexicon, None, self.options.rows)
            if safe is not None and self.lexicon.is_guess(safe):
                self.safe = True
                return safe
        known = planned_known(self.lexicon, self.hard, self.options.rows)
        if not known or not self.lexicon.is_guess(known[0]):
            return None
        opener, self.plan_total, self.plan_best = known
        return opener

    def keep_every_word(self, notify: Callable[[Note], None] | None = None) -> None:
        """Open with the safe plan of a user's lists, found once and cached (``safe_plans``), where the policy keeps
        every word finishable and none ships: from it no word the lists accept is lost."""
        if not (
            self.hard is None
            and not self.plans
            and not self.safe
            and (self.opener is None or self.planned)
            and getattr(self.strategy, "planned_opener", False)
            and self.belief.name != "uniform"
            and needs_plan(self.lexicon)
        ):
            return
        first = [r.guess for r in self.openers(1)]

        def prefer(opener: str, pattern: str) -> list[str]:  # the policy's own second guesses, best first
            by_expectation = self.strategy.by_expectation  # type: ignore[attr-defined]  # planned_opener's
            return by_expectation(self.state_for([f"{opener}:{pattern}"]), self.options, PREFERRED)

        tree = safe_plan(self.engine, self.options.rows, first, notify, prefer)
        if tree is not None and self.lexicon.is_guess(tree.root.guess):
            self.opener, self.safe, self.planned = tree.root.guess, True, True
            self._memo.clear()

    def prior(self) -> dict[str, float] | None:
        """Return the frequency prior per accepted word (None when the lexicon has no frequencies)."""
        if self._prior is False:
            self._prior = frequency_prior(self.lexicon)
        return self._prior  # type: ignore[return-value]

    def has_answer_list(self) -> bool:
        """Return whether the lexicon's answer list is a real subset of its accepted guesses."""
        return len(self.lexicon.answer_list) < len(self.lexicon.guesses)

    def _weights(self, words: Sequence[str], fallback: bool) -> np.ndarray | None:
        """Return the prior weights of these candidates under the solver's weights mode (None: uniform)."""
        if self.weights == "uniform":
            return None
        if self.weights == "auto" and self.has_answer_list() and not fallback:
            return None
        prior = self.prior()
        if prior is None:
            return None
        floor = min(prior.values())
        return np.array([prior.get(w, floor) for w in words], dtype=np.float64)

    def initial_state(self) -> State:
        """Return the state before any guess: every word of the prior possible, every guess allowed but the avoided."""
        words, weights, cols = self._opening()
        return State(
            self.engine,
            list(words),
            weights,
            self.without_avoided(self.lexicon.suggested_rows),
            [],
            self.hard,
            cols=cols,
            top_weight=None if weights is None else float(np.max(weights, initial=0.0)),
            plans=self.plans,
        )

    def _opening(self) -> tuple[tuple[str, ...], np.ndarray | None, np.ndarray]:
        """Return the opening candidates, their weights and matrix columns, computed once (read-only arrays).

        Every game and every page request starts here: looking up 13,000 words
        costs milliseconds, more than the rest of a late suggestion.
        """
        if self._opening_parts is None:
            if self.belief.widens:
                words, weights = tuple(self.belief.words), self.belief.weights
            else:
                words = tuple(self.lexicon.answers)
                weights = self._weights(words, False)
            # read-only views: every state shares them, and the prior's own array stays as its owner left it
            weights, cols = (None if a is None else a.view() for a in (weights, self.engine.columns(words)))
            for array in (weights, cols):
                if array is not None:
                    array.flags.writeable = False
            self._opening_parts = (words, weights, cols)
        return self._opening_parts

    def avoid(self, word: str) -> str:
        """Stop suggesting a word (the game refused it); return it folded.  Typed, it is still read as a clue."""
        w = checked_word(self.lexicon, word)
        if w not in self.lexicon.guess_set:  # a string the lists lack: it only stops being a candidate
            self.refused_strings.add(w)
            return w
        self.avoided.add(w)
        if self.planned and w == self.opener:  # the game refused the planned opener: rank the others
            self.opener, self.planned, self.safe = None, False, False
        self._memo.clear()
        return w

    def unavoid(self, word: str) -> str:
        """Suggest a word again that was avoided (the player took back its refusal); return it folded."""
        w = checked_word(self.lexicon, word)
        if w in self.avoided or w in self.refused_strings:
            self.avoided.discard(w)
            self.refused_strings.discard(w)
            if self.opener is None and not self.planned:  # the planned opener, if it was the word refused
                self.opener = self._planned_opener()
                self.planned = self.opener is not None
            self._memo.clear()
        return w

    def without_avoided(self, allowed: np.ndarray | None) -> np.ndarray | None:
        """Return the allowed guess rows less the avoided words (None: every guess, when nothing is avoided)."""
        return rows_without(self.lexicon, self.avoided, allowed)

    def _codes_one(self, guess: str, words: Sequence[str], cols: np.ndarray | None = None) -> np.ndarray:
        """Return the codes of one guess against some words (``cols``: their matrix columns, if known)."""
        row = self.lexicon.guess_index.get(guess)
        if row is not None:
            if cols is not None and (len(cols) == 0 or cols.min() >= 0):
                return self.engine.row_codes(row, cols)
            return np.asarray(self.engine.codes(np.array([row]), words, cols))[0]
        return numpy_codes(
            letters_array([guess], self.lexicon.length), letters_array(list(words), self.lexicon.length)
        )[0]

    def _pattern(self, guess: str, pattern: str | int) -> str:
        """Return the canonical pattern for a pattern given in any notation or as a code."""
        n = self.lexicon.length
        if isinstance(pattern, (int, np.integer)):
            if not 0 <= int(pattern) < n_patterns(n):
                raise NotationError(f"pattern code {pattern} is out of range for {n} letters")
            return decode(int(pattern), n)
        return parse_colours(pattern, n)

    def advance(self, state: State, guess: str, pattern: str | int, unknown_ok: bool = False) -> State:
        """Return the state after playing ``guess`` and seeing ``pattern``.

        Raises IllegalGuessError if a hard-mode rule forbids the guess, and
        ContradictionError (naming the clue) if the clues conflict.  Clues that
        agree with each other but fit no word of the lists (an answer the game
        added later) give the strings of letters they allow as candidates
        (``unlisted``), with a note naming the clue that emptied the lists; if
        none were found, ContradictionError, or with ``unknown_ok`` a state with
        no candidates and a note (on several boards the others play on).
        """
        word = fold(guess)
        n = self.lexicon.length
        if len(word) != n or not is_word(word):
            raise NotationError(Note("guess_must_be", text=repr(guess), n=n))
        pattern = self._pattern(word, pattern)
        clue = Clue(word, pattern)
        if not is_producible(word, pattern):
            raise ContradictionError(Note("unproducible", name=clue_label(clue, len(state.clues) + 1)))
        if state.rule:
            check_guess(word, state.clues, state.rule, self.lexicon.show)
        notes = list(state.notes)
        if word not in self.lexicon.guess_set:
            notes.append(Note("not_listed", word=self.lexicon.show(word).upper(), name=self.lexicon.name))
        clues = state.clues + [clue]
        code = encode(pattern)
        # strings (an unlisted state) are found again from every clue: the likeliest kept before may all be gone
        keep = (
            np.flatnonzero(self._codes_one(word, state.candidates, state.columns) == code)
            if state.n and not state.unlisted
            else np.array([], int)
        )
        fallback, unlisted, cols = state.fallback, state.unlisted, None
        if len(keep):
            candidates = [state.candidates[i] for i in keep.tolist()]
            weights = None if state.weights is None else state.weights[keep]
            cols = state.columns[keep]
        elif clue.solved and violation(word, state.clues, "strict") is None:
            candidates, weights, unlisted = [word], None, False  # solved by a word outside the lists
        else:
            candidates, weights, unlisted, notes = self._past_the_lists(state, clues, notes, unknown_ok)
            fallback = True
        allowed = state.allowed
        if state.rule:
            mask = legal_mask(self.engine, clue, state.rule)
            allowed = np.flatnonzero(mask) if allowed is None else allowed[mask[allowed]]
        return State(
            self.engine,
            candidates,
            weights,
            allowed,
            clues,
            state.rule,
            fallback,
            notes,
            cols,
            state.top_weight if fallback == state.fallback else None,  # a fallback weighs anew
            state.plans,
            unlisted,
        )

    def _past_the_lists(
        self, state: State, clues: list[Clue], notes: list, unknown_ok: bool
    ) -> tuple[list[str], np.ndarray | None, bool, list]:
        """Return the candidates, weights, unlisted flag and notes once the clues rule out every candidate of ``state``.

        The accepted words that fit come first (unless the state already fell back
        to them), the game's later words (``Lexicon.later``) once no other fits;
        then the strings of letters the clues allow; then, with ``unknown_ok``,
        no candidate at all.
        """
        later_tier = state.fallback and self._later_left(state)
        candidates = [] if state.fallback and not later_tier else self._fitting_accepted(clues)
        earlier = [w for w in candidates if w not in self.lexicon.later]
        candidates = earlier or candidates  # the game's later words come once no other word fits
        if candidates:
            weights = self._weights(candidates, True)
            ruled_out = (
                Note("of_earlier", name=self.lexicon.name)
                if later_tier
                else Note("of_prior", name=self.belief.name)
                if self.belief.widens
                else Note("of_answers", name=self.lexicon.name)
            )
            notes.append(
                Note(
                    "ruled_out_one" if len(candidates) == 1 else "ruled_out",
                    what=ruled_out,
                    n=len(candidates),
                    weighted=Note("weighted") if weights is not None else "",
                )
            )
            return candidates, weights, state.unlisted, notes
        # the clue that emptied the lists stays the same once it has (the strings' search raises on conflict)
        reason = (self._emptied_by(state) if state.unlisted else None) or self._why_nothing_fits(clues)
        found = self.unlisted(clues)
        if found.words:
            said = (
                Note("unlisted_one", reason=reason)
                if len(found.words) == 1
                else Note(
                    "unlisted",
                    reason=reason,
                    n=len(found.words),
                    more=Note("unlisted_more") if not found.complete else "",
                )
            )
            notes = [m for m in notes if getattr(m, "key", "") not in ("unlisted", "unlisted_one")] + [said]
            return found.words, found.weights, True, notes
        if not unknown_ok:
            raise ContradictionError(reason)
        unknown = Note("unknown_answer", name=self.lexicon.name)
        return [], None, state.unlisted, notes + ([] if unknown in notes else [unknown])

    def _later_left(self, state: State) -> bool:
        """Return whether a state that fell back to accepted words can fall back once more, to the game's later words."""
        later = self.lexicon.later
        return (
            bool(later)
            and bool(state.candidates)
            and not state.unlisted
            and not any(w in later for w in state.candidates)
        )

    def unlisted(self, clues: Sequence[Clue]) -> Unlisted:
        """Return the strings of letters the clues allow, likeliest first, less the words the game refused."""
        more = min(len(self.refused_strings), BEAM)  # the refused ones do not use up the limit
        found = unlisted_words(
            Knowledge.from_clues(clues, self.lexicon.length),
            model_for(self.lexicon.guesses),
            LIMIT + more,
            max(BEAM, LIMIT + more),
        )
        if not self.refused_strings:
            return found
        keep = [i for i, w in enumerate(found.words) if w not in self.refused_strings]
        weights = found.weights[keep]
        return Unlisted(
            [found.words[i] for i in keep], weights / weights.sum() if len(keep) else weights, found.complete
        )

    def refused_out(self, state: State) -> State:
        """Return the state less what the game refused: its words as guesses, the strings the lists lack as candidates."""
        state = replace(state, allowed=self.without_avoided(state.allowed))
        if not state.unlisted or not self.refused_strings.intersection(state.candidates):
            return state
        keep = np.array([i for i, w in enumerate(state.candidates) if w not in self.refused_strings], dtype=np.intp)
        if not len(keep):  # every string kept was refused: the next likeliest ones
            found = self.unlisted(state.clues)
            return replace(state, candidates=found.words, weights=found.weights, cols=None)
        weights = None if state.weights is None else state.weights[keep]
        return replace(state, candidates=[state.candidates[i] for i in keep.tolist()], weights=weights, cols=None)

    @staticmethod
    def _emptied_by(state: State) -> str | None:
        """Return the reason an unlisted state's note gives for its lists being empty (None if it has no such note)."""
        return next(
            (
                m.values["reason"]
                for m in reversed(state.notes)
                if isinstance(m, Note) and m.key in ("unlisted", "unlisted_one")
            ),
            None,
        )

    def _fitting_accepted(self, clues: Sequence[Clue]) -> list[str]:
        """Return the accepted words consistent with every clue, in the lexicon's order."""
        mask = np.ones(len(self.lexicon.guesses), dtype=bool)
        for clue in clues:
            mask &= legal_mask(self.engine, clue, "strict")
        return [self.lexicon.guesses[i] for i in np.flatnonzero(mask).tolist()]

    def _why_nothing_fits(self, clues: Sequence[Clue]) -> str:
        """Return a one-line reason why no word fits the clues, naming the clue that emptied them."""
        Knowledge.from_clues(clues, self.lexicon.length)  # raises, naming the clue, if they conflict
        for i in range(1, len(clues) + 1):
            if not self._fitting_accepted(clues[:i]):
                before = "" if i == 1 else Note("nothing_fits_before", clues=", ".join(str(c) for c in clues[: i - 1]))
                return Note("nothing_fits", name=self.lexicon.name, clue=str(clues[i - 1]), before=before)
        return Note("nothing_fits_plain", name=self.lexicon.name)

    def state_for(self, clues: Iterable[Clue | str]) -> State:
        """Return the state after the given clues (Clue objects or text like ``crane:bybgb``)."""
        state = self.initial_state()
        for c in clues:
            clue = c if isinstance(c, Clue) else parse_clue(c, self.lexicon.length)
            state = self.advance(state, clue.guess, clue.pattern)
        return state

    # -- choosing ---------------------------------------------------------------

    def _forced(self, state: State) -> str | None:
        """Return the guess the policy fixes without ranking (one or two candidates), else None."""
        if state.n == 0:
            raise ContradictionError("no candidates are left")
        if self._keeps_beyond(state):
            return None
        if state.n == 1:
            return state.candidates[0]
        if state.n == 2:
            if state.weights is not None and state.weights[0] != state.weights[1]:
                return state.candidates[int(np.argmax(state.weights))]
            return min(state.candidates)
        return None

    def openers(self, top: int = 10) -> list[Ranked]:
        """Return the best ``top`` first guesses (from the disk cache when possible), none of them avoided."""
        state = self.initial_state()
        if not self.strategy.costly:
            return self.strategy.rank(state, self.options, top)
        entry = self._ranking_key()
        if self.avoided:  # the cache holds the ranking over every suggested guess: ask for more
            state.allowed = self.lexicon.suggested_rows

        def compute(n: int) -> list[Ranked]:
            if self.notify is not None:
                self.notify(
                    Note(
                        "ranking_openers",
                        lexicon=self.lexicon.name,
                        strategy=self.strategy.name,
                        prior=self.belief.name,
                    )
                )
            return self.strategy.rank(state, self.options, n)

        ranked = cached_openers(
            self.engine.cache_dir, self.lexicon.key, entry, top + len(self.avoided), compute, self.lexicon.is_suggested
        )
        return [r for r in ranked if r.guess not in self.avoided][:top]

    def policy_key(self) -> str:
        """Return what the games this solver plays depend on besides the lists' words: its ranking's key, the
        rule, the rows and the opener (a stored game is this solver's when the keys agree)."""
        return (
            f"{self._ranking_key()}|rule={self.hard}|opener={self.opener}|avoided={len(self.avoided)}"
            f"{self._safe_part(self.plans)}"
        )

    def _safe_part(self, plans: bool) -> str:
        """Return the key part naming the safe tree whose guesses a policy that does not plan may play (else '')."""
        if self.hard is not None or plans:
            return ""
        return f"|safe={safe_key(self.lexicon, None, self.options.rows)}"

    def _ranking_key(self) -> str:
        """Return what a stored ranking depends on besides the clues: strategy, options, weights, prior, words."""
        revision = getattr(self.strategy, "revision", 0)
        return (
            f"{self.strategy.name}{f'@{revision}' if revision else ''}|{self.options.key()}|w={self.weights}"
            f"|p={self.belief.key()}|s={self.lexicon.suggest_key}"
        )

    def _second_row(self, state: State, top: int, store: bool = True) -> list[Ranked]:
        """Return the ranking after one clue, kept on disk like the openers (each first clue ranked once).

        Stored with the notes ranking it added when they take no values (a
        plan given up: said again each time the ranking is read), else not
        stored; not with words avoided or off the lists; never with ``store``
        False (a game played through: read when kept, else ranked).
        """
        clue = state.clues[0]
        entry = (
            f"{self._ranking_key()}|rule={self.hard}|plans={int(state.plans)}|after={clue.guess}:{clue.pattern}"
            f"{self._safe_part(state.plans)}"
        )
        said = len(state.notes)

        def keep() -> tuple[str, ...] | None:
            if not store:
                return None
            added = [n for n in state.notes[said:] if isinstance(n, Note) and not n.values]
            return tuple(n.key for n in added) if len(added) == len(state.notes) - said else None

        def heard(keys: tuple[str, ...]) -> None:
            state.notes.extend(n for n in map(Note, keys) if n not in state.notes)

        offensive = self.lexicon.offensive
        return cached_openers(
            self.engine.cache_dir,
            self.lexicon.key,
            entry,
            top,
            lambda n: self.strategy.rank(state, self.options, n),
            self.lexicon.is_guess,
            kind="second",
            keep=keep,
            limit=SECOND_KEPT,
            heard=heard,
            shown=lambda w: w not in offensive or w in state.candidate_set,
            opener=clue.guess,
            listed_key=self.lexicon.listed_key,
        )

    def _caches(self, state: State) -> bool:
        """Return whether the state's ranking is kept on disk: one clue, a costly strategy, nothing avoided."""
        return (
            len(state.clues) == 1 and state.n > 2 and self.strategy.costly and not self.avoided and not state.fallback
        )

    def first_guess(self) -> str:
        """Return the first guess the policy plays: the opener given or planned, else the best ranked."""
        return self.opener or self.openers(1)[0].guess

    def choose(self, state: State) -> str:
        """Return the next guess: the only candidate, a candidate of two, the opener, else the strategy's."""
        self.strategy.observe(state)
        if state.unlisted:
            state = self.refused_out(state)
            if not state.n:
                raise ContradictionError("no candidates are left")
            return self._unlisted_ranking(state, 1)[0].guess
        forced = self._forced(state)
        if forced is not None:
            return forced
        key = (tuple(state.clues), state.n, state.fallback)
        if key in self._memo:
            return self._memo[key]
        if not state.clues:
            guess = self.first_guess()
        elif self._caches(state):  # after the first clue: the ranking kept on disk or shipped, as suggest reads it
            ranked = self._second_row(state, 1, store=False)  # (a benchmark's thousands of games write nothing)
            guess = self._progress(state, ranked[0].guess if ranked else self.strategy.choose(state, self.options))
        else:
            guess = self._progress(state, self.strategy.choose(state, self.options))
        if len(self._memo) < 200_000:
            self._memo[key] = guess
        return guess

    def _keeps_beyond(self, state: State) -> bool:
        """Return whether the strategy keeps accepted words off the prior finishable in this state."""
        return bool(self.beyond(state))

    def beyond(self, state: State) -> tuple[str, ...]:
        """Return the accepted words off the prior that the strategy keeps finishable in this state (its choice
        depends on them as on the candidates)."""
        keeps = getattr(self.strategy, "keeps_beyond", None)
        if not (keeps and keeps(state)):
            return ()
        return tuple(also_accepted(self.lexicon, state.clues, state.candidate_set))

    def _progress(self, state: State, guess: str) -> str:
        """Return the guess, or the likeliest candidate if the guess could teach nothing."""
        if (
            guess in state.candidate_set
            or len(distinct(self._codes_one(guess, state.candidates))) > 1
            or self._keeps_beyond(state)
        ):
            return guess
        prior = state.prior()
        return state.candidates[int(np.argmax(prior))]

    # -- front doors --------------------------------------------------------------

    def rank(self, state: State, top: int = 10) -> Suggestion:
        """Return the ranked suggestions for a state, the policy's choice first."""
        plan: list[str] = []
        planned: tuple[str, float | None] | None = None
        if not state.clues and state.n > 2:
            opener = self.opener
            ranked = self.openers(max(top, STORED))  # the opener played may rank below the top few
            ranked = self._first(state, opener, ranked, top) if opener else ranked[:top]
            if opener and self.planned and self.plan_total is not None:
                answers = self.lexicon.answer_list
                plan.append(
                    Note(
                        "plan",
                        opener=self.lexicon.show(opener).upper(),
                        which=Note("best_plan" if self.plan_best else "a_plan"),
                        n=len(answers),
                        rows=self.options.rows,
                        mean=self.plan_total / len(answers),
                    )
                )
                planned = (opener, self.plan_total / len(answers))
            elif opener and self.planned and self.safe:
                covered = self._safe_covers()
                if covered is not None:
                    plan.append(
                        Note("safe_plan", opener=self.lexicon.show(opener).upper(), n=covered[0], rows=covered[1])
                    )
                    planned = (opener, None)
        else:
            self.strategy.observe(state)
            if state.unlisted:
                state = self.refused_out(state)
                ranked = self._unlisted_ranking(state, top)
            elif state.n == 1 and not self._keeps_beyond(state):  # the answer is known
                ranked = self._first(state, state.candidates[0], [], top)
            elif self._caches(state):
                ranked = self._second_row(state, top)
            else:
                ranked = self.strategy.rank(state, self.options, top) if state.n else []
            forced = self._forced(state) if state.n else None
            if forced is not None:
                ranked = self._first(state, forced, ranked, top)
        return Suggestion(
            ranked,
            state.likeliest(),
            list(state.notes) + plan,
            state.fallback,
            self.strategy.name,
            self.score_label(),
            state,
            planned,
        )

    def _safe_covers(self) -> tuple[int, int] | None:
        """Return (words, rows) of the safe tree the policy opens with: shipped for these lists, or adopted for a
        user's (found on first use, or a shipped one that covers them); None when there is none."""
        found = safe_entry(self.lexicon, None, self.options.rows)
        if found is not None:
            return found[1]["n"], found[1]["rows"]
        tree = adopted(self.lexicon, None, self.options.rows)
        return None if tree is None else (len(plan_words(self.lexicon)), tree.rows)

    def _unlisted_ranking(self, state: State, top: int) -> list[Ranked]:
        """Return the best guesses where no listed word fits: the likeliest strings, or a word that splits them.

        A string the game refuses costs no row, so the likeliest strings come
        first, while the refusals expected before the answer are at most
        ``TYPED``; past that, the known words that tell the strings apart best
        (the most information under the letter model) come first, at one row.
        """
        strings = [
            Ranked(w, float("nan"), e, int(worst), int(parts), True)
            for w, _, _, e, worst, parts in likeliest_strings(state, top)
        ]
        if len(state.clues) >= self.options.rows - 1 or expected_refusals(state.prior()) <= TYPED:
            return strings
        return (get_strategy("entropy").rank(state, self.options, top) + strings)[:top]

    def score_label(self) -> str:
        """Return what the strategy's score measures (two guesses deep with --depth 2: ``2-row bits``)."""
        label = self.strategy.score_label
        return f"2-row {label}" if self.options.depth >= 2 else label

    def _first(self, state: State, word: str, ranked: list[Ranked], top: int) -> list[Ranked]:
        """Return the ranking with ``word`` moved (or added) to the top."""
        if ranked and ranked[0].guess == word:
            return ranked[:top]
        rest = [r for r in ranked if r.guess != word]
        mine = [r for r in ranked if r.guess == word]
        if not mine:
            row = self.lexicon.guess_index.get(word)
            if row is None:
                mine = [Ranked(word, float("nan"), float("nan"), state.n, 1, word in state.candidate_set)]
            else:  # the strategy's own figures for that one guess
                alone = replace(state, allowed=np.array([row]))
                mine = [r for r in self.strategy.rank(alone, self.options, 1) if r.guess == word] or describe(
                    state, np.array([row]), [float("nan")]
                )
        return (mine + rest)[:top]

    def suggest(self, clues: Iterable[Clue | str] = (), top: int = 10) -> Suggestion:
        """Return the top guesses after these clues, with the candidates left and any notes."""
        return self.rank(self.state_for(clues), top)

    def check_secret(self, secret: str) -> str:
        """Return the secret folded; raise if it is not a word of the length or not an accepted word."""
        word = fold(secret)
        if len(word) != self.lexicon.length or not is_word(word):
            raise NotationError(Note("secret_must_be", text=excerpt(secret), n=self.lexicon.length))
        if word not in self.lexicon.guess_set:
            raise LexiconError(Note("secret_not_accepted", word=word.upper(), name=self.lexicon.name))
        return word
