"""What every Chat Completions adapter shares: the request, the response's reading, the
evidence labels' mapping back to sources and the answer's parsing into a Synthesis.

OpenAI's ``POST {base_url}/chat/completions`` is spoken by OpenAI, Perplexity, Ollama,
vLLM, llama.cpp's server and LM Studio alike. A response is ``choices[0].message.content``
(a string, or a list of parts whose ``text`` parts are the answer: Mistral's reasoning
models) plus ``usage`` (``prompt_tokens`` / ``completion_tokens``); anything else in
it is ignored, including ``message.reasoning`` / ``reasoning_content`` (a reasoning
model's thoughts never reach a report). A 200 that is not such a body → ParseError, so
the chain moves on to its next link; the message says why when the body shows it (the
model called tools instead of answering, refused, or ran out of tokens while thinking:
``finish_reason: length``; the provider's content filter withheld it or refused the
prompt, :mod:`scout.adapters.chat_filter`; ``choices`` was empty). Extra fields servers
add (Azure's filter results, Cerebras' ``time_info``, vLLM's ``stop_reason`` and
``kv_transfer_params``, Snowflake's empty strings for null) are ignored; a server's own
charge (OpenRouter's ``usage.cost``) becomes the reported price.

An error answer that says this link is set up wrong (the model is not on the server, the
base URL has no chat endpoint, the prompt is over the context window, no key was sent, a
setting is refused) is a ParseError naming the setting, so the chain moves on
(:mod:`scout.adapters.chat_config`). An error answer keeps the server's own explanation in
the message (scrubbed of the key):
OpenAI, Groq, vLLM, llama.cpp and Perplexity send ``{"error": {"message", "type",
"code"}}``, OpenRouter adds ``metadata.raw`` (the upstream provider's words), Anthropic
``{"type": "error", "error": {"type", "message"}}``, Cohere a top-level ``message``,
Ollama and some proxies ``{"error": "…"}`` or ``{"detail": "…"}``; a body that is not
JSON gives its HTML page's title or its short plain-text line
(:func:`scout.adapters.search_http.page_detail`).
"""

from __future__ import annotations

import math
import weakref
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

from scout.adapters import chat_config, chat_filter, chat_ratelimit, chat_stream
from scout.adapters.answer import MAX_ANSWER_CHARS, ParsedAnswer, parse_answer
from scout.adapters.contract.http import check_status
from scout.adapters.search_http import amend_error, error_json, fetch, load_json, \
    page_detail, short
from scout.errors import AuthError, ParseError, ProviderError
from scout.i18n import N_
from scout.i18n import translations
from scout.task.lang import LANGS, prose_lang, prose_words
from scout.adapters.contract import EvidenceItem, Secret, Usage
from scout.schemas.sources import Citation

#: what a ParseError hint says when the model stopped at the token limit
_LENGTH_HINT = ("the model stopped at its token limit (finish_reason 'length'); raise "
                "max_tokens in config/adapters.yaml, or use a model that thinks less")


#: what a ParseError hint says when the answer came only in a reasoning field
_REASONING_HINT = N_("the server put the whole answer in its reasoning field, which is never "
                     "shown: check its reasoning parser (vLLM --reasoning-parser, llama.cpp "
                     "--reasoning-format), or raise max_tokens in config/adapters.yaml")


#: each answer's body parsed once: in_band_error reads it for an error, read_completion for
#: the answer (a long answer parsed twice is time and memory spent for nothing); weak, so
#: an answer's parse goes with the answer
_PARSED: weakref.WeakKeyDictionary[httpx.Response, Any] = weakref.WeakKeyDictionary()


def answer_json(response: httpx.Response) -> Any:
    """The body parsed as JSON (:func:`load_json`, whose errors it raises), or a streamed
    body as the completion it adds up to (:mod:`scout.adapters.chat_stream`), once per
    answer."""
    if response in _PARSED:
        return _PARSED[response]
    try:
        data = load_json(response)
    except ValueError:
        # streamed although "stream": false was asked: the answer the chunks add up to
        data = chat_stream.assemble(response.content.decode("utf-8", errors="replace"))
        if data is None:
            raise
    _PARSED[response] = data
    return data


def number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else None


def integer(value: Any) -> int | None:
    """A provider's count as an int; None for garbage, a negative, NaN or infinity
    (``1e400`` reads as infinity, which no int holds)."""
    n = number(value)
    return int(n) if n is not None and 0 <= n < math.inf else None


def status_code(value: Any) -> int | None:
    """An HTTP status a provider writes in a body (``429``, ``"429"``, ``" 503 "``); None
    for anything else ("429abc", "4²9", a list, a number thousands of digits long)."""
    if isinstance(value, str):
        text = value.strip()
        return int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else None
    n = integer(value)
    return n if n is not None and n <= 999 else None


def describe_error(response: httpx.Response) -> str | None:
    """The server's own explanation in an error body, on one line (or None)."""
    body = error_json(response)
    if body is None:
        return None
    error = next((body[k] for k in ("error", "detail", "message") if body.get(k)), None)
    if isinstance(error, list) and error and isinstance(error[0], dict):  # validation list
        error = error[0]
    if isinstance(error, str):
        return short(error)
    if not isinstance(error, dict):
        return None
    message = error.get("message") or error.get("msg")
    # a name for the error: OpenAI's code or type, Google's status ("INVALID_ARGUMENT")
    code = next((error[k] for k in ("code", "type", "status") if isinstance(error.get(k), str)),
                None)
    text = ": ".join(short(p) for p in (code, message) if p and isinstance(p, str))
    meta = error.get("metadata")
    raw = meta.get("raw") if isinstance(meta, dict) else None
    if isinstance(raw, str) and raw.strip():  # OpenRouter: what the upstream provider said
        who = meta.get("provider_name") if isinstance(meta, dict) else None
        text += f" ({who}: {short(raw)})" if isinstance(who, str) else f" ({short(raw)})"
    return text.strip() or None


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
              credential: Secret | None) -> httpx.Response:
    """Send one chat completion; the key goes as a Bearer credential only when there is one.
    An error answer raises the mapped ProviderError with the server's explanation."""
    headers = {"Accept": "application/json"}
    secrets = []
    if credential is not None:
        secrets.append(credential.reveal())
        headers["Authorization"] = f"Bearer {secrets[0]}"
    model = body.get("model") if isinstance(body.get("model"), str) else None
    keyed = credential is not None
    response = fetch(client, client.build_request("POST", url, json=body, headers=headers),
                     name, describe=describe_error, secrets=secrets,
                     classify=lambda r: classify_error(r, name, model, keyed))
    in_band_error(response, name, secrets, model)
    return response


#: error ``code``/``type`` values meaning the account has no credit left, whatever the status
#: (OpenAI answers its "You exceeded your current quota" with HTTP 429; Anthropic types a
#: 402 ``billing_error``)
_OUT_OF_CREDIT = frozenset({"insufficient_quota", "billing_error", "insufficient_balance"})


def classify_error(response: httpx.Response, name: str, model: str | None = None,
                   keyed: bool = True) -> ProviderError | None:
    """What the status alone gets wrong: a content filter's refusal (chat_filter); an
    account out of credit sent as a 429 — no wait brings credit back, so it is an
    AuthError (the pool takes the next key, the chain the next link), as a 402 is; what
    the error says of this link's configuration (chat_config: the model, the base URL,
    the context window, a missing key), whatever the body's shape. ``model``: the model
    asked for; ``keyed``: whether a key was sent."""
    refused = chat_filter.classify_error(response, name)
    if refused is not None:
        return refused
    body = error_json(response)
    error = body.get("error") if body is not None else None
    status = response.status_code
    if status == 429 and not isinstance(error, dict):
        return chat_ratelimit.classify_429({}, response, name)
    if not isinstance(error, dict):  # vLLM's top-level message, Ollama's bare string, a page
        inner = body if body is not None else {}
        return chat_config.classify(status, describe_error(response) or page_detail(response),
                                    _codes(inner), name, model, keyed, _path(response))
    message = error.get("message")
    # Anthropic answers an empty balance with a 400 invalid_request_error whose words
    # alone say so ("Your credit balance is too low to access the Anthropic API")
    broke = isinstance(message, str) and "credit balance is too low" in message.lower()
    if broke or any(isinstance(n, str) and n in _OUT_OF_CREDIT
                    for n in (error.get("code"), error.get("type"))):
        return AuthError(f"{name}: HTTP {status} ("
                         + N_("quota used up: the account has no credit left") + ")",
                         adapter=name, status=status,
                         hint="top up the account or raise its spending limit, or use "
                              "another key")
    if status == 429:  # which quota, and when to come back
        return chat_ratelimit.classify_429(error, response, name)
    return chat_config.classify(status, describe_error(response), _codes(error), name,
                                model, keyed, _path(response))


def _path(response: httpx.Response) -> str | None:
    """The path the request went to ("/v1/chat/completions"), when the answer has one."""
    try:
        return response.request.url.path or None
    except RuntimeError:  # an answer built here, not received (an error found in a 200)
        return None


def _codes(error: dict[str, Any]) -> tuple[str, ...]:
    """An error object's ``code`` and ``type`` where they are words (a number is a status)."""
    return tuple(v for v in (error.get("code"), error.get("type")) if isinstance(v, str))


def in_band_error(response: httpx.Response, name: str, secrets: list[str],
                  model: str | None = None) -> None:
    """Raise the error a 200 carries in its body. OpenRouter (and gateways like it) sends
    its 200 before the upstream model runs, so a later failure arrives as a top-level
    ``error`` ({code, message, metadata}) or on the first choice (``finish_reason:
    "error"`` with an ``error`` beside it). A ``code`` of 400-599 is the status the failure
    would have had, and is mapped as that status: a 429 waits and is retried, a 401 or 402
    moves to the next key, a 5xx is retried — not a ParseError that skips all of that.
    Anything else (no error, or one without such a code) is left to read_completion."""
    try:
        data = answer_json(response)
    except (ValueError, RecursionError):
        return
    if not isinstance(data, dict):
        return
    error = data.get("error")
    choices = data.get("choices")
    first = choices[0] if isinstance(choices, list) and choices else None
    if not isinstance(error, dict) and isinstance(first, dict) \
            and first.get("finish_reason") == "error":
        error = first.get("error")
    status = status_code(error.get("code")) if isinstance(error, dict) else None
    if status is None or not isinstance(error, dict) or not 400 <= status <= 599:
        _unanswered_error(response, data, first, name, secrets, model)
        return
    # the status it would have had, read as that answer would be: its words and codes
    # too (classify_error), so an upstream's "credit balance is too low" sent as a 400
    # moves to the next key as it does over HTTP, not a Rejected that stops the chain
    wait = response.headers.get("retry-after")  # only it: the 200's own length, encoding
    answer = httpx.Response(status, headers={"retry-after": wait} if wait else None,
                            json={"error": error})  # and type describe another body
    try:
        refined = classify_error(answer, name, model, keyed=bool(secrets))
        if refined is not None:
            raise refined
        check_status(answer, name)
    except ProviderError as exc:
        exc.message += " (" + N_("in the body of an HTTP 200 answer") + ")"
        message = error.get("message")
        said = describe_error(httpx.Response(status, json={"error": error})) \
            if isinstance(message, str) or isinstance(error.get("metadata"), dict) else None
        amend_error(exc, said, secrets)
        raise


def _unanswered_error(response: httpx.Response, data: dict[str, Any], first: Any, name: str,
                      secrets: list[str], model: str | None) -> None:
    """Raise the error a 200 without an answer carries when it names no status (LM
    Studio's ``{"error": "Unexpected endpoint or method. (POST /chat/completions)"}``,
    Ollama's bare string) when its words name the cause for sure (chat_config: the model,
    the URL, the context window), the message saying it came in a 200. Any other such
    error, and a body with an answer beside its error, is left to read_completion."""
    error = data.get("error")
    if not isinstance(error, (dict, str)) or not error or \
            (isinstance(first, dict) and isinstance(first.get("message"), dict)):
        return
    words = describe_error(response)
    codes = _codes(error) if isinstance(error, dict) else ()
    refined = chat_config.classify(400, words, codes, name, model, bool(secrets),
                                   _path(response), shown=response.status_code)
    if refined is None or refined.hint not in chat_config.NAMED_CAUSES:
        return
    refined.message += " (" + N_("in the body of an HTTP 200 answer") + ")"
    amend_error(refined, words, secrets)
    raise refined


def read_completion(response: httpx.Response, name: str) -> tuple[dict[str, Any], str]:
    """(the JSON body, ``choices[0].message.content``); ParseError when it is not one."""
    try:
        data = answer_json(response)
    except (ValueError, RecursionError) as exc:  # RecursionError: absurdly deep JSON
        # most often a web page: the base URL names the server's site, not its API
        raise ParseError(f"{name}: the response is not JSON", adapter=name,
                         status=response.status_code,
                         hint=chat_config.BASE_URL_HINT) from exc
    try:
        message = data["choices"][0]["message"]
        content = message.get("content")
    except (KeyError, IndexError, TypeError, AttributeError) as exc:
        if isinstance(data, dict) and data.get("choices") == []:
            # Azure answers no choice at all when its filter stopped the prompt
            if chat_filter.prompt_filtered(data):
                raise chat_filter.answer_filtered(data, name, response.status_code) from exc
            raise ParseError(f"{name}: the response has no choices (an empty list)",
                             adapter=name, status=response.status_code) from exc
        error = describe_error(response) if isinstance(data, dict) else None
        said = f" ({error})" if error else ""  # some servers put an error in a 200
        raise ParseError(f"{name}: the response has no choices[0].message.content{said}",
                         adapter=name, status=response.status_code) from exc
    thought = False
    if isinstance(content, list):  # content parts: Mistral's reasoning models
        text, thought = parts_text(content)
        content = content if text is None else text
    if isinstance(content, str) and content.strip():
        return data, content
    status = response.status_code
    if isinstance(message.get("refusal"), str) and message["refusal"].strip():
        raise ParseError(f"{name}: the model refused to answer: {short(message['refusal'])}",
                         adapter=name, status=status)
    if finish_reason(data) == "content_filter":  # withheld, not a model that said nothing
        raise chat_filter.answer_filtered(data, name, status)
    if finish_reason(data) == "length":
        raise ParseError(f"{name}: the answer is empty: the model ran out of tokens "
                         f"before answering", adapter=name, status=status, hint=_LENGTH_HINT)
    if message.get("tool_calls"):
        raise ParseError(f"{name}: the model called tools instead of answering in text",
                         adapter=name, status=status)
    if content is not None and not isinstance(content, str):
        raise ParseError(f"{name}: message content is not text", adapter=name, status=status)
    # parts of thinking and none of answer, or the text in reasoning fields alone (a
    # server whose reasoning parser took the answer too): never shown, so say why
    reasoned = any(isinstance(message.get(k), str) and message[k].strip()
                   for k in ("reasoning_content", "reasoning"))
    if thought or reasoned:
        raise ParseError(f"{name}: the answer holds only the model's reasoning", adapter=name,
                         status=status, hint=_REASONING_HINT if reasoned else None)
    return data, content or ""


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

    def citations(self) -> list[Citation]:
        return [self.cited[k] for k in sorted(self.cited)]


def parse_content(content: str, name: str, resolve: Any, finish: str | None = None
                  ) -> ParsedAnswer:
    """The parsed answer; ParseError when nothing is left once reasoning is removed
    (``finish``: the choice's finish_reason, which says whether the model was cut off)."""
    parsed = parse_answer(content, resolve)
    if not parsed.blocks:
        what = "only the model's reasoning" if parsed.reasoning_removed else "no text"
        if finish == "length":
            raise ParseError(f"{name}: the answer holds {what}: the model ran out of "
                             f"tokens before answering", adapter=name, hint=_LENGTH_HINT)
        raise ParseError(f"{name}: the answer holds {what}", adapter=name)
    return parsed


#: paragraphs this long (lower-case words) in neither English nor Spanish are noted
FOREIGN_MIN_WORDS = 30
#: the share of English and Spanish function words under which prose is in neither:
#: English or Spanish answers hold over a third, German, French or Italian ones a tenth
FOREIGN_SHARE = 0.2


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
    wrong = language_note(parsed, lang)
    return notes + ([wrong] if wrong else [])


def language_note(parsed: ParsedAnswer, lang: str) -> str | None:
    """A note when the answer's prose is clearly in another language than ``lang`` (the
    request's): models often ignore the instruction to answer in it. The other of scout's
    languages is named; a third one (German, French...) is said by what it is not: its
    paragraphs hold :data:`FOREIGN_MIN_WORDS` lower-case words or more, and English and
    Spanish function words make less than :data:`FOREIGN_SHARE` of them (a list's terse
    items are not judged). Short answers, quotes and names are not judged
    (:func:`scout.task.lang.prose_lang`); tables and headings are not prose. Nothing is
    asked again: a retry would cost a second answer."""
    if lang not in LANGS:
        return None
    written = prose_lang(" ".join(s.text for s in parsed.sentences))
    _ = translations(lang).gettext
    names = {"en": _("English"), "es": _("Spanish")}
    if written is None:
        en, es, words = prose_words(" ".join(s.text for b in parsed.blocks
                                             if b.kind == "paragraph" for s in b.items))
        if words < FOREIGN_MIN_WORDS or en + es >= FOREIGN_SHARE * words:
            return None
        return _("the answer is not written in {asked}, the language of the request: the "
                 "model did not follow the instruction to answer in it").format(
                     asked=names[lang])
    if written == lang:
        return None
    return _("the answer is written in {written}, not in {asked}, the language of the "
             "request: the model did not follow the instruction to answer in it").format(
                 written=names[written], asked=names[lang])
