"""What the fake provider server answers, in the shapes of the real providers: a search
result as authors seed it (:class:`Result`), Tavily's search answer, Perplexity's sonar
chat completion, and the synthesis answer built from the results served when the test
seeded none (:func:`default_answer`).

The documents carry the keys of captured real answers, in their order, so scout's own
adapters read them unchanged. :mod:`scout.testing.server` keeps the seeds and serves these.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    """One search result: what a search provider returns for a query."""

    title: str
    url: str
    snippet: str = ""


@dataclass
class Answer:
    """What synthesis answers: its text, ``[n]`` citing ``citations[n-1]``."""

    text: str
    citations: list[str] = field(default_factory=list)


def search_doc(query: str, rows: list[Result], include_usage: bool) -> dict[str, Any]:
    """Tavily's answer to ``query`` with ``rows``."""
    doc: dict[str, Any] = {  # the keys of Tavily's real answer, in its order
        "query": query, "response_time": 0.01, "follow_up_questions": None,
        "answer": None, "images": [],
        "results": [{"url": r.url, "title": r.title, "content": r.snippet,
                     "score": round(0.95 - 0.01 * i, 4), "raw_content": None,
                     "favicon": "/".join(r.url.split("/", 3)[:3]) + "/favicon.ico"}
                    for i, r in enumerate(rows)],
        "request_id": str(uuid.uuid4()),
    }
    if include_usage:
        doc["usage"] = {"credits": 1}
    return doc


def synthesis_doc(answer: Answer) -> dict[str, Any]:
    """A sonar chat completion that answers ``answer``."""
    content = answer.text
    return {  # the keys of a real sonar answer
        "id": str(uuid.uuid4()), "model": "sonar", "created": 0,
        "usage": {"prompt_tokens": 10, "completion_tokens": max(1, len(content) // 4),
                  "total_tokens": 10 + max(1, len(content) // 4),
                  "search_context_size": "low",
                  "cost": {"input_tokens_cost": 0.0, "output_tokens_cost": 0.0,
                           "request_cost": 0.005, "total_cost": 0.005}},
        "citations": answer.citations,
        "search_results": [{"title": u, "url": u, "date": None, "last_updated": None}
                           for u in answer.citations],
        "object": "chat.completion",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": content},
                     "delta": {"role": "assistant", "content": ""}}],
    }


def default_answer(served: list[Result]) -> Answer:
    """The answer when none is seeded: what each served result says (its snippet, else its
    title), every sentence of it cited to that result, as a real answer cites them. The
    answer is read back sentence by sentence (scout.adapters.text.split_sentences, for
    every synthesis adapter), so a snippet of several sentences with one marker at its end
    would leave all but its last uncited in the report."""
    from scout.adapters.text import split_sentences

    parts = []
    for i, r in enumerate(served, 1):
        for sentence in split_sentences(r.snippet or r.title) or [r.title]:
            body = sentence.rstrip(".!?… ")
            if body:
                end = sentence[-1] if sentence[-1] in ".!?" else "."
                parts.append(f"{body} [{i}]{end}")
    return Answer(" ".join(parts) or "No sources were found.", [r.url for r in served])
