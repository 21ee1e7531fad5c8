"""Two money words read for what they say, in requests and on pages, both languages.

``tasas`` are fees (an airport's, a council's, a tourist tax), no VAT: "máximo 200 € con
tasas" holds no tax basis rank would put a price on at a VAT rate, while "IVA y tasas
incluidos" holds the IVA's; their words are still the amount's ("+ tasas" is no floor).
A day named as a date ("900 € el día del evento", "£900 the day of the event", "50 € el
día 15") is no price per day; "90 € el día", "80 € el día de alquiler" are."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.steps.extract import find_price
from tests.kinds import parse_request
from tests.steps.kindrank import kind_file

TODAY = dt.date(2026, 12, 7)


@pytest.mark.parametrize(("kind", "query", "tax"), [
    ("flights", "vuelo de Madrid a Roma, máximo 150 € tasas incluidas", None),
    ("flights", "vuelo Bilbao Lisboa por menos de 180 euros con tasas", None),
    ("flights", "vuelo Madrid París hasta 120 € con tasas aeroportuarias", None),
    ("venues", "sala en Valencia para 80 personas, máximo 2.500 € + tasas", None),
    ("flights", "vuelo Madrid Roma máximo 150 € IVA y tasas incluidos", "included"),
    ("venues", "sala en Sevilla para 50 personas, máximo 2.000 € tasas e IVA incluidos",
     "included"),
    ("venues", "sala en Madrid para 40 personas, hasta 1.800 € + IVA", "excluded"),
    ("flights", "flight London to Rome under £150 including taxes", "included"),
])
def test_fees_are_no_tax_basis(kind: str, query: str, tax: str | None) -> None:
    budget = parse_request(kind_file(kind), query, TODAY).values["budget"]
    assert budget is not None and budget.comparator == "<="  # "+ tasas" is no floor
    assert budget.tax == tax


@pytest.mark.parametrize(("text", "tax"), [
    ("Vuelo Madrid-Roma 89 € + tasas", None), ("Billete 120 € tasas incluidas", None),
    ("Sala 1.200 € IVA incluido", "included"), ("Sala 1.200 € + IVA", "excluded")])
def test_a_pages_fees_are_no_tax_basis(text: str, tax: str | None) -> None:
    price = find_price(text)
    assert price is not None and price.tax == tax


@pytest.mark.parametrize(("text", "amount", "per"), [
    ("Alquiler de la sala: 900 € el día del evento", 900, None),
    ("Pago: 3.000 € el día de la boda", 3000, None),
    ("Resto: 600 € el día de la llegada", 600, None),
    ("Balance of £900 the day of the event", 900, None),
    ("Cuota de inscripción: 50 € el día 15", 50, None),
    ("Furgoneta 90 € el día", 90, "day"),
    ("Bicicleta: 80 € el día de alquiler", 80, "day"),
    ("60 € al día del congreso", 60, "day"),
    ("Van hire £70 a day", 70, "day"),
])
def test_a_day_named_as_a_date_is_no_period(text: str, amount: float, per: str | None) -> None:
    price = find_price(text)
    assert price is not None and (price.amount, price.per) == (amount, per)


@pytest.mark.parametrize("query", ["sala para un evento en Madrid, 900 € el día del evento",
                                   "venue in Leeds for a party, £900 the day of the event"])
def test_a_requests_event_day_is_no_budget_per_day(query: str) -> None:
    budget = parse_request(kind_file("venues"), query, TODAY).values["budget"]
    assert budget is not None and budget.amount == 900 and budget.per is None
