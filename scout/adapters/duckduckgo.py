"""DuckDuckGo, keyless: the lite endpoint (default) or the html endpoint, parsed with selectolax.

``GET <base>/lite/?q=…`` (``mode: lite``) or ``GET <base>/html/?q=…`` (``mode: html``).
No credential is sent, so in the common case no third party learns what is searched.

What a page means:

* result rows → Sources. Links wrapped as ``//duckduckgo.com/l/?uddg=<target>&rut=…``
  are unwrapped to their target (normalize.py), so a wrapped and a direct link to one
  page give one url. Sponsored rows (``tr.result-sponsored``, ``.result--ad``, links to
  ``duckduckgo.com/y.js``) are dropped; the row's timestamp becomes ``published``;
* "No more results." / an empty ``no-results`` block / the lone ``EOF`` pseudo-result
  DuckDuckGo serves for a query without hits → ``[]``, a valid answer;
* the anomaly (bot challenge) page — often HTTP 202, sometimes 200 — → RateLimited with
  ``challenge=True``: not retried on the spot, the providers layer opens the circuit
  breaker and the chain moves on;
* anything else → ParseError: markup the parser does not recognise is never ``[]``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from selectolax.lexbor import LexborHTMLParser, LexborNode

from scout.adapters.normalize import Hit, unwrap_redirect
from scout.adapters.search_http import fetch, search_reply, split_options
from scout.config.settings import DuckDuckGoSettings
from scout.adapters.htmlparse import parse_html as html_tree
from scout.errors import ParseError, RateLimited
from scout.adapters.contract import Reply, Request, SearchAdapter, Secret
from scout.i18n import N_
from scout.schemas.sources import Source

NAME = "duckduckgo"
#: the shipped hosts; a base URL equal to one of them follows the configured mode
DEFAULT_HOSTS = {"lite": "https://lite.duckduckgo.com", "html": "https://html.duckduckgo.com"}
#: request options the adapter understands (others are ignored and reported in meta)
OPTIONS = {"region": "kl", "time": "df"}
#: the largest results page read: DuckDuckGo's are 10-30 KB, and parsing HTML costs about
#: a second of CPU per megabyte, so a 16 MB answer (the cap of a JSON API's) held a
#: worker for a quarter of a minute, and a minute or two on a busy machine
MAX_PAGE_BYTES = 2_000_000

_NO_RESULTS = re.compile(r"\bNo (?:more )?results\.", re.I)
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:T[\d:.]+)?")


@dataclass
class ParsedPage:
    """What a DuckDuckGo page said: result rows, or that there were none."""

    hits: list[Hit] = field(default_factory=list)
    no_results: bool = False
    sponsored: int = 0
    #: result blocks without a title link: a partial markup change worth seeing in meta
    unrecognised: int = 0


def _is_challenge(tree: LexborHTMLParser) -> bool:
    if tree.css_first("#challenge-form, .anomaly-modal__modal, [data-testid=anomaly-modal]"):
        return True
    return any("anomaly.js" in (f.attributes.get("action") or "") for f in tree.css("form"))


def _unchallenged(page: str, adapter: str) -> LexborHTMLParser:
    """``page`` parsed; a bot challenge in place of results is a rate limit (either form
    of the page shows the same one)."""
    tree = html_tree(page)
    if _is_challenge(tree):
        raise RateLimited(f"{adapter}: bot challenge (anomaly) page", adapter=adapter,
                          challenge=True,
                          hint=N_("DuckDuckGo suspects automated traffic; slow down (rate cap)"))
    return tree


def _is_sponsored_href(href: str) -> bool:
    return "duckduckgo.com/y.js" in href or href.startswith("/y.js")


def _is_eof(title: str, href: str) -> bool:
    """DuckDuckGo's stand-in row for "no hits": titled EOF, linking to a Google search."""
    return title.strip() == "EOF" and "google.com/search" in unwrap_redirect(href)


def _text(node: LexborNode | None) -> str:
    # text nodes joined as they are: the page's own whitespace separates the words, an
    # extra separator would split "<b>San</b> <b>Francisco</b>, CA" into "Francisco ,"
    return " ".join(node.text(separator="").split()) if node is not None else ""


def _serp_form(tree: LexborHTMLParser, mode: str) -> bool:
    return any((f.attributes.get("action") or "").rstrip("/").endswith(f"/{mode}")
               for f in tree.css("form"))


def parse_lite(page: str, *, adapter: str = NAME) -> ParsedPage:
    """Parse a lite.duckduckgo.com/lite/ page (see the module docstring for the rules)."""
    tree = _unchallenged(page, adapter)
    parsed = ParsedPage()
    current: Hit | None = None
    sponsored_row = False
    eof = False
    # Lite results are runs of table rows: the title row (numbered, a.result-link), then
    # the snippet row (td.result-snippet), then the link-text row (span.timestamp).
    for row in tree.css("tr"):
        link = row.css_first("a.result-link")
        if link is not None:
            if current is not None:
                parsed.hits.append(current)
            current = None
            href = link.attributes.get("href") or ""
            title = _text(link)
            sponsored_row = "result-sponsored" in (row.attributes.get("class") or "") \
                or _is_sponsored_href(href)
            if sponsored_row:
                parsed.sponsored += 1
            elif _is_eof(title, href):
                eof = True
            else:
                current = Hit(title=title, url=href)
            continue
        if current is None or sponsored_row:
            continue
        snippet = row.css_first("td.result-snippet")
        if snippet is not None:
            current.snippet = _text(snippet)
        shown = row.css_first("span.link-text")
        if shown is not None:
            current.meta["display_url"] = _text(shown)
        stamp = row.css_first("span.timestamp")
        if stamp is not None and _text(stamp):
            current.published = _text(stamp)
    if current is not None:
        parsed.hits.append(current)
    if not parsed.hits:
        parsed.no_results = eof or bool(_NO_RESULTS.search(tree.body.text() if tree.body else ""))
        if not parsed.no_results and not (parsed.sponsored and _serp_form(tree, "lite")):
            raise _unrecognised(tree, adapter, "lite")
    return parsed


def parse_html(page: str, *, adapter: str = NAME) -> ParsedPage:
    """Parse an html.duckduckgo.com/html/ page (see the module docstring for the rules)."""
    tree = _unchallenged(page, adapter)
    parsed = ParsedPage()
    eof = False
    for block in tree.css("div.result"):
        classes = (block.attributes.get("class") or "").split()
        if "result--no-result" in classes:
            parsed.no_results = True
            continue
        link = block.css_first("a.result__a")
        href = (link.attributes.get("href") or "") if link is not None else ""
        if "result--ad" in classes or _is_sponsored_href(href):
            parsed.sponsored += 1
            continue
        if link is None:
            parsed.unrecognised += 1
            continue
        title = _text(link)
        if _is_eof(title, href):
            eof = True
            continue
        hit = Hit(title=title, url=href, snippet=_text(block.css_first(".result__snippet")))
        shown = block.css_first("a.result__url")
        if shown is not None:
            hit.meta["display_url"] = _text(shown)
        for span in block.css(".result__extras__url span"):
            m = _ISO_DATE.search(_text(span))
            if m:
                hit.published = m.group(0)
                break
        parsed.hits.append(hit)
    if not parsed.hits:
        parsed.no_results = parsed.no_results or eof or bool(tree.css_first("div.no-results"))
        if not parsed.no_results and not (parsed.sponsored and _serp_form(tree, "html")):
            raise _unrecognised(tree, adapter, "html")
    return parsed


def _unrecognised(tree: LexborHTMLParser, adapter: str, mode: str) -> ParseError:
    title = _text(tree.css_first("title"))[:80]
    return ParseError(
        f"{adapter}: {mode} page not recognised (no result rows and no 'no results' marker;"
        f" page title {title!r})", adapter=adapter,
        hint=N_("DuckDuckGo may have changed its markup; the chain fails over to the next link"),
    )


class DuckDuckGoAdapter(SearchAdapter):
    """Keyless DuckDuckGo search; ``mode`` in config picks the lite or the html endpoint."""

    type_name: ClassVar[str] = "duckduckgo"
    settings: DuckDuckGoSettings

    @property
    def endpoint(self) -> str:
        mode = self.settings.mode
        base = self.base_url or DEFAULT_HOSTS[mode]
        if base in DEFAULT_HOSTS.values():  # the shipped lite host follows mode: html
            base = DEFAULT_HOSTS[mode]
        return f"{base}/{mode}/"

    def call(self, request: Request, credential: Secret | None = None
             ) -> Reply[list[Source]]:
        request = self.search_request(request)
        # A credential is never sent: keyless is the point of this adapter.
        assert self.client is not None, "DuckDuckGoAdapter needs an httpx.Client"
        params: dict[str, Any] = {"q": request.query}
        if self.settings.region:
            params["kl"] = self.settings.region
        passed, ignored = split_options(request.options, OPTIONS)
        params.update({OPTIONS[k]: v for k, v in passed.items()})  # DuckDuckGo's names
        http_request = self.client.build_request("GET", self.endpoint, params=params,
                                                 headers={"Accept": "text/html"})
        response = fetch(self.client, http_request, self.name, max_bytes=MAX_PAGE_BYTES)
        text = response.text
        parse = parse_lite if self.settings.mode == "lite" else parse_html
        try:
            parsed = parse(text, adapter=self.name)
        except ParseError as exc:
            # DuckDuckGo answers 202 when it throttles; an unreadable 202 is that, not a
            # markup change, so it opens the breaker instead of only failing over.
            if response.status_code == 202:
                raise RateLimited(f"{self.name}: HTTP 202 without results (throttled)",
                                  adapter=self.name, status=202, challenge=True) from exc
            exc.status = response.status_code
            raise
        except RateLimited as exc:
            exc.status = response.status_code
            raise
        meta: dict[str, Any] = {"mode": self.settings.mode}
        if parsed.sponsored:
            meta["sponsored_dropped"] = parsed.sponsored
        if parsed.unrecognised:
            meta["unrecognised_rows"] = parsed.unrecognised
        return search_reply(self.name, request, response, parsed.hits,
                            max_chars=self.settings.max_chars, meta=meta, ignored=ignored)
