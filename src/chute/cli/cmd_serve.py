"""``chute serve``: the local web page and its JSON API (needs ``pip install 'chute[web]'``)."""

from __future__ import annotations

import argparse
import socket
import sys
import webbrowser

from ..errors import ChuteError
from ..files import excerpt
from ..web import warming
from .common import bounded_int

HELP = "a local web page next to the game: clickable tiles, suggestions, review"
DESCRIPTION = (
    "Serve chute's web page and JSON API on this machine (Starlette on uvicorn; every asset "
    "bundled, works offline). The page plays Wordle, Termo and their multi-board games: type "
    "a guess, click the tiles to the colours the game showed, read the suggestions and the words "
    "left; paste a share text for the review. Binds to 127.0.0.1 unless told otherwise. Requests from "
    "other web pages are refused, so a site you visit cannot use it or change your list of refused "
    "words; on this machine's own address it answers only at localhost, 127.0.0.1 and [::1]."
)
EPILOG = "examples: chute serve | chute serve --port 8080 --open | chute serve --host 0.0.0.0"


def add_arguments(p) -> None:
    """Add the ``serve`` options."""
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1, this machine only; "
        "0.0.0.0: the network, answering at any name)",
    )
    p.add_argument("--port", type=bounded_int(1, 65535), default=8000, help="port (default: 8000)")
    p.add_argument("--open", action="store_true", help="open the page in the browser")


def run(args: argparse.Namespace) -> int:
    """Check the port, load the engines, and serve until interrupted."""
    try:
        import uvicorn  # noqa: PLC0415 (Starlette and uvicorn: only to serve the page)

        from ..web.app import allowed_hosts, create_app, warm_in_background  # noqa: PLC0415 (Starlette and uvicorn: only to serve the page)
    except ImportError:
        raise ChuteError("chute serve needs the web extra: pip install 'chute[web]'") from None
    host = args.host.strip()
    if host.startswith("[") and host.endswith("]"):  # an IPv6 address as a URL writes it
        host = host[1:-1]
    if not host:
        raise ChuteError("--host: give an address to listen on (127.0.0.1: this machine; 0.0.0.0: the network)")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # the socket the server answers on, listening before the page's address is printed: a request (or the
    # browser --open starts) waits in its queue until the server takes it, never meets a closed port
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, args.port))
        listener.listen(128)
    except (OSError, TypeError, UnicodeError) as err:  # TypeError, UnicodeError: a name that cannot be encoded
        listener.close()
        why = err.strerror if isinstance(err, OSError) and err.strerror else "not a host name"
        host_text = args.host if args.host.isprintable() and len(args.host) <= 100 else excerpt(args.host)
        raise ChuteError(f"cannot listen on {host_text}:{args.port} ({why}): choose another --host or --port") from None
    with listener:
        warming.warm()  # the engines and kernels every request uses, before it answers
        name = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::", "::1", "0") else host
        url = f"http://{f'[{name}]' if ':' in name else name}:{args.port}/"
        print(f"chute: serving on {url} (Ctrl-C to stop)", file=sys.stderr, flush=True)
        if args.open:
            webbrowser.open(url)
        with warm_in_background():  # the page's requests asked once, in a process of its own
            # no ASGI lifespan: nothing to start in it, and a second Ctrl-C would print its cancelled task's
            # traceback
            config = uvicorn.Config(create_app(allowed_hosts(host)), log_level="warning", lifespan="off")
            uvicorn.Server(config).run(sockets=[listener])
    return 0
