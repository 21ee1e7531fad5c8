"""A player or a participant is a head a price or a budget is per, as a person is
(scout/task/moneyunits.py): a court's "6 € por jugador y hora", a request's "max 10 euros
per player", an activity's "€40 per participant"."""

from __future__ import annotations

import pytest

from scout.steps.listprice import find_price


@pytest.mark.parametrize("text, per, each", [
    ("Pista de pádel cubierta, 6 € por jugador y hora.", "hour", "person"),
    ("Court hire £5 per player per hour", "hour", "person"),
    ("10 € por jugador", "person", None),
    ("máximo 8 € por jugadora", "person", None),
    ("€40 per participant", "person", None),
    ("25 € por participante", "person", None),
])
def test_a_price_per_player_is_per_person(text: str, per: str, each: str | None) -> None:
    found = find_price(text)
    assert found is not None and (found.per, found.each) == (per, each)
