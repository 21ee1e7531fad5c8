"""SSRF guard: IPv6 forms that embed an IPv4 address are judged by that address
(issue 13 §9): a NAT64 gateway, a 6to4 relay or a Teredo tunnel would connect to it."""

from __future__ import annotations

import ipaddress

import httpx
import pytest

from scout.adapters.ssrf import SsrfGuard, embedded_ipv4
from scout.errors import Blocked


def _teredo(server: str, client: str) -> str:
    """A Teredo address (RFC 4380): prefix, server, flags, port and client obfuscated."""
    s = int(ipaddress.IPv4Address(server))
    c = int(ipaddress.IPv4Address(client)) ^ 0xFFFFFFFF
    n = (0x20010000 << 96) | (s << 64) | (0x8000 << 48) | ((0xFFFF ^ 40000) << 32) | c
    return str(ipaddress.IPv6Address(n))


def _nat64_local(v4: str, plen: int) -> str:
    """An address of 64:ff9b:1::/48 with ``v4`` placed as RFC 6052 says for ``plen``."""
    prefix = bytearray(ipaddress.IPv6Address("64:ff9b:1::").packed)
    out = bytearray(prefix[: plen // 8])
    for octet in ipaddress.IPv4Address(v4).packed:
        if len(out) == 8:
            out.append(0)  # the u octet
        out.append(octet)
    out.extend(b"\0" * (16 - len(out)))
    return str(ipaddress.IPv6Address(bytes(out)))


INNER = ["127.0.0.1", "10.1.2.3", "192.168.0.10", "169.254.169.254", "172.16.5.4"]
FORMS = {
    "mapped": lambda v4: f"::ffff:{v4}",
    "compatible": lambda v4: f"::{v4}",
    "nat64": lambda v4: f"64:ff9b::{v4}",
    "6to4": lambda v4: str(ipaddress.IPv6Address(
        (0x2002 << 112) | (int(ipaddress.IPv4Address(v4)) << 80) | 1)),
    "teredo": lambda v4: _teredo("65.54.227.120", v4),
    **{f"nat64-local/{p}": (lambda p: lambda v4: _nat64_local(v4, p))(p)
       for p in (48, 56, 64, 96)},
}


@pytest.mark.parametrize("form", sorted(FORMS))
@pytest.mark.parametrize("inner", INNER)
def test_embedded_private_addresses_are_refused(form: str, inner: str) -> None:
    v6 = FORMS[form](inner)
    assert ipaddress.IPv4Address(inner) in embedded_ipv4(ipaddress.ip_address(v6)), v6
    guard = SsrfGuard(resolver=lambda host: [v6])
    for url in (f"http://[{v6}]/", "http://innocent.example/"):
        with pytest.raises(Blocked, match="embedded in the IPv6 address"):
            guard.check(httpx.URL(url))


@pytest.mark.parametrize("form", ["nat64", "6to4", "teredo"])
def test_embedded_public_addresses_are_judged_by_the_address(form: str) -> None:
    v6 = FORMS[form]("8.8.8.8")
    assert ipaddress.IPv4Address("8.8.8.8") in embedded_ipv4(ipaddress.ip_address(v6))


def test_plain_public_ipv6_is_fetched() -> None:
    guard = SsrfGuard(resolver=lambda host: ["2a00:1450:4001:82a::200e"])
    assert guard.check(httpx.URL("http://example.org/")) == "2a00:1450:4001:82a::200e"
    assert embedded_ipv4(ipaddress.ip_address("2a00:1450:4001:82a::200e")) == []
