"""Seed 002's examples (and seed 003's) through ``chute filter --words``, with the correct answers.

Each example runs on its own word list: the words the seed printed (right or
wrong) plus the seed's distractors.  Where the seed's code was wrong about
repeated letters the expected answer here is the correct one, and every
expectation is also checked against brute force with ``score``.
"""

from __future__ import annotations

import json

import pytest

from chute.cli import main
from chute.game.feedback import parse_rows, score

EXAMPLES = {
    # answer: (clues, word list, correct eligible words)
    "OCEAN": (
        "JUDGE=....e CHEST=c.E.. WRECK=..Ec.",
        "ICENI ILEAC OCEAN OLEIC CHEST PIECE ACERB SPECK",
        "ICENI ILEAC OCEAN OLEIC",
    ),
    "INDEX": ("VOUCH=..... GRIPE=..i.e DENIM=deni. WIDEN=.iDEn", "INDEX WIDEN DENIM UNDER ENDED NIDES", "INDEX"),
    "ARBOR": ("HARES=.ar.. GUILT=..... CROAK=.Roa. BRAVO=bRa.o", "ARBOR ARMOR BRAVO ABHOR", "ARBOR"),
    # CATCH=CA.ch shows two Cs: CAHOW, which the seed printed, has one.
    "CACHE": ("CHAIR=Cha.. CLASH=C.a.h CATCH=CA.ch", "CACHE CAHOW CATCH COACH", "CACHE"),
    "TOXIC": (
        "LEAKS=..... MIGHT=.i..t BLITZ=..it. OPTIC=o.tIC TONIC=TO.IC",
        "TORIC TOXIC TONIC OPTIC TOPIC",
        "TORIC TOXIC",
    ),
    # WITTY's grey T at 3 rules out JITTY, KITTY and ZITTY.
    "FIFTY": (
        "HARES=..... BUILT=..i.t TIMID=tI... PINTO=.I.T. WITTY=.I.TY",
        "FIFTY JITTY KITTY ZITTY WITTY FIFTH",
        "FIFTY",
    ),
    # The seed's last run is right: both EMPTS and EMPTY give every row.
    "EMPTY": ("LODGE=....e WIPER=..Pe. TEPEE=teP.. EXPAT=E.P.t", "EMPTS EMPTY TEPEE EXPAT ETAPE", "EMPTS EMPTY"),
    "STYLE": ("GROAN=..... WHILE=...LE BELLE=...LE TUPLE=t..LE STELE=ST.LE", "STELE STYLE STILE TUPLE", "STYLE"),
    "WRITE": ("SABER=...er REFIT=re.it TRITE=.RITE", "TRITE URITE WRITE WROTE", "URITE WRITE"),
    "QUICK": ("MORAL=..... TWINE=..I.. CHICK=..ICK", "QUICK SPICK CHICK THICK STICK", "QUICK SPICK"),
    # TENCH has one T; TENET=TEN.t shows two.
    "TENTH": ("PLANK=...n. TENOR=TEN.. TENET=TEN.t", "TENCH TENDS TENDU TENTH TENTS TENTY", "TENTH TENTS TENTY"),
}


def run_json(capsys, argv):
    """Return (status, parsed JSON output, stderr) of the CLI."""
    status = main(argv)
    out = capsys.readouterr()
    return status, json.loads(out.out), out.err


def brute_force(clues: str, words: list[str]) -> list[str]:
    """Return the words that give every clue's pattern when scored."""
    rows = parse_rows(clues.split())
    return [w for w in words if all(score(c.guess, w) == c.pattern for c in rows)]


@pytest.mark.parametrize("answer", EXAMPLES)
def test_seed_002_example(answer, capsys):
    clues, words, expected = EXAMPLES[answer]
    words, expected = words.split(), expected.split()
    assert [w.upper() for w in brute_force(clues, [w.lower() for w in words])] == expected
    status, result, err = run_json(capsys, ["filter", *clues.split(), "--words", *words, "--json"])
    assert status == 0 and err == ""
    assert [w.upper() for w in result["candidates"]] == expected
    assert result["count"] == len(expected)
    assert answer in expected


def test_fifty_summary_matches_the_fixed_seed(cli):
    clues, words, _ = EXAMPLES["FIFTY"]
    status, out, _ = cli("filter", *clues.split(), "--words", *words.split())
    assert status == 0
    for fact in ["-I-TY", "ABDEHLMNOPRSUW", "[T,-,IT,I,T]", "CFGJKQVXZ"]:
        assert fact in out
    assert "1 word fits:\nFIFTY\n" in out


def test_tenth_summary_shows_the_deduced_fourth_t(cli, capsys):
    clues, words, _ = EXAMPLES["TENTH"]
    status, out, _ = cli("filter", *clues.split(), "--words", *words.split())
    assert status == 0
    assert "TEN-- (deduced: TENT-)" in out
    assert "T at position 4" in out
    status, result, _ = run_json(capsys, ["filter", *clues.split(), "--words", *words.split(), "--json"])
    assert result["knowledge"]["deduced_pattern"] == "tent-"


EXPLAIN_TABLES = [
    (
        "THIEF=...e. BLADE=....E GROVE=.ro.E",
        {
            "ROMEO": "Mask: needs ----E; WrongSpot: has ---E-",
            "PROSE": "WrongSpot: has -RO--",
            "STORE": "Invalid: has -T---; WrongSpot: has --O--",
            "MURAL": "Valid: missing EO; Mask: needs ----E; Invalid: has ---AL",
            "ROUSE": "Eligible",
        },
    ),
    (
        "CLAIM=c..i. TRICE=.riC.",
        {
            "INCUR": "Mask: needs ---C-",
            "TAXIS": "Valid: missing CR; Mask: needs ---C-; Invalid: has TA---; WrongSpot: has ---I-",
            "PRICY": "WrongSpot: has -RI--",
            "ERICA": "Invalid: has E---A; WrongSpot: has -RI--",
            "BIRCH": "Eligible",
        },
    ),
]


@pytest.mark.parametrize("clues, table", EXPLAIN_TABLES)
def test_seed_002_explain_tables(cli, clues, table, capsys):
    words = list(table)
    status, out, _ = cli("filter", *clues.split(), "--words", *words, "--explain")
    assert status == 0
    for word, reason in table.items():
        assert f"{word}   {reason}\n" in out
    status, result, _ = run_json(capsys, ["filter", *clues.split(), "--words", *words, "--explain", "--json"])
    assert {e["word"].upper(): "; ".join(e["reasons"]) or "Eligible" for e in result["explain"]} == table
    assert [w.upper() for w in result["candidates"]] == [w for w, r in table.items() if r == "Eligible"]
    assert [w.upper() for w in result["candidates"]] == [
        w.upper() for w in brute_force(clues, [w.lower() for w in words])
    ]


def test_seed_003_templates_and_discarded(capsys):
    words = "GUESS QUEST GUEST FUMES GUISE BUSES DUPES MUSED QUEUE GUSTS".split()
    status, result, _ = run_json(
        capsys, ["filter", "____[E]", "_U_[E]S", "--discarded", "ACLNRT", "--words", *words, "--json"]
    )
    assert status == 0 and result["candidates"] == ["guess"]
    assert result["knowledge"]["templates"] == ["____[E]", "_U_[E]S"]


def test_ocean_grep_pipeline_is_seed_002s(cli):
    clues, words, _ = EXAMPLES["OCEAN"]
    status, out, _ = cli("filter", *clues.split(), "--words", *words.split(), "--grep")
    assert status == 0
    assert out.startswith("# JUDGE=....e CHEST=c.E.. WRECK=..Ec.\n")
    for step in ["grep '^..E..$'", "awk '/C/ && /E/'", "grep -v '[DGHJKRSTUW]'", "grep '^[^C]..[^C][^E]$'"]:
        assert step in out
