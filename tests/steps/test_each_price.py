"""A page's "each" in a kind that counts no people (scout/steps/eachprice.py): "£65 each"
is one unit's price (a socket's, a radiator's, a laptop's) where rank declares no
``people``, ``heads`` or ``group_prices``; a kind that counts people (tickets, tours) keeps
it per person, and so does a budget asked per person."""

from __future__ import annotations

import pytest

from scout.schemas.records import Candidate, Evidence
from scout.steps.eachprice import as_unit, said_each
from scout.steps.listprice import find_price
from scout.steps.rank_enrich import enrich


def _listing(text: str, currency: str) -> Candidate:
    price = find_price(text, currency)
    assert price is not None
    ev = Evidence(id="e1", kind="price", url="https://trade.example/prices", title="Prices",
                  text=text, subject="c", price=price)
    return Candidate(key="c", name="Trade", url="https://trade.example/prices",
                     price=price, evidence=[ev])


@pytest.mark.parametrize("text, currency", [
    ("Socket fitting: £65 each, NICEIC registered", "GBP"),
    ("Cambio de grifo 45 € cada uno, con garantía", "EUR"),
    ("Radiators fitted from £120 each.", "GBP"),
    ("Puntos de luz desde 25 € cada uno", "EUR"),
    ("Fitted wardrobes from £450 each", "GBP"),
])
def test_each_is_one_units_price_where_no_people_are_counted(text, currency) -> None:
    cands, _ = enrich([_listing(text, currency)], [], currency, None, counts_people=False)
    assert cands[0].price is not None and cands[0].price.per is None
    # the same page where rank counts people: a person's price
    cands, _ = enrich([_listing(text, currency)], [], currency, None, counts_people=True)
    assert cands[0].price is not None and cands[0].price.per == "person"


@pytest.mark.parametrize("text, currency", [
    ("Harbour tour tickets £12 each", "GBP"),
    ("Entradas 18 € cada una", "EUR"),
])
def test_a_ticket_said_each_is_a_persons_until_the_kind_counts_none(text, currency) -> None:
    price = find_price(text, currency)
    assert price is not None and price.per == "person"
    assert as_unit(price, text, True, None).per == "person"


@pytest.mark.parametrize("text", [
    "Boiler service £80 per person",        # a person named is a person's price
    "Menú 25 € por persona",
])
def test_only_each_is_read_so(text) -> None:
    price = find_price(text, "GBP")
    assert price is not None and price.per == "person"
    assert not said_each(price, text)
    assert as_unit(price, text, False, None).per == "person"


def test_a_budget_per_person_keeps_each_per_person() -> None:
    text = "Set menu £35 each"
    price = find_price(text, "GBP")
    assert price is not None and as_unit(price, text, False, "person").per == "person"
