"""The SSRF guard, directly and through the page adapter (no real DNS, no real network).

Every test injects a resolver (a dict lookup) and an httpx.MockTransport; a request that
reaches the transport is recorded, so "refused" also means "nothing was sent".
"""

from __future__ import annotations

import httpx
import pytest

from scout.adapters.page import PageAdapter
from scout.config.settings import PageSettings
from scout.adapters.ssrf import SsrfGuard, classify
from scout.errors import Blocked, ProviderError, Unavailable
from scout.adapters.contract import FetchRequest

PUBLIC_IP = "93.184.216.34"  # a globally routable address (example.com's)
FORBIDDEN = ["127.0.0.1", "10.0.0.5", "169.254.169.254", "::1"]


def _url_for(ip: str) -> str:
    return f"http://[{ip}]/" if ":" in ip else f"http://{ip}/"


class Recorder:
    """MockTransport handler: serves a tiny page, records every request that got out."""

    def __init__(self, redirects: dict[str, str] | None = None) -> None:
        self.sent: list[httpx.Request] = []
        self.redirects = redirects or {}

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.sent.append(request)
        host = request.headers.get("host", "")
        target = self.redirects.get(f"{host}{request.url.path}")
        if target is not None:
            return httpx.Response(302, headers={"location": target})
        return httpx.Response(200, text="<html><title>ok</title><p>fine page</p></html>",
                              headers={"content-type": "text/html"})


def adapter(recorder: Recorder, dns: dict[str, list[str]], allow: list[str] | None = None,
            **settings: object) -> PageAdapter:
    def resolver(host: str) -> list[str]:
        if host not in dns:
            raise OSError(f"no such host {host}")
        return dns[host]

    cfg = PageSettings(type="page", allow_hosts=allow or [], **settings)
    return PageAdapter("page", cfg, httpx.Client(transport=httpx.MockTransport(recorder)),
                       resolver=resolver)


@pytest.mark.parametrize("ip", FORBIDDEN)
def test_guard_refuses_forbidden_literal_addresses(ip: str) -> None:
    rec = Recorder()
    page = adapter(rec, {})
    with pytest.raises(Blocked) as info:
        page.call(FetchRequest(url=_url_for(ip)))
    err = info.value
    assert isinstance(err, ProviderError) and err.kind == "blocked" and err.code == "PRV008"
    assert ip in str(err) and "refused to fetch" in str(err)
    assert "allow_hosts" in (err.hint or "")
    assert rec.sent == []


@pytest.mark.parametrize("ip", FORBIDDEN)
def test_guard_refuses_a_public_name_that_resolves_to_forbidden_addresses(ip: str) -> None:
    rec = Recorder()
    page = adapter(rec, {"innocent.example": [ip]})
    with pytest.raises(Blocked, match=f"'innocent.example' resolves to {ip}"):
        page.call(FetchRequest(url="http://innocent.example/hotel"))
    assert rec.sent == []


@pytest.mark.parametrize("ip", FORBIDDEN)
def test_guard_refuses_a_redirect_from_a_public_name_to_forbidden_addresses(ip: str) -> None:
    rec = Recorder(redirects={"hotel.example/book": _url_for(ip) + "latest/meta-data"})
    page = adapter(rec, {"hotel.example": [PUBLIC_IP]})
    with pytest.raises(Blocked) as info:
        page.call(FetchRequest(url="http://hotel.example/book"))
    assert "redirected from http://hotel.example/book" in str(info.value)
    # the public hop went out; the forbidden one never did
    assert [r.headers["host"] for r in rec.sent] == ["hotel.example"]


def test_guard_refuses_a_redirect_to_a_name_that_resolves_privately() -> None:
    rec = Recorder(redirects={"hotel.example/book": "http://internal.example/admin"})
    page = adapter(rec, {"hotel.example": [PUBLIC_IP], "internal.example": ["10.0.0.5"]})
    with pytest.raises(Blocked, match="'internal.example' resolves to 10.0.0.5"):
        page.call(FetchRequest(url="http://hotel.example/book"))
    assert len(rec.sent) == 1


def test_one_private_address_among_public_ones_is_refused() -> None:
    rec = Recorder()
    page = adapter(rec, {"mixed.example": [PUBLIC_IP, "192.168.1.10"]})
    with pytest.raises(Blocked, match="192.168.1.10"):
        page.call(FetchRequest(url="http://mixed.example/"))
    assert rec.sent == []


@pytest.mark.parametrize("ip", FORBIDDEN)
def test_allowlisted_addresses_are_fetched(ip: str) -> None:
    rec = Recorder()
    page = adapter(rec, {}, allow=[ip])
    reply = page.call(FetchRequest(url=_url_for(ip)))
    assert reply.value.title == "ok"
    assert len(rec.sent) == 1


def test_allowlist_by_network_and_by_name() -> None:
    rec = Recorder()
    page = adapter(rec, {"intranet.example": ["10.1.2.3"]}, allow=["10.0.0.0/8"])
    assert page.call(FetchRequest(url="http://intranet.example/")).value.title == "ok"
    page = adapter(rec, {}, allow=["intranet.example"])  # by name: not even resolved
    assert page.call(FetchRequest(url="http://intranet.example/")).value.title == "ok"
    page = adapter(rec, {"intranet.example": ["10.1.2.3"]}, allow=["192.168.0.0/16"])
    with pytest.raises(Blocked):
        page.call(FetchRequest(url="http://intranet.example/"))


def test_connection_is_pinned_to_the_checked_address() -> None:
    """The request goes to the address the guard checked; Host and SNI keep the name."""
    rec = Recorder()
    page = adapter(rec, {"hotel.example": [PUBLIC_IP]})
    reply = page.call(FetchRequest(url="https://hotel.example/rooms?x=1"))
    sent = rec.sent[0]
    assert sent.url.host == PUBLIC_IP
    assert sent.url.path == "/rooms" and sent.url.query == b"x=1"
    assert sent.headers["host"] == "hotel.example"
    assert sent.extensions["sni_hostname"] == "hotel.example"
    assert reply.value.final_url == "https://hotel.example/rooms?x=1"


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://hotel.example/x",
                                 "gopher://hotel.example/"])
def test_non_http_schemes_are_refused(url: str) -> None:
    rec = Recorder()
    with pytest.raises(Blocked, match="is not http or https"):
        adapter(rec, {"hotel.example": [PUBLIC_IP]}).call(FetchRequest(url=url))
    assert rec.sent == []


def test_redirect_to_a_non_http_scheme_is_refused() -> None:
    rec = Recorder(redirects={"hotel.example/x": "file:///etc/passwd"})
    with pytest.raises(Blocked, match="scheme 'file'"):
        adapter(rec, {"hotel.example": [PUBLIC_IP]}).call(FetchRequest(url="http://hotel.example/x"))


def test_metadata_host_names_are_refused_without_resolving() -> None:
    rec = Recorder()
    page = adapter(rec, {})  # the resolver would fail: the name must be refused first
    with pytest.raises(Blocked, match="cloud metadata"):
        page.call(FetchRequest(url="http://metadata.google.internal/computeMetadata/v1/"))


def test_unresolvable_host_is_unavailable_not_blocked() -> None:
    with pytest.raises(Unavailable, match="cannot resolve host 'nowhere.example'"):
        adapter(Recorder(), {}).call(FetchRequest(url="http://nowhere.example/"))


def test_refusal_message_never_echoes_credentials_in_the_url() -> None:
    with pytest.raises(Blocked) as info:
        adapter(Recorder(), {}).call(FetchRequest(url="http://10.0.0.5/x?token=s3cr3t-value"))
    assert "s3cr3t-value" not in str(info.value)
    assert "REDACTED" in str(info.value)


@pytest.mark.parametrize("ip,why", [
    ("127.0.0.1", "loopback"), ("::1", "loopback"), ("10.0.0.5", "private"),
    ("172.16.0.1", "private"), ("192.168.0.1", "private"), ("169.254.169.254", "metadata"),
    ("169.254.1.1", "link-local"), ("fe80::1", "link-local"), ("fd00:ec2::254", "metadata"),
    ("::ffff:127.0.0.1", "loopback"), ("0.0.0.0", "unspecified"), ("224.0.0.1", "multicast"),
    ("100.64.0.1", "non-public"),
])
def test_classify_names_the_reason(ip: str, why: str) -> None:
    import ipaddress
    reason = classify(ipaddress.ip_address(ip))
    assert reason is not None and why in reason


@pytest.mark.parametrize("ip", [PUBLIC_IP, "2606:4700::1111", "8.8.8.8"])
def test_classify_accepts_public_addresses(ip: str) -> None:
    import ipaddress
    assert classify(ipaddress.ip_address(ip)) is None


def test_guard_check_returns_the_address_to_pin() -> None:
    guard = SsrfGuard([], resolver=lambda host: [PUBLIC_IP, "2606:4700::1111"])
    assert guard.check(httpx.URL("https://hotel.example/")) == PUBLIC_IP
    assert guard.check(httpx.URL(f"http://{PUBLIC_IP}/")) is None  # a literal: nothing to pin
