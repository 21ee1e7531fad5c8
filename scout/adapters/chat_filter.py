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

from scout.adapters.search_http import error_json, short
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


def _said(plain: str, named: str, categories: list[str], **values: object) -> str:
    """``plain`` or, with categories, ``named`` (both msgids, so a report says them in its
    reader's language: scout.i18n.messages.localize) filled in."""
    if categories:
        return named.format(categories=", ".join(categories), **values)
    return plain.format(**values)


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
    return ParseError(_said(N_("{adapter}: the provider's content filter withheld the answer "
                               "(finish_reason 'content_filter')"),
                            N_("{adapter}: the provider's content filter withheld the answer "
                               "(finish_reason 'content_filter') (filtered: {categories})"),
                            filtered_categories(*blocks), adapter=name),
                      adapter=name, status=status, hint=_HINT)


def prompt_blocked(data: dict[str, Any], name: str, status: int) -> ParseError | None:
    """The error for a 200 with no choice at all whose body says why elsewhere: Azure's
    ``prompt_filter_results`` marking a category, a ``promptFeedback.blockReason`` (what
    Gemini answers with no candidate for a prompt it blocks, "PROHIBITED_CONTENT": the
    Oaklight/llm-rosetta PR #436, tested against the live API; LiteLLM passed such an
    answer on as ``choices: []``, BerriAI/litellm PR #40864), or a ``finish_reason``
    beside the empty list; None when the body says nothing of why."""
    if prompt_filtered(data):
        return answer_filtered(data, name, status)
    feedback = data.get("promptFeedback", data.get("prompt_feedback"))
    reason = feedback.get("blockReason", feedback.get("block_reason")) \
        if isinstance(feedback, dict) else None
    if isinstance(reason, str) and reason.strip():
        return ParseError(N_("{adapter}: the provider blocked the prompt ({reason}): it "
                             "answered no choice").format(adapter=name,
                                                          reason=short(reason.strip())),
                          adapter=name, status=status, hint=_HINT)
    finish = data.get("finish_reason")
    if isinstance(finish, str) and finish.strip():
        return ParseError(N_("{adapter}: the response has no choices (an empty list; "
                             "finish_reason '{reason}')").format(
                                 adapter=name, reason=short(finish.strip())),
                          adapter=name, status=status,
                          hint=_HINT if finish.strip() == "content_filter" else None)
    return None


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
    return ParseError(_said(N_("{adapter}: HTTP {status}: the provider's content filter "
                               "refused the prompt"),
                            N_("{adapter}: HTTP {status}: the provider's content filter "
                               "refused the prompt (filtered: {categories})"),
                            filtered_categories(result), adapter=name,
                            status=response.status_code),
                      adapter=name, status=response.status_code, hint=_HINT)
