"""The review of a finished game (``chute.reviewing.verdict``, ``chute review``) and share texts (``chute.game.share``)."""

from __future__ import annotations

import io
import json
import math
import random
import sys
from functools import cache

import pytest

from chute import Engine, load_lexicon
from chute.errors import ChuteError
from chute.game.feedback import score, to_emoji
from chute.game.share import parse_share
from chute.language import said
from chute.reviewing.grading import luck_of, skill_of
from chute.reviewing.verdict import review


@pytest.fixture(scope="module")
def wordle() -> Engine:
    """Return the bundled Wordle engine."""
    return Engine.build(load_lexicon("wordle"))


# -- the values against a plain brute force ------------------------------------------------------------


def brute(answers: list[str], guesses: list[str]):
    """Return f(S, r): the least total guesses finishing every answer of S within r rows (exhaustive)."""

    @cache
    def f(S: tuple[str, ...], r: int) -> float:
        if r <= 0:
            return float("inf")
        if len(S) == 1:
            return 1
        best = float("inf")
        for g in guesses:
            bins: dict[str, list[str]] = {}
            for s in S:
                bins.setdefault(score(g, s), []).append(s)
            if len(bins) == 1 and g not in S:
                continue  # learns nothing
            total = len(S) + sum(f(tuple(b), r - 1) for p, b in bins.items() if set(p) != {"g"})
            best = min(best, total)
        return best

    return f


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_values_equal_a_brute_force_on_small_lists(seed):
    """Every row's value and best value equal the exhaustive optimum (small random lists, all exact)."""
    base = load_lexicon("wordle")
    rng = random.Random(seed)
    answers = sorted(rng.sample(base.answers, 14))
    guesses = sorted(set(answers) | set(rng.sample(base.guesses, 16)))
    engine = Engine.build(_lexicon(answers, guesses), cache=False)
    f = brute(answers, guesses)
    for _ in range(4):
        secret = rng.choice(answers)
        played = rng.sample(guesses, 2) + [secret]
        result = review(engine, played, secret, rows=6)
        S = tuple(answers)
        for i, row in enumerate(result.rows):
            r = 6 - i
            assert row.exact and row.before == len(S)
            assert row.best_value == pytest.approx(f(S, r) / len(S))
            bins: dict[str, list[str]] = {}
            for s in S:
                bins.setdefault(score(row.guess, s), []).append(s)
            want = 1 + sum(f(tuple(b), r - 1) for p, b in bins.items() if set(p) != {"g"}) / len(S)
            assert row.value == pytest.approx(want)
            assert 0 <= row.skill <= 99 and (
                0 <= row.luck <= 99 if row.luck is not None else row.before in (1, row.after)
            )  # a forced row: no luck
            S = tuple(bins[score(row.guess, secret)])
            if row.guess == secret:
                break


def _lexicon(answers: list[str], guesses: list[str]):
    """Return a lexicon with these answers and accepted guesses."""
    from chute.game.words import Lexicon

    return Lexicon("small", 5, tuple(answers), tuple(guesses), {w: w for w in guesses})


def test_a_game_that_follows_the_optimal_salet_tree_scores_99_on_every_row(wordle):
    """Uniform over the answer list, the SALET tree's every guess is an optimal move."""
    from chute.search.opener_search import build_tree

    tree = build_tree(wordle, "salet")
    for secret in random.Random(4).sample(wordle.lexicon.answers, 25):
        guesses = [c.guess for c in tree.play(secret)]
        result = review(wordle, guesses, secret)
        assert [r.skill for r in result.rows] == [99] * len(guesses), (secret, [r.comment() for r in result.rows])
        assert result.skill == 99 and result.optimal_rows == len(guesses) and result.optimal_opener == "salet"
        assert result.optimal_mean == pytest.approx(7920 / 2315)


def test_a_row_whose_exact_search_passes_its_budget_is_graded_by_the_narrower_search(wordle, monkeypatch):
    """Past ``REVIEW_CELLS`` a row falls back to the found value (never below the exact one) and says it
    is not exact; the exact search interrupted keeps a sound memo, and the next row is exact again."""
    import numpy as np

    import chute.reviewing.grading as grading
    from chute.game.feedback import encode
    from chute.search.tree_search import TreeSearch

    lex = wordle.lexicon
    every = np.arange(len(lex.answers), dtype=np.int32)
    S = every[wordle.matrix[lex.guess_index["voter"], every] == encode(score("voter", "coach"))]  # 88 words
    exact = TreeSearch(wordle, rows=6, exact=True).solve(S, 5)
    monkeypatch.setattr(grading, "REVIEW_CELLS", 10**6)  # the exact search scans 127 sets of 88 words
    grader = grading.Grader(wordle, 6, None)
    grader.start_row()
    g, found = grader.best(S, 5, None)
    assert grader.over and not grader.exact_for(len(S)) and g >= 0
    assert found == TreeSearch(wordle, rows=6, top=grading.REVIEW_TOP).solve(S, 5) >= exact
    monkeypatch.setattr(grading, "REVIEW_CELLS", 10**15)
    grader.start_row()
    assert grader.best(S, 5, None)[1] == exact and grader.exact_for(len(S))
    monkeypatch.setattr(grading, "REVIEW_CELLS", 10**6)
    row = review(wordle, ["voter", "coach"], "coach").rows[1]
    assert not row.exact and row.best_value >= exact / len(S) - 1e-12


def test_a_later_review_reads_the_best_guess_of_an_opener_s_large_sets_from_the_table(wordle, monkeypatch):
    """The second row after an opener in the table is not searched again (FUZZY's 1,352 words took 2.3 s in
    every new process), and the review is the same as the one that searched it."""
    import chute.reviewing.grading as grading

    table = grading.OpenerTable(grading.Grader(wordle, 6, None))
    if table.path is not None and table.path.exists():
        table.path.unlink()  # the first review searches FUZZY and stores its table
    searched: list[int] = []
    real = grading.Grader._total
    monkeypatch.setattr(
        grading.Grader, "_total", lambda self, S, r, allowed: searched.append(len(S)) or real(self, S, r, allowed)
    )
    first = review(wordle, ["fuzzy", "cigar"], "cigar")
    assert 1352 in searched  # the set FUZZY leaves (from the search's memo then)
    stored = json.loads(table.path.read_text())["openers"]["fuzzy"]
    sizes = {str(code): size for code, size, _ in stored["bins"]}
    assert stored["best"]["0"] == first.rows[1].best and {c for c in sizes if sizes[c] > 100} == set(stored["best"])
    searched.clear()
    heard = []
    again = review(wordle, ["fuzzy", "cigar"], "cigar", notify=heard.append)  # a new grader, as in a new process
    assert 1352 not in searched and again.to_dict() == first.to_dict() and heard == []


@pytest.mark.parametrize("game", ["salet corny cigar", "salet corny works"])
def test_a_review_of_a_known_opening_does_not_load_the_compiler(cli, wordle, capsys, monkeypatch, game):
    """Once the opening's table is kept, a review's searches are small: they run in numpy, and a new process
    reviews the game without importing numba (its loading was most of such a review: 1.3 of 1.7 s), the
    same text as a process that has it loaded; under the prior too (WORKS is no answer: a weighted search
    bounds its guesses in numpy)."""
    import os
    import subprocess

    argv = ["review", *game.split()]
    status, out, _ = cli(*argv)  # fills SALET's table in this cache when it lacks it
    # the numpy scans' time budget left out: whether the search moves to the kernels is then decided by the
    # cells it scans alone, the same on a loaded machine as on a quiet one
    code = (
        "import sys; import chute.search.tree_search as search; search.NUMPY_SECONDS = float('inf'); "
        f"from chute.cli import main; status = main({argv!r}); print('numba' in sys.modules, status)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ), timeout=300
    )
    lines = done.stdout.splitlines()
    assert status == 0 and lines[-1] == "False 0", done.stdout + done.stderr
    assert "\n".join(lines[:-1]) == out.rstrip("\n") and "CORNY" in out
    assert ("not on the wordle answer list" in out) == (game.endswith("works"))


def test_a_first_search_of_an_opening_is_announced(wordle):
    """``notify`` hears one note before an opening is graded for the first time, and none after."""
    import chute.reviewing.grading as grading
    from chute.language import said

    table = grading.OpenerTable(grading.Grader(wordle, 6, None))
    if table.path is not None and table.path.exists():
        table.path.unlink()
    heard = []
    review(wordle, ["jumbo", "cigar"], "cigar", notify=heard.append)
    assert [said(n, "pt") for n in heard] == [
        "avaliando JUMBO como abertura pela primeira vez: alguns segundos (fica guardado para as próximas revisões)"
    ]
    heard.clear()
    review(wordle, ["jumbo", "cigar"], "cigar", notify=heard.append)
    assert heard == []


@pytest.mark.slow
@pytest.mark.parametrize("rule", [None, "hard"])
def test_the_rows_an_opener_table_keeps_are_the_trees_games(wordle, rule):
    """An opener table keeps how many rows the best tree takes per answer, found by splitting the answers
    down the tree with the engine's codes: the length of the tree's own game against each, every answer,
    one the tree loses off its branches too."""
    from chute.reviewing.grading import rows_by_answer
    from chute.search.opener_search import search_opener
    from chute.search.tree_search import TreeSearch

    tree = search_opener(TreeSearch(wordle, rule=rule), "crane").tree
    want = {a: len(tree.play(a)) for a in wordle.lexicon.answers}
    assert rows_by_answer(tree, wordle) == want and max(want.values()) >= 5
    pattern, pruned = max(tree.root.children.items(), key=lambda pc: len(pc[1].children))
    del pruned.children[sorted(pruned.children)[0]]  # some answers now leave the tree
    want = {a: len(tree.play(a)) for a in wordle.lexicon.answers}
    assert rows_by_answer(tree, wordle) == want
    assert any(not tree.play(a)[-1].solved for a in wordle.lexicon.answers)


def test_skill_and_luck_formulas():
    """Skill halves every quarter guess lost; luck is the share of worse outcomes (ties count half)."""
    assert skill_of(0) == 99 and skill_of(0.25) == 50 and skill_of(0.5) == 25 and skill_of(float("inf")) == 0
    assert luck_of([0, 1, 2], [1, 1, 2], 1) == round(99 * (2 + 0.5) / 4)
    assert luck_of([0, 1, 2], [1, 1, 2], 0) == round(99 * (3 + 0.5) / 4)
    assert luck_of([3], [5], 3) == 50


def test_review_names_hard_mode_slips_and_impossible_guesses(wordle):
    """A guess that breaks hard mode is named; one that could not be the answer is flagged."""
    result = review(wordle, ["crane", "sloth", "scout"], "scout", rule="hard")
    assert result.rows[1].violation is not None and "C" in result.rows[1].violation.upper()
    assert not result.rows[1].could_be_answer and result.rows[2].could_be_answer
    data = result.to_dict()
    assert data["rows"][1]["violation"] and data["optimal"]["opener"] == "salet"


def test_cli_review_says_the_broken_rule_once_with_the_game_s_spelling(cli, capsys, monkeypatch):
    """It printed "hard mode: strict mode: ... (green in SERAO)": the rule named twice, the accent lost."""
    status, out, _ = cli(
        "review", "--game", "termo", "--strict", "--answer", "termo", "serao", "ponto", "termo", stdin=""
    )
    assert status == 0 and "\n       strict mode: the 2nd letter must be E (green in SERÃO)\n" in out
    status, out, _ = cli("review", "--hard", "--answer", "cigar", "crane", "slate", "cigar", stdin="")
    assert status == 0 and "\n       hard mode: the 1st letter must be C (green in CRANE)\n" in out
    assert "mode: hard mode" not in out


def test_cli_review_of_typed_words_reads_a_share_text_piped_in_and_never_grades_a_loss_solved(cli, capsys):
    """Words typed and a share text piped in: its colours and result count (a lost hard game, X/6*, is not graded
    "solved in 6/6"); six words alone do not say whether the last found the answer, so the answer is asked for."""
    words = ["crane", "slate", "trace", "brace", "grace", "place"]
    status, out, err = cli("review", *words, stdin="")
    assert status == 2 and not out and "6 guesses and no answer: give --answer PLACE" in err
    lost = (
        "Wordle 1,000 X/6*\n\n"
        + "\n".join(score(w, "frame") for w in words).translate(str.maketrans("gyb", "🟩🟨⬛"))
        + "\n"
    )
    status, out, err = cli("review", *words, stdin=lost)
    assert status == 2 and not out and "give the answer (--answer WORD)" in err
    status, out, err = cli("review", *words, "--answer", "frame", stdin=lost)
    assert status == 0 and "not solved" in out.splitlines()[0].lower() and "hard mode" in out.splitlines()[0]
    won = (
        "Wordle 1,001 3/6\n\n"
        + "\n".join(score(w, "trace") for w in words[:3]).translate(str.maketrans("gyb", "🟩🟨⬛"))
        + "\n"
    )
    status, out, _ = cli("review", *words[:3], stdin=won)
    assert status == 0 and "TRACE, solved in 3/6" in out.splitlines()[0]
    status, out, err = cli("review", *words[:2], stdin=won)  # two words for a three-row grid
    assert status == 2 and "3 rows" in err


def test_cli_review_in_portuguese(cli, capsys, monkeypatch):
    """--lang pt: every line of the review in Brazilian Portuguese, figures with a decimal comma."""
    status, out, _ = cli(
        "review",
        "--game",
        "termo",
        "--strict",
        "--answer",
        "morte",
        "serao",
        "ponto",
        "corte",
        "morte",
        "--lang",
        "pt",
        stdin="",
    )
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("termo: MORTE, resolvido em 4/6 · modo estrito · habilidade ")
    assert lines[1] == (
        "3 de 4 linhas avaliadas foram a melhor jogada; SERÃO foi a que mais custou (0,08 palpites "
        "em média); sorte na média (42)."
    )
    assert lines[2] == "o jogo do próprio chute: TORCE MORTE (resolvido em 2/6)"
    assert "SERÃO ⬛🟨🟩⬛🟨  18/66 " in lines[3] and lines[3].endswith(
        "deixou 18 de 2.488 respostas prováveis (48 em média; TORCE 82, 0,08 palpites a menos para terminar)"
    )
    assert lines[5] == "       modo estrito: a terceira letra tem de ser R (verde em SERÃO)"
    assert lines[6] == "       PONTO não podia ser a resposta" and "restavam: MORTE, FORTE" in out
    assert lines[-1] == "o jogo ótimo (TORCE primeiro) acha MORTE em 3 linhas; a média é 3,5269 nas 2.488 respostas"
    assert not any(word in out for word in (" skill ", " luck ", "cost ", "best move", "could not"))
    status, out, _ = cli(
        "review",
        "--game",
        "termo",
        "--answer",
        "termo",
        "serao",
        "termo",
        "--prior",
        "frequency",
        "--lang",
        "pt",
        "--json",
        stdin="",
    )
    data = json.loads(out)
    assert status == 0 and data["notes"][0].startswith("valores sob a distribuição frequency: exatos com até 40")
    status, out, _ = cli(
        "review", "--game", "dueto", "--answer", "termo,festa", "serao", "festa", "termo", "--lang", "pt", stdin=""
    )
    assert status == 0 and "tabuleiro 1:" in out and "habilidade" in out and "(o valor de uma rodada:" in out
    status, out, _ = cli("review", "--answer", "cigar", "--lang", "pt", stdin=WORDLE_DARK)
    assert status == 0 and out.startswith("wordle: as palavras que fazem cada linha contra CIGAR")
    assert " palavras: " in out and out.rstrip().endswith("para a revisão completa")


def test_an_answer_off_the_answer_list_is_graded_under_the_default_prior(wordle):
    """An accepted word that is not an answer (the game's lists drift): every row graded, under frequency, said so."""
    result = review(wordle, ["crane", "tough", "aargh"], "aargh")
    assert result.solved and result.skill is not None and all(r.skill is not None for r in result.rows)
    assert result.rows[0].before == 12972 and result.rows[-1].before == 1  # every accepted word could be it
    assert result.notes[0] == (
        "AARGH is not on the wordle answer list: the guesses are graded under the frequency "
        "prior, where every accepted word can be the answer"
    )
    assert "frequency" in said(result.notes[0], "pt") and "não está na lista de respostas" in said(
        result.notes[0], "pt"
    )


def test_an_answer_chute_does_not_know_is_graded_while_a_known_word_fits(wordle):
    """MULTI (a word Wordle does not accept, should it come to): rows graded while some known word fits them."""
    result = review(wordle, ["tough", "moist", "spilt", "multi"], "multi")
    first, second, third, last = result.rows
    assert result.solved and [r.pattern for r in result.rows][-1] == "ggggg"
    assert first.before == 12972 and first.skill is not None and first.luck is not None
    assert second.after == 2 and third.before == 2 and third.after == 0  # no known word shows SPILT's colours
    assert third.skill is not None and third.luck is None  # graded; no luck against no word
    assert last.value is None and last.skill is None and last.comment() == "MULTI is not in the word lists: not graded"
    assert result.skill == round((first.skill + second.skill + third.skill) / 3)
    assert any(n.startswith("MULTI is not in chute's wordle word lists") for n in result.notes)
    assert any("MULTI não está nas listas de palavras wordle do chute" in said(n, "pt") for n in result.notes)
    # told to trust the answer list: graded over it while one of its answers fits, the first row only here
    from chute.game.prior import make_prior

    told = review(wordle, ["tough", "moist", "spilt", "multi"], "multi", prior=make_prior(wordle.lexicon, "answers"))
    assert told.rows[0].before == 2315 and told.rows[0].skill is not None and told.rows[1].after == 0
    assert [r.skill is None for r in told.rows] == [False, False, True, True]
    assert told.notes == [
        "MULTI is not in chute's wordle word lists (the game's lists have changed since they were "
        "taken): a row is graded only while a word of the lists fits the clues before it"
    ]


def test_the_best_move_under_a_prior_is_a_word_chute_suggests_or_a_candidate():
    """Under the frequency prior every Termo word is a candidate; a rare one (RÍTON) is a best move only as a candidate."""
    from chute.game.prior import make_prior

    engine = Engine.build(load_lexicon("termo"))
    lexicon = engine.lexicon
    prior = make_prior(lexicon, "frequency")
    result = review(engine, ["serao", "tocar", "pedro"], "pedro", prior=prior)
    bests = [r.best for r in result.rows if r.best is not None]
    assert len(bests) == 3 and all(lexicon.is_suggested(b) for b in bests), bests
    # ... or a candidate (after SERÃO and TINTA, 33 words, most of them rare: still searched exactly)
    result = review(engine, ["serao", "tinta", "bubus"], "bubus", prior=prior)
    for i, row in enumerate(result.rows):
        fits = all(score(r.guess, row.best) == r.pattern for r in result.rows[:i])
        assert lexicon.is_suggested(row.best) or fits, row.best
    assert result.rows[2].exact and result.rows[2].best_value < result.rows[2].value


def test_a_hard_mode_review_moves_only_among_the_words_its_searches_play(monkeypatch):
    """In hard modes as in normal mode, a review's best moves are words chute suggests or answers: the
    guesses a clue leaves allowed are taken among those, exactly the set the opener's search gave that
    clue (so the next row finds its candidates in that search's memo), never a word only read when typed."""
    from dataclasses import replace

    from chute.game.feedback import encode
    from chute.game.words import Lexicon
    from chute.reviewing.grading import Grader

    wordle = load_lexicon("wordle")
    rnd = random.Random(41)
    answers = rnd.sample(wordle.answers, 60)
    extra = rnd.sample(sorted(set(wordle.guesses) - set(answers)), 400)
    rare = frozenset(extra[:340])
    lexicon = replace(Lexicon("small41", 5, tuple(answers), tuple(sorted(answers + extra))), rare=rare)
    engine = Engine.build(lexicon, cache=False)
    asked = []
    best = Grader.best
    monkeypatch.setattr(
        Grader, "best", lambda self, S, r, allowed: asked.append((self, allowed)) or best(self, S, r, allowed)
    )
    for rule in ("hard", "strict"):
        for opener, answer in zip([w for w in extra if w not in rare][:3], answers):
            asked.clear()
            review(engine, [opener, answer], answer, rule=rule)
            grader, allowed = asked[1]  # the second row's: after the opener's clue
            g = lexicon.guess_index[opener]
            assert allowed.tolist() == grader.fast._child_allowed(None, g, encode(score(opener, answer))).tolist()
            assert rare.isdisjoint(lexicon.guesses[i] for i in allowed.tolist()), rule


def test_a_word_the_game_refused_is_never_a_best_move(wordle):
    """A session's refused words (assist's reject, the page's ✕) are left out of its review's best moves."""
    from chute.playing.session import Session
    from chute.playing.solver import Solver
    from chute.reviewing.boards_review import review_boards
    from chute.reviewing.review_game import review_session

    guesses = "crane lotus golly dolly holly jolly".split()
    plain = review(wordle, guesses, "jolly")
    assert plain.rows[1].best == "sloth"
    session = Session(Solver(wordle), 1, 6)
    session.reject("sloth")
    for g in guesses:
        session.play(g, score(g, "jolly"))
    refused = review_session(session)
    assert refused.rows[1].best == "slipt" and refused.rows[1].best_value > plain.rows[1].best_value
    assert [r.value for r in refused.rows] == [r.value for r in plain.rows]  # what was played: as before
    # several boards: neither a board's best nor the round's
    rounds = review_boards(wordle, ["crane", "tough", "aback"], ["aback", "tough"], 7).rounds
    chutes = rounds[1].best
    assert chutes not in (None, "tough")
    avoided = review_boards(wordle, ["crane", "tough", "aback"], ["aback", "tough"], 7, avoid=[chutes]).rounds
    assert avoided[1].best not in (None, chutes) and avoided[1].best_value >= rounds[1].best_value
    assert all(b is None or b.best != chutes for rd in avoided for b in rd.boards)


def test_review_refuses_bad_input(wordle):
    """An answer or a guess that is not a word of the length, or no guesses, is one clear error."""
    for answer in ("qqqq", "cr4ne", "crañes", ""):
        with pytest.raises(ChuteError, match="is not a word of 5 letters"):
            review(wordle, ["crane"], answer)
    with pytest.raises(ChuteError, match="guess 'cran' is not a word of 5 letters"):
        review(wordle, ["cran"], "cigar")
    with pytest.raises(ChuteError, match="no guesses"):
        review(wordle, [], "cigar")


def test_a_multi_board_review_grades_around_an_answer_or_a_guess_chute_does_not_know(cli, capsys, monkeypatch):
    """Quordle with MULTI and AARGH among the answers, a guess off the lists: graded where it can be, said so."""
    from chute.reviewing.boards_review import review_boards

    engine = Engine.build(load_lexicon("wordle"))
    answers = ["aback", "multi", "tough", "aargh"]
    guesses = ["split", "tough", "xyzzy", "aback", "aargh", "moist", "multi"]
    result = review_boards(engine, guesses, answers, 9)
    assert result.solved and result.solved_at == [4, 7, 2, 5]
    unknown = result.rounds[2]  # XYZZY: no value, no grade
    assert unknown.value is None and unknown.skill is None and unknown.comment() == "not graded"
    assert all(b is None or b.comment() == "XYZZY is not in the word lists: not graded" for b in unknown.boards)
    for rd in result.rounds[:2] + result.rounds[3:4]:  # graded by the rows to finish the boards a known word fits
        assert rd.value is not None and rd.best_value is not None and rd.skill is not None and rd.best != rd.guess
    aargh = result.rounds[4]  # MULTI's board off the lists for the joint player: graded board by board
    graded = [b for b in aargh.boards if b is not None and b.skill is not None]
    assert aargh.value is None and aargh.skill == round(sum(b.skill for b in graded) / len(graded))
    assert result.rounds[3].boards[1].after == 0  # no known word fits MULTI's board now
    assert result.rounds[4].boards[1].value is None and result.rounds[6].value is None
    assert result.notes[:2] == [
        "MULTI and AARGH are not on the wordle answer list: the guesses are graded under the frequency prior, "
        "where every accepted word can be the answer",
        "board 2: MULTI is not in chute's wordle word lists (the game's lists have changed since they were taken): "
        "a row is graded only while a word of the lists fits the clues before it",
    ]
    assert said(result.notes[0], "pt").startswith("MULTI e AARGH não estão na lista de respostas wordle")
    assert said(result.notes[1], "pt").startswith("tabuleiro 2: MULTI não está nas listas")
    status, out, err = cli("review", "--game", "quordle", "--answer", ",".join(answers), *guesses, stdin="")
    assert status == 0 and "None" not in out and "  3  XYZZY      not graded" in out, err
    assert out.rstrip().endswith("a word not found within 9 rows counts 9 guesses more")
    status, out, err = cli(
        "review", "--game", "quordle", "--answer", ",".join(answers), *guesses, "--json", "--lang", "pt", stdin=""
    )
    data = json.loads(out)
    assert data["rounds"][2]["comment"] == "sem nota" and data["notes"][1].startswith("tabuleiro 2: MULTI")


def test_a_dordle_won_on_its_last_row_among_several_candidates(cli, capsys, monkeypatch):
    """The last row has no value (only a candidate can win): the round takes its boards' grades (a crash before)."""
    from chute.reviewing.boards_review import review_boards

    guesses = ["sekos", "grass", "hover", "gites", "bleak", "cloak", "miser"]
    result = review_boards(Engine.build(load_lexicon("wordle")), guesses, ["miser", "cloak"], 7)
    risky, last = result.rounds[5], result.rounds[6]
    assert result.solved and result.solved_at == [7, 6]
    # two rows for two boards, three words on one: every row risks the game, chute's own (CLOAK) too
    assert math.isinf(risky.value) and risky.best == "cloak" and risky.skill == 99
    assert risky.boards[0].value is not None and math.isinf(risky.boards[0].value)
    assert last.value is None and last.skill == 99 and last.luck is not None and last.comment() == ""
    assert last.boards[0].comment() == "the last row: a guess among 3 candidates"
    status, out, err = cli("review", "--game", "dordle", "--answer", "miser,cloak", *guesses, stdin="")
    assert status == 0, err
    assert "  6  CLOAK      skill 99" in out and "inf" not in out and "None" not in out
    assert "  7  MISER      skill 99  luck" in out


def test_a_share_text_is_decoded_against_an_answer_chute_does_not_know(cli, capsys, monkeypatch):
    """The words that make each row are found against any answer, known or not."""
    grid = (
        "Wordle 1,600 4/6\n\n"
        + "\n".join(to_emoji(score(g, "multi")) for g in ("tough", "moist", "spilt", "multi"))
        + "\n"
    )
    status, out, err = cli("review", "--answer", "multi", stdin=grid)
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "wordle: the words that make each row against MULTI"
    assert lines[4].endswith("1 word: MULTI")  # the green row: the answer itself, known or not
    assert " words: " in lines[1] and " 11 words: " in lines[2] and "MOIST" in lines[2]


# -- share texts -----------------------------------------------------------------------------------

WORDLE_DARK = "Wordle 1,234 3/6*\n\n⬛⬛🟨🟨⬛\n🟨🟩⬛🟩⬛\n🟩🟩🟩🟩🟩\n"
WORDLE_LIGHT = WORDLE_DARK.replace("⬛", "⬜").replace("3/6*", "3/6")
WORDLE_CONTRAST = WORDLE_DARK.replace("🟩", "🟧").replace("🟨", "🟦")
# term.ooo's share functions (its 2022 script): the header, a blank line, the rows, two blank lines
TERMO = "joguei term.ooo #81 *3/6 🔥 4\n\n⬛🟨🟨⬛🟨\n🟩🟩🟩⬛⬛\n🟩🟩🟩🟩🟩\n\n"
DUETO = "term.ooo/2 #81 🔥 3\n\n3️⃣2️⃣\n\n⬛🟨🟨⬛🟨  ⬛⬛⬛🟨⬛\n🟩🟩🟩⬛⬛  🟩🟩🟩🟩🟩\n🟩🟩🟩🟩🟩  ⬛⬛⬛⬛⬛\n\n"
QUARTETO = "term.ooo/4 #81 🔥 3\n\n5️⃣7️⃣\n6️⃣🟥\n\n\n"
QUORDLE = (
    "Daily Quordle 123\n6️⃣5️⃣\n7️⃣4️⃣\nquordle.com\n"
    "⬜🟨⬜⬜⬜ ⬜⬜⬜🟨⬜\n🟩🟩🟩🟩🟩 🟩🟩🟩🟩🟩\n\n⬜⬜⬜⬜⬜ ⬜⬜🟩⬜⬜\n🟩🟩🟩🟩🟩 🟩🟩🟩🟩🟩\n"
)


@pytest.mark.parametrize("text", [WORDLE_DARK, WORDLE_LIGHT, WORDLE_CONTRAST])
def test_wordle_share_texts_in_every_theme(text):
    share = parse_share(text)
    assert share.game == "wordle" and share.boards == [["bbyyb", "ygbgb", "ggggg"]]
    assert share.hard == text.startswith("Wordle 1,234 3/6*") and share.claimed == "3/6"


def test_termo_dueto_quordle_share_texts():
    termo = parse_share(TERMO)
    assert termo.game == "termo" and termo.hard and termo.boards == [["byyby", "gggbb", "ggggg"]]
    dueto = parse_share(DUETO)
    assert dueto.game == "dueto" and dueto.boards == [["byyby", "gggbb", "ggggg"], ["bbbyb", "ggggg"]]
    quordle = parse_share(QUORDLE)
    assert quordle.game == "quordle" and len(quordle.boards) == 4 and quordle.boards[2] == ["bbbbb", "ggggg"]
    with pytest.raises(ChuteError, match="picture"):
        parse_share(QUARTETO)


def quordle_share(number: int | None, boards: list[list[str]], rows: int = 9) -> str:
    """Return the share text Quordle writes for these boards' patterns (None: a practice game).

    Transcribed from the game's own share function (fireph/quordle, the built
    ``assets/index.95c486b8.js``: ``JS``, ``ve``, ``ln``): the header, a keycap
    digit per board (the row that solved it, 🟥 when unsolved) two to a line, the
    web address, then each pair of boards side by side up to the later of the
    pair's solving rows (all rows when one is unsolved), a blank line between the
    pairs; a board already solved shows ⬛⬛⬛⬛⬛, a grey tile is ⬜.
    """
    solved = [next((i for i, p in enumerate(b) if set(p) == {"g"}), -1) for b in boards]
    keycap = lambda i: "\U0001f7e5" if i < 0 else f"{i + 1}\ufe0f\u20e3"
    tile = {"g": "\U0001f7e9", "y": "\U0001f7e8", "b": "\u2b1c"}
    head = f"Daily Quordle {number}" if number is not None else "Practice Quordle"
    text = (
        head
        + "\n"
        + keycap(solved[0])
        + keycap(solved[1])
        + "\n"
        + keycap(solved[2])
        + keycap(solved[3])
        + "\nquordle.com\n"
    )

    def row(b: int, i: int) -> str:
        shown = i < len(boards[b]) and (solved[b] < 0 or i <= solved[b])
        return "".join(tile[c] for c in boards[b][i]) if shown else "\u2b1b" * 5

    for pair in ((0, 1), (2, 3)):
        last = max(solved[pair[0]], solved[pair[1]]) if min(solved[pair[0]], solved[pair[1]]) >= 0 else rows - 1
        for i in range(last + 1):
            text += row(pair[0], i) + " " + row(pair[1], i) + "\n"
        if pair == (0, 1):
            text += "\n"
    return text


@pytest.mark.parametrize("secrets", [("cigar", "rebut", "sissy", "humph"), ("awake", "blush", "focal", "evade")])
def test_quordle_share_text_as_the_game_writes_it(secrets):
    """A game played, shared in Quordle's exact format, then read back: every board's patterns."""
    from chute.game.feedback import score as colours
    from chute.playing.multiboard import simulate

    engine = Engine.build(load_lexicon("wordle"))
    game = simulate(engine, secrets, rows=9)
    boards = [
        [colours(g, s) for g in game.guesses[: game.solved_at[i] or len(game.guesses)]] for i, s in enumerate(secrets)
    ]
    for number in (123, None):
        share = parse_share(quordle_share(number, boards))
        assert share.boards == boards
        assert share.game == "quordle"
    lost = [list(b) for b in boards]
    lost[3] = [p for p in lost[3] if p != "ggggg"][:9]  # board 4 never solved: 🟥, all nine rows
    lost[3] += ["bybbb"] * (9 - len(lost[3]))
    text = quordle_share(7, lost)
    assert "\U0001f7e5" in text and parse_share(text).boards == lost


def test_dordle_share_text_and_octordle_scores():
    """Dordle's text as its players post it (the game's code is not public): both boards side by side, a
    solved board padded with ⬛, the header's two scores; Octordle's scores alone ask for the guesses."""
    from chute.playing.multiboard import simulate

    engine = Engine.build(load_lexicon("wordle"))
    secrets = ("cigar", "rebut")
    game = simulate(engine, secrets, rows=7)
    boards = [[score(g, s) for g in game.guesses[: game.solved_at[i]]] for i, s in enumerate(secrets)]
    tile = {"g": "🟩", "y": "🟨", "b": "⬜"}
    lines = [
        " ".join("".join(tile[c] for c in b[i]) if i < len(b) else "⬛" * 5 for b in boards)
        for i in range(max(map(len, boards)))
    ]
    text = (
        f"Daily Dordle #0123 {len(boards[0])}&{len(boards[1])}/7\n" + "\n".join(lines) + "\nzaratustra.itch.io/dordle\n"
    )
    share = parse_share(text)
    assert share.game == "dordle" and share.boards == boards
    with pytest.raises(ChuteError, match="Octordle its scores only"):
        parse_share("Daily Octordle #123\n8️⃣4️⃣\n🔟6️⃣\n5️⃣9️⃣\n🕛7️⃣\nScore: 63\n")


@pytest.mark.parametrize(
    "text,message",
    [
        ("Wordle 1 3/6\n\n⬛⬛🟨🟨⬛\n🟨⬛⬛🟩\n🟩🟩🟩🟩🟩\n", "different widths"),
        ("Wordle 1 4/6\n\n⬛⬛🟨🟨⬛\n🟩🟩🟩🟩🟩\n", "header says 4/6"),
        ("⬛⬛🟨🟨⬛  ⬛⬛🟨🟨⬛\n🟩🟩🟩🟩🟩\n", "different numbers of boards"),
        ("hello\n", "no rows of colours"),
        ("Wordle 1 X/6\n\n" + "⬛⬛🟨🟨⬛\n" * 5000, "at most 200"),
        (
            "joguei term.ooo/4 #312 3/9\n\n🟨🟨⬛⬛⬛\n🟩🟩🟩🟩🟩\n",
            "names quarteto, a game of 4 boards, but its colours show 1 board$",
        ),
        (
            "Wordle 1 2/6\n\n⬛⬛🟨🟨⬛ ⬛⬛🟨🟨⬛\n🟩🟩🟩🟩🟩 🟩🟩🟩🟩🟩\n",
            "names wordle, a game of 1 board, but its colours show 2 boards",
        ),
    ],
)
def test_bad_share_texts_are_one_clear_error(text, message):
    with pytest.raises(ChuteError, match=message):
        parse_share(text)


@pytest.mark.parametrize(
    "argv,line",
    [
        (
            ["--game", "quarteto", "serao", "limpo"],
            "chute: error: quarteto has 4 boards: give 4 answers (--answer A,B,...)\n",
        ),
        (
            ["--game", "quarteto", "--answer", "termo", "serao"],
            "chute: error: quarteto has 4 boards: give 4 answers (--answer A,B,...), not 1\n",
        ),
        (["--share", "SHARE"], "chute: error: the share text has 2 boards: give 2 answers (--answer A,B,...)\n"),
        (
            ["--lang", "pt", "--share", "SHARE", "--answer", "termo"],
            "chute: erro: o texto compartilhado tem 2 tabuleiros: dê 2 respostas (--answer A,B,...), não 1\n",
        ),
        (
            ["--lang", "pt", "--share", "ONE"],
            "chute: erro: o texto compartilhado é de quarteto, um jogo de 4 tabuleiros, mas suas cores mostram 1 tabuleiro\n",
        ),
    ],
)
def test_a_wrong_number_of_answers_is_counted_in_words(cli, capsys, monkeypatch, tmp_path, argv, line):
    """The number of boards and of answers is said with its noun, singular or plural, and "not 0" is never said."""
    (tmp_path / "two.txt").write_text(
        "joguei term.ooo/2 #100 2&2/7\n\n🟨⬛⬛🟨🟨 🟩🟨🟩⬛⬛\n🟩🟩🟩🟩🟩 🟩🟩🟩🟩🟩\n", encoding="utf-8"
    )
    (tmp_path / "one.txt").write_text("joguei term.ooo/4 #312 2/9\n\n🟨🟨⬛⬛⬛\n🟩🟩🟩🟩🟩\n", encoding="utf-8")
    argv = [str(tmp_path / "two.txt") if a == "SHARE" else str(tmp_path / "one.txt") if a == "ONE" else a for a in argv]
    assert cli("review", *argv) == (2, "", line)


def test_cli_review_of_guesses_prints_every_row_and_the_verdict(cli, capsys, monkeypatch):
    status, out, err = cli("review", "soare", "riyal", "cigar", stdin="")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("wordle: CIGAR, solved in 3/6 · skill ") and "luck" in lines[0]
    assert "; SALET " in out and "optimal play (SALET first) finds CIGAR in" in out
    status, out, _ = cli("review", "soare:bbyyb", "riyal:ygbgb", "cigar:ggggg", "--json", stdin="")
    data = json.loads(out)
    assert status == 0 and data["answer"] == "cigar" and len(data["rows"]) == 3 and data["rows"][2]["skill"] == 99


def test_cli_decodes_a_share_text_from_its_colours_and_the_answer(cli, capsys, monkeypatch):
    """Colours only: the words that fit each row, how many (hundreds for a first row) and the likeliest."""
    status, out, err = cli("review", "--answer", "cigar", "--json", stdin=WORDLE_DARK)
    data = json.loads(out)
    assert status == 0 and [r["pattern"] for r in data["rows"]] == ["bbyyb", "ygbgb", "ggggg"]
    assert data["rows"][0]["count"] > 100 and data["rows"][2] == {"pattern": "ggggg", "count": 1, "likely": ["cigar"]}
    status, out, _ = cli("review", "--answer", "cigar", stdin=WORDLE_DARK)
    assert status == 0 and "words: " in out and "CIGAR" in out


def test_a_multi_board_share_text_is_decoded_round_by_round(cli, capsys, monkeypatch):
    """Colours only, several boards: a round's word must make every open board's colours, so the boards
    narrow it together (to TORAS alone in the first round); a board solved earlier stops counting."""
    from chute.game.prior import make_prior
    from chute.playing.multiboard import simulate
    from chute.reviewing.grid_decoder import decode_boards, decode_grid

    engine = Engine.build(load_lexicon("termo"))
    secrets = ("festa", "morte")
    game = simulate(engine, secrets, rows=7, prior=make_prior(engine.lexicon, "frequency"))  # as chute plays it
    boards = [[score(g, s) for g in game.guesses[: game.solved_at[i]]] for i, s in enumerate(secrets)]
    assert len(boards[0]) < len(boards[1])
    rows = decode_boards(engine, boards, secrets, top=10_000)
    assert len(rows) == len(game.guesses)
    for i, (row, guess) in enumerate(zip(rows, game.guesses)):
        assert guess in row.likely and row.count == len(row.likely)
        assert row.patterns == tuple(b[i] if i < len(b) else None for b in boards)
        alone = [decode_grid(engine, [b[i]], s, top=10_000)[0] for b, s in zip(boards, secrets) if i < len(b)]
        assert set(row.likely) == set.intersection(*(set(a.likely) for a in alone))  # every open board at once
    assert rows[0].likely == ["toras"] and rows[-1].likely == ["morte"] and rows[-1].patterns[0] is None
    tile = {"g": "🟩", "y": "🟨", "b": "⬛"}
    text = (
        "joguei term.ooo/2 #100\n\n"
        + "\n".join(
            " ".join("".join(tile[c] for c in b[i]) if i < len(b) else "⬛" * 5 for b in boards)
            for i in range(len(game.guesses))
        )
        + "\n"
    )
    status, out, err = cli("review", "--answer", "festa,morte", stdin=text)
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "dueto: the words that make each row against FESTA / MORTE"
    assert lines[1].endswith("1 word: TORAS") and lines[len(game.guesses)].endswith("1 word: MORTE")
    status, out, _ = cli("review", "--answer", "festa,morte", "--json", stdin=text)
    data = json.loads(out)
    assert data["answers"] == ["festa", "morte"] and data["rows"][-1]["patterns"] == [None, "ggggg"]
    status, out, err = cli("review", "--answer", "morte,festa", stdin=text)  # swapped
    assert status == 2 and out == "" and "no accepted word shows these colours against MORTE / FESTA" in err
    status, out, err = cli("review", "--answer", "festa", stdin=text)
    assert status == 2 and "give 2 answers" in err


def test_decoded_rows_follow_the_prior(cli, capsys, monkeypatch, tmp_path):
    """--prior ranks the words that could have made a row: a file's weights decide, words outside it come last."""
    from chute.game.prior import make_prior
    from chute.reviewing.grid_decoder import decode_grid

    engine = Engine.build(load_lexicon("wordle"))
    pattern = score("soare", "cigar")
    plain = decode_grid(engine, [pattern], "cigar", top=1000)[0]
    fits = plain.likely
    assert len(fits) == plain.count > 3
    favourite = sorted(fits)[-1]  # the alphabetically last word, first by its weight
    weights = tmp_path / "w.txt"
    weights.write_text(f"{favourite}\t50\n{sorted(fits)[0]}\t2\n", encoding="utf-8")
    ranked = decode_grid(engine, [pattern], "cigar", top=1000, prior=make_prior(engine.lexicon, str(weights)))[0]
    assert ranked.likely[:2] == [favourite, sorted(fits)[0]] and sorted(ranked.likely) == sorted(fits)
    frequency = decode_grid(engine, [pattern], "cigar", prior=make_prior(engine.lexicon, "frequency"))[0]
    assert frequency.likely[0] in engine.lexicon.answer_set  # the boosted answer list comes first
    status, out, err = cli("review", "--answer", "cigar", "--prior", str(weights), "--json", stdin=WORDLE_DARK)
    assert status == 0, err
    assert json.loads(out)["rows"][0]["likely"][0] == favourite
    status, out, err = cli("review", "--answer", "cigar", "--prior", "nope", stdin=WORDLE_DARK)
    assert status == 2 and "not answers, frequency, uniform or a file" in err


def test_cli_review_grades_under_the_frequency_prior(cli, capsys, monkeypatch):
    """--prior frequency grades every row under the prior: the opening estimated, small sets exact, said so."""
    status, out, err = cli(
        "review", "--prior", "frequency", "--answer", "cigar", "soare", "clint", "cigar", "--json", stdin=""
    )
    assert status == 0, err
    data = json.loads(out)
    first, second, last = data["rows"]
    assert first["before"] == 12972 and first["estimated"] and not first["exact"]  # every accepted word
    assert not second["exact"] and not second["estimated"]  # 251 words: the best found
    assert last["exact"] and last["before"] <= 40 and last["best_value"] <= last["value"]
    assert any("frequency prior" in note and "over 300 candidates" in note for note in data["notes"])
    status, out, err = cli("review", "--prior", "frequency", "--answer", "cigar", "soare", "clint", "cigar", stdin="")
    assert status == 0 and "~  skill" in out and "~ = estimated" in out
    status, out, err = cli(
        "review",
        "--prior",
        "frequency",
        "crane",
        "lotus",
        "golly",
        "dolly",
        "holly",
        "jolly",
        "--answer",
        "jolly",
        "--json",
        stdin="",
    )
    rows = json.loads(out)["rows"]
    assert status == 0 and rows[1]["before"] > 300 and rows[1]["estimated"]  # too many to search: estimated
    assert rows[4]["exact"] and rows[4]["skill"] < 50  # HOLLY among six ?OLLY: poor


def test_cli_reviews_a_termo_share_with_its_guesses(cli, capsys, monkeypatch, tmp_path):
    """A Termo share text and the words typed: the game, its hard mode, the review (accents shown)."""
    engine = Engine.build(load_lexicon("termo"))
    answer = "termo"
    guesses = ["serao", "corta", answer]
    rows = [to_emoji(score(g, answer)) for g in guesses]
    path = tmp_path / "termo.txt"
    path.write_text("joguei term.ooo #81 3/6 🔥 1\n\n" + "\n".join(rows) + "\n\n", encoding="utf-8")
    status, out, err = cli("review", "--share", path, *guesses)
    assert status == 0, err
    assert out.startswith("termo: TERMO, solved in 3/6") and "SERÃO" in out
    assert engine.lexicon.name == "termo"
    text = path.read_text(encoding="utf-8").replace("\n", "\r\n")
    path.write_bytes(text.encode("utf-16"))  # saved by Windows Notepad as "Unicode", or PowerShell 5's >
    status, again, err = cli("review", "--share", path, *guesses)
    assert status == 0 and again == out, err
    path.write_bytes(b"joguei term.ooo #81 3/6\n\n\xff\xfe\x00")
    status, out, err = cli("review", "--share", path, *guesses)
    assert status == 2 and err == f"chute: error: {path} is not UTF-8 text (nor UTF-16 with a byte-order mark)\n"


@pytest.mark.parametrize(
    "argv,stdin,message",
    [
        (["review", "--answer", "qqqq", "crane"], "", "the answer 'qqqq' is not a word of 5 letters"),
        (["review", "--answer", "cigar"], "Wordle 1 2/6\n\n🟩🟩🟩🟩🟨\n🟩🟩🟩🟩🟩\n", "no accepted word shows"),
        (["review", "--answer", "cigar"], "Wordle 1 2/6\n\n🟩🟩🟩🟩\n🟩🟩🟩🟩🟩\n", "different widths"),
        (["review", "--answer", "cigar"], "Wordle 1 4/6\n\n⬛⬛🟨🟨⬛\n🟩🟩🟩🟩🟩\n", "header says 4/6"),
        (["review", "soare:ggggg", "cigar:ggggg"], "", "SOARE against CIGAR shows"),
        (["review", "crane:bbbbb"], "", "give the answer"),
        (["review", "--game", "quarteto", "--answer", "termo"], QUARTETO, "picture"),
        (
            ["review", "--answer", "cigar,rebut", "crane", "cigar"],
            "",
            "this game has one board: give one answer (--answer WORD), not 2",
        ),
        (
            ["review", "--answer", "cigar,rebut", "--lang", "pt"],
            "Wordle 1 2/6\n\n⬛⬛🟨🟨⬛\n🟩🟩🟩🟩🟩\n",
            "este jogo tem um tabuleiro: dê uma resposta",
        ),
    ],
)
def test_cli_bad_reviews_are_one_line_and_status_2(cli, capsys, monkeypatch, argv, stdin, message):
    status, out, err = cli(*argv, stdin=stdin)
    assert status == 2 and out == "" and err.count("\n") == 1 and message in err, err


def test_cli_review_reads_one_answer_with_a_stray_comma_or_space(cli, capsys, monkeypatch):
    for typed in ("cigar,", " cigar", "CIGAR , "):
        status, out, err = cli("review", "--answer", typed, "crane", "cigar")
        assert status == 0 and out.startswith("wordle: CIGAR, solved in 2/6"), (typed, err)


@pytest.mark.parametrize(
    "game, answers",
    [
        ("quarteto", ["termo", "suite", "avido", "festa"]),
        ("quordle", ["issue", "pried", "urban", "asset"]),
        ("octordle", ["pilot", "yacht", "stain", "knock", "swept", "eagle", "cigar", "humph"]),
    ],
)
def test_a_multi_board_review_grades_chutes_own_game_as_the_best_play(game, answers):
    """Each round is graded by the rows until every board is solved, against the row chute plays there: chute's
    own game grades 90 or more in every round, its boards' one-board figures kept as detail."""
    from chute.game.games import game_spec
    from chute.reviewing.boards_review import review_boards

    spec = game_spec(game)
    engine = Engine.build(load_lexicon(spec.lexicon))
    own = review_boards(engine, ["crane" if spec.lexicon == "wordle" else "termo"], answers, spec.rows).chute
    assert own is not None and own.solved
    result = review_boards(engine, list(own.guesses), answers, spec.rows)
    assert len(result.rounds) == len(own.guesses) and result.solved
    for i, rd in enumerate(result.rounds):
        assert rd.skill is not None and rd.skill >= 90, (i, rd.guess, rd.comment())
        assert rd.value is not None and rd.best_value is not None and rd.value >= rd.best_value - 1e-9
        open_boards = [b for b in rd.boards if b is not None]
        assert len(open_boards) == sum(1 for s in result.solved_at if s is None or s > i)
    # the last row solves the last board: one row, and the chance it missed (a board's word at 99% or more)
    assert result.rounds[-1].value == pytest.approx(1.0, abs=0.01)
    data = result.to_dict(engine.lexicon.show)
    assert len(data["rounds"]) == len(own.guesses) and data["skill"] >= 90


def test_a_row_that_solves_nothing_costs_a_row_and_one_that_cannot_finish_risks_the_game():
    """Dordle, both boards down to one word: JAZZY wastes one row (cost 1.00, chute plays CIGAR); FUZZY, with two
    boards and two rows left, can no longer finish both: at risk, skill 0, CIGAR safe."""
    from chute.reviewing.boards_review import review_boards

    engine = Engine.build(load_lexicon("wordle"))
    guesses = ["adieu", "story", "plumb", "fight", "jazzy", "fuzzy", "cigar"]
    result = review_boards(engine, guesses, ["cigar", "rebut"], 7)
    jazzy, fuzzy = result.rounds[4], result.rounds[5]
    assert jazzy.cost == pytest.approx(1.0) and jazzy.best == "cigar" and jazzy.skill == 6
    assert math.isinf(fuzzy.value) and fuzzy.best == "cigar" and fuzzy.best_value == pytest.approx(2.0)
    assert fuzzy.skill == 0 and fuzzy.comment() == "risked running out of rows; CIGAR was safe"
    assert not result.solved


def test_a_multi_board_review_grades_a_wasted_row_below_chutes():
    """A row that helps no board (FUZZY after CRANE) costs rows to finish, and the comment names chute's row."""
    from chute.reviewing.boards_review import review_boards

    engine = Engine.build(load_lexicon("wordle"))
    answers = ["issue", "pried", "urban", "asset"]
    result = review_boards(engine, ["crane", "fuzzy", "moist", "asset", "issue", "pried", "urban"], answers, 9)
    fuzzy = result.rounds[1]
    assert fuzzy.cost is not None and fuzzy.cost > 0.3 and fuzzy.skill is not None and fuzzy.skill < 50
    assert fuzzy.best not in (None, "fuzzy") and fuzzy.comment().startswith("cost ")
    assert "rows until every board is solved; chute plays" in fuzzy.comment()
    assert "rows on average" in result.story()


def test_cli_reviews_a_dueto_share_text_with_its_guesses(cli, capsys, monkeypatch, tmp_path):
    """Dueto's share text (rows of both boards side by side) and the words: the answers come from the solved rows."""
    guesses = ["serao", "termo", "suite"]
    answers = ["termo", "suite"]
    grid = []
    for i, g in enumerate(guesses):
        cells = [to_emoji(score(g, a)) if i < guesses.index(a) + 1 else "⬛" * 5 for a in answers]
        grid.append("  ".join(cells))
    path = tmp_path / "dueto.txt"
    path.write_text("term.ooo/2 #81 🔥 3\n\n2️⃣3️⃣\n\n" + "\n".join(grid) + "\n\n", encoding="utf-8")
    status, out, err = cli("review", "--share", path, *guesses, "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["answers"] == ["termo", "suíte"] and data["solved_at"] == [2, 3] and len(data["rounds"]) == 3
    status, out, err = cli("review", "--share", path, "--answer", "termo", *guesses)
    assert status == 2 and "2 answers" in err
    status, out, err = cli("review", "--share", path, "toras", "termo", "suite")  # not the grid's first row
    assert status == 2 and not out and "row 1: TORAS against TERMO shows" in err


@pytest.mark.parametrize(
    "argv,stdin,line",
    [
        ([], "", "chute: error: give the guesses played, or a share text (--share FILE) to decode\n"),
        ([], " \n\n", "chute: error: give the guesses played, or a share text (--share FILE) to decode\n"),
        (
            ["--answer", "crane"],
            "",
            "chute: error: give the guesses played, or a share text (--share FILE) to decode\n",
        ),
        (
            ["--game", "quarteto"],
            "",
            "chute: error: give the guesses played, or a share text (--share FILE) to decode\n",
        ),
        (
            ["--share", "-"],
            "\n",
            "chute: error: the share text is empty: give the game's share text, or the guesses played\n",
        ),
        (
            ["--share", "EMPTY"],
            "",
            "chute: error: the share text is empty: give the game's share text, or the guesses played\n",
        ),
        (
            ["--lang", "pt", "--share", "EMPTY"],
            "",
            "chute: erro: o texto compartilhado está vazio: dê o texto compartilhado do jogo, ou os palpites jogados\n",
        ),
    ],
)
def test_nothing_to_review_is_said_as_such(cli, capsys, monkeypatch, tmp_path, argv, stdin, line):
    """Nothing piped in, no guesses: the review asks for the game (before, an empty pipe was "a share text with no
    rows of colours", and ``--answer crane`` alone printed an empty decoding with status 0)."""
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    argv = [str(tmp_path / "empty.txt") if a == "EMPTY" else a for a in argv]
    assert cli("review", *argv, stdin=stdin) == (2, "", line)


def test_a_forced_row_has_no_luck_and_stays_out_of_the_games(wordle, cli):
    """A row with one word left could show one outcome only: its luck is blank, not 50, and the game's luck is
    the mean of the other rows'."""
    result = review(wordle, ["crane", "moist", "vigor", "cigar"], "cigar")
    assert [r.before for r in result.rows] == [2315, 8, 2, 1] and result.rows[-1].luck is None
    lucks = [r.luck for r in result.rows[:-1]]
    assert result.luck == round(sum(lucks) / len(lucks))
    status, out, _ = cli("review", "crane", "moist", "vigor", "cigar")
    assert status == 0 and any(
        line.lstrip().startswith("4  CIGAR") and "luck  -  " in line for line in out.splitlines()
    )


def test_a_row_no_guess_could_finish_shows_no_value_against_infinity(wordle):
    """Where no guess could finish every word in the rows left, the row says so in words: never 'vs inf'."""
    import math

    from chute.cli.cmd_review import report_lines

    result = review(wordle, ["crane", "moist", "cigar"], "cigar")
    result.rows[1].value = result.rows[1].best_value = math.inf
    lines = report_lines(result, wordle.lexicon, io.StringIO(), "en")
    assert not any("inf" in line for line in lines)


def test_chute_s_own_game_is_set_beside_the_player_s():
    """The review plays chute's policy against the answer: the game ``chute play`` plays, in words and colours,
    said in both languages; several boards too; none when the answer is no word chute accepts."""
    from chute.playing.assembly import game_solver
    from chute.playing.session import Session
    from chute.reviewing.boards_review import review_boards

    engine = Engine.build(load_lexicon("wordle"))
    result = review(engine, ["crane", "lotus", "golly", "dolly", "holly", "jolly"], "jolly")
    session = Session(game_solver(engine), 1, 6)
    session.new(["jolly"])
    played = [row.guess for row in session.autoplay()]
    assert list(result.chute.guesses) == played and played[-1] == "jolly" and result.chute.solved
    assert result.chute.patterns[-1] == ("ggggg",) and result.chute.patterns[0] == (score(played[0], "jolly"),)
    said = result.chute.said()
    assert said == f"chute's own game: {' '.join(w.upper() for w in played)} (solved in {len(played)}/6)"
    assert result.chute.said("pt").startswith("o jogo do próprio chute: TRACE")
    data = result.to_dict(engine.lexicon.show)["chute_game"]
    assert [r["guess"] for r in data["rows"]] == played and data["said"] == said
    boards = review_boards(engine, ["tares", "doily", "cigar", "humph"], ["cigar", "humph"], 7)
    assert boards.chute.solved and {"cigar", "humph"} <= set(boards.chute.guesses)
    assert all(
        p[1] is None
        for g, p in zip(boards.chute.guesses, boards.chute.patterns)
        if boards.chute.guesses.index("humph") < boards.chute.guesses.index(g)
    )
    assert review(engine, ["crane", "xyzzy"], "xyzzy").chute is None  # a word chute does not accept


@pytest.mark.parametrize(
    "argv",
    [
        ["--hard", "reast", "colin", "batch", "hatch", "match", "patch", "--answer", "watch"],
        ["crane", "lotus", "golly", "dolly", "holly", "jolly", "--answer", "jolly"],
    ],
)
def test_the_story_counts_the_rows_the_table_grades(cli, argv):
    """The story said "3 of 5 graded rows were the best move" under a table that graded three: the story counts the rows with a
    skill, and the best moves those graded 99."""
    import re

    status, out, _ = cli("review", "--no-history", *argv)
    told = re.search(r"(\d+) of (\d+) graded rows", out) or re.search(r"every graded row", out)
    status, data, _ = cli("review", "--no-history", "--json", *argv)
    skills = [r["skill"] for r in json.loads(data)["rows"] if r["skill"] is not None]
    assert status == 0 and told is not None
    if told.groups():
        assert (int(told[1]), int(told[2])) == (sum(s >= 99 for s in skills), len(skills))
    else:
        assert all(s >= 99 for s in skills)


def test_a_game_played_past_its_rows_and_a_single_graded_row_read_right(cli):
    """Eight rows of a six-row game unsolved: "not solved in 6 rows (8 played)", not "in 8 rows"; one graded row
    that was not the best move is told as such, not as "not one of the 1 graded rows"."""
    status, out, _ = cli("review", "--no-history", *["crane"] * 8, "--answer", "cigar")
    assert status == 0 and out.splitlines()[0].startswith("wordle: CIGAR, not solved in 6 rows (8 played) · skill")
    status, out, _ = cli("review", "--no-history", "crane", "--answer", "crane")
    assert status == 0 and "The one graded row was not the best move;" in out and "of the 1 graded" not in out
    status, out, _ = cli(
        "review", "--no-history", "--lang", "pt", "--game", "termo", "zzzzz", "termo", "--answer", "termo"
    )
    assert status == 0 and "A única linha avaliada não foi a melhor jogada;" in out
