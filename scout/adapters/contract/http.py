"""The HTTP boundary: client factory, status/exception mapping, URL redaction.

Foreign exceptions (httpx's) are mapped here, once, into the ``ProviderError`` tree and
chained with ``from``:

    timeouts, connect errors, 5xx  → Unavailable (also a body still arriving after the timeout)
    429                            → RateLimited (Retry-After parsed)
    401/403                        → AuthError
    402 (payment required)         → AuthError: the account behind the key is out of credit
                                     (Brave, OpenRouter, DeepSeek), so a pool takes the next key
    other 4xx                      → Rejected

Adapters call :func:`send` (or use :func:`mapped` + :func:`check_status`) so that no
adapter hand-writes this mapping. Secrets that travel in URLs (Google's ``key=``) are
removed by :func:`redact_url` from everything that is logged, journaled or raised.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import email.utils
import os
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import httpx

from scout import __version__
from scout.i18n import N_
from scout.config.headers import SECRET_PARAMS, secret_param, url_secrets  # noqa: F401
from scout.config.settings import AdapterSettings, base_url_env
from scout.adapters.contract.decoded import (ACCEPT_ENCODING, BadEncoding, UnsupportedEncoding,
                                             iter_decoded)
from scout.adapters.contract.headwait import bound_client, head_deadline, head_seconds
from scout.errors import (AuthError, ParseError, ProviderError, RateLimited, Rejected,
                          Unavailable, Unreachable)

USER_AGENT = f"scout/{__version__} (+https://github.com/scout-research/scout)"

#: the largest API answer read (decoded bytes); no search or synthesis API answers
#: anywhere near this, so a bigger body is broken or hostile: ParseError, not 2 GB of RAM
MAX_RESPONSE_BYTES = 16 * 1024 * 1024

def base_url_secrets(name: str, settings: AdapterSettings) -> list[tuple[str, str]]:
    """(mark, value) for each credential in the URL adapter ``name`` calls (its config's
    ``base_url`` or ``SCOUTE_<NAME>_BASE_URL``), to register with the scrubber."""
    return [(base_url_env(name), v) for v in url_secrets(settings.resolved_base_url(name))]


_SSL_LOCK = threading.Lock()
_SSL_CONTEXTS: dict[tuple[str, str], ssl.SSLContext] = {}


def ssl_context() -> ssl.SSLContext:
    """The verifying TLS context every client shares, built once per CA location.

    httpx builds a new one per client by default, loading the whole CA bundle each time
    (~20 ms of CPU on a quiet machine, several times that on a busy one); a mission
    builds a client per adapter on its first call, on the critical path and under the
    providers layer's lock. Same trust as httpx's default: ``SSL_CERT_FILE`` /
    ``SSL_CERT_DIR`` when set (read now, so a changed variable gets its own context),
    else certifi's bundle. An ``ssl.SSLContext`` may be shared by threads."""
    key = (os.environ.get("SSL_CERT_FILE") or "", os.environ.get("SSL_CERT_DIR") or "")
    with _SSL_LOCK:
        ctx = _SSL_CONTEXTS.get(key)
        if ctx is None:
            ctx = _SSL_CONTEXTS[key] = httpx.create_ssl_context()
        return ctx


def make_client(
    settings: AdapterSettings,
    *,
    transport: httpx.BaseTransport | None = None,
    follow_redirects: bool = True,
    max_redirects: int = 5,
) -> httpx.Client:
    """One client per adapter: timeouts, connection limits, a user agent and the shared
    TLS context (:func:`ssl_context`). A client that follows redirects follows them only
    on the same host (:func:`same_site_redirects`). Its sockets honour
    :func:`send_streamed`'s bound on a response's head (scout.adapters.contract.headwait)."""
    timeout = httpx.Timeout(settings.timeout, connect=min(settings.timeout, 10.0))
    hooks = {"response": [same_site_redirects(settings.type)]} if follow_redirects else {}
    return bound_client(httpx.Client(
        event_hooks=hooks,
        timeout=timeout,
        verify=ssl_context(),
        limits=httpx.Limits(max_connections=20, max_keepalive_connections=10),
        # only the codings iter_decoded bounds, whatever httpx extras are installed
        headers={"User-Agent": settings.user_agent or USER_AGENT,
                 "Accept-Encoding": ACCEPT_ENCODING},
        follow_redirects=follow_redirects,
        max_redirects=max_redirects,
        transport=transport,
    ))


def send_streamed(client: httpx.Client, request: httpx.Request, *,
                  follow_redirects: bool | None = None) -> httpx.Response:
    """``client.send(request, stream=True)``, its head (status line, headers, every
    redirect's) arriving within :func:`~scout.adapters.contract.headwait.head_seconds`
    in all, else httpx's ``ReadTimeout``: a server dripping its headers a byte at a
    time answered each read in time and held the call for hours. Call inside
    :func:`mapped`; read the body with :func:`read_body`."""
    with head_deadline(head_seconds(client)):
        if follow_redirects is None:
            return client.send(request, stream=True)
        return client.send(request, stream=True, follow_redirects=follow_redirects)


#: a request extension: the sender checks each redirect itself (the page adapter's SSRF
#: guard), so :func:`same_site_redirects` leaves its answers alone
OWN_REDIRECTS = "scout_own_redirects"


def same_site_redirects(adapter: str) -> Callable[[httpx.Response], None]:
    """A response hook refusing a redirect to another host (or from https to http).

    httpx drops only ``Authorization`` on such a redirect: an API key in another header
    (Brave's ``X-Subscription-Token``) went to wherever the API's answer pointed, a JSON
    body holding one (Tavily's) was sent again there on a 307/308, and the new host was
    never checked against internal addresses (``169.254.169.254``). No API scout calls
    redirects off its own host; a redirect to https on the same host is followed."""
    def hook(response: httpx.Response) -> None:
        location = response.headers.get("location")
        if not (response.is_redirect and location) or \
                response.request.extensions.get(OWN_REDIRECTS):
            return
        source = response.request.url
        try:
            target = source.join(location)
            same = target.host == source.host and \
                (target.scheme == source.scheme or target.scheme == "https")
        except (httpx.InvalidURL, UnicodeError):
            same = False
        if not same:
            raise Rejected(N_("{adapter}: the answer redirects to another site; scout sends "
                              "an API's request to its own host only").format(adapter=adapter),
                           adapter=adapter, status=response.status_code)
    return hook


def redact_url(url: str | httpx.URL, extra: frozenset[str] = frozenset()) -> str:
    """The URL with credential-bearing query values replaced by ``REDACTED``, and without
    the ``user:password@`` of its host (a found page's link may carry someone's login)."""
    parts = urlsplit(str(url))
    if "@" in parts.netloc:
        parts = parts._replace(netloc=parts.netloc.rsplit("@", 1)[1])
        if not parts.query:
            return urlunsplit(parts)
    if not parts.query:
        return str(url)
    query = [
        (k, "REDACTED" if secret_param(k) or k.lower() in extra else v)
        for k, v in parse_qsl(parts.query, keep_blank_values=True)
    ]
    return urlunsplit(parts._replace(query=urlencode(query)))


def parse_retry_after(value: str | None, *, now: dt.datetime | None = None) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    now = now or dt.datetime.now(dt.timezone.utc)
    return max(0.0, (when - now).total_seconds())


def check_status(response: httpx.Response, adapter: str) -> None:
    """Raise the ProviderError that a non-2xx status means; return for 2xx/3xx."""
    status = response.status_code
    if status < 400:
        return
    where = f"{adapter}: HTTP {status}"
    if status == 429:
        raise RateLimited(
            where + " (" + N_("rate limited") + ")", adapter=adapter, status=status,
            retry_after=parse_retry_after(response.headers.get("retry-after")),
        )
    if status in (401, 403):
        raise AuthError(where + " (" + N_("credential refused or out of quota") + ")", adapter=adapter,
                        status=status, hint=N_("check the key named in config/adapters.yaml"))
    if status == 402:
        raise AuthError(where + " (" + N_("payment required: the account is out of credit") + ")",
                        adapter=adapter, status=status,
                        hint=N_("top up the account or raise its spending limit, or use "
                                "another key"))
    if status >= 500:
        raise Unavailable(where + " (" + N_("server error") + ")", adapter=adapter, status=status,
                          retry_after=parse_retry_after(response.headers.get("retry-after")))
    raise Rejected(where + " (" + N_("request rejected") + ")", adapter=adapter, status=status)


@contextlib.contextmanager
def mapped(adapter: str) -> Iterator[None]:
    """Map httpx exceptions raised inside the block into the ProviderError tree."""
    try:
        yield
    except ProviderError:
        raise
    except httpx.TimeoutException as exc:
        raise Unavailable(N_("{adapter}: timed out ({error})").format(
            adapter=adapter, error=type(exc).__name__), adapter=adapter) from exc
    except UnsupportedEncoding as exc:
        # a stacked or unknown coding: what a decompression bomb looks like, never retried
        raise ParseError(N_("{adapter}: the body's Content-Encoding '{coding}' is not one scout "
                            "accepts ({accepted}, once)").format(
                                adapter=adapter, coding=exc.coding, accepted=ACCEPT_ENCODING),
                         adapter=adapter) from exc
    except BadEncoding as exc:
        raise ParseError(N_("{adapter}: the body is not valid {coding}").format(
            adapter=adapter, coding=exc.coding), adapter=adapter) from exc
    except (httpx.InvalidURL, UnicodeError) as exc:
        # a Location whose host is no name (IDNA's 'xn--', an emoji label): httpx reads
        # it even when it follows no redirect, and idna's error is no httpx one
        raise Rejected(N_("{adapter}: the server's answer names an address that is not a "
                          "valid URL ({error})").format(adapter=adapter,
                                                        error=type(exc).__name__),
                       adapter=adapter) from exc
    except httpx.TooManyRedirects as exc:
        raise Rejected(f"{adapter}: too many redirects", adapter=adapter) from exc
    except httpx.ConnectError as exc:  # no route, no DNS, refused: offline, most likely
        raise Unreachable(N_("{adapter}: connection failed ({error})").format(
            adapter=adapter, error=type(exc).__name__),
                          adapter=adapter, hint=Unreachable.HINT) from exc
    except httpx.TransportError as exc:
        # the message of a transport error can include the URL: never echo it
        raise Unavailable(N_("{adapter}: connection failed ({error})").format(
            adapter=adapter, error=type(exc).__name__),
                          adapter=adapter) from exc
    except httpx.HTTPError as exc:
        raise Unavailable(N_("{adapter}: HTTP error ({error})").format(
            adapter=adapter, error=type(exc).__name__), adapter=adapter) from exc


def read_body(response: httpx.Response, adapter: str, *,
              max_bytes: int = MAX_RESPONSE_BYTES, deadline_s: float | None = None,
              clock: Callable[[], float] = time.monotonic) -> bytes:
    """Read a streamed response's body, at most ``max_bytes`` (else ``ParseError``) and
    for at most ``deadline_s`` in all (default: the client's read timeout; else
    ``Unavailable``). httpx's timeouts are per network operation, so a server dripping
    one byte a second would otherwise hold the call forever. Call inside ``mapped``.
    The body is then available as ``response.content``, as after ``response.read()``.

    Only a body *still arriving* past the deadline is a timeout: a chunk that turns up
    after the deadline had passed. A body whose last chunk was read late (a thread
    starved of CPU on a busy machine) arrived whole, and failing it would retry a call
    that succeeded and may have been paid for.
    """
    if deadline_s is None:
        read_timeout = (response.request.extensions.get("timeout") or {}).get("read") \
            if response.request is not None else None
        deadline_s = float(read_timeout) if read_timeout else 60.0
    deadline = clock() + deadline_s
    buf = bytearray()
    try:
        for chunk in iter_until(iter_decoded(response), deadline, clock):
            buf.extend(chunk)
            if len(buf) > max_bytes:
                raise ParseError(N_("{adapter}: response larger than {limit} bytes (HTTP "
                                    "{status}); not read further").format(
                                     adapter=adapter, limit=f"{max_bytes:,}",
                                     status=response.status_code),
                                 adapter=adapter, status=response.status_code)
    except BodyStillArriving:
        raise Unavailable(N_("{adapter}: timed out reading the response (still arriving "
                             "after {seconds}s)").format(adapter=adapter,
                                                         seconds=f"{deadline_s:g}"),
                          adapter=adapter,
                          status=response.status_code) from None
    finally:
        response.close()
    response._content = bytes(buf)  # what response.read() would have stored  # noqa: SLF001
    return response._content  # noqa: SLF001


class BodyStillArriving(Exception):
    """Raised by :func:`iter_until`: a chunk arrived after the deadline had passed.
    Internal; each reader maps it into its own ``Unavailable`` message."""


def iter_until(chunks: Iterator[bytes], deadline: float,
               clock: Callable[[], float]) -> Iterator[bytes]:
    """The chunks of a body, raising :class:`BodyStillArriving` for a chunk that turns up
    after ``deadline`` (on ``clock``).

    The clock is read *before* asking for the next chunk and acted on only if one comes:
    the chunk just read may be the last, and the end of the stream, however late it is
    noticed, means the body arrived whole. Reading the clock after each chunk instead
    (the old way) called a complete body "timed out" whenever the thread was descheduled
    between its last chunk and the check. The price: a body may overrun the deadline by
    one chunk, i.e. by at most one httpx read timeout, which still bounds a drip."""
    late = False
    for chunk in chunks:
        if late and chunk:  # httpx may hand out empty chunks; those are not data
            raise BodyStillArriving
        yield chunk
        late = clock() > deadline


def send(client: httpx.Client, request: httpx.Request, adapter: str) -> httpx.Response:
    """Send a request with exceptions and error statuses mapped; returns a 2xx/3xx response.
    The body is read with :func:`read_body`'s size and time caps."""
    with mapped(adapter):
        response = send_streamed(client, request)
        read_body(response, adapter)
    check_status(response, adapter)
    return response


def response_time(response: httpx.Response) -> dt.datetime | None:
    """When the provider says it answered (its ``Date`` header), if that is a sane time.

    Evidence is stamped with it rather than with the local clock, so a replayed cassette
    says when its answers were really retrieved, and two replays give the same report.
    A header that does not parse, or lies more than a day in the future, is ignored."""
    value = response.headers.get("date")
    if not value:
        return None
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    now = dt.datetime.now(dt.timezone.utc)
    if when > now + dt.timedelta(days=1) or when.year < 2000:
        return None
    return when.astimezone(dt.timezone.utc)
