"""Extractive synthesis: the keyless, offline last link of the ``synthesis`` chain.

No network, no credentials, no model. It reads the typed request — the Task's
constraints, the candidates as the rank step left them (shortlisted in order, excluded
with reasons) and the evidence with the prices, ratings and dates it stated — and writes
a structured synthesis in the request's language (scout/adapters/structured.py): a cited
recommendation, pros and cons per shortlisted candidate, conflicts between sources,
near misses and caveats. ``text`` and ``sentences`` carry the same content as flat prose
for readers that only know those.

Deterministic by construction (lists in request order, explicit tie-breaks, no clock),
so two runs over the same request give byte-identical output.

Every quoted or generated sentence cites the evidence it rests on (``Citation`` with its
URL and title). ``Synthesis.sources`` stays empty: the evidence already is a source
elsewhere in the run, and a fresh ``Source`` would carry a new ``retrieved_at`` stamp
that makes two runs differ although nothing was retrieved.
"""

from __future__ import annotations

from typing import ClassVar

import httpx

from scout.adapters.aspects import AspectMatcher
from scout.config.settings import AdapterSettings, ExtractiveSettings
from scout.adapters.structured import Builder
from scout.i18n import translations
from scout.adapters.contract import Reply, Request, Secret, SynthesisAdapter, \
    SynthesisRequest
from scout.schemas.sources import Synthesis


class ExtractiveAdapter(SynthesisAdapter):
    type_name: ClassVar[str] = "extractive"
    uses_http: ClassVar[bool] = False

    def __init__(self, name: str, settings: AdapterSettings,
                 client: httpx.Client | None = None,
                 matcher: AspectMatcher | None = None) -> None:
        if not isinstance(settings, ExtractiveSettings):
            settings = ExtractiveSettings.model_validate(settings.model_dump())
        super().__init__(name, settings, client)
        self.ex: ExtractiveSettings = settings
        #: how evidence sentences map to aspects; the lexicon unless one is injected
        self.matcher = matcher

    def call(self, request: Request, credential: Secret | None = None) -> Reply[Synthesis]:
        if not isinstance(request, SynthesisRequest):
            raise TypeError(f"{self.name} handles SynthesisRequest, "
                            f"not {type(request).__name__}")
        builder = Builder(request, self.ex, translations(request.lang), self.matcher)
        synthesis = builder.build(self.name)
        meta = {"evidence": len(request.evidence), "subjects": len(builder.subjects),
                "selected": len(synthesis.sentences)}
        return Reply(value=synthesis, meta=meta)
