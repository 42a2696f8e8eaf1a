"""Keep other web sites out of the local server: the names it answers to, requests' origin, JSON bodies, frames.

A page on any site the player visits can make the browser send requests to ``http://127.0.0.1:8000``
(a form, or a ``fetch`` in "no-cors" mode), which could fill the player's list of refused words; and a
domain pointed at 127.0.0.1 after the page loaded ("DNS rebinding") could even read the answers. So,
before any route, a request is refused (403 or 415, one line of JSON) unless:

- its ``Host`` names this machine (localhost, 127.0.0.1, [::1]) when the server listens on a loopback
  address; a server the player put on the network (``--host 0.0.0.0``) answers to any name;
- its ``Origin``, when the browser sends one, is the page's own (the scheme and the name in ``Host``);
- a POST says its body is JSON (``Content-Type: application/json``): a cross-site form cannot send
  that, and a cross-site ``fetch`` can only after a CORS preflight, which this server never grants.

Every answer also tells the browser to run only the server's own files (a Content Security Policy
with no inline script or style), never to show the page in another site's frame (where a hidden page
could steer the player's clicks), and not to guess a file's type.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
        b"form-action 'none'; frame-ancestors 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),  # not no-referrer: a POST would then say "Origin: null"
]


def allowed_hosts(listen: str) -> frozenset[str] | None:
    """Return the names a server on ``listen`` answers to: this machine's on a loopback address, else None (any)."""
    name = listen.strip("[]").lower()
    if name == "localhost":
        return LOOPBACK_NAMES
    try:
        loopback = ipaddress.ip_address(name).is_loopback
    except ValueError:
        return None
    return LOOPBACK_NAMES | {name} if loopback else None


def host_name(host: str) -> str:
    """Return the name in a Host header, without its port or an IPv6 address's brackets ("[::1]:80" -> "::1");
    a name followed by anything but a port (``[::1]evil.com``, ``localhost:80@evil.com``) is no name: "" then."""
    host = host.strip().lower()
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        return name if rest == "" or (rest.startswith(":") and rest[1:].isascii() and rest[1:].isdigit()) else ""
    if host.count(":") != 1:
        return host
    name, _, port = host.partition(":")
    return name if port.isascii() and port.isdigit() else ""  # NAME:DIGITS only (not "localhost:80@evil.com")


def refusal(method: str, scheme: str, headers: Headers, hosts: frozenset[str] | None) -> tuple[int, str] | None:
    """Return the status and reason to refuse a request with, or None when it may go on."""
    host = headers.get("host", "")
    if hosts is not None and host_name(host) not in hosts:
        return 403, (
            f"this server listens on this machine only and answers at localhost, 127.0.0.1 or [::1], not at {host!r}"
        )
    origin = headers.get("origin")
    if origin is not None:
        parts = urlsplit(origin)
        if (parts.scheme, parts.netloc.lower()) != (scheme, host.lower()):
            return 403, f"requests from other web pages are refused (Origin {origin!r})"
    if method == "POST":
        media = headers.get("content-type", "").partition(";")[0].strip().lower()
        if media != "application/json":
            return 415, "send the request body as JSON (Content-Type: application/json)"
    return None


class SameOrigin:
    """ASGI middleware: refuse a request from another site or to a name not this machine's; guard every answer."""

    def __init__(self, app, hosts: frozenset[str] | None = LOOPBACK_NAMES):
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_guarded(message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        refused = refusal(scope["method"], scope.get("scheme", "http"), Headers(scope=scope), self.hosts)
        if refused is not None:
            status, reason = refused
            await JSONResponse({"error": reason}, status_code=status)(scope, receive, send_guarded)
            return
        await self.app(scope, receive, send_guarded)
