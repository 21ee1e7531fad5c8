"""Source normalisation shared by every search adapter.

Each search adapter parses its provider's answer into :class:`Hit` rows (title, url,
snippet and whatever else the provider gives) and hands them to :func:`to_sources`, which
makes every answer look the same whoever produced it:

* URLs are canonicalised (:func:`canonical_url`): scheme and host lower-cased, default
  port, user info and fragment dropped, tracking parameters (``utm_*``, ``fbclid``,
  ``gclid`` …) removed, percent-escapes normalised and a trailing slash dropped the
  same way everywhere — so two providers (or a wrapped and a direct link) reaching one
  page give one url;
* titles and snippets lose runs of whitespace (HTML snippets, as Brave's, their markup
  too); snippets are trimmed to the adapter's ``max_chars`` on a word boundary;
* rows without a usable http(s) url are dropped, duplicates (same canonical url) are
  merged into the first one, ranks are 1-based after that, and ``limit`` is applied last;
* every Source carries the adapter name, one ``retrieved_at`` for the whole answer, the
  provider's published date and score when it gives them.
"""

from __future__ import annotations

import datetime as dt
import html
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit, urlunsplit

from scout.adapters.htmlparse import parse_html
from scout.schemas.sources import Source
from scout.termsafe import clean

#: query parameters that only track the click, never select the page
TRACKING_PARAMS = frozenset({
    "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "yclid",
    "twclid", "ttclid", "li_fat_id", "igshid", "igsh", "mc_cid", "mc_eid", "_ga", "_gl",
    "_hsenc", "_hsmi", "mkt_tok", "vero_id", "vero_conv", "oly_anon_id", "oly_enc_id",
    "rb_clickid", "s_cid", "srsltid", "wickedid", "ref_src", "ref_url", "cmpid",
})
#: prefixes of tracking parameter names (``utm_source``, ``utm_medium``, ``pk_campaign`` …)
TRACKING_PREFIXES = ("utm_", "pk_", "mtm_", "hsa_")
#: the longest title kept: a real one is under ~150 characters; a megabyte "title" from a
#: broken or hostile answer would otherwise travel into every report and journal line
TITLE_CHARS = 300
#: the longest URL a result may have: RFC 9110 §4.1 asks servers to take 8,000 octets;
#: a longer one (a hostile answer's megabytes of path) is no page's address, and kept it
#: travelled whole into the candidates, the report and the page fetch
MAX_URL_CHARS = 8000

_DEFAULT_PORTS = {"http": 80, "https": 443}
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_PCT = re.compile(r"%([0-9A-Fa-f]{2})")
_SPACES = re.compile(r"\s+")
# invisible format characters (zero-width space/joiners, LTR/RTL marks, BOM) that pages
# put in titles ("\u200eLaravel News Podcast") and that break equality and display
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u200e\u200f\u2060\ufeff"))

# DuckDuckGo wraps result links as //duckduckgo.com/l/?uddg=<target>&rut=<hash>
_REDIRECT_PATHS = {"/l/", "/l"}


@dataclass
class Hit:
    """One result row as a parser found it, before normalisation."""

    title: str
    url: str
    snippet: str = ""
    published: str | None = None
    score: float | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    #: the snippet is HTML (Brave's ``<strong>`` and ``&#x27;``) rather than plain text
    snippet_html: bool = False


def _is_tracking(name: str) -> bool:
    key = unquote(name).strip().lower()
    return key in TRACKING_PARAMS or key.startswith(TRACKING_PREFIXES)


def _normalise_escapes(text: str) -> str:
    """Decode escapes of unreserved characters (``%2D`` → ``-``), upper-case the others."""

    def fix(m: re.Match[str]) -> str:
        char = chr(int(m.group(1), 16))
        return char if char in _UNRESERVED else "%" + m.group(1).upper()

    return _PCT.sub(fix, text)


def unwrap_redirect(url: str) -> str:
    """The destination of a search engine's click-tracking redirect, else ``url`` itself.

    Handles DuckDuckGo's ``//duckduckgo.com/l/?uddg=<target>&rut=…`` (absolute,
    protocol-relative or path-only) — the target is percent-encoded once in ``uddg``.
    """
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return url
    host = (parts.hostname or "").lower()
    if parts.path in _REDIRECT_PATHS and (not host or host == "duckduckgo.com"
                                           or host.endswith(".duckduckgo.com")):
        target = parse_qs(parts.query).get("uddg")
        if target and target[0]:
            return target[0]
    return url


#: a host name is letters (any script), digits, dots, hyphens and underscores
_HOST = re.compile(r"^[\w.\-]+$")
#: what RFC 3986 never allows unescaped in a path or query (browsers escape it when they
#: ask): a ``|`` or a space in a result's URL split the report's table row it sat in
_ILLEGAL_IN_URL = re.compile(r'[\x00-\x20"<>\\^`{|}\x7f]')


def _escape_illegal(text: str) -> str:
    return _ILLEGAL_IN_URL.sub(lambda m: f"%{ord(m.group(0)):02X}", text)


def canonical_url(url: str) -> str | None:
    """The canonical form of an http(s) URL, or ``None`` when it is not one.

    Lower-cases scheme and host, drops user info, default ports and the fragment,
    removes tracking parameters (keeping the others byte for byte and in order),
    normalises percent-escapes and drops a trailing slash (the root path stays ``/``).
    A host that is not a name or an address (``a|b.com``, ``<img>.com``) is no URL, nor is
    one longer than :data:`MAX_URL_CHARS`;
    characters a URL may not hold unescaped (space, ``|``, ``<``, ``"``...) are escaped.
    """
    raw = url.strip()
    if len(raw) > MAX_URL_CHARS:
        return None
    if raw.startswith("//"):
        raw = "https:" + raw
    try:
        parts = urlsplit(raw)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").rstrip(".")
    if scheme not in _DEFAULT_PORTS or not host:
        return None
    if ":" in host:  # an IPv6 literal keeps its brackets
        host = f"[{host}]"
    elif not _HOST.match(host):
        return None
    netloc = host if port in (None, _DEFAULT_PORTS[scheme]) else f"{host}:{port}"

    path = _escape_illegal(_normalise_escapes(parts.path)).rstrip("/") or "/"
    pairs = [p for p in parts.query.split("&") if p and not _is_tracking(p.split("=", 1)[0])]
    query = _escape_illegal(_normalise_escapes("&".join(pairs)))
    return urlunsplit((scheme, netloc, path, query, ""))


def clean_text(text: str | None, *, markup: bool = False) -> str:
    """Whitespace collapsed, invisible characters and control sequences removed (a title's
    "\x1b[31m" left "[31m" behind once its ESC alone was dropped downstream, and a bidi
    override reversed the name it sat in); with ``markup``, tags removed and entities
    decoded first."""
    if not text:
        return ""
    if markup and ("<" in text or "&" in text):
        body = parse_html(f"<body>{text}</body>").body
        text = body.text(separator="") if body is not None else html.unescape(text)
    return _SPACES.sub(" ", clean(text).translate(_INVISIBLE)).strip()


def trim(text: str, max_chars: int) -> str:
    """``text`` cut to at most ``max_chars`` characters, on a word boundary, with ``…``."""
    if len(text) <= max_chars:
        return text
    cut = text[: max_chars - 1]
    space = cut.rfind(" ")
    if space >= max_chars * 0.6:  # don't throw away most of the text for one long word
        cut = cut[:space]
    return cut.rstrip(" ,;:.-–—") + "…"


def to_sources(
    hits: Iterable[Hit],
    *,
    adapter: str,
    limit: int,
    max_chars: int,
    retrieved_at: dt.datetime | None = None,
) -> list[Source]:
    """Normalise parsed rows into at most ``limit`` ranked, de-duplicated Sources."""
    when = retrieved_at or dt.datetime.now(dt.timezone.utc)
    out: list[Source] = []
    seen: dict[str, Source] = {}
    for hit in hits:
        url = canonical_url(unwrap_redirect(hit.url))
        if url is None:
            continue
        snippet = trim(clean_text(hit.snippet, markup=hit.snippet_html), max_chars)
        if url in seen:
            first = seen[url]
            if not first.snippet and snippet:  # keep the first row, fill what it lacked
                first.snippet = snippet
            continue
        if len(out) >= limit:
            continue  # keep reading: a later duplicate may still fill a kept row's snippet
        source = Source(
            title=trim(clean_text(hit.title), TITLE_CHARS) or url,
            url=url,
            snippet=snippet,
            rank=len(out) + 1,
            adapter=adapter,
            published=(clean_text(str(hit.published)) or None) if hit.published else None,
            retrieved_at=when,
            score=hit.score,
            meta=dict(hit.meta),
        )
        seen[url] = source
        out.append(source)
    return out


def as_text(value: Any) -> str:
    """A provider's text field as text: a string as it is, a number written out, anything
    else (null, an object, a list: a field of the wrong type) as ``""`` — never the
    ``repr`` of a structure in a title or snippet, nor "inf" for a ``1e400`` that JSON
    reads as infinity."""
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, float) and math.isfinite(value):
        return str(value)
    return ""


def as_float(value: Any) -> float | None:
    """A provider's score as a float, or None when it gave none (or garbage): NaN and
    infinity (``1e400``, ``"nan"``) are none, and NaN would not even sort."""
    if isinstance(value, bool) or value is None:
        return None
    try:
        out = float(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an int past a float
        return None
    return out if math.isfinite(out) else None
