"""A provider's content filter, as Chat Completions servers report it.

Two real forms (captures in tests/fixtures/providers/openai/, SOURCES.md):

* a 200 whose choice has ``finish_reason: "content_filter"`` and an empty (or null)
  ``content``: the model's output was withheld (OpenAI, Azure OpenAI). Azure adds
  ``choices[].content_filter_results`` and ``prompt_filter_results[].content_filter_results``,
  one ``{filtered, severity}`` (or ``{filtered, detected}``) object per category;
* an HTTP 400 ``{"error": {"code": "content_filter", "message", "innererror":
  {"code": "ResponsibleAIPolicyViolation", "content_filter_result": {...}}}}``: Azure
  refused the prompt itself.

Both are a ParseError, not a Rejected: the request is not malformed, this provider's
policy refused it, and the next link of the chain (another model, or the local
extractive synthesis) can still answer. The message names the filtered categories
(``violence (medium)``) so an author sees why without opening the journal.
"""

from __future__ import annotations

from typing import Any

import httpx

from scout.adapters.search_http import error_json
from scout.errors import ParseError
from scout.i18n import N_

#: error codes meaning "a content policy refused this", never "the request is malformed"
FILTER_CODES = frozenset({"content_filter", "content_policy_violation"})
_HINT = N_("the provider's content filter refused this request; the chain moves on to its "
           "next link (another model or the extractive synthesis answers instead)")


def filtered_categories(*blocks: Any) -> list[str]:
    """``["violence (medium)", "jailbreak"]``: the categories marked ``filtered: true`` in
    Azure's ``content_filter_result(s)`` objects (anything else in them is ignored)."""
    out: list[str] = []
    for block in blocks:
        if not isinstance(block, dict):
            continue
        for name, verdict in block.items():
            if not isinstance(verdict, dict) or verdict.get("filtered") is not True:
                continue
            severity = verdict.get("severity")
            label = f"{name} ({severity})" if isinstance(severity, str) and severity \
                and severity != "safe" else str(name)
            if label not in out:
                out.append(label)
    return out


def _which(categories: list[str]) -> str:
    return f" (filtered: {', '.join(categories)})" if categories else ""


def _prompt_blocks(data: dict[str, Any]) -> list[Any]:
    prompts = data.get("prompt_filter_results")
    return [p.get("content_filter_results") for p in prompts if isinstance(p, dict)] \
        if isinstance(prompts, list) else []


def prompt_filtered(data: dict[str, Any]) -> bool:
    """Whether Azure's ``prompt_filter_results`` mark a category of the prompt filtered."""
    return bool(filtered_categories(*_prompt_blocks(data)))


def answer_filtered(data: dict[str, Any], name: str, status: int) -> ParseError:
    """The error for a 200 whose answer the provider's content filter withheld."""
    choices = data.get("choices")
    choice = choices[0] if isinstance(choices, list) and choices else {}
    blocks = [choice.get("content_filter_results") if isinstance(choice, dict) else None]
    blocks += _prompt_blocks(data)
    return ParseError(f"{name}: the provider's content filter withheld the answer "
                      f"(finish_reason 'content_filter'){_which(filtered_categories(*blocks))}",
                      adapter=name, status=status, hint=_HINT)


def classify_error(response: httpx.Response, name: str) -> ParseError | None:
    """A ParseError for an error answer that is a content filter's refusal, else None
    (the status decides, as for any other error)."""
    body = error_json(response)
    error = body.get("error") if body is not None else None
    code = error.get("code") if isinstance(error, dict) else None
    # OpenRouter's code is a number
    if not isinstance(error, dict) or not isinstance(code, str) or code not in FILTER_CODES:
        return None
    inner = error.get("innererror")
    result = inner.get("content_filter_result") if isinstance(inner, dict) else None
    return ParseError(f"{name}: HTTP {response.status_code}: the provider's content filter "
                      f"refused the prompt{_which(filtered_categories(result))}",
                      adapter=name, status=response.status_code, hint=_HINT)
