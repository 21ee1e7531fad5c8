"""Classes of phrasing the request parser misread when a kind declares a place it does not
require and the request names none (found writing examples/courses from the docs alone):
the chat reading ("ramen girona barato": the place after the subject) gave away a word no
input then took, read a relative clause's verb or a label as the place, and left an enum
word's label free. Read through small inputs of the shapes `scout init` writes, in both
languages, with guards for what must stay as it was. The clock is injected."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from scout.spec.models import InputSpec
from scout.task.parser import parse_query

TODAY = dt.date(2027, 3, 10)

TOPIC_PLACE = {"topic": InputSpec(type="subject"), "place": InputSpec(type="place")}
WITH_LANGUAGE = {
    **TOPIC_PLACE,
    "language": InputSpec(type="string", enum=["english", "spanish"],
                          synonyms={"english": ["in english", "en inglés"],
                                    "spanish": ["in spanish", "en español"]}),
}
WITH_LEVEL = {
    **TOPIC_PLACE,
    "level": InputSpec(type="string", aliases=["nivel"], enum=["beginner", "advanced"],
                       synonyms={"beginner": ["principiantes"], "advanced": ["avanzado"]}),
}
WITH_DATES = {**TOPIC_PLACE, "start": InputSpec(type="date"),
              "max_length": InputSpec(type="duration")}


def read(query: str, inputs: dict[str, InputSpec]) -> dict[str, Any]:
    return {k: v for k, v in parse_query(query, inputs, today=TODAY).values.items()
            if k in ("topic", "place", "level", "language")}


# ---------------- a word the chat reading leaves to the place stays the subject's when
# ---------------- the place reader does not take it
@pytest.mark.parametrize("query, topic", [
    ("deep learning courses in English", "deep learning"),
    ("machine learning workshops in Spanish", "machine learning"),
    ("cursos de aprendizaje en español", "aprendizaje"),
])
def test_a_word_no_place_takes_stays_in_the_subject(query: str, topic: str) -> None:
    got = read(query, WITH_LANGUAGE)
    assert got.get("topic") == topic and "place" not in got


@pytest.mark.parametrize("query, topic, place", [
    ("ramen girona barato", "ramen", "Girona"),      # the chat reading still finds the city
    ("tapas ronda 20€", "tapas", "Ronda"),
    ("restaurantes soria", None, "Soria"),
    ("jornadas de economía online, gratis", "economía", None),   # how one takes part
])
def test_the_chat_reading_still_leaves_a_place(query: str, topic: str | None,
                                                place: str | None) -> None:
    got = read(query, TOPIC_PLACE)
    assert (got.get("topic"), got.get("place")) == (topic, place)


def test_a_subject_before_what_is_searched_for_holds_no_place() -> None:
    # "data analysis courses": the words before the venue word qualify it
    got = read("data analysis courses taught online", TOPIC_PLACE)
    assert got.get("topic") == "data analysis" and got.get("place") != "Analysis"


# ---------------------------- a relative clause's verb is neither a place nor a subject
@pytest.mark.parametrize("query, topic", [
    ("cursos de cocina que empiecen en enero", "cocina"),
    ("talleres de cerámica que comiencen en mayo", "cerámica"),
    ("pottery courses that start in May", "pottery"),
    ("cursos que enseñen python en mayo", "python"),
])
def test_a_relative_clause_verb_is_no_place(query: str, topic: str) -> None:
    got = read(query, WITH_DATES)
    assert got.get("topic") == topic and "place" not in got


def test_a_verb_of_starting_is_no_subject() -> None:
    got = read("beginner pottery classes in Madrid starting next month", WITH_DATES)
    assert got.get("place") == "Madrid" and "starting" not in (got.get("topic") or "")


@pytest.mark.parametrize("query", ["SQL course, at most 30 hours", "curso de SQL, 30 horas como mucho",
                                   "pottery classes at least 10 hours long",
                                   "curso de SQL de 30 horas como máximo"])
def test_at_most_and_at_least_are_no_place(query: str) -> None:
    assert "place" not in read(query, WITH_DATES)


# ------------------ an enum word is read with the input's name or alias that labels it
@pytest.mark.parametrize("query, level", [
    ("cursos de fotografía, nivel avanzado", "advanced"),
    ("cursos de fotografía de nivel avanzado", "advanced"),
    ("advanced level photography courses", "advanced"),
    ("photography courses, level: beginner", "beginner"),
])
def test_an_enum_words_label_is_claimed_with_it(query: str, level: str) -> None:
    got = read(query, WITH_LEVEL)
    assert got.get("level") == level
    assert got.get("topic") == "fotografía" if "fotografía" in query else got.get("topic") == "photography"
    assert "place" not in got


def test_the_note_quotes_the_label_with_the_word() -> None:
    result = parse_query("cursos de fotografía, nivel avanzado", WITH_LEVEL, today=TODAY)
    assert result.spans["level"] == "nivel avanzado"
    # a city after the enum word is still the place
    assert read("cursos de fotografía nivel avanzado en Sevilla", WITH_LEVEL)["place"] == "Sevilla"


# ------------------------- whom or what a request is for, with no cue, is no place
@pytest.mark.parametrize("query, topic", [
    ("cursos de R para investigadores", "R"),
    ("talleres de cerámica para niños en español", "cerámica"),
    ("clases de yoga para personas mayores", "yoga"),
    ("yoga classes for pregnant women", "yoga"),
])
def test_whom_it_is_for_is_no_place(query: str, topic: str) -> None:
    got = read(query, WITH_LANGUAGE)
    assert got.get("topic") == topic and "place" not in got


@pytest.mark.parametrize("query, place", [
    ("cursos de python para sevilla en español", "Sevilla"),     # a place the gazetteer knows
    ("billetes para buenos aires baratos", "Buenos Aires"),
    ("talleres para niños en madrid", "Madrid"),                 # after a cue, as before
])
def test_a_known_place_after_para_is_still_the_place(query: str, place: str) -> None:
    assert read(query, WITH_LANGUAGE).get("place") == place


# ------------------ an adjective or a language after the subject is the subject's
@pytest.mark.parametrize("query, topic", [
    ("curso online de escritura científica en inglés", "escritura científica"),
    ("cursos de aprendizaje automático en español", "aprendizaje automático"),
    ("marketing digital en español", "marketing digital"),
    ("curso intensivo de alemán en español", "alemán"),
])
def test_an_adjective_or_a_language_is_no_unlisted_town(query: str, topic: str) -> None:
    got = read(query, WITH_LANGUAGE)
    assert got.get("topic") == topic and "place" not in got


@pytest.mark.parametrize("query, topic, place", [
    ("pulpo betanzos 20€", "pulpo", "Betanzos"),      # no adjective's ending: the town
    ("el mejor ramen de lyon", "ramen", "Lyon"),     # "de" still leads to a place
])
def test_a_town_after_the_subject_is_still_read(query: str, topic: str, place: str) -> None:
    got = read(query, TOPIC_PLACE)
    assert (got.get("topic"), got.get("place")) == (topic, place)


# ------------------------ "introduction to X", "guía a X": the topic, not where to go
@pytest.mark.parametrize("query, topic", [
    ("introduction to machine learning courses online", "introduction to machine learning"),
    ("an intro to statistics course", "intro to statistics"),
    ("a beginner guide to Rust", "beginner guide to Rust"),
])
def test_what_follows_an_introduction_is_the_topic(query: str, topic: str) -> None:
    got = read(query, TOPIC_PLACE)
    assert got.get("topic") == topic and "place" not in got


@pytest.mark.parametrize("query, place", [
    ("guide to Lisbon restaurants", "Lisbon"),       # a place the gazetteer knows
    ("intro to Python in Madrid", "Madrid"),
    ("flights to Lisbon", "Lisbon"),
])
def test_a_known_place_after_to_is_still_the_place(query: str, place: str) -> None:
    assert read(query, TOPIC_PLACE).get("place") == place


def test_a_kind_with_no_subject_reads_no_topic_as_its_place() -> None:
    assert "place" not in read("Intro to Rust courses", {"place": InputSpec(type="place")})
