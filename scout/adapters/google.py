"""Google Programmable Search (Custom Search JSON API): ``GET <base>/customsearch/v1``.

``key`` (the API key, a Secret) and ``cx`` (the engine id, read from the environment
variable named by ``cx_env``, default ``GOOGLE_CSE_ID``) travel in the query string, so
the key is in the request URL. It must never reach a log, the journal, a recording or an
exception message: messages are built without URLs and scrubbed of the key, chained
httpx exceptions that would print the URL are cut off (search_http.fetch), and httpx's
own request log line goes through a redacting filter (search_http.RedactingFilter).

The API returns at most 10 results per request (``num``), so a larger ``limit`` reads
further pages (``start`` = 11, 21, … up to the API's ceiling of 100 results); each page
is one request for cost. No ``items`` key means no results.

Errors are Google's ``{"error": {code, message, status, errors[].reason,
details[].reason}}``: ``API_KEY_INVALID`` (a 400) is an AuthError; a spent per-day quota
(429 ``Queries per day`` / ``DefaultPerDayPerProject``) is an AuthError too — no retry
helps before the quota resets — while a per-user rate limit (403) is RateLimited. A 403
for the key's project is an AuthError whose hint says which: the API not enabled there
(``SERVICE_DISABLED``, "has not been used in project") or the project refused the API
altogether ("does not have the access to Custom Search JSON API", what Google answers
projects it no longer serves; the console still shows the API enabled), or the key's own
restrictions refuse it ("Requests to this API customsearch method … are blocked.": the
key is limited to other APIs, IP addresses or referrers).

Google closes this API to existing customers on 2027-01-01 (FACTS.md). Replacing it is a
config edit: point the chains in config/adapters.yaml at another search adapter.
"""

from __future__ import annotations

from typing import Any, ClassVar

import httpx

from scout.i18n import N_
from scout.adapters.normalize import Hit, as_text
from scout.adapters.search_http import (api_key, error_json, fetch, json_body, json_object,
                                        search_reply, short, split_options)
from scout.config.settings import GoogleSettings
from scout.errors import AuthError, ParseError, ProviderError, RateLimited
from scout.adapters.contract import Reply, Request, SearchAdapter, Secret, Usage
from scout.adapters.contract.http import parse_retry_after
from scout.schemas.sources import Source

DEFAULT_BASE = "https://www.googleapis.com"
PATH = "/customsearch/v1"
PAGE_SIZE = 10
MAX_RESULTS = 100  # the API serves results 1..100 (start <= 91)
#: request options passed through as query parameters
OPTIONS = frozenset({"gl", "hl", "lr", "cr", "safe", "dateRestrict", "siteSearch",
                     "siteSearchFilter", "sort", "exactTerms", "excludeTerms"})
_BAD_KEY = ("API_KEY_INVALID", "keyInvalid", "API key not valid", "API key expired")
_RATE = ("rateLimitExceeded", "userRateLimitExceeded")
#: a 403 for the key's Cloud project: Google refuses this API to projects it has closed it to
_CLOSED = ("does not have the access to Custom Search JSON API",)
#: a 403 for an API not switched on in the key's project (Google's ErrorInfo reason, the
#: older ``errors[].reason`` and the words of the message)
_DISABLED = ("SERVICE_DISABLED", "accessNotConfigured", "has not been used in project")
#: a 403 from the key's own restrictions (Credentials → API restrictions, or an IP or
#: referrer rule): "Requests to this API customsearch method … are blocked."
#: (``API_KEY_SERVICE_BLOCKED``), "Requests from this IP … are blocked." and the like
_KEY_RESTRICTED = ("_BLOCKED", "are blocked")


def _error(response: httpx.Response) -> dict[str, Any]:
    body = error_json(response) or {}
    error = body.get("error")
    return error if isinstance(error, dict) else {}


def describe_error(response: httpx.Response) -> str | None:
    error = _error(response)
    message = as_text(error.get("message"))
    status = as_text(error.get("status"))
    text = ": ".join(p for p in (status, short(message) if message else "") if p)
    return text or None


def _reasons(error: dict[str, Any]) -> str:
    """The message, every ``reason`` and every ErrorInfo's ``quota_limit`` of an error
    (``errors`` and ``details`` may be missing or of any type in a broken answer)."""
    parts = [as_text(error.get("message"))]
    entries = [e for key in ("errors", "details") if isinstance(error.get(key), list)
               for e in error[key]]
    for entry in entries:
        if isinstance(entry, dict):
            parts.append(as_text(entry.get("reason")))
            meta = entry.get("metadata")
            if isinstance(meta, dict):
                parts.append(as_text(meta.get("quota_limit")))
    return " ".join(parts)


def _daily_quota(reasons: str) -> bool:
    """The per-day quota (100 queries on the free tier) is spent: ``limit 'Queries per
    day'`` in the message, ``quota_limit: DefaultPerDayPerProject`` in the details."""
    low = reasons.lower()
    return "per day" in low or "perday" in low


def classify_error(response: httpx.Response, adapter: str = "google") -> ProviderError | None:
    """An invalid key is a 400 for Google, a per-user rate limit a 403, a spent daily
    quota a 429 (or 403) that no retry can fix."""
    reasons = _reasons(_error(response))
    status = response.status_code
    said = f"{adapter}: HTTP {status} ("  # + the reason, a msgid, + ")"
    if any(r in reasons for r in _BAD_KEY):
        return AuthError(said + N_("API key refused") + ")",
                         adapter=adapter, status=status,
                         hint=N_("check GOOGLE_API_KEY (or the variable in config)"))
    if status in (403, 429) and _daily_quota(reasons):
        # retrying cannot help before midnight Pacific time: as for Brave's QUOTA_LIMITED,
        # the key is spent for now, so a pool takes the next key and a chain moves on
        return AuthError(said + N_("daily query quota exhausted") + ")",
                         adapter=adapter, status=status,
                         hint=N_("the key's project has used its queries for today; add "
                                 "another key or enable billing on the project"))
    if status == 403 and any(r in reasons for r in _CLOSED):
        # the key is valid: its project may not call the API, and no setting in the console
        # changes that (new projects are refused since Google closed the API to them)
        return AuthError(said + N_("project has no access to this API") + ")",
                         adapter=adapter, status=status,
                         hint=N_("Google does not open the Custom Search JSON API to new "
                                 "projects; use a key from a project that has access, or point "
                                 "the search chains in config/adapters.yaml at another adapter"))
    if status == 403 and any(r in reasons for r in _DISABLED):
        return AuthError(said + N_("API not enabled for the key's project") + ")",
                         adapter=adapter, status=status,
                         hint=N_("enable the Custom Search API in the Google Cloud project of "
                                 "GOOGLE_API_KEY, wait a few minutes, then run again"))
    if status == 403 and any(r in reasons for r in _KEY_RESTRICTED):
        # the API is on and the key valid: the key's own restrictions refuse this call
        return AuthError(said + N_("the key's restrictions block this API") + ")",
                         adapter=adapter, status=status,
                         hint=N_("in Google Cloud → Credentials, allow the Custom Search API "
                                 "among the key's API restrictions (and this machine under any "
                                 "IP or referrer rule), or use a key without restrictions"))
    if status == 403 and any(r in reasons for r in _RATE):
        return RateLimited(said + N_("rate limited") + ")", adapter=adapter,
                           status=status,
                           retry_after=parse_retry_after(response.headers.get("retry-after")))
    return None


def search_items(data: dict[str, Any], adapter: str) -> list[Any]:
    """The ``items`` of a Custom Search JSON API answer (web or image search); none for a
    search without hits, which has no ``items`` key at all; anything else a ParseError."""
    if "items" not in data:
        if data.get("kind") == "customsearch#search" or "searchInformation" in data:
            return []
        raise ParseError(f"{adapter}: answer is not a customsearch#search", adapter=adapter)
    items = data["items"]
    if not isinstance(items, list):
        raise ParseError(f"{adapter}: 'items' is not a list", adapter=adapter)
    return items


def parse_results(data: dict[str, Any], *, adapter: str = "google") -> list[Hit]:
    hits = []
    for item in search_items(data, adapter):
        if not isinstance(item, dict) or not item.get("link"):
            continue
        hit = Hit(title=as_text(item.get("title")), url=as_text(item["link"]),
                  snippet=as_text(item.get("snippet")), published=_published(item))
        if as_text(item.get("displayLink")):
            hit.meta["display_url"] = as_text(item["displayLink"])
        hits.append(hit)
    return hits


def _published(item: dict[str, Any]) -> str | None:
    """The page's own publication time, when its metatags carry one."""
    pagemap = item.get("pagemap")
    tags = pagemap.get("metatags") if isinstance(pagemap, dict) else None
    for tag in tags if isinstance(tags, list) else []:
        if isinstance(tag, dict):
            for name in ("article:published_time", "og:published_time", "datepublished"):
                if as_text(tag.get(name)):
                    return as_text(tag[name])
    return None


class GoogleAdapter(SearchAdapter):
    type_name: ClassVar[str] = "google"
    settings: GoogleSettings

    def call(self, request: Request, credential: Secret | None = None
             ) -> Reply[list[Source]]:
        request = self.search_request(request)
        assert self.client is not None, "GoogleAdapter needs an httpx.Client"
        key = api_key(self.name, credential, "GOOGLE_API_KEY")
        cx = (self.env.get(self.settings.cx_env) or "").strip()
        if not cx:
            raise AuthError(f"{self.name}: no search engine id", adapter=self.name,
                            hint=N_("set {var} to the engine's cx value").format(
                                var=self.settings.cx_env))
        extra, ignored = split_options(request.options, OPTIONS)
        wanted = min(request.limit, MAX_RESULTS)
        hits: list[Hit] = []
        pages = 0
        data: dict[str, Any] = {}
        status = None
        while len(hits) < wanted:
            start = pages * PAGE_SIZE + 1
            num = min(PAGE_SIZE, wanted - pages * PAGE_SIZE)
            params = {"key": key, "cx": cx, "q": request.query, "num": num, "start": start,
                      **extra}
            http_request = self.client.build_request(
                "GET", (self.base_url or DEFAULT_BASE) + PATH, params=params,
                headers={"Accept": "application/json"})
            response = fetch(self.client, http_request, self.name, describe=describe_error,
                             classify=lambda r: classify_error(r, self.name), secrets=[key])
            pages += 1
            status = response.status_code
            page = json_body(response, self.name)
            data = data or page
            found = parse_results(page, adapter=self.name)
            hits.extend(found)
            queries = json_object(page.get("queries"))
            if len(found) < num or not queries.get("nextPage") or start + num > MAX_RESULTS:
                break
        meta: dict[str, Any] = {"pages": pages}
        info = data.get("searchInformation")
        if isinstance(info, dict):
            if info.get("totalResults") is not None:
                meta["total_results"] = info["totalResults"]
            if info.get("searchTime") is not None:
                meta["search_time"] = info["searchTime"]
        spelling = data.get("spelling")
        if isinstance(spelling, dict) and spelling.get("correctedQuery"):
            meta["corrected_query"] = spelling["correctedQuery"]
        return search_reply(self.name, request, response, hits,
                            max_chars=self.settings.max_chars, meta=meta, ignored=ignored,
                            usage=Usage(requests=pages), status=status)
