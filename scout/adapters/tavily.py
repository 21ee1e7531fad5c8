"""Tavily search: ``POST <base>/search`` with the key in the ``Authorization`` header.

Request body: ``query``, ``max_results`` (≤ 20), ``search_depth`` (basic | advanced),
``include_answer``, ``include_usage`` — the last three from config. Results are
``results[]`` (title, url, content — or ``raw_content`` when content is empty —, score,
published_date for news); the ``answer``, ``follow_up_questions``, ``response_time`` and
``request_id`` go into the reply's meta when they have their documented types.

Usage feeds the cost: ``usage.credits`` when the request set ``include_usage`` (Tavily
reports it), otherwise the documented price of the depth — 1 credit per basic search,
2 per advanced one (FACTS.md). Error bodies are ``{"detail": {"error": "…"}}``; HTTP 432
(plan limit) and 433 (pay-as-you-go limit) mean the key is out of credits, an AuthError
so that a token pool moves to the next key.
"""

from __future__ import annotations

from typing import Any, ClassVar

import httpx

from scout.adapters.normalize import Hit, as_float, as_text
from scout.adapters.search_http import (api_key, error_json, fetch, json_body, search_reply,
                                        result_items, short, split_options)
from scout.config.settings import TavilySettings
from scout.errors import AuthError, ProviderError, Rejected
from scout.adapters.contract import Reply, Request, SearchAdapter, SearchRequest, Secret, \
    Usage
from scout.i18n import N_
from scout.schemas.sources import Source

DEFAULT_BASE = "https://api.tavily.com"
MAX_RESULTS = 20
CREDITS_PER_SEARCH = {"basic": 1, "advanced": 2}
#: request options passed through in the body
OPTIONS = frozenset({"topic", "time_range", "days", "country", "search_depth",
                     "include_answer", "include_raw_content", "chunks_per_source"})
_QUOTA_STATUSES = {432: "plan usage limit exceeded", 433: "pay-as-you-go limit exceeded"}


def describe_error(response: httpx.Response) -> str | None:
    body = error_json(response)
    if body is None:
        return None
    detail = body.get("detail", body.get("error"))
    if isinstance(detail, dict):
        detail = detail.get("error") or detail.get("message")
    if isinstance(detail, list) and detail and isinstance(detail[0], dict):  # validation
        detail = detail[0].get("msg")
    return short(detail) if detail else None


def classify_error(response: httpx.Response, adapter: str = "tavily") -> ProviderError | None:
    reason = _QUOTA_STATUSES.get(response.status_code)
    if reason is None:
        return None
    return AuthError(f"{adapter}: HTTP {response.status_code} ({reason})", adapter=adapter,
                     status=response.status_code,
                     hint=N_("the key is out of credits; see app.tavily.com for its plan"))


def parse_results(data: dict[str, Any], *, adapter: str = "tavily") -> list[Hit]:
    hits = []
    for item in result_items(data, adapter):
        # raw_content (the whole page, when asked for) stands in for an empty content
        snippet = as_text(item.get("content")) or as_text(item.get("raw_content"))
        hits.append(Hit(title=as_text(item.get("title")), url=as_text(item["url"]),
                        snippet=snippet,
                        published=as_text(item.get("published_date")) or None,
                        score=as_float(item.get("score"))))
    return hits


def credits_used(data: dict[str, Any], depth: str) -> float:
    """What the search cost in credits: as reported, else the depth's documented price."""
    usage = data.get("usage")
    if isinstance(usage, dict):
        reported = as_float(usage.get("credits"))
        if reported is not None:
            return reported
    return float(CREDITS_PER_SEARCH.get(depth, 1))


class TavilyAdapter(SearchAdapter):
    type_name: ClassVar[str] = "tavily"
    settings: TavilySettings

    def estimate_usage(self, request: Request) -> Usage | None:
        """The credits of the depth this request asks for (its ``search_depth`` option,
        else the configured one)."""
        options = request.options if isinstance(request, SearchRequest) else {}
        depth = str(options.get("search_depth", self.settings.search_depth))
        return Usage(requests=1, credits=CREDITS_PER_SEARCH.get(
            depth, max(CREDITS_PER_SEARCH.values())))

    def call(self, request: Request, credential: Secret | None = None
             ) -> Reply[list[Source]]:
        request = self.search_request(request)
        assert self.client is not None, "TavilyAdapter needs an httpx.Client"
        key = api_key(self.name, credential, "TAVILY_API_KEY")
        body: dict[str, Any] = {
            "query": request.query,
            "max_results": min(request.limit, MAX_RESULTS),
            "search_depth": self.settings.search_depth,
            "include_answer": self.settings.include_answer,
            "include_usage": self.settings.include_usage,
        }
        passed, ignored = split_options(request.options, OPTIONS)
        body.update(passed)
        depth = str(body["search_depth"])
        if depth not in CREDITS_PER_SEARCH:
            raise Rejected(f"{self.name}: search_depth must be basic or advanced, not {depth!r}",
                           adapter=self.name)
        http_request = self.client.build_request(
            "POST", (self.base_url or DEFAULT_BASE) + "/search", json=body,
            headers={"Authorization": f"Bearer {key}", "Accept": "application/json"},
        )
        response = fetch(self.client, http_request, self.name, describe=describe_error,
                         classify=lambda r: classify_error(r, self.name), secrets=[key])
        data = json_body(response, self.name)
        return search_reply(self.name, request, response, parse_results(data, adapter=self.name),
                            max_chars=self.settings.max_chars, meta=answer_meta(data),
                            ignored=ignored,
                            usage=Usage(requests=1, credits=credits_used(data, depth)))


def answer_meta(data: dict[str, Any]) -> dict[str, Any]:
    """The answer's extras for the reply's meta, each only when it has the documented
    type: ``answer`` and ``request_id`` text, ``follow_up_questions`` a list of text,
    ``response_time`` seconds as a number (the captured answers carry a number; one that
    arrives as text, ``"1.67"``, is read as that number, anything else is left out)."""
    meta: dict[str, Any] = {}
    for field in ("answer", "request_id"):
        if as_text(data.get(field)).strip():
            meta[field] = as_text(data[field])
    seconds = as_float(data.get("response_time"))
    if seconds is not None:
        meta["response_time"] = seconds
    questions = data.get("follow_up_questions")
    if isinstance(questions, list) and any(isinstance(q, str) and q for q in questions):
        meta["follow_up_questions"] = [q for q in questions if isinstance(q, str) and q]
    return meta
