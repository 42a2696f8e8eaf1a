"""The solver: advance vs brute force, the choice policy, hard-mode rules, the answer-list fallback, sessions."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from chute.errors import ChuteError, ContradictionError, IllegalGuessError, LexiconError, NotationError
from chute.game.engine import Engine
from chute.game.feedback import Clue, score
from chute.game.knowledge import Knowledge
from chute.game.rules import allowed_rows, legal_mask, violation
from chute.game.words import Lexicon, load_lexicon, words_lexicon
from chute.playing.session import Session, play
from chute.playing.solver import Solver, frequency_prior
from chute.strategies import Options


@pytest.fixture(scope="module")
def wordle():
    """Return the bundled wordle engine."""
    return Engine.build(load_lexicon("wordle"))


@pytest.fixture(scope="module")
def termo():
    """Return the bundled termo engine."""
    return Engine.build(load_lexicon("termo"))


@pytest.fixture(scope="module")
def solver(wordle):
    """Return the default entropy solver for wordle."""
    return Solver(wordle)


# -- advance -----------------------------------------------------------------------------


def test_advance_agrees_with_brute_force(solver, wordle):
    """After random clues the candidates are exactly the answers that score the same."""
    rng = random.Random(1)
    answers = wordle.lexicon.answers
    guesses = wordle.lexicon.guesses
    for _ in range(12):
        secret = rng.choice(answers)
        state = solver.initial_state()
        expected = list(answers)
        for _ in range(3):
            guess = rng.choice(guesses)
            pattern = score(guess, secret)
            state = solver.advance(state, guess, pattern)
            expected = [w for w in expected if score(guess, w) == pattern]
            assert state.candidates == expected
            assert state.clues[-1] == Clue(guess, pattern)


def test_every_game_starts_from_one_opening_computed_once(wordle):
    """The opening candidates' weights and columns are looked up once per solver, shared read-only by every game."""
    solver = Solver(wordle, "expected-guesses", prior="frequency")
    first, second = solver.initial_state(), solver.initial_state()
    assert first.cols is not None and first.cols is second.cols and first.weights is second.weights
    assert not first.cols.flags.writeable and not first.weights.flags.writeable
    assert solver.belief.weights.flags.writeable  # the prior's own array is left as it was
    assert np.array_equal(first.cols, wordle.columns(first.candidates)) and first.candidates is not second.candidates
    after = solver.advance(first, "soare", score("soare", "until"))
    assert solver.initial_state().n == first.n > after.n and after.cols.flags.writeable


def test_advance_takes_any_notation_and_codes(solver):
    """Colours may be Termo's, digits or a base-3 code; all give the same state."""
    a = solver.advance(solver.initial_state(), "crane", "bygbb")
    b = solver.advance(solver.initial_state(), "CRANE", "_ic__")
    c = solver.advance(solver.initial_state(), "crane", 0 + 1 * 3 + 2 * 9)
    assert a.candidates == b.candidates == c.candidates


def test_contradiction_names_the_clue(solver):
    """Clues no word satisfies raise ContradictionError naming the clue."""
    state = solver.advance(solver.initial_state(), "crane", "gbbbb")
    with pytest.raises(ContradictionError, match="crane|CRANE"):
        solver.advance(state, "crane", "bbbbb")
    with pytest.raises(ContradictionError, match=r"clue 1 \(GEESE=..e..\): no secret can produce this pattern"):
        solver.advance(solver.initial_state(), "geese", "bbybb")
    with pytest.raises(ContradictionError, match="queue|QUEUE|fits"):
        solver.suggest(["fuzzy:bbbbb", "queue:ggggb"])


def test_bad_guesses_are_user_errors(solver):
    """A guess of the wrong length or with non-letters, or a bad pattern, is a NotationError."""
    with pytest.raises(NotationError):
        solver.advance(solver.initial_state(), "cranes", "bbbbbb")
    with pytest.raises(NotationError):
        solver.advance(solver.initial_state(), "crane", "bbqbb")
    with pytest.raises(NotationError):
        Solver(solver.engine, opener="ab1")


def test_word_outside_the_lexicon_is_used_with_a_note(solver):
    """A clue whose guess is not an accepted word still filters, with a note."""
    state = solver.advance(solver.initial_state(), "xyzzy", "bbbbb")
    assert any("XYZZY" in n for n in state.notes)
    assert state.candidates == [w for w in solver.lexicon.answers if not set(w) & set("xyz")]


# -- the choice policy ---------------------------------------------------------------------


def test_choose_policy(solver, wordle):
    """Opener first; one candidate is guessed; of two, a candidate; else the strategy."""
    start = solver.initial_state()
    assert solver.choose(start) == "soare"
    assert Solver(wordle, opener="crane").choose(start) == "crane"
    one = solver.state_for(["soare:bbgyg", "diact:bbgyb", "anvil:yybbb"])
    assert one.candidates == ["crane"] and solver.choose(one) == "crane"
    two = solver.state_for(["soare:bbggg"])
    if two.n == 2:
        assert solver.choose(two) in two.candidates
    some = solver.state_for(["soare:bbgyg"])
    assert solver.choose(some) == solver.strategy.choose(some, solver.options)


def test_two_candidates_always_guess_one(wordle):
    """With two candidates the solver guesses one of them, whatever the strategy."""
    for name in ("entropy", "minimax", "letter-frequency"):
        s = Solver(wordle, name)
        state = s.initial_state()
        state.candidates = ["crane", "crate"]
        assert s.choose(state) == "crane"


def test_one_candidate_left_is_the_only_suggestion(wordle):
    """The answer is known: it is the one guess suggested (no list of other words that would waste a row)."""
    clues = [f"soare:{score('soare', 'tense')}", f"until:{score('until', 'tense')}"]
    for solver in (Solver(wordle), Solver(wordle, "expected-guesses", prior="frequency"), Solver(wordle, "minimax")):
        sg = solver.suggest(clues, top=5)
        assert sg.candidates == ["tense"] and [r.guess for r in sg.ranked] == ["tense"]
        assert sg.ranked[0].candidate and sg.ranked[0].expected == 1.0
    outside = Solver(wordle).suggest(["aahed:ggggg"], top=5)  # a word the answer list lacks, solved
    assert [r.guess for r in outside.ranked] == ["aahed"]


def test_suggest_ranks_and_lists(solver):
    """suggest gives the ranked guesses, the candidates and notes; the choice comes first."""
    sg = solver.suggest([], top=5)
    assert [r.guess for r in sg.ranked] == ["soare", "roate", "raise", "raile", "reast"]
    assert sg.n_candidates == 2315 and not sg.fallback and not sg.notes
    after = solver.suggest(["soare:bbgyg", "diact:bbgyb"], top=3)
    assert after.candidates == ["crane", "crave", "craze"]
    assert after.ranked[0].guess == solver.choose(after.state)
    data = json.loads(json.dumps(after.to_dict()))
    assert data["remaining"] == 3 and data["suggestions"][0]["guess"] == after.best


def test_fixed_opener_leads_the_opening_suggestion(wordle):
    """A fixed opener is the first suggestion, with its figures."""
    sg = Solver(wordle, opener="crane").suggest([], top=3)
    assert sg.ranked[0].guess == "crane" and sg.ranked[0].worst == 263
    assert sg.ranked[0].candidate


def test_opener_cache_is_written_and_survives_damage(wordle, tmp_path):
    """The opener ranking is stored per lexicon+strategy+options; a damaged file is recomputed."""
    eng = Engine(wordle.lexicon, wordle.matrix, tmp_path)
    first = Solver(eng, "expected-size").openers(3)
    files = list(tmp_path.glob("openers-*.json"))
    assert len(files) == 1
    data = json.loads(files[0].read_text())
    assert any(k.startswith("expected-size|") for k in data["entries"])
    assert Solver(eng, "expected-size").openers(3) == first
    files[0].write_text("{not json")
    assert [r.guess for r in Solver(eng, "expected-size").openers(3)] == [r.guess for r in first]
    files[0].write_text(
        json.dumps(
            {"version": 1, "lexicon": wordle.lexicon.key, "entries": {next(iter(data["entries"])): [{"guess": 3}]}}
        )
    )
    assert [r.guess for r in Solver(eng, "expected-size").openers(3)] == [r.guess for r in first]
    # a hand-edited entry (another word first, or a word the lists lack) fails its checksum: recomputed
    for swap in ("cigar", "zzzzz"):
        data = json.loads(files[0].read_text())
        entry = next(k for k in data["entries"] if k.startswith("expected-size|"))
        data["entries"][entry]["rows"][0]["guess"] = swap
        files[0].write_text(json.dumps(data))
        assert [r.guess for r in Solver(eng, "expected-size").openers(3)] == [r.guess for r in first]


def test_the_ranking_after_one_clue_is_kept_on_disk(wordle, tmp_path, monkeypatch):
    """The second row's ranking of a costly strategy is computed once per first clue, rule and prior, then read
    (the same figures); a ranking that gave up its plans is stored with that note, which it says again when
    read; with a word avoided, nothing is stored."""
    from chute.playing import openers
    from chute.strategies import expected, guard

    monkeypatch.setattr(
        openers, "shipped", lambda key, kind="openers", opener="": {}
    )  # ranked here, not read from chute's
    eng = Engine(wordle.lexicon, wordle.matrix, tmp_path)
    calls = []
    original = expected.ExpectedGuesses.rank

    def counted(self, state, options=Options(), top=10):
        calls.append(tuple(state.clues))
        return original(self, state, options, top)

    monkeypatch.setattr(expected.ExpectedGuesses, "rank", counted)
    make = lambda **kw: Solver(eng, "expected-guesses", prior="frequency", **kw)
    first = make().suggest(["salet:bybbb"], top=5)
    assert len(calls) == 1 and list(tmp_path.glob("second-*.json"))
    again = make().suggest(["salet:bybbb"], top=5)
    assert len(calls) == 1 and again.ranked == first.ranked and again.candidates == first.candidates
    make(hard="hard").suggest(["salet:bybbb"], top=5)  # another rule: its own entry
    make().suggest(["salet:bybbb", "court:bbbbb"], top=5)  # two clues: not kept
    assert len(calls) == 3
    make().suggest(["salet:bybbb", "court:bbbbb"], top=5)
    assert len(calls) == 4
    avoiding = make()
    avoiding.avoid(first.ranked[0].guess)
    assert first.ranked[0].guess not in [r.guess for r in avoiding.suggest(["salet:bybbb"], top=5).ranked]
    monkeypatch.setattr(guard, "PLAN_BUDGET", 1_000)  # the plans give up and say so: stored, note and all
    noted = [make(hard="hard").suggest(["salet:bbbbb"], top=5) for _ in range(2)]  # the proven plan's opener
    assert all(expected.PLANS_GAVE_UP in n.notes for n in noted) and noted[1].ranked == noted[0].ranked
    assert calls.count((Clue("salet", "bbbbb"),)) == 1  # a state too open to plan for: ranked once, not each time


def test_a_stored_ranking_says_only_notes_it_can_say_again(tmp_path):
    """A ranking is stored beside the notes ranking it said when they take no values (None from ``keep``: not
    stored); a stored note chute cannot say again (unknown, or one that takes values) is a damaged entry,
    recomputed."""
    import json

    from chute.playing.openers import _checksum, cache_path, cached_openers
    from chute.strategies.base import Ranked

    computed = []

    def rank(n):
        computed.append(n)
        return [Ranked("crane", 1.0, 2.0, 3, 4, False)]

    heard = []
    args = (tmp_path, "k" * 40, "entry", 1, rank, lambda w: True)
    cached_openers(*args, kind="second", keep=lambda: None)
    cached_openers(*args, kind="second", keep=lambda: ("plans_gave_up",))
    cached_openers(*args, kind="second", heard=heard.append)
    assert len(computed) == 2 and heard == [("plans_gave_up",)]
    path = cache_path(tmp_path, "k" * 40, "second")
    for bad in (["no_such_note"], ["plan"], "plans_gave_up"):  # "plan" takes values
        data = json.loads(path.read_text())
        stored = data["entries"]["entry"]
        stored["notes"], stored["checksum"] = bad, _checksum("k" * 40, "entry", stored["rows"], bad)
        path.write_text(json.dumps(data))
        cached_openers(*args, kind="second", keep=lambda: ("plans_gave_up",))
    assert len(computed) == 5


def test_the_second_row_file_keeps_the_newest_rankings(tmp_path):
    """Past its limit the file of rankings after one clue drops the oldest entries (one read again is not
    written again)."""
    from chute.playing.openers import cache_path, cached_openers
    from chute.strategies.base import Ranked

    rank = lambda n: [Ranked("crane", 1.0, 2.0, 3, 4, False)]
    for name in ("a", "b", "c", "a", "d"):
        cached_openers(tmp_path, "k" * 40, name, 1, rank, lambda w: True, kind="second", limit=3)
    entries = json.loads(cache_path(tmp_path, "k" * 40, "second").read_text())["entries"]
    assert list(entries) == ["b", "c", "d"]


def test_a_slow_first_opener_ranking_is_announced_once(wordle, tmp_path):
    """``Solver.notify`` hears of the first opener ranking (a progress line in the CLI), not of a cached one."""
    eng = Engine(wordle.lexicon, wordle.matrix, tmp_path)
    heard: list[str] = []
    solver = Solver(eng, "expected-size")
    solver.notify = heard.append
    solver.openers(3)
    assert len(heard) == 1 and "once, then cached" in heard[0]
    again = Solver(eng, "expected-size")
    again.notify = heard.append
    again.openers(3)
    assert len(heard) == 1


# -- play --------------------------------------------------------------------------------


def test_play_solves_every_sampled_answer(solver, wordle):
    """Entropy solves sampled answers within six rows, each row agreeing with score."""
    rng = random.Random(2)
    for secret in rng.sample(wordle.lexicon.answers, 25):
        game = play(solver, secret)
        assert game.won and game.rows_used == len(game.clues) <= 6
        assert all(c.pattern == score(c.guess, secret) for c in game.clues)
        assert game.clues[-1].guess == secret


def test_play_limits(solver):
    """limit stops the game; rows decides whether it counts as won."""
    game = play(solver, "crane", rows=2)
    assert game.rows_used == 4 and not game.won and game.finished and game.clues[-1].solved
    cut = play(solver, "crane", limit=2)
    assert cut.rows_used == 2 and not cut.won and not cut.finished and cut.solved_at == (None,)
    with pytest.raises(LexiconError, match="not an accepted word"):
        play(solver, "qqqqq")


def test_play_an_accepted_word_that_is_not_an_answer(solver):
    """AAHED is accepted but not an answer: the solver says so once and still finds it."""
    game = play(solver, "aahed")
    assert game.won and game.fallback
    assert len([n for n in game.notes if "answer list" in n]) == 1


@pytest.mark.parametrize("name", ["entropy", "minimax", "first", "letter-frequency"])
def test_never_stuck_while_an_accepted_word_fits(wordle, name):
    """Secrets outside the answer list are always found (no 'no candidates' end)."""
    rng = random.Random(9)
    outside = [w for w in rng.sample(wordle.lexicon.guesses, 200) if w not in wordle.lexicon.answer_set][:6]
    s = Solver(wordle, name)
    for secret in outside:
        game = play(s, secret, limit=40)
        assert game.clues[-1].guess == secret and game.fallback


def test_termo_fallback_is_weighted_by_frequency(termo):
    """Termo knows frequencies: after the answers run out, accepted words are weighted by them."""
    s = Solver(termo)
    outside = [w for w in termo.lexicon.guesses if w not in termo.lexicon.answer_set]
    secret = sorted(outside, key=lambda w: -termo.lexicon.frequencies.get(w, 0))[0]
    game = play(s, secret, limit=30)
    assert game.clues[-1].guess == secret and game.fallback
    assert any("weighted by frequency" in n for n in game.notes)
    assert s.initial_state().weights is None  # auto: uniform over the answer list
    assert Solver(termo, weights="frequency").initial_state().weights is not None


def _freq_lexicon(freq):
    """Return a lexicon of these words (answers = guesses) with the given Zipf frequencies."""
    words = tuple(sorted(freq))
    return Lexicon("freq", 5, words, words, {}, {w: f for w, f in freq.items() if f is not None})


def test_frequency_prior_follows_rank():
    """The sigmoid prior falls with frequency rank; unknown frequencies rank last."""
    lex = _freq_lexicon({"aaaaa": 5.0, "bbbbb": 3.0, "ccccc": 1.0, "ddddd": None})
    prior = frequency_prior(lex)
    assert prior["aaaaa"] > prior["bbbbb"] > prior["ccccc"] > prior["ddddd"] > 0
    assert frequency_prior(words_lexicon(["aaaaa", "bbbbb"])) is None


def test_auto_weights_use_frequency_without_an_answer_list(wordle):
    """A lexicon whose answers are all its words weighs them by frequency in auto mode."""
    lex = _freq_lexicon({"crane": 5.0, "crate": 4.0, "trace": 2.0, "react": 1.0})
    s = Solver(Engine.build(lex, cache=False))
    start = s.initial_state()
    w = dict(zip(start.candidates, start.weights))
    assert w["crane"] > w["crate"] > w["trace"] > w["react"]
    assert Solver(Engine.build(lex, cache=False), weights="uniform").initial_state().weights is None


# -- hard mode -----------------------------------------------------------------------------


def test_hard_mode_rejects_an_illegal_guess_with_the_reason(wordle):
    """Hard mode: greens stay, revealed letters are reused; strict also bans marked positions."""
    hard = Solver(wordle, hard="hard")
    state = hard.advance(hard.initial_state(), "crane", "gbybb")
    with pytest.raises(IllegalGuessError, match="1st letter must be C"):
        hard.advance(state, "slate", "bbbbb")
    with pytest.raises(IllegalGuessError, match="must use A"):
        hard.advance(state, "clips", "gbbbb")
    hard.advance(state, "coast", "gbybb")  # A back in place 3 is fine in Wordle's hard mode
    strict = Solver(wordle, hard="strict")
    sstate = strict.advance(strict.initial_state(), "crane", "gbybb")
    with pytest.raises(IllegalGuessError, match="A cannot be the 3rd letter"):
        strict.advance(sstate, "chant", "gbbbb")
    with pytest.raises(IllegalGuessError, match="R is not in the word"):
        strict.advance(sstate, "carob", "gybbb")
    with pytest.raises(ChuteError):
        Solver(wordle, hard="impossible")


def test_rules_mask_agrees_with_the_reasons(wordle):
    """The vectorised legality mask and the worded reason agree on every accepted word."""
    rng = random.Random(4)
    words = wordle.lexicon.guesses
    for _ in range(4):
        secret = rng.choice(wordle.lexicon.answers)
        clues = [Clue(g, score(g, secret)) for g in rng.sample(words, 2)]
        for rule in ("hard", "strict"):
            rows = set(allowed_rows(wordle, clues, rule).tolist())
            sample = rng.sample(range(len(words)), 800)
            for r in sample:
                assert (r in rows) == (violation(words[r], clues, rule) is None), (rule, words[r], clues)
        strict = legal_mask(wordle, clues[0], "strict")
        k = Knowledge.from_clues(clues[:1], 5)
        assert [bool(strict[r]) for r in sample] == [k.consistent(words[r]) for r in sample]
        for rule in ("hard", "strict"):  # asked of some rows only: the same answers
            some = np.array(sorted(sample), dtype=np.intp)
            assert np.array_equal(legal_mask(wordle, clues[1], rule, some), legal_mask(wordle, clues[1], rule)[some])


def test_hard_state_restricts_the_allowed_rows(wordle):
    """After a clue in hard mode the state's allowed rows are exactly the legal guesses chute suggests."""
    s = Solver(wordle, hard="strict")
    state = s.state_for(["soare:bbgyg"])
    allowed = {wordle.lexicon.guesses[r] for r in state.allowed.tolist()}
    assert set(state.candidates) <= allowed
    lexicon = wordle.lexicon
    assert allowed == {
        w for w in lexicon.guesses if lexicon.is_suggested(w) and violation(w, state.clues, "strict") is None
    }


# -- sessions ------------------------------------------------------------------------------


def test_session_plays_undoes_and_restarts(solver):
    """A session keeps the rows, takes them back one at a time, and starts over."""
    game = Session(solver, secrets=["crane"])
    rows = game.autoplay()
    assert game.solved and [r.guess for r in rows][-1] == "crane"
    assert rows[0].patterns == ("bbgyg",)
    last = game.undo()
    assert last.guess == "crane" and not game.solved and game.used == len(rows) - 1
    game.new(["slate"])
    assert game.used == 0 and game.boards[0].secret == "slate"
    assert game.undo() is None


def test_session_with_typed_patterns(solver):
    """Without secrets the patterns come from the user; a refused row changes nothing."""
    game = Session(solver)
    game.play("soare", "bbgyg")
    with pytest.raises(ContradictionError):
        game.play("crane", "bbbbb")
    assert game.used == 1 and game.boards[0].state.n == 19
    assert game.suggest(3).best == "diact"


def test_session_replays_rows_and_names_the_refused_one(solver):
    """A list of rows is played in order; the error says which row, of the same kind, the rows before stay."""
    game = Session(solver)
    rows = game.replay([("soare", "bbgyg"), ("cairn", [score("cairn", "grace")])])
    assert [r.guess for r in rows] == ["soare", "cairn"] and game.used == 2
    game = Session(solver)
    with pytest.raises(ContradictionError, match=r"^row 2: "):
        game.replay([("soare", "bbgyg"), ("crane", "bbbbb"), ("slate", "bbbbb")])
    assert game.used == 1 and game.boards[0].state.n == 19
    with pytest.raises(NotationError, match=r"^row 1: "):
        Session(solver).replay([("soare", "bbgy")])


def test_session_with_two_boards(solver):
    """One guess is played on every unsolved board; a solved board gets no more rows."""
    game = Session(solver, n_boards=2, rows=7, secrets=["crane", "soare"])
    row = game.play("soare")
    assert row.patterns == (score("soare", "crane"), "ggggg")
    assert game.open_boards() == [0]
    row = game.play("crane")
    assert row.patterns == ("ggggg", None) and game.solved
    assert game.boards[1].clues == [Clue("soare", "ggggg")]
    with pytest.raises(ChuteError, match="over"):
        game.play("slate")
    multi = Session(solver, n_boards=2, secrets=["crane", "slate"])
    assert multi.next_guess() == multi.ranked(1)[0].guess  # the joint policy by default

    class Always:
        """A player that always guesses TRACE (any object with name, rank and choose will do)."""

        name = "always trace"

        def rank(self, states, rows_left, top=10):
            return []

        def choose(self, states, rows_left):
            assert len(states) == 2 and rows_left == 6
            return "trace"

    assert Session(solver, n_boards=2, secrets=["crane", "slate"], player=Always()).next_guess() == "trace"


def test_session_saves_and_restores(solver):
    """A session survives to_dict/from_dict, JSON included; saved games of other lists are refused."""
    import json

    game = Session(solver, n_boards=2, rows=7)
    game.play("soare", [score("soare", "crane"), score("soare", "slate")])
    game.play("crane", ["ggggg", score("crane", "slate")])
    again = Session.from_dict(solver, json.loads(json.dumps(game.to_dict())))
    assert again.history == game.history and again.solved_at() == [2, None]
    assert again.history[0].left == game.history[0].left and again.history[1].left[0] == 1
    other = Solver(solver.engine, hard="hard")
    with pytest.raises(ChuteError, match="normal mode"):
        Session.from_dict(other, game.to_dict())
    with pytest.raises(ChuteError, match="damaged"):
        Session.from_dict(solver, {**game.to_dict(), "history": [{"nope": 1}]})


def test_real_termo_answers_outside_the_bundled_list_are_found(termo, termo_2022):
    """Real 2022 Termo answers missing from the bundled answer list are still found (strict mode)."""
    from chute.game.words import read_word_file

    real = read_word_file(termo_2022 / "answers.txt", 5).words
    lex = termo.lexicon
    missing = [w for w in real if w not in lex.answer_set and w in lex.guess_set]
    assert missing, "the bundled list should lack some real answers"
    s = Solver(termo, hard="strict")
    for secret in random.Random(3).sample(missing, min(6, len(missing))):
        game = play(s, secret, limit=30)
        assert game.clues[-1].guess == secret and game.fallback
        assert all(violation(c.guess, game.clues[:i], "strict") is None for i, c in enumerate(game.clues))


def test_a_rejected_word_is_never_suggested_but_still_read_as_a_clue(wordle):
    """The game refused SOARE: no suggestion names it, on any row, after undo too; typed, it still counts."""
    game = Session(Solver(wordle), 1)
    first = game.next_guess()
    assert game.reject(first.upper()) == first
    assert game.next_guess() != first and first not in [r.guess for r in game.ranked(20)]
    row = game.play(first, "bbbbb")  # the player typed it anyway: read as a clue
    assert row.left[0] < 2315 and first not in [r.guess for r in game.ranked(20)]
    game.undo()
    assert first not in [r.guess for r in game.ranked(20)]
    with pytest.raises(NotationError):
        game.reject("xx")


def test_a_refusal_taken_back_suggests_the_word_again_after_the_rows_played(wordle):
    """Session.unreject: the word back in the ranking, the rows and their candidates as they were."""
    game = Session(Solver(wordle), 1)
    first = game.next_guess()
    game.reject(first)
    second = game.next_guess()
    game.play(second, "bbbbb")
    left = game.boards[0].state.n
    assert game.unreject(first.upper()) == first
    assert [r.guess for r in game.history] == [second] and game.boards[0].state.n == left
    assert first in [r.guess for r in game.ranked(50)] or first not in game.boards[0].state.candidates
    fresh = Session(Solver(wordle), 1)
    assert fresh.next_guess() == first
    game.undo()
    assert game.next_guess() == first  # the planned opener is the opener again


def test_candidates_come_likeliest_first(wordle):
    """A player reads the candidates likeliest first under the prior (alphabetical among equals and without one)."""
    s = Solver(wordle, "expected-guesses", prior="frequency")
    suggestion = s.suggest(["soare:bbyby", "until:bbbbb"], top=1)
    state = suggestion.state
    p = dict(zip(state.candidates, state.prior().tolist()))
    order = suggestion.candidates
    assert sorted(order) == sorted(state.candidates) and order == state.likeliest()
    assert all(p[a] >= p[b] for a, b in zip(order, order[1:])) and order != sorted(order)
    assert state.likeliest(3) == order[:3]
    game = Session(s)
    game.replay([("soare", "bbyby"), ("until", "bbbbb")])
    assert game.report(top=1, max_words=5)["boards"][0]["candidates"] == [wordle.lexicon.show(w) for w in order[:5]]
    plain = Solver(wordle).suggest(["soare:bbyby", "until:bbbbb"], top=1)  # the answer list, all equal
    assert plain.candidates == sorted(plain.candidates) == plain.state.likeliest()


def test_clues_no_listed_word_fits_give_the_strings_they_allow(wordle):
    """MULTI (accepted by today's game, not on chute's lists): the candidates become the strings the clues allow."""
    solver = Solver(wordle)
    state = solver.state_for([Clue("tough", "ybybb"), Clue("moist", "gbyby")])
    strings = solver.advance(state, "spilt", "bbyyy")
    assert strings.unlisted and strings.fallback and strings.n == 8 and "multi" in strings.candidates
    assert all(
        score(g, w) == p
        for w in strings.candidates
        for g, p in [("tough", "ybybb"), ("moist", "gbyby"), ("spilt", "bbyyy")]
    )
    assert strings.notes[-1].startswith("no word in the wordle lists fits the clues: spilt:bbyyy together with")
    assert "8 strings of letters fit the clues" in strings.notes[-1]
    again = solver.advance(strings, "shops", "bbbbb")  # a clue that keeps them all: said once
    assert again.unlisted and again.n == 8 and sum("strings of letters" in m for m in again.notes) == 1
    suggestion = solver.rank(again, 3)
    assert [r.guess for r in suggestion.ranked] == again.likeliest(3) and solver.choose(again) == again.likeliest(1)[0]
    assert solver.advance(again, "multi", "ggggg").candidates == ["multi"]
    with pytest.raises(ContradictionError, match="conflicts with earlier clues"):
        solver.advance(strings, "tough", "ggggg")  # clues at odds: still refused
    # a string the game refused is not its answer: dropped, while the lists' words are untouched
    first = again.likeliest(1)[0]
    solver.avoid(first)
    assert first in solver.refused_strings and not solver.avoided
    left = solver.refused_out(again)
    assert first not in left.candidates and left.n == 7 and solver.choose(again) != first
    assert abs(float(left.prior().sum()) - 1.0) < 1e-9
