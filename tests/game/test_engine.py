"""The engine: codes agree with ``score`` everywhere, partition figures, and the disk cache."""

from __future__ import annotations

import os
import random
import struct

import numpy as np
import pytest

import chute.game.cache as cache_mod
import chute.game.engine as engine_mod
import chute.game.matrix_file as file_mod
import chute.game.partition_stats as stats_mod
import chute.game.pattern_codes as codes_mod
from chute.errors import ChuteError
from chute.game.engine import Engine
from chute.game.feedback import decode, encode, score
from chute.game.partition_stats import histograms, partition, partition_stats
from chute.game.pattern_codes import compute_codes, letters_array, numpy_codes
from chute.game.words import load_lexicon, words_lexicon

TRICKY = [
    "geese",
    "speed",
    "abbey",
    "eerie",
    "erase",
    "sheep",
    "eager",
    "added",
    "daddy",
    "mamma",
    "llama",
    "allay",
    "lolly",
    "skill",
    "bills",
    "aahed",
    "fluff",
    "puppy",
    "tenth",
    "fifty",
]


@pytest.fixture(scope="module")
def wordle():
    """Return the bundled wordle engine (built once, then cached for the session)."""
    return Engine.build(load_lexicon("wordle"))


def test_numpy_codes_agree_with_score_on_repeated_letters():
    """Every cell of the numpy scorer equals feedback.score, repeated letters included."""
    rng = random.Random(7)
    words = load_lexicon("wordle").guesses
    guesses = TRICKY + rng.sample(words, 150)
    secrets = TRICKY + rng.sample(words, 150)
    codes = numpy_codes(letters_array(guesses, 5), letters_array(secrets, 5))
    for i, g in enumerate(guesses):
        for j, s in enumerate(secrets):
            assert decode(int(codes[i, j]), 5) == score(g, s), (g, s)


@pytest.mark.parametrize("length", [4, 5, 6, 8])
def test_numpy_codes_agree_with_score_on_words_made_of_few_letters(length):
    """Words of three letters' worth (a letter three or four times over) and of z: every cell equals feedback.score."""
    rng = random.Random(length)
    words = ["".join(rng.choice("abz") for _ in range(length)) for _ in range(120)] + ["z" * length]
    codes = numpy_codes(letters_array(words, length), letters_array(words[::-1], length))
    assert codes.dtype == codes_mod.code_dtype(length)
    for i, g in enumerate(words):
        for j, s in enumerate(words[::-1]):
            assert decode(int(codes[i, j]), length) == score(g, s), (g, s)


def test_numpy_codes_in_blocks_of_rows_are_the_whole_matrix_s(monkeypatch):
    """Scored a few rows at a time (a block smaller than a row too, and a last block cut short), every cell
    is the one a single pass over the whole matrix gives, and equals feedback.score."""
    rng = random.Random(11)
    words = TRICKY + rng.sample(load_lexicon("wordle").guesses, 97)
    g, s = letters_array(words, 5), letters_array(words[::-1], 5)
    monkeypatch.setattr(codes_mod, "BLOCK_CELLS", 10**9)
    whole = numpy_codes(g, s)  # one pass
    for cells in (1, 7 * len(words), 64 * len(words)):
        monkeypatch.setattr(codes_mod, "BLOCK_CELLS", cells)
        assert np.array_equal(numpy_codes(g, s), whole), cells
    assert all(
        decode(int(whole[i, j]), 5) == score(a, b) for i, a in enumerate(words) for j, b in enumerate(words[::-1])
    )


def test_one_guess_codes_agree_with_score(wordle):
    """One guess at a time (the hard-mode rules' case) the numpy scorer still equals feedback.score."""
    rng = random.Random(8)
    words = load_lexicon("wordle").guesses
    secrets = TRICKY + rng.sample(words, 400)
    for g in TRICKY + rng.sample(words, 60):
        codes = numpy_codes(letters_array([g], 5), letters_array(secrets, 5))
        assert codes.shape == (1, len(secrets))
        assert [decode(int(c), 5) for c in codes[0]] == [score(g, s) for s in secrets], g


def test_matrix_kernel_agrees_with_score(wordle):
    """Sampled cells of the compiled matrix equal feedback.score."""
    lex = wordle.lexicon
    rng = np.random.default_rng(3)
    for r, c in zip(rng.integers(0, len(lex.guesses), 3000), rng.integers(0, len(lex.answers), 3000)):
        assert wordle.matrix[r, c] == encode(score(lex.guesses[r], lex.answers[c]))
    # the compiled kernel and numpy give the same block
    rows = list(lex.guesses[:300])
    big = compute_codes(rows * 20, lex.answers[:800], 5)  # above the numpy threshold
    assert np.array_equal(big[:300], numpy_codes(letters_array(rows, 5), letters_array(lex.answers[:800], 5)))


@pytest.mark.parametrize("length", range(3, 13))
def test_compiled_kernels_equal_score_cell_by_cell_at_every_length(length):
    """Every cell of the vectorised kernel (parallel and serial) equals feedback.score, at 3 to 12 letters.

    Words drawn from few letters, so most hold repeated letters (three or four
    copies too), the hard case of the yellow rule.
    """
    from chute.game.pattern_codes import code_dtype
    from chute.kernels.score import codes_serial, pattern_matrix

    rng = random.Random(length)
    alphabet = "abcdez"[: 3 + length % 4]
    words = sorted({"".join(rng.choice(alphabet) for _ in range(length)) for _ in range(160)})
    guesses, secrets = words[:120], words[-90:]
    g, s = letters_array(guesses, length), letters_array(secrets, length)
    fast = np.empty((len(guesses), len(secrets)), dtype=code_dtype(length))
    serial = np.empty_like(fast)
    pattern_matrix(g, s, fast)
    codes_serial(g, s, serial)
    assert np.array_equal(fast, serial)
    for i, word in enumerate(guesses):
        for j, secret in enumerate(secrets):
            assert decode(int(fast[i, j]), length) == score(word, secret), (word, secret)


def test_longer_words_use_wider_codes():
    """Six-letter patterns (729 codes) need uint16 and still agree with score."""
    lex = words_lexicon(["banana", "bandit", "cannon", "anoint", "nation", "tannin"])
    eng = Engine.build(lex, cache=False)
    assert eng.matrix.dtype == np.uint16
    for i, g in enumerate(lex.guesses):
        for j, s in enumerate(lex.answers):
            assert decode(int(eng.matrix[i, j]), 6) == score(g, s)


def test_codes_for_words_outside_the_answer_list(wordle):
    """Candidates that are not answers are scored on the fly, mixed with matrix columns."""
    cands = ["aahed", "crane", "zymic", "abbey"]
    rows = wordle.rows(["soare", "eerie"])
    codes = wordle.codes(rows, cands)
    for i, g in enumerate(["soare", "eerie"]):
        assert [decode(int(c), 5) for c in codes[i]] == [score(g, s) for s in cands]


def test_codes_in_any_order_are_the_codes_with_their_columns_named(wordle):
    """``codes_any_order`` gives each candidate's codes (off-list words scored on the fly) and which column is which."""
    cands = ["aahed", "crane", "zymic", "abbey", "xylyl", "slate"]
    cols = wordle.columns(cands)
    for rows in (wordle.rows(["soare", "eerie", "zymic"]), None):
        codes, order = wordle.codes_any_order(rows, cands, cols)
        want = wordle.codes(rows, cands, cols)
        assert codes.shape == want.shape and order is not None
        assert sorted(order.tolist()) == list(range(len(cands)))
        assert np.array_equal(codes, want[:, order])
    answers = ["crane", "slate", "abbey"]
    codes, order = wordle.codes_any_order(wordle.rows(["soare"]), answers, wordle.columns(answers))
    assert order is None and np.array_equal(codes, wordle.codes(wordle.rows(["soare"]), answers))


def test_a_state_partition_of_matches_the_stats_of_its_codes(wordle):
    """``State.partition_of`` (columns in any order) gives the figures of ``stats(codes(rows))``, weighted or not."""
    from chute.strategies.base import State

    cands = ["aahed", "crane", "zymic", "abbey", "xylyl", "slate", "trace", "caret"]
    rows = wordle.rows(["soare", "eerie", "zymic", "crate", "trace"])
    for weights in (None, np.linspace(1.0, 3.0, len(cands))):
        state = State(wordle, cands, weights)
        got, want = state.partition_of(rows), state.stats(state.codes(rows))
        for name in ("entropy", "expected", "worst", "parts"):
            assert np.allclose(getattr(got, name), getattr(want, name), rtol=1e-12), name


def test_codes_with_off_list_words_are_put_in_order_block_by_block(wordle, monkeypatch):
    """``codes`` with candidates off the matrix fills its one copy a few rows at a time: the same codes as the
    rule gives, every row or some, whatever the block."""
    cands = ["aahed", "crane", "zymic", "abbey", "xylyl", "slate", "trace"]
    rows = wordle.rows(["soare", "eerie", "zymic", "crate", "trace"])
    monkeypatch.setattr(engine_mod, "ORDER_BLOCK_BYTES", 2 * len(cands))  # two rows a block
    for some in (rows, None):
        guesses = wordle.lexicon.guesses if some is None else [wordle.lexicon.guesses[r] for r in some.tolist()]
        assert np.array_equal(wordle.codes(some, cands), compute_codes(guesses, cands, 5))


def test_a_ranking_over_a_large_mapped_matrix_gives_back_the_rows_each_block_read(
    tmp_path, small_engine, monkeypatch, resident
):
    """A ranking reads the rows it asks for once, block by block (a first ranking too large to keep every code
    reads them all): over a large matrix mapped from the cache it holds none of them after, and its figures are
    those of the codes gathered whole."""
    import chute.strategies.base as base
    from chute.strategies.base import State

    engine = small_engine(seed=7, answers=300, extra=700, cache_dir=tmp_path)
    path = _cache_file(tmp_path)
    cands = list(engine.lexicon.answers[:250]) + list(engine.lexicon.guesses[-50:])  # some off the matrix
    state = State(engine, cands, None)
    rows = np.arange(0, len(engine.lexicon.guesses), 3)  # too few to keep every guess's codes
    want = state.stats(state.codes(rows))
    monkeypatch.setattr(base, "PARTITION_BLOCK_BYTES", 64 * len(cands))
    monkeypatch.setattr(engine_mod, "GIVE_BACK_BYTES", engine.matrix.nbytes + 1)  # not large: kept
    state.partition_of(rows)
    assert resident(path) > 0
    monkeypatch.setattr(engine_mod, "GIVE_BACK_BYTES", engine.matrix.nbytes)  # large
    got = state.partition_of(rows)
    assert resident(path) == 0
    for name in ("entropy", "expected", "worst", "parts"):
        assert np.allclose(getattr(got, name), getattr(want, name), rtol=1e-12), name


def test_rows_read_one_by_one_of_a_large_mapped_matrix_are_given_back(tmp_path, small_engine, monkeypatch, resident):
    """Reading a large mapped matrix row by row (a tree's rows in a review, a game's clues) or in a few rows
    (a shortlist's codes) holds none of it after, where the system maps more of the file than each row read:
    the rows are read from its file, or, where that cannot be read, through the mapping with the pages given
    back; every row (a ranking's) is read through the mapping and given back.  The codes are the matrix's.  A
    small matrix, or one in memory, is read as it is."""
    engine = small_engine(seed=9, answers=300, extra=700, cache_dir=tmp_path)
    path = _cache_file(tmp_path)
    plain = Engine.build(engine.lexicon, cache=False)
    S = np.arange(0, len(engine.lexicon.answers), 2)
    rows = np.arange(0, len(engine.lexicon.guesses), 5)
    assert engine.give_back_matrix() and resident(path) == 0
    monkeypatch.setattr(engine_mod, "GIVE_BACK_BYTES", engine.matrix.nbytes + 1)  # not large: kept
    assert np.array_equal(engine.row_codes(3, S), plain.matrix[3, S])
    assert resident(path) > 0 and not plain.gives_back()
    assert engine.give_back_matrix() and resident(path) == 0
    monkeypatch.setattr(engine_mod, "GIVE_BACK_BYTES", engine.matrix.nbytes)  # large
    assert engine.gives_back() and not plain.gives_back()
    monkeypatch.setattr(engine_mod, "ORDER_BLOCK_BYTES", 16 * engine.matrix.shape[1])  # blocks of 16 rows
    cands = [engine.lexicon.answers[c] for c in S.tolist()]
    for from_file in (True, False):
        if not from_file:  # a file that cannot be read: through the mapping, given back
            monkeypatch.setattr(os, "preadv", lambda *a: (_ for _ in ()).throw(OSError(5, "I/O error")))
        for g in rows.tolist():
            assert np.array_equal(engine.row_codes(g, S), plain.matrix[g, S])
        assert resident(path) == 0
        assert np.array_equal(engine.codes(rows, cands), plain.codes(rows, cands))
        assert np.array_equal(engine.codes(np.sort(rows[::-1][:7]), cands), plain.codes(np.sort(rows[::-1][:7]), cands))
        assert np.array_equal(engine.codes(None, cands), plain.codes(None, cands))
        assert resident(path) == 0


def test_a_large_mapped_matrix_transposed_or_read_a_cell_at_a_time_is_not_held_after(
    tmp_path, small_engine, monkeypatch, resident
):
    """Its transposed copy is made a block of rows at a time, what earlier reads left of the matrix given back
    first and each block's pages once copied, so the two are never whole at once; a game's clues, read a cell at
    a time, are read from the file.  The codes are the matrix's; a small matrix is read as it is."""
    engine = small_engine(seed=10, answers=300, extra=700, cache_dir=tmp_path)
    path = _cache_file(tmp_path)
    plain = Engine.build(engine.lexicon, cache=False)
    assert engine.give_back_matrix() and resident(path) == 0
    monkeypatch.setattr(engine_mod, "GIVE_BACK_BYTES", engine.matrix.nbytes)  # large
    monkeypatch.setattr(engine_mod, "TRANSPOSE_ROWS", 64)
    monkeypatch.setattr(codes_mod, "TRANSPOSE_ROWS", 64)
    assert int(engine.matrix.sum()) and resident(path) > 0  # read whole before, as a board's gather does
    given, held = [], []
    give_back = engine.give_back_matrix

    def giving_back(*rows):
        given.append(rows)
        done = give_back(*rows)
        held.append(resident(path))
        return done

    monkeypatch.setattr(engine, "give_back_matrix", giving_back)
    assert np.array_equal(engine.transposed, plain.matrix.T) and resident(path) == 0
    rows = len(engine.lexicon.guesses)
    assert given == [()] + [(start, min(start + 64, rows)) for start in range(0, rows, 64)]
    assert not any(held)  # never more of the matrix held than the block being copied
    lex = engine.lexicon
    for guess, answer in [(lex.guesses[g], lex.answers[a]) for g, a in ((0, 0), (5, 17), (rows - 1, 299))]:
        assert engine.pattern(guess, answer) == plain.pattern(guess, answer) == encode(score(guess, answer))
    assert resident(path) == 0
    monkeypatch.setattr(engine_mod, "GIVE_BACK_BYTES", engine.matrix.nbytes + 1)  # not large: read as it is
    assert engine.pattern(lex.guesses[5], lex.answers[17]) == plain.pattern(lex.guesses[5], lex.answers[17])
    assert resident(path) > 0


def test_the_copies_for_searches_are_dropped_made_anew_and_kept_by_a_search_holding_them(small_engine):
    """``forget_copies`` drops the engine's transposed matrix and transposed rows (freed once no search holds
    them): the next ask makes them anew, the same, while rows a search holds stay as they were and are copied
    into its own as it asks (a server's other requests run on)."""
    engine = small_engine(seed=11, answers=60, extra=90)
    whole = engine.transposed
    held = engine.rows_copies()
    S = np.array([2, 3, 9], dtype=np.int32)
    rows = engine.transposed_rows(S[:2], held)
    assert np.array_equal(rows[S[:2]], whole[S[:2]])
    engine.forget_copies()
    assert "transposed" not in vars(engine) and "_rows_copied" not in vars(engine)
    assert engine.transposed is not whole and np.array_equal(engine.transposed, whole)
    fresh = engine.rows_copies()
    assert fresh[0] is not held[0] and not fresh[1].any()
    assert np.array_equal(held[0][S[:2]], whole[S[:2]]) and held[1][S[:2]].all()
    assert engine.transposed_rows(S, held) is held[0] and np.array_equal(held[0][S], whole[S])
    assert not fresh[1].any()  # the search's rows went to its own copies
    assert np.array_equal(engine.transposed_rows(S)[S], whole[S]) and fresh[1][S].all()
    Engine.build(engine.lexicon, cache=False).forget_copies()  # none made: nothing to drop


def test_a_review_gives_back_its_searches_copies_before_chute_plays_its_own_game(small_engine, monkeypatch):
    """A review's grading is done before chute's own game: the copies its searches made of the matrix are given
    back first, so the game's rankings never hold them beside their own codes."""
    import chute.reviewing.verdict as verdict

    engine = small_engine(seed=12, answers=80, extra=120)
    said = []
    monkeypatch.setattr(Engine, "forget_copies", lambda self: said.append(("forget", self is engine)))
    real = verdict.chute_game
    monkeypatch.setattr(verdict, "chute_game", lambda *a: said.append(("game", None)) or real(*a))
    answer = engine.lexicon.answers[7]
    verdict.review(engine, [engine.lexicon.answers[0], answer], answer)
    assert said[-1] == ("game", None) and ("forget", True) in said[:-1]


def test_partition_stats_kernel_and_numpy_agree(wordle, monkeypatch):
    """The compiled row statistics equal the numpy ones, uniform and weighted."""
    codes = wordle.matrix[:2000]
    w = np.random.default_rng(0).random(codes.shape[1])
    monkeypatch.setattr(stats_mod, "_use_kernel", lambda cells: True)
    fast = [partition_stats(codes, 243), partition_stats(codes, 243, w)]
    monkeypatch.setattr(stats_mod, "_use_kernel", lambda cells: False)
    slow = [partition_stats(codes, 243), partition_stats(codes, 243, w)]
    for a, b in zip(fast, slow):
        assert np.allclose(a.entropy, b.entropy) and np.allclose(a.expected, b.expected)
        assert np.array_equal(a.worst, b.worst) and np.array_equal(a.parts, b.parts)


@pytest.mark.parametrize("kernel", [True, False])
def test_partition_stats_of_no_guess_is_empty_on_every_path(monkeypatch, kernel):
    """No guess to rank (a hard mode that allows none): empty figures, not a division by zero in the kernel."""
    monkeypatch.setattr(stats_mod, "_use_kernel", lambda cells: kernel)
    codes = np.zeros((0, 40), dtype=np.uint8)
    for st in (partition_stats(codes, 243), partition_stats(codes, 243, np.ones(40))):
        assert len(st) == 0 and st.entropy.shape == st.worst.shape == (0,)


def test_partition_stats_match_a_hand_count():
    """Entropy, expected size, worst bin and parts of a tiny partition, by hand."""
    codes = np.array([[0, 0, 1, 2]], dtype=np.uint8)  # bins of 2, 1, 1
    st = partition_stats(codes, 3)
    assert st.entropy[0] == pytest.approx(1.5)
    assert st.expected[0] == pytest.approx((2 * 2 + 1 + 1) / 4)
    assert st.worst[0] == 2 and st.parts[0] == 3
    counts = histograms(codes, 3)
    assert counts.tolist() == [[2, 1, 1]]
    assert partition(codes[0], ["a", "b", "c", "d"]) == {0: ["a", "b"], 1: ["c"], 2: ["d"]}


def test_a_bench_scores_words_off_the_matrix_compiled_from_a_few_hundred_thousand_cells(monkeypatch):
    """Many small jobs in a row (``prefer_compiled``, a bench) score words off the matrix compiled from
    PREFERRED_SCORE_CELLS once the kernels are loaded and the scoring kernel compiled on the machine; a single
    command keeps such a job in numpy."""
    cells = codes_mod.PREFERRED_SCORE_CELLS
    monkeypatch.setattr(codes_mod, "kernels_loaded", lambda: True)
    ready = {"yes": True}
    monkeypatch.setattr(codes_mod, "kernel_ready", lambda module, name: ready["yes"])
    was = codes_mod.prefer_compiled(True)
    try:
        assert codes_mod.score_compiled(cells, 5) and not codes_mod.score_compiled(cells - 1, 5)
        ready["yes"] = False  # not compiled on this machine: numpy
        assert not codes_mod.score_compiled(cells, 5)
        ready["yes"] = True
        codes_mod.prefer_compiled(False)
        assert not codes_mod.score_compiled(cells, 5)
    finally:
        codes_mod.prefer_compiled(was)


def test_histograms_in_several_blocks_are_each_rows_own_count(monkeypatch):
    """Rows are counted a block at a time (HISTOGRAM_BLOCK_CELLS): the counts and weighed masses are each row's
    own, whatever the block."""
    rng = np.random.default_rng(13)
    codes = rng.integers(0, 27, size=(50, 40)).astype(np.uint8)
    w = rng.random(40)
    want = np.array([np.bincount(row, minlength=27) for row in codes])
    mass = np.array([np.bincount(row, weights=w, minlength=27) for row in codes])
    for cells in (1, 40, 120, 10_000):
        monkeypatch.setattr(stats_mod, "HISTOGRAM_BLOCK_CELLS", cells)
        assert np.array_equal(histograms(codes, 27), want)
        assert np.allclose(histograms(codes, 27, w), mass, rtol=0, atol=1e-12)


# -- the disk cache ----------------------------------------------------------------------

SMALL = ["crane", "slate", "trace", "crate", "react", "caret", "cater", "spine", "snipe", "pines"]


def _cache_file(folder):
    """Return the one matrix file in a cache folder."""
    files = list(folder.glob("matrix-*.bin"))
    assert len(files) == 1
    return files[0]


@pytest.fixture
def counting(monkeypatch):
    """Count how often the engine computes a matrix."""
    calls = []
    real = engine_mod.compute_codes

    def spy(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(engine_mod, "compute_codes", spy)
    return calls


def test_cache_is_written_then_reused(tmp_path, counting):
    """A second build loads the matrix from disk instead of computing it."""
    lex = words_lexicon(SMALL)
    first = Engine.build(lex, cache_dir=tmp_path)
    second = Engine.build(lex, cache_dir=tmp_path)
    assert len(counting) == 1
    assert np.array_equal(first.matrix, second.matrix)
    assert not list(tmp_path.glob("*.tmp"))  # the temp file was renamed


@pytest.mark.parametrize("damage", ["truncate", "flip", "foreign-key", "garbage", "empty"])
def test_damaged_cache_is_rebuilt(tmp_path, counting, damage):
    """A truncated, corrupted, foreign or garbage cache file is never trusted: rebuilt, same matrix."""
    lex = words_lexicon(SMALL)
    good = Engine.build(lex, cache_dir=tmp_path).matrix.copy()
    path = _cache_file(tmp_path)
    data = bytearray(path.read_bytes())
    if damage == "truncate":
        data = data[: len(data) - 7]
    elif damage == "flip":
        data[-3] ^= 0xFF
    elif damage == "foreign-key":
        header = struct.Struct("<8s64sIIIII")
        fields = list(header.unpack(bytes(data[: header.size])))
        fields[1] = b"f" * 64
        data[: header.size] = header.pack(*fields)
    elif damage == "garbage":
        data = bytearray(b"not a matrix at all" * 10)
    else:
        data = bytearray()
    path.write_bytes(bytes(data))
    again = Engine.build(lex, cache_dir=tmp_path)
    assert len(counting) == 2
    assert np.array_equal(again.matrix, good)
    assert Engine.build(lex, cache_dir=tmp_path) is not None and len(counting) == 2  # repaired on disk


def test_a_vouched_cache_is_mapped_and_a_changed_one_checked_again(tmp_path, counting):
    """A file written is vouched for by its stamp and read back mapped, as an unchanged file is later; a changed
    one is checked again (read whole), then vouched for."""
    import os

    lex = words_lexicon(SMALL)
    good = Engine.build(lex, cache=False).matrix
    first = Engine.build(lex, cache_dir=tmp_path)  # computed, written, vouched, mapped
    path = _cache_file(tmp_path)
    stamp = path.with_suffix(".ok")
    assert stamp.exists() and file_mod.mapping(first.matrix) is not None
    assert np.array_equal(first.matrix, good) and len(counting) == 2
    mapped = Engine.build(lex, cache_dir=tmp_path).matrix  # mapped, copy on write
    assert file_mod.mapping(mapped) is not None and len(counting) == 2
    assert np.array_equal(mapped, good) and mapped.flags.writeable
    mapped[0, 0] ^= 1  # a write stays in this process
    assert np.array_equal(Engine.build(lex, cache_dir=tmp_path).matrix, good)
    data = bytearray(path.read_bytes())
    data[-3] ^= 0xFF
    st = path.stat()
    path.write_bytes(bytes(data))  # changed in place: same size and inode
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    again = Engine.build(lex, cache_dir=tmp_path)
    assert len(counting) == 3 and np.array_equal(again.matrix, good)
    stamp.write_text("1 2 3 4\n")  # a stamp that vouches for another file
    checked = Engine.build(lex, cache_dir=tmp_path).matrix  # read whole and checked: not mapped
    assert np.array_equal(checked, good) and file_mod.mapping(checked) is None and len(counting) == 3


def test_a_matrix_mapped_from_the_cache_is_given_back_and_read_again_where_used(tmp_path, small_engine, resident):
    """A matrix mapped from the cache (a first build's too) gives its pages back to the system: none held after,
    the same codes read from the file again; a matrix computed without a cache is kept."""
    engine = small_engine(seed=5, answers=300, extra=700, cache_dir=tmp_path)
    path = _cache_file(tmp_path)
    codes = Engine.build(engine.lexicon, cache=False)
    assert int(engine.matrix.sum()) == int(codes.matrix.sum()) and resident(path) >= engine.matrix.nbytes // 1024
    assert engine.give_back_matrix() and resident(path) == 0
    assert np.array_equal(engine.matrix, codes.matrix) and resident(path) > 0
    assert not codes.give_back_matrix() and codes.matrix.sum() > 0


def test_matrices_no_run_has_read_for_two_months_are_deleted_when_a_new_one_is_written(tmp_path, counting):
    """The cache does not grow with every word-list change: a stale matrix goes with its lists' tables (openers,
    second rows, review tables, optimal trees), and so do chute's other files not written for as long (tables
    whose matrix was never kept, openings, parsed lexicons); one still read stays, and so do files of other names."""
    import os
    import time

    from chute.game.cache import UNUSED_DAYS

    old = time.time() - (UNUSED_DAYS + 1) * 86400

    def age(path):
        if path.exists():
            os.utime(path, (old, old))

    stale, read, fresh = (words_lexicon(SMALL[i::3]) for i in range(3))
    for lex in (stale, read):
        Engine.build(lex, cache_dir=tmp_path)  # written and stamped
    files = {lex.key: sorted(tmp_path.glob(f"matrix-{lex.key[:32]}.*")) for lex in (stale, read)}
    assert all(len(pair) == 2 for pair in files.values())  # .bin and .ok
    for pair in files.values():
        for f in pair:
            age(f)
    others = [tmp_path / "notes.txt", tmp_path / "matrix-mine.bin", tmp_path / f"openers-{'a' * 31}.json"]
    chutes = [
        tmp_path / f"openers-{'a' * 32}.json",
        tmp_path / f"multi-openers-{stale.key[:32]}.json",
        tmp_path / f"lexicon-wordle-{stale.key[:24]}.marshal",
    ]
    tables = {
        lex.key: [
            tmp_path / f"{name}-{lex.key[:32]}{tail}"
            for name, tail in (
                ("openers", ".json"),
                ("second", ".json"),
                ("review", "-normal-6.json"),
                ("optimal", "-s" + "1a2b" * 4 + "-hard-6.json"),
            )
        ]
        for lex in (stale, read)
    }
    for f in others + chutes + tables[stale.key] + tables[read.key]:
        f.write_text("a table of chute's, or not\n")
        age(f)
    Engine.build(read, cache_dir=tmp_path)  # mapped: its stamp marks it used now
    assert files[read.key][1].stat().st_mtime > old + 86400
    built = len(counting)
    Engine.build(fresh, cache_dir=tmp_path)  # a new matrix written: the stale one goes
    assert len(counting) == built + 1
    assert not any(f.exists() for f in files[stale.key]) and all(f.exists() for f in files[read.key])
    assert not any(f.exists() for f in tables[stale.key])  # its lists' tables go with it
    assert all(f.exists() for f in tables[read.key] + others) and not any(f.exists() for f in chutes)
    assert np.array_equal(Engine.build(stale, cache_dir=tmp_path).matrix, Engine.build(stale, cache=False).matrix)


def test_unwritable_cache_dir_works_and_warns_once(tmp_path, capsys, monkeypatch):
    """A cache directory that cannot be written: the engine works, one warning for the process."""
    monkeypatch.setattr(cache_mod, "_warned", set())
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder should be")
    folder = blocker / "cache"
    a = Engine.build(words_lexicon(SMALL), cache_dir=folder)
    b = Engine.build(words_lexicon(SMALL[:6]), cache_dir=folder)
    err = capsys.readouterr().err
    assert err.count("working without caching") == 1
    assert a.matrix.shape == (10, 10) and b.matrix.shape == (6, 6)


def test_a_matrix_computed_into_its_cache_file_is_the_one_computed_in_memory(tmp_path, capsys, monkeypatch):
    """The codes are written straight into the mapped file, read back whole by a later run; a disk with no room
    for it leaves no file, warns once, and the engine computes it in memory."""
    import errno
    import os

    lexicon = words_lexicon(SMALL)
    built = Engine.build(lexicon, cache_dir=tmp_path)
    assert built.maps_matrix() and np.array_equal(built.matrix, Engine.build(lexicon, cache=False).matrix)
    (tmp_path / f"matrix-{lexicon.key[:32]}.ok").unlink()  # not vouched for: read and checked whole
    assert np.array_equal(Engine.build(lexicon, cache_dir=tmp_path).matrix, built.matrix)
    monkeypatch.setattr(cache_mod, "_warned", set())

    def full(fd, offset, size):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "posix_fallocate", full)
    small = words_lexicon(SMALL[:7])
    engine = Engine.build(small, cache_dir=tmp_path / "full")
    assert np.array_equal(engine.matrix, Engine.build(small, cache=False).matrix) and not engine.maps_matrix()
    assert capsys.readouterr().err.count("No space left on device") == 1
    assert not [p for p in (tmp_path / "full").iterdir() if "matrix" in p.name]


def test_no_cache_touches_no_file(tmp_path, monkeypatch):
    """cache=False neither reads nor writes the cache directory."""
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path / "never"))
    eng = Engine.build(words_lexicon(SMALL), cache=False)
    assert eng.cache_dir is None
    assert not (tmp_path / "never").exists()


@pytest.mark.parametrize("cols", [1, 2, 5, 30, 48, 49, 200])
def test_partition_stats_paths_agree(wordle, monkeypatch, cols):
    """Sorted runs, histograms and the kernel give the same figures for any number of candidates."""
    rng = np.random.default_rng(cols)
    codes = np.ascontiguousarray(wordle.matrix[:3000, np.sort(rng.choice(2315, cols, replace=False))])
    w = rng.random(cols)
    results = []
    for sort_cols, kernel in ((10**6, False), (0, False), (0, True)):
        monkeypatch.setattr(stats_mod, "SORT_COLS", sort_cols)
        monkeypatch.setattr(stats_mod, "_use_kernel", lambda cells: kernel)
        results.append([partition_stats(codes, 243), partition_stats(codes, 243, w)])
    for other in results[1:]:
        for a, b in zip(results[0], other):
            assert np.allclose(a.entropy, b.entropy) and np.allclose(a.expected, b.expected)
            assert np.array_equal(a.worst, b.worst) and np.array_equal(a.parts, b.parts)


def test_sorted_partition_stats_work_in_blocks_of_rows_and_hold_only_a_block(wordle, monkeypatch):
    """Rows sorted SORT_BLOCK_CELLS at a time give the figures sorting them all at once gives, with and without
    a prior, and a large job's temporaries are a block's (8 letters' 29,150 guesses x 316 words held 281 MB)."""
    import tracemalloc

    rng = np.random.default_rng(3)
    codes = np.ascontiguousarray(wordle.matrix[:3000, np.sort(rng.choice(2315, 200, replace=False))])
    w = rng.random(200)
    monkeypatch.setattr(stats_mod, "SORT_COLS", 10**6)
    monkeypatch.setattr(stats_mod, "_use_kernel", lambda cells: False)
    sides = []
    for cells in (7_000, 1 << 40):
        monkeypatch.setattr(stats_mod, "SORT_BLOCK_CELLS", cells)
        sides.append([partition_stats(codes, 243), partition_stats(codes, 243, w)])
    for a, b in zip(*sides):
        assert a.entropy.tolist() == b.entropy.tolist() and a.expected.tolist() == b.expected.tolist()
        assert a.worst.tolist() == b.worst.tolist() and a.parts.tolist() == b.parts.tolist()
    monkeypatch.undo()
    monkeypatch.setattr(stats_mod, "_use_kernel", lambda cells: False)
    large = rng.integers(0, 6561, size=(20_000, 316)).astype(np.uint16)
    tracemalloc.start()
    partition_stats(large, 6561, rng.random(316))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 80 * 2**20  # all at once: about 40 bytes a cell, 250 MB


@pytest.mark.parametrize("length", [9, 12])
def test_partition_stats_at_long_words_agree_and_stay_small(length, monkeypatch):
    """Past 8 letters (3^L patterns) the kernel, sorted runs and hand counts agree; no rows x 3^L table is made."""
    import tracemalloc

    rng = np.random.default_rng(length)
    n_pat = 3**length
    codes = rng.integers(0, 40, size=(400, 60)).astype(np.uint32) * (n_pat // 41)  # few distinct codes, spread out
    w = rng.random(60)
    tracemalloc.start()
    monkeypatch.setattr(stats_mod, "_use_kernel", lambda cells: False)
    numpy_side = [partition_stats(codes, n_pat), partition_stats(codes, n_pat, w)]
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 50 * 2**20  # a 400 x 3^12 int64 histogram alone would be 1.7 GB
    monkeypatch.setattr(stats_mod, "_use_kernel", lambda cells: True)
    kernel_side = [partition_stats(codes, n_pat), partition_stats(codes, n_pat, w)]
    for a, b in zip(numpy_side, kernel_side):
        assert np.allclose(a.entropy, b.entropy) and np.allclose(a.expected, b.expected)
        assert np.array_equal(a.worst, b.worst) and np.array_equal(a.parts, b.parts)
    row = codes[7].tolist()
    sizes = [row.count(c) for c in set(row)]
    assert numpy_side[0].worst[7] == max(sizes) and numpy_side[0].parts[7] == len(sizes)
    assert numpy_side[0].expected[7] == pytest.approx(sum(c * c for c in sizes) / 60)


def test_a_matrix_too_large_for_the_memory_is_refused_before_allocating(monkeypatch, tmp_path):
    """Engine.build checks the matrix size against the memory available and says so in one line."""
    lexicon = words_lexicon(["crane", "cigar", "rebut", "sissy"])
    import chute.game.memory as memory_mod

    monkeypatch.setattr(memory_mod, "memory_limits", lambda: [(300 * 2**20, "this machine has {free} available")])
    Engine.build(lexicon, cache=False)  # 16 bytes: fine
    monkeypatch.setattr(memory_mod, "memory_limits", lambda: [(100 * 2**20, "this machine has {free} available")])
    with pytest.raises(ChuteError, match="pattern matrix of 4 guesses x 4 answers needs .* available"):
        Engine.build(lexicon, cache=False)
    monkeypatch.setattr(memory_mod, "memory_limits", lambda: [])  # unknown: no check
    Engine.build(lexicon, cache=False)


@pytest.mark.parametrize("shape", [(0, 5), (5, 0), (1, 1), (63, 65), (64, 3), (130, 7), (200, 129)])
def test_the_transpose_by_blocks_of_rows_equals_numpy(shape, monkeypatch):
    """``pattern_codes.transpose`` copies a block of rows at a time: the same contiguous array as numpy's copy of
    ``a.T``, whether the rows fill the blocks or not."""
    monkeypatch.setattr(codes_mod, "TRANSPOSE_ROWS", 64)
    a = np.random.default_rng(sum(shape)).integers(0, 243, size=shape).astype(np.uint8)
    out = codes_mod.transpose(a)
    assert out.flags.c_contiguous and out.shape == shape[::-1] and np.array_equal(out, a.T)
    b = a.astype(np.uint16)
    assert out.dtype == np.uint8 and codes_mod.transpose(b).dtype == np.uint16
    assert np.array_equal(codes_mod.transpose(b), b.T)


def test_a_folder_set_with_a_quoted_tilde_is_in_the_home_folder(tmp_path, monkeypatch):
    """CHUTE_CACHE_DIR="~/x" (quoted, so the shell left the ~) is ~/x, not a folder named '~' here."""
    from chute.files import default_cache_dir, default_state_dir

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("CHUTE_CACHE_DIR", "~/cache")
    monkeypatch.setenv("CHUTE_STATE_DIR", "~/state")
    assert default_cache_dir() == tmp_path / "cache" and default_state_dir() == tmp_path / "state"


def test_gather_equals_fancy_indexing_in_every_shape():
    """``engine.gather`` gives ``codes[np.ix_(rows, cols)]`` C-ordered whichever way it gathers: index arrays,
    lists, repeats, boolean masks, empty selections, every row (None), narrow and wide blocks."""
    from chute.game.pattern_codes import gather

    rng = np.random.default_rng(11)
    for shape in ((300, 120), (2_000, 3_000)):
        M = rng.integers(0, 243, shape).astype(np.uint8)
        for t in range(60):
            rows = rng.choice(shape[0], rng.integers(0, shape[0]), replace=bool(t % 2))
            cols = rng.choice(shape[1], rng.integers(0, shape[1]), replace=bool(t % 3))
            if t % 5 == 0:
                rows = rows.tolist()
            got = gather(M, rows, cols)
            assert got.flags["C_CONTIGUOUS"] and np.array_equal(got, M[np.ix_(rows, cols)])
            assert np.array_equal(gather(M, None, cols), M[:, cols])
            masks = rng.random(shape[0]) < 0.3, rng.random(shape[1]) < 0.5
            assert np.array_equal(gather(M, *masks), M[np.ix_(*masks)])
    assert gather(M, [], [1, 2]).shape == (0, 2) and gather(M, [0], []).shape == (1, 0)


def test_gather_of_every_column_in_order_takes_the_rows_alone_and_no_large_column_copy(monkeypatch):
    """Every column in order is a take of rows (no column pass over the matrix); a column selection whose
    every-row copy would pass ``GATHER_COPY_BYTES`` is gathered another way, with the same codes."""
    from chute.game.pattern_codes import gather

    rng = np.random.default_rng(5)
    M = rng.integers(0, 243, (3_000, 400)).astype(np.uint8)
    rows = rng.choice(3_000, 1_200, replace=False)
    taken = []
    real_take = np.take
    monkeypatch.setattr(
        engine_mod.np, "take", lambda a, i, axis=None: taken.append((a.shape, axis)) or real_take(a, i, axis=axis)
    )
    got = gather(M, rows, np.arange(400))
    assert np.array_equal(got, M[rows]) and taken == [(M.shape, 0)]
    cols = rng.choice(400, 390, replace=False)
    monkeypatch.setattr(codes_mod, "GATHER_COPY_BYTES", 1_000)
    taken.clear()
    got = gather(M, rows, cols)
    assert np.array_equal(got, M[np.ix_(rows, cols)])
    assert all(shape != M.shape or axis != 1 for shape, axis in taken)  # never every row's columns


def test_a_first_ranking_reads_the_matrix_in_place_and_gathers_others_in_blocks(wordle, monkeypatch):
    """``State.partition_of`` over every guess and every answer in order reads the matrix itself (no gather);
    over other candidates (off-list words too) it works in blocks of ``PARTITION_BLOCK_BYTES`` and gives the
    figures of the whole codes at once."""
    import chute.strategies.base as base
    from chute.strategies.base import State

    rows = np.arange(len(wordle.lexicon.guesses))
    state = State(wordle, list(wordle.lexicon.answers), None)
    monkeypatch.setattr(engine_mod, "gather", lambda *a: pytest.fail("the whole matrix gathered"))
    got = state.partition_of(rows)
    want = stats_mod.partition_stats(wordle.matrix, wordle.n_patterns)
    assert np.array_equal(got.parts, want.parts) and np.allclose(got.entropy, want.entropy)
    monkeypatch.undo()
    cands = list(wordle.lexicon.answers[::7]) + ["xylyl", "zymic", "aahed"]
    weights = np.linspace(1.0, 2.0, len(cands))
    state = State(wordle, cands, weights)
    whole = state.stats(state.codes(rows))
    kept = State(wordle, cands, weights).partition_of(rows)  # every guess's codes kept by the state
    for name in ("entropy", "expected", "worst", "parts"):
        assert np.allclose(getattr(kept, name), getattr(whole, name), rtol=1e-12), name
    seen = []
    real = wordle.codes_any_order
    monkeypatch.setattr(base, "EVERY_CODE_BYTES", 0)
    monkeypatch.setattr(base, "PARTITION_BLOCK_BYTES", 500 * len(cands))
    monkeypatch.setattr(type(wordle), "codes_any_order", lambda self, r, *a: seen.append(len(r)) or real(r, *a))
    got = state.partition_of(rows)
    assert max(seen) == 500 and sum(seen) == len(rows)
    for name in ("entropy", "expected", "worst", "parts"):
        assert np.allclose(getattr(got, name), getattr(whole, name), rtol=1e-12), name


def test_a_large_matrix_is_never_held_whole_while_it_is_computed(tmp_path, monkeypatch, resident):
    """A large matrix is computed into its cache file a block at a time, each block's pages given back once written
    and summed: a first use holds a block of it, not the whole (a multi-board game's first clue computes hundreds of
    MiB).  The file is the whole matrix all the same, its checksum the whole's."""
    monkeypatch.setattr(file_mod, "GIVE_BACK_BYTES", 1)  # large
    monkeypatch.setattr(file_mod, "FILL_BLOCK_BYTES", 1 << 20)
    shape, dtype = (4096, 2048), np.dtype(np.uint8)  # 8 MiB: eight blocks
    expected = (np.arange(shape[0])[:, None] * 7 + np.arange(shape[1])[None, :]).astype(dtype)
    held: list[int] = []

    def fill(rows: np.ndarray, start: int, stop: int) -> None:
        held.append(sum(resident(p) for p in tmp_path.iterdir()))
        rows[:] = expected[start:stop]

    path, key = tmp_path / "matrix-test.bin", "0123456789abcdef" * 4  # a lexicon's key: 64 hex digits
    made = file_mod.computed_in_file(path, key, shape, dtype, fill)
    assert made is not None and np.array_equal(made, expected)
    assert len(held) == 8 and max(held) <= 3 * 1024  # KiB: a block and the window of the file around it
    path.with_suffix(".ok").unlink()  # not vouched for: read and checked whole
    again = file_mod.read_matrix(path, key, shape, dtype)
    assert again is not None and np.array_equal(again, expected)


def test_a_large_matrix_computed_into_its_cache_file_is_not_held_after(tmp_path, small_engine, monkeypatch, resident):
    """Computed straight into its cache file, a large matrix's pages are given back once written (a later run maps
    it the same way, none of it held): a multi-board game's first clue then ranks beside no whole copy of it.  A
    small one is kept.  The codes are the matrix's either way."""
    monkeypatch.setattr(engine_mod, "GIVE_BACK_BYTES", 1 << 40)  # small: kept
    kept = small_engine(seed=11, answers=300, extra=700, cache_dir=tmp_path / "small")
    assert resident(_cache_file(tmp_path / "small")) > 0
    monkeypatch.setattr(engine_mod, "GIVE_BACK_BYTES", 1)  # large
    given = small_engine(seed=11, answers=300, extra=700, cache_dir=tmp_path / "large")
    path = _cache_file(tmp_path / "large")
    assert resident(path) == 0
    plain = Engine.build(given.lexicon, cache=False)
    assert np.array_equal(np.asarray(given.matrix), plain.matrix) and np.array_equal(
        np.asarray(kept.matrix), plain.matrix
    )
