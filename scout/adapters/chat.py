"""What every Chat Completions adapter shares: the request, the response's reading, the
evidence labels' mapping back to sources and the answer's parsing into a Synthesis.

OpenAI's ``POST {base_url}/chat/completions`` is spoken by OpenAI, Perplexity, Ollama,
vLLM, llama.cpp's server and LM Studio alike. A response is ``choices[0].message.content``
(a string, or a list of parts whose ``text`` parts are the answer: Mistral's reasoning
models) plus ``usage`` (``prompt_tokens`` / ``completion_tokens``); anything else in
it is ignored, including ``message.reasoning`` / ``reasoning_content`` (a reasoning
model's thoughts never reach a report). A 200 that is not such a body → ParseError, so
the chain moves on to its next link; the message says why when the body shows it (the
model called tools instead of answering, refused, or ran out of tokens while thinking,
or in its first sentence: ``finish_reason: length``, whose answer otherwise loses the
sentence it stopped in, :func:`scout.adapters.answer.drop_unfinished`; the provider's content filter withheld it or refused the
prompt, :mod:`scout.adapters.chat_filter`; ``choices`` was empty). A choice that ended
with ``finish_reason: error`` (the upstream model failed after a gateway's 200) is an
Unavailable whatever text came with it: retried, then the next link. Extra fields servers
add (Azure's filter results, Cerebras' ``time_info``, vLLM's ``stop_reason`` and
``kv_transfer_params``, Snowflake's empty strings for null) are ignored; a server's own
charge (OpenRouter's ``usage.cost``) becomes the reported price.

The body is read once, as JSON or as the stream it came as (:mod:`scout.adapters.chat_stream`);
an error answer — over HTTP or inside a 200 — is read by :mod:`scout.adapters.chat_errors`;
the answer's language against the request's by :mod:`scout.adapters.chat_lang`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

from scout.adapters import chat_config, chat_filter
from scout.adapters.answer import MAX_ANSWER_CHARS, ParsedAnswer, drop_cut_row, \
    drop_unfinished, parse_answer
from scout.adapters.chat_lang import heading_language, language_note
from scout.adapters.chat_errors import classify_error, describe_error, in_band_error, \
    integer, number
from scout.adapters.chat_stream import answer_json
from scout.adapters.figures import Known, check_figures, check_sources, claims_of, shown
from scout.adapters.contract.http import url_secrets
from scout.adapters.search_http import fetch, short
from scout.adapters.sourcelist import url_host, url_key
from scout.errors import ParseError, Unavailable
from scout.i18n import N_
from scout.i18n import translations
from scout.task.lang import prose_lang
from scout.adapters.contract import EvidenceItem, Secret, Usage
from scout.schemas.sources import Citation

#: what a ParseError hint says when the model stopped at the token limit
_LENGTH_HINT = N_("the model stopped at its token limit (finish_reason 'length'); raise "
                  "max_tokens in config/adapters.yaml, or use a model that thinks less")


#: what an Unavailable hint says when the upstream model failed mid-answer
_ERROR_FINISH_HINT = N_("the model's provider failed while it was answering (finish_reason "
                        "'error'); its text is not shown, and the chain retries or moves on "
                        "to its next link")


#: what a ParseError hint says when the answer came only in a reasoning field
_REASONING_HINT = N_("the server put the whole answer in its reasoning field, which is never "
                     "shown: check its reasoning parser (vLLM --reasoning-parser, llama.cpp "
                     "--reasoning-format), or raise max_tokens in config/adapters.yaml")


#: what a ParseError hint says when a 200 held no answer at all
_EMPTY_HINT = N_("a local server (LM Studio, llama.cpp, Ollama) answers so when the model "
                 "failed to load or to generate, often a prompt larger than its context: "
                 "check the server's log, or lower context_budget_chars in "
                 "config/adapters.yaml")


def completions_url(base_url: str) -> str:
    """``{base_url}/chat/completions``; a base URL pasted whole, endpoint included (as
    providers' pages show it), is not doubled, and its query (a gateway's
    ``?api-version=…``) stays at the end, where a query belongs."""
    parts = urlsplit(base_url.strip())
    path = parts.path.rstrip("/")
    if not path.endswith("/chat/completions"):
        path += "/chat/completions"
    return urlunsplit(parts._replace(path=path))


def post_chat(client: httpx.Client, url: str, body: dict[str, Any], name: str,
              credential: Secret | None, *, key_header: str | None = None,
              extra: tuple[dict[str, str], list[str]] = ({}, [])) -> httpx.Response:
    """Send one chat completion; the key goes as a Bearer credential only when there is one
    (bare in ``key_header`` when that is set: Azure's ``api-key``). ``extra``: the config's
    own headers and the secret values among them (scout.config.headers.resolve_headers),
    scrubbed from any error as the key is. An error answer raises the mapped
    ProviderError with the server's explanation."""
    headers = {**extra[0], "Accept": "application/json"}
    secrets = list(extra[1])
    if credential is not None:
        key = credential.reveal()
        secrets.insert(0, key)
        if key_header is None or key_header.lower() == "authorization":
            headers["Authorization"] = f"Bearer {key}"
        else:
            headers[key_header] = key
    model = body.get("model") if isinstance(body.get("model"), str) else None
    # how the key travelled, for a 401's words: in a header, or only in the URL (a
    # secret header of the config's own is no key: keyed is never read from ``secrets``)
    keyed, url_key = credential is not None, bool(url_secrets(url))
    response = fetch(client, client.build_request("POST", url, json=body, headers=headers),
                     name, describe=describe_error, secrets=secrets,
                     classify=lambda r: classify_error(r, name, model, keyed, url_key))
    in_band_error(response, name, secrets, model, keyed=keyed, url_key=url_key)
    return response


def read_completion(response: httpx.Response, name: str) -> tuple[dict[str, Any], str]:
    """(the JSON body, ``choices[0].message.content``); ParseError when it is not one."""
    if not response.content.strip():
        raise ParseError(N_("{adapter}: the server answered HTTP {status} with an empty "
                            "body, no answer").format(adapter=name,
                                                      status=response.status_code),
                         adapter=name, status=response.status_code, hint=_EMPTY_HINT)
    try:
        data = answer_json(response)
    except (ValueError, RecursionError) as exc:  # RecursionError: absurdly deep JSON
        # most often a web page: the base URL names the server's site, not its API
        raise ParseError(N_("{adapter}: the response is not JSON").format(adapter=name),
                         adapter=name,
                         status=response.status_code,
                         hint=chat_config.BASE_URL_HINT) from exc
    try:
        message = data["choices"][0]["message"]
        content = message.get("content")
    except (KeyError, IndexError, TypeError, AttributeError) as exc:
        if isinstance(data, dict) and data.get("choices") == []:
            # no choice at all, and why said elsewhere: Azure's filter stopped the prompt,
            # Gemini blocked it (promptFeedback), a finish_reason beside the list
            blocked = chat_filter.prompt_blocked(data, name, response.status_code)
            if blocked is not None:
                raise blocked from exc
            raise ParseError(N_("{adapter}: the response has no choices (an empty "
                                "list)").format(adapter=name),
                             adapter=name, status=response.status_code) from exc
        error = describe_error(response) if isinstance(data, dict) else None
        # some servers put an error in a 200: its words are said
        message = (N_("{adapter}: the response has no choices[0].message.content ({error})")
                   if error else N_("{adapter}: the response has no "
                                    "choices[0].message.content"))
        raise ParseError(message.format(adapter=name, error=error), adapter=name,
                         status=response.status_code) from exc
    if finish_reason(data) == "error":
        raise error_finish(data, name, response.status_code)
    thought = False
    if isinstance(content, list):  # content parts: Mistral's reasoning models
        text, thought = parts_text(content)
        content = content if text is None else text
    if isinstance(content, str) and content.strip():
        return data, content
    status = response.status_code
    if isinstance(message.get("refusal"), str) and message["refusal"].strip():
        raise ParseError(N_("{adapter}: the model refused to answer: {reason}").format(
                             adapter=name, reason=short(message["refusal"])),
                         adapter=name, status=status)
    if finish_reason(data) == "content_filter":  # withheld, not a model that said nothing
        raise chat_filter.answer_filtered(data, name, status)
    if finish_reason(data) == "length":
        raise ParseError(N_("{adapter}: the answer is empty: the model ran out of tokens "
                            "before answering").format(adapter=name),
                         adapter=name, status=status, hint=_LENGTH_HINT)
    if message.get("tool_calls"):
        raise ParseError(N_("{adapter}: the model called tools instead of answering in "
                            "text").format(adapter=name),
                         adapter=name, status=status)
    if content is not None and not isinstance(content, str):
        raise ParseError(N_("{adapter}: message content is not text").format(adapter=name),
                         adapter=name, status=status)
    # parts of thinking and none of answer, or the text in reasoning fields alone (a
    # server whose reasoning parser took the answer too): never shown, so say why
    reasoned = any(isinstance(message.get(k), str) and message[k].strip()
                   for k in ("reasoning_content", "reasoning"))
    if thought or reasoned:
        raise ParseError(N_("{adapter}: the answer holds only the model's reasoning").format(
                             adapter=name),
                         adapter=name, status=status, hint=_REASONING_HINT if reasoned else None)
    # a 200 with "content": "" (or none) and no reason beside it: what LM Studio and
    # llama.cpp's server answer when generation failed (the prompt filled the context,
    # the chat template broke, the model was unloaded)
    raise ParseError(N_("{adapter}: the model answered with empty text").format(adapter=name),
                     adapter=name, status=status, hint=_EMPTY_HINT)


def error_finish(data: dict[str, Any], name: str, status: int) -> Unavailable:
    """A choice that ended with ``finish_reason: "error"`` and no error object with a status
    (those are read by chat_errors.in_band_error): OpenRouter's answer when the upstream
    model failed after the 200 was sent (Gemini's ``MALFORMED_FUNCTION_CALL``, a
    disconnect). Whatever text came with it (a stray ``<ctrl46>``, half an answer) is no
    answer: an Unavailable, so the call is retried or the chain moves on, naming
    ``native_finish_reason`` when the body gives one."""
    first = data["choices"][0]
    native = first.get("native_finish_reason")
    error = first.get("error")
    said = error.get("message") if isinstance(error, dict) else error
    detail = ", ".join(short(v) for v in (native, said) if isinstance(v, str) and v.strip())
    # msgids, so the report's note says them in its reader's language
    message = (N_("{adapter}: the model failed while answering (finish_reason 'error': "
                  "{detail})") if detail else
               N_("{adapter}: the model failed while answering (finish_reason 'error')"))
    return Unavailable(message.format(adapter=name, detail=detail),
                       adapter=name, status=status, hint=_ERROR_FINISH_HINT)


def parts_text(parts: list[Any]) -> tuple[str | None, bool]:
    """(the text of a content given as parts, whether a part was the model's reasoning).

    Mistral's reasoning models (Magistral) answer ``[{"type": "thinking", "thinking": [...]},
    {"type": "text", "text": "..."}]``; other servers send text parts alone. The ``text``
    parts are the answer, joined in order; thinking and anything else (references, images)
    never reach a report. None when the list is not parts at all (a malformed body)."""
    texts: list[str] = []
    thought = False
    for part in parts:
        if not isinstance(part, dict):
            return None, False
        kind = part.get("type")
        if kind in ("thinking", "reasoning"):
            thought = True
        elif kind in ("text", None) and isinstance(part.get("text"), str):
            texts.append(part["text"])
    return "".join(texts), thought


def finish_reason(data: dict[str, Any]) -> str | None:
    try:
        reason = data["choices"][0].get("finish_reason")
    except (KeyError, IndexError, TypeError, AttributeError):
        return None
    # Snowflake Cortex sends "" on a finished answer: no reason given, as null is
    return reason if isinstance(reason, str) and reason else None


def token_usage(raw: Any) -> Usage:
    """Usage from a response's ``usage`` block (absent or malformed: one request, no tokens).

    A server that bills the call itself says what it charged: OpenRouter's ``usage.cost``
    (USD, a number; with ``is_byok`` the upstream provider bills the user's own key too,
    ``cost_details.upstream_inference_cost``, added here). That becomes
    ``reported_usd``, which the cost ledger prefers to the tariff's estimate. A ``cost``
    that is not a number (Perplexity's object, read by its adapter) is not read here."""
    if not isinstance(raw, dict):
        return Usage(requests=1)
    reported = number(raw.get("cost"))
    if reported is not None and reported >= 0 and raw.get("is_byok") is True:
        details = raw.get("cost_details")
        upstream = number(details.get("upstream_inference_cost")) \
            if isinstance(details, dict) else None
        reported += upstream if upstream is not None and upstream > 0 else 0.0
    return Usage(requests=1, input_tokens=integer(raw.get("prompt_tokens")),
                 output_tokens=integer(raw.get("completion_tokens")),
                 reported_usd=reported if reported is not None and reported >= 0 else None)


class EvidenceLabels:
    """``[Ek]`` → a Citation of evidence item k, numbered after ``offset`` other citations
    (Perplexity's own web citations come first). Only labels that were sent resolve."""

    def __init__(self, evidence: list[EvidenceItem], sent: tuple[int, ...],
                 offset: int = 0) -> None:
        self.evidence = evidence
        self.sent = set(sent)
        self.offset = offset
        self.cited: dict[int, Citation] = {}

    def resolve(self, k: int) -> int | None:
        if k not in self.sent or not 1 <= k <= len(self.evidence):
            return None
        index = self.offset + k
        if k not in self.cited:
            item = self.evidence[k - 1]
            self.cited[k] = Citation(index=index, url=item.url, title=item.title)
        return index

    def by_url(self, url: str, number: int) -> int | None:
        """The label of the sent evidence item at ``url``, which a model's own list of
        sources gives as its ``number`` (compared as
        :func:`scout.adapters.sourcelist.url_key` does); else of one on the same site (a
        model lists a page's site, "casabonay.com/"), ``number`` itself when it is one of
        them; None when no sent item is on that site."""
        key = url_key(url)
        sent = [k for k in sorted(self.sent) if 1 <= k <= len(self.evidence)]
        for k in sent:
            if url_key(self.evidence[k - 1].url) == key:
                return k
        site = [k for k in sent if url_host(self.evidence[k - 1].url) == url_host(url)]
        return number if number in site else (site[0] if site else None)

    def citations(self) -> list[Citation]:
        return [self.cited[k] for k in sorted(self.cited)]

    def figures(self, index: int) -> Known | None:
        """The figures evidence item ``index`` (a Citation's index) states: its title, its
        text and its typed price and rating; None for an index no label gave."""
        k = index - self.offset
        if k not in self.cited:
            return None
        item = self.evidence[k - 1]
        # the typed rating is on 0-10: said so, a "4.5/5" of it is read as its share
        typed = ([f"{item.rating:g}/10"] if item.rating is not None else []) + (
            [f"{item.price.amount:g}"] if item.price is not None else [])
        return Known([item.title, item.text, *typed])


def parse_content(content: str, name: str, resolve: Any, finish: str | None = None,
                  by_url: Callable[[str, int], int | None] | None = None) -> ParsedAnswer:
    """The parsed answer; ParseError when nothing is left once reasoning is removed
    (``finish``: the choice's finish_reason, which says whether the model was cut off;
    ``by_url``: what maps the model's own numbered sources, :func:`parse_answer`)."""
    parsed = parse_answer(content, resolve, by_url)
    if finish == "length":
        drop_unfinished(parsed)  # half a sentence is no claim to show
    else:
        drop_cut_row(parsed)  # half a row, whatever the server says
    if not parsed.blocks and parsed.unfinished:
        raise ParseError(N_("{adapter}: the model ran out of tokens in its first sentence: "
                            "there is no whole sentence to show").format(adapter=name),
                         adapter=name, hint=_LENGTH_HINT)
    if not parsed.blocks:
        # whole msgids, so the report's note says them in the reader's language
        what = (N_("{adapter}: the answer holds only the model's reasoning")
                if parsed.reasoning_removed else N_("{adapter}: the answer holds no text"))
        if finish == "length":
            raise ParseError(N_("{what}: the model ran out of tokens before answering").format(
                what=what.format(adapter=name)), adapter=name, hint=_LENGTH_HINT)
        raise ParseError(what.format(adapter=name), adapter=name)
    return parsed


def given_figures(blocks: list[Any], given: tuple[str, ...], notes: list[str], lang: str,
                  checkable: Callable[[Any], bool] = lambda claim: True) -> list[str]:
    """Mark unsupported the cited claims (``checkable`` ones) stating figures that nothing
    in ``given`` (the prompt's messages) states, add the note saying so to ``notes`` in
    ``lang``, and return those figures (:mod:`scout.adapters.figures`)."""
    if not given:
        return []
    claims = [(claim, text) for claim, text in claims_of(blocks) if checkable(claim)]
    count, invented = check_figures(claims, Known(given), written_in(blocks, lang))
    if count:
        notes.append(translations(lang).ngettext(
            "{count} cited statement gives figures that nothing the model was given "
            "states ({figures}): it is marked as not supported by the evidence",
            "{count} cited statements give figures that nothing the model was given "
            "states ({figures}): they are marked as not supported by the evidence",
            count).format(count=count, figures=shown(invented)))
    return invented


def written_in(blocks: list[Any], lang: str) -> str:
    """The language the answer's claims are written in (its prose's, else ``lang``, the
    request's): it says which mark groups thousands in its figures ("1.234 €")."""
    return prose_lang(" ".join(text for _, text in claims_of(blocks))) or lang


def sourced_figures(blocks: list[Any], head: str, labels: EvidenceLabels, notes: list[str],
                    lang: str) -> list[str]:
    """Mark unsupported the cited claims stating figures that their cited evidence does
    not state (nor the request, ``head``: the prompt before its evidence), after
    :func:`given_figures` marked those that nothing given states; add the note in
    ``lang`` and return the figures (:func:`scout.adapters.figures.check_sources`)."""
    count, misplaced = check_sources(claims_of(blocks), Known([head]), labels.figures,
                                     written_in(blocks, lang))
    if count:
        notes.append(translations(lang).ngettext(
            "{count} cited statement gives figures that the evidence it cites does not "
            "state ({figures}): it is marked as not supported by the evidence",
            "{count} cited statements give figures that the evidence they cite does not "
            "state ({figures}): they are marked as not supported by the evidence",
            count).format(count=count, figures=shown(misplaced)))
    return misplaced


def answer_notes(parsed: ParsedAnswer, known: str, lang: str = "en") -> list[str]:
    """Notes on labels that pointed at nothing (``known`` says what was citable), and on an
    answer written in another language than the request's, in the request's language."""
    _ = translations(lang).gettext
    msg = _("citation {label} dropped: it points at nothing the model was given ({known})")
    notes = [msg.format(label=label, known=known) for label in parsed.unknown]
    if parsed.cut_from:  # a misbehaving server's megabyte: the reader learns it was cut
        from scout.i18n.numbers import format_number

        notes.append(_("the answer was {length} characters long: only its first {kept} "
                       "were read").format(length=format_number(parsed.cut_from, lang),
                                           kept=format_number(MAX_ANSWER_CHARS, lang)))
    if parsed.unfinished:  # cut off mid-answer: what came whole is shown, and said so
        notes.append(_("the model stopped at its token limit: the answer is cut off, and "
                       "its unfinished last sentence is left out"))
    elif parsed.stopped:
        notes.append(_("the model stopped at its token limit: the answer is cut off and "
                       "its last sentence may be unfinished"))
    if parsed.cut_row:  # the server said it finished, the text says otherwise
        notes.append(_("the answer ends in the middle of a table row, as if cut off at the "
                       "model's token limit: the unfinished row is left out"))
    wrong = language_note(parsed, lang)
    headings = heading_language(parsed, lang)
    return notes + [note for note in (wrong, headings) if note]


def response_usage(response: httpx.Response) -> Usage:
    """What an answer's body says it consumed (``usage``), for an answer refused after
    it was paid for; one request when the body says nothing readable."""
    try:
        data = answer_json(response)
    except (ValueError, RecursionError):
        return Usage(requests=1)
    return token_usage(data.get("usage") if isinstance(data, dict) else None)
