"""Benchmarks of play: statistics, the shared decision tree, reports, CSV/JSON, plots, the CLI."""

from __future__ import annotations

import csv
import io
import json
import math
import sys

import pytest

from chute import bench
from chute.bench import BenchResult, Progress, compare_table, report, statistics_of
from chute.errors import ChuteError
from chute.game.engine import Engine
from chute.game.results import GameResult
from chute.game.words import load_lexicon, words_lexicon

# Seed 004's example dictionary, and three words that share no letter.
SEED_WORDS = ["bills", "billy", "skill", "wills", "willy"]
APART = ["abcde", "fghij", "klmno"]


def games(*paths: tuple[str, ...]) -> list[GameResult]:
    """Return one-board games (six rows) whose secret is the last guess of each path."""
    return [GameResult.of_path(p[-1], p) for p in paths]


# --- statistics ------------------------------------------------------------------------------


def test_statistics_of_hand_made_games():
    played = games(
        ("soare", "cloth"),
        ("soare", "rainy", "briny"),
        ("soare", "rainy", "briny", "brink"),
        ("soare",),
        ("soare", "a", "b", "c", "d", "e", "f", "zesty"),
    )
    s = statistics_of(played, hardest=2)
    assert (s.games, s.total, s.max) == (5, 2 + 3 + 4 + 1 + 8, 8)
    assert s.mean == pytest.approx(18 / 5)
    assert s.median == 3
    assert s.stdev == pytest.approx(math.sqrt(sum((n - 3.6) ** 2 for n in (2, 3, 4, 1, 8)) / 5))
    assert s.distribution == {1: 1, 2: 1, 3: 1, 4: 1, 5: 0, 6: 0, 7: 0, 8: 1}
    assert (s.failures, s.unsolved) == (1, 0)
    assert [(g.secret, g.rows_used) for g in s.hardest] == [("zesty", 8), ("brink", 4)]


def test_unsolved_games_are_failures_and_come_first_among_the_hardest():
    played = [GameResult.of_path("fuzzy", ("soare",) * 10), *games(("soare", "fuzzy"))]
    s = statistics_of(played)
    assert (s.failures, s.unsolved, s.wins) == (1, 1, 1)
    assert (s.hardest[0].secret, s.hardest[0].rows_used) == ("fuzzy", 10)
    assert not played[0].finished and played[1].won


def test_statistics_of_nothing_is_an_error():
    with pytest.raises(ChuteError):
        statistics_of([])


def test_sample_is_seeded_and_keeps_list_order():
    words = [f"w{i:04d}" for i in range(100)]
    a, b = bench.sample_secrets(words, 10, seed=3), bench.sample_secrets(words, 10, seed=3)
    assert a == b and len(a) == 10 and a == sorted(a)
    assert bench.sample_secrets(words, 10, seed=4) != a
    assert bench.sample_secrets(words, None) == words
    assert bench.sample_secrets(words, 1000) == words
    with pytest.raises(ChuteError):
        bench.sample_secrets(words, 0)


# --- reports ---------------------------------------------------------------------------------


def small_result() -> BenchResult:
    played = games(("crane", "cloth"), ("crane", "bring", "briny"), ("crane",), ("crane", "a", "b", "c", "d", "e", "f"))
    return BenchResult(
        played, rows=6, seconds=0.5, info={"game": "wordle", "strategy": "entropy", "answers": 4, "accepted": 10}
    )


def test_report_shows_the_figures_the_chart_and_the_hardest():
    text = report(small_result())
    assert text.splitlines()[0] == "wordle · entropy · opener CRANE"
    assert "mean 3.2500" in text and "median 2.5" in text and "max 7" in text
    assert "failures 1 (over 6 rows)" in text
    chart = [line for line in text.splitlines() if line.strip()[:1].isdigit() and "%" in line]
    assert [int(line.split()[0]) for line in chart] == [1, 2, 3, 4, 5, 6, 7]
    assert chart[-1].endswith("✗")  # the game over the row limit is marked
    assert "█" in text
    assert "hardest: F 7, BRINY 3, CLOTH 2, CRANE 1" in text
    plain = report(small_result(), blocks=False)
    assert "█" not in plain and "#" in plain


def test_csv_has_one_row_per_game():
    rows = list(csv.DictReader(io.StringIO(small_result().to_csv())))
    assert [r["secret"] for r in rows] == ["cloth", "briny", "crane", "f"]
    assert rows[1] == {
        "secret": "briny",
        "guesses": "3",
        "solved": "1",
        "won": "1",
        "solved_at": "3",
        "sequence": "crane bring briny",
    }
    assert rows[3]["won"] == "0" and rows[3]["solved"] == "1"


def test_json_has_the_figures_and_every_game():
    data = json.loads(small_result().to_json())
    assert data["games"] == 4 and data["max"] == 7 and data["failures"] == 1
    assert data["distribution"] == {"1": 1, "2": 1, "3": 1, "4": 0, "5": 0, "6": 0, "7": 1}
    assert data["opener"] == "crane" and data["strategy"] == "entropy"
    assert data["results"][1] == {
        "secrets": ["briny"],
        "guesses": 3,
        "solved": True,
        "won": True,
        "solved_at": [3],
        "path": ["crane", "bring", "briny"],
    }
    assert "results" not in small_result().to_dict(games=False)


def test_compare_table_text_and_markdown():
    a, b = small_result(), BenchResult(games(("roate", "cloth")), seconds=1.25)
    text = compare_table([a, b], ["entropy", "minimax"])
    lines = text.splitlines()
    assert lines[0].split() == ["strategy", "opener", "mean", "median", "std", "dev", "max", "failures", "time"]
    assert lines[2].split()[:2] == ["entropy", "CRANE"] and lines[3].split()[:3] == ["minimax", "ROATE", "2.0000"]
    md = compare_table([a, b], ["entropy", "minimax"], markdown=True).splitlines()
    assert md[0] == "| strategy | opener | mean | median | std dev | max | failures | time |"
    assert md[1].startswith("|---|---|---:")
    assert md[3] == "| minimax | ROATE | 2.0000 | 2 | 0.000 | 2 | 0 | 1.2 s |"


def test_progress_bar_draws_on_a_terminal_only():
    out = io.StringIO()
    p = Progress(10, out, enabled=True)
    p.advance(10)
    assert "10/10" in out.getvalue() and "100%" in out.getvalue()
    p.close()
    assert out.getvalue().endswith("\r\x1b[2K")
    quiet = io.StringIO()  # a StringIO is not a terminal
    q = Progress(10, quiet)
    q.advance(10)
    q.close()
    assert quiet.getvalue() == ""


# --- plots -----------------------------------------------------------------------------------


def test_plot_writes_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    from chute.bench.plot import save_histogram

    path = save_histogram(small_result(), tmp_path / "h.png")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = save_histogram(small_result(), tmp_path / "h.svg").read_text()
    assert "<svg" in svg


def test_plot_without_matplotlib_names_the_extra(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    from chute.bench.plot import save_histogram

    with pytest.raises(ChuteError, match=r"pip install 'chute\[plot\]'"):
        save_histogram(small_result(), tmp_path / "h.png")


def test_plot_refuses_an_unknown_format(tmp_path):
    from chute.bench.plot import plot_format

    with pytest.raises(ChuteError, match="png"):
        plot_format(tmp_path / "h.jpg")


def test_compiled_partition_figures_equal_numpys():
    """bench switches partition_stats to the compiled sparse kernel; the figures must not change."""
    import numpy as np

    from chute.game.partition_stats import partition_stats
    from chute.game.pattern_codes import prefer_compiled

    rng = np.random.default_rng(5)
    for trial in range(60):
        rows, cols, n_patterns = int(rng.integers(1, 40)), int(rng.integers(1, 50)), (243, 81)[trial % 2]
        codes = rng.integers(0, n_patterns, (rows, cols)).astype(np.uint8)
        if trial % 3 == 0:
            codes[:, :] = codes[:, :1]  # every column in one bin
        weights = None if trial % 4 else rng.random(cols)
        old = prefer_compiled(False)
        try:
            a = partition_stats(codes, n_patterns, weights)
            prefer_compiled(True)
            b = partition_stats(codes, n_patterns, weights)
        finally:
            prefer_compiled(old)
        assert np.array_equal(a.worst, b.worst) and np.array_equal(a.parts, b.parts)
        assert np.allclose(a.entropy, b.entropy, rtol=0, atol=1e-12)
        assert np.allclose(a.expected, b.expected, rtol=0, atol=1e-12)


# --- playing with the real solver --------------------------------------------------------------

from chute.playing.solver import Solver  # noqa: E402


@pytest.fixture(scope="module")
def engine300(small_engine):
    """Return an engine over 300 wordle answers (answers = guesses), fast enough to play one by one."""
    return small_engine(load_lexicon("wordle").answers[::7][:300])


def test_three_words_apart_have_known_figures():
    """Any first guess solves one word, leaves two in one bin: 1, 2 and 3 guesses."""
    engine = Engine.build(words_lexicon(APART))
    result = bench.run(Solver(engine), rows=2)
    s = result.stats
    assert s.distribution == {1: 1, 2: 1, 3: 1}
    assert (s.games, s.total, s.mean, s.median, s.max) == (3, 6, 2.0, 2, 3)
    assert s.stdev == pytest.approx(math.sqrt(2 / 3))
    assert s.failures == 1  # the 3-guess game is over 2 rows
    assert all(g.finished for g in result.games)
    assert result.games[0].guesses == ("abcde",)  # equal scores: candidates first, then alphabetical


def test_seed_dictionary_from_bills():
    """Seed 004's five words: BILLS splits the other four apart, so 1 + 4 x 2 = 9 guesses."""
    engine = Engine.build(words_lexicon(SEED_WORDS))
    result = bench.run(Solver(engine, opener="bills"))
    assert sorted(g.rows_used for g in result.games) == [1, 2, 2, 2, 2]
    assert {g.secret: g.guesses for g in result.games}["willy"] == ("bills", "willy")
    assert result.stats.failures == 0


@pytest.mark.parametrize(
    "strategy,hard",
    [
        ("entropy", None),
        ("minimax", "hard"),
        ("expected-size", "strict"),
        ("letter-frequency", None),
        ("random", "hard"),
    ],
)
def test_tree_walk_equals_playing_each_game(engine300, strategy, hard):
    solver = Solver(engine300, strategy, hard=hard)
    tree = bench.run(solver, rows=6)
    each = bench.run(Solver(engine300, strategy, hard=hard), rows=6, tree=False)
    assert tree.games == each.games
    assert all(g.finished for g in tree.games)


def test_tree_walk_equals_playing_each_on_a_wordle_sample():
    """The full lists (12,972 guesses): a seeded sample of answers, the tree walked only where they go."""
    engine = Engine.build(load_lexicon("wordle"))
    secrets = bench.sample_secrets(engine.lexicon.answers, 12, seed=7)
    solver = Solver(engine, "entropy", opener="soare")
    tree = bench.run(solver, secrets)
    each = bench.run(Solver(engine, "entropy", opener="soare"), secrets, tree=False)
    assert [g.secret for g in tree.games] == secrets
    assert tree.games == each.games
    assert all(g.guesses[0] == "soare" for g in tree.games)


def test_jobs_split_the_tree_and_the_secrets(engine300):
    solver = Solver(engine300, "entropy")
    one = bench.run(solver)
    assert bench.run(Solver(engine300, "entropy"), jobs=2).games == one.games
    assert bench.run(Solver(engine300, "entropy"), jobs=2, tree=False).games == one.games


def test_failed_games_are_played_on_to_the_cap(engine300):
    result = bench.run(Solver(engine300, "first"), rows=3, cap=30)
    s = result.stats
    over = [g for g in result.games if g.rows_used > 3]
    assert over and s.failures == len(over)
    assert all(g.finished for g in result.games)  # their length is known, not cut at the limit
    assert s.max == max(g.rows_used for g in over) and s.max > 3
    capped = bench.run(Solver(engine300, "first"), rows=3, cap=4).stats
    assert capped.unsolved == sum(1 for g in over if g.rows_used > 4) and capped.max == 4


# --- the command line --------------------------------------------------------------------------


@pytest.fixture
def word_file(tmp_path):
    """Return a file of 120 wordle answers (used as answers and guesses)."""
    path = tmp_path / "words.txt"
    path.write_text("\n".join(load_lexicon("wordle").answers[::19][:120]) + "\n")
    return str(path)


def test_cli_bench_report_csv_json(cli, capsys, tmp_path, word_file):
    lists = ["--answers", word_file, "--guesses", word_file]
    status, out, err = cli("bench", *lists, "--csv", str(tmp_path / "g.csv"))
    assert status == 0 and err == ""  # no progress bar without a terminal
    assert "120 games" in out and "mean" in out and "hardest:" in out and "failures 0" in out
    rows = list(csv.DictReader(open(tmp_path / "g.csv", encoding="utf-8")))
    assert len(rows) == 120 and set(rows[0]) == {"secret", "guesses", "solved", "won", "solved_at", "sequence"}
    assert all(len(r["sequence"].split()) == int(r["guesses"]) and r["sequence"].endswith(r["secret"]) for r in rows)
    status, out, _ = cli("bench", *lists, "--json", "--sample", "30", "--seed", "2")
    data = json.loads(out)
    assert status == 0 and data["games"] == 30 and len(data["results"]) == 30 and data["sample"] == 30
    assert sum(data["distribution"].values()) == 30 and data["strategy"] == "expected-guesses"  # the default
    assert data["mean"] == pytest.approx(sum(r["guesses"] for r in data["results"]) / 30)


def test_a_bench_under_a_prior_beyond_the_answers_keeps_the_lists_matrix(cli, monkeypatch, tmp_path):
    """Under a prior reaching beyond the answers (the default policy's), a bench holds the lists' matrix only:
    the words off it are scored as the games meet them, never a matrix over every word of the prior (Wordle's
    184 MiB, 1.6 GiB for 29,150 nine-letter words); its games are each game played alone."""
    from chute import play
    from chute.playing.assembly import game_solver

    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path))
    status, out, _ = cli("bench", "--json", "--sample", "25", "--seed", "5", "--quiet")
    assert status == 0 and len(list(tmp_path.glob("matrix-*.bin"))) == 1
    results = json.loads(out)["results"]
    solver = game_solver(Engine.build(load_lexicon("wordle"), cache_dir=tmp_path))
    assert [r["path"] for r in results] == [list(play(solver, r["secrets"][0]).guesses) for r in results]


def test_cli_bench_plot(cli, capsys, tmp_path, word_file):
    pytest.importorskip("matplotlib")
    status, out, _ = cli("bench", "--answers", word_file, "--guesses", word_file, "--plot", str(tmp_path / "h.png"))
    assert status == 0 and "histogram written" in out
    assert (tmp_path / "h.png").read_bytes()[:4] == b"\x89PNG"


def test_cli_bench_plot_without_matplotlib(cli, capsys, monkeypatch, tmp_path, word_file):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    status, out, err = cli("bench", "--answers", word_file, "--plot", str(tmp_path / "h.png"))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "pip install 'chute[plot]'" in err


def test_cli_compare_table(cli, capsys, word_file):
    lists = ["--answers", word_file, "--guesses", word_file]
    status, out, _ = cli(
        "compare", *lists, "--strategies", "entropy,minimax:opener=baron,entropy:depth=2", "--markdown"
    )
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("| strategy | opener | mean |")
    assert [line.split("|")[1].strip() for line in lines[2:]] == ["entropy", "minimax", "entropy (depth 2)"]
    assert lines[3].split("|")[2].strip() == "BARON"
    # an opener the lists do not accept is refused, not played with "nan" figures
    status, _, err = cli("compare", *lists, "--strategies", "minimax:opener=crane")
    assert status == 2 and "not an accepted" in err
    status, out, _ = cli("compare", *lists, "--strategies", "expected-size,most-parts")
    assert status == 0 and out.splitlines()[1].split()[0] == "strategy" and "most-parts" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["bench", "--strategy", "nope"],
        ["bench", "--sample", "0"],
        ["bench", "--jobs", "0"],
        ["bench", "--plot", "out.jpg"],
        ["bench", "--csv", "/no/such/dir/g.csv"],
        ["bench", "--max-guesses", "3"],
        ["bench", "--max-guesses", "1000"],
        ["bench", "--game", "quordle", "--games", "0"],  # multi-board bench
        ["bench", "--answers", "/no/such/file.txt"],
        ["bench", "--opener", "xx"],
        ["bench", "--strategy", "minimax", "--depth", "2"],
        ["compare", "--strategies", "entropy,nope"],
        ["compare", "--strategies", "entropy:depth=9"],
        ["compare", "--strategy", "entropy"],
    ],
)
def test_cli_bad_input_is_one_line_and_status_2(cli, capsys, argv):
    status, out, err = cli(*argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("chute: error:")


def test_benchmark_in_one_call_for_notebooks(engine300):
    result = bench.benchmark(engine300, "minimax", secrets=engine300.lexicon.answers[:40])
    assert result.stats.games == 40 and result.info["strategy"] == "minimax"
    assert repr(result).startswith("BenchResult(words · minimax · opener ") and "40 games" in repr(result)
    assert str(result) == report(result)


def test_bench_secrets_from_a_file_keeps_the_solvers_lists(cli, capsys, tmp_path):
    """--secrets plays the game's own answers (beyond the list too, and words the lists lack)."""
    secrets = tmp_path / "secrets.txt"
    secrets.write_text("cigar\nrebut\naahed\nmulti\ncigar\n")
    status, out, err = cli("bench", "--secrets", str(secrets), "--json", "--quiet")
    data = json.loads(out)
    assert status == 0 and data["games"] == 4 and data["unknown"] == 0 and data["unlisted"] == 1
    assert [r["secrets"] for r in data["results"]] == [
        ["cigar"],
        ["rebut"],
        ["aahed"],
        ["multi"],
    ]  # AAHED: not an answer
    assert (
        all(r["solved"] for r in data["results"])
        and "MULTI" in err
        and "played as an answer chute does not know" in err
    )
    multi = data["results"][3]
    assert multi["path"][-1] == "multi" and multi["refused"] and not set(multi["refused"]) & set(multi["path"])
    status, out, err = cli("bench", "--secrets", str(secrets), "--quiet", "--jobs", "2")
    assert status == 0 and "1 word the lists lack, played as answers chute does not know" in out
    # several boards: the games with MULTI are played by the joint player's sessions, in their places
    status, out, err = cli("bench", "--game", "dordle", "--secrets", str(secrets), "--games", "6", "--json")
    data = json.loads(out)
    assert status == 0 and data["games"] == 6 and data["unlisted"] == 1 and "played as an answer chute" in err
    lacking = [g for g in data["results"] if "multi" in g["secrets"]]
    assert lacking and all(g["solved"] and "multi" in g["path"] for g in lacking)
    status, out, err = cli("bench", "--game", "dordle", "--secrets", str(secrets), "--games", "6", "--jobs", "2")
    assert status == 0 and "1 word of " in out and "the lists lack, played as answers chute does not know" in out
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    for game in ("wordle", "dordle"):  # no secret: an error, not a run over every answer
        status, out, err = cli("bench", "--game", game, "--secrets", str(empty))
        assert status == 2 and "no secret in" in err and not out
    engine = Engine.build(load_lexicon("wordle"))
    with pytest.raises(ChuteError, match="MULTI is not an accepted word of wordle"):
        bench.run(Solver(engine), ["cigar", "multi"])  # no word test: refused
    with pytest.raises(ChuteError, match="MULTI is not an accepted word of wordle"):
        bench.run_many("dordle", tuples=[("multi", "cigar")], engine=engine)


@pytest.mark.slow
def test_bench_on_the_real_termo_answers(cli, capsys, termo_2022):
    """The real 2022 Termo answers, played with chute's bundled lists (every one is an accepted word)."""
    status, out, _ = cli("bench", "--game", "termo", "--secrets", str(termo_2022 / "answers.txt"), "--json", "--quiet")
    data = json.loads(out)
    assert status == 0 and data["games"] == 1442 and data["unknown"] == 0
    assert 3.0 < data["mean"] < 4.5 and len(data["results"]) == 1442


def test_bench_runs_any_player_with_the_same_games(engine300):
    """A Player plays the benchmark through Sessions; the solver's own player gives the tree walk's games."""
    from chute.playing.players import OneBoard

    secrets = engine300.lexicon.answers[:30]
    solver = Solver(engine300)
    walked = bench.run(solver, secrets)
    played = bench.run(solver, secrets, player=OneBoard(solver))
    assert [g.guesses for g in played.games] == [g.guesses for g in walked.games]
    assert played.stats == walked.stats and played.games[0].patterns  # sessions keep the patterns


def test_the_tree_walk_keys_a_state_on_the_rows_left_and_the_words_off_the_prior_it_keeps():
    """Two states with the same candidates differ when accepted words off the prior still fit one of them (the
    policy plays another guess there), or when fewer rows are left: a walk that shared their choice looped."""
    from chute.bench.one_board import _state_key
    from chute.playing.solver import DEFAULT_PRIOR, DEFAULT_STRATEGY

    solver = Solver(Engine.build(load_lexicon("wordle")), DEFAULT_STRATEGY, prior=DEFAULT_PRIOR)
    clues = ["salet:bbbbb", "cornu:bbbyb", "kindy:yggbg", "pinky:bgggg"]
    kept = solver.state_for(clues)  # HINKY ZINKY, and the later BINKY WINKY
    cleared = solver.state_for(clues + ["bower:bbbbb"])  # HINKY ZINKY alone
    assert kept.candidates == cleared.candidates and set(solver.beyond(kept)) >= {"binky", "winky"}
    assert solver.beyond(cleared) == ()
    assert _state_key(kept, False, solver.beyond(kept)) != _state_key(cleared, False, solver.beyond(cleared))
    assert solver.choose(kept) not in kept.candidates and solver.choose(cleared) in cleared.candidates
    later = solver.advance(solver.advance(cleared, "plumb", "bbbbb"), "acred", "bbbbb")  # two rows fewer left
    assert later.candidates == cleared.candidates and _state_key(later, False) != _state_key(cleared, False)


def test_games_on_one_board_are_answers_drawn_as_sample_draws_them(cli):
    """``bench --games 50`` on Wordle played all 2,315 answers: N games are N answers drawn at random."""
    status, out, _ = cli("bench", "--games", "12", "--seed", "3", "--json", "--quiet")
    by_games = json.loads(out)
    status2, out2, _ = cli("bench", "--sample", "12", "--seed", "3", "--json", "--quiet")
    by_sample = json.loads(out2)
    by_games.pop("seconds"), by_sample.pop("seconds")
    assert status == status2 == 0 and by_games == by_sample and by_games["games"] == 12
    status, _, err = cli("bench", "--games", "12", "--sample", "13")
    assert status == 2 and "different numbers of games" in err
