"""Redraw docs/page.png, the README's picture of the page: Wordle after SOARE and UNTIL.

    python scripts/draw_page.py     # needs chute[web,test] and a Chromium (Debian's, as the tests use)
"""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

from chute.web import running


def play_row(page, word: str, pattern: str) -> None:
    """Type a word, click its tiles to the colours, press Enter and wait for the page's answer."""
    rows = int(page.evaluate("document.body.dataset.ready"))
    page.keyboard.type(word)
    for i, colour in enumerate(pattern):
        for _ in range({"b": 0, "y": 1, "g": 2}[colour]):
            page.click(f".input-row .tile[data-board='0'][data-pos='{i}']")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"body[data-ready='{rows + 1}']")


def main() -> None:
    """Draw the picture."""
    with running() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"))
        page = browser.new_page(viewport={"width": 1280, "height": 880}, locale="en-US")
        page.goto(url + "/")
        page.wait_for_selector("body[data-ready]")
        play_row(page, "soare", "bbbbb")
        play_row(page, "until", "bbyyb")
        page.mouse.click(5, 870)          # no tile keeps the focus ring
        page.screenshot(path=str(Path(__file__).resolve().parents[1] / "docs" / "page.png"))
        browser.close()


if __name__ == "__main__":
    main()
