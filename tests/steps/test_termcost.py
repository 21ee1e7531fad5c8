"""A plan sold for a contract is compared at its price a month averaged over it, the offer's
months and the fees charged once included (rank's ``term_cost:``,
scout/steps/termcost.py), in both languages, for any kind that declares it; a kind that
does not keeps the price after the offer."""

from __future__ import annotations

import pytest

from scout.schemas.records import Candidate, Evidence
from scout.steps.extract import find_price
from scout.steps.termcost import contract_months, fees, for_term

FEES = ["alta", "instalación", "set-up", "installation", "activation", "connection", "matrícula",
        "joining"]


def _plan(text: str) -> Candidate:
    price = find_price(text)
    return Candidate(key="p", name="Plan", price=price,
                     evidence=[Evidence(id="e", kind="snippet", text=text, url="https://t.test",
                                        price=price)])


@pytest.mark.parametrize("text, average, months, contract, after, fee", [
    # an offer for 6 months then the later price, no contract: the first year
    ("Fibra 600Mb: 25 €/mes los 6 primeros meses, después 35 €/mes. Sin permanencia.",
     30.0, 12, False, 35.0, None),
    # the offer covers the whole contract, with a set-up fee spread over it
    ("Full fibre 500: £24.99 a month for 18 months, then £42 a month. 18-month contract. "
     "£29.99 set-up fee.", 26.66, 18, True, 42.0, 29.99),
    # a fee charged once and no offer, over a 12-month permanence said with no "de"
    ("Fibra 1Gb por 29,90 €/mes, permanencia 12 meses, instalación 60 €.",
     34.9, 12, True, 29.9, 60.0),
    # the fee said after its amount, the contract before its noun
    ("Broadband 900Mbps £30 a month, 24 month contract, £48 activation fee",
     32.0, 24, True, 30.0, 48.0),
    # a first month free, with a joining fee: a gym's (another kind)
    ("Gimnasio Norte: 40 €/mes, primer mes gratis, matrícula 30 €. Sin permanencia.",
     39.17, 12, False, 40.0, 30.0),
    # the promotion said before its price, a contract said with "de"
    ("Los 3 primeros meses por 10 €/mes, luego 25 €/mes. Permanencia de 12 meses.",
     21.25, 12, True, 25.0, None),
])
def test_a_plan_is_compared_at_its_average_over_the_contract(text, average, months, contract,
                                                            after, fee):
    c = _plan(text)
    for_term(c, FEES, 12)
    assert c.term is not None
    assert c.price is not None and c.price.amount == average and c.price.per == "month"
    assert (c.term.months, c.term.contract, c.term.after.amount) == (months, contract, after)
    assert (c.term.fees.amount if c.term.fees else None) == fee
    assert len(c.flags) == 1 and "compared at its average a month" in c.flags[0]


@pytest.mark.parametrize("text", [
    "Fibra 300Mb 25 €/mes, sin permanencia, alta gratuita.",       # nothing to average
    "Fibra 300Mb 25 €/mes, instalación gratis (valorada en 100 €).",   # a fee said free
    "Coworking desk £250 a month, meeting rooms £20 per hour",      # a rate, no fee
    "Hotel 120 € per night, 60 € set-up",                           # no price a month
])
def test_a_plan_with_nothing_to_average_keeps_its_price(text):
    c = _plan(text)
    before = c.price
    for_term(c, FEES, 12)
    assert c.term is None and c.price == before and not c.flags


@pytest.mark.parametrize("text, months", [
    ("permanencia 12 meses", 12), ("permanencia de 24 meses", 24), ("24-month contract", 24),
    ("12 meses de permanencia", 12), ("Contract: 18 months", 18), ("minimum term of 2 years", 24),
    ("sin permanencia", None), ("rolling monthly, 1-month contract", None),
    ("5 years of experience", None), ("for 6 months then £22", None),
])
def test_the_contract_is_what_a_term_word_says(text, months):
    assert contract_months(text) == months


def test_a_fee_needs_one_of_the_kind_s_words():
    price = find_price("25 €/mes")
    assert price is not None
    assert fees("25 €/mes, cuota de alta 49 €, router 30 €", ["alta"], price) == 49.0
    assert fees("25 €/mes, cuota de alta 49 €", [], price) == 0.0
    assert fees("£30 a month, £25 set-up", ["set-up"], price) == 0.0    # another currency


def test_the_flag_says_which_months_in_the_reader_s_language():
    """The shared words say "minimum term" / "plazo mínimo": right for any kind a term is
    sold by (a broadband contract, a course's enrolment, a flat's lease); a kind whose
    readers say "permanencia" writes it in its own catalog (test below)."""
    from scout.i18n.messages import localize

    c = _plan("Fibra 25 €/mes los 6 primeros meses, después 35 €/mes. Sin permanencia.")
    for_term(c, FEES, 12)
    assert localize(c.flags[0], "es") == (
        "comparado con su media al mes en los primeros 12 meses, pues no tiene plazo mínimo, "
        "con los meses de oferta y los pagos únicos incluidos")
    assert c.term is not None and c.term.no_contract and not c.term.contract
    # a page that says nothing of a contract is said to state none, never to have none
    c = _plan("Fibra 25 €/mes los 6 primeros meses, después 35 €/mes.")
    for_term(c, FEES, 12)
    assert c.term is not None and not c.term.no_contract
    assert "pues no indica un plazo mínimo" in localize(c.flags[0], "es")
    assert "as it states no minimum term" in c.flags[0]
    c = _plan("Fibra 29,90 €/mes, permanencia 12 meses, instalación 60 €.")
    for_term(c, FEES, 12)
    assert localize(c.flags[0], "es").startswith(
        "comparado con su media al mes en el plazo mínimo de 12 meses que indica")
    assert c.flags[0].startswith("compared at its average a month over the 12-month minimum "
                                 "term it states")
    # a flag that says how a checked price was compared, never that it went unchecked
    assert c.unchecked_flags == []


def test_rank_without_term_cost_keeps_the_price_after_the_offer():
    """Every other kind keeps the rule it had: the price after the offer, flagged so."""
    from scout.schemas.records import EvidenceSet
    from scout.steps.rank_enrich import enrich

    c = _plan("Fibra 25 €/mes los 6 primeros meses, después 35 €/mes. Alta 120 €.")
    sets = [EvidenceSet(items=[c.evidence[0].model_copy(update={"subject": "p"})])]
    bare = c.model_copy(update={"evidence": []})
    plain, _ = enrich([bare], sets, "EUR", None, per="month")
    averaged, _ = enrich([bare], sets, "EUR", None, per="month", term=(("alta",), 12))
    assert plain[0].price is not None and plain[0].price.amount == 35.0
    assert plain[0].term is None and "compared at the price after it" in plain[0].flags[0]
    # 6 × 25 + 6 × 35 + 120, over the first 12 months
    assert averaged[0].price is not None and averaged[0].price.amount == 40.0
    assert not any("compared at the price after it" in f for f in averaged[0].flags)
    assert averaged[0].term is not None and averaged[0].term.fees is not None


@pytest.mark.parametrize(("text", "shared", "kinds"), [
    # a course's enrolment, a flat's lease: no "permanencia", no "contract"
    ("Curso de alemán B1: 90 €/mes, matrícula 60 €, plazo mínimo de 9 meses.",
     "en el plazo mínimo de 9 meses que indica", "en los 9 meses de permanencia"),
    ("Studio flat £900 a month, minimum term 6 months, set-up fee £120.",
     "en el plazo mínimo de 6 meses que indica", "en los 6 meses de permanencia"),
    ("Academia de piano: 45 €/mes, primer mes gratis.",
     "pues no indica un plazo mínimo", "pues no indica permanencia"),
])
def test_the_shared_words_fit_any_kind_and_a_kind_can_say_its_own(
        text: str, shared: str, kinds: str) -> None:
    from pathlib import Path

    from scout.i18n import reader_translations
    from scout.i18n.messages import localize

    c = _plan(text)
    for_term(c, FEES, 12)
    (flag,) = [f for f in c.flags if f.startswith("compared at its average")]
    said = localize(flag, "es")
    assert shared in said and "permanencia" not in said and "contract" not in flag
    broadband = Path(__file__).resolve().parents[2] / "examples" / "broadband" / "locales"
    assert kinds in localize(flag, "es", catalog=reader_translations("es", broadband))


@pytest.mark.parametrize("text, months", [
    # a lease's or a course's minimum, said with "duration" / "stay" words, both languages
    ("Habitación en piso compartido, 450 €/mes. Duración mínima 9 meses.", 9),
    ("duración mínima de 10 meses, fianza de un mes", 10),
    ("6 meses de estancia mínima", 6),
    ("periodo mínimo: 3 meses", 3),
    ("Studio flat, £900 pcm, minimum stay of 6 months", 6),
    ("a 12-month minimum commitment applies", 12),
    ("minimum duration: nine months", 9),
    # a thing's own length is no term
    ("curso intensivo de 9 meses de duración", None),
    ("Duración: 9 meses, 120 € al mes", None),
    ("the course lasts 6 months", None),
])
def test_a_minimum_duration_or_stay_is_read_as_a_term(text, months):
    assert contract_months(text) == months
