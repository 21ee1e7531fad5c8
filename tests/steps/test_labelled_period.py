"""A price list's period written as the amount's label at the start of its clause ("Semana:
3.500 €", "Weekly: €3,500", "Half day: €600", "Día completo: 290 €") is the price's period,
as "3.500 € a la semana" is: left with none, a charter's week was compared as the whole of
any dates asked and per person as if it were a day's. Found writing examples/boats;
checked for any kind (scout/steps/pricewords.py, labelled_period)."""

from __future__ import annotations

import pytest

from scout.steps.listprice import find_price


@pytest.mark.parametrize("text,per", [
    ("Velero Bavaria 46. Con patrón. Semana: 3.500 €. Combustible no incluido.", "week"),
    ("Lagoon 42 catamaran. Weekly: €9,800, skipper optional.", "week"),
    ("Temporada alta, semana: 4.000 €", "week"),
    ("Nautitech 46 day trips. Half day: €600. Full day: €1,000.", "half day"),
    ("Lancha sin licencia. Medio día: 180 €. Día completo: 290 €.", "half day"),
    ("Día completo: 290 €", "day"),
    ("Trastero 5 m². Mes: 80 €.", "month"),
    ("Quincena: 1.200 €", "fortnight"),
])
def test_a_period_label_before_the_amount_is_its_period(text: str, per: str) -> None:
    price = find_price(text)
    assert price is not None and price.per == per


@pytest.mark.parametrize("text", [
    "Limpieza final: 150 €",          # a label that is no period
    "Precio: 3.500 €",
    "Fianza semana 1: 500 €",         # the word inside a clause, a number after it
    "Cuota al mes de la piscina, pagada aparte; total: 30 €",
])
def test_other_labels_state_no_period(text: str) -> None:
    price = find_price(text)
    assert price is not None and price.per is None


# a period word inside the label of a pass, a ticket or a fee, not at its clause's start:
# read with none, a day pass's "52 €" sat beside another's "49 €/día" on the shortlist
@pytest.mark.parametrize("text,per", [
    ("Adult day pass CHF 72", "day"),
    ("Forfait de día adulto 52 €", "day"),
    ("Forfait día adulto desde 52 €", "day"),
    ("Weekly ticket for adults £90", "week"),
    ("Abono semanal adulto 30 €", "week"),
    ("Lift pass for one day: CHF 72", "day"),
    ("Pase diario (niño) 30 €", "day"),
    ("7-day pass £90", "week"),
    ("Forfait 7 días adulto 250 €", "week"),
    ("Half-day pass €45", "half day"),
    ("Abono mensual 40 €", "month"),
    ("Bike rental per day €15", "day"),
    ("Adult day pass CHF 72, child CHF 40", "day"),   # other heads' prices, no other period
])
def test_a_period_inside_a_pass_label_is_its_period(text: str, per: str) -> None:
    price = find_price(text)
    assert price is not None and price.per == per


@pytest.mark.parametrize("text", [
    "Day trip £30",                        # an outing's length, not what it is paid per
    "Half-day tour €45",
    "Hotel with daily breakfast 120 €",    # the word qualifies no pass, ticket or fee
    "Season pass 500 €",                   # no period the period table knows
    "Forfait 6 días adulto 250 €",
    "Day pass holders. Parking 10 €",      # another clause's label
    "Weekly pass, parking 10 €",
    "New Year ticket £50",                 # a named day or year
    "Entrada de año nuevo 50 €",
    "Entrada día del espectador 5 €",
    "Ticket valid on the day of purchase 20 €",
    # passes for several periods: the listing sells each, none is its one period
    "Forfait de día 52 €, abono semanal 250 €",
    "Day pass £15, monthly pass £140",
])
def test_a_period_word_not_labelling_the_amount_is_no_period(text: str) -> None:
    price = find_price(text)
    assert price is not None and price.per is None


# one rule for a period word beside a price (scout/steps/pricewords.py, pass_period): it is
# the price's when it belongs to a pass, a ticket, a fee, a rate or a rental for that
# period, before the amount or right after it; never when it names what is sold (an
# outing of a day is one occasion's price), nor a pass someone holds (its holders pay the
# amount for something else). "Excursión de un día 45 €" was read per day while "Day
# trip £30" was not; "Day pass holders pay 10 €" was per day; "CHF 72 day pass" was not.
@pytest.mark.parametrize("text, per", [
    ("CHF 72 day pass", "day"),
    ("52 € forfait de día adulto", "day"),
    ("€25 for an adult weekly ticket", "week"),
    ("10 € abono de un día", "day"),
    ("£140 monthly membership", "month"),
    ("El forfait de día cuesta 52 €", "day"),
    ("Alquiler de kayak de un día: 35 €", "day"),          # a rental for a day is a rate
    ("30 € por un día", "day"),                            # the length alone, after it
    ("Un día: 45 €", "day"),                               # the length as its label
    ("Campamento 7 días 350 €", "week"),                   # a stay of several days: kept
])
def test_a_period_that_belongs_to_the_price_is_its_period(text: str, per: str) -> None:
    price = find_price(text)
    assert price is not None and price.per == per


@pytest.mark.parametrize("text", [
    "Excursión de un día 45 €",                  # what is sold: an outing of a day
    "Excursión de un día a Montserrat: 45 €",
    "Visita de 1 día a Toledo 39 €",
    "Day trip to Toledo €45",
    "€45 for a one-day tour",
    "€80 full-day tour",
    "Ruta de medio día 30 €",
    "Day pass holders pay 10 €",                 # a pass someone holds
    "10 € day pass holders get a discount",
    "Titulares del abono anual: 5 €",
    "Entrada con abono mensual 5 €",
    "Holders of a weekly ticket: £4",
    "Socios con bono mensual pagan 3 €",
])
def test_a_period_word_naming_what_is_sold_or_held_is_no_period(text: str) -> None:
    price = find_price(text)
    assert price is not None and price.per is None
