"""``chute.solver_for``, the front door: the library builds the solver the commands play, and ranks as they do."""

from __future__ import annotations

import json

import pytest

from chute import MultiSolver, Solver, parse_clue, solver_for
from chute.errors import ChuteError
from chute.playing.assembly import default_policy
from chute.strategies import strategy_names

ONE_BOARD = [
    ("wordle", [], ["soare:bbyby", "until:bbgyb"]),
    ("termo", [], ["serao:__c_i"]),
    ("wordle", ["--hard"], ["crane:bbybb"]),
    ("termo", ["--strict"], ["serao:__c_i"]),
]
SEVERAL = [("quordle", ["trace:bbybb/ybybb/bbbbb/bybbg"]), ("dueto", ["toras:bbgyb/gbbbb"]), ("octordle", [])]


def _cli_ranking(cli, game: str, flags: list[str], clues: list[str], top: int = 5) -> list[str]:
    """Return the guesses ``chute suggest --json`` ranks, best first."""
    status, out, err = cli("suggest", "--game", game, *flags, *clues, "--top", top, "--json")
    assert status == 0, err
    return [s["guess"] for s in json.loads(out)["suggestions"]]


def _options(flags: list[str]) -> dict:
    """Return ``solver_for``'s keywords for some long options."""
    out: dict = {}
    for flag in flags:
        if flag in ("--hard", "--strict"):
            out[flag[2:]] = True
    return out


@pytest.mark.parametrize("strategy", [None, *[s for s in strategy_names() if s != "random"], "random"])
def test_every_strategy_ranks_in_the_library_as_the_command_does(cli, strategy):
    """For each one-board strategy (and the default policy), Wordle after two clues: the same guesses, in order."""
    flags = [] if strategy is None else ["--strategy", strategy]
    solver = solver_for("wordle", strategy=strategy)
    clues = ["soare:bbyby", "until:bbgyb"]
    mine = [r.guess for r in solver.suggest([parse_clue(c) for c in clues], top=5).ranked]
    assert mine == [solver.lexicon.show(w) for w in mine]  # folded words, as shown for Wordle
    assert mine == _cli_ranking(cli, "wordle", flags, clues)


@pytest.mark.parametrize("game, flags, clues", ONE_BOARD, ids=lambda x: str(x))
def test_each_one_board_game_and_mode_ranks_as_the_command_does(cli, game, flags, clues):
    solver = solver_for(game, **_options(flags))
    assert isinstance(solver, Solver)
    mine = [solver.lexicon.show(r.guess) for r in solver.suggest(clues, top=5).ranked]
    assert mine == _cli_ranking(cli, game, flags, clues)


@pytest.mark.parametrize("game, rows", SEVERAL, ids=lambda x: str(x))
def test_each_multi_board_game_ranks_as_the_command_does(cli, game, rows):
    solver = solver_for(game)
    assert isinstance(solver, MultiSolver) and solver.boards > 1
    suggestion = solver.suggest(rows, top=5)
    assert [solver.lexicon.show(c.guess) for c in suggestion.ranked] == _cli_ranking(cli, game, [], rows)
    assert suggestion.best == suggestion.ranked[0].guess


def test_the_default_policy_has_one_home():
    """Left out, the policy is expected guesses under the frequency prior; a strategy named without a prior
    plays under the answer list, in the library as on the command line."""
    assert default_policy(None, None) == ("expected-guesses", "frequency")
    assert default_policy("entropy", None) == ("entropy", "answers")
    assert default_policy(None, None, depth=2) == ("entropy", "answers")
    assert solver_for("wordle").belief.name == "frequency"
    assert solver_for("wordle", strategy="entropy").belief.name == "answers"
    assert solver_for("wordle", strategy="entropy", prior="frequency").belief.name == "frequency"


def test_solvers_of_the_same_lists_share_one_matrix():
    one, several, common = solver_for("wordle"), solver_for("quordle"), solver_for("wordle", common=True)
    assert one.engine.matrix is several.engine.matrix is common.engine.matrix
    assert common.lexicon.common is not None and one.lexicon.common is None


@pytest.mark.parametrize(
    "game, options, message",
    [
        ("quordle", {"hard": True}, "hard mode is for one board"),
        ("quordle", {"strategy": "minimax"}, "with entropy or expected-size, not minimax"),
        ("wordle", {"strategy": "nope"}, "nope"),
        ("wordle", {"hard": True, "strict": True}, "do not go together"),
        ("wordle", {"strategy": "minimax", "depth": 2}, "--depth 2 works with entropy"),
        ("nogame", {}, "unknown game"),
        ("wordle", {"weights": "uniform"}, "--prior frequency gives every word its odds already"),
        ("quordle", {"weights": "frequency"}, "--prior frequency gives every word its odds already"),
        ("quordle", {"prefer_candidates": False}, "--no-prefer-candidates is for one board"),
    ],
)
def test_options_that_do_not_go_together_are_refused_in_one_line(game, options, message):
    with pytest.raises(ChuteError, match=message):
        solver_for(game, **options)


def test_answer_weights_apply_under_the_answer_list():
    """--weights sets the odds where the prior is the answer list, on one board or several."""
    assert solver_for("wordle", strategy="entropy", weights="frequency").initial_state().weights is not None
    assert solver_for("wordle", strategy="entropy").initial_state().weights is None
    assert solver_for("quordle", prior="answers", weights="frequency").boards == 4
