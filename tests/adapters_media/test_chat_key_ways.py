"""A refused or missing key is said as it travelled (scout/adapters/chat_config.py): in a
header (Bearer, ``key_header``), only in the base URL (``?api-key=``, a ``user:pass@``
login), or not at all; a secret header of the config's own (a gateway's token) is no key.

The real adapter against a fake OpenAI-compatible server on 127.0.0.1; every value here
is made up and must not appear in what the error says."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scout.adapters.contract import Secret
from scout.adapters.openai import OpenAIAdapter
from scout.config.settings import OpenAISettings
from scout.errors import AuthError
from scout.i18n.messages import localize
from tests.fakes.openai import openai_route
from tests.fakes.server import FakeServer, Reply, Req
from tests.integration.test_openai_chain import request

QUERY_KEY = "qk-SENTINEL-7a1c9e0b2d4f"
PASSWORD = "pw-SENTINEL-3e5d7c9a"
TOKEN = "gwtok-SENTINEL-0b9c8d7e6f"
NONE_SENT = "the server asks for a key and none was sent"
IN_URL = "the server refused the key in the base URL"


@pytest.fixture
def srv(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServer]:
    monkeypatch.delenv("SCOUTE_GW_BASE_URL", raising=False)
    with FakeServer() as server:
        yield server


def refused(base_url: str, credential: Secret | None = None, **settings: object) -> AuthError:
    adapter = OpenAIAdapter("gw", OpenAISettings(type="openai", base_url=base_url,
                                                 **settings))  # type: ignore[arg-type]
    with pytest.raises(AuthError) as info:
        adapter.call(request(), credential)
    return info.value


@pytest.mark.parametrize("way", ["query", "login"])
def test_a_401_to_a_key_in_the_base_url_says_that_key_was_refused(
        srv: FakeServer, way: str) -> None:
    openai_route(srv, keys={"the-right-one": "K"}, key_header="api-key")  # reads a header
    host = srv.url.split("://", 1)[1]
    url = f"{srv.url}/v1?api-key={QUERY_KEY}" if way == "query" \
        else f"http://lab:{PASSWORD}@{host}/v1"
    err = refused(url)
    assert IN_URL in err.message and NONE_SENT not in err.message
    assert "SCOUTE_GW_BASE_URL" in (err.hint or "") and "base_url" in (err.hint or "")
    assert QUERY_KEY not in err.message + (err.hint or "")
    assert PASSWORD not in err.message + (err.hint or "")
    spanish = localize(err.message, "es") + localize(err.hint or "", "es")
    assert "rechazó la clave de la base URL" in spanish and "SCOUTE_GW_BASE_URL" in spanish


def test_no_key_anywhere_still_says_none_was_sent(srv: FakeServer) -> None:
    openai_route(srv, keys={"the-right-one": "K"})
    err = refused(f"{srv.url}/v1?api-version=2024-10-21")  # a query that is no key
    assert NONE_SENT in err.message and "credentials" in (err.hint or "")


def test_a_key_sent_in_key_header_and_refused_is_not_called_missing(srv: FakeServer) -> None:
    openai_route(srv, keys={"the-right-one": "K"}, key_header="api-key")
    err = refused(f"{srv.url}/v1?api-key={QUERY_KEY}", Secret("K", "a-wrong-one"),
                  key_header="api-key", credentials={"env": "K"})
    assert NONE_SENT not in err.message and IN_URL not in err.message
    assert localize(err.hint or "", "es") != err.hint  # the 401's hint, in Spanish too


@pytest.mark.parametrize("where", ["status", "body of a 200"])
def test_a_secret_header_without_a_key_is_no_key(
        srv: FakeServer, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    """A gateway token sent in the config's own header, no key configured: the server's
    401 (over HTTP, or inside a 200 as OpenRouter sends it) says no key was sent."""
    said = {"error": {"code": 401, "message": "No auth credentials found"}}

    def answer(req: Req) -> Reply:
        assert {k.lower(): v for k, v in req.headers.items()}["x-gateway-token"] == TOKEN
        return Reply(401 if where == "status" else 200, said)

    srv.route("POST", "/v1/chat/completions", answer)
    monkeypatch.setenv("GATEWAY_TOKEN", TOKEN)
    err = refused(f"{srv.url}/v1", headers={"X-Gateway-Token": {"env": "GATEWAY_TOKEN"}})
    assert NONE_SENT in err.message and TOKEN not in err.message
