"""The fake providers themselves: steering per query and per provider, reset."""

from __future__ import annotations

import httpx

from tests.fakes.providers import FakeProviders, fixture_text


def _client(fake: FakeProviders) -> httpx.Client:
    return httpx.Client(transport=fake.transport(), base_url=fake.url)


def test_rows_per_provider_override_rows_for_all() -> None:
    fake = FakeProviders()
    fake.set_results("q", [("All", "https://all.example/", "s")])
    fake.set_results("q", [("Only Brave", "https://brave.example/", "s")], provider="brave")
    with _client(fake) as c:
        brave = c.get("/res/v1/web/search", params={"q": "q"},
                      headers={"X-Subscription-Token": fake.keys["brave"]}).json()
        searx = c.get("/search", params={"q": "q", "format": "json"}).json()
    assert [r["title"] for r in brave["web"]["results"]] == ["Only Brave"]
    assert [r["title"] for r in searx["results"]] == ["All"]
    assert [c.provider for c in fake.calls] == ["brave", "searxng"]


def test_challenge_every_query_and_failures_then_reset() -> None:
    fake = FakeProviders()
    fake.challenge()  # every query
    fake.fail("tavily", 503, times=2)
    with _client(fake) as c:
        page = c.get("/lite/", params={"q": "anything"})
        assert page.status_code == 202 and page.text == fixture_text(
            "duckduckgo/anomaly-lite-challenge.html")
        auth = {"Authorization": f"Bearer {fake.keys['tavily']}"}
        codes = [c.post("/search", json={"query": "x"}, headers=auth).status_code
                 for _ in range(3)]
        assert codes == [503, 503, 200]
        fake.reset()
        assert fake.calls == [] and c.get("/lite/", params={"q": "a"}).status_code == 200


def test_searxng_without_format_json_is_forbidden_like_a_real_instance() -> None:
    with _client(FakeProviders()) as c:
        assert c.get("/search", params={"q": "x"}).status_code == 403


def test_env_points_every_adapter_at_the_fake() -> None:
    env = FakeProviders().env()
    assert {k for k in env if k.endswith("_BASE_URL")} == {
        "SCOUTE_TAVILY_BASE_URL", "SCOUTE_DUCKDUCKGO_BASE_URL", "SCOUTE_GOOGLE_BASE_URL",
        "SCOUTE_BRAVE_BASE_URL", "SCOUTE_SEARXNG_BASE_URL", "SCOUTE_BRAVE_IMAGES_BASE_URL",
        "SCOUTE_GOOGLE_IMAGES_BASE_URL", "SCOUTE_SEARXNG_IMAGES_BASE_URL"}
    assert env["GOOGLE_CSE_ID"] == "fake-cx-0123"
