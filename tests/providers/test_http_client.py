"""make_client shares one verifying TLS context instead of loading the CA bundle per client."""

from __future__ import annotations

import ssl
import time

import certifi
import httpx
import pytest

from scout.config.settings import AdapterSettings
from scout.providers import http


def _ctx(client: httpx.Client) -> ssl.SSLContext:
    return client._transport._pool._ssl_context  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)
    monkeypatch.setattr(http, "_SSL_CONTEXTS", {})


def test_clients_share_one_verifying_context() -> None:
    a = http.make_client(AdapterSettings(type="tavily"))
    b = http.make_client(AdapterSettings(type="page"), follow_redirects=False)
    try:
        assert _ctx(a) is _ctx(b)
        assert _ctx(a).verify_mode == ssl.CERT_REQUIRED and _ctx(a).check_hostname
        assert _ctx(a).cert_store_stats()["x509_ca"] > 0  # the CA bundle is loaded
    finally:
        a.close()
        b.close()


def test_a_changed_ca_variable_gets_its_own_context(monkeypatch: pytest.MonkeyPatch) -> None:
    default = http.ssl_context()
    monkeypatch.setenv("SSL_CERT_FILE", certifi.where())
    own = http.ssl_context()
    assert own is not default
    assert http.ssl_context() is own
    monkeypatch.delenv("SSL_CERT_FILE")
    assert http.ssl_context() is default


def test_building_clients_costs_less_than_one_context_each() -> None:
    """The point of sharing: ten clients cost less CPU than ten CA-bundle loads (measured
    side by side in this process, so machine load affects both sides alike)."""
    http.ssl_context()
    t0 = time.process_time()
    clients = [http.make_client(AdapterSettings(type="tavily")) for _ in range(10)]
    shared = time.process_time() - t0
    t0 = time.process_time()
    for _ in range(10):
        httpx.create_ssl_context()
    loads = time.process_time() - t0
    for c in clients:
        c.close()
    assert shared < loads
