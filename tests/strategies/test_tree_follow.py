"""Trees as strategies: play, bench, assist and suggest follow a saved tree, and fall back off it."""

from __future__ import annotations

import json

import pytest

from chute import Engine, Solver, load_lexicon
from chute.game.feedback import score
from chute.language import Note
from chute.playing.session import play
from chute.search.opener_search import build_tree
from chute.strategies import get_strategy
from chute.strategies.follow import FollowTree

WORDS = [
    "adept",
    "admin",
    "admit",
    "adobe",
    "adopt",
    "adore",
    "adorn",
    "adult",
    "affix",
    "afire",
    "afoot",
    "afoul",
    "after",
    "again",
    "agape",
    "agate",
    "agent",
    "agile",
    "aging",
    "aglow",
    "agony",
    "agora",
    "agree",
    "ahead",
    "aider",
    "aisle",
    "alarm",
    "album",
    "alert",
    "algae",
]


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """Return (word file, tree file, tree, lexicon) for a 30-word game."""
    folder = tmp_path_factory.mktemp("tree")
    words = folder / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    lexicon = load_lexicon("wordle", answers=words, guesses=words)
    tree = build_tree(Engine.build(lexicon), "alert")
    path = folder / "tree.json"
    tree.save(path)
    return words, path, tree, lexicon


def test_solver_follows_the_tree_for_every_answer(small):
    _, _, tree, lexicon = small
    solver = Solver(Engine.build(lexicon), FollowTree(tree, get_strategy("entropy")))
    for secret in WORDS:
        game = play(solver, secret)
        assert [c.guess for c in game.clues] == [c.guess for c in tree.play(secret)]
        assert game.won


def test_bench_with_the_tree_reproduces_its_total(cli, small):
    words, path, tree, _ = small
    status, out, _ = cli(
        "bench", "--tree", str(path), "--answers", str(words), "--guesses", str(words), "--json", "--quiet"
    )
    assert status == 0
    data = json.loads(out)
    assert data["total"] == tree.stats().total
    assert data["failures"] == 0


def test_play_with_the_tree(cli, small):
    words, path, tree, _ = small
    status, out, _ = cli(
        "play", "agony", "--tree", str(path), "--answers", str(words), "--guesses", str(words), "--json"
    )
    assert status == 0
    assert [c["guess"] for c in json.loads(out)["clues"]] == [c.guess for c in tree.play("agony")]


def test_leaving_the_tree_falls_back_and_says_so(cli, small):
    words, path, tree, lexicon = small
    other = next(w for w in WORDS if w != tree.root.guess)
    pattern = score(other, "agony")
    status, out, err = cli(
        "suggest", f"{other}:{pattern}", "--tree", str(path), "--answers", str(words), "--guesses", str(words)
    )
    assert status == 0
    assert Note("left_tree", row=2, name="expected-guesses") in out + err  # the default policy


def test_a_tree_for_other_lists_is_refused_or_flagged(cli, small, tmp_path):
    """A tree whose opener the lists lack is refused; one that fails some answers is flagged at once."""
    words, path, tree, lexicon = small
    data = json.loads(path.read_text())
    data["tree"]["guess"] = "zzzzz"
    bad = tmp_path / "zzzzz.json"
    bad.write_text(json.dumps(data))
    lists = ["--answers", str(words), "--guesses", str(words)]
    for argv in (["bench", "--quiet"], ["play", "agony"], ["suggest"], ["assist"]):
        status, out, err = cli(*argv, "--tree", str(bad), *lists)
        assert status == 2 and out == "" and err.count("\n") == 1 and "ZZZZZ" in err, (argv, err)
    # a tree built for 30 words, used with 31: the extra answer leaves the tree
    more = tmp_path / "more.txt"
    more.write_text("\n".join(WORDS + ["amber"]) + "\n")
    status, out, err = cli("bench", "--tree", str(path), "--answers", str(more), "--guesses", str(more))
    assert status == 0 and "does not fit these word lists" in err
    assert "30 of 31 games followed it to the end; 1 left it and were played by expected-guesses" in out
    status, out, err = cli("play", "amber", "--tree", str(path), "--answers", str(more), "--guesses", str(more))
    assert "the game left the decision tree" in err


def test_assist_says_it_left_the_tree_on_the_row_it_happens(cli, small):
    words, path, tree, _ = small
    other = next(w for w in WORDS if w != tree.root.guess)
    status, out, err = cli(
        "assist",
        "--tree",
        str(path),
        "--answers",
        str(words),
        "--guesses",
        str(words),
        stdin=f"{other} {score(other, 'agony')}\n",
    )
    lines = out.splitlines()
    said = next(i for i, line in enumerate(lines) if "left the decision tree" in line)
    tried = next(i for i, line in enumerate(lines) if "row 2/6" in line)
    assert said <= tried + 1, lines


def test_assist_follows_the_tree_then_falls_back(cli, small):
    words, path, tree, _ = small
    first = tree.root.guess
    script = f"{score(first, 'agony')}\n\n"
    status, out, _ = cli("assist", "--tree", str(path), "--answers", str(words), "--guesses", str(words), stdin=script)
    assert status == 0
    assert first.upper() in out
    second = tree.next_guess([(first, score(first, "agony"))])
    assert second is None or second.upper() in out


@pytest.mark.parametrize("content", ["{not json", json.dumps({"root": 3}), ""])
def test_a_malformed_tree_file_is_one_line_and_status_2(cli, small, tmp_path, content):
    words, _, _, _ = small
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    status, _, err = cli("play", "agony", "--tree", str(bad), "--answers", str(words), "--guesses", str(words))
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_tree_and_opener_are_refused_together(cli, small):
    words, path, _, _ = small
    status, _, err = cli(
        "play", "agony", "--tree", str(path), "--opener", "adept", "--answers", str(words), "--guesses", str(words)
    )
    assert status == 2 and "--opener" in err
