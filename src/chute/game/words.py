"""Lexicons: load word lists, normalise them (fold accents, lower case), dedupe, exclude.

A lexicon keeps each word in its folded form (``avido``) for play and its
display spelling (``ávido``) and frequency (Zipf scale) where known.
"""

from __future__ import annotations

import hashlib
import marshal
import math
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ChuteError, LexiconError, NotationError
from ..files import decode_text, default_cache_dir, excerpt, read_limited, text_lines, write_atomic
from ..language import Note
from .memory import check_memory, most_words
from .offensive import language_of, offensive_words

if TYPE_CHECKING:
    import numpy as np

BUNDLED = ("wordle", "termo")
BUNDLED_LENGTH = 5
# Games whose bundled answer list is the game's own published list (Termo's is
# a frequency cut made by chute from a dictionary, see NOTICE).
CURATED = ("wordle",)
# A third column "rare" in a word file marks a word chute reads as a clue but
# never suggests: Termo's bundled list is a whole dictionary, and the game
# refuses most of its rarest words (the rule: scripts/build_lexicons.py).
# The tag "name" marks a proper name or an abbreviation (PAULO, HTTPS): read the
# same way (the tag says why).  The tag "later" marks a word the game came to
# accept after the lists chute plays from (Wordle's 1,883 words of its later
# list): read the same way, and outside the frequency prior (see chute/prior.py).
RARE_TAG = "rare"
NAME_TAG = "name"
LATER_TAG = "later"
TAGS = (RARE_TAG, NAME_TAG, LATER_TAG)
MIN_LENGTH, MAX_LENGTH = 3, 12
# "Common words only": the Zipf frequency a word needs to be suggested.  3 is once
# per million words, where the Zipf scale's authors put the line between low- and
# high-frequency words (van Heuven et al., 2014); chosen from that scale alone.
COMMON_FLOOR = 3.0
MAX_ZIPF = 8.0


def fold(word: str) -> str:
    """Return the word in lower case with accents removed (``Ávido`` -> ``avido``; the full-width letters an East
    Asian keyboard types, ``ＣＲＡＮＥ``, as plain ones)."""
    word = word.strip().lower()
    if word.isascii():  # nothing to decompose (most words; keeps start-up fast)
        return word
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def is_word(folded: str) -> bool:
    """Return whether a folded entry is a plain word of letters a-z."""
    return folded.isascii() and folded.isalpha()


def word_of_length(text: str, lexicon: Lexicon, what: str) -> str:
    """Return ``text`` folded; ChuteError unless it is a word of the lists' length (in the lists or not).

    ``what``: "answer" or "guess", how the error names the text.
    """
    word = fold(text)
    if len(word) != lexicon.length or not is_word(word):
        raise ChuteError(Note(f"{what}_not_a_word", text=excerpt(text), n=lexicon.length))
    return word


@dataclass
class WordList:
    """Words read from one source: display spellings with optional frequencies."""

    spellings: dict[str, str] = field(default_factory=dict)  # folded -> display
    frequencies: dict[str, float] = field(default_factory=dict)  # folded -> zipf
    dropped: int = 0  # non-alphabetic entries
    rejected: set[str] = field(default_factory=set)  # ... which ones (distinct)
    merged: int = 0  # spellings folded into another
    rare: set[str] = field(default_factory=set)  # folded words tagged (never suggested)
    later: set[str] = field(default_factory=set)  # ... of them, those tagged "later"

    @property
    def words(self) -> list[str]:
        """Return the folded words in the order first seen."""
        return list(self.spellings)

    def add(self, spelling: str, frequency: float | None = None) -> str | None:
        """Add one entry, merging spellings that fold together (the most frequent shows); return its
        folded word (None when it is not a word)."""
        spelling = spelling.strip().lower()
        if spelling.isascii():  # nothing to normalise or fold (most words; keeps start-up fast)
            word = spelling
        else:
            spelling = unicodedata.normalize("NFC", spelling)
            word = fold(spelling)
        if not is_word(word):
            if spelling not in self.rejected:
                self.rejected.add(spelling)
                self.dropped += 1
            return None
        self.put(word, spelling, frequency)
        return word

    def put(self, word: str, spelling: str, frequency: float | None = None) -> None:
        """Add a word already folded and checked, with its display spelling (``add`` does the checks)."""
        if word in self.spellings:
            self.merged += 1
            old = self.frequencies.get(word)
            if frequency is not None and (old is None or frequency > old):
                self.spellings[word] = spelling
                self.frequencies[word] = frequency
            elif self.spellings[word] == word and spelling != word and frequency is None:
                self.spellings[word] = spelling  # prefer the accented spelling for display
            return
        self.spellings[word] = spelling
        if frequency is not None:
            self.frequencies[word] = frequency


def parse_line(line: str) -> tuple[str, float | None] | None:
    """Return (entry, frequency) from one line of a word file, or None for a blank/comment.

    Accepts one word per line, the DELAS format (first comma-separated token:
    ``abade,.N+z1:ms``), an optional frequency column after a tab or space, and after a
    second tab the tag ``rare``, ``name`` or ``later`` (a word read as a clue, never
    suggested; see ``read_lines``).
    """
    line = line.lstrip("\ufeff").strip()
    if not line or line.startswith("#"):
        return None
    if "," in line:
        return line.split(",", 1)[0].strip(), None
    if "\t" in line:
        fields = line.split("\t")
        return fields[0].strip(), _number(fields[1]) if len(fields) > 1 else None
    parts = line.split()
    if len(parts) == 2 and _number(parts[1]) is not None:
        return parts[0], _number(parts[1])
    # One word, or a multi-word entry ("new york") that is dropped as non-alphabetic.
    return line, None


def _number(text: str) -> float | None:
    """Return the text as a finite number, or None."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


class TooManyWords(Exception):
    """A word list past the words whose pattern matrix could fit in memory (``memory.most_words``)."""


def read_lines(lines: Iterable[str], length: int | None = None, most: int | None = None) -> WordList:
    """Return the words of the given length (any length if None) from lines of a word file; ``TooManyWords`` as
    soon as it holds more than ``most`` (the file is not read on)."""
    result = WordList()
    for line in lines:
        parsed = parse_line(line)
        if parsed is None:
            continue
        entry, frequency = parsed
        if length is not None and len(fold(entry)) != length and "\ufffd" not in entry:
            continue  # another length's word; a damaged line is dropped and named whatever its length
        word = result.add(entry, frequency)
        if most is not None and len(result.spellings) > most:
            raise TooManyWords()
        if word is not None and line.rstrip().endswith(TAGS):
            fields = line.split("\t")
            tag = fields[2].strip() if len(fields) > 2 else ""
            if tag in TAGS:
                result.rare.add(word)
            if tag == LATER_TAG:
                result.later.add(word)
    return result


def read_word_file(path: str | Path, length: int | None = None, known: int | None = None) -> WordList:
    """Return the words of a user's word file (UTF-8, UTF-16 with a byte-order mark, or Latin-1 as a fallback).

    ``known``: the words of the other list, when the pattern matrix is to be
    checked against the memory as the file is read (0: this list is the first):
    a list too large for it is refused as soon as that is certain, not once it
    is all parsed.
    """
    if known is None:
        return read_lines(word_file_lines(path), length)
    most = most_words(known)
    try:
        return read_lines(word_file_lines(path), length, most)
    except TooManyWords:
        assert most is not None
        check_memory(
            (most + 1) * max(known, most + 1),
            f"the pattern matrix of the word list {path} (more than "
            f"{most:,} words{f' against {known:,}' if known else ''})",
        )
        raise LexiconError(f"the word list {path} is too large for this machine's memory") from None


NAMED_DROPPED = 5  # entries a note names when a word file has some that are not words


def word_file_lines(path: str | Path) -> Iterator[str]:
    """Yield the lines of a user's word file (UTF-8, UTF-16 with a BOM, or Latin-1; LexiconError if unreadable).

    A UTF-8 or ASCII file with a few lines that are not UTF-8 (a byte damaged)
    keeps its other lines as UTF-8: those lines read with U+FFFD in place of the
    bad bytes, so they are dropped as not words, and named, like any such entry.
    A file whose other lines are Latin-1's accented letters is Latin-1.
    """
    try:
        data = read_limited(path, "word file")
        try:
            text = decode_text(data, str(path))
        except ChuteError:
            if data.startswith((b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf", b"\x00\x00\xfe\xff")):
                raise  # a byte-order mark that the rest of the file does not keep
            text = _mostly_utf8(data)
        yield from text_lines(text, str(path))
    except ChuteError as err:
        raise LexiconError(str(err)) from None


# the accented letters of Latin-1 that words carry: a line outside UTF-8 made of these is a Latin-1 word ("ser\xe3o");
# another byte there ("re\xffbut": a damaged byte read as ÿ) marks a UTF-8 or ASCII file with a damaged line
LATIN1_LETTERS = frozenset("ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜßàáâãäåæçèéêëìíîïñòóôõöøùúûü")


def _mostly_utf8(data: bytes) -> str:
    """Return a file's text that is not UTF-8 throughout: Latin-1 when every line that UTF-8 cannot read holds
    only Latin-1's accented letters beyond ASCII and no line holds UTF-8 beyond ASCII (a Latin-1 file); else UTF-8
    line by line, each bad byte U+FFFD (a UTF-8 or ASCII file with damaged lines: dropped and named as not words)."""
    lines = data.split(b"\n")
    utf8_beyond_ascii = False
    latin1_words = True
    for line in lines:
        if line.isascii():
            continue
        try:
            line.decode("utf-8")
            utf8_beyond_ascii = True
        except UnicodeDecodeError:
            latin1_words = latin1_words and all(c in LATIN1_LETTERS for c in line.decode("latin-1") if ord(c) > 127)
    if latin1_words and not utf8_beyond_ascii:
        return data.decode("latin-1")
    return "\n".join(line.decode("utf-8", errors="replace") for line in lines)


def _bundled_file(game: str, kind: str) -> list[str]:
    """Return the lines of a bundled list (kind: answers or guesses)."""
    folder = resources.files("chute") / "data" / game
    for name in (f"{kind}.tsv", f"{kind}.txt"):
        entry = folder / name
        if entry.is_file():
            return entry.read_text(encoding="utf-8").splitlines()
    raise LexiconError(f"bundled lexicon {game!r} has no {kind} list; reinstall chute")


def bundled_path(game: str, kind: str) -> Path:
    """Return the file system path of a bundled list (for grep pipelines)."""
    folder = resources.files("chute") / "data" / game
    for name in (f"{kind}.tsv", f"{kind}.txt"):
        entry = folder / name
        if entry.is_file():
            return Path(str(entry))
    raise LexiconError(f"bundled lexicon {game!r} has no {kind} list")


@dataclass(frozen=True)
class Lexicon:
    """The words of one game: possible answers and every accepted guess (answers included)."""

    name: str
    length: int
    answers: tuple[str, ...]
    guesses: tuple[str, ...]
    spellings: Mapping[str, str] = field(default_factory=dict, repr=False)
    frequencies: Mapping[str, float] = field(default_factory=dict, repr=False)
    dropped: int = 0
    curated: bool = False  # the answer list is the game's own (or the user's), not a frequency cut
    listed: tuple[str, ...] = ()  # the answer list, when ``answers`` were widened to a prior's words
    rare: frozenset[str] = field(default_factory=frozenset, repr=False)  # accepted, read, never suggested
    later: frozenset[str] = field(default_factory=frozenset, repr=False)  # ... of them, those outside the prior
    not_words: tuple[str, ...] = field(default=(), repr=False)  # a few of the entries dropped, to name them
    past: frozenset[str] = field(default_factory=frozenset, repr=False)  # accepted, never the answer (past answers)
    common: float | None = None  # suggest only words this frequent (Zipf), or on the answer list (None: any)

    def __repr__(self) -> str:
        return f"Lexicon({self.name!r}, length={self.length}, {len(self.answers)} answers, {len(self.guesses)} guesses)"

    def show(self, word: str) -> str:
        """Return the display spelling of a word (accents kept), falling back to the word."""
        return self.spellings.get(fold(word), word)

    @cached_property
    def answer_set(self) -> frozenset[str]:
        """Return the answers as a set."""
        return frozenset(self.answers)

    @cached_property
    def guess_set(self) -> frozenset[str]:
        """Return the accepted guesses as a set."""
        return frozenset(self.guesses)

    @cached_property
    def guess_index(self) -> dict[str, int]:
        """Return each accepted guess's row number."""
        return {w: i for i, w in enumerate(self.guesses)}

    @cached_property
    def answer_index(self) -> dict[str, int]:
        """Return each answer's column number."""
        return {w: i for i, w in enumerate(self.answers)}

    @cached_property
    def prior_words(self) -> tuple[str, ...]:
        """Return the accepted guesses a prior over every word holds: all but the ones tagged ``later``."""
        if not self.later and not self.past:
            return self.guesses
        return tuple(w for w in self.guesses if w not in self.later and w not in self.past)

    @cached_property
    def offensive(self) -> frozenset[str]:
        """Return the accepted words chute never suggests as a probe for their meaning (``game.offensive``)."""
        language = language_of(self.name)
        return frozenset() if language is None else offensive_words(language).intersection(self.guess_set)

    @cached_property
    def uncommon(self) -> frozenset[str]:
        """Return the accepted words below the ``common`` floor (none without one): neither on the answer list
        nor a past answer, and rarer than the floor (a word of unknown frequency is rarer)."""
        if self.common is None:
            return frozenset()
        listed = set(self.answer_list) | self.past
        floor = self.common
        return frozenset(w for w in self.guesses if w not in listed and self.frequencies.get(w, -1.0) < floor)

    @cached_property
    def unsuggested(self) -> frozenset[str]:
        """Return the accepted words chute never suggests as a probe: the rare, the offensive and the uncommon."""
        return self.rare.union(self.offensive, self.uncommon)

    def common_only(self, floor: float | None = COMMON_FLOOR) -> Lexicon:
        """Return the lexicon that suggests only words of the answer list or of Zipf frequency ``floor`` or more
        (None: every word); the lists, and so the matrix and its key, stay the same."""
        if floor is None:
            return replace(self, common=None) if self.common is not None else self
        if isinstance(floor, bool) or not (isinstance(floor, (int, float)) and 0 <= floor <= MAX_ZIPF):
            raise LexiconError(f"the common-words floor is a Zipf frequency from 0 to {MAX_ZIPF:g}, not {floor!r}")
        if not self.frequencies:
            raise LexiconError(
                f"the {self.name} word lists give no word frequencies (a second column), so "
                "chute cannot tell common words"
            )
        return replace(self, common=float(floor))

    @cached_property
    def possible_answers(self) -> tuple[str, ...]:
        """Return the accepted guesses that could be the answer: all but the past answers the user ruled out."""
        return tuple(w for w in self.guesses if w not in self.past) if self.past else self.guesses

    @cached_property
    def key(self) -> str:
        """Return a hash identifying the exact lists and length (for caches)."""
        h = hashlib.sha256()
        h.update(f"len={self.length}\n".encode())
        h.update("\n".join(self.guesses).encode())
        h.update(b"\n--answers--\n")
        h.update("\n".join(self.answers).encode())
        if self.past:
            h.update(b"\n--past--\n")
            h.update("\n".join(sorted(self.past)).encode())
        return h.hexdigest()

    @cached_property
    def suggested_rows(self) -> np.ndarray | None:
        """Return the sorted guess rows chute may suggest (None: every accepted guess): neither rare nor offensive."""
        unsuggested = self.unsuggested
        if not unsuggested:
            return None
        import numpy as np  # noqa: PLC0415 (numpy: the words alone, chute score and filter, never load it)

        return np.array([i for i, w in enumerate(self.guesses) if w not in unsuggested], dtype=np.intp)

    @cached_property
    def suggest_key(self) -> str:
        """Return a short hash of the rare words chute never suggests (empty when it has none).

        The key of the proofs and stored rankings made over the lists' guesses; the offensive words,
        which chute stopped suggesting after they were made, are dropped where those are read
        (``cached_openers``' ``shown``), so that the proven figures stay the ones proven.  A common-words
        floor's words count with the rare ones: its rankings and proofs are its own.
        """
        kept_out = self.rare | self.uncommon if self.common is not None else self.rare
        if not kept_out:
            return ""
        return hashlib.sha256("\n".join(sorted(kept_out)).encode()).hexdigest()[:16]

    @cached_property
    def played_key(self) -> str:
        """Return a short hash of every word chute never suggests: rare, offensive or uncommon (a tree it builds plays
        none of them)."""
        unsuggested = self.unsuggested
        return hashlib.sha256("\n".join(sorted(unsuggested)).encode()).hexdigest()[:16] if unsuggested else ""

    def is_suggested(self, word: str) -> bool:
        """Return whether chute may suggest the word (an accepted guess, neither rare nor offensive)."""
        w = fold(word)
        return w in self.guess_set and w not in self.unsuggested

    @property
    def answer_list(self) -> tuple[str, ...]:
        """Return the answer list the game picks from (before any widening to a prior's words)."""
        return self.listed or self.answers

    def widened(self, words: Sequence[str]) -> Lexicon:
        """Return the lexicon whose answers (the matrix columns) are these words, the answer list kept."""
        if tuple(words) == self.answers:
            return self
        return replace(self, answers=tuple(words), listed=self.answer_list)

    def listed_lexicon(self) -> Lexicon:
        """Return the lexicon whose answers are the answer list (itself unless it was widened)."""
        return replace(self, answers=self.listed, listed=()) if self.listed else self

    @cached_property
    def listed_key(self) -> str:
        """Return the key of the lexicon whose answers are the answer list (``listed_lexicon``)."""
        return self.listed_lexicon().key

    def is_answer(self, word: str) -> bool:
        """Return whether the word is a possible answer."""
        return fold(word) in self.answer_set

    def is_guess(self, word: str) -> bool:
        """Return whether the word is an accepted guess."""
        return fold(word) in self.guess_set

    def summary(self) -> str:
        """Return a one-line description (name, counts, length)."""
        common = f", common words only: Zipf {self.common:g} or on the answer list" if self.common is not None else ""
        suggested = f" ({len(self.guesses) - len(self.unsuggested):,} suggested{common})" if self.unsuggested else ""
        return (
            f"{self.name}: {len(self.answers):,} answers, {len(self.guesses):,} accepted guesses{suggested}, "
            f"{self.length} letters"
        )


def _check_length(length: int) -> None:
    if not MIN_LENGTH <= length <= MAX_LENGTH:
        raise LexiconError(f"word length must be from {MIN_LENGTH} to {MAX_LENGTH}, not {length}")


def _single_length(wordlist: WordList) -> int | None:
    lengths = {len(w) for w in wordlist.words}
    return lengths.pop() if len(lengths) == 1 else None


def load_lexicon(
    game: str = "wordle",
    answers: str | Path | None = None,
    guesses: str | Path | None = None,
    exclude: str | Path | None = None,
    length: int | None = None,
    cache: bool = True,
    not_answers: str | Path | None = None,
    common: float | None = None,
) -> Lexicon:
    """Return the lexicon of a bundled game, optionally replaced or trimmed by user files.

    ``answers``/``guesses`` replace the bundled lists; an accepted-guess list
    always includes the answers.  ``exclude`` drops forbidden words from both;
    ``not_answers`` (past answers) only from the answers: still accepted and suggested, never a candidate.
    ``length`` picks the word length (bundled lists are 5 letters only).
    ``common`` suggests only the words of at least that Zipf frequency or on the answer list
    (``Lexicon.common_only``).  A bundled lexicon as it ships is kept, parsed, in the cache folder
    (``cache``: see ``_bundled_cached``).
    """
    if game not in BUNDLED:
        raise LexiconError(f"unknown lexicon {game!r}; choose from {', '.join(BUNDLED)}")
    if common is not None:
        return load_lexicon(game, answers, guesses, exclude, length, cache, not_answers).common_only(common)
    if cache and not (answers or guesses or exclude or not_answers) and length in (None, BUNDLED_LENGTH):
        return _bundled_cached(game)
    if length is not None:
        _check_length(length)
    user_answers = read_word_file(answers, length, known=0) if answers else None
    user_guesses = (
        read_word_file(guesses, length, known=len(user_answers.spellings) if user_answers else 0) if guesses else None
    )
    if length is None:
        length = BUNDLED_LENGTH
        for wl in (user_answers, user_guesses):
            single = None if wl is None else _single_length(wl)
            if single:
                length = single
                break
        if answers and user_answers is not None and _single_length(user_answers) is None:
            user_answers = read_word_file(answers, length)
        if guesses and user_guesses is not None and _single_length(user_guesses) is None:
            user_guesses = read_word_file(guesses, length)
        _check_length(length)
    use_bundled = length == BUNDLED_LENGTH
    if not use_bundled and (user_answers is None and user_guesses is None):
        raise LexiconError(
            f"the bundled {game} lexicon has only {BUNDLED_LENGTH}-letter words; "
            f"give --answers/--guesses files with {length}-letter words"
        )

    merged = WordList()
    rejected: set[str] = set()
    answer_list: WordList
    if user_answers is not None:
        answer_list = user_answers
    elif use_bundled:
        answer_list = read_lines(_bundled_file(game, "answers"), length)
    else:
        answer_list = user_guesses  # type: ignore[assignment]
    guess_sources: list[WordList] = [answer_list]
    if user_guesses is not None:
        guess_sources.append(user_guesses)
    elif use_bundled:
        guess_sources.append(read_lines(_bundled_file(game, "guesses"), length))
    tagged: set[str] = set()
    tagged_later: set[str] = set()
    for wl in guess_sources:
        rejected |= wl.rejected
        tagged |= wl.rare
        tagged_later |= wl.later
        for w in wl.words:
            merged.put(w, wl.spellings[w], wl.frequencies.get(w))

    excluded: set[str] = set()
    if exclude:
        excluded = set(read_word_file(exclude).words)
    past: set[str] = set(read_word_file(not_answers).words) if not_answers else set()
    answer_words = tuple(w for w in answer_list.words if w not in excluded and w not in past)
    guess_words = tuple(sorted(w for w in merged.words if w not in excluded))
    if user_answers is not None and not user_answers.words:  # the file itself holds none: name it
        raise LexiconError(f"answer file {answers} has no {length}-letter word")
    if not answer_words:
        raise LexiconError(
            f"no {length}-letter answers left in the {game} lexicon"
            + (" after --exclude" if excluded else "")
            + (" and --not-answers" if past else "")
        )
    name = game if (user_answers is None and user_guesses is None) else f"{game}+custom"
    if excluded:
        name += "-excluded"
    if past:
        name += "-past"
    curated = user_answers is not None or (use_bundled and game in CURATED)
    rare = frozenset(tagged.difference(answer_words).intersection(guess_words))
    return Lexicon(
        name,
        length,
        answer_words,
        guess_words,
        merged.spellings,
        merged.frequencies,
        len(rejected),
        curated,
        rare=rare,
        later=rare.intersection(tagged_later),
        not_words=tuple(sorted(rejected)[:NAMED_DROPPED]),
        past=frozenset(past.intersection(guess_words)),
    )


@lru_cache(maxsize=8)
def lexicon_for(
    lexicon: str,
    answers: str | Path | None = None,
    guesses: str | Path | None = None,
    exclude: str | Path | None = None,
    not_answers: str | Path | None = None,
    length: int | None = None,
    common: float | None = None,
    cache: bool = True,
) -> Lexicon:
    """Return the lexicon of a bundled game's lists, replaced or trimmed by the user's files (read once a process)."""
    return load_lexicon(lexicon, answers, guesses, exclude, length, cache=cache, not_answers=not_answers, common=common)


def dropped_note(lexicon: Lexicon) -> str:
    """Return the note naming the entries of the word files that were dropped as not words of letters."""
    named = ", ".join(w[:20] for w in lexicon.not_words) + (", ..." if lexicon.dropped > len(lexicon.not_words) else "")
    one = lexicon.dropped == 1
    return (
        f"dropped {lexicon.dropped} entr{'y' if one else 'ies'} of the word lists that "
        f"{'is not a word' if one else 'are not words'} of letters: {named}"
    )


LEXICON_CACHE_VERSION = 2


def lexicon_cache_path(game: str, digest: str) -> Path:
    """Return the cache file of a bundled game's lexicon, parsed, named by a digest of its files."""
    return default_cache_dir() / f"lexicon-{game}-{digest}.marshal"


def _bundled_cached(game: str) -> Lexicon:
    """Return a bundled lexicon from the cache folder, parsing and storing it when absent or stale.

    The entry is named by a hash of the bundled files and holds plain values
    (``marshal``: no code runs on load); anything unreadable is rebuilt.
    Loading the entry takes a tenth of parsing Termo's lists.
    """

    folder = resources.files("chute") / "data" / game
    h = hashlib.sha256(f"lexicon v{LEXICON_CACHE_VERSION} {game}\n".encode())
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith((".tsv", ".txt")):
            h.update(entry.name.encode() + b"\0" + entry.read_bytes())
    path = lexicon_cache_path(game, h.hexdigest()[:24])
    try:
        fields = marshal.loads(path.read_bytes())
        name, length, answers, guesses, spellings, frequencies, dropped, curated = fields[:8]
        lexicon = Lexicon(
            name,
            length,
            answers,
            guesses,
            spellings,
            frequencies,
            dropped,
            curated,
            listed=fields[8],
            rare=fields[9],
            later=fields[10],
        )
        if lexicon.name == game and lexicon.length == BUNDLED_LENGTH and lexicon.answers and lexicon.guesses:
            return lexicon
    except (OSError, EOFError, ValueError, TypeError, IndexError):
        pass
    lexicon = load_lexicon(game, cache=False)
    data = marshal.dumps(
        (
            lexicon.name,
            lexicon.length,
            lexicon.answers,
            lexicon.guesses,
            dict(lexicon.spellings),
            dict(lexicon.frequencies),
            lexicon.dropped,
            lexicon.curated,
            lexicon.listed,
            frozenset(lexicon.rare),
            frozenset(lexicon.later),
        )
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data, "cache file")
    except (OSError, ChuteError):  # a cache that cannot be written is only slower
        pass
    return lexicon


def words_lexicon(words: Iterable[str], length: int | None = None, name: str = "words") -> Lexicon:
    """Return a lexicon whose answers and guesses are the given words (``--words``)."""
    words = list(words)
    wl = read_lines(words, length)
    if length is None:
        length = _single_length(wl) or BUNDLED_LENGTH
        wl = read_lines(words, length)
    if not wl.words:
        raise LexiconError(f"no {length}-letter words given")
    words_t = tuple(wl.words)
    return Lexicon(
        name,
        length,
        words_t,
        tuple(sorted(words_t)),
        wl.spellings,
        wl.frequencies,
        wl.dropped,
        not_words=tuple(sorted(wl.rejected)[:NAMED_DROPPED]),
    )


def checked_word(lexicon, word: str) -> str:
    """Return the word folded; raise NotationError if it is not a word of the lexicon's length."""
    w = fold(word)
    if len(w) != lexicon.length or not is_word(w):
        raise NotationError(Note("not_a_word", text=excerpt(word), n=lexicon.length))
    return w
