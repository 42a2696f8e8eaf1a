"""The proof's journal never makes a wrong optimum: every line is checksummed and range-checked, read on its own,
and a line that cannot be trusted has its opener searched again."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chute.search.journal as journal_module
from chute import Engine, load_lexicon
from chute.errors import ChuteError
from chute.files import used_by_one
from chute.search.journal import JOURNAL_FORMAT, entry_check, read_journal
from chute.search.prove import prove
from chute.search.tree_search import TreeSearch

TOP = 3


@pytest.fixture(scope="module")
def engine() -> Engine:
    """Return an engine over small seeded lists drawn from Wordle's (a proof of them takes well under a second)."""
    base = load_lexicon("wordle")
    rng = random.Random(5)
    answers = sorted(rng.sample(base.answers, 24))
    guesses = sorted(set(answers) | set(rng.sample(base.guesses, 36)))
    return Engine.build(load_lexicon("wordle", _words(answers), _words(guesses)), cache=False)


def _words(words: list[str]) -> str:
    """Return the path of a temporary word file holding ``words``."""
    import tempfile

    f = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
    f.write("\n".join(words) + "\n")
    f.close()
    return f.name


def searcher(engine: Engine) -> TreeSearch:
    """Return a fresh exact search (no memo shared between proofs)."""
    return TreeSearch(engine, exact=True)


@pytest.fixture(scope="module")
def truth(engine, tmp_path_factory):
    """Return (the proof made without a journal, the lines of a whole journal of it)."""
    fresh = prove(searcher(engine), top=TOP)
    path = tmp_path_factory.mktemp("journal") / "whole.jsonl"
    prove(searcher(engine), top=TOP, journal=path)
    return fresh, path.read_bytes().split(b"\n")[:-1]


def same_result(proof, fresh) -> bool:
    """Return whether a proof says what the fresh one says: the optimum, the top, every opener's figure."""
    return (
        proof.best == fresh.best
        and proof.ranking[:TOP] == fresh.ranking[:TOP]
        and proof.table() == fresh.table()
        and proof.proven == fresh.proven
    )


def entry_lines(lines: list[bytes]) -> list[dict]:
    """Return the journal's entries as dicts (the header left out)."""
    return [json.loads(line) for line in lines[1:]]


def rewrite(path: Path, lines: list[bytes]) -> None:
    """Write a journal's lines back, each ended by a newline."""
    path.write_bytes(b"".join(line + b"\n" for line in lines))


def test_a_journal_line_carries_a_checksum_of_the_lists_and_the_entry(engine, truth):
    fresh, lines = truth
    key = json.loads(lines[0])
    assert key["format"] == JOURNAL_FORMAT and key["version"] == 2
    for entry in entry_lines(lines):
        check = entry.pop("check")
        assert check == entry_check(key, entry)
        assert entry_check({**key, "rows": 5}, entry) != check  # another run's lines do not fit this one


@pytest.mark.parametrize(
    "damage",
    [
        "digit",
        "foreign opener",
        "negative",
        "list opener",
        "exact flipped",
        "huge float",
        "copied twice, changed",
        "another run's line",
    ],
)
def test_a_damaged_entry_is_searched_again_and_the_optimum_stays_right(engine, truth, tmp_path, damage):
    fresh, lines = truth
    key = json.loads(lines[0])
    entries = entry_lines(lines)
    best = next(i for i, e in enumerate(entries) if e["opener"] == fresh.best.opener)
    bad = dict(entries[best])
    if damage == "digit":  # the optimum's total made smaller by one digit (1457 -> 1357)
        bad["total"] -= 100
    elif damage == "foreign opener":
        bad = {"opener": "zzzzz", "total": 3, "exact": True}
        bad["check"] = "0" * 16
    elif damage == "negative":
        bad["total"] = -5
    elif damage == "list opener":
        bad["opener"] = [bad["opener"]]
    elif damage == "exact flipped":
        worst = max(range(len(entries)), key=lambda i: (not entries[i]["exact"], entries[i]["total"] or 0))
        bad = dict(entries[worst], exact=True)
        best = worst
    elif damage == "huge float":
        bad["total"] = 1e999
    new = entries[:best] + [bad] + entries[best + 1 :]
    if damage == "copied twice, changed":
        twin = dict(entries[best], total=entries[best]["total"] + 7)
        twin["check"] = entry_check(key, {k: twin[k] for k in ("opener", "total", "exact")})
        new = entries + [twin]
    if damage == "another run's line":  # a line checksummed for other options (six rows -> five)
        bad = {k: entries[best][k] for k in ("opener", "total", "exact")}
        bad["total"] -= 1
        bad["check"] = entry_check({**key, "rows": 5}, bad)
        new = entries[:best] + [bad] + entries[best + 1 :]
    path = tmp_path / "j.jsonl"
    rewrite(path, [lines[0]] + [json.dumps(e).encode() for e in new])
    proof = prove(searcher(engine), top=TOP, journal=path)
    assert same_result(proof, fresh) and proof.damaged >= 1
    again = prove(searcher(engine), top=TOP, journal=path)  # the opener searched again is recorded anew
    assert same_result(again, fresh)


def test_an_entry_checksummed_right_but_below_its_openers_bound_is_searched_again(engine, truth, tmp_path):
    fresh, lines = truth
    key = json.loads(lines[0])
    entries = entry_lines(lines)
    worst = max(entries, key=lambda e: e["total"] or 10**9)
    forged = {"opener": worst["opener"], "total": 1, "exact": True}
    forged["check"] = entry_check(key, forged)
    path = tmp_path / "j.jsonl"
    rewrite(path, [lines[0]] + [json.dumps(e if e is not worst else forged).encode() for e in entries])
    proof = prove(searcher(engine), top=TOP, journal=path)
    assert same_result(proof, fresh) and proof.damaged == 1


def test_an_undecodable_byte_costs_its_line_only(engine, truth, tmp_path):
    fresh, lines = truth
    path = tmp_path / "j.jsonl"
    damaged = list(lines)
    damaged[5] = damaged[5][:3] + b"\xff\xfe" + damaged[5][3:]
    rewrite(path, damaged)
    found = read_journal(path, json.loads(lines[0]))
    assert found.damaged == 1 and len(found.done) == len(lines) - 2
    proof = prove(searcher(engine), top=TOP, journal=path)
    assert same_result(proof, fresh) and proof.damaged == 1


@pytest.mark.parametrize("damage", ["a flipped bit", "a byte order mark", "an undecodable byte", "cut short"])
def test_a_damaged_header_is_rebuilt_and_every_settled_opener_kept(engine, truth, tmp_path, damage):
    """The entries' checksums cover this run's lists and options: they prove the journal this run's."""
    fresh, lines = truth
    header = bytearray(lines[0])
    if damage == "a flipped bit":
        header[40] ^= 4
    elif damage == "a byte order mark":
        header[:0] = "\ufeff".encode()
    elif damage == "an undecodable byte":
        header[:0] = b"\xff"
    else:
        del header[len(header) // 2 :]
    path = tmp_path / "j.jsonl"
    rewrite(path, [bytes(header)] + lines[1:])
    proof = prove(searcher(engine), top=TOP, journal=path)
    assert same_result(proof, fresh) and proof.header_rebuilt and proof.damaged == 0
    assert path.read_bytes().split(b"\n")[0] == lines[0]  # rewritten whole: the next run reads it as it was
    again = prove(searcher(engine), top=TOP, journal=path)
    assert same_result(again, fresh) and not again.header_rebuilt and again.damaged == 0


def test_a_damaged_header_without_an_entry_of_this_run_is_refused_in_one_line(engine, truth, tmp_path):
    fresh, lines = truth
    path = tmp_path / "j.jsonl"
    rewrite(path, [b"\xff" + lines[0]])
    with pytest.raises(ChuteError, match="not a chute journal"):
        prove(searcher(engine), top=TOP, journal=path)
    other = dict(json.loads(lines[0]), rows=5)  # another run's header and entries
    theirs = [{k: e[k] for k in ("opener", "total", "exact")} for e in entry_lines(lines)]
    theirs = [dict(e, check=entry_check(other, e)) for e in theirs]
    rewrite(path, [json.dumps(other).encode()] + [json.dumps(e).encode() for e in theirs])
    with pytest.raises(ChuteError, match="belongs to another run"):
        prove(searcher(engine), top=TOP, journal=path)


def test_the_same_entry_twice_counts_once(engine, truth, tmp_path):
    """Two runs that appended the same settled openers leave byte-identical duplicates: nothing to search again."""
    fresh, lines = truth
    path = tmp_path / "j.jsonl"
    rewrite(path, lines + lines[1:])
    found = read_journal(path, json.loads(lines[0]))
    assert found.damaged == 0 and len(found.done) == len(lines) - 1
    proof = prove(searcher(engine), top=TOP, journal=path)
    assert same_result(proof, fresh) and proof.damaged == 0


def test_a_journal_another_run_is_using_is_refused_in_one_line(engine, truth, tmp_path):
    fresh, lines = truth
    path = tmp_path / "j.jsonl"
    rewrite(path, lines)
    with used_by_one(path, "prove"):
        with pytest.raises(ChuteError, match="another chute prove is using"):
            prove(searcher(engine), top=TOP, journal=path)
    assert path.read_bytes() == b"".join(line + b"\n" for line in lines)
    assert same_result(prove(searcher(engine), top=TOP, journal=path), fresh)  # the claim ends with its run


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_as_journal_is_refused_before_it_is_read(engine, device):
    if not Path(device).exists():
        pytest.skip(f"{device} is not on this system")
    with pytest.raises(ChuteError, match="not a regular file"):
        prove(searcher(engine), top=TOP, journal=Path(device))


def test_a_journal_far_larger_than_any_journal_is_refused_before_it_is_read(engine, truth, tmp_path, monkeypatch):
    fresh, lines = truth
    path = tmp_path / "j.jsonl"
    with open(path, "wb") as f:
        f.write(lines[0] + b"\n")
        f.truncate(journal_module.JOURNAL_BYTES + 1)  # sparse: no disk spent
    with pytest.raises(ChuteError, match="larger than"):
        prove(searcher(engine), top=TOP, journal=path)


def test_an_older_journal_without_checksums_is_searched_again_whole(engine, truth, tmp_path):
    fresh, lines = truth
    key = json.loads(lines[0])
    path = tmp_path / "j.jsonl"
    old = [{k: e[k] for k in ("opener", "total", "exact")} for e in entry_lines(lines)]
    old[0]["total"] = 2  # nothing of it is trusted
    rewrite(path, [json.dumps({**key, "version": 1}).encode()] + [json.dumps(e).encode() for e in old])
    proof = prove(searcher(engine), top=TOP, journal=path)
    assert same_result(proof, fresh) and proof.damaged == len(old)
    assert json.loads(path.read_bytes().split(b"\n")[0])["version"] == 2
    assert prove(searcher(engine), top=TOP, journal=path).damaged == 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    flips=st.lists(st.tuples(st.integers(min_value=0), st.integers(min_value=0, max_value=7)), min_size=1, max_size=3)
)
def test_random_bit_flips_never_give_a_wrong_optimum(engine, truth, tmp_path, flips):
    """Any one to three bits flipped anywhere: the journal is refused in one line, or the proof says exactly what a
    proof without a journal says (a damaged header rebuilt when the entries verify)."""
    fresh, lines = truth
    data = bytearray(b"".join(line + b"\n" for line in lines))
    for position, bit in flips:
        data[position % len(data)] ^= 1 << bit
    path = tmp_path / f"flip{random.random()}.jsonl"
    path.write_bytes(bytes(data))
    try:
        proof = prove(searcher(engine), top=TOP, journal=path)
    except ChuteError as err:
        assert "journal" in str(err)
        return
    assert same_result(proof, fresh)


def test_the_command_says_how_many_lines_it_searched_again(engine, truth, tmp_path, cli):
    fresh, lines = truth
    a, g = tmp_path / "a.txt", tmp_path / "g.txt"
    a.write_text("\n".join(engine.lexicon.answers) + "\n")
    g.write_text("\n".join(engine.lexicon.guesses) + "\n")
    journal = tmp_path / "run.journal"
    argv = ["prove", "--answers", a, "--guesses", g, "--top", TOP, "--journal", journal, "--json", "-q"]
    status, out, _ = cli(*argv)
    whole = json.loads(out)
    text = journal.read_bytes().split(b"\n")
    text[3] = text[3].replace(b'"total":', b'"total":1', 1)
    journal.write_bytes(b"\n".join(text))
    status, out, err = cli(*argv)
    again = json.loads(out)
    assert status == 0 and again["best"] == whole["best"] and again["settled"] == whole["settled"]
    assert again["journal_damaged"] == 1 and err.count("\n") == 1 and "1 line of the journal" in err
    assert "searched again" in err


def test_a_multi_board_game_is_refused_as_tree_refuses_it(cli):
    for game in ("quordle", "dueto"):
        status, _, err = cli("prove", "--game", game)
        assert status == 2 and err.count("\n") == 1 and "one board" in err


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    entries=st.lists(
        st.fixed_dictionaries(
            {
                "opener": st.one_of(
                    st.text(max_size=6),
                    st.sampled_from(["salet", "cigar", "zzzzz"]),
                    st.integers(),
                    st.lists(st.text(max_size=3), max_size=2),
                ),
                "total": st.one_of(st.none(), st.integers(-10, 10**6), st.floats(allow_nan=True), st.text(max_size=3)),
                "exact": st.one_of(st.booleans(), st.integers(0, 1), st.none()),
                "check": st.one_of(st.text(max_size=16), st.from_regex(r"[0-9a-f]{16}", fullmatch=True)),
            }
        ),
        min_size=1,
        max_size=5,
    ),
    at=st.integers(min_value=1),
)
def test_random_entries_among_the_good_ones_never_give_a_wrong_optimum(engine, truth, tmp_path, entries, at):
    """Lines of any shape, types and checksum slipped in among a whole journal's: the proof says what a proof
    without a journal says."""
    fresh, lines = truth
    place = 1 + at % len(lines)
    forged = [json.dumps(e, allow_nan=True).encode() for e in entries]
    path = tmp_path / f"random{random.random()}.jsonl"
    rewrite(path, lines[:place] + forged + lines[place:])
    proof = prove(searcher(engine), top=TOP, journal=path)
    assert same_result(proof, fresh)
