"""Multi-board play: the joint choice, the exact endgame, simulation, seeded runs, row limits."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pytest

from chute.bench import run_many, secret_tuples
from chute.errors import ChuteError
from chute.game.engine import Engine
from chute.game.feedback import encode, score
from chute.game.games import GameSpec, game_spec
from chute.game.prior import make_prior
from chute.game.words import Lexicon, fold, load_lexicon, words_lexicon
from chute.playing.joint_policy import DEFAULT, Policy
from chute.playing.joint_ranker import JointRanker
from chute.playing.multiboard import choose, rank, ranker_for, simulate

WORDS = (
    "cigar rebut sissy humph awake blush focal evade naval serve heath dwarf model karma stink "
    "grade quiet bench abate feign major death fresh crust stool colon abase marry react batty "
    "pride floss helix croak staff paper unfed whelp trawl outdo adobe crazy sower repay digit"
).split()


@pytest.fixture(scope="module")
def engine(small_engine) -> Engine:
    """Return an engine over a small hand-made lexicon (answers = guesses)."""
    return small_engine(WORDS)


@pytest.fixture(scope="module")
def wordle() -> Engine:
    """Return the engine of the bundled wordle lexicon."""
    return Engine.build(load_lexicon("wordle"))


def brute_bits(guess: str, candidates: list[str]) -> float:
    """Return the entropy of the guess's patterns over the candidates, by feedback.score."""
    counts = Counter(score(guess, c) for c in candidates)
    n = len(candidates)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def brute_expected(guess: str, candidates: list[str]) -> float:
    """Return the expected candidates left after the guess (a hit leaves none), by feedback.score."""
    counts = Counter(score(guess, c) for c in candidates)
    n = len(candidates)
    return sum(c * c for p, c in counts.items() if p != "ggggg") / n


# ----- the joint choice ------------------------------------------------------------------------------
def test_board_with_one_candidate_is_finished(engine):
    boards = [["model"], ["cigar", "rebut", "sissy", "humph", "awake", "blush"]]
    assert choose(engine, boards) == "model"
    assert rank(engine, boards)[0].reason == "finish"


def test_finishing_prefers_the_single_that_tells_the_others_most(engine):
    # both singles are sure hits; the tie is broken by the information on the third board
    others = ["cigar", "rebut", "sissy", "humph", "awake", "blush"]
    boards = [["model"], ["crust"], others]
    best = choose(engine, boards)
    assert best in ("model", "crust")
    other = "crust" if best == "model" else "model"
    assert brute_bits(best, others) >= brute_bits(other, others)


def test_without_finish_rule_a_single_is_not_forced(engine):
    solver = JointRanker(engine, Policy(finish=False, exact=0))
    boards = [solver.board(["model"]), solver.board(WORDS[:20])]
    assert solver.rank(boards)[0].reason == "score"


def test_last_rows_must_hit(engine):
    boards = [["cigar", "rebut"], ["sissy", "humph", "awake"]]
    choice = rank(engine, boards, rows_left=2)[0]
    assert choice.reason == "last-rows"
    assert choice.guess in ("cigar", "rebut")  # the best chance of solving a board: 1/2


def test_joint_figures_agree_with_brute_force(engine):
    boards = [WORDS[:15], WORDS[10:30], WORDS[25:]]
    policy = Policy(exact=0)
    for c in rank(engine, boards, policy, top=5):
        bits = sum(brute_bits(c.guess, b) for b in boards)
        expected = sum(brute_expected(c.guess, b) for b in boards)
        p_hit = sum(1 / len(b) for b in boards if c.guess in b)
        assert c.bits == pytest.approx(bits)
        assert c.expected == pytest.approx(expected)
        assert c.p_hit == pytest.approx(p_hit)
        assert c.score == pytest.approx(bits + policy.hit_bonus * p_hit)


def test_best_joint_guess_maximises_summed_entropy_plus_hits(engine):
    boards = [WORDS[:15], WORDS[10:30], WORDS[25:]]
    policy = Policy(exact=0)
    best = rank(engine, boards, policy, top=1)[0]
    scores = {
        g: sum(brute_bits(g, b) for b in boards) + sum(1 / len(b) for b in boards if g in b)
        for g in engine.lexicon.guesses
    }
    top = max(scores.values())
    assert scores[best.guess] == pytest.approx(top)


def test_board_figures_match_brute_force_for_every_guess(engine):
    solver = JointRanker(engine, Policy(exact=0))
    cands = WORDS[5:17]
    fig = solver.figures(solver.board(cands))
    for i, g in enumerate(engine.lexicon.guesses):
        assert fig[0, i] == pytest.approx(brute_bits(g, cands))
        singles = sum(1 for c in Counter(score(g, w) for w in cands).values() if c == 1)
        assert fig[2, i] == pytest.approx(singles / len(cands))


def test_choice_is_deterministic_and_policy_is_checked(engine):
    boards = [WORDS[:12], WORDS[12:24]]
    assert choose(engine, boards) == choose(engine, list(reversed(boards)))
    with pytest.raises(ChuteError):
        Policy(score="nonsense")


# ----- the exact endgame -----------------------------------------------------------------------------
def exact_values(engine, boards, rows_left=None):
    """Return {guess: expected rows} from the exact search over the boards."""
    solver = JointRanker(engine, Policy(exact=50, exact_extra=0))
    return {
        engine.lexicon.guesses[r]: v for r, v in solver._exact_rank([solver.board(b) for b in boards], [], rows_left)
    }


def test_exact_two_candidates_take_one_and_a_half_rows(engine):
    values = exact_values(engine, [["cigar", "rebut"]])
    assert values == {"cigar": pytest.approx(1.5), "rebut": pytest.approx(1.5)}


def test_exact_values_match_hand_computation(engine):
    # board A = {x, y} and board B = {z}: z first (1 row) then A; A takes 1 row if z tells x from y
    x, y, z = "cigar", "rebut", "sissy"
    splits = score(z, x) != score(z, y)
    values = exact_values(engine, [[x, y], [z]])
    assert values[z] == pytest.approx(2.0 if splits else 2.5)
    # playing x first: half the time it hits A and z follows (2 rows), else y and z follow (3 rows)
    assert values[x] == pytest.approx(2.5)


def test_exact_search_prefers_safety_when_rows_are_short(engine):
    # one row left for two unsolved boards: any choice fails, but the values say so
    values = exact_values(engine, [["cigar", "rebut"], ["sissy"]], rows_left=1)
    assert min(values.values()) > 100


def test_exact_pruned_choice_equals_full_ranking(engine):
    solver = JointRanker(engine, Policy(exact=50, exact_extra=3))
    boards = [solver.board(WORDS[:4]), solver.board(WORDS[4:9]), solver.board(WORDS[9:12])]
    full = solver._exact_rank(boards, [0, 1, 2], None)
    pruned = solver._exact_rank(boards, [0, 1, 2], None, prune=True)
    assert pruned[0][1] == pytest.approx(full[0][1])


# ----- simulation ---------------------------------------------------------------------------------------
def test_simulate_agrees_with_brute_force_scoring(engine):
    secrets = ("heath", "dwarf", "model", "crazy")
    game = simulate(engine, secrets, rows=20)
    assert game.won and len(set(game.guesses)) == len(game.guesses)
    candidates = [list(WORDS) for _ in secrets]
    for row, guess in enumerate(game.guesses, 1):
        for i, secret in enumerate(secrets):
            if game.solved_at[i] is not None and game.solved_at[i] < row:
                continue
            pattern = score(guess, secret)
            if pattern == "ggggg":
                assert game.solved_at[i] == row
            else:
                candidates[i] = [w for w in candidates[i] if score(guess, w) == pattern]
                assert secret in candidates[i]
    assert game.rows_used == max(game.solved_at)
    for i, secret in enumerate(secrets):
        assert game.guesses[game.solved_at[i] - 1] == secret


def test_simulate_narrows_like_the_solver(engine):
    solver = JointRanker(engine)
    board = solver.board()
    board = solver.narrow(board, "cigar", encode(score("cigar", "crazy")))
    assert solver.words(board) == [w for w in engine.lexicon.answers if score("cigar", w) == score("cigar", "crazy")]


def test_row_limit_is_respected(wordle):
    secrets = ("jolly", "daddy", "fuzzy", "mummy", "boozy", "puppy", "vivid", "kayak")
    game = simulate(wordle, secrets, rows=9)
    assert game.rows_used <= 9
    assert not game.won and not all(s is not None and s <= 9 for s in game.solved_at)
    longer = simulate(wordle, secrets, rows=9, play_out=True)
    assert all(s is not None for s in longer.solved_at) and longer.rows_used > 9 and not longer.won


def test_secrets_must_be_distinct_and_fit(engine):
    with pytest.raises(ChuteError):
        simulate(engine, ("cigar", "cigar"), rows=7)
    with pytest.raises(ChuteError):
        simulate(engine, ("cigar", "toolong"), rows=7)


def test_secret_outside_the_answers_falls_back_to_accepted_words():
    base = words_lexicon(WORDS)
    lex = Lexicon("partial", 5, tuple(WORDS[:30]), base.guesses, base.spellings)
    engine = Engine.build(lex)
    game = simulate(engine, ("cigar", "outdo"), rows=12)  # outdo is accepted but not an answer
    assert game.won and "outdo" in game.guesses


# ----- many games ---------------------------------------------------------------------------------------
def test_secret_tuples_are_seeded_and_distinct():
    a = secret_tuples(WORDS, 4, 50, seed=3)
    assert a == secret_tuples(WORDS, 4, 50, seed=3)
    assert a != secret_tuples(WORDS, 4, 50, seed=4)
    assert all(len(set(t)) == 4 for t in a)
    with pytest.raises(ChuteError):
        secret_tuples(WORDS[:3], 4, 1, seed=0)


def test_run_many_is_deterministic_and_counts(engine):
    spec = GameSpec("tiny", "words", 3, 8)
    a = run_many(spec, 12, seed=5, engine=engine)
    b = run_many(spec, 12, seed=5, engine=engine)
    assert [r.guesses for r in a.games] == [r.guesses for r in b.games]
    s = a.stats
    assert s.games == 12 and sum(s.distribution.values()) == 12 and a.boards == 3
    assert s.wins == sum(r.won for r in a.games)
    assert s.mean == pytest.approx(sum(r.rows_used for r in a.games) / 12)
    assert s.hardest[0].rows_used == max(r.rows_used for r in a.games)
    d = a.to_dict()
    assert d["games"] == 12 and d["failures"] == 12 - s.wins and len(d["results"]) == 12


def test_run_many_with_a_pool_gives_the_same_games(engine):
    spec = GameSpec("tiny", "words", 2, 7)
    one = run_many(spec, 10, seed=2, engine=engine, jobs=1)
    two = run_many(spec, 10, seed=2, engine=engine, jobs=2)
    assert [r.to_dict() for r in one.games] == [r.to_dict() for r in two.games]


def test_quordle_games_are_solved_within_nine_rows(wordle):
    summary = run_many(game_spec("quordle"), 15, seed=0, engine=wordle)
    assert summary.stats.wins == 15 and summary.stats.max <= 9
    from chute.bench import Progress

    progress = Progress(4, enabled=False)
    run_many(game_spec("dordle"), 4, seed=0, engine=wordle, progress=progress)
    assert progress.done == 4


def test_default_policy_label():
    assert DEFAULT.label().startswith("entropy")


# ----- the command line (phase 2): play, assist, bench ----------------------------------------------------
import json


def test_play_quordle_grid(cli, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    status, out, err = cli("play", "--game", "quordle", "cigar", "rebut", "sissy", "humph")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["row", "board", "1", "board", "2", "board", "3", "board", "4"]
    assert lines[-1].startswith("solved CIGAR REBUT SISSY HUMPH in ") and lines[-1].endswith("/9")
    assert out.count("🟩🟩🟩🟩🟩 ✓") == 4


def test_play_grid_fits_the_terminal(cli, capsys, monkeypatch):
    """At 80 columns Quordle's four boards come in two bands of two; Octordle's eight in three bands."""
    import unicodedata

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")
    status, out, _ = cli("play", "--game", "quordle", "cigar", "rebut", "sissy", "humph")
    heads = [line.split() for line in out.splitlines() if line.startswith("row")]
    assert heads == [["row", "board", "1", "board", "2"], ["row", "board", "3", "board", "4"]]
    status, out, _ = cli(
        "play", "--game", "octordle", "cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"
    )
    assert sum(line.startswith("row") for line in out.splitlines()) == 3
    shown = lambda line: sum(2 if unicodedata.east_asian_width(c) == "W" else 1 for c in line)
    assert max(shown(line) for line in out.splitlines()) <= 80


def test_play_grid_keeps_a_gap_after_a_count_of_four_digits(cli, capsys, monkeypatch):
    """TERMO SUÍTE ÁVIDO FESTA leaves one board 1,024 words after TORAS: the count does not touch the next board."""
    import re

    monkeypatch.setenv("COLUMNS", "200")
    status, out, err = cli("play", "--game", "quarteto", "termo", "suíte", "ávido", "festa")
    assert status == 0, err
    first = next(line for line in out.splitlines() if line.lstrip().startswith("1 "))
    assert " 1024 TORAS" in first and not re.search(r"\d[A-ZÁ-Ú]", out)


def test_play_json_agrees_with_the_library(cli, capsys, monkeypatch, wordle):
    secrets = ("cigar", "rebut", "sissy", "humph")
    status, out, _ = cli("play", "--game", "quordle", *secrets, "--json")
    data = json.loads(out)
    assert status == 0 and data["solved"] and data["boards"] == 4 and data["rows"] == 9
    game = simulate(wordle, secrets, rows=9, prior=make_prior(wordle.lexicon, "frequency"))  # the default prior
    assert data["guesses"] == list(game.guesses)
    assert [b["solved_at"] for b in data["board"]] == list(game.solved_at)
    for b, secret in zip(data["board"], secrets):
        assert b["secret"] == secret and b["patterns"][-1] == "ggggg"
        assert b["patterns"] == [score(g, secret) for g in game.guesses[: b["solved_at"]]]


def test_play_quarteto_shows_accents_and_takes_plain_letters(cli, capsys, monkeypatch):
    status, out, err = cli("play", "--game", "quarteto", "avido", "suite", "festa", "termo")
    assert status == 0, err
    assert "ÁVIDO 🟩🟩🟩🟩🟩 ✓" in out and "SUÍTE 🟩🟩🟩🟩🟩 ✓" in out
    assert "solved ÁVIDO SUÍTE FESTA TERMO" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--game", "dordle", "cigar"],
        ["play", "--game", "dordle", "cigar", "cigar"],
        ["play", "--game", "dordle", "cigar", "zz4zz"],
        ["play", "cigar", "rebut"],
        ["play", "--game", "dordle", "--strategy", "minimax", "cigar", "rebut"],
    ],
)
def test_play_bad_input_is_one_line_and_status_2(cli, capsys, monkeypatch, argv):
    status, out, err = cli(*argv)
    assert status == 2 and len(err.strip().splitlines()) == 1 and err.startswith("chute: error:")


def rows_for(guesses, secrets):
    """Return assist input lines: each guess with the patterns of the boards it has not solved yet."""
    lines, solved = [], set()
    for g in guesses:
        pats = [score(g, s) for s in secrets if s not in solved]
        lines.append(g + " " + " | ".join(pats))
        solved |= {s for s in secrets if s == g}
    return lines


def test_assist_quordle_one_line_per_round(cli, capsys, monkeypatch):
    secrets = ["cigar", "rebut", "sissy", "humph"]
    script = "\n".join(rows_for(["trace", "noils", "cigar", "rebut", "sissy", "humph"], secrets)) + "\n"
    status, out, err = cli("assist", "--game", "quordle", "--prior", "answers", stdin=script)
    assert status == 0 and err == ""
    assert out.splitlines()[0].startswith(
        "likely answers/possible words 1: 2,315/14,855, 2: 2,315/14,855, 3: 2,315/14,855, 4: 2,315/14,855 · row 1/9 · try "
    )
    assert "board 1: CIGAR ⬛" not in out and "board 1: CIGAR 🟩🟩🟩🟩🟩  solved" in out
    assert "3: solved" not in out.split("SISSY")[0]
    assert "\nall 4 boards solved in 6\n\nDaily Quordle " in out
    assert out.splitlines()[-1] == (
        "the verdict on this game: chute review --game quordle --answer "
        "cigar,rebut,sissy,humph trace noils cigar rebut sissy humph"
    )


def test_assist_one_board_per_line_undo_and_list(cli, capsys, monkeypatch):
    secrets = ["cigar", "rebut"]
    script = (
        "\n".join(
            [
                "trace",
                score("trace", "cigar"),
                "undo",  # clears the half-typed row
                "trace",
                score("trace", "cigar"),
                score("trace", "rebut"),
                "list 2",
                "list 9",
                "undo",  # takes TRACE back
                *rows_for(["trace", "cigar", "rebut"], secrets),
            ]
        )
        + "\n"
    )
    status, out, err = cli("assist", "--game", "dordle", stdin=script)
    assert "board 2?" in out and "row cleared" in out and "took back TRACE" in out
    assert "board 2 (" in out and "REBUT" in out
    assert status == 2 and "there is no board 9" in err  # one refused line
    assert "\nall 2 boards solved in 3\n\nDaily Dordle 2&3/7\n" in out


def test_assist_reads_rows_as_suggest_writes_them(cli, capsys, monkeypatch):
    """guess:colours/colours (chute suggest's row notation) is one row on several boards; a bad board's colours say why."""
    secrets = ["cigar", "rebut"]
    script = (
        f"trace:{score('trace', 'cigar')}/{score('trace', 'rebut')}\n"
        f"cigar={score('cigar', 'cigar')}/{score('cigar', 'rebut')}\n"
        "rebut:bbyg\n"
        f"rebut:-/{score('rebut', 'rebut')}\n"
    )
    status, out, err = cli("assist", "--game", "dordle", stdin=script)
    assert status == 2 and err == "chute: error: pattern 'bbyg' has 4 tiles, expected 5\n"
    assert "board 1: CIGAR 🟩🟩🟩🟩🟩  solved" in out and "\nall 2 boards solved in 3\n\nDaily Dordle 2&3/7\n" in out
    assert secrets == ["cigar", "rebut"]


def test_assist_refuses_wrong_counts_and_goes_on(cli, capsys, monkeypatch):
    script = "trace bbbbb\nbbbqb bbbbb\nxyzzy1 bbbbb\n\n"
    status, out, err = cli("assist", "--game", "dordle", stdin=script)
    assert status == 2
    assert "board 2?" in out  # one pattern of two: waits for the next board
    assert len(err.strip().splitlines()) == 2


def test_assist_termo_accents(cli, capsys, monkeypatch):
    secrets = ["avido", "suite"]
    script = "\n".join(rows_for(["serao", "avido", "suite"], secrets)) + "\n"
    status, out, err = cli("assist", "--game", "dueto", stdin=script)
    assert status == 0, err
    assert "SERÃO" in out and "board 1: ÁVIDO 🟩🟩🟩🟩🟩  solved" in out and "SUÍTE" in out


def test_bench_quarteto_json_and_text(cli, capsys, monkeypatch):
    argv = ["bench", "--game", "quarteto", "--games", "12", "--seed", "3", "--json"]
    status, out, _ = cli(*argv)
    data = json.loads(out)
    assert status == 0 and data["games"] == 12 and data["boards"] == 4 and data["rows"] == 9
    assert sum(data["distribution"].values()) == 12 and data["wins"] == 12
    again = json.loads(cli(*argv)[1])
    assert [g["secrets"] for g in again["hardest"]] == [g["secrets"] for g in data["hardest"]]
    assert all(len(set(g["secrets"])) == 4 for g in data["hardest"])
    status, out, err = cli("bench", "--game", "dueto", "--games", "5", "--seed", "1")
    assert status == 0 and "solved within 7 rows: 5/5" in out and "worst tuples:" in out


@pytest.mark.parametrize(
    "argv, rule",
    [
        (["suggest", "--game", "termo", "--hard"], "strict"),
        (["suggest", "--game", "wordle", "--hard"], "hard"),
        (["assist", "--game", "quarteto", "--hard"], "strict"),
        (["play", "--game", "dueto", "--strict", "a", "b"], "strict"),
        (["bench", "--game", "termo"], None),
    ],
)
def test_hard_means_the_games_own_rule(argv, rule):
    from chute.cli import build_parser
    from chute.cli.solving import rule_from_args

    assert rule_from_args(build_parser().parse_args(argv)) == rule


def test_multiboard_hard_mode_is_refused(cli, capsys, monkeypatch):
    status, out, err = cli("play", "--game", "dueto", "--hard", "avido", "festa")
    assert status == 2 and out == "" and "hard mode is for one board" in err


def test_library_hard_mode_rows_restrict_the_choice(engine):
    solver = JointRanker(engine, Policy(exact=0))
    allowed = np.array([engine.lexicon.guess_index[w] for w in ("cigar", "rebut", "crust")])
    boards = [solver.board(WORDS[:10]), solver.board(WORDS[10:20])]
    assert {c.guess for c in solver.rank(boards, top=5, allowed=allowed)} <= {"cigar", "rebut", "crust"}
    with pytest.raises(ChuteError):
        solver.rank(boards, allowed=np.array([], dtype=np.int64))


def test_pool_workers_stay_off_openmp_after_fork():
    # the parent has run the threaded kernel (the opener); forked workers must not
    termo = Engine.build(load_lexicon("termo"))
    spec = game_spec("dueto")
    one = run_many(spec, 6, seed=4, engine=termo, jobs=1)
    two = run_many(spec, 6, seed=4, engine=termo, jobs=2)
    assert [r.to_dict() for r in one.games] == [r.to_dict() for r in two.games]


def test_serial_and_threaded_figures_agree(wordle):
    import chute.playing.board_figures as mb

    solver = JointRanker(wordle, Policy())
    threaded = solver.figures(solver.board()).copy()
    solver._cache.clear()
    mb.IN_WORKER[0] = True
    try:
        serial = solver.figures(solver.board())
        codes = mb.codes_of(list(wordle.lexicon.guesses[:300]), list(wordle.lexicon.answers), 5)
    finally:
        mb.IN_WORKER[0] = False
    assert np.allclose(threaded, serial)
    assert np.array_equal(codes, wordle.matrix[:300])


def test_assist_notes_a_board_that_runs_out_of_answers(cli, capsys, monkeypatch, tmp_path):
    # answers lack 'rebut' (an accepted guess): board 2 falls back to the accepted words, once noted
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(w for w in WORDS if w != "rebut"))
    guesses = tmp_path / "guesses.txt"
    guesses.write_text("\n".join(WORDS))
    secrets = ["cigar", "rebut"]
    plays = ["serve", "cigar", "rebut"]
    script = "\n".join(rows_for(plays, secrets)) + "\n"
    status, out, err = cli(
        "assist",
        "--game",
        "dordle",
        "--answers",
        str(answers),
        "--guesses",
        str(guesses),
        "--prior",
        "answers",
        stdin=script,
    )
    assert status == 0, err
    assert out.count("note: board 2:") == 1 and "all 2 boards solved in 3" in out


def test_multi_board_runs_through_a_player_match_the_policys_simulation(wordle):
    """run_many with the joint Player (Sessions) plays the same games as the policy's fast simulation."""
    from chute.playing.players import Joint
    from chute.playing.solver import Solver

    fast = run_many(game_spec("quordle"), 8, seed=4, engine=wordle)
    slow = run_many(game_spec("quordle"), 8, seed=4, player=Joint(Solver(wordle)))
    assert [g.guesses for g in slow.games] == [g.guesses for g in fast.games]
    assert [g.solved_at for g in slow.games] == [g.solved_at for g in fast.games]
    assert slow.stats == fast.stats and slow.boards == 4


# ----- boards under a prior (weighted candidates) ---------------------------------------------------
def brute_weighted(guess: str, candidates: list[str], weights: dict[str, float]) -> tuple[float, float, float]:
    """Return (bits, expected candidates left counting a hit, chance of a bin of one) by feedback.score."""
    total = sum(weights[c] for c in candidates)
    bins: dict[str, list[str]] = {}
    for c in candidates:
        bins.setdefault(score(guess, c), []).append(c)
    mass = {p: sum(weights[c] for c in m) / total for p, m in bins.items()}
    bits = -sum(m * math.log2(m) for m in mass.values() if m > 0)
    size = sum(mass[p] * len(m) for p, m in bins.items())
    ones = sum(mass[p] for p, m in bins.items() if len(m) == 1)
    return bits, size, ones


def weighted_solver(engine, policy=None, seed=3):
    """Return a JointRanker over the small lexicon with seeded random weights, and the weights by word."""
    policy = Policy(exact=0) if policy is None else policy
    rng = np.random.default_rng(seed)
    weights = rng.uniform(0.05, 1.0, len(engine.lexicon.answers))
    return JointRanker(engine, policy, weights=weights), dict(zip(engine.lexicon.answers, weights.tolist()))


def test_weighted_board_figures_match_brute_force(engine):
    solver, w = weighted_solver(engine)
    cands = WORDS[3:19]
    board = solver.board(cands)
    fig = solver.figures(board)
    rows = np.arange(len(engine.lexicon.guesses), dtype=np.int64)
    _, bits, size, hits = solver._score_rows(rows, [board])
    for i, g in enumerate(engine.lexicon.guesses):
        b, s, ones = brute_weighted(g, cands, w)
        hit = w[g] / sum(w[c] for c in cands) if g in cands else 0.0
        assert fig[0, i] == pytest.approx(b) and bits[i] == pytest.approx(b)
        assert fig[1, i] == pytest.approx(s) and size[i] == pytest.approx(s - hit)
        assert fig[2, i] == pytest.approx(ones) and hits[i] == pytest.approx(hit)


def brute_rows(boards: list[tuple[str, ...]], w: dict[str, float]) -> float:
    """Return the least expected rows to solve every board, guessing candidates only, by plain recursion."""
    boards = [b for b in boards if b]
    if not boards:
        return 0.0
    best = math.inf
    for g in sorted({c for b in boards for c in b}):
        outcomes = []
        for b in boards:
            total = sum(w[c] for c in b)
            bins: dict[str, list[str]] = {}
            for c in b:
                bins.setdefault(score(g, c), []).append(c)
            outcomes.append([(sum(w[c] for c in m) / total, () if p == "ggggg" else tuple(m)) for p, m in bins.items()])
        if all(len(o) == 1 and o[0][1] == b for o, b in zip(outcomes, boards)):
            continue  # tells nothing: the exact search never plays it
        value = 1.0
        for combo in itertools.product(*outcomes):
            p = math.prod(q for q, _ in combo)
            value += p * brute_rows([child for _, child in combo], w)
        best = min(best, value)
    return best


def test_weighted_exact_endgame_equals_a_brute_force(engine):
    solver, w = weighted_solver(engine, Policy(exact=50, exact_extra=0))
    for boards in ([WORDS[:3], WORDS[3:6]], [WORDS[6:10], WORDS[10:12], WORDS[12:13]], [WORDS[13:18]]):
        ranked = solver._exact_rank([solver.board(b) for b in boards], [], None)
        assert ranked[0][1] == pytest.approx(brute_rows([tuple(b) for b in boards], w))


def test_the_exact_endgame_counts_a_loss_at_tempered_odds(engine):
    """CIGAR, a thousand times likelier than HUMPH or STOOL, tells neither from the other: with two rows left,
    at the prior's odds the risk of playing it is worth taking; at the tempered odds (``fail_odds``) a word that
    tells all three apart comes first, and no secret is lost."""
    weights = np.ones(len(engine.lexicon.answers))
    weights[engine.lexicon.answer_index["cigar"]] = 1000.0
    gi = engine.lexicon.guess_index
    probes = [gi[w] for w in WORDS if w not in ("cigar", "humph", "stool")]
    best = {}
    for odds in (1.0, DEFAULT.fail_odds):
        solver = JointRanker(engine, Policy(exact=50, fail_odds=odds), weights=weights)
        (row, _), *_ = solver._exact_rank([solver.board(["cigar", "humph", "stool"])], probes, 2)
        best[odds] = engine.lexicon.guesses[row]
    assert DEFAULT.fail_odds < 1.0 and best[1.0] == "cigar"
    safe = best[DEFAULT.fail_odds]
    assert len({score(safe, w) for w in ("cigar", "humph", "stool")}) == 3


def test_a_likely_word_is_finished_only_while_rows_are_spare(engine):
    """CIGAR holds 99.8% of its board: with rows to spare it is played at once (the finish rule); with two rows
    left the exact endgame decides, and plays a word that tells CIGAR, HUMPH and STOOL apart."""
    weights = np.ones(len(engine.lexicon.answers))
    weights[engine.lexicon.answer_index["cigar"]] = 1000.0
    solver = JointRanker(engine, DEFAULT, weights=weights)
    board = solver.board(["cigar", "humph", "stool"])
    roomy = solver.rank([board], rows_left=1 + DEFAULT.finish_slack, top=1)[0]
    assert (roomy.guess, roomy.reason) == ("cigar", "finish")
    tight = solver.rank([board], rows_left=DEFAULT.finish_slack, top=1)[0]
    assert tight.reason == "exact" and len({score(tight.guess, w) for w in ("cigar", "humph", "stool")}) == 3


def test_equal_weights_play_as_no_weights(engine):
    plain = JointRanker(engine, DEFAULT)
    equal = JointRanker(engine, DEFAULT, weights=np.full(len(engine.lexicon.answers), 0.3))
    for boards in ([WORDS[:12], WORDS[12:24]], [WORDS[:5], WORDS[20:23], WORDS[30:40]]):
        a = plain.rank([plain.board(b) for b in boards], top=5)
        b = equal.rank([equal.board(b) for b in boards], top=5)
        assert [c.guess for c in a] == [c.guess for c in b]
        assert [c.score for c in a] == pytest.approx([c.score for c in b])


def test_weights_decide_the_last_row(engine):
    # one row for one board of two words: the likelier word is the guess
    solver, w = weighted_solver(engine, DEFAULT)
    pair = sorted(WORDS[:2], key=lambda c: w[c])
    assert solver.choose([solver.board(pair)], rows_left=1) == pair[1]


def test_board_prior_leaves_out_words_the_frequency_list_never_saw():
    from chute.playing.multiboard import board_prior

    lexicon = load_lexicon("termo")
    prior = make_prior(lexicon, "frequency")
    played = board_prior(prior, lexicon)
    unseen = [w for w in lexicon.guesses if lexicon.frequencies.get(w, 0.0) == 0.0]
    assert unseen and len(played.words) == len(lexicon.guesses) - len(unseen)
    assert set(lexicon.answers) <= set(played.words) and not set(unseen) & set(played.words)
    assert played.weights == pytest.approx(prior.weights[[lexicon.guess_index[w] for w in played.words]])
    assert board_prior(make_prior(lexicon, "uniform"), lexicon).words == tuple(lexicon.guesses)


def test_a_secret_beyond_the_answer_list_is_a_candidate_from_the_start(wordle):
    # TEARS is accepted, not an answer: under the frequency prior the boards hold it, no fallback
    prior = make_prior(wordle.lexicon, "frequency")
    solver = ranker_for(wordle, DEFAULT, prior)
    assert "tears" in solver.engine.lexicon.answer_index and "tears" not in wordle.lexicon.answer_set
    game = solver.simulate(("tears", "cigar"), rows=7)
    assert game.won


@pytest.mark.slow
def test_quarteto_wins_every_seeded_game_on_the_real_answers(termo_2022):
    # the real 2022 answers as a test: 1,000 games (seed 1) under the default prior, none lost
    # (with the answer list alone the policy lost 14 of them)
    lexicon = load_lexicon("termo")
    words = [w for w in (line.strip() for line in (termo_2022 / "answers.txt").open(encoding="utf-8")) if w]
    known = [w for w in dict.fromkeys(fold(w) for w in words) if lexicon.is_guess(w)]
    result = run_many(
        "quarteto",
        1000,
        1,
        engine=Engine.build(lexicon),
        jobs=2,
        tuples=secret_tuples(known, 4, 1000, 1),
        prior=make_prior(lexicon, "frequency"),
    )
    assert result.stats.games == 1000 and result.stats.wins == 1000


def test_the_opening_ranking_is_kept_on_disk(tmp_path):
    eng = Engine.build(words_lexicon(WORDS), cache_dir=tmp_path)
    fresh = JointRanker(eng).rank([JointRanker(eng).board() for _ in range(4)], top=5)
    (entry,) = tmp_path.glob("multi-openers-*.json")
    again = JointRanker(eng)
    assert again.rank([again.board() for _ in range(4)], top=5) == fresh
    entry.write_text('[{"guess": 3}]')  # damaged: recomputed, rewritten
    assert JointRanker(eng).rank([again.board() for _ in range(4)], top=5) == fresh
    assert JointRanker(eng).rank([again.board() for _ in range(2)], top=5)[0].bits == pytest.approx(fresh[0].bits / 2)


def test_a_board_left_with_a_rare_word_guesses_it():
    # AARUS is a word chute never suggests (tagged rare, unknown to the frequency list): once it is a board's
    # last candidate the joint guess must be it; the session used to repeat a useless word until the end
    from chute.playing.players import Joint
    from chute.playing.session import Session
    from chute.playing.solver import Solver

    lexicon = load_lexicon("termo")
    assert "aarus" in lexicon.rare
    solver = Solver(Engine.build(lexicon), "entropy", prior="frequency")
    for secrets, rows in ((["aarus", "termo"], 7), (["aarus", "termo", "jorro", "trena"], 9)):
        session = Session(solver, len(secrets), rows, secrets, Joint(solver))
        session.autoplay()
        assert session.solved and session.used <= rows
    solver.avoid("aarus")  # refused by the game: never guessed, even as a last candidate
    session = Session(solver, 2, 7, ["aarus", "termo"], Joint(solver))
    played = session.autoplay(limit=6)
    assert played and "aarus" not in [row.guess for row in played]


@pytest.mark.parametrize("prior_name", ["frequency", "answers"])
def test_termo_sessions_play_as_the_fast_simulation(prior_name):
    # Termo's sessions (assist, play, the page) hold states whose guesses exclude the rare words: the joint
    # policy must still play as its simulation does (its opener, its exact endgame), not under a mask
    from chute.playing.players import Joint
    from chute.playing.solver import Solver

    lexicon = load_lexicon("termo")
    engine = Engine.build(lexicon)
    prior = make_prior(lexicon, prior_name)
    tuples = secret_tuples(lexicon.answers, 4, 8, 3)
    fast = run_many(game_spec("quarteto"), 8, 3, engine=engine, tuples=tuples, prior=prior)
    slow = run_many(game_spec("quarteto"), 8, 3, tuples=tuples, player=Joint(Solver(engine, "entropy", prior=prior)))
    assert [g.guesses for g in fast.games] == [g.guesses for g in slow.games]


def test_boards_read_from_a_large_mapped_matrix_copy_only_their_rows_and_leave_none_of_it_held(
    tmp_path, small_engine, monkeypatch, resident
):
    # a board's columns are spread over every page of the matrix: a large mapped one is read once per ranking
    # for the rows of the transpose its boards need, each block's pages given back (a Quordle review held the
    # whole matrix so, then its transposed copy beside it)
    import chute.game.engine as engine_mod

    engine = small_engine(seed=11, answers=300, extra=700, cache_dir=tmp_path)
    plain = JointRanker(Engine.build(engine.lexicon, cache=False))
    path = next(tmp_path.glob("matrix-*.bin"))
    monkeypatch.setattr(engine_mod, "GIVE_BACK_BYTES", engine.matrix.nbytes)  # large
    monkeypatch.setattr(engine_mod, "TRANSPOSE_ROWS", 64)
    solver = JointRanker(engine)
    assert engine.give_back_matrix() and resident(path) == 0
    answers = engine.lexicon.answers
    small = answers[::32]
    assert np.array_equal(
        solver._guess_codes_by_board(solver.board(small)), plain._guess_codes_by_board(plain.board(small))
    )
    assert np.array_equal(solver.figures(solver.board(small)), plain.figures(plain.board(small)))
    assert resident(path) == 0
    boards = [answers[:150], answers[100:250:2], small]
    ranked = solver.rank([solver.board(w) for w in boards])
    assert ranked == plain.rank([plain.board(w) for w in boards])
    _, copied = engine.rows_copies()
    assert solver._codes_t is None and resident(path) == 0
    assert np.array_equal(np.flatnonzero(copied), np.unique(np.concatenate([solver.board(w).index for w in boards])))


def test_a_single_ranking_gathers_small_boards_and_the_benchmark_reads_the_transpose(wordle):
    # one ranking of small boards reads their columns from the matrix; the figures equal the transpose's
    lexicon = wordle.lexicon
    lazy = JointRanker(wordle)
    boards = [lazy.board(lexicon.answers[i::400]) for i in range(3)]
    gathered = [lazy.figures(b).copy() for b in boards]
    assert lazy._codes_t is None
    eager = JointRanker(wordle).many_games()
    assert eager._codes_t is not None and eager._codes_t.shape == wordle.matrix.T.shape
    for board, figures in zip(boards, gathered):
        assert np.array_equal(eager.figures(eager.board(lazy.words(board))), figures)
    lazy.figures(lazy.board(lexicon.answers[:1000]))  # a large board makes the transpose
    assert lazy._codes_t is not None


@pytest.mark.parametrize("weighted", [False, True])
def test_numpy_board_figures_equal_the_compiled_kernels(wordle, weighted):
    from chute.game.partition_stats import clog_table
    from chute.kernels.partition import board_figures, board_figures_weighted
    from chute.playing.board_figures import board_figures_numpy

    rng = np.random.default_rng(5)
    for n in (2, 3, 17, 64, 65, 400, 1024):  # sorted up to 64 words, counted above
        cols = np.sort(rng.choice(wordle.matrix.shape[1], n, replace=False))
        codes_t = np.ascontiguousarray(wordle.matrix[:, cols].T)
        g = codes_t.shape[1]
        want = np.empty((4, g))
        parts = np.empty(g, dtype=np.int64)
        if weighted:
            p = rng.random(n) ** 2
            p /= p.sum()
            board_figures_weighted(codes_t, p, wordle.n_patterns, want[0], want[1], want[2], parts)
        else:
            p = None
            ent, sq, ones = np.empty(g), np.empty(g, dtype=np.int64), np.empty(g, dtype=np.int64)
            board_figures(codes_t, clog_table(n), wordle.n_patterns, ent, sq, ones, parts)
            want[0], want[1], want[2] = math.log2(n) - ent / n, sq / n, ones / n
        want[3] = parts
        assert np.allclose(board_figures_numpy(wordle.matrix[:, cols], p, wordle.n_patterns), want, rtol=0, atol=1e-12)


def test_a_board_falls_back_to_the_games_later_words_only_once_no_other_word_fits(wordle):
    """Wordle's later words (ACHEY) join a board's words only when every other accepted word is ruled out."""
    solver = JointRanker(wordle)
    lex = wordle.lexicon
    some = solver.fallback_board([("crane", encode(score("crane", "achey")))])
    assert some.n > 10 and not {lex.guesses[i] for i in some.index.tolist()} & lex.later
    clues = [(g, encode(score(g, "achey"))) for g in ("crane", "tough", "chewy")]  # no word of 2022 fits them
    assert [lex.guesses[i] for i in solver.fallback_board(clues).index.tolist()] == ["achey"]
    # a board fallen back to the other words goes on to the later ones when those run out, and only then
    board = solver.fallback_board(clues[:2])
    assert board.n and not {lex.guesses[i] for i in board.index.tolist()} & lex.later
    after = solver.narrow(board, *clues[2], history=clues[:2])
    assert [lex.guesses[i] for i in after.index.tolist()] == ["achey"] and after.fallback


def test_a_refused_word_keeps_the_opening_and_its_ranking_on_disk(wordle, monkeypatch):
    """Refusing a word the opening does not hold leaves the opener as it was (TARES, from the ranking kept on
    disk); refusing the opener itself gives the next of that ranking, never a ranking of another kind."""
    from chute.playing.assembly import game_solver
    from chute.playing.joint_ranker import JointRanker
    from chute.playing.session import Session

    plain = [c.guess for c in Session(game_solver(wordle, 4), 4, 9).ranked(3)]
    scored = []
    real = JointRanker._joint
    monkeypatch.setattr(JointRanker, "_joint", lambda self, boards: scored.append(1) or real(self, boards))
    kept = [c.guess for c in Session(game_solver(wordle, 4, refused=("zymic",)), 4, 9).ranked(3)]
    assert kept == plain and scored == []
    without = [c.guess for c in Session(game_solver(wordle, 4, refused=(plain[0],)), 4, 9).ranked(3)]
    assert without == plain[1:] + without[2:] and plain[0] not in without and scored == []


def test_the_figures_kept_stay_within_their_bytes_the_fewest_candidates_going_first(wordle):
    """The figures of the sets met are kept within ``cache_bytes``: past it the sets of fewest candidates (the
    cheapest to figure again) make room; the figures are the same kept or figured again."""
    one_set = 4 * len(wordle.lexicon.guesses) * 8
    solver = JointRanker(wordle, Policy(), cache_bytes=3 * one_set)
    fresh = JointRanker(wordle, Policy(), cache_bytes=0)
    opener = solver.board()
    sets = [solver.narrow(opener, "salet", code) for code in (0, 1, 3, 9, 27, 81)]
    sets = [b for b in sets if b.n >= solver.cache_min]
    assert len(sets) >= 5
    for b in sets:
        assert np.array_equal(solver.figures(b), fresh.figures(b))
        assert solver._cached_bytes == sum(f.nbytes for f in solver._cache.values()) <= 3 * one_set
    largest = sorted(sets, key=lambda b: -b.n)[:3]
    assert sorted(solver._cache) == sorted(b.key() for b in largest)
    assert not fresh._cache  # no room for one set: none kept


def test_the_endgame_memo_is_emptied_past_its_bound_and_answers_alike(wordle, monkeypatch):
    import chute.playing.endgame as endgame

    def state_of(solver, *boards):
        return tuple(sorted(tuple(int(i) for i in solver.board(words).index) for words in boards))

    solver, fresh = JointRanker(wordle, Policy()), JointRanker(wordle, Policy())
    first = state_of(solver, ["cigar", "rebut", "sissy"], ["humph", "awake", "blush", "focal"])
    second = state_of(solver, ["naval", "shire", "proxy"], ["tacit", "lemon", "sweet", "might"])
    solver.endgame.rank(first, [], 7)
    assert len(solver.endgame.memo) + len(solver.endgame.splits) > 2
    monkeypatch.setattr(endgame, "MEMO_KEPT", 2)
    found = solver.endgame.rank(second, [], 7)  # emptied first, then filled by this search alone
    assert found == fresh.endgame.rank(second, [], 7)
    assert solver.endgame.memo == fresh.endgame.memo and solver.endgame.splits == fresh.endgame.splits


def test_a_large_second_row_after_another_opener_is_ranked_over_a_shortlist(monkeypatch):
    """After another first guess than the joint policy's own, boards holding thousands of words are scored over a
    shortlist (a first suggestion nobody ranked stays fast); after the policy's own opener, over every guess."""
    from chute import solver_for
    from chute.game.feedback import score
    from chute.playing.joint_ranker import QUICK_SHORTLIST, JointRanker

    solver = solver_for("quordle")
    answers = ["cigar", "rebut", "sissy", "humph"]
    quick: list[int] = []
    real = JointRanker._quick_rows

    def counted(self, boards):
        rows = real(self, boards)
        quick.append(len(rows))
        return rows

    monkeypatch.setattr(JointRanker, "_quick_rows", counted)
    row = lambda word: f"{word}:" + "/".join(score(word, a) for a in answers)  # noqa: E731
    after_fuzzy = solver.suggest([row("fuzzy")], top=3)
    assert len(quick) == 1 and QUICK_SHORTLIST <= quick[0] <= QUICK_SHORTLIST + 4 * 16
    assert after_fuzzy.best is not None and after_fuzzy.ranked[0].reason == "score"
    again = solver.suggest([row("fuzzy")], top=3)  # seeded by the boards' words: the same ranking
    assert [c.guess for c in again.ranked] == [c.guess for c in after_fuzzy.ranked]
    own = solver.suggest([], top=1).best
    assert own is not None
    solver.suggest([row(own)], top=3)
    assert len(quick) == 2  # the policy's own second row: every guess scored, no shortlist


def test_wordles_boards_hold_every_word_of_its_prior_and_its_later_words_from_the_first_row(wordle):
    """Under a prior that boosts the game's own answer list, a board's candidates are every word of the prior, those
    wordfreq never saw among them, and the game's later words at the logistic's floor: such a secret is followed from
    the first row, never reached by a fallback."""
    from chute.game.prior import logistic
    from chute.playing.multiboard import board_prior

    lexicon = wordle.lexicon
    prior = make_prior(lexicon, "frequency")
    played = board_prior(prior, lexicon)
    assert prior.boosted and played.boosted and prior.words == lexicon.prior_words
    assert set(played.words) == set(lexicon.prior_words) | lexicon.later and len(played.words) == len(lexicon.guesses)
    assert list(played.words) == [w for w in lexicon.guesses if w in set(played.words)]  # the lexicon's order
    weight = dict(zip(played.words, played.weights.tolist()))
    floor = float(logistic(np.zeros(1))[0])
    assert all(weight[w] == floor for w in lexicon.later)
    assert all(weight[w] == v for w, v in zip(prior.words, prior.weights.tolist()))
    solver = ranker_for(wordle, DEFAULT, prior)
    unseen = [w for w in lexicon.prior_words if lexicon.frequencies.get(w, 0.0) == 0.0]
    later = sorted(lexicon.later)[0]
    assert "aahed" in unseen and "aahed" in solver.engine.lexicon.answer_index
    assert later in solver.engine.lexicon.answer_index
    game = solver.simulate(("aahed", "cigar", later, "humph"), rows=9)
    assert game.won


def test_a_session_of_wordles_boards_plays_its_later_words_as_the_simulation_does(wordle):
    """A session's boards hold one-board states, whose candidates leave the later words out until the clues rule out
    every other word: the joint player adds those that fit, so a session plays as the fast simulation does."""
    from chute.playing.players import Joint
    from chute.playing.solver import Solver

    lexicon = wordle.lexicon
    prior = make_prior(lexicon, "frequency")
    later = [w for w in sorted(lexicon.later) if w not in lexicon.offensive]
    tuples = [(later[0], "cigar", later[40], "humph"), (later[100], later[200], "aahed", "pious")]
    fast = run_many(game_spec("quordle"), 2, 0, engine=wordle, tuples=tuples, prior=prior)
    slow = run_many(game_spec("quordle"), 2, 0, tuples=tuples, player=Joint(Solver(wordle, "entropy", prior=prior)))
    assert [g.guesses for g in fast.games] == [g.guesses for g in slow.games]
    assert all(g.won for g in slow.games)


def test_a_weighted_board_is_finished_once_its_likeliest_word_holds_the_finish_share(engine):
    """A board whose likeliest word holds 99% of its chance is finished on it, as a board of one word is; below
    that share it is not."""
    lex = engine.lexicon
    n = len(lex.answers)
    for share, finished in ((0.995, True), (0.98, False)):
        w = np.full(n, 1.0)
        sure, rest = 0, [1, 2, 3]
        w[sure] = share / (1.0 - share) * len(rest)
        ranker = JointRanker(engine, Policy(exact=0), weights=w)
        board = ranker.board([lex.answers[i] for i in [sure, *rest]])
        other = ranker.board(list(lex.answers[10:30]))
        top = ranker.rank([board, other], rows_left=8, top=1)[0]
        assert (top.reason == "finish" and top.guess == lex.answers[sure]) is finished
