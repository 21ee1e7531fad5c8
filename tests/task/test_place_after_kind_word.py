"""A town typed with its capital and no "in" / "en" before it, right after what the kind
finds or a count's name (scout.task.placeinput, scout.task.subjectplace): "driving lessons
Manchester 10 lessons", "taller Alcobendas frenos". A make and its model typed with
capitals stay what is asked ("MOT Ford Focus"), and so does the request's first word."""

from __future__ import annotations

import datetime as dt

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2026, 12, 7)
# a kind of counted lessons: its count's name ("lessons", "clases") before the town
LESSONS = {"place": InputSpec(type="place"),
           "lessons": InputSpec(type="integer", aliases=["clases", "prácticas", "lessons"]),
           "hours": InputSpec(type="integer"), "budget": InputSpec(type="money"),
           "intensive": InputSpec(type="boolean", aliases=["intensivo", "intensive"])}
LESSON_NOUNS = ["autoescuela", "autoescuelas", "driving school", "driving schools",
                "driving lessons"]
# a kind of jobs on a thing: what is asked is a subject, the town between
JOBS = {"place": InputSpec(type="place"), "job": InputSpec(type="subject"),
        "year": InputSpec(type="year"), "budget": InputSpec(type="money")}
JOB_NOUNS = ["taller", "talleres", "garage", "garages", "mechanic", "mechanics",
             "fontanero", "plumber", "peluquería", "hairdresser"]


def values(query: str, inputs: dict[str, InputSpec], nouns: list[str]) -> dict[str, str]:
    got = parse_query(query, inputs, today=TODAY, nouns=nouns).values
    return {k: str(v) for k, v in got.items()}


@pytest.mark.parametrize("query, place, count", [
    ("driving lessons Manchester 10 lessons under £400", "Manchester", "10"),
    ("clases Getafe 20 prácticas", "Getafe", "20"),
    ("lessons Norwich, 12 lessons, under £500", "Norwich", "12"),
    ("prácticas Alcorcón, 15 prácticas por menos de 700 €", "Alcorcón", "15"),
])
def test_a_count_s_name_before_a_town_is_no_label_of_it(query: str, place: str,
                                                        count: str) -> None:
    got = values(query, LESSONS, LESSON_NOUNS)
    assert (got.get("place"), got.get("lessons") or got.get("hours")) == (place, count), got


@pytest.mark.parametrize("query, place, job", [
    ("taller Alcobendas frenos", "Alcobendas", "frenos"),
    ("garage Swindon clutch replacement", "Swindon", "clutch replacement"),
    ("taller Leganés cambio de aceite", "Leganés", "cambio de aceite"),
    ("mechanic Wigan MOT and service", "Wigan", "MOT and service"),
    ("fontanero Torrejón cambio de grifo", "Torrejón", "cambio de grifo"),
    ("hairdresser Didsbury balayage", "Didsbury", "balayage"),
])
def test_a_town_right_after_what_the_kind_finds(query: str, place: str, job: str) -> None:
    got = values(query, JOBS, JOB_NOUNS)
    assert (got.get("place"), got.get("job")) == (place, job), got


@pytest.mark.parametrize("query", [
    "MOT Ford Focus",
    "mechanic Ford Focus clutch",
    "garage Vauxhall Corsa brake pads",
    "taller Citroën Berlingo embrague",
])
def test_a_make_and_its_model_are_no_town(query: str) -> None:
    assert "place" not in values(query, JOBS, JOB_NOUNS)


def test_the_request_s_first_word_keeps_its_sentence_capital() -> None:
    # no kind's word before it: its capital is the sentence's, nothing new is read
    assert values("Frenos delanteros y discos", JOBS, JOB_NOUNS).get("place") is None
