"""Perplexity synthesis (P3): one chat completion with a ``sonar`` model.

``POST {base_url}/chat/completions`` with the key as a Bearer credential (a
:class:`~scout.adapters.contract.Secret` handed in per call by the providers layer,
which owns the token pool, retries and failover). Statuses are mapped by
:func:`scout.adapters.contract.http.send`: 401/403 → AuthError (the pool switches token),
429 → RateLimited with Retry-After, 5xx → Unavailable. A 200 whose body is not a chat
completion → ParseError.

The answer becomes a :class:`~scout.schemas.sources.Synthesis` through the parsing every
chat adapter shares (:mod:`scout.adapters.answer`: reasoning removed, markdown lists and
tables kept as structure, uncited sentences marked): its ``[n]`` markers are citation
indexes into ``citations`` (1-based, as Perplexity numbers them; ``citations`` /
``search_results`` become Citations and Sources), and an ``[Ek]`` label cites evidence
item k of the prompt (numbered after the web citations). ``usage`` feeds the cost:
prompt/completion tokens, and ``usage.cost.total_cost`` (which includes the per-request
fee) as the provider-reported USD.

Checks: a claim citing only evidence labels is checked as the ``openai`` adapter's are (a
figure nothing in the prompt states, or that the evidence it cites does not state, marks
it not supported, with a note); a claim citing a web page is not, since the answer
carries no page text to check it against (a search result's snippet is a few words of
the page the model read). An answer with no citation mark at all, when evidence was sent,
is no checked synthesis (a refusal, an answer from the model's memory): ParseError, so
the chain's next link (the local synthesis) stands in, as for ``openai``; with no
evidence sent its sentences are marked uncited, with a note.

A prompt over the model's context window is sent once more with less evidence, and an
answer in the other language than the request's is asked for once more with a firmer
instruction, inside the same call, as for ``openai`` (:mod:`scout.adapters.chat_resend`):
the usage counts every request sent.

The prompt never leaves this module except in the request body: ``Reply.meta`` only
carries its size (the providers layer journals the request redacted).
"""

from __future__ import annotations

from typing import Any, ClassVar

import httpx

from scout.adapters.chat_lang import other_language, refuse_third_language
from scout.adapters.chat import EvidenceLabels, answer_notes, finish_reason, number, \
    completions_url, given_figures, parse_content, post_chat, \
    read_completion, sourced_figures, token_usage
from scout.adapters.chat_resend import answered, call_bound, record_sends, send_fitting
from scout.adapters.chat_stream import answer_json
from scout.adapters.normalize import TITLE_CHARS, as_text, canonical_url, trim
from scout.adapters.search_http import json_object
from scout.adapters.prompt import Prompt, build_prompt, compared
from scout.config.settings import AdapterSettings, PerplexitySettings
from scout.errors import AuthError, ParseError
from scout.i18n import N_, translations
from scout.adapters.contract import Reply, Request, Secret, SynthesisAdapter, \
    SynthesisRequest, Usage
from scout.adapters.contract.http import make_client
from scout.schemas.sources import Citation, Source, Synthesis

DEFAULT_BASE_URL = "https://api.perplexity.ai"


class PerplexityAdapter(SynthesisAdapter):
    type_name: ClassVar[str] = "perplexity"

    def __init__(self, name: str, settings: AdapterSettings,
                 client: httpx.Client | None = None) -> None:
        if not isinstance(settings, PerplexitySettings):
            settings = PerplexitySettings.model_validate(settings.model_dump())
        super().__init__(name, settings, client)
        self.px: PerplexitySettings = settings

    def _http(self) -> httpx.Client:
        if self.client is None:
            self.client = make_client(self.px)
        return self.client

    # --- request ---------------------------------------------------------------------

    def call(self, request: Request, credential: Secret | None = None) -> Reply[Synthesis]:
        if not isinstance(request, SynthesisRequest):
            raise TypeError(f"{self.name} handles SynthesisRequest, "
                            f"not {type(request).__name__}")
        if credential is None:
            raise AuthError(f"{self.name}: no credential was supplied", adapter=self.name,
                            hint=N_("set the key named in config/adapters.yaml "
                                    "(credentials.env) or configure a token pool"))
        prompt = self._prompt(request)
        url = completions_url(self.base_url or DEFAULT_BASE_URL)

        def rebuild(chars: int) -> Prompt:
            return self._prompt(request, chars)

        def send(p: Prompt) -> httpx.Response:
            body = {
                "model": self.px.model,
                "messages": [
                    {"role": "system", "content": p.system},
                    {"role": "user", "content": p.user},
                ],
                "max_tokens": self.px.max_tokens,
                "web_search_options": {"search_context_size": self.px.search_context_size},
            }
            return post_chat(self._http(), url, body, self.name, credential)

        def read(response: httpx.Response, p: Prompt) -> Reply[Synthesis]:
            return self.parse(response, list(request.evidence), p.labels, request.lang,
                              given=(p.system, p.user), head=p.head)

        # over the model's context window, the same request with less evidence, once; an
        # answer in the other language, asked for once more (scout.adapters.chat_resend)
        response, sends = send_fitting(send, prompt, rebuild, self.px.max_tokens, self.name)
        reply = answered(read, send, response, sends, request.lang, self.name,
                         lambda r: self._usage(_usage_block(r))[0])
        return record_sends(reply, sends, len(request.evidence), request.lang)

    def _prompt(self, request: SynthesisRequest, chars: int | None = None) -> Prompt:
        """The prompt, its evidence cut to the budget (``chars``: a smaller one, for a
        prompt the model's context window refused)."""
        budget = min(self.px.context_budget_chars,
                     request.context_budget_chars or self.px.context_budget_chars)
        budget = budget if chars is None else min(budget, chars)
        return build_prompt(request.question, request.task, request.candidates,
                            request.evidence, budget, lang=request.lang,
                            rating_scale=request.rating_scale,
                            costs=compared(request.subjects))

    def estimate_usage(self, request: Request) -> Usage | None:
        """What this call may consume at most, every request it may send together
        (:func:`~scout.adapters.chat_resend.call_bound`: the prompt's tokens, ``max_tokens``
        as the output bound, each request's fee, a resend's too)."""
        if not isinstance(request, SynthesisRequest):
            return None
        prompt = self._prompt(request)
        return call_bound(prompt, request.lang, self.px.max_tokens)

    # --- response --------------------------------------------------------------------

    def parse(self, response: httpx.Response, evidence: list[Any] | None = None,
              sent: tuple[int, ...] = (), lang: str = "en",
              given: tuple[str, ...] = (), head: str | None = None) -> Reply[Synthesis]:
        """A chat-completion response → Reply[Synthesis]; ParseError when it is not one,
        or when it cites nothing while evidence was sent. ``evidence`` / ``sent``: the
        prompt's evidence items and the labels sent; notes are written in ``lang``.
        ``given``: the prompt's messages, whose figures a claim citing only evidence
        labels must be; ``head``: the prompt before its evidence, which with such a
        claim's cited evidence must state them (None: not checked against the cited
        evidence). A claim citing a web page is not checked: Perplexity returns no page's
        text, only its title, URL, date and at most a snippet."""
        data, content = read_completion(response, self.name)
        synthesis, written = self._synthesis(data, content, evidence or [], sent, lang,
                                             given, head, response.status_code)
        usage, cost = self._usage(data.get("usage"))
        meta: dict[str, Any] = {
            "model": synthesis.model,
            "id": data.get("id") if isinstance(data.get("id"), str) else None,
            "finish_reason": finish_reason(data),
            "citations": len(synthesis.citations),
            "sentences": len(synthesis.sentences),
            "uncited": sum(s.uncited for s in synthesis.sentences),
            "answer_lang": written,
        }
        if isinstance(data.get("usage"), dict) and data["usage"].get("search_context_size"):
            meta["search_context_size"] = str(data["usage"]["search_context_size"])
        if cost:
            meta["cost"] = cost
        return Reply(value=synthesis, usage=usage, status=response.status_code, meta=meta)

    def _synthesis(self, data: dict[str, Any], content: str, evidence: list[Any],
                   sent: tuple[int, ...], lang: str = "en",
                   given: tuple[str, ...] = (), head: str | None = None,
                   status: int = 200) -> tuple[Synthesis, str | None]:
        """The synthesis, and the other of scout's languages when the answer is written
        in it rather than in ``lang``."""
        # a field of the wrong type reads as absent: a string "citations" must not become
        # one citation per character
        raw_results = data.get("search_results")
        results = [r for r in raw_results if isinstance(r, dict)
                   and isinstance(r.get("url"), str)] if isinstance(raw_results, list) else []
        by_url = {r["url"]: r for r in results}
        raw_urls = data.get("citations")
        urls = [u for u in raw_urls if isinstance(u, str)] if isinstance(raw_urls, list) else []
        if not urls:
            # newer answers may carry only search_results; they are numbered the same way
            urls = [r["url"] for r in results]
        # [n] keeps Perplexity's numbering, but only a web page may be cited: a
        # "javascript:" or "data:" entry is no source, and an [n] pointing at it is dropped
        web = {i for i, u in enumerate(urls, start=1) if canonical_url(u)}
        citations = [
            Citation(index=i, url=u, title=as_text(by_url.get(u, {}).get("title")))
            for i, u in enumerate(urls, start=1) if i in web
        ]
        labels = EvidenceLabels(evidence, sent, offset=len(urls))

        def resolve(kind: str, n: int) -> int | None:
            if kind == "E":
                return labels.resolve(n)
            return n if n in web else None

        parsed = parse_content(content, self.name, resolve, finish_reason(data))
        refuse_third_language(parsed, lang, self.name, status)
        citations += labels.citations()
        sources = [self._source(u, by_url.get(u), rank) for rank, u in enumerate(urls, 1)
                   if rank in web]
        extra = [r for r in results if r["url"] not in set(urls) and canonical_url(r["url"])]
        sources += [self._source(r["url"], r, len(sources) + i, cited=False)
                    for i, r in enumerate(extra, 1)]
        model = data.get("model") if isinstance(data.get("model"), str) else self.px.model
        tr = translations(lang)
        known = ", ".join((
            tr.ngettext("{count} web citation", "{count} web citations", len(urls)).format(
                count=len(urls)),
            tr.ngettext("{count} evidence item sent", "{count} evidence items sent",
                        len(sent)).format(count=len(sent))))
        notes = answer_notes(parsed, known, lang)
        rows = [r for b in parsed.blocks if b.kind == "table" for r in b.rows]
        if all(s.uncited for s in parsed.sentences) and all(r.uncited for r in rows):
            if sent:
                # as for an ``openai`` model: nothing in it rests on a page or the evidence
                # (Perplexity's citations list holds what it searched, cited or not)
                raise ParseError(N_("{adapter}: the answer cites none of the evidence it "
                                    "was given").format(adapter=self.name),
                                 adapter=self.name, status=status)
            if parsed.sentences:
                notes.append(tr.gettext("the answer cites none of the evidence: every "
                                        "sentence is marked uncited"))
        # only a claim resting on evidence labels alone: its figures must be the prompt's,
        # and those of the evidence it cites (a web citation's figures cannot be read)
        given_figures(parsed.blocks, given, notes, lang,
                      lambda claim: all(c > len(urls) for c in claim.citations))
        if head is not None and given:
            sourced_figures(parsed.blocks, head, labels, notes, lang)
        return Synthesis(text=parsed.text, sentences=parsed.sentences, blocks=parsed.blocks,
                         citations=citations, sources=sources, adapter=self.name,
                         model=model, notes=notes), other_language(parsed, lang)

    def _source(self, url: str, result: dict[str, Any] | None, rank: int,
                cited: bool = True) -> Source:
        result = result or {}
        meta: dict[str, Any] = {"cited": cited}
        if as_text(result.get("last_updated")):
            meta["last_updated"] = as_text(result["last_updated"])
        return Source(
            title=trim(as_text(result.get("title")), TITLE_CHARS) or url, url=url,
            snippet=as_text(result.get("snippet")), rank=rank, adapter=self.name,
            published=as_text(result.get("date")) or None, meta=meta,
        )

    @staticmethod
    def _usage(raw: Any) -> tuple[Usage, dict[str, float]]:
        if not isinstance(raw, dict):
            return Usage(), {}
        cost_raw = json_object(raw.get("cost"))
        cost = {k: v for k, v in ((k, number(v)) for k, v in cost_raw.items())
                if v is not None}
        usage = token_usage(raw).model_copy(update={"reported_usd": cost.get("total_cost")})
        return usage, cost


def _usage_block(response: httpx.Response) -> Any:
    """The ``usage`` block of an answer's body (None when the body is no JSON object)."""
    try:
        data = answer_json(response)
    except (ValueError, RecursionError):
        return None
    return data.get("usage") if isinstance(data, dict) else None
