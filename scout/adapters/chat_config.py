"""What a Chat Completions server's error says about the link's own configuration.

A synthesis model's 4xx is almost never about the question: the same request reaches the
next link of the chain (another model, or the local extractive synthesis) and is answered
there. What it says is that *this* link is set up wrong for *this* server, and an operator
needs to know which setting to change. So every such error is a ``ParseError`` that moves
the chain on (a ``Rejected`` would stop the whole synthesis, and no report would be
written), and its one line names the setting, in words :mod:`scout.i18n.messages`
translates:

* **the model** is not on the server — the status is 404 and the server's words name the
  configured model (Ollama: ``model "x" not found, try pulling it first``; vLLM, OpenAI,
  Groq: ``The model `x` does not exist``), or a 400/422 says so in words (``not a valid
  model``, ``invalid model``) next to its name; ``model_not_found`` as a code or type too;
* **the base URL** has no chat endpoint — any other 404 or 405 (OpenAI's ``unknown_url`` /
  ``Invalid URL (POST /chat/completions)``, vLLM's ``{"detail": "Not Found"}``, Ollama's
  plain ``404 page not found``), or an error that quotes the path it was sent to (LM
  Studio's 200 "Unexpected endpoint or method. (POST /chat/completions)"): most often a
  base URL pasted without its ``/v1``;
* **the context window** is too small for the prompt — a code (OpenAI's
  ``context_length_exceeded``, llama.cpp's ``exceed_context_size_error``, Groq's 413
  ``rate_limit_exceeded`` on tokens per minute) or the words every server uses (``maximum
  context length``, ``context size``, ``context window``), whatever the status: a retry
  sends the same prompt, so even a 5xx saying it is not worth one;
* **no key** was sent and the server wants one (401/403 without ``Authorization`` or
  ``key_header``); when the only key travelled in the base URL (``?api-key=``, a
  ``user:pass@`` login) the line says that this key was refused, or is wanted elsewhere;
* anything else 4xx (an unsupported parameter or value): the server refused this request.

The server's own words follow on the line (added by the caller, scrubbed of the key).
"""

from __future__ import annotations

import re

from scout.config.settings import base_url_env
from scout.errors import AuthError, ParseError, ProviderError
from scout.i18n import N_

#: codes/types naming a request over the model's window, or over the plan's tokens per
#: minute (Groq's 413 "Request too large for model"): no wait and no retry fixes either
_TOO_LARGE_CODES = frozenset({"context_length_exceeded", "rate_limit_exceeded",
                              "exceed_context_size_error"})
#: the words servers use for a prompt over the context window (OpenAI, vLLM, DeepSeek:
#: "This model's maximum context length is N tokens"; llama.cpp: "exceeds the available
#: context size"; others "context window")
_CONTEXT_WORDS = re.compile(r"\bcontext[ _-]?(?:length|size|window)\b|\bmax(?:imum)?[ _-]context\b",
                            re.I)
#: words saying a named model does not exist or cannot be used, in a 400/422
_MODEL_WORD = re.compile(r"\bmodel\b", re.I)
_NO_MODEL_WORDS = re.compile(r"not found|does not exist|doesn't exist|not (?:a )?valid|"
                             r"invalid model|unknown model|no such model|unable to access|"
                             r"\bmodel\s+\S+\s+is not supported", re.I)

_TOO_LARGE_HINT = N_("lower max_tokens or context_budget_chars of this adapter in "
                     "config/adapters.yaml, or use a model with a larger limit")
_MODEL_HINT = N_("set model of this adapter in config/adapters.yaml to a model the server "
                 "serves (its /v1/models list; for Ollama, ollama list or ollama pull)")
BASE_URL_HINT = N_("set base_url of this adapter in config/adapters.yaml to the server's "
                   "API, which usually ends at /v1 (http://127.0.0.1:11434/v1 for Ollama)")
_KEY_HINT = N_("add credentials: {env: VARIABLE} to this adapter in config/adapters.yaml and "
               "export that variable with the server's key")
_URL_KEY_HINT = N_("check the key in base_url of this adapter (config/adapters.yaml, or "
                   "{var}); a server that reads its key from a header takes it in "
                   "credentials (and key_header) instead")
_REFUSED_HINT = N_("check model, max_tokens, max_tokens_param and temperature of this adapter "
                   "in config/adapters.yaml against what the server accepts")


#: the hints of the causes an error's words name for sure (the model, the URL, the
#: context window): an error in a 200 that names no status is read for these alone
NAMED_CAUSES = frozenset({_TOO_LARGE_HINT, _MODEL_HINT, BASE_URL_HINT})


def too_large(status: int, words: str, codes: tuple[str, ...]) -> bool:
    """Whether an error says the request is over the model's context window (or the
    plan's tokens per minute)."""
    return status not in (401, 402, 403, 429) and (
        any(c in _TOO_LARGE_CODES for c in codes) or bool(_CONTEXT_WORDS.search(words)))


def window_exceeded(exc: ProviderError) -> bool:
    """Whether ``exc`` is :func:`classify`'s error for a request over the model's context
    window (or the plan's tokens per minute): a smaller prompt may be answered."""
    return isinstance(exc, ParseError) and exc.hint == _TOO_LARGE_HINT


#: the window, the prompt's tokens and the answer's, as servers word them (OpenAI, vLLM,
#: DeepSeek: "maximum context length is 8192 tokens. However, you requested 8246 tokens
#: (54 in the messages, 8192 in the completion)" / "your messages resulted in 33986
#: tokens" / "your request has 8 input tokens plus 2045 'max_tokens'"; llama.cpp:
#: "request (25837 tokens) exceeds the available context size (25088 tokens)", or no
#: number at all)
_WINDOW = re.compile(r"\bmax(?:imum)?[ _-]context[ _-]length\s+(?:is\s+|of\s+)?(\d{2,9})|"
                     r"\bcontext\s+size\s+\((\d{2,9})\s+tokens\)", re.I)
_PROMPT_TOKENS = re.compile(r"\b(\d{1,9})\s+in\s+the\s+messages\b|\bresulted\s+in\s+(\d{1,9})"
                            r"\s+tokens\b|\brequest\s+has\s+(\d{1,9})\s+input\s+tokens\b|"
                            r"\bprompt\s+(?:contains|has)\s+(\d{1,9})\s+tokens\b|"
                            r"\brequest\s+\((\d{1,9})\s+tokens\)", re.I)
_ANSWER_TOKENS = re.compile(r"\b(\d{1,9})\s+in\s+the\s+completion\b|"
                            r"\bplus\s+(\d{1,9})\s+'?max_tokens\b", re.I)


def window_numbers(words: str) -> tuple[int | None, int | None, int | None]:
    """(the model's context window, the prompt's tokens, the answer's tokens asked for)
    as an error's ``words`` say them; None for each it does not say."""
    def said(pattern: re.Pattern[str]) -> int | None:
        m = pattern.search(words)
        value = next((g for g in m.groups() if g), None) if m else None
        return int(value) if value else None

    return said(_WINDOW), said(_PROMPT_TOKENS), said(_ANSWER_TOKENS)


def _names_model(words: str, model: str | None) -> bool:
    return model is not None and model.strip() != "" and model.lower() in words.lower()


def classify(status: int, words: str | None, codes: tuple[str, ...], name: str,
             model: str | None, keyed: bool, path: str | None = None,
             shown: int | None = None, *, url_key: bool = False) -> ProviderError | None:
    """The error an answer with ``status`` means for this link's configuration, or None
    where the status alone decides (429, 5xx, a refused key that was sent).

    ``words``: the server's explanation (any body shape, as the caller reads it);
    ``codes``: its ``code``/``type`` strings; ``model``: the model this link asked for;
    ``keyed``: whether a key was sent in a header (Bearer or ``key_header``; a secret
    header of the config's own is no key); ``url_key``: whether the base URL carries one
    (``?api-key=``, a login), the only key when ``keyed`` is False; ``path``: the path
    the request went to (a server that quotes it back is speaking of the URL); ``shown``: the status the answer really
    had, when ``status`` is what its body means (an error sent in a 200)."""
    said = words or ""
    lowered = tuple(c.lower() for c in codes)
    where = f"{name}: HTTP {shown or status} ("
    status_said = status
    status = shown or status
    if too_large(status_said, said, lowered):
        return ParseError(where + N_("the request is larger than this model accepts") + ")",
                          adapter=name, status=status, hint=_TOO_LARGE_HINT)
    if status_said in (401, 403) and not keyed and url_key:
        return AuthError(where + N_("the server refused the key in the base URL, or wants "
                                    "it in a header") + ")", adapter=name, status=status,
                         hint=_URL_KEY_HINT.format(var=base_url_env(name)))
    if status_said in (401, 403) and not keyed:
        return AuthError(where + N_("the server asks for a key and none was sent") + ")",
                         adapter=name, status=status, hint=_KEY_HINT)
    if not 400 <= status_said < 500 or status_said in (401, 402, 403, 429):
        return None
    # the model this link asked for, named beside a 404 or beside words saying it is not
    # there; or a model spoken of so without its name (a server that adds a tag to it,
    # "llama3:latest", or Anthropic's 404 "model: claude-…")
    if "model_not_found" in lowered or (_names_model(said, model) and (
            status_said == 404 or _NO_MODEL_WORDS.search(said))) or (
            _MODEL_WORD.search(said) and (status_said == 404 or _NO_MODEL_WORDS.search(said))):
        return ParseError(where + N_("the model named in config/adapters.yaml is not on "
                                     "this server") + ")",
                          adapter=name, status=status, hint=_MODEL_HINT)
    # LM Studio answers an unknown path with a 200 that quotes it: "Unexpected endpoint or
    # method. (POST /chat/completions)"; OpenAI's 404 quotes it too
    if status_said in (404, 405) or (path and path in said):
        return ParseError(where + N_("no chat endpoint at this base_url: it usually ends "
                                     "at /v1") + ")",
                          adapter=name, status=status, hint=BASE_URL_HINT)
    return ParseError(where + N_("the server refused the request") + ")",
                      adapter=name, status=status, hint=_REFUSED_HINT)
