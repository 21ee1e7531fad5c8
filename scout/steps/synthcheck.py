"""A model's synthesis read against the ranking: the left-out candidates it names.

The prompt gives a model the candidates and the evidence, the left-out candidates'
evidence included (a near miss is cited by the page that stated its figure). A model may
still recommend one of them: "Hotel Arts is the best choice" when the ranking left it
out over the budget, or a page's injected instruction told it to. The synthesis is not
rewritten (a sentence saying that Hotel Arts is over budget is true); the report's note
names the left-out candidates the answer names, so the reader knows they do not fit the
request. The keyless synthesis never recommends one and is not read.
"""

from __future__ import annotations

from scout.adapters.contract import SubjectBrief
from scout.i18n import N_
from scout.schemas.sources import KEYLESS_MODEL, Synthesis
from scout.steps.mentions import names_candidate, shared_words
from scout.steps.namewords import name_words

#: the note, as the report localises it (scout.i18n.messages)
LEFT_OUT_NOTE = N_("the answer names {names}, which the ranking left out as not fitting "
                   "the request (see What changed the shortlist)")


def _texts(synthesis: Synthesis) -> list[str]:
    """Every sentence, list item, heading and table row of the answer."""
    out = [s.text for s in synthesis.sentences]
    for block in synthesis.blocks:
        if block.kind == "heading" and block.text:
            out.append(block.text)
        elif block.kind == "table":
            out.extend(" ".join(r.cells) for r in block.rows)
    return out


def left_out_named(synthesis: Synthesis, subjects: list[SubjectBrief],
                   request: str = "") -> list[str]:
    """The left-out candidates (``subjects`` the ranking excluded) a model's ``synthesis``
    names by their own words, in the subjects' order; [] for the keyless synthesis or
    a run with no ranking. The keyless synthesis names its model ``KEYLESS_MODEL``: its
    near misses name left-out candidates as left out, on purpose. The words of the
    ``request`` they were all found for are no candidate's own: an answer about a thesis
    printed in Granada names no left-out "Tesis Express Granada" by "tesis", nor "Poster
    Express UK" by an A0 "poster" asked for."""
    if not synthesis.model or synthesis.model == KEYLESS_MODEL:
        return []
    left_out = [s for s in subjects if s.rank is None and s.excluded]
    if not left_out or not any(s.rank is not None for s in subjects):
        return []
    shared = shared_words([s.name for s in subjects]) | frozenset(name_words(request))
    texts = _texts(synthesis)
    return [s.name for s in left_out if any(names_candidate(s.name, t, shared) for t in texts)]


def left_out_note(synthesis: Synthesis, subjects: list[SubjectBrief],
                  request: str = "") -> str | None:
    named = left_out_named(synthesis, subjects, request)
    return LEFT_OUT_NOTE.format(names=", ".join(named)) if named else None
