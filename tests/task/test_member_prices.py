"""A members' price is no price beside the one anyone pays (scout/task/memberprice.py,
read by ``listed_amounts``): whoever asks is not a member unless they say so, so a club's,
a pool's or a museum's page stating both is priced at the non-members' or the public's;
a page stating only a members' price, or no one's, keeps what it states."""

from __future__ import annotations

import pytest

from scout.steps.listprice import find_price
from scout.task.amounts import listed_amounts


@pytest.mark.parametrize("text, amount, per", [
    # either order, with or without a colon, with a period or none
    ("Pistas cubiertas. Socios: 16 €/hora. No socios: 28 €/hora.", 28, "hour"),
    ("No socios: 28 €/hora; socios: 16 €/hora.", 28, "hour"),
    ("Members £8, non-members £14", 14, None),
    ("Member price £30, standard price £45", 45, None),
    ("Piscina municipal: abonados 4 €, público general 7 €", 7, None),
    ("Precio socio 16 €, precio no socio 24 €", 24, None),
    ("Miembros 10 €, sin ser socio 18 €", 18, None),
])
def test_the_price_anyone_pays_is_the_price(text: str, amount: float, per: str | None) -> None:
    found = find_price(text)
    assert found is not None and (found.amount, found.per) == (amount, per)


@pytest.mark.parametrize("text, amounts", [
    # only a members' price: the page states its price so
    ("Solo socios: 16 €/hora", [16]),
    # a members' price beside one no label gives to anyone: both stay, as before
    ("Pista 20 €/hora, socios 15 €/hora", [20, 15]),
    # "members' guests" is no label of the public's price in a page of one price
    ("Gym £35 a month", [35]),
])
def test_without_a_price_for_anyone_a_members_price_stays(text: str, amounts: list[float]) -> None:
    assert [m.amount for m, _ in listed_amounts(text)] == amounts
