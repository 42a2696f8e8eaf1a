"""Shared fixtures: an isolated on-disk cache and state folder per test session, the reference data folder.

The reference data (the real 2022 Termo lists: a test, never a source) is read
from ``$CHUTE_SHARED_DIR/data/termo-2022`` when that variable is set, else
from ``../shared`` beside the checkout, or beside the checkout a local clone
was made from (``git clone . /tmp/fresh``); tests that need it skip, saying
where they looked, when it is absent.
"""

from __future__ import annotations

import os
import subprocess
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
        origin = subprocess.run(["git", "-C", str(REPO), "config", "--get", "remote.origin.url"],
                                capture_output=True, text=True, timeout=10).stdout.strip()
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
    whatever the machine's locale (the tests that want Portuguese ask for it)."""
    paths = {"CHUTE_CACHE_DIR": tmp_path_factory.mktemp("chute-cache"),
             "CHUTE_STATE_DIR": tmp_path_factory.mktemp("chute-state"), "CHUTE_LANG": "en"}
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
