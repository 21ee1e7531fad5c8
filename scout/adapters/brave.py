"""Brave Search web API: ``GET <base>/res/v1/web/search?q=…&count=…``.

The key travels in the ``X-Subscription-Token`` header (environment variable named in
config, default ``BRAVE_API_KEY``). Results are ``web.results[]`` (title, url,
description with ``<strong>`` markup — or the first of ``extra_snippets`` when it is
empty —, ``page_age``/``age``); an answer without a ``web`` block (news, videos, FAQ,
infobox or locations only), or whose ``web`` block lists nothing, is a search without web
hits (``[]``).

Errors come in two body shapes (FACTS.md): ``{"error": {...}}`` and
``{"errors": [{...}]}``, each with ``code``, ``detail`` and ``meta`` (plan, rate and quota
figures, a spending cap's ``usage_limit``/``current_spend``, or the parameters a 422
``VALIDATION`` error refused in ``meta.errors[].loc/msg``). Both are read for the message;
HTTP 402 (``USAGE_LIMIT_EXCEEDED``: the account's spending cap) is an AuthError like
every 402. Brave's own codes refine the status mapping:
``SUBSCRIPTION_TOKEN_INVALID`` (HTTP 422) and a missing-token ``VALIDATION`` error are a
bad key (AuthError), and ``QUOTA_LIMITED`` (HTTP 429) is a plan out of quota — also
AuthError, so a token pool moves to the next key instead of retrying this one. So is a
``RATE_LIMITED`` 429 whose ``meta`` shows the monthly quota used up (``quota_current`` at
``quota_limit``); any other ``RATE_LIMITED`` is the per-second window, retried after the
reset Brave sends in ``X-RateLimit-Reset`` (``per-second, monthly`` seconds: Brave sends
no Retry-After). A ``quota_limit`` of 0 is a plan without a monthly quota (the paid Search
plan), not a quota of zero.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

import httpx

from scout.i18n import N_
from scout.adapters.normalize import Hit, as_float, as_text
from scout.adapters.search_http import (api_key, error_json, fetch, json_body, json_object,
                                        search_reply, short, split_options)
from scout.config.settings import BraveSettings
from scout.errors import AuthError, ParseError, ProviderError, RateLimited
from scout.adapters.contract.http import parse_retry_after
from scout.adapters.contract import Reply, Request, SearchAdapter, Secret
from scout.schemas.sources import Source

DEFAULT_BASE = "https://api.search.brave.com"
PATH = "/res/v1/web/search"
MAX_COUNT = 20  # the API's ceiling for count
#: request options passed through as query parameters
OPTIONS = frozenset({"country", "search_lang", "ui_lang", "safesearch", "freshness", "offset"})
_BAD_TOKEN_CODES = frozenset({"SUBSCRIPTION_TOKEN_INVALID", "SUBSCRIPTION_TOKEN_MISSING"})


def _brave_error(response: httpx.Response) -> dict[str, Any] | None:
    """The first error object of either body shape, or None."""
    body = error_json(response)
    if body is None:
        return None
    error = body.get("error")
    if isinstance(error, dict):
        return error
    errors = body.get("errors")
    if isinstance(errors, list) and errors and isinstance(errors[0], dict):
        return errors[0]
    return None


def describe_error(response: httpx.Response) -> str | None:
    """``CODE: detail (plan P, rate limit R/s, quota Q/month)`` from an error body."""
    error = _brave_error(response)
    if error is None:
        return None
    parts = [str(error.get("code") or "").strip(), short(error.get("detail") or "")]
    text = ": ".join(p for p in parts if p)
    meta = json_object(error.get("meta"))
    figures = []
    if meta.get("plan"):
        figures.append(f"plan {meta['plan']}")
    if meta.get("rate_limit") is not None:
        figures.append(f"rate limit {meta['rate_limit']}/s")
    if meta.get("quota_limit"):  # 0: a plan without a monthly quota, nothing to show
        used = meta.get("quota_current")
        figures.append(f"quota {used}/{meta['quota_limit']}" if used is not None
                       else f"quota {meta['quota_limit']}")
    if meta.get("usage_limit") is not None:  # a spending cap (402 USAGE_LIMIT_EXCEEDED)
        spent = meta.get("current_spend")
        cap = f"{spent}/{meta['usage_limit']}" if spent is not None else meta["usage_limit"]
        figures.append(f"spend {cap}" + (f" {meta['usage_limit_type']}"
                                         if meta.get("usage_limit_type") else ""))
    figures += _invalid_params(meta.get("errors"))
    if figures:
        text += f" ({', '.join(figures)})"
    return text or None


def _invalid_params(errors: Any) -> list[str]:
    """``query.q: Field required`` for each parameter a 422 VALIDATION error names."""
    out = []
    for entry in errors if isinstance(errors, list) else []:
        if not isinstance(entry, dict):
            continue
        loc = entry.get("loc")
        where = ".".join(str(p) for p in loc) if isinstance(loc, list) else ""
        msg = short(entry.get("msg") or entry.get("type") or "")
        if where or msg:
            out.append(f"{where}: {msg}" if where and msg else where or msg)
    return out


def classify_error(response: httpx.Response, adapter: str = "brave") -> ProviderError | None:
    """Brave's codes that the HTTP status alone gets wrong."""
    error = _brave_error(response)
    if error is None:
        return None
    code = str(error.get("code") or "")
    status = response.status_code
    said = f"{adapter}: HTTP {status} ("  # + the reason, a msgid, + ")"
    hint = N_("check {var} (or the variable named in config)").format(var="BRAVE_API_KEY")
    if code in _BAD_TOKEN_CODES or (code == "VALIDATION" and "subscription-token" in
                                    str(error.get("meta", "")).lower()):
        return AuthError(said + N_("subscription token refused") + ")",
                         adapter=adapter, status=status, hint=hint)
    if code == "QUOTA_LIMITED" or (code == "RATE_LIMITED" and _quota_spent(error)):
        return AuthError(said + N_("plan quota exhausted") + ")", adapter=adapter,
                         status=status, hint=N_("the monthly quota of this key is used up"))
    if code == "RATE_LIMITED":
        return RateLimited(said + N_("rate limited") + ")",
                           adapter=adapter, status=status, retry_after=_retry_after(response))
    return None


def _quota_spent(error: dict[str, Any]) -> bool:
    """The monthly quota is used up: ``quota_current`` has reached a ``quota_limit`` above
    0 (0 is the paid plan's "no monthly quota")."""
    meta = error.get("meta")
    if not isinstance(meta, dict):
        return False
    # a proxy or a gateway may write the figures as strings ("2000"): a spent quota all
    # the same, which a retry every second would never see end
    limit, used = as_float(meta.get("quota_limit")), as_float(meta.get("quota_current"))
    if limit is None or used is None or not math.isfinite(limit):
        return False
    return limit > 0 and used >= limit


def _retry_after(response: httpx.Response) -> float | None:
    """Seconds until the per-second window reopens: Retry-After when a proxy sends one,
    else the first figure of Brave's ``X-RateLimit-Reset: <per-second>, <monthly>``."""
    seconds = parse_retry_after(response.headers.get("retry-after"))
    if seconds is not None:
        return seconds
    first = response.headers.get("x-ratelimit-reset", "").split(",")[0]
    return parse_retry_after(first)


def parse_results(data: dict[str, Any], *, adapter: str = "brave") -> list[Hit]:
    """``web.results[]`` of a web search answer as Hits."""
    web = data.get("web")
    if web is None:
        if data.get("type") == "search" or "query" in data:
            return []  # an answer with no web block: no web hits
        raise ParseError(f"{adapter}: answer has neither 'web' nor 'query'", adapter=adapter)
    results = web.get("results") if isinstance(web, dict) else None
    if results is None and isinstance(web, dict) and data.get("type") == "search":
        return []  # a web block that lists nothing: no web hits, as without the block
    if not isinstance(results, list):
        raise ParseError(f"{adapter}: 'web.results' is not a list", adapter=adapter)
    hits = []
    for item in results:
        if not isinstance(item, dict) or not item.get("url"):
            continue
        hit = Hit(title=as_text(item.get("title")), url=as_text(item["url"]),
                  snippet=as_text(item.get("description")) or _first_extra(item),
                  published=as_text(item.get("page_age")) or as_text(item.get("age")) or None,
                  snippet_html=True)
        profile = item.get("profile")
        if isinstance(profile, dict) and as_text(profile.get("name")):
            hit.meta["site"] = as_text(profile["name"])
        if as_text(item.get("age")):
            hit.meta["age"] = as_text(item["age"])
        hits.append(hit)
    return hits


def _first_extra(item: dict[str, Any]) -> str:
    """The first of ``extra_snippets`` (asked for with ``extra_snippets=true``): the
    snippet of a result whose ``description`` is empty or missing."""
    extras = item.get("extra_snippets")
    return next((e for e in extras if isinstance(e, str) and e.strip()), "") \
        if isinstance(extras, list) else ""


class BraveAdapter(SearchAdapter):
    type_name: ClassVar[str] = "brave"
    settings: BraveSettings

    def call(self, request: Request, credential: Secret | None = None
             ) -> Reply[list[Source]]:
        request = self.search_request(request)
        assert self.client is not None, "BraveAdapter needs an httpx.Client"
        key = api_key(self.name, credential, "BRAVE_API_KEY")
        params: dict[str, Any] = {"q": request.query, "count": min(request.limit, MAX_COUNT)}
        if self.settings.country:
            params["country"] = self.settings.country
        passed, ignored = split_options(request.options, OPTIONS)
        params.update(passed)
        http_request = self.client.build_request(
            "GET", (self.base_url or DEFAULT_BASE) + PATH, params=params,
            headers={"Accept": "application/json", "X-Subscription-Token": key},
        )
        response = fetch(self.client, http_request, self.name, describe=describe_error,
                         classify=lambda r: classify_error(r, self.name), secrets=[key])
        data = json_body(response, self.name)
        meta: dict[str, Any] = {}
        query = json_object(data.get("query"))
        if "more_results_available" in query:
            meta["more_results_available"] = bool(query["more_results_available"])
        if query.get("altered"):
            meta["altered_query"] = str(query["altered"])
        remaining = response.headers.get("x-ratelimit-remaining")
        if remaining:
            meta["ratelimit_remaining"] = remaining
        return search_reply(self.name, request, response, parse_results(data, adapter=self.name),
                            max_chars=self.settings.max_chars, meta=meta, ignored=ignored)
