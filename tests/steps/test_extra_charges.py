"""Extras a page states beside its price that apply to what is asked are added to the
total rank compares, with the working said ("45 EUR + 20 % (suplemento nocturno…) = 54
EUR"); where it cannot be told whether one applies, the flag says so and nothing is
added (scout.steps.extracharge). Any kind: rides, stays, tours, car hire; both
languages; phrasings beside the ones that found the gap."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Candidates, Evidence
from scout.spec.models import InputSpec, Phase, Pipeline
from scout.steps import rank
from scout.steps.extracharge import Asked, asked_minute, page_extras
from scout.steps.listprice import find_price
from scout.stepkit.params import RankParams
from scout.schemas.task import Money
from scout.task.build import build_task
from scout.task.lang import fold
from tests.steps.test_extract_rank import _ctx

WHERE = ["task.budget is none or v.price is none or v.price.amount <= task.budget.amount"]
INPUTS = {"subject": InputSpec(type="subject"), "date": InputSpec(type="date"),
          "budget": InputSpec(type="money"),
          "child_seat": InputSpec(type="boolean", aliases=[
              "child seat", "car seat", "silla de niño", "silla infantil", "alzador"])}


def _run(query: str, *pages: tuple[str, str]) -> dict[str, Candidate]:
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 7))
    cands = []
    for key, text in pages:
        currency = "GBP" if "£" in text else "USD" if "$" in text else "EUR"
        price = find_price(text, currency)
        cands.append(Candidate(key=key, name=key, url=f"https://{key}.test/", evidence=[
            Evidence(id=key, kind="snippet", subject=key, url=f"https://{key}.test/",
                     text=text, price=price)]))
    params = RankParams(items="candidates", as_="v", where=WHERE,
                        order_by=["v.price.amount if v.price else none"])
    ctx = _ctx(params, {"candidates": Candidates(items=cands)}, task)
    ctx.pipeline = Pipeline(apiVersion="scout/v1", name="t", inputs=INPUTS,
                            phases={"R1": Phase(uses="rank")})
    out = rank.run(ctx)
    return {i.candidate.key: i.candidate for i in [*out.items, *out.excluded]}


def _amount(c: Candidate) -> float:
    price = c.price_converted or c.price
    assert price is not None
    return price.amount


@pytest.mark.parametrize("query", [
    "taxi del aeropuerto al centro llegando a las 23:30, máximo 60 €",
    "airport taxi to the old town, landing at 11:45pm, under 60 EUR",
])
def test_a_night_surcharge_for_the_time_asked(query: str) -> None:
    kept = _run(query, ("night", "Traslado 45 €, suplemento nocturno 20% de 22:00 a 06:00"),
                ("flat", "Taxi 55 € precio cerrado día y noche"))
    assert _amount(kept["night"]) == 54
    flag = next(f for f in kept["night"].flags if f.startswith("extra added"))
    assert flag == ("extra added to the price compared: 45 EUR + 20 % (suplemento nocturno "
                    "20% de 22:00 a 06:00) = 54 EUR")
    assert localize(flag, "es").startswith("extra sumado al precio comparado: 45 EUR + 20 %")
    assert _amount(kept["flat"]) == 55


@pytest.mark.parametrize("query", [
    "taxi del aeropuerto al centro a las 14:10, máximo 60 €",
    "airport taxi at 2:10pm, under 60 EUR",
])
def test_no_night_surcharge_by_day(query: str) -> None:
    kept = _run(query, ("night", "Traslado 45 €, suplemento nocturno 20% de 22:00 a 06:00"))
    assert _amount(kept["night"]) == 45
    assert not [f for f in kept["night"].flags if "extra" in f]


@pytest.mark.parametrize("query", [
    "taxi del aeropuerto al centro, máximo 60 €",
    "airport taxi to the centre, under 60 EUR",
])
def test_no_time_asked_says_it_may_apply(query: str) -> None:
    kept = _run(query, ("night", "Transfer 45 €. Night surcharge 10pm-6am: 20%."))
    assert _amount(kept["night"]) == 45
    assert any(f.startswith("an extra may apply, not added") and "Night surcharge" in f
               for f in kept["night"].flags)


@pytest.mark.parametrize("query, stated, total", [
    ("private transfer from Heathrow airport to Oxford, under £150", "Car £120, airport fee £5",
     125),
    ("traslado desde el aeropuerto de Barajas, máximo 80 €",
     "Traslado privado 60 €. Suplemento aeropuerto 5,50 €.", 65.5),
])
def test_a_place_fee_for_the_place_asked(query: str, stated: str, total: float) -> None:
    kept = _run(query, ("ride", stated))
    assert _amount(kept["ride"]) == total


def test_a_place_fee_for_another_place_is_left_alone() -> None:
    kept = _run("car from Oxford station to Blenheim, under £150",
                ("ride", "Car £120, airport fee £5"))
    assert _amount(kept["ride"]) == 120


@pytest.mark.parametrize("query, stated, total", [
    ("transfer to Tulum for 2 with a child seat, under $150",
     "Private van $95 one way, child seats $8 each", 103),
    ("traslado a Sitges con silla infantil, hasta 90 euros",
     "Traslado 70 €. Silla infantil: 5 €.", 75),
    ("traslado a Sitges con alzador, hasta 90 euros",
     "Traslado 70 €, alzador 4 €", 74),
])
def test_an_item_asked_is_added(query: str, stated: str, total: float) -> None:
    kept = _run(query, ("ride", stated))
    assert _amount(kept["ride"]) == total


def test_an_item_not_asked_is_the_pages_option() -> None:
    kept = _run("transfer to Tulum for 2, under $150",
                ("ride", "Private van $95 one way, child seats $8 each"))
    assert _amount(kept["ride"]) == 95


@pytest.mark.parametrize("query, stated", [
    ("traslado a Marbella, máximo 150 €", "Traslado 120 € peajes no incluidos"),
    ("car hire in Lisbon for a week, under 300 EUR", "Compact car 240 EUR, tolls not included"),
    ("hotel en Roma 3 noches, máximo 400 €", "Hotel 360 € por la estancia, tasa turística "
                                              "no incluida"),
])
def test_charges_on_top_with_no_amount_are_said(query: str, stated: str) -> None:
    kept = _run(query, ("one", stated))
    c = kept["one"]
    flag = next(f for f in c.flags if f.startswith("an extra applies whose amount"))
    assert localize(flag, "es").startswith("se aplica un extra cuyo importe la página no indica")


def test_charges_included_are_none() -> None:
    kept = _run("car hire in Lisbon for a week, under 300 EUR",
                ("one", "Compact car 240 EUR, tolls included"))
    assert not [f for f in kept["one"].flags if "extra" in f]


def test_a_holiday_surcharge_on_a_date_that_may_be_one() -> None:
    kept = _run("taxi al aeropuerto el 12 de marzo, máximo 60 €",
                ("taxi", "Taxi 50 €. Recargo festivos 10 %."))
    assert _amount(kept["taxi"]) == 50
    assert any(f.startswith("an extra may apply") for f in kept["taxi"].flags)


def test_a_sunday_surcharge_on_a_sunday_asked() -> None:
    # 2027-03-14 is a Sunday
    kept = _run("taxi al aeropuerto el domingo 14 de marzo de 2027, máximo 70 €",
                ("taxi", "Taxi 50 €. Recargo domingos y festivos 10 %."))
    assert _amount(kept["taxi"]) == 55


def test_a_fixed_extra_beside_a_rate_per_km_is_said_not_added() -> None:
    page = "Radio taxi 1,20 €/km. Suplemento aeropuerto 5,50 €."
    kept = _run("taxi desde el aeropuerto, máximo 60 €", ("meter", page))
    assert any(f.startswith("an extra applies that could not be added") for f in
               kept["meter"].flags)


@pytest.mark.parametrize("text, minute", [
    ("llegada a las 23:30", 23 * 60 + 30), ("landing at 11pm", 23 * 60),
    ("pick-up 06:15 at Gatwick", 6 * 60 + 15), ("a las 7 de la mañana", 7 * 60),
    ("at 3 stops", None), ("precio 12.50 €", None), ("under £12:50", None),
])
def test_the_time_a_request_names(text: str, minute: int | None) -> None:
    assert asked_minute(fold(text)) == minute


def test_an_exit_fee_is_no_extra_of_a_tariff() -> None:
    asked = Asked(fold("energy tariff under £40 a month"), None, None, ())
    assert page_extras("Tariff £30 a month, exit fee £75", Money(amount=30, currency="GBP"),
                       asked) == []


@pytest.mark.parametrize("query, stated, total", [
    # a plan named "Plus" is a plan, no surcharge
    ("streaming plan under 20 EUR a month", "Basic 10 EUR a month, Plus 15 EUR a month", 10),
    # a breakfast's supplement not asked is the hotel's option
    ("hotel en Sevilla, máximo 120 € la noche", "Doble 95 € la noche. Suplemento desayuno 12 €.",
     95),
    # a surcharge for a thing the request never names is left alone (a design choice: a
    # fuel surcharge applies to all, but a word cannot tell it from an option's)
    ("courier for a 5 kg parcel under 40 EUR", "Envío 30 €. Recargo combustible 10 %.", 30),
])
def test_options_and_names_are_no_surcharge(query: str, stated: str, total: float) -> None:
    kept = _run(query, ("one", stated))
    assert _amount(kept["one"]) == total


def test_a_surcharge_naming_nothing_applies() -> None:
    kept = _run("envío de un paquete de 5 kg, máximo 40 €", ("one", "Envío 30 €. Recargo 10 %."))
    assert _amount(kept["one"]) == 33


@pytest.mark.parametrize("page", ["Vuelo 200 € + IVA", "Vuelo 200 € sin IVA"])
def test_plus_vat_is_the_price_basis_not_an_extra(page: str) -> None:
    kept = _run("vuelo a Roma, máximo 300 €", ("one", page))
    assert not [f for f in kept["one"].flags if "extra" in f]


@pytest.mark.parametrize("page", ["Vuelo 200 € + tasas", "Billete 200 €, tasas no incluidas"])
def test_plus_fees_is_an_extra_not_a_tax_basis(page: str) -> None:
    """"+ tasas" is a fare's airport fees on top, no VAT: never put on a tax basis at the
    VAT rate, but said, as its amount is not stated."""
    kept = _run("vuelo a Roma, máximo 300 €", ("one", page))
    assert _amount(kept["one"]) == 200
    assert any(f.startswith("an extra applies whose amount the page does not state")
               for f in kept["one"].flags)


def test_a_dearer_amount_named_by_an_asked_input_is_no_item() -> None:
    """A yes/no input naming a version of the thing (a return asked) is no add-on: the
    return's fare beside the one way's is no extra to add to it."""
    inputs = {**INPUTS, "return_trip": InputSpec(type="boolean", aliases=["return", "vuelta"])}
    asked = Asked(fold("transfer to Cascais and back"), None, None,
                  ("return trip", "return", "vuelta"))
    assert inputs["return_trip"].type == "boolean"
    assert page_extras("Minibus €180 one way, return €330",
                       Money(amount=180, currency="EUR"), asked) == []
    assert [x.amount.amount for x in page_extras(
        "Minibus €180 one way, return seat booking €12", Money(amount=180, currency="EUR"),
        asked) if x.amount] == [12]


@pytest.mark.parametrize("text, price, compared, added", [
    # an item asked beside a price per head: it costs less than the whole order, never
    # than one head's price ("£4 per slice" for 12 is £48; its "Delivery £8" is added)
    ("Vegan cakes £4 per slice. Delivery £8 within Bristol.", 4.0, 48.0, 8.0),
    ("Menú cóctel 12 € por persona. Entrega a domicilio 25 €.", 12.0, 360.0, 25.0),
    ("Guided tour €15 per person, hotel pickup €20", 15.0, 60.0, 20.0),
    # with no whole to compare, as before: dearer than the head's price is no item
    ("Vegan cakes £4 per slice. Delivery £8 within Bristol.", 4.0, None, None),
])
def test_an_item_asked_beside_a_price_per_head(text: str, price: float,
                                               compared: float | None,
                                               added: float | None) -> None:
    currency = "GBP" if "£" in text else "EUR"
    asked = Asked(text="", minute=None, date=None,
                  wanted=("delivery", "entrega a domicilio", "hotel pickup"))
    stated = Money(amount=price, currency=currency, per="person")
    extras = [x for x in page_extras(text, stated, asked, compared) if x.applies]
    assert [x.amount.amount for x in extras if x.amount is not None] == \
        ([added] if added is not None else [])


EYE_INPUTS = {"subject": InputSpec(type="subject"), "budget": InputSpec(type="money"),
              "eye_test": InputSpec(type="boolean", aliases=[
                  "eye test", "sight test", "revisión de la vista", "examen de vista"]),
              "wash": InputSpec(type="boolean", aliases=["lavado", "wash"])}


def _priced(query: str, text: str, inputs: dict[str, InputSpec]) -> Candidate:
    task = build_task(query, inputs, today=dt.date(2026, 12, 7))
    currency = "GBP" if "£" in text else "EUR"
    c = Candidate(key="a", name="a", url="https://a.test/", evidence=[
        Evidence(id="a", kind="snippet", subject="a", url="https://a.test/", text=text,
                 price=find_price(text, currency))])
    params = RankParams(items="candidates", as_="v", where=WHERE,
                        order_by=["v.price.amount if v.price else none"])
    ctx = _ctx(params, {"candidates": Candidates(items=[c])}, task)
    ctx.pipeline = Pipeline(apiVersion="scout/v1", name="t", inputs=inputs,
                            phases={"R1": Phase(uses="rank")})
    out = rank.run(ctx)
    return [*out.items, *[type("X", (), {"candidate": e[0]}) for e in out.excluded]][0].candidate


@pytest.mark.parametrize("query, text, price", [
    # the eye test asked is free with the glasses bought: nothing added
    ("opticians in Bristol, eye test and glasses under £100",
     "Eye test £25, free with glasses. Single vision glasses from £69.", 69.0),
    ("óptica en Granada con revisión de la vista, gafas por menos de 200 €",
     "Gafas graduadas desde 99 €. Revisión de la vista 20 € (gratis con tus gafas).", 99.0),
    ("sight test and new specs in Leeds under £150",
     "Specs from £89. Sight test £30, waived when you buy glasses.", 89.0),
    ("peluquería con lavado, corte de pelo por menos de 30 €",
     "Corte de pelo 18 €. Lavado 5 €, gratis con el corte.", 18.0),
    # waived for someone else, or free from a spend: still added
    ("opticians in Bristol, eye test and glasses under £100",
     "Eye test £25, free for under-16s. Glasses from £69.", 94.0),
    ("óptica en Granada con revisión de la vista, gafas por menos de 200 €",
     "Gafas graduadas desde 99 €. Revisión de la vista 20 €, gratis para estudiantes.", 119.0),
])
def test_an_extra_waived_with_what_is_bought_is_not_added(query: str, text: str,
                                                          price: float) -> None:
    c = _priced(query, text, EYE_INPUTS)
    assert _amount(c) == price, c.flags


@pytest.mark.parametrize(("text", "per_one", "compared", "flag"), [
    # a fee charged once on the order is no extra on one unit's price against a budget
    # per unit ("under £4 per coat" for 10 coats: "£4.50 per lab coat" + "Collection
    # £3.99" was compared as 8.49 a coat: wt/laundries); it is said to apply, not added
    ("Dry cleaning from £4.50 per lab coat. Collection £3.99.", True, 4.5, "could not"),
    ("Bata de laboratorio 3,90 €. Recogida a domicilio 2 €.", True, 3.9, "could not"),
    # for the whole order it is added, as before
    ("Dry cleaning from £4.50 per lab coat. Collection £3.99.", False, 8.49, "added"),
    # a surcharge in percent goes on one unit's price as on the whole
    ("Bata de laboratorio 3,90 €. Suplemento por recogida a domicilio 10 %.", True, 4.29,
     "added"),
    ("Lab coats £3.50. Collection surcharge 10%.", True, 3.85, "added"),
])
def test_a_fee_on_the_order_is_not_added_to_one_units_price(
        text: str, per_one: bool, compared: float, flag: str) -> None:
    from scout.steps.extracharge import add_extras

    price = find_price(text, "EUR")
    assert price is not None
    cand = Candidate(key="a", name="a", url="https://a.test/", price=price, evidence=[
        Evidence(id="a", kind="snippet", subject="a", url="https://a.test/", text=text,
                 price=price)])
    add_extras(cand, Asked(text="", minute=None, date=None,
                           wanted=("collection", "recogida a domicilio"), per_one=per_one))
    assert (cand.price_converted or cand.price).amount == compared, cand.flags
    assert any(flag in f for f in cand.flags), cand.flags
    assert cand.extras_added == (round(compared - price.amount, 2) if flag == "added" else None)
