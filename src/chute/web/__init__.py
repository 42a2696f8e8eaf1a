"""``chute serve``: a local web page next to the game, and the JSON API it uses.

The house: ``requests`` reads and checks a body (its game, rule, rows; the
solvers ``chute.solver_for`` builds, one per game), ``api`` answers it (plain
functions, no web framework), ``app`` serves them with Starlette, and
``warming`` asks the page's own requests once as the server starts.

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

import importlib

_LAZY = {
    "create_app": "app",
    "running": "app",
    "warm_in_background": "app",
    "allowed_hosts": "origin",
    "warm": "warming",
    "warm_kernels": "warming",
    "page_rows": "requests",
    "page_solver": "requests",
}


def __getattr__(name: str):
    """Return a name of the page's modules, imported on first use (Starlette only with ``app``'s)."""
    if name in _LAZY:
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'chute.web' has no attribute {name!r}")
