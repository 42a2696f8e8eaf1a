"""The on-disk cache stays within its limit (least recently used first), says when a large matrix is written or
left out, and ``chute cache`` shows it and empties it."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import numpy as np
import pytest

from chute import Engine, load_lexicon, words_lexicon
from chute.errors import ChuteError
from chute.files import human_bytes
from chute.game import cache as cache_mod
from chute.game import matrix_file as file_mod
from chute.game import memory as memory_mod
from chute.game import words as words_mod
from chute.game.cache import contents, parse_size, prune

LEXICON_FILE = "lexicon-wordle-" + "0123456789ab" * 2 + ".marshal"
WORDS = "crane cigar rebut sissy humph awake blush focal evade naval serve heath dwarf model karma stink".split()


def make_set(folder, key: str, size: int, age_days: float, tables=("openers",)) -> list:
    """Write a fake set of cache files for a lists' key: a matrix of ``size`` bytes, its stamp and tables, all last
    used ``age_days`` ago; return their paths."""
    files = [folder / f"matrix-{key}.bin", folder / f"matrix-{key}.ok"]
    files += [
        folder / (f"{t}-{key}.json" if t in ("openers", "second") else f"{t}-{key}-normal-6.json") for t in tables
    ]
    files[0].write_bytes(b"\0" * size)
    for f in files[1:]:
        f.write_text("{}")
    when = time.time() - age_days * 86400
    for f in files:
        os.utime(f, (when, when))
    return files


def test_sizes_are_read_and_said_as_people_write_them():
    assert parse_size("2G") == 2 * 2**30 and parse_size("500M") == 500 * 2**20 and parse_size("1.5 GiB") == 3 * 2**29
    assert parse_size("0") == 0 and parse_size("4096") == 4096
    for bad in ("lots", "-1G", "2X", ""):
        with pytest.raises(ChuteError, match="CHUTE_CACHE_MAX must be a size"):
            parse_size(bad)
    assert human_bytes(717 * 2**20) == "717 MiB" and human_bytes(int(1.6 * 2**30)) == "1.6 GiB"
    assert human_bytes(12 * 2**10) == "12 KiB"


def test_the_least_recently_used_lists_go_first_until_the_cache_fits(tmp_path):
    keys = [c * 32 for c in "abcd"]
    for key, age in zip(keys, (5, 1, 3, 0.5)):
        make_set(tmp_path, key, 1000, age)
    (tmp_path / LEXICON_FILE).write_bytes(b"x" * 100)
    (tmp_path / "notes.txt").write_text("not chute's")
    assert contents(tmp_path).size == 4 * 1004 + 100
    removed = prune(tmp_path, keep=tmp_path / f"matrix-{keys[0]}.bin", limit=2500)
    assert [s.key for s in removed] == [keys[2], keys[1]]  # the oldest (a) is kept: it was just used
    left = {s.key for s in contents(tmp_path).sets}
    assert left == {keys[0], keys[3]} and (tmp_path / "notes.txt").exists()
    assert (tmp_path / LEXICON_FILE).exists() and contents(tmp_path).size <= 2500


def test_unused_lists_go_whatever_the_size(tmp_path):
    make_set(tmp_path, "a" * 32, 10, cache_mod.UNUSED_DAYS + 1)
    make_set(tmp_path, "b" * 32, 10, 1)
    assert [s.key for s in prune(tmp_path, limit=10**9)] == ["a" * 32]


def test_a_matrix_over_the_limit_is_not_cached_and_is_said_once(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CHUTE_CACHE_MAX", "100")
    monkeypatch.setattr(cache_mod, "_warned", set())
    lex = words_lexicon(WORDS)
    first = Engine.build(lex, cache_dir=tmp_path)
    again = Engine.build(lex, cache_dir=tmp_path)
    err = capsys.readouterr().err
    assert np.array_equal(first.matrix, again.matrix) and not list(tmp_path.glob("matrix-*"))
    assert err.count("\n") == 1 and "larger than the cache's limit (0 KiB, CHUTE_CACHE_MAX): it is not cached" in err


def test_a_large_matrix_written_to_the_cache_is_said(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(file_mod, "LARGE", 100)
    monkeypatch.setattr(cache_mod, "_warned", set())
    Engine.build(words_lexicon(WORDS), cache_dir=tmp_path)
    err = capsys.readouterr().err
    assert f"caching a 0 KiB pattern matrix in {tmp_path}" in err and "'chute cache' shows" in err
    assert list(tmp_path.glob("matrix-*.bin"))


def test_writing_a_matrix_keeps_the_cache_within_its_limit(tmp_path, monkeypatch):
    stale = make_set(tmp_path, "e" * 32, 5000, 2)
    monkeypatch.setenv("CHUTE_CACHE_MAX", "3000")
    engine = Engine.build(words_lexicon(WORDS), cache_dir=tmp_path)
    assert not stale[0].exists() and (tmp_path / f"matrix-{engine.lexicon.key[:32]}.bin").exists()


def test_the_memory_refusal_names_the_limit_that_binds_in_units_that_read(monkeypatch):
    monkeypatch.setattr(
        memory_mod,
        "memory_limits",
        lambda: [
            (8 * 2**30, "this machine has {free} available"),
            (100 * 2**20, "this process may use {free} more (its ulimit -v)"),
        ],
    )
    with pytest.raises(ChuteError) as err:
        memory_mod.check_memory(300 * 2**20, "the pattern matrix")
    assert str(err.value) == (
        "the pattern matrix needs 300 MiB plus about 250 MiB for chute itself, and this process may use 100 MiB more "
        "(its ulimit -v): use shorter word lists"
    )


def test_chute_cache_shows_the_folder_and_clears_it(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))
    make_set(tmp_path, "f" * 32, 3 * 2**20, 2, tables=("openers", "review"))
    (tmp_path / LEXICON_FILE).write_bytes(b"x" * 2048)
    status, out, _ = cli("cache")
    assert status == 0 and f"cache: {tmp_path}" in out and "holds 3 MiB of at most 2.0 GiB" in out
    assert "lists ffffffffffffffff      3 MiB  used 2 days ago  (with openers, review)" in out
    status, out, _ = cli("cache", "--json")
    data = json.loads(out)
    assert data["limit"] == 2 * 2**30 and data["lists"][0]["key"] == "f" * 32 and len(data["lists"][0]["files"]) == 4
    (tmp_path / "mine.txt").write_text("the user's own file")
    status, out, _ = cli("cache", "--clear")
    assert status == 0 and "deleted 5 files (3 MiB)" in out
    assert [p.name for p in tmp_path.iterdir()] == ["mine.txt"]
    monkeypatch.setenv("CHUTE_CACHE_MAX", "lots")
    status, _, err = cli("cache")
    assert status == 2 and err.count("\n") == 1 and "CHUTE_CACHE_MAX must be a size" in err


def test_a_cache_limit_that_is_no_size_is_refused_even_when_nothing_is_written(cli, monkeypatch):
    """A warm cache writes nothing, so the limit was never read and a bad one went unsaid: it is refused at once."""
    assert cli("review", "crane", "slate", "--answer", "slate", "--no-history")[0] == 0  # the cache is warm
    monkeypatch.setenv("CHUTE_CACHE_MAX", "lots")
    status, out, err = cli("review", "crane", "slate", "--answer", "slate", "--no-history")
    assert status == 2 and out == "" and err.count("\n") == 1 and "CHUTE_CACHE_MAX must be a size" in err
    assert cli("review", "crane", "slate", "--answer", "slate", "--no-history", "--no-cache")[0] == 0  # no cache used


def test_a_word_list_too_large_for_the_memory_is_refused_as_it_is_read(cli, tmp_path, monkeypatch):
    """The list is refused once it holds more words than a matrix that fits allows: not after parsing it all."""
    import random

    from chute.game import words as words_mod

    monkeypatch.setattr(
        memory_mod,
        "memory_limits",
        lambda: [(memory_mod.MEMORY_HEADROOM + 4_000_000, "this machine has {free} available")],
    )
    rng = random.Random(7)
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = sorted({"".join(rng.choice(letters) for _ in range(5)) for _ in range(30_000)})
    path = tmp_path / "big.txt"
    path.write_text("\n".join(words) + "\n")
    added = []
    real_add = words_mod.WordList.add
    monkeypatch.setattr(words_mod.WordList, "add", lambda self, *a: added.append(1) or real_add(self, *a))
    status, out, err = cli("suggest", "--answers", path, "--guesses", path)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert f"the pattern matrix of the word list {path} (more than 2,000 words) needs" in err
    assert "and this machine has" in err and len(added) <= 2_001 < len(words)


def test_cache_clear_deletes_chutes_exact_names_only_and_counts_what_it_deleted(cli, tmp_path, monkeypatch):
    """Files whose names only start like chute's (a user's review-2026.txt), and folders, are never touched."""
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))
    make_set(tmp_path, "e" * 32, 1000, 1, tables=("openers", "second"))
    theirs = ["review-2026.txt", "lexicon-notes.md", "optimal-plan.docx", "matrix-of-doom.xlsx", "second-draft.txt"]
    theirs += ["matrix-" + "e" * 31 + ".bin", "openers-" + "e" * 32 + ".json.bak"]
    for name in theirs:
        (tmp_path / name).write_text("the user's own")
    (tmp_path / "review-folder").mkdir()
    status, out, _ = cli("cache")
    assert "other file" not in out  # none of theirs is counted as chute's
    unlink = type(tmp_path).unlink

    def refusing(path, *args, **kwargs):  # one of chute's files cannot be deleted: the others still go
        if path.name.startswith("openers-") and path.suffix == ".json":
            raise PermissionError(13, "Permission denied")
        return unlink(path, *args, **kwargs)

    monkeypatch.setattr(type(tmp_path), "unlink", refusing)
    status, out, err = cli("cache", "--clear")
    assert status == 1 and "deleted 3 files" in out and "1 file of chute's could not be deleted" in err
    monkeypatch.setattr(type(tmp_path), "unlink", unlink)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(theirs + ["review-folder", "openers-" + "e" * 32 + ".json"])


def test_every_file_chute_writes_in_its_cache_is_one_it_knows(cli, tmp_path, monkeypatch):
    """The names ``contents`` recognises are the names chute writes: a matrix, its tables, a parsed lexicon, a
    multi-board opening, the compiled kernels' stamps (so that each is pruned and cleared, and nothing else)."""
    from chute.cli.ahead import stamp_path as kernels_stamp
    from chute.search.compile_ahead import stamp_path as tree_stamp

    cache = tmp_path / "cache"
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(cache))
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path / "state"))
    answers, guesses = tmp_path / "a.txt", tmp_path / "g.txt"
    answers.write_text("\n".join(WORDS) + "\n")
    guesses.write_text("\n".join(WORDS + ["slate", "trace", "adieu", "pouty"]) + "\n")
    lists = ["--answers", answers, "--guesses", guesses]
    for argv in (
        ["suggest", *lists, "crane:bbbbb"],
        ["suggest", *lists, "-s", "optimal", "--hard"],
        ["review", *lists, "slate", "crane", "--answer", "crane", "--no-history"],
        ["suggest", *lists, "--game", "dueto", "slate:bbbbb/bbbbb"],
        ["suggest", "crane:bbbbb"],
    ):
        assert cli(*argv)[0] == 0, argv
    found = contents(cache)
    known = {f.name for s in found.sets for f in s.files} | {f.name for f in found.other}
    written = {p.name for p in cache.iterdir() if not p.name.endswith(".lock")}
    assert written and written == known
    assert {"matrix", "optimal", "second"} <= {name.split("-")[0] for name in written}
    assert cache_mod.OTHER_FILE.fullmatch(Path(words_mod.lexicon_cache_path("termo", "a" * 24)).name)
    for stamp in (kernels_stamp(cache), tree_stamp(cache, 5, "hard", True), tree_stamp(cache, 12, None)):
        assert cache_mod.OTHER_FILE.fullmatch(stamp.name), stamp.name
    lexicon = load_lexicon("wordle")  # its rare and offensive words unsuggested: a played key in the name
    for kind, rule in (("review", "hard"), ("optimal", "strict"), ("games", None)):
        name = cache_mod.table_name(kind, lexicon, rule, 6)
        assert cache_mod.TABLE_FILE.fullmatch(name) and cache_mod._key_of(name) == lexicon.key[:32], name


def test_tables_whose_matrix_was_not_kept_are_labelled_and_pruned(cli, tmp_path, monkeypatch):
    """A matrix too large to keep leaves its tables alone: listed as such, and pruned as a set of their own."""
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))
    files = make_set(tmp_path, "c" * 32, 10, cache_mod.UNUSED_DAYS + 1, tables=("openers",))
    files[0].unlink()
    files[1].unlink()
    status, out, _ = cli("cache")
    assert "lists cccccccccccccccc" in out and "(no matrix kept, only openers)" in out
    assert [s.key for s in prune(tmp_path, limit=10**9)] == ["c" * 32] and not files[2].exists()


def test_a_word_list_too_large_for_the_memory_is_not_split_into_lines_whole(cli, tmp_path, monkeypatch):
    """Its lines are read one at a time: the refusal comes before the end of the file is ever split (an over-long
    line there would otherwise be the error), so a list of tens of MiB is refused within a second."""
    monkeypatch.setattr(
        memory_mod,
        "memory_limits",
        lambda: [(memory_mod.MEMORY_HEADROOM + 4_000_000, "this machine has {free} available")],
    )
    path = tmp_path / "big.txt"
    words = [f"{a}{b}{c}ab" for a in "abcdefghij" for b in "abcdefghijklmnopqrstuvwxyz" for c in "abcdefghijklmnop"]
    path.write_text("\n".join(words) + "\n" + "x" * 100_000 + "\n")
    status, out, err = cli("suggest", "--answers", path, "--guesses", path)
    assert status == 2 and "(more than 2,000 words) needs" in err and "characters" not in err
