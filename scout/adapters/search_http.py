"""HTTP helpers the search adapters share, on top of :mod:`scout.adapters.contract.http`.

``scout.adapters.contract.http`` maps statuses and httpx exceptions into the ProviderError tree.
What this module adds is what every *search* adapter needs around that:

* :func:`fetch` sends a request through that mapping and, when the answer is an error,
  appends the provider's own explanation (parsed by the adapter from the body) to the
  message — with every secret scrubbed out of it, and the exception chain cut where a
  chained httpx exception would carry a secret-bearing URL;
* :func:`json_body` reads a JSON object or raises ParseError (never a silent ``[]``);
  :func:`load_json` reads a body that is not UTF-8 in the charset its ``Content-Type``
  declares (some servers and proxies still send ``charset=iso-8859-1`` bodies);
* the start and end every search adapter's ``call`` shares: :func:`api_key` (the key to
  send, or an AuthError naming the variable to set), :func:`split_options` (the request
  options the provider understands, and the others, reported as ``ignored_options``) and
  :func:`search_reply` (hits to normalised Sources in a Reply, with that report);
* :class:`RedactingFilter` is installed on httpx's logger so its ``HTTP Request: GET
  https://…?key=…`` INFO line never prints a key that travels in a query string.
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

import httpx

from scout.i18n import N_
from scout.adapters.contract import Reply, Request, Secret, Usage
from scout.adapters.contract.http import response_time
from scout.adapters.normalize import Hit, to_sources
from scout.errors import AuthError, ParseError, ProviderError
from scout.schemas.sources import Source
from scout.adapters.contract.decoded import web_encoding
from scout.adapters.contract.jsontext import loads
from scout.adapters.contract.http import (MAX_RESPONSE_BYTES, check_status, mapped, read_body,
                                          redact_url, send_streamed)
from scout.adapters.contract.redact import scrub_values

#: reads an error response and says what the provider said (or None)
Describe = Callable[[httpx.Response], "str | None"]


#: how much of a provider's own explanation an error message keeps (after scrubbing)
DETAIL_CHARS = 200


def scrub(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every secret value, in any encoding, replaced by ``REDACTED``."""
    return scrub_values(text, secrets)


def _drop_leaky_cause(exc: BaseException, secrets: list[str]) -> None:
    """Cut the chain under ``exc`` where a chained exception would print a secret."""
    cause = exc.__cause__ or exc.__context__
    if cause is None or not secrets:
        return
    request = getattr(cause, "_request", None)  # httpx keeps the request (and its URL)
    texts = [str(cause), repr(cause), str(request.url) if request is not None else ""]
    if any(scrub(t, secrets) != t for t in texts):
        exc.__cause__ = None
        exc.__context__ = None
        exc.__suppress_context__ = True


def amend_error(exc: ProviderError, detail: str | None, secrets: list[str]) -> None:
    """Append the provider's explanation; scrub secrets from message and hint.

    Scrub first, then cut: a cut made first could keep most of a key that the provider
    echoed near the limit, and the scrubber would no longer recognise it."""
    if detail:
        detail = cut(scrub(" ".join(str(detail).split()), secrets), DETAIL_CHARS)
    message = scrub(exc.message, secrets) + (f": {detail}" if detail else "")
    exc.message = message
    exc.args = (exc.message,)
    if exc.hint:
        exc.hint = scrub(exc.hint, secrets)


def fetch(
    client: httpx.Client,
    request: httpx.Request,
    adapter: str,
    *,
    describe: Describe | None = None,
    classify: Callable[[httpx.Response], ProviderError | None] | None = None,
    secrets: Iterable[str] = (),
    max_bytes: int = MAX_RESPONSE_BYTES,
) -> httpx.Response:
    """Send ``request``; return a 2xx/3xx response or raise the mapped ProviderError.
    A body past ``max_bytes`` is a ParseError (:func:`read_body`).

    ``classify`` may return a more precise error for a provider's own conventions
    (Brave's 422 SUBSCRIPTION_TOKEN_INVALID is a bad key, Tavily's 432 an exhausted
    plan); ``describe`` extracts the provider's explanation for the message.
    """
    keep = [s for s in secrets if s]
    try:
        with mapped(adapter):
            response = send_streamed(client, request)
            read_body(response, adapter, max_bytes=max_bytes)
    except ProviderError as exc:
        amend_error(exc, None, keep)
        _drop_leaky_cause(exc, keep)
        raise
    if response.status_code < 400:
        return response
    detail = None
    if describe is not None:
        try:
            detail = describe(response)
        except Exception:  # a broken error body must not hide the status  # noqa: BLE001
            detail = None
    if detail is None:  # no explanation the adapter reads: a proxy's page, a plain line
        detail = page_detail(response)
    error = None
    if classify is not None:
        try:
            error = classify(response)
        except Exception:  # a body the classifier trips on: the status decides  # noqa: BLE001
            error = None
    if error is None:
        try:
            check_status(response, adapter)
        except ProviderError as exc:
            error = exc
    if error is None:  # pragma: no cover - check_status raises for every status >= 400
        return response
    amend_error(error, detail, keep)
    raise error


#: an HTML page's title (bounded, so a hostile page cannot make the search slow)
_TITLE = re.compile(r"<title[^>]{0,200}>([^<]{1,300})</title", re.IGNORECASE)
#: how much of an error body is looked at for a title or a line of text
_PAGE_CHARS = 16_384


def page_detail(response: httpx.Response) -> str | None:
    """What an error body that is not the provider's JSON says, on one line: an HTML
    page's ``<title>`` (a proxy's or CDN's "502 Bad Gateway", Cloudflare's "api.x.com |
    524: A timeout occurred"), or a short plain-text body ("Internal Server Error"). None
    for JSON, for a page without a title and for an empty or binary body: the status alone
    then speaks, and the message never carries a page's markup."""
    # a charset no browser reads a page in ('rot13', an unknown one) reads as UTF-8
    text = response.content[:_PAGE_CHARS].decode(
        web_encoding(response.charset_encoding) or "utf-8", errors="replace")
    text = text.strip()
    if not text or text[0] in "{[" or "\ufffd" in text or "\x00" in text:
        return None
    if text.startswith("<"):
        m = _TITLE.search(text)
        return (short(html.unescape(m.group(1))) or None) if m else None
    ctype = response.headers.get("content-type", "").lower()
    if ctype and not ctype.startswith("text/"):
        return None
    return short(text) if len(text) <= 500 else None


def load_json(response: httpx.Response) -> Any:
    """The body parsed as JSON. JSON is UTF-8 (RFC 8259) and bytes are tried first, since
    proxies often label UTF-8 ``charset=iso-8859-1``; bytes that are not UTF-8 are decoded
    in the charset the Content-Type declares, when Python knows it; a lone surrogate
    escaped in it (``"\\ud800"``) reads as U+FFFD (:mod:`~scout.adapters.contract.jsontext`).
    Raises ValueError (UnicodeDecodeError included) or RecursionError when the body is
    not JSON."""
    try:
        return loads(response.content)
    except UnicodeDecodeError:
        # a charset nobody knows, or no text encoding ('rot13', 'zlib'), is no second try
        name = web_encoding(response.charset_encoding) or ""
        if not name or name.startswith("utf"):
            raise
        return loads(response.content.decode(name, errors="replace"))


def json_body(response: httpx.Response, adapter: str) -> dict[str, Any]:
    """The response's JSON object, or ParseError when it is not one."""
    try:
        data = load_json(response)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        # RecursionError: nested deeper than the parser goes ("[[[[..." from a hostile
        # or broken server) - unreadable, like any other non-JSON answer
        ctype = response.headers.get("content-type", "?")
        # JSON whose bytes are not UTF-8 (and no charset said otherwise) is JSON that
        # cannot be read, not "no JSON": say which byte, as the provider's fault it is
        why = (f"; byte {exc.start} is not UTF-8 and no charset is declared"
               if isinstance(exc, UnicodeDecodeError) else "")
        raise ParseError(
            f"{adapter}: response is not JSON (HTTP {response.status_code}, {ctype}, "
            f"{len(response.content)} bytes{why})", adapter=adapter,
            status=response.status_code,
        ) from exc
    if not isinstance(data, dict):
        raise ParseError(f"{adapter}: expected a JSON object, got {type(data).__name__}",
                         adapter=adapter, status=response.status_code)
    return data


def api_key(adapter: str, credential: Secret | None, var: str) -> str:
    """The key value to send; AuthError naming ``var`` (the usual variable) when the
    runtime has none for this adapter."""
    if credential is None:
        raise AuthError(f"{adapter}: no API key", adapter=adapter,
                        hint=N_("set {var} (or the variable named in config)").format(var=var))
    return credential.reveal()


def split_options(options: Mapping[str, Any], known: Collection[str]
                  ) -> tuple[dict[str, Any], list[str]]:
    """``(passed, ignored)``: the request options the provider understands, and the
    names of the others (a reply reports them, so an author sees what had no effect)."""
    passed: dict[str, Any] = {}
    ignored: list[str] = []
    for key, value in options.items():
        if key in known:
            passed[key] = value
        else:
            ignored.append(key)
    return passed, ignored


def search_reply(adapter: str, request: Request, response: httpx.Response, hits: list[Hit],
                 *, max_chars: int, meta: dict[str, Any], ignored: list[str],
                 usage: Usage | None = None, status: int | None = None
                 ) -> Reply[list[Source]]:
    """The Reply of a web search: ``hits`` as normalised Sources (at most the request's
    limit, dated by the answer), ``meta`` plus the ignored options."""
    limit = int(getattr(request, "limit", len(hits)))
    sources = to_sources(hits, adapter=adapter, retrieved_at=response_time(response),
                         limit=limit, max_chars=max_chars)
    if ignored:
        meta["ignored_options"] = sorted(ignored)
    return Reply(sources, usage=usage or Usage(requests=1),
                 status=response.status_code if status is None else status, meta=meta)


def result_items(data: dict[str, Any], adapter: str, *, needs: str = "url"
                 ) -> list[dict[str, Any]]:
    """The ``results`` list of a JSON answer (Tavily, SearxNG): its objects that carry
    ``needs``; ParseError when there is no such list (never a silent ``[]``)."""
    results = data.get("results")
    if not isinstance(results, list):
        raise ParseError(f"{adapter}: answer has no 'results' list", adapter=adapter)
    return [item for item in results if isinstance(item, dict) and item.get(needs)]


def error_json(response: httpx.Response) -> dict[str, Any] | None:
    """The JSON object of an error response, or None (bodies are often HTML or empty).
    Google's APIs answer some errors as a list holding that object (Gemini's
    OpenAI-compatible endpoint: ``[{"error": {...}}]``): its first object is the error."""
    try:
        data = load_json(response)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if isinstance(data, list) and data and isinstance(data[0], dict) and "error" in data[0]:
        data = data[0]
    return data if isinstance(data, dict) else None


def json_object(value: Any) -> dict[str, Any]:
    """``value`` where it is a JSON object, else an empty one: a provider's nested field
    (``data["query"]``) read without trusting its shape."""
    return value if isinstance(value, dict) else {}


def short(text: Any) -> str:
    """A provider message on one line. Not cut here: :func:`fetch` cuts it to
    :data:`DETAIL_CHARS` once secrets are scrubbed out of it."""
    return " ".join(str(text).split())


def cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters (call it on scrubbed text only)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class RedactingFilter(logging.Filter):
    """Redacts credential query parameters from URLs in httpx's request log line."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and args:
            record.args = tuple(
                redact_url(a) if isinstance(a, httpx.URL)
                or (isinstance(a, str) and a.startswith(("http://", "https://"))) else a
                for a in args
            )
        elif isinstance(record.msg, str) and "?" in record.msg and "://" in record.msg:
            record.msg = " ".join(
                redact_url(w) if w.startswith(("http://", "https://")) else w
                for w in record.msg.split(" ")
            )
        return True


def install_log_redaction() -> None:
    """Attach :class:`RedactingFilter` to httpx's logger once."""
    logger = logging.getLogger("httpx")
    if not any(isinstance(f, RedactingFilter) for f in logger.filters):
        logger.addFilter(RedactingFilter())


install_log_redaction()
