"""What a candidate's own page says changed (postponed, rescheduled, moved online, only on
pre-order: scout/steps/pagestatus.py) reaches the keyless synthesis in the request's
language, beside the candidate and citing its page (scout/steps/synthesize.py,
scout/adapters/candidate_notes.py); a brief without one dumps as before (cache keys)."""

from __future__ import annotations

import pytest

from scout.adapters.contract import EvidenceItem, SynthesisRequest
from scout.adapters.extractive import ExtractiveAdapter
from scout.config.settings import ExtractiveSettings
from scout.i18n.messages import localize
from scout.schemas.records import Candidate
from scout.steps.synthesize import _brief

POSTPONED = "postponed, its own page says: check the new date"
PRE_ORDER = "only on pre-order, its own page says: not yet available"


def _synthesis(lang: str, flag: str):
    c = Candidate(key="show", name="Elysian Fields", url="https://www.songkick.com/concerts/1",
                  flags=["rating unknown", flag])
    brief = _brief(c, 1, [], lambda f: localize(f, lang))
    page = EvidenceItem(url="https://www.songkick.com/concerts/1", title="Elysian Fields",
                        subject="show", kind="page", text="Elysian Fields at The Owl.")
    req = SynthesisRequest(question="q", task={}, lang=lang, evidence=[page],
                           candidates=["Elysian Fields"], subjects=[brief])
    return brief, ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")
                                    ).call(req).value


@pytest.mark.parametrize("lang, flag, said", [
    ("en", POSTPONED, "Elysian Fields: postponed, its own page says: check the new date."),
    ("es", POSTPONED, "Elysian Fields: aplazado, según su propia página: compruebe la nueva "
                      "fecha."),
    ("es", PRE_ORDER, "Elysian Fields: solo en preventa, según su propia página: aún no está "
                      "disponible."),
])
def test_a_flag_its_own_page_sets_is_said_in_the_request_s_language(lang, flag, said) -> None:
    brief, syn = _synthesis(lang, flag)
    assert brief.page_flags == [localize(flag, lang)]  # rank's other flags are not these
    sentence = next((s for s in syn.sentences if s.text == said), None)
    assert sentence is not None, [s.text for s in syn.sentences]
    assert [c.url for c in syn.citations if c.index in sentence.citations] == [
        "https://www.songkick.com/concerts/1"]


def test_a_brief_without_one_dumps_as_before() -> None:
    c = Candidate(key="show", name="Elysian Fields", url="https://e.example/",
                  flags=["rating unknown"])
    assert "page_flags" not in _brief(c, 1, []).model_dump()
