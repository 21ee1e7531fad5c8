"""Fakes for the media adapters: Perplexity and candidate pages on the FakeServer, and a
requests transport that plays YouTube for youtube-transcript-api.

- :func:`perplexity_route` answers ``POST /chat/completions`` like Perplexity: the recorded
  401 page (HTML) for an unknown Bearer key, the recorded sonar answer otherwise. It
  records, per request, the NAME of the key that was used (never its value) and the body.
- :func:`page_routes` serves candidate pages and redirects; :func:`hotel_page` is a
  hand-written page wrapped around a real JSON-LD block.
- :class:`FakeYouTube` is a ``requests`` transport adapter serving the watch page, the
  InnerTube player answer and the timedtext XML, so the real library code runs offline.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import requests
from requests.adapters import BaseAdapter
from requests.structures import CaseInsensitiveDict

from tests.fakes.server import FakeServer, Reply, Req

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "providers"

SONAR_ANSWER = FIXTURES / "perplexity" / "chat-completions-sonar-repo-rate-india.json"
#: observed 429 body (FACTS.md)
RATE_LIMIT_BODY = {"error": {"message": "Request rate limit exceeded, please try again later.",
                             "type": "request_rate_limit_exceeded", "code": 429}}
#: the real 401 for a refused key: openresty's HTML page, not JSON (perplexity/SOURCES.md)
UNAUTHORIZED_PAGE = FIXTURES / "perplexity" / "error-401-openresty-html.html"


# --- Perplexity -------------------------------------------------------------------------


@dataclass
class PerplexityLog:
    key_names: list[str] = field(default_factory=list)  # names, never values
    bodies: list[dict[str, Any]] = field(default_factory=list)


def perplexity_route(srv: FakeServer, keys: dict[str, str], *,
                     answer: bytes | None = None,
                     spanish: bytes | None = None) -> PerplexityLog:
    """Route ``POST /chat/completions``; ``keys`` maps accepted key VALUES to their names.
    ``spanish``: the answer to a prompt that asks for Spanish, as a model that follows
    the instruction gives (None: ``answer`` whatever the prompt asks)."""
    english = answer if answer is not None else SONAR_ANSWER.read_bytes()
    log = PerplexityLog()

    def handler(req: Req) -> Reply:
        headers = {k.lower(): v for k, v in req.headers.items()}
        auth = headers.get("authorization", "")
        value = auth[len("Bearer "):] if auth.startswith("Bearer ") else ""
        log.key_names.append(keys.get(value, "<unknown>"))
        log.bodies.append(req.json())
        if value not in keys:
            return Reply(401, UNAUTHORIZED_PAGE.read_bytes(), "text/html")
        asked = json.dumps(log.bodies[-1].get("messages", [])[:1]) if isinstance(
            log.bodies[-1], dict) else ""
        return Reply(200, spanish if spanish is not None and "Spanish" in asked else english)

    srv.route("POST", "/chat/completions", handler)
    return log


# --- candidate pages --------------------------------------------------------------------


def hotel_page(jsonld_file: str = "hotel-jsonld-barahona72-v2.html") -> str:
    """A hand-written hotel page around a REAL JSON-LD block (see web_pages/SOURCES.md)."""
    jsonld = (FIXTURES / "web_pages" / jsonld_file).read_text(encoding="utf-8")
    return f"""<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<title>Hotel Barahona 72 | Barranquilla</title>
<meta property="og:title" content="Hotel Barahona 72">
<meta property="og:type" content="hotel">
<meta property="og:url" content="https://hotelbarahona72.com/">
<meta property="og:image" content="https://hotelbarahona72.com/img/barahona-18.webp">
<meta name="description" content="Hotel economico en Barranquilla">
{jsonld}
<style>body {{ font-family: sans-serif; }}</style>
<script>window.dataLayer = [{{"event": "pageview"}}];</script>
</head>
<body>
<header class="site-header"><a href="/">Hotel Barahona 72</a>
  <nav><ul><li><a href="/habitaciones">Habitaciones</a></li><li><a href="/contacto">Contacto</a></li></ul></nav>
</header>
<div class="cookie-banner">Usamos cookies para mejorar su experiencia. <button>Aceptar</button></div>
<main>
  <article>
    <header><h1>Hotel Barahona 72</h1></header>
    <p>Hotel economico sobre la <strong>Calle 72</strong>, barrio Prado, Barranquilla.</p>
    <p>Habitaciones con aire acondicionado, WiFi y desayuno incluido. Recepcion 24 horas.</p>
    <script>trackScroll();</script>
  </article>
</main>
<aside>Ofertas de la semana</aside>
<footer>&copy; 2026 Hotel Barahona 72 - Todos los derechos reservados</footer>
<script src="/js/app.js"></script>
</body>
</html>
"""


def page_routes(srv: FakeServer, pages: dict[str, str],
                redirects: dict[str, str] | None = None) -> None:
    """Serve ``pages`` (path → HTML) and ``redirects`` (path → Location, answered 302)."""
    for path, html in pages.items():
        srv.route("GET", path, lambda req, html=html: Reply(200, html, "text/html; charset=utf-8"))
    for path, target in (redirects or {}).items():
        srv.route("GET", path, lambda req, target=target: Reply(302, b"", "text/html",
                                                                 {"Location": target}))


# --- YouTube, for youtube-transcript-api --------------------------------------------------

#: hand-written stand-in for a watch page: the library reads only the InnerTube key from it
WATCH_HTML = ('<!DOCTYPE html><html><head><script>ytcfg.set({"INNERTUBE_API_KEY": '
              '"FAKE_innertube_key_0123"});</script></head><body></body></html>')
TIMEDTEXT = FIXTURES / "youtube" / "timedtext-transcript-test-asset.xml"


def innertube(name: str) -> bytes:
    return (FIXTURES / "youtube" / name).read_bytes()


class FakeYouTube(BaseAdapter):
    """Serves www.youtube.com for the library; records every call and the proxies used.

    ``fail`` maps a path ("/watch", "/youtubei/v1/player", "/api/timedtext") to an HTTP
    status or to an exception instance to raise instead of answering.
    """

    def __init__(self, player: bytes, *, timedtext: bytes | None = None,
                 watch_html: str = WATCH_HTML,
                 fail: dict[str, int | Exception] | None = None,
                 players: dict[str, bytes] | None = None,
                 timedtexts: dict[str, bytes] | None = None) -> None:
        super().__init__()
        self.player = player
        #: ``players``: per video id (the player request's ``videoId``), another player
        #: answer (captions disabled, unavailable); ``timedtexts``: per caption track
        #: (its URL's ``v=``, or ``v:lang``), another transcript
        self.players = dict(players or {})
        self.timedtexts = dict(timedtexts or {})
        self.timedtext = timedtext if timedtext is not None else TIMEDTEXT.read_bytes()
        self.watch_html = watch_html
        self.fail = dict(fail or {})
        self.calls: list[tuple[str, str]] = []
        self.proxies: list[dict[str, str]] = []

    def send(self, request: requests.PreparedRequest, stream: bool = False, timeout: Any = None,
             verify: Any = True, cert: Any = None, proxies: Any = None) -> requests.Response:
        url = str(request.url)
        self.calls.append((str(request.method), url))
        self.proxies.append(dict(proxies or {}))
        path = urlsplit(url).path
        failure = self.fail.get(path)
        if isinstance(failure, Exception):
            raise failure
        status, body, ctype = 200, b"", "text/html"
        if path == "/watch":
            body = self.watch_html.encode()
        elif path == "/youtubei/v1/player":
            asked = json.loads(request.body or b"{}").get("videoId", "")
            body, ctype = self.players.get(asked, self.player), "application/json"
        elif path == "/api/timedtext":
            # keyed by the track's own v= (the capture's video id), optionally ":<lang>"
            query = parse_qs(urlsplit(url).query)
            vid, lang = query.get("v", [""])[0], query.get("lang", [""])[0]
            body = self.timedtexts.get(f"{vid}:{lang}", self.timedtexts.get(vid, self.timedtext))
            ctype = "text/xml"
        else:
            status = 404
        if isinstance(failure, int):
            status, body = failure, b"error"
        response = requests.Response()
        response.status_code = status
        response._content = body
        response.headers = CaseInsensitiveDict({"Content-Type": ctype})
        response.encoding = "utf-8"
        response.url = url
        response.request = request
        response.reason = "OK" if status == 200 else "Error"
        return response

    def close(self) -> None:
        pass

    def timedtext_queries(self) -> list[dict[str, list[str]]]:
        return [parse_qs(urlsplit(u).query) for _m, u in self.calls
                if urlsplit(u).path == "/api/timedtext"]


def youtube_session(fake: FakeYouTube) -> requests.Session:
    """A Session whose every request goes to ``fake`` (nothing can reach the network)."""
    session = requests.Session()
    session.trust_env = False  # no proxy from the environment in tests
    session.mount("https://", fake)
    session.mount("http://", fake)
    return session


def load_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))
