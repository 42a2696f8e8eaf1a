"""Words chute reads but never suggests: Termo's rare dictionary words, a user's "rare" tag, the real game's lists."""

from __future__ import annotations

import random

import numpy as np
import pytest

from chute import Engine, Solver, load_lexicon
from chute.game.feedback import score
from chute.game.words import fold, read_lines
from chute.playing.joint_ranker import JointRanker
from chute.playing.session import play


@pytest.fixture(scope="module")
def termo():
    """Return the bundled Termo engine."""
    return Engine.build(load_lexicon("termo"))


def test_the_bundled_termo_list_marks_rare_words(termo):
    lex = termo.lexicon
    assert 3000 < len(lex.guesses) - len(lex.rare) < len(lex.guesses) // 2
    assert not lex.rare & lex.answer_set  # an answer is always suggested
    assert lex.is_guess("judum") and not lex.is_suggested("judum")  # read, never suggested
    assert lex.is_suggested("serao") and lex.is_suggested("SERÃO")
    assert all(lex.frequencies[w] >= 2.5 for w in lex.guesses if lex.is_suggested(w))  # the floor
    wordle = load_lexicon("wordle")
    assert wordle.rare == wordle.later and len(wordle.later) == 1883  # Wordle's 2022 lists are the game's own


def test_names_and_abbreviations_are_read_never_suggested(termo):
    """Termo's names (two of three name lists, not a Portuguese lower-case word) and words with no vowel."""
    lex = termo.lexicon
    for word in ("paulo", "jorge", "boris", "adele", "https", "sofia"):
        assert lex.is_guess(word) and not lex.is_suggested(word) and not lex.is_answer(word), word
    for word in ("pedra", "clara", "flora", "saude", "verde", "norte", "mundo", "bagre"):
        assert lex.is_suggested(word), word  # words that are names too, or in one name list only
    assert sum(1 for line in bundled_lines() if line.endswith("\tname")) > 100


def bundled_lines() -> list[str]:
    """Return the lines of the bundled Termo guesses file."""
    from chute.game.words import bundled_path

    return bundled_path("termo", "guesses").read_text(encoding="utf-8").splitlines()


def test_a_rare_tag_in_a_user_file_is_read(tmp_path):
    wl = read_lines(["crane\t3.1\trare", "slate\t2.0", "cigar", "# comment\trare", "boris\t3.0\tname"])
    assert wl.rare == {"crane", "boris"} and wl.words == ["crane", "slate", "cigar", "boris"]
    answers = tmp_path / "a.txt"
    answers.write_text("cigar\nslate\n")
    guesses = tmp_path / "g.tsv"
    guesses.write_text("crane\t3.1\trare\nslate\t2\trare\nadieu\n")
    lex = load_lexicon("wordle", answers=answers, guesses=guesses)
    assert lex.rare == frozenset({"crane"})  # SLATE is an answer: suggested all the same


def test_suggestions_never_include_a_rare_word(termo):
    solver = Solver(termo)
    rare = termo.lexicon.rare
    for clues in ([], ["serao:__c_i"], ["judum:_____"], ["sarto:c_i__"]):
        state = solver.state_for(clues)
        ranked = solver.strategy.rank(state, solver.options, 30) if clues else solver.openers(30)
        assert ranked and not {r.guess for r in ranked} & rare, clues
    assert Solver(termo, "expected-guesses", prior="frequency").openers(10)[0].guess not in rare


def test_a_typed_rare_word_is_a_known_clue(termo):
    state = Solver(termo).state_for(["judum:_____"])
    assert not any("not in the" in n for n in state.notes)
    assert all(not set(w) & set("jdum") for w in state.candidates)


def test_a_rare_word_is_played_only_once_it_is_a_likely_answer(termo):
    """A rare answer is found; on the way a rare word is guessed only as a candidate holding 1% or more."""
    lex = termo.lexicon
    secret = "judum"
    solver = Solver(termo, prior="uniform")
    game = play(solver, secret, rows=None)
    assert game.guesses[-1] == secret
    for i, guess in enumerate(game.guesses[:-1]):
        if guess in lex.rare:
            state = solver.state_for(game.clues[:i])
            assert guess in state.candidates
            assert state.prior()[state.candidates.index(guess)] >= 0.01


def test_multiboard_suggestions_avoid_rare_words(termo):
    multi = JointRanker(termo)
    for boards in ([None, None], [["serao", "sarao", "torta", "ponto"], ["pedra", "verde", "sorte"]]):
        choices = multi.rank([multi.board(b) for b in boards], rows_left=7, top=20)
        assert choices and not {c.guess for c in choices} & termo.lexicon.rare


@pytest.mark.slow
def test_the_real_game_accepts_what_chute_suggests(termo, termo_2022):
    """>= 98% of the top-10 suggestions over 500 random states are words the 2022 game accepts."""
    accepted = {
        fold(w)
        for name in ("answers.txt", "guesses.txt")
        for w in (termo_2022 / name).read_text(encoding="utf-8").split()
    }
    lex = termo.lexicon
    assert len(accepted & lex.guess_set) >= 0.95 * len(accepted)  # the game's words are read as known
    solver = Solver(termo)
    rng = random.Random(0)
    pool = [w for w in lex.guesses if lex.is_suggested(w)]
    shown = ok = states = 0
    while states < 500:
        secret = rng.choice(lex.answers)
        state = solver.state_for([f"{g}:{score(g, secret)}" for g in rng.sample(pool, rng.randint(1, 3))])
        if state.n < 3:
            continue
        states += 1
        ranked = solver.strategy.rank(state, solver.options, 10)
        shown += len(ranked)
        ok += sum(r.guess in accepted for r in ranked)
    assert ok >= 0.98 * shown, f"{ok} of {shown} suggestions accepted"


def test_strict_mode_with_only_rare_candidates_still_guesses(termo):
    """Strict mode allows only words that fit the clues: when those are all rare, the candidates are guessed."""
    lex = termo.lexicon
    solver = Solver(termo, "expected-guesses", hard="strict", prior="frequency")
    for secret in ("jorro", "jarra", "fuzue"):
        assert secret in lex.guess_set
        game = play(solver, secret, rows=None)
        assert game.guesses[-1] == secret


def test_no_suggested_word_allowed_falls_back_on_the_candidates():
    """Strict mode, every suggestible word ruled out, hundreds of rare candidates none of them 1% likely:
    the candidates are the guesses (never an empty ranking)."""
    from dataclasses import replace

    wordle = load_lexicon("wordle")
    lex = replace(wordle, rare=frozenset(wordle.guesses) - {"fuzzy", "jazzy"})
    solver = Solver(Engine.build(lex), "expected-guesses", hard="strict", prior="uniform", opener="fuzzy")
    state = solver.advance(solver.initial_state(), "fuzzy", score("fuzzy", "crane"))
    assert state.n > 100 and not len(np.intersect1d(state.allowed, lex.suggested_rows))
    ranked = solver.strategy.rank(state, solver.options, 5)
    assert ranked and all(r.guess in state.candidate_set for r in ranked)
    assert play(solver, "crane", rows=None).guesses[-1] == "crane"
