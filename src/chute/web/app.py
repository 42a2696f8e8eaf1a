"""The web application: the page, its assets and the JSON API served by Starlette (``chute serve``).

Each API endpoint reads and checks its body, then calls one function of
``api`` in a worker thread, in one of the server's turns (``WORKING`` at once;
the compiled kernels and numpy release the GIL), so the page and its files are
served while a review computes for seconds.  Bad requests get a 4xx and one
line of JSON (``{"error": "..."}``), never a traceback.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import resources

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..errors import ChuteError, StorageError
from ..kernels import threadsafe
from ..language import LANGUAGES, error_text
from ..machine import this_chute_env
from . import api
from .origin import LOOPBACK_NAMES, SameOrigin, allowed_hosts
from .requests import MAX_BODY, BadRequest, check_fields
from .warming import warm_kernels

WORKING = 4  # requests worked on at once (threads; the kernels and numpy release the GIL)
QUEUE_SECONDS = 30.0  # a request waits this long for its turn, then is answered 503

_slots: threading.BoundedSemaphore | None = None
_state = threading.Lock()  # guards the turns, made once


def _turns() -> threading.BoundedSemaphore:
    """Return the turns requests take: ``WORKING`` at once where the compiled kernels are thread-safe (the
    server asks for that as it starts: ``warm``), else one (numba's workqueue layer allows one thread)."""
    global _slots
    with _state:
        if _slots is None:
            _slots = threading.BoundedSemaphore(WORKING if threadsafe() else 1)
        return _slots


class Busy(Exception):
    """Every turn stayed taken for ``QUEUE_SECONDS``: the request is answered 503, not queued for ever."""


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


def _endpoint(handler: Callable[[dict], dict], turn: bool = True):
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
            check_fields(body, handler.fields)  # type: ignore[attr-defined]
            # in a worker thread, so the event loop keeps serving the page and its files meanwhile (a
            # review can take seconds), and other clients' requests in the other turns
            if not turn:
                return JSONResponse(await run_in_threadpool(handler, body))
            return JSONResponse(await run_in_threadpool(_locked, handler, body))
        except Busy:
            return JSONResponse(
                {
                    "error": f"the server is busy: every one of its {WORKING} turns has been taken for "
                    f"{QUEUE_SECONDS:.0f} s; ask again in a moment"
                },
                status_code=503,
                headers={"Retry-After": "5"},
            )
        except (BadRequest, ChuteError) as err:  # a Note is said in the request's language
            lang = body["lang"] if body.get("lang") in LANGUAGES else "en"
            # the machine's disk, not the request, at fault: 507 Insufficient Storage
            status = err.status if isinstance(err, BadRequest) else 507 if isinstance(err, StorageError) else 422
            return JSONResponse({"error": error_text(err, lang)}, status_code=status)
        except (RecursionError, MemoryError):
            return JSONResponse({"error": "the request is too large to answer"}, status_code=413)

    return endpoint


async def _games(_: Request) -> JSONResponse:
    """Return the game presets."""
    return JSONResponse(api.games())


def _static(name: str, media: str):
    """Return an endpoint that serves one bundled file."""
    data = resources.files("chute.web").joinpath("static", name).read_bytes()

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
        Route("/api/games", _games),
        Route("/api/suggest", _endpoint(api.suggest), methods=["POST"]),
        Route("/api/why", _endpoint(api.why_word), methods=["POST"]),
        Route("/api/refuse", _endpoint(api.refuse), methods=["POST"]),
        Route("/api/unrefuse", _endpoint(api.unrefuse), methods=["POST"]),
        Route("/api/review", _endpoint(api.review_game_body), methods=["POST"]),
        Route("/api/share", _endpoint(api.share), methods=["POST"]),
        Route("/api/history", _endpoint(api.history, turn=False), methods=["GET", "POST"]),
        Route("/api/history/keep", _endpoint(api.keep), methods=["POST"]),
        Route("/api/history/forget", _endpoint(api.forget, turn=False), methods=["POST"]),
        Route("/api/history/clear", _endpoint(api.clear, turn=False), methods=["POST"]),
    ]
    return Starlette(
        routes=routes,
        middleware=[Middleware(SameOrigin, hosts=hosts)],
        exception_handlers={HTTPException: _not_found, Exception: _crash},  # type: ignore[dict-item]
    )


@contextmanager
def warm_in_background() -> Iterator[None]:
    """Run ``warm_kernels`` while the block serves: in a process of its own, then in this one; stop both after.

    ``chute serve`` wraps the server in it.  The process has its own session,
    so that Ctrl-C in the terminal reaches the server alone (which ends it
    here); if the server is killed, it stops at its next step.
    """
    env = this_chute_env()
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", "chute.web.warming"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            start_new_session=True,
            env=env,
        )
    except OSError:  # no process to spare (a limit, no memory): each request does its own work
        yield
        return
    stopping = threading.Event()

    def then_here() -> None:
        if child.wait() == 0:
            warm_kernels(stopping.is_set, ask=_locked)

    try:
        threading.Thread(target=then_here, name="chute-warm", daemon=True).start()
    except RuntimeError:  # no thread to spare: the kernels load on the first request that needs them
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
