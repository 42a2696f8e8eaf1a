"""Your history: games kept once however often recorded, their statistics, a file never lost; ``chute stats``."""

from __future__ import annotations

import json

import pytest

from chute.errors import StorageError
from chute.reviewing import history as h
from chute.reviewing.history import (
    GameRecord,
    clear_history,
    finished_record,
    forget_game,
    read_history,
    record_game,
    statistics,
)


def game(guesses: str, answer: str, when: str, skill=None, luck=None, game="wordle", mode=None) -> GameRecord:
    """Return the record of a one-board game over (its day ``when``), or fail when it is not over."""
    record = finished_record(game, mode, 6, guesses.split(), [answer], skill, luck)
    assert record is not None
    return GameRecord(**{**record.__dict__, "when": when})


def test_a_game_is_kept_once_and_its_review_adds_its_skill_and_luck(tmp_path):
    """Recorded at its end, then reviewed: one game, the first day kept, the grades added; a game going on is none."""
    path = tmp_path / "history.jsonl"
    assert finished_record("wordle", None, 6, ["crane", "lotus"], ["jolly"]) is None  # rows left: not over
    record_game(game("crane cigar", "cigar", "2026-01-01T10:00:00Z"), path)
    record_game(game("crane cigar", "cigar", "2026-01-02T10:00:00Z", skill=80, luck=40), path)
    [kept] = read_history(path)
    assert (kept.when, kept.skill, kept.luck, kept.rows, kept.won) == ("2026-01-01T10:00:00Z", 80, 40, 2, True)
    record_game(game("crane cigar", "cigar", "2026-01-03T10:00:00Z"), path)  # again, without grades
    assert read_history(path)[0].skill == 80
    assert not list(tmp_path.glob(".*.tmp"))  # written by a rename


def test_a_game_lost_then_found_past_the_rows_is_one_game_lost():
    """Rows past the limit are not kept: the game recorded lost at row 6 and found at row 8 is the same game."""
    six = "crane pious dumpy lofty bobby hello".split()
    lost = finished_record("wordle", None, 6, six, [""])
    found = finished_record("wordle", None, 6, six + ["cigar"], ["cigar"])
    assert lost.key == found.key and not found.won and found.rows is None and found.solved_at == (7,)
    assert lost.merged(found).answers == ("cigar",)


def test_statistics_per_game_and_mode_with_streaks_and_rows():
    """Played, won, the rows of each win, the streak up to the latest game and the best, means over the reviewed."""
    games = [
        game("a b cigar", "cigar", "2026-01-01T00:00:00Z", 70, 30),
        game("a cigar", "cigar", "2026-01-02T00:00:00Z", 90, 50),
        game("a b c d e f", "cigar", "2026-01-03T00:00:00Z"),
        game("a b c cigar", "cigar", "2026-01-04T00:00:00Z"),
        game("serão termo", "termo", "2026-01-04T00:00:00Z", game="termo"),
        game("a cigar", "cigar", "2026-01-05T00:00:00Z", mode="hard"),
    ]
    wordle, *rest = statistics(games)
    assert (wordle.game, wordle.mode, wordle.played, wordle.won, wordle.lost) == ("wordle", "normal", 4, 3, 1)
    assert wordle.rows == {3: 1, 2: 1, 4: 1} and wordle.mean_rows == 3.0
    assert (wordle.streak, wordle.best_streak) == (1, 2)
    assert (wordle.skill, wordle.luck, wordle.reviewed) == (80.0, 40.0, 2)
    assert sorted((s.game, s.mode) for s in rest) == [("termo", "normal"), ("wordle", "hard")]
    d = wordle.to_dict()
    assert d["rows"] == {"2": 1, "3": 1, "4": 1} and d["win_rate"] == 0.75


def test_an_unreadable_history_is_moved_aside_never_overwritten(tmp_path):
    """A file chute cannot read: `stats` says so on one line; the next game moves it aside and starts anew."""
    path = tmp_path / "history.jsonl"
    path.write_text('<html>{"game": "<script>"}</html>', encoding="utf-8")
    with pytest.raises(StorageError, match="is not a history chute wrote"):
        read_history(path)
    record_game(game("crane cigar", "cigar", "2026-01-01T00:00:00Z"), path)
    assert len(read_history(path)) == 1
    assert (tmp_path / "history.unreadable.jsonl").read_text(encoding="utf-8").startswith("<html>")


def test_forget_clear_and_the_bound(tmp_path, monkeypatch):
    """A game taken back leaves; clear moves the file aside (one step to undo); the oldest go past MAX_GAMES."""
    path = tmp_path / "history.jsonl"
    a, b = game("crane cigar", "cigar", "2026-01-01T00:00:00Z"), game("slate cigar", "cigar", "2026-01-02T00:00:00Z")
    record_game(a, path)
    record_game(b, path)
    assert [g.guesses for g in forget_game(a, path)] == [("slate", "cigar")]
    assert clear_history(path) == (1, tmp_path / "history.cleared.jsonl") and not path.exists()
    assert clear_history(path) == (0, None)
    monkeypatch.setattr(h, "MAX_GAMES", 2)
    for i, word in enumerate(["aback", "abase", "abate"]):
        record_game(game(f"{word} cigar", "cigar", f"2026-01-0{i + 1}T00:00:00Z"), path)
    assert [g.guesses[0] for g in read_history(path)] == ["abase", "abate"]


def test_cli_review_and_assist_keep_the_game_and_stats_shows_it(cli, tmp_path, monkeypatch):
    """`review` keeps a finished game with its grades, `assist` a game it saw end, --no-history neither; `stats`
    prints the figures, the bars and the latest games, in Portuguese too, and as JSON; --clear empties it."""
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))
    status, out, _ = cli("stats")
    assert status == 0 and "no games kept yet" in out
    assert cli("review", "crane", "lotus", "golly", "dolly", "holly", "jolly", "--answer", "jolly")[0] == 0
    assert cli("review", "crane", "cigar", "--no-history")[0] == 0
    assert cli("review", "--game", "termo", "serao", "corta", "termo")[0] == 0
    assert cli("assist", "-s", "entropy", stdin="raise bbbbb\nmount ggggg\n")[0] == 0
    assert cli("assist", "--no-history", stdin="blade bbbbb\nmount ggggg\n")[0] == 0
    status, out, _ = cli("stats")
    lines = out.splitlines()
    assert status == 0 and lines[0] == f"your games, kept in {tmp_path / 'history.jsonl'}"
    assert lines[1] == "wordle, normal mode: played 2 · won 2 (100%) · streak 2 (best 2)"
    assert lines[3] == "   2 │██████████████████████████████ 1" and lines[7] == "   6 │██████████████████████████████ 1"
    assert "  6.00 rows" not in out and "4.00 rows on average over the games won · skill 65 · luck 30" in out
    assert "termo, normal mode: played 1" in out and "SERÃO CORTA TERMO  skill 83" in out
    assert "2026" in lines[-1] and lines[-3].split()[1:4] == ["wordle", "2/6", "RAISE"]
    status, out, _ = cli("stats", "--game", "termo", "--lang", "pt", "--latest", "0")
    assert "termo, modo normal: jogos 1 · vitórias 1 (100%) · sequência 1 (melhor 1)" in out and "wordle" not in out
    data = json.loads(cli("stats", "--json")[1])
    assert [s["played"] for s in data["stats"]] == [2, 1] and len(data["games"]) == 3
    assert [g["source"] for g in data["games"]] == ["review", "review", "assist"]
    status, out, _ = cli("stats", "--clear")
    assert out.startswith("your history is cleared: 3 games moved to ")
    assert "no games kept yet" in cli("stats")[1]


def test_cli_stats_on_a_damaged_history_is_one_line_and_status_2(cli, tmp_path, monkeypatch):
    """A history chute cannot read: one line saying what to do, status 2, the file untouched."""
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))
    (tmp_path / "history.jsonl").write_text("not json", encoding="utf-8")
    status, out, err = cli("stats")
    assert status == 2 and out == "" and len(err.splitlines()) == 1 and "chute stats --clear" in err
    assert (tmp_path / "history.jsonl").read_text(encoding="utf-8") == "not json"


@pytest.mark.parametrize(
    "damage",
    [
        ('"row_limit":6', '"row_limit":1e999'),
        ('"row_limit":6', '"row_limit":201'),
        ('"solved_at":[2]', '"solved_at":[201]'),
        ('"skill":null', '"skill":1e999'),
        ('"solved_at":[2]', '"solved_at":[Infinity]'),
        ('"solved_at":[2]', '"solved_at":' + "[" * 100_000 + "]" * 100_000),
        ('"game":"wordle"', '"game":["x"]'),
        ("{", "\udcff{"),
    ],
    ids=[
        "huge row limit",
        "a row limit past any game's (a memory bomb in stats)",
        "a row past any game's",
        "huge skill",
        "infinite row",
        "deep nesting",
        "a list as the game",
        "a bad byte",
    ],
)
def test_a_damaged_game_costs_its_line_only_and_is_kept_aside(cli, tmp_path, monkeypatch, damage):
    """One game's line damaged: stats and review go on with every other game, say what was left out, and the next
    game kept moves the damaged line beside the history, never lost."""
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))
    path = tmp_path / "history.jsonl"
    for guesses in ("crane slate", "crane cigar"):
        record_game(game(guesses, guesses.split()[-1], "2026-01-01T10:00:00Z"), path)
    lines = path.read_bytes().split(b"\n")
    old, new = damage
    bad = lines[1].decode().replace(old, new, 1).encode("utf-8", "surrogateescape")
    assert bad != lines[1]
    path.write_bytes(b"\n".join([lines[0], bad, *lines[2:]]))
    status, out, err = cli("stats")
    assert status == 0 and "played 1" in out and err.count("\n") == 1
    assert "left out, unreadable: 1 line of your history;" in err
    assert cli("review", "crane", "rebut", "--answer", "rebut")[0] == 0
    assert [g.guesses for g in read_history(path)] == [("crane", "cigar"), ("crane", "rebut")]
    assert (tmp_path / "history.unreadable.jsonl").read_bytes() == bad + b"\n"


def test_an_older_chutes_history_is_read_then_moved_aside_once_written_anew(tmp_path):
    older = tmp_path / "history.json"
    kept = game("crane cigar", "cigar", "2026-01-01T10:00:00Z")
    broken = dict(kept.to_dict(), row_limit=1e999)
    older.write_text(json.dumps({"version": 1, "games": [kept.to_dict(), broken]}), encoding="utf-8")
    path = tmp_path / "history.jsonl"
    assert read_history(path) == [kept]
    record_game(game("crane rebut", "rebut", "2026-01-02T10:00:00Z"), path)
    assert [g.guesses[-1] for g in read_history(path)] == ["cigar", "rebut"]
    assert not older.exists() and (tmp_path / "history.v1.json").exists()


def test_stats_of_a_game_never_kept_names_the_games_kept(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))
    record_game(game("crane cigar", "cigar", "2026-01-01T10:00:00Z"), tmp_path / "history.jsonl")
    record_game(game("serão termo", "termo", "2026-01-01T10:00:00Z", game="termo"), tmp_path / "history.jsonl")
    status, out, _ = cli("stats", "--game", "wordel")
    assert status == 0 and "no wordel games kept (games kept: termo, wordle)" in out
