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
is sent once more with less evidence, and the synthesis notes it: that is no retry of
the same request, which the providers layer would make in vain. Rate cap, retries (429
with Retry-After, 5xx), journal, cache, cost and budget belong to
the providers layer, as for every adapter; statuses are mapped by
:func:`scout.adapters.contract.http.send` (401/403 → AuthError, 429 → RateLimited, 5xx →
Unavailable).
"""

from __future__ import annotations

from typing import Any, ClassVar

import httpx

from scout.adapters.chat_config import window_exceeded, window_numbers
from scout.adapters.chat import EvidenceLabels, answer_notes, finish_reason, parse_content, \
    completions_url, given_figures, post_chat, read_completion, refuse_third_language, \
    sourced_figures, token_usage
from scout.adapters.prompt import Prompt, build_prompt, compared
from scout.config.headers import MAX_VALUE_CHARS, resolve_headers
from scout.config.baseurl import azure_deployment, azure_without_version
from scout.config.settings import AdapterSettings, OpenAISettings
from scout.errors import AuthError, ParseError
from scout.i18n import N_, translations
from scout.i18n.numbers import format_number
from scout.adapters.contract import Reply, Request, Secret, SynthesisAdapter, \
    SynthesisRequest, Usage, usage_bound
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
        """The prompt this request sends, in tokens, and ``max_tokens`` as the output bound."""
        _, prompt = self._prompt(request)
        return usage_bound([prompt.system, prompt.user], self.oa.max_tokens)

    def call(self, request: Request, credential: Secret | None = None) -> Reply[Synthesis]:
        request, prompt = self._prompt(request)
        sent = prompt
        try:
            response = self._send(prompt, credential)
        except ParseError as exc:
            if not window_exceeded(exc):
                raise
            # over the model's context window: the same request with less evidence, once
            sent = self._smaller(request, prompt, exc)
            try:
                response = self._send(sent, credential)
            except ParseError as again:
                if not window_exceeded(again):
                    raise
                raise ParseError(N_("{error}; sent again with its evidence cut to {chars} "
                                    "characters, it was refused again").format(
                                        error=again.message, chars=len(sent.user)),
                                 adapter=self.name, status=again.status,
                                 hint=again.hint) from again
        labels = EvidenceLabels(list(request.evidence), sent.labels)
        reply = self.parse(response, labels, request.lang, given=(sent.system, sent.user),
                           head=sent.head)
        if sent is not prompt:
            _ = translations(request.lang).gettext
            reply.value.notes.append(_(
                "the prompt was larger than the model's context window: it was sent again "
                "with its evidence cut from {before} to {after} characters ({used} of "
                "{total} evidence items)").format(
                    before=format_number(len(prompt.user), request.lang),
                    after=format_number(len(sent.user), request.lang),
                    used=sent.evidence_used, total=len(request.evidence)))
        reply.meta.update(prompt_chars=len(sent.user), evidence_used=sent.evidence_used,
                          evidence_dropped=sent.evidence_dropped,
                          evidence_cut=sent.evidence_cut, lang=request.lang,
                          evidence_shrunk=sent is not prompt)
        return reply

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

    def _smaller(self, request: SynthesisRequest, prompt: Prompt, exc: ParseError) -> Prompt:
        """The prompt with less evidence, for a server that said ``prompt`` is over its
        context window: cut to what the window leaves once ``max_tokens`` is reserved,
        where the error says the window and the prompt's tokens (OpenAI, vLLM, DeepSeek,
        Mistral), else to half. ParseError saying why not where no smaller prompt can be
        answered: ``max_tokens`` fills the window itself, or no evidence would be left."""
        window, tokens, answer = window_numbers(exc.message)
        out = max(self.oa.max_tokens or 0, answer or 0)
        if window is not None and out >= window * 0.8:
            raise ParseError(N_("{error}; max_tokens ({out}) leaves no room for the prompt "
                                "in the model's context window of {window} tokens").format(
                                    error=exc.message, out=out, window=window),
                             adapter=self.name, status=exc.status, hint=exc.hint) from exc
        share = 0.5
        if window is not None and tokens is not None and tokens > 0:
            share = min(0.8, max(0.1, 0.85 * (window - out) / tokens))
        budget = int(len(prompt.user) * share)
        smaller = build_prompt(request.question, request.task, request.candidates,
                               request.evidence, max(budget, 500), lang=request.lang,
                               web=False, rating_scale=request.rating_scale,
                               costs=compared(request.subjects))
        if smaller.evidence_used == 0 or len(smaller.user) >= len(prompt.user):
            raise ParseError(N_("{error}; a smaller request would hold none of the "
                                "evidence").format(error=exc.message),
                             adapter=self.name, status=exc.status, hint=exc.hint) from exc
        return smaller

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

        parsed = parse_content(content, self.name, resolve, finish_reason(data))
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
        }
        return Reply(value=synthesis, usage=token_usage(data.get("usage")),
                     status=response.status_code, meta=meta)
