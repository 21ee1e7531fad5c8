"""Classes of phrasing the request parser misread for an outside author's kind
(examples/camps, written from the docs), each probed with other kinds' inputs, in both
languages, with guards for what must stay as it was:

- a range of counts ("de 8 a 12 años", "ages 13-15", "entre 2 y 3 habitaciones") read its
  top alone and left its low end unread, and a kind's ``max_...`` input never got it;
- the person a request is for ("para mi hija de 6 años", "para chicos de 13 años", "for my
  daughter") was read as its subject;
- a date said twice, the wider and a part of it ("de verano ... en julio", "summer
  course in July"), read the wider one and left the narrower as the subject ("julio").
"""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.build import build_task

TODAY = dt.date(2026, 12, 6)
# a children's activity kind: the child's age, or an age range's two ends
AGES = {"topic": InputSpec(type="subject"), "city": InputSpec(type="place"),
        "age": InputSpec(type="integer", aliases=["años", "year-old", "ages", "aged"]),
        "max_age": InputSpec(type="integer", aliases=["años", "year-old", "ages", "aged"])}
# a flat's bedrooms: one count input, and a floor with its top
ROOMS = {"city": InputSpec(type="place"),
         "bedrooms": InputSpec(type="integer", aliases=["habitaciones", "bedrooms", "habs"])}
ROOM_RANGE = {"city": InputSpec(type="place"),
              "min_rooms": InputSpec(type="integer", aliases=["habitaciones", "bedrooms"]),
              "max_rooms": InputSpec(type="integer", aliases=["habitaciones", "bedrooms"])}


def _values(query: str, inputs: dict[str, InputSpec]) -> dict:
    # what the kind finds, as its `nouns:` declare it
    return build_task(query, inputs, today=TODAY,
                      nouns=["camp", "campamento", "club", "course", "curso"]).values


@pytest.mark.parametrize("query,age,top", [
    ("clases de natación en Madrid para niños de 8 a 12 años", 8, 12),
    ("talleres de teatro en Sevilla para niños entre 5 y 9 años", 5, 9),
    ("coding clubs in Leeds for ages 13-15", 13, 15),
    ("swimming lessons in Bristol for kids aged 8 to 12", 8, 12),
    ("clases de piano en Bilbao para mis hijos de 8 y 11 años", 8, 11),
    # a list of three ages or more: its youngest and its oldest, in any order
    ("clases de piano en Bilbao para mis 3 hijos de 4, 7 y 12 años", 4, 12),
    ("swimming lessons in Bristol for 3 kids aged 4, 7 and 12", 4, 12),
    ("talleres en Sevilla para niños de 9, 5, 7 y 6 años", 5, 9),
    # guards: one age is the age, and no top is made up
    ("clases de natación en Madrid para niños de 4,5 años", 4, None),  # a decimal, no list
    ("clases de natación en Madrid para mi hija de 6 años", 6, None),
    ("swimming lessons in Bristol for a 10-year-old", 10, None),
    # "12-8" does not go up: no range, the age next to its word
    ("clases de piano en Bilbao para 12-8 años", 8, None),
])
def test_a_range_of_counts_gives_both_ends(query: str, age: int, top: int | None) -> None:
    got = _values(query, AGES)
    assert (got.get("age"), got.get("max_age")) == (age, top), got
    assert got.get("topic") not in ("8", "aged 8", "hija", "hijos", "chicos")


@pytest.mark.parametrize("query,rooms", [
    ("piso en Madrid de 2 a 3 habitaciones", 2),
    ("flat in Leeds, 2-3 bedrooms", 2),
    ("piso en Madrid de 3 habitaciones", 3),             # guard: one count
])
def test_one_count_input_reads_a_range_s_low_end(query: str, rooms: int) -> None:
    got = _values(query, ROOMS)
    assert got["bedrooms"] == rooms
    assert got.get("city") in ("Madrid", "Leeds")


def test_a_floor_and_its_top_read_a_range_s_two_ends() -> None:
    got = _values("piso en Valencia entre 2 y 4 habitaciones", ROOM_RANGE)
    assert (got["min_rooms"], got["max_rooms"]) == (2, 4)
    task = build_task("flat in Leeds, 2-3 bedrooms", ROOM_RANGE, today=TODAY)
    assert (task.values["min_rooms"], task.values["max_rooms"]) == (2, 3)
    # the notes say what each end was read from, and nothing is left unread
    assert not any("could not read" in n for n in task.notes), task.notes


@pytest.mark.parametrize("query,topic", [
    ("campamento de robótica en Valencia para mi hija de 6 años", "robótica"),
    ("campamento en Valencia para mi hija de 6 años, de robótica", "robótica"),
    ("clases de inglés en Gijón para chicos de 13 años", "inglés"),
    ("chess club in Cork for my daughter", "chess"),
    ("coding camp for teens in Boston", "coding"),
])
def test_whom_it_is_for_is_no_subject(query: str, topic: str) -> None:
    got = _values(query, AGES)
    assert got.get("topic") == topic, got


DATED = {"topic": InputSpec(type="subject"), "city": InputSpec(type="place"),
         "dates": InputSpec(type="date")}


@pytest.mark.parametrize("query,topic,start,end", [
    ("curso de verano de cerámica en julio en Valencia", "cerámica", "2027-07-01", "2027-07-31"),
    ("campamento de verano de fútbol en Madrid en julio", "fútbol", "2027-07-01", "2027-07-31"),
    ("summer pottery course in London in August", "pottery", "2027-08-01", "2027-08-31"),
    # guards: one date; two dates that make a range; a day that ends the range said again
    ("curso de cerámica en Valencia en julio", "cerámica", "2027-07-01", "2027-07-31"),
    ("curso de cerámica en Valencia del 3 al 7 de julio", "cerámica", "2027-07-03", "2027-07-07"),
])
def test_a_part_of_a_wider_date_is_the_date_and_no_subject(query: str, topic: str, start: str,
                                                           end: str) -> None:
    task = build_task(query, DATED, today=TODAY, nouns=["campamento"])
    dates = task.model_dump(mode="json")["values"]["dates"]
    assert (task.values.get("topic"), dates) == (topic, {"start": start, "end": end})


# a kind whose type of camp is read from the noun itself ("day camps": the type "day")
CAMP_TYPES = {"city": InputSpec(type="place"), "dates": InputSpec(type="date"),
              "camp_type": InputSpec(type="string", enum=["day", "overnight"], synonyms={
                  "day": ["day camps", "campamentos urbanos"],
                  "overnight": ["sleepaway camps", "campamentos con pernocta"]}),
              "budget": InputSpec(type="money")}


@pytest.mark.parametrize("query,unread", [
    # how many of what was read (the camps, as their type): no input holds it, and it is no
    # number left unread
    ("5 day camps in Madrid in July", None),
    ("busco 3 campamentos urbanos en Madrid para julio", None),
    ("compare 4 sleepaway camps in Segovia, under 600 euros a week", None),
    # guards: a number alone, or before words nobody read, is still said
    ("day camps in Madrid, 5", "5"),
    ("campamentos urbanos en Madrid, 7 plazas", "7 plazas"),
])
def test_a_count_of_what_was_read_is_no_number_left_unread(query: str, unread) -> None:
    task = build_task(query, CAMP_TYPES, today=TODAY, nouns=["camp", "campamento"])
    assert task.values["camp_type"] in ("day", "overnight")
    said = [n for n in task.notes if "could not read" in n or "no se ha podido" in n]
    assert said == ([] if unread is None else [
        ("no se ha podido interpretar: «{}»" if task.lang == "es" else
         "could not read: '{}'").format(unread)]), said
