"""Knowledge agrees with the scoring rule word for word; deductions, summary, explain, grep."""

from __future__ import annotations

import itertools
import json
import random
import shutil
import subprocess

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chute.errors import ContradictionError, NotationError
from chute.game.feedback import Clue, parse_clue, parse_template, score
from chute.game.grep import grep_pipeline
from chute.game.knowledge import Knowledge
from chute.game.pattern_codes import compute_codes
from chute.game.words import bundled_path, load_lexicon, read_word_file


def clues_of(text: str) -> list[Clue]:
    """Return the clues written in one string."""
    return [parse_clue(t) for t in text.split()]


def knowledge(text: str) -> Knowledge:
    """Return the knowledge of the clues written in one string."""
    return Knowledge.from_clues(clues_of(text))


# --------------------------------------------------------------- the exact property

# Guesses and secrets over three letters force repeated letters; words to test
# also use a fourth letter that no guess has.
GUESS_ALPHABET, WORD_ALPHABET = "abc", "abcd"


@st.composite
def games(draw):
    """Return a random (secret, guesses, words) over a small alphabet."""
    n = draw(st.integers(min_value=3, max_value=5))
    word = st.text(alphabet=GUESS_ALPHABET, min_size=n, max_size=n)
    secret = draw(st.text(alphabet=WORD_ALPHABET, min_size=n, max_size=n))
    guesses = draw(st.lists(word, min_size=1, max_size=4))
    words = draw(st.lists(st.text(alphabet=WORD_ALPHABET, min_size=n, max_size=n), min_size=1, max_size=30))
    return secret, guesses, words


@settings(max_examples=400, deadline=None)
@given(games())
def test_consistent_is_exactly_the_scoring_rule(game):
    secret, guesses, words = game
    clues = [Clue(g, score(g, secret)) for g in guesses]
    k = Knowledge.from_clues(clues)
    d = k.deduced()
    assert k.consistent(secret) and k.satisfiable()
    for w in words + [secret]:
        expected = all(score(c.guess, w) == c.pattern for c in clues)
        assert k.consistent(w) == expected
        assert d.consistent(w) == expected, "a deduction changed which words are consistent"
        assert (k.explain(w) == "Eligible") == expected
        assert (not k.reasons(w)) == expected
    assert k.filter(words) == [w for w in words if k.consistent(w)]
    assert d.filter(words) == k.filter(words)


def every_word(n: int) -> list[str]:
    """Return every word of length n over the small alphabet."""
    return ["".join(p) for p in itertools.product(WORD_ALPHABET, repeat=n)]


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=2, max_value=4).flatmap(
        lambda n: st.lists(
            st.tuples(
                st.text(alphabet=GUESS_ALPHABET, min_size=n, max_size=n),
                st.text(alphabet="gyb", min_size=n, max_size=n),
            ),
            min_size=1,
            max_size=3,
        )
    )
)
def test_unproducible_feedback_is_rejected(rows):
    """Random patterns: refused exactly when no secret gives them all, else consistent() is exact."""
    n = len(rows[0][0])
    clues = [Clue(g, p) for g, p in rows]
    secrets = [w for w in every_word(n) if all(score(c.guess, w) == c.pattern for c in clues)]
    if secrets:
        k = Knowledge.from_clues(clues)
        assert k.filter(every_word(n)) == secrets
        assert k.deduced().filter(every_word(n)) == secrets
    else:
        with pytest.raises(ContradictionError) as err:
            Knowledge.from_clues(clues)
        alone = [c for c in clues if not any(score(c.guess, w) == c.pattern for w in every_word(n))]
        first_bad = next(
            i
            for i in range(len(clues))
            if not any(all(score(c.guess, w) == c.pattern for c in clues[: i + 1]) for w in every_word(n))
        )
        message = str(err.value)
        assert message.startswith(f"clue {first_bad + 1} ("), message
        if clues[first_bad] in alone:
            assert "no secret can produce this pattern" in message
        else:
            assert "conflicts with earlier clues" in message


# --------------------------------------------------------------- contradictions


@pytest.mark.parametrize(
    "text, words",
    [
        ("aaaaa:ybbbb", ["no secret can produce", "clue 1"]),
        ("abcde:bbbbb aabbb:bybbb", ["clue 2", "no secret can produce"]),  # grey A before a yellow A
        ("crane:gbbbb crane:bbbbb", ["clue 2", "conflicts with earlier clues", "C"]),
        ("crane:gbbbb dough:gbbbb", ["clue 2", "conflicts with earlier clues", "position 1"]),
        ("abcde:bbbbb aabbb:ybbbb", ["clue 2", "conflicts with earlier clues", "A"]),
        (
            "abcde:bbbbb fghij:bbbbb klmno:bbbbb pqrst:bbbbb vwxyz:bbbbb uuuuu:bbbbb",
            ["clue 6", "no word of letters satisfies"],
        ),
    ],
)
def test_contradictions_name_the_clue(text, words):
    with pytest.raises(ContradictionError) as err:
        knowledge(text)
    for w in words:
        assert w in str(err.value)


def test_failed_add_leaves_knowledge_unchanged():
    k = knowledge("crane:gbbbb")
    before = k.to_dict()
    with pytest.raises(ContradictionError):
        k.add(parse_clue("crane:bbbbb"))
    assert k.to_dict() == before


def test_knowledge_exact_satisfiable_search():
    k = Knowledge(3)
    k.min_count = {"a": 2}
    k.banned = [{"a"}, set(), set()]
    assert k.satisfiable()  # _aa
    k.banned = [{"a"}, {"a"}, set()]
    assert not k.satisfiable()


# --------------------------------------------------------------- deductions


def test_tenth_pigeonhole_places_the_fourth_t():
    k = knowledge("PLANK=...n. TENOR=TEN.. TENET=TEN.t")
    assert k.mask() == "TEN--"
    d = k.deduced()
    assert d.mask() == "TENT-"
    place = [s for s in d.deductions if s.kind == "place"]
    assert place and place[0].letters == "t" and place[0].positions == (3,)
    assert "TENT-" in k.summary()
    words = "tench tends tendu tenth tents tenty".split()
    assert d.filter(words) == k.filter(words) == ["tenth", "tents", "tenty"]


def test_used_up_letter_is_banned_elsewhere():
    d = knowledge("HARES=..... BUILT=..i.t TIMID=tI... PINTO=.I.T. WITTY=.I.TY").deduced()
    assert "i" in d.banned[0]  # exactly one I, placed at 2
    assert any(s.kind == "used-up" and s.letters == "i" for s in d.deductions)


def test_required_letters_filling_the_free_spots_exclude_the_rest():
    k = Knowledge.from_clues([Clue("cdab", score("cdab", "abcd"))])
    d = k.deduced()
    assert any(s.kind == "full" for s in d.deductions)
    assert d.excluded() == "efghijklmnopqrstuvwxyz"
    assert all(d.max_count[c] == 1 for c in "abcd")
    words = every_word(4)
    assert d.filter(words) == k.filter(words)


def test_no_clues_no_deductions():
    k = Knowledge(5)
    assert k.deduced().deductions == []
    assert k.consistent("xxxxx") and k.mask() == "-----"
    assert k.explain("abcde") == "Eligible"
    assert "Pattern:" in k.summary()


# --------------------------------------------------------------- summary, explain, to_dict

FIFTY = "HARES=..... BUILT=..i.t TIMID=tI... PINTO=.I.T. WITTY=.I.TY"


def test_summary_reads_like_seed_002_verbose():
    s = knowledge(FIFTY).summary()
    assert "-I-TY" in s
    assert "ABDEHLMNOPRSUW" in s  # excluded
    assert "[T,-,IT,I,T]" in s  # wrong spots, as the fixed seed shows
    assert "CFGJKQVXZ" in s  # unused
    assert "exactly 1 I" in s and "exactly 1 T" in s and "at least 1 Y" in s
    assert "WITTY=.I.TY ⬛🟩⬛🟩🟩" in s


def test_summary_counts_repeats():
    s = knowledge("PLANK=...n. TENOR=TEN.. TENET=TEN.t").summary()
    assert "at least 2 T" in s and "exactly 1 E" in s


def test_to_dict_is_json():
    d = knowledge(FIFTY).to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["pattern"] == "-i-ty"
    assert d["required"]["t"] == {"min": 1, "max": 1}
    assert d["wrong_spots"] == [["t"], [], ["i", "t"], ["i"], ["t"]]
    assert d["clues"][0] == {"guess": "hares", "pattern": "bbbbb", "guess_score": "HARES=.....", "emoji": "⬛⬛⬛⬛⬛"}


def test_explain_counts():
    k = knowledge("PLANK=...n. TENOR=TEN.. TENET=TEN.t")
    assert k.explain("tench") == "Count: has 1 T, at least 2"
    assert k.explain("tenee") == ("WrongSpot: has ---E-; Count: has 3 E, at most 1; Count: has 1 T, at least 2")
    assert k.explain("teeth") == "Valid: missing N; Mask: needs TEN--; Count: has 2 E, at most 1"
    assert k.explain("tentacle") == "Length: has 8 letters, needs 5"
    assert k.explain("TENTH") == "Eligible"


# --------------------------------------------------------------- seed 003: templates


def test_seed_003_templates_and_discarded_letters():
    k = Knowledge(5)
    k.add_discarded("ACLNRT")
    k.add_template("____[E]")
    k.add_template(parse_template("_U_[E]S"))
    words = "guess quest guest fumes guise buses dupes mused queue gusts".split()
    assert k.filter(words) == ["guess"]
    assert "Invalid: has ----T" in k.explain("quest")
    assert k.templates == ["____[E]", "_U_[E]S"] and k.discarded == set("aclnrt")
    assert Knowledge.from_rows([parse_template("____[E]"), parse_template("_U_[E]S")], discarded="aclnrt").filter(
        words
    ) == ["guess"]


def test_templates_count_copies_in_one_row():
    k = Knowledge(5)
    k.add_template("[E]_E__")
    assert k.min_count["e"] == 2
    assert k.filter(["where", "elect", "theme", "chest"]) == ["where", "theme"]


def test_discarded_letter_shown_present_is_a_contradiction():
    k = Knowledge(5)
    k.add_template("_U_[E]S")
    with pytest.raises(ContradictionError, match="E"):
        k.add_discarded("e")
    with pytest.raises(NotationError):
        k.add_discarded("1")
    k2 = Knowledge(5)
    k2.add_discarded("u")
    with pytest.raises(ContradictionError, match="template _U_"):
        k2.add_template("_U_[E]S")


# --------------------------------------------------------------- against brute force


@pytest.fixture(scope="module")
def wordle():
    """Return the bundled wordle lexicon."""
    return load_lexicon("wordle")


def test_filter_agrees_with_brute_force_on_random_wordle_games(wordle):
    """2,000 random games: secret from the answers, 1-4 random accepted guesses."""
    rng = random.Random(20240601)
    answers = list(wordle.answers)
    games = [(rng.choice(answers), [rng.choice(wordle.guesses) for _ in range(rng.randint(1, 4))]) for _ in range(2000)]
    used = sorted({g for _, guesses in games for g in guesses})
    row = {g: i for i, g in enumerate(used)}
    codes = compute_codes(used, answers, 5)  # every answer scored against each guess used
    for secret, guesses in games:
        k = Knowledge.from_clues([Clue(g, score(g, secret)) for g in guesses])
        rows = codes[[row[g] for g in guesses]]
        same = np.all(rows == rows[:, [wordle.answer_index[secret]]], axis=0)
        assert k.filter(answers) == [w for w, ok in zip(answers, same) if ok], (secret, guesses)


# --------------------------------------------------------------- the grep pipeline

needs_shell = pytest.mark.skipif(
    not all(shutil.which(t) for t in ("bash", "grep", "awk", "cut", "tr", "sed")),
    reason="needs bash, grep, awk, cut, tr and sed",
)


def run_pipeline(text: str) -> list[str]:
    """Return the words a shell pipeline prints."""
    out = subprocess.run(
        ["bash", "-c", "set -o pipefail\n" + text + "\ntest $? -le 1"], capture_output=True, text=True, check=True
    )
    return out.stdout.split()


@needs_shell
def test_grep_pipeline_matches_filter_on_seed_examples(tmp_path):
    words = (
        "icení ilêac ocean oleic index under fifty jitty kitty zitty empts empty stele style "
        "trite urite write quick spick tench tends tendu tenth tents tenty teeth guess "
        "ocean"
    ).split()
    path = tmp_path / "words.txt"
    path.write_text("\n".join(words) + "\n# a comment\nfoo-bar\n", encoding="utf-8")
    wl = read_word_file(path)
    for clues in [
        "JUDGE=....e CHEST=c.E.. WRECK=..Ec.",
        "VOUCH=..... GRIPE=..i.e DENIM=deni. WIDEN=.iDEn",
        FIFTY,
        "LODGE=....e WIPER=..Pe. TEPEE=teP.. EXPAT=E.P.t",
        "GROAN=..... WHILE=...LE BELLE=...LE TUPLE=t..LE STELE=ST.LE",
        "SABER=...er REFIT=re.it TRITE=.RITE",
        "PLANK=...n. TENOR=TEN.. TENET=TEN.t",
        "MORAL=..... TWINE=..I.. CHICK=..ICK",
        "zzzzz:bbbbb",
    ]:
        k = knowledge(clues)
        expected = [w.upper() for w in k.filter(wl.words)]
        assert run_pipeline(grep_pipeline(k, path)) == expected, clues
        assert run_pipeline(grep_pipeline(k, words=words)) == expected, clues


@needs_shell
def test_grep_pipeline_reads_delas_and_frequency_columns(tmp_path):
    delas = tmp_path / "delas.dic"
    delas.write_text(
        "abade,.N+z1:ms\nábaco,.N+z1:ms\nabano,.N+z1:ms\nabati,.V+z1:J1s\na fim de,.PREP\nabeto,.N:ms\n",
        encoding="utf-8",
    )
    tsv = tmp_path / "freq.tsv"
    tsv.write_text("ávido\t4.1\nabade\t2.0\nsábia\t3.3\nabril\t3.0\nsabia\t4.5\n", encoding="utf-8")
    k = knowledge("ABBEY:ggbbb")
    for path in (delas, tsv):
        assert run_pipeline(grep_pipeline(k, path)) == [w.upper() for w in k.filter(read_word_file(path).words)]
    assert run_pipeline(grep_pipeline(k, delas)) == ["ABACO", "ABANO", "ABATI"]
    assert run_pipeline(grep_pipeline(k, tsv)) == ["ABRIL"]


@needs_shell
def test_grep_pipeline_matches_filter_on_the_bundled_answers(wordle):
    rng = random.Random(7)
    path = bundled_path("wordle", "answers")
    for _ in range(15):
        secret = rng.choice(wordle.answers)
        guesses = [rng.choice(wordle.guesses) for _ in range(rng.randint(1, 3))]
        k = Knowledge.from_clues([Clue(g, score(g, secret)) for g in guesses])
        assert run_pipeline(grep_pipeline(k, path)) == [w.upper() for w in k.filter(wordle.answers)]


def test_grep_pipeline_looks_like_seed_002():
    text = grep_pipeline(knowledge("VOUCH=..... GRIPE=..i.e DENIM=deni. WIDEN=.iDEn"), "/usr/share/dict/words")
    assert text.splitlines()[0] == "# VOUCH=..... GRIPE=..i.e DENIM=deni. WIDEN=.iDEn"
    for step in [
        "grep '^..DE.$'",
        "awk '/D/ && /E/ && /I/ && /N/'",
        "grep -v '[CGHMOPRUVW]'",
        "grep '^[^D][^EI][^IN][^I][^EN]$'",
    ]:
        assert step in text
    tenth = grep_pipeline(knowledge("PLANK=...n. TENOR=TEN.. TENET=TEN.t"), "w.txt")
    assert "/T.*T/" in tenth and "grep -v -e 'E.*E'" in tenth
