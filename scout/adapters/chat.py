"""What every Chat Completions adapter shares: the request, the response's reading, the
evidence labels' mapping back to sources and the answer's parsing into a Synthesis.

OpenAI's ``POST {base_url}/chat/completions`` is spoken by OpenAI, Perplexity, Ollama,
vLLM, llama.cpp's server and LM Studio alike. A response is ``choices[0].message.content``
(a string) plus ``usage`` (``prompt_tokens`` / ``completion_tokens``); anything else in
it is ignored, including ``message.reasoning`` / ``reasoning_content`` (a reasoning
model's thoughts never reach a report). A 200 that is not such a body → ParseError, so
the chain moves on to its next link.
"""

from __future__ import annotations

from typing import Any

import httpx

from scout.adapters.answer import ParsedAnswer, parse_answer
from scout.errors import ParseError
from scout.i18n import translations
from scout.adapters.contract import EvidenceItem, Secret, Usage
from scout.adapters.contract.http import send
from scout.schemas.sources import Citation


def number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else None


def integer(value: Any) -> int | None:
    n = number(value)
    return int(n) if n is not None and n >= 0 else None


def post_chat(client: httpx.Client, url: str, body: dict[str, Any], name: str,
              credential: Secret | None) -> httpx.Response:
    """Send one chat completion; the key goes as a Bearer credential only when there is one."""
    headers = {"Accept": "application/json"}
    if credential is not None:
        headers["Authorization"] = f"Bearer {credential.reveal()}"
    return send(client, client.build_request("POST", url, json=body, headers=headers), name)


def read_completion(response: httpx.Response, name: str) -> tuple[dict[str, Any], str]:
    """(the JSON body, ``choices[0].message.content``); ParseError when it is not one."""
    try:
        data = response.json()
    except (ValueError, RecursionError) as exc:  # RecursionError: absurdly deep JSON
        raise ParseError(f"{name}: the response is not JSON", adapter=name,
                         status=response.status_code) from exc
    try:
        message = data["choices"][0]["message"]
        content = message.get("content")
    except (KeyError, IndexError, TypeError, AttributeError) as exc:
        raise ParseError(f"{name}: the response has no choices[0].message.content",
                         adapter=name, status=response.status_code) from exc
    if content is None and isinstance(message.get("refusal"), str):
        raise ParseError(f"{name}: the model refused to answer", adapter=name,
                         status=response.status_code)
    if not isinstance(content, str):
        raise ParseError(f"{name}: message content is not text", adapter=name,
                         status=response.status_code)
    return data, content


def finish_reason(data: dict[str, Any]) -> str | None:
    try:
        reason = data["choices"][0].get("finish_reason")
    except (KeyError, IndexError, TypeError, AttributeError):
        return None
    return reason if isinstance(reason, str) else None


def token_usage(raw: Any) -> Usage:
    """Usage from a response's ``usage`` block (absent or malformed: one request, no tokens)."""
    if not isinstance(raw, dict):
        return Usage(requests=1)
    return Usage(requests=1, input_tokens=integer(raw.get("prompt_tokens")),
                 output_tokens=integer(raw.get("completion_tokens")))


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


def parse_content(content: str, name: str, resolve: Any) -> ParsedAnswer:
    """The parsed answer; ParseError when nothing is left once reasoning is removed."""
    parsed = parse_answer(content, resolve)
    if not parsed.blocks:
        what = "only the model's reasoning" if parsed.reasoning_removed else "no text"
        raise ParseError(f"{name}: the answer holds {what}", adapter=name)
    return parsed


def answer_notes(parsed: ParsedAnswer, known: str, lang: str = "en") -> list[str]:
    """Notes on labels that pointed at nothing (``known`` says what was citable), in the
    request's language."""
    msg = translations(lang).gettext(
        "citation {label} dropped: it points at nothing the model was given ({known})")
    return [msg.format(label=label, known=known) for label in parsed.unknown]
