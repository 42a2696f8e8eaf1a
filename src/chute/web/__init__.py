"""``chute serve``: a local web page next to the game, and the JSON API it uses (Starlette).

Every handler is a thin call into the library: a request carries the whole
game so far (the rows played and the colours each board showed), the server
replays it into a ``Session`` and answers; nothing of a game is kept between requests but its latest
reviews (``REVIEWS_KEPT``: the page asks a review again in the other language),
so one server serves many tabs and a restart loses nothing.  Engines and
solvers are built once per process and shared.  A request's work runs in a
worker thread under one lock (the compiled kernels run one call at a time),
so the page and its files are served while a review computes for seconds.  Bad requests get a 4xx and
one line of JSON (``{"error": "..."}``), never a traceback; so do requests from other web pages, and
requests to a name that is not this machine's (``origin``).  A word refused that the server's disk will
not keep gets 507 (Insufficient Storage) and the reason, in one line too.  ``chute serve`` asks itself
one game of each kind as it starts (``warm_kernels``), so that a fresh install's kernel compilation
and first review tables are done before the player's first click needs them.

API (all POST bodies are JSON, sent as ``Content-Type: application/json``, at most ``MAX_BODY`` bytes):

- ``GET /api/games``: the presets (name, boards, rows, letters, hard-mode rule, language).
- ``POST /api/suggest`` ``{game, rule?, rows: [{guess, patterns}], top?, lang?}``: per board the
  candidates left (count and the first ``MAX_WORDS``), solved or not, the letters' colours,
  and the top suggestions with their figures; the notes in ``lang`` ("en" or "pt"); once the game is
  over, its share text in the game's own format (``share``).
- ``POST /api/why`` ``{game, rule?, rows, word, board?, lang?}``: why the word could or could not be
  the answer on that board (``"all"``: on each open board), and what it does as a guess (in English,
  or Brazilian Portuguese with ``"lang": "pt"``).
- ``POST /api/refuse`` ``{game, word}``: the game refused the word ("palavra inválida"): it is added to
  the user's list for that word list (``refused``, shared with ``assist``'s ``reject``) and never
  suggested again.
- ``POST /api/unrefuse`` ``{game, word}``: takes a word back out of that list (refused by mistake).
- ``POST /api/review`` ``{game, rule?, guesses, answers, lang?}``: the verdict on a finished game
  (comments in English, or Brazilian Portuguese with ``"lang": "pt"``); or ``{game, rule?, rows,
  answers?, lang?}``: the game played on the page, its answers taken from its solved rows (``answers``:
  the unsolved boards' answers, or every board's).
- ``GET /api/history``: your history (``reviewing.history``, shared with ``chute stats``): the statistics
  per game and mode, and the latest games.  ``POST /api/history/keep`` ``{game, rule?, rows}`` keeps the
  game played on the page once it is over (``/api/review`` with ``"keep": true`` keeps it with its skill
  and luck); ``/api/history/forget`` takes it out (a row of it taken back); ``/api/history/clear`` empties
  the history (the file moved aside).
- ``POST /api/share`` ``{text, answer?, game?, lang?}``: a share text read (its game, boards of colours)
  and, with the answer, each row decoded into the words that make it (errors in ``lang``).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..errors import ChuteError, StorageError
from ..language import LANGUAGES, error_text, phrase
from .origin import LOOPBACK_NAMES, SameOrigin, allowed_hosts

MAX_BODY = 64 * 1024        # bytes of a request body
MAX_ROWS = 64               # rows a request may replay
MAX_WORK = 160              # board-rows a request may replay (rows x boards): an Octordle played on to 20 rows
MAX_WORDS = 200             # candidates listed per board
MAX_TOP = 50
WORKING = 4                 # requests worked on at once (threads; the kernels and numpy release the GIL)
QUEUE_SECONDS = 30.0        # a request waits this long for its turn, then is answered 503

_slots: threading.BoundedSemaphore | None = None
_state = threading.Lock()   # what requests share and write: the solvers built, the reviews kept


def _turns() -> threading.BoundedSemaphore:
    """Return the turns requests take: ``WORKING`` at once where the compiled kernels are thread-safe (the
    server asks for that as it starts: ``warm``), else one (numba's workqueue layer allows one thread)."""
    global _slots
    with _state:
        if _slots is None:
            from ..kernels import threadsafe
            _slots = threading.BoundedSemaphore(WORKING if threadsafe() else 1)
        return _slots


class Busy(Exception):
    """Every turn stayed taken for ``QUEUE_SECONDS``: the request is answered 503, not queued for ever."""


class BadRequest(Exception):
    """A request the API refuses: a status and one line of reason."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def _once(build):
    """Return ``build`` memoised, each value built once even when several requests ask for it together."""
    import inspect
    cached = lru_cache(maxsize=32)(build)
    lock = threading.RLock()        # reentrant: a value may be built from another of the same function's
    signature = inspect.signature(build)

    def get(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()      # one value whether a default is given or left out
        with lock:                  # the first asker builds; the others wait for its value, never build again
            return cached(*bound.args)
    get.cache_clear, get.cache_info = cached.cache_clear, cached.cache_info
    get.__doc__, get.__name__, get.__wrapped__ = build.__doc__, build.__name__, build
    return get


@_once
def engine_for(lexicon_name: str, common: bool = False):
    """Return the shared engine of a bundled lexicon; ``common``: the same matrix, suggesting common words only."""
    from ..game.engine import Engine
    from ..game.words import load_lexicon
    if common:
        plain = engine_for(lexicon_name)
        return plain.reading(plain.lexicon.common_only())
    return Engine.build(load_lexicon(lexicon_name))


@_once
def solver_for(lexicon_name: str, rule: str | None, boards: int = 2, refused: tuple[str, ...] = (),
               common: bool = False):
    """Return the shared solver of a bundled lexicon and hard-mode rule: one board plays the CLI's default
    policy (expected guesses under the frequency prior); several boards share entropy's solver under the same
    prior, whose words and weights the joint policy plays, as the CLI.  It never suggests the ``refused`` words
    (one solver per list, so that no request changes another's); ``common``: only common words (``--common``)."""
    from ..playing.assembly import game_solver
    return game_solver(engine_for(lexicon_name, common), boards, rule, refused=refused)


def warm(lexicons: tuple[str, ...] = ("wordle", "termo")) -> None:
    """Prepare a long-running server: the page's first solvers built, the compiled kernels loaded and preferred.

    A single ``chute suggest`` is faster in numpy than loading numba (0.3 s); a
    server ranks on every request, and with the kernels a suggestion after two
    clues takes about half the time (BENCHMARKS.md, "chute serve").
    """
    from ..game.engine import prefer_compiled
    from ..kernels import prefer_threadsafe
    prefer_threadsafe()                          # requests run in threads: kernels several may call at once
    for lexicon in lexicons:
        for boards in (1, 2):
            solver_for(lexicon, None, boards, _refused(lexicon)).openers(1)
    from ..kernels import partition  # noqa: F401  (loads numba once, before the first request)
    prefer_compiled(True)


def _refused(lexicon_name: str) -> tuple[str, ...]:
    """Return the user's refused words for a word list (``refused``), sorted."""
    from ..game.refused import refused_words
    return refused_words(lexicon_name)


def _spec(body: dict):
    """Return the game preset a request names."""
    from ..game.games import PRESETS, game_spec
    name = body.get("game", "wordle")
    if not isinstance(name, str) or name not in PRESETS:
        raise BadRequest(f"unknown game {str(name)[:40]!r}; the games are {', '.join(PRESETS)}")
    return game_spec(name)


def _rule(body: dict, spec) -> str | None:
    """Return the hard-mode rule a request asks for (``hard`` means the game's own rule)."""
    rule = body.get("rule")
    if rule in (None, "", "normal"):
        return None
    if rule not in ("hard", "strict"):
        raise BadRequest("rule must be normal, hard or strict")
    if spec.boards > 1:
        raise BadRequest("multi-board games are played without hard mode")
    return spec.hard_rule if rule == "hard" else rule


def _session(body: dict):
    """Return (session, spec): the game of a request replayed row by row."""
    from ..playing.session import Session
    spec = _spec(body)
    rule = _rule(body, spec)
    rows = body.get("rows", [])
    if not isinstance(rows, list) or len(rows) > MAX_ROWS:
        raise BadRequest(f"rows must be a list of at most {MAX_ROWS} rows")
    if len(rows) * spec.boards > MAX_WORK:
        raise BadRequest(f"{spec.name} replays at most {MAX_WORK // spec.boards} rows in one request", 413)
    parsed = []
    for i, row in enumerate(rows, 1):
        if not isinstance(row, dict) or not isinstance(row.get("guess"), str):
            raise BadRequest(f"row {i}: expected {{\"guess\": WORD, \"patterns\": [COLOURS, ...]}}")
        patterns = row.get("patterns")
        if isinstance(patterns, str):
            patterns = [patterns]
        if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
            raise BadRequest(f"row {i}: patterns must be a list of colours, one per unsolved board")
        parsed.append((row["guess"], patterns))
    # keep_unknown: a row the game showed stays, even when no listed word fits it
    session = Session(solver_for(spec.lexicon, rule, spec.boards, _refused(spec.lexicon), _common(body)),
                      spec.boards, spec.rows, keep_unknown=True)
    try:
        session.replay(parsed)
    except ChuteError as err:
        raise BadRequest(err.args[0] if err.args else str(err)) from None     # a Note: said in the page's language
    return session, spec


def _common(body: dict) -> bool:
    """Return whether the request asks for common words only (``--common``'s floor)."""
    common = body.get("common", False)
    if type(common) is not bool:
        raise BadRequest("common must be true or false")
    return common


def _lang(body: dict) -> str:
    """Return the language the request asks its sentences in: "en" (the default) or "pt"."""
    lang = body.get("lang", "en")
    if lang not in LANGUAGES:
        raise BadRequest("lang must be en or pt")
    return lang


def _show(session):
    """Return the function that spells a word as the game shows it (accents)."""
    return session.solver.lexicon.show


def games(_: Request) -> JSONResponse:
    """Return the game presets."""
    from ..game.games import PRESETS
    out = []
    for name, spec in PRESETS.items():
        out.append({"name": name, "boards": spec.boards, "rows": spec.rows, "lexicon": spec.lexicon,
                    "letters": 5, "hard_rule": spec.hard_rule,
                    "language": "pt-BR" if spec.lexicon == "termo" else "en"})
    return JSONResponse({"games": out})


def _suggest(body: dict) -> dict:
    """Return the suggestions and the boards' state for a request."""
    top = body.get("top", 10)
    if type(top) is not int or not 1 <= top <= MAX_TOP:      # JSON's true is no number
        raise BadRequest(f"top must be a whole number from 1 to {MAX_TOP}")
    lang = _lang(body)
    session, spec = _session(body)
    out = {"game": spec.name, **session.report(top, MAX_WORDS, lang)}
    if out["over"]:             # the game's own share text, to copy
        from ..game.share import share_text
        out["share"] = share_text(spec, session.board_patterns(), hard=_rule(body, spec) is not None)
    return out


def _why(body: dict) -> dict:
    """Return why a word could or could not be the answer on a board."""
    from ..playing.solver import why
    word = body.get("word")
    if not isinstance(word, str):
        raise BadRequest("give the word: {\"word\": WORD}")
    lang = _lang(body)
    session, _ = _session(body)
    board = body.get("board", 0)
    show = _show(session)
    if board == "all":          # every open board (every board once the game is over), one verdict each
        boards = session.open_boards() or list(range(session.n_boards))
        verdicts = [(i, why(session.boards[i].state, word, lang)) for i in boards]
        each = [{"board": i, **v.to_dict(show), "text": v.text(show, False, lang)} for i, v in verdicts]
        return {"word": each[0]["word"], "boards": each,
                "text": "\n".join(f"{phrase('board', lang, n=e['board'] + 1)}: {e['text']}" for e in each)}
    if not isinstance(board, int) or isinstance(board, bool) or not 0 <= board < session.n_boards:
        raise BadRequest(f"board must be from 0 to {session.n_boards - 1}, or \"all\"")
    verdict = why(session.boards[board].state, word, lang)
    return {**verdict.to_dict(show), "text": verdict.text(show, session.n_boards == 1, lang)}


def _refuse(body: dict) -> dict:
    """Add a word the game refused to the user's list for the game's word list; return the list."""
    from ..game.refused import remember_refused
    path, word = _refused_word(body, "give the word the game refused: {\"word\": WORD}")
    return {"word": word, "refused": remember_refused(path, [word])}


def _unrefuse(body: dict) -> dict:
    """Take a word out of the user's refused list for the game's word list (refused by mistake); return the list."""
    from ..game.refused import forget_refused
    path, word = _refused_word(body, "give the word to suggest again: {\"word\": WORD}")
    return {"word": word, "refused": forget_refused(path, [word])}


def _refused_word(body: dict, missing: str) -> tuple[Path, str]:
    """Return (the user's refused list for the request's game, its word folded); ``missing`` when it gives none."""
    from ..game.refused import refused_path
    from ..playing.solver import checked_word
    spec = _spec(body)
    word = body.get("word")
    if not isinstance(word, str):
        raise BadRequest(missing)
    return refused_path(spec.lexicon), checked_word(engine_for(spec.lexicon).lexicon, word)


def _review(body: dict) -> dict:
    """Return the verdict on a finished game: its guesses and answers, or the rows played on the page.

    A review is kept (``REVIEWS_KEPT``): the same game asked again, in the other
    language, is answered without grading it again.
    """
    from ..reviewing.verdict import review, review_boards
    spec = _spec(body)
    rule = _rule(body, spec)
    lang = _lang(body)
    guesses, answers = body.get("guesses"), body.get("answers")
    if isinstance(answers, str):
        answers = [answers]
    if "rows" in body and guesses is None:      # the game played on the page: its answers from its solved rows
        if answers is not None and (not isinstance(answers, list) or not all(isinstance(a, str) for a in answers)):
            raise BadRequest("answers must be a list of words")

        def grade():
            from ..reviewing.verdict import review_session
            session, _ = _session(body)
            return review_session(session, answers or None), _show(session)
    else:
        if (not isinstance(guesses, list) or not all(isinstance(g, str) for g in guesses) or not guesses
                or len(guesses) > MAX_ROWS):
            raise BadRequest("guesses must be a list of words")
        if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers) or len(answers) != spec.boards:
            raise BadRequest(f"answers must be a list of {spec.boards} word{'s' if spec.boards > 1 else ''}")
        grid = body.get("patterns")             # a share text's colours, board by board: the guesses must show them
        if grid is not None:
            if (not isinstance(grid, list) or len(grid) != spec.boards
                    or not all(isinstance(rows, list) and len(rows) <= len(guesses)
                               and all(isinstance(p, str) for p in rows) for rows in grid)):
                raise BadRequest(f"patterns must be a list of {spec.boards} lists of colours, a row each")
            from ..game.feedback import check_grid
            check_grid(solver_for(spec.lexicon, rule).lexicon, guesses, grid, answers)

        def grade():
            solver = solver_for(spec.lexicon, rule, common=_common(body))
            if spec.boards == 1:
                return review(solver.engine, guesses, answers[0], rows=spec.rows, rule=rule), solver.lexicon.show
            return review_boards(solver.engine, guesses, answers, spec.rows), solver.lexicon.show
    # what the verdict depends on: the game, its rows, the words the user's game refused (never a best move) and
    # whether only common words are
    key = json.dumps([spec.name, rule, body.get("rows"), guesses, answers, _refused(spec.lexicon), _common(body)],
                     sort_keys=True)
    result, show = _kept(key, grade)
    out = result.to_dict(show, lang)
    if body.get("keep") is True:            # the player's own game: kept in the history once it is over
        from ..reviewing.history import record_game, review_record
        record = review_record(result, spec.name, "page", show)
        out["kept"] = False
        if record is not None:
            try:
                record_game(record)
                out["kept"] = True
            except StorageError as err:     # a history that cannot be written never costs the review
                out["history_error"] = error_text(err, lang)
    return out


HISTORY_LATEST = 10         # games the page lists under its statistics


def _history_answer(games=None) -> dict:
    """Return the history as the page shows it: the statistics per game and mode, the latest games first."""
    from ..reviewing.history import read_history, statistics
    games = read_history() if games is None else games
    latest = sorted(games, key=lambda g: g.when)[-HISTORY_LATEST:][::-1]
    return {"stats": [s.to_dict() for s in statistics(games)],
            "games": [dict(g.to_dict(), won=g.won, rows=g.rows) for g in latest]}


def _history(_: dict) -> dict:
    """Return your history: the statistics and the latest games."""
    return _history_answer()


def _keep(body: dict) -> dict:
    """Keep the game played on the page in the history once it is over (as far as its boards were found); return it."""
    from ..reviewing.history import record_game, session_record
    session, spec = _session(body)
    record = session_record(session, spec.name, "page")
    return _history_answer(None if record is None else record_game(record))


def _forget(body: dict) -> dict:
    """Take the game played on the page out of the history (a row of a finished game taken back); return it."""
    from ..game.words import fold
    from ..reviewing.history import forget_game, game_key
    spec = _spec(body)
    rows = body.get("rows")
    if not isinstance(rows, list) or not all(isinstance(r, dict) and isinstance(r.get("guess"), str) for r in rows):
        raise BadRequest("rows must be a list of {\"guess\": WORD, ...}")
    if not rows:
        return _history_answer()
    rule = _rule(body, spec)
    key = game_key(spec.name, rule, spec.rows, [fold(r["guess"]) for r in rows],
                   solver_for(spec.lexicon, rule).lexicon.show)
    return _history_answer(forget_game(key))


def _clear(_: dict) -> dict:
    """Empty the history (the file moved aside, so that it can be taken back by hand); return it, and the count."""
    from ..reviewing.history import clear_history
    cleared, aside = clear_history()
    return dict(_history_answer([]), cleared=cleared, aside=None if aside is None else str(aside))


REVIEWS_KEPT = 32           # reviews a server keeps, the latest asked
_reviews: "OrderedDict[str, tuple[Any, Callable[[str], str]]]" = OrderedDict()


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


def _share(body: dict) -> dict:
    """Return a share text read, and decoded when the answer is given."""
    from ..game.share import parse_share
    from ..reviewing.grid_decoder import decode_boards
    from ..reviewing.verdict import written_answers
    _lang(body)                 # its errors are said in it
    text = body.get("text")
    if not isinstance(text, str):
        raise BadRequest("give the share text: {\"text\": TEXT}")
    share = parse_share(text)
    out: dict[str, Any] = {"game": share.game, "hard": share.hard, "claimed": share.claimed,
                           "boards": share.boards}
    answer = body.get("answer")
    if isinstance(answer, str) and answer.strip():
        from ..game.games import game_spec
        name = body.get("game") or share.game or "wordle"
        solver = solver_for(game_spec(name).lexicon, None)
        show = solver.lexicon.show
        answers = written_answers(answer)       # several boards: one answer each
        rows = decode_boards(solver.engine, share.boards, answers, hard=share.hard)
        out["decoded"] = [{"pattern": r.pattern, "patterns": list(r.patterns), "count": r.count,
                           "likely": [show(w) for w in r.likely]} for r in rows]
    return out


def page_rows(guesses: Sequence[str], answers: Sequence[str]) -> list[dict]:
    """Return the rows the page sends for these guesses: the colours of each board still open, against its answer."""
    from ..game.feedback import score
    return [{"guess": g, "patterns": [score(g, a) for a in answers if a not in guesses[:i]]}
            for i, g in enumerate(guesses)]


# one request of each kind the page makes, asked by the server itself as it starts (``warm_kernels``); the
# one-board games open with words whose review tables do not ship (``data/review/``), so that their reviews
# search an opener: the compiled tree search (and hard modes') is loaded before a player's unusual opener needs it
WARM_GAMES = (
    ("wordle", None, ("cloth", "corny", "cigar"), ("cigar",)),
    ("wordle", "hard", ("cloth", "carry", "cigar"), ("cigar",)),    # its review reaches the compiled hard searches
    ("termo", None, ("cinto", "limpo", "termo"), ("termo",)),
    ("termo", "strict", ("cinto", "termo"), ("termo",)),
    ("quarteto", None, ("serao", "limpo", "termo", "nobre", "fungo", "mundo"), ("termo", "nobre", "fungo", "mundo")),
    ("quordle", None, ("salet", "corny", "cigar", "rebut", "sissy", "humph"), ("cigar", "rebut", "sissy", "humph")),
)
# and the suggestion after a first row that leaves thousands of words where the policy plans: its two-deep
# sums run compiled (``kernels/expected.py``), which no warm game above reaches; its review would take 17 s
WARM_FIRST_ROWS = (("wordle", "hard", "jumpy", "cigar"),)


def warm_kernels(stop: Callable[[], bool] = lambda: False, locked: bool = False, game: str | None = None) -> list[str]:
    """Return what failed of the page's own requests (``WARM_GAMES``, ``WARM_FIRST_ROWS``), asked once each until
    ``stop()`` says so (``game``: only those about that game).

    ``chute serve`` runs this twice as it starts.  First in processes of
    its own, a game each (``python -m chute.web.warming``): on a fresh install numba
    compiles each kernel the first time it runs (a review: about 15 s, a
    Quordle: 5-10 s) and the first review of a word list builds its table on
    disk, both into the caches the server reads, on another core, so that
    no request waits for it.  Then in the server, ``locked`` (each request
    under the server's lock, so a player's waits for one at most): the
    kernels are loaded from their cache (about a second) before a click needs them.
    """
    failed = []
    asks = [(handler, body) for handler, body in _warm_asks() if game is None or body["game"] == game]
    for handler, body in asks:
        if stop():
            return failed
        try:
            _locked(handler, body) if locked else handler(body)
        except Exception as err:        # noqa: BLE001 - a warm-up never fails the server; the request will say why
            failed.append(f"{handler.__name__} {body['game']}: {type(err).__name__}: {err}")
    return failed


def warm_games() -> list[str]:
    """Return the games the page's own requests are about, in the order ``warm_kernels`` asks them."""
    return list(dict.fromkeys(body["game"] for _, body in _warm_asks()))


def _warm_asks() -> list[tuple[Callable[[dict], dict], dict]]:
    """Return the page's own requests (handler, body), in the order ``warm_kernels`` asks them."""
    asks = []
    for game, rule, guesses, answers in WARM_GAMES:
        rows = page_rows(guesses, answers)
        asks += [(_suggest, {"game": game, "rule": rule, "rows": rows[:1]}),
                 (_why, {"game": game, "rule": rule, "rows": rows[:1], "word": guesses[1]}),
                 (_review, {"game": game, "rule": rule, "rows": rows})]
    for game, rule, guess, answer in WARM_FIRST_ROWS:
        asks.append((_suggest, {"game": game, "rule": rule, "rows": page_rows([guess], [answer])}))
    from ..game.games import PRESETS
    for game in PRESETS:                # every game's opening: a multi-board one ranks its own opener once
        asks.append((_suggest, {"game": game, "rows": []}))
    return asks


def _locked(handler, body: dict) -> dict:
    """Return the handler's answer to a body, computed in one of the server's turns (``Busy`` when none came
    free within ``QUEUE_SECONDS``)."""
    turns = _turns()
    if not turns.acquire(timeout=QUEUE_SECONDS):
        raise Busy()
    try:
        return handler(body)
    finally:
        turns.release()


def _endpoint(handler, turn: bool = True):
    """Wrap a JSON handler: read and check the body, call the library, turn errors into one-line 4xx JSON.

    ``turn``: the handler waits for one of the server's turns (its work is the engine's); a quick one that only
    reads or writes a small file (the history) is answered at once, never behind another client's review.
    """
    async def endpoint(request: Request) -> Response:
        try:
            length = int(request.headers.get("content-length") or 0)
        except ValueError:
            length = 0
        if length > MAX_BODY:
            return JSONResponse({"error": f"the request body is over {MAX_BODY:,} bytes"}, status_code=413)
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                return JSONResponse({"error": f"the request body is over {MAX_BODY:,} bytes"}, status_code=413)
        try:
            body = json.loads(raw.decode("utf-8") or "{}")
        except (UnicodeDecodeError, ValueError, RecursionError):
            return JSONResponse({"error": "the request body is not JSON"}, status_code=400)
        if not isinstance(body, dict):
            return JSONResponse({"error": "the request body must be a JSON object"}, status_code=400)
        try:
            # in a worker thread, so the event loop keeps serving the page and its files meanwhile (a
            # review can take seconds), and other clients' requests in the other turns
            if not turn:
                return JSONResponse(await run_in_threadpool(handler, body))
            return JSONResponse(await run_in_threadpool(_locked, handler, body))
        except Busy:
            return JSONResponse({"error": f"the server is busy: every one of its {WORKING} turns has been taken for "
                                          f"{QUEUE_SECONDS:.0f} s; ask again in a moment"},
                                status_code=503, headers={"Retry-After": "5"})
        except (BadRequest, ChuteError) as err:      # a Note is said in the request's language
            lang = body["lang"] if body.get("lang") in LANGUAGES else "en"
            # the machine's disk, not the request, at fault: 507 Insufficient Storage
            status = err.status if isinstance(err, BadRequest) else 507 if isinstance(err, StorageError) else 422
            return JSONResponse({"error": error_text(err, lang)}, status_code=status)
        except (RecursionError, MemoryError):
            return JSONResponse({"error": "the request is too large to answer"}, status_code=413)
    return endpoint


def _static(name: str, media: str):
    """Return an endpoint that serves one bundled file."""
    data = resources.files(__name__).joinpath("static", name).read_bytes()

    async def endpoint(_: Request) -> Response:
        return Response(data, media_type=media, headers={"Cache-Control": "no-cache"})
    return endpoint


async def _not_found(request: Request, exc: HTTPException) -> JSONResponse:
    """Return errors of routing (unknown path, wrong method) as one-line JSON."""
    return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)


async def _crash(request: Request, exc: Exception) -> JSONResponse:
    """Return an unexpected failure as one line (the server keeps running; no traceback goes out)."""
    return JSONResponse({"error": f"internal error: {type(exc).__name__}"}, status_code=500)


def create_app(hosts: frozenset[str] | None = LOOPBACK_NAMES) -> Starlette:
    """Return the web application: the page, its assets and the JSON API, answering at ``hosts`` (None: any name).

    Requests from other web pages are refused whatever ``hosts`` (``origin.SameOrigin``).
    """
    routes = [
        Route("/", _static("index.html", "text/html; charset=utf-8")),
        Route("/app.js", _static("app.js", "text/javascript; charset=utf-8")),
        Route("/style.css", _static("style.css", "text/css; charset=utf-8")),
        Route("/favicon.svg", _static("favicon.svg", "image/svg+xml")),
        Route("/api/games", games),
        Route("/api/suggest", _endpoint(_suggest), methods=["POST"]),
        Route("/api/why", _endpoint(_why), methods=["POST"]),
        Route("/api/refuse", _endpoint(_refuse), methods=["POST"]),
        Route("/api/unrefuse", _endpoint(_unrefuse), methods=["POST"]),
        Route("/api/review", _endpoint(_review), methods=["POST"]),
        Route("/api/share", _endpoint(_share), methods=["POST"]),
        Route("/api/history", _endpoint(_history, turn=False), methods=["GET", "POST"]),
        Route("/api/history/keep", _endpoint(_keep), methods=["POST"]),
        Route("/api/history/forget", _endpoint(_forget, turn=False), methods=["POST"]),
        Route("/api/history/clear", _endpoint(_clear, turn=False), methods=["POST"]),
    ]
    return Starlette(routes=routes, middleware=[Middleware(SameOrigin, hosts=hosts)],
                     exception_handlers={HTTPException: _not_found, Exception: _crash})


@contextmanager
def warm_in_background() -> Iterator[None]:
    """Run ``warm_kernels`` while the block serves: in a process of its own, then in this one; stop both after.

    ``chute serve`` wraps the server in it.  The process has its own session,
    so that Ctrl-C in the terminal reaches the server alone (which ends it
    here); if the server is killed, it stops at its next step.
    """
    import subprocess
    import sys

    from ..parallel import this_chute_env
    env = this_chute_env()
    try:
        child = subprocess.Popen([sys.executable, "-m", "chute.web.warming"], stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, start_new_session=True, env=env)
    except OSError:                 # no process to spare (a limit, no memory): each request does its own work
        yield
        return
    stopping = threading.Event()

    def then_here() -> None:
        if child.wait() == 0:
            warm_kernels(stopping.is_set, locked=True)
    try:
        threading.Thread(target=then_here, name="chute-warm", daemon=True).start()
    except RuntimeError:            # no thread to spare: the kernels load on the first request that needs them
        pass
    try:
        yield
    finally:
        stopping.set()
        if child.poll() is None:
            child.terminate()
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


@contextmanager
def running(host: str = "127.0.0.1", timeout: float = 30.0) -> Iterator[str]:
    """Yield the base URL (``http://HOST:PORT``) of the app served by uvicorn in a thread on a free port; stop it after.

    For tests, benchmarks and notebooks; ``chute serve`` runs uvicorn in the foreground instead.
    """
    import socket
    import time

    import uvicorn
    with socket.socket() as probe:
        probe.bind((host, 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(allowed_hosts(host)), host=host, port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + timeout
    while not server.started and thread.is_alive() and time.time() < deadline:
        time.sleep(0.05)
    if not server.started:
        server.should_exit = True
        raise ChuteError(f"the server did not start on {host}:{port}")
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
