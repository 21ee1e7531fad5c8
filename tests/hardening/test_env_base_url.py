"""An address variable (``SCOUTE_<NAME>_BASE_URL``, a self-hosted adapter's ``url_env``)
is checked as a config file's ``base_url`` is (SPEC012): a CI job's, a container's or a
project's ``.env`` value of ``file://…`` or a cloud metadata address is named at
preflight (CFG010; a ``name?`` link is skipped, visibly), and refused at the adapter's
first use (CFG018) before anything, the key included, is sent; a local server stays a
provider. The value itself, which may hold a key, is never quoted."""

from __future__ import annotations

import pytest

from scout.adapters.contract import SearchRequest, Secret
from scout.config.adaptertypes import ADAPTER_TYPES, settings_for
from scout.errors import ConfigError
from scout.providers.preflight import check_adapter

KEY = "tvly-s3cr3t-value-0042"

HOSTILE = [
    "file:///etc/passwd",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/",
    "http://metadata.google.internal/computeMetadata/v1",
    "https://[::ffff:169.254.169.254]/v1",
    "http://169.254.1.7:8080/",
    "gopher://api.example.com/",
    "api.example.com/v1",
    "https://",
]


def _no_pools() -> dict:
    return {}


@pytest.mark.parametrize("url", HOSTILE)
def test_a_hostile_base_url_variable_is_named_at_preflight(url: str) -> None:
    settings = settings_for("tavily", {"type": "tavily",
                                       "credentials": {"env": "TAVILY_API_KEY"}})
    env = {"TAVILY_API_KEY": KEY, "SCOUTE_WEB1_BASE_URL": f"{url}?key={KEY}"}
    av = check_adapter(settings, env, _no_pools, "web1")
    assert not av.ok and av.reason and av.reason.startswith("SCOUTE_WEB1_BASE_URL ")
    assert KEY not in av.reason and "passwd" not in av.reason and av.hint


@pytest.mark.parametrize("url", ["http://127.0.0.1:11434/v1", "https://api.example.com/v1",
                                 "http://192.168.1.20:8888", "http://[::1]:8080/"])
def test_a_local_or_public_server_stays_a_provider(url: str) -> None:
    settings = settings_for("openai", {"type": "openai",
                                       "credentials": {"env": "OPENAI_API_KEY"}})
    av = check_adapter(settings, {"SCOUTE_LLM_BASE_URL": url}, _no_pools, "llm")
    assert av.ok, av.reason


def test_a_self_hosted_adapters_url_variable_is_checked_too() -> None:
    settings = settings_for("searxng", {"type": "searxng"})
    av = check_adapter(settings, {"SEARXNG_URL": "http://169.254.169.254/"}, _no_pools,
                       "searxng")
    assert not av.ok and "SEARXNG_URL" in (av.reason or "")
    # a base_url in the config wins over the variable, which is then never read
    configured = settings_for("searxng", {"type": "searxng",
                                          "base_url": "http://127.0.0.1:8888"})
    assert check_adapter(configured, {"SEARXNG_URL": "file:///x"}, _no_pools, "searxng").ok


@pytest.mark.parametrize("url", HOSTILE[:4])
def test_an_adapter_refuses_the_variable_before_anything_is_sent(
        url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # a call made without preflight (a plug-in's harness, a test) is refused too
    import httpx

    sent: list[httpx.Request] = []
    transport = httpx.MockTransport(lambda r: sent.append(r) or httpx.Response(200, json={}))
    monkeypatch.setenv("SCOUTE_TAVILY_BASE_URL", url)
    settings = settings_for("tavily", {"type": "tavily"})
    with httpx.Client(transport=transport) as client:
        adapter = ADAPTER_TYPES["tavily"].load()("tavily", settings, client)
        with pytest.raises(ConfigError) as err:
            adapter.call(SearchRequest(query="hotels", limit=3), Secret("TAVILY_API_KEY", KEY))
    assert err.value.code == "CFG018" and "SCOUTE_TAVILY_BASE_URL" in err.value.message
    assert KEY not in str(err.value) and err.value.hint
    assert sent == []
