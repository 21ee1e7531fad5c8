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
    ("es", "on presale, its own page says: before general sale, which may be open to some "
           "buyers only", "Elysian Fields: en venta anticipada, según su propia página: antes "
                          "de la venta general, que puede estar abierta solo a algunos "
                          "compradores."),
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


def _rated(key: str, rating: float, flags: list[str], lang: str) -> Candidate:
    return Candidate(key=key, name=key.title(), url=f"https://tickets.test/{key}",
                     rating=rating, flags=flags)


@pytest.mark.parametrize("lang, fits", [("en", "fits your request"),
                                        ("es", "encaja con tu petición")])
def test_a_flagged_candidate_is_never_recommended_as_the_fit_without_its_flag(
        lang: str, fits: str) -> None:
    # the best rated of two concerts is postponed: the recommendation names it with the
    # flag ("though it may not fit your request (postponed…)"), never "the best rated
    # option that fits your request" as if its date were the one asked
    flag = localize(POSTPONED, lang)
    briefs = [_brief(_rated("owl", 9.1, [POSTPONED], lang), 1, [], lambda f: localize(f, lang)),
              _brief(_rated("lark", 8.0, [], lang), 2, [], lambda f: localize(f, lang))]
    pages = [EvidenceItem(url=f"https://tickets.test/{k}", title=k.title(), subject=k,
                          kind="page", text=f"{k.title()} live.", rating=r)
             for k, r in (("owl", 9.1), ("lark", 8.0))]
    req = SynthesisRequest(question="q", task={}, lang=lang, evidence=pages,
                           candidates=["Owl", "Lark"], subjects=briefs)
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    said = [s.text for s in syn.recommendation]
    owl = [t for t in said if t.startswith("Owl")]
    assert owl and all(flag in t for t in owl), said
    assert not any(t.startswith("Owl") and fits in t and flag not in t for t in said), said
