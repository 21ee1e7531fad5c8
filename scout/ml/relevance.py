"""``rank`` with ``method: embedding``: score evidence by cosine similarity to the Task.

The Task becomes one text: the rendered ``query`` parameter when the spec gives one, else
the user's request followed by every typed value ("destination Barcelona; month September
2026; budget 200 EUR; ..."), so values set by a mission or ``--set`` count too. Each piece
of evidence (title + text) is embedded and gets ``relevance`` = cosine similarity to that
text. A candidate's evidence is re-ordered most relevant first (stable for ties), and the
candidate's own ``relevance`` is the mean of its best ``TOP_K`` evidence scores, so one
lucky snippet does not outweigh several good ones; with no evidence it stays None.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scout.config.models import MLSettings
from scout.schemas.records import Candidate, Evidence

TOP_K = 3


def task_text(task: Any, rendered_query: str | None = None) -> str:
    """The text evidence is compared against."""
    if rendered_query and rendered_query.strip():
        return rendered_query.strip()
    if task is None:
        return ""
    parts = []
    query = getattr(task, "query", "") or ""
    if query.strip():
        parts.append(query.strip())
    values = getattr(task, "values", {}) or {}
    facts = [f"{name.replace('_', ' ')} {value}" for name, value in values.items()
             if value is not None and str(value).strip()]
    if facts:
        parts.append("; ".join(facts))
    return ". ".join(parts)


def evidence_text(ev: Evidence) -> str:
    title, text = ev.title.strip(), ev.text.strip()
    if not title or title == text:
        return text or title
    return f"{title}. {text}" if text else title


def score_candidates(candidates: Sequence[Candidate], query_text: str, *,
                     settings: MLSettings | None, root: Path,
                     embedder: Any = None) -> list[Candidate]:
    """Copies of ``candidates`` with evidence scored and ordered, and candidate relevance."""
    if embedder is None:
        from scout.ml.embed import get_embedder  # raises ML001 with a hint without the extra

        embedder = get_embedder(settings, root)
    out = [c.model_copy(deep=True) for c in candidates]
    texts = [evidence_text(e) for c in out for e in c.evidence]
    if not query_text.strip() or not texts:
        return out
    vectors = embedder.embed([query_text, *texts])
    scores = vectors[1:] @ vectors[0]
    i = 0
    for c in out:
        scored = []
        for ev in c.evidence:
            scored.append(ev.model_copy(update={"relevance": round(float(scores[i]), 4)}))
            i += 1
        scored.sort(key=lambda e: -(e.relevance or 0.0))  # sort is stable: ties keep order
        c.evidence = scored
        best = [e.relevance for e in scored[:TOP_K] if e.relevance is not None]
        c.relevance = round(sum(best) / len(best), 4) if best else None
    return out
