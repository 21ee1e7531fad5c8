"""A request's cap said per child, guest, learner or passenger is each one's, a budget per
person as "por persona" is (scout.task.moneyunits): "máximo 150 € por niño", "at most £150
per child", "60 € por alumno al mes", "máximo 40 € por trayecto y pasajero"; read with the
inputs of kinds written by others (examples/camps, examples/tutors, examples/trains). On a
listing a child's price stays a band beside the adult's, no one person's."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from scout.spec.loader import load_pipeline
from scout.task.amounts import listed_amounts
from scout.task.build import build_task

ROOT = Path(__file__).resolve().parents[2]
TODAY = dt.date(2026, 12, 7)


def _budget(kind: str, query: str):
    inputs = load_pipeline(ROOT / "examples" / kind / "pipelines" / f"{kind}.yaml").model.inputs  # type: ignore[union-attr]
    money = build_task(query, inputs, today=TODAY).values["budget"]
    return money.amount, money.per, money.each


@pytest.mark.parametrize("kind, query, expected", [
    ("camps", "campamento de verano en Madrid en julio, máximo 150 € por niño",
     (150, "person", None)),
    ("camps", "summer camp in Leeds in August, at most £150 per child", (150, "person", None)),
    ("camps", "campamento urbano en Valencia, como mucho 90 € por niña y semana",
     (90, "week", "person")),
    ("camps", "day camp in Bristol for 2 kids, under £120 per kid", (120, "person", None)),
    ("tutors", "profesor de matemáticas en Sevilla, máximo 60 € por alumno al mes",
     (60, "month", "person")),
    ("tutors", "maths tutor in London, no more than £35 per student", (35, "person", None)),
    ("tutors", "clases de inglés en Bilbao, hasta 20 € por estudiante", (20, "person", None)),
    ("tutors", "piano teacher in York, under £30 per pupil", (30, "person", None)),
    ("trains", "tren de Madrid a Sevilla el 12 de marzo, máximo 40 € por trayecto y pasajero",
     (40, "person", None)),
    ("trains", "train from London to York on 12 March, under £60 per journey and passenger",
     (60, "person", None)),
])
def test_a_cap_per_head_of_another_name_is_per_person(kind, query, expected) -> None:
    assert _budget(kind, query) == expected


@pytest.mark.parametrize("text", ["Summer camp: £35 per adult, £10 per child",
                                  "Entrada 12 € por adulto, 6 € por niño",
                                  "Kids' club £8 per kid"])
def test_a_listing_s_child_price_is_a_band(text: str) -> None:
    child = listed_amounts(text)[-1][0]
    assert child.per is None and child.each is None


@pytest.mark.parametrize("text", ["Boda: menú a 80 € por invitado", "Tuition £30 per pupil"])
def test_a_listing_s_guest_or_learner_price_is_one_person_s(text: str) -> None:
    (money, _), *_ = listed_amounts(text)
    assert money.per == "person"
