"""A members' price is no price beside the one anyone pays (scout/task/memberprice.py,
read by ``listed_amounts``): whoever asks is not a member unless they say so, so a club's,
a pool's or a museum's page stating both is priced at the non-members' or the public's;
a page stating only a members' price, or no one's, keeps what it states."""

from __future__ import annotations

import pytest

from scout.i18n.messages import localize
from scout.schemas.records import Candidate, Evidence
from scout.steps.listprice import find_price
from scout.steps.rank_enrich import MEMBER_FLAG, enrich
from scout.task.amounts import find_amounts, listed_amounts
from scout.task.memberprice import members_amount, says_member


@pytest.mark.parametrize("text, amount, per", [
    # either order, with or without a colon, with a period or none
    ("Pistas cubiertas. Socios: 16 €/hora. No socios: 28 €/hora.", 28, "hour"),
    ("No socios: 28 €/hora; socios: 16 €/hora.", 28, "hour"),
    ("Members £8, non-members £14", 14, None),
    ("Member price £30, standard price £45", 45, None),
    ("Piscina municipal: abonados 4 €, público general 7 €", 7, None),
    ("Precio socio 16 €, precio no socio 24 €", 24, None),
    ("Miembros 10 €, sin ser socio 18 €", 18, None),
    # the same reading in either language: joined "nonmembers", the amount in brackets,
    # everyone else named as the rest
    ("Members $9, nonmembers $16", 16, None),
    ("Members (£8), non-members (£14)", 14, None),
    ("Socias (12 €), no socias (20 €)", 20, None),
    ("Member price: £6; everyone else: £11", 11, None),
    ("Socios 9 €, resto 15 €", 15, None),
    ("Abonados 3 €, los demás 5 €", 5, None),
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


@pytest.mark.parametrize("query, member", [
    ("pista de pádel en Madrid mañana, soy socio", True),
    ("somos socias del club, pista para el jueves", True),
    ("piscina en Valencia, soy abonado", True),
    ("padel court in Leeds, I'm a member", True),
    ("tennis court, I’m a club member", True),
    ("we are members, court for Friday", True),
    ("no soy socio, pista para mañana", False),
    ("pista sin ser socio", False),
    ("I'm not a member", False),
    ("members only clubs are fine", False),
    ("pista para socios en Madrid", False),
])
def test_a_request_saying_it_is_a_members(query: str, member: bool) -> None:
    assert says_member(query) is member


@pytest.mark.parametrize("text, anyone, theirs, per", [
    ("Pistas cubiertas. Socios: 16 €/hora. No socios: 28 €/hora.", 28, 16, "hour"),
    ("Members £8, non-members £14", 14, 8, None),
    ("Piscina municipal: abonados 4 €, público general 7 €", 7, 4, None),
])
def test_a_members_request_takes_the_members_price(text, anyone, theirs, per) -> None:
    price = find_price(text)
    assert price is not None and price.amount == anyone
    ev = Evidence(id="e", kind="price", subject="c", url="https://club.example/", text=text,
                  price=price)
    c = Candidate(key="c", name="Club", url="https://club.example/", price=price, evidence=[ev])
    for member, amount in ((False, anyone), (True, theirs)):
        ranked, _ = enrich([c], [], None, None, checks=frozenset({"price"}), member=member)
        got = ranked[0]
        assert got.price is not None and (got.price.amount, got.price.per) == (amount, per)
        assert (MEMBER_FLAG in got.flags) is member
    assert localize(MEMBER_FLAG, "es") == ("precio de socio, porque la petición dice que es "
                                           "de un socio")


def test_a_members_request_keeps_a_page_stating_one_price() -> None:
    text = "Pista 20 €/hora, socios 15 €/hora"  # no price labelled as anyone's: as before
    price = find_price(text)
    assert price is not None
    assert members_amount(text, find_amounts(text), price) is None


@pytest.mark.parametrize("query", [
    "pista de pádel en Valencia, como miembro del grupo de investigación del IATA",
    "somos miembros de un equipo de la universidad, pista para 4 el jueves",
    "padel court in Leeds, I'm a member of the lab team here",
    "as a member of the department, find a tennis court",
])
def test_a_member_of_a_body_that_sells_nothing_is_no_member(query: str) -> None:
    """How the lab introduces itself is no membership of the club."""
    assert not says_member(query)


@pytest.mark.parametrize("text, amount", [
    ("Members £8, non-members £14", 14),
    ("Socios 8 €, no socios 14 €", 14),
    ("Members $9, nonmembers $16", 16),
    ("Miembros (10 €), no miembros (18 €)", 18),
    ("Club members £5, everybody else £9", 9),
])
def test_listed_amounts_agree_with_the_price(text: str, amount: float) -> None:
    # listed_amounts keeps only the amount anyone pays, the one find_price picks
    assert [m.amount for m, _ in listed_amounts(text)] == [amount]
    found = find_price(text)
    assert found is not None and found.amount == amount
