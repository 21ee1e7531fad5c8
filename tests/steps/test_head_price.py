"""A price a page says is one head's in words its amount's unit does not carry ("Precio
por niño: 180 €/semana", "£180 per week per camper", a kind's own word for whom it counts:
"por adulto"): one child's, so against a budget per person it is compared as it is, never
divided by the children asked as a group's price is (it let a 180 € camp through "máximo
150 € por persona" as 90 €), and against the group's budget it is multiplied by them
(scout/steps/headprice.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.schemas.records import Candidates
from scout.schemas.task import Money
from scout.spec.models import InputSpec
from scout.steps import rank
from scout.steps.headprice import head_of
from scout.stepkit.params import RankParams
from scout.task.build import build_task
from tests.steps.kindrank import kept, left_out, listing, rank_kind
from tests.steps.test_extract_rank import _ctx


def _eur(amount: float, currency: str = "EUR") -> Money:
    return Money(amount=amount, currency=currency, comparator="=")


@pytest.mark.parametrize("text, amount, currency, head", [
    ("Precio por niño: 180 €/semana", 180, "EUR", "person"),
    ("Campamento urbano 180 € a la semana por alumno", 180, "EUR", "person"),
    ("Per child: £180 a week", 180, "GBP", "person"),
    ("£180 per week per camper, lunch included", 180, "GBP", "person"),
    ("Each child's session: £60 a week", 60, "GBP", "person"),
    ("Guardería canina: cada perro 25 € al día", 25, "EUR", "pet"),
    # a group's price, another clause's head, a count's tier: no head of its own
    ("Grupo: 180 €/semana", 180, "EUR", None),
    ("Precio por niño en la web. Grupo cerrado: 300 € al día", 300, "EUR", None),
    ("1 niño 90 €, 2 niños 160 €", 160, "EUR", None),
])
def test_a_head_said_in_the_amounts_clause(text, amount, currency, head):
    assert head_of(text, _eur(amount, currency)) == head


INPUTS = {"city": InputSpec(type="place"),
          "children": InputSpec(type="integer", aliases=["niños", "children", "kids"]),
          "budget": InputSpec(type="money")}
WHERE = ["task.budget is none or v.price is none or v.price.amount <= task.budget.amount"]


def _rank(query: str, **texts: str):
    task = build_task(query, INPUTS, today=dt.date(2026, 12, 6))
    params = RankParams(items="candidates", as_="v", where=WHERE, people="children",
                        order_by=["v.price.amount if v.price else none"], descending=False)
    items = Candidates(items=[listing(k, t) for k, t in texts.items()])
    return rank.run(_ctx(params, {"candidates": items}, task))


@pytest.mark.parametrize("query, child, group", [
    ("campamento en Madrid para 2 niños, máximo 150 € por persona",
     "Precio por niño: 180 €/semana", "Grupo reducido: 280 € la semana"),
    ("summer camp in Leeds for 2 kids, under £150 per person",
     "£180 a week per pupil", "Whole group: £280 per week"),
])
def test_one_childs_price_is_not_divided_by_the_children(query, child, group):
    short = _rank(query, child=child, group=group)
    # one child's 180 is over 150 a head; the group's 280 is 140 a head
    assert list(kept(short)) == ["group"]
    assert "child" in left_out(short)
    assert not any("divided" in f for f in left_out(short)["child"].flags)


@pytest.mark.parametrize("query, text", [
    ("campamento en Madrid para 2 niños, máximo 300 € en total", "Campamento de julio: 180 € por alumno"),
    ("summer camp in Leeds for 2 kids, under £300 in total", "Per child: £180"),
])
def test_one_childs_price_is_the_groups_times_the_children(query, text):
    short = _rank(query, camp=text)
    assert "camp" in left_out(short)  # 2 × 180 = 360, over 300


def test_on_kinds_whose_prices_are_the_groups():
    # boats: a boat's price is the group's (group_prices); one child's is not
    short = rank_kind("boats", "alquiler de barco en Ibiza para 2 adultos y 2 niños, máximo "
                      "100 € por persona", {"sol": "Velero Sol: precio por niño 120 € al día",
                                          "mar": "Llaüt Mar: 360 € al día"})
    assert list(kept(short)) == ["mar"]        # 360 / 4 = 90 a head
    assert left_out(short)["sol"].price_converted is None
    # skipasses: its people input's own word ("por adulto") says one skier's pass
    short = rank_kind("skipasses", "forfait en Baqueira para 2 adultos, maximum 60 € per "
                      "person", {"baqueira": "Forfait de temporada: 70 € al día por adulto"})
    assert "baqueira" in left_out(short)
    # tours: "per guest" is the kind's word for its people
    short = rank_kind("tours", "tour in Rome for 3 people, under €50 per person",
                      {"colosseum": "Colosseum tour: per guest, €60 a day"})
    assert "colosseum" in left_out(short)


@pytest.mark.parametrize("query, text, room", [
    ("sala de reuniones en Madrid para 20 asistentes, máximo 40 € por persona",
     "Hotel Prado: jornada de reunión 55 € al día por invitado, café incluido",
     "Sala Retiro: sala completa 700 € al día"),
    ("meeting room in Leeds for 20 delegates, under £40 per person",
     "Aire Rooms: day delegate rate £55 per day per delegate",
     "Kirkgate Hall: whole room £700 per day"),
])
def test_the_kinds_own_word_for_its_people_says_one_heads_price(query, text, room):
    # venues: its capacity input's aliases ("invitados", "delegates"), said singular, are
    # its people: a day delegate rate is one delegate's, never the room's shared by 20
    short = rank_kind("venues", query, {"day": text, "room": room})
    assert "day" in left_out(short)
    assert left_out(short)["day"].price_converted is None
    assert kept(short)["room"].price_converted.amount == 35     # 700 / 20 a head
