"""Redraw the pictures of the page in docs/: a game in progress (the README's), a game won with its review,
a Quarteto and an Octordle round, and Absurdle cornered, each at desktop width and at a phone's.

    python scripts/draw_page.py     # needs chute[web,test] and a Chromium (Debian's, as the tests use)

The page runs on a real server with a history folder of its own (the pictures never show, or change, yours).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

DOCS = Path(__file__).resolve().parents[1] / "docs"
DESKTOP = {"width": 1280, "height": 880}
PHONE = {"width": 375, "height": 812}
WAIT_MS = 120_000  # a first review on a fresh machine compiles its search


def play_row(page, word: str, patterns: list[str]) -> None:
    """Type a word, click each open board's tiles to the colours, press Enter and wait for the page's answer."""
    rows = int(page.evaluate("document.body.dataset.ready"))
    page.keyboard.type(word)
    boards = page.locator(".input-row .tile[data-pos='0']").evaluate_all("ts => ts.map((t) => t.dataset.board)")
    for board, pattern in zip(boards, patterns):
        for i, colour in enumerate(pattern):
            for _ in range({"b": 0, "y": 1, "g": 2}[colour]):
                page.click(f".input-row .tile[data-board='{board}'][data-pos='{i}']")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"body[data-ready='{rows + 1}']")


def new_game(page, url: str, game: str) -> None:
    """Open the page in English on a new game of ``game`` and wait for its first suggestions."""
    page.goto(url + "/")
    page.wait_for_selector("body[data-ready]")
    if page.locator("#lang").inner_text() == "EN":
        page.click("#lang")
    page.select_option("#game", game)
    page.click("#new")
    page.wait_for_selector(f"body[data-game='{game}'][data-ready='0'][data-asking='0']")


def in_progress(page, url: str) -> None:
    """Wordle after SOARE and UNTIL."""
    new_game(page, url, "wordle")
    play_row(page, "soare", ["bbbbb"])
    play_row(page, "until", ["bbyyb"])


def won_and_reviewed(page, url: str) -> None:
    """Wordle won in three, its review opened by itself."""
    from chute.game.feedback import score

    new_game(page, url, "wordle")
    for word in ("crane", "moist", "joint"):
        play_row(page, word, [score(word, "joint")])
    page.wait_for_selector("#review[data-skill]", timeout=WAIT_MS)


def quarteto(page, url: str) -> None:
    """Quarteto after two rows, one board solved."""
    from chute.game.feedback import score

    secrets = ["termo", "suite", "avido", "festa"]
    new_game(page, url, "quarteto")
    play_row(page, "serao", [score("serao", s) for s in secrets])
    play_row(page, "festa", [score("festa", s) for s in secrets])


def octordle(page, url: str) -> None:
    """Octordle after three rows, a board solved."""
    from chute.game.feedback import score

    secrets = ["crane", "pious", "dumpy", "lofty", "bobby", "hello", "jolly", "cigar"]
    new_game(page, url, "octordle")
    for word in ("trace", "slimy", "crane"):
        play_row(
            page,
            word,
            [
                score(word, s)
                for s in secrets
                if s not in ("trace", "slimy", "crane")[: ("trace", "slimy", "crane").index(word)]
            ],
        )


def absurdle(page, url: str) -> None:
    """Absurdle cornered in four rows, chute's own line."""
    new_game(page, url, "absurdle")
    for k, word in enumerate(("olate", "rinds", "gimpy", "chuck"), 1):
        page.keyboard.type(word)
        page.keyboard.press("Enter")
        page.wait_for_selector(f"body[data-ready='{k}']")


def main() -> None:
    """Draw the pictures."""
    os.environ["CHUTE_STATE_DIR"] = tempfile.mkdtemp(prefix="chute-pictures-")
    from chute.web import running

    shots = [
        ("page", in_progress),
        ("page-review", won_and_reviewed),
        ("page-quarteto", quarteto),
        ("page-octordle", octordle),
        ("page-absurdle", absurdle),
    ]
    with running() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"))
        for size, suffix in ((DESKTOP, ""), (PHONE, "-phone")):
            page = browser.new_page(viewport=size, locale="en-US")
            page.set_default_timeout(WAIT_MS)
            for name, draw in shots:
                draw(page, url)
                page.mouse.click(2, 2)  # no tile keeps the focus ring
                page.screenshot(path=str(DOCS / f"{name}{suffix}.png"), full_page=bool(suffix) or name != "page")
                print(f"docs/{name}{suffix}.png")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
