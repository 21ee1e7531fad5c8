"""Error answers recorded by other people from Tavily, Brave and Google (provenance in
tests/fixtures/providers/SOURCES.md), through the real adapters: each must end as the
ProviderError whose kind makes the right failover decision — a spent plan or a project
without access moves on (AuthError), a per-second window waits (RateLimited, with the wait
Brave's headers give) — and say the provider's own words without a key. Where a variant
was only quoted in words, never recorded whole, the test writes those words into a real
capture's shape and says so."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from scout.adapters.contract import SearchRequest
from scout.errors import AuthError, ProviderError, RateLimited
from tests.adapters.helpers import fixture_json, fixture_text, make_adapter
from tests.adapters.test_search_captures import KEYS


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("SCOUTE_GOOGLE_BASE_URL", "SCOUTE_TAVILY_BASE_URL", "SCOUTE_BRAVE_BASE_URL"):
        monkeypatch.delenv(var, raising=False)


def fail(type_name: str, body: bytes, status: int,
         headers: dict[str, str] | None = None) -> ProviderError:
    """The error ``type_name``'s adapter raises for an answer ``status`` with ``body``."""
    sent = {"content-type": "application/json", **(headers or {})}
    transport = httpx.MockTransport(lambda r: httpx.Response(status, content=body,
                                                             headers=sent))
    adapter = make_adapter(type_name, transport)
    adapter.env = {"GOOGLE_CSE_ID": "cx-test"}
    with pytest.raises(ProviderError) as err:
        adapter.call(SearchRequest(query="q"), KEYS[type_name])
    key = KEYS[type_name].reveal()
    assert key not in str(err.value) and key not in (err.value.hint or "")
    return err.value


def raw(relpath: str) -> bytes:
    return fixture_text(relpath).encode()


# --- Tavily -----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "status", "kind", "said"), [
    ("error-401-unauthorized.json", 401, AuthError,
     "Unauthorized: missing or invalid API key."),
    ("error-432-plan-usage-limit.json", 432, AuthError,
     "This request exceeds your plan's set usage limit. Please upgrade your plan"),
    ("error-429-blocked-excessive-requests.json", 429, RateLimited,
     "Your request has been blocked due to excessive requests"),
])
def test_tavily_real_error_bodies(name: str, status: int, kind: type, said: str) -> None:
    error = fail("tavily", raw(f"tavily/{name}"), status)
    assert type(error) is kind and error.status == status
    assert said in error.message


def test_tavily_433_pay_as_you_go_cap_moves_to_the_next_key() -> None:
    # no 433 body was recorded whole; its words are quoted from a live call (SOURCES.md),
    # written here into the recorded 432's {"detail": {"error": …}} shape
    body = fixture_json("tavily/error-432-plan-usage-limit.json")
    body["detail"]["error"] = ("This request exceeds the pay-as-you-go limit. You can "
                               "increase your limit on the Tavily dashboard.")
    error = fail("tavily", json.dumps(body).encode(), 433)
    assert isinstance(error, AuthError) and "pay-as-you-go limit exceeded" in error.message
    assert "This request exceeds the pay-as-you-go limit." in error.message


# --- Brave ------------------------------------------------------------------------------

FREE_429 = "brave/error-429-rate-limited-free-plan.json"
SEARCH_429 = "brave/error-429-rate-limited-search-plan-no-monthly-quota.json"
#: the rate-limit headers of the same capture session (SOURCES.md): per-second, monthly
RESET = {"x-ratelimit-limit": "50, 0", "x-ratelimit-remaining": "0, 0",
         "x-ratelimit-reset": "1, 2558678"}


def test_brave_free_plan_per_second_429_waits_for_the_window() -> None:
    error = fail("brave", raw(FREE_429), 429, RESET)
    assert isinstance(error, RateLimited)
    assert error.retry_after == 1.0  # the per-second window, not the month's 2558678 s
    assert "RATE_LIMITED: Request rate limit exceeded for plan" in error.message
    assert "(plan Free, rate limit 1/s, quota 210/2000)" in error.message
    assert "32433a2a" not in error.message  # Brave's request id is not for the reader


def test_brave_429_without_reset_headers_has_no_invented_wait() -> None:
    error = fail("brave", raw(FREE_429), 429)
    assert isinstance(error, RateLimited) and error.retry_after is None


def test_brave_plan_without_monthly_quota_is_not_reported_as_over_it() -> None:
    # the paid Search plan says quota_limit 0 for "no monthly quota"
    error = fail("brave", raw(SEARCH_429), 429, RESET)
    assert isinstance(error, RateLimited) and error.retry_after == 1.0
    assert "(plan Search, rate limit 50/s)" in error.message
    assert "14/0" not in error.message


def test_brave_rate_limited_with_the_monthly_quota_used_up_moves_on() -> None:
    # the real Free-plan body with quota_current raised to its quota_limit: no wait of a
    # second helps, the key is spent until the month turns
    body: dict[str, Any] = fixture_json(FREE_429)
    body["error"]["meta"]["quota_current"] = body["error"]["meta"]["quota_limit"]
    error = fail("brave", json.dumps(body).encode(), 429, RESET)
    assert isinstance(error, AuthError) and "plan quota exhausted" in error.message
    assert "quota 2000/2000" in error.message


# --- Google -----------------------------------------------------------------------------

NO_ACCESS = "google_cse/error-403-no-access-to-custom-search-json-api.json"


def test_google_project_refused_the_api_says_so_instead_of_blaming_the_key() -> None:
    error = fail("google", raw(NO_ACCESS), 403)
    assert isinstance(error, AuthError)
    assert ("PERMISSION_DENIED: This project does not have the access to Custom Search "
            "JSON API.") in error.message
    assert "project has no access" in error.message
    assert error.hint and "new projects" in error.hint and "another adapter" in error.hint


def test_google_key_restricted_to_other_apis_says_which_setting() -> None:
    # Google's words for a key whose API restrictions leave Custom Search out, as users
    # logged them ("HTTP 403: Requests to this API customsearch method …", SOURCES.md),
    # written into the recorded 403's message; no whole body was recorded
    body = fixture_json(NO_ACCESS)
    body["error"]["message"] = ("Requests to this API customsearch method "
                                "google.customsearch.v1.CustomSearchService.List are blocked.")
    error = fail("google", json.dumps(body).encode(), 403)
    assert isinstance(error, AuthError) and "restrictions block this API" in error.message
    assert error.hint and "API restrictions" in error.hint


def test_google_api_not_enabled_in_the_project_says_to_enable_it() -> None:
    # Google's words for an API never switched on, as logged by a user (SOURCES.md),
    # written into the recorded 403's message
    body = fixture_json(NO_ACCESS)
    body["error"]["message"] = ("Custom Search API has not been used in project 250729890728 "
                                "before or it is disabled.")
    error = fail("google", json.dumps(body).encode(), 403)
    assert isinstance(error, AuthError) and "API not enabled" in error.message
    assert error.hint and error.hint.startswith("enable the Custom Search API")
