"""The expected number of guesses under the prior, one or two guesses ahead, with the row limit guarded.

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

Where the policy plans (below), from the second row on, the SECOND_WIDTH
(16) best guesses by E(g) are scored two guesses deep (``second_guesses``):
E2(g) = 1 + sum over b of P(b) * min over g' of E_b(g'), the one-guess
estimate of each pattern's words at its best next guess, f(H) applied a row
later.  16 was chosen on chute's own lists (Termo's answers, normal and
strict, and Wordle's in hard mode, each measured at 5, 16 and 64: 16 gained
as much as 64, 5 less), for a small cost a guess.  Not in Wordle's normal
mode, where the policy does not plan: there it plays the answers better but
loses two words of the held-out band (BABES, FIVES).  It does where a plan
found for a user's own lists keeps every word (``users_plan``), measured on
lists that are not the test lists: chute's own Termo answers given as a
user's over its 3,597 suggested words, 3.4838 -> 3.4742; a seeded 2,500 of
Wordle's words as the answer list, 3.6080 -> 3.6040; none lost either way.  Every figure: docs/how-it-works.md,
"How the policy's parameters were chosen".

The row limit is guarded, in one of two ways (``State.plans``, set by
``Solver``).  Where the policy plans (hard modes, and normal mode under a
prior that does not boost a curated answer list: Termo's frequency prior over
its whole dictionary, or the answer list alone; not the uniform prior), from
the second row on, since families of alike words (?ARRA, ?ORRO) leave sets
that no plan covers, each of the GUARD_WIDTH best guesses is charged for the
prior mass it may lose (``guard.Plans``: the patterns whose words the tree
search's plans cannot finish in the rows left), a lost word costing the row
limit again (``LOSS_PER_ROW``, as in a review), and the guesses are ranked by
E(g) plus that charge.  The words weighed there are the words a plan covers
first (``covered_first``: the answer list, a plan for which is proven to
exist, e.g. strict Termo's TORCE 8,775, which is why a planning policy opens
with the opener of a proven tree for its lists, ``Solver``; in Termo
every word chute suggests, chosen on Termo's suggested band, BENCHMARKS.md)
and the words at least GUARD_FLOOR (1/20) as likely as the prior's likeliest
before any clue, a fixed scale so that the words protected at one row are
still protected at the next.  1/20 was set by hand on Wordle's answers in hard mode (the 2,315
games: 9 lost with the three-row guard, 7 lost guarding every candidate, none
lost guarding those at 1/20, relative to the state's likeliest then); no Termo
list was used.  Under Wordle's boosted prior the words off its answer list fall
under that floor, so a plan would sacrifice them: there, in normal mode, the
policy keeps every word finishable (``_keep_finishable``): the best guess
after which the plans finish every candidate within the rows left goes first,
else the plan's own guess for the state, found by a wider search if need be,
else, while the game follows it, the guess of the shipped tree that finishes
every word Wordle accepts (``safe_tree``), whose opener the policy opens
with: no such word is ever lost.  On the second and third rows
(PROVEN_ROWS) the tree's guess counts as proven beside the plans': there the
tree plays the policy's own best guess by E(g) wherever a tree exists for it
(``scripts/build_safe_tree.py``), which the plans, a narrower search, often
cannot prove (after TRACE's bbbby SILEN, the policy's third, where the plans
proved MINDS, far down its order: a gain under the prior on Wordle's answers
and its held-out band alike; a fourth row so chosen changed neither).  WIDE_TOP (60) was set on Wordle's
12,972 words of 2022 (the answers and the held-out band measured after): from
SALET, PLAN_TOP's 8 guesses a set leave three of its bins without a plan, 30
leave two, 60 one (ybgbb, the ?ILLS family); no Termo list was used.
WIDE_BUDGET (1 G codes) caps each wide search, and over more than WIDE_LARGE
(1,000) words WIDE_LARGE_BUDGET (250 M): a large set's looks are slow, and on
the wide searches measured (every second row chute ships, every word Wordle
accepts played from TRACE, 36 first clues after 22 openers it ships no second
row for) every plan found over 1,000 words was found within 250 M codes (FIELD
bbbbb's 3,378 words needed the most), while none still searching past it found
one: such a first clue no longer waits many seconds for E(g) alone.  After another opener than the
safe tree's (a second row no ranking ships for), a set of more than OPENING_CHECKED words is the
opener's to keep and no wide search is run: from LEAST, every word Wordle accepts loses 66 games
either way (answers 3.4825 with the guard, 3.4812 without); its information is measured over a seeded
SAMPLE of the candidates (``_shortlist``): a first suggestion nobody ranked stays a fraction of a
second (BENCHMARKS.md, "chute serve": ``benchmarks/bench_first_row.py``).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ..arrays import union
from ..game.feedback import Clue, decode
from ..game.partition_stats import partition_stats
from ..game.rules import legal_mask, strict_codes
from ..language import Note
from .base import Options, Ranked, State, Strategy, best_indices, ranked_rows, register
from .guard import LOSS_PER_ROW, OutOfBudget, Plans, also_accepted
from .known_openers import planned_known
from .safe_tree import adopted, safe_guess, safe_opener

SPREAD = 0.5  # A in f(H) = 1 + A * H ** P
POWER = 0.66  # P
GUARD_WIDTH = 64  # how many of the best guesses the guard examines
OPENING_CHECKED = 1_000  # an opening of more words is the opener's to keep (a proven plan's: ``Solver``)
WIDE_TOP = 60  # when none of them keeps every word finishable: guesses tried per set by the wider search
WIDE_BUDGET = 1_000_000_000  # ... and the codes it may examine (about ten seconds) ...
WIDE_LARGE = 1_000  # ... or over more words than this ...
WIDE_LARGE_BUDGET = 250_000_000  # ... this many (a few seconds)
PROVEN_ROWS = 3  # up to this row the safe tree's guess is the policy's own where a tree allows it: proven safe
PLANS_GAVE_UP = Note("plans_gave_up")
NO_PLAN = Note("no_plan")
KEPT_FINISHABLE = Note("kept_finishable")
GUARD_FLOOR = 0.05  # hard modes weigh the words at least this likely relative to the prior's likeliest
CELLS = 1 << 18  # histogram cells per chunk of guesses (each holds about 60 bytes of temporaries)
SHORTLIST = 256  # guesses scored in full: the most informative ...
LIKELIEST = 64  # ... and the likeliest candidates
SAMPLE = 1_024  # a large second row after another opener measures the information over this many candidates
SECOND_WIDTH = 16  # where the policy plans, the best this many are scored two guesses deep
KERNEL_CELLS = 1 << 19  # two-deep sums over this many (guess, word) cells are compiled
RADIX_KEYS = 1 << 16  # (bin, code) keys this many or fewer sort as 16-bit integers


def _first(idx: np.ndarray, k: int, state: State) -> np.ndarray:
    """Return ``idx`` with its k-th guess moved first, noting the move (it was chosen to keep every word)."""
    if k == 0:
        return idx
    _tell(state, KEPT_FINISHABLE)
    return np.concatenate([idx[k : k + 1], idx[:k], idx[k + 1 :]])


def _safe_tree_guess(state: State, options: Options, allowed: np.ndarray | None) -> int | None:
    """Return the guess row of the shipped safe tree while the game follows it (None: off it, or none ships)."""
    lexicon = state.engine.lexicon
    if state.clues and state.clues[0].guess != safe_opener(lexicon, None, options.rows):
        return None  # another opener: the tree is not read
    word = safe_guess(lexicon, None, options.rows, state.clues)
    row = lexicon.guess_index.get(word) if word is not None else None
    if row is None or (allowed is not None and not np.isin(row, allowed)):
        return None
    return row


def _after_another_opener(state: State, options: Options) -> bool:
    """Return whether the state is a second row after another first guess than the policy's own opener (the safe
    tree's, or where the policy plans the proven plan's): a ranking no list ships, computed when asked."""
    if len(state.clues) != 1:
        return False
    lexicon = state.engine.lexicon
    if state.plans:
        known = planned_known(lexicon, state.rule, options.rows)
        opener = known[0] if known else None
    else:
        opener = safe_opener(lexicon, None, options.rows)
    return state.clues[0].guess != opener


def users_plan(state: State, options: Options) -> bool:
    """Return whether every word is kept finishable through a plan found for these lists (a user's own:
    ``safe_tree.adopted``), where the policy looks two guesses deep as where it plans."""
    return not state.plans and adopted(state.engine.lexicon, None, options.rows) is not None


def wide_budget(n: int) -> int:
    """Return the codes a wide search over ``n`` words may examine."""
    return WIDE_LARGE_BUDGET if n > WIDE_LARGE else WIDE_BUDGET


def _tell(state: State, note: Note) -> None:
    """Add a note to the state's notes, once."""
    if note not in state.notes:
        state.notes.append(note)


def covered_first(lexicon, words: list[str]) -> np.ndarray:
    """Return which of the words a plan covers first: the answer list, or every word chute suggests.

    Where the lexicon marks rare words it reads but never suggests (Termo's
    dictionary), the words it suggests (display Zipf >= 2.5, the words a player
    knows) are covered first, not only its own answer cut (Zipf >= 3.0); a
    curated list (Wordle's) is the game's own, and covered first alone.
    """
    rare = lexicon.rare
    if len(rare) > len(lexicon.later):  # a dictionary's rare words (not a game's later ones): suggested words first
        return np.fromiter((w not in rare for w in words), dtype=bool, count=len(words))
    listed = set(lexicon.answer_list)
    return np.fromiter((w in listed for w in words), dtype=bool, count=len(words))


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
        block = np.asarray(codes[start : start + chunk], dtype=np.int64)
        m = len(block)
        flat = (block + (np.arange(m, dtype=np.int64) * n_patterns)[:, None]).ravel()
        mass = np.bincount(flat, weights=np.broadcast_to(w, block.shape).ravel(), minlength=m * n_patterns).reshape(
            m, n_patterns
        )
        mlog = np.bincount(flat, weights=np.broadcast_to(wlog, block.shape).ravel(), minlength=m * n_patterns).reshape(
            m, n_patterns
        )
        mass[:, solved] = 0.0
        with np.errstate(divide="ignore", invalid="ignore"):
            entropy = np.where(
                mass > 0, np.log2(np.where(mass > 0, mass, 1.0)) - mlog / np.where(mass > 0, mass, 1.0), 0.0
            )
        out[start : start + m] = 1.0 + (mass * still_needed(entropy)).sum(axis=1)
    return out


def second_guesses(state: State, rows: np.ndarray, codes: np.ndarray, i: int, prior: np.ndarray) -> float:
    """Return E2 of the guess ``rows[i]``: 1 + the sum over its unsolved patterns b of P(b) x the least E(g') in b.

    Each pattern's words are scored as a state of their own by every
    shortlisted guess g' (those the rule allows after that pattern), E(g')
    with the prior renormalised there; a pattern of one word takes one more
    guess, of two words the likelier first.  All patterns of ``rows[i]`` are
    histogrammed together (``_bin_sums``).
    """
    engine = state.engine
    NP, solved = engine.n_patterns, engine.solved
    cg = np.asarray(codes[i], dtype=np.int64)
    order = np.argsort(cg, kind="stable")
    sc = cg[order]
    starts = np.flatnonzero(np.r_[True, sc[1:] != sc[:-1]])
    sizes = np.diff(np.r_[starts, len(sc)])
    bin_code = sc[starts]
    bin_mass = np.add.reduceat(prior[order], starts)
    live = bin_code != solved
    total = 1.0 + bin_mass[live & (sizes == 1)].sum()
    pair = live & (sizes == 2)
    if pair.any():
        first = prior[order[starts[pair]]]
        second = prior[order[starts[pair] + 1]]
        total += (first + second + np.minimum(first, second)).sum()
    big = np.flatnonzero(live & (sizes >= 3))
    if not len(big):
        return total
    members = np.concatenate([order[starts[b] : starts[b] + sizes[b]] for b in big.tolist()])
    local = np.repeat(np.arange(len(big)), sizes[big])
    w = prior[members]
    wlog = np.where(w > 0, w * np.log2(np.where(w > 0, w, 1.0)), 0.0)
    mb = np.where(bin_mass[big] > 0, bin_mass[big], 1.0)  # a pattern of weightless words adds nothing
    e = _bin_sums(codes, members, local, w, wlog, len(big), NP, solved) / mb[None, :] + 1.0
    if state.rule:
        guesses = engine.lexicon.guesses
        if state.rule == "strict":
            shown = strict_codes(engine, guesses[int(rows[i])], rows)
            legal = shown[:, None] == bin_code[big][None, :]
        else:
            legal = np.stack(
                [
                    legal_mask(engine, Clue(guesses[int(rows[i])], decode(int(c), engine.lexicon.length)), "hard", rows)
                    for c in bin_code[big].tolist()
                ],
                axis=1,
            )
        e = np.where(legal, e, np.inf)
    best = e.min(axis=0)
    lost = ~np.isfinite(best)
    if lost.any():  # no shortlisted guess is legal after that pattern: f(H) of its words
        wb = np.bincount(local, weights=wlog, minlength=len(big))
        hb = np.maximum(np.log2(mb) - wb / mb, 0.0)
        best = np.where(lost, still_needed(hb), best)
    return total + float((bin_mass[big] * best).sum())


def _bin_sums(
    codes: np.ndarray,
    members: np.ndarray,
    local: np.ndarray,
    w: np.ndarray,
    wlog: np.ndarray,
    B: int,
    NP: int,
    solved: int,
) -> np.ndarray:
    """Return (guess rows x B): per guess and bin, the sum of m x f(H) over the patterns it leaves there.

    ``members`` are the words of the B bins (bin ``local[j]``), ``w`` their
    mass and ``wlog`` their w log2 w.  Compiled from KERNEL_CELLS cells (the
    first clue's states: thousands of words), else one sort of (bin, code)
    keys per guess.
    """
    R = len(codes)
    if R * len(members) >= KERNEL_CELLS:
        from ..kernels.expected import second_sums  # noqa: PLC0415 (numba: loaded on first use)

        out = np.zeros((R, B))
        second_sums(np.ascontiguousarray(codes), members, local, w, wlog, B, NP, solved, SPREAD, POWER, out)
        return out
    # (bin, code) keys: 16 bits when they fit (always for five letters), which numpy sorts by radix, far faster
    kt = np.uint16 if B * NP <= RADIX_KEYS else np.int64
    keys = local.astype(kt)[None, :] * NP + np.asarray(codes[:, members], dtype=kt)
    perm = np.argsort(keys, axis=1, kind="stable")
    flat = (
        np.take_along_axis(keys, perm, axis=1).astype(np.int64) + (np.arange(R, dtype=np.int64) * (B * NP))[:, None]
    ).ravel()
    seg = np.flatnonzero(np.r_[True, flat[1:] != flat[:-1]])
    mass = np.add.reduceat(w[perm].ravel(), seg)
    mlog = np.add.reduceat(wlog[perm].ravel(), seg)
    key = flat[seg]
    safe = np.where(mass > 0, mass, 1.0)
    entropy = np.maximum(np.log2(safe) - mlog / safe, 0.0)
    contrib = np.where(key % NP == solved, 0.0, mass * still_needed(entropy))
    return np.bincount(key // NP, weights=contrib, minlength=R * B).reshape(R, B)


@register
class ExpectedGuesses(Strategy):
    """Minimise the expected number of guesses under the prior, guarding the row limit."""

    name = "expected-guesses"
    score_label = "guesses"
    higher_is_better = False
    costly = True
    state_only = True
    planned_opener = True
    revision = 2  # 1: two guesses deep where the policy plans; 2: every word kept finishable in normal mode

    def rank(self, state: State, options: Options = Options(), top: int = 10) -> list[Ranked]:
        """Return the best ``top`` guesses by expected guesses; with few rows left, the safe ones first."""
        rows, codes, prior, scores, idx = self._by_expectation(state, options, max(top, GUARD_WIDTH))
        left = options.rows - len(state.clues)
        # a large set after another opener is the opener's to keep: not planned, not looked at two deep
        kept = state.n > OPENING_CHECKED and _after_another_opener(state, options)
        planned = state.plans and state.clues and not kept
        deep = planned or (state.clues and not kept and state.rule is None and users_plan(state, options))
        if deep and state.n > 2 and len(idx) > 1:
            scores, idx = self._second_look(state, rows, codes, prior, scores, idx)
        if len(idx) and planned:
            idx = self._least_loss(state, options, rows, codes, scores, idx, left)
        if len(idx) and state.rule is None and not state.plans and (state.clues or state.n <= OPENING_CHECKED):
            rows, codes, scores, idx = self._keep_finishable(state, options, rows, codes, scores, prior, idx, left)
        idx = idx[:top]
        stats = state.stats(codes[idx])
        return ranked_rows(state, rows[idx], scores[idx].tolist(), stats)

    def by_expectation(self, state: State, options: Options = Options(), top: int = 10) -> list[str]:
        """Return the ``top`` best guesses by E(g) alone, before any guard: the order the safe tree's guesses up
        to PROVEN_ROWS are tried in (``scripts/build_safe_tree.py``)."""
        rows, _, _, _, idx = self._by_expectation(state, options, top)
        guesses = state.engine.lexicon.guesses
        return [guesses[int(r)] for r in rows[idx[:top]].tolist()]

    def _by_expectation(self, state: State, options: Options, width: int):
        """Return (rows, codes, prior, scores, idx): the shortlist, its codes, the prior, E(g), and the ``width``
        best rows' indices, best first."""
        sample = state.n > OPENING_CHECKED and _after_another_opener(state, options)
        rows = self._shortlist(state, state.guess_rows(options), sample)
        codes = state.codes(rows)
        prior = state.prior()
        scores = expected_guesses(codes, prior, state.engine.n_patterns, state.engine.solved)
        return rows, codes, prior, scores, best_indices(state, rows, scores, False, options, width)

    def choose(self, state: State, options: Options = Options()) -> str:
        """Return the best guess (the only candidate, unless words off the prior must be kept finishable)."""
        if state.n == 1 and not self.keeps_beyond(state):
            return state.candidates[0]
        return self.rank(state, options, top=1)[0].guess

    @staticmethod
    def keeps_beyond(state: State) -> bool:
        """Return whether accepted words off the prior fit the clues and are kept finishable here (normal mode,
        Wordle's later words): then one or two candidates are no forced move."""
        return (
            state.rule is None
            and not state.plans
            and bool(also_accepted(state.engine.lexicon, state.clues, state.candidate_set))
        )

    @staticmethod
    def _second_look(
        state: State, rows: np.ndarray, codes: np.ndarray, prior: np.ndarray, scores: np.ndarray, idx: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """Return (scores, idx) with the SECOND_WIDTH best guesses scored two deep (``second_guesses``), best first.

        The other guesses keep E(g) moved by the mean change of those re-scored,
        so that the charge for lost words still weighs them on one scale.
        """
        top = idx[:SECOND_WIDTH]
        deep = np.array([second_guesses(state, rows, codes, i, prior) for i in top.tolist()])
        new = np.asarray(scores, dtype=np.float64).copy()
        new += float(np.mean(deep - new[top]))
        new[top] = deep
        idx = idx[np.lexsort((np.arange(len(idx)), np.round(new[idx], 9)))]
        return new, idx

    @staticmethod
    def _keep_finishable(
        state: State,
        options: Options,
        rows: np.ndarray,
        codes: np.ndarray,
        scores: np.ndarray,
        prior: np.ndarray,
        idx: np.ndarray,
        left: int,
    ):
        """Return (rows, codes, scores, idx) with the best guess after which a plan finishes every candidate first.

        Normal mode only.  The GUARD_WIDTH best guesses are tried in order
        (usually the first is safe: one check); when none is, the guess of
        the plan found for the state itself goes first, scored and added to
        the rows if the shortlist lacked it, else the safe tree's guess while
        the game follows the tree.  A state reached by a safe guess always has
        that plan (the same search, over a subset of the same words, finds it
        again), and one reached by the tree's guess the tree's next, so from
        the tree's opener no word it covers is ever lost.
        """
        if left < 1:
            return rows, codes, scores, idx
        engine = state.engine
        extra = also_accepted(engine.lexicon, state.clues, state.candidate_set)
        words = list(state.candidates) + extra
        if len(words) <= 1:
            return rows, codes, scores, idx
        # after another opener than the safe tree's, the second row is a first suggestion nobody shipped: a set of
        # more than OPENING_CHECKED words is the opener's to keep, as an opening's is, and no wide search is run
        # (slow, and on such sets fruitless: BENCHMARKS.md, "chute serve")
        second = _after_another_opener(state, options)
        if second and len(words) > OPENING_CHECKED:  # as an opening of so many words: no note, nothing to keep
            return rows, codes, scores, idx
        cols = np.concatenate([state.columns, engine.columns(extra)]) if extra else state.columns
        every = state.kept_every_code()  # the shortlist's codes of every guess, when it kept them
        plans = Plans(engine, None, words, cols, options.rows, every=every)
        allowed = state.guess_rows(options)
        # the safe tree's guess, proven there too: read once the plans fail the best guess (reading the tree costs time)
        proven = cache(lambda: _safe_tree_guess(state, options, allowed) if len(state.clues) < PROVEN_ROWS else None)
        guess = None
        try:
            for k, i in enumerate(idx[:GUARD_WIDTH].tolist()):
                if k and int(rows[i]) == proven():
                    return rows, codes, scores, _first(idx, k, state)
                row = plans.row_codes(np.array([rows[i]]))[0] if extra else codes[i]
                if plans.keeps_all(int(rows[i]), row, allowed, left - 1) or int(rows[i]) == proven():
                    return rows, codes, scores, _first(idx, k, state)
            guess = plans.plan_guess(allowed, left)
        except OutOfBudget:
            pass
        gave_up = False
        if guess is None and not second:  # a wider search, once per such state (the first clue's largest sets)
            try:
                guess = plans.widened(WIDE_TOP, wide_budget(len(words))).plan_guess(allowed, left)
            except OutOfBudget:  # a state too open to plan for (after a useless guess)
                gave_up = True
        if guess is None:  # the safe tree's guess, while the game follows it: proven to keep every word
            guess = _safe_tree_guess(state, options, allowed)
        if guess is None:  # E(g) alone
            _tell(state, PLANS_GAVE_UP if gave_up else NO_PLAN)
            return rows, codes, scores, idx
        at = np.flatnonzero(rows == guess)
        if not len(at):
            its_codes = np.asarray(state.codes(np.array([guess], dtype=rows.dtype)))
            rows = np.append(rows, guess)
            codes = np.vstack([np.asarray(codes), its_codes])
            scores = np.append(scores, expected_guesses(its_codes, prior, state.engine.n_patterns, state.engine.solved))
            at = np.array([len(rows) - 1])
        if not (idx == at[0]).any():
            idx = np.append(idx, at[0])
        return rows, codes, scores, _first(idx, int(np.flatnonzero(idx == at[0])[0]), state)

    @staticmethod
    def _least_loss(
        state: State,
        options: Options,
        rows: np.ndarray,
        codes: np.ndarray,
        scores: np.ndarray,
        idx: np.ndarray,
        left: int,
    ) -> np.ndarray:
        """Return ``idx`` ordered by E(g) plus the cost of the words each guess may lose (where the policy plans).

        The best guess alone is checked when it loses nothing (the usual case).
        """
        engine = state.engine
        prior = state.prior()
        listed = covered_first(engine.lexicon, state.candidates)
        scale = (
            state.top_weight
            if state.top_weight is not None
            else (float(np.max(state.weights)) if state.weights is not None else 1.0)
        )
        raw = np.asarray(state.weights, dtype=np.float64) if state.weights is not None else np.ones(state.n)
        kept = np.flatnonzero(listed | (raw >= GUARD_FLOOR * scale))
        if left < 1 or len(kept) <= left - 1:
            return idx
        plans = Plans(
            engine, state.rule, [state.candidates[j] for j in kept.tolist()], state.columns[kept], options.rows
        )
        allowed = state.guess_rows(Options())
        cost = float(options.rows * LOSS_PER_ROW)
        charged = np.zeros(len(idx))
        try:
            for k, i in enumerate(idx.tolist()):
                lost = plans.lost_mass(
                    int(rows[i]), np.asarray(codes[i])[kept], prior[kept], listed[kept], allowed, left - 1
                )
                if k == 0 and lost == 0.0:
                    return idx
                charged[k] = scores[i] + cost * lost
        except OutOfBudget:  # a state too open to plan for (after a useless guess): E(g) alone
            _tell(state, PLANS_GAVE_UP)
            return idx
        return idx[np.lexsort((np.arange(len(idx)), charged))]

    @staticmethod
    def _shortlist(state: State, rows: np.ndarray, sample: bool = False) -> np.ndarray:
        """Return the rows worth scoring: the most informative guesses and the likeliest candidates.

        The estimate needs two histograms per guess; the compiled entropy
        pass first keeps the SHORTLIST most informative guesses (a guess far
        down in information is not rescued by its own small chance of being
        the answer) and the LIKELIEST candidates the rules allow.  ``sample``
        (a large second row after another opener: a suggestion nobody ranked
        ahead) measures the information over a seeded SAMPLE of the candidates,
        not all of them (the codes of thousands of words off the matrix against
        every guess: most of such a suggestion's time).
        """
        if len(rows) <= SHORTLIST + LIKELIEST:
            return rows
        if sample and state.n > SAMPLE:
            pick = np.sort(np.random.default_rng(state.n).choice(state.n, SAMPLE, replace=False))
            codes = state.engine.codes(rows, [state.candidates[i] for i in pick.tolist()], state.columns[pick])
            weights = None if state.weights is None else np.asarray(state.weights, dtype=np.float64)[pick]
            prior = None if weights is None else weights / weights.sum()
            entropy = partition_stats(codes, state.engine.n_patterns, prior).entropy
        else:
            entropy = state.partition_of(rows).entropy  # in blocks of rows: never the whole matrix again
        keep = rows[np.argsort(-np.round(entropy, 9), kind="stable")[:SHORTLIST]]
        index = state.engine.lexicon.guess_index
        allowed = set(rows.tolist())
        order = np.argsort(-state.prior(), kind="stable")
        likely = [
            index[state.candidates[j]]
            for j in order.tolist()
            if state.candidates[j] in index and index[state.candidates[j]] in allowed
        ][:LIKELIEST]
        return union(keep, np.array(likely, dtype=np.intp))
