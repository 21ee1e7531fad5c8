"""What is paid beside a price is no price while a page states one (scout/task/amounts.py
``listed_amounts``): a tariff's exit fee over its rates per kWh, a gym's joining fee, a
flat's deposit; a page stating only a fee (a course's) states its price so, and a fee
said to be in the price, or extra to it, leaves the price the price."""

from __future__ import annotations

import pytest

from scout.schemas.task import Money
from scout.steps.listprice import find_price
from scout.task.amounts import listed_amounts


@pytest.mark.parametrize("text, price", [
    ("EDF Fixed Saver: fixed price electricity, unit rate 23.9p/kWh, standing charge "
     "60p/day, exit fee of £75 per fuel.", Money(amount=0.239, currency="GBP", per="kWh")),
    ("Gym Central: £20 joining fee, £35 a month", Money(amount=35, currency="GBP", per="month")),
    ("Fianza: 2.000 €. Alquiler 1.000 €/mes", Money(amount=1000, currency="EUR", per="month")),
    ("Piso en Lavapiés, 2.000 € de fianza, 950 €/mes", Money(amount=950, currency="EUR", per="month")),
    ("Penalización por baja 60 €; precio de la energía 0,129 €/kWh",
     Money(amount=0.129, currency="EUR", per="kWh")),
    # an enrolment fee ("matrícula") before a nursery's or a gym's fee a month, either
    # side of it, with or without its colon
    ("Escuela Infantil Pompitas. Matrícula 150 €. Cuota 380 € al mes.",
     Money(amount=380, currency="EUR", per="month")),
    ("Gimnasio Sur: matrícula: 30 €, 39 €/mes", Money(amount=39, currency="EUR", per="month")),
    ("Academia de idiomas, 90 € al mes y 50 € de matrícula",
     Money(amount=90, currency="EUR", per="month")),
    # what starting costs, paid once (an accountant's onboarding was read as the fee a
    # month, its "then £60 a month" period shared with it)
    ("Salford Startup Accounts: onboarding £99, then £60 a month for limited companies.",
     Money(amount=60, currency="GBP", per="month")),
    ("Bookkeeping Pro: set-up £150, then £45/month.", Money(amount=45, currency="GBP", per="month")),
    ("Plan Pro 29 €/mes, setup 99 €.", Money(amount=29, currency="EUR", per="month")),
    ("CRM Cloud: Setup 200 €, 35 € al mes por usuario",
     Money(amount=35, currency="EUR", per="month")),
])
def test_a_fee_beside_a_price_is_not_the_price(text: str, price: Money) -> None:
    found = find_price(text)
    assert found is not None
    assert (found.amount, found.currency, found.per) == (price.amount, price.currency, price.per)


@pytest.mark.parametrize("text, amount", [
    ("Course fee: 450 EUR", 450),  # only a fee: the course's price
    ("Máster en Salud Pública. Matrícula: 3.200 €.", 3200),  # only a matrícula: its price
    ("Monthly fee £30, exit fee £75", 30),  # two fees: the first, as before
    ("Tickets $99 plus fees, parking $20", 99),  # the fee is extra to the price
    ("Room 120 € gastos incluidos, 300 € de fianza", 120),  # in the price
    ("Onboarding session: £99", 99),  # only a start: its price
])
def test_a_fee_that_is_the_price_or_in_it_stays(text: str, amount: float) -> None:
    found = find_price(text)
    assert found is not None and found.amount == amount


def test_the_fee_stays_among_the_amounts_when_nothing_else_is_a_price() -> None:
    # "0,50 € de descuento" is no price: the fee is what the page states
    assert [m.amount for m, _ in listed_amounts("0,50 € de descuento, matrícula 300 €")] == [300]


def test_a_deposit_alone_is_no_price() -> None:
    # paid ahead of the price or held against it: the page's price is not known (it was
    # the deposit's 300 €, compared as the flat's)
    assert listed_amounts("0,50 € de descuento, fianza 300 €") == []


@pytest.mark.parametrize("text, price", [
    # a rate per unit of data (a cloud machine's egress, its disk) is no price while the
    # page states one: it read "Egress $90 per TB" as the price of an H100 at $2.49/hr
    ("Egress $90 per TB; H100 from $2.49/hr", Money(amount=2.49, currency="USD", per="hour")),
    ("Salida de datos: 0,02 €/GB. A100: 1,10 €/h", Money(amount=1.1, currency="EUR", per="hour")),
    ("Persistent disk $0.10 per GB-month, RTX 4090 $0.44/hr",
     Money(amount=0.44, currency="USD", per="hour")),
])
def test_a_rate_per_unit_of_data_beside_a_price_is_not_the_price(text: str,
                                                                  price: Money) -> None:
    found = find_price(text)
    assert found is not None
    assert (found.amount, found.currency, found.per) == (price.amount, price.currency, price.per)


def test_a_page_stating_only_a_rate_per_unit_of_data_states_it_as_its_price() -> None:
    found = find_price("Object storage: $20 per TB a month")
    assert found is not None and found.amount == 20


@pytest.mark.parametrize("text, amount", [
    # a meal's, a dinner's, parking's or a supplement's amount, said first, is no price
    # where the page labels another as the price, its cuota or its fee
    ("Escuela Infantil Sol. Comedor 90 € al mes. Cuota 380 €.", 380),
    ("Registration fee: €450, gala dinner €60.", 450),
    ("Gala dinner €60; registration fee €450", 450),
    ("Desayuno 15 €. Precio: 120 € por noche", 120),
    ("Parking: £12 a day. Ticket £30", 30),
    ("Cuota mensual 45 €; suplemento de piscina 10 €", 45),
    ("Guardería Luna: 90 € de comedor, cuota 400 €", 400),
])
def test_an_extra_beside_an_amount_labelled_as_the_price_is_not_the_price(
        text: str, amount: float) -> None:
    found = find_price(text)
    assert found is not None and found.amount == amount, found


@pytest.mark.parametrize("text, amount, per", [
    # an extra said first beside a dearer amount no word names: that one is the price
    ("Breakfast £12, room £95", 95, None),
    ("Desayuno 12 €, habitación doble 95 €", 95, None),
    ("Breakfast £12 per person, room £95 per night", 95, "night"),
    ("Parking £15 per night, double room £120 per night", 120, "night"),
    ("Almuerzo 8 €; campamento de verano 180 € a la semana", 180, "week"),
])
def test_an_extra_beside_a_dearer_unlabelled_amount_is_not_the_price(
        text: str, amount: float, per: str | None) -> None:
    found = find_price(text)
    assert found is not None and (found.amount, found.per) == (amount, per), found


@pytest.mark.parametrize("text, amount", [
    ("Cena degustación 60 €, vino 20 €", 60),  # a restaurant's dinner is its price
    ("Parking Plaza Mayor: 2,50 € la hora", 2.5),  # a car park's
    # a dearer amount for another period is no main amount beside it
    ("Parking 2,50 € la hora, abono 60 € al mes", 2.5),
])
def test_an_extra_with_no_amount_labelled_as_the_price_stays(text: str, amount: float) -> None:
    found = find_price(text)
    assert found is not None and found.amount == amount, found


@pytest.mark.parametrize("text, amount, currency", [
    # a fee said to be the whole price of a service (a solicitor's, an agency's) is the
    # price, never a fee beside the size of what it covers
    ("Strand Litigation: fixed fee £1,950 + VAT for a debt claim up to £25,000, court fees "
     "extra.", 1950, "GBP"),
    ("Camden Conveyancing: £950 + VAT fixed fee for properties up to £500,000", 950, "GBP"),
    ("Kirkgate Estates: flat fee £3,600 to sell houses worth up to £400,000", 3600, "GBP"),
    ("Leeds Probate: £1,200 fixed fee, estates up to £250,000", 1200, "GBP"),
    ("Boston Immigration: flat fee of $2,500 for an H-1B petition, filing fees up to $4,000 "
     "extra", 2500, "USD"),
])
def test_a_fee_said_to_be_the_whole_price_is_the_price(text, amount, currency):
    price = find_price(text)
    assert price is not None and (price.amount, price.currency) == (amount, currency)


@pytest.mark.parametrize("text", [
    # a fee beside the price stays none, however it is said
    "Gym Central: £20 joining fee, £35 a month",
    "Oficina: tarifa 45 € al mes, 20 € de fianza",
])
def test_a_fee_beside_a_price_is_still_none(text):
    assert len(listed_amounts(text)) == 1
