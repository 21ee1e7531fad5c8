"""The shipped config is polite to keyless engines and matches what the adapters expect."""

from __future__ import annotations

from pathlib import Path

from scout.config.loader import check_config

ROOT = Path(__file__).resolve().parent.parent.parent
SEARCH_TYPES = {"duckduckgo", "brave", "tavily", "google", "searxng"}


def _config():
    config, problems = check_config(ROOT / "config" / "adapters.yaml")
    assert config is not None, [p.message for p in problems]
    return config


def test_keyless_duckduckgo_is_capped_politely() -> None:
    ddg = _config().adapters["duckduckgo"]
    assert ddg.rate is not None
    assert ddg.rate.per_minute <= 20 and ddg.rate.burst <= 3
    assert ddg.breaker_cooldown >= 300  # after a challenge page, stay away for minutes
    assert ddg.cache_ttl >= 3600  # repeated queries are served from cache
    assert ddg.credentials is None


def test_every_search_adapter_has_a_rate_cap_and_the_documented_variables() -> None:
    config = _config()
    search = {n: s for n, s in config.adapters.items() if s.type in SEARCH_TYPES}
    assert set(search) == SEARCH_TYPES
    assert all(s.rate is not None for s in search.values())
    envs = {n: s.credentials.env for n, s in search.items() if s.credentials}
    assert envs == {"tavily": "TAVILY_API_KEY", "google": "GOOGLE_API_KEY",
                    "brave": "BRAVE_API_KEY"}
    assert search["google"].cx_env == "GOOGLE_CSE_ID"
    assert search["searxng"].url_env == "SEARXNG_URL"
    assert search["tavily"].tariff.per_credit > 0
    assert search["google"].tariff.per_request > 0 and search["brave"].tariff.per_request > 0


def test_web_chain_has_keyless_duckduckgo_and_optional_keyed_links() -> None:
    links = {link.adapter: link.when_configured for link in _config().chain("web")}
    assert links.get("duckduckgo") is False  # always there, no key needed
    assert all(optional for name, optional in links.items() if name != "duckduckgo")


def test_docs_cover_every_adapter_and_the_google_closure() -> None:
    doc = (ROOT / "docs" / "adapters.md").read_text()
    for name in SEARCH_TYPES:
        assert f"## {name}" in doc
    for var in ("TAVILY_API_KEY", "GOOGLE_API_KEY", "GOOGLE_CSE_ID", "BRAVE_API_KEY",
                "SEARXNG_URL", "SCOUTE_<ADAPTER>_BASE_URL"):
        assert var in doc
    assert "2027-01-01" in doc and "config edit" in doc
