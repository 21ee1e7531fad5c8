"""A price for each audience on one page ("Niños 5 €, adultos 12 €", "kids £6, adults £14"):
the audience asked decides which is compared, and a child's ticket is never an add-on to
the adult's, whatever a kind's yes/no input is called (examples/events' ``family`` is
aliased "niños" and "kids": "niños 5 €" was added to 12 € as an extra). Whoever asks is an
adult unless the request is for a child ("para mi hijo de 8 años", "for my 6-year-old").
Both languages, two kinds someone else wrote (examples/events, examples/attractions)."""

from __future__ import annotations

import pytest

from scout.i18n.messages import localize
from scout.steps.extract import find_price
from scout.steps.rank_enrich import CHILD_FLAG
from scout.task.audienceprice import asks_child
from tests.steps.kindrank import kept, left_out, rank_kind

SHOWS = {
    "teatro": "Teatro infantil en Madrid, sábado 12 de diciembre. Entradas: niños 5 €, "
              "adultos 12 €.",
    "circo": "Circo en Madrid el sábado 12 de diciembre: adultos 15 €, niños 8 €.",
    "panto": "Leeds panto, Saturday 12 December: kids (3-12) £6, adults £14.",
}


@pytest.mark.parametrize(("text", "amount"), [
    ("Entradas: niños 5 €, adultos 12 €.", 12), ("adultos 15 €, niños 8 €", 15),
    ("Kids £6, adults £14", 14), ("Tarifa infantil 7 €; general 12 €", 12),
    ("Children (3-12) $9. Adults $18.", 18),
    # one audience alone states its price so; a child seat is no audience
    ("Campamento infantil 180 €/semana", 180), ("Kids' club £25 a day", 25),
])
def test_the_adults_price_is_the_price_beside_a_childs(text: str, amount: float) -> None:
    price = find_price(text)
    assert price is not None and price.amount == amount


@pytest.mark.parametrize("query", ["planes en familia con niños en Madrid este sábado, máximo 10 €",
                                   "family-friendly events in Leeds this Saturday under £10"])
def test_a_childs_ticket_is_no_extra_for_a_family(query: str) -> None:
    short = rank_kind("events", query, SHOWS)
    out = left_out(short)
    assert set(out) == {"teatro", "circo", "panto"}  # the adults' tickets are over 10
    for c in out.values():
        assert not any("extra" in f for f in c.flags), c.flags
    assert out["teatro"].price.amount == 12 and out["panto"].price.amount == 14


@pytest.mark.parametrize("query", [
    "entradas de teatro en Madrid este sábado para mi hijo de 8 años, máximo 10 €",
    "panto tickets in Leeds this Saturday for my 6-year-old, under £10"])
def test_a_request_for_a_child_compares_the_childrens_price(query: str) -> None:
    short = rank_kind("events", query, SHOWS)
    assert set(kept(short)) == {"teatro", "circo", "panto"}
    teatro = kept(short)["teatro"]
    assert teatro.price.amount == 5 and CHILD_FLAG in teatro.flags
    assert localize(CHILD_FLAG, "es") == "precio infantil, pues la petición es para un niño"


def test_an_attractions_child_price_is_no_price_for_adults() -> None:
    short = rank_kind("attractions", "museos en Valencia, máximo 10 € la entrada", {
        "ciencias": "Museo de las Ciencias, Valencia: entrada general 9 €, niños 7 €.",
        "oceanografic": "Oceanogràfic Valencia: niños 24 €, adultos 33 €."})
    assert kept(short)["ciencias"].price.amount == 9
    assert left_out(short)["oceanografic"].price.amount == 33


@pytest.mark.parametrize(("query", "child"), [
    ("para mi hija de 10 años", True), ("entrada infantil para el sábado", True),
    ("for my son, under £10", True), ("two kids' tickets", True),
    ("planes en familia con niños", False), ("family day out with the kids", False),
    ("museo para adultos", False)])
def test_what_says_a_request_is_for_a_child(query: str, child: bool) -> None:
    assert asks_child(query) is child
