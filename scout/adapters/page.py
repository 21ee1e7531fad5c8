"""The page adapter: fetch one candidate page safely and extract what it says.

One ``call(FetchRequest)`` →

1. the SSRF guard checks the URL (scheme, resolved addresses, allowlist) and returns
   the address it checked; the connection is pinned to that address (URL host replaced
   by the address, ``Host`` header and TLS SNI keep the name), so DNS cannot answer
   differently between the check and the connection;
2. the request is sent with redirects NOT followed by httpx: each ``Location`` is
   resolved, counted against ``max_redirects`` and goes through the guard again, so a
   public name cannot bounce scout onto ``127.0.0.1`` or ``169.254.169.254``;
3. error statuses are mapped by :func:`scout.adapters.contract.http.check_status`; a content
   type outside ``content_types`` is refused (``Blocked``) before the body is read;
4. the body is streamed and reading stops at ``max_bytes`` (the page is then marked
   ``truncated``; JSON-LD sits in ``<head>`` and survives a cut);
5. :mod:`scout.adapters.extract` pulls title, JSON-LD, microdata (RDFa Lite too),
   OpenGraph and main text, and :mod:`scout.adapters.jsonld` the normalised name / rating / price range /
   address of the page's main entity.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import httpx

from scout.i18n import N_
from scout.adapters.extract import extract, og_price
from scout.adapters.jsonld import Facts, extract_facts
from scout.adapters.ldvalues import availability_said
from scout.adapters.normalize import TITLE_CHARS, clean_text, trim
from scout.config.settings import AdapterSettings, PageSettings
from scout.adapters.ssrf import Resolver, SsrfGuard
from scout.errors import Blocked, Rejected, Unavailable
from scout.adapters.contract import FetchRequest, PageAdapter as PageAdapterBase, Reply, \
    Request, Secret
from scout.adapters.contract.decoded import bom_encoding, iter_decoded, web_encoding
from scout.adapters.contract.http import (OWN_REDIRECTS, BodyStillArriving, check_status,
                                          iter_until, make_client, mapped, redact_url,
                                          send_streamed)
from scout.schemas.sources import Page
from scout.termsafe import clean

REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1"
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*(?:["']\s*)?([A-Za-z0-9_.:-]+)""", re.I)


#: the bytes no text holds (WHATWG MIME Sniffing's "binary data bytes")
_BINARY_BYTE = re.compile(rb"[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f]")


def _binary(body: bytes) -> bool:
    """Whether a body's first 512 bytes say it is binary (a UTF-16 one has a BOM)."""
    return bom_encoding(body) is None and _BINARY_BYTE.search(body[:512]) is not None


def _media_type(content_type: str) -> str:
    return content_type.split(";", 1)[0].strip().lower()


def _charset(response: httpx.Response, head: bytes) -> str:
    """The body's encoding: a byte-order mark's, else the header's charset, else a
    ``<meta charset>``, else UTF-8; a label no browser decodes a page in (UTF-7, Python's
    byte codecs) is passed over (:func:`~scout.adapters.contract.decoded.web_encoding`)."""
    bom = bom_encoding(head)
    if bom is not None:
        return bom
    candidates = [response.charset_encoding]
    match = _META_CHARSET.search(head[:4096])
    if match:
        candidates.append(match.group(1).decode("ascii", "ignore"))
    for label in candidates:
        name = web_encoding(label)
        if name is not None:
            return name
    return "utf-8"


@dataclass
class Fetched:
    """One guarded GET: the final URL, status, content type and (capped) body."""

    url: httpx.URL
    status: int
    content_type: str
    body: bytes
    truncated: bool
    redirects: int
    response: httpx.Response


def guarded_get(adapter: str, client: httpx.Client, guard: SsrfGuard, settings: PageSettings,
                raw_url: str, *, offline: bool, accept: str,
                refuse_truncated: bool = False) -> Fetched:
    """GET ``raw_url`` with every hop checked by ``guard`` and pinned to the checked
    address, redirects followed by hand (``max_redirects``), error statuses mapped, a
    content type outside ``settings.content_types`` refused before the body is read,
    and at most ``max_bytes`` read (``refuse_truncated``: a longer body is refused)."""
    try:
        url = httpx.URL(raw_url)
    except (httpx.InvalidURL, TypeError) as exc:
        raise Rejected(f"{adapter}: not a valid URL", adapter=adapter) from exc
    redirects = 0
    via: httpx.URL | None = None
    while True:
        # under --replay nothing is fetched: check the URL itself, resolve nothing
        pinned = guard.check_offline(url, via=via) if offline else guard.check(url, via=via)
        wire = _build(client, url, pinned, accept)
        with mapped(adapter):
            response = send_streamed(client, wire, follow_redirects=False)
            try:
                location = response.headers.get("location")
                if response.status_code in REDIRECT_STATUSES:
                    if not location:
                        raise Rejected(f"{adapter}: HTTP {response.status_code} without "
                                       "a Location header", adapter=adapter,
                                       status=response.status_code)
                    if redirects >= settings.max_redirects:
                        raise Rejected(
                            f"{adapter}: more than {settings.max_redirects} redirects "
                            f"from {redact_url(raw_url)}", adapter=adapter,
                            status=response.status_code,
                            hint=N_("raise adapters.{adapter}.max_redirects if this is "
                                    "legitimate").format(adapter=adapter))
                    via, url = url, url.join(location)
                    redirects += 1
                    continue
                check_status(response, adapter)
                content_type = response.headers.get("content-type", "")
                media = _media_type(content_type)
                if (media or refuse_truncated) and media not in settings.content_types:
                    raise Blocked(
                        f"{adapter}: {redact_url(url)} is '{media or 'untyped'}', not one of "
                        f"{', '.join(settings.content_types)}", adapter=adapter,
                        status=response.status_code,
                        hint=N_("add the type to adapters.{adapter}.content_types to accept it"
                                 ).format(adapter=adapter))
                body, truncated = _read(adapter, response, settings)
                if not media and _binary(body):
                    # an untyped body is sniffed as a browser does: a picture, an archive
                    # or a program is no page, and its bytes would be read as its text
                    raise Blocked(f"{adapter}: {redact_url(url)} is untyped and its body is "
                                  "binary, not a page", adapter=adapter,
                                  status=response.status_code)
                if truncated and refuse_truncated:
                    raise Blocked(f"{adapter}: {redact_url(url)} is larger than "
                                  f"{settings.max_bytes} bytes", adapter=adapter,
                                  status=response.status_code,
                                  hint=N_("raise adapters.{adapter}.max_bytes to accept it").format(
                                      adapter=adapter))
            finally:
                response.close()
        return Fetched(url, response.status_code, content_type, body, truncated, redirects,
                       response)


def _build(client: httpx.Client, url: httpx.URL, pinned: str | None,
           accept: str) -> httpx.Request:
    headers = {"Accept": accept, "Accept-Language": "en;q=0.9, *;q=0.5"}
    extensions: dict[str, Any] = {OWN_REDIRECTS: True}  # each hop goes through the guard
    target = url
    if pinned is not None:
        # connect to the address the guard checked; the name stays in Host and SNI
        target = url.copy_with(host=pinned)
        headers["Host"] = url.netloc.decode("ascii")
        if url.scheme == "https":
            extensions["sni_hostname"] = url.raw_host.decode("ascii")
    return client.build_request("GET", target, headers=headers, extensions=extensions)


def _read(adapter: str, response: httpx.Response, settings: PageSettings, *,
          clock: Callable[[], float] = time.monotonic) -> tuple[bytes, bool]:
    """At most ``max_bytes`` of the (decoded) body, and whether it was cut. Reading stops
    after ``timeout`` in all: httpx's timeout is per read, so a server dripping a byte at
    a time would otherwise hold the call for as long as it likes. Only a page still
    arriving past that is a timeout (see :func:`iter_until`), never one that came whole."""
    cap = settings.max_bytes
    deadline = clock() + float(settings.timeout)
    buf = bytearray()
    try:
        for chunk in iter_until(iter_decoded(response), deadline, clock):
            buf.extend(chunk)
            if len(buf) > cap:
                # stop reading: the rest is never downloaded (and never decompressed)
                return bytes(buf[:cap]), True
    except BodyStillArriving:
        raise Unavailable(f"{adapter}: timed out reading the page (still arriving "
                          f"after {float(settings.timeout):g}s)",
                          adapter=adapter, status=response.status_code) from None
    return bytes(buf), False


def _stated_price(structured: str | None, tags: dict[str, str]) -> str | None:
    """The page's price: its JSON-LD or microdata one, else its product meta tags'
    (:func:`scout.adapters.extract.og_price`); a ``priceRange`` with no figure ("$$")
    gives way to the tags' figure."""
    if structured is not None and (re.search(r"\d", structured) or structured == "Free"):
        return structured
    return og_price(tags) or structured


def _stated_availability(facts: Facts, tags: dict[str, str]) -> str | None:
    """Whether the page's thing can be had (:func:`scout.adapters.ldvalues.availability`):
    its structured offers', else, where they state no price either (the tags are then
    the page's offer, as for :func:`_stated_price`), its product meta tags'
    (``product:availability`` / ``og:availability``: "out of stock", "preorder")."""
    if facts.availability is not None or facts.price_range is not None:
        return facts.availability
    return availability_said(tags.get("product:availability") or tags.get("og:availability"))


def _plain(value: str | None) -> str | None:
    """A page's stated value (its address, its price) on one line, without the terminal
    escapes and bidi controls a page may hide in it (:func:`clean_text`, as its title)."""
    return (clean_text(value) or None) if value else value


def _inert_tags(tags: dict[str, str]) -> dict[str, str]:
    """A page's meta tags without control sequences in their names or values: they are
    stored with the page and read back by later phases as its words."""
    return {clean(k): clean(v) for k, v in tags.items()}


class PageAdapter(PageAdapterBase):
    type_name: ClassVar[str] = "page"

    def __init__(
        self,
        name: str,
        settings: AdapterSettings,
        client: httpx.Client | None = None,
        *,
        resolver: Resolver | None = None,
    ) -> None:
        if not isinstance(settings, PageSettings):
            settings = PageSettings.model_validate(settings.model_dump())
        super().__init__(name, settings, client)
        self.page_settings: PageSettings = settings
        self.guard = SsrfGuard(settings.allow_hosts, resolver=resolver, adapter=name)

    def _http(self) -> httpx.Client:
        if self.client is None:
            self.client = make_client(self.page_settings, follow_redirects=False)
        return self.client

    # --- one call -------------------------------------------------------------------

    def call(self, request: Request, credential: Secret | None = None) -> Reply[Page]:
        if not isinstance(request, FetchRequest):
            raise TypeError(f"{self.name} handles FetchRequest, not {type(request).__name__}")
        got = guarded_get(self.name, self._http(), self.guard, self.page_settings,
                          request.url, offline=self.offline, accept=ACCEPT)
        encoding = _charset(got.response, got.body)
        # the BOM is markup's business no more: decode past it
        html = got.body.decode(encoding, errors="replace").lstrip("\ufeff")
        return self._page(request.url, got.url, got.status, got.content_type, html,
                          got.truncated, got.redirects, len(got.body))

    def _page(self, requested: str, final: httpx.URL, status: int, content_type: str,
              html: str, truncated: bool, redirects: int, size: int) -> Reply[Page]:
        found = extract(html, max_text_chars=self.page_settings.max_text_chars)
        # JSON-LD first: when a page has both, its blocks are usually the fuller account
        facts = extract_facts(found.jsonld, found.microdata)
        page = Page(
            url=requested,
            final_url=str(final),
            status=status,
            content_type=content_type,
            # cleaned and cut as a search result's title is: a megabyte <title> (or name)
            # travelled whole into the candidates, the report and the model's prompt
            title=trim(clean_text(found.title), TITLE_CHARS) if found.title else found.title,
            jsonld=found.jsonld,
            microdata=found.microdata,
            opengraph=_inert_tags(found.opengraph),
            text=clean(found.text) if found.text else found.text,
            name=trim(clean_text(facts.name), TITLE_CHARS) if facts.name else facts.name,
            rating=facts.rating,
            rating_count=facts.rating_count,
            price_range=_plain(_stated_price(facts.price_range, found.opengraph)),
            address=_plain(facts.address),
            event_status=facts.event_status,
            valid_through=facts.valid_through,
            availability=_stated_availability(facts, found.opengraph),
            event_end=facts.event_end,
            truncated=truncated,
            adapter=self.name,
        )
        meta = {
            "final_url": redact_url(final),
            "redirects": redirects,
            "bytes": size,
            "truncated": truncated,
            "markup_cut": found.cut,  # read only up to a bound on its elements (htmlparse)
            "jsonld": len(found.jsonld),
            "jsonld_broken": found.jsonld_broken,
            "microdata": len(found.microdata),
            "entity_type": facts.entity_type,
        }
        return Reply(value=page, status=status, meta=meta)
