"""Hostile and odd input: every repro of the 380-case audit, as a test (one clear line, status 2, nothing lost)."""

from __future__ import annotations

import json
import os
import random
import re
import sys
import unicodedata

import numpy as np
import pytest

from chute import load_lexicon
from chute.game.feedback import Clue, score
from chute.game.knowledge import Knowledge
from chute.playing.session import play


def assert_user_error(status, out, err, *words):
    """Assert one clear line on stderr and status 2, mentioning the given words."""
    assert status == 2, (status, out, err)
    assert err.count("\n") == 1 and err.startswith("chute: error:"), err
    assert "Traceback" not in err
    for w in words:
        assert w in err, (w, err)


# ----- a false statement: deductions agree with the filter ------------------------------------------


def test_two_greens_from_two_clues_count_twice(cli, capsys):
    clues = [Clue(g, p) for g, p in (("welkt", "bgbby"), ("viced", "bbbgy"), ("pured", "bbygy"))]
    k = Knowledge.from_clues(clues)
    assert k.min_count["e"] == 2
    assert k.filter(["deter"]) == k.deduced().filter(["deter"]) == ["deter"]
    status, out, _ = cli("filter", "welkt:bgbby", "viced:bbbgy", "pured:bbygy")
    assert (
        status == 0
        and "1 likely answer · 1 possible word fit; the likely answers:\nDETER" in out
        and "at least 2 E" in out
    )


def test_deductions_never_change_what_fits_on_random_games():
    """Games built to trigger the bug: a doubled letter shown green once in each of two clues."""
    from collections import defaultdict

    lex = load_lexicon("wordle")
    rng = random.Random(14)
    guesses, pool = list(lex.guesses), list(lex.answers)
    single_at = defaultdict(list)  # (letter, position) -> guesses with that letter once, there
    for w in guesses:
        for i, c in enumerate(w):
            if w.count(c) == 1:
                single_at[(c, i)].append(w)
    doubled = [w for w in pool if len(set(w)) < len(w)]
    for _ in range(1500):
        secret = rng.choice(doubled)
        c = next(ch for ch in secret if secret.count(ch) > 1)
        i, j = [p for p, ch in enumerate(secret) if ch == c][:2]
        played = [rng.choice(single_at[(c, i)]), rng.choice(single_at[(c, j)])]
        played += rng.sample(guesses, rng.randint(0, 2))
        rng.shuffle(played)
        clues = [Clue(g, score(g, secret)) for g in played]
        k = Knowledge.from_clues(clues)
        fits = k.filter(pool)
        assert secret in fits
        assert k.deduced().filter(pool) == fits, [str(x) for x in clues]
    # and a plain brute force agrees with the filter on a few of them
    for _ in range(50):
        secret = rng.choice(pool)
        clues = [Clue(g, score(g, secret)) for g in rng.sample(guesses, 3)]
        truth = [w for w in pool if all(score(x.guess, w) == x.pattern for x in clues)]
        assert Knowledge.from_clues(clues).filter(pool) == truth


# ----- assist: nothing typed is lost ------------------------------------------------------------------


def assist(cli, stdin, *argv):
    """Return (status, stdout, stderr) of ``chute assist -s entropy`` (the words these scripts expect)
    reading a script from standard input."""
    return cli("assist", "-s", "entropy", *argv, stdin=stdin)


def test_assist_reads_a_pasted_share_text(cli, capsys, monkeypatch):
    from chute import Engine, Solver
    from chute.game.feedback import to_emoji

    game = play(Solver(Engine.build(load_lexicon("wordle"))), "crane")  # the user followed chute
    rows = [to_emoji(c.pattern) for c in game.clues]
    share = f"Wordle 1,234 {len(rows)}/6*\n\n" + "\n".join(rows) + "\n"
    status, out, err = assist(cli, share)
    assert status == 0 and err == "", err
    assert (
        "share text" in out
        and "SOARE ⬛⬛🟩🟨🟩  19 likely answers · 40 possible words" in out
        and f"solved in {len(rows)}" in out
    )
    game = play(Solver(Engine.build(load_lexicon("termo"))), "termo")
    rows = [to_emoji(c.pattern) for c in game.clues]
    share = f"joguei term.ooo #321 {len(rows)}/6 *\n\n" + "\n".join(rows) + "\n"
    status, out, err = assist(cli, share, "--game", "termo")
    assert status == 0 and err == "" and f"solved in {len(rows)}" in out


def test_assist_saves_every_row_and_resumes(cli, capsys, monkeypatch, tmp_path):
    saved = tmp_path / "game.json"
    status, out, _ = assist(cli, "bbgyg\n", "--session", saved)
    assert status == 0 and json.loads(saved.read_text())["history"][0]["guess"] == "soare"
    status, out, _ = assist(cli, "bbgyb\n", "--session", saved, "--resume")
    assert status == 0 and "resumed after 1 row: SOARE" in out and "DIACT ⬛⬛🟩🟨⬛" in out
    assert len(json.loads(saved.read_text())["history"]) == 2
    status, out, _ = assist(cli, "undo\nquit\n", "--session", saved, "--resume")
    assert len(json.loads(saved.read_text())["history"]) == 1 and "took back DIACT" in out
    status, out, _ = assist(cli, "crane:ggggg\n", "--session", saved, "--resume")
    assert "solved in 2" in out and not saved.exists()  # a finished game leaves nothing to resume
    # a saved game of other lists or another mode is refused in one line
    assist(cli, "bbgyg\n", "--session", saved)
    status, out, err = assist(cli, "", "--session", saved, "--resume", "--hard")
    assert_user_error(status, out, err, "normal mode")
    assert str(saved) in err  # the refusal names the file it is about
    saved.write_text("1e999")  # JSON, but no saved game
    status, out, err = assist(cli, "", "--session", saved, "--resume")
    assert_user_error(status, out, err, "not a saved chute game")
    assert str(saved) in err
    saved.write_text("{broken")
    status, out, err = assist(cli, "", "--session", saved, "--resume")
    assert_user_error(status, out, err, "damaged")
    status, out, err = assist(cli, "", "--resume")
    assert_user_error(status, out, err, "--session")


def test_assist_warns_once_when_it_cannot_save_and_saves_again_when_it_can(cli, capsys, monkeypatch, tmp_path):
    """A save that fails (its folder gone, a full disk) is one warning, tried again after each row; the game goes on,
    and without a terminal the status is 2 only if the game is still unsaved at the end."""
    import io

    folder = tmp_path / "games"
    saved = folder / "game.json"

    class FolderLostAWhile(io.StringIO):
        """Standard input during which the save file's folder becomes a file, then comes back before line ``back``."""

        lines, back = 0, 3

        def __next__(self):
            self.lines += 1
            if self.lines == 1:
                folder.rmdir()
                folder.write_text("a file where the folder was")
            if self.lines == self.back:
                folder.unlink()
            return super().__next__()

    folder.mkdir()
    monkeypatch.setattr("sys.stdin", FolderLostAWhile("bbgyg\nbbgyb\nundo\nquit\n"))
    status, out, err = cli("assist", "-s", "entropy", "--session", saved)
    assert status == 0 and err.count("\n") == 1 and err.startswith("chute: warning: cannot save the game"), err
    assert "trying again after each row" in err and "DIACT ⬛⬛🟩🟨⬛" in out and "took back DIACT" in out
    assert f"the game is saved again in {saved}" in out
    assert [r["guess"] for r in json.loads(saved.read_text())["history"]] == ["soare"]
    saved.unlink()
    FolderLostAWhile.back = 0  # lost for good
    monkeypatch.setattr("sys.stdin", FolderLostAWhile("bbgyg\nbbgyb\n"))
    status, out, err = cli("assist", "-s", "entropy", "--session", saved, "--lang", "pt")
    assert status == 2 and err.count("\n") == 1 and err.startswith("chute: aviso: não dá para salvar o jogo"), err
    assert "DIACT ⬛⬛🟩🟨⬛" in out and folder.read_text() == "a file where the folder was"


def test_assist_says_once_when_the_rows_run_out_and_how_to_review_the_lost_game(cli, capsys, monkeypatch):
    """After the last row unsolved, the game is lost: one line says so and names review; play goes on."""
    rows = "".join(f"{w}:{score(w, 'cigar')}\n" for w in ("fuzzy", "jumbo", "lymph", "vivid", "kebab", "dwell"))
    status, out, err = assist(cli, rows + "review cigar\n")
    lines = out.splitlines()
    said_at = [i for i, line in enumerate(lines) if line.startswith("out of rows")]
    assert status == 0 and err == "" and len(said_at) == 1 and "'review ANSWER'" in lines[said_at[0]]
    assert lines[said_at[0] - 1].startswith("DWELL") and "row 7/6" in lines[said_at[0] + 2]
    assert "wordle: CIGAR, not solved in 6 rows" in out
    status, out, err = assist(cli, rows[: -len("dwell:bbbbb\n")], "--lang", "pt")
    assert status == 0 and "acabaram as linhas" not in out  # five rows: not yet
    rows = "".join(
        f"{w} {score(w, 'cigar')} {score(w, 'rebut')}\n"
        for w in ("fuzzy", "jumbo", "lymph", "vivid", "kebab", "dwell", "whiff")
    )
    status, out, err = assist(cli, rows, "--game", "dordle")
    assert status == 0 and out.count("out of rows: the game is lost and shows its answers") == 1, out[-2000:]


def test_ctrl_c_in_assist_says_how_to_continue_the_saved_game(cli, capsys, monkeypatch, tmp_path):
    """Ctrl-C at assist's prompt: 130, and the command that continues the saved game (its game and file)."""
    import chute.cli.cmd_assist as console

    def typed_then_ctrl_c(prompt="> "):
        yield "toras:bbybg"
        raise KeyboardInterrupt

    saved = tmp_path / "my game.json"
    monkeypatch.setattr(console, "input_lines", typed_then_ctrl_c)
    status, out, err = cli("assist", "--game", "termo", "--session", saved)
    command = f"chute assist --game termo --session '{saved}' --resume"
    assert (
        status == 130
        and err == f"chute: note: the game is saved in {saved}: '{command}' continues it\nchute: interrupted\n"
    )
    status, out, err = cli("assist", "--game", "termo", "--session", saved, "--resume", "--lang", "pt")
    assert status == 130 and "retomado depois de 1 linha: TORAS" in out
    assert err == f"chute: nota: o jogo está salvo em {saved}: '{command}' o continua\nchute: interrompido\n"

    def ctrl_c_at_once(prompt="> "):
        raise KeyboardInterrupt
        yield

    monkeypatch.setattr(console, "input_lines", ctrl_c_at_once)  # no row played: nothing to continue
    status, out, err = cli("assist", "--game", "termo", "--session", tmp_path / "new.json")
    assert (status, err) == (130, "chute: interrupted\n")


def test_assist_one_candidate_offers_nothing_else(cli, capsys, monkeypatch):
    from chute.game.feedback import score

    status, out, _ = assist(
        cli, f"{score('soare', 'crane')}\n{score('diact', 'crane')}\nanvil {score('anvil', 'crane')}\n"
    )
    last = out.splitlines()[-1]
    assert last.startswith("1 likely answer · 1 possible word · row 4/6 · try CRANE") and "also" not in last


def test_multi_board_assist_has_why(cli, capsys, monkeypatch):
    from chute.game.feedback import score

    secrets = ["cigar", "rebut"]
    first = "trace " + " ".join(score("trace", s) for s in secrets)
    status, out, err = assist(cli, f"{first}\nwhy cigar\nwhy rebut 2\nwhy xyzzy 1\n", "--game", "dordle")
    assert status == 0, err
    assert "board 1: CIGAR fits every clue" in out and "board 2: CIGAR cannot be the answer" in out
    assert "board 2: REBUT fits every clue" in out
    assert "XYZZY is not in the wordle word list" in out


def test_why_a_non_word_says_so(cli, capsys, monkeypatch):
    status, out, _ = assist(cli, "bbgyg\nwhy xyzzy\nwhy dicta\n")
    assert "XYZZY is not in the wordle word list" in out
    assert "DICTA cannot be the answer: it lacks E and R, which the answer has; the 3rd letter is A, not C" in out
    assert "Valid:" not in out and "Mask:" not in out


def test_assist_with_closed_or_missing_stdin_is_quiet(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "CHUTE_CACHE_DIR": str(tmp_path)}
    for extra in ({"stdin": subprocess.DEVNULL}, {"preexec_fn": lambda: os.close(0)}):
        proc = subprocess.run(
            [sys.executable, "-m", "chute", "assist", "--top", "1"],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            **({} if "stdin" in extra else {"stdin": subprocess.DEVNULL}),
            **{k: v for k, v in extra.items() if k != "stdin"},
        )
        assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
        assert "try TRACE" in proc.stdout  # the default policy's opener


def test_assist_on_a_terminal_edits_lines_saves_and_ends_cleanly(tmp_path):
    """Through a pseudo-terminal: arrow keys edit the line (readline), the game is saved, Ctrl-D ends on a new line."""
    import os
    import pty
    import select
    import sys
    import time

    env = {
        **os.environ,
        "CHUTE_CACHE_DIR": str(tmp_path / "cache"),
        "CHUTE_STATE_DIR": str(tmp_path / "state"),
        "NO_COLOR": "1",
        "TERM": "xterm",
    }
    pid, fd = pty.fork()
    if pid == 0:  # the child: chute assist on the terminal
        os.execve(sys.executable, [sys.executable, "-m", "chute", "assist", "-s", "entropy"], env)

    def read_until(marker: bytes, seconds: float = 60) -> bytes:
        got, end = b"", time.time() + seconds
        while marker not in got and time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                try:
                    got += os.read(fd, 4096)
                except OSError:
                    break
        return got

    try:
        assert b"try SOARE" in read_until(b"> ")
        os.write(fd, b"bbbb\x1b[Db\r")  # left arrow then one more b: 'bbbbb' with line editing
        screen = read_until(b"row 2/6")
        assert "SOARE ⬛⬛⬛⬛⬛  183 likely answers · 664 possible words".encode() in screen, screen
        saved = tmp_path / "state" / "assist-wordle.json"
        assert json.loads(saved.read_text())["history"][0]["guess"] == "soare"
        read_until(b"> ", 5)
        os.write(fd, b"\x04")  # Ctrl-D
        tail = read_until(b"continues it", 10)
        assert b"\n" in tail  # the shell prompt starts on a line of its own
        # said as Ctrl-C says it: where the game is, and the command that continues it
        assert b"the game is saved in" in tail and b"chute assist --resume" in tail, tail
    except BaseException:
        os.kill(pid, 9)  # a failed check must not leave the child waiting for input
        raise
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0


# ----- processes: a dead worker is retried or reported, never a hang -----------------------------------

_MARKER = {}


def _die_once(task):
    """Kill this worker the first time the marked task runs (a marker file remembers); return task * 2."""
    import os
    import signal

    marker = _MARKER["path"]
    if task == _MARKER.get("task", 3) and not marker.exists():
        marker.write_text("died")
        os.kill(os.getpid(), signal.SIGKILL)
    return task * 2


def _always_die(task):
    """Kill this worker on task 1, every time."""
    import os
    import signal

    if task == 1:
        os.kill(os.getpid(), signal.SIGKILL)
    return task


def test_a_dead_worker_is_retried_then_reported(tmp_path):
    from chute.errors import ChuteError
    from chute.parallel import run_tasks

    _MARKER["path"] = tmp_path / "marker"
    results = dict(run_tasks(_die_once, list(range(8)), 2))
    assert results == {i: 2 * i for i in range(8)} and _MARKER["path"].exists()
    # a death far down a long queue (most tasks not queued in the pool yet): every task still runs once
    _MARKER.update(path=tmp_path / "marker2", task=45)
    try:
        results = dict(run_tasks(_die_once, list(range(60)), 2))
    finally:
        del _MARKER["task"]
    assert results == {i: 2 * i for i in range(60)} and _MARKER["path"].exists()
    with pytest.raises(ChuteError, match="died twice"):
        list(run_tasks(_always_die, list(range(4)), 2))


def test_a_long_run_queues_a_few_tasks_per_worker_in_order(monkeypatch):
    """The pool is fed as tasks finish (each wait visits every queued future: 13,000 queued at once kept
    the parent of a proof busy on a whole core), in the tasks' order (a proof's order of promise)."""
    from concurrent.futures import ProcessPoolExecutor

    from chute import parallel

    submitted, yielded, most = [], [0], [0]
    submit = ProcessPoolExecutor.submit

    def counting_submit(pool, fn, *args):
        submitted.append(args[0])
        most[0] = max(most[0], len(submitted) - yielded[0])
        return submit(pool, fn, *args)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", counting_submit)
    results = {}
    for i, value in parallel.run_tasks(abs, [-t for t in range(300)], 2):
        results[i] = value
        yielded[0] += 1
    assert results == {t: t for t in range(300)}
    assert submitted == [-t for t in range(300)]
    assert 2 <= most[0] <= parallel.WINDOW * 2


def _children(pid):
    """Return the process ids whose parent is ``pid``."""
    import os

    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == pid:
                    out.append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    return out


def test_tree_jobs_survive_a_killed_worker(tmp_path):
    """chute tree --jobs 2: kill a worker mid-run; the run still ends, with the same table."""
    import os
    import signal
    import subprocess
    import sys
    import time

    lex = load_lexicon("wordle")
    answers, guesses = tmp_path / "a.txt", tmp_path / "g.txt"
    answers.write_text("\n".join(lex.answers[::3]) + "\n")
    guesses.write_text("\n".join(lex.guesses) + "\n")
    env = {**os.environ, "CHUTE_CACHE_DIR": str(tmp_path / "cache")}
    argv = [
        sys.executable,
        "-m",
        "chute",
        "tree",
        "--answers",
        str(answers),
        "--guesses",
        str(guesses),
        "--opener",
        "salet,crane,slate,trace",
        "--json",
    ]
    clean = subprocess.run(argv + ["--jobs", "1"], capture_output=True, text=True, env=env, timeout=300)
    assert clean.returncode == 0, clean.stderr
    proc = subprocess.Popen(argv + ["--jobs", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    killed = None
    deadline = time.time() + 120
    while killed is None and proc.poll() is None and time.time() < deadline:
        kids = _children(proc.pid)
        if kids:
            try:
                os.kill(kids[0], signal.SIGKILL)
                killed = kids[0]
            except ProcessLookupError:  # it ended on its own just now: try the next one
                pass
        time.sleep(0.01)
    out, err = proc.communicate(timeout=300)
    assert killed is not None, "the run ended before a worker could be killed"
    assert proc.returncode == 0 and "Traceback" not in err, err
    assert "a worker process died; running its" in err
    totals = lambda text: [(o["opener"], o.get("total")) for o in json.loads(text)["openers"]]
    assert totals(out) == totals(clean.stdout)


# ----- outputs: atomic, never over an input, for every game ------------------------------------------


def test_multi_board_bench_writes_csv_and_plot(cli, capsys, tmp_path):
    pytest.importorskip("matplotlib", reason="the plot extra (matplotlib) is part of the test extra")
    csv_path, png = tmp_path / "q.csv", tmp_path / "q.png"
    status, out, err = cli(
        "bench", "--game", "quordle", "--games", "6", "--hardest", "2", "--plot", png, "--csv", csv_path, "--quiet"
    )
    assert status == 0, err
    rows = csv_path.read_text().splitlines()
    assert rows[0] == "secret,guesses,solved,won,solved_at,sequence" and len(rows) == 7
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert out.count(" rows, solved:") + out.count(" rows, FAILED:") == 2  # --hardest 2
    # an option a multi-board bench has no use for is refused, never ignored
    for bad in (
        ["--per-game"],
        ["--tree", str(csv_path)],
        ["--weights", "uniform"],
        ["--max-guesses", "12"],
        ["--sample", "3"],
        ["--no-prefer-candidates"],
    ):
        status, out, err = cli("bench", "--game", "quordle", "--games", "2", *bad)
        assert_user_error(status, out, err)


def test_outputs_never_overwrite_inputs_or_each_other(cli, capsys, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(load_lexicon("wordle").answers[:40]) + "\n")
    before = words.read_bytes()
    status, out, err = cli("bench", "--answers", words, "--csv", words)
    assert_user_error(status, out, err, "--csv", "--answers")
    assert words.read_bytes() == before
    tree = tmp_path / "t.json"
    status, out, err = cli(
        "tree",
        "--answers",
        words,
        "--guesses",
        words,
        "--opener",
        load_lexicon("wordle").answers[0],
        "--out",
        tree,
        "--text",
        tree,
    )
    assert_user_error(status, out, err, "--text", "--out")
    assert not tree.exists()
    status, out, err = cli(
        "tree", "--answers", words, "--guesses", words, "--opener", load_lexicon("wordle").answers[0], "--out", tree
    )
    assert status == 0 and tree.exists()
    good = tree.read_bytes()
    status, out, err = cli("tree", "--check", tree, "--answers", words, "--guesses", words, "--dot", tree)
    assert_user_error(status, out, err, "--dot", "--check")
    assert tree.read_bytes() == good


def test_tree_text_on_stdout_keeps_talk_on_stderr(cli, capsys, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(load_lexicon("wordle").answers[:40]) + "\n")
    tree = tmp_path / "t.json"
    assert cli("tree", "--answers", words, "--guesses", words, "--out", tree, "--openers", "1")[0] == 0
    status, out, err = cli("tree", "--check", tree, "--answers", words, "--guesses", words, "--dot", "-")
    assert status == 0 and out.startswith("digraph") and "sound" in err
    status, out, err = cli("tree", "--check", tree, "--answers", words, "--guesses", words, "--dot", "-", "-q")
    assert out.startswith("digraph")


def test_a_failed_write_leaves_the_old_file(tmp_path):
    from chute.errors import ChuteError
    from chute.files import write_atomic

    target = tmp_path / "out.csv"
    target.write_text("the old good file\n")

    def broken(tmp):
        tmp.write_text("half a fi")
        raise OSError(28, "No space left on device")

    with pytest.raises(ChuteError, match="No space left"):
        write_atomic(target, broken)
    assert target.read_text() == "the old good file\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]  # no temp file left behind


def test_temp_files_of_dead_writers_are_swept(tmp_path):
    """kill -9 mid-write leaves a temp file; the next write in that folder removes it."""
    import subprocess
    import sys

    from chute.files import write_atomic

    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    ).stdout.strip()
    orphan = tmp_path / f".matrix.npy.{dead}.0badc0de.tmp"
    orphan.write_bytes(b"x" * 1000)
    mine = tmp_path / f".other.{__import__('os').getpid()}.12345678.tmp"  # a live writer's: kept
    mine.write_bytes(b"y")
    write_atomic(tmp_path / "new.txt", "hello")
    assert not orphan.exists() and mine.exists() and (tmp_path / "new.txt").read_text() == "hello"


# ----- bad input: one clear line, status 2 -----------------------------------------------------------


@pytest.mark.parametrize(
    "argv, words",
    [
        (["assist", "--top", "0"], ["--top", "at least 1"]),
        (["assist", "--top", "-1"], ["--top"]),
        (["suggest", "--top", "0"], ["--top"]),
        (["play", "crane", "--max-guesses", "0"], ["--max-guesses"]),
        (["play", "crane", "--max-guesses", "-1"], ["--max-guesses"]),
        (["bench", "--hardest", "-1"], ["--hardest"]),
        (["bench", "--jobs", "5000"], ["--jobs", "at most"]),
        (["bench", "--jobs", "99999999999999999999"], ["--jobs", "at most"]),
        (["tree", "--jobs", "0"], ["--jobs"]),
        (["bench", "--game", "quordle", "--jobs", "0"], ["--jobs"]),
        (["bench", "--seed", "-3"], ["--seed"]),
        (["bench", "--sample", "x1"], ["--sample", "whole"]),
        (["suggest", "--opener", "zzzzz"], ["zzzzz", "not an accepted"]),
        (["suggest", "--opener", ""], ["opener"]),
        (["bench", "--opener", "zzzzz"], ["zzzzz"]),
        (["tree", "--opener", ""], ["--opener"]),
        (["compare", "--strategies", "entropy:opener=zzzzz"], ["zzzzz"]),
        (["compare", "--strategies", "entropy:opener=crane:opener=slate"], ["twice"]),
        (["compare", "--strategies", "entropy,entropy"], ["twice"]),
        (["compare", "--game", "quordle"], ["compare plays one board"]),
        (["filter", "--words", "cigar", "xx"], ["'xx' has 2 letters"]),
        (["filter", "--words", "cigar", "x"], ["'x' has 1 letter, expected 5"]),  # one letter, not "1 letters"
        (["suggest", "a:b"], ["guess 'a' in 'a:b' has 1 letter, expected 5"]),
        (["filter", "a:g"], ["the clues have 1 letter;"]),
        (["score", "cigar", "a"], ["secret 'a' has 1 letter, but guess 'cigar' has 5"]),
        (["score", "--game", "termo", "a", "cigar"], ["guess 'a' has 1 letter; termo words have 5"]),
        (["filter", "--words", "cigar", "rebut1"], ["rebut1"]),
        (["suggest", "crane:ggyb"], ["4 tiles, expected 5"]),
        (["suggest", "ggyb"], ["4 tiles, expected 5"]),
        (["suggest", "crane:xbbbb"], ["unknown tile 'x'"]),
        (["score", "--game", "termo", "ab", "cd"], ["termo words have 5"]),
        (["score", "--game", "nope", "crane", "cigar"], ["unknown game"]),
        (["play", "--game", "quordle", "cigar", "rebut", "sissy", "humph", "--tree", "t.json"], ["one board"]),
    ],
)
def test_bad_options_are_one_line(cli, capsys, argv, words):
    status, out, err = cli(*argv)
    assert_user_error(status, out, err, *words)


def test_spaced_tiles_are_read(cli, capsys):
    status, out, _ = cli("suggest", "crane:g g y b b", "--top", "1")
    again = cli("suggest", "crane:ggybb", "--top", "1")[1]
    assert status == 0 and out == again
    status, out, _ = cli("suggest", "crane", "2 2 1 0 0", "--top", "1")
    assert status == 0 and out == again


def test_decomposed_accents_are_read(cli, capsys):
    nfd = unicodedata.normalize("NFD", "serão")
    assert len(nfd) == 6
    status, out, _ = cli("score", nfd, "termo")
    assert status == 0 and "SERÃO" in out
    status, out, _ = cli("filter", "--game", "termo", f"{nfd}:__c_i", "-q")
    assert status == 0 and out.split()[0] == "TIROU"


def test_huge_inputs_are_refused_quickly(cli, capsys, tmp_path):
    import time

    t0 = time.perf_counter()
    status, out, err = cli("suggest", "--answers", "/dev/zero")
    assert_user_error(status, out, err, "not a regular file")
    long_line = tmp_path / "long.txt"
    long_line.write_text("crane\n" + "a" * 10_000_000 + "\n")
    status, out, err = cli("filter", "--words-file", long_line)
    assert_user_error(status, out, err, "line 2", "not a word list")
    assert len(err) < 300  # the input is not echoed back
    status, out, err = cli("suggest", "crane:" + "g" * 1_000_000)
    assert_user_error(status, out, err)
    assert len(err) < 600
    assert time.perf_counter() - t0 < 30


def test_a_deeply_nested_tree_file_is_refused(cli, capsys, tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text('{"next": ' * 100_000 + "{}" + "}" * 100_000)
    for argv in (["tree", "--check", deep], ["play", "crane", "--tree", deep]):
        status, out, err = cli(*argv)
        assert_user_error(status, out, err, "deep")


def test_version_help_score_and_filter_do_not_load_numpy():
    import subprocess
    import sys

    code = (
        "import sys; from chute.cli import main; main(['--version']); main(['score', 'crane', 'cigar']);"
        "main(['filter', 'crane:bbbbb', '-q']); main(['filter', '--game', 'termo', 'serao:bbbbb']);"
        "print('numpy' in sys.modules, 'numba' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert out.strip().endswith("False False"), out


def test_a_command_loads_only_its_own_options_and_parses_as_the_whole_parser_does():
    """``chute score`` does not import the other commands' modules (40 ms a run); its arguments read the same."""
    import subprocess
    import sys

    from chute.cli import build_parser, command_modules

    code = (
        "import sys; from chute.cli import main; main(['score', 'crane', 'cigar']);"
        "print(sorted(m for m in sys.modules if m.startswith('chute.cli.cmd_')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert out.strip().endswith("['chute.cli.cmd_score']"), out
    whole = build_parser()
    for argv in (
        ["score", "crane", "cigar", "--json"],
        ["suggest", "crane:bbybb", "--hard", "--top", "3"],
        ["tree", "--openers", "2", "--exact"],
        ["review", "--share", "-", "--lang", "pt"],
        ["bench", "--games", "5", "--game", "quarteto", "--seed", "2"],
    ):
        assert vars(build_parser(argv[0]).parse_args(argv)) == vars(whole.parse_args(argv)), argv
    assert sorted(command_modules()) == sorted(whole._subparsers._group_actions[0].choices)


def test_counts_of_one_are_singular(cli, capsys):
    status, out, _ = cli("play", "crane", "--max-guesses", "1")
    assert status == 1 and out.rstrip().endswith("not found in 1 guess")
    status, out, _ = cli("bench", "--sample", "1", "--quiet")
    assert status == 0 and "  1 game (a sample" in out


def test_words_then_clues_and_clarity_hints(cli, capsys):
    status, out, _ = cli("filter", "--words", "cigar", "rebut", "crane:bbbbb", "--explain")
    assert status == 1 and "CIGAR   Invalid: has C--AR" in out and "No word in the list fits" in out
    status, out, _ = cli("filter", "soare:ggggb")
    assert status == 1 and "1 accepted guess fits (see --all): SOARS" in out
    status, out, _ = cli("suggest", "--depth", "2", "soare:bbbbb", "--top", "2")
    assert status == 0 and "2-row bits" in out


def _parallel_codes(block):
    """Return the pattern codes of a block of guesses against the answers (a worker process)."""
    from chute.game.pattern_codes import compute_codes

    lex = load_lexicon("wordle")
    return int(compute_codes(list(block), list(lex.answers), 5).sum(dtype=np.int64))  # threaded kernel


def test_workers_forked_after_a_parallel_kernel_survive():
    """The parent runs the threaded kernel, then forks workers that run it too (GNU OpenMP would kill them)."""
    from chute.game.pattern_codes import compute_codes
    from chute.parallel import run_tasks

    lex = load_lexicon("wordle")
    words = list(lex.guesses[:8000])
    compute_codes(words[:2000], list(lex.answers), 5)  # threaded, in this process
    blocks = [words[i : i + 2000] for i in range(0, 8000, 2000)]
    got = dict(run_tasks(_parallel_codes, blocks, 2))
    assert got == {i: _parallel_codes(b) for i, b in enumerate(blocks)}


def test_assist_session_must_be_a_file(cli, capsys, monkeypatch, tmp_path):
    status, out, err = assist(cli, "bbgyg\n", "--session", tmp_path)
    assert_user_error(status, out, err, "--session", "directory")


def test_outputs_write_into_devices_and_keep_symlinks(cli, capsys, tmp_path):
    """An output that is a device is written into, never replaced; a symlink keeps pointing at the new file."""
    import os
    import stat

    from chute.errors import ChuteError
    from chute.files import write_atomic

    write_atomic("/dev/null", "discarded\n")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    if os.path.exists("/dev/full"):
        with pytest.raises(ChuteError, match="No space left"):
            write_atomic("/dev/full", "x" * 100_000)
        assert stat.S_ISCHR(os.stat("/dev/full").st_mode)
    real, link = tmp_path / "real.csv", tmp_path / "link.csv"
    real.write_text("old\n")
    link.symlink_to(real)
    write_atomic(link, "new\n")
    assert link.is_symlink() and real.read_text() == "new\n"
    status, out, err = cli("bench", "--sample", "2", "--quiet", "--csv", "/dev/full")
    assert_user_error(status, out, err, "No space left")


def test_typing_a_game_name_as_a_guess_is_not_a_share_header(cli, capsys, monkeypatch):
    """TERMO and DUETO are words: typed alone (colours next) or with colours, they are a played row."""
    from chute.game.feedback import score
    from chute.game.share import is_header_line

    assert not is_header_line("termo") and not is_header_line("termo ggggg")
    assert is_header_line("joguei term.ooo/2 #96 4&5/7") and is_header_line("Daily Quordle 123")
    status, out, err = assist(cli, f"termo\n{score('termo', 'prato')}\n", "--game", "termo")
    assert status == 0 and "colours for TERMO?" in out and "TERMO " in out, err


def test_lists_too_large_for_the_memory_are_one_line_and_status_2(cli, capsys, monkeypatch, tmp_path):
    """A matrix that cannot fit is refused before it is allocated: one line, status 2, no traceback."""
    import chute.game.memory as memory_mod

    monkeypatch.setattr(memory_mod, "memory_limits", lambda: [(200 * 2**20, "this machine has {free} available")])
    status, out, err = cli("suggest", "--no-cache")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "pattern matrix of 14,855 guesses x 2,315 answers needs" in err and "shorter word lists" in err


def test_assist_reject_remembers_the_word_across_sessions(cli, capsys, monkeypatch, tmp_path):
    """reject WORD drops it from the suggestions and writes it to the user's list, read by the next session."""
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))
    status, out, err = assist(cli, "reject soare\nquit\n")
    assert status == 0 and "SOARE will not be suggested again" in out and "try ROATE" in out
    assert (tmp_path / "rejected-wordle.txt").read_text() == "soare\n"
    status, out, err = assist(cli, "quit\n")
    assert "try ROATE" in out and "try SOARE" not in out
    status, out, err = assist(cli, "reject zz\nquit\n")
    assert "not a word of 5 letters" in out + err


def test_assist_unreject_takes_a_refusal_back_and_keeps_the_rows(cli, capsys, monkeypatch, tmp_path):
    """unreject WORD (a refusal made by mistake): out of the user's list, suggested again, the rows played kept."""
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))
    (tmp_path / "rejected-wordle.txt").write_text("crane\nsoare\n")
    status, out, err = assist(cli, "unreject\nunreject soare\nquit\n")
    assert status == 0 and "refused now: CRANE, SOARE" in out and "SOARE may be suggested again" in out, err
    assert out.rstrip().endswith("try SOARE  (also ROATE, RAISE)")
    assert (tmp_path / "rejected-wordle.txt").read_text() == "crane\n"
    status, out, err = assist(cli, "reject soare\nroate bbbbb\nunreject soare\nlist\nquit\n")
    assert "SOARE may be suggested again" in out and "row 2/6" in out.split("may be suggested again")[1]
    status, out, err = assist(cli, "unreject roate\nunreject zz\nquit\n")
    assert status == 2 and "ROATE was not refused" in err and "not a word of 5 letters" in err
    assert (tmp_path / "rejected-wordle.txt").read_text() == "crane\n"
    status, out, err = assist(cli, "recusar serao\nreaceitar serao\nsair\n", "--game", "termo", "--lang", "pt")
    assert status == 0 and "SERÃO pode voltar a ser sugerida" in out, err


def test_refused_words_of_sessions_side_by_side_are_all_kept(cli, capsys, monkeypatch, tmp_path):
    """A word added by another session (the page, a second terminal) while assist runs is not lost when assist adds its own."""
    import io

    from chute.game.refused import refused_path, remember_refused

    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))
    path = refused_path("wordle")
    path.write_text("crane\n")

    class OtherSessionMeanwhile(io.StringIO):
        """Standard input whose first line arrives after another session refused SLATE."""

        def __next__(self):
            if self.tell() == 0:
                assert remember_refused(path, ["slate"]) == ["crane", "slate"]
            return super().__next__()

    monkeypatch.setattr("sys.stdin", OtherSessionMeanwhile("reject soare\nquit\n"))
    status, out, err = cli("assist", "-s", "entropy")
    assert status == 0 and "SOARE will not be suggested again" in out, err
    assert path.read_text() == "crane\nslate\nsoare\n"
    path.write_text("soare\n")  # the user takes CRANE and SLATE back by hand
    assert remember_refused(path, ["roate"]) == ["roate", "soare"]


def test_assist_reject_with_a_state_folder_it_cannot_write(cli, capsys, monkeypatch, tmp_path):
    """A state "folder" that is a file: the word is still dropped for the session, a note says why, no traceback."""
    blocked = tmp_path / "state"
    blocked.write_text("not a folder")
    monkeypatch.setenv("CHUTE_STATE_DIR", str(blocked))
    status, out, err = assist(cli, "reject soare\nquit\n")
    assert status == 0 and "SOARE will not be suggested again in this session" in out and "try ROATE" in out
    assert "cannot remember the refused words" in err and "Traceback" not in err
    assert blocked.read_text() == "not a folder"


@pytest.mark.parametrize(
    "argv",
    [
        ["suggest", "--game", "termo", "serao:bbbyb"],
        ["play", "crane"],
        ["play", "--game", "dueto", "ávido", "festa"],
        ["score", "crane", "trace"],
    ],
)
def test_an_ascii_console_gets_letters_not_a_traceback(argv):
    """A console that cannot print accents or emoji (PYTHONIOENCODING=ascii) still gets every line: tiles as letters."""
    import subprocess

    env = {**os.environ, "PYTHONIOENCODING": "ascii", "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "chute", *argv], capture_output=True, env=env, timeout=120, stdin=subprocess.DEVNULL
    )
    assert done.returncode == 0 and done.stderr == b"", done.stderr.decode("ascii", "replace")[-300:]
    out = done.stdout.decode("ascii")  # nothing but ASCII reached the console
    if argv[0] != "suggest":
        assert re.search(r"[A-Z?]{5} [gyb]{5}", out)


def test_an_ascii_console_reads_on_past_a_line_it_cannot_decode():
    """A typed accent on an ASCII console is one refused line; the lines after it are still read."""
    import subprocess

    env = {**os.environ, "PYTHONIOENCODING": "ascii", "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "chute", "assist", "--game", "termo", "--top", "1"],
        input="suíte bbbbb\ntoras bbbbb\n".encode(),
        capture_output=True,
        env=env,
        timeout=120,
    )
    err = done.stderr.decode("ascii").splitlines()
    assert done.returncode == 2 and len(err) == 1 and "neither colours nor a word" in err[0]  # a refused line: 2
    assert "row 2/6" in done.stdout.decode("ascii")  # TORAS was read as row 1


# -- a board whose answer chute does not know (the game's lists drift) ---------------------------------------------
# MULTI is not a word Wordle accepts (today's list or chute's): should the game add it, its clues fit no word chute has.
UNKNOWN_ROWS = ["tough:ybybb,bybby", "moist:gbyby,bybyb", "spilt:bbyyy,gybbb"]  # boards: MULTI, SHOPS


def test_a_board_whose_answer_chute_does_not_know_does_not_stop_the_others(cli, capsys):
    """The row is what the game showed: kept, that board's words are the strings its clues allow, the others play on."""
    status, out, err = cli("suggest", "--game", "dordle", *UNKNOWN_ROWS)
    assert (
        status == 0 and "likely answers/possible words 1: 8 strings of letters, 2: 0/2" in out and out.count("\n") > 5
    )
    assert "board 1: no word in the wordle lists fits the clues: spilt:bbyyy together with" in err
    assert "the answer is a word chute does not know: 8 strings of letters fit the clues" in err
    assert "MULTI" in out.splitlines()[1]  # the board's strings, the likeliest first
    # the known board solved: the unknown board's likeliest strings are the guesses (a traceback before)
    status, out, err = cli("suggest", "--game", "dordle", *UNKNOWN_ROWS, "shops:bbbbb,ggggg")
    assert (
        status == 0
        and "likely answers/possible words 1: 8 strings of letters, 2: solved" in out
        and "Traceback" not in err
    )
    table = out.split("solves")[1].split()
    assert "MULTI" in table and table[1] == "MUTIL"
    # one board alone: the strings, likeliest first, MULTI among them (an error before)
    status, out, err = cli("suggest", "tough:ybybb", "moist:gbyby", "spilt:bbyyy")
    assert (
        status == 0
        and "0 likely answers · 0 possible words · 8 strings of letters" in out
        and "MULTI" in out
        and "strings of letters" in err
    )
    # clues that contradict each other are refused, on one board or several
    status, out, err = cli("suggest", "--game", "dordle", *UNKNOWN_ROWS, "crane:ggggg,bbbbb")
    assert_user_error(status, out, err, "row 4", "conflicts with earlier clues")
    status, out, err = cli("suggest", "tough:ybybb", "moist:gbyby", "spilt:bbyyy", "crane:ggggg")
    assert_user_error(status, out, err, "conflicts with earlier clues")


def test_assist_plays_on_past_a_board_it_cannot_read(cli, capsys, monkeypatch):
    """A board whose answer chute lacks: its likeliest strings are suggested; one the game refuses is dropped."""
    script = (
        "\n".join(r.replace(":", " ").replace(",", " ") for r in UNKNOWN_ROWS)
        + "\nshops bbbbb ggggg\nwhy multi\nreject mutil\nmulti ggggg\n"
    )
    status, out, err = assist(cli, script, "--game", "dordle")
    assert status == 0 and "Traceback" not in err
    assert "try MUTIL  (also MULTI, MITUL)" in out
    assert "board 1: MULTI fits every clue: it could be the answer" in out
    assert "MUTIL is not a word of the game, so not its answer: dropped" in out
    assert "likely answers/possible words 1: 7 strings of letters, 2: solved · row 5/7 · try MULTI" in out
    assert "all 2 boards solved in 5" in out
    assert "rejected-wordle" not in out  # a string is not remembered as a refused word


def test_a_string_the_game_refused_stays_refused_when_the_game_is_resumed(cli, capsys, monkeypatch, tmp_path):
    """assist saves the game at a refused string (not only at a row): resumed, the next string is offered."""
    saved = tmp_path / "game.json"
    script = "tough ybybb\nmoist gbyby\nspilt bbyyy\nreject mutil\nquit\n"
    status, out, err = assist(cli, script, "--session", str(saved))
    assert status == 0 and "try MULTI" in out.splitlines()[-1]
    status, out, err = assist(cli, "quit\n", "--session", str(saved), "--resume")
    assert (
        status == 0
        and "0 likely answers · 0 possible words · 7 strings of letters · row 4/6 · try MULTI" in out
        and "MUTIL" not in out
    )


def test_assist_lists_the_likeliest_words_and_reads_slips_as_what_they_meant(cli, capsys, monkeypatch):
    """list: at most 200 words, then how many more; list x: a bad board number; a stray key among emoji tiles: colours."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("list\nlist x\n🟩🟩⬛⬛x\n:/=\n"))
    status, out, err = cli("assist")
    lines = out.splitlines()
    assert (
        lines[0].startswith("2,315 likely answers · 14,855 possible words · row 1/6")
        and lines[-1] == "... and 12,772 more, less likely"
    )
    assert len(" ".join(lines[1:-1]).split()) == 200
    assert status == 2 and err.splitlines() == [
        "chute: error: expected a board number, not 'x'",
        "chute: error: unknown tile 'x' in pattern '🟩🟩⬛⬛x' (use g/y/b, c/i/_, 2/1/0 or emoji tiles)",
        "chute: error: ':/=' is neither colours nor a word of 5 letters",
    ]


def test_assist_says_a_mistyped_row_in_portuguese(cli, capsys, monkeypatch):
    """--lang pt: the slips of a played row are said in Portuguese, each one line, and the game goes on."""
    script = "toras:bbyg\ntoras:🟩🟩⬛⬛x\ngy🟩bb\nrecusar abc\nrevisar\ntoras bbbyb\n"
    status, out, err = assist(cli, script, "--game", "termo", "--lang", "pt")
    assert status == 2 and err.splitlines() == [
        "chute: erro: as cores 'bbyg' têm 4 quadradinhos; eram esperados 5",
        "chute: erro: cor desconhecida 'x' em '🟩🟩⬛⬛x' (use g/y/b, c/i/_, 2/1/0 ou quadradinhos emoji)",
        "chute: erro: as cores 'gy🟩bb' misturam notações (emoji e g/y/b); use uma só: g/y/b, c/i/_, 2/1/0 ou "
        "quadradinhos emoji",
        "chute: erro: 'abc' não é uma palavra de 5 letras",
        "chute: erro: nenhuma linha jogada para revisar",
    ]
    assert "TORAS ⬛⬛⬛🟨⬛" in out
    status, out, err = assist(cli, "toras bbbbb bbbbb ggggg\n", "--game", "dueto", "--lang", "pt")
    assert err == "chute: erro: 3 padrões para 2 tabuleiros não resolvidos\n"
    status, _, err = cli("review", "--game", "dueto", "--lang", "pt", "--answer", "toras", "serao")
    assert status == 2 and err == "chute: erro: dueto tem 2 tabuleiros: dê 2 respostas (--answer A,B,...), não 1\n"
    status, _, err = cli("review", "--game", "termo", "--lang", "pt", "--answer", "sereia", "toras")
    assert status == 2 and err == "chute: erro: a resposta 'sereia' não é uma palavra de 5 letras\n"
    status, _, err = cli("review", "--game", "termo", "--answer", "sereia", "toras")
    assert status == 2 and err == "chute: error: the answer 'sereia' is not a word of 5 letters\n"


def test_assist_in_portuguese(cli, capsys, monkeypatch):
    """--lang pt: the loop talks Portuguese and reads its command names (none of five letters: a Termo word)."""
    script = "serao bygby\nporque carro\nlistar\nponto bgbgb\ndesfazer\n?\nsair\nponto bgbgb\n"
    status, out, err = assist(cli, script, "--game", "termo", "--lang", "pt")
    lines = out.splitlines()
    assert status == 0 and err == ""
    assert lines[0].startswith(
        "2.488 respostas prováveis · 18.210 palavras possíveis · linha 1/6 · tente "
    )  # entropy over the answers
    assert lines[1] == "SERÃO ⬛🟨🟩⬛🟨  18 respostas prováveis · 66 palavras possíveis"
    assert "CARRO não pode ser a resposta: não tem E, que a resposta tem" in out
    assert (
        "PONTO ⬛🟩⬛🟩⬛  3 respostas prováveis · 5 palavras possíveis" in out
        and "mais prováveis primeiro: MORTE FORTE CORTE" in out
    )
    assert "PONTO desfeita" in out and "Comandos: desfazer (volta a última linha)" in out
    assert out.count("PONTO ⬛🟩⬛🟩⬛") == 1  # 'sair' ended the session
    status, out, err = assist(cli, "crane ybyby bbbbb\nbbbby\n", "--game", "dordle", "--lang", "pt")
    assert "tabuleiro 2?" in out and "respostas prováveis/palavras possíveis 1: " in out and "tente " in out


def test_ctrl_c_while_the_commands_load_is_one_line(cli, capsys, monkeypatch):
    """Ctrl-C before a command runs (its modules still importing) is 'interrupted', 130, no traceback."""
    import chute.cli

    def interrupted(only=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(chute.cli, "build_parser", interrupted)
    status, out, err = cli("suggest")
    assert (status, out, err) == (130, "", "chute: interrupted\n")


HOOK = """import builtins, sys
real = builtins.__import__
def interrupted_at_argparse(name, *args, **kwargs):
    if name == "argparse":
        raise KeyboardInterrupt
    return real(name, *args, **kwargs)
builtins.__import__ = interrupted_at_argparse
"""


@pytest.mark.parametrize("start", ["script", "module"])
def test_ctrl_c_while_the_command_line_itself_imports_is_one_line(start):
    """Ctrl-C while the ``chute`` script (its installed entry point) or ``python -m chute`` imports the command
    line (argparse and the rest, ~40 ms): 'interrupted', 130, no traceback.  Only Python's own start-up is left."""
    import subprocess

    if start == "script":
        go = (
            "from importlib.metadata import entry_points\n"
            "run = next(e for e in entry_points(group='console_scripts') if e.name == 'chute').load()\n"
            "sys.exit(run())\n"
        )
    else:
        go = "import runpy\nrunpy.run_module('chute', run_name='__main__')\n"
    done = subprocess.run(
        [sys.executable, "-c", HOOK + go, "suggest"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "CHUTE_LANG": "pt"},
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "chute: interrompido\n"), done.stderr[-800:]


def test_output_into_a_closed_pipe_is_quiet():
    """`chute --help | head -1` and the like: output meeting a closed pipe stops quietly, status 0."""
    import subprocess

    for argv in (["--help"], ["filter", "crane:bbbbb"]):
        read_end, write_end = os.pipe()
        os.close(read_end)
        done = subprocess.run(
            [sys.executable, "-m", "chute", *argv], stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120
        )
        os.close(write_end)
        assert (done.returncode, done.stderr) == (0, ""), (argv, done.stderr[-500:])


def test_import_chute_loads_no_layer_and_every_public_name_stays_itself():
    """``import chute`` is light; after every module loads, each public name is still the function or class."""
    import importlib
    import pkgutil
    import subprocess
    import types

    probe = "import chute, sys; print(sorted(m for m in sys.modules if m.startswith('chute.')))"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "['chute.errors']"
    import chute

    for module in pkgutil.walk_packages(chute.__path__, "chute."):
        if "kernels" not in module.name and not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    for name in chute.__all__:
        assert not isinstance(getattr(chute, name), types.ModuleType), name
    assert chute.decode(chute.encode("gybbb"), 5) == "gybbb"


@pytest.mark.parametrize("content,argv", [("", []), ("# only a comment\n\n", []), ("crane\nabc\n", ["--length", "6"])])
def test_an_answer_file_without_a_word_is_named(cli, capsys, tmp_path, content, argv):
    """An --answers file that holds no word of the length is named (before: 'no 5-letter answers left in the
    wordle lexicon', as if --exclude had emptied the bundled list)."""
    path = tmp_path / "answers.txt"
    path.write_text(content, encoding="utf-8")
    for command in ("suggest", "bench"):
        status, out, err = cli(command, "--answers", path, *argv)
        assert_user_error(status, out, err, f"answer file {path} has no", "-letter word")


def test_the_command_line_starts_numpy_and_numba_without_idle_threads_unless_told_otherwise():
    """The ``chute`` process asks numpy's OpenBLAS for one thread and OpenMP for passive waiting before either
    loads (read at their start), and keeps whatever the caller set instead; importing the library sets nothing."""
    import subprocess

    probe = (
        "import os, sys\n"
        "import chute\n"
        "before = {k: os.environ.get(k) for k in ('OPENBLAS_NUM_THREADS', 'OMP_WAIT_POLICY')}\n"
        "from chute.__main__ import run\n"
        "assert 'numpy' not in sys.modules and 'numba' not in sys.modules\n"
        "sys.argv = ['chute', 'suggest', 'crane:bbbbb', '--json']\n"
        "status = run()\n"
        "assert 'numpy' in sys.modules\n"
        "print(before, {k: os.environ.get(k) for k in before}, status)\n"
    )
    base = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_WAIT_POLICY")}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, env=base)
    last = done.stdout.strip().splitlines()[-1]
    assert last == (
        "{'OPENBLAS_NUM_THREADS': None, 'OMP_WAIT_POLICY': None} "
        "{'OPENBLAS_NUM_THREADS': '1', 'OMP_WAIT_POLICY': 'PASSIVE'} 0"
    ), done.stderr[-500:]
    told = {**base, "OPENBLAS_NUM_THREADS": "2", "OMP_WAIT_POLICY": "ACTIVE"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, env=told)
    assert done.stdout.strip().splitlines()[-1].endswith("{'OPENBLAS_NUM_THREADS': '2', 'OMP_WAIT_POLICY': 'ACTIVE'} 0")
    done = subprocess.run(
        [sys.executable, "-m", "chute", "filter", "crane:bbbbb", "-q"],
        capture_output=True,
        text=True,
        timeout=120,
        env=base,
    )
    assert done.returncode == 0 and done.stdout.strip(), done.stderr[-500:]
