"""Synthesis by any OpenAI-compatible model (type ``openai``): OpenAI, Ollama, vLLM,
llama.cpp's server, LM Studio…

``POST {base_url}/chat/completions`` with the model, a system message (the instructions
and the language of the request, ``Task.lang``) and a user message (the request, the
candidates and the evidence labelled ``[E1]``, ``[E2]``… by :mod:`scout.adapters.prompt`).
The key, when one is configured and set, goes as a Bearer credential (or bare in the
header ``key_header`` names: Azure's deployment URLs take ``api-key``); a local server
needs none and then no ``Authorization`` header is sent at all. ``headers:`` adds the
config's own (OpenRouter's ``HTTP-Referer`` / ``X-Title``; :mod:`scout.config.headers`).

The model has no web search of its own: its citations are evidence labels, mapped back
to the evidence items' URLs (``[E3]``, or a bare ``[3]``, → evidence item 3). A label
that was never sent is dropped and noted; sentences citing nothing are marked
``uncited``; reasoning blocks are removed; markdown lists and tables become structure
(:mod:`scout.adapters.answer`). ``usage`` gives the tokens the tariff prices.

A prompt over the model's context window (:func:`scout.adapters.chat_config.window_exceeded`)
is sent once more with less evidence, and an answer in the other language than the
request's is asked for once more with a firmer instruction; the synthesis notes either
(:mod:`scout.adapters.chat_resend`): that is no retry of the same request, which the
providers layer would make in vain. Rate cap, retries (429
with Retry-After, 5xx), journal, cache, cost and budget belong to
the providers layer, as for every adapter; statuses are mapped by
:func:`scout.adapters.contract.http.send` (401/403 → AuthError, 429 → RateLimited, 5xx →
Unavailable).
"""

from __future__ import annotations

from typing import Any, ClassVar

import httpx

from scout.adapters.chat_lang import other_language, refuse_third_language
from scout.adapters.chat import EvidenceLabels, answer_notes, finish_reason, parse_content, \
    completions_url, given_figures, post_chat, read_completion, \
    response_usage, sourced_figures, token_usage
from scout.adapters.chat_resend import answered, call_bound, record_sends, send_fitting
from scout.adapters.prompt import Prompt, build_prompt, compared
from scout.config.headers import MAX_VALUE_CHARS, resolve_headers
from scout.config.baseurl import azure_deployment, azure_without_version
from scout.config.settings import AdapterSettings, OpenAISettings
from scout.errors import AuthError, ParseError
from scout.i18n import N_, translations
from scout.adapters.contract import Reply, Request, Secret, SynthesisAdapter, \
    SynthesisRequest, Usage
from scout.adapters.contract.http import make_client
from scout.schemas.sources import Synthesis

DEFAULT_BASE_URL = "https://api.openai.com/v1"


class OpenAIAdapter(SynthesisAdapter):
    type_name: ClassVar[str] = "openai"

    def __init__(self, name: str, settings: AdapterSettings,
                 client: httpx.Client | None = None) -> None:
        if not isinstance(settings, OpenAISettings):
            settings = OpenAISettings.model_validate(settings.model_dump())
        super().__init__(name, settings, client)
        self.oa: OpenAISettings = settings

    def _http(self) -> httpx.Client:
        if self.client is None:
            self.client = make_client(self.oa)
        return self.client

    def _prompt(self, request: Request) -> tuple[SynthesisRequest, Prompt]:
        if not isinstance(request, SynthesisRequest):
            raise TypeError(f"{self.name} handles SynthesisRequest, "
                            f"not {type(request).__name__}")
        budget = min(self.oa.context_budget_chars,
                     request.context_budget_chars or self.oa.context_budget_chars)
        return request, build_prompt(request.question, request.task, request.candidates,
                                     request.evidence, budget, lang=request.lang, web=False,
                                     rating_scale=request.rating_scale,
                                     costs=compared(request.subjects))

    def estimate_usage(self, request: Request) -> Usage:
        """What this call may consume at most, every request it may send together
        (:func:`~scout.adapters.chat_resend.call_bound`: the prompt's tokens, ``max_tokens``
        as the output bound, a resend's too)."""
        built, prompt = self._prompt(request)
        return call_bound(prompt, built.lang, self.oa.max_tokens)

    def call(self, request: Request, credential: Secret | None = None) -> Reply[Synthesis]:
        request, prompt = self._prompt(request)

        def rebuild(chars: int) -> Prompt:
            return build_prompt(request.question, request.task, request.candidates,
                                request.evidence, chars, lang=request.lang, web=False,
                                rating_scale=request.rating_scale,
                                costs=compared(request.subjects))

        def send(p: Prompt) -> httpx.Response:
            return self._send(p, credential)

        def read(response: httpx.Response, p: Prompt) -> Reply[Synthesis]:
            return self.parse(response, EvidenceLabels(list(request.evidence), p.labels),
                              request.lang, given=(p.system, p.user), head=p.head)

        response, sends = send_fitting(send, prompt, rebuild, self.oa.max_tokens, self.name)
        reply = answered(read, send, response, sends, request.lang, self.name,
                         response_usage)
        return record_sends(reply, sends, len(request.evidence), request.lang,
                            lang=request.lang)

    def _send(self, prompt: Prompt, credential: Secret | None) -> httpx.Response:
        body: dict[str, Any] = {
            "model": self.oa.model,
            "messages": [
                {"role": "system", "content": prompt.system},
                {"role": "user", "content": prompt.user},
            ],
            "stream": False,
        }
        if self.oa.max_tokens is not None:
            body[self.oa.max_tokens_param] = self.oa.max_tokens
        if self.oa.temperature is not None:
            body["temperature"] = self.oa.temperature
        url = completions_url(self.base_url or DEFAULT_BASE_URL)
        try:
            return post_chat(self._http(), self._checked(url), body, self.name,
                             credential, key_header=self.oa.key_header,
                             extra=self._headers())
        except AuthError as exc:
            if credential is not None and self.oa.key_header is None and azure_deployment(url):
                # Azure's deployment URLs refuse a key sent as Bearer: say where it goes
                exc.hint = N_("Azure OpenAI deployment URLs take the key in the api-key "
                              "header: add key_header: api-key to this adapter in "
                              "config/adapters.yaml")
            raise

    def _checked(self, url: str) -> str:
        """``url``, refused before it is sent when Azure would only answer it with a bare
        404 (a deployment URL without ``api-version``: set in SCOUTE_<NAME>_BASE_URL,
        which config validation never sees)."""
        if azure_without_version(url):
            raise ParseError(N_("{adapter}: base_url is an Azure OpenAI deployment URL "
                                "without ?api-version=…").format(adapter=self.name),
                             adapter=self.name,
                             hint=N_("end base_url with ?api-version= and the version your "
                                     "Azure resource serves (2024-10-21), or use the v1 "
                                     "API: https://RESOURCE.openai.azure.com/openai/v1"))
        return url

    def _headers(self) -> tuple[dict[str, str], list[str]]:
        try:
            return resolve_headers(self.oa.headers, self.env)
        except ValueError as exc:  # the variable's name only: its value may be a secret
            raise ParseError(N_("{adapter}: the variable {var} is sent as an HTTP header: "
                                "one line of at most {limit} ASCII characters, no "
                                "accent").format(adapter=self.name, var=exc.args[0],
                                                 limit=MAX_VALUE_CHARS),
                             adapter=self.name) from exc

    def parse(self, response: httpx.Response, labels: EvidenceLabels | None = None,
              lang: str = "en", given: tuple[str, ...] = (), head: str | None = None
              ) -> Reply[Synthesis]:
        """A chat-completion response → Reply[Synthesis]; ParseError when it is not one.
        Notes are written in ``lang``. ``given``: the prompt's messages, whose figures a
        cited claim's must be (scout/adapters/figures.py); ``head``: the prompt before its
        evidence, which with a claim's cited evidence must state its figures (None: not
        checked against the cited evidence)."""
        labels = labels or EvidenceLabels([], ())
        _ = translations(lang).gettext
        data, content = read_completion(response, self.name)

        def resolve(kind: str, number: int) -> int | None:
            return labels.resolve(number)  # [E3] and a bare [3] both name evidence item 3

        parsed = parse_content(content, self.name, resolve, finish_reason(data), labels.by_url)
        refuse_third_language(parsed, lang, self.name, response.status_code)
        citations = labels.citations()
        known = (_("evidence {labels}").format(
                     labels=", ".join(f"[E{k}]" for k in sorted(labels.sent)))
                 if labels.sent else _("no evidence"))
        notes = answer_notes(parsed, known, lang)
        if not citations and labels.sent:
            # a refusal ("I can't help with that", "Lo siento, no puedo"), an answer from
            # the model's own memory or one a page's injected text wrote: nothing in it
            # rests on the evidence it was given, so it is no checked synthesis, and the
            # chain moves on to its next link (the local synthesis), whose note says why
            raise ParseError(N_("{adapter}: the answer cites none of the evidence it was "
                                "given").format(adapter=self.name), adapter=self.name,
                             status=response.status_code)
        if not citations and parsed.sentences:
            notes.append(_("the answer cites none of the evidence: every sentence is "
                           "marked uncited"))
        invented = given_figures(parsed.blocks, given, notes, lang)
        if head is not None and given:
            invented += sourced_figures(parsed.blocks, head, labels, notes, lang)
        model = data.get("model") if isinstance(data.get("model"), str) else self.oa.model
        synthesis = Synthesis(
            text=parsed.text, sentences=parsed.sentences, blocks=parsed.blocks,
            citations=citations, adapter=self.name, model=model,
            notes=notes,
        )
        meta: dict[str, Any] = {
            "model": model,
            "id": data.get("id") if isinstance(data.get("id"), str) else None,
            "finish_reason": finish_reason(data),
            "citations": len(citations),
            "sentences": len(parsed.sentences),
            "uncited": sum(s.uncited for s in parsed.sentences),
            "invented_figures": len(invented),
            "unknown_labels": len(parsed.unknown),
            "reasoning_removed": parsed.reasoning_removed,
            "answer_lang": other_language(parsed, lang),
        }
        return Reply(value=synthesis, usage=token_usage(data.get("usage")),
                     status=response.status_code, meta=meta)
