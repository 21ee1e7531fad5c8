"""One contract, five adapters: each driven through httpx.MockTransport.

Every search adapter returns typed, normalised Sources; honours ``limit``; maps 401,
429, 500 and an unreadable body to AuthError, RateLimited, Unavailable and ParseError;
and never lets a credential into a Source, an error, a log line or a URL that could be
logged (a keyless adapter never sends one at all).
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import traceback
from dataclasses import dataclass

import httpx
import pytest

from scout.config.adaptertypes import ADAPTER_TYPES
from scout.errors import AuthError, ParseError, ProviderError, RateLimited, Unavailable
from scout.adapters.contract import Reply, SearchAdapter, SearchRequest, Secret, \
    VideoSearchRequest
from scout.adapters.contract.http import redact_url
from scout.schemas.sources import Source
from tests.adapters.helpers import make_adapter
from tests.fakes.providers import FakeProviders

SECRET = "sk-CONTRACT-secret-value-0042"


@dataclass(frozen=True)
class Case:
    type_name: str
    keyed: bool
    garbage: str  # a 200 body the adapter cannot read
    content_type: str


CASES = [
    Case("duckduckgo", False, "<html><body><p>Something else entirely</p></body></html>",
         "text/html"),
    Case("brave", True, "{not json at all", "application/json"),
    Case("tavily", True, "<html>502 Bad Gateway</html>", "text/html"),
    Case("google", True, '["a", "list"]', "application/json"),
    Case("searxng", False, "", "application/json"),
]
ROWS = [(f"Result {i} – a page", f"https://site{i}.example/page/?utm_source=x&id={i}",
         f"Snippet number {i} about the query.") for i in range(1, 13)]


@pytest.fixture(params=CASES, ids=lambda c: c.type_name)
def case(request, monkeypatch) -> Case:
    for name in ADAPTER_TYPES:
        monkeypatch.delenv(f"SCOUTE_{name.upper()}_BASE_URL", raising=False)
    monkeypatch.setenv("GOOGLE_CSE_ID", "contract-cx")
    monkeypatch.delenv("SEARXNG_URL", raising=False)
    return request.param


def credential(case: Case) -> Secret:
    # keyless adapters get one too: they must not send it anywhere
    return Secret(f"{case.type_name.upper()}_API_KEY", SECRET)


def adapter_for(case: Case, transport: httpx.BaseTransport) -> SearchAdapter:
    return make_adapter(case.type_name, transport, base_url="http://provider.test")


def faked(case: Case) -> tuple[FakeProviders, list[httpx.Request]]:
    """Fake providers that accept SECRET as every key, plus a log of what was sent."""
    fake = FakeProviders(keys={"tavily": SECRET, "brave": SECRET, "google": SECRET},
                         cx="contract-cx")
    fake.set_results("hotels in Lisbon", ROWS)
    return fake, []


def recording(transport: httpx.MockTransport, sent: list[httpx.Request]) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return transport.handle_request(request)
    return httpx.MockTransport(handler)


def status_transport(status: int, sent: list[httpx.Request] | None = None,
                     body: str = '{"error": "x"}', content_type: str = "application/json",
                     headers: dict | None = None) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        if sent is not None:
            sent.append(request)
        return httpx.Response(status, text=body,
                              headers={"Content-Type": content_type, **(headers or {})})
    return httpx.MockTransport(handler)


def test_adapter_type_registry_points_at_the_class(case: Case) -> None:
    cls = ADAPTER_TYPES[case.type_name].load()
    assert issubclass(cls, SearchAdapter) and cls.type_name == case.type_name
    assert ADAPTER_TYPES[case.type_name].keyed is case.keyed


def test_another_request_kind_is_refused_before_sending(case: Case) -> None:
    # call() takes any Request (the base class's signature); a search adapter names the
    # kind it was handed instead of failing on a missing field, and sends nothing
    sent: list[httpx.Request] = []
    adapter = adapter_for(case, status_transport(200, sent))
    with pytest.raises(TypeError, match="handles SearchRequest, not VideoSearchRequest"):
        adapter.call(VideoSearchRequest(query="hotels in Lisbon"), credential(case))
    assert sent == []


def test_returns_typed_normalised_sources(case: Case) -> None:
    fake, sent = faked(case)
    adapter = adapter_for(case, recording(fake.transport(), sent))
    before = dt.datetime.now(dt.timezone.utc)
    reply = adapter.call(SearchRequest(query="hotels in Lisbon", limit=10), credential(case))
    assert isinstance(reply, Reply) and reply.status == 200
    out = reply.value
    assert isinstance(out, list) and len(out) == 10
    assert all(type(s) is Source for s in out)
    assert [s.rank for s in out] == list(range(1, 11))
    assert [s.title for s in out] == [r[0] for r in ROWS[:10]]
    assert [s.url for s in out] == [f"https://site{i}.example/page?id={i}" for i in range(1, 11)]
    assert all(s.snippet == f"Snippet number {s.rank} about the query." for s in out)
    assert {s.adapter for s in out} == {case.type_name}
    assert all(s.retrieved_at >= before and s.retrieved_at.tzinfo for s in out)
    assert reply.usage.requests == len(sent) >= 1
    json.dumps(reply.meta)  # the response summary is journal-ready


@pytest.mark.parametrize("limit", [1, 3, 7])
def test_limit_is_honoured(case: Case, limit: int) -> None:
    fake, _ = faked(case)
    out = adapter_for(case, fake.transport()).search("hotels in Lisbon", limit=limit,
                                                     credential=credential(case))
    assert len(out) == limit and [s.rank for s in out] == list(range(1, limit + 1))


def test_zero_results_is_an_answer(case: Case) -> None:
    fake, _ = faked(case)
    fake.no_results("qzxv nothing matches")
    out = adapter_for(case, fake.transport()).search("qzxv nothing matches",
                                                     credential=credential(case))
    assert out == []


@pytest.mark.parametrize("status, error", [
    (401, AuthError), (429, RateLimited), (500, Unavailable), (503, Unavailable)])
def test_error_statuses(case: Case, status: int, error: type[ProviderError]) -> None:
    adapter = adapter_for(case, status_transport(status, headers={"Retry-After": "7"}))
    with pytest.raises(error) as info:
        adapter.search("hotels in Lisbon", credential=credential(case))
    err = info.value
    assert err.status == status and err.adapter == case.type_name
    assert f"HTTP {status}" in err.message
    if status == 429:
        assert err.retry_after == 7.0


def test_garbage_body_is_a_parse_error(case: Case) -> None:
    adapter = adapter_for(case, status_transport(200, body=case.garbage,
                                                 content_type=case.content_type))
    with pytest.raises(ParseError) as info:
        adapter.search("hotels in Lisbon", credential=credential(case))
    assert info.value.adapter == case.type_name


def test_connection_failure_is_unavailable(case: Case) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError(f"connection refused: {request.url}", request=request)

    with pytest.raises(Unavailable):
        adapter_for(case, httpx.MockTransport(handler)).search(
            "hotels in Lisbon", credential=credential(case))


def _all_text(exc: BaseException) -> str:
    return "".join(traceback.format_exception(exc)) + repr(exc) + str(getattr(exc, "hint", ""))


def test_no_credential_leaks(case: Case, caplog) -> None:
    fake, sent = faked(case)
    caplog.set_level(logging.DEBUG)
    adapter = adapter_for(case, recording(fake.transport(), sent))
    reply = adapter.call(SearchRequest(query="hotels in Lisbon", limit=5), credential(case))
    assert SECRET not in repr(reply.value) and SECRET not in repr(reply)
    assert all(SECRET not in s.model_dump_json() for s in reply.value)
    assert SECRET not in json.dumps(reply.meta) and SECRET not in repr(adapter)

    # what went on the wire: a keyless adapter sends the secret nowhere; a keyed one
    # only where the provider wants it, and a logged/redacted URL never shows it
    for request in sent:
        wire = str(request.url) + repr(dict(request.headers)) + request.content.decode()
        if not case.keyed:
            assert SECRET not in wire
        assert SECRET not in redact_url(request.url)

    errors: list[ProviderError] = []
    for transport in (status_transport(401), status_transport(429), status_transport(500),
                      status_transport(200, body=case.garbage, content_type=case.content_type),
                      status_transport(403, body=json.dumps({"error": {"message": SECRET}}))):
        with pytest.raises(ProviderError) as info:
            adapter_for(case, transport).search("hotels in Lisbon", credential=credential(case))
        errors.append(info.value)

    def echo(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError(f"failed {request.url} {request.headers}", request=request)

    with pytest.raises(ProviderError) as info:
        adapter_for(case, httpx.MockTransport(echo)).search(
            "hotels in Lisbon", credential=credential(case))
    errors.append(info.value)
    for err in errors:
        assert SECRET not in _all_text(err), type(err).__name__
    assert SECRET not in caplog.text


@pytest.mark.parametrize("url,shown", [
    ("https://admin:hunter2@casa.test/book?id=3", "https://casa.test/book?id=3"),
    ("https://tok3n@casa.test/", "https://casa.test/"),
    ("https://u:p@casa.test/r?key=k1&page=2", "https://casa.test/r?key=REDACTED&page=2"),
    ("https://casa.test/a@b", "https://casa.test/a@b"),
])
def test_a_logged_url_loses_its_login_too(url: str, shown: str) -> None:
    """Journal lines and errors quote a fetched page's URL: a link found with someone's
    user:password@ in it was written whole."""
    assert redact_url(url) == shown
