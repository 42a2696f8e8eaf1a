"""The web page in a real browser: headless Chromium (Debian's) driven by Playwright against a real server.

Skipped, saying why, when Playwright or a Chromium is missing; ``CHUTE_REQUIRE_BROWSER=1`` (set by
``.ci/run``) turns that skip into a failure.  Each test saves a screenshot in ``test-artifacts/``
(``CHUTE_ARTIFACTS`` overrides it).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CANDIDATES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser")


def _chromium() -> str | None:
    """Return the path of a Chromium to drive, or None."""
    env = os.environ.get("CHUTE_CHROMIUM")
    if env:
        return env
    for path in CANDIDATES:
        if os.path.exists(path):
            return path
    return shutil.which("chromium")


def _missing() -> str | None:
    """Return why the browser tests cannot run here (None: they can)."""
    try:
        import playwright  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as err:
        return f"{err.name} is not installed (pip install -e '.[test]')"
    if _chromium() is None:
        return "no Chromium found (Debian: apt-get install chromium; or set CHUTE_CHROMIUM)"
    return None


REASON = _missing()
if REASON and os.environ.get("CHUTE_REQUIRE_BROWSER") == "1":
    pytest.fail(f"browser tests required but cannot run: {REASON}", pytrace=False)
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")
FIRST_SEARCH_MS = 120_000
ARTIFACTS = Path(os.environ.get("CHUTE_ARTIFACTS", Path(__file__).resolve().parents[2] / "test-artifacts"))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Launch Debian's Chromium by path (Playwright cannot download its own here)."""
    return {**browser_type_launch_args, "executable_path": _chromium()}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Let Playwright's ``wait_for_function`` (it evaluates a string) run under the page's Content Security Policy;
    ``test_the_page_runs_under_its_own_content_security_policy`` keeps the policy on."""
    return {**browser_context_args, "bypass_csp": True}


@pytest.fixture(scope="module")
def server():
    """Return the URL of a real chute server (uvicorn on 127.0.0.1, a free port) for this module."""
    from chute.web import running

    with running() as url:
        yield url + "/"


def shot(page, name: str) -> None:
    """Save a screenshot of the page as a test artefact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def open_game(page, server: str, game: str) -> None:
    """Load the page in English and pick a game; wait for its first suggestions."""
    # a server answer may wait for a kernel's first compilation (a fresh clone, two busy cores): up to a
    # review's time, not Playwright's 30 s (CI once timed out on a first row while another worker compiled)
    page.set_default_timeout(FIRST_SEARCH_MS)
    page.goto(server)
    page.wait_for_selector("body[data-ready='0']")
    if page.locator("#lang").inner_text() == "EN":
        page.click("#lang")
    page.select_option("#game", game)
    page.wait_for_selector(f"body[data-game='{game}'][data-ready='0'][data-asking='0']")
    page.wait_for_function("document.querySelector('#suggestions tbody tr') !== null")


def open_boards(page) -> list[str]:
    """Return the numbers of the boards whose row is being typed (each input tile is named by its board's own)."""
    return page.locator(".input-row .tile[data-pos='0']").evaluate_all("ts => ts.map((t) => t.dataset.board)")


def type_row(page, word: str, patterns: list[str]) -> None:
    """Type a word and click each open board's tiles to the colours (Enter not pressed)."""
    page.keyboard.type(word)
    for board, pattern in zip(open_boards(page), patterns):
        for i, colour in enumerate(pattern):
            clicks = {"b": 0, "y": 1, "g": 2}[colour]
            for _ in range(clicks):
                page.click(f".input-row .tile[data-board='{board}'][data-pos='{i}']")


def play_row(page, word: str, patterns: list[str]) -> None:
    """Type a word, click each open board's tiles to the colours, press Enter, and wait for the answer."""
    rows = int(page.evaluate("document.body.dataset.ready"))
    type_row(page, word, patterns)
    page.keyboard.press("Enter")
    page.wait_for_selector(f"body[data-ready='{rows + 1}']")


def test_type_a_guess_click_the_colours_and_read_the_suggestions(page, server):
    from chute import Engine, Solver, load_lexicon, parse_clue
    from chute.playing.solver import DEFAULT_PRIOR, DEFAULT_STRATEGY

    open_game(page, server, "wordle")
    first = page.locator("#suggestions tbody tr td.word").first.inner_text().lower()
    play_row(page, "soare", ["bbbbb"])
    play_row(page, "until", ["bbyyb"])
    # the words left as everywhere: the answer list's that fit, and every accepted word's (a later one among them)
    assert page.locator("#left-count").inner_text() == "11 likely answers · 31 possible words"
    shown = [w.lower() for w in page.locator("#suggestions tbody td.word").all_inner_texts()]
    solver = Solver(Engine.build(load_lexicon("wordle")), DEFAULT_STRATEGY, prior=DEFAULT_PRIOR)
    want = solver.suggest([parse_clue("soare:bbbbb"), parse_clue("until:bbyyb")], top=10)
    assert shown == [r.guess for r in want.ranked] and first == solver.first_guess()
    tiles = page.locator(".board .row").nth(1).locator(".tile")
    assert tiles.nth(2).get_attribute("aria-label") == "t, yellow"  # state as text for screen readers
    assert "b" in page.locator(".key[aria-label^='u']").first.get_attribute("class").split()
    assert page.locator("#fifth-label").inner_text() == "worst" and page.locator("#left .group .label").count() == 0
    shot(page, "wordle-two-rows")


def test_a_whole_termo_game_with_accents(page, server):
    from chute.game.feedback import score

    open_game(page, server, "termo")
    # the ranking's note is the server's sentence: asked again in Portuguese when the page switches
    page.wait_for_function("document.querySelector('#notes').textContent.includes('opens the best proven plan')")
    page.click("#lang")
    page.wait_for_function("document.querySelector('#notes').textContent.includes('abre o melhor plano provado')")
    assert "2.488 respostas em até 6 linhas, 3,4172 palpites" in page.locator("#notes").inner_text()
    page.click("#lang")
    page.wait_for_function("document.querySelector('#notes').textContent.includes('opens the best proven plan')")
    answer = "suíte"
    for word in ("serao", "tinto", "suite"):
        play_row(page, word, [score(word, "suite")])
    first_row = page.locator(".board .row").first.locator(".tile")
    assert first_row.nth(3).get_attribute("aria-label").startswith("ã")  # typed plain, shown with accents
    assert page.locator(".board .row").nth(2).locator(".tile").nth(2).inner_text().lower() == "í"
    assert "solved" in (page.locator(".board").first.get_attribute("class") or "")
    assert page.locator("#left-title").is_hidden() and page.locator("#left button").count() == 0  # won: no "0 left"
    assert page.locator("#sugg-title").is_hidden()  # nor an empty table
    page.click("#lang")
    assert page.locator("#undo").inner_text() == "Desfazer"
    # everything the page says follows the language: the tiles' spoken colours, the hints, why not
    assert first_row.nth(0).get_attribute("aria-label") == "s, verde"
    assert page.locator("#share-guesses").get_attribute("placeholder") == "palpites (opcional)"
    assert page.locator("#keyboard").get_attribute("aria-label") == "teclado"
    page.fill("#why-word", "carro")
    page.click("#why-form button")
    page.wait_for_function("document.querySelector('#why-answer').textContent.length > 0")
    assert (
        page.locator("#why-answer")
        .inner_text()
        .startswith("CARRO não pode ser a resposta: não tem E, I, S, T e U, que a resposta tem")
    )
    shot(page, "termo-won")
    assert answer


def test_a_quarteto_round(page, server):
    from chute.game.feedback import score

    open_game(page, server, "quarteto")
    secrets = ["termo", "suite", "avido", "festa"]
    assert page.locator(".board").count() == 4
    play_row(page, "serao", [score("serao", s) for s in secrets])
    # the words left per board: a count each, and a group of words each, named by its number
    # likely answers/possible words per board, the key said once
    counts = [
        [int(n.replace(",", "")) for n in c.split("/")] for c in page.locator("#left-count").inner_text().split(" · ")
    ]
    assert len(counts) == 4 and all(1 < likely <= possible for likely, possible in counts)
    assert (
        page.locator("#left-key").inner_text() == "likely answers/possible words"
        and page.locator("#suggestions tbody tr").count() > 0
    )
    groups = page.locator("#left .group")
    assert groups.count() == 4 and groups.nth(2).locator(".label").inner_text() == "3"
    assert groups.nth(2).get_attribute("aria-label") == "board 3"
    # each board lists its likeliest words and says how many more fit: the possible words, all accounted for
    for i, (_, possible) in enumerate(counts):
        listed = groups.nth(i).locator("button").count()
        told = [
            int(n.replace(",", "")) for t in groups.nth(i).locator(".note").all_inner_texts() for n in t.split()[1:2]
        ]
        assert listed <= 40 and listed + sum(told) == possible, (i, listed, told, possible)
    assert any("more, less likely" in t for t in page.locator("#left .note").all_inner_texts())
    assert page.locator("#fifth-label").inner_text() == "bits"  # no single worst case on four boards
    # "why not" answers for every open board, a line each
    page.fill("#why-word", "termo")
    page.click("#why-form button")
    page.wait_for_function("document.querySelector('#why-answer').textContent.includes('board 4')")
    lines = page.locator("#why-answer").inner_text().splitlines()
    assert len(lines) == 4 and lines[0] == "board 1: TERMO fits every clue: it could be the answer"
    assert lines[1].startswith("board 2: TERMO cannot be the answer")
    # E is green on TERMO and FESTA, yellow on SUÍTE, absent from ÁVIDO: its key shows a stripe per board
    key = page.locator("#keyboard .key", has_text="e").first
    assert "split" in key.get_attribute("class") and "linear-gradient" in key.get_attribute("style")
    assert key.get_attribute("aria-label") == "e, board 1 green, board 2 yellow, board 3 grey, board 4 green"
    r_key = page.locator("#keyboard .key", has_text="r").first  # R: green on every board but SUÍTE's grey
    assert "split" in r_key.get_attribute("class")
    shot(page, "quarteto-round")
    # in Portuguese the column names and the figures follow the language (3,642; 2.198)
    score_cell = page.locator("#suggestions tbody tr").first.locator("td").nth(2)
    assert "." in score_cell.inner_text() and "," not in score_cell.inner_text()
    page.click("#lang")
    assert page.locator("#score-label").inner_text() == "pontuação conjunta"
    assert "," in score_cell.inner_text() and "." not in score_cell.inner_text()
    assert page.locator("#keyboard .key", has_text="e").first.get_attribute("aria-label").startswith("e, tabuleiro 1")


def test_hard_mode_then_several_boards_plays_them_in_normal_mode(page, server):
    """Hard mode chosen on Wordle, then Quarteto: the mode shows normal (several boards have none), the boards play."""
    from chute.game.feedback import score

    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_game(page, server, "wordle")
    page.select_option("#mode", "hard")
    page.wait_for_selector("body[data-game='wordle'][data-ready='0']")
    page.select_option("#game", "quarteto")
    page.wait_for_selector("body[data-game='quarteto'][data-ready='0']")
    assert page.eval_on_selector("#mode", "m => [m.value, m.disabled]") == ["normal", True]
    assert page.locator("#message").inner_text() == ""
    secrets = ["termo", "suite", "avido", "festa"]
    play_row(page, "serao", [score("serao", s) for s in secrets])  # clicks the tiles of all four boards
    assert len(page.locator("#left-count").inner_text().split(" · ")) == 4 and errors == []
    page.select_option("#game", "wordle")
    page.wait_for_selector("body[data-game='wordle'][data-ready='0']")
    assert page.eval_on_selector("#mode", "m => m.disabled") is False


def test_a_late_answer_to_the_game_left_behind_is_ignored(page, server):
    """A row sent on Wordle, then Quarteto chosen before its answer came: the late Wordle answer leaves Quarteto be."""
    from chute.game.feedback import score

    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.add_init_script("""
      const fetched = window.fetch;
      window.fetch = async (url, options) => {      // the server answers Wordle late
        const reply = await fetched(url, options);
        if (window.slowWordle && options && String(options.body).includes('"game":"wordle"'))
          await new Promise((done) => setTimeout(done, 1500));
        return reply;
      };""")
    open_game(page, server, "wordle")
    play_row(page, "crane", [score("crane", "cigar")])
    page.evaluate("window.slowWordle = true")
    page.click("#review-game")  # a review, a why and a row of Wordle, all answered late
    page.fill("#why-word", "cigar")
    page.click("#why-form button")
    type_row(page, "pious", [score("pious", "cigar")])
    page.keyboard.press("Enter")
    page.select_option("#game", "quarteto")
    page.wait_for_selector("body[data-game='quarteto'][data-ready='0']")
    page.wait_for_timeout(2500)  # the Wordle answers have come, and were set aside
    assert errors == [] and page.evaluate("[S.game.name, S.rows.length, S.data.boards.length]") == ["quarteto", 0, 4]
    assert page.locator("#review").inner_text() == "" and page.locator("#why-answer").inner_text() == ""
    assert len(page.locator("#left-count").inner_text().split(" · ")) == 4
    play_row(page, "serao", [score("serao", s) for s in ["termo", "suite", "avido", "festa"]])
    assert errors == []
    page.select_option("#game", "wordle")  # its boards drawn at once, before its late answer
    assert page.locator(".board").count() == 1
    page.click(".input-row .tile[data-board='0'][data-pos='0']")
    page.keyboard.press(" ")
    page.wait_for_selector("body[data-game='wordle'][data-ready='0']")
    assert errors == []


def test_colours_clicked_before_the_reply_are_kept_by_their_board(page, server):
    """Dueto: TERMO sent (shown sent at once; the suggestions say they are being worked out), SERÃO typed and
    its colours clicked on board 2 before the reply (which solves board 1) comes: the reply keeps the clicks on
    board 2 (it used to reset them to grey, and the row went out wrong), and the keyboard's focus on its tile."""
    from chute.game.feedback import score

    open_game(page, server, "dueto")
    held = []
    page.route("**/api/suggest", lambda route: held.append(route))  # the reply waits until the test lets it go
    type_row(page, "termo", [score("termo", "termo"), score("termo", "serao")])
    page.keyboard.press("Enter")
    while not held:
        page.wait_for_timeout(50)
    assert page.locator(".board").nth(1).locator(".row:not(.input-row)").count() == 1  # the row sent, at once
    section = page.locator("section", has=page.locator("#suggestions"))
    assert section.get_attribute("aria-busy") == "true"  # a screen reader hears the list is changing ...
    page.wait_for_selector("#thinking", state="visible")  # ... and the screen says it, past a blink
    assert page.locator("#thinking").inner_text() == "ranking the guesses…"
    page.keyboard.type("serao")  # the next row, before the reply: it starts grey
    assert page.locator(".input-row .tile[data-board='1'][data-pos='1']").get_attribute("aria-label") == "e, grey"
    type_row(page, "", [score("serao", "termo"), "ggggg"])  # both boards are still open on the page
    page.focus(".input-row .tile[data-board='1'][data-pos='2']")  # a keyboard player on board 2's third tile
    held.pop().continue_()
    page.unroute("**/api/suggest")
    page.wait_for_selector("body[data-ready='1']")
    # the reply solved board 1 and redrew the row: the focus is still on board 2's third tile
    assert page.evaluate("[document.activeElement.dataset.board, document.activeElement.dataset.pos]") == ["1", "2"]
    assert section.get_attribute("aria-busy") == "false" and page.locator("#thinking").is_hidden()
    assert page.locator(".board").nth(0).get_attribute("class") == "board solved"
    board_2 = page.locator(".input-row .tile[data-board='1']")  # board 2, the one board left open
    assert [board_2.nth(i).get_attribute("aria-label") for i in range(5)] == [f"{c}, green" for c in "serao"]
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready='2']")
    assert page.evaluate("[S.data.over, S.data.boards.map((b) => b.solved)]") == [True, [True, True]]


def test_a_review_being_graded_says_so_and_takes_no_second_click(page, server):
    """While /api/review answers (slowed here by 1.5 s), the review says it is grading and its buttons wait."""
    from chute.game.feedback import score

    page.add_init_script("""
      const fetched = window.fetch;
      window.fetch = async (url, options) => {
        const reply = await fetched(url, options);
        if (String(url).endsWith('/api/review')) await new Promise((done) => setTimeout(done, 1500));
        return reply;
      };""")
    open_game(page, server, "wordle")
    play_row(page, "crane", [score("crane", "cigar")])
    play_row(page, "cigar", ["ggggg"])
    page.click("#review-game")
    assert page.locator("#review").inner_text().startswith("Grading the game")
    assert page.locator("#review").get_attribute("aria-busy") == "true"
    assert page.locator("#review-game").is_disabled() and page.locator("#share-go").is_disabled()
    page.wait_for_selector("#review[data-skill]", timeout=FIRST_SEARCH_MS)
    assert page.locator("#review").get_attribute("aria-busy") == "false"
    assert page.locator("#review-game").is_enabled() and page.locator("#review tbody tr").count() == 2


def test_paste_a_share_text_and_read_the_review(page, server):
    open_game(page, server, "wordle")
    page.fill("#share-text", "Wordle 1,234 3/6\n\n⬛⬛🟨🟨⬛\n🟨🟩⬛🟩⬛\n🟩🟩🟩🟩🟩\n")
    page.fill("#share-answer", "cigar")
    page.fill("#share-guesses", "soare riyal cigar")
    page.click("#share-go")
    # the first review of a fresh checkout compiles the tree search's kernels (about 10 s on
    # two loaded cores): a longer guard against a hang than Playwright's default 30 s
    page.wait_for_selector("#review[data-skill]", timeout=FIRST_SEARCH_MS)
    from chute import Engine, load_lexicon, review

    want = review(Engine.build(load_lexicon("wordle")), ["soare", "riyal", "cigar"], "cigar")
    assert page.locator("#review").get_attribute("data-skill") == str(want.skill)
    assert page.locator("#review svg").count() == 1 and page.locator("#review tbody tr").count() == 3
    assert all(h.strip() for h in page.locator("#review th").all_text_contents())  # a screen reader names every column
    shot(page, "review")
    # words that do not make the grid's colours are refused, as the command line refuses them
    page.fill("#share-guesses", "soare hempy cigar")
    page.click("#share-go")
    page.wait_for_function("document.querySelector('#review').textContent.includes('HEMPY against CIGAR shows')")
    assert page.locator("#review").get_attribute("data-skill") is None
    # an answer chute does not know (MULTI): the rows it can grade, and the notes that say why not the rest
    page.fill("#share-text", "Wordle 1,600 3/6\n\n🟨⬛🟨⬛⬛\n⬛⬛🟨🟨🟨\n🟩🟩🟩🟩🟩\n")
    page.fill("#share-answer", "multi")
    page.fill("#share-guesses", "tough spilt multi")
    page.click("#share-go")
    page.wait_for_selector("#review ul.note li")
    notes = page.locator("#review ul.note li").all_inner_texts()
    assert any(n.startswith("MULTI is not in chute's wordle word lists") for n in notes)
    last = page.locator("#review tbody tr").nth(2)
    assert last.locator("td").nth(3).inner_text() == "" and "not graded" in last.locator("td.note").inner_text()


def test_review_the_game_played_on_the_page(page, server):
    """A Dordle played on the page, reviewed in one click: the board left open takes its answer from the box."""
    open_game(page, server, "dordle")
    play_row(page, "crane", ["ybgbb", "bbbbb"])
    play_row(page, "aback", ["ggggg", "bbbbb"])
    page.click("#review-game")
    page.wait_for_function("document.querySelector('#review').textContent.includes('board 2 not solved')")
    from chute import Engine, load_lexicon
    from chute.reviewing.boards_review import review_boards

    engine = Engine.build(load_lexicon("wordle"))
    page.fill("#share-answer", "tough")  # the open board's answer, from the box
    page.click("#review-game")
    page.wait_for_selector("#review[data-skill]", timeout=FIRST_SEARCH_MS)
    want = review_boards(engine, ["crane", "aback"], ["aback", "tough"], 7)
    assert page.locator("#review").get_attribute("data-skill") == str(want.skill)
    assert page.locator("#review tbody tr").count() == 2 and page.locator("#message").inner_text() == ""
    first = page.locator("#review tbody tr").first.locator("td").nth(2).inner_text()  # each open board's words
    assert first == " · ".join(
        f"{k}: {b.left.likely}/{b.left.possible:,}" for k, b in enumerate(want.rounds[0].boards, 1)
    ), first
    play_row(page, "tough", ["ggggg"])  # won: the result, the share text, and the review at once
    assert (
        page.locator("#result-line").inner_text() == "Solved in 2&3/7" and page.locator("#message").inner_text() == ""
    )
    assert page.locator("#share-out").inner_text() == (
        "Daily Dordle 2&3/7\n\n🟨⬛🟩⬛⬛ ⬛⬛⬛⬛⬛\n🟩🟩🟩🟩🟩 ⬛⬛⬛⬛⬛\n⬜⬜⬜⬜⬜ 🟩🟩🟩🟩🟩"
    )
    page.wait_for_selector("#review[data-skill] tbody tr:nth-child(3)", timeout=FIRST_SEARCH_MS)
    want = review_boards(engine, ["crane", "aback", "tough"], ["aback", "tough"], 7)
    assert page.locator("#review").get_attribute("data-skill") == str(want.skill)
    english = [r["comment"] for r in want.to_dict(engine.lexicon.show, "en")["rounds"]]
    assert page.locator("#review td.note").all_inner_texts() == english
    page.click("#lang")
    assert page.locator("#review-game").inner_text() == "Revisar este jogo"
    # the review shown is asked again in Portuguese (the server kept it), its figures unchanged
    portuguese = [r["comment"] for r in want.to_dict(engine.lexicon.show, "pt")["rounds"]]
    page.wait_for_function(
        "(c) => [...document.querySelectorAll('#review td.note')].map((e) => e.textContent).join('|') === c",
        arg="|".join(portuguese),
        timeout=FIRST_SEARCH_MS,
    )
    assert page.locator("#review").get_attribute("data-skill") == str(want.skill)


def test_a_dueto_share_text_decoded_from_its_colours(page, server):
    """Colours only, two boards and their answers: each row's colours per board and the words that make both."""
    open_game(page, server, "termo")
    assert page.locator("#notes li").first.inner_text().startswith("TORAS opens the best proven plan")  # why first
    mark = page.locator("#suggestions tbody tr").first.locator("span.plan")  # first by its plan, marked so
    assert mark.inner_text() == "plan" and "3.4172 guesses on average" in mark.get_attribute("title")
    assert page.locator("#suggestions tbody tr").nth(1).locator("span.plan").count() == 0
    page.fill(
        "#share-text",
        "joguei term.ooo/2 #100 4&5/7\n\n🟨⬛⬛🟨🟨 🟩🟨🟩⬛⬛\n⬛⬛🟩⬛🟨 ⬛⬛⬛⬛🟨\n"
        "🟩⬛⬛🟨⬛ ⬛🟨⬛⬛🟨\n🟩🟩🟩🟩🟩 ⬛🟩⬛🟨⬛\n⬛⬛⬛⬛⬛ 🟩🟩🟩🟩🟩\n",
    )
    page.fill("#share-answer", "festa, termo")
    page.click("#share-go")
    page.wait_for_selector("#review tbody tr")
    rows = page.locator("#review tbody tr")
    assert rows.count() == 5
    assert rows.nth(0).locator(".minis").count() == 2 and rows.nth(0).locator(".mini").count() == 10
    assert rows.nth(0).locator("td.word").inner_text() == "TORAS"  # words in capitals, as on the boards
    assert rows.nth(0).locator(".minis").first.get_attribute("aria-label") == "yellow grey grey yellow yellow"
    assert (
        rows.nth(4).locator(".minis.solved").count() == 1
        and rows.nth(4).locator("td.word").inner_text().lower() == "termo"
    )
    shot(page, "dueto-share-decoded")


def test_phone_width_and_keyboard_alone(page, server):
    """At phone width nothing overflows sideways; Tab reaches a tile and Space cycles its colour."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, server, "wordle")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 392
    page.keyboard.type("crane")
    tile = page.locator(".input-row .tile[data-pos='0']")
    tile.focus()
    page.keyboard.press(" ")
    page.keyboard.press(" ")
    assert page.locator(".input-row .tile[data-pos='0']").get_attribute("aria-label") == "c, green"
    page.locator(".input-row .tile[data-pos='0']").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator(".board .row").first.locator(".tile").first.get_attribute("aria-label") == "c, green"
    shot(page, "phone-width")


@pytest.mark.parametrize("width", [800, 900, 1024])
def test_between_a_phone_and_a_wide_screen_the_ranking_fits(page, server, width):
    """A tablet's width: a Quarteto's ranking in Portuguese (its widest headings) fits beside the boards or under
    them; its seven columns sat beside them in too narrow a column, past the screen's edge."""
    page.set_viewport_size({"width": width, "height": 800})
    open_game(page, server, "quarteto")
    page.click("#lang")
    page.wait_for_function("document.querySelector('#guess-label').textContent === 'palpite'")
    right = page.evaluate("document.querySelector('#suggestions').getBoundingClientRect().right")
    assert right <= width and page.evaluate("document.scrollingElement.scrollWidth") <= width


# WCAG 2 contrast of a letter on its tile or key (text, background), and whether it is "large"
# (at least 24 px, or 18.66 px bold: 3:1 is enough there, 4.5:1 elsewhere).
CONTRASTS = """() => {
  const lum = (rgb) => { const c = rgb.match(/[\\d.]+/g).slice(0, 3).map((v) => v / 255)
      .map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
  return [...document.querySelectorAll('.tile.g, .tile.y, .tile.b, .key:not(.split)')]
    .filter((el) => el.textContent.trim()).map((el) => {
      const s = getComputedStyle(el), a = lum(s.color), b = lum(s.backgroundColor);
      const size = parseFloat(s.fontSize), bold = parseInt(s.fontWeight) >= 700;
      return { what: el.className + ' ' + el.textContent, ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
               large: size >= 24 || (bold && size >= 18.66) };
    });
}"""


def test_letters_on_tiles_and_keys_are_readable_and_buttons_say_what_they_show(page, server):
    """Every letter on a green, yellow or grey tile or key meets WCAG AA contrast, in both colour schemes;
    a button's accessible name holds the text it shows (voice control says what it sees)."""
    open_game(page, server, "wordle")
    play_row(page, "soare", ["gybbb"])
    for scheme in ("normal", "contrast"):
        found = page.evaluate(CONTRASTS)
        kinds = {c["what"].split()[1] for c in found if c["what"].startswith("tile")}
        assert kinds == {"g", "y", "b"} and any(" g " in c["what"] for c in found if c["what"].startswith("key"))
        poor = [c for c in found if c["ratio"] < (3.0 if c["large"] else 4.5)]
        assert not poor, (scheme, poor)
        page.click("#contrast")
    names = page.evaluate("""() => [...document.querySelectorAll('button[aria-label]')]
        .filter((b) => b.offsetParent !== null && b.textContent.trim().length > 1)
        .map((b) => [b.textContent.trim(), b.getAttribute('aria-label')])""")
    assert names and all(shown.lower() in name.lower() for shown, name in names), names


def test_no_row_is_lost_to_a_reload_a_silent_server_or_a_refused_row(page, server):
    """The game is kept in the browser; a server that does not answer keeps the rows; a refused row is named."""
    open_game(page, server, "dueto")
    play_row(page, "toras", ["bbbyb", "bybbb"])
    page.reload()
    page.wait_for_selector("body[data-game='dueto'][data-ready='1']")
    assert page.locator("#game").input_value() == "dueto"
    first = page.locator(".board").nth(1).locator(".row").first.locator(".tile")
    assert first.nth(1).get_attribute("aria-label") == "o, yellow"  # the colours came back too
    # the server stops answering: the row typed stays on the boards and Enter asks again later
    page.route("**/api/suggest", lambda route: route.abort())
    page.keyboard.type("lince")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#message').textContent.includes('not answering')")
    assert page.locator(".board").first.locator(".row").nth(1).locator(".tile").first.inner_text().lower() == "l"
    assert page.evaluate("document.body.dataset.ready") == "1"
    page.unroute("**/api/suggest")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready='2']")
    assert page.locator("#message").inner_text() == ""
    # colours that contradict the first row: the server refuses the row, the page takes it back and says why
    type_row(page, "toras", ["ggggg", "ggggg"])
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#message').textContent.length > 0")
    assert page.evaluate("document.body.dataset.ready") == "2" and "row 3" in page.locator("#message").inner_text()
    # the same refusal on the page in Portuguese: the reason in Portuguese
    page.click("#lang")
    type_row(page, "toras", ["ggggg", "ggggg"])
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('linha 3')")
    assert "contradiz as pistas anteriores" in page.locator("#message").inner_text()
    assert page.evaluate("document.body.dataset.ready") == "2"
    shot(page, "dueto-kept")


def test_a_word_the_game_refused_is_never_suggested_again(page, server, tmp_path, monkeypatch):
    """The refuse button beside a suggestion: gone from the list, remembered in the user's file (as assist's reject)."""
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))  # the server runs in this process: its user files here
    open_game(page, server, "termo")
    first = page.locator("#suggestions tbody tr").first
    word = first.locator("td.word").inner_text().lower()
    assert first.locator("button.refuse").get_attribute("aria-label") == f"the game refused this word: {word.upper()}"
    first.locator("button.refuse").click()
    page.wait_for_function("document.querySelector('#message').textContent.includes('never suggested again')")
    shown = [w.lower() for w in page.locator("#suggestions tbody td.word").all_inner_texts()]
    assert word not in shown and len(shown) == 10
    assert (tmp_path / "rejected-termo.txt").read_text(encoding="utf-8") == word + "\n"
    undo = page.locator("#unrefuse")  # a ✕ clicked by mistake is taken back
    assert undo.is_visible() and undo.inner_text() == f"Suggest again: {word.upper()}"
    undo.click()
    page.wait_for_function("document.querySelector('#message').textContent.includes('may be suggested again')")
    assert page.locator("#suggestions tbody td.word").first.inner_text().lower() == word and not undo.is_visible()
    assert (tmp_path / "rejected-termo.txt").read_text(encoding="utf-8") == ""


def test_a_finished_game_shows_its_result_and_share_text_and_keeps_its_colours(page, server):
    """Won: the result line, the share text to copy, the board lit and the keyboard's colours kept; lost: X/6."""
    from chute.game.feedback import score

    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_game(page, server, "wordle")
    assert page.locator("#result").is_hidden()
    play_row(page, "crane", [score("crane", "cigar")])
    play_row(page, "cigar", ["ggggg"])
    assert page.locator("#result-line").inner_text() == "Solved in 2/6"
    share = "Wordle 2/6\n\n🟩🟨🟨⬛⬛\n🟩🟩🟩🟩🟩"
    assert page.locator("#share-out").inner_text() == share
    page.click("#copy-share")
    page.wait_for_function("document.querySelector('#copied').textContent === 'copied'")
    assert page.evaluate("navigator.clipboard.readText()") == share
    board = page.locator(".board").first
    assert board.evaluate("(b) => getComputedStyle(b).opacity") == "1"
    keys = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('.key')].map((k) => [k.textContent, k.className]))"
    )
    assert keys["c"] == keys["i"] == "key g" and keys["n"] == "key b"  # the colours stay on the keys
    page.wait_for_selector("#review[data-skill]", timeout=FIRST_SEARCH_MS)  # the review, opened by itself
    page.click("#new")
    assert page.locator("#result").is_hidden()
    page.wait_for_selector("body[data-ready='0']")
    assert page.locator("#sugg-title").is_visible() and page.locator("#left-title").is_visible()
    for word in ["crane", "pious", "dumpy", "lofty", "bobby", "hello"]:
        play_row(page, word, [score(word, "cigar")])
    assert page.locator("#result-line").inner_text() == "Not solved X/6"
    assert page.locator("#share-out").inner_text().startswith("Wordle X/6\n\n🟩🟨🟨⬛⬛\n")
    assert "give the answers below" in page.locator("#message").inner_text()
    assert page.locator("#review").inner_text() == ""  # a lost game waits for its answer
    page.click("#lang")
    page.wait_for_function("document.querySelector('#result-line').textContent === 'Não resolvido X/6'")


def test_one_board_whose_answer_chute_lacks_lists_its_strings(page, server):
    """Wordle with MULTI: the strings the clues allow, their chance, and "–" for the score chute does not compute."""
    open_game(page, server, "wordle")
    for word, pattern in [("tough", "ybybb"), ("moist", "gbyby"), ("spilt", "bbyyy")]:
        play_row(page, word, [pattern])
    first = page.locator("#suggestions tbody tr").first
    assert first.locator("td.word").inner_text().lower() == "mutil"
    cells = first.locator("td").all_inner_texts()
    assert cells[2] == "–" and cells[-2].endswith("%")  # the score column, the chance
    assert page.locator("#left-count").inner_text() == "0 likely answers · 0 possible words · 8 strings of letters"
    assert "multi" in page.locator("#left").inner_text().lower()


def test_a_board_chute_cannot_read_keeps_its_rows(page, server, tmp_path, monkeypatch):
    """Dordle where one answer (MULTI) is off chute's lists: every row stays, that board's words are strings."""
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))  # the refused string goes to a user file: here
    open_game(page, server, "dordle")
    for word, patterns in [("tough", ["ybybb", "bybby"]), ("moist", ["gbyby", "bybyb"]), ("spilt", ["bbyyy", "gybbb"])]:
        play_row(page, word, patterns)
    assert page.locator(".board").first.locator(".row:not(.input-row)").count() == 3
    notes = page.locator("#notes").inner_text()
    assert "board 1: no word in the wordle lists fits the clues" in notes and "8 strings of letters" in notes
    assert (
        page.locator("#left-count").inner_text() == "8 strings of letters · 0/2"
        and page.locator("#suggestions tbody tr").count() > 0
    )
    play_row(page, "shops", ["bbbbb", "ggggg"])
    shown = [w.lower() for w in page.locator("#suggestions tbody td.word").all_inner_texts()]
    assert shown[:2] == ["mutil", "multi"]  # the board's likeliest strings, once the other is solved
    page.locator("#suggestions tbody tr").first.locator("button.refuse").click()  # the game said "not in word list"
    page.wait_for_function("document.querySelector('#suggestions tbody td.word').textContent.toLowerCase() === 'multi'")
    assert (
        page.locator("#left-count").inner_text() == "7 strings of letters (board 1)"
    )  # board 2 solved: whose count it is
    play_row(page, "multi", ["ggggg"])
    assert "solved" in (page.locator(".board").first.get_attribute("class") or "")
    shot(page, "dordle-unknown-answer")


ATTACKER = """<!doctype html><title>another site</title><body><form id="f" method="post" enctype="text/plain"
action="{api}" target="sink"><input name='{{"game":"termo","word":"toras","x":"' value='"}}'></form>
<iframe name="sink"></iframe><script>
const body = JSON.stringify({{game: "termo", word: "serao"}});
window.done = Promise.allSettled([
  fetch("{api}", {{method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}}, body}}),
  fetch("{api}", {{method: "POST", headers: {{"Content-Type": "application/json"}}, body}}),
]).then(() => {{ document.getElementById("f").submit(); return "sent"; }});
</script>"""


@pytest.fixture
def another_site():
    """Yield a function that serves a page from another origin on this machine (a real server on another port)."""
    import http.server
    import threading

    pages: dict[str, bytes] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(pages.get(self.path, b""))

        def log_message(self, *args):
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=site.serve_forever, daemon=True).start()

    def serve(html: str) -> str:
        pages["/"] = html.encode()
        return f"http://127.0.0.1:{site.server_address[1]}/"

    yield serve
    site.shutdown()
    site.server_close()


def test_a_page_on_another_site_cannot_change_the_players_refused_words(
    page, server, another_site, tmp_path, monkeypatch
):
    """Another site's page (here another local origin: Chromium itself blocks public sites from loopback, other
    browsers do not) posts to the server: a no-cors fetch, a JSON fetch, a form. Nothing is written."""
    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))  # the server runs in this process: its user files here
    api = server + "api/refuse"
    seen: list[int] = []
    page.on("response", lambda r: seen.append(r.status) if r.url == api else None)
    page.goto(another_site(ATTACKER.format(api=api)))
    assert page.evaluate("window.done") == "sent"
    page.wait_for_function("() => document.querySelector('iframe').contentDocument === null")  # the form posted
    page.wait_for_timeout(500)
    assert not (tmp_path / "rejected-termo.txt").exists()
    assert len(seen) >= 2 and all(status in (403, 415) for status in seen), seen
    open_game(page, server, "termo")  # the page itself still refuses a word
    page.locator("#suggestions tbody tr").first.locator("button.refuse").click()
    page.wait_for_function("document.querySelector('#message').textContent.includes('never suggested again')")
    assert (tmp_path / "rejected-termo.txt").exists()


def test_the_page_runs_under_its_own_content_security_policy(browser, server, another_site):
    """With the server's policy enforced (no inline script or style, no framing): a row, the suggestions, a review
    with its chart, and not one policy violation; another site's frame of the page stays empty."""
    context = browser.new_context()  # bypass_csp off: the policy as a player's browser applies it
    page = context.new_page()
    broken: list[str] = []
    page.on("console", lambda m: broken.append(m.text) if m.type == "error" or "Content Security" in m.text else None)
    icons: list[int] = []
    page.on("response", lambda r: icons.append(r.status) if "favicon" in r.url else None)
    page.on("pageerror", lambda e: broken.append(str(e)))
    page.goto(server)
    page.wait_for_selector("body[data-ready='0']")
    page.wait_for_selector("#suggestions tbody tr")
    page.keyboard.type("crane")
    for pos, clicks in enumerate((2, 1, 1, 0, 0)):  # CRANE against CIGAR: gyybb
        for _ in range(clicks):
            page.click(f".input-row .tile[data-board='0'][data-pos='{pos}']")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#share-answer", "cigar")
    page.click("#review-game")
    page.wait_for_selector("#review[data-skill] svg rect", timeout=FIRST_SEARCH_MS)
    fill = page.eval_on_selector("#review svg rect", "r => getComputedStyle(r).fill")
    assert fill == "rgb(73, 124, 69)"  # the game's green, from the style sheet
    assert broken == [] and icons == [200]  # not even a missing icon
    framed = context.new_page()
    framed.goto(another_site(f'<iframe src="{server}"></iframe>'))
    framed.wait_for_timeout(1000)
    child = framed.frames[1]
    assert child.url != server or child.evaluate("document.body === null || !document.querySelector('#game')")
    context.close()


def test_enter_sends_a_whole_word_whatever_button_was_clicked_before(page, server):
    """After New game, Undo or a suggested word was clicked (the button keeps the focus), Enter with five letters
    typed sends the row, as in the game: it never clicks that button again (a second game, a second undo)."""
    open_game(page, server, "wordle")
    play_row(page, "soare", ["bbbbb"])
    page.click("#undo")  # the row taken back; Undo keeps the focus
    page.wait_for_selector("body[data-ready='0']")
    type_row(page, "crane", ["bbbbb"])
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready='1']")  # sent, not a second undo
    assert page.locator(".board .row").first.locator(".tile").first.get_attribute("aria-label").startswith("c")
    page.click("#new")  # a new game; New game keeps the focus
    page.wait_for_selector("body[data-ready='0'][data-asking='0']")
    type_row(page, "until", ["bbbbb"])
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready='1']")  # sent, and the same game: no third one
    page.locator("#suggestions tbody tr td.word button").first.click()  # a suggested word typed by a click
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready='2']")


def test_your_games_are_kept_with_their_figures_and_can_be_cleared(page, server, tmp_path, monkeypatch):
    """A game won (with its review's skill and luck) and one lost are kept in the history file `chute stats`
    reads; the figures and the bars say so; a row of a finished game taken back takes it out; Clear empties it."""
    from chute.game.feedback import score
    from chute.reviewing.history import read_history

    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))
    open_game(page, server, "wordle")
    page.wait_for_function("document.querySelector('#history').textContent.includes('No games kept yet')")
    assert page.locator("#clear-history").is_hidden()
    play_row(page, "crane", [score("crane", "cigar")])
    play_row(page, "cigar", ["ggggg"])
    page.wait_for_selector("#review[data-skill]", timeout=FIRST_SEARCH_MS)
    page.wait_for_function("document.querySelector('#history .figures') !== null")
    figures = page.locator("#history .figures").first.inner_text().split()
    assert figures[:4] == ["1", "Played", "100", "Win"]
    assert page.locator("#history .dist .bar.last").inner_text() == "1"  # the 2-row bar, lit
    [won] = read_history(tmp_path / "history.jsonl")
    assert (won.game, won.guesses, won.answers, won.solved_at, won.source) == (
        "wordle",
        ("crane", "cigar"),
        ("cigar",),
        (2,),
        "page",
    )
    assert won.skill is not None and won.luck is not None
    page.click("#new")
    page.wait_for_selector("body[data-ready='0']")
    words = ["crane", "pious", "dumpy", "lofty", "bobby", "hello"]
    for word in words:
        play_row(page, word, [score(word, "cigar")])
    page.wait_for_function("document.querySelector('#history .figures b').textContent === '2'")
    assert page.locator("#history .figures").first.inner_text().split()[2] == "50"
    lost = read_history(tmp_path / "history.jsonl")[-1]
    assert lost.guesses == tuple(words) and lost.solved_at == (None,) and not lost.won
    shot(page, "history")
    page.click("#undo")  # the last row was mistyped: that game is not over any more
    page.wait_for_function("document.querySelector('#history .figures b').textContent === '1'")
    assert len(read_history(tmp_path / "history.jsonl")) == 1
    page.on("dialog", lambda dialog: dialog.accept())
    page.wait_for_selector("body[data-asking='0']")  # the undo's suggestions in: their reply clears the message
    page.click("#clear-history")
    page.wait_for_function("document.querySelector('#history').textContent.includes('No games kept yet')")
    assert not (tmp_path / "history.jsonl").exists() and (tmp_path / "history.cleared.jsonl").exists()
    assert "History cleared: 1 game(s)" in page.locator("#message").inner_text()


def test_the_review_tells_its_story_and_every_heading_explains_itself(page, server):
    """A game won: the verdict in a sentence, each row's comment with the words it left against the best's
    average, a picture of both, and a tooltip on every heading (the suggestions' too); Portuguese on the PT page."""
    from chute import Engine, load_lexicon
    from chute.game.feedback import score
    from chute.reviewing.verdict import review

    open_game(page, server, "wordle")
    titles = page.eval_on_selector_all("#suggestions th[id]", "(hs) => hs.map((h) => h.title)")
    assert len(titles) == 5 and all(titles) and "expected guesses to finish" in titles[1]
    play_row(page, "crane", [score("crane", "cigar")])
    play_row(page, "cigar", ["ggggg"])
    page.wait_for_selector("#review[data-skill]", timeout=FIRST_SEARCH_MS)
    engine = Engine.build(load_lexicon("wordle"))
    want = review(engine, ["crane", "cigar"], "cigar").to_dict(engine.lexicon.show, "en")
    assert page.locator("#review p.story").inner_text() == want["story"]
    assert page.locator("#review td.note").first.inner_text() == want["rows"][0]["comment"]
    assert want["rows"][0]["comment"].startswith("left 8 of 2,315 likely answers (79 on average; SALET 71")
    assert page.locator("#review svg rect.bar").count() == 1 and page.locator("#review svg rect.best").count() == 1
    heads = page.eval_on_selector_all("#review th[title]", "(hs) => hs.map((h) => h.title)")
    assert len(heads) == 5 and "50 is average" in heads[4]
    # the player's rows beside chute's own game against the same answer, as tiles
    paths = page.locator("#review .paths .path")
    assert paths.count() == 2 and paths.nth(0).locator(".note").inner_text() == "You (2/6)"
    ours = [row["guess"] for row in want["chute_game"]["rows"]]
    assert paths.nth(1).locator(".note").inner_text() == f"chute's own game ({len(ours)}/6)"
    assert paths.nth(1).locator(".mini-row").count() == len(ours) and ours[0] == "trace"
    assert paths.nth(1).locator(".mini-row").last.locator(".mini.g").count() == 5
    page.click("#lang")
    page.wait_for_function("document.querySelector('#review p.story').textContent.includes('jogada')")
    assert page.locator("#review td.note").first.inner_text().startswith("deixou 8 de 2.315 respostas prováveis")
    shot(page, "review-story")


def test_a_row_chute_does_not_know_is_said_at_the_board_with_an_undo(page, server):
    """XYZZY played: a warning under the boards (not only a note by the suggestions) and an Undo that takes the
    row back; a known word says nothing."""
    open_game(page, server, "wordle")
    play_row(page, "xyzzy", ["bbbbb"])
    assert page.locator("#message").inner_text().startswith("XYZZY is not a word chute knows")
    undo = page.locator("#undo-unknown")
    assert undo.is_visible() and undo.inner_text() == "Undo"
    undo.click()
    page.wait_for_selector("body[data-ready='0']")
    assert page.locator("#message").inner_text() == "" and not undo.is_visible()
    play_row(page, "crane", ["bbbbb"])
    assert page.locator("#message").inner_text() == "" and not undo.is_visible()


def test_an_octordle_s_striped_keys_keep_their_letters_light_and_outlined(page, server):
    """Several boards at phone width: a key striped by boards shows a light letter outlined in black, whatever
    its best colour (a dark letter on a yellow key is unreadable over grey stripes)."""
    from chute.game.feedback import score

    page.set_viewport_size({"width": 375, "height": 812})
    open_game(page, server, "octordle")
    secrets = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"]
    play_row(page, "trace", [score("trace", s) for s in secrets])
    styles = page.eval_on_selector_all(
        ".key.split",
        "(ks) => ks.map((k) => [k.textContent, getComputedStyle(k).color, getComputedStyle(k).textShadow])",
    )
    assert len(styles) >= 4 and all(
        color == "rgb(248, 248, 248)" and "rgb(0, 0, 0)" in shadow for _, color, shadow in styles
    ), styles
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot(page, "octordle-phone-keys")


def test_common_words_only_changes_the_suggestions_and_is_remembered(page, server):
    """The header's "common words" box: the same rows, suggestions of common words only (TRACE's plan gives
    way to SLATE), kept across a reload; unticked, the plan is back."""
    from chute import load_lexicon

    common = load_lexicon("wordle", common=3)
    open_game(page, server, "wordle")
    first = lambda: page.locator("#suggestions tbody tr td.word").first.inner_text().lower()  # noqa: E731
    assert first() == "trace" and not page.locator("#common").is_checked()
    assert "once per million" in page.locator("#common-label").get_attribute("title")
    page.check("#common")
    page.wait_for_function("document.querySelector('#suggestions tbody td.word').textContent.toLowerCase() === 'slate'")
    play_row(page, "slate", ["bybbb"])
    words = [w.lower() for w in page.locator("#suggestions tbody td.word").all_inner_texts()]
    assert words and all(w in common.answer_set or common.frequencies[w] >= 3 for w in words), words
    page.reload()
    page.wait_for_selector("body[data-ready='1'][data-asking='0']")
    assert page.locator("#common").is_checked()
    assert [w.lower() for w in page.locator("#suggestions tbody td.word").all_inner_texts()] == words
    page.click("#new")
    page.uncheck("#common")
    page.wait_for_function("document.querySelector('#suggestions tbody td.word').textContent.toLowerCase() === 'trace'")
    shot(page, "common-words")


# every visible piece of text or control on the page, and the pairs whose boxes overlap (one inside the
# other is no overlap: a label holds its select; a cell holds its word)
OVERLAPS = """(root) => {
  const pieces = 'h1, h2, label, button, select, input, th, td, .tile, .key, p, #left-count';
  const els = [...(root ? document.querySelector(root) : document).querySelectorAll(pieces)]
    .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 &&
                      getComputedStyle(el).visibility !== 'hidden' && !el.closest('[hidden]'); });
  const out = [];
  for (let i = 0; i < els.length; i++) for (let j = i + 1; j < els.length; j++) {
    const a = els[i], b = els[j];
    if (a.contains(b) || b.contains(a)) continue;
    const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    const w = Math.min(p.right, q.right) - Math.max(p.left, q.left), h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (w > 1 && h > 1) out.push([a.id || a.className || a.tagName, a.textContent.trim().slice(0, 20),
                                  b.id || b.className || b.tagName, b.textContent.trim().slice(0, 20)]);
  }
  return out;
}"""


def test_a_quarteto_at_phone_width_has_no_overlap_and_its_rows_line_up(page, server):
    """A Quarteto in Portuguese at 375 px, one board solved at the first row: no two pieces of text or
    controls overlap (headings, buttons, table headings, tiles, keys), nothing scrolls sideways, and the
    boards' rows stay on the same lines after a board is solved."""
    from chute.game.feedback import score

    page.set_viewport_size({"width": 375, "height": 812})
    open_game(page, server, "quarteto")
    page.click("#lang")
    secrets = ["termo", "suite", "avido", "serao"]
    play_row(page, "serao", [score("serao", s) for s in secrets])
    play_row(page, "termo", [score("termo", s) for s in secrets[:3]])
    assert page.evaluate(OVERLAPS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    boards = page.eval_on_selector_all(
        ".board",
        "(bs) => bs.map((b) => [Math.round(b.getBoundingClientRect().top),"
        " [...b.querySelectorAll('.row')].map((r) => "
        "Math.round(r.getBoundingClientRect().top))])",
    )
    # boards side by side (the same top): their k-th rows on one line, whichever was solved first
    assert len({top for top, _ in boards}) == 2, boards
    for top in {top for top, _ in boards}:
        side = [rows for t, rows in boards if t == top]
        assert all(len({rows[k] for rows in side if len(rows) > k}) == 1 for k in range(3)), boards
    shot(page, "quarteto-phone-pt")


TYPED_GAMES = {
    "wordle": (["crane", "slate", "cigar"], ["cigar"]),
    "quarteto": (["serao", "limpo", "termo", "nobre", "fungo", "mundo"], ["termo", "nobre", "fungo", "mundo"]),
    "octordle": (
        ["salet", "corny", "pilot", "stain", "mirth", "fable", "knock", "druid", "swept", "yacht"],
        ["pilot", "stain", "mirth", "fable", "knock", "druid", "swept", "yacht"],
    ),
}


@pytest.mark.parametrize("width", [1280, 375, 320])
@pytest.mark.parametrize("game", ["wordle", "quarteto", "octordle"])
def test_a_typed_game_is_reviewed_and_fits_the_screen(page, server, game, width, tmp_path, monkeypatch):
    """Its guesses and answers, no share text: reviewed on the page; its table (each board's figures kept whole,
    wrapping between boards; comments under the row on a phone), its picture and the suggestions never make the
    page scroll sideways, down to the smallest phones (320 px). A game marked as someone else's is not kept in
    your history."""
    from chute.reviewing.history import read_history

    monkeypatch.setenv("CHUTE_STATE_DIR", str(tmp_path))
    page.set_viewport_size({"width": width, "height": 800})
    open_game(page, server, game)
    guesses, answers = TYPED_GAMES[game]
    page.fill("#share-guesses", " ".join(guesses))
    page.fill("#share-answer", ", ".join(answers))
    page.uncheck("#share-mine")
    page.click("#share-go")
    page.wait_for_selector("#review[data-skill]", timeout=FIRST_SEARCH_MS)
    assert page.locator("#review .headline").inner_text().startswith(" ".join(a.upper() for a in answers))
    assert page.locator("#review tbody tr").count() == len(guesses)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate(OVERLAPS, "#review") == []
    assert read_history(tmp_path / "history.jsonl") == []  # not my game: not kept
    shot(page, f"review-{game}-{width}")


def test_a_finished_game_reads_result_share_text_then_review(page, server):
    """On a phone too, the review of the game played here sits right under its result and share text."""
    from chute.game.feedback import score

    page.set_viewport_size({"width": 375, "height": 740})
    open_game(page, server, "wordle")
    play_row(page, "crane", [score("crane", "cigar")])
    play_row(page, "cigar", ["ggggg"])
    page.wait_for_selector("#review[data-skill]", timeout=FIRST_SEARCH_MS)
    order = page.evaluate("[...document.querySelectorAll('#result-line, #share-out, #review')].map((e) => e.id)")
    assert order == ["result-line", "share-out", "review"]
    assert page.evaluate("document.getElementById('review').parentElement.id") == "result"
    assert page.locator("#review .headline").inner_text().startswith("CIGAR, solved in 2/6")
    # the chart: the player's words left per row beside chute's own game against the same answer
    assert page.locator("#review svg rect.bar").count() == 1 and page.locator("#review svg circle.own").count() >= 1
    assert "chute's own game" in page.locator("#review svg").get_attribute("aria-label")


def test_the_pages_review_says_what_the_command_says(page, server):
    """A lost hard-mode game typed in the review form: the command line's headline, and under each row its
    remarks (the hard mode's rule broken, a guess that could not have been the answer)."""
    open_game(page, server, "wordle")
    page.select_option("#mode", "hard")
    page.wait_for_selector("body[data-asking='0']")
    page.fill("#share-guesses", "reast colin batch hatch match patch")
    page.fill("#share-answer", "watch")
    page.click("#share-go")
    page.wait_for_selector("#review[data-skill]", timeout=FIRST_SEARCH_MS)
    text = page.locator("#review").inner_text()
    assert page.locator("#review .headline").inner_text().startswith("WATCH, not solved in 6 rows · hard mode")
    assert "hard mode: the guess must use A (revealed in REAST)" in text
    assert "COLIN could not have been the answer" in text


def test_enter_with_too_few_letters_never_clicks_the_focused_button(page, server):
    """Undo keeps the focus; "abc" and Enter is the row's Enter, too short: said, and no second undo; Space acts on a
    focused button or box only while no letters are typed."""
    open_game(page, server, "wordle")
    play_row(page, "soare", ["bbbbb"])
    play_row(page, "until", ["bbbbb"])
    page.click("#undo")
    page.wait_for_selector("body[data-ready='1']")
    page.keyboard.type("abc")
    page.keyboard.press("Enter")
    assert page.locator("#message").inner_text() == "Not enough letters"
    assert page.evaluate("document.body.dataset.ready") == "1"  # the other row still there
    # Space as well: nothing while letters are typed, the control's own key once none are
    page.keyboard.press(" ")
    assert page.evaluate("document.body.dataset.ready") == "1"
    page.focus("#common")
    page.keyboard.press(" ")
    assert not page.is_checked("#common")  # "abc" is typed: the box is not ticked
    for _ in range(3):
        page.keyboard.press("Backspace")
    page.keyboard.press(" ")
    assert page.is_checked("#common")
    page.focus("#undo")
    page.keyboard.press(" ")
    page.wait_for_selector("body[data-ready='0']")  # nothing typed: Space clicks the focused button


def test_typing_on_a_focused_tile_keeps_the_focus_there(page, server):
    """A keyboard player tabs to a tile and types: the tile keeps the focus, so Space colours the tile meant."""
    open_game(page, server, "wordle")
    page.keyboard.type("c")
    page.focus(".input-row .tile[data-pos='2']")
    page.keyboard.type("ran")
    focused = page.evaluate("[document.activeElement.dataset.pos, document.activeElement.classList.contains('tile')]")
    assert focused == ["2", True]
    page.keyboard.press(" ")
    assert "y" in page.locator(".input-row .tile[data-pos='2']").get_attribute("class").split()


def test_absurdle_on_the_page_the_adversary_colours_each_row_until_cornered(page, server):
    """The menu's Absurdle: a typed word is coloured by the adversary; chute's guesses rank by rows; cornered, the
    result says the rows against the fewest, with its share text; the row's tiles take no click."""
    open_game(page, server, "absurdle")
    assert "the adversary answers" in page.locator("#message").inner_text()
    assert page.locator("#score-label").inner_text() == "rows" and page.locator("#fifth-label").inner_text() == "kept"
    first = page.locator("#suggestions tbody tr td.word").first.inner_text().lower()
    page.keyboard.type("olat")
    page.click(".input-row .tile[data-pos='0']")  # no colour to click: the adversary gives them
    assert "b" not in (page.locator(".input-row .tile").first.get_attribute("class") or "").split()
    page.keyboard.type("e")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#left-count").inner_text() == "160 possible words"
    assert page.locator(".board .row").first.locator(".tile").first.get_attribute("aria-label") == "o, grey"
    assert page.locator("#suggestions tbody tr td.word").first.inner_text().lower() == "rinds"
    first_row = page.locator("#suggestions tbody tr").first.locator("td")
    assert first_row.nth(2).inner_text() == "3" and page.locator("#expected-label").is_hidden()  # rows, whole
    for k, word in enumerate(["rinds", "gimpy", "chuck"], 2):
        page.keyboard.type(word)
        page.keyboard.press("Enter")
        page.wait_for_selector(f"body[data-ready='{k}']")
    assert page.locator("#result-line").inner_text() == "cornered in 4 rows; the fewest that always win: 4"
    assert page.locator("#share-out").inner_text() == "Absurdle 4/∞ (fewest 4)\n\n" + "⬛⬛⬛⬛⬛\n" * 3 + "🟩🟩🟩🟩🟩"
    assert first == "aesir" and page.locator("#review-game").is_hidden() and page.locator("#why-title").is_hidden()
    assert page.locator("#share-section").is_hidden()
    shot(page, "absurdle-cornered")
