"""Who may reach the HTTP API: loopback by default, a bearer token for anything else.

* ``scout serve`` binds 127.0.0.1 unless told otherwise. Binding any other address (a
  LAN address, ``0.0.0.0``, ``::``, a host name) requires ``SCOUTE_API_TOKEN``; without
  it the server refuses to start (``CFG020``). A token shorter than
  :data:`MIN_TOKEN_LENGTH` characters is refused the same way.
* When ``SCOUTE_API_TOKEN`` is set, EVERY request (the OpenAPI document, the docs page
  and ``/healthz`` included) must carry ``Authorization: Bearer <token>``; anything else
  gets 401 (``USE030``). The comparison is constant-time (``hmac.compare_digest``).
  The token is read from the environment only (a command-line flag would show in ``ps``).
"""

from __future__ import annotations

import hmac
import ipaddress
import json
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from scout.audit.secrets import API_TOKEN_ENV
from scout.errors import MisdirectedHost, Unauthorized, UnsafeBind
from scout.adapters.contract import Secret

MIN_TOKEN_LENGTH = 16
AUTH_CODE = Unauthorized.code

Scope = dict[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]],
                   Awaitable[None]]


def is_loopback(host: str) -> bool:
    """127.0.0.0/8, ::1 and ``localhost`` are loopback; everything else is not."""
    h = host.strip().strip("[]").lower()
    if h == "localhost":
        return True
    try:
        return ipaddress.ip_address(h).is_loopback
    except ValueError:
        return False  # a host name may resolve anywhere


def api_token(host: str, env: Mapping[str, str]) -> Secret | None:
    """The token the server must require, after checking the bind rules."""
    value = env.get(API_TOKEN_ENV) or None
    if value is not None and len(value) < MIN_TOKEN_LENGTH:
        raise UnsafeBind(
            f"{API_TOKEN_ENV} is too short ({len(value)} characters; at least "
            f"{MIN_TOKEN_LENGTH})",
            hint=f"use a long random value, e.g. export {API_TOKEN_ENV}=$(python -c "
            "'import secrets; print(secrets.token_urlsafe(32))')")
    if value is None and not is_loopback(host):
        raise UnsafeBind(
            f"refusing to serve on {host}: it is not a loopback address and "
            f"{API_TOKEN_ENV} is not set, so anyone who can reach it could read every "
            "mission, journal and pool state",
            hint=f"bind 127.0.0.1 (the default), or export {API_TOKEN_ENV}=<a long random "
            "value> and send 'Authorization: Bearer <value>' with every request")
    return Secret(API_TOKEN_ENV, value) if value is not None else None


async def refuse(send: Any, status: int, body: bytes, *extra: tuple[bytes, bytes]) -> None:
    """Answer a refused request (``body``: the API's JSON error) before reading its body.
    The server may have answered it already: a malformed body (a bad chunk) is answered
    400 by uvicorn while this answer is on its way, and sending then raised inside the
    server, which printed "Exception in ASGI application" and a traceback in the
    operator's log for each such request. There is nothing left to say to that client."""
    try:
        await send({"type": "http.response.start", "status": status, "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()), *extra]})
        await send({"type": "http.response.body", "body": body})
    except Exception:  # noqa: BLE001 - h11's or httptools' "response already sent"
        return


class BearerAuth:
    """ASGI middleware: every HTTP request must carry the bearer token."""

    def __init__(self, app: ASGIApp, token: Secret) -> None:
        self.app = app
        self._expected = token.reveal().encode("utf-8")

    def _allowed(self, scope: Scope) -> bool:
        for name, value in scope.get("headers") or ():
            if name.lower() == b"authorization":
                scheme, _, given = value.partition(b" ")
                # compare_digest takes as long for any wrong value of a given length
                return scheme.lower() == b"bearer" and hmac.compare_digest(given.strip(),
                                                                           self._expected)
        return False

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or self._allowed(scope):
            await self.app(scope, receive, send)
            return
        body = json.dumps({"error": {
            "code": AUTH_CODE, "message": "missing or wrong bearer token",
            "hint": "send 'Authorization: Bearer <SCOUTE_API_TOKEN>'"}}).encode()
        await refuse(send, 401, body, (b"www-authenticate", b'Bearer realm="scout"'))


def loopback_host(value: str) -> bool:
    """A ``Host`` header naming this machine: ``localhost`` (or ``*.localhost``),
    127.0.0.0/8 or ``[::1]``, with or without a port."""
    h = value.strip().lower()
    if h.startswith("["):
        h, sep, rest = h[1:].partition("]")
        if not sep or (rest and not (rest.startswith(":") and rest[1:].isdigit())):
            return False
    elif h.count(":") == 1:
        h, _, port = h.partition(":")
        if not port.isdigit():
            return False
    elif ":" in h:
        return False  # a bare IPv6 address must be bracketed in Host
    h = h.rstrip(".")
    if h == "localhost" or h.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(h).is_loopback
    except ValueError:
        return False


class LoopbackHostGuard:
    """ASGI middleware for the loopback mode (no token): a request whose ``Host`` is not
    a loopback name gets 421. Without it a web page could read the API by rebinding a
    name it controls to 127.0.0.1 (the browser sends that name as ``Host``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        hosts = [v.decode("latin-1") for k, v in scope.get("headers") or ()
                 if k.lower() == b"host"]
        if len(hosts) == 1 and loopback_host(hosts[0]):
            await self.app(scope, receive, send)
            return
        body = json.dumps({"error": {
            "code": MisdirectedHost.code,
            "message": "this API answers only requests addressed to a loopback name "
                       "(localhost, 127.0.0.1, [::1])",
            "hint": "open http://127.0.0.1:PORT/ ; to serve other names, bind with "
                    f"{API_TOKEN_ENV} set"}}).encode()
        await refuse(send, 421, body)
