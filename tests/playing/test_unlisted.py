"""Answers chute's lists lack: the strings the clues allow (``chute.playing.unlisted``) and games played against them."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from chute.errors import ChuteError
from chute.game.engine import Engine
from chute.game.feedback import Clue, encode, score
from chute.game.knowledge import Knowledge
from chute.game.pattern_codes import LETTERS, letters_array, numpy_codes
from chute.game.words import load_lexicon
from chute.playing.session import Session, play
from chute.playing.solver import Solver
from chute.playing.unlisted import END, START, LetterModel, unlisted_words


@pytest.fixture(scope="module")
def wordle() -> Engine:
    """Return the bundled Wordle engine."""
    return Engine.build(load_lexicon("wordle"))


@pytest.fixture(scope="module")
def model4(wordle) -> LetterModel:
    """Return a letter model of four-letter strings (the first four letters of Wordle's words)."""
    return LetterModel(sorted({w[:4] for w in wordle.lexicon.guesses}))


@pytest.fixture(scope="module")
def every4() -> list[str]:
    """Return every string of four letters a-z."""
    return ["".join(t) for t in itertools.product("abcdefghijklmnopqrstuvwxyz", repeat=4)]


def test_the_model_is_a_distribution_over_the_next_symbol(model4):
    """Every context's next letter or end sums to 1; the start symbol never follows."""
    table = np.exp(model4.log_table)
    outputs = table[..., list(range(LETTERS)) + [END]].sum(axis=-1)
    assert np.allclose(outputs, 1.0) and table[..., START].max() < 1e-250
    common, odd = model4.log_prob(["tion", "qxzj"])
    assert common > odd


CLUES = [
    [Clue("eels", "ybbb"), Clue("tore", "bgby")],  # one E (a grey second copy), O second
    [Clue("sass", "bgbb"), Clue("main", "bgyb")],  # one A, second; I present, not third
    [Clue("abba", "yybb")],  # repeated letters: one A not first, one B not second
]


@pytest.mark.parametrize("clues", CLUES)
def test_every_string_the_clues_allow_likeliest_first(clues, model4, every4):
    """Against a brute force over every four-letter string scored by the game's rule: the same set, by the model."""
    everything = letters_array(every4, 4)
    fits = np.ones(len(every4), dtype=bool)
    for clue in clues:
        fits &= numpy_codes(letters_array([clue.guess], 4), everything)[0] == encode(clue.pattern)
    brute = {every4[i] for i in np.flatnonzero(fits)}
    found = unlisted_words(Knowledge.from_clues(clues, 4), model4, limit=10**6, beam=10**6)
    assert found.complete and len(found.words) == len(set(found.words)) and set(found.words) == brute
    logp = model4.log_prob(found.words)
    assert np.all(np.diff(np.round(logp, 9)) <= 0)  # likeliest first
    assert np.allclose(found.weights, np.exp(logp - logp.max()) / np.exp(logp - logp.max()).sum())
    again = unlisted_words(Knowledge.from_clues(clues, 4), model4, limit=10**6, beam=10**6)
    assert again.words == found.words  # the same everywhere


def test_a_narrow_beam_keeps_only_strings_that_fit(model4):
    """Cut by the beam and the limit: fewer strings, each one allowed, and the result says it is not complete."""
    clues = CLUES[0]
    cut = unlisted_words(Knowledge.from_clues(clues, 4), model4, limit=20, beam=60)
    assert not cut.complete and len(cut.words) == 20
    assert all(score(c.guess, w) == c.pattern for w in cut.words for c in clues)
    assert abs(float(cut.weights.sum()) - 1.0) < 1e-9


def test_a_game_against_an_answer_chute_lacks_is_played_to_the_end(wordle):
    """MULTI (accepted by today's game, not chute's): chute types strings, a refused one costs no row, and wins."""
    game_words = set(wordle.lexicon.guess_set) | {"multi"}
    result = play(Solver(wordle), "multi", accepts=game_words.__contains__)
    assert result.solved_at == (len(result.guesses),) and result.guesses[-1] == "multi" and len(result.guesses) <= 6
    assert all(w in game_words for w in result.guesses)  # the game's own words only use rows
    assert result.refused and not set(result.refused) & game_words
    assert any("strings of letters fit the clues" in n for n in result.notes)
    game = Session(Solver(wordle), 1, 6, ["multi"], accepts=game_words.__contains__)
    game.autoplay()
    assert game.refused and game.solved
    game.new(["cigar"])  # a new game: nothing refused in it yet
    assert game.refused == [] and game.result().refused == ()
    with pytest.raises(ChuteError, match="QQQQQ is not a word the game accepts"):
        Session(Solver(wordle), 1, 6, ["qqqqq"], accepts=game_words.__contains__)
    with pytest.raises(ChuteError, match="not an accepted word"):
        Session(Solver(wordle), 1, 6, ["multi"])  # without the game's word test: refused


def test_a_word_of_the_later_list_is_an_accepted_word_not_a_string(wordle):
    """ACHEY, on Wordle's later list of accepted words: outside the prior, found as a word once the prior's are out."""
    assert "achey" in wordle.lexicon.later
    for solver, ruled_out in (
        (Solver(wordle), ["wordle answer list", "wordle lists but the words the game added later"]),
        (Solver(wordle, "expected-guesses", prior="frequency"), ["frequency prior"]),
    ):
        assert "achey" not in solver.initial_state().candidates
        result = play(solver, "achey")  # the lists accept it: no word test of the game's needed
        assert result.won and result.guesses[-1] == "achey" and not result.refused and len(result.guesses) <= 6
        assert not any("strings of letters" in n for n in result.notes)
        said = [n.split("; carrying on")[0].split("every word of the ")[1] for n in result.notes if "carrying on" in n]
        assert said == ruled_out  # the answer list's fallback holds no later word
        assert all(wordle.lexicon.is_suggested(g) for g in result.guesses[:-1])  # it alone is not suggested


def test_strings_past_the_limit_come_when_the_kept_ones_are_refused(wordle, monkeypatch):
    """Only the likeliest strings are kept; once the game refused them all, the next likeliest are found."""
    import chute.playing.solver
    import chute.playing.unlisted

    monkeypatch.setattr(chute.playing.solver, "LIMIT", 3)
    solver = Solver(wordle)
    state = solver.state_for(["tough:ybybb", "moist:gbyby", "spilt:bbyyy"])
    assert state.unlisted and state.n == 3 and "the likeliest kept" in state.notes[-1]
    seen = []
    while "multi" not in state.candidates:
        seen += state.candidates
        for word in state.candidates:
            solver.avoid(word)
        state = solver.refused_out(state)
        assert state.n and not set(state.candidates) & set(seen)
    assert len(seen) < 8 and solver.choose(state) in state.candidates


def test_a_saved_game_keeps_the_strings_the_game_refused(wordle):
    """A resumed game does not offer again a string the game refused before it was saved."""
    game = Session(Solver(wordle))
    game.replay([("tough", "ybybb"), ("moist", "gbyby"), ("spilt", "bbyyy")])
    first = game.next_guess()
    game.reject(first)
    data = game.to_dict()
    assert data["refused_strings"] == [first]
    again = Session.from_dict(Solver(wordle), data)
    assert first not in again.boards[0].candidates and again.next_guess() != first
    for bad in ([1], "abc", ["cr4ne"]):
        with pytest.raises(ChuteError, match="damaged"):
            Session.from_dict(Solver(wordle), {**data, "refused_strings": bad})
    del data["refused_strings"]  # a game saved before: still read
    assert Session.from_dict(Solver(wordle), data).next_guess() == first
