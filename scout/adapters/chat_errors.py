"""What a Chat Completions server's error answer says, over HTTP or inside a 200.

:func:`describe_error` gives the server's own explanation on one line (scrubbed of the key
by the caller): OpenAI, Groq, vLLM, llama.cpp and Perplexity send ``{"error": {"message",
"type", "code"}}``, OpenRouter adds ``metadata.raw`` (the upstream provider's words),
Anthropic ``{"type": "error", "error": {"type", "message"}}``, Cohere and vLLM a top-level
``message``, Ollama and some proxies ``{"error": "…"}`` or ``{"detail": "…"}``; a body that
is not JSON gives its HTML page's title or its short plain-text line
(:func:`scout.adapters.search_http.page_detail`).

:func:`classify_error` corrects what the status alone gets wrong: a content filter's
refusal (:mod:`scout.adapters.chat_filter`), an account out of credit, which quota a 429
spent and when to come back (:mod:`scout.adapters.chat_ratelimit`), and what a 4xx says of
this link's setup — the model, the base URL, the context window, a missing key
(:mod:`scout.adapters.chat_config`). :func:`in_band_error` reads an error a 200 carries
(OpenRouter, LM Studio) as that answer would be read over HTTP.
"""

from __future__ import annotations

import math
from typing import Any

import httpx

from scout.adapters import chat_config, chat_filter, chat_ratelimit
from scout.adapters.chat_stream import answer_json
from scout.adapters.contract.http import check_status
from scout.adapters.search_http import amend_error, error_json, page_detail, short
from scout.errors import AuthError, ProviderError
from scout.i18n import N_


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


#: error ``code``/``type`` values meaning the account has no credit left, whatever the status
#: (OpenAI answers its "You exceeded your current quota" with HTTP 429; Anthropic types a
#: 402 ``billing_error``)
_OUT_OF_CREDIT = frozenset({"insufficient_quota", "billing_error", "insufficient_balance"})


def classify_error(response: httpx.Response, name: str, model: str | None = None,
                   keyed: bool = True, url_key: bool = False) -> ProviderError | None:
    """What the status alone gets wrong: a content filter's refusal (chat_filter); an
    account out of credit sent as a 429 — no wait brings credit back, so it is an
    AuthError (the pool takes the next key, the chain the next link), as a 402 is; what
    the error says of this link's configuration (chat_config: the model, the base URL,
    the context window, a missing key), whatever the body's shape. ``model``: the model
    asked for; ``keyed``: whether a key was sent in a header; ``url_key``: whether the
    base URL carries one (chat_config.classify)."""
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
                                    _codes(inner), name, model, keyed, _path(response),
                                    url_key=url_key)
    message = error.get("message")
    # Anthropic answers an empty balance with a 400 invalid_request_error whose words
    # alone say so ("Your credit balance is too low to access the Anthropic API")
    broke = isinstance(message, str) and "credit balance is too low" in message.lower()
    if broke or any(isinstance(n, str) and n in _OUT_OF_CREDIT
                    for n in (error.get("code"), error.get("type"))):
        return AuthError(f"{name}: HTTP {status} ("
                         + N_("quota used up: the account has no credit left") + ")",
                         adapter=name, status=status,
                         hint=N_("top up the account or raise its spending limit, or "
                                 "use another key"))
    if status == 429:  # which quota, and when to come back
        return chat_ratelimit.classify_429(error, response, name)
    return chat_config.classify(status, describe_error(response), _codes(error), name,
                                model, keyed, _path(response), url_key=url_key)


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
                  model: str | None = None, *, keyed: bool, url_key: bool = False) -> None:
    """Raise the error a 200 carries in its body. OpenRouter (and gateways like it) sends
    its 200 before the upstream model runs, so a later failure arrives as a top-level
    ``error`` ({code, message, metadata}) or on the first choice (``finish_reason:
    "error"`` with an ``error`` beside it). A ``code`` of 400-599 is the status the failure
    would have had, and is mapped as that status: a 429 waits and is retried, a 401 or 402
    moves to the next key, a 5xx is retried — not a ParseError that skips all of that.
    Anything else (no error, or one without such a code) is left to read_completion.
    ``secrets``: every value to scrub (the key, secret headers' values); ``keyed`` and
    ``url_key``: how a key travelled, as :func:`classify_error` takes them (a secret header
    of the config's own is no key)."""
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
        _unanswered_error(response, data, first, name, secrets, model, (keyed, url_key))
        return
    # the status it would have had, read as that answer would be: its words and codes
    # too (classify_error), so an upstream's "credit balance is too low" sent as a 400
    # moves to the next key as it does over HTTP, not a Rejected that stops the chain
    wait = response.headers.get("retry-after")  # only it: the 200's own length, encoding
    answer = httpx.Response(status, headers={"retry-after": wait} if wait else None,
                            json={"error": error})  # and type describe another body
    try:
        refined = classify_error(answer, name, model, keyed=keyed, url_key=url_key)
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
                      secrets: list[str], model: str | None, keys: tuple[bool, bool]
                      ) -> None:
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
    refined = chat_config.classify(400, words, codes, name, model, keys[0],
                                   _path(response), shown=response.status_code,
                                   url_key=keys[1])
    if refined is None or refined.hint not in chat_config.NAMED_CAUSES:
        return
    refined.message += " (" + N_("in the body of an HTTP 200 answer") + ")"
    amend_error(refined, words, secrets)
    raise refined
