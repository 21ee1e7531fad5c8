"""The SSRF guard of the page adapter: which hosts scout may fetch from.

A candidate's URL comes from a search result, i.e. from the internet. Fetching it blindly
would let a page (or a redirect) point scout at ``http://169.254.169.254/`` (cloud
metadata), ``http://127.0.0.1:…`` or the LAN. Before every hop the page adapter asks
:meth:`SsrfGuard.check`, which

1. refuses schemes other than http/https;
2. resolves the host (the resolver is injectable: tests never use real DNS);
3. refuses the URL when ANY resolved address is loopback, private, link-local
   (metadata lives there), multicast, reserved or otherwise not globally routable —
   unless the host name, the address or a network containing it is in ``allow_hosts``.

It returns the address to connect to, so the caller can pin the connection to the
address that was checked (no second DNS lookup that a rebinding attacker could answer
differently). Refusals raise :class:`~scout.errors.Blocked`; the providers layer
journals them like any other ProviderError.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import httpx

from scout.i18n import N_
from scout.errors import Blocked, Unavailable
from scout.adapters.contract.http import redact_url
# names that reach a cloud metadata service, and its well-known addresses (named in
# refusals so the reason is obvious); the config's check of a base_url reads them too
from scout.config.baseurl import METADATA_ADDRESSES, METADATA_NAMES

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

#: host name -> the addresses it resolves to (strings, IPv4 or IPv6)
Resolver = Callable[[str], list[str]]



def system_resolver(host: str) -> list[str]:
    """Every address the system resolver gives for ``host`` (TCP), in its order."""
    infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    seen: list[str] = []
    for info in infos:
        addr = str(info[4][0]).split("%", 1)[0]  # drop an IPv6 zone id
        if addr not in seen:
            seen.append(addr)
    return seen


_V4_COMPAT = ipaddress.ip_network("::/96")
_NAT64_WKP = ipaddress.ip_network("64:ff9b::/96")
_NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")
_SIXTOFOUR = ipaddress.ip_network("2002::/16")
_TEREDO = ipaddress.ip_network("2001::/32")


def _v4(n: int) -> ipaddress.IPv4Address:
    return ipaddress.IPv4Address(n & 0xFFFFFFFF)


def embedded_ipv4(ip: IPAddress) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries, which a translator or tunnel would
    connect to: IPv4-mapped ``::ffff:a.b.c.d``, IPv4-compatible ``::a.b.c.d``, NAT64
    (``64:ff9b::/96``, and ``64:ff9b:1::/48`` read at each RFC 6052 prefix length
    that fits in it),
    6to4 ``2002::/16`` and Teredo ``2001::/32`` (its server and its de-obfuscated
    client)."""
    if not isinstance(ip, ipaddress.IPv6Address):
        return []
    n = int(ip)
    out: list[ipaddress.IPv4Address] = []
    if ip.ipv4_mapped is not None:
        out.append(ip.ipv4_mapped)
    if ip in _V4_COMPAT and n > 1:
        out.append(_v4(n))
    if ip in _NAT64_WKP:
        out.append(_v4(n))
    if ip in _NAT64_LOCAL:
        # RFC 6052 §2.2: the address follows the prefix, skipping bits 64-71 (the u octet)
        b = n.to_bytes(16, "big")
        for plen in (48, 56, 64, 96):  # the prefixes that fit inside the /48
            start = plen // 8
            octets = [b[i] for i in range(start, 16) if i != 8][:4]
            out.append(ipaddress.IPv4Address(bytes(octets)))
    if ip in _SIXTOFOUR and ip.sixtofour is not None:
        out.append(ip.sixtofour)
    if ip in _TEREDO and ip.teredo is not None:
        out.extend(ip.teredo)
    return list(dict.fromkeys(out))


def classify(ip: IPAddress) -> str | None:
    """Why ``ip`` must not be fetched from, or None when it is a public address.

    An IPv6 address that embeds an IPv4 one is judged by the embedded address too: a
    NAT64 gateway or a 6to4/Teredo relay would connect to it."""
    for v4 in embedded_ipv4(ip):
        why = classify(v4)
        if why is not None:
            return f"{why} ({v4}, embedded in the IPv6 address)"
    if ip in METADATA_ADDRESSES:
        return "a cloud metadata address"
    if ip.is_loopback:
        return "a loopback address"
    if ip.is_link_local:
        return "a link-local address"
    if ip.is_unspecified:
        return "the unspecified address"
    if ip.is_multicast:
        return "a multicast address"
    if ip.is_private:
        return "a private address"
    if ip.is_reserved or not ip.is_global:
        # e.g. 100.64.0.0/10 (carrier-grade NAT), documentation ranges
        return "a non-public address"
    return None


@dataclass(frozen=True)
class Allowed:
    """The parsed allowlist: host names, single addresses and networks."""

    names: frozenset[str]
    networks: tuple[IPNetwork, ...]

    @classmethod
    def parse(cls, entries: Iterable[str]) -> "Allowed":
        names: set[str] = set()
        networks: list[IPNetwork] = []
        for raw in entries:
            entry = raw.strip().lower().strip("[]")
            if not entry:
                continue
            try:
                networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                names.add(entry.rstrip("."))
        return cls(frozenset(names), tuple(networks))

    def name(self, host: str) -> bool:
        return host in self.names

    def address(self, ip: IPAddress) -> bool:
        candidates: list[IPAddress] = [ip]
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            candidates.append(ip.ipv4_mapped)
        return any(c in net for c in candidates for net in self.networks
                   if c.version == net.version)


class _Unresolved(Exception):
    """Raised by the offline resolver: the name is not looked up."""


def _no_lookup(host: str) -> list[str]:
    raise _Unresolved(host)


class SsrfGuard:
    """Checks one URL at a time; see the module docstring."""

    def __init__(
        self,
        allow_hosts: Iterable[str] = (),
        *,
        resolver: Resolver | None = None,
        adapter: str = "page",
    ) -> None:
        self.allowed_entries = tuple(allow_hosts)
        self.allowed = Allowed.parse(self.allowed_entries)
        self.resolver = resolver or system_resolver
        self.adapter = adapter

    def _refuse(self, url: httpx.URL, why: str, *, via: httpx.URL | None = None,
                allowable: bool = True) -> Blocked:
        hop = f" (redirected from {redact_url(via)})" if via is not None else ""
        hint = N_("if this host is meant to be reachable, add it to adapters.{adapter}"
                  ".allow_hosts in config/adapters.yaml").format(adapter=self.adapter) \
            if allowable else None
        return Blocked(f"{self.adapter}: refused to fetch {redact_url(url)}{hop}: {why}",
                       adapter=self.adapter, hint=hint)

    def check(self, url: httpx.URL, *, via: httpx.URL | None = None) -> str | None:
        """Raise Blocked for a forbidden URL; return the address to connect to.

        Returns None when the host is allowlisted by name (no resolution is done: the
        operator vouched for the name) or when the host is an address literal (nothing
        to pin). ``via`` is the URL that redirected here, named in a refusal.
        """
        if url.scheme not in ("http", "https"):
            raise self._refuse(url, f"scheme '{url.scheme}' is not http or https", via=via,
                               allowable=False)
        host = url.raw_host.decode("ascii").lower().rstrip(".")  # IDNA-encoded
        if not host:
            raise self._refuse(url, "the URL has no host", via=via, allowable=False)
        if self.allowed.name(host):
            return None
        try:
            literal: IPAddress | None = ipaddress.ip_address(host)
        except ValueError:
            literal = None
        if literal is not None:
            self._check_address(url, host, literal, via)
            return None
        if host in METADATA_NAMES:
            raise self._refuse(url, f"'{host}' names a cloud metadata service", via=via)
        try:
            addresses = self.resolver(host)
        except _Unresolved:
            raise
        except (OSError, UnicodeError) as exc:
            raise Unavailable(N_("{adapter}: cannot resolve host '{host}'").format(
                adapter=self.adapter, host=host),
                              adapter=self.adapter) from exc
        if not addresses:
            raise Unavailable(f"{self.adapter}: host '{host}' resolves to no address",
                              adapter=self.adapter)
        parsed: list[IPAddress] = []
        for addr in addresses:
            try:
                parsed.append(ipaddress.ip_address(addr))
            except ValueError as exc:
                raise self._refuse(url, f"the resolver returned '{addr}', not an address",
                                   via=via, allowable=False) from exc
        # every address is checked: a name with one public and one private address
        # could otherwise be steered to the private one by the connection attempt order
        for ip in parsed:
            self._check_address(url, host, ip, via)
        return str(parsed[0])

    def check_offline(self, url: httpx.URL, *, via: httpx.URL | None = None) -> str | None:
        """The checks that need no DNS (scheme, host, address literals, metadata names):
        for replays, where nothing reaches the network and a lookup would be a leak.
        Stands in for :meth:`check`; always None: no address is resolved to pin."""
        offline = SsrfGuard(self.allowed_entries, resolver=_no_lookup, adapter=self.adapter)
        try:
            offline.check(url, via=via)
        except _Unresolved:
            return None
        return None

    def _check_address(self, url: httpx.URL, host: str, ip: IPAddress,
                       via: httpx.URL | None) -> None:
        if self.allowed.address(ip):
            return
        why = classify(ip)
        if why is None:
            return
        if host == str(ip):
            raise self._refuse(url, f"{ip} is {why}", via=via)
        raise self._refuse(url, f"'{host}' resolves to {ip}, which is {why}", via=via)
