"""Shared fixtures: an isolated on-disk cache and state folder per test session, the reference data folder,
chute's command line run in this process (``cli``), small seeded lists and engines over them (``small_lists``,
``small_engine``), and how much of a mapped file this process holds in memory (``resident``).

The reference data (the real 2022 Termo lists: a test, never a source) is read
from ``$CHUTE_SHARED_DIR/data/termo-2022`` when that variable is set, else
from ``../shared`` beside the checkout, or beside the checkout a local clone
was made from (``git clone . /tmp/fresh``); tests that need it skip, saying
where they looked, when it is absent.
"""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _shared_folder() -> Path:
    """Return the folder of the reference data: $CHUTE_SHARED_DIR, ``../shared``, or, when that is missing
    and this checkout is a local clone, ``shared`` beside the checkout it was cloned from."""
    if os.environ.get("CHUTE_SHARED_DIR"):
        return Path(os.environ["CHUTE_SHARED_DIR"])
    beside = REPO.parent / "shared"
    if beside.is_dir():
        return beside
    try:
        origin = subprocess.run(
            ["git", "-C", str(REPO), "config", "--get", "remote.origin.url"], capture_output=True, text=True, timeout=10
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return beside
    source = Path(origin.removeprefix("file://")) if origin and "://" not in origin.removeprefix("file://") else None
    if source is not None and source.is_dir() and (source.resolve().parent / "shared").is_dir():
        return source.resolve().parent / "shared"
    return beside


SHARED = _shared_folder()
TERMO_2022 = SHARED / "data" / "termo-2022"


@pytest.fixture(autouse=True, scope="session")
def _isolated_cache(tmp_path_factory):
    """Point chute's cache and saved games at fresh folders so tests never touch the user's; talk English
    whatever the machine's locale (the tests that want Portuguese ask for it); compile nothing ahead."""
    paths = {
        "CHUTE_CACHE_DIR": tmp_path_factory.mktemp("chute-cache"),
        "CHUTE_STATE_DIR": tmp_path_factory.mktemp("chute-state"),
        "CHUTE_LANG": "en",
        "CHUTE_COMPILE_AHEAD": "0",
    }  # no command compiles ahead in the background (tests ask for it)
    old = {k: os.environ.get(k) for k in paths}
    os.environ.update({k: str(v) for k, v in paths.items()})
    yield paths["CHUTE_CACHE_DIR"]
    for k, v in old.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


@pytest.fixture
def termo_2022() -> Path:
    """Return the folder of the real Termo lists, skipping the test when it is absent."""
    if not (TERMO_2022 / "answers.txt").is_file():
        pytest.skip(f"the real Termo lists are not at {TERMO_2022} (set CHUTE_SHARED_DIR to the shared folder)")
    return TERMO_2022


@pytest.fixture
def cli(capsys, monkeypatch):
    """Return a runner of chute commands in this process: ``cli(*argv, stdin=None)`` gives (status, stdout,
    stderr); ``stdin`` is read as a file, not a terminal; an argparse error gives its exit status."""
    from chute.cli import main

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("FORCE_COLOR", raising=False)

    def run(*argv, stdin: str | None = None) -> tuple[int, str, str]:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        try:
            status = main([str(a) for a in argv])
        except SystemExit as exit_:
            status = exit_.code
        out, err = capsys.readouterr()
        return status, out, err

    return run


def sample_lexicon(seed: int, n_answers: int, n_extra: int, name: str | None = None):
    """Return small seeded lists drawn from Wordle's: ``n_answers`` answers, and as many other accepted
    guesses again as ``n_extra``."""
    from chute import Lexicon, load_lexicon

    wordle = load_lexicon("wordle")
    rnd = random.Random(seed)
    answers = rnd.sample(wordle.answers, n_answers)
    extra = rnd.sample(sorted(set(wordle.guesses) - set(answers)), n_extra)
    return Lexicon(name or f"small{seed}", 5, tuple(answers), tuple(sorted(answers + extra)))


@pytest.fixture(scope="session")
def small_lists():
    """Return ``sample_lexicon``: small seeded lists drawn from Wordle's, ``small_lists(seed, answers, extra)``."""
    return sample_lexicon


@pytest.fixture(scope="session")
def small_engine():
    """Return a builder of engines over small lists: ``small_engine(words)`` (answers = guesses), or
    ``small_engine(seed=S, answers=A, extra=E)`` (seeded lists drawn from Wordle's); not cached on disk
    unless ``cache_dir`` is given."""
    from chute import Engine, words_lexicon

    def build(words=None, *, seed: int = 0, answers: int = 60, extra: int = 140, cache_dir=None):
        lexicon = words_lexicon(words) if words is not None else sample_lexicon(seed, answers, extra)
        if cache_dir is not None:
            return Engine.build(lexicon, cache_dir=cache_dir)
        return Engine.build(lexicon, cache=False)

    return build


@pytest.fixture
def resident():
    """Return ``resident(path)``: how many KiB of the file at ``path`` this process holds mapped in memory (its
    resident pages, from Linux's ``/proc/self/smaps``); skip where the system does not say."""
    smaps = Path("/proc/self/smaps")
    if not smaps.exists():
        pytest.skip("needs /proc/self/smaps (Linux) to read which pages of a mapped file are in memory")

    def kib(path) -> int:
        total, inside = 0, False
        for line in smaps.read_text().splitlines():
            if line[:1] in "0123456789abcdef" and "-" in line.split(" ", 1)[0]:
                inside = line.rstrip().endswith(" " + str(path))
            elif inside and line.startswith("Rss:"):
                total += int(line.split()[1])
        return total

    return kib
