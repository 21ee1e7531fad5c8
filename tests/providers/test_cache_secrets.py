"""The answer cache's key and the secrets that shape answers (scout/providers/cache.py):
a gateway's ``{env: …}`` header (a tenant's ``X-Org``) and a base URL's credentials are
in the key as a keyed digest, so two tenants never share answers, and no such value is
in the cache file, whole or in part."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout.adapters.contract import Reply, SynthesisRequest
from scout.config.settings import OpenAISettings
from scout.providers.cache import ReplyCache, cache_key
from tests.integration.helpers import find_leaks
from tests.providers.fakes import sources

ORG_A = "orgA-SENTINEL-7Hq2LmX9cR4v"
ORG_B = "orgB-SENTINEL-0pZk3Wn8sT1y"
QUERY_KEY = "qk-SENTINEL-5e1d9c7b3a"
GATEWAY = OpenAISettings(type="openai", base_url="https://gw.example/v1",
                         headers={"X-Org": {"env": "ORG_HEADER"}, "X-Title": "lab"})


def request() -> SynthesisRequest:
    return SynthesisRequest(question="the best hotel in Rome")


def test_two_tenants_of_one_gateway_never_share_answers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = ReplyCache(tmp_path)
    monkeypatch.setenv("ORG_HEADER", ORG_A)
    tenant_a = cache_key("gw", GATEWAY, request(), cache.digest)
    cache.put(tenant_a, "gw", Reply(sources(1)))
    monkeypatch.setenv("ORG_HEADER", ORG_B)
    tenant_b = cache_key("gw", GATEWAY, request(), cache.digest)
    assert tenant_b != tenant_a and cache.get(tenant_b, 3600) is None
    # the same tenant finds its answer again, in another process's cache object too
    monkeypatch.setenv("ORG_HEADER", ORG_A)
    cache.close()
    again = ReplyCache(tmp_path)
    assert cache_key("gw", GATEWAY, request(), again.digest) == tenant_a
    assert again.get(tenant_a, 3600) is not None
    again.close()


def test_no_secret_that_shapes_the_key_is_in_the_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORG_HEADER", ORG_A)
    monkeypatch.setenv("SCOUTE_GW_BASE_URL", f"https://lab:{ORG_B}@gw.example/v1"
                                             f"?api-key={QUERY_KEY}")
    cache = ReplyCache(tmp_path)
    key = cache_key("gw", GATEWAY, request(), cache.digest)
    cache.put(key, "gw", Reply(sources(2)), {"line": {"adapter": "gw"}})
    # written in the file instead (a CFG007 warning): in the key by digest alone too
    monkeypatch.delenv("SCOUTE_GW_BASE_URL")
    written = GATEWAY.model_copy(update={"base_url": f"https://gw.example/v1?key={QUERY_KEY}"})
    cache.put(cache_key("gw", written, request(), cache.digest), "gw", Reply(sources(1)))
    cache.close()
    parts = [v for s in (ORG_A, ORG_B, QUERY_KEY) for v in (s, s[:10], s[-10:], s.upper())]
    assert find_leaks(parts, [tmp_path]) == {}
    # another key in the URL is another key of the cache (it may route elsewhere)
    monkeypatch.setenv("SCOUTE_GW_BASE_URL", f"https://lab:{ORG_B}@gw.example/v1"
                                             f"?api-key=another-one")
    assert cache_key("gw", GATEWAY, request(), ReplyCache(tmp_path).digest) != key


@pytest.mark.parametrize("stored", ["not hex", "ab", 7, None])
def test_a_digest_key_scout_did_not_write_is_replaced(tmp_path: Path, stored: object) -> None:
    """The cache file is read back untrusted: a damaged digest key raised ValueError (or
    TypeError) on every call; it is replaced, and the new one is kept."""
    import sqlite3

    ReplyCache(tmp_path).digest([["a", "b"]])  # writes the table and a key
    with sqlite3.connect(tmp_path / "cache.sqlite3") as db:
        db.execute("UPDATE meta SET value = ? WHERE name = 'digest_key'", (stored,))
    first = ReplyCache(tmp_path).digest([["a", "b"]])
    assert first == ReplyCache(tmp_path).digest([["a", "b"]])
