"""A finished game's share text: the game's own header and tiles, read back by ``parse_share``."""

import pytest

from chute.errors import ChuteError
from chute.game.games import game_spec
from chute.game.share import parse_share, share_text


def test_one_board_won_in_hard_mode_is_the_games_own_text():
    text = share_text(game_spec("wordle"), [["gyybb", "bgbbb", "ggggg"]], hard=True)
    assert text == "Wordle 3/6*\n\n🟩🟨🟨⬛⬛\n⬛🟩⬛⬛⬛\n🟩🟩🟩🟩🟩"
    assert share_text(game_spec("termo"), [["bybbb"] * 6]).startswith("joguei term.ooo X/6\n\n⬛🟨⬛⬛⬛\n")


@pytest.mark.parametrize(
    "game, boards",
    [
        ("wordle", [["bybbb", "ggggg"]]),
        ("termo", [["bbbbb"] * 6]),
        ("dueto", [["ybbbb", "ggggg"], ["bbbbb", "bybbb", "ggggg"]]),
        ("quarteto", [["ggggg"], ["bybbb"] * 9, ["bbbbb", "ggggg"], ["ybbbb", "bbybb", "ggggg"]]),
        ("dordle", [["bbbbb"] * 7, ["ggggg"]]),
        ("quordle", [["ybbbb", "ggggg"], ["ggggg"], ["bbbbb", "bbbbb", "ggggg"], ["bbbbb"] * 4 + ["ggggg"]]),
        ("octordle", [["bbbbb"] * k + ["ggggg"] for k in range(8)]),
    ],
)
def test_a_share_text_reads_back_as_the_game_and_its_boards(game, boards):
    """Each board's rows up to its solving row, boards side by side in bands of two, padded with blank tiles."""
    read = parse_share(share_text(game_spec(game), boards))
    assert read.game == game and read.boards == boards and not read.hard
    lost = [b for b in boards if b[-1] != "ggggg"]
    header = share_text(game_spec(game), boards).split("\n")[0]
    assert header.count("X") == len(lost) and header.endswith(f"/{game_spec(game).rows}")


@pytest.mark.parametrize(
    "text, rows",
    [
        ("Wordle 1 X/6\n\n" + "⬛⬛⬛⬛⬛\n" * 7, 7),
        ("Wordle 1 X/5\n\n" + "⬛⬛⬛⬛⬛\n" * 6, 6),
        ("Daily Dordle #1\nX&X\n" + "⬛⬛⬛⬛⬛ ⬛⬛⬛⬛⬛\n" * 8, 8),
    ],
)
def test_a_share_text_with_more_rows_than_its_game_allows_is_refused(text, rows):
    with pytest.raises(ChuteError, match=f"has {rows} rows of colours, past the game's limit"):
        parse_share(text)


def test_a_share_text_as_long_as_its_game_allows_is_read():
    assert len(parse_share("Wordle 1 X/6\n\n" + "⬛⬛⬛⬛⬛\n" * 6).boards[0]) == 6


@pytest.mark.parametrize(
    "text, message",
    [
        ("Wordle 1 3/6\n\n🟨⬛⬛⬛⬛\n🟩🟩🟩🟩🟩\n🟩🟩🟩🟩🟩\n", "row 3 of the share text comes after row 2"),
        ("Wordle 1 2/6\n\n🟨⬛⬛⬛⬛\n🟩🟩🟩🟩🟩\n🟨⬛⬛⬛⬛\n", "row 3 of the share text comes after row 2"),
        (
            "Daily Dordle 1&3/7\n\n🟩🟩🟩🟩🟩 ⬛⬛⬛⬛⬛\n🟨⬛⬛⬛⬛ ⬛⬛⬛⬛⬛\n⬜⬜⬜⬜⬜ 🟩🟩🟩🟩🟩\n",
            "board 1: row 2",
        ),
    ],
    ids=["a second green row", "colours after the answer", "a board's colours after its answer"],
)
def test_a_row_after_the_one_that_found_the_answer_is_refused(text, message):
    """A board's rows past its solving row are only padding (blank tiles, on a board of several): a row of colours
    there was read as nothing, or counted against the header ("has 2 rows" of three)."""
    with pytest.raises(ChuteError, match=message):
        parse_share(text)


def test_blank_tiles_past_a_solved_board_are_padding():
    text = "Daily Dordle 1&3/7\n\n🟩🟩🟩🟩🟩 ⬛⬛⬛⬛⬛\n⬜⬜⬜⬜⬜ 🟨⬛⬛⬛⬛\n⬜⬜⬜⬜⬜ 🟩🟩🟩🟩🟩\n"
    assert parse_share(text).boards == [["ggggg"], ["bbbbb", "ybbbb", "ggggg"]]
