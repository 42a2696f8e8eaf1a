"""Words a player would not play: slurs and obscenities chute never suggests, though it reads them when typed.

The lists are the List of Dirty, Naughty, Obscene, and Otherwise Bad Words (LDNOOBW, CC BY 4.0;
``data/offensive/en.txt`` and ``pt.txt``, their provenance in their headers and NOTICE) with
chute's own changes (``data/offensive/changes.txt``): a slur the list lacks added, and the everyday
words it carries for a second sense ("comer", to eat) kept.  A word on them is no guess chute
plays to narrow the words down; it is played once the clues make it a likely answer, as the
rare words of a dictionary are (``State.rare_candidate_rows``): a game whose answer it is can
still be won.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

LANGUAGE_OF = {"wordle": "en", "termo": "pt"}  # the bundled word lists' language


def language_of(lexicon_name: str) -> str | None:
    """Return the language of a bundled game's lexicon by its name ("termo+custom-past" is Portuguese); None for
    lists of one's own (``words_lexicon``), whose game and language chute does not know."""
    base = lexicon_name.split("+", 1)[0].split("-", 1)[0]
    return LANGUAGE_OF.get(base)


# The regular endings of a Portuguese verb, accents folded, after its stem (the infinitive less -ar, -er or -ir):
# present, preterite, imperfect, both subjunctives, future, conditional, personal infinitive, gerund, participle.
VERB_ENDINGS = {
    "ar": "o as a amos ais am ei aste ou astes aram ava avas avamos aveis avam e es emos eis em asse asses assemos "
    "asseis assem ar ares armos ardes arem arei aras ara aremos areis arao aria arias ariamos arieis ariam ando ado "
    "ada ados adas",
    "er": "o es e emos eis em i este eu estes eram ia ias iamos ieis iam a as amos ais am esse esses essemos esseis "
    "essem er eres ermos erdes erem erei eras era eremos ereis erao eria erias eriamos erieis eriam endo ido ida idos "
    "idas",
    "ir": "o es e imos is em i iste iu istes iram ia ias iamos ieis iam a as amos ais am isse isses issemos isseis "
    "issem ir ires irmos irdes irem irei iras ira iremos ireis irao iria irias iriamos irieis iriam indo ido ida idos "
    "idas",
}
# The spelling a stem's last letter takes so that its sound stays: -car and -gar before e (fique, cague), -ger
# and -gir before a and o (elejo, finja).  Folded, -car and -çar are one ending (no -çar verb is listed).
BEFORE_E = {"ar": {"c": "qu", "g": "gu"}}
BEFORE_A_O = {"er": {"g": "j"}, "ir": {"g": "j"}}


def conjugations(verb: str) -> set[str]:
    """Return a Portuguese verb's regular forms, accents folded (empty unless it ends in -ar, -er or -ir)."""
    stem, kind = verb[:-2], verb[-2:]
    if kind not in VERB_ENDINGS or len(stem) < 2:
        return set()
    forms = set()
    for ending in VERB_ENDINGS[kind].split():
        last = stem[-1]
        if ending[0] == "e":
            last = BEFORE_E.get(kind, {}).get(last, last)
        elif ending[0] in "ao":
            last = BEFORE_A_O.get(kind, {}).get(last, last)
        forms.add(stem[:-1] + last + ending)
    return forms


def inflections(word: str, language: str) -> set[str]:
    """Return a word and the forms it takes as a slur is used: in English its plural, past and adjective (-s,
    -es, -ed, -y, a final y as -ies, -ie as -y, a final s dropped); in Portuguese its other gender and its
    number (-o and -a, -s), and a verb's regular conjugation (``conjugations``).  The forms no list holds are
    kept out by the lexicon (``Lexicon.offensive``)."""
    out = {word}
    if language == "en":
        out |= {word + "s", word + "es", word + "ed", word + "y"}
        if word.endswith("e"):
            out |= {word + "d", word[:-1] + "y"}
        if word.endswith("y"):
            out |= {word[:-1] + "ies", word[:-1] + "ied"}
        if word.endswith("ie"):
            out.add(word[:-2] + "y")
    elif language == "pt":
        out.add(word + "s")
        if word[-1:] in ("o", "a"):
            other = word[:-1] + ("a" if word.endswith("o") else "o")
            out |= {other, other + "s"}
        out |= conjugations(word)
    if word.endswith("s") and len(word) > 3:
        out.add(word[:-1])
    return out


@cache
def offensive_words(language: str) -> frozenset[str]:
    """Return the folded words chute never suggests in a language (none for a language it has no list for): the
    list's words and chute's additions with their inflections, less the everyday words ``changes.txt`` keeps."""
    folder = resources.files("chute") / "data" / "offensive"
    entry = folder / f"{language}.txt"
    if not entry.is_file():
        return frozenset()
    listed = {
        line.strip()
        for line in entry.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    kept: set[str] = set()
    for line in (folder / "changes.txt").read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] == language and parts[1][:1] in "+-":
            (listed.add if parts[1][0] == "+" else kept.add)(parts[1][1:])
    blocked = listed - kept  # a listed word kept for its everyday sense keeps its every form (COMER: come, comi)
    words = set().union(*(inflections(w, language) for w in blocked)) if blocked else set()
    return frozenset(words - kept)
