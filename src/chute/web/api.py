"""The page's API as plain functions: a checked request body (``requests``) in, a JSON-ready dict out.

The server (``app``) routes each endpoint to one of these; the warm-up
(``warming``) asks them itself.  Nothing here needs a web framework.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import StorageError
from ..game.feedback import check_grid
from ..game.games import ADVERSARY_GAMES, PRESETS
from ..game.refused import forget_refused, refused_path, remember_refused
from ..game.share import parse_share, share_text
from ..game.words import checked_word, fold
from ..language import error_text, phrase
from ..playing.why import why
from ..reviewing.grid_decoder import decode_boards
from ..reviewing.history import (
    clear_history,
    forget_game,
    game_key,
    read_history,
    record_game,
    review_record,
    session_record,
    statistics,
)
from ..reviewing.review_game import review_game, review_session
from ..reviewing.verdict import written_answers
from .requests import (
    MAX_ROWS,
    MAX_TOP,
    MAX_WORDS,
    SESSION_FIELDS,
    BadRequest,
    accepts,
    adversary_game_of,
    common_of,
    lang_of,
    page_solver,
    refused_of,
    rule_of,
    session_of,
    show_of,
    spec_of,
)

_state = threading.Lock()  # what requests share and write: the reviews kept


def games(_: dict | None = None) -> dict:
    """Return the game presets."""
    out = []
    for name, spec in [*PRESETS.items(), *ADVERSARY_GAMES.items()]:
        out.append(
            {
                "name": name,
                "boards": spec.boards,
                "rows": spec.rows,
                "lexicon": spec.lexicon,
                "letters": 5,
                "hard_rule": spec.hard_rule,
                "language": "pt-BR" if spec.lexicon == "termo" else "en",
                "adversary": spec.adversary,
            }
        )
    return {"games": out}


@accepts("top", *SESSION_FIELDS)
def suggest(body: dict) -> dict:
    """Return the suggestions and the boards' state for a request."""
    top = body.get("top", 10)
    if type(top) is not int or not 1 <= top <= MAX_TOP:  # JSON's true is no number
        raise BadRequest(f"top must be a whole number from 1 to {MAX_TOP}")
    lang = lang_of(body)
    spec = spec_of(body, adversary=True)
    if spec.adversary:
        common_of(body)
        return {"game": spec.name, **adversary_game_of(body, spec).report(top, MAX_WORDS, lang)}
    session, spec = session_of(body)
    out = {"game": spec.name, **session.report(top, MAX_WORDS, lang)}
    if out["over"]:  # the game's own share text, to copy
        out["share"] = share_text(spec, session.board_patterns(), hard=rule_of(body, spec) is not None)
    return out


@accepts("word", "board", *SESSION_FIELDS)
def why_word(body: dict) -> dict:
    """Return why a word could or could not be the answer on a board."""
    word = body.get("word")
    if not isinstance(word, str):
        raise BadRequest('give the word: {"word": WORD}')
    lang = lang_of(body)
    session, _ = session_of(body)
    board = body.get("board", 0)
    show = show_of(session)
    if board == "all":  # every open board (every board once the game is over), one verdict each
        boards = session.open_boards() or list(range(session.n_boards))
        verdicts = [(i, why(session.boards[i].state, word, lang)) for i in boards]
        each = [{"board": i, **v.to_dict(show), "text": v.text(show, False, lang)} for i, v in verdicts]
        return {
            "word": each[0]["word"],
            "boards": each,
            "text": "\n".join(f"{phrase('board', lang, n=e['board'] + 1)}: {e['text']}" for e in each),
        }
    if not isinstance(board, int) or isinstance(board, bool) or not 0 <= board < session.n_boards:
        raise BadRequest(f'board must be from 0 to {session.n_boards - 1}, or "all"')
    verdict = why(session.boards[board].state, word, lang)
    return {**verdict.to_dict(show), "text": verdict.text(show, session.n_boards == 1, lang)}


@accepts("game", "word")
def refuse(body: dict) -> dict:
    """Add a word the game refused to the user's list for the game's word list; return the list."""
    path, word = _refused_word(body, 'give the word the game refused: {"word": WORD}')
    return {"word": word, "refused": remember_refused(path, [word])}


@accepts("game", "word")
def unrefuse(body: dict) -> dict:
    """Take a word out of the user's refused list for the game's word list (refused by mistake); return the list."""
    path, word = _refused_word(body, 'give the word to suggest again: {"word": WORD}')
    return {"word": word, "refused": forget_refused(path, [word])}


def _refused_word(body: dict, missing: str) -> tuple[Path, str]:
    """Return (the user's refused list for the request's game, its word folded); ``missing`` when it gives none."""
    spec = spec_of(body)
    word = body.get("word")
    if not isinstance(word, str):
        raise BadRequest(missing)
    return refused_path(spec.lexicon), checked_word(page_solver(spec.name).lexicon, word)


@accepts("guesses", "answers", "patterns", "keep", *SESSION_FIELDS)
def review_game_body(body: dict) -> dict:
    """Return the verdict on a finished game: its guesses and answers, or the rows played on the page.

    A review is kept (``REVIEWS_KEPT``): the same game asked again, in the other
    language, is answered without grading it again.
    """
    spec = spec_of(body)
    rule = rule_of(body, spec)
    lang = lang_of(body)
    guesses, answers = body.get("guesses"), body.get("answers")
    if isinstance(answers, str):
        answers = [answers]
    if "rows" in body and guesses is None:  # the game played on the page: its answers from its solved rows
        if answers is not None and (not isinstance(answers, list) or not all(isinstance(a, str) for a in answers)):
            raise BadRequest("answers must be a list of words")

        def grade():
            session, _ = session_of(body)
            return review_session(session, answers or None), show_of(session)
    else:
        if (
            not isinstance(guesses, list)
            or not all(isinstance(g, str) for g in guesses)
            or not guesses
            or len(guesses) > MAX_ROWS
        ):
            raise BadRequest("guesses must be a list of words")
        if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers) or len(answers) != spec.boards:
            raise BadRequest(f"answers must be a list of {spec.boards} word{'s' if spec.boards > 1 else ''}")
        grid = body.get("patterns")  # a share text's colours, board by board: the guesses must show them
        if grid is not None:
            if (
                not isinstance(grid, list)
                or len(grid) != spec.boards
                or not all(
                    isinstance(rows, list) and len(rows) <= len(guesses) and all(isinstance(p, str) for p in rows)
                    for rows in grid
                )
            ):
                raise BadRequest(f"patterns must be a list of {spec.boards} lists of colours, a row each")
            check_grid(page_solver(spec.name, rule).lexicon, guesses, grid, answers)

        def grade():
            solver = page_solver(spec.name, rule, common=common_of(body))
            return review_game(solver.engine, guesses, answers, spec.rows, rule=rule), solver.lexicon.show

    # what the verdict depends on: the game, its rows, the words the user's game refused (never a best move) and
    # whether only common words are
    key = json.dumps(
        [spec.name, rule, body.get("rows"), guesses, answers, refused_of(spec), common_of(body)], sort_keys=True
    )
    result, show = _kept(key, grade)
    out = result.to_dict(show, lang)
    if body.get("keep") is True:  # the player's own game: kept in the history once it is over
        record = review_record(result, spec.name, "page", show)
        out["kept"] = False
        if record is not None:
            try:
                record_game(record)
                out["kept"] = True
            except StorageError as err:  # a history that cannot be written never costs the review
                out["history_error"] = error_text(err, lang)
    return out


HISTORY_LATEST = 10  # games the page lists under its statistics


def _history_answer(games=None) -> dict:
    """Return the history as the page shows it: the statistics per game and mode, the latest games first."""
    games = read_history() if games is None else games
    latest = sorted(games, key=lambda g: g.when)[-HISTORY_LATEST:][::-1]
    return {
        "stats": [s.to_dict() for s in statistics(games)],
        "games": [dict(g.to_dict(), won=g.won, rows=g.rows) for g in latest],
    }


@accepts()
def history(_: dict) -> dict:
    """Return your history: the statistics and the latest games."""
    return _history_answer()


@accepts(*SESSION_FIELDS)
def keep(body: dict) -> dict:
    """Keep the game played on the page in the history once it is over (as far as its boards were found); return it."""
    session, spec = session_of(body)
    record = session_record(session, spec.name, "page")
    return _history_answer(None if record is None else record_game(record))


@accepts(*SESSION_FIELDS)
def forget(body: dict) -> dict:
    """Take the game played on the page out of the history (a row of a finished game taken back); return it."""
    spec = spec_of(body)
    rows = body.get("rows")
    if not isinstance(rows, list) or not all(isinstance(r, dict) and isinstance(r.get("guess"), str) for r in rows):
        raise BadRequest('rows must be a list of {"guess": WORD, ...}')
    if not rows:
        return _history_answer()
    rule = rule_of(body, spec)
    key = game_key(
        spec.name, rule, spec.rows, [fold(r["guess"]) for r in rows], page_solver(spec.name, rule).lexicon.show
    )
    return _history_answer(forget_game(key))


@accepts()
def clear(_: dict) -> dict:
    """Empty the history (the file moved aside, so that it can be taken back by hand); return it, and the count."""
    cleared, aside = clear_history()
    return dict(_history_answer([]), cleared=cleared, aside=None if aside is None else str(aside))


REVIEWS_KEPT = 32  # reviews a server keeps, the latest asked
_reviews: OrderedDict[str, tuple[Any, Callable[[str], str]]] = OrderedDict()


def _kept(key: str, grade: Callable[[], tuple[Any, Callable[[str], str]]]) -> tuple[Any, Callable[[str], str]]:
    """Return the review kept under ``key``, graded now when it is not (two requests for the same new review may
    both grade it; the store itself is written by one at a time)."""
    with _state:
        if key in _reviews:
            _reviews.move_to_end(key)
            return _reviews[key]
    kept = grade()
    with _state:
        _reviews[key] = kept
        while len(_reviews) > REVIEWS_KEPT:
            _reviews.popitem(last=False)
    return kept


@accepts("text", "answer", "game")
def share(body: dict) -> dict:
    """Return a share text read, and decoded when the answer is given."""
    lang_of(body)  # its errors are said in it
    text = body.get("text")
    if not isinstance(text, str):
        raise BadRequest('give the share text: {"text": TEXT}')
    read = parse_share(text)
    out: dict[str, Any] = {"game": read.game, "hard": read.hard, "claimed": read.claimed, "boards": read.boards}
    answer = body.get("answer")
    if isinstance(answer, str) and answer.strip():
        spec = spec_of({"game": body.get("game") or read.game or "wordle"})
        solver = page_solver(spec.name)
        show = solver.lexicon.show
        answers = written_answers(answer)  # several boards: one answer each
        rows = decode_boards(solver.engine, read.boards, answers, hard=read.hard)
        out["decoded"] = [
            {
                "pattern": r.pattern,
                "patterns": list(r.patterns),
                "count": r.count,
                "likely": [show(w) for w in r.likely],
            }
            for r in rows
        ]
    return out
