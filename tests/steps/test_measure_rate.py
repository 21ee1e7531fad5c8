"""A rate per a measure (a mover's m³, a taxi's km, a painter's m²) is never a whole price:
a listing stating only one is priced per its measure, and rank compares it with a budget
for the whole times the measure the request asks (``volume: {km: distance}``), saying how,
in both languages; with none asked it is not compared (scout.units.MEASURE_UNITS,
scout.steps.workbasis, scout.steps.listprice)."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest

from scout.i18n.messages import localize
from scout.i18n.values import format_money as money_text
from scout.schemas.records import Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.steps.listprice import find_price
from scout.steps.workbasis import asked_volume
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from scout.units import per_factor
from tests.steps.test_extract_rank import _ctx
from tests.steps.test_rank_periods import _flat


@pytest.mark.parametrize("text, amount, per", [
    ("Mudanzas Mediterráneo: Madrid - Valencia, 35 €/m³ con seguro incluido.", 35, "m3"),
    ("Removals from £35 per cubic metre", 35, "m3"),
    ("Taxi: 1,20 € el kilómetro", 1.2, "km"),
    ("Minicab £2.50 per mile", 2.5, "mi"),
    ("Pintura de interiores: 8 €/m2", 8, "m2"),
    # a whole price beside a rate is the price, as before
    ("Piso 95 m², 3.632 €/m² · 345.000 €", 345000, None),
    ("Coche 40 €/día, 0,20 €/km extra", 40, "day"),
    # a distance that is no rate's
    ("Hotel 120 € a 2 km de la playa", 120, None),
])
def test_a_listing_stating_only_a_rate_is_priced_per_its_measure(text, amount, per):
    price = find_price(text)
    assert price is not None and (price.amount, price.per) == (amount, per)


def test_a_rate_per_sq_ft_stays_no_price():
    assert find_price("£6,750 per sq ft") is None


def test_a_measure_compares_only_with_a_measure():
    assert per_factor("m3", None) is None and per_factor(None, "km") is None
    assert per_factor("m3", "month") is None and per_factor("m2", "km") is None
    assert per_factor("mi", "km") == pytest.approx(1 / 1.609344)


def test_the_measure_asked_in_the_rate_s_unit():
    task = SimpleNamespace(values={"distance": 25000.0, "volume": 30, "floor": 120.0},
                           types={"distance": "length", "volume": "number", "floor": "area"})
    asked = asked_volume(task, {"km": "distance", "m3": "volume", "m2": "floor"})
    assert asked == {"km": 25.0, "m3": 30.0, "m2": 120.0}
    assert asked_volume(task, {"mi": "distance"})["mi"] == pytest.approx(15.534, abs=1e-3)
    assert asked_volume(task, {"m3": "floor"}) == {}  # an area counts no m³


INPUTS = {"distance": InputSpec(type="length", aliases=["trayecto", "trip"]),
          "budget": InputSpec(type="money")}
WHERE = ["task.budget is none or v.price is none or v.price.amount <= task.budget.amount"]


def _cab(key: str, text: str) -> object:
    c = _flat(key, (f"https://{key}.test/", find_price(text)))
    c.evidence[0].text = text
    return c


def _rank(query: str, volume: dict[str, str]):
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 6))
    cabs = [_cab("cheap", "Taxi Norte: 1,20 €/km"), _cab("dear", "Taxi Sur: 1,80 €/km"),
            _cab("flat", "Tarifa fija aeropuerto: 35 €")]
    params = RankParams(items="candidates", as_="v", where=WHERE, volume=volume,
                        order_by=["v.price.amount if v.price else none"], descending=False)
    return rank.run(_ctx(params, {"candidates": Candidates(items=cabs)}, task))


@pytest.mark.parametrize("query, lang", [
    ("taxi al aeropuerto, trayecto de 25 km, menos de 40 €", "es"),
    ("airport taxi, a 25 km trip, under 40 euros", "en")])
def test_a_rate_per_km_times_the_km_asked_against_the_budget(query, lang):
    short = _rank(query, {"km": "distance"})
    # 1,20 × 25 = 30 €, a fixed fare 35 €, 1,80 × 25 = 45 € over 40
    assert [(i.candidate.key, i.cost) for i in short.items] == [("cheap", 30.0),
                                                                 ("flat", 35.0)]
    assert [c.key for c, _ in short.excluded] == ["dear"]
    cheap = short.items[0].candidate
    assert cheap.price_converted == Money(amount=30, currency="EUR", comparator="=",
                                          per="total")
    flag = "price per km times 25, the quantity asked, to compare it with the total budget"
    assert cheap.flags == [flag]
    assert localize(flag, "es") == ("precio por km multiplicado por 25, la cantidad pedida, "
                                    "para compararlo con el presupuesto total")
    assert money_text(cheap.price, lang) in ("1,20 €/km", "1.20 EUR/km")


def test_without_the_measure_declared_a_rate_is_never_a_whole_price():
    short = _rank("airport taxi, a 25 km trip, under 40 euros", {})
    # 1.80 €/km is not "1.80 € in all, under 40": not compared, kept by its guard
    dear = next(i.candidate for i in short.items if i.candidate.key == "dear")
    assert dear.price_converted is None and "could not check: price" in dear.flags


def test_a_measure_is_written_as_its_sign():
    assert money_text(Money(amount=35, currency="EUR", per="m3"), "es") == "35 €/m³"
    assert money_text(Money(amount=2.5, currency="GBP", per="mi"), "en") == "2.50 GBP/mile"
    assert money_text(Money(amount=2.5, currency="GBP", per="mi"), "es") == "2,50 GBP/milla"


@pytest.mark.parametrize("lang, said", [
    ("en", "the cheapest option that fits your request: 875 EUR in total (35 EUR/m³ × 25)."),
    ("es", "la opción más barata que encaja con tu petición: 875 € en total (35 €/m³ × 25).")])
def test_the_synthesis_says_a_rate_times_the_quantity_as_the_table_does(lang, said):
    """The table said "875 € en total (35 €/m³ × 25)" and the synthesis "35 €/m³ (≈ 875 €
    en total)": ≈ is a conversion's, and 35 × 25 is exact."""
    from scout.adapters.contract import EvidenceItem, SubjectBrief, SynthesisRequest
    from scout.adapters.extractive import ExtractiveAdapter
    from scout.config.settings import ExtractiveSettings

    def eur(amount: float, per: str | None) -> Money:
        return Money(amount=amount, currency="EUR", comparator="=", per=per)

    subjects = [SubjectBrief(key="rate", name="Mudanzas Rate", rank=1, price=eur(35, "m3"),
                             price_checked=eur(875, "total")),
                SubjectBrief(key="whole", name="Mudanzas Whole", rank=2,
                             price=eur(950, None))]
    evidence = [EvidenceItem(url=f"https://{s.key}.test/", title=s.name, subject=s.key,
                             kind="snippet", text=f"{s.name}: {s.price.amount} €.")
                for s in subjects if s.price is not None]
    req = SynthesisRequest(question="q", task={}, task_types={}, lang=lang,
                           evidence=evidence, candidates=[s.name for s in subjects],
                           subjects=subjects)
    syn = ExtractiveAdapter("extractive", ExtractiveSettings(type="extractive")).call(req).value
    text = " ".join(s.text for s in syn.sentences)
    assert said in text and "≈" not in text, text


@pytest.mark.parametrize("query, amount, per", [
    ("taxi al aeropuerto por menos de 1,50 €/km", 1.5, "km"),
    ("airport minicab under £2 per mile", 2, "mi"),
    ("mudanza Madrid - Valencia, max 30 € el m³", 30, "m3"),
    ("pintor en Sevilla hasta 12 €/m²", 12, "m2"),
    ("removals, at most €35 per cubic metre", 35, "m3"),
    # a rate in a currency's hundredth
    ("minicab to the airport, under 50p per mile", 0.5, "mi"),
    ("taxi por menos de 90 céntimos el km", 0.9, "km"),
    # a distance that is no rate's stays a place's
    ("hotel under 100 € a 2 km de la playa", 100, None),
    # the measure said before the amount or its cap, as a unit's price
    ("taxi al aeropuerto, precio del km por debajo de 1,50 €", 1.5, "km"),
    ("minicab to the airport, the per-mile rate under £2", 2, "mi"),
    ("taxi, el km a menos de 1,50 €", 1.5, "km"),
    ("van hire, price per mile under £2", 2, "mi"),
    ("pintor en Sevilla, precio por metro cuadrado hasta 12 €", 12, "m2"),
    ("removals, cost per cubic metre at most €35", 35, "m3"),
    # a quantity before the amount is no measure it is per
    ("taxi a 12 km del centro, menos de 20 €", 20, None),
    ("piso de 80 m2 por menos de 900 €", 900, None),
    ("hotel a 2 km de la playa por menos de 100 €", 100, None),
])
def test_a_request_s_budget_per_a_measure_keeps_the_measure(query, amount, per):
    budget = build_task(query, INPUTS, today=dt.date(2026, 12, 6)).values["budget"]
    assert isinstance(budget, Money) and (budget.amount, budget.per) == (amount, per)


@pytest.mark.parametrize("query", ["taxi al aeropuerto por menos de 1,50 €/km",
                                   "airport taxi under 1.50 EUR per km"])
def test_a_budget_per_km_compares_rate_with_rate(query):
    short = _rank(query, {})
    # 1,20 €/km under 1,50 €/km; 1,80 €/km over it; the fixed fare is no rate per km
    assert [(i.candidate.key, i.cost) for i in short.items] == [("cheap", 1.2), ("flat", None)]
    assert [c.key for c, _ in short.excluded] == ["dear"]
    cheap = short.items[0].candidate
    assert cheap.flags == []  # no "could not check: price": rate against rate


@pytest.mark.parametrize("text, amount, per", [
    ("Taxi Madrid: bajada de bandera 2,50 €, 1,20 €/km", 1.2, "km"),
    ("Taxi: 2,50 € de bajada de bandera y 1,20 € el kilómetro", 1.2, "km"),
    ("Minicab: £3 booking fee, then £2.10 per mile", 2.1, "mi"),
    ("Flag fall: $3.60, $2.30/mile", 2.3, "mi"),
    ("Pintor: gastos de desplazamiento 30 € + 12 €/m²", 12, "m2"),
    ("Removals: call-out charge €60, €35 per cubic metre", 35, "m3"),
    # a fee with no rate beside it is what the page states
    ("Traslado aeropuerto: tarifa de reserva 10 €", 10, None),
    # a whole price beside a rate stays the price
    ("Coche 40 €/día, 0,20 €/km extra", 40, "day"),
])
def test_a_fee_charged_once_beside_a_rate_is_no_price(text, amount, per):
    price = find_price(text)
    assert price is not None and (price.amount, price.per) == (amount, per)


@pytest.mark.parametrize("text, amount, per", [
    ("Radio Taxi: bajada de bandera 2,50 € + 1,20 €/km. Suplemento aeropuerto 5,50 €.",
     1.2, "km"),
    ("Black cabs: £3.20 flag fall, then £2.40 per mile; airport supplement £5.", 2.4, "mi"),
    ("Mudanzas Turia: 30 €/m³, parking de la furgoneta 6 €", 30, "m3"),
    ("Pintores: 9 €/m², suplemento de andamio 40 €", 9, "m2"),
    # beside a whole price an extra stays none, as before
    ("Tarifa fija aeropuerto 33 €, suplemento nocturno 5 €", 33, None),
])
def test_an_extra_beside_a_rate_is_no_price(text, amount, per):
    """A supplement, parking or an add-on beside a rate per km, mile, m² or m³ is added to
    the rate, never the ride's or the job's price (a 5,50 € airport supplement is no taxi
    ride's price)."""
    price = find_price(text)
    assert price is not None and (price.amount, price.per) == (amount, per)
