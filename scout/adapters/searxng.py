"""A self-hosted SearxNG instance: ``GET <base>/search?q=…&format=json``.

The base URL comes from ``SCOUTE_SEARXNG_BASE_URL``, then ``base_url`` in config, then
the environment variable named by ``url_env`` (default ``SEARXNG_URL``). No key: the
instance is yours. ``format=json`` must be enabled in the instance's ``settings.yml``
(``search.formats``); otherwise it answers 403, which the error message says.

Results are ``results[]`` (title, url, content, score, engine(s), publishedDate). SearxNG
reports upstream-engine failures inside a 200 answer; they go to the reply's meta as
``unresponsive_engines: [{engine, reason}]`` so the journal's response summary shows
them (e.g. ``duckduckgo: CAPTCHA``). An answer with no results *and* failed engines is
an ``Unavailable`` (the chain moves on), not an empty answer: the engines did not say
there was nothing. ``answers`` (strings, or objects with an ``answer`` text in newer
SearXNG) go to the meta as text.
"""

from __future__ import annotations

from typing import Any, ClassVar

import httpx

from scout.i18n import N_
from scout.adapters.normalize import Hit, as_float, as_text
from scout.adapters.search_http import (fetch, json_body, result_items, search_reply,
                                        split_options)
from scout.config.settings import SearxngSettings
from scout.errors import AuthError, ProviderError, Unavailable
from scout.adapters.contract import Reply, Request, SearchAdapter, Secret
from scout.schemas.sources import Source

#: request options passed through as query parameters
OPTIONS = frozenset({"categories", "engines", "language", "time_range", "safesearch",
                     "pageno"})
_FORMAT_HINT = N_("a 403 from SearxNG usually means format=json is not enabled: add 'json' "
                  "to search.formats in the instance's settings.yml")


def classify_error(response: httpx.Response, adapter: str = "searxng") -> ProviderError | None:
    """A 403 is SearxNG refusing the json format far more often than a bad credential."""
    if response.status_code != 403:
        return None
    return AuthError(f"{adapter}: HTTP 403 (forbidden)", adapter=adapter, status=403,
                     hint=_FORMAT_HINT)


def parse_results(data: dict[str, Any], *, adapter: str = "searxng") -> list[Hit]:
    hits = []
    for item in result_items(data, adapter):
        hit = Hit(title=as_text(item.get("title")), url=as_text(item["url"]),
                  snippet=as_text(item.get("content")),
                  published=as_text(item.get("publishedDate")) or None,
                  score=as_float(item.get("score")))
        engines = _texts(item.get("engines")) or _texts([item.get("engine")])
        if engines:
            hit.meta["engines"] = engines
        hits.append(hit)
    return hits


def unresponsive(data: dict[str, Any]) -> list[dict[str, str]]:
    """``unresponsive_engines`` ([[name, reason], …]) as ``[{engine, reason}]``."""
    out = []
    for entry in _list(data.get("unresponsive_engines")):
        if isinstance(entry, (list, tuple)) and entry:
            out.append({"engine": str(entry[0]),
                        "reason": str(entry[1]) if len(entry) > 1 else ""})
        elif isinstance(entry, str):
            out.append({"engine": entry, "reason": ""})
    return out


class SearxngAdapter(SearchAdapter):
    type_name: ClassVar[str] = "searxng"
    settings: SearxngSettings

    def call(self, request: Request, credential: Secret | None = None
             ) -> Reply[list[Source]]:
        request = self.search_request(request)
        # A credential is never sent: the instance is self-hosted and keyless.
        assert self.client is not None, "SearxngAdapter needs an httpx.Client"
        base = self.base_url
        if not base:
            raise AuthError(
                f"{self.name}: no instance URL", adapter=self.name,
                hint=N_("set {var} (or base_url in config/adapters.yaml)").format(
                    var=self.settings.url_env))
        params: dict[str, Any] = {"q": request.query, "format": "json"}
        if self.settings.engines:
            params["engines"] = ",".join(self.settings.engines)
        passed, ignored = split_options(request.options, OPTIONS)
        params.update(passed)
        http_request = self.client.build_request("GET", base + "/search", params=params,
                                                 headers={"Accept": "application/json"})
        response = fetch(self.client, http_request, self.name,
                         classify=lambda r: classify_error(r, self.name))
        data = json_body(response, self.name)
        failed = unresponsive(data)
        hits = parse_results(data, adapter=self.name)
        if not hits and failed:
            raise engines_failed(self.name, failed)
        meta: dict[str, Any] = {"unresponsive_engines": failed}
        if data.get("number_of_results"):
            meta["number_of_results"] = data["number_of_results"]
        for field in ("suggestions", "corrections"):
            texts = _texts(data.get(field))
            if texts:
                meta[field] = texts
        answers = [a for a in map(answer_text, _list(data.get("answers"))) if a]
        if answers:
            meta["answers"] = answers
        return search_reply(self.name, request, response, hits,
                            max_chars=self.settings.max_chars, meta=meta, ignored=ignored)


def engines_failed(adapter: str, failed: list[dict[str, str]]) -> Unavailable:
    """No results *because* engines failed is not "no results": an Unavailable naming
    them, so the chain asks its next link instead of stopping on an empty answer (a
    SearXNG on a home address often has every web engine suspended or CAPTCHA'd while
    the request itself answers 200)."""
    which = ", ".join(f"{f['engine']} ({f['reason']})" if f["reason"] else f["engine"]
                      for f in failed)
    return Unavailable(f"{adapter}: no results, and these engines did not answer: {which}",
                       adapter=adapter, status=200,
                       hint=N_("the instance's engines are suspended or blocked (CAPTCHA, too "
                               "many requests); enable other engines in its settings.yml, or "
                               "wait until SearXNG lifts the suspension"))


def _list(value: Any) -> list[Any]:
    """A field that should be a list, or ``[]`` (a field of the wrong type reads as absent)."""
    return value if isinstance(value, list) else []


def _texts(value: Any) -> list[str]:
    """The non-empty strings of a list field."""
    return [t for t in _list(value) if isinstance(t, str) and t]


def answer_text(entry: Any) -> str:
    """One of ``answers``: a string in older SearXNG, an object whose ``answer`` is the text
    in newer ones (``{"engine": "plugin: unit_converter", "template":
    "answer/legacy.html", "answer": "6.2137119224 mi"}``); other answer types carry no
    text and are left out."""
    if isinstance(entry, dict):
        entry = entry.get("answer")
    return entry.strip() if isinstance(entry, str) else ""
