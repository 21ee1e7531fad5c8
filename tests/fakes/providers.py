"""Provider-shaped routes for the fake server: the five search APIs, built from real captures.

    with FakeServer() as srv:
        fake = FakeProviders(srv)
        fake.set_results("hotels in Barcelona", [("Hotel Arts", "https://arts.example/", "…")])
        fake.no_results("nothing at all")                  # every provider answers "no hits"
        fake.challenge("blocked query")                    # DuckDuckGo serves the anomaly page
        fake.fail("tavily", 500)                           # Tavily's next answer is a 500
        monkeypatch.setenv(...) for each item of fake.env()  # base URLs, keys, cx

    fake = FakeProviders()                                 # no server: unit tests use
    client = httpx.Client(transport=fake.transport())     # the same answers in-process

Routes (one server serves all five, each adapter pointed at it by SCOUTE_<NAME>_BASE_URL):

    POST /search               Tavily   (Authorization: Bearer <key>)
    GET  /lite/ and /html/     DuckDuckGo lite and html endpoints (keyless)
    GET  /customsearch/v1      Google CSE (key + cx in the query string, paging by start/num)
    GET  /res/v1/web/search    Brave    (X-Subscription-Token)
    GET  /search?format=json   SearxNG  (keyless; 403 without format=json, as a real instance)

A query nobody configured is answered with the provider's real captured response,
verbatim (tests/fixtures/providers/, see SOURCES.md). Configured rows are rendered in the
same shapes: the DuckDuckGo pages are the real pages with their result rows replaced by
rows cut from the same page (links uddg-wrapped like the real lite capture, unless
``wrap_links=False``); the JSON answers keep the real top-level keys and per-result
fields. Wrong credentials get each provider's real error body (Brave's 422
SUBSCRIPTION_TOKEN_INVALID, Google's 400 API_KEY_INVALID, Tavily's 401 detail).
"""

from __future__ import annotations

import copy
import html
import json
import re
import threading
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

import httpx

from tests.fakes.server import FakeServer, Reply, Req

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "providers"
IMAGE_FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "images"
PROVIDERS = ("tavily", "duckduckgo", "google", "brave", "searxng")
#: image-search adapters served by the same routes (Brave's own path; Google and SearxNG
#: by searchType=image / categories=images on their search routes)
IMAGE_ADAPTERS = ("brave_images", "google_images", "searxng_images")
PhotoRow = tuple[str, str, str]  # (image url, page url, title)
ANY = "*"

Row = tuple[str, str, str]  # (title, url, snippet)

DEFAULT_KEYS = {"tavily": "tvly-fake-0123456789", "brave": "BSA-fake-0123456789",
                "google": "AIza-fake-0123456789"}
DEFAULT_CX = "fake-cx-0123"
MOCK_URL = "http://providers.fake"  # base URL when answering through transport()


def fixture_text(relpath: str) -> str:
    return (FIXTURES / relpath).read_text(encoding="utf-8")


def fixture_json(relpath: str) -> Any:
    return json.loads(fixture_text(relpath))


def _header(req: Req, name: str) -> str | None:
    wanted = name.lower()
    return next((v for k, v in req.headers.items() if k.lower() == wanted), None)


def _brave_token_refused() -> Reply:
    """Brave's answer to a wrong X-Subscription-Token (web and image search alike)."""
    return Reply(422, {
        "type": "ErrorResponse",
        "error": {"id": "00000000-fake", "status": 422, "code": "SUBSCRIPTION_TOKEN_INVALID",
                  "detail": "The provided subscription token is invalid.",
                  "meta": {"component": "authentication"}},
        "time": 1700000000})


@dataclass
class Call:
    provider: str
    query: str | None
    status: int


# --- DuckDuckGo pages cut from the real captures ------------------------------------


class _LitePage:
    """The real lite page (weather san francisco) split into head, one result, tail."""

    def __init__(self) -> None:
        page = fixture_text("duckduckgo/lite-weather-san-francisco.html")
        first = page.rfind("<tr>", 0, page.index("1.&nbsp;"))
        second = page.rfind("<tr>", 0, page.index("2.&nbsp;"))
        tail = page.rfind("<tr>", 0, page.index("<td colspan=2>"))
        self.head, self.row, self.tail = page[:first], page[first:second], page[tail:]

    def render(self, query: str, rows: list[Row], *, wrap_links: bool) -> str:
        out = []
        for n, (title, url, snippet) in enumerate(rows, 1):
            href = (f"//duckduckgo.com/l/?uddg={quote(url, safe='')}&amp;rut=fake{n:04d}"
                    if wrap_links else html.escape(url))
            row = self.row.replace("1.&nbsp;", f"{n}.&nbsp;")
            row = re.sub(r'href="[^"]*" class=\'result-link\'>[^<]*</a>',
                         lambda _m: f'href="{href}" class=\'result-link\'>'
                                    f'{html.escape(title)}</a>', row)
            row = re.sub(r"(<td class='result-snippet'>)\s*.*?\s*(</td>)",
                         lambda m: f"{m.group(1)}\n{html.escape(snippet)}\n{m.group(2)}",
                         row, flags=re.S)
            row = re.sub(r"(<span class='link-text'>)[^<]*(</span>)",
                         lambda m: m.group(1) + html.escape(url.split("://", 1)[-1])
                         + m.group(2), row)
            out.append(row)
        return self._with_query(self.head, query) + "".join(out) + self._with_query(
            self.tail, query)

    def render_no_hits(self, query: str) -> str:
        """The EOF stand-in row DuckDuckGo serves for a query without hits (as on /html/)."""
        google = html.escape(f"http://www.google.com/search?hl=en&q={quote(query)}")
        row = re.sub(r'href="[^"]*" class=\'result-link\'>[^<]*</a>',
                     lambda _m: f'href="{google}" class=\'result-link\'>EOF</a>', self.row)
        # no abstract row for EOF: the template prints one only for a real click URL
        row = re.sub(r"<!-- Only show abstract.*?</tr>", "", row, flags=re.S)
        row = re.sub(r"(<span class='link-text'>)[^<]*(</span>)",
                     lambda m: m.group(1) + "google.com search" + m.group(2), row)
        return self._with_query(self.head, query) + row + self._with_query(self.tail, query)

    @staticmethod
    def _with_query(text: str, query: str) -> str:
        return text.replace('value="weather san francisco"', f'value="{html.escape(query)}"')


class _HtmlPage:
    """The real html-endpoint page (eino) split into head, one result, tail."""

    MARK = '<div class="result results_links'

    def __init__(self) -> None:
        page = fixture_text("duckduckgo/html-eino.html")
        first = page.index(self.MARK)
        second = page.index(self.MARK, first + 1)
        tail = page.rfind("\n", 0, page.index('<div class="nav-link">')) + 1
        self.head, self.row, self.tail = page[:first], page[first:second], page[tail:]
        self.eof = fixture_text("duckduckgo/html-eino-eof-no-results.html")

    def render(self, query: str, rows: list[Row], *, wrap_links: bool) -> str:
        out = []
        for n, (title, url, snippet) in enumerate(rows, 1):
            href = (f"//duckduckgo.com/l/?uddg={quote(url, safe='')}&amp;rut=fake{n:04d}"
                    if wrap_links else html.escape(url))
            row = self.row.replace('href="https://github.com/cloudwego/eino"', f'href="{href}"')
            row = re.sub(r'(class="result__a" href="[^"]*">)[^<]*(</a>)',
                         lambda m: m.group(1) + html.escape(title) + m.group(2), row)
            row = re.sub(r'(class="result__snippet" href="[^"]*">).*?(</a>)',
                         lambda m: m.group(1) + html.escape(snippet) + m.group(2), row,
                         flags=re.S)
            row = re.sub(r'(<a class="result__url" href="[^"]*">)\s*[^<]*(</a>)',
                         lambda m: m.group(1) + html.escape(url.split("://", 1)[-1])
                         + m.group(2), row)
            out.append(row)
        q = html.escape(query)
        return (self.head.replace('value="eino"', f'value="{q}"') + "".join(out)
                + self.tail.replace('value="eino"', f'value="{q}"'))

    def render_no_hits(self, query: str) -> str:
        return self.eof.replace("testtesttesttesttesttesttesttesttesttesttest", quote(query))


# --- the fake providers ---------------------------------------------------------------


class FakeProviders:
    """Installs the five providers' routes on ``server``; tests steer them per query."""

    def __init__(self, server: FakeServer | None = None, *, keys: dict[str, str] | None = None,
                 cx: str = DEFAULT_CX, wrap_links: bool = True) -> None:
        self.server = server
        self.keys = {**DEFAULT_KEYS, **(keys or {})}
        self.cx = cx
        self.wrap_links = wrap_links
        self._wrap_default = wrap_links
        self.results: dict[str, dict[str, list[Row]]] = {}  # provider|ANY → query → rows
        self.empty: dict[str, set[str]] = {}  # provider|ANY → queries with no hits
        self.challenged: set[str | None] = set()  # None = every query
        self.challenge_status = 202
        self.unresponsive: list[list[str]] | None = None  # SearxNG; None = as captured
        self.failures: dict[str, deque[Reply]] = {}
        self.delays: dict[str, float] = {}  # query → seconds before answering
        self.calls: list[Call] = []
        self.photos: dict[str, list[PhotoRow]] = {}  # image query → rows (all providers)
        self._lock = threading.Lock()
        # query -> (how many requests for it to wait for, seconds at most): see hold()
        self.holds: dict[str, tuple[int, float]] = {}
        self._arrived = threading.Condition(self._lock)
        self._lite = _LitePage()
        self._html = _HtmlPage()
        self.routes: list[tuple[str, str, Any]] = [
            ("POST", "/search", self._tavily),
            ("GET", "/lite", lambda r: self._duckduckgo(r, "lite")),
            ("GET", "/html", lambda r: self._duckduckgo(r, "html")),
            ("GET", "/customsearch/v1", self._google),
            ("GET", "/res/v1/web/search", self._brave),
            ("GET", "/res/v1/images/search", self._brave_images),
            ("GET", "/search", self._searxng),
        ]
        if server is not None:
            for method, prefix, handler in self.routes:
                server.route(method, prefix, handler)

    # --- without a server: the same answers through httpx.MockTransport --------------

    def transport(self) -> httpx.MockTransport:
        """An httpx transport answering like the server would (for unit tests)."""

        def handle(request: httpx.Request) -> httpx.Response:
            req = Req(request.method, request.url.path, parse_qs(request.url.query.decode()),
                      dict(request.headers), request.read())
            for method, prefix, handler in sorted(self.routes, key=lambda r: -len(r[1])):
                if method == request.method and req.path.startswith(prefix):
                    reply = handler(req)
                    break
            else:
                reply = Reply(404, {"error": f"no fake route for {req.method} {req.path}"})
            return httpx.Response(reply.status, content=reply.encoded(),
                                  headers={"Content-Type": reply.content_type, **reply.headers})

        return httpx.MockTransport(handle)

    @property
    def url(self) -> str:
        return self.server.url if self.server is not None else MOCK_URL

    # --- steering -------------------------------------------------------------------

    def set_results(self, query: str, rows: list[Row], *, provider: str = ANY) -> None:
        """Answer ``query`` with ``rows`` (title, url, snippet) — at one provider or all."""
        self._check(provider)
        self.results.setdefault(provider, {})[query] = list(rows)

    def set_photos(self, query: str, rows: list[PhotoRow]) -> None:
        """Answer the image search ``query`` (every image provider) with ``rows``
        (image url, page url, title); an unset query gets the fixture's photos."""
        self.photos[query] = list(rows)

    def no_results(self, query: str, *, provider: str = ANY) -> None:
        """Answer ``query`` with each provider's "no hits" answer."""
        self._check(provider)
        self.empty.setdefault(provider, set()).add(query)

    def challenge(self, query: str | None = None, *, status: int = 202) -> None:
        """DuckDuckGo serves its real anomaly page for ``query`` (None: every query)."""
        self.challenged.add(query)
        self.challenge_status = status

    def fail(self, provider: str, status: int, *, times: int = 1, body: Any = None,
             headers: dict[str, str] | None = None) -> None:
        """The provider's next ``times`` answers are ``status`` (method-aware, unlike
        FakeServer.fault, which matches a path prefix that Tavily and SearxNG share)."""
        self._check(provider)
        reply = Reply(status, body if body is not None else {"error": f"fake {status}"},
                      headers=headers or {})
        with self._lock:
            self.failures.setdefault(provider, deque()).extend([reply] * times)

    def recover(self, provider: str | None = None) -> None:
        """Forget the failures queued by :meth:`fail` (one provider's, or every one's):
        the provider is back, and what the test steered stays steered."""
        with self._lock:
            if provider is None:
                self.failures.clear()
            else:
                self.failures.pop(provider, None)

    def slow(self, query: str, seconds: float) -> None:
        """Answer ``query`` only after ``seconds`` (at every provider)."""
        with self._lock:
            self.delays[query] = seconds

    def hold(self, query: str, until: int, timeout: float = 60.0) -> None:
        """Answer no request for ``query`` until ``until`` of them have arrived (or
        ``timeout`` passed): a test that needs N clients in flight at once says so,
        instead of slowing the answer and hoping they all start in time."""
        with self._lock:
            self.holds[query] = (until, timeout)

    def release(self, query: str) -> None:
        """End :meth:`hold` of ``query``: the requests waiting for it are answered."""
        with self._lock:
            self.holds.pop(query, None)
            self._arrived.notify_all()

    def reset(self) -> None:
        """Forget every steer and call (and the server's log and queued faults), so one
        server can serve many tests (starting and stopping one costs ~0.5 s)."""
        with self._lock:
            self.results.clear()
            self.empty.clear()
            self.challenged.clear()
            self.challenge_status = 202
            self.unresponsive = None
            self.failures.clear()
            self.delays.clear()
            self.holds.clear()
            self.calls.clear()
            self.photos.clear()
            self.wrap_links = self._wrap_default
        if self.server is not None:
            with self.server.lock:
                self.server.log.clear()
                self.server.faults.clear()
                self.server.random_faults = None

    def env(self) -> dict[str, str]:
        """Environment that points every adapter here, with valid keys and cx."""
        env = {f"SCOUTE_{p.upper()}_BASE_URL": self.url for p in PROVIDERS + IMAGE_ADAPTERS}
        env.update({"TAVILY_API_KEY": self.keys["tavily"], "BRAVE_API_KEY": self.keys["brave"],
                    "GOOGLE_API_KEY": self.keys["google"], "GOOGLE_CSE_ID": self.cx})
        return env

    def queries(self, provider: str) -> list[str | None]:
        with self._lock:
            return [c.query for c in self.calls if c.provider == provider]

    # --- helpers --------------------------------------------------------------------

    @staticmethod
    def _check(provider: str) -> None:
        if provider != ANY and provider not in PROVIDERS:
            raise ValueError(f"unknown provider {provider!r}; one of {PROVIDERS}")

    def _rows(self, provider: str, query: str) -> list[Row] | None:
        """Configured rows ([] for no hits), or None: serve the real capture."""
        for key in (provider, ANY):
            if query in self.empty.get(key, set()):
                return []
            if query in self.results.get(key, {}):
                return self.results[key][query]
        return None

    def _answer(self, provider: str, query: str | None, reply: Reply) -> Reply:
        with self._lock:
            failures = self.failures.get(provider)
            if failures:
                reply = failures.popleft()
            self.calls.append(Call(provider, query, reply.status))
            delay = self.delays.get(query or "", 0.0)
            if query in self.holds:  # each handler runs in its own thread: wait here
                until, timeout = self.holds[query]
                self._arrived.notify_all()
                self._arrived.wait_for(lambda: query not in self.holds or sum(
                    c.query == query for c in self.calls) >= until, timeout)
        if delay:
            reply = Reply(reply.status, reply.body, reply.content_type, reply.headers, delay)
        return reply

    # --- providers ------------------------------------------------------------------

    def _tavily(self, req: Req) -> Reply:
        body = req.json() if req.body else {}
        query = body.get("query") if isinstance(body, dict) else None
        if _header(req, "Authorization") != f"Bearer {self.keys['tavily']}":
            return self._answer("tavily", query, Reply(
                401, {"detail": {"error": "Unauthorized: missing or invalid API key."}}))
        if not query:
            return self._answer("tavily", query, Reply(
                400, {"detail": {"error": "Query is missing."}}))
        data = copy.deepcopy(fixture_json("tavily/search-advanced-what-is-tavily.json"))
        rows = self._rows("tavily", query)
        if rows is not None:
            data["query"] = query
            template = data["results"][0]
            data["results"] = [
                {**template, "url": url, "title": title, "content": snippet,
                 "score": round(0.95 - 0.05 * i, 4), "raw_content": None,
                 "favicon": "/".join(url.split("/", 3)[:3]) + "/favicon.ico"}
                for i, (title, url, snippet) in enumerate(rows)
            ]
        data["results"] = data["results"][: int(body.get("max_results") or 5)]
        if not body.get("include_answer"):
            data["answer"] = None
        if body.get("include_usage"):
            data["usage"] = {"credits": 2 if body.get("search_depth") == "advanced" else 1}
        return self._answer("tavily", query, Reply(200, data))

    def _duckduckgo(self, req: Req, mode: str) -> Reply:
        query = req.arg("q")
        if None in self.challenged or query in self.challenged:
            page = fixture_text("duckduckgo/anomaly-lite-challenge.html")
            return self._answer("duckduckgo", query,
                                Reply(self.challenge_status, page, "text/html; charset=UTF-8"))
        renderer = self._lite if mode == "lite" else self._html
        rows = self._rows("duckduckgo", query or "")
        if rows is None:
            page = fixture_text("duckduckgo/lite-weather-san-francisco.html" if mode == "lite"
                                else "duckduckgo/html-eino.html")
        elif not rows:
            page = renderer.render_no_hits(query or "")
        else:
            page = renderer.render(query or "", rows, wrap_links=self.wrap_links)
        return self._answer("duckduckgo", query, Reply(200, page, "text/html; charset=UTF-8"))

    def _google(self, req: Req) -> Reply:
        query = req.arg("q")
        if req.arg("key") != self.keys["google"]:
            return self._answer("google", query, Reply(400, {"error": {
                "code": 400, "message": "API key not valid. Please pass a valid API key.",
                "errors": [{"message": "API key not valid. Please pass a valid API key.",
                            "domain": "global", "reason": "badRequest"}],
                "status": "INVALID_ARGUMENT",
                "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                             "reason": "API_KEY_INVALID", "domain": "googleapis.com"}]}}))
        if req.arg("cx") != self.cx:
            return self._answer("google", query, Reply(400, {"error": {
                "code": 400, "message": "Request contains an invalid argument.",
                "errors": [{"message": "Request contains an invalid argument.",
                            "domain": "global", "reason": "badRequest"}],
                "status": "INVALID_ARGUMENT"}}))
        if req.arg("searchType") == "image":
            return self._google_images(req, query)
        data = copy.deepcopy(fixture_json("google_cse/customsearch-v1-powered-by-datasette.json"))
        rows = self._rows("google", query or "")
        if rows is None:
            return self._answer("google", query, Reply(200, data))
        start = int(req.arg("start") or 1)
        num = int(req.arg("num") or 10)
        page_rows = rows[start - 1: start - 1 + num]
        template = data["items"][0]
        request_info = {**data["queries"]["request"][0], "searchTerms": query,
                        "totalResults": str(len(rows)), "count": num, "startIndex": start,
                        "cx": self.cx}
        data["queries"] = {"request": [request_info]}
        if start - 1 + num < len(rows):
            data["queries"]["nextPage"] = [{**request_info, "startIndex": start + num}]
        data["searchInformation"]["totalResults"] = str(len(rows))
        data["searchInformation"]["formattedTotalResults"] = f"{len(rows):,}"
        if page_rows:
            data["items"] = [
                {**template, "title": title, "htmlTitle": html.escape(title), "link": url,
                 "displayLink": url.split("/")[2] if "://" in url else url,
                 "snippet": snippet, "htmlSnippet": html.escape(snippet),
                 "formattedUrl": url, "htmlFormattedUrl": html.escape(url),
                 "cacheId": f"fake{start + i}"}
                for i, (title, url, snippet) in enumerate(page_rows)
            ]
        else:
            del data["items"]  # Google sends no 'items' key at all for no hits
        return self._answer("google", query, Reply(200, data))

    def _brave(self, req: Req) -> Reply:
        query = req.arg("q")
        if _header(req, "X-Subscription-Token") != self.keys["brave"]:
            return self._answer("brave", query, _brave_token_refused())
        data = copy.deepcopy(fixture_json("brave/web-search-laravel.json"))
        rows = self._rows("brave", query or "")
        if rows is None:
            return self._answer("brave", query, Reply(200, data))
        data["query"]["original"] = query
        if not rows:
            del data["web"]
            data.pop("videos", None)
            data["mixed"] = {"type": "mixed", "main": [], "top": [], "side": []}
            return self._answer("brave", query, Reply(200, data))
        count = int(req.arg("count") or 20)
        template = {k: v for k, v in data["web"]["results"][0].items()
                    if k not in ("cluster", "cluster_type", "deep_results", "thumbnail",
                                 "age", "page_age")}
        data["web"]["results"] = []
        for title, url, snippet in rows[:count]:
            host = url.split("/")[2] if "://" in url else url
            data["web"]["results"].append({
                **template, "title": title, "url": url, "description": html.escape(snippet),
                "profile": {"name": host, "url": url, "long_name": host, "img": ""},
                "meta_url": {"scheme": url.split(":")[0], "netloc": host, "hostname": host,
                             "favicon": "", "path": ""}})
        return self._answer("brave", query, Reply(200, data))

    def _searxng(self, req: Req) -> Reply:
        query = req.arg("q")
        if req.arg("format") != "json":
            return self._answer("searxng", query, Reply(
                403, "<html><body><h1>Forbidden</h1></body></html>", "text/html"))
        if req.arg("categories") == "images":
            return self._searxng_images(query)
        data = copy.deepcopy(fixture_json("searxng/search-format-json-severance.json"))
        rows = self._rows("searxng", query or "")
        if self.unresponsive is not None:
            data["unresponsive_engines"] = self.unresponsive
        elif rows == []:  # nothing matched on a healthy instance: no engine failed
            data["unresponsive_engines"] = []
        if rows is not None:
            data["query"] = query
            template = data["results"][0]
            data["results"] = [
                {**template, "title": title, "url": url, "content": snippet,
                 "positions": [i + 1], "score": round(1 / (i + 1), 4),
                 "parsed_url": [url.split(":")[0], url.split("/")[2] if "://" in url else "",
                                "/" + url.split("/", 3)[3] if url.count("/") > 2 else "/",
                                "", "", ""]}
                for i, (title, url, snippet) in enumerate(rows)
            ]
        return self._answer("searxng", query, Reply(200, data))

    # --- image search (tests/fixtures/images/, see SOURCES.md there) ------------------

    @staticmethod
    def _image_fixture(name: str) -> Any:
        return json.loads((IMAGE_FIXTURES / name).read_text(encoding="utf-8"))

    @staticmethod
    def _site(url: str) -> str:
        return url.split("/")[2].split(":")[0] if "://" in url else url

    def _brave_images(self, req: Req) -> Reply:
        query = req.arg("q")
        if _header(req, "X-Subscription-Token") != self.keys["brave"]:
            return self._answer("brave_images", query, _brave_token_refused())
        data = self._image_fixture("brave-images-documented.json")
        rows = self.photos.get(query or "")
        if rows is not None:
            data["query"]["original"] = query
            template = data["results"][0]
            count = int(req.arg("count") or 50)
            data["results"] = [
                {**template, "title": title, "url": page, "source": self._site(page),
                 "properties": {**template["properties"], "url": image},
                 "meta_url": {**template["meta_url"], "hostname": self._site(page),
                              "netloc": self._site(page)}}
                for image, page, title in rows[:count]]
        return self._answer("brave_images", query, Reply(200, data))

    def _google_images(self, req: Req, query: str | None) -> Reply:
        data = self._image_fixture("google-image-seattle.json")
        rows = self.photos.get(query or "")
        if rows is not None:
            template = data["items"][0]
            num = int(req.arg("num") or 10)
            data["items"] = [
                {**template, "title": title, "link": image, "displayLink": self._site(page),
                 "image": {**template["image"], "contextLink": page}}
                for image, page, title in rows[:num]]
            if not data["items"]:
                del data["items"]
        return self._answer("google_images", query, Reply(200, data))

    def _searxng_images(self, query: str | None) -> Reply:
        data = self._image_fixture("searxng-images-documented.json")
        rows = self.photos.get(query or "")
        if rows is not None:
            data["query"] = query
            template = data["results"][0]
            data["results"] = [
                {**template, "title": title, "url": page, "img_src": image,
                 "source": self._site(page), "positions": [i + 1]}
                for i, (image, page, title) in enumerate(rows)]
        return self._answer("searxng_images", query, Reply(200, data))
