"""Shared fixtures: an isolated on-disk cache per test session, the reference data folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TERMO_2022 = REPO.parent / "shared" / "data" / "termo-2022"


@pytest.fixture(autouse=True, scope="session")
def _isolated_cache(tmp_path_factory):
    """Point chute's cache at a fresh directory so tests never touch the user's cache."""
    path = tmp_path_factory.mktemp("chute-cache")
    old = os.environ.get("CHUTE_CACHE_DIR")
    os.environ["CHUTE_CACHE_DIR"] = str(path)
    yield path
    if old is None:
        os.environ.pop("CHUTE_CACHE_DIR", None)
    else:
        os.environ["CHUTE_CACHE_DIR"] = old


@pytest.fixture
def termo_2022() -> Path:
    """Return the folder of the real Termo lists, skipping the test when it is absent."""
    if not (TERMO_2022 / "answers.txt").is_file():
        pytest.skip("reference data ../shared/data/termo-2022 not present")
    return TERMO_2022
