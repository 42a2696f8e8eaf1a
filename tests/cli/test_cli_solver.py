"""The solving commands: suggest, assist (scripted through stdin) and play; bad input is one line, status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import chute.game.cache as cache_mod


def one_error_line(err: str) -> str:
    """Return the single error line, checking there is exactly one and no traceback."""
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("chute: error:"), err
    return lines[0]


# -- suggest -----------------------------------------------------------------------------


def test_suggest_opener(cli):
    """Without clues suggest ranks openers by the default policy: TRACE, the safe tree's, first (normal mode),
    SALET, the proven plan's, in hard mode, ten rows; entropy: SOARE."""
    status, out, err = cli("suggest")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "2,315 likely answers · 14,855 possible words · expected-guesses (opener)"
    assert lines[2].split()[:3] == ["1", "TRACE", "3.528"] and float(lines[3].split()[2]) < 3.528
    assert "TRACE opens a plan that finds each of 14,778 words the game accepts within 6 rows" in err
    assert lines[2].endswith("<- plan") and not lines[3].endswith("<- plan")  # first by the safe plan: said so
    assert len(lines) == 2 + 10 + 2 and lines[-2].startswith("(guesses: the expected guesses to finish")
    assert lines[-1].startswith("plan: TRACE comes first as the opener of the plan that loses no word")
    status, out, err = cli("suggest", "--hard")
    lines = out.splitlines()
    assert lines[2].split()[:2] == ["1", "SALET"] and "SALET opens the best proven plan" in err
    assert lines[2].endswith("<- plan") and not lines[3].endswith("<- plan")  # first by its plan, not its score
    assert lines[-1].startswith("plan: SALET comes first as the opener of a proven plan (3.5084 guesses")
    assert len(lines) == 2 + 10 + 2 and lines[-2].startswith("(guesses: the expected guesses to finish")
    status, out, _ = cli("suggest", "-s", "entropy")
    lines = out.splitlines()
    assert lines[0].startswith("2,315 likely answers · 14,855 possible words") and lines[2].split()[:3] == [
        "1",
        "SOARE",
        "5.886",
    ]


def test_suggest_marks_the_plan_a_users_answer_list_opens_with(cli, tmp_path):
    """A user's answer list over Wordle's words opens with the shipped safe tree's TRACE, ranked first above
    better-scored words: the plan mark, its legend and the note say why, as for the bundled lists."""
    answers = tmp_path / "answers.txt"
    answers.write_text("cigar\nrebut\nsissy\nhumph\nawake\nblush\nfocal\nevade\nnaval\nserve\n", encoding="utf-8")
    status, out, err = cli("suggest", "--answers", str(answers), "--top", "3")
    assert status == 0
    lines = out.splitlines()
    assert lines[2].split()[1] == "TRACE" and float(lines[3].split()[2]) < float(lines[2].split()[2])
    assert lines[2].endswith("<- plan") and not lines[3].endswith("<- plan")
    assert lines[-1].startswith("plan: TRACE comes first as the opener of the plan that loses no word")
    assert "TRACE opens a plan that finds each of 14,778 words the game accepts within 6 rows" in err


def test_suggest_after_clues_lists_few_candidates(cli):
    """After two clues: the candidates (at most 10) and the top guesses with their figures."""
    status, out, _ = cli("suggest", "soare:bbgyg", "diact", "bbgyb", "--top", "3", "-s", "entropy")
    assert status == 0
    assert "likeliest first: CRANE CRAVE CRAZE" in out
    assert [line.split()[1] for line in out.splitlines()[3:-1]] == ["ANVIL", "AVANT", "AVENS"]


def test_suggest_json(cli):
    """--json prints the suggestions, candidates and notes as JSON."""
    status, out, _ = cli("suggest", "crane:bbbbb", "--json", "--strategy", "minimax", "--top", "2")
    data = json.loads(out)
    assert status == 0 and data["strategy"] == "minimax" and data["clues"] == ["crane:bbbbb"]
    assert len(data["suggestions"]) == 2 and data["remaining"] == len(data["candidates"])
    assert set(data["suggestions"][0]) == {
        "guess",
        "folded",
        "score",
        "expected",
        "worst",
        "parts",
        "candidate",
        "chance",
    }
    assert all((s["chance"] > 0) == s["candidate"] and s["chance"] <= 1 for s in data["suggestions"])


def test_suggest_shows_each_guess_chance_of_being_the_answer(cli):
    """The last column is the prior's chance that the guess is the answer: blank for a word that cannot be."""
    from chute import Engine, Solver, load_lexicon

    status, out, _ = cli("suggest", "soare:bbyby", "--top", "6", "--json")
    data = json.loads(out)
    suggestion = Solver(Engine.build(load_lexicon("wordle")), "expected-guesses", prior="frequency").suggest(
        ["soare:bbyby"], top=6
    )
    want = dict(zip(suggestion.state.candidates, suggestion.state.prior().tolist()))
    for s in data["suggestions"]:
        assert s["chance"] == pytest.approx(want.get(s["folded"], 0.0), abs=1e-6)
    status, out, _ = cli("suggest", "soare:bbyby", "--top", "6")
    lines = out.splitlines()
    assert lines[1].split()[-1] == "chance"
    for line, s in zip(lines[2:], data["suggestions"]):
        shown = line.split()[-1]
        assert shown.endswith("%") == s["candidate"]
        if s["candidate"]:
            assert float(shown.rstrip("%")) == pytest.approx(100 * s["chance"], abs=0.06)


def test_json_keeps_termo_accents(cli):
    """suggest and play --json spell words as the game shows them (accents), like filter --json."""
    status, out, _ = cli("suggest", "--game", "termo", "--json", "--top", "3")
    data = json.loads(out)
    assert status == 0 and {"guess": "serão", "folded": "serao"}.items() <= data["suggestions"][1].items()
    status, out, _ = cli("play", "--game", "termo", "ávido", "--opener", "serão", "--json")
    data = json.loads(out)
    assert data["secret"] == "ávido" and data["clues"][0]["guess"] == "serão"


def test_the_planned_opener_is_scored_and_explained(cli):
    """An opener the policy plays from a proven plan, ranked below the top by its score, still gets its figures."""
    status, out, _ = cli("suggest", "--game", "termo", "--json", "--top", "2")
    data = json.loads(out)
    first = data["suggestions"][0]
    assert status == 0 and first["folded"] == "toras" and isinstance(first["score"], float)
    assert first["score"] > data["suggestions"][1]["score"]  # not the least expected guesses: the plan's
    assert any(n.startswith("TORAS opens the best proven plan") for n in data["notes"]), data["notes"]


def test_suggest_termo_strict(cli):
    """Termo clues in Termo's notation, strict mode: every suggestion fits every clue."""
    status, out, _ = cli("suggest", "--game", "termo", "--strict", "serao:__c_i", "--json")
    data = json.loads(out)
    assert status == 0
    from chute.game.feedback import Clue
    from chute.game.rules import violation

    assert data["suggestions"] and all(
        violation(s["guess"], [Clue("serao", "bbgby")], "strict") is None for s in data["suggestions"]
    )


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["suggest", "--strategy", "telepathy"], "unknown strategy 'telepathy'"),
        (["suggest", "--hard", "crane:gbbbb", "slate:bbbbb"], "1st letter must be C"),
        (["suggest", "--game", "termo", "--strict", "serao:bygby", "pluto:bbbgy"], "must be R (green in SERÃO)"),
        (["suggest", "crane:gbbbb", "crane:bbbbb"], "crane"),
        (["suggest", "crane:bbbqb"], "tile"),
        (["suggest", "--top", "0"], "--top"),
        (["suggest", "--depth", "2", "--strategy", "minimax"], "--depth 2"),
        (["play", "cr4ne"], "must be a word of 5 letters"),
        (["play", "crane", "--game", "dordle"], "boards"),
        # a word the lists lack among too many secrets: the count is the one line, not a note before it
        (["play", "serão", "toras"], "give 1 secret word, not 2"),
    ],
)
def test_bad_input_is_one_line_and_status_2(cli, argv, needle):
    """Each bad input: status 2, one error line on stderr naming the problem."""
    status, out, err = cli(*argv)
    assert status == 2
    assert needle.lower() in one_error_line(err).lower()


def test_suggest_with_a_word_outside_the_lexicon_warns(cli):
    """A clue guess the lexicon does not know is used, with a note on stderr."""
    status, out, err = cli("suggest", "xyzzy:bbbbb", "--top", "1")
    assert status == 0 and "XYZZY" in err and "note" in err


def test_unwritable_cache_dir_works_and_says_so_once(cli, tmp_path, monkeypatch):
    """A cache folder that cannot be created: the command works and warns once."""
    monkeypatch.setattr(cache_mod, "_warned", set())
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(blocker / "cache"))
    status, out, err = cli("suggest", "--strategy", "most-parts", "--top", "1")
    assert status == 0 and "TRACE" in out
    assert err.count("working without caching") == 1


def test_no_cache_option(cli, tmp_path, monkeypatch):
    """--no-cache writes nothing to the cache folder."""
    monkeypatch.setenv("CHUTE_CACHE_DIR", str(tmp_path / "c"))
    status, out, _ = cli("suggest", "--no-cache", "--strategy", "minimax", "--top", "1")
    assert status == 0 and "ARISE" in out and not (tmp_path / "c").exists()


# -- play ----------------------------------------------------------------------------------


def test_play_prints_each_row_and_the_count(cli):
    """play shows every guess as tiles with the candidates left; status 0 when solved."""
    status, out, _ = cli("play", "crane", "-s", "entropy")
    lines = out.splitlines()
    assert status == 0
    assert lines[0].startswith("SOARE") and "19 likely answers · 40 possible words" in lines[0]
    assert lines[-2].startswith("CRANE") and lines[-1] == "solved CRANE in 4/6"


def test_play_outside_the_answer_list(cli):
    """AAHED is accepted but not an answer: over the answer list, one note, then solved; under the
    default policy's prior it is one of the candidates from the start (no note)."""
    status, out, err = cli("play", "aahed", "-s", "entropy")
    assert status == 0 and out.splitlines()[-1].startswith("solved AAHED")
    assert err.count("answer list") == 1
    status, out, err = cli("play", "aahed")
    assert status == 0 and out.splitlines()[-1].startswith("solved AAHED") and "answer list" not in err


def test_play_an_answer_the_lists_lack(cli):
    """MULTI (today's Wordle, not chute's lists): said so, played to the end; the strings refused cost no row."""
    status, out, err = cli("play", "multi")
    assert status == 0 and out.splitlines()[-1].startswith("solved MULTI in")
    assert "MULTI is not in chute's wordle lists: played as an answer chute does not know" in err
    assert "strings of letters fit the clues" in err and "refused by the game, at no row: " in out
    status, out, _ = cli("play", "multi", "--json")
    data = json.loads(out)
    assert data["solved"] and data["refused"] and data["clues"][-1]["guess"] == "multi"
    assert not set(data["refused"]) & {c["guess"] for c in data["clues"]}
    status, out, err = cli("play", "--game", "dordle", "multi", "cigar")
    assert status == 0 and "solved in" not in err and "MULTI CIGAR" in out.splitlines()[-1]


def test_play_json_and_termo(cli):
    """--json gives the rows; Termo plays with its accents shown in text mode."""
    status, out, _ = cli("play", "crane", "--json", "--strategy", "expected-size", "--hard")
    data = json.loads(out)
    assert status == 0 and data["solved"] and data["clues"][0]["guess"] == "roate"
    status, out, _ = cli("play", "termo", "--game", "termo", "--strict")
    assert status == 0 and "solved TERMO" in out


def test_play_reports_a_loss(cli):
    """Not solved within the rows: status 1."""
    status, out, _ = cli("play", "crane", "--rows", "2")
    assert status == 1 and "over the 2 rows" in out


# -- assist --------------------------------------------------------------------------------


def test_assist_scripted_game(cli, monkeypatch):
    """Colours for the suggestions, list, why, undo, another guess: solved at the end, no prompts."""
    script = "bbgyg\nlist\nwhy dicta\nwhy crane\nbbgyb\nundo\ndiact\nbbgyb\nanvil:yybbb\nggggg\n"
    status, out, err = cli("assist", "-s", "entropy", stdin=script)
    assert status == 0 and err == ""
    assert "> " not in out
    lines = out.splitlines()
    assert lines[0].startswith("2,315 likely answers · 14,855 possible words · row 1/6") and "try SOARE" in lines[0]
    assert "SOARE ⬛⬛🟩🟨🟩  19 likely answers · 40 possible words" in out
    assert "DICTA cannot be the answer" in out and "CRANE fits every clue" in out
    assert "took back DIACT" in out and "colours for DIACT?" in out
    assert "likeliest first: CRANE CRAVE CRAZE" in out
    assert lines[-10].startswith("CRANE") and lines[-10].endswith("solved in 4")
    assert lines[-9:-1] == [
        "",
        "Wordle 4/6",
        "",
        "⬛⬛🟩🟨🟩",
        "⬛⬛🟩🟨⬛",
        "🟨🟨⬛⬛⬛",
        "🟩🟩🟩🟩🟩",
        "",
    ]  # to share
    assert lines[-1] == "the verdict on this game: chute review --game wordle soare diact anvil crane"


def test_assist_refuses_bad_lines_and_goes_on(cli, monkeypatch):
    """A refused line is one error on stderr; the loop continues; status 2 without a terminal."""
    status, out, err = cli("assist", "--hard", stdin="gbbbb\ncrane:bbbbb\nbbbqb\nnew\n\n")
    assert status == 2
    assert len(err.strip().splitlines()) == 2 and "not allowed in hard mode" in err
    assert "new game" in out


def test_assist_help_lists_the_session_commands(cli, monkeypatch):
    """``help`` in a session explains the notations and every command (not the command-line one-liner)."""
    status, out, err = cli("assist", stdin="help\n")
    assert status == 0 and err == ""
    for text in ("gybbg", "undo", "list [N]", "why WORD", "reject WORD", "new", "quit", "--resume"):
        assert text in out, text


def test_assist_fallback_note_once(cli, monkeypatch):
    """When the answers run out the note is said once, and play goes on over accepted words."""
    status, out, _ = cli("assist", "-s", "entropy", stdin="bbyby\n")
    assert status == 0 and out.count("answer list") == 0
    script = "soare bbyby\ncanal bgbyb\naahed ggggg\n"
    status, out, _ = cli("assist", "-s", "entropy", stdin=script)
    assert status == 0 and out.count("rule out every word") == 1 and "solved in 3\n\nWordle 3/6\n" in out


def test_assist_reviews_the_game_and_says_how_to_review_it_once_solved(cli, monkeypatch, tmp_path):
    """``review [ANSWER]`` prints the verdict on the rows so far; a solved game ends with the command that reviews it."""
    script = "raise bbbbb\nreview\nreview cigar\nreview mount\nmount ggggg\n"
    status, out, err = cli("assist", stdin=script)
    assert status == 2 and err.splitlines() == [
        "chute: error: the game was not solved: give its answer",
        "chute: error: row 1: RAISE against CIGAR shows yyybb, not bbbbb",
    ]
    assert "wordle: MOUNT, not solved in 1 row · skill " in out and "optimal play (SALET first) finds MOUNT" in out
    hint = out.splitlines()[-1]
    assert hint == "the verdict on this game: chute review --game wordle raise mount"
    status, again, err = cli(*hint.split(": ", 1)[1].split()[1:], stdin="")
    assert status == 0 and again.startswith("wordle: MOUNT, solved in 2/6 · skill "), err
    # several boards, in Portuguese, the word lists given: the hint carries them, and the answers
    answers = tmp_path / "answers.txt"
    answers.write_text("aback\ntough\ncigar\nrebut\n", encoding="utf-8")
    script = "crane ybgbb bbbbb\nrevisar tough\nrevisar aback tough\naback ggggg bbbbb\ntough ggggg\n"
    status, out, err = cli("assist", "--game", "dordle", "--lang", "pt", "--answers", str(answers), stdin=script)
    assert err == "chute: erro: dê 2 respostas, uma por tabuleiro, não 1\n"  # in Portuguese too
    assert "dordle: ABACK TOUGH, nem todo tabuleiro resolvido em 7 linhas" in out
    hint = out.splitlines()[-1]
    assert hint == (
        f"o veredito deste jogo: chute review --game dordle --answers {answers} --answer aback,tough "
        "--lang pt crane aback tough"
    )
    status, again, err = cli(*hint.split(": ", 1)[1].split()[1:], stdin="")
    assert status == 0 and again.startswith("dordle: ABACK TOUGH, resolvido em 3 linhas"), err


def test_assist_skips_blank_lines_and_ends_on_eof_or_quit(cli, monkeypatch):
    """An accidental Enter loses nothing: blank lines are skipped; end of input or quit ends the session."""
    assert cli("assist", stdin="")[0] == 0
    status, out, _ = cli("assist", "-s", "entropy", stdin="\n   \nbbbbb\n\n")
    assert status == 0 and "SOARE ⬛⬛⬛⬛⬛  183 likely answers · 664 possible words" in out and "row 2/6" in out
    status, out, _ = cli("assist", stdin="quit\nbbbbb\n")
    assert status == 0 and len(out.splitlines()) == 1


def test_suggest_after_clues_does_not_load_the_compiler(tmp_path):
    """With the matrix cached, ``chute suggest`` after two clues never imports numba (fast start)."""
    import os
    import subprocess
    import sys

    from chute.game.engine import Engine
    from chute.game.words import load_lexicon

    Engine.build(load_lexicon("wordle"), cache_dir=tmp_path)
    code = (
        "import sys; from chute.cli import main; "
        "status = main(['suggest', 'soare:bbbbb', 'until:bbyyb', '--top', '3']); "
        "print('numba' in sys.modules, status)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "CHUTE_CACHE_DIR": str(tmp_path)},
        timeout=120,
    )
    assert done.stdout.strip().splitlines()[-1] == "False 0", done.stdout + done.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["soare:bbbbb", "until:bbyyb"],
        ["--hard", "salet:bybbb", "adorn:ybbyb"],
        ["--game", "termo", "serao:bbbyb", "tinta:bgbbg"],
        ["--game", "termo", "--strict", "torce:bggbb", "morno:bggbg"],
    ],
)
def test_suggest_after_clues_does_not_load_numpy_ma(argv):
    """np.unique & co. import numpy.ma on their first call (numpy >= 2.3: 20 ms of a 0.3 s run): chute's
    sorted sets (``chute.arrays``) keep a suggestion clear of it, in every mode."""
    import subprocess
    import sys

    code = (
        "import sys, numpy; eager = 'numpy.ma' in sys.modules; from chute.cli import main; "
        f"status = main(['suggest', *{argv!r}, '--top', '3']); "
        "print(eager, 'numpy.ma' in sys.modules, status)"
    )
    for _ in range(2):  # the first run may rank the opener and build the matrix: the second reads them
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    eager, loaded, status = done.stdout.strip().splitlines()[-1].split()
    if eager == "True":
        pytest.skip("this numpy imports numpy.ma itself")
    assert (loaded, status) == ("False", "0"), done.stdout + done.stderr


def test_sorted_sets_match_numpy():
    """``chute.arrays`` gives numpy's values and dtypes: distinct (np.unique), union, intersection."""
    import numpy as np

    from chute.arrays import distinct, intersection, union

    rng = np.random.default_rng(7)
    for t in range(400):
        a = rng.integers(0, 40, rng.integers(0, 25)).astype([np.intp, np.int32, np.uint8, np.int16][t % 4])
        b = rng.integers(0, 40, rng.integers(0, 25)).astype([np.int64, np.int32, np.uint16][t % 3])
        for ours, theirs in ((union, np.union1d), (intersection, np.intersect1d)):
            got, want = ours(a, b), theirs(a, b)
            assert got.dtype == want.dtype and got.tolist() == want.tolist()
        assert distinct(a).dtype == np.unique(a).dtype and distinct(a).tolist() == np.unique(a).tolist()
    assert union([3, 1], [2, 3]).tolist() == [1, 2, 3] and intersection([[5, 1], [1, 2]], [1, 5]).tolist() == [1, 5]


def test_most_common_first_orders_codes_by_count_then_value():
    """``most_common_first`` lists the distinct codes by count, largest first, ties by the smaller code."""
    import numpy as np

    from chute.arrays import most_common_first

    rng = np.random.default_rng(3)
    for t in range(300):
        codes = rng.integers(0, [3, 30, 243][t % 3], rng.integers(1, 60)).astype([np.uint8, np.uint16, np.int64][t % 3])
        values, counts = np.unique(codes, return_counts=True)
        want = sorted(values.tolist(), key=lambda v: (-counts[values.tolist().index(v)], v))
        assert most_common_first(codes).tolist() == want
    assert most_common_first(np.array([7, 2, 7, 2, 9], dtype=np.uint8)).tolist() == [2, 7, 9]


def test_clues_may_continue_after_options(cli):
    """Clues given after an option are still clues (argparse alone would refuse them)."""
    status, out, _ = cli("suggest", "soare:bbbbb", "--json", "until:bbyyb")
    assert status == 0
    data = json.loads(out)
    assert [c.split(":")[0] for c in data["clues"]] == ["soare", "until"]
    assert len(data["candidates"]) == 30  # every accepted word that fits (11 answers)


def test_unknown_options_after_clues_are_still_refused(cli):
    status, _, err = cli("suggest", "soare:bbbbb", "--bogus", "x")  # the status returned, never an exit
    assert status == 2 and len(err.strip().splitlines()) == 1


# -- suggest for several boards ----------------------------------------------------------

QUARTETO_ROWS = ["toras:bbybg/byyyg/bggbb/gbyyb", "crime:bybby/bybyb/bybbb/bgbbb", "ramos:gbbbg/ggggg/ybbyb/yybbb"]


def test_suggest_several_boards_ranks_the_joint_policy_after_the_rows(cli):
    # REDES RAMOS JORRO TRAVA: board 2 solved at row 3; a later row gives '-' for it, or skips it
    status, out, err = cli("suggest", "--game", "quarteto", *QUARTETO_ROWS, "bugre:bbbyy/-/bbbgb/bbbyb", "--top", "3")
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].startswith(
        "quarteto · row 5 of 9 · likely answers/possible words 1: 3/8, 2: solved, 3: 1/4, 4: 2/7"
    )
    assert "board 3: FORRÓ ZORRO PORRO JORRO" in lines  # likeliest first
    table = lines[lines.index(next(line for line in lines if line.lstrip().startswith("#"))) + 1 :]
    assert len(table) == 3 + 1 and table[-1].startswith("(score: what the joint policy ranks by")
    skipped = cli("suggest", "--game", "quarteto", *QUARTETO_ROWS, "bugre:bbbyy/bbbgb/bbbyb", "--top", "3")
    assert skipped[1] == out


def test_suggest_several_boards_json_is_the_pages_report(cli):
    status, out, _ = cli("suggest", "--game", "quarteto", "--json", *QUARTETO_ROWS, "--top", "2")
    data = json.loads(out)
    assert status == 0 and data["game"] == "quarteto" and data["rows_used"] == 3 and data["row_limit"] == 9
    assert [b["solved"] for b in data["boards"]] == [False, True, False, False]
    assert [b["count"] for b in data["boards"]] == [17, 1, 20, 13]
    assert len(data["suggestions"]) == 2 and data["score_label"] == "joint score"
    assert data["rows"][1] == {"guess": "crime", "patterns": ["bybby", "bybyb", "bybbb", "bgbbb"], "known": True}
    assert [b.get("likely_answers") for b in data["boards"]] == [3, None, 4, 5]


def test_suggest_several_boards_when_every_board_is_solved(cli):
    status, out, _ = cli("suggest", "--game", "dueto", "termo:ggggg/ggggg")
    assert status == 0 and out.strip() == "dueto: every board is solved, in 1 of 7 rows"


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["toras:bbbbb/bbbbb"], "row 1: 2 patterns given for 4 unsolved boards"),
        (["toras:-/bbbbb/bbbbb/bbbbb"], "board 1 is not solved"),
        (["toras:ggggg/bbbbb/bbbbb/bbbbb", "crime:ybbbb/bbbbb/bbbbb/bbbbb"], "row 2: board 1 is solved"),
        (["toras"], "cannot read row"),
        (["toras:bbbb/bbbbb/bbbbb/bbbbb"], "4 tiles"),
        (["--strict", "toras:bbbbb/bbbbb/bbbbb/bbbbb"], "hard mode is for one board"),
        (["toras:ggggg/ggggg/ggggg/ggggg", "crime:bbbbb"], "row 2: the game is over"),
        (["--opener", "crane"], "not an accepted word of termo"),
    ],
)
def test_suggest_several_boards_bad_rows_are_one_line(cli, argv, needle):
    status, out, err = cli("suggest", "--game", "quarteto", *argv)
    assert status == 2 and out == ""
    assert needle.lower() in one_error_line(err).lower()


def test_suggest_several_boards_says_a_note_of_every_board_once(cli):
    status, out, err = cli("suggest", "--game", "dueto", "xxxxx:bbbbb/bbbbb", "--top", "2")
    assert status == 0 and out.startswith("dueto · row 2 of 7")
    notes = [line for line in err.splitlines() if "XXXXX" in line]
    assert notes == ["chute: note: XXXXX is not in the termo word list; its clue is used anyway"]


@pytest.mark.parametrize("rows, best", [(QUARTETO_ROWS, "GUIDA"), (QUARTETO_ROWS[:1], "CRIME")])
def test_suggest_several_boards_of_few_words_does_not_load_the_compiler(rows, best):
    """A ranking of boards of up to 1,024 words each (after one row: 12 to 110) is figured in numpy: no numba."""
    import subprocess
    import sys

    code = (
        "import sys; from chute.cli import main; "
        f"status = main(['suggest', '--game', 'quarteto', *{rows!r}, '--top', '3']); "
        "print('numba' in sys.modules, status)"
    )
    for _ in range(2):  # the first run may build the game's matrix (compiled): the second reads it
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip().splitlines()[-1] == "False 0", done.stdout + done.stderr
    assert f"  1  {best} " in done.stdout


def test_suggest_several_large_boards_load_the_compiler_and_rank_the_same():
    """Past NUMPY_RANKING_CELLS the ranking loads the compiled kernels: the same table as numpy's."""
    import subprocess
    import sys

    tables = []
    for cells in (10**12, 1):
        code = (
            "import sys; import chute.playing.joint_ranker as mb; from chute.cli import main; "
            f"mb.NUMPY_RANKING_CELLS = {cells}; "
            f"status = main(['suggest', '--game', 'quarteto', {QUARTETO_ROWS[0]!r}, '--top', '10']); "
            "print('numba' in sys.modules, status)"
        )
        for _ in range(2):  # the first run may build the game's matrix (compiled): the second reads it
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        *table, last = done.stdout.strip().splitlines()
        assert last == f"{cells == 1} 0", done.stdout + done.stderr
        tables.append(table)
    assert tables[0] == tables[1] and len(tables[0]) == 13


def test_suggest_and_play_in_portuguese(cli):
    """--lang pt: the ranking, its notes, the grid and the verdict in Brazilian Portuguese, decimal commas."""
    status, out, err = cli("suggest", "--game", "termo", "--strict", "--lang", "pt")
    assert status == 0 and out.startswith(
        "2.488 respostas prováveis · 18.210 palavras possíveis · palpites esperados (abertura) · modo estrito"
    )
    assert out.splitlines()[1].split() == ["#", "palpite", "palpites", "esperado", "pior", "chance"]
    assert "<0,1%" in out and "abre o melhor plano provado para estas listas" in err
    status, out, err = cli("suggest", "--game", "termo", "serao:bygby", "--lang", "pt")
    assert status == 0 and out.startswith("18 respostas prováveis · 66 palavras possíveis") and "2,634" in out
    status, out, _ = cli("suggest", "--game", "quarteto", "serao:bbbbb,bybbb,bbbbg,ggggg", "--lang", "pt")
    assert status == 0 and out.startswith(
        "quarteto · linha 2 de 9 · respostas prováveis/palavras possíveis 1: 15/168, "
        "2: 52/614, 3: 87/632, 4: resolvido · política conjunta"
    )
    assert out.splitlines()[1].split() == ["#", "palpite", "pontuação", "bits", "esperado", "resolve"]
    status, out, _ = cli("play", "--game", "termo", "termo", "--lang", "pt")
    assert (
        status == 0
        and "TORAS 🟩🟨🟩⬛⬛  7 respostas prováveis · 21 palavras possíveis" in out
        and out.rstrip().endswith("resolvido em 3/6: TERMO")
    )
    status, out, _ = cli("play", "--game", "dueto", "termo", "festa", "--lang", "pt")
    assert status == 0 and out.startswith("linha  tabuleiro 1") and "resolvido em 6/7: TERMO FESTA" in out
    status, out, err = cli("suggest", "--game", "termo", "--strict", "serao:bygby", "ponto:bgbgb", "--lang", "pt")
    assert status == 2 and err == (
        "chute: erro: PONTO não é permitida no modo estrito: a terceira letra tem de ser R (verde em SERÃO)\n"
    )
    status, out, _ = cli("play", "aback", "--max-guesses", "2", "--lang", "pt")
    assert status == 1 and out.rstrip().endswith("não resolvido: ABACK não achado em 2 palpites")
    # what the player typed wrong on the command line, and the notes, in Portuguese too
    for argv, said in [
        (
            ("suggest", "--game", "termo", "serao:bbyg"),
            "as cores 'bbyg' têm 4 quadradinhos; eram esperados 5 na pista 'serao:bbyg'",
        ),
        (
            ("suggest", "--game", "termo", "serao"),
            "o palpite 'serao' não tem cores: escreva "
            "serao:gybbg, SERAO=PONTOS ou dê as cores como o argumento seguinte",
        ),
        (("suggest", "--game", "dueto", "serao:bbbbb"), "linha 1: 1 padrão dado para 2 tabuleiros não resolvidos"),
        (("play", "--game", "dueto", "toras"), "o jogo tem 2 tabuleiros: dê 2 palavras secretas, não 1"),
    ]:
        status, _, err = cli(*argv, "--lang", "pt")
        assert status == 2 and err == f"chute: erro: {said}\n"
        status, _, err = cli(*argv)
        assert status == 2 and err.startswith("chute: error: ") and "não" not in err
    status, out, err = cli("play", "--game", "termo", "xyzzq", "--max-guesses", "1", "--lang", "pt")
    assert err.startswith("chute: nota: XYZZQ não está nas listas termo do chute: jogada como uma resposta")
    status, out, _ = cli("play", "aback", "--max-guesses", "1")
    assert status == 1 and out.rstrip().endswith("not solved: ABACK not found in 1 guess")


def test_a_suggestion_on_one_core_starts_no_process_pool_machinery():
    """multiprocessing and concurrent.futures load only when a run forks workers: not for a suggestion."""
    code = (
        "import sys; from chute.cli import main; main(['suggest', '--hard', 'salet:bybbb']);"
        "print(sorted(m for m in ('multiprocessing', 'concurrent.futures') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert out.strip().endswith("[]"), out
