"""What a list of (guess, pattern) clues implies about the secret.

For each clue, the secret has the green letters at their positions, does not
have the guess's letter at any non-green position, and for each letter ``c``
holds at least (greens + yellows of ``c``) copies, exactly that many if some
copy of ``c`` was grey.  These constraints hold exactly when scoring the
guess against the word gives the pattern (for a producible pattern), so
``consistent`` agrees with ``feedback.score`` word for word.

The fields ``fixed``, ``banned``, ``min_count`` and ``max_count`` hold what the
clues say directly.  ``deduced()`` adds what a person would conclude from them
(pigeonhole placements, letters used up, no room left for other letters); the
deduced constraints accept exactly the same words.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache

from ..errors import ContradictionError, NotationError
from ..language import Count, Note, and_list, counted, ordinal, phrase
from .feedback import GREEN, YELLOW, Clue, Template, is_producible, parse_template, to_emoji, to_guess_score
from .words import fold, is_word

ALPHABET = string.ascii_lowercase
_LETTERS = frozenset(ALPHABET)


@dataclass(frozen=True)
class Deduction:
    """One conclusion drawn from the constraints: what was concluded and why."""

    kind: str  # "place", "used-up" or "full"
    letters: str  # the letters concerned (lower case)
    positions: tuple[int, ...]  # 0-based positions concerned
    text: str  # the reasoning, for people

    def to_dict(self) -> dict:
        """Return the deduction as plain data (positions 0-based)."""
        return {"kind": self.kind, "letters": self.letters, "positions": list(self.positions), "text": self.text}


@lru_cache(maxsize=4096)
def _producible_alone(guess: str, pattern: str) -> bool:
    """Return whether some string of letters gives ``pattern`` for ``guess`` (exact)."""
    if YELLOW not in pattern:
        return True  # greens in place, any unguessed letter elsewhere
    alone = Knowledge(len(guess))
    alone._apply_clue(Clue(guess, pattern), "")
    return alone.satisfiable()


def clue_label(clue: Clue, number: int | None = None) -> Note:
    """Return how messages name a clue: ``clue 3 (TENET=TEN.t)``."""
    written = to_guess_score(clue.guess, clue.pattern)
    return Note("clue_n", n=number, written=written) if number else Note("clue_", written=written)


def _dashes(length: int, letters: dict[int, str]) -> str:
    """Return a row of dashes with the given letters (upper case) at their positions."""
    return "".join(letters.get(i, "-").upper() for i in range(length))


@dataclass
class Knowledge:
    """Constraints on the secret: fixed and banned positions, letter count bounds."""

    length: int
    fixed: list[str | None] = field(default_factory=list)  # position -> letter known there
    banned: list[set[str]] = field(default_factory=list)  # position -> letters not there
    min_count: dict[str, int] = field(default_factory=dict)  # letter -> at least this many
    max_count: dict[str, int] = field(default_factory=dict)  # letter -> at most this many
    clues: list[Clue] = field(default_factory=list)
    templates: list[str] = field(default_factory=list)  # template rows, as written
    discarded: set[str] = field(default_factory=set)  # template discarded letters
    deductions: list[Deduction] = field(default_factory=list)  # filled in by deduced()

    def __post_init__(self) -> None:
        if not self.fixed:
            self.fixed = [None] * self.length
        if not self.banned:
            self.banned = [set() for _ in range(self.length)]

    # ----------------------------------------------------------------- building

    @classmethod
    def from_clues(cls, clues: Iterable[Clue], length: int | None = None) -> Knowledge:
        """Return the knowledge given by the clues (raises ContradictionError if they conflict)."""
        clues = list(clues)
        if length is None:
            if not clues:
                raise ValueError("length is needed when there are no clues")
            length = len(clues[0].guess)
        k = cls(length)
        for clue in clues:
            k.add(clue)
        return k

    @classmethod
    def from_rows(cls, rows: Iterable[Clue | Template], length: int | None = None, discarded: str = "") -> Knowledge:
        """Return the knowledge given by clues and templates plus discarded letters."""
        rows = list(rows)
        if length is None:
            if not rows:
                raise ValueError("length is needed when there are no rows")
            first = rows[0]
            length = len(first.guess) if isinstance(first, Clue) else len(first.known)
        k = cls(length)
        for row in rows:
            if isinstance(row, Clue):
                k.add(row)
            else:
                k.add_template(row)
        if discarded:
            k.add_discarded(discarded)
        return k

    def copy(self) -> Knowledge:
        """Return an independent copy."""
        return Knowledge(
            self.length,
            list(self.fixed),
            [set(b) for b in self.banned],
            dict(self.min_count),
            dict(self.max_count),
            list(self.clues),
            list(self.templates),
            set(self.discarded),
            list(self.deductions),
        )

    def _commit(self, other: Knowledge) -> None:
        """Take over the constraints of ``other`` (a checked copy of self)."""
        self.fixed, self.banned = other.fixed, other.banned
        self.min_count, self.max_count = other.min_count, other.max_count
        self.clues, self.templates, self.discarded = other.clues, other.templates, other.discarded
        self.deductions = []

    def add(self, clue: Clue) -> None:
        """Add one clue's constraints; raise ContradictionError naming the clue if it conflicts.

        Two kinds of contradiction are told apart: a pattern that no secret can
        produce for its guess (the clue is wrong on its own), and a clue that no
        word satisfies together with the earlier ones.
        """
        guess, pattern = fold(clue.guess), clue.pattern
        clue = Clue(guess, pattern)
        name = clue_label(clue, len(self.clues) + 1)
        if len(guess) != self.length:
            raise ContradictionError(Note("wrong_length", name=name, has=Count(len(guess), "letter"), want=self.length))
        if not is_producible(guess, pattern):
            raise ContradictionError(Note("unproducible", name=name))
        if not _producible_alone(guess, pattern):
            raise ContradictionError(Note("unproducible_for", name=name, guess=guess.upper()))
        k = self.copy()
        k._apply_clue(clue, Note("conflicts", name=name))
        k.clues.append(clue)
        k._check(Note("conflicts", name=name))
        self._commit(k)

    def _apply_clue(self, clue: Clue, name: str) -> None:
        """Merge one clue's constraints in place (raises on a direct clash)."""
        shown: Counter[str] = Counter()
        greyed: set[str] = set()
        for i, (c, t) in enumerate(zip(clue.guess, clue.pattern)):
            if t == GREEN:
                self._fix(i, c, name)
                shown[c] += 1
            else:
                self.banned[i].add(c)
                if t == YELLOW:
                    shown[c] += 1
                else:
                    greyed.add(c)
        for c in sorted(set(clue.guess)):
            self._bound(c, shown[c], shown[c] if c in greyed else None, name)

    def _fix(self, i: int, c: str, name: str) -> None:
        """Fix letter ``c`` at position ``i``; raise if another letter is fixed there."""
        other = self.fixed[i]
        if other is not None and other != c:
            raise ContradictionError(Note("fixed_clash", name=name, letter=c.upper(), pos=i + 1, other=other.upper()))
        self.fixed[i] = c

    def _bound(self, c: str, low: int, high: int | None, name: str) -> None:
        """Tighten the count bounds of ``c``; raise if they cross.

        Every copy fixed in place counts toward the minimum: two clues may each
        show one green E, in two places, and then the word has at least two.
        """
        low = max(self.min_count.get(c, 0), low, self.fixed.count(c))
        high_now = self.max_count.get(c, self.length)
        if high is not None:
            high_now = min(high_now, high)
        if low > high_now:
            raise ContradictionError(
                Note(
                    "count_clash_1" if high_now == 1 else "count_clash",
                    name=name,
                    letter=c.upper(),
                    low=low,
                    high=high_now,
                )
            )
        if low:
            self.min_count[c] = low
        if high_now < self.length:
            self.max_count[c] = high_now

    def add_template(self, template: Template | str, text: str | None = None) -> None:
        """Add a template row such as ``_U_[E]S``: letters known in place, ``[X]`` present but not here.

        One template is read as one played row: a letter shown twice (placed or
        bracketed) means at least two copies.
        """
        if isinstance(template, str):
            template = parse_template(template, self.length)
        text = text or str(template)
        name = f"template {text}"
        if len(template.known) != self.length:
            raise ContradictionError(f"{name} has {len(template.known)} positions, expected {self.length}")
        k = self.copy()
        shown: Counter[str] = Counter()
        for i, (known, misplaced) in enumerate(zip(template.known, template.misplaced)):
            if known:
                k._fix(i, known, f"{name} puts")
                shown[known] += 1
            for c in misplaced:
                k.banned[i].add(c)
                shown[c] += 1
        for c in sorted(shown):
            k._bound(c, shown[c], None, f"{name} conflicts with earlier clues:")
        k.templates.append(text)
        k._check(f"{name} conflicts with earlier clues:")
        self._commit(k)

    def add_discarded(self, letters: Iterable[str]) -> None:
        """Add letters known to be absent from the secret (the template notation's discarded letters)."""
        letters = fold("".join(letters))
        if not is_word(letters):
            raise NotationError(f"discarded letters {letters!r} must be letters a-z")
        k = self.copy()
        for c in sorted(set(letters)):
            if k.min_count.get(c, 0):
                raise ContradictionError(f"discarded letter {c.upper()} is shown present by the clues")
            k.max_count[c] = 0
            k.discarded.add(c)
        k._check("the discarded letters conflict with the clues:")
        self._commit(k)

    def _check(self, name: str) -> None:
        """Raise ContradictionError (message starting with ``name``) if no string of letters fits."""
        for c, n in sorted(self.min_count.items()):
            if n > self.length:
                raise ContradictionError(Note("too_many_copies", name=name, letter=c.upper(), n=n, length=self.length))
        if sum(self.min_count.values()) > self.length:
            raise ContradictionError(Note("too_many_letters", name=name))
        for i in range(self.length):
            f = self.fixed[i]
            if f is not None and (f in self.banned[i] or self.max_count.get(f, 1) == 0):
                raise ContradictionError(Note("both_ways", name=name, letter=f.upper(), pos=i + 1))
        for c, n in sorted(self.min_count.items()):
            possible = sum(
                1
                for i in range(self.length)
                if self.fixed[i] == c or (self.fixed[i] is None and c not in self.banned[i])
            )
            if possible < n:
                raise ContradictionError(Note("no_room", name=name, letter=c.upper(), n=n, k=possible))
        for c, n in sorted(self.max_count.items()):
            if self.fixed.count(c) > n:
                raise ContradictionError(Note("too_many_correct", name=name, letter=c.upper()))
        if not self.satisfiable():
            raise ContradictionError(Note("no_letters", name=name))

    # ----------------------------------------------------------------- questions

    def satisfiable(self) -> bool:
        """Return whether some string of letters a-z meets every constraint (exact search)."""
        n = self.length
        tracked = sorted(set(self.min_count) | {c for c, m in self.max_count.items() if 0 < m < n})
        index = {c: j for j, c in enumerate(tracked)}
        lo = tuple(self.min_count.get(c, 0) for c in tracked)
        hi = tuple(min(self.max_count.get(c, n), n) for c in tracked)
        # choices[i]: tracked letters possible at i, and whether some untracked letter is.
        excluded = {c for c, m in self.max_count.items() if m == 0}
        choices: list[tuple[tuple[int, ...], bool]] = []
        for i in range(n):
            f = self.fixed[i]
            allowed = ({f} if f is not None else _LETTERS) - self.banned[i] - excluded
            choices.append((tuple(j for j, c in enumerate(tracked) if c in allowed), not allowed <= index.keys()))
        if self._greedy_witness(tracked, lo, hi, choices):
            return True
        # room[i][j]: positions from i on where tracked letter j may go.
        room = [[0] * len(tracked) for _ in range(n + 1)]
        for i in range(n - 1, -1, -1):
            room[i] = list(room[i + 1])
            for j in choices[i][0]:
                room[i][j] += 1

        @cache
        def fits(i: int, counts: tuple[int, ...]) -> bool:
            """Return whether positions i.. can be filled, given the tracked counts so far."""
            need = [max(0, lo[j] - counts[j]) for j in range(len(tracked))]
            if sum(need) > n - i or any(need[j] > room[i][j] for j in range(len(tracked))):
                return False
            if i == n:
                return True
            js, wild = choices[i]
            for j in js:
                if counts[j] < hi[j] and fits(i + 1, counts[:j] + (counts[j] + 1,) + counts[j + 1 :]):
                    return True
            return wild and fits(i + 1, counts)

        return fits(0, (0,) * len(tracked))

    def _greedy_witness(self, tracked, lo, hi, choices) -> bool:
        """Return True if a quick greedy fill meets the constraints (False: undecided)."""
        counts = [0] * len(tracked)
        free = []
        for i, f in enumerate(self.fixed):
            js, wild = choices[i]
            if f is None:
                free.append(i)
            elif js:
                counts[js[0]] += 1
            elif not wild:
                return False
        if any(c > h for c, h in zip(counts, hi)):
            return False
        used: set[int] = set()
        missing = sorted(
            (j for j in range(len(tracked)) if counts[j] < lo[j]), key=lambda j: sum(j in choices[i][0] for i in free)
        )
        for j in missing:
            for _ in range(lo[j] - counts[j]):
                spot = next((i for i in free if i not in used and j in choices[i][0]), None)
                if spot is None:
                    return False
                used.add(spot)
        return all(choices[i][1] for i in free if i not in used)

    def consistent(self, word: str) -> bool:
        """Return whether the word could be the secret given every clue so far."""
        word = fold(word)
        if len(word) != self.length:
            return False
        for i, c in enumerate(word):
            f = self.fixed[i]
            if (f is not None and c != f) or c in self.banned[i]:
                return False
        counts = Counter(word)
        for c, n in self.min_count.items():
            if counts[c] < n:
                return False
        for c, n in self.max_count.items():
            if counts[c] > n:
                return False
        return True

    def filter(self, words: Iterable[str]) -> list[str]:
        """Return the words consistent with the clues, in the given order (same test as ``consistent``)."""
        match = self.regex().match
        return [w for w in words if match(w if w.isascii() and w.islower() and w.isalpha() else fold(w))]

    def regex(self) -> re.Pattern:
        """Return a regular expression matching exactly the consistent folded words.

        Lookaheads carry the letter counts: ``(?=(?:[^t]*t){2})`` for at least
        two Ts, ``(?!(?:[^e]*e){2})`` for at most one E.
        """
        counts = []
        for c, low in sorted(self.min_count.items()):
            if low > 0:
                counts.append(f"(?=(?:[^{c}]*{c}){{{low}}})")
        for c, high in sorted(self.max_count.items()):
            if high < self.length:
                counts.append(f"(?!(?:[^{c}]*{c}){{{high + 1}}})")
        positions = "".join(
            re.escape(f) if f is not None else (f"[^{''.join(sorted(b))}]" if b else ".")
            for f, b in zip(self.fixed, self.banned)
        )
        return re.compile("".join(counts) + positions + r"\Z", re.DOTALL)

    def required(self) -> dict[str, tuple[int, int | None]]:
        """Return each letter known present: (at least, at most or None), alphabetical."""
        return {c: (n, self.max_count.get(c)) for c, n in sorted(self.min_count.items()) if n > 0}

    def excluded(self) -> str:
        """Return the letters known absent, alphabetical."""
        return "".join(sorted(c for c, m in self.max_count.items() if m == 0))

    def wrong_spots(self) -> list[str]:
        """Return per position the letters of the secret known not to be there (Wordle Finder's wrong_spot)."""
        present = {c for c, m in self.max_count.items() if m > 0} | set(self.min_count)
        present -= set(self.excluded())
        return ["".join(sorted(b & present)) for b in self.banned]

    def unused(self) -> str:
        """Return the letters about which nothing is known yet (neither required nor excluded)."""
        known = set(self.required()) | set(self.excluded())
        return "".join(c for c in ALPHABET if c not in known)

    def mask(self) -> str:
        """Return the known letters by position, dashes elsewhere (``-I-TY``)."""
        return "".join((f or "-").upper() for f in self.fixed)

    # ----------------------------------------------------------------- deductions

    def deduced(self) -> Knowledge:
        """Return a copy with a person's deductions applied and listed in ``deductions``.

        - pigeonhole: a letter whose missing copies fit in exactly as many free
          positions goes there (``PLANK=...n. TENOR=TEN.. TENET=TEN.t`` puts T 4th);
        - used up: a letter whose maximum is reached by placed copies is not in
          any other free position;
        - full: when the missing copies of required letters fill every free
          position, no other letter is in the word and each count is exact.

        Each step is implied by the constraints, so the same words stay consistent.
        """
        k = self.copy()
        k.deductions = []
        n = k.length
        changed = True
        while changed:
            changed = False
            for c, low in sorted(k.min_count.items()):
                missing = low - k.fixed.count(c)
                spots = k._spots(c)
                if missing > 0 and len(spots) == missing:
                    for i in spots:
                        k.fixed[i] = c
                    where = ", ".join(str(i + 1) for i in spots)
                    k.deductions.append(
                        Deduction(
                            "place",
                            c,
                            tuple(spots),
                            f"{c.upper()} at position{'s' if len(spots) > 1 else ''} {where}: "
                            f"{low} {c.upper()} needed and {'they fit' if missing > 1 else 'one more fits'} "
                            f"only there",
                        )
                    )
                    changed = True
            for c, high in sorted(k.max_count.items()):
                placed = k.fixed.count(c)
                spots = k._spots(c)
                if high > 0 and placed >= high and spots:
                    for i in spots:
                        k.banned[i].add(c)
                    where = ", ".join(str(i + 1) for i in spots)
                    k.deductions.append(
                        Deduction(
                            "used-up",
                            c,
                            tuple(spots),
                            f"no other {c.upper()}: at most {high}, already placed, so not at "
                            f"position{'s' if len(spots) > 1 else ''} {where}",
                        )
                    )
                    changed = True
            free = [i for i in range(n) if k.fixed[i] is None]
            missing_total = sum(max(0, low - k.fixed.count(c)) for c, low in k.min_count.items())
            if free and missing_total == len(free):
                others = [c for c in ALPHABET if not k.min_count.get(c) and k.max_count.get(c) != 0]
                capped = [c for c, low in sorted(k.min_count.items()) if k.max_count.get(c, n) > low]
                if others or capped:
                    for c in others:
                        k.max_count[c] = 0
                    for c in capped:
                        k.max_count[c] = k.min_count[c]
                    letters = "".join(sorted(c for c, low in k.min_count.items() if low > k.fixed.count(c)))
                    k.deductions.append(
                        Deduction(
                            "full",
                            letters,
                            tuple(free),
                            f"the missing {', '.join(c.upper() for c in letters)} fill every free position: "
                            f"no other letter, every count exact",
                        )
                    )
                    changed = True
        return k

    def _spots(self, c: str) -> list[int]:
        """Return the free positions where letter ``c`` may still go."""
        return [i for i in range(self.length) if self.fixed[i] is None and c not in self.banned[i]]

    # ----------------------------------------------------------------- explaining

    def faults(self, word: str) -> dict:
        """Return what rules the word out, as data (empty if it could be the secret).

        Keys, each present only when it applies: ``length`` (its letter count),
        ``missing`` (required letters it lacks), ``misplaced`` (position ->
        the known letter there), ``absent`` (position -> a letter known absent),
        ``wrong`` (position -> a present letter known not to be there),
        ``counts`` (letter -> (copies, "least" or "most", the bound)).
        """
        word = fold(word)
        if len(word) != self.length:
            return {"length": len(word)}
        counts = Counter(word)
        excluded = set(self.excluded())
        found: dict = {
            "missing": "".join(c for c in self.required() if counts[c] == 0),
            "misplaced": {i: f for i, (c, f) in enumerate(zip(word, self.fixed)) if f is not None and c != f},
            "absent": {i: c for i, c in enumerate(word) if c in excluded},
            "wrong": {i: c for i, c in enumerate(word) if c in self.banned[i] and c not in excluded},
            "counts": {},
        }
        for c in sorted(counts):
            low, high = self.min_count.get(c, 0), self.max_count.get(c)
            if 0 < counts[c] < low:
                found["counts"][c] = (counts[c], "least", low)
            elif high and counts[c] > high:
                found["counts"][c] = (counts[c], "most", high)
        return {k: v for k, v in found.items() if v}

    def reasons(self, word: str) -> list[str]:
        """Return every reason the word cannot be the secret (empty if it can), Wordle Finder's wording.

        ``Valid: missing EO`` (required letters absent), ``Mask: needs ----E``
        (a known letter not in place), ``Invalid: has ---AL`` (letters known
        absent), ``WrongSpot: has ---E-`` (a present letter where it is known not
        to be), ``Count: has 2 E, at most 1`` (too many or too few copies).
        """
        f = self.faults(word)
        if "length" in f:
            return [f"Length: has {f['length']} letters, needs {self.length}"]
        out = []
        if "missing" in f:
            out.append(f"Valid: missing {f['missing'].upper()}")
        if "misplaced" in f:
            out.append(f"Mask: needs {self.mask()}")
        if "absent" in f:
            out.append(f"Invalid: has {_dashes(self.length, f['absent'])}")
        if "wrong" in f:
            out.append(f"WrongSpot: has {_dashes(self.length, f['wrong'])}")
        for c, (has, side, bound) in f.get("counts", {}).items():
            out.append(f"Count: has {has} {c.upper()}, at {side} {bound}")
        return out

    def plain_reasons(self, word: str, lang: str = "en") -> list[str]:
        """Return, in plain sentences of ``lang`` ("en" or "pt"), every reason the word cannot be the secret."""
        f = self.faults(word)
        if "length" in f:
            return [phrase("length", lang, has=counted(f["length"], "letter", lang), want=self.length)]
        word = fold(word)
        out = []
        if "missing" in f:
            out.append(phrase("missing", lang, letters=and_list([c.upper() for c in f["missing"]], lang)))
        for i, letter in f.get("misplaced", {}).items():
            out.append(phrase("misplaced", lang, nth=ordinal(i, lang), letter=letter.upper(), mine=word[i].upper()))
        absent = sorted(set(f.get("absent", {}).values()))
        if absent:
            out.append(
                phrase(
                    "absent_one" if len(absent) == 1 else "absent_many",
                    lang,
                    letters=and_list([c.upper() for c in absent], lang),
                )
            )
        for i, c in f.get("wrong", {}).items():
            if self.fixed[i] != c:
                out.append(phrase("wrong_spot", lang, letter=c.upper(), nth=ordinal(i, lang)))
        for c, (has, side, bound) in f.get("counts", {}).items():
            out.append(phrase(f"count_{side}", lang, has=has, letter=c.upper(), bound=bound))
        return out

    def explain(self, word: str) -> str:
        """Return why the word fails (reasons joined by ``; ``), or ``Eligible``."""
        return "; ".join(self.reasons(word)) or "Eligible"

    def describe_required(self) -> str:
        """Return the required letters with counts: ``exactly 1 E, at least 2 T``."""
        parts = []
        for c, (low, high) in self.required().items():
            parts.append(
                f"{'exactly' if high == low else 'at least'} {low} {c.upper()}"
                + (f" (at most {high})" if high is not None and high != low else "")
            )
        return ", ".join(parts)

    def summary(self) -> str:
        """Return a readable account of what is known (Wordle Finder's ``-v``), one fact per line."""
        d = self.deduced()
        pattern = self.mask()
        if d.mask() != pattern:
            pattern += f" (deduced: {d.mask()})"
        wrong = self.wrong_spots()
        lines = [
            ("Pattern", pattern),
            ("Required", self.describe_required() or "-"),
            ("Excluded", self.excluded().upper() or "-"),
            ("Wrong spot", "[" + ",".join(w.upper() or "-" for w in wrong) + "]"),
            ("Unused", self.unused().upper() or "-"),
        ]
        for j, step in enumerate(d.deductions):
            lines.append(("Deduced" if j == 0 else "", step.text))
        for j, clue in enumerate(self.clues):
            lines.append(
                ("Clues" if j == 0 else "", f"{to_guess_score(clue.guess, clue.pattern)} {to_emoji(clue.pattern)}")
            )
        if self.templates:
            lines.append(("Templates", " ".join(self.templates)))
        if self.discarded:
            lines.append(("Discarded", "".join(sorted(self.discarded)).upper()))
        return "\n".join(f"{(k + ':') if k else '':<12}{v}" for k, v in lines)

    def to_dict(self) -> dict:
        """Return what is known as plain data for JSON (positions are 0-based list indexes)."""
        d = self.deduced()
        return {
            "length": self.length,
            "pattern": self.mask().lower(),
            "deduced_pattern": d.mask().lower(),
            "fixed": list(self.fixed),
            "required": {c: {"min": low, "max": high} for c, (low, high) in self.required().items()},
            "excluded": list(self.excluded()),
            "wrong_spots": [list(w) for w in self.wrong_spots()],
            "banned": [sorted(b) for b in self.banned],
            "unused": list(self.unused()),
            "min_count": dict(sorted(self.min_count.items())),
            "max_count": dict(sorted(self.max_count.items())),
            "deductions": [s.to_dict() for s in d.deductions],
            "clues": [
                {
                    "guess": c.guess,
                    "pattern": c.pattern,
                    "guess_score": to_guess_score(c.guess, c.pattern),
                    "emoji": to_emoji(c.pattern),
                }
                for c in self.clues
            ],
            "templates": list(self.templates),
            "discarded": sorted(self.discarded),
        }

    # ----------------------------------------------------------------- grep
