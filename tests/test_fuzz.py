"""Fuzz every command through ``main(argv)``: exit 0, 1 or 2 only, no traceback, one error line, no stray file.

Hypothesis builds argument lists from each command's real options with hostile
values (negative, huge and non-numeric numbers, empty and binary files, paths
that are directories, missing or shared between input and output, NUL bytes,
decomposed accents, clues of the wrong width) and feeds ``assist`` generated
input.  Word lists are small so a run stays in seconds.  The property checked
for every example: the status is 0, 1 or 2; nothing escapes ``main``; a
status 2 prints exactly one ``chute: error:`` line (a scripted ``assist``: one
per refused line) and stderr then holds only chute's own lines; no file outside
the example's temp folder is created or changed, and /dev/null stays a device. The examples are the same on every run
(derandomized); set
``CHUTE_FUZZ_RANDOM=1`` for fresh ones and ``CHUTE_FUZZ_EXAMPLES=N`` for more.
"""

from __future__ import annotations

import io
import os
import shutil
import stat
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chute import load_lexicon
from chute.cli import main

EXAMPLES = int(os.environ.get("CHUTE_FUZZ_EXAMPLES", "2500"))
ROOT = Path(__file__).resolve().parents[1]
WORDS = list(load_lexicon("wordle").answers[:60])
TERMO = ["serão", "termo", "ávido", "suíte", "pilha"]

# ----- building blocks ---------------------------------------------------------------------------------

word = st.sampled_from(
    WORDS
    + TERMO
    + [
        "zzzzz",
        "crane",
        "aahed",
        "xx",
        "toolongword",
        "",
        "ab1de",
        unicodedata.normalize("NFD", "serão"),
        "CRANE",
        "crane\x00",
    ]
)
pattern = st.sampled_from(
    [
        "bbbbb",
        "ggggg",
        "gybbg",
        "ggyb",
        "g g y b b",
        "c i _ _ c",
        "__c_i",
        "21002",
        "🟩🟨⬛⬛🟩",
        "xbbbb",
        "gggggg",
        "",
        "yyyyy",
        "bbbqb",
        "⬛⬛🟩🟨🟩",
    ]
)
clue = st.one_of(
    st.builds(lambda w, p: f"{w}:{p}", word, pattern),
    st.builds(lambda w, p: f"{w.upper()}={p}", word, st.sampled_from([".....", "c.E..", "CRANE", "..."])),
    st.sampled_from(["_U_[E]S", "____[E]", "[", "crane", "bybgb", "crane bybgb"]),
)
number = st.one_of(
    st.integers(-3, 40).map(str), st.sampled_from(["0", "-1", "99999999999999999999", "x", "", "1e3", " 2", "٣"])
)
game = st.sampled_from(["wordle", "termo", "dueto", "quordle", "octordle", "nope", ""])
strategy = st.sampled_from(["entropy", "minimax", "expected-size", "most-parts", "random", "first", "nope"])


def _fixture_files() -> dict[str, bytes]:
    """Return the fuzz's input files by name: word lists, garbage, empty, over-long, a tree, bad JSON."""
    lists = {
        "small.txt": "\n".join(WORDS[:30]) + "\n",
        "words.txt": "\n".join(WORDS) + "\n",
        "empty.txt": "",
        "tree.json": '{"format": "chute-tree", "version": 1, "length": 5, "rows": 6, "rule": null, '
        '"tree": {"guess": "zzzzz", "n": 3, "next": {}}}',
        "bad.json": "{oops",
        "deep.json": '{"next": ' * 2000 + "{}" + "}" * 2000,
        "long.txt": "a" * 20_000 + "\n",
    }
    out = {name: text.encode("utf-8") for name, text in lists.items()}
    out["binary.bin"] = bytes(range(256)) * 10
    out["latin1.txt"] = "ávido\nserão\n".encode("latin-1")
    return out


FIXTURES = _fixture_files()


def restore(tmp: Path) -> None:
    """Put back in ``tmp`` every fuzz file a command changed or removed (an output may name an input), and the folder."""
    for name, data in FIXTURES.items():
        path = tmp / name
        try:
            same = path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data
        except OSError:
            same = False
        if not same:
            if path.is_dir():
                shutil.rmtree(path)
            path.write_bytes(data)
    (tmp / "folder").mkdir(exist_ok=True)


def files(tmp: Path):
    """Return a strategy of file paths in ``tmp``: word lists, garbage, empty, a folder, missing, a device."""
    restore(tmp)
    names = [str(tmp / n) for n in FIXTURES] + [
        str(tmp / "folder"),
        str(tmp / "missing.txt"),
        str(tmp / "no" / "dir" / "out.csv"),
        "out.csv",
        "out.png",
        "out.svg",
        "t.json",
        "-",
        "/dev/null",
        str(tmp / "small.txt\x00x"),
    ]
    return st.sampled_from(names)


def options(tmp: Path):
    """Return a strategy of (flag, value) option lists shared by several commands."""
    f = files(tmp)
    pairs = st.one_of(
        st.tuples(st.just("--game"), game),
        st.tuples(st.just("--answers"), f),
        st.tuples(st.just("--guesses"), f),
        st.tuples(st.just("--exclude"), f),
        st.tuples(st.just("--length"), number),
        st.tuples(st.just("--rows"), number),
        st.tuples(st.just("--boards"), number),
        st.tuples(st.just("--strategy"), strategy),
        st.tuples(st.just("--opener"), word),
        st.tuples(st.just("--top"), number),
        st.tuples(st.just("--seed"), number),
        st.tuples(st.just("--depth"), st.sampled_from(["1", "2", "3"])),
        st.tuples(st.just("--weights"), st.sampled_from(["auto", "uniform", "frequency", "nope"])),
        st.tuples(st.just("--prior"), st.one_of(st.sampled_from(["answers", "nope"]), f)),
        st.tuples(st.just("--tree"), f),
        st.tuples(st.just("--words"), word),
        st.tuples(st.just("--words-file"), f),
        st.tuples(st.just("--max-guesses"), number),
        st.tuples(st.just("--sample"), number),
        st.tuples(st.just("--hardest"), number),
        st.tuples(st.just("--csv"), f),
        st.tuples(st.just("--plot"), f),
        st.tuples(st.just("--out"), f),
        st.tuples(st.just("--text"), f),
        st.tuples(st.just("--dot"), f),
        st.tuples(st.just("--check"), f),
        st.tuples(st.just("--openers"), number),
        st.tuples(st.just("--notation"), st.sampled_from(["gyb", "emoji", "termo", "nope"])),
        st.tuples(st.just("--discarded"), st.sampled_from(["ACLNRT", "1", ""])),
        st.tuples(st.just("--session"), f),
        st.tuples(st.just("--games"), number),
        st.tuples(st.just("--journal"), f),
        st.tuples(st.just("--share"), f),
        st.tuples(st.just("--answer"), word),
        st.tuples(st.just("--lang"), st.sampled_from(["pt", "en", "fr", ""])),
        st.tuples(
            st.just("--cluster"),
            st.sampled_from(
                [
                    "nonsense",
                    "http://x.org",
                    "inproc://x",
                    "ucx://h:1",
                    "",
                    "tcp://:1",
                    "tcp://h:0",
                    "tcp://h:99999",
                    "tls://127.0.0.1:1",
                ]
            ),
        ),
        st.tuples(
            st.just("--strategies"),
            st.sampled_from(["entropy,minimax", "entropy:opener=zzzzz", "entropy:depth=9", "entropy,entropy", ","]),
        ),
        st.tuples(
            st.sampled_from(
                [
                    "--hard",
                    "--strict",
                    "--json",
                    "--quiet",
                    "--all",
                    "--explain",
                    "--grep",
                    "--no-cache",
                    "--candidates-only",
                    "--no-prefer-candidates",
                    "--exact",
                    "--per-game",
                    "--markdown",
                    "--resume",
                    "--bogus",
                    "-q",
                    "--help",
                ]
            ),
            st.just(None),
        ),
    )
    return st.lists(pairs, max_size=4)


# Commands whose work grows with the lists get small lists and small numbers (the property is about
# input handling, not speed).
HEAVY = {"bench", "compare", "tree", "review", "prove"}


def argv_for(tmp: Path):
    """Return a strategy of (argv, stdin text) for any command."""
    positional = st.lists(st.one_of(clue, word), max_size=4)
    flags = options(tmp)

    @st.composite
    def build(draw):
        command = draw(
            st.sampled_from(
                [
                    "score",
                    "filter",
                    "suggest",
                    "assist",
                    "play",
                    "bench",
                    "compare",
                    "tree",
                    "review",
                    "prove",
                    "nope",
                    "",
                ]
            )
        )
        argv = [command] + draw(positional)
        for flag, value in draw(flags):
            argv.append(flag)
            if value is not None:
                argv.append(value)
        if command in HEAVY:
            small = ["--answers", str(tmp / "small.txt"), "--guesses", str(tmp / "words.txt")]
            argv += small + {
                "tree": ["--sample", "5", "--openers", "1", "--top", "3,2"],
                "prove": ["--top", "1"],
                "review": [],
            }.get(command, ["--sample", "5"])
            for i, a in enumerate(argv):  # keep the work small whatever was drawn
                if a in ("--jobs", "--games") and i + 1 < len(argv):
                    argv[i + 1] = "1"
            argv = [a for a in argv if a != "--exact"]
        stdin = draw(
            st.lists(
                st.one_of(
                    pattern,
                    clue,
                    st.sampled_from(
                        [
                            "",
                            "undo",
                            "list",
                            "list 9",
                            "why crane",
                            "why xyzzy 3",
                            "new",
                            "help",
                            "quit",
                            "Wordle 1,234 3/6",
                            "\x00",
                            "   ",
                            "🟩" * 40,
                        ]
                    ),
                ),
                max_size=6,
            ).map("\n".join)
        )
        return argv, stdin

    return build()


def plausible(tmp: Path):
    """Return a strategy of (argv, stdin) that mostly make sense: real clues of a real game, valid options."""
    from chute.game.feedback import score

    @st.composite
    def build(draw):
        secret = draw(st.sampled_from(WORDS))
        played = draw(st.lists(st.sampled_from(WORDS), max_size=3, unique=True))
        clues = [f"{g}:{score(g, secret)}" for g in played if g != secret]
        command = draw(st.sampled_from(["score", "filter", "suggest", "assist", "play", "bench", "compare", "tree"]))
        extra = draw(
            st.lists(
                st.sampled_from(["--json", "--hard", "--quiet", "--all", "--explain", "-q", "--candidates-only"]),
                max_size=2,
                unique=True,
            )
        )
        small = ["--answers", str(tmp / "small.txt"), "--guesses", str(tmp / "words.txt")]
        top = ["--top", str(draw(st.integers(1, 5)))]
        pick = draw(st.sampled_from(["entropy", "minimax", "expected-size", "most-parts", "first"]))
        if command == "score":
            argv = ["score", secret, *played] if played else ["score", secret, secret]
            extra = [e for e in extra if e == "--json"]
        elif command == "filter":
            argv = ["filter", *clues]
            extra = [e for e in extra if e in ("--json", "--all", "--explain", "-q")]
        elif command == "suggest":
            argv = ["suggest", *clues, *top, "--strategy", pick]
            extra = [e for e in extra if e in ("--json", "--hard", "--candidates-only")]
        elif command == "assist":
            argv = ["assist", *top]
            extra = [e for e in extra if e == "--hard"]
            lines = [f"{g} {score(g, secret)}" for g in played] + [f"{secret} ggggg"]
            return argv + extra, "\n".join(
                lines + draw(st.lists(st.sampled_from(["undo", "list", "why crane"]), max_size=2))
            ) + "\n"
        elif command == "play":
            argv = ["play", secret, "--strategy", pick, "--max-guesses", str(draw(st.integers(1, 8)))]
            extra = [e for e in extra if e in ("--json", "--hard")]
        elif command == "bench":
            argv = [
                "bench",
                *small,
                "--sample",
                str(draw(st.integers(1, 8))),
                "--strategy",
                pick,
                "--csv",
                draw(st.sampled_from(["games.csv", str(tmp / "no" / "g.csv"), str(tmp / "small.txt")])),
            ]
            extra = [e for e in extra if e in ("--json", "--quiet", "--hard")]
        elif command == "compare":
            argv = ["compare", *small, "--sample", "4", "--strategies", f"entropy,{pick}"]
            extra = [e for e in extra if e in ("--json", "--quiet")]
        else:
            argv = [
                "tree",
                *small,
                "--openers",
                "1",
                "--top",
                "4,2",
                "--out",
                "t.json",
                "--text",
                draw(st.sampled_from(["-", "t.txt", "t.json"])),
            ]
            extra = [e for e in extra if e in ("--json", "-q", "--hard")]
        return argv + extra, ""

    return build()


def snapshot(root: Path) -> dict[str, float]:
    """Return the files under ``root`` (the project) with their modification times."""
    out = {}
    for folder, dirs, names in os.walk(root):
        # the test runner's own folders; test-artifacts: the browser tests' screenshots (run alongside)
        dirs[:] = [
            d
            for d in dirs
            if d not in (".git", "__pycache__", ".pytest_cache", ".hypothesis", "test-artifacts")
            and not d.endswith(".egg-info")
        ]
        for name in names:
            path = os.path.join(folder, name)
            out[path] = os.stat(path).st_mtime_ns
    return out


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    """Return a temp folder holding the fuzz files; cache, state and home point inside it."""
    return tmp_path_factory.mktemp("fuzz")


def test_every_command_survives_generated_input(sandbox, monkeypatch):
    monkeypatch.chdir(sandbox)
    for var in ("CHUTE_CACHE_DIR", "CHUTE_STATE_DIR", "HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(sandbox / var.lower()))
    monkeypatch.setenv("NO_COLOR", "1")
    before = snapshot(ROOT)
    seen = {"examples": 0, "status": set()}

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=os.environ.get("CHUTE_FUZZ_RANDOM") is None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.one_of(argv_for(sandbox), plausible(sandbox)))
    def check(case):
        argv, stdin = case
        restore(sandbox)
        out, err = io.StringIO(), io.StringIO()
        old = sys.stdin, sys.stdout, sys.stderr
        sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
        try:
            status = main(argv)
        except BaseException as exc:  # nothing may escape main
            sys.stdin, sys.stdout, sys.stderr = old
            raise AssertionError(f"{argv!r} raised {exc!r}") from exc
        finally:
            sys.stdin, sys.stdout, sys.stderr = old
        text = err.getvalue()
        seen["examples"] += 1
        seen["status"].add(status)
        assert status in (0, 1, 2), (argv, status, text)
        assert "Traceback" not in text, (argv, text)
        lines = text.splitlines()
        if status == 2:
            assert all(line.startswith("chute: ") for line in lines), (argv, text)
            if argv[0] != "assist":  # a scripted assist reports each refused line
                # one error line, in the language asked ("chute: erro:" with --lang pt)
                assert sum(line.startswith(("chute: error:", "chute: erro:")) for line in lines) == 1, (argv, text)

    check()
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode), "an output replaced /dev/null"
    assert seen["examples"] >= min(EXAMPLES, 1000) and seen["status"] == {0, 1, 2}
    assert snapshot(ROOT) == before, "a command wrote into the project"
