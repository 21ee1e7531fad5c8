"""What a page states beside a rate that is no price of it (scout/task/amounts.py
``listed_amounts``), found writing the EV charging kind (examples/evcharging): a card's
pre-authorisation ("retención de 50 €", "a £30 pre-authorisation hold") is held and given
back, as a deposit is, in any kind (a hotel's, a car hire's); a fee per charging session
or connection ("1 € por recarga", "£1 connection fee") is charged once beside the rate; and
a membership's fee a month beside a rate per kWh ("suscripción 9,99 €/mes", "for
subscribers (£7.85 a month)") is what a member pays beside the energy, not its price. An
amount of 1 or more once beat every rate under 1 on such pages, so a charger was priced
at its hold, its session fee or its plan."""

from __future__ import annotations

import pytest

from scout.steps.listprice import find_price
from scout.task.amounts import listed_amounts


@pytest.mark.parametrize("text, amount, currency, per", [
    ("Zunder Puerto Venecia: 0,55 €/kWh. Retención de 50 € al iniciar la carga.",
     0.55, "EUR", "kWh"),
    ("Osprey: 74p/kWh, contactless. A £30 pre-authorisation hold is taken on your card.",
     0.74, "GBP", "kWh"),
    ("Se hace una preautorización de 60 € en la tarjeta; la recarga cuesta 0,45 €/kWh",
     0.45, "EUR", "kWh"),
    ("Endesa X Way Delicias: 0,44 €/kWh + 1 € por recarga.", 0.44, "EUR", "kWh"),
    ("Ionity: 0,59 €/kWh, 2 € por sesión de carga", 0.59, "EUR", "kWh"),
    ("GeniePoint: £0.60/min, plus a £1 connection fee.", 0.6, "GBP", "minute"),
    ("Iberdrola: 0,49 €/kWh; con el plan (suscripción 9,99 €/mes) 0,35 €/kWh.",
     0.49, "EUR", "kWh"),
    # the subscribers' rate is a members' price beside the one anyone pays
    ("BP Pulse: 69p/kWh for subscribers (£7.85 a month), 87p/kWh pay as you go.",
     0.87, "GBP", "kWh"),
    ("£0.52/kWh, or a membership £4.99 a month brings it to 0.38 GBP/kWh", 0.52, "GBP",
     "kWh"),
])
def test_a_hold_a_session_fee_or_a_plan_is_no_price_beside_a_rate(text, amount, currency,
                                                                    per) -> None:
    found = listed_amounts(text)
    assert found, text
    m = found[0][0]
    assert (m.amount, m.currency, m.per) == (amount, currency, per)


@pytest.mark.parametrize("text, amount, per", [
    # a hold beside a hotel's or a car hire's price, as a deposit is
    ("Hotel Goya: 90 € la noche. Retención de 100 € en la tarjeta a la llegada.", 90, "night"),
    ("Compact car £32 per day, a £250 hold is placed on your credit card", 32, "day"),
    # a membership is a gym's price, a phone plan's month its price beside a call's rate
    ("Gym Central: membership £35 a month, joining fee £20", 35, "month"),
    ("Tarifa 10 €/mes, llamadas a 0,01 €/min", 10, "month"),
    ("Suscripción 10 €/mes, llamadas a 0,01 €/min", 10, "month"),
    ("Software Pro: subscription $12/month, $0.02 per extra page", 12, "month"),
    # a membership beside one rate: the rate may be an extra of what it buys
    ("Charging 12p/kWh, membership £8 a month", 8, "month"),
])
def test_other_kinds_keep_their_price(text, amount, per) -> None:
    found = find_price(text)
    assert found is not None
    assert (found.amount, found.per) == (amount, per)


def test_a_page_stating_only_a_hold_states_no_price() -> None:
    """A hold is never the price, even alone (as a deposit alone is none)."""
    assert find_price("Se retiene una retención de 50 € al iniciar la carga.") is None


@pytest.mark.parametrize("text, amount, per", [
    # a members' label said after the amount, as rate cards write it, beside the one
    # anyone pays ("pay as you go", "sin suscripción", "for non-members")
    ("Ionity: 0,35 €/kWh para socios, 0,59 €/kWh sin suscripción", 0.59, "kWh"),
    ("Tarifa: 0,49 €/kWh sin suscripción; 0,35 €/kWh con suscripción", 0.49, "kWh"),
    ("Museum: £8 for members, £14 for non-members.", 14, None),
    ("Club de pádel: 12 € la hora socios, 20 € la hora no socios", 20, "hour"),
    ("Climbing wall £9 (members), £15 (guests)", 15, None),
])
def test_a_members_label_after_the_amount(text, amount, per) -> None:
    found = find_price(text)
    assert found is not None
    assert (found.amount, found.per) == (amount, per)


@pytest.mark.parametrize("text, amounts", [
    # the words before the next amount are its label, never the one's before it
    ("Members £8, non-members £14", [14]),
    ("Piscina: abonados 4 €, público general 7 €", [7]),
    # a members' price alone, or beside one no label gives to anyone, stays
    ("Pod Point: 28p/kWh, free for members", [0.28]),
    ("£0.79/kWh, or £0.59/kWh with a subscription.", [0.79, 0.59]),
])
def test_a_label_is_the_amount_its_clause_says(text, amounts) -> None:
    assert [m.amount for m, _ in listed_amounts(text)] == amounts
