"""The scoring rule and every notation for feedback, in and out.

A pattern is a string with one letter per tile: ``g`` correct (green), ``y``
present elsewhere (yellow), ``b`` absent (grey/black).  Engines store the same
pattern as a base-3 integer code: tile ``i`` contributes ``value * 3**i`` with
b=0, y=1, g=2, so the all-green code for length ``n`` is ``3**n - 1``.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import ChuteError, NotationError
from ..files import excerpt
from ..language import Count, Note
from .words import fold, is_word, word_of_length

GREEN, YELLOW, BLACK = "g", "y", "b"
TILE_VALUE = {BLACK: 0, YELLOW: 1, GREEN: 2}
VALUE_TILE = "byg"

# Every character any supported notation uses for a tile.  The sets are
# disjoint, so a colour string may even mix notations.
_GREEN_CHARS = set("gGcC2") | {"\U0001f7e9", "\U0001f7e7", "\U0001f49a"}  # 🟩 🟧 💚
_YELLOW_CHARS = set("yYiI1") | {"\U0001f7e8", "\U0001f7e6", "\U0001f49b"}  # 🟨 🟦 💛
_BLACK_CHARS = set("bB0._- ") | {"\u2b1b", "\u2b1c", "\u25fb", "\u25fc"}  # ⬛ ⬜ ◻ ◼
_TILE_OF_CHAR = {
    **{c: GREEN for c in _GREEN_CHARS},
    **{c: YELLOW for c in _YELLOW_CHARS},
    **{c: BLACK for c in _BLACK_CHARS},
}
_VARIATION_SELECTORS = {"\ufe0f", "\ufe0e"}
# Which notation a tile character belongs to; blanks (. _ - space) belong to none.
_FAMILY = {
    **{c: "g/y/b" for c in "gGyYbB"},
    **{c: "c/i" for c in "cCiI"},
    **{c: "digits" for c in "012"},
    **{c: "emoji" for c in _TILE_OF_CHAR if ord(c) > 0x2000},
}

EMOJI = {GREEN: "\U0001f7e9", YELLOW: "\U0001f7e8", BLACK: "\u2b1b"}
EMOJI_LIGHT = {GREEN: "\U0001f7e9", YELLOW: "\U0001f7e8", BLACK: "\u2b1c"}
TERMO = {GREEN: "c", YELLOW: "i", BLACK: "_"}
DIGITS = {GREEN: "2", YELLOW: "1", BLACK: "0"}


def score(guess: str, secret: str) -> str:
    """Return the pattern the game shows for ``guess`` against ``secret``.

    Greens first; then, left to right, a letter is yellow while the secret
    still has an unmatched copy of it, and grey otherwise.
    """
    guess, secret = fold(guess), fold(secret)
    if len(guess) != len(secret):
        raise NotationError(f"cannot score {excerpt(guess)} against {excerpt(secret)}: lengths differ")
    tiles = [BLACK] * len(guess)
    unmatched: Counter[str] = Counter()
    for i, (g, s) in enumerate(zip(guess, secret)):
        if g == s:
            tiles[i] = GREEN
        else:
            unmatched[s] += 1
    for i, g in enumerate(guess):
        if tiles[i] != GREEN and unmatched[g] > 0:
            tiles[i] = YELLOW
            unmatched[g] -= 1
    return "".join(tiles)


def encode(pattern: str) -> int:
    """Return the base-3 integer code of a canonical pattern string."""
    return sum(TILE_VALUE[t] * 3**i for i, t in enumerate(pattern))


def decode(code: int, length: int) -> str:
    """Return the canonical pattern string of a base-3 code."""
    tiles = []
    for _ in range(length):
        code, value = divmod(code, 3)
        tiles.append(VALUE_TILE[value])
    return "".join(tiles)


def all_green(length: int) -> str:
    """Return the solved pattern of the given length."""
    return GREEN * length


def n_patterns(length: int) -> int:
    """Return how many pattern codes words of this length have (3 colours per tile: ``3**length``)."""
    return 3**length


def solved_code(length: int) -> int:
    """Return the code of the solved pattern of the given length (the largest code)."""
    return n_patterns(length) - 1


def is_producible(guess: str, pattern: str) -> bool:
    """Return whether some secret could give ``pattern`` for ``guess``.

    Yellows are handed out left to right, so for each letter every yellow copy
    must come before every grey copy among its non-green tiles.
    """
    grey_seen: set[str] = set()
    for g, t in zip(fold(guess), pattern):
        if t == BLACK:
            grey_seen.add(g)
        elif t == YELLOW and g in grey_seen:
            return False
    return True


def parse_colours(text: str, length: int | None = None) -> str:
    """Return the canonical pattern for a colour string in any tile notation.

    Accepts g/y/b, Termo's c/i/blank (blank as space, ``_`` or ``.``), 0/1/2
    digits and emoji tiles.  Blanks (``. _ -`` and space) go with any of
    them, but one string may not mix two notations (``c.y..`` is refused).
    Tiles typed with a space between each (``g g y b b``) are read as such
    when that gives the expected length and reading spaces as blanks does not.
    """
    chars = [c for c in text if c not in _VARIATION_SELECTORS]
    if (
        length is not None
        and len(chars) == 2 * length - 1
        and length > 1
        and all(c == " " for c in chars[1::2])
        and " " not in chars[::2]
    ):
        chars = chars[::2]
    tiles = []
    families = set()
    for c in chars:
        if c not in _TILE_OF_CHAR:
            raise NotationError(Note("unknown_tile", tile=repr(c), text=excerpt(text)))
        tiles.append(_TILE_OF_CHAR[c])
        if c in _FAMILY:
            families.add(_FAMILY[c])
    if len(families) > 1:
        raise NotationError(Note("mixed_notations", text=excerpt(text), families=tuple(sorted(families))))
    if length is not None and len(tiles) != length:
        raise NotationError(Note("tile_count", text=excerpt(text), tiles=Count(len(tiles), "tile"), n=length))
    if not tiles:
        raise NotationError(Note("empty_pattern"))
    return "".join(tiles)


@dataclass(frozen=True)
class Clue:
    """One played row: the guess (folded, lower case) and its canonical pattern."""

    guess: str
    pattern: str

    def __post_init__(self) -> None:
        if len(self.guess) != len(self.pattern):
            raise NotationError(f"guess {self.guess!r} and pattern {self.pattern!r} differ in length")

    @property
    def solved(self) -> bool:
        """Return whether this row is all green."""
        return self.pattern == all_green(len(self.pattern))

    def __str__(self) -> str:
        return f"{self.guess}:{self.pattern}"


_WORD_RE = re.compile(r"^[^\W\d_]+$")


def _check_word(word: str, text: str) -> str:
    """Return the folded word; raise NotationError if it is not a word of letters."""
    word = unicodedata.normalize("NFC", word)
    folded = fold(word)
    if not _WORD_RE.match(word) or not is_word(folded):
        raise NotationError(Note("not_letters_in", word=excerpt(word), text=excerpt(text)))
    return folded


def _guess_score(guess: str, score_text: str, text: str) -> str | None:
    """Return the pattern if ``score_text`` is Wordle Finder's SCORE for ``guess``, else None.

    SCORE: an upper-case letter is correct, a lower-case letter is present
    elsewhere, ``.`` is absent; each letter must be the guess's letter there.
    """
    if len(score_text) != len(guess):
        return None
    tiles = []
    for g, s in zip(guess, score_text):
        if s == ".":
            tiles.append(BLACK)
        elif fold(s) == g and s.isupper():
            tiles.append(GREEN)
        elif fold(s) == g and s.islower():
            tiles.append(YELLOW)
        else:
            return None
    return "".join(tiles)


def parse_clue(text: str, length: int | None = None) -> Clue:
    """Return the clue written as ``GUESS=SCORE`` (Wordle Finder) or ``guess:colours``.

    After ``=`` a score that reads as Wordle Finder's SCORE (each letter the guess's
    letter there, ``.`` absent) is one, even where it would also read as
    colours (``CLAIM=c..i.`` is C and I present, not Termo's c/i); otherwise
    ``guess=colours`` works too.  After ``:``, ``,`` or a space it is colours.
    """
    text = text.lstrip().rstrip("\r\n")
    # Trailing spaces may be Termo blanks, so only a bare whitespace separator trims.
    m = re.match(r"^([^=:,\s]+)([=:,])(.+)$", text) or re.match(r"^(\S+)(\s)\s*(.+?)\s*$", text)
    if not m:
        raise NotationError(Note("cannot_read_clue", text=excerpt(text)))
    word, sep, rest = m.groups()
    guess = _check_word(word, text)
    if length is not None and len(guess) != length:
        raise NotationError(
            Note("guess_letters_in", word=excerpt(word), text=excerpt(text), k=Count(len(guess), "letter"), n=length)
        )
    as_score = _guess_score(guess, rest, text) if sep == "=" else None
    try:
        as_colours = parse_colours(rest, len(guess))
    except NotationError as err:
        if as_score is not None:
            return Clue(guess, as_score)
        if sep == "=" and len(rest) == len(guess) and any(c.isalpha() and c not in _TILE_OF_CHAR for c in rest):
            raise NotationError(Note("score_mismatch", score=excerpt(rest), text=excerpt(text))) from None
        raise NotationError(Note("in_clue", error=err.args[0], text=excerpt(text))) from None
    if as_score is None and sep == "=" and "." in rest and any(c.isupper() for c in rest):
        raise NotationError(Note("score_mismatch", score=excerpt(rest), text=excerpt(text)))
    return Clue(guess, as_colours if as_score is None else as_score)


BOARD_SEPARATORS = re.compile(r"[\s,|;/]+")  # between the boards' colours in one row
SOLVED_MARKS = frozenset({"-", "✓", "ok", "solved"})  # a board already solved, in a row of several boards


def parse_board_row(text: str, length: int) -> tuple[str, list[str | None]]:
    """Return (guess, one pattern per board, None for a board marked solved) from ``guess:p1/p2/...``.

    The guess is followed by ``:``, ``=`` or a space; the boards' colours, in
    board order and in any notation, by ``/``, ``|``, ``,``, ``;`` or spaces;
    ``-`` stands for a board already solved.
    """
    m = re.match(r"^\s*([^=:,/|;\s]+)\s*[=:,\s]\s*(.+?)\s*$", text)
    if not m:
        raise NotationError(Note("cannot_read_row", text=excerpt(text)))
    guess = _check_word(m.group(1), text)
    if len(guess) != length:
        raise NotationError(
            Note(
                "guess_letters_in",
                word=excerpt(m.group(1)),
                text=excerpt(text),
                k=Count(len(guess), "letter"),
                n=length,
            )
        )
    patterns: list[str | None] = []
    for token in BOARD_SEPARATORS.split(m.group(2)):
        if token:
            patterns.append(None if token.lower() in SOLVED_MARKS else parse_colours(token, length))
    return guess, patterns


def to_guess_score(guess: str, pattern: str) -> str:
    """Return the clue in Wordle Finder's ``GUESS=SCORE`` notation (``CHEST=c.E..``)."""
    guess = fold(guess)
    score_text = "".join(g.upper() if t == GREEN else g if t == YELLOW else "." for g, t in zip(guess, pattern))
    return f"{guess.upper()}={score_text}"


def to_emoji(pattern: str, light: bool = False) -> str:
    """Return the pattern as emoji tiles (🟩 🟨 ⬛, or ⬜ for light mode)."""
    table = EMOJI_LIGHT if light else EMOJI
    return "".join(table[t] for t in pattern)


def to_termo(pattern: str) -> str:
    """Return the pattern in Termo's notation: ``c`` correct, ``i`` present, ``_`` absent."""
    return "".join(TERMO[t] for t in pattern)


def to_digits(pattern: str) -> str:
    """Return the pattern as digits: 2 correct, 1 present, 0 absent."""
    return "".join(DIGITS[t] for t in pattern)


NOTATIONS = {
    "gyb": lambda guess, pattern: pattern,
    "clue": lambda guess, pattern: f"{fold(guess)}:{pattern}",
    "guess-score": to_guess_score,
    "emoji": lambda guess, pattern: to_emoji(pattern),
    "termo": lambda guess, pattern: to_termo(pattern),
    "digits": lambda guess, pattern: to_digits(pattern),
}


def format_clue(guess: str, pattern: str, notation: str = "clue") -> str:
    """Return the row written in the named notation (see ``NOTATIONS``)."""
    try:
        return NOTATIONS[notation](guess, pattern)
    except KeyError:
        raise NotationError(f"unknown notation {notation!r}; choose from {', '.join(NOTATIONS)}") from None


@dataclass(frozen=True)
class Template:
    """The template notation: letters by position, ``[X]`` misplaced, plus discarded letters."""

    known: tuple[str | None, ...]
    misplaced: tuple[frozenset[str], ...]
    text: str = ""  # as written, for messages and summaries

    def __str__(self) -> str:
        return self.text or "".join(
            (k or "").upper() or (f"[{''.join(sorted(m)).upper()}]" if m else "_")
            for k, m in zip(self.known, self.misplaced)
        )


def parse_template(text: str, length: int | None = None) -> Template:
    """Return the template written like ``_U_[E]S`` (``_`` unknown, ``[E]`` misplaced here)."""
    known: list[str | None] = []
    misplaced: list[frozenset[str]] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c in "_.?":
            known.append(None)
            misplaced.append(frozenset())
            i += 1
        elif c == "[":
            end = text.find("]", i)
            if end < 0:
                raise NotationError(f"unclosed '[' in template {excerpt(text)}")
            letters = fold(text[i + 1 : end])
            if not is_word(letters):
                raise NotationError(f"'[{text[i + 1 : end]}]' in template {excerpt(text)} must hold letters")
            known.append(None)
            misplaced.append(frozenset(letters))
            i = end + 1
        elif c.isalpha() and fold(c).isascii():
            known.append(fold(c))
            misplaced.append(frozenset())
            i += 1
        else:
            raise NotationError(f"unexpected {c!r} in template {excerpt(text)}: use letters, '_' and [X]")
    if length is not None and len(known) != length:
        raise NotationError(f"template {excerpt(text)} has {len(known)} positions, expected {length}")
    return Template(tuple(known), tuple(misplaced), text.strip())


def looks_like_template(text: str) -> bool:
    """Return whether a token is a template rather than a clue."""
    return ("[" in text or "_" in text) and not re.search(r"[=:,\s]", text)


def parse_word(text: str, what: str = "word") -> str:
    """Return a word folded to lower-case a-z (``Ávido`` -> ``avido``); raise NotationError otherwise."""
    text = unicodedata.normalize("NFC", text)
    folded = fold(text)
    if not _WORD_RE.match(text.strip()) or not is_word(folded):
        raise NotationError(f"{what} {excerpt(text)} is not a word of letters")
    return folded


def parse_rows(tokens: Sequence[str], length: int | None = None) -> list[Clue | Template]:
    """Return the played rows written as command-line tokens, in order.

    A token is a clue (``CHEST=c.E..``, ``chest:ybgbb``, ``"chest ybgbb"``) or a
    template (``_U_[E]S``); a bare word followed by its colours as the
    next token (``chest ybgbb``, WORDLE-SOLVE's pairs) is one clue, read as
    colours first and as SCORE (``chest c.E..``) otherwise.
    """
    rows: list[Clue | Template] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if looks_like_template(token):
            rows.append(parse_template(token, length))
            i += 1
        elif _BARE_WORD.match(token.strip()):
            if i + 1 >= len(tokens):
                raise NotationError(missing_pattern(token, length))
            pair = tokens[i + 1]
            try:
                rows.append(parse_clue(f"{token}:{pair}", length))
            except NotationError as err:
                try:
                    rows.append(parse_clue(f"{token}={pair}", length))
                except NotationError:
                    raise err from None
            i += 2
        else:
            rows.append(parse_clue(token, length))
            i += 1
    return rows


_BARE_WORD = re.compile(r"^[^\W\d_]+$")


def looks_like_colours(text: str) -> bool:
    """Return whether the text is made only of tile characters (``ggyb``, ``🟩⬛``): colours, not a word."""
    chars = [c for c in text.strip() if c not in _VARIATION_SELECTORS]
    return bool(chars) and all(c in _TILE_OF_CHAR for c in chars)


def means_colours(text: str) -> bool:
    """Return whether the text holds an emoji tile: colours, however mistyped (no word has one)."""
    return any(c in _TILE_OF_CHAR and ord(c) > 0x2000 for c in text)


def missing_pattern(token: str, length: int | None) -> str:
    """Return the message (a Note) for a lone token with no pattern: colours without a guess, or a guess without colours."""
    if looks_like_colours(token):
        try:
            parse_colours(token, length)
        except NotationError as err:
            return err.args[0]
        return Note("colours_alone", text=excerpt(token), colours=token.strip()[:40])
    word = token.strip()[:40]
    return Note("guess_alone", text=excerpt(token), word=word, upper=word.upper())


def letter_states(clues: Sequence[Clue]) -> dict[str, str]:
    """Return, per letter played, the best colour it showed: ``g`` (in place), ``y`` (in the word) or ``b``."""
    rank = {"b": 0, "y": 1, "g": 2}
    out: dict[str, str] = {}
    for clue in clues:
        for letter, colour in zip(clue.guess, clue.pattern):
            if rank[colour] >= rank[out.get(letter, "b")]:
                out[letter] = colour
    return out


def check_grid(lexicon, guesses: Sequence[str], boards: Sequence[Sequence[str]], answers: Sequence[str]) -> None:
    """Raise ChuteError unless the guesses show each board's colours (a share text's grid) against its answer."""
    for rows, answer in zip(boards, answers):
        check_colours(lexicon, guesses[: len(rows)], rows, answer)


def check_colours(lexicon, guesses: Sequence[str], patterns: Sequence[str], answer: str) -> None:
    """Raise ChuteError unless every guess shows its colours against the answer (the first row that does not)."""
    word = word_of_length(answer, lexicon, "answer")
    for i, (g, p) in enumerate(zip(guesses, patterns), 1):
        shown = score(word_of_length(g, lexicon, "guess"), word)
        if shown != p:
            raise ChuteError(Note("shows_not", row=i, guess=g.upper(), answer=answer.upper(), shown=shown, pattern=p))
