"""Caches never lie (issue 13 §7).

- ``--replay`` never reads or writes the shared ``runtime/cache.sqlite3``: a live run after
  a replay asks the (local fake) providers, not the cassette's fictional answers;
- the cache key holds the adapter's effective base URL and every answer-shaping setting:
  answers from one server are not served for another;
- the cache is consulted per link, in that link's turn: after a keyless run, a key set
  for a higher link makes that link answer, not the lower link's cached answer.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from scout.config.adaptertypes import settings_for
from scout.providers.cache import cache_key
from scout.adapters.contract import SearchRequest
from tests.e2e.harness import run_cli
from tests.e2e.world import F1_QUERY, QUERY, ROOT, World

PIPELINE = str(ROOT / "pipelines" / "hotel_research.yaml")
DEMO = ROOT / "examples" / "hotel-barcelona" / "cassette"


def apply(mission: str, *extra: str) -> int:
    return run_cli(["apply", PIPELINE, "--query", QUERY, "--mission-id", mission,
                    "--progress", "none", *extra])


def cache_rows(root: Path) -> int:
    path = root / "runtime" / "cache.sqlite3"
    if not path.exists():
        return 0
    with sqlite3.connect(path) as db:
        return db.execute("SELECT COUNT(*) FROM replies").fetchone()[0]


def f1_hits(world: World, adapter: str) -> int:
    return sum(1 for q in world.providers.queries(adapter) if q == F1_QUERY)


def test_replay_never_writes_the_shared_cache(world: World,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    live_env = world.env()
    for var in live_env:  # the demo was recorded keyless against the real hosts
        if var != "SCOUTE_RESEARCH_ROOT":
            monkeypatch.delenv(var, raising=False)
    assert apply("demo", "--replay", str(DEMO)) == 0
    for var, value in live_env.items():
        monkeypatch.setenv(var, value)
    assert cache_rows(world.root) == 0
    assert not world.providers.calls  # the replay reached no provider
    assert apply("live") == 0  # same query, live: the fake providers must be asked
    assert f1_hits(world, "tavily") == 1
    assert cache_rows(world.root) > 0
    report = (world.run_dir("live") / "report.md").read_text()
    demo = (world.run_dir("demo") / "report.md").read_text()
    assert report != demo


def test_a_higher_link_configured_later_is_asked(world: World,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    key = world.providers.keys["tavily"]
    monkeypatch.delenv("TAVILY_API_KEY")
    assert apply("keyless") == 0
    assert f1_hits(world, "tavily") == 0 and f1_hits(world, "duckduckgo") == 1
    monkeypatch.setenv("TAVILY_API_KEY", key)
    assert apply("keyed") == 0
    assert f1_hits(world, "tavily") == 1  # asked in its turn, before duckduckgo's cache
    assert f1_hits(world, "duckduckgo") == 1


def test_the_lower_links_cache_still_answers_when_the_higher_link_fails(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    key = world.providers.keys["tavily"]
    monkeypatch.delenv("TAVILY_API_KEY")
    assert apply("keyless") == 0
    monkeypatch.setenv("TAVILY_API_KEY", "tvly-wrong-key-000000000000")  # tavily: 401
    assert apply("wrong-key") == 0
    assert f1_hits(world, "duckduckgo") == 1  # answered from its cache, in its turn
    assert key  # the right key was never needed


def test_the_key_holds_the_effective_base_url_and_answer_settings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    req = SearchRequest(query="hotels in Rome", limit=5)
    base = settings_for("duckduckgo", {"type": "duckduckgo"})
    monkeypatch.delenv("SCOUTE_DUCKDUCKGO_BASE_URL", raising=False)
    real = cache_key("duckduckgo", base, req)
    monkeypatch.setenv("SCOUTE_DUCKDUCKGO_BASE_URL", "http://127.0.0.1:9999")
    assert cache_key("duckduckgo", base, req) != real  # a test server's answers stay its own
    monkeypatch.delenv("SCOUTE_DUCKDUCKGO_BASE_URL")
    other_url = settings_for("duckduckgo", {"type": "duckduckgo", "base_url": "http://x"})
    agent = settings_for("duckduckgo", {"type": "duckduckgo", "user_agent": "other/1"})
    region = settings_for("duckduckgo", {"type": "duckduckgo", "region": "es-es"})
    slower = settings_for("duckduckgo", {"type": "duckduckgo", "timeout": "60s",
                                         "cache_ttl": "1h"})
    for changed in (other_url, agent, region):
        assert cache_key("duckduckgo", changed, req) != real
    assert cache_key("duckduckgo", slower, req) == real  # how it is called, not what
