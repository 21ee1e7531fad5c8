"""Several money inputs of one kind told apart by their labels (scout.task.moneylabels): a
fee a month and a sign-up fee, a rent and a deposit, an energy tariff's price per kWh, its
standing charge and a budget a month. An amount is the input's whose label is its unit
right after it or is said right before it, the longer label winning; one no label names
goes to the first declared; one another input's label names is never this input's; an
input said to be absent ("sin matrícula", "no deposit") is 0. And an author's pattern that
reads a time of day sees it (scout.task.noise.untimed)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.task.build import build_task
from scout.task.noise import untimed
from tests.task.test_tariff_amounts import TARIFF

TODAY = dt.date(2026, 12, 6)
# a fee a month whose alias "fee" stands inside the sign-up fee's "joining fee"
FEES = {"place": InputSpec(type="place"),
        "budget": InputSpec(type="money", aliases=["fee", "cuota"]),
        "signup_fee": InputSpec(type="money", aliases=["joining fee", "matrícula"])}
# a rent and a deposit, the deposit declared first
RENT = {"place": InputSpec(type="place"), "deposit": InputSpec(type="money", aliases=["fianza"]),
        "rent": InputSpec(type="money", aliases=["alquiler", "renta"])}
# a deposit beside a floor and a cap of the rent (read by their comparator)
RENT_RANGE = {"place": InputSpec(type="place"),
              "deposit": InputSpec(type="money", aliases=["fianza", "deposit"]),
              "min_rent": InputSpec(type="money", aliases=["alquiler", "rent"]),
              "max_rent": InputSpec(type="money", aliases=["alquiler", "rent"])}
# the same, the deposit declared last: the rent's floor and cap are read before it
RENT_RANGE_LAST = {**{n: s for n, s in RENT_RANGE.items() if n != "deposit"},
                   "deposit": RENT_RANGE["deposit"]}


def _money(query: str, inputs: dict[str, InputSpec]) -> dict:
    values = build_task(query, inputs, today=TODAY).values
    return {n: (v.amount, v.currency) for n, v in values.items() if isinstance(v, Money)}


def _rates(query: str, inputs: dict[str, InputSpec] = TARIFF) -> dict:
    """Each money read: (its amount, what it is per)."""
    values = build_task(query, inputs, today=TODAY).values
    return {n: (v.amount, v.per) for n, v in values.items() if isinstance(v, Money)}


@pytest.mark.parametrize("inputs, query, want", [
    # the longer label names the amount, whichever comes first
    (FEES, "gym in Leeds, joining fee under £20, under £35 a month",
     {"signup_fee": (20, "GBP"), "budget": (35, "GBP")}),
    (FEES, "gimnasio en Madrid, cuota de 30 € o menos, matrícula máxima 20 €",
     {"budget": (30, "EUR"), "signup_fee": (20, "EUR")}),
    (FEES, "gimnasio en Madrid, matrícula de 15 € como mucho y cuota de 40 €",
     {"signup_fee": (15, "EUR"), "budget": (40, "EUR")}),
    # an amount no label names goes to the first declared that has none of its own
    (FEES, "gym in Leeds under £35 a month", {"budget": (35, "GBP")}),
    (RENT, "piso en Valencia, alquiler de 900 €, fianza de 1.800 € como mucho",
     {"rent": (900, "EUR"), "deposit": (1800, "EUR")}),
    # said to be absent: 0, in the request's other money's currency or its country's
    (FEES, "gimnasio cerca de Atocha, menos de 40 € al mes y sin matrícula",
     {"budget": (40, "EUR"), "signup_fee": (0, "EUR")}),
    (FEES, "gym in London with no joining fee, under £30 a month",
     {"budget": (30, "GBP"), "signup_fee": (0, "GBP")}),
    (FEES, "gimnasio sin matrícula en Madrid", {"signup_fee": (0, "EUR")}),
    # a period's word between the label and its amount, or the label after the amount
    (FEES, "gimnasio en Madrid, cuota mensual de 35 € y matrícula de 10 €",
     {"budget": (35, "EUR"), "signup_fee": (10, "EUR")}),
    # the 0's currency is that of the request's money, even said after it, before its
    # input is read (the deposit is declared first; Valencia names two countries)
    (RENT_RANGE, "piso en Valencia, alquiler hasta 900 € y sin fianza",
     {"max_rent": (900, "EUR"), "deposit": (0, "EUR")}),
    # a floor's and a cap's labels tell their amounts from the deposit's
    (RENT_RANGE, "piso en Valencia, alquiler entre 800 y 1.000 €, fianza de 2.000 €",
     {"min_rent": (800, "EUR"), "max_rent": (1000, "EUR"), "deposit": (2000, "EUR")}),
    # and a floor or a cap never takes an amount another input's label names
    (RENT_RANGE_LAST, "piso en Valencia, fianza de 2.000 €, alquiler hasta 1.000 €",
     {"max_rent": (1000, "EUR"), "deposit": (2000, "EUR")}),
    (RENT_RANGE_LAST, "flat in Leeds, deposit under £1,500, rent over £700",
     {"min_rent": (700, "GBP"), "deposit": (1500, "GBP")}),
])
def test_an_amount_goes_to_the_input_its_label_names(inputs, query, want):
    assert _money(query, inputs) == want


@pytest.mark.parametrize("query, want", [
    # its unit names the rate, wherever the budget is said
    ("luz en Madrid, menos de 0,15 €/kWh", {"max_energy_price": (0.15, "kWh")}),
    ("electricity in London under 0.129 GBP/kWh, under £90 a month",
     {"max_energy_price": (0.129, "kWh"), "budget": (90, "month")}),
    ("under £90 a month, unit rate under 0.25 GBP", {"budget": (90, "month"),
                                                     "max_energy_price": (0.25, None)}),
    # a label before it names the standing charge; the amount no label names is the budget
    ("luz en Valencia con término de potencia de menos de 0,10 € y energía a menos de "
     "0,14 €/kWh, máximo 60 € al mes",
     {"max_standing_charge": (0.10, None), "max_energy_price": (0.14, "kWh"),
      "budget": (60, "month")}),
    ("dual fuel deal in Dublin, under €150 a month", {"budget": (150, "month")}),
    # a unit right after the amount outweighs a label said before it
    ("luz en Sevilla, término de potencia de menos de 0,10 € y 0,14 €/kWh",
     {"max_standing_charge": (0.10, None), "max_energy_price": (0.14, "kWh")}),
    ("standing charge under 53p/day, electricity in London, under 24.5p/kWh",
     {"max_standing_charge": (0.53, "day"), "max_energy_price": (0.245, "kWh")}),
    # said absent: 0, in the currency of the rate said after it
    ("tarifa de luz en Madrid sin término de potencia, menos de 0,15 €/kWh",
     {"max_standing_charge": (0.0, None), "max_energy_price": (0.15, "kWh")}),
])
def test_a_rate_goes_to_the_input_its_unit_or_label_names(query: str, want: dict) -> None:
    assert _rates(query) == want


def test_a_request_caps_a_rate_in_pence() -> None:
    notes = " ".join(build_task("electricity in London under 24.5p/kWh", TARIFF,
                                today=TODAY).notes)
    assert "0.245 GBP/kWh" in notes           # to its decimals, never 0.24


def test_one_money_input_reads_the_first_amount_as_before():
    one = {"place": InputSpec(type="place"), "budget": InputSpec(type="money")}
    assert _money("gym in Leeds, joining fee under £20", one) == {"budget": (20, "GBP")}
    # and an absent thing is no budget of 0
    assert _money("gimnasio sin matrícula en Madrid", one) == {}
    # an alias that is a unit does not move it off the first amount
    alone = {"budget": InputSpec(type="money", aliases=["kWh"]), "city": InputSpec(type="place")}
    assert _rates("hotel in Madrid under 200 EUR a night, 0,15 €/kWh", alone)["budget"] == \
        (200, "night")


def test_a_zero_needs_a_currency():
    # no amount, no country whose currency the request is in: nothing is guessed
    assert "signup_fee" not in _money("gym with no joining fee", FEES)


PATTERN = r"(?:abierto|opens?)\s+(?:a\s+las|at|by)\s+(?P<value>\d{1,2}(?::\d{2})?\s*(?:am)?)"
#: (the pattern's place in the kind, the pattern), as the parser hands them to untimed
KEEP = [("inputs.opens.pattern", PATTERN)]


def test_a_time_an_authors_pattern_reads_is_kept():
    assert untimed("gimnasio abierto a las 6:30, cena a las 21h", keep=KEEP) \
        == "gimnasio abierto a las 6:30, cena"
    assert untimed("gym that opens at 6am", keep=KEEP) == "gym that opens at 6am"
    assert untimed("gym that opens at 6am") == "gym that opens"
    assert untimed("gym at 6am", keep=[("inputs.opens.pattern", "(unclosed")]) == "gym"   # a bad pattern keeps nothing
    spec = {"opens_by": InputSpec(type="string", pattern=PATTERN),
            "place": InputSpec(type="place")}
    task = build_task("gimnasio en Chamberí abierto a las 6:30", spec, today=TODAY)
    assert (task.values["opens_by"], task.values["place"]) == ("6:30", "Chamberí")


@pytest.mark.parametrize("query, want", [
    # the amount after an absent input's label is no amount of it: the other input's
    ("gimnasio sin matrícula por menos de 30 € en Valencia",
     {"budget": (30, "EUR"), "signup_fee": (0, "EUR")}),
    ("gym in London with no joining fee under £30 a month",
     {"budget": (30, "GBP"), "signup_fee": (0, "GBP")}),
    ("piso en Madrid sin fianza, alquiler por menos de 900 €",
     {"rent": (900, "EUR"), "deposit": (0, "EUR")}),
    # guard: a label said with an amount is still that input's
    ("gimnasio en Madrid, matrícula de menos de 20 €, cuota de 30 €",
     {"budget": (30, "EUR"), "signup_fee": (20, "EUR")}),
])
def test_an_absent_inputs_label_names_no_amount_after_it(query: str, want: dict) -> None:
    inputs = RENT if "piso" in query else FEES
    assert _money(query, inputs) == want


# a budget beside the amount a fee is a share of (a claim, a property's value), the
# budget's label taken by the amount's reader into its span ("budget £3,000",
# "presupuesto máximo 2.500 €"): the label still names it, whichever is said first
CLAIM = {"place": InputSpec(type="place"),
         "budget": InputSpec(type="money", aliases=["presupuesto", "honorarios", "fee"]),
         "amount": InputSpec(type="money", aliases=["valor", "value", "importe"])}
# another kind's: a shipment's budget beside its declared value, neither aliased "budget"
SHIPMENT = {"place": InputSpec(type="place"),
            "budget": InputSpec(type="money", aliases=["presupuesto"]),
            "declared_value": InputSpec(type="money", aliases=["asegurado por", "insured for"])}


@pytest.mark.parametrize("inputs, query, want", [
    (CLAIM, "solicitor in London to recover an unpaid invoice of £15,000, budget £3,000",
     {"budget": (3000, "GBP"), "amount": (15000, "GBP")}),
    (CLAIM, "abogado para reclamar 20.000 € a una constructora en Sevilla, presupuesto "
            "máximo 2.500 €", {"budget": (2500, "EUR"), "amount": (20000, "EUR")}),
    (CLAIM, "lawyer in Leeds for a £40,000 claim, my budget is under £4,000",
     {"budget": (4000, "GBP"), "amount": (40000, "GBP")}),
    (CLAIM, "herencia de 300.000 € en Bilbao, presupuesto de hasta 1.500 €",
     {"budget": (1500, "EUR"), "amount": (300000, "EUR")}),
    (SHIPMENT, "enviar un cuadro de 6.000 € de Madrid a Lisboa, presupuesto máximo 90 €",
     {"budget": (90, "EUR"), "declared_value": (6000, "EUR")}),
])
def test_a_label_the_amount_took_into_its_span_still_names_it(inputs, query, want):
    assert _money(query, inputs) == want


@pytest.mark.parametrize("inputs, query, name", [
    (CLAIM, "notaría en Santiago para una escritura de una propiedad de valor 120 millones "
            "de pesos", "amount"),
    (CLAIM, "conveyancing in Leeds for a house of value £250,000", "amount"),
    (SHIPMENT, "ship a painting from London to Paris insured for £2,000", "declared_value"),
    (FEES, "gimnasio en Madrid con matrícula de 20 €", "signup_fee"),
])
def test_an_amount_stated_is_no_budget_when_no_budget_is_asked(inputs, query, name):
    """The request gives only an amount no name calls a cap (a property's value, a
    declared value, a sign-up fee): prices are held to no budget (rank, the synthesis and
    the shortlist's column read ``asked_money`` / ``first_of_type``)."""
    from scout.schemas.task import asked_money

    task = build_task(query, inputs, today=TODAY)
    assert isinstance(task.values[name], Money)
    assert asked_money(task.types, task.values) is None
    assert task.first_of_type("money") is None


def test_a_cap_named_so_is_still_the_money_asked_alone():
    """A second money input named as a cap (a rate's ``max_...``) is still held to when the
    request gives only it, as before."""
    from scout.schemas.task import asked_money

    inputs = {"place": InputSpec(type="place"), "budget": InputSpec(type="money"),
              "max_price_per_wp": InputSpec(type="money", aliases=["per watt", "€/Wp"])}
    task = build_task("solar installer in Leeds under £1.40 per watt", inputs, today=TODAY)
    asked = asked_money(task.types, task.values)
    assert asked is not None and asked[0] == "max_price_per_wp"
