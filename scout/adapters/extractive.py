"""Extractive synthesis: the keyless, offline last link of the ``synthesis`` chain.

No network, no credentials, no model: it picks the evidence sentences that best match
the request and cites each one to the evidence item it came from. Deterministic by
construction (stable sorts with explicit tie-breaks, no sets iterated, no clock in the
scoring), so two runs over the same evidence give the same sentences and citations.

Scoring, per evidence sentence:

- the request's terms are the content words of the question, the Task (its query and
  typed values) and the candidate names;
- each distinct request term found in the sentence adds its inverse sentence frequency
  ``1 + ln((N + 1) / (df + 1))`` over all N evidence sentences, so rare, specific terms
  (a hotel's name, "rooftop") count more than ones every sentence has;
- +1 when the sentence names a candidate (every word of the name), +0.5 when it holds a
  number (prices, ratings and dates are what a reader wants).

Sentences that score nothing, are too short or too long, or repeat one already chosen
are skipped; at most ``max_sentences`` are kept, and no source supplies more than half
of them (so one long page cannot drown the rest).

Every sentence cites the evidence item it was taken from (``Citation`` with its URL and
title). ``Synthesis.sources`` stays empty: the evidence already is a source elsewhere in
the run, and a fresh ``Source`` would carry a new ``retrieved_at`` stamp that makes two
runs differ although nothing was retrieved.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

import httpx

from scout.adapters.settings import AdapterSettings, ExtractiveSettings
from scout.adapters.text import clean, flatten_strings, fold, split_sentences, terms
from scout.providers.contract import EvidenceItem, Reply, Request, Secret, \
    SynthesisAdapter, SynthesisRequest
from scout.schemas.sources import Citation, Synthesis, SynthesisSentence

MIN_CHARS = 20
MAX_CHARS = 500
MIN_WORDS = 4


@dataclass(frozen=True)
class _Candidate:
    text: str
    item: int  # index into the evidence list
    position: int  # sentence number inside the item
    words: frozenset[str]
    has_number: bool


def request_terms(request: SynthesisRequest) -> list[str]:
    """The request's distinct content words, in first-seen order."""
    texts = [request.question]
    task = request.task
    if isinstance(task.get("values"), dict):
        texts += [str(task.get("query") or ""), *flatten_strings(task["values"])]
    else:
        texts += list(flatten_strings(task))
    texts += request.candidates
    seen: dict[str, None] = {}
    for text in texts:
        for word in terms(text):
            seen.setdefault(word, None)
    return list(seen)


class ExtractiveAdapter(SynthesisAdapter):
    type_name: ClassVar[str] = "extractive"
    uses_http: ClassVar[bool] = False

    def __init__(self, name: str, settings: AdapterSettings,
                 client: httpx.Client | None = None) -> None:
        if not isinstance(settings, ExtractiveSettings):
            settings = ExtractiveSettings.model_validate(settings.model_dump())
        super().__init__(name, settings, client)
        self.ex: ExtractiveSettings = settings

    def call(self, request: Request, credential: Secret | None = None) -> Reply[Synthesis]:
        if not isinstance(request, SynthesisRequest):
            raise TypeError(f"{self.name} handles SynthesisRequest, "
                            f"not {type(request).__name__}")
        wanted = request_terms(request)
        pool = self._sentences(request.evidence)
        chosen = self._choose(pool, wanted, request.candidates)
        synthesis = self._synthesis(chosen, request.evidence, bool(wanted))
        meta = {"evidence": len(request.evidence), "sentences_considered": len(pool),
                "selected": len(synthesis.sentences), "terms": len(wanted)}
        return Reply(value=synthesis, meta=meta)

    # --- scoring ---------------------------------------------------------------------

    @staticmethod
    def _sentences(evidence: list[EvidenceItem]) -> list[_Candidate]:
        out: list[_Candidate] = []
        for i, item in enumerate(evidence):
            for p, raw in enumerate(split_sentences(item.text)):
                text = clean(raw)
                if not (MIN_CHARS <= len(text) <= MAX_CHARS) or len(text.split()) < MIN_WORDS:
                    continue
                out.append(_Candidate(text, i, p, frozenset(terms(text)),
                                      any(c.isdigit() for c in text)))
        return out

    def _choose(self, pool: list[_Candidate], wanted: list[str],
                candidates: list[str]) -> list[tuple[float, _Candidate]]:
        n = len(pool)
        df = {t: sum(1 for c in pool if t in c.words) for t in wanted}
        weight = {t: 1.0 + math.log((n + 1) / (df[t] + 1)) for t in wanted}
        names = [terms(c) for c in candidates]
        scored: list[tuple[float, _Candidate]] = []
        for cand in pool:
            matched = [t for t in wanted if t in cand.words]
            if not matched:
                continue
            score = sum(weight[t] for t in matched)
            if any(name and all(w in cand.words for w in name) for name in names):
                score += 1.0
            if cand.has_number:
                score += 0.5
            scored.append((round(score, 9), cand))
        # best first; ties broken by evidence order, then by position in the item
        scored.sort(key=lambda sc: (-sc[0], sc[1].item, sc[1].position))
        limit = self.ex.max_sentences
        per_source = max(1, (limit + 1) // 2)
        taken: list[tuple[float, _Candidate]] = []
        seen_text: list[str] = []
        per_item: dict[int, int] = {}
        for score, cand in scored:
            key = " ".join(terms(cand.text)) or fold(cand.text)
            if key in seen_text or per_item.get(cand.item, 0) >= per_source:
                continue
            taken.append((score, cand))
            seen_text.append(key)
            per_item[cand.item] = per_item.get(cand.item, 0) + 1
            if len(taken) >= limit:
                break
        return taken

    # --- output ----------------------------------------------------------------------

    def _synthesis(self, chosen: list[tuple[float, _Candidate]],
                   evidence: list[EvidenceItem], had_terms: bool) -> Synthesis:
        index_of_url: dict[str, int] = {}
        citations: list[Citation] = []
        sentences: list[SynthesisSentence] = []
        for _score, cand in chosen:
            item = evidence[cand.item]
            if item.url not in index_of_url:
                index = len(citations) + 1
                index_of_url[item.url] = index
                citations.append(Citation(index=index, url=item.url, title=item.title))
            sentences.append(SynthesisSentence(text=cand.text,
                                               citations=[index_of_url[item.url]]))
        notes: list[str] = []
        if not evidence:
            notes.append("no evidence was collected, so there is nothing to summarise")
        elif not had_terms:
            notes.append("the request has no content words to score evidence against")
        elif not sentences:
            notes.append("no evidence sentence mentions the request's terms")
        text = " ".join(f"{s.text} [{s.citations[0]}]" for s in sentences)
        return Synthesis(text=text, sentences=sentences, citations=citations,
                         adapter=self.name, model="extractive", notes=notes)
