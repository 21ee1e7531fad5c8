"""``dedup: semantic`` — merge near-duplicate candidates with the local embedding model.

Search results from several adapters name one place in many ways ("Hotel Arts
Barcelona", "Hotel Arts Barcelona | Official Site", "Arts Barcelona – Ritz-Carlton").
The lexical merge in ``extract.py`` catches exact normalised names; this pass compares
what is left by meaning.

What is compared is each name's *core*: its first segment (titles append brands and
sites after ``|``, ``–``, `` - ``, ``:``, ``,``), accents folded, without the generic
words ``extract`` ignores (hotel, official, site…) and without the words of the search
query (the destination is in every result, so it says nothing about which place a title
names). Two candidates are merged when the cosine similarity of any of their names'
cores (aliases included) reaches ``dedup_threshold``; clustering is greedy in input order,
so results are deterministic and the first-seen candidate survives. Measured pairs and
the threshold trade-off are in docs/ml.md.

Merging keeps everything: the survivor keeps its key and name, the others' names become
aliases, and sources, evidence (re-pointed at the survivor's key) and flags are unions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scout.config.models import MLSettings
from scout.schemas.records import Candidate
from scout.steps.namewords import generic_words
from scout.text import strip_accents

_SEGMENT = re.compile(r"\s*[|–—·]\s*|\s+-\s+|:\s+|,\s+")
_WORD = re.compile(r"[a-z0-9][a-z0-9'&.\-]*")


@dataclass(frozen=True)
class Merge:
    """One merge, for the artifact's notes: ``merged`` folded into ``into``."""

    merged: str
    into: str
    similarity: float

    def __str__(self) -> str:
        return f"merged '{self.merged}' into '{self.into}' (similarity {self.similarity:.2f})"


def context_words(text: str) -> set[str]:
    return set(_WORD.findall(strip_accents(text).lower()))


def core_name(name: str, context: set[str] = frozenset()) -> str:  # type: ignore[assignment]
    """The distinctive part of a name: 'Arts Barcelona – Ritz-Carlton' → 'arts'."""
    for part in (_SEGMENT.split(name.strip())[0], name):
        words = _WORD.findall(strip_accents(part).lower())
        core = [w for w in words if w not in generic_words() and w not in context]
        if core:
            return " ".join(core)
    return strip_accents(name).lower().strip() or name


def _merge_into(survivor: Candidate, other: Candidate) -> None:
    for alias in [other.name, *other.aliases]:
        if alias != survivor.name and alias not in survivor.aliases:
            survivor.aliases.append(alias)
    for url in other.sources:
        if url not in survivor.sources:
            survivor.sources.append(url)
    seen = {e.id for e in survivor.evidence}
    for ev in other.evidence:
        if ev.id not in seen:
            seen.add(ev.id)
            survivor.evidence.append(ev.model_copy(update={"subject": survivor.key}))
    for flag in other.flags:
        if flag not in survivor.flags:
            survivor.flags.append(flag)
    if survivor.rating is None and other.rating is not None:
        survivor.rating, survivor.rating_count = other.rating, other.rating_count
    if survivor.price is None and other.price is not None:
        survivor.price = other.price
    if not survivor.url and other.url:
        survivor.url, survivor.domain = other.url, other.domain


def semantic_merge_report(
    candidates: Sequence[Candidate], *, threshold: float, root: Path, context: str = "",
    settings: MLSettings | None = None, embedder: Any = None,
) -> tuple[list[Candidate], list[Merge]]:
    """Merged candidates (first-seen order) and what was merged into what."""
    if embedder is None:
        from scout.ml.embed import get_embedder  # raises ML001 with a hint without the extra

        embedder = get_embedder(settings, root)
    if len(candidates) < 2:
        return [c.model_copy(deep=True) for c in candidates], []
    ctx_words = context_words(context)
    names = [[c.name, *c.aliases] for c in candidates]
    cores = [list(dict.fromkeys(core_name(n, ctx_words) for n in ns)) for ns in names]
    flat = list(dict.fromkeys(t for cs in cores for t in cs))
    vectors = embedder.embed(flat)
    row = {t: i for i, t in enumerate(flat)}
    sims = vectors @ vectors.T  # unit vectors: dot product = cosine similarity

    clusters: list[list[int]] = []  # candidate indices; the first one survives
    merges: list[Merge] = []
    for i, own in enumerate(cores):
        best, best_sim = None, threshold
        for k, members in enumerate(clusters):
            sim = max(float(sims[row[a], row[b]])
                      for m in members for a in cores[m] for b in own)
            if sim >= best_sim and (best is None or sim > best_sim):
                best, best_sim = k, sim
        if best is None:
            clusters.append([i])
        else:
            clusters[best].append(i)
            merges.append(Merge(candidates[i].name, candidates[clusters[best][0]].name,
                                round(best_sim, 4)))

    out: list[Candidate] = []
    for members in clusters:
        survivor = candidates[members[0]].model_copy(deep=True)
        for m in members[1:]:
            _merge_into(survivor, candidates[m])
        out.append(survivor)
    return out, merges


def semantic_merge(
    candidates: list[Candidate], *, threshold: float, root: Path, context: str = "",
    settings: MLSettings | None = None, embedder: Any = None,
) -> list[Candidate]:
    """Merge near-duplicates, keeping every source (see the module docstring)."""
    merged, _ = semantic_merge_report(candidates, threshold=threshold, root=root,
                                      context=context, settings=settings, embedder=embedder)
    return merged
